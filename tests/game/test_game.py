"""The drafting game's rules (docs/rules/kingdomino.md), checked on whole seeded games."""

from __future__ import annotations

import itertools
import random

import pytest

from kingdomino_kit import Kingdom, KingdominoError, Placement, domino
from kingdomino_kit.bots import RandomBot
from kingdomino_kit.game import (
    Claim,
    Discard,
    Game,
    GameOptionError,
    GameOptions,
    IllegalAction,
    play,
    play_dynasty,
)
from kingdomino_kit.rules import Rules

ALL_OPTIONS = [
    GameOptions(players=4),
    GameOptions(players=3),
    GameOptions(players=3, three_player_draw=4),
    GameOptions(players=2),
    GameOptions(players=2, variant="mighty-duel"),
]


def random_game(options: GameOptions, seed: int) -> Game:
    return play([RandomBot(seed * 10 + p) for p in range(options.players)], options, seed)


def placed_numbers(game: Game) -> list[int]:
    return [p.domino.number for k in game.kingdoms for p in k.history]


# ----------------------------------------------------------------------------- set-up
@pytest.mark.parametrize(("options", "deck", "line", "rounds", "kings_each", "size"), [
    (ALL_OPTIONS[0], 48, 4, 12, 1, 5),
    (ALL_OPTIONS[1], 36, 3, 12, 1, 5),
    (ALL_OPTIONS[2], 48, 4, 12, 1, 5),
    (ALL_OPTIONS[3], 24, 4, 6, 2, 5),
    (ALL_OPTIONS[4], 48, 4, 12, 2, 7),
])
def test_setup_by_player_count(options: GameOptions, deck: int, line: int, rounds: int,
                               kings_each: int, size: int) -> None:
    assert (options.deck_size, options.line_size, options.rounds, options.kings_per_player,
            options.size) == (deck, line, rounds, kings_each, size)
    for seed in range(5):
        game = random_game(options, seed)
        log = game.log()
        lines = [n for r in log["rounds"] for n in r["line"]]
        assert len(lines) == len(set(lines)) == deck          # every domino in play drawn once
        assert all(1 <= n <= 48 for n in lines)
        assert len(log["rounds"]) == rounds + 1
        assert all(len(r["line"]) == line for r in log["rounds"][:-1])
        assert all(k.size == size for k in game.kingdoms)
        turns = log["rounds"][0]["turns"]
        assert sorted(t["king"] for t in turns) == list(range(options.players * kings_each))
        for t in turns:
            assert t["player"] == t["king"] // kings_each
        # every drawn domino is placed, discarded or (3 players, draw 4) left unclaimed
        assert sorted(placed_numbers(game) + game.discarded) == sorted(lines)


@pytest.mark.parametrize("bad", [
    {"players": 1}, {"players": 5}, {"players": 3, "variant": "mighty-duel"},
    {"variant": "giant"}, {"players": 3, "three_player_draw": 5},
    {"players": 4, "three_player_draw": 4},
])
def test_bad_options_raise(bad: dict[str, object]) -> None:
    with pytest.raises(GameOptionError):
        GameOptions(**bad)  # type: ignore[arg-type]


def test_seed_gives_the_same_game_and_other_seeds_differ() -> None:
    for options in ALL_OPTIONS:
        a, b = random_game(options, 11).log(), random_game(options, 11).log()
        assert a == b
        assert random_game(options, 12).log()["rounds"] != a["rounds"]
        assert Game(options, 3).line == Game(options, 3).line


# ----------------------------------------------------------------------------- turn structure
@pytest.mark.parametrize("options", ALL_OPTIONS)
def test_claim_order_place_then_claim_and_last_round(options: GameOptions) -> None:
    for seed in range(4):
        log = random_game(options, seed).log()
        rounds = log["rounds"]
        claimed: dict[int, int] = {}  # king -> domino claimed in the previous line
        for r, rnd in enumerate(rounds):
            kings = [t["king"] for t in rnd["turns"]]
            if r == 0:
                assert all(t["place"] is None for t in rnd["turns"])
            else:
                # kings act by the number of the domino they claimed, lowest first
                assert kings == sorted(claimed, key=lambda k: claimed[k])
                for t in rnd["turns"]:
                    assert t["place"]["domino"] == claimed[t["king"]]
            if r == len(rounds) - 1:
                assert rnd["line"] == []
                assert all(t["pick"] is None for t in rnd["turns"])
            else:
                picks = [t["pick"] for t in rnd["turns"]]
                assert len(set(picks)) == len(picks) == options.kings
                assert set(picks) <= set(rnd["line"])
                assert rnd["line"] == sorted(rnd["line"])
                claimed = {t["king"]: t["pick"] for t in rnd["turns"]}


