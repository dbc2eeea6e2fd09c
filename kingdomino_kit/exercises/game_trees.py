"""The exercises of ``11_game_trees``: a last round solved by hand, its tree counted, the round
the last line is known, max-n against paranoid, the cost of the worst move.

The positions are seeded games played at random (:func:`last_round`, :func:`four_player_end`),
so the expected answers are computed by the kit's own endgame solver and tree counter.
"""

from __future__ import annotations

import random

from kingdomino_kit.exercises.answer_kinds import WHOLE_NUMBER
from kingdomino_kit.exercises.sheet import sheet, value
from kingdomino_kit.game import Game, GameOptions
from kingdomino_kit.game.endgame import move_values, no_chance_left, points, solve

__all__ = ["EXERCISES", "four_player_end", "last_line_round", "last_round", "tree_size"]


def _play_until(game: Game, seed: int, done: object) -> Game:
    rng = random.Random(seed)
    while not done(game):  # type: ignore[operator]
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    return game


def last_round(seed: int = 3, placed: int = 2) -> Game:
    """A 2-player game played at random into its last round, ``placed`` placements made.

    >>> g = last_round()
    >>> g.round == g.options.rounds, g.turn
    (True, 2)
    """
    game = Game(GameOptions(players=2), seed)
    rounds = game.options.rounds
    return _play_until(game, seed, lambda g: g.round == rounds and g.turn >= placed)


def four_player_end(seed: int = 8) -> Game:
    """A 4-player game played at random to the start of the round of the last line.

    >>> four_player_end().round
    11
    """
    game = Game(GameOptions(players=4), seed)
    return _play_until(game, seed, lambda g: g.round == g.options.rounds - 1)


def last_line_round(options: GameOptions, seed: int = 1) -> int:
    """The first round in which no chance is left in a game of ``options`` (every king
    taking the first legal action).

    >>> last_line_round(GameOptions(players=4)), last_line_round(GameOptions(players=3))
    (10, 11)
    """
    game = Game(options, seed)
    while not no_chance_left(game.observation()):
        game.apply(game.legal_actions()[0])
    return game.round


def tree_size(game: Game) -> int:
    """Positions in the whole game tree from ``game`` (itself included, the ends too).

    >>> tree_size(last_round(placed=3)) > 1
    True
    """
    if game.is_over:
        return 1
    total = 1
    for action in game.legal_actions():
        child = game.copy()
        child.apply(action)
        total += tree_size(child)
    return total


def _margin() -> int:
    return points(solve(last_round()).value)  # type: ignore[arg-type]


def _maxn_minus_paranoid() -> int:
    game = four_player_end()
    last = game.owner(game.order[-1])
    maxn = solve(game).keys[last][0]
    guaranteed = points(solve(game, paranoid=True, player=last).value)  # type: ignore[arg-type]
    return maxn - guaranteed


def _worst_cost() -> int:
    return max(v.cost for v in move_values(last_round(7, placed=0)))


_WORDS = """
1. the margin of a last round
hint: In the last round nobody claims: each player's placements change only their own kingdom. Find
  each player's best final score on their own.
hint: Player 0's best final score minus player 1's.
why: With nothing left to claim, minimax splits into two separate maximisations.

2. the size of the tree
hint: Count the root, then for every legal action the positions under it.
hint: A recursive function: 1 + the sizes of the children's trees; an end counts 1.
why: Every position once: the root, each placement's position, down to the ends.

3. when the last line is known
hint: Drawing 4 a round, 3 players see all 48 dominoes: 12 lines in rounds 0 to 11.
hint: Count the dominoes seen once each line is drawn: from the round where the unseen ones are
  exactly one line, nothing is left to chance.
why: All 48 in play and lines dealt sorted: once 44 are seen, line 11 is known.

4. max-n against paranoid
hint: solve(game).keys[p][0] is player p's final score under max-n; solve(game, paranoid=True,
  player=p) the score p can guarantee against everyone.
hint: For p, the owner of the last king in the order: max-n score minus points(paranoid value).
why: Paranoid assumes the worst of everyone: its guarantee is never above max-n.

5. the cost of the worst move
hint: move_values(game) values every legal action; each has a cost in points.
hint: The largest cost among them.
why: The worst placement loses that many points of margin against perfect play.
"""

EXERCISES = sheet(_WORDS, {
    1: value(WHOLE_NUMBER, _margin),
    2: value(WHOLE_NUMBER, lambda: tree_size(last_round(placed=1))),
    3: value(WHOLE_NUMBER, lambda: last_line_round(GameOptions(players=3, three_player_draw=4))),
    4: value(WHOLE_NUMBER, _maxn_minus_paranoid),
    5: value(WHOLE_NUMBER, _worst_cost),
})
