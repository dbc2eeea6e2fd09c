"""Reiner Knizia's *Kingdoms*: the kit's second game.

A 5 × 6 board where castles earn (or lose) gold for every row and column they stand in. This
package holds the tiles, the board and its text notation, explained scoring, games with the
seed's variants (and a replayer), bots, CP-SAT castle puzzles (:mod:`.solver`, imports OR-Tools),
SVG rendering; its clickable boards are :mod:`kingdomino_kit.widgets.kingdoms_board`.

>>> from kingdomino_kit.kingdoms import Board, score_board
>>> score_board(Board.from_text("+3 a2 -1 . . . / " + ". . . . . . / " * 4)).gold
{'a': 4}
"""

from kingdomino_kit.kingdoms import bots  # noqa: F401  (it registers the named bots)
from kingdomino_kit.kingdoms.actions import Action
from kingdomino_kit.kingdoms.board import Board, parse_board
from kingdomino_kit.kingdoms.errors import (
    BoardNotationError,
    IllegalAction,
    KingdomsError,
    ReplayError,
)
from kingdomino_kit.kingdoms.game import KingdomsGame, KingdomsRules, Observation, play_game, replay
from kingdomino_kit.kingdoms.scoring import Scoring, SegmentScore, score_board
from kingdomino_kit.kingdoms.tiles import Castle, Tile, TileKind, castle_supply, tile_set

__all__ = [
    "Action", "Board", "BoardNotationError", "Castle", "IllegalAction", "KingdomsError",
    "KingdomsGame", "KingdomsRules", "Observation", "ReplayError", "Scoring", "SegmentScore",
    "Tile", "TileKind", "castle_supply", "parse_board", "play_game", "replay", "score_board",
    "tile_set",
]
