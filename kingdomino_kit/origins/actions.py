"""The actions of an Origins turn and their log encoding.

A turn of a chief: place the domino it claimed (a
:class:`~kingdomino_kit.origins.kingdom.Placement`, or :class:`Discard` when it has no legal
placement); throw the fire token of each volcano placed
(:class:`~kingdomino_kit.origins.fire.Throw`); in Totem mode the holder of a totem whose
majority became a tie chooses who gets it (:class:`GiveTotem`); :class:`Claim` a domino of
the new line; in Tribe mode optionally recruit a caveman (:class:`Recruit`, then
:class:`Spend` 2 or 4 different resources and :class:`Settle` it; or :class:`Pass`).
:class:`Claim` and :class:`Discard` are the drafting loop's own (:mod:`kingdomino_kit.draft`).

>>> encode_action(Spend((0, 1))), encode_action(Pass())
({'spend': [0, 1]}, {'pass': True})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from kingdomino_kit.draft import Claim, Discard
from kingdomino_kit.errors import InvariantError
from kingdomino_kit.grid import Cell
from kingdomino_kit.origins.catalogue import Domino, Resource
from kingdomino_kit.origins.errors import OriginsError
from kingdomino_kit.origins.fire import Throw
from kingdomino_kit.origins.kingdom import Placement
from kingdomino_kit.origins.tribe import Caveman

__all__ = ["Action", "Claim", "Discard", "GiveTotem", "Pass", "Recruit", "Settle", "Spend",
           "encode_action"]


@dataclass(frozen=True, slots=True)
class GiveTotem:
    """The holder of a totem whose majority became a tie gives it to one of the leaders."""

    resource: Resource
    player: int


@dataclass(frozen=True, slots=True)
class Recruit:
    """Recruit a caveman: ``slot`` 0–3 of the cave board (2 different resources), or
    ``caveman`` chosen from the face-down pile (4 different resources)."""

    slot: int | None = None
    caveman: Caveman | None = None


@dataclass(frozen=True, slots=True)
class Spend:
    """Spend the wooden resource on ``cell`` for the recruit under way."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class Settle:
    """Put the recruited caveman on ``cell``."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class Pass:
    """Do not recruit this turn."""


Action = Union[Placement, Discard[Domino], Throw, GiveTotem, Claim[Domino], Recruit, Spend,  # noqa: UP007
               Settle, Pass]


def encode_action(action: Action) -> dict[str, Any]:
    """A JSON-ready dict of an action (what logs store).

    >>> encode_action(Recruit(slot=2))
    {'recruit': 'board', 'slot': 2}
    """
    if isinstance(action, Placement):
        return {"place": action.domino.number, "cells": [list(action.first),
                                                         list(action.second)]}
    if isinstance(action, Discard):
        return {"discard": action.domino.number}
    if isinstance(action, Throw):
        return {"fire": action.fire, "from": list(action.volcano),
                "to": None if action.target is None else list(action.target)}
    if isinstance(action, GiveTotem):
        return {"totem": action.resource.value, "to": action.player}
    if isinstance(action, Claim):
        return {"pick": action.domino.number}
    if isinstance(action, Recruit):
        if action.slot is not None:
            return {"recruit": "board", "slot": action.slot}
        if action.caveman is None:
            raise InvariantError("expected action.caveman is not None")
        return {"recruit": "pile", "caveman": action.caveman.value}
    if isinstance(action, Spend):
        return {"spend": list(action.cell)}
    if isinstance(action, Settle):
        return {"settle": list(action.cell)}
    if isinstance(action, Pass):
        return {"pass": True}
    raise OriginsError(f"not an Origins action: {action!r}")
