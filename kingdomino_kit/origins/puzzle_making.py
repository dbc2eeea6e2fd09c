"""Making Origins puzzles: a seeded domino set, its answer proven optimal by the solver, the
share of random legal builds that reach it (the level, :mod:`kingdomino_kit.share_levels`), a
title naming the idea and a ladder of hints that never give the answer.

>>> from kingdomino_kit.origins.puzzles import origins_puzzles
>>> p = origins_puzzles()[0]
>>> optimal, samples = random_share(p, 50)
>>> 0 <= optimal <= samples == 50
True
"""

from __future__ import annotations

import random
from typing import Any

from kingdomino_kit.errors import InvariantError, PuzzleError
from kingdomino_kit.origins.catalogue import Resource, Terrain, sample_catalogue
from kingdomino_kit.origins.fire import TOKEN_SUPPLY
from kingdomino_kit.origins.kingdom import OriginsKingdom
from kingdomino_kit.origins.puzzles import OriginsAnswer, OriginsPuzzle
from kingdomino_kit.share_levels import RANDOM_SAMPLES, level_from_share

__all__ = ["random_build", "random_share", "make_origins_puzzle", "origins_hints",
           "origins_title"]


def random_build(puzzle: OriginsPuzzle, rng: random.Random) -> OriginsKingdom:
    """One random legal build: the dominoes in a random order, each on a random legal spot
    (skipped when none), each token on a random allowed square."""
    kingdom = OriginsKingdom(puzzle.size, with_resources=puzzle.rivals is not None)
    supply = dict(TOKEN_SUPPLY)
    for dom in rng.sample(puzzle.dominoes, len(puzzle.dominoes)):
        spots = kingdom.legal_placements(dom)
        if not spots:
            continue
        p = rng.choice(spots)
        kingdom.place(p)
        for cell, craters in p.volcanoes():
            if not supply[craters]:
                continue
            supply[craters] -= 1
            targets = kingdom.fire_targets(cell, craters)
            kingdom.throw(cell, craters, rng.choice(targets) if targets else None)
    return kingdom


def random_share(puzzle: OriginsPuzzle, samples: int = RANDOM_SAMPLES,
                 seed: int = 0) -> tuple[int, int]:
    """(random builds scoring the stored optimum, builds played), seeded."""
    rng = random.Random(seed)
    hits = sum(puzzle.score(random_build(puzzle, rng)) == puzzle.optimum
               for _ in range(samples))
    return hits, samples


def origins_title(puzzle: OriginsPuzzle, kingdom: OriginsKingdom) -> str:
    """A title naming the idea the optimal territory shows (not where anything goes)."""
    n = f"{len(puzzle.dominoes)} dominoes"
    if puzzle.rivals is not None:
        counts = kingdom.resource_counts()
        won = [r.value for r, c in counts.items() if c > puzzle.rivals[r]]
        burnt = sum(h.resource is not None for _, h in kingdom.squares()) - sum(counts.values())
        totems = (", ".join(won[:-1]) + " and " if len(won) > 1 else "") + won[-1] + (
            " totems" if len(won) > 1 else " totem")
        if not won:
            return f"Fire before totems ({n})"
        if burnt:
            return f"Burn {burnt}, still win the {totems} ({n})"
        return f"Win the {totems}, burn nothing ({n})"
    best = max(kingdom.regions(), key=lambda r: (r.score, r.squares))
    terrain = best.terrain.value
    tokens = sorted((f for c, f in kingdom.tokens.items() if c in best.cells), reverse=True)
    if tokens:
        return f"A {tokens[0]}-fire token for the {terrain} ({n})"
    if any(d.volcanoes for d in puzzle.dominoes):
        return f"The volcano is a decoy: printed fire in the {terrain} ({n})"
    return f"Printed fire in the {terrain} ({n})"


