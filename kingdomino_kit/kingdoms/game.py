"""A game of Kingdoms: epochs, turns, the seed's variants, a log and a replayer that re-checks it.

Rules (:class:`KingdomsRules`) are separate from the state (:class:`KingdomsGame`). Seats are the
letters ``a``, ``b``, … clockwise. Choices where the rules are silent: ties for "richest player
first" go to the earliest seat letter; a tie at the end shares the win; under *open tiles* every
tile (the secret ones too) is face up and a draw names the tile taken; *score as you go* scores a
whole row or column when it fills; *until the last castle* has no fixed number of epochs, with a
guard of ``max_epochs``.

>>> from kingdomino_kit.bots import RandomBot
>>> game = play_game(KingdomsRules(players=2), [RandomBot(1), RandomBot(2)], seed=7)
>>> game.is_over, game.epoch, len(game.epochs)
(True, 3, 3)
>>> replay(game.to_log()).gold == game.gold
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from kingdomino_kit.bots import Bot, BotFunction, as_bot
from kingdomino_kit.errors import InvariantError, LogError
from kingdomino_kit.grid import Cell
from kingdomino_kit.infra.untrusted import check_fields, json_object, shown
from kingdomino_kit.kingdoms.actions import Action
from kingdomino_kit.kingdoms.board import Board, cell_name
from kingdomino_kit.kingdoms.errors import IllegalAction, KingdomsError, ReplayError
from kingdomino_kit.kingdoms.render import board_svg
from kingdomino_kit.kingdoms.scoring import Scoring, line_cells, line_names, score_board
from kingdomino_kit.kingdoms.tiles import PLAYERS, Castle, Tile, castle_supply, tile_set
from kingdomino_kit.logs import LOG_FORMATS, check_bots, check_format, check_keys
from kingdomino_kit.seeds import plain_seed

__all__ = ["KingdomsRules", "Observation", "EpochResult", "KingdomsGame", "play_game", "replay",
           "LOG_FORMAT"]

LOG_FORMAT = LOG_FORMATS["kingdoms"][0]
"""The name of the Kingdoms game log format, ``kingdomino-kit/kingdoms-log/1`` (a log without a
``format`` field is read as this one)."""


@dataclass(frozen=True)
class KingdomsRules:
    """The game's configuration: player count, edition and the seed's variants.

    >>> KingdomsRules(players=5)
    Traceback (most recent call last):
    ...
    kingdomino_kit.kingdoms.errors.KingdomsError: Kingdoms is for 2–4 players, not 5
    """

    players: int = 2
    wizard: bool = False
    until_last_castle: bool = False
    open_tiles: bool = False
    score_as_you_go: bool = False
    epochs: int = 3
    max_epochs: int = 12
    start_gold: int = 50

    MAX_EPOCHS = 100
    """The largest ``max_epochs`` (the guard of *until the last castle*)."""
    GOLD_LIMIT = 1_000_000
    """The largest ``start_gold``."""

    def __post_init__(self) -> None:
        check_fields(self, KingdomsError, "rules.")
        castle_supply(self.players)  # checks the player count
        if not 1 <= self.max_epochs <= self.MAX_EPOCHS:
            raise KingdomsError(f"rules.max_epochs: must be 1–{self.MAX_EPOCHS}, not "
                                f"{self.max_epochs}")
        if not 1 <= self.epochs <= self.max_epochs:
            raise KingdomsError(f"epochs must be 1–{self.max_epochs}, not {self.epochs}")
        if not 0 <= self.start_gold <= self.GOLD_LIMIT:
            raise KingdomsError(f"rules.start_gold: must be 0–{self.GOLD_LIMIT:,}, not "
                                f"{self.start_gold}")

    @property
    def seats(self) -> str:
        """The player letters in seat order."""
        return PLAYERS[: self.players]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> KingdomsRules:
        """Rules from a dict written by ``asdict`` (unknown keys are an error).

        >>> KingdomsRules.from_json({"players": 2, "start_gold": "50"})
        Traceback (most recent call last):
        ...
        kingdomino_kit.kingdoms.errors.KingdomsError: rules.start_gold: must be an integer, \
