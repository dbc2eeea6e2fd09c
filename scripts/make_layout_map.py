"""Write the layout block of ``docs/development.md`` from the modules' docstrings.

Every module and subpackage of ``kingdomino_kit`` gets one line: its name and the first line
of its docstring (a package's from its ``__init__.py``), cut with "…" where it goes on or
would pass the page's 100 columns. The
block sits between the two ``layout`` comment lines of the page; ``make test`` regenerates it
in memory and compares (tests/test_layout_map.py), so the map cannot drift from the code.

    .venv/bin/python scripts/make_layout_map.py          # rewrite the block in the page
    .venv/bin/python scripts/make_layout_map.py --check  # exit 1 if the page is out of date
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import textwrap
from pathlib import Path

from kingdomino_kit.infra.atomic import atomic_write

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "kingdomino_kit"
PAGE = ROOT / "docs" / "development.md"
BEGIN = "<!-- layout: begin (made by scripts/make_layout_map.py from the docstrings) -->"
END = "<!-- layout: end -->"
WIDTH = 100
ROLE = re.compile(r":[a-z]+:`~?([^`]+)`")


def first_line(path: Path) -> str:
    """The first line of a module's docstring, "…" added where its sentence goes on, Sphinx
    roles reduced to their target's last name."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    if not doc:
        raise SystemExit(f"{path}: no docstring (every module says what it is)")
    lines = doc.splitlines()
    line = lines[0].strip()
    if len(lines) > 1 and lines[1].strip() and not line.endswith((".", ":", "!", "?")):
        line += " …"
    line = ROLE.sub(lambda m: "`" + m.group(1).rsplit(".", 1)[-1] + "`", line)
    return line.replace("``", "`")


def _entry(name: str, text: str, indent: int, column: int) -> list[str]:
    head = (" " * indent + name).ljust(column)
    if len(head) + len(text) > WIDTH:
        text = textwrap.shorten(text.removesuffix(" …"), WIDTH - len(head), placeholder=" …")
    return [head + text]


def _subpackages(folder: Path) -> list[Path]:
    return sorted(p.parent for p in folder.glob("*/__init__.py"))


def _names(folder: Path, depth: int) -> list[tuple[str, int]]:
    """(name, depth) of every module and subpackage below ``folder``, a subpackage's own
    modules and subpackages after it."""
    out = [(m.name, depth) for m in sorted(folder.glob("*.py"))
           if depth == 1 or m.name != "__init__.py"]
    for sub in _subpackages(folder):
        out.append((sub.name + "/", depth))
        out += _names(sub, depth + 1)
    return out


def _lines(folder: Path, depth: int, column: int) -> list[str]:
    out = []
    for module in sorted(folder.glob("*.py")):
        if depth == 1 or module.name != "__init__.py":
            out += _entry(module.name, first_line(module), 2 * depth, column)
    for sub in _subpackages(folder):
        out += _entry(sub.name + "/", first_line(sub / "__init__.py"), 2 * depth, column)
        out += _lines(sub, depth + 1, column)
    return out


def layout(package: Path = PACKAGE) -> str:
    """The layout block: the package's modules, then each subpackage with its modules and its
    own subpackages, in alphabetical order; every name followed by the first line of its
    docstring."""
    column = max(2 * max(depth, 2) + len(name) for name, depth in _names(package, 1)) + 2
    out = [f"{package.name}/", *_lines(package, 1, column)]
    return "\n".join(out) + "\n"


def page_with_layout(page: str, block: str) -> str:
    """The page with its layout block replaced by ``block``."""
    if page.count(BEGIN) != 1 or page.count(END) != 1:
        raise SystemExit(f"{PAGE.relative_to(ROOT)}: needs one {BEGIN!r} and one {END!r} line")
    head, rest = page.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n```\n{block}```\n{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the page is stale")
    args = parser.parse_args(argv)
    page = PAGE.read_text(encoding="utf-8")
    new = page_with_layout(page, layout())
    if args.check:
        if new != page:
            print(f"{PAGE.relative_to(ROOT)}: the layout block is out of date; run "
                  "scripts/make_layout_map.py", file=sys.stderr)
            return 1
        return 0
    if new != page:
        with atomic_write(PAGE) as handle:
            handle.write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
