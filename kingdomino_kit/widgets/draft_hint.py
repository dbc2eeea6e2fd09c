"""Advice while you play at a :class:`~kingdomino_kit.widgets.DraftTable`: the move the
``strong`` bot would make and, once no chance is left, the exact best move and what every legal
option costs against perfect play.

The advice of a position is :func:`advise`'s :class:`Advice`: ``suggestion`` is what a
``strong`` bot seeded for your seat chooses from what you see (the same advice for the same
position and seed); when the endgame is free of chance
(:func:`~kingdomino_kit.game.endgame.no_chance_left`) the exact solver values every legal
option (:func:`~kingdomino_kit.game.endgame.move_values`): ``costs`` lists them best first with
the points each loses against perfect play — points of the final margin with 2 players, of
your own final score with 3–4 (every player maximising their own). An endgame too big to solve
within ``time_limit`` seconds gets the suggestion alone and a note saying so.

Whether a table offers the advice at all is the teacher's switch
(:func:`~kingdomino_kit.widgets.classroom.hints_shown`): off unless
``KINGDOMINO_KIT_DRAFT_HINTS=1`` is set where the kernels start, and always off while
``KINGDOMINO_KIT_HIDE_ANSWERS`` hides answers.

>>> from kingdomino_kit.game import Game, GameOptions
>>> g = Game(GameOptions(players=2), seed=4)
>>> while not no_chance_left(g.observation()):
...     g.apply(g.legal_actions()[0])
>>> advice = advise(g, g.current_player, seed=1)
>>> advice.exact, advice.costs[0][1], advice.best == advice.costs[0][0]
(True, 0, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from kingdomino_kit.bots import make_bot
from kingdomino_kit.errors import InvariantError, KingdominoError
from kingdomino_kit.game import Action, Claim, Discard, Game
from kingdomino_kit.game.endgame import move_values, no_chance_left
from kingdomino_kit.render import cell_name
from kingdomino_kit.widgets.markup import escape

__all__ = ["Advice", "action_words", "advice_markup", "advice_text", "advise"]

SHOWN = 12
"""Options listed in the table before the rest are folded away (the best ones first)."""


@dataclass(frozen=True)
class Advice:
    """The advice for one position: ``suggestion`` (``strong``'s move); ``exact`` whether the
    endgame was solved; then ``best`` (perfect play's move) and ``costs`` (every legal option
    with the points it loses, best first, ties in the order of legal actions); ``players``
    tells what a point is (the margin with 2, your score with 3–4); ``note`` why no exact
    figures, if so."""

    suggestion: Action
    exact: bool
    best: Action | None
    costs: tuple[tuple[Action, int], ...]
    players: int
    note: str = ""


def advise(game: Game, player: int, *, seed: int, time_limit: float = 10.0) -> Advice:
    """The advice for ``player``, whose turn it is in ``game`` (see the module)."""
    if game.is_over or game.current_player != player:
        raise KingdominoError(f"advice is for the player to move, not player {player}")
    actions = game.legal_actions()
    bot = make_bot("strong", seed)
    suggestion = actions[0] if len(actions) == 1 else bot.choose(game.observation(player),
                                                                  actions)
    players = game.options.players
    if not no_chance_left(game.observation(player)):
        return Advice(suggestion, False, None, (), players,
                      "chance is left: the exact figures come once the last line is known")
    try:
        values = move_values(game, time_limit=time_limit)
    except KingdominoError:
        return Advice(suggestion, False, None, (), players,
                      f"the endgame is too big to solve within {time_limit:g} s")
    ranked = sorted(range(len(values)), key=lambda i: (values[i].cost, i))
    costs = tuple((values[i].action, values[i].cost) for i in ranked)
    return Advice(suggestion, True, costs[0][0], costs, players)


def action_words(action: Action, size: int) -> str:
    """An action as the table's log words it: "claim domino 31", "place domino 12 on E4,E5".

    >>> from kingdomino_kit.dominoes import domino
    >>> action_words(Claim(domino(31)), 5), action_words(Discard(domino(2)), 5)
    ('claim domino 31', 'discard domino 2')
    """
    if isinstance(action, Claim):
        return f"claim domino {action.domino.number}"
    if isinstance(action, Discard):
        return f"discard domino {action.domino.number}"
    first, second = (cell_name(c, size) for c in action.cells)
    return f"place domino {action.domino.number} on {first},{second}"


def _unit(players: int) -> str:
    return "points of the final margin" if players == 2 else "points of your final score"


def advice_text(advice: Advice, size: int) -> str:
    """The advice in one sentence (what the table's message line says and screen readers
    announce)."""
    head = f"Hint: strong would {action_words(advice.suggestion, size)}."
    if not advice.exact:
        return f"{head} No exact figures: {advice.note}."
    if advice.best is None:
        raise InvariantError("expected advice.best is not None")
    worst = advice.costs[-1][1]
    agree = "strong agrees" if advice.suggestion == advice.best else (
        "strong's move costs "
        f"{dict(advice.costs).get(advice.suggestion, 0)} {_unit(advice.players)}")
    return (f"{head} Perfect play: {action_words(advice.best, size)} ({agree}); the "
            f"{len(advice.costs)} options cost 0 to {worst} {_unit(advice.players)} — see "
            "the table.")


def advice_markup(advice: Advice, size: int) -> str:
    """The advice as HTML: the sentence, and in the endgame a table of every option's cost
    (the best first; past the first few, folded in a disclosure)."""
    text = f'<p class="kk-hint-text">{escape(advice_text(advice, size))}</p>'
    if not advice.exact:
        return f'<div class="kk-advice">{text}</div>'
    rows = [f"<tr><td>{escape(action_words(action, size))}"
            f"{' (strong)' if action == advice.suggestion else ''}</td><td>{cost}</td></tr>"
            for action, cost in advice.costs]
    head = ('<thead><tr><th scope="col">option</th><th scope="col">points lost</th></tr>'
            "</thead>")
    caption = (f"<caption>What each legal option costs against perfect play "
               f"({escape(_unit(advice.players))} lost)</caption>")
    table = (f'<table class="kk-breakdown kk-advice-costs">{caption}{head}<tbody>'
             f'{"".join(rows[:SHOWN])}</tbody></table>')
    if len(rows) > SHOWN:
        rest = "".join(rows[SHOWN:])
        table += (f"<details><summary>the other {len(rows) - SHOWN} options</summary>"
                  f'<table class="kk-breakdown kk-advice-costs">{head}<tbody>{rest}'
                  "</tbody></table></details>")
    return f'<div class="kk-advice">{text}{table}</div>'
