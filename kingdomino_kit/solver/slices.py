"""The search loop's schedule (:mod:`.search`): time slices, primal rounds, and the solves
running in their threads — stopped when answered, waited for, drained at the end."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field

from kingdomino_kit.solver.position import Best, Job

__all__ = ["Plan", "drain", "next_done", "stop_answered"]


@dataclass
class Plan:
    """The loop's schedule: the time slice, whether this round is primal (asks only to beat the
    best layout), the solves that ran out of their slice at it, and the CP-SAT workers a solve
    gets."""

    cap: float
    use_sets: bool
    workers: int
    primal: bool = False
    deferred: set[tuple[int, int | None]] = field(default_factory=set)  # (model, target)
    lookahead: int = 2

    def next_round(self, primal_after: float) -> None:
        """Every solve at this target ran out of time: once slices are long, a primal round;
        else (or after one) slices twice as long."""
        if not self.primal and self.cap >= primal_after:
            self.primal = True
        else:
            self.primal, self.cap = False, self.cap * 2
        self.deferred = set()


def stop_answered(running: Iterable[Job], best: Best) -> None:
    """Stop the solves whose question another solve has answered: the target is refuted, or
    the best layout already reaches it (without a target: the model is closed)."""
    for job in running:
        bound = best.bounds[job.k]
        if best.score >= bound or (job.target is not None and (
                bound < job.target or best.score >= job.target)):
            job.stop()


def next_done(done: queue.SimpleQueue[Job]) -> Job | None:
    """The next solve to end, or None after a short wait (so that Ctrl-C reaches Python and the
    loop can stop solves that have had their slice)."""
    try:
        return done.get(timeout=0.05)
    except queue.Empty:
        return None


def drain(running: dict[threading.Thread, Job]) -> None:
    """Stop every solve still running and wait for its thread (Ctrl-C meanwhile changes
    nothing: the threads must end before the answer is made)."""
    while running:
        try:
            for thread, job in list(running.items()):
                job.stop()
                thread.join(0.05)
                if not thread.is_alive():
                    del running[thread]
        except KeyboardInterrupt:
            continue