not '50'
        """
        if not isinstance(data, dict):
            raise KingdomsError(f"rules: must be an object, not {shown(data)}")
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise KingdomsError(f"rules: unknown rule {shown(key)} (known: "
                                    f"{', '.join(sorted(known))})")
        return cls(**data)


@dataclass(frozen=True)
class Observation:
    """What one player sees: the board, everyone's gold and castles in hand, their own secret
    tile (all secrets under open tiles), the tiles left, and the tile they have just drawn."""

    player: str
    to_move: str
    epoch: int
    rules: KingdomsRules
    board: Board
    gold: dict[str, int] = field(hash=False)
    hands: dict[str, dict[int, int]] = field(hash=False)
    secrets: dict[str, Tile | None] = field(hash=False)
    holds_secret: str = ""
    tiles_left: int = 0
    open_tiles: tuple[Tile, ...] | None = None
    drawn: Tile | None = None


@dataclass(frozen=True)
class EpochResult:
    """One epoch scored: who began, the gold won in it, and everyone's gold after it."""

    epoch: int
    first: str
    won: dict[str, int] = field(hash=False)
    gold: dict[str, int] = field(hash=False)
    board: Board = field(default_factory=Board)


class KingdomsGame:
    """The state of a game; :meth:`apply` changes it only with a legal action.

    >>> g = KingdomsGame(KingdomsRules(players=3), seed=1)
    >>> g.current_player, sorted({a.kind for a in g.legal_actions()})
    ('c', ['castle', 'draw', 'secret'])
    >>> g.apply(Action.parse("castle 4 r1c1")); g.board.at((0, 0))
    Castle('c', 4)
    >>> g.apply(Action.parse("place r1c2"))
    Traceback (most recent call last):
    ...
    kingdomino_kit.kingdoms.errors.IllegalAction: a has drawn no tile to place (pending rule)
    >>> g.apply(Action.parse("castle 1 r1c1"))
    Traceback (most recent call last):
    ...
    kingdomino_kit.kingdoms.errors.IllegalAction: cell r1c1 is taken by c4 (occupied rule)
    """

    def __init__(self, rules: KingdomsRules | None = None, seed: int | None = None) -> None:
        self.rules = rules or KingdomsRules()
        self.seed = random.randrange(2**32) if seed is None else plain_seed(seed)
        self._rng = random.Random(self.seed)
        seats = self.rules.seats
        self.gold = dict.fromkeys(seats, self.rules.start_gold)
        self.hands = {p: castle_supply(self.rules.players) for p in seats}
        self.epoch = 0
        self.epochs: list[EpochResult] = []
        self.turns: list[str] = []
        self.scorings: list[tuple[int, Scoring]] = []
        self.is_over = False
        self._start_epoch()

    # ------------------------------------------------------------------ epochs
    def _start_epoch(self) -> None:
        seats = self.rules.seats
        self.epoch += 1
        self.board = Board()
        tiles = list(tile_set(self.rules.wizard))
        self._rng.shuffle(tiles)
        self.secrets: dict[str, Tile | None] = {p: tiles.pop() for p in seats}
        self.stack = tiles
        self.drawn: Tile | None = None
        self.placed: list[Castle] = []
        self.scored_lines: set[str] = set()
        self._gold_at_start = dict(self.gold)
        if self.epoch == 1:
            first = seats[self._rng.randrange(len(seats))]
        else:
            richest = max(self.gold.values())
            first = next(p for p in seats if self.gold[p] == richest)
        self.first = first
        self.current = seats.index(first)

    def _end_epoch(self) -> None:
        lines = [n for n in line_names() if n not in self.scored_lines]
        if lines:
            self._score(lines)
        won = {p: self.gold[p] - self._gold_at_start[p] for p in self.gold}
        self.epochs.append(EpochResult(self.epoch, self.first, won, dict(self.gold), self.board))
        emptied = any(not any(hand.values()) for hand in self.hands.values())
        for castle in self.placed:
            if castle.rank == 1:
                self.hands[castle.player][1] += 1
        if self.rules.until_last_castle:
            self.is_over = emptied or self.epoch >= self.rules.max_epochs
        else:
            self.is_over = self.epoch >= self.rules.epochs
        if not self.is_over:
            self._start_epoch()

    def _score(self, lines: list[str]) -> None:
        scoring = score_board(self.board, players=self.rules.seats, lines=lines)
        for p, g in scoring.gold.items():
            self.gold[p] += g
        self.scored_lines.update(lines)
        self.scorings.append((self.epoch, scoring))

    # ------------------------------------------------------------------ queries
    @property
    def current_player(self) -> str:
        """The letter of the player to move."""
        return self.rules.seats[self.current]

    def _can_move(self, player: str) -> bool:
        if self.board.is_full:
            return False
        return bool(any(self.hands[player].values()) or self.secrets[player] or self.stack)

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to move (pass only when nothing else is legal).

        >>> g = KingdomsGame(KingdomsRules(players=2), seed=1)
        >>> len(g.legal_actions())   # 4 ranks × 30 cells, a draw, a secret on 30 cells
        151
        """
        if self.is_over:
            return []
        empty = self.board.empty_cells()
        if self.drawn is not None:
            return [Action.place(cell) for cell in empty]
        player = self.current_player
        actions = [Action.castle(rank, cell) for rank, n in sorted(self.hands[player].items())
                   if n for cell in empty]
        if self.stack and empty:
            if self.rules.open_tiles:
                actions += [Action.draw(t) for t in sorted(set(self.stack))]
            else:
                actions.append(Action.draw())
        if self.secrets[player] is not None:
            actions += [Action.secret(cell) for cell in empty]
        return actions or [Action.pass_()]

    def observation(self, player: str | None = None) -> Observation:
        """What ``player`` (default: the one to move) may see."""
        player = player or self.current_player
        show = self.rules.open_tiles
        return Observation(
            player=player, to_move=self.current_player, epoch=self.epoch, rules=self.rules,
            board=self.board, gold=dict(self.gold),
            hands={p: dict(h) for p, h in self.hands.items()},
            secrets={p: s for p, s in self.secrets.items() if show or p == player},
            holds_secret="".join(p for p, s in self.secrets.items() if s is not None),
            tiles_left=len(self.stack),
            open_tiles=tuple(sorted(self.stack)) if show else None,
            drawn=self.drawn if player == self.current_player else None)

    @property
    def winners(self) -> list[str]:
        """The richest players (all of them on a tie) once the game is over."""
        if not self.is_over:
            return []
        best = max(self.gold.values())
        return [p for p, g in self.gold.items() if g == best]

    # ------------------------------------------------------------------ actions
    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` (naming the rule) unless ``action`` is legal now."""
        player = self.current_player
        if self.is_over:
            raise IllegalAction("the game is over", "over")
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {shown(action)}", "kind")
        if action.cell is not None:
            try:
                occupant = self.board.at(action.cell)
            except KingdomsError as error:
                raise IllegalAction(str(error), "off-board") from None
            except (TypeError, ValueError):
                raise IllegalAction(f"a cell is a (row, column) pair, not {shown(action.cell)}",
                                    "off-board") from None
            if occupant is not None:
                raise IllegalAction(f"cell {cell_name(action.cell)} is taken by {occupant}",
                                    "occupied")
        if self.drawn is not None and action.kind != "place":
            raise IllegalAction(f"{player} must first place the tile drawn ({self.drawn})",
                                "pending")
        if action.kind == "castle":
            if self.hands[player].get(action.rank, 0) < 1:
                raise IllegalAction(f"{player} has no castle of rank {action.rank} left",
                                    "no-castle")
        elif action.kind == "draw":
            if not self.stack:
                raise IllegalAction("no face-down tile is left", "no-tile")
            if self.rules.open_tiles != (action.tile is not None):
                need = "name the tile to take" if self.rules.open_tiles else "name no tile"
                raise IllegalAction(f"a draw must {need} in this game", "no-tile")
            if action.tile is not None and action.tile not in self.stack:
                raise IllegalAction(f"no tile {action.tile} is left to take", "no-tile")
        elif action.kind == "place":
            if self.drawn is None:
                raise IllegalAction(f"{player} has drawn no tile to place", "pending")
        elif action.kind == "secret":
            if self.secrets[player] is None:
                raise IllegalAction(f"{player} has no secret tile left", "no-secret")
        elif action.kind == "pass":
            if self.legal_actions() != [Action.pass_()]:
                raise IllegalAction(f"{player} may pass only when nothing else is possible",
                                    "pass")
        else:
            raise IllegalAction(f"unknown action kind {shown(action.kind)}", "kind")
        if action.kind in ("castle", "place", "secret") and action.cell is None:
            raise IllegalAction(f"{action.kind} needs a cell", "kind")

    def apply(self, action: Action) -> None:
        """Play ``action`` for the player to move; an illegal one raises and changes nothing."""
        self.check(action)
        player = self.current_player
        record = f"{player} {action}"
        if action.kind == "draw":
            tile = action.tile or self.stack[-1]
            self.stack.remove(tile)
            self.drawn = tile
            if action.tile is None:
                record += f" {tile}"
            self.turns.append(record)
            return
        if action.kind == "castle":
            if action.cell is None:
                raise InvariantError("expected action.cell is not None")
            castle = Castle(player, action.rank)
            self.hands[player][action.rank] -= 1
            self.placed.append(castle)
            self.board = self.board.place(action.cell, castle)
        elif action.kind in ("place", "secret"):
            if action.cell is None:
                raise InvariantError("expected action.cell is not None")
            put = self.drawn if action.kind == "place" else self.secrets[player]
            if put is None:
                raise InvariantError("expected put is not None")
            self.board = self.board.place(action.cell, put)
            if action.kind == "place":
                self.drawn = None
            else:
                self.secrets[player] = None
        self.turns.append(record)
        if action.cell is not None and self.rules.score_as_you_go:
            self._score_full_lines(action.cell)
        self._advance()

    def _score_full_lines(self, cell: Cell) -> None:
        lines = [f"row {cell[0] + 1}", f"column {cell[1] + 1}"]
        full = [n for n in lines if n not in self.scored_lines
                and self.board.line_full(line_cells(n))]
        if full:
            self._score(full)

    def _advance(self) -> None:
        seats = self.rules.seats
        if self.board.is_full or not any(self._can_move(p) for p in seats):
            self._end_epoch()
            return
        self.current = (self.current + 1) % len(seats)

    # ------------------------------------------------------------------ log
    def to_log(self) -> dict[str, Any]:
        """The game as JSON-ready data: rules, seed, every turn, every epoch's result.

        >>> g = KingdomsGame(KingdomsRules(players=2), seed=1)
        >>> g.apply(Action.draw()); g.to_log()["turns"]
        ['a draw +2']
        """
        return {
            "format": LOG_FORMAT,
            "rules": asdict(self.rules),
            "seed": self.seed,
            "turns": list(self.turns),
            "epochs": [{"epoch": e.epoch, "first": e.first, "won": e.won, "gold": e.gold,
                        "board": e.board.to_text()} for e in self.epochs],
            "gold": dict(self.gold),
            "over": self.is_over,
            "winners": self.winners,
        }

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.current_player} to move"
        return f"<KingdomsGame epoch {self.epoch}, {state}, gold {self.gold}>"

    def _repr_svg_(self) -> str:
        return board_svg(self.board, title=f"epoch {self.epoch} · gold " + " ".join(
            f"{p} {g}" for p, g in self.gold.items()))

    def _repr_html_(self) -> str:
        """The picture inline, an image with alt text (as ``Kingdom._repr_html_``)."""
        return self._repr_svg_()