def origins_hints(puzzle: OriginsPuzzle, kingdom: OriginsKingdom) -> tuple[str, ...]:
    """Up to three hints, nudge first: a principle, the optimum's value, then what the optimal
    territory achieves (never where the dominoes go)."""
    if puzzle.optimum is None:
        raise InvariantError("expected puzzle.optimum is not None")
    if puzzle.rivals is not None:
        counts = kingdom.resource_counts()
        rival = ", ".join(f"{n} {r.value}" for r, n in puzzle.rivals.items())
        won = [r.value for r, n in counts.items() if n > puzzle.rivals[r]]
        return (f"Your rival keeps {rival}: a totem takes one more than that. A fire token "
                "must land if a square allows it, and on a resource it burns it.",
                f"The best answer scores {puzzle.optimum}.",
                "An optimal answer wins " + (" and ".join(f"the {w} totem" for w in won)
                                             if won else "no totem") + ".")
    volcanoes = [h.craters for d in puzzle.dominoes for h in d.volcanoes]
    if volcanoes:
        k = max(volcanoes)
        nudge = (f"A {k}-crater volcano throws {k} fire at most {4 - k} square"
                 f"{'s' if k < 3 else ''} away: decide first which region should catch it.")
    else:
        nudge = "No volcano here: only printed fire scores, so join the squares that show it."
    best = max(kingdom.regions(), key=lambda r: (r.score, r.squares))
    return (nudge, f"The best territory scores {puzzle.optimum}.",
            f"In an optimal territory the best region is {_terrain(best.terrain)}: "
            f"{best.squares} square{'s' * (best.squares > 1)} with {best.fire} fire.")


def _terrain(terrain: Terrain) -> str:
    return {"forest": "a forest", "lake": "a lake", "quarry": "a quarry", "desert": "a desert",
            "grassland": "a grassland"}.get(terrain.value, terrain.value)


def make_origins_puzzle(ident: str, kind: str, seed: int, dominoes: int, *,
                        size: int = 5, time_limit_s: float = 600.0,
                        tight: bool = False) -> OriginsPuzzle:
    """A puzzle from a seed: ``dominoes`` of the sample catalogue (with a volcano), a rival's
    resources for a totem puzzle (``tight``: one fewer than the dominoes show of each, so a
    totem needs every one of its resources kept), the answer proven optimal, the level by the
    share of random builds, a title and hints. Raises ``ValueError`` when the solver could not
    prove the optimum in ``time_limit_s``."""
    from kingdomino_kit.origins.solver import OPTIMAL, solve_discovery

    rng = random.Random(seed)
    catalogue = list(sample_catalogue())
    while True:
        chosen = sorted(rng.sample(catalogue, dominoes), key=lambda d: d.number)
        if any(d.volcanoes for d in chosen):
            break
    rivals = None
    if kind == "totem":
        on = {r: sum(h.resource is r for d in chosen for h in d.halves) for r in Resource}
        rivals = {r: max(0, n - (1 if tight else rng.choice((0, 1, 1, 2))))
                  for r, n in on.items()}
        if not tight and all(rivals[r] < n for r, n in on.items()):  # one totem out of reach
            r = max(on, key=lambda r: (on[r], r.value))
            rivals[r] = on[r]
    sol = solve_discovery(chosen, size=size, workers=1, seed=0, time_limit_s=time_limit_s,
                          rivals=rivals)
    if sol.status != OPTIMAL or sol.kingdom is None:
        raise PuzzleError(f"{ident}: not proven optimal in {time_limit_s} s")
    draft = OriginsPuzzle(ident, "", kind, 1, _question(kind, len(chosen), rivals),
                          tuple(chosen), size=size, rivals=rivals, optimum=sol.score,
                          answer=OriginsAnswer(sol.order, sol.throws),
                          proof="CP-SAT (kingdomino_kit.origins.solver), status optimal")
    hits, samples = random_share(draft)
    measures: dict[str, Any] = {"random_optimal": hits, "random_samples": samples,
                                "random_seed": 0}
    return OriginsPuzzle(**{**draft.__dict__, "title": origins_title(draft, sol.kingdom),
                            "level": level_from_share(hits, samples),
                            "hints": origins_hints(draft, sol.kingdom),
                            "extra": {"source": f"make_origins_puzzle({ident!r}, {kind!r}, "
                                                f"{seed}, {dominoes}, size={size}"
                                                + (", tight=True)" if tight else ")"),
                                      "measures": measures}})


def _question(kind: str, n: int, rivals: dict[Resource, int] | None) -> str:
    if rivals is None:
        return (f"Build the best Discovery territory from any of these {n} dominoes, every fire "
                "token landing where the rules allow. How many points?")
    rival = ", ".join(f"{c} {r.value}" for r, c in rivals.items())
    return (f"Totem mode: your rival ends with {rival}. Build the best territory from any of "
            f"these {n} dominoes; resources left score 1 each, and a totem goes to you when you "
            "keep more of its resource than the rival. How many points?")
