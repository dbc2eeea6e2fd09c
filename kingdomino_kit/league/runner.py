"""The bot side of the protocol for a Python file: ``python -m kingdomino_kit.league.runner
BOT.py`` loads the file and answers the league's lines (:mod:`.protocol`) with its
``choose(observation, actions)``.

The file defines ``choose(observation, actions)`` — a plain function, as every bot of the kit:
it gets the :class:`~kingdomino_kit.game.Observation` of its player and the legal actions (the
kit's :class:`~kingdomino_kit.draft.Claim`, :class:`~kingdomino_kit.kingdom.Placement` and
:class:`~kingdomino_kit.draft.Discard` values, in the protocol's order) and returns one of them
(or its index). The same function plays in a notebook (``play([choose, "greedy"])``) and in a
league. Optionally ``NAME = "..."`` names it, and ``setup(player, seed)`` is called once before
the first decision (a bot that wants its own seeded randomness seeds it there).

An exception in ``choose`` is reported to the league (``{"error": ...}``: a strike, the
decision forfeited) and the bot plays on; its traceback goes to standard error.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import traceback
from collections.abc import Sequence
from typing import Any, TextIO

from kingdomino_kit.league.protocol import PROTOCOL
from kingdomino_kit.league.state import action_from_json, observation_from_json

__all__ = ["load_bot", "main", "serve"]


def load_bot(path: str) -> Any:
    """The module of a bot file (it must define ``choose``)."""
    spec = importlib.util.spec_from_file_location("student_bot", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules["student_bot"] = module
    spec.loader.exec_module(module)
    if not callable(getattr(module, "choose", None)):
        raise SystemExit(f"{path}: defines no choose(observation, actions)")
    return module


def _index(choice: Any, actions: Sequence[Any]) -> Any:
    if isinstance(choice, int) and not isinstance(choice, bool):
        return choice
    for i, action in enumerate(actions):
        if choice is action or choice == action:
            return i
    return {"error": f"choose returned {str(choice)[:80]!r}, not one of the actions"}


def _decide(module: Any, message: dict[str, Any]) -> dict[str, Any]:
    obs = observation_from_json(message["observation"])
    actions = [action_from_json(a) for a in message["actions"]]
    choice = _index(module.choose(obs, actions), actions)
    return choice if isinstance(choice, dict) else {"action": choice}


def serve(module: Any, stdin: TextIO, stdout: TextIO) -> int:
    """Answer the league's lines with ``module.choose`` until the end (or end of input)."""
    for line in stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            name = getattr(module, "NAME", None)
            if callable(getattr(module, "setup", None)):
                module.setup(message["player"], message["seed"])
            reply: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL,
                                     "name": name if isinstance(name, str) else ""}
        elif kind == "decide":
            try:
                reply = _decide(module, message)
            except Exception as error:  # the student's code: reported, the bot plays on
                traceback.print_exc(file=sys.stderr)
                reply = {"error": f"{type(error).__name__}: {error}"[:200]}
            reply["decision"] = message["decision"]
        else:
            return 0
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``runner BOT.py``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m kingdomino_kit.league.runner BOT.py", file=sys.stderr)
        return 2
    module = load_bot(args[0])
    return serve(module, sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
