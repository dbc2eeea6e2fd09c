"""CoachView: replay a coached game move by move, the coach's marks beside every decision.

A :class:`~kingdomino_kit.game.coach.CoachReport` (or a game log, coached on the spot) is
replayed through the game engine one action at a time — *First*, *Back*, *Forward*, *Last*,
the previous or next decision of the coached player, a click on a row of the decision table or
on one of the three worst moves. At a decision of the player the view shows **both boards**:
the kingdom after the move played and after the best move the coach found (their cells
outlined; for a claim, the line with both dominoes marked), the two values and the points it
cost. At the end it shows the player's kingdom beside the best kingdoms the same dominoes
allowed, rearranged and in the order they came (the solver's, proven). Python renders; the
browser only shows the HTML and reports clicks (:mod:`kingdomino_kit.widgets.view`).

>>> from kingdomino_kit.bots import RandomBot
>>> from kingdomino_kit.game import GameOptions, play
>>> log = play([RandomBot(1), RandomBot(2)], GameOptions(players=2), seed=3).log()
>>> view = CoachView(log=log, player=0, playouts=20, solve=False)
>>> view.step, view.next_decision(), view.step == view.report.decisions[0].step
(0, True, True)
>>> "kk-coach-boards" in view.html
True
"""

from __future__ import annotations

from typing import Any

import traitlets

from kingdomino_kit.dominoes import domino
from kingdomino_kit.game.coach import (
    CoachReport,
    Decision,
    action_json,
    coach,
    move_text,
)
from kingdomino_kit.game.game import Game
from kingdomino_kit.game.log import game_actions
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.render import kingdom_svg, name_cells
from kingdomino_kit.solver import Solution
from kingdomino_kit.widgets.board import WidgetError
from kingdomino_kit.widgets.markup import button, domino_svg, escape, kingdom_grid, table
from kingdomino_kit.widgets.picture import StaticPicture, column_svg, text_svg
from kingdomino_kit.widgets.view import ActionView, stylesheet

__all__ = ["CoachView"]

CELL = 22


