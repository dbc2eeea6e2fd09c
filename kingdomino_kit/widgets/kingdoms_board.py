"""Clickable Kingdoms boards for Jupyter, on the kit's thin widget view (all rules in Python).

- :class:`ScoringBoard` — click a cell to see its row and column scored, segment by segment.
- :class:`KingdomsTable` — play a game against the kit's bots: pick a castle, draw a tile or
  your secret tile, then click a cell.

The browser only shows the ``html`` trait and reports clicks through the synced ``event`` trait
(see :mod:`kingdomino_kit.widgets.view`); this module imports ipywidgets (through anywidget).

>>> from kingdomino_kit.kingdoms.board import Board
>>> view = ScoringBoard(Board.from_text("+3 a2 -1 . . . / " + ". . . . . . / " * 4))
>>> view.click(0, 1); view.selected, [s.line for s in view.segments]
((0, 1), ['row 1', 'column 2'])
"""

from __future__ import annotations

from collections.abc import Sequence

import traitlets

from kingdomino_kit.bots import Bot, BotFunction, as_bot
from kingdomino_kit.grid import Cell
from kingdomino_kit.kingdoms.actions import Action
from kingdomino_kit.kingdoms.board import COLS, ROWS, Board
from kingdomino_kit.kingdoms.errors import KingdomsError
from kingdomino_kit.kingdoms.game import KingdomsGame, KingdomsRules
from kingdomino_kit.kingdoms.render import board_svg, board_words, cell_words
from kingdomino_kit.kingdoms.scoring import SegmentScore, score_board
from kingdomino_kit.kingdoms.tiles import Tile
from kingdomino_kit.widgets.board_machine import move_cursor
from kingdomino_kit.widgets.markup import button, escape, table
from kingdomino_kit.widgets.picture import StaticPicture, column_svg, text_svg
from kingdomino_kit.widgets.view import ActionView

__all__ = ["ScoringBoard", "KingdomsTable", "KEYS_HELP"]

FRAME = (0, ROWS - 1, 0, COLS - 1)
KEYS_HELP = ("Keys (click the board or Tab to it): arrows move the cursor over the cells, Enter "
             "chooses the cell; Tab reaches the buttons, Enter or Space presses them, Escape "
             "returns to the board.")


def _board_html(head: str, controls: str, message: str, kind: str, svg: str, side: str) -> str:
    """A Kingdoms board's page: the keys, the message line, the board and what is beside it."""
    return (f'<div class="kk-kingdoms kk-keys" data-kk-keys="kingdoms" '
            f'data-kk-name="{escape("Kingdoms board: " + KEYS_HELP)}">'
            f'<div class="kk-score">{head}</div><div class="kk-controls">{controls}</div>'
            f'<div class="kk-message{kind}">{escape(message)}</div>'
            f'<div class="kk-main"><div class="kk-grid">{svg}</div><div>{side}</div></div>'
            f'<div class="kk-keys-help">{escape(KEYS_HELP)}</div></div>')


def _segment_table(segments: Sequence[SegmentScore]) -> str:
    rows = []
    for s in segments:
        gold = " ".join(f"{p}: {s.value} × {s.ranks[p]} = {g:+d}" for p, g in s.gold.items()
                        if s.ranks[p]) or "—"
        rows.append(f"<tr><td>{escape(s.line)}</td><td>{escape(s.span)}</td>"
                    f'<td title="{escape(s.working())}">{escape(s.working())}</td>'
                    f"<td>{escape(gold)}</td></tr>")
    return table("kk-breakdown", ("line", "cells", "value", "gold (value × ranks)"), rows)


