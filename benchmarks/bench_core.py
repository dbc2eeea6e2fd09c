"""Core rules speed: full-kingdom scorings/s and legal-placement generations/s (one core)."""

from __future__ import annotations

import random

from benchmarks.common import emit, rate
from kingdomino_kit import DOMINOES, Domino, Kingdom

SEED = 2024


def _random_kingdoms(count: int, rng: random.Random, greedy: bool = False
                     ) -> tuple[list[Kingdom], list[tuple[Kingdom, Domino]]]:
    """Finished kingdoms (12 dominoes offered, random legal placements — or, with ``greedy``,
    the placement that scores most, which builds compact kingdoms with more placements left)
    and mid-game positions (after 6 dominoes) with the next domino to place."""
    finished: list[Kingdom] = []
    midgame: list[tuple[Kingdom, Domino]] = []
    while len(finished) < count:
        k = Kingdom()
        deck = list(DOMINOES)
        rng.shuffle(deck)
        for i, dom in enumerate(deck[:12]):
            if i == 6:
                midgame.append((k.copy(), dom))
            placements = k.legal_placements(dom)
            if placements and greedy:
                k.push(max(placements, key=lambda p: _score_after(k, p)))
            elif placements:
                k.push(rng.choice(placements))
        finished.append(k)
    return finished, midgame


def _score_after(k: Kingdom, placement: object) -> int:
    k.push(placement)  # type: ignore[arg-type]
    score = k.score()
    k.undo()
    return score


def main() -> None:
    rng = random.Random(SEED)
    finished, midgame = _random_kingdoms(500, rng)

    def scorings() -> int:
        for k in finished:
            k.score()
        return len(finished)

    def generations() -> int:
        for k, dom in midgame:
            k.legal_placements(dom)
        return len(midgame)

    mean_squares = sum(len(k) for k in finished) / len(finished)
    mean_moves = sum(len(k.legal_placements(d)) for k, d in midgame) / len(midgame)
    emit("core.score", per_second=round(rate(scorings)), kingdoms=len(finished),
         mean_squares=round(mean_squares, 1), seed=SEED, target=100_000)
    emit("core.legal_placements", per_second=round(rate(generations)), positions=len(midgame),
         kingdoms="random", mean_placements=round(mean_moves, 2), seed=SEED, target=50_000)
    compact = _random_kingdoms(200, random.Random(SEED), greedy=True)[1]

    def compact_generations() -> int:
        for k, dom in compact:
            k.legal_placements(dom)
        return len(compact)

    mean_compact = sum(len(k.legal_placements(d)) for k, d in compact) / len(compact)
    emit("core.legal_placements", per_second=round(rate(compact_generations)),
         positions=len(compact), kingdoms="greedy", mean_placements=round(mean_compact, 2),
         seed=SEED, target=50_000)


if __name__ == "__main__":
    main()
