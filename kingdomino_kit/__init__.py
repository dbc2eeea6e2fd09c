"""kingdomino-kit: exact Kingdomino rules, provably optimal kingdoms, Jupyter boards.

>>> from kingdomino_kit import Kingdom, domino
>>> k = Kingdom()
>>> k.place(k.legal_placements(domino(48))[0])
>>> len(k)
2
"""

from kingdomino_kit.dominoes import DOMINOES, Domino, Half, Terrain, domino, dominoes
from kingdomino_kit.errors import IllegalPlacement, KingdominoError, NotationError, UnknownDomino
from kingdomino_kit.grid import Cell
from kingdomino_kit.kingdom import (
    HARMONY_BONUS,
    MIDDLE_KINGDOM_BONUS,
    Kingdom,
    Placement,
    Property,
    parse_text,
)
from kingdomino_kit.rules import Rules

__version__ = "0.1.0"

__all__ = [
    "DOMINOES",
    "Cell",
    "Domino",
    "HARMONY_BONUS",
    "Half",
    "IllegalPlacement",
    "Kingdom",
    "KingdominoError",
    "MIDDLE_KINGDOM_BONUS",
    "NotationError",
    "Placement",
    "Property",
    "Rules",
    "Terrain",
    "UnknownDomino",
    "domino",
    "dominoes",
    "parse_text",
]