class ScoringBoard(StaticPicture, ActionView):
    """A board whose cells explain their row and column when clicked.

    ``gold`` (a trait) holds each player's gold for the whole board.
    """

    gold = traitlets.Dict()

    def __init__(self, board: Board, *, title: str = "") -> None:
        super().__init__()
        self.board = board
        self.title = title
        self.scoring = score_board(board)
        self.gold = self.scoring.gold
        self.selected: Cell | None = None
        self.cursor: Cell = (0, 0)
        self.message = ""
        self._render()

    @property
    def segments(self) -> list[SegmentScore]:
        """The scored segments through the selected cell (row first, then column)."""
        if self.selected is None:
            return []
        r, c = self.selected
        return [s for s in self.scoring.segments
                if self.selected in s.cells and s.line in (f"row {r + 1}", f"column {c + 1}")]

    def click(self, row: int, col: int) -> None:
        """Select a cell (a second click on it clears the selection)."""
        self.selected = None if self.selected == (row, col) else (row, col)
        self._render()

    def key(self, name: str) -> bool:
        """Arrows move the cursor, ``enter`` selects the cell under it; False for other keys.

        >>> from kingdomino_kit.kingdoms.board import Board
        >>> view = ScoringBoard(Board.from_text(". . . . . . / " * 5))
        >>> view.key("right"), view.message, view.key("enter"), view.selected
        (True, 'Cursor on row 1, column 2, empty.', True, (0, 1))
        """
        if name in ("up", "down", "left", "right"):
            self.cursor = move_cursor(self.cursor, name, FRAME)
            self.message = f"Cursor on {cell_words(self.board, self.cursor)}."
            self._render()
            return True
        if name == "enter":
            self.click(*self.cursor)
            return True
        return False

    def handle(self, action: str, data: dict[str, str]) -> None:
        """A browser click on a cell, or a key."""
        if action == "cell":
            self.click(int(data["row"]), int(data["col"]))
        elif action == "key":
            self.key(data.get("key", ""))

    def __repr__(self) -> str:
        gold = ", ".join(f"{p} {g:+d}" for p, g in self.gold.items())
        return f"<ScoringBoard gold {gold}; selected {self.selected}>"

    def picture(self) -> str:
        """The board as a still picture, with the gold of each player."""
        gold = " · ".join(f"{p}: {g:+d}" for p, g in self.gold.items())
        return column_svg([board_svg(self.board, title=self.title or None),
                           text_svg(f"gold {gold}", bold=True)], words=self.picture_words())

    def picture_words(self) -> str:
        gold = ", ".join(f"{p} {g:+d}" for p, g in self.gold.items())
        return (f"{board_words(self.board)}; gold {gold}. Run the notebook to score a row and a "
                "column by clicking a cell.")

    def _render(self) -> None:
        segs = self.segments
        svg = board_svg(self.board, highlight=[s.cells for s in segs], clickable=True,
                        title=self.title or None, cursor=self.cursor, named=True)
        gold = " · ".join(f"{p}: {g:+d}" for p, g in self.gold.items())
        body = _segment_table(segs) if segs else "<p>Click a cell to score its row and column.</p>"
        if self.selected is not None and segs:
            self.message = (f"{cell_words(self.board, self.selected)}: "
                            + "; ".join(f"{x.line} {x.span}: {x.working()}" for x in segs))
        self.html = _board_html(f"gold {escape(gold)}", "", self.message, "", svg, body)


