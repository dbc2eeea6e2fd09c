"""A stored Origins puzzle posed on the :class:`~kingdomino_kit.widgets.origins_board.OriginsBoard`.

>>> board = origins_puzzle_board("o01")
>>> board.is_puzzle, board.optimum is not None, board.question != ""
(True, True, True)
"""

from __future__ import annotations

from kingdomino_kit.errors import PuzzleError
from kingdomino_kit.origins.puzzles import OriginsPuzzle
from kingdomino_kit.puzzles.lookup import look_up
from kingdomino_kit.widgets.board import WidgetError
from kingdomino_kit.widgets.origins_board import OriginsBoard


def origins_puzzle_board(ref: str | OriginsPuzzle, *, reveal: bool | None = None,
                         board_class: type[OriginsBoard] = OriginsBoard) -> OriginsBoard:
    """The board for an Origins puzzle of the collection (its id, e.g. ``"o03"``, or the number
    alone) or an :class:`~kingdomino_kit.origins.puzzles.OriginsPuzzle`: its dominoes, rules,
    question and proven optimum; a Totem puzzle's rivals decide which totems are won.
    ``board_class`` is the board made (an :class:`OriginsBoard` or a subclass of it)."""
    if isinstance(ref, OriginsPuzzle):
        puzzle = ref
    elif isinstance(ref, str):
        try:
            found = look_up(ref if ref.startswith("o") else f"o{ref}")
        except PuzzleError as error:
            raise WidgetError(str(error)) from None
        if not isinstance(found.puzzle, OriginsPuzzle):
            raise WidgetError(f"{ref!r} is not an Origins puzzle (ids start with 'o')")
        puzzle = found.puzzle
    else:
        raise WidgetError(f"an Origins puzzle id or OriginsPuzzle, not {type(ref).__name__}")
    return board_class.puzzle(
        list(puzzle.dominoes),
        {"size": puzzle.size, "empire_of_fire": puzzle.empire_of_fire,
         "homo_habilis": puzzle.homo_habilis},
        optimum=puzzle.optimum, question=puzzle.question, title=puzzle.title, reveal=reveal,
        rivals=puzzle.rivals, totem_bonus=puzzle.totem_bonus, hints=puzzle.hints)
