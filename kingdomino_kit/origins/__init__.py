"""Kingdomino Origins: volcanoes and fire, Discovery, Totem and Tribe modes, on the kit's core.

Heavy pieces (the CP-SAT solver, rendering with matplotlib) are imported by their own modules
only. The shipped catalogue is an ILLUSTRATIVE sample, not the printed set.

>>> from kingdomino_kit.origins import OriginsKingdom, sample_catalogue
>>> OriginsKingdom.from_text("H G1 G").score()
2
"""

from kingdomino_kit.origins import bots  # noqa: F401  (it registers the named bots)
from kingdomino_kit.origins.catalogue import (
    Catalogue,
    Domino,
    Half,
    Resource,
    Terrain,
    load_catalogue,
    read_catalogue,
    sample_catalogue,
)
from kingdomino_kit.origins.errors import (
    CatalogueError,
    IllegalAction,
    OriginsError,
    OriginsNotationError,
)
from kingdomino_kit.origins.fire import TOKEN_SUPPLY, Throw, king_distance
from kingdomino_kit.origins.kingdom import OriginsKingdom, Placement, Region
from kingdomino_kit.origins.tribe import CAVEMEN, Caveman

__all__ = [
    "CAVEMEN",
    "Catalogue",
    "CatalogueError",
    "Caveman",
    "Domino",
    "Half",
    "IllegalAction",
    "OriginsError",
    "OriginsKingdom",
    "OriginsNotationError",
    "Placement",
    "Region",
    "Resource",
    "TOKEN_SUPPLY",
    "Terrain",
    "Throw",
    "king_distance",
    "load_catalogue",
    "read_catalogue",
    "sample_catalogue",
]
