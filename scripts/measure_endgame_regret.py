"""Each bot's exact regret per decision on the last eight placements of a game: 2-player Mighty
Duel, or 4 players with both bonuses (``--players 4``).

The published anchor measured, against the clairvoyant optimum, the points strong human players
lose per decision on the last eight placements of a 2-player Mighty Duel game (1.018) and its
AlphaZero agent's raw policy (0.835). Here each bot (``random``, ``greedy``, ``mc``, ``strong``)
plays ``--games`` seeded Mighty Duel games against ``greedy`` (seats alternating); at each of
its placements with a choice among the game's last eight (rounds 11 and 12: no chance is left
then), the exact solver values every legal placement
(:func:`~kingdomino_kit.game.endgame.move_values`) and the regret is the points of the final
margin the placement played lost against perfect play. With ``--players 4`` each bot plays against
three ``greedy`` (its seat rotating), the last eight placements are the last two rounds' (two of
them the bot's), and the exact value is max-n's: the bot's own final score, every player
playing for theirs; the regret is the points of it a placement lost. One JSON line per bot and
setting: decisions, mean
regret with its 95 % interval, the share of perfect decisions, decisions the solver did not
finish within ``--limit`` seconds (left out). The lines are printed and written atomically to
``--out`` (default ``docs/measured/endgame_regret.jsonl``, the table ``docs/bots.md`` quotes)
after each bot, so a stopped run keeps the bots it measured; a bot measured again replaces its
line.

::

    .venv/bin/python scripts/measure_endgame_regret.py --games 100        # the real run
    .venv/bin/python scripts/measure_endgame_regret.py --games 100 --players 4
    .venv/bin/python scripts/measure_endgame_regret.py --games 1 --bots random greedy \
        --out /tmp/regret.jsonl                                           # a smoke run

The real run took 50 minutes on 2 Dec 2026 (load 2–4: `random` and `greedy` 9 s, `mc` about
13 minutes, `strong` about 35: they play the games; the solver's part is small).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from pathlib import Path
from typing import Any

from kingdomino_kit.bots import make_bot
from kingdomino_kit.draft import PLACE
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.game import Game, GameOptions
from kingdomino_kit.game.endgame import EndgameError, move_values
from kingdomino_kit.infra.atomic import atomic_write
from kingdomino_kit.rules import Rules
from kingdomino_kit.seeds import derive_seed

SEED = 2026
SETTINGS = {2: ("2-player Mighty Duel", GameOptions(players=2, variant="mighty-duel")),
            4: ("4 players, both bonuses",
                GameOptions(players=4, rules=Rules(middle_kingdom=True, harmony=True)))}
BOTS = ("random", "greedy", "mc", "strong")
PUBLISHED = {"strong humans": 1.018, "AlphaZero raw policy": 0.835}
OUT = Path(__file__).resolve().parent.parent / "docs" / "measured" / "endgame_regret.jsonl"


def regrets(bot: str, game_index: int, limit: float, players: int = 2
            ) -> tuple[list[int], int]:
    """The bot's regrets in one game, and the decisions left out (solver out of time)."""
    options = SETTINGS[players][1]
    seed = (derive_seed(SEED, "endgame-regret", bot, game_index) if players == 2
            else derive_seed(SEED, "endgame-regret", players, bot, game_index))
    seat = game_index % players
    bots = [make_bot(bot if p == seat else "greedy", derive_seed(seed, "bot", p))
            for p in range(players)]
    game = Game(options, seed, record=False)
    last = options.rounds - 1  # the last eight placements: the last two rounds
    out: list[int] = []
    missed = 0
    while not game.is_over:
        actions = game.legal_actions()
        player = game.current_player
        assert player is not None
        action = actions[0] if len(actions) == 1 else bots[player].choose(
            game.observation(player), actions)
        if player == seat and game.phase is PLACE and game.round >= last and len(actions) > 1:
            try:
                values = move_values(game, time_limit=limit)
            except EndgameError:
                missed += 1
            else:
                out.append(next(v.cost for v in values if v.action == action))
        game.apply(action)
    return out, missed


def summary(bot: str, values: list[int], missed: int, players: int = 2) -> dict[str, Any]:
    """The JSON line of one bot."""
    n = len(values)
    mean = sum(values) / n if n else float("nan")
    half = (1.96 * math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
            if n > 1 else float("nan"))
    return {"bot": bot, "players": players, "setting": SETTINGS[players][0], "decisions": n,
            "regret": round(mean, 3),
            "regret_ci": round(half, 3) if half == half else None,
            "perfect_share": round(sum(v == 0 for v in values) / n, 3) if n else None,
            "left_out": missed, **({"published": PUBLISHED} if players == 2 else {}),
            "load_average": round(os.getloadavg()[0], 2)}


def read(path: Path) -> dict[tuple[str, int], str]:
    """The lines already measured, by bot and number of players (2 where a line has none)."""
    if not path.exists():
        return {}
    found = {}
    for line in path.read_text().splitlines():
        if line:
            row = json.loads(line)
            found[(row["bot"], row.get("players", 2))] = line
    return found


def write(path: Path, lines: dict[tuple[str, int], str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(path) as handle:
        handle.write("".join(lines[key] + "\n" for key in sorted(lines, key=lambda k: k[1])))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per bot (default 100)")
    parser.add_argument("--bots", nargs="+", default=list(BOTS), help="bots to measure")
    parser.add_argument("--players", type=int, choices=sorted(SETTINGS), default=2,
                        help="2: Mighty Duel (default); 4: four players, both bonuses")
    parser.add_argument("--limit", type=float, default=30.0,
                        help="solver seconds per decision (default 30)")
    parser.add_argument("--out", type=Path, default=OUT,
                        help="where the JSON lines go (default docs/measured/"
                        "endgame_regret.jsonl)")
    args = parser.parse_args(argv)
    if args.games < 1 or not args.limit > 0:
        parser.error("--games must be 1 or more and --limit a positive number of seconds")
    for bot in args.bots:
        try:
            make_bot(bot, 0)
        except KingdominoError as error:
            parser.error(str(error))
    lines = read(args.out)
    for bot in args.bots:
        values: list[int] = []
        missed = 0
        for i in range(args.games):
            got, lost = regrets(bot, i, args.limit, args.players)
            values.extend(got)
            missed += lost
        lines[(bot, args.players)] = json.dumps(summary(bot, values, missed, args.players))
        print(lines[(bot, args.players)], flush=True)
        write(args.out, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
