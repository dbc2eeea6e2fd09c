"""A submission's cell with each ``check(n, answer)`` call site wrapped by the recorder.

The cell is first turned into plain Python the way IPython runs it (``%magics`` become calls),
then every call ``check(<whole number>, <answer>, ...)`` — anywhere: in a loop, a function,
an expression — becomes ``__kk_record__.call(n, <answer>, lambda: check, ...)``: the answer is
recorded first, then whatever ``check`` is by then is called as the student wrote it (a
deleted ``check`` still raises ``NameError``, after the answer is recorded). A cell that is not
valid Python is left as it is (it fails in the kernel as it did for the student).

>>> cell = rewrite_cell("answer_1 = 3 * 4\\ncheck(1, answer_1)")
>>> print(cell.source)
answer_1 = 3 * 4
__kk_record__.call(1, answer_1, lambda: check)
>>> cell.exercises
(1,)
>>> rewrite_cell("for n in (2, 3):\\n    check(n, 0)\\ncheck(4, f(x))").exercises
(4,)
>>> rewrite_cell("def broken(:").source
'def broken(:'
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from IPython.core.inputtransformer2 import TransformerManager

__all__ = ["RECORD", "Rewritten", "as_python", "rewrite_cell"]

RECORD = "__kk_record__"
"""The recorder's name in the kernel (a builtin: a student's variables do not hide it)."""


@dataclass(frozen=True)
class Rewritten:
    """A cell's code as the grader runs it, and the exercises it checks (in order, once)."""

    source: str
    exercises: tuple[int, ...]


class _Wrap(ast.NodeTransformer):
    def __init__(self) -> None:
        self.found: list[int] = []

    def visit_Call(self, node: ast.Call) -> ast.AST:  # noqa: N802 — ast's visitor naming
        self.generic_visit(node)
        if (isinstance(node.func, ast.Name) and node.func.id == "check" and len(node.args) >= 2
                and isinstance(node.args[0], ast.Constant)
                and type(node.args[0].value) is int):
            number = node.args[0].value
            if number not in self.found:
                self.found.append(number)
            lazy = ast.Lambda(ast.arguments([], [], None, [], [], None, []), node.func)
            return ast.Call(ast.Attribute(ast.Name(RECORD, ast.Load()), "call", ast.Load()),
                            [ast.Constant(number), node.args[1], lazy, *node.args[2:]],
                            node.keywords)
        return node


def as_python(source: str) -> str:
    """The cell as the plain Python IPython runs (``%magics`` become calls)."""
    return str(TransformerManager().transform_cell(source))  # type: ignore[no-untyped-call]


def rewrite_cell(source: str) -> Rewritten:
    """The cell's code with its check call sites wrapped (see the module docstring)."""
    try:
        tree = ast.parse(as_python(source))
    except (SyntaxError, ValueError):
        return Rewritten(source, ())
    wrap = _Wrap()
    tree = ast.fix_missing_locations(wrap.visit(tree))
    if not wrap.found:
        return Rewritten(source, ())
    return Rewritten(ast.unparse(tree), tuple(wrap.found))
