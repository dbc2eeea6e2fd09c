"""The exact endgame solver against plain search, on small seeded positions."""

from __future__ import annotations

import random

import pytest

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game import Game, GameOptions
from kingdomino_kit.game.endgame import (
    EndgameError,
    move_values,
    no_chance_left,
    points,
    position,
    solve,
    turns_of,
)
from kingdomino_kit.game.endgame.log import continued_log, log_position
from kingdomino_kit.game.endgame.search import encode
from kingdomino_kit.game.log import replay
from tests.game.endgame_positions import SETTINGS, LazyPositions, random_endgame
from tests.reference import endgame_code, plain_endgame

POSITIONS = LazyPositions(120)


def test_the_positions_are_varied() -> None:
    players = {g.options.players for g, _, _ in POSITIONS}
    modes = {m for _, _, m in POSITIONS}
    assert players == {2, 3, 4} and modes == {"minimax", "maxn", "paranoid"}
    assert sum(1 for g, _, _ in POSITIONS if g.round < g.options.rounds) > 50
    assert sum(1 for g, _, _ in POSITIONS if g.phase == "claim") > 10


@pytest.mark.parametrize("engine", ["python", "compiled"])
@pytest.mark.parametrize("index", range(0, 120, 12))
def test_the_solver_agrees_with_plain_search(index: int, engine: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # two players are searched compiled when numba is there (make test installs it)
    monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "1" if engine == "compiled" else "0")
    for game, want, mode in POSITIONS[index:index + 12]:
        result = solve(game, paranoid=mode == "paranoid")
        assert result.status == "OPTIMAL" and result.mode == mode
        assert result.value == want, (game, mode)
        # the line is legal, ends the game, and reaches the value
        g = game.copy()
        for action in result.line:
            g.apply(action)
        assert g.is_over and list(result.keys) == g.tiebreak_keys()
        codes = [endgame_code(k) for k in g.tiebreak_keys()]
        if mode == "minimax":
            assert codes[0] - codes[1] == want
        elif mode == "paranoid":
            assert codes[result.player] == want
        else:
            assert tuple(codes) == want


def test_every_option_is_valued_as_plain_search_values_it() -> None:
    checked = 0
    for game, _, mode in POSITIONS[:60]:
        if mode == "paranoid":
            continue
        mover = game.current_player
        options = move_values(game)
        assert [o.action for o in options] == game.legal_actions()
        for option in options:
            child = game.copy()
            child.apply(option.action)
            value = plain_endgame(child, mode, 0, 10 ** 6)
            mine = value[mover] if mode == "maxn" else (value if mover == 0 else -value)
            assert option.value == mine
            checked += 1
        assert min(o.cost for o in options) == 0
    assert checked > 50


def test_a_position_reached_two_ways_has_one_value() -> None:
    for game, want, mode in POSITIONS[::10]:
        paranoid = mode == "paranoid"
        # the same state dealt afresh from what a player sees (another history, another deal)
        again = Game.from_observation(game.observation(), random.Random(5))
        assert solve(again, paranoid=paranoid).value == want
        # and the position after the best move, searched on its own, keeps the value
        result = solve(game, paranoid=paranoid)
        child = game.copy()
        child.apply(result.best)
        if child.is_over:
            continue
        assert solve(child, paranoid=paranoid, player=result.player).value == want


def test_the_pruned_search_visits_fewer_nodes_than_plain_ordering(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "0")  # the Python search's nodes
    game = random_endgame(GameOptions(players=2), 3)
    tree, state = position(game)
    tree.ordering = False
    plain = tree.alphabeta(state, -(1 << 62), 1 << 62)
    unordered = tree.nodes
    ordered = solve(game)
    assert ordered.value == plain and ordered.nodes <= unordered


def test_when_chance_is_left() -> None:
    game = Game(GameOptions(players=4), seed=2)
    while game.round < 10:
        game.apply(game.legal_actions()[0])
    # all 48 in play: the last line is known when line 10 is drawn
    assert no_chance_left(game.observation())
    game = Game(GameOptions(players=3), seed=2)  # 12 dominoes removed unseen
    while game.round < 11:
        assert not no_chance_left(game.observation())
        game.apply(game.legal_actions()[0])
    assert no_chance_left(game.observation())
    with pytest.raises(EndgameError, match="chance is left"):
        solve(Game(GameOptions(players=2), seed=1))