def play_game(rules: KingdomsRules, bots: Sequence[Bot | BotFunction],
              seed: int | None = None) -> KingdomsGame:
    """Play a whole game, seat ``a`` taking ``bots[0]`` and so on; returns the finished game.

    >>> from kingdomino_kit.bots import RandomBot
    >>> g = play_game(KingdomsRules(players=2), [RandomBot(1), RandomBot(2)], seed=5)
    >>> g.is_over, len(g.epochs), all(e.board.is_full for e in g.epochs)
    (True, 3, True)
    """
    if len(bots) != rules.players:
        raise KingdomsError(f"{rules.players} players need {rules.players} bots, not {len(bots)}")
    players = [as_bot(b) for b in bots]
    game = KingdomsGame(rules, seed)
    while not game.is_over:
        actions = game.legal_actions()
        seat = game.current
        game.apply(players[seat].choose(game.observation(), actions))
    return game


LOG_FIELDS = frozenset({"format", "rules", "seed", "turns", "epochs", "gold", "over", "winners",
                        "bots", "bot_seeds"})
"""The fields of a log (``bots``, the seats' bot names, and ``bot_seeds``, the version of the
recipe that seeded them, are annotations the command line adds; they are not replayed)."""


def replay(log: dict[str, Any] | str) -> KingdomsGame:
    """Replay a log from :meth:`KingdomsGame.to_log`, re-checking every action, every drawn tile,
    every epoch's result (its first player, gold won, gold after and board), the final gold, the
    end of the game and the winners; raises :class:`ReplayError` naming the turn or the field.

    >>> replay({"format": LOG_FORMAT, "rules": {"players": 2}, "seed": 1, "turns": ["a pass"]})
    Traceback (most recent call last):
    ...
    kingdomino_kit.kingdoms.errors.ReplayError: turn 1 ('a pass'): a may pass only when ...
    >>> replay({"format": LOG_FORMAT, "rules": {"players": 2}, "seed": 1, "turns": []})
    Traceback (most recent call last):
    ...
    kingdomino_kit.kingdoms.errors.ReplayError: the log ends before the game does (epoch 1, \
turn 1: a to move)
    """
    log = json_object(log, "a log", error=ReplayError,
                      source=f"not a Kingdoms log (format {LOG_FORMAT!r})")
    try:
        check_format(log, "kingdoms", default=LOG_FORMAT)
    except LogError as error:
        raise ReplayError(f"not a Kingdoms log: {error}") from None
    try:
        check_keys(log, LOG_FIELDS, "the log")
        rules = KingdomsRules.from_json(log.get("rules", {}))
        check_bots(log, rules.players)
    except (KingdomsError, LogError) as error:
        raise ReplayError(f"log header: {error}") from None
    seed = log.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ReplayError(f"log header: seed: must be an integer, not {shown(seed)}")
    game = KingdomsGame(rules, seed)
    turns = log.get("turns")
    if not isinstance(turns, list):
        raise ReplayError(f"field 'turns': must be a list of turns, not {shown(turns)}")
    for n, entry in enumerate(turns, start=1):
        _replay_turn(game, n, entry)
    if not game.is_over:
        raise ReplayError(f"the log ends before the game does (epoch {game.epoch}, turn "
                          f"{len(turns) + 1}: {game.current_player} to move)")
    _check_end(game, log)
    return game


