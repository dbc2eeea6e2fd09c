"""Positions as JSON: the observation a bot sees and the full state read back into a game that
plays on identically; the text commands; ``state LOG --turn N --json``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kingdomino_kit.bots import RandomBot
from kingdomino_kit.cli import main
from kingdomino_kit.draft import Claim, Discard
from kingdomino_kit.env.aec import raw_env
from kingdomino_kit.env.solo import SoloEnv
from kingdomino_kit.game import Game, GameOptions, play
from kingdomino_kit.league.position import log_state
from kingdomino_kit.league.protocol import parse_reply
from kingdomino_kit.league.state import (
    DIRECTIONS,
    StateError,
    action_from_json,
    action_text,
    actions_json,
    game_from_state,
    observation_from_json,
    observation_json,
    parse_text,
    state_json,
)

OPTIONS = [GameOptions(players=2), GameOptions(players=3), GameOptions(players=4),
           GameOptions(players=2, variant="mighty-duel")]


def _every_position(options: GameOptions, seed: int) -> list[Game]:
    """The game after each action of a seeded random game (copies)."""
    game = Game(options, seed)
    bots = [RandomBot(seed + p) for p in range(options.players)]
    out = [game.copy()]
    while not game.is_over:
        actions = game.legal_actions()
        p = game.current_player
        game.apply(bots[p].choose(None, actions))
        out.append(game.copy())
    return out


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o.players}p-{o.variant}")
def test_a_state_read_back_is_the_same_game_and_plays_on_identically(
        options: GameOptions) -> None:
    positions = _every_position(options, 11)
    for i, game in enumerate(positions[:-1:3]):
        data = json.loads(json.dumps(state_json(game)))  # through text, as a file would
        again = game_from_state(data)
        assert again.legal_actions() == game.legal_actions(), i
        # the rest of the game, played on both with the same actions
        rest_bots = [RandomBot(100 + p) for p in range(options.players)]
        twin_bots = [RandomBot(100 + p) for p in range(options.players)]
        a, b = game.copy(), again
        while not a.is_over:
            acts = a.legal_actions()
            assert b.legal_actions() == acts
            p = a.current_player
            a.apply(rest_bots[p].choose(None, acts))
            b.apply(twin_bots[p].choose(None, b.legal_actions()))
        assert b.results() == a.results() and b.winners() == a.winners()


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o.players}p-{o.variant}")
def test_an_observation_hides_the_deck_and_reads_back_as_the_kit_observation(
        options: GameOptions) -> None:
    for game in _every_position(options, 5)[::7]:
        for player in range(options.players):
            obs = game.observation(player)
            data = observation_json(obs)
            assert "deck" not in data and "seed" not in data and "discards" not in data
            back = observation_from_json(json.loads(json.dumps(data)))
            assert back.kingdoms == obs.kingdoms
            assert (back.line, back.line_claims, back.to_place, back.order, back.turn,
                    back.phase, back.round, back.deck_size, back.discarded, back.player,
                    back.options) == (obs.line, obs.line_claims, obs.to_place, obs.order,
                                      obs.turn, obs.phase, obs.round, obs.deck_size,
                                      obs.discarded, obs.player, obs.options)
            assert [k["score"] for k in data["kingdoms"]] == game.scores()


def test_actions_list_with_indices_text_commands_and_read_back() -> None:
    for game in _every_position(GameOptions(players=2), 3)[:-1]:
        actions = game.legal_actions()
        listed = actions_json(actions)
        assert [a["index"] for a in listed] == list(range(len(actions)))
        for a, shown in zip(actions, listed, strict=True):
            assert action_from_json(shown) == a
            assert parse_text(shown["text"], actions) == actions.index(a)
            assert parse_reply(shown["text"].encode(), 0, actions) == (actions.index(a), "")
            if isinstance(a, Claim):
                assert shown["text"] == f"PICK {a.domino.number}"
            elif isinstance(a, Discard):
                assert shown["text"] == "DISCARD"
            else:  # PUT x y r: column, row of the first half, direction of the second
                x, y, r = (int(v) for v in shown["text"].split()[1:])
                (r1, c1), (r2, c2) = a.first, a.second
                assert (x, y) == (c1, r1) and DIRECTIONS[r] == (r2 - r1, c2 - c1)
                assert action_text(a) == shown["text"]


def test_replies_the_protocol_accepts_and_refuses() -> None:
    acts = Game(GameOptions(players=2), 1).legal_actions()
    assert parse_reply(b'{"action": 2}', 0, acts) == (2, "")
    assert parse_reply(b'{"decision": 0, "action": "pick %d"}' % acts[1].domino.number, 0,
                       acts) == (1, "")
    assert parse_reply(b"3", 0, acts) == (3, "")
    assert parse_reply(b'{"decision": 4, "action": 1}', 5, acts) == (None, "late")
    assert parse_reply(b"-1", 0, acts)[1].startswith("illegal")
    assert parse_reply(b"PICK 99", 0, acts)[1].startswith("illegal")
    assert parse_reply(b"true", 0, acts)[1].startswith("garbage")
    assert parse_reply(b"\xff\xfe", 0, acts)[1] == "garbage: not UTF-8"
    assert parse_reply(b'{"error": "ValueError: x"}', 0, acts) == (None, "error: ValueError: x")


def test_state_cli_prints_the_position_before_a_turn_as_json(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = play([RandomBot(1), RandomBot(2)], GameOptions(players=2), seed=9)
    log = tmp_path / "game.json"
    log.write_text(json.dumps(game.log()))
    for turn in (0, 5, 17):
        assert main(["state", str(log), "--turn", str(turn), "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        positioned, _ = log_state(game.log(), turn)
        assert data == state_json(positioned)
        assert game_from_state(data).snapshot()[:-1] == positioned.snapshot()[:-1]
    assert main(["state", str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["phase"] == "over"
    assert main(["state", str(log), "--turn", "99"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "turn 99" in err


def test_the_environments_give_the_protocols_observation_json() -> None:
    e = raw_env(players=3)
    e.reset(seed=4)
    for _ in range(6):
        agent = e.agent_selection
        player = e.possible_agents.index(agent)
        assert e.observation_json(agent) == observation_json(e.game.observation(player))
        e.step(int(e.observe(agent)["action_mask"].nonzero()[0][0]))
    solo = SoloEnv(players=2, opponents="greedy")
    solo.reset(seed=2)
    data = solo.observation_json()
    assert data == observation_json(solo.game.observation(solo.player))
    assert observation_from_json(data).player == solo.player


def test_a_state_that_is_no_position_is_refused_naming_the_field() -> None:
    game = Game(GameOptions(players=2), 3)
    good = state_json(game)
    cases = [({**good, "deck": [good["line"][0]["domino"], *good["deck"][1:]]}, "deck"),
             ({**good, "deck": good["deck"][:-1]}, "deck"),
             (observation_json(game.observation(0)), "observation hides the deck"),
             ({**good, "format": "other/1"}, "format"),
             ({**good, "phase": "bidding"}, "phase"),
             ({**good, "options": {**good["options"], "size": 6}}, "options")]
    for data, needle in cases:
        with pytest.raises(StateError, match=needle):
            game_from_state(data)
