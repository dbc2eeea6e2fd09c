"""Kingdoms games: whole games with every variant play to the end and replay clean; the
engine's bookkeeping is checked against the boards each epoch left behind."""

from __future__ import annotations

import copy
import json
import re
from collections import Counter

import pytest

from kingdomino_kit.bots import RandomBot
from kingdomino_kit.kingdoms import (
    Action,
    IllegalAction,
    KingdomsGame,
    KingdomsRules,
    ReplayError,
    play_game,
    replay,
    score_board,
)
from kingdomino_kit.kingdoms.board import check_supply
from kingdomino_kit.kingdoms.bots import GreedyBot
from kingdomino_kit.kingdoms.tiles import Castle, castle_supply

VARIANTS = [
    KingdomsRules(players=2),
    KingdomsRules(players=3),
    KingdomsRules(players=4),
    KingdomsRules(players=3, wizard=True),
    KingdomsRules(players=2, open_tiles=True),
    KingdomsRules(players=4, score_as_you_go=True),
    KingdomsRules(players=2, until_last_castle=True),
    KingdomsRules(players=3, until_last_castle=True, score_as_you_go=True, open_tiles=True),
]


def _play(rules: KingdomsRules, seed: int) -> KingdomsGame:
    bots = [RandomBot(seed + i) for i in range(rules.players)]
    return play_game(rules, bots, seed=seed)


def _hands_at_start(game: KingdomsGame) -> list[dict[str, Counter[int]]]:
    """Each epoch's castles in hand, rebuilt from the boards: rank-1 castles come back,
    the others are gone once played."""
    hands = {p: Counter(castle_supply(game.rules.players)) for p in game.rules.seats}
    out = []
    for result in game.epochs:
        out.append({p: Counter(h) for p, h in hands.items()})
        for _, castle in result.board.castles():
            if castle.rank > 1:
                hands[castle.player][castle.rank] -= 1
    return out


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: ",".join(
    f"{k}={v}" for k, v in vars(r).items() if v != getattr(KingdomsRules(), k)))
def test_games_play_to_the_end_and_replay(rules: KingdomsRules) -> None:
    for seed in range(3):
        game = _play(rules, seed)
        assert game.is_over
        again = replay(json.loads(json.dumps(game.to_log())))
        assert again.to_log() == game.to_log()
        gold = dict.fromkeys(rules.seats, rules.start_gold)
        starts = _hands_at_start(game)
        for n, result in enumerate(game.epochs):
            board = result.board
            check_supply([p for _, p in board.items()], wizard=rules.wizard)
            if not rules.until_last_castle:
                assert board.is_full
            # a full line never changes again, so scoring as you go adds up to the same gold
            won = score_board(board, players=rules.seats).gold
            assert result.won == won
            gold = {p: gold[p] + won[p] for p in gold}
            assert result.gold == gold
            # castles on the board never exceed what the player held at the epoch's start
            for p in rules.seats:
                placed = Counter(c.rank for _, c in board.castles() if c.player == p)
                assert all(placed[r] <= starts[n][p][r] for r in placed)
            # richest first from epoch 2 on (earliest seat on a tie)
            if n > 0:
                before = game.epochs[n - 1].gold
                assert result.first == next(p for p in rules.seats
                                            if before[p] == max(before.values()))
        assert game.gold == gold
        assert game.winners == [p for p in rules.seats if gold[p] == max(gold.values())]
        if rules.until_last_castle:
            emptied = [any(Counter(c.rank for _, c in e.board.castles() if c.player == p)
                           == +starts[n][p] for p in rules.seats)
                       for n, e in enumerate(game.epochs)]
            assert emptied[-1] or len(game.epochs) == rules.max_epochs
            assert not any(emptied[:-1])
        else:
            assert len(game.epochs) == rules.epochs


def test_same_seed_same_game() -> None:
    a = play_game(KingdomsRules(players=3), [RandomBot(1), RandomBot(2), RandomBot(3)], seed=9)
    b = play_game(KingdomsRules(players=3), [RandomBot(1), RandomBot(2), RandomBot(3)], seed=9)
    assert a.to_log() == b.to_log()


def test_illegal_actions_change_nothing() -> None:
    game = KingdomsGame(KingdomsRules(players=2), seed=4)
    bot = RandomBot(0)
    for _ in range(15):
        game.apply(bot.choose(game.observation(), game.legal_actions()))
    taken = next(cell for cell, _ in game.board.items())
    empty = game.board.empty_cells()[0]
    illegal = [(Action.castle(1, taken), "occupied"), (Action.place(empty), "pending"),
               (Action.draw(game.stack[0]), "no-tile"), (Action.pass_(), "pass"),
               (Action.castle(1, (5, 0)), "off-board")]
    for action, rule in illegal:
        before = (game.to_log(), game.board, copy.deepcopy(game.hands), list(game.stack),
                  dict(game.secrets), game.current)
        with pytest.raises(IllegalAction) as error:
            game.apply(action)
        assert error.value.rule == rule
        assert before == (game.to_log(), game.board, game.hands, game.stack, game.secrets,
                          game.current)
    game.apply(Action.draw())
    with pytest.raises(IllegalAction, match="must first place"):
        game.apply(Action.castle(1, empty))
    game.apply(Action.place(empty))