def test_phases_of_a_turn() -> None:
    game = Game(GameOptions(players=4), seed=5)
    for _ in range(4):
        assert game.phase == "claim" and game.round == 0
        game.apply(game.legal_actions()[-1])
    assert game.round == 1 and game.phase == "place"
    king = game.current_king
    assert all(isinstance(a, (Placement, Discard)) for a in game.legal_actions())
    game.apply(game.legal_actions()[0])
    assert game.phase == "claim" and game.current_king == king      # same king claims next
    game.apply(game.legal_actions()[0])
    assert game.current_king != king


def test_three_player_draw_four_discards_the_unclaimed_domino() -> None:
    options = GameOptions(players=3, three_player_draw=4)
    for seed in range(5):
        game = random_game(options, seed)
        log = game.log()
        unclaimed = []
        for rnd in log["rounds"][:-1]:
            picks = {t["pick"] for t in rnd["turns"]}
            left = set(rnd["line"]) - picks
            assert len(left) == 1
            unclaimed += left
        assert set(unclaimed) <= set(game.discarded)
        assert not set(unclaimed) & set(placed_numbers(game))
        forced = [t["place"]["domino"] for r in log["rounds"] for t in r["turns"]
                  if t["place"] and t["place"].get("discard")]
        assert sorted(game.discarded) == sorted(unclaimed + forced)


def test_mighty_duel_kingdoms_are_seven_by_seven() -> None:
    game = random_game(GameOptions(players=2, variant="mighty-duel"), 3)
    for k in game.kingdoms:
        rmin, rmax, cmin, cmax = k.bounds
        assert rmax - rmin <= 6 and cmax - cmin <= 6
    assert sum(len(k) for k in game.kingdoms) // 2 + len(game.discarded) == 48
    spans = [max(k.bounds[1] - k.bounds[0], k.bounds[3] - k.bounds[2]) for k in game.kingdoms]
    assert max(spans) > 4   # they do grow past 5×5


# ----------------------------------------------------------------------------- discards
def brute_force_has_placement(kingdom: Kingdom, number: int) -> bool:
    """Try every pair of adjacent cells in both orientations with the checked rules."""
    dom = domino(number)
    n = kingdom.size
    for r, c in itertools.product(range(-n + 1, n), repeat=2):
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            try:
                kingdom.check(Placement(dom, (r, c), (r + dr, c + dc)))
                return True
            except KingdominoError:
                pass
    return False


def test_forced_discard_only_when_no_legal_placement() -> None:
    forced = allowed = 0
    for seed in range(12):
        game = Game(GameOptions(players=4), seed)
        rng = random.Random(seed)
        while not game.is_over:
            actions = game.legal_actions()
            if game.phase == "place":
                king = game.current_king
                dom = game.to_place[king]
                kingdom = game.kingdom(game.current_player)
                has = brute_force_has_placement(kingdom, dom.number)
                if has:
                    allowed += 1
                    assert Discard(dom) not in actions
                    before = game.snapshot()
                    with pytest.raises(IllegalAction) as error:
                        game.apply(Discard(dom))
                    assert error.value.rule == "discard"
                    assert game.snapshot() == before
                else:
                    forced += 1
                    assert actions == [Discard(dom)]
            game.apply(actions[rng.randrange(len(actions))])
    assert forced > 0 and allowed > 0


def test_loose_discard_option_offers_discard_always() -> None:
    game = Game(GameOptions(strict_discard=False), 2)
    while game.phase != "place":
        game.apply(game.legal_actions()[0])
    actions = game.legal_actions()
    assert isinstance(actions[-1], Discard) and len(actions) > 1
    game.apply(actions[-1])
    assert game.discarded == [actions[-1].domino.number]