class KingdomsTable(StaticPicture, ActionView):
    """A game of Kingdoms in which ``humans`` (seat letters) click and the others are bots.

    ``message`` and ``to_move`` are traits. Choose what to place (a castle rank, your secret
    tile, or draw a tile), then click an empty cell; bots answer at once.

    >>> from kingdomino_kit.bots import RandomBot
    >>> t = KingdomsTable(KingdomsRules(players=2), bots=[RandomBot(1)], seed=3)
    >>> t.to_move, t.choose_rank(4), t.click(0, 0)
    ('a', None, True)
    >>> t.game.board.at((0, 0)), t.to_move
    (Castle('a', 4), 'a')
    """

    message = traitlets.Unicode("")
    to_move = traitlets.Unicode("")

    def __init__(self, rules: KingdomsRules | None = None, *,
                 bots: Sequence[Bot | BotFunction] = (), humans: str = "a",
                 seed: int = 0) -> None:
        super().__init__()
        self.rules = rules or KingdomsRules()
        self.humans = humans
        others = [p for p in self.rules.seats if p not in humans]
        if len(bots) != len(others):
            raise KingdomsError(f"seats {''.join(others)} need {len(others)} bots, "
                                f"not {len(bots)}")
        self.bots = {p: as_bot(b) for p, b in zip(others, bots, strict=True)}
        self.seed = seed
        self.game = KingdomsGame(self.rules, seed)
        self.mode: tuple[str, int] = ("castle", 0)
        self.cursor: Cell = (0, 0)
        self._kind = "info"
        self._run_bots()
        self._render()

    # ------------------------------------------------------------------ choices
    def choose_rank(self, rank: int) -> None:
        """Place a castle of ``rank`` with the next cell click."""
        hand = self.game.hands[self.humans[0] if len(self.humans) == 1
                               else self.game.current_player]
        if not hand.get(rank):
            self._say(f"No castle of rank {rank} left.", "error")
        else:
            self.mode = ("castle", rank)
        self._render()

    def choose_secret(self) -> None:
        """Place your secret tile with the next cell click."""
        self.mode = ("secret", 0)
        self._render()

    def draw(self, tile: str | None = None) -> bool:
        """Draw a face-down tile (open tiles: take the named one); place it with a click."""
        return self._act(Action.draw(Tile.parse(tile) if tile else None))

    def pass_(self) -> bool:
        """Pass (only when nothing else is possible)."""
        return self._act(Action.pass_())

    def click(self, row: int, col: int) -> bool:
        """Put the chosen piece (the drawn tile first) on a cell; False if illegal."""
        cell = (row, col)
        if self.game.drawn is not None:
            return self._act(Action.place(cell))
        kind, rank = self.mode
        if kind == "secret":
            return self._act(Action.secret(cell))
        if rank == 0:
            self._say("Choose a castle, your secret tile, or draw a tile first.", "error")
            return False
        return self._act(Action.castle(rank, cell))

    def key(self, name: str) -> bool:
        """Arrows move the cursor, ``enter`` clicks the cell under it; False for other keys.

        >>> from kingdomino_kit.bots import RandomBot
        >>> t = KingdomsTable(KingdomsRules(players=2), bots=[RandomBot(1)], seed=3)
        >>> t.choose_rank(4); t.key("down"), t.message
        (True, 'Cursor on row 2, column 1, empty, legal here.')
        >>> t.key("enter"), t.game.board.at((1, 0))
        (True, Castle('a', 4))
        """
        if name in ("up", "down", "left", "right"):
            self.cursor = move_cursor(self.cursor, name, FRAME)
            legal = self.cursor in self._marked()
            self._say(f"Cursor on {cell_words(self.game.board, self.cursor, legal=legal)}.",
                      "info")
            self._render()
            return True
        if name == "enter":
            return self.click(*self.cursor)
        return False

    def new_game(self) -> None:
        """Start again with the next seed."""
        self.seed += 1
        self.game = KingdomsGame(self.rules, self.seed)
        self.mode = ("castle", 0)
        self._say("New game.", "info")
        self._run_bots()
        self._render()

    # ------------------------------------------------------------------ engine
    def _act(self, action: Action) -> bool:
        if self.game.is_over:
            self._say("The game is over.", "error")
            return False
        if self.game.current_player not in self.humans:
            self._say("It is a bot's turn.", "error")
            return False
        try:
            self.game.apply(action)
        except KingdomsError as error:
            self._say(str(error), "error")
            return False
        epochs = len(self.game.epochs)
        player = self.game.turns[-1].split()[0]
        if action.kind == "castle" and not self.game.hands[player][action.rank]:
            self.mode = ("castle", 0)
        self._say(f"{action}.", "ok")
        self._run_bots()
        if len(self.game.epochs) > epochs or self.game.is_over:
            self._report_epochs(epochs)
        self._render()
        return True

    def _run_bots(self) -> None:
        game = self.game
        before = len(game.epochs)
        while not game.is_over and game.current_player not in self.humans:
            bot = self.bots[game.current_player]
            game.apply(bot.choose(game.observation(), game.legal_actions()))
        if len(game.epochs) > before:
            self._report_epochs(before)
        self.to_move = "" if game.is_over else game.current_player

    def _report_epochs(self, since: int) -> None:
        lines = []
        for e in self.game.epochs[since:]:
            lines.append(f"Epoch {e.epoch} scored: " + ", ".join(
                f"{p} {g:+d}" for p, g in e.won.items()))
        if self.game.is_over:
            lines.append("Game over — winner: " + ", ".join(self.game.winners))
        self._say("\n".join(lines), "ok")

    def _say(self, text: str, kind: str) -> None:
        self.message = text
        self._kind = kind

    def handle(self, action: str, data: dict[str, str]) -> None:
        """Answer a browser click (cell, rank, secret, draw, pass, new)."""
        try:
            if action == "cell":
                self.click(int(data["row"]), int(data["col"]))
            elif action == "rank":
                self.choose_rank(int(data["rank"]))
            elif action == "secret":
                self.choose_secret()
            elif action == "draw":
                self.draw(data.get("tile") or None)
            elif action == "pass":
                self.pass_()
            elif action == "new":
                self.new_game()
            elif action == "key":
                self.key(data.get("key", ""))
        except (KeyError, ValueError) as error:
            self._say(f"Cannot do {action!r}: {error}", "error")
        self._render()

    # ------------------------------------------------------------------ rendering
    def _render(self) -> None:
        game = self.game
        me = game.current_player if game.current_player in self.humans else self.humans[0]
        seen = game.observation(me)
        gold = " · ".join(f"{p}: {g}" for p, g in game.gold.items())
        head = f"epoch {game.epoch} · gold {gold}"
        if not game.is_over:
            head += f" · {game.current_player} to move"
        controls = []
        mine = game.current_player == me and not game.is_over
        legal = game.legal_actions() if mine else []
        kinds = {a.kind for a in legal}
        for rank, n in sorted(seen.hands[me].items()):
            chosen = " ✓" if self.mode == ("castle", rank) else ""
            controls.append(button(f"castle {rank} ×{n}{chosen}", "rank", rank=rank,
                                   enabled="castle" in kinds and n > 0))
        secret = seen.secrets.get(me)
        chosen = " ✓" if self.mode[0] == "secret" else ""
        controls.append(button(f"secret {secret if secret else '—'}{chosen}", "secret",
                               enabled="secret" in kinds))
        if self.rules.open_tiles:
            controls += [button(f"take {a.tile}", "draw", tile=str(a.tile), enabled=True)
                         for a in legal if a.kind == "draw"]
        else:
            controls.append(button(f"draw ({seen.tiles_left} left)", "draw",
                                   enabled="draw" in kinds))
        controls.append(button("pass", "pass", enabled="pass" in kinds))
        controls.append(button("new game", "new"))
        if seen.drawn is not None:
            controls.append(f"<span>drawn: <b>{escape(seen.drawn)}</b> — click a cell</span>")
        svg = board_svg(game.board, clickable=True, marked=self._marked(), cursor=self.cursor,
                        named=True)
        last = ""
        if game.epochs:
            e = game.epochs[-1]
            last = (f"<p>last scored board (epoch {e.epoch}):</p>"
                    + _segment_table([s for s in score_board(e.board, players=self.rules.seats)
                                      .segments if any(s.ranks.values())]))
        kind = {"error": " kk-error", "ok": " kk-ok"}.get(self._kind, "")
        self.html = _board_html(escape(head), "".join(controls), self.message, kind, svg, last)

    def _marked(self) -> set[Cell]:
        """The cells where what is chosen may go (none when it is not your turn)."""
        game = self.game
        me = game.current_player if game.current_player in self.humans else self.humans[0]
        if game.current_player != me or game.is_over:
            return set()
        wanted = ("place", 0) if game.drawn is not None else self.mode
        return {a.cell for a in game.legal_actions()
                if a.cell is not None and (a.kind, a.rank) == wanted}

    def picture(self) -> str:
        """The table as a still picture: the board and the gold of each player."""
        game = self.game
        gold = " · ".join(f"{p}: {g}" for p, g in game.gold.items())
        return column_svg([text_svg(f"epoch {game.epoch} · gold {gold}", bold=True),
                           board_svg(game.board)], words=self.picture_words())

    def picture_words(self) -> str:
        game = self.game
        gold = ", ".join(f"{p} {g}" for p, g in game.gold.items())
        return (f"A game of Kingdoms, epoch {game.epoch}, gold {gold}: "
                f"{board_words(game.board)}. Run the notebook to play.")

    def __repr__(self) -> str:
        return f"<KingdomsTable {self.game!r}>"