def _replay_turn(game: KingdomsGame, n: int, entry: Any) -> None:
    where = f"turn {n} ({shown(entry)})"
    if not isinstance(entry, str):
        raise ReplayError(f"{where}: a turn is text such as 'a castle 3 r2c4'")
    player, _, text = entry.partition(" ")
    if game.is_over or player != game.current_player:
        who = "nobody" if game.is_over else game.current_player
        raise ReplayError(f"{where}: {who} is to move, not {shown(player)}")
    rules = game.rules
    try:
        action = Action.parse(text)
        logged_tile = None
        if action.kind == "draw" and not rules.open_tiles:
            logged_tile, action = action.tile, Action.draw()
        if action.kind == "draw" and logged_tile is None and not rules.open_tiles:
            raise ReplayError(f"{where}: a draw must record the tile drawn")
        game.apply(action)
    except ReplayError:
        raise
    except KingdomsError as error:
        raise ReplayError(f"{where}: {error}") from None
    if logged_tile is not None and logged_tile != game.drawn:
        raise ReplayError(f"{where}: the stack gives {game.drawn}, the log says {logged_tile}")


def _check_end(game: KingdomsGame, log: dict[str, Any]) -> None:
    """The log's epochs, final gold, ``over`` and winners against the replay's."""
    epochs = log.get("epochs")
    if not isinstance(epochs, list) or len(epochs) != len(game.epochs):
        given = f"{len(epochs)}" if isinstance(epochs, list) else shown(epochs)
        raise ReplayError(f"field 'epochs': the game has {len(game.epochs)} epochs, the log "
                          f"{given}")
    for n, (result, mine) in enumerate(zip(epochs, game.epochs, strict=True), start=1):
        want = {"epoch": mine.epoch, "first": mine.first, "won": mine.won, "gold": mine.gold,
                "board": mine.board.to_text()}
        if not isinstance(result, dict):
            raise ReplayError(f"epoch {n}: must be an object, not {shown(result)}")
        for key, value in result.items():
            if key not in want:
                raise ReplayError(f"epoch {n}: a field the rules do not compute: {shown(key)}")
            if not _same(value, want[key]):
                raise ReplayError(f"epoch {n}: the log says {key} {shown(value)}, the replay "
                                  f"gives {shown(want[key])}")
        if "gold" not in result:
            raise ReplayError(f"epoch {n}: no 'gold'")
    if not _same(log.get("gold"), game.gold):
        raise ReplayError(f"final gold: the log says {shown(log.get('gold'))}, the replay gives "
                          f"{game.gold}")
    if "over" in log and log["over"] is not True:
        raise ReplayError(f"field 'over': the game is over, not {shown(log['over'])}")
    if not _same(log.get("winners"), game.winners):
        raise ReplayError(f"winners: the winners are {game.winners}, not "
                          f"{shown(log.get('winners'))}")


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values (``True`` is not ``1``; ``1.0`` is not ``1``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)