# ----------------------------------------------------------------------------- bad actions
def test_bad_actions_raise_and_leave_the_state_unchanged() -> None:
    game = Game(GameOptions(players=4), seed=8)
    first = game.legal_actions()[0]
    game.apply(first)
    # round 0, king 2 to claim
    cases = [
        (first, "claim"),                                             # claimed already
        (Claim(domino(next(n for n in range(1, 49)
                            if n not in [d.number for d in game.line]))), "claim"),  # not in line
        (Placement(domino(1), (0, 1), (0, 2)), "phase"),               # round 0: no placing
        ("claim 5", "action"),
        (Claim(5), "action"),                                         # type: ignore[arg-type]
    ]
    for action, rule in cases:
        before = game.snapshot()
        with pytest.raises(IllegalAction) as error:
            game.apply(action)  # type: ignore[arg-type]
        assert error.value.rule == rule, (action, error.value)
        assert game.snapshot() == before
    other = (game.current_player + 1) % 4
    before = game.snapshot()
    with pytest.raises(IllegalAction, match="turn of player") as error:
        game.apply(game.legal_actions()[0], player=other)              # out of turn
    assert error.value.rule == "turn" and game.snapshot() == before
    while game.phase != "place":
        game.apply(game.legal_actions()[0])
    dom = game.to_place[game.current_king]
    wrong = domino(dom.number % 48 + 1)
    king = game.current_king
    placement_cases = [
        (Placement(dom, (0, 0), (0, 1)), "occupied"),
        (Placement(dom, (0, 1), (0, 3)), "shape"),
        (Placement(dom, (3, 3), (3, 4)), "connection"),
        (Placement(wrong, (0, 1), (0, 2)), "placed-domino"),
        (Claim(game.line[0]), "phase"),
        (Discard(dom), "discard"),
    ]
    for action, rule in placement_cases:
        before = game.snapshot()
        with pytest.raises(IllegalAction) as error:
            game.apply(action, king=king)
        assert error.value.rule == rule, (action, error.value)
        assert f"({rule} rule)" in str(error.value)
        assert game.snapshot() == before
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    with pytest.raises(IllegalAction) as error:
        game.apply(Claim(domino(1)))
    assert error.value.rule == "game-over"
    assert game.legal_actions() == []


def test_size_rule_is_checked() -> None:
    game = Game(GameOptions(players=4), seed=1)
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    # fill one kingdom's row so a far placement breaks the 5×5 limit
    p = game.current_player
    game._kingdoms[p] = Kingdom.from_text("C W W W W")
    dom = game.to_place[game.current_king]
    before = game.snapshot()
    with pytest.raises(IllegalAction) as error:
        game.apply(Placement(dom, (0, -1), (0, -2)))
    assert error.value.rule == "size" and game.snapshot() == before


# ----------------------------------------------------------------------------- observations
def test_observation_hides_the_deck_order() -> None:
    options = GameOptions(players=4)
    game = Game(options, 4)
    deck = [d.number for d in game.line] + game._deck
    rest = deck[4:]
    other = Game(options, 4, deck=deck[:4] + rest[::-1], first_order=game.order)
    for g in (game, other):
        for _ in range(3):
            g.apply(g.legal_actions()[0])
    a, b = game.observation(1), other.observation(1)
    assert a.deck_size == b.deck_size == 44
    assert not hasattr(a, "deck") and not hasattr(a, "_deck")
    fields = [f for f in vars(a) if f != "kingdoms"]
    assert {f: getattr(a, f) for f in fields} == {f: getattr(b, f) for f in fields}
    assert game._deck != other._deck


def test_observation_kingdoms_are_copies() -> None:
    game = random_game(GameOptions(players=2), 1)
    obs = game.observation(0)
    obs.kingdoms[0].undo()
    assert len(game.kingdom(0)) != len(obs.kingdoms[0])


def test_determinized_game_keeps_the_visible_state() -> None:
    game = Game(GameOptions(players=3), 6)
    rng = random.Random(0)
    for _ in range(10):
        game.apply(game.legal_actions()[rng.randrange(len(game.legal_actions()))])
    obs = game.observation(game.current_player)
    guess = Game.from_observation(obs, random.Random(1))
    assert guess.legal_actions() == game.legal_actions()
    assert guess.deck_size == game.deck_size
    assert set(guess._deck).isdisjoint(placed_numbers(game) + [d.number for d in game.line])
    while not guess.is_over:
        guess.apply(guess.legal_actions()[0])


# ----------------------------------------------------------------------------- scores
def castle_centred(kingdom: Kingdom) -> bool:
    cells = [c for c, _ in kingdom.squares()] + [(0, 0)]
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return min(rows) + max(rows) == 0 and min(cols) + max(cols) == 0


@pytest.mark.parametrize("options", [
    GameOptions(rules=Rules(middle_kingdom=True, harmony=True)),
    GameOptions(players=2, variant="mighty-duel", rules=Rules(7, middle_kingdom=True,
                                                              harmony=True)),
    GameOptions(players=3, rules=Rules(harmony=True))])
def test_scores_include_the_bonuses_switched_on(options: GameOptions) -> None:
    seen_middle = seen_harmony = False
    for seed in range(30):
        game = random_game(options, seed)
        for p, k in enumerate(game.kingdoms):
            props = sum(x.score for x in k.properties())
            middle = 10 if options.rules.middle_kingdom and castle_centred(k) else 0
            full = len(k) == options.size ** 2 - 1
            harmony = 5 if options.rules.harmony and full else 0
            seen_middle |= middle > 0
            seen_harmony |= harmony > 0
            assert full == (game.results()[p]["discarded"] == 0)
            assert game.scores()[p] == props + middle + harmony
    assert seen_harmony or options.size == 7   # random kingdoms rarely fill 7×7
    assert seen_middle or not options.rules.middle_kingdom


