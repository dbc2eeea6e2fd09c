"""The grader's test inputs on their way into a submission's kernel, and what a call did to
them on the way back.

The grader calls a student's function where it lives (in the submission's kernel) on inputs it
made itself (kingdoms, placements, tables, a CP-SAT model …): :func:`pack` pickles the calls'
arguments for the kernel, which :func:`unpack` s them. Pickles only go **into** the kernel,
never out: what comes back is plain data (:mod:`.plain_data`). A CP-SAT model cannot be pickled:
it travels as its protocol buffer's text, its variables as their indices in it; after a call,
:func:`changes` gives each model argument's new text, and :func:`apply_changes` puts it into
the grader's own model (an exercise that asks a function to add constraints judges those).

>>> from kingdomino_kit.kingdom import Kingdom
>>> unpack(pack([(Kingdom.from_text("C W"), 3)]))[0][0].to_text()
'C  W'
"""

from __future__ import annotations

import base64
import io
import pickle
from typing import Any

from kingdomino_kit.infra.cp_sat_loader import loaded

__all__ = ["apply_changes", "changes", "pack", "unpack"]


def _cp_types() -> tuple[Any, Any] | None:
    if not loaded():  # no model among the inputs then
        return None
    from kingdomino_kit.infra.cp_sat_loader import cp_model

    return cp_model.CpModel, cp_model.IntVar


class _Pickler(pickle.Pickler):
    def __init__(self, file: Any) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.cp = _cp_types()
        self.models: dict[int, int] = {}

    def persistent_id(self, obj: Any) -> Any:
        if self.cp is None:
            return None
        model, var = self.cp
        if isinstance(obj, model):
            key = self.models.setdefault(id(obj), len(self.models))
            return ("cp_model", key, str(obj.proto))
        if isinstance(obj, var):
            if len(self.models) != 1:
                raise pickle.PicklingError("a CP-SAT variable travels only beside its one model")
            return ("cp_var", 0, obj.index)
        return None


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: Any) -> None:
        super().__init__(file)
        self.models: dict[int, Any] = {}

    def persistent_load(self, pid: Any) -> Any:
        from kingdomino_kit.infra.cp_sat_loader import cp_model

        tag, key, body = pid
        if tag == "cp_model":
            model = cp_model.CpModel()
            model.proto.parse_text_format(body)
            self.models[key] = model
            return model
        if tag == "cp_var":
            return self.models[key].get_bool_var_from_proto_index(body)
        raise pickle.UnpicklingError(f"unknown persistent id {tag!r}")


def pack(calls: list[tuple[Any, ...]]) -> str:
    """The argument tuples of some calls, pickled, as base64 text (grader → kernel)."""
    out = io.BytesIO()
    _Pickler(out).dump(calls)
    return base64.b64encode(out.getvalue()).decode("ascii")


def unpack(text: str) -> Any:
    """What :func:`pack` packed (in the kernel: it unpickles only the grader's data)."""
    return _Unpickler(io.BytesIO(base64.b64decode(text))).load()


def changes(args: tuple[Any, ...]) -> dict[str, str]:
    """After a call (in the kernel): each CP-SAT model argument's text, by position."""
    cp = _cp_types()
    if cp is None:
        return {}
    return {str(i): str(a.proto) for i, a in enumerate(args) if isinstance(a, cp[0])}


def apply_changes(args: tuple[Any, ...], data: Any) -> None:
    """Put what a call did to the model arguments (:func:`changes`, plain data from the
    kernel) into the grader's own arguments; data of another shape is ignored."""
    cp = _cp_types()
    if cp is None or not isinstance(data, dict):
        return
    from kingdomino_kit.infra.cp_sat_loader import cp_model

    for key, text in data.items():
        if not (isinstance(key, str) and key.isdigit() and isinstance(text, str)):
            continue
        position = int(key)
        if position < len(args) and isinstance(args[position], cp[0]):
            fresh = cp_model.CpModel()
            fresh.proto.parse_text_format(text)  # a text the parser refuses: raises
            args[position].proto.copy_from(fresh.proto)
