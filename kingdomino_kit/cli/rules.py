"""The scoring-rule flags of the Kingdomino commands, one per bonus rule of
:class:`~kingdomino_kit.rules.Rules` (``--middle-kingdom``, ``--harmony``), and the value they
build with ``--size`` (or the size a game's variant sets).

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_bonus_flags(p)
>>> rules_of(p.parse_args(["--harmony"]), size=7)
Rules(size=7, middle_kingdom=False, harmony=True)
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from kingdomino_kit.rules import BONUS_NAMES, POINTS, Rules

__all__ = ["add_bonus_flags", "rules_of"]


def add_bonus_flags(p: argparse.ArgumentParser, helps: Mapping[str, str] | None = None) -> None:
    """One ``--name`` flag per bonus rule (underscores as dashes); ``helps``: a command's own
    help text for some of them."""
    for name, points in POINTS.items():
        text = (helps or {}).get(name, f"{BONUS_NAMES[name]}: +{points}")
        p.add_argument("--" + name.replace("_", "-"), action="store_true", help=text)


def rules_of(args: argparse.Namespace, size: int | None = None) -> Rules:
    """The :class:`Rules` of the flags of :func:`add_bonus_flags`, on ``size`` (default: the
    command's ``--size``)."""
    return Rules(args.size if size is None else size,
                 **{name: bool(getattr(args, name, False)) for name in POINTS})
