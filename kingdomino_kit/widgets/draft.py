"""DraftTable: play a whole game of Kingdomino against the game engine's bots in a notebook.

You are one player (``human=0`` by default); the bots play the others as soon as it is their
turn. When you must **claim**, click a free domino of the line; when you must **place**, your
kingdom is a clickable board like :class:`~kingdomino_kit.widgets.board.KingdomBoard` (rotate,
legal cells marked, illegal clicks explained, the same keys: arrows, Enter, R). The table shows
the round (counted from 1 after the opening draft), the turn order of the kings, the dominoes
to place and the line to claim from, every kingdom (the others' on a compact 5×5 frame), and the
final scores. The game is :class:`kingdomino_kit.game.Game`; every action goes through its
rules; cells are named as the labels show them (E5 is the castle).

**Hints** (off by default: the teacher's switch ``KINGDOMINO_KIT_DRAFT_HINTS=1``, see
:mod:`kingdomino_kit.widgets.classroom`, or ``hints=True``): a *Hint* button on your turn
shows the move the ``strong`` bot would make and, once no chance is left, the exact best move
and what each legal option costs against perfect play (:mod:`kingdomino_kit.widgets.draft_hint`).

>>> table = DraftTable(players=2, bots=["greedy"], seed=1)
>>> table.game.current_player, table.phase
(0, 'claim')
>>> table.claim(table.game.line[0].number) or table.claim(table.game.line[1].number)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import traitlets

from kingdomino_kit.bots import as_bot, make_bot
from kingdomino_kit.dominoes import domino
from kingdomino_kit.errors import InvariantError
from kingdomino_kit.game import (
    Action,
    Claim,
    Discard,
    Game,
    GameOptions,
    IllegalAction,
)
from kingdomino_kit.kingdom import Placement
from kingdomino_kit.render import cell_name, domino_words, kingdom_svg, name_cells
from kingdomino_kit.seeds import seat_seed
from kingdomino_kit.widgets.board_machine import BoardMachine, Frame, MachineBoard, WidgetError
from kingdomino_kit.widgets.classroom import hints_shown
from kingdomino_kit.widgets.draft_hint import Advice, advice_markup, advice_text, advise
from kingdomino_kit.widgets.markup import (
    button,
    compact_frame,
    domino_svg,
    escape,
    kingdom_grid,
    reach_frame,
    table,
)
from kingdomino_kit.widgets.picture import (
    StaticPicture,
    column_svg,
    dominoes_svg,
    row_svg,
    text_svg,
)
from kingdomino_kit.widgets.view import ActionView

__all__ = ["DraftTable", "KING_COLOURS"]

KING_COLOURS = ("#1a6ad1", "#c62828", "#2e7d32", "#8e24aa")
"""One colour per player for kings and kingdom frames."""
LOG_LINES = 8
KEYS_HELP = ("Tab reaches the dominoes of the line and the buttons, Enter or Space presses "
             "them, Escape returns to the board; when you place, arrows move the cursor on your "
             "kingdom, Enter places, R rotates.")


class DraftTable(MachineBoard, StaticPicture, ActionView):
    """A whole game against bots: ``players`` 2–4, ``bots`` for the other players (names for
    :func:`kingdomino_kit.bots.make_bot` such as ``"greedy"``, ``"random"``, ``"strong"``, or bot
    objects; the last one repeats), ``human`` your player number or ``None`` to watch bots
    only (use :meth:`step` / :meth:`play_to_end`). ``seed`` fixes the deal and the bots.
    ``hints``: offer the *Hint* button (default: the teacher's switch, off unless set).

    >>> t = DraftTable(players=3, human=None, bots=["random"], seed=4)
    >>> t.play_to_end(); t.game.is_over, len(t.scores)
    (True, 3)
    """

    message = traitlets.Unicode("")
    scores = traitlets.List(traitlets.Int())

    def __init__(self, players: int = 4, bots: Sequence[Any] = ("greedy",), *,
                 human: int | None = 0, seed: int = 0, options: GameOptions | None = None,
                 hints: bool | None = None, **option_flags: Any) -> None:
        super().__init__()
        if options is None:
            options = GameOptions(players=players, **option_flags)
        elif option_flags:
            raise WidgetError("give either options=GameOptions(...) or option keywords, not both")
        if human is not None and not 0 <= human < options.players:
            raise WidgetError(f"human must be a player 0–{options.players - 1} or None, not "
                              f"{human!r}")
        if not bots and (human is None or options.players > 1):
            raise WidgetError("bots: name at least one bot (e.g. 'greedy')")
        self.options = options
        self.human = human
        self.seed = seed
        self._bot_specs = list(bots)
        self._kind = "info"
        self.controls = BoardMachine(keys=("rotate",))
        self._log: list[str] = []
        self.hints = hints_shown() if hints is None else bool(hints)
        self.advice: Advice | None = None
        self.new_game(seed)

    # ------------------------------------------------------------------ state
    def _make_bots(self) -> dict[int, Any]:
        out: dict[int, Any] = {}
        others = [p for p in range(self.options.players) if p != self.human]
        for i, p in enumerate(others):
            spec = self._bot_specs[min(i, len(self._bot_specs) - 1)]
            bot_seed = seat_seed(self.seed, p)
            out[p] = make_bot(spec, bot_seed) if isinstance(spec, str) else as_bot(spec)
        return out

    @property
    def phase(self) -> str:
        """``claim``, ``place`` or ``over``."""
        return str(self.game.phase)

    def player_name(self, player: int) -> str:
        """"you" for the human, else the bot's name and number."""
        if player == self.human:
            return "you"
        return f"{getattr(self.bots[player], 'name', 'bot')} {player}"

    def your_turn(self) -> bool:
        """True when the human is to act."""
        return self.human is not None and self.game.current_player == self.human

    def domino_to_place(self) -> Any:
        """The domino the current king must place (None outside a place turn)."""
        king = self.game.current_king
        if self.game.phase != "place" or king is None:
            return None
        return self.game.to_place[king]

    def _your_kingdom(self) -> Any:
        """A copy of the human's kingdom (only asked when there is a human)."""
        if self.human is None:
            raise InvariantError("expected self.human is not None")
        return self.game.kingdom(self.human)

    def _whose_turn(self) -> str:
        player = self.game.current_player
        return "nobody" if player is None else self.player_name(player)

    def round_words(self) -> str:
        """The round as a player counts it: the opening draft, then round 1 of N…

        >>> t = DraftTable(players=2, seed=1)
        >>> t.round_words(), t.turn_words()
        ('opening draft (round 1 of 6 next)', 'your turn')
        """
        if self.game.round == 0:
            return f"opening draft (round 1 of {self.options.rounds} next)"
        return f"round {self.game.round} of {self.options.rounds}"

    def turn_words(self) -> str:
        """"your turn", "greedy 1's turn" or "game over"."""
        player = self.game.current_player
        if player is None:
            return "game over"
        return "your turn" if player == self.human else f"{self.player_name(player)}'s turn"

    def legal_cells(self) -> set[tuple[int, int]]:
        """Where a click may put your domino's first half, with the current rotation."""
        dom = self.domino_to_place()
        if dom is None or not self.your_turn():
            return set()
        kingdom = self._your_kingdom()
        return self.controls.first_cells(kingdom.legal_placements(dom))

    # ------------------------------------------------------------------ actions
    def new_game(self, seed: int | None = None) -> None:
        """Start again (same seed unless given): same seed, same deal and same bot moves."""
        if seed is not None:
            self.seed = seed
        self.game = Game(self.options, self.seed)
        self.bots = self._make_bots()
        self._log = []
        self.controls.restart()
        self.advice = None
        self._advance()
        self._say(self._hint(), "info")

    def apply(self, action: Action) -> bool:
        """Play ``action`` for the human; an illegal one is explained and changes nothing."""
        if not self.your_turn():
            self._say("It is not your turn." if not self.game.is_over else "The game is over.",
                      "error")
            return False
        human = self.human
        if human is None:  # it is someone's turn, and it is the human's
            raise InvariantError("expected human is not None")
        try:
            self.game.apply(action, player=human)
        except IllegalAction as error:
            self._say(f"Illegal: {name_cells(str(error), self.options.size)}. Nothing changed.",
                      "error")
            return False
        self._note(human, action)
        self.advice = None
        self._advance()
        self._say(self._hint(), "ok")
        return True

    def claim(self, number: int) -> bool:
        """Claim domino ``number`` of the line with your king."""
        return self.apply(Claim(domino(number)))

    def click(self, row: int, col: int) -> bool:
        """Place your domino's first half on (row, col), second half as the rotation says."""
        dom = self.domino_to_place()
        if dom is None or not self.your_turn():
            self._say("Nothing to place now" + (": claim a domino of the line."
                                                 if self.your_turn() else "."), "error")
            return False
        return self.apply(Placement(dom, *self.controls.halves((row, col))))

    def _frame(self) -> Frame | None:
        """Your kingdom's frame for the cursor (None: no human, no cursor)."""
        return None if self.human is None else reach_frame(self._your_kingdom())

    def _cursor_words(self) -> str:
        legal = self.cursor in self.legal_cells()
        return (f"Cursor on {cell_name(self.cursor, self.options.size)}"
                + (": press Enter to put the first half here." if legal else "."))

    def discard(self) -> bool:
        """Discard your domino — the rules allow it only when it fits nowhere."""
        dom = self.domino_to_place()
        if dom is None:
            self._say("Nothing to discard now.", "error")
            return False
        return self.apply(Discard(dom))

    def hint(self) -> Advice | None:
        """Advice for your move (see the module): shown on the table and returned; None, with
        the reason said, when hints are off or it is not your turn. Nothing changes in the
        game."""
        if not self.hints:
            self._say("Hints are off for this table (the teacher's switch).", "error")
            return None
        if not self.your_turn():
            self._say("A hint is for your turn" + (": the game is over." if self.game.is_over
                                                   else "."), "error")
            return None
        human = self.human
        if human is None:
            raise InvariantError("expected human is not None")
        self.advice = advise(self.game, human, seed=seat_seed(self.seed, human))
        self._say(advice_text(self.advice, self.options.size), "info")
        return self.advice

    def step(self) -> bool:
        """Let the bot whose turn it is act once (for bots-only tables); False if none can."""
        p = self.game.current_player
        if p is None or p == self.human:
            return False
        self._bot_act(p)
        self._say(self._hint(), "info")
        return True

    def play_to_end(self) -> None:
        """Let the bots play until the game is over or it is your turn."""
        self._advance(stop_for_bots=False)
        self._say(self._hint(), "info")

    def _bot_act(self, p: int) -> None:
        game = self.game
        actions = game.legal_actions()
        action = actions[0] if len(actions) == 1 else \
            self.bots[p].choose(game.observation(p), actions)
        game.apply(action, player=p)
        self._note(p, action)

    def _advance(self, stop_for_bots: bool = True) -> None:
        """Bots act until the human must choose; forced moves of the human are played too."""
        game = self.game
        while not game.is_over:
            p = game.current_player
            if p is None:
                raise InvariantError("expected p is not None")
            if p != self.human:
                if self.human is None and stop_for_bots:
                    return
                self._bot_act(p)
                continue
            actions = game.legal_actions()
            forced = len(actions) == 1 and not isinstance(actions[0], Placement)
            if not forced:
                return
            game.apply(actions[0], player=p)
            self._note(p, actions[0], forced=True)

    def _note(self, player: int, action: Action, forced: bool = False) -> None:
        who = self.player_name(player).capitalize()
        if isinstance(action, Claim):
            text = f"{who} claimed domino {action.domino.number}"
        elif isinstance(action, Discard):
            text = f"{who} discarded domino {action.domino.number} (it fits nowhere)"
        else:
            first, second = (cell_name(c, self.options.size) for c in action.cells)
            text = f"{who} placed domino {action.domino.number} on {first},{second}"
        self._log.append(text + (" (forced)" if forced else "") + ".")
        del self._log[:-LOG_LINES]

    # ------------------------------------------------------------------ messages
    def _hint(self) -> str:
        game = self.game
        if game.is_over:
            winners = game.winners()
            names = " and ".join(self.player_name(p) for p in winners)
            verb = "win" if winners == [self.human] else ("share victory" if len(winners) > 1
                                                          else "wins")
            return f"Game over: {names} {verb} with {max(game.scores())} points."
        if not self.your_turn():
            return f"{self._whose_turn().capitalize()} to play: press Step."
        if game.phase == "claim":
            return "Your turn: claim a domino of the line (click it)."
        return self.controls.hint(self.domino_to_place(), self._your_kingdom(),
                                  self.legal_cells(), lead="Your turn: place domino")

    def _say(self, text: str, kind: str) -> None:
        dom = self.domino_to_place()
        self.controls.deal([dom.number] if dom is not None and self.your_turn() else [])
        self._kind = kind
        self.message = text
        self.scores = self.game.scores()
        self.html = self.markup()

    # ------------------------------------------------------------------ browser events
    def press(self, name: str, data: Mapping[str, str]) -> bool:
        """Answer a button of the table (claim, rotate, discard, hint, step, play, new); False
        for another name."""
        if name == "claim":
            self.claim(int(data["domino"]))
        elif name == "step":
            if not self.step():
                self._say("No bot to move now.", "error")
        elif name == "play":
            self.play_to_end()
        elif name == "new":
            self.new_game()
        elif name in ("rotate", "discard", "hint"):
            getattr(self, name)()
        else:
            return False
        return True

    # ------------------------------------------------------------------ rendering
    def _king(self, king: int) -> str:
        player = self.game.owner(king)
        colour = KING_COLOURS[player]
        return (f'<span class="kk-king" data-king="{king}" style="background: {colour}">'
                f"{escape(self.player_name(player))}</span>")

    def markup(self) -> str:
        """The table as HTML."""
        game = self.game
        o = self.options
        status = "game over" if game.is_over else (
            f"{self.round_words()} · {game.phase} · {self.turn_words()}")
        order = []
        for i, king in enumerate(game.order):
            mark = " ▶" if i == game.turn and not game.is_over else ""
            order.append(f"{self._king(king)}{mark}")
        to_place = []
        for king in game.order:
            dom = game.to_place[king]
            if dom is not None:
                to_place.append(f'<span class="kk-line-domino kk-to-place">{self._king(king)}'
                                f"{dom.number} {domino_svg(dom)}</span>")
        line = []
        claiming = self.your_turn() and game.phase == "claim"
        for dom, claimer in zip(game.line, game.claims, strict=True):
            if claimer is None and claiming:
                line.append(f'<button class="kk-line-domino kk-claimable" data-kk-action="claim" '
                            f'data-domino="{dom.number}" title="claim domino {dom.number}" '
                            f'aria-label="claim {escape(domino_words(dom))}">'
                            f"{dom.number} {domino_svg(dom)}</button>")
            else:
                owner = self._king(claimer) if claimer is not None else ""
                line.append(f'<span class="kk-line-domino">{dom.number} {domino_svg(dom)}'
                            f"{owner}</span>")
        kingdoms = [self._kingdom_panel(p) for p in range(o.players)]
        controls = [button("Rotate ↻", "rotate", enabled=self.domino_to_place() is not None
                           and self.your_turn())]
        dom = self.domino_to_place()
        if self.your_turn() and dom is not None:
            kingdom = self._your_kingdom()
            controls.append(button("Discard", "discard", enabled=not kingdom.can_place(dom),
                                   title="only when the domino fits nowhere"))
        if self.hints and self.human is not None:
            controls.append(button("Hint", "hint", enabled=self.your_turn(),
                                   title="strong's move; in the endgame, the exact cost of "
                                   "every option",
                                   name="Hint: strong's move, and in the endgame what each "
                                   "option costs against perfect play"))
        if self.human is None:
            controls.append(button("Step", "step", enabled=not game.is_over))
            controls.append(button("Play to the end", "play", enabled=not game.is_over))
        controls.append(button("New game", "new"))
        results = self._results() if game.is_over else ""
        hint = advice_markup(self.advice, o.size) if self.advice is not None else ""
        log = "".join(f"<li>{escape(line)}</li>" for line in self._log)
        keys = ' data-kk-keys="draft"' if self.your_turn() and game.phase == "place" else ""
        name = escape("Kingdomino table: " + KEYS_HELP)
        return (f'<div class="kk-draft kk-keys" data-players="{o.players}"{keys} '
                f'data-kk-name="{name}">'
                f'<div class="kk-status"><b>{escape(status)}</b> · kings: {" ".join(order)}</div>'
                f'<div class="kk-line kk-current-line"><span>To place:</span>'
                f'{"".join(to_place) or " —"}</div>'
                f'<div class="kk-line kk-next-line"><span>Line:</span>{"".join(line) or " —"}'
                f'</div><div class="kk-controls">{"".join(controls)}</div>'
                f'<div class="kk-message kk-{self._kind}">{escape(self.message)}</div>'
                f'{hint}{results}<div class="kk-table-kingdoms">{"".join(kingdoms)}</div>'
                f'<ul class="kk-log">{log}</ul></div>')

    def _kingdom_panel(self, player: int) -> str:
        game = self.game
        kingdom = game.kingdom(player)
        current = " kk-current" if player == game.current_player else ""
        score = game.scores()[player]
        head = (f'<div class="kk-player-head" style="border-left-color: {KING_COLOURS[player]}">'
                f"<b>{escape(self.player_name(player))}</b> · "
                f'<span class="kk-player-score">{score}</span> points</div>')
        dom = self.domino_to_place()
        owner = "your" if player == self.human else f"{self.player_name(player)}'s"
        about = f"{owner} kingdom, {score} points"
        if player == self.human and self.your_turn() and dom is not None:
            body = kingdom_grid(kingdom, legal=self.legal_cells(), direction=self.rotation,
                                ghost=dom, cell=34, cursor=self.cursor,
                                description=about + ": arrows move the cursor, Enter places")
        elif player == self.human:
            body = kingdom_grid(kingdom, clickable=False, cell=34, description=about)
        else:
            body = kingdom_grid(kingdom, clickable=False, cell=28, badges=False,
                                frame=compact_frame(kingdom), description=about)
        return (f'<div class="kk-player{current}" data-player="{player}" '
                f'style="border-color: {KING_COLOURS[player]}">{head}{body}</div>')

    def _results(self) -> str:
        game = self.game
        winners = set(game.winners())
        rows = []
        for r in game.results():
            win = ' class="kk-winner"' if r["player"] in winners else ""
            rows.append(f"<tr{win}><td>{escape(self.player_name(r['player']))}"
                        f"{' ★' if win else ''}</td><td>{r['score']}</td>"
                        f"<td>{r['largest_property']}</td><td>{r['crowns']}</td>"
                        f"<td>{r['bonus']}</td></tr>")
        return table("kk-results kk-breakdown",
                     ("player", "score", "largest property", "crowns", "bonus"), rows)

    def picture(self) -> str:
        """The table as a still picture: the round, then every player's kingdom and score."""
        game = self.game
        scores = game.scores()
        boards = []
        for player in range(self.options.players):
            kingdom = game.kingdom(player)
            boards.append(column_svg(
                [text_svg(f"{self.player_name(player)}: {scores[player]} points", bold=True),
                 kingdom_svg(kingdom, cell=28, frame=compact_frame(kingdom))],
                words=f"{self.player_name(player)}: {scores[player]} points", gap=2))
        head = "game over" if game.is_over else f"{self.round_words()} · {self.turn_words()}"
        parts = [text_svg(head)]
        if game.line and not game.is_over:
            parts.append(dominoes_svg(game.line, words="the line of dominoes to claim"))
        parts.append(row_svg(boards, words="the kingdoms", gap=16))
        return column_svg(parts, words=self.picture_words())

    def picture_words(self) -> str:
        scores = self.game.scores()
        return (f"A game of {self.options.players} players, "
                + ("game over" if self.game.is_over else self.round_words()) + "; scores "
                + ", ".join(f"{self.player_name(p)} {scores[p]}"
                            for p in range(self.options.players))
                + ". Run the notebook to play.")

    def __repr__(self) -> str:
        state = "over" if self.game.is_over else f"round {self.game.round}, {self.phase}"
        return (f"DraftTable({self.options.players} players, seed={self.seed}, {state}, "
                f"scores={self.game.scores()})")