def test_bonuses_on_a_full_centred_kingdom() -> None:
    full = "W W W W W / W W W W W / W W C W W / W W W W W / W W W W W"
    for middle, harmony, bonus in ((False, False, 0), (True, False, 10), (False, True, 5),
                                   (True, True, 15)):
        rules = Rules(middle_kingdom=middle, harmony=harmony)
        game = random_game(GameOptions(players=2, rules=rules), 1)
        # the second reaches 3 columns right of its castle: no Middle Kingdom
        game._kingdoms = [Kingdom.from_text(full), Kingdom.from_text("C W1 W W")]
        assert game.scores() == [bonus, 3]
        assert game.results()[0]["bonus"] == bonus


@pytest.mark.parametrize(("texts", "keys", "winners"), [
    (["C G1 G", "C G1 G G"], [(2, 2, 1), (3, 3, 1)], [1]),                 # higher score
    (["C G1 G", "C G1 G / W W W"], [(2, 2, 1), (2, 3, 1)], [1]),           # largest property
    (["C G1 G G G", "C G2 G / W W W W"], [(4, 4, 1), (4, 4, 2)], [1]),     # then crowns
    (["C G1 G", "C W1 W"], [(2, 2, 1), (2, 2, 1)], [0, 1]),                # shared victory
])
def test_tie_breaks(texts: list[str], keys: list[tuple[int, int, int]],
                    winners: list[int]) -> None:
    game = random_game(GameOptions(players=2), 1)
    game._kingdoms = [Kingdom.from_text(t) for t in texts]
    assert game.tiebreak_keys() == keys
    assert game.winners() == winners
    assert [r["score"] for r in game.results()] == [k[0] for k in keys]


def test_dynasty_sums_three_games() -> None:
    options = GameOptions(players=2)
    d = play_dynasty([RandomBot(1), RandomBot(2)], options, seed=4)
    assert len(d.games) == 3
    assert len({g.seed for g in d.games}) == 3
    sums = [sum(g.scores()[p] for g in d.games) for p in range(2)]
    assert list(d.totals) == sums
    best = max(sums)
    assert list(d.winners) == [p for p in range(2) if sums[p] == best]
    again = play_dynasty([RandomBot(1), RandomBot(2)], options, seed=4)
    assert again.totals == d.totals


def test_play_needs_one_bot_per_player_and_checks_untrusted_bots() -> None:
    with pytest.raises(GameOptionError):
        play([RandomBot(1)], GameOptions(players=2), 1)

    def cheat(obs: object, actions: list[object]) -> object:
        return Claim(domino(48)) if isinstance(actions[0], Claim) else actions[0]

    with pytest.raises(IllegalAction):
        for seed in range(20):
            play([cheat, cheat], GameOptions(players=2), seed)


def test_copy_is_independent() -> None:
    game = Game(GameOptions(players=3), 2)
    advance_rng = random.Random(1)
    for _ in range(9):
        actions = game.legal_actions()
        game.apply(actions[advance_rng.randrange(len(actions))])
    before = game.snapshot()
    twin = game.copy()
    assert twin.legal_actions() == game.legal_actions()
    while not twin.is_over:
        twin.apply(twin.legal_actions()[-1])
    assert game.snapshot() == before
    assert not game.is_over


def test_owner_and_turns_with_two_kings_each() -> None:
    game = Game(GameOptions(players=2), 6)
    assert [game.owner(k) for k in range(4)] == [0, 0, 1, 1]
    seen = []
    while game.round == 0:
        seen.append(game.current_player)
        game.apply(game.legal_actions()[0])
    assert sorted(seen) == [0, 0, 1, 1]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_pickled_game_plays_on(seed: int) -> None:
    """Phases are enum members, so an unpickled game still knows its phase (they were strings
    compared by identity, and ``legal_actions()`` came back empty)."""
    import pickle

    game = Game(GameOptions(players=3), seed=seed)
    for _ in range(7):
        game.apply(game.legal_actions()[0])
    again = pickle.loads(pickle.dumps(game))
    assert again.phase is game.phase and again.legal_actions() == game.legal_actions()
    while not game.is_over:
        action = game.legal_actions()[-1]
        game.apply(action)
        again.apply(action)
    assert again.is_over and again.scores() == game.scores()
