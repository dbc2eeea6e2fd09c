"""Where a Mighty Duel solve's CPU goes: per phase of the search, one set at a time.

The sets of :mod:`benchmarks.bench_solver` (the same variables: ``KK_BENCH_SOLVER`` — groups
``duel``, ``duel+both`` —, ``KK_BENCH_SOLVER_SEED``, ``KK_BENCH_SOLVER_ONLY``), one CP-SAT worker,
120 s a set. Each set's JSON line gives its CPU seconds (this process and the annealing
processes it waited for) and, per phase, the CPU seconds spent in it and not in a phase inside
it: ``quick`` (the connected tiling within QUICK_NODES), ``anneal``, ``beam``, ``frames`` (the
connected tiling without a cap and the frame search), ``fsearch`` (the frame search alone),
``loop`` (CP-SAT's models), ``canonical`` (the final pass), ``models`` (building them); and the
load. The phases are timed by wrapping the search's methods for the run.

    KK_BENCH_SOLVER=duel,duel+both KK_BENCH_SOLVER_SEED=4 .venv/bin/python -m benchmarks.duel_phases
"""

from __future__ import annotations

import contextlib
import functools
import os
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any
from unittest import mock

from benchmarks.bench_solver import SEED, _cpu, domino_sets, parse_group
from benchmarks.common import emit

PHASES = {"make_models": "models", "quick_top": "quick", "_anneal": "anneal", "_beam": "beam",
          "frames": "frames", "loop": "loop", "_canonical": "canonical"}
"""The search's methods timed (:class:`kingdomino_kit.solver.search._Search`), by phase."""


class Phases:
    """CPU seconds by phase, each without the phases nested in it."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}
        self.inner: list[float] = []

    def timed(self, method: Callable[..., Any], label: str) -> Callable[..., Any]:
        @functools.wraps(method)
        def run(*args: Any, **kwargs: Any) -> Any:
            start = _cpu()
            self.inner.append(0.0)
            try:
                return method(*args, **kwargs)
            finally:
                nested, took = self.inner.pop(), _cpu() - start
                self.spent[label] = self.spent.get(label, 0.0) + took - nested
                if self.inner:
                    self.inner[-1] += took
        return run

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        import kingdomino_kit.solver.frame_compiled as frame_compiled
        from kingdomino_kit.solver.search import _Search

        with contextlib.ExitStack() as stack:
            for name, label in PHASES.items():
                stack.enter_context(mock.patch.object(
                    _Search, name, self.timed(getattr(_Search, name), label)))
            stack.enter_context(mock.patch.object(  # imported by frame_proof when called
                frame_compiled, "frame_search_compiled",
                self.timed(frame_compiled.frame_search_compiled, "fsearch")))
            yield


def main() -> None:
    from kingdomino_kit.solver import best_kingdom

    groups = os.environ.get("KK_BENCH_SOLVER", "duel,duel+both").split(",")
    seeds = os.environ.get("KK_BENCH_SOLVER_SEED", str(SEED)).split(",")
    picked = os.environ.get("KK_BENCH_SOLVER_ONLY")
    only = {int(i) for i in picked.split(",")} if picked else None
    for seed in map(int, seeds):
        for group in groups:
            _, middle, harmony = parse_group(group)
            cpus = []
            for i, doms in enumerate(domino_sets(group, seed)):
                if only is not None and i not in only:
                    continue
                phases = Phases()
                start, clock = _cpu(), time.perf_counter()
                with phases.installed():
                    sol = best_kingdom(doms, size=7, middle_kingdom=middle, harmony=harmony,
                                       time_limit_s=120.0, workers=1, seed=0)
                cpus.append(_cpu() - start)
                emit(f"solver.{group}.phases", seed=seed, index=i, status=str(sol.status),
                     score=sol.score, bound=sol.bound, cpu_s=round(cpus[-1], 2),
                     seconds=round(time.perf_counter() - clock, 2),
                     **{k: round(v, 2) for k, v in phases.spent.items()},
                     load=round(os.getloadavg()[0], 1))
            emit(f"solver.{group}.phases", seed=seed, sets=len(cpus),
                 median_cpu_s=round(statistics.median(cpus), 2), worst_cpu_s=round(max(cpus), 2))


if __name__ == "__main__":
    main()