def test_spent_castles_and_secrets_are_refused() -> None:
    game = KingdomsGame(KingdomsRules(players=2), seed=2)
    p = game.current_player
    game.apply(Action.castle(4, (0, 0)))
    game.apply(Action.secret((0, 1)))   # the other player
    with pytest.raises(IllegalAction, match=f"{p} has no castle of rank 4"):
        game.apply(Action.castle(4, (0, 2)))
    game.apply(Action.secret((0, 2)))
    with pytest.raises(IllegalAction) as error:
        game.apply(Action.secret((0, 3)))
    assert error.value.rule == "no-secret"


def test_pass_only_when_nothing_else_is_possible() -> None:
    game = KingdomsGame(KingdomsRules(players=2), seed=1)
    p = game.current_player
    game.hands[p] = dict.fromkeys(game.hands[p], 0)
    game.secrets[p] = None
    game.stack.clear()
    assert game.legal_actions() == [Action.pass_()]
    game.apply(Action.pass_())
    assert game.current_player != p


def test_observation_hides_what_a_player_may_not_see() -> None:
    game = KingdomsGame(KingdomsRules(players=3), seed=5)
    seen = game.observation("a")
    assert set(seen.secrets) == {"a"} and seen.open_tiles is None and seen.tiles_left == 19
    assert seen.holds_secret == "abc"
    game.apply(Action.draw())
    assert game.observation(game.current_player).drawn is not None
    other = next(p for p in "abc" if p != game.current_player)
    assert game.observation(other).drawn is None
    open_game = KingdomsGame(KingdomsRules(players=3, open_tiles=True), seed=5)
    shown = open_game.observation("a")
    assert set(shown.secrets) == {"a", "b", "c"} and len(shown.open_tiles or ()) == 19


def test_first_player_of_epoch_one_is_drawn_by_the_seed() -> None:
    firsts = {KingdomsGame(KingdomsRules(players=4), seed=s).current_player for s in range(40)}
    assert firsts == set("abcd")


def test_replay_catches_a_tampered_log() -> None:
    game = _play(KingdomsRules(players=2), 11)
    log = game.to_log()
    draw = next(i for i, t in enumerate(log["turns"]) if " draw " in t)
    tampered = copy.deepcopy(log)
    player, _, tile = tampered["turns"][draw].split()
    tampered["turns"][draw] = f"{player} draw {'-6' if tile != '-6' else '+1'}"
    with pytest.raises(ReplayError, match=f"turn {draw + 1} .*the stack gives {re.escape(tile)}"):
        replay(tampered)
    tampered = copy.deepcopy(log)
    tampered["gold"]["a"] += 1
    with pytest.raises(ReplayError, match="final gold"):
        replay(tampered)
    tampered = copy.deepcopy(log)
    tampered["epochs"][1]["gold"]["b"] -= 1
    with pytest.raises(ReplayError, match="epoch 2"):
        replay(tampered)
    tampered = copy.deepcopy(log)
    castle = next(i for i, t in enumerate(log["turns"]) if " castle " in t)
    tampered["turns"][castle + 1] = tampered["turns"][castle]
    with pytest.raises(ReplayError, match=f"turn {castle + 2}"):
        replay(tampered)


def test_greedy_beats_random() -> None:
    wins = 0
    for seed in range(6):
        rules = KingdomsRules(players=2)
        game = play_game(rules, [GreedyBot(seed), RandomBot(seed)], seed=seed)
        wins += game.winners == ["a"]
        assert replay(game.to_log()).gold == game.gold
    assert wins >= 5


def test_score_as_you_go_scores_lines_as_they_fill() -> None:
    game = KingdomsGame(KingdomsRules(players=2, score_as_you_go=True), seed=3)
    game.hands["a"][1] = game.hands["b"][1] = 6  # enough castles to fill row 1 with them
    for c in range(6):
        game.apply(Action.castle(1, (0, c)))
        assert ("row 1" in game.scored_lines) == (c == 5)
    assert game.scorings[-1][1].line("row 1")[0].value == 0


def test_rank_one_castles_come_back() -> None:
    game = _play(KingdomsRules(players=4), 8)
    placed = Counter(c.rank for e in game.epochs for _, c in e.board.castles() if c.player == "a")
    assert game.hands["a"][1] == castle_supply(4)[1]
    for rank in (2, 3, 4):
        assert game.hands["a"][rank] == castle_supply(4)[rank] - placed[rank]
    assert isinstance(Castle("a", 1), Castle)
