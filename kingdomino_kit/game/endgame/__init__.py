"""The endgame solved exactly, in a room of its own: once no chance is left, the value and the
best move under perfect play (:mod:`~kingdomino_kit.game.endgame.solve`, whose names this
package hands on), the game tree searched on bitboards (``search``), one player's finish
(``finish``), the same search compiled (``compiled``, kernels ``kernels`` and
``finish_kernels``), the positions of game logs (``log``) and the Monte Carlo bots' perfect
play where it is in reach (``exact_play``). It stands on the speed layer
(:mod:`kingdomino_kit.game.fast`), never the other way round."""

from kingdomino_kit.game.endgame.solve import (
    EndgameError,
    EndgameResult,
    MoveValue,
    move_values,
    no_chance_left,
    points,
    position,
    solve,
    turns_of,
)

__all__ = ["EndgameError", "EndgameResult", "MoveValue", "move_values", "no_chance_left",
           "points", "position", "solve", "turns_of"]
