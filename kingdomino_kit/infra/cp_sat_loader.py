"""OR-Tools' CP-SAT loaded one way: the package's only import of OR-Tools.

``from kingdomino_kit.infra.cp_sat_loader import cp_model`` is how every module gets it
(``tests/test_cp_sat_loading.py`` pins it).

The name ``cp_model`` is OR-Tools' module, imported when it is first asked for (about half a
second and 100 MiB): the modules that build CP-SAT models take it at their top and are
themselves imported inside the functions that need them; a module that only needs it now and
then (the grader's pickling, the CP-SAT exercises) takes it inside a function. So ``import
kingdomino_kit`` never loads OR-Tools. :func:`installed` says whether OR-Tools is there at all
(the Lite edition's browser kernel has none: the kit's exact searches answer there),
:func:`loaded` whether something has loaded it already.

>>> installed()
True
>>> from kingdomino_kit.infra.cp_sat_loader import cp_model
>>> cp_model.CpModel.__name__, loaded()
('CpModel', True)
"""

from __future__ import annotations

import importlib.util
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the checker sees the module itself
    from ortools.sat.python import cp_model as cp_model

__all__ = ["MODULE", "cp_model", "installed", "loaded"]

MODULE = "ortools.sat.python.cp_model"
"""The OR-Tools module behind the name :data:`cp_model`."""


def installed() -> bool:
    """Whether OR-Tools can be imported here (without importing it)."""
    return importlib.util.find_spec("ortools") is not None


def loaded() -> bool:
    """Whether OR-Tools' CP-SAT module is imported already (so a value may be one of its)."""
    return MODULE in sys.modules


def __getattr__(name: str) -> Any:
    if name == "cp_model":
        return importlib.import_module(MODULE)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
