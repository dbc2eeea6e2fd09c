"""Origins speed: territory scorings/s, legal placements/s, random games/s by mode, and the
Discovery solver's time on small sets (one worker)."""

from __future__ import annotations

import random
import time

from benchmarks.common import emit, rate
from kingdomino_kit.bots import RandomBot
from kingdomino_kit.origins import OriginsKingdom, sample_catalogue
from kingdomino_kit.origins.game import OriginsOptions, play
from kingdomino_kit.origins.solver import solve_discovery

SEED = 2024


def _territories(count: int, rng: random.Random) -> list[tuple[OriginsKingdom, object]]:
    cat = list(sample_catalogue())
    out = []
    while len(out) < count:
        k = OriginsKingdom()
        deck = rng.sample(cat, 13)
        for dom in deck[:12]:
            placements = k.legal_placements(dom)
            if placements:
                p = rng.choice(placements)
                k.push(p)
                for cell, fire in p.volcanoes():
                    targets = k.fire_targets(cell, fire)
                    k.throw(cell, fire, rng.choice(targets) if targets else None)
        out.append((k, deck[12]))
    return out


def main() -> None:
    rng = random.Random(SEED)
    territories = _territories(300, rng)

    def scorings() -> int:
        for k, _ in territories:
            k.score()
        return len(territories)

    def generations() -> int:
        for k, dom in territories:
            k.legal_placements(dom)  # type: ignore[arg-type]
        return len(territories)

    emit("origins.score", per_second=round(rate(scorings)), territories=len(territories),
         seed=SEED)
    emit("origins.legal_placements", per_second=round(rate(generations)),
         positions=len(territories), seed=SEED)
    for mode in ("discovery", "totem", "tribe"):
        start = time.perf_counter()
        games = 5
        for s in range(games):
            play([RandomBot(p) for p in range(4)], OriginsOptions(players=4, mode=mode),
                 seed=s, record=False)
        emit(f"origins.random_game.{mode}",
             games_per_second=round(games / (time.perf_counter() - start), 2), players=4)
    cat = sample_catalogue()
    for numbers in ("36,18", "33,40,46,31,17"):
        sol = solve_discovery(cat.dominoes(numbers), workers=1, time_limit_s=120)
        emit("origins.solve_discovery", dominoes=numbers, status=sol.status, score=sol.score,
             seconds=round(sol.seconds, 2), workers=1)


if __name__ == "__main__":
    main()