class CoachView(StaticPicture, ActionView):
    """The replay of a coached game (see the module): give ``report``, or ``log`` and
    ``player`` with the keywords of :func:`~kingdomino_kit.game.coach.coach` (``playouts``,
    ``seconds``, ``solve``, …). ``step`` is how many actions of the game have been played."""

    _css = stylesheet("coach.css")
    step = traitlets.Int(0)
    message = traitlets.Unicode("")

    def __init__(self, report: CoachReport | None = None, *, log: dict[str, Any] | None = None,
                 player: int = 0, **coach_options: Any) -> None:
        super().__init__()
        if report is None:
            if log is None:
                raise WidgetError("give a coach report, or a game log to coach")
            report = coach(log, player, **coach_options)
        elif log is not None or coach_options:
            raise WidgetError("give either a coach report or a log to coach, not both")
        self.report = report
        self.actions = game_actions(report.log)
        self._at = {d.step: d for d in report.decisions}
        self.goto(0)

    def _exact_words(self, d: Decision) -> str:
        """The exact solver's verdict on an endgame decision, if it has one."""
        if d.exact_regret is None or d.exact_best is None:
            return ""
        if not d.exact_regret:
            return " · perfect play: no point lost"
        return (f" · perfect play: {escape(self.move_words(d.exact_best))}, "
                f"{d.exact_regret} point{'s' if d.exact_regret != 1 else ''} lost")

    def move_words(self, move: dict[str, Any]) -> str:
        """A move in words, its cells named as the boards label them (``place 7 at E4 E3``)."""
        return name_cells(move_text(move).replace(") (", "),("), self.report.kingdom.size)

    @staticmethod
    def round_words(number: int) -> str:
        """A round as the DraftTable counts it: the opening draft, then round 1, 2, …"""
        return "the opening draft" if number == 0 else f"round {number}"

    # ------------------------------------------------------------------ moving
    @property
    def last_step(self) -> int:
        """The number of actions in the game (``step`` at the end)."""
        return len(self.actions)

    def goto(self, step: int) -> None:
        """Show the game before action ``step`` (``last_step``: the end)."""
        if not 0 <= step <= self.last_step:
            raise WidgetError(f"step must be 0–{self.last_step}, not {step}")
        self.step = step
        self.html = self.markup()

    def forward(self) -> bool:
        """One action on; False at the end."""
        if self.step >= self.last_step:
            return False
        self.goto(self.step + 1)
        return True

    def back(self) -> bool:
        """One action back; False at the start."""
        if self.step <= 0:
            return False
        self.goto(self.step - 1)
        return True

    def next_decision(self) -> bool:
        """On to the coached player's next decision (or the end); False if already there."""
        later = [d.step for d in self.report.decisions if d.step > self.step]
        target = later[0] if later else self.last_step
        if target == self.step:
            return False
        self.goto(target)
        return True

    def previous_decision(self) -> bool:
        """Back to the coached player's previous decision; False if there is none."""
        earlier = [d.step for d in self.report.decisions if d.step < self.step]
        if not earlier:
            return False
        self.goto(earlier[-1])
        return True

    def worst(self, rank: int) -> None:
        """Show the decision marked worst ``rank`` (1–3)."""
        for d in self.report.decisions:
            if d.worst == rank:
                self.goto(d.step)
                return
        raise WidgetError(f"no decision is marked worst {rank}")

    def game_at(self, step: int) -> Game:
        """The game before action ``step``, replayed through the rules."""
        log = self.report.log
        game = Game(self.report.options, log["seed"], record=False)
        for king, action in self.actions[:step]:
            game.apply(action, king=king)
        return game

    # ------------------------------------------------------------------ browser events
    def handle(self, action: str, data: dict[str, str]) -> None:
        """Answer a click (first, back, forward, last, previous, next, goto, worst)."""
        try:
            if action == "first":
                self.goto(0)
            elif action == "back":
                self.back()
            elif action == "forward":
                self.forward()
            elif action == "last":
                self.goto(self.last_step)
            elif action == "previous":
                self.previous_decision()
            elif action == "next":
                self.next_decision()
            elif action == "goto":
                self.goto(int(data["step"]))
            elif action == "worst":
                self.worst(int(data["rank"]))
            else:
                self.message = f"Unknown action {action!r} from the browser."
                self.html = self.markup()
        except (KeyError, ValueError) as error:  # WidgetError is a ValueError
            self.message = f"Cannot do {action!r}: {error}"
            self.html = self.markup()

    # ------------------------------------------------------------------ rendering
    def markup(self) -> str:
        """The view as HTML: head, controls, boards, the table of decisions."""
        r = self.report
        head = (f'<div class="kk-status"><b>Coach · player {r.player}</b> scored {r.score}; '
                f"the coach's estimate of points lost: {r.lost:.1f} over "
                f"{len(r.decisions)} decisions · step {self.step} of {self.last_step}</div>")
        controls = [button("« First", "first", enabled=self.step > 0),
                    button("◀ Back", "back", enabled=self.step > 0),
                    button("Forward ▶", "forward", enabled=self.step < self.last_step),
                    button("Last »", "last", enabled=self.step < self.last_step),
                    button("◀ Decision", "previous", title="the previous decision"),
                    button("Decision ▶", "next", title="the next decision")]
        controls += [button(f"Worst {d.worst}", "worst", rank=d.worst) for d in r.worst()]
        message = (f'<div class="kk-message kk-error">{escape(self.message)}</div>'
                   if self.message else "")
        self.message = ""
        name = ("Coach: Tab reaches the buttons and the rows of the table, Enter or Space "
                "goes there")
        return (f'<div class="kk-coach" data-kk-name="{name}">{head}'
                f'<div class="kk-controls">{"".join(controls)}</div>{message}'
                f"{self._boards()}{self._table()}</div>")

    def _boards(self) -> str:
        if self.step >= self.last_step:
            return self._end_boards()
        decision = self._at.get(self.step)
        game = self.game_at(self.step)
        king, action = self.actions[self.step]
        who = f"king {king} (player {game.owner(king)})"
        if decision is None:
            kingdom = game.kingdom(self.report.player)
            what = self.move_words(action_json(action))
            return (f'<div class="kk-coach-boards"><div class="kk-player">'
                    f"<div>Next: {escape(who)} — {escape(what)}</div>"
                    f"{_board(kingdom, ())}<div>player {self.report.player}'s kingdom</div>"
                    "</div></div>")
        return self._decision_boards(game, decision)

    def _decision_boards(self, game: Game, d: Decision) -> str:
        kingdom = game.kingdom(self.report.player)
        mark = f" · worst {d.worst}" if d.worst else ""
        when = self.round_words(d.round)
        summary = (f'<div class="kk-message kk-{"error" if d.worst else "info"}">'
                   f"{when[0].upper() + when[1:]}: played {escape(self.move_words(d.played))} "
                   f"(value {d.played_value:.1f}); the coach's best "
                   f"{escape(self.move_words(d.best))} "
                   f"({d.best_value:.1f}); cost {d.cost:.1f}{mark}{self._exact_words(d)}</div>")
        if d.phase == "claim":
            line = []
            for dom, claimer in zip(game.line, game.claims, strict=True):
                tags = []
                if dom.number == d.played.get("pick"):
                    tags.append("played")
                if dom.number == d.best.get("pick"):
                    tags.append("best")
                taken = "" if claimer is None else f" (king {claimer})"
                cls = " ".join(f"kk-{t}" for t in tags)
                line.append(f'<span class="kk-line-domino {cls}">{dom.number} '
                            f'{domino_svg(dom)}{escape(" · ".join(tags) + taken)}</span>')
            return (f'{summary}<div class="kk-coach-boards"><div class="kk-line">'
                    f'{"".join(line)}</div>{_board(kingdom, ())}</div>')
        boards = []
        for title, move in (("played", d.played), ("best found", d.best)):
            after = kingdom.copy()
            cells: tuple[Any, ...] = ()
            if "cells" in move:
                (r1, c1), (r2, c2) = move["cells"]
                after.place(Placement(domino(move["domino"]), (r1, c1), (r2, c2)))
                cells = ((r1, c1), (r2, c2))
            score = after.total(game.options.rules)
            boards.append(f'<div class="kk-player kk-coach-{title.split()[0]}"><div><b>'
                          f"{title}</b>: {escape(self.move_words(move))} · now {score} points"
                          "</div>"
                          f"{_board(after, cells)}</div>")
        return f'{summary}<div class="kk-coach-boards">{"".join(boards)}</div>'

    def _end_boards(self) -> str:
        r = self.report
        boards = [f'<div class="kk-player"><div><b>your kingdom</b>: {r.score}</div>'
                  f"{_board(r.kingdom, ())}</div>"]
        for title, sol in (("best from your dominoes, rearranged", r.rearranged),
                           ("best from your dominoes in the order they came", r.in_order)):
            boards.append(_solution_board(title, sol))
        return f'<div class="kk-coach-boards">{"".join(boards)}</div>'

    def _table(self) -> str:
        rows = []
        for d in self.report.decisions:
            classes = " ".join(c for c in ("kk-current" if d.step == self.step else "",
                                           f"kk-worst kk-worst-{d.worst}" if d.worst else "")
                               if c)
            mark = f" ✗{d.worst}" if d.worst else ""
            rows.append(f'<tr class="{classes}" data-kk-action="goto" data-step="{d.step}" '
                        f'tabindex="0" title="go to step {d.step} (Enter)">'
                        f"<td>{d.step}</td><td>{d.round or 'draft'}</td>"
                        f"<td>{escape(self.move_words(d.played))}</td>"
                        f"<td>{d.played_value:.1f}</td>"
                        f"<td>{escape(self.move_words(d.best))}</td><td>{d.best_value:.1f}</td>"
                        f"<td>{d.cost:.1f}{mark}</td>"
                        f"<td>{'' if d.exact_regret is None else d.exact_regret}</td></tr>")
        return table("kk-breakdown kk-coach-table", ("step", "round", "played", "value",
                                                     "best found", "value", "cost",
                                                     "exact regret"), rows)

    def picture(self) -> str:
        """The coach as a still picture: the player's kingdom at the shown step, with the
        score and the points the coach estimates were lost."""
        r = self.report
        kingdom = (r.kingdom if self.step >= self.last_step
                   else self.game_at(self.step).kingdom(r.player))
        head = (f"Coach · player {r.player} scored {r.score}; estimated points lost "
                f"{r.lost:.1f} over {len(r.decisions)} decisions")
        return column_svg([text_svg(head, bold=True), kingdom_svg(kingdom, cell=30),
                           text_svg(f"player {r.player}'s kingdom at step {self.step} of "
                                    f"{self.last_step}")], words=self.picture_words())

    def picture_words(self) -> str:
        r = self.report
        return (f"Coach of player {r.player}: scored {r.score}, estimated {r.lost:.1f} points "
                f"lost over {len(r.decisions)} decisions. Run the notebook to replay the game.")

    def __repr__(self) -> str:
        return (f"CoachView(player {self.report.player}, step {self.step} of {self.last_step}, "
                f"{len(self.report.decisions)} decisions)")


def _board(kingdom: Kingdom, cells: Any) -> str:
    """The kingdom, the cells of the move shown outlined (``kk-move``)."""
    return kingdom_grid(kingdom, clickable=False, cell=CELL, badges=False,
                        classes=dict.fromkeys(cells, "kk-move"))


def _solution_board(title: str, sol: Solution | None) -> str:
    if sol is None:
        return ""
    if sol.kingdom is None:
        return f'<div class="kk-player"><div><b>{escape(title)}</b>: none found</div></div>'
    proof = "proven" if sol.status.name == "OPTIMAL" else f"not proven (bound {sol.bound})"
    return (f'<div class="kk-player kk-coach-solution"><div><b>{escape(title)}</b>: '
            f"{sol.score} ({proof})</div>{_board(sol.kingdom, ())}</div>")