@pytest.mark.parametrize("engine", ["python", "compiled"])
def test_the_time_limit_gives_the_best_found(engine: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KINGDOMINO_KIT_COMPILED", "1" if engine == "compiled" else "0")
    game = random_endgame(GameOptions(players=2, variant="mighty-duel"), 1)  # ~37k nodes
    before = game.observation()
    result = solve(game, time_limit=0.001)
    assert result.status == "UNKNOWN" and game.observation() == before
    g = game.copy()
    for action in result.line:
        g.apply(action)
    assert g.is_over and result.best == result.line[0]


def test_bad_arguments() -> None:
    game = random_endgame(GameOptions(players=3), 1)
    with pytest.raises(KingdominoError):
        solve(game, player=3)
    with pytest.raises(KingdominoError):
        solve(game, time_limit=-1)
    with pytest.raises(KingdominoError):
        solve("a game")  # type: ignore[arg-type]
    over = game.copy()
    while not over.is_over:
        over.apply(over.legal_actions()[0])
    with pytest.raises(EndgameError, match="over"):
        solve(over)


def test_the_line_replays_as_log_turns() -> None:
    for seed, options in enumerate((SETTINGS[0], SETTINGS[1], SETTINGS[3])):
        log = random_endgame(options, seed)
        while not log.is_over:
            log.apply(log.legal_actions()[0])
        data = log.log()
        game, turn = log_position(data)
        assert no_chance_left(game.observation())
        assert turn == sum(len(r["turns"]) for r in data["rounds"][:game.round]) + game.turn
        result = solve(game)
        turns = turns_of(game, result.line)
        assert turns[0]["place"] is not None and {tuple(t) for t in turns} == {
            ("king", "player", "place", "pick")}
        prefix = [t for r in data["rounds"] for t in r["turns"]][:turn]
        finished = replay(continued_log(data, turn, result.line))
        assert finished.scores() == list(result.scores)
        whole = [t for r in continued_log(data, turn, result.line)["rounds"] for t in r["turns"]]
        assert whole == prefix + turns


def test_codes_and_points() -> None:
    assert points(encode(20, 3, 1) - encode(20, 9, 9)) == 0
    assert points(encode(21, 0, 0) - encode(20, 49, 39)) == 1


def test_the_bots_play_the_endgame_exactly_when_asked() -> None:
    from kingdomino_kit.bots import make_bot
    from kingdomino_kit.game.bots import MonteCarloBot

    assert make_bot("strong", 1).exact == 5000 and make_bot("mce", 1).exact == 0
    with pytest.raises(KingdominoError):
        MonteCarloBot(exact=-3)
    played = 0
    for game, _, mode in POSITIONS[:40]:
        if mode == "paranoid" or len(game.legal_actions()) < 2:
            continue
        values = {v.action: v.value for v in move_values(game)}
        best = solve(game, node_limit=10 ** 9).best  # the Python search, as the bots ask it
        obs = game.observation(game.current_player)
        for spec in ("strong:steps=50", "mc:playouts=1:width=1:exact=100000"):
            choice = make_bot(spec, 7).choose(obs, game.legal_actions())
            assert choice == best and values[choice] == max(values.values())
        assert make_bot("mc:playouts=1:width=1", 7).choose(obs, game.legal_actions()) \
            in game.legal_actions()
        played += 1
    assert played > 10


def test_a_player_deciding_alone_is_solved_as_with_the_whole_tree() -> None:
    """Once one player alone still decides, the search takes the best over their claims of
    their best finish (:meth:`Tree.alone`) instead of the subtree: the same value as the
    tree searched through, on the plain-search positions and on whole 2-player endgames."""
    games = [(g, m) for g, _, m in POSITIONS if m != "maxn"][::3]
    games += [(random_endgame(options, seed), "minimax")
              for seed in range(4) for options in (SETTINGS[0], SETTINGS[1], SETTINGS[7])]
    for seed in range(6):  # Mighty Duel, a few moves into the last line: claims to choose
        game = random_endgame(SETTINGS[2], seed)
        rng = random.Random(seed)
        while game.round < game.options.rounds - 1 or game.turn < 1:
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
        games.append((game, "minimax"))
    used = 0
    for game, mode in games:
        values = []
        for solo in (True, False):
            tree, state = position(game)
            tree.paranoid = mode == "paranoid"
            tree.hero = 0 if mode == "minimax" else game.current_player or 0
            tree.solo = solo
            values.append(tree.alphabeta(state, -(1 << 62), 1 << 62))
            if solo:
                used += bool(tree.alone_count)
        assert values[0] == values[1], (game, mode)
    assert used >= 10


def test_claims_ordered_by_bounds_keep_the_value_and_save_nodes() -> None:
    """With 2 players claims are tried in the order of the margin's bounds after them: the
    same values as in the order of the domino numbers, and fewer nodes on a Mighty Duel
    endgame."""
    games = [g for g, _, m in POSITIONS if m == "minimax"][::2]
    duels = [random_endgame(SETTINGS[2], seed) for seed in (5, 6, 8)]
    nodes = {True: 0, False: 0}
    for game in games + duels:
        values = []
        for on in (True, False):
            tree, state = position(game)
            tree.claim_bounds = on
            values.append(tree.alphabeta(state, -(1 << 62), 1 << 62))
            if game in duels:
                nodes[on] += tree.nodes
        assert values[0] == values[1], game
    assert nodes[True] < nodes[False]
