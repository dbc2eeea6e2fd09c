"""The learning environments: PettingZoo's and Gymnasium's own checkers, the encoding checked
against the rules, and observations that never show the deck's order."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from kingdomino_kit import env as kenv
from kingdomino_kit.draft import Claim, Discard
from kingdomino_kit.env.encoding import DIRECTIONS, EncodingError
from kingdomino_kit.errors import IllegalAction, KingdominoError
from kingdomino_kit.game import Game, GameOptions
from kingdomino_kit.placement import Placement

SETTINGS = [dict(players=2), dict(players=3), dict(players=4),
            dict(players=2, variant="mighty-duel"), dict(players=3, three_player_draw=4),
            dict(players=4, middle_kingdom=True, harmony=True)]


@pytest.mark.parametrize("options", SETTINGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in
                                                                       o.items()))
def test_the_aec_environment_passes_pettingzoos_api_test(options: dict) -> None:
    api_test(kenv.env(**options), num_cycles=300)


def test_the_aec_environment_passes_pettingzoos_seed_test() -> None:
    seed_test(lambda: kenv.env(players=4), num_cycles=100)
    seed_test(lambda: kenv.env(players=2), num_cycles=100)


def test_the_solo_environment_passes_gymnasiums_checker() -> None:
    check_env(kenv.SoloEnv(players=4, opponents="greedy"))
    check_env(kenv.SoloEnv(players=2, opponents="random", variant="mighty-duel", seat=1))


def test_the_solo_id_is_registered_with_the_names_users_expect() -> None:
    made = gymnasium.make("KingdominoKit/Solo-v0", opponents="greedy", players=4)
    assert isinstance(made.unwrapped, kenv.SoloEnv)
    assert made.unwrapped.opponents == ["greedy"] * 3
    check_env(made.unwrapped)


def _decode_board(vector: np.ndarray, players: int, size: int, seat: int
                  ) -> dict[tuple[int, int], tuple[int, int]]:
    """The squares of the seat-relative kingdom ``seat`` read back from a vector, slowly."""
    r = 2 * size - 1
    cells = r * r
    out = {}
    for k in range(cells):
        terrain = int(vector[seat * cells + k])
        crowns = int(vector[(players + seat) * cells + k])
        row, col = divmod(k, r)
        if terrain and terrain != 7:
            out[(row - (size - 1), col - (size - 1))] = (terrain - 1, crowns)
    return out


@pytest.mark.parametrize("options", SETTINGS[:4])
def test_actions_round_trip_and_masks_are_the_legal_actions(options: dict) -> None:
    rng = random.Random(11)
    for seed in range(6):
        game = Game(GameOptions(**options), seed)
        size = game.options.size
        while not game.is_over:
            actions = game.legal_actions()
            numbers = [kenv.encode_action(a, size) for a in actions]
            assert len(set(numbers)) == len(actions)
            mask = kenv.aec.legal_mask(game)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(numbers)
            dom = kenv.aec.to_place(game)
            for action, n in zip(actions, numbers, strict=True):
                back = kenv.decode_action(n, size, dom)
                assert back == action
                if isinstance(action, Placement):  # written out: first half, then direction
                    (r1, c1), (r2, c2) = action.first, action.second
                    r = 2 * size - 1
                    assert n == 48 + ((r1 + size - 1) * r + c1 + size - 1) * 4 + \
                        DIRECTIONS.index((r2 - r1, c2 - c1))
                elif isinstance(action, Claim):
                    assert n == action.domino.number - 1
                else:
                    assert isinstance(action, Discard) and n == kenv.action_count(size) - 1
            game.apply(rng.choice(actions))


def test_observations_show_what_the_player_may_see_seat_relative() -> None:
    rng = random.Random(5)
    game = Game(GameOptions(players=3), 9)
    while not game.is_over:
        for me in range(3):
            obs = game.observation(me)
            vector = kenv.encode_observation(obs)
            assert vector.shape == (kenv.observation_length(3, 5),)
            for rel in range(3):
                kingdom = game.kingdom((me + rel) % 3)
                expected = {cell: (h.terrain.index, h.crowns) for cell, h in kingdom.squares()}
                assert _decode_board(vector, 3, 5, rel) == expected
            status = vector[-48 - 5:-48]
            assert status[4] == game.deck_size and status[0] == game.round
            assert sorted(np.flatnonzero(vector[-48:]) + 1) == sorted(game.discarded)
        game.apply(rng.choice(game.legal_actions()))


def test_observations_never_reveal_the_order_of_the_deck() -> None:
    rng = random.Random(2)
    for seed in range(5):
        game = Game(GameOptions(players=4), seed)
        for _ in range(rng.randrange(5, 30)):
            game.apply(rng.choice(game.legal_actions()))
        other = game.copy()
        hidden = list(other._deck)
        while hidden == other._deck and len(hidden) > 1:
            rng.shuffle(hidden)
        other._deck = hidden
        for p in range(4):
            a = kenv.encode_observation(game.observation(p))
            b = kenv.encode_observation(other.observation(p))
            assert np.array_equal(a, b)


def test_an_aec_game_is_the_kits_game_with_the_same_actions() -> None:
    e = kenv.raw_env(players=4, reward="score")
    e.reset(seed=21)
    played = []
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        played.append((agent, action))
        e.step(action)
    game = Game(GameOptions(players=4), e.game.seed)
    for agent, action in played:
        assert agent == f"player_{game.current_player}"
        game.apply(kenv.decode_action(action, 5, kenv.aec.to_place(game)))
    assert game.is_over and game.scores() == e.game.scores()


def test_the_raw_environment_refuses_an_illegal_action_and_changes_nothing() -> None:
    e = kenv.raw_env(players=2)
    e.reset(seed=4)
    before = e.game.snapshot()
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        e.step(illegal)
    with pytest.raises(EncodingError):
        e.step(10 ** 6)
    with pytest.raises(KingdominoError):
        e.step("3")
    assert e.game.snapshot() == before


def test_the_wrapped_environment_ends_the_game_on_an_illegal_action() -> None:
    e = kenv.env(players=2)
    e.reset(seed=4)
    obs, *_ = e.last()
    offender = e.agent_selection
    e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert all(e.terminations.values()) and e.rewards[offender] == -1


def test_solo_penalises_an_illegal_action_without_playing_it_or_raises() -> None:
    e = kenv.SoloEnv(players=3, opponents="random", seat=2)
    obs, info = e.reset(seed=8)
    assert e.game is not None
    before = e.game.snapshot()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info = e.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-1.0, False, True)
    assert e.game.snapshot() == before and np.array_equal(obs2["observation"],
                                                          obs["observation"])
    strict = kenv.SoloEnv(players=3, opponents="random", seat=2, illegal="raise")
    strict.reset(seed=8)
    with pytest.raises(IllegalAction):
        strict.step(illegal)


def test_solo_is_seeded_and_ends_with_the_agents_reward() -> None:
    def run(seed: int) -> tuple[list[int], float, list[int]]:
        e = kenv.SoloEnv(players=4, opponents="greedy,random,greedy", reward="margin")
        obs, info = e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        actions = []
        while True:
            a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            actions.append(a)
            obs, reward, terminated, truncated, info = e.step(a)
            assert not truncated
            if terminated:
                assert e.game is not None
                scores = e.game.scores()
                me = info["seat"]
                assert reward == scores[me] - max(s for p, s in enumerate(scores) if p != me)
                return actions, reward, scores
            assert reward == 0.0
    assert run(3) == run(3)
    assert run(3) != run(4)


@pytest.mark.parametrize("bad", [dict(players=5), dict(reward="points"), dict(seat=4),
                                 dict(opponents="greedy,random"), dict(opponents="nobody"),
                                 dict(illegal="ignore"), dict(render_mode="human"),
                                 dict(variant="mighty-duel")])
def test_bad_options_are_one_kit_error(bad: dict) -> None:
    with pytest.raises(KingdominoError):
        kenv.SoloEnv(**bad)


def test_a_step_outside_a_game_is_a_kit_error() -> None:
    e = kenv.SoloEnv(players=2, opponents="random")
    with pytest.raises(KingdominoError, match="reset"):
        e.step(0)


def test_a_step_after_every_agent_left_is_a_kit_error_and_changes_nothing() -> None:
    e = kenv.raw_env(players=2)
    e.reset(seed=5)
    for _agent in e.agent_iter():
        obs, _, done, truncated, _ = e.last()
        e.step(None if done or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.agents == [] and e.game.is_over
    scores = e.game.scores()
    with pytest.raises(IllegalAction, match="reset"):
        e.step(0)
    assert e.game.scores() == scores
