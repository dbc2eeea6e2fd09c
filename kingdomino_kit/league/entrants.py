"""The entrants of a league: the kit's bots by name (``greedy``, ``mc:playouts=50``) beside bot
files — a Python file defining ``choose(observation, actions)``, or any executable speaking the
protocol (:mod:`.protocol`).

An argument that names an existing file is a bot file (``.py``: a Python file, run by
:mod:`.runner`; anything else must be executable); any other argument is a kit bot's name. A
file's bot is named by its file name without ``.py``; two entrants may not share a name.

>>> [e.name for e in entrants(["greedy", "random"])]
['greedy', 'random']
>>> entrants(["greedy", "greedy"])
Traceback (most recent call last):
...
kingdomino_kit.errors.KingdominoError: two entrants are named 'greedy' (rename a file)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import kingdomino_kit.game  # noqa: F401  (registers the kit's bots)
from kingdomino_kit.bots import make_bot
from kingdomino_kit.errors import KingdominoError

__all__ = ["Entrant", "entrants"]


@dataclass(frozen=True)
class Entrant:
    """One bot of a league: its name, and either a kit bot's spec or a file (``path``;
    ``python``: a Python file run by the runner, else an executable)."""

    name: str
    spec: str
    path: Path | None = None
    python: bool = False

    @property
    def is_program(self) -> bool:
        """True for a bot file (run in a process of its own)."""
        return self.path is not None


def _entrant(arg: str) -> Entrant:
    path = Path(arg)
    if path.is_file():
        resolved = path.resolve()
        python = resolved.suffix == ".py"
        if not python and not os.access(resolved, os.X_OK):
            raise KingdominoError(f"{arg}: not a Python file (.py) and not executable "
                                  "(chmod +x, with a #! line)")
        name = resolved.stem if python else resolved.name
        return Entrant(name, str(resolved), resolved, python)
    if path.exists():
        raise KingdominoError(f"{arg}: not a file")
    if "/" in arg or arg.endswith(".py"):
        raise KingdominoError(f"{arg}: no such file")
    make_bot(arg, 0)  # raises on an unknown name or parameter
    return Entrant(arg.strip(), arg.strip())


def entrants(args: Sequence[str]) -> list[Entrant]:
    """The entrants the arguments name (see the module); at least two."""
    found = [_entrant(a) for a in args]
    names = [e.name for e in found]
    for name in names:
        if names.count(name) > 1:
            raise KingdominoError(f"two entrants are named {name!r} (rename a file)")
    return found
