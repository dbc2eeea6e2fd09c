"""The search behind :func:`kingdomino_kit.solver.best_kingdom`: CP-SAT models, one per castle
position (and per choice, with free choice), asked for descending target scores in time slices.

The castle is tried on each frame cell of one eighth of the square (the D4 symmetry of the frame
maps every layout onto one with its castle there). With free choice, every dominance-closed
choice of k dominoes whose bound reaches the top is made into models of its own, best bound
first (:mod:`.choice_feed`). With the set model, the open model with the highest bound is asked
to reach exactly that bound: a layout found there is the best possible, a proof of infeasibility
lowers that model's bound by one. Each solve gets a time slice, doubled when every model at a
target needs more; once slices are long (``primal_after``), a round asks each model only to beat
the best layout. With the rank model, each model is solved once to optimality (above the best
layout so far).

Before CP-SAT, layouts to beat: a beam search (:mod:`.beam`) and, on 7×7, simulated annealing
over full layouts (:mod:`.anneal`) — there annealing first, then the frame search
(:mod:`.frame_proof`), and the beam only if the set is still open; annealing again on every
new choice and, between solves, whenever
annealing has had less than its share of the time (the choices at the top bound in turn). A
layout that reaches a bound closes its models at once.

Every layout is replayed through the rules library and re-scored (:mod:`.position`); the proven
bound is the best real score or the largest bound of a model still open (or of a choice not yet
made into models).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterator

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.errors import InvariantError, SolverBug
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.rules import Rules
from kingdomino_kit.solver.anneal import anneal_runs
from kingdomino_kit.solver.beam import beam_layout
from kingdomino_kit.solver.canonical import canonical_choice_layout, canonical_layout
from kingdomino_kit.solver.canonical_full import FullProvers, full_layout, walk_placements
from kingdomino_kit.solver.choice_feed import ChoiceFeed
from kingdomino_kit.solver.data import ModelData, model_data, terrain_bound
from kingdomino_kit.solver.discard import complete
from kingdomino_kit.solver.frame_proof import (
    FRAME_SHARE,
    TOP_SHARE,
    FrameLevels,
    frame_levels,
    frame_placements,
    frames_apply,
    quick_top,
)
from kingdomino_kit.solver.frame_search import top_level
from kingdomino_kit.solver.inputs import FrameCell, castle_positions, fixed_squares
from kingdomino_kit.solver.position import SET_MODEL_WORKERS, Best, Job, solve_model
from kingdomino_kit.solver.progress import PENDING, START, Progress, ProgressTracker
from kingdomino_kit.solver.settings import SolverSettings
from kingdomino_kit.solver.slices import Plan, drain, next_done, stop_answered
from kingdomino_kit.solver.solution import Solution, Status, replay_order

__all__ = ["SET_MODEL_WORKERS", "solve_positions"]


def solve_positions(dominoes: list[Domino], *, rules: Rules,
                    start: Kingdom | None, time_limit_s: float, workers: int, seed: int,
                    on_solution: Callable[[Solution], None] | None,
                    choose: int | None, settings: SolverSettings,
                    on_progress: Callable[[Progress], None] | None = None) -> Solution:
    """Solve every castle position (and choice) in turn; see the module docstring.
    ``on_progress`` receives every change of the proven bounds (:mod:`.progress`); the answer
    says whether Ctrl-C stopped the search (``Solution.interrupted``)."""
    search = _Search(dominoes, rules=rules,
                     start=start, time_limit_s=time_limit_s, workers=workers, seed=seed,
                     on_solution=on_solution, choose=choose, settings=settings,
                     on_progress=on_progress)
    try:
        search.make_models()
    except KeyboardInterrupt:
        return search.interrupted_early()
    search.start_stream()
    interrupted = search.quick_top()
    if not interrupted:
        interrupted = search.incumbents()
    if not interrupted:
        interrupted = search.frames()
    if not interrupted:
        interrupted = search.late_beam()
    if not interrupted:
        interrupted = search.loop()
    return search.answer(interrupted)


class _Search:
    """The state of one search: its models, their bounds, the best layout."""

    def __init__(self, dominoes: list[Domino], *, rules: Rules, start: Kingdom | None,
                 time_limit_s: float, workers: int,
                 seed: int, on_solution: Callable[[Solution], None] | None, choose: int | None,
                 settings: SolverSettings,
                 on_progress: Callable[[Progress], None] | None = None) -> None:
        self.dominoes, self.start, self.choose = dominoes, start, choose
        self.rules, self.size = rules, rules.size
        self.time_limit_s, self.workers, self.seed = time_limit_s, workers, seed
        self.on_solution, self.settings = on_solution, settings
        self.started = time.perf_counter()
        self.best = Best()
        self.on_progress = on_progress
        self.positions = castle_positions(self.size, start)
        self.chooses = choose is not None and choose < len(dominoes)
        self.feed: ChoiceFeed | None = None
        self.datas: list[ModelData] = []
        self.rank: list[tuple[int, int]] = []  # (choice, castle position) of each model
        self.sets: list[list[Domino]] = [dominoes]  # the dominoes of each choice
        self.annealed = 0  # annealing runs so far (each with its own seed)
        self.annealing_s = 0.0  # the time they took
        # the first walk and the connected tiling's filling: the canonical layout's first steps
        self.provers = FullProvers(settings.anneal_iterations(self.size), seed,
                                   self._walk_castle(0))

    # ------------------------------------------------------------------ set-up
    def make_models(self) -> None:
        """The models of every castle position, or the feed of choices."""
        settings = self.settings
        if self.chooses and settings.choice_search:
            if self.choose is None:
                raise InvariantError("expected self.choose is not None")
            self.feed = ChoiceFeed(self.dominoes, size=self.size, positions=self.positions,
                                   start=self.start, rules=self.rules, choose=self.choose,
                                   settings=settings)
            self.best.pending = self.feed.peek()
            self.sets = []
            return
        for k, castle in enumerate(self.positions):
            data = model_data(self.dominoes, size=self.size, castle=castle,
                              fixed=fixed_squares(self.start, castle),
                              rules=self.rules, choose=self.choose, settings=settings)
            self.datas.append(data)
            self.rank.append((0, k))
            self.best.bounds[k] = data.upper_bound

    def start_stream(self) -> None:
        """Attach the proof stream and report the static bounds."""
        self.best.tracker = ProgressTracker(self.on_progress, self.started,
                                            [d.castle for d in self.datas])
        self.best.note(START)

    def interrupted_early(self) -> Solution:
        """Ctrl-C before any model was made: no layout, the plain terrain bound."""
        halves = [h for d in self.dominoes for h in d.halves]
        halves += [h for _, h in self.start.squares()] if self.start is not None else []
        bound = terrain_bound(halves) + self.rules.bonus_bound
        return Solution(Status.UNKNOWN, 0, bound, None, (), time.perf_counter() - self.started,
                        interrupted=True)

    def incumbents(self) -> bool:
        """The beam's layout; where annealing runs on the set (7×7), an annealed one instead
        (the beam waits for :meth:`late_beam`). Returns whether Ctrl-C came."""
        try:
            if self.feed is None:
                self._anneal(0)
            if self.settings.beam and not self._anneals_the_set():
                self._beam()  # a real layout: the models must beat it
                self._report()
        except KeyboardInterrupt:
            return True
        return False

    def late_beam(self) -> bool:
        """Where annealing runs on the set: the beam's layout once the walk and the frame
        search have left the search open, before CP-SAT's models (a walk at the bound, or the
        connected tiling, settles most 7×7 sets without it). Returns whether Ctrl-C came."""
        if not (self.settings.beam and self._anneals_the_set()):
            return False
        with self.best.lock:
            if self.best.kingdom is not None and self.best.score >= self.best.bound():
                return False
        try:
            self._beam()
            self._report()
        except KeyboardInterrupt:
            return True
        return False

    def _beam(self) -> None:
        """Record the beam search's layout (replayed through the rules) as the best so far."""
        left = self.time_limit_s - (time.perf_counter() - self.started)
        kingdom, order = beam_layout(self.dominoes, size=self.size, start=self.start,
                                     rules=self.rules, width=3 if self.size <= 5 else 10,
                                     choose=self.choose,
                                     deadline=time.perf_counter() + left / 2)
        replayed, order = replay_order(order, self.start, self.size)
        if replayed != kingdom:
            raise SolverBug("the beam layout does not replay")
        replayed, order = self._allowed(replayed, order, self.dominoes)
        if self.settings.place_all and len(order) < min(self.choose or len(self.dominoes),
                                                        len(self.dominoes)):
            return  # not a layout of them all
        self.best.record(replayed, order, replayed.total(self.rules))

    def _allowed(self, kingdom: Kingdom, order: tuple[Placement, ...], pool: list[Domino]
                 ) -> tuple[Kingdom, tuple[Placement, ...]]:
        """A heuristic's layout with what still fits placed (no voluntary discard), unless
        the settings allow free discards."""
        if self.settings.free_discard:
            return kingdom, order
        kingdom, order = complete(kingdom, order, pool,
                                  choose=self.choose if pool is self.dominoes else None,
                                  rules=self.rules)
        return kingdom, order

    def _anneal(self, choice: int) -> None:
        """Anneal a full layout of one choice's dominoes (the pool's without free choice) up to
        the highest bound of its open models, and keep it if it beats the best."""
        iterations = self.settings.anneal_iterations(self.size)
        if not iterations or self.start is not None or (self.chooses and self.feed is None):
            return
        bound = max((self.best.bounds[k] for k in range(len(self.datas))
                     if self.rank[k][0] == choice), default=self.best.pending)
        if bound <= self.best.score:
            return
        clock = time.perf_counter()
        count = self.workers if self.settings.anneal_processes else 1
        runs = [(self.seed + self.annealed + i, self._walk_castle(self.annealed + i))
                for i in range(max(1, count))]
        walks = anneal_runs(self.sets[choice], runs, size=self.size, iterations=iterations,
                            rules=self.rules, target=bound, deadline=time.time() + self.time_limit_s
                            - (time.perf_counter() - self.started))
        if self.annealed == 0 and self.feed is None:
            self.provers.walk = walks[0]
        self.annealed += len(runs)
        self.annealing_s += time.perf_counter() - clock
        found = max(walks, key=lambda w: w.score)
        if found.score <= self.best.score:
            return
        kingdom, order = replay_order(walk_placements(found), None, self.size)
        kingdom, order = self._allowed(kingdom, order, self.sets[choice])
        if self.settings.place_all and len(order) < len(self.sets[choice]):
            return  # not a layout of them all
        real = kingdom.total(self.rules)
        with self.best.lock:
            if self.best.record(kingdom, order, real):
                self._report()

    def _walk_castle(self, run: int) -> FrameCell | None:
        """The castle cell annealing run ``run`` keeps: with Middle Kingdom every other walk
        keeps it at the centre; else none."""
        if self.rules.middle_kingdom and run % 2 == 0:
            return (self.size // 2, self.size // 2)
        return None

    def _frames_apply(self) -> bool:
        return bool(self.settings.frames and self.size == 7 and self.datas and frames_apply(
            self.rules, self.start, self.chooses, self.settings.place_all))

    def quick_top(self) -> bool:
        """On 7×7, when the bound is the top level of a full frame: the connected tiling within
        ``QUICK_NODES`` (:func:`.frame_proof.quick_top`), before annealing — on most such sets
        it reaches the bound sooner. Returns whether Ctrl-C came."""
        if not self._frames_apply():
            return False
        with self.best.lock:
            bound = max(self.best.bounds.values())
        try:
            got = quick_top(self.dominoes, self.rules, bound, time.monotonic() + self.time_limit_s)
        except KeyboardInterrupt:
            return True
        self.provers.quick = got.tiled
        self._settle(got)
        return False

    def frames(self) -> bool:
        """On 7×7, when the best layout is below the bound: the compiled frame search refutes
        levels from the bound down, or finds a better layout (:mod:`.frame_proof`), within
        ``FRAME_SHARE`` of the time. Returns whether Ctrl-C came."""
        best = self.best
        if not self._frames_apply():
            return False
        with best.lock:
            bound, score = max(best.bounds.values()), best.score
        left = self.time_limit_s - (time.perf_counter() - self.started)
        if bound <= score or left <= 0:
            return False
        try:
            share = TOP_SHARE if bound == top_level(self.dominoes, self.rules) else FRAME_SHARE
            got = frame_levels(self.dominoes, self.rules, best=score, bound=bound,
                               deadline=time.monotonic() + min(left, share * self.time_limit_s),
                               below=lambda level: max(d.below(level) for d in self.datas))
        except KeyboardInterrupt:
            return True
        if got.tiled is not None and got.tiled.value >= 0:
            self.provers.tiled = got.tiled
        self._settle(got)
        return False

    def _settle(self, got: FrameLevels) -> None:
        """Record what the frame search or the connected tiling settled."""
        best = self.best
        if got.found is not None:
            kingdom, order = replay_order(frame_placements(got.found, self.size), None,
                                          self.size)
            kingdom, order = self._allowed(kingdom, order, self.dominoes)
            with best.lock:
                if best.record(kingdom, order, kingdom.total(self.rules)):
                    self._report()
        if got.refuted_above is not None:
            with best.lock:
                for k, data in enumerate(self.datas):
                    best.bounds[k] = min(best.bounds[k],
                                         max(best.score, data.below(got.refuted_above)))
                best.note()

    def _report(self) -> None:
        if self.on_solution is not None and self.best.kingdom is not None:
            self.on_solution(Solution(Status.FEASIBLE, self.best.score, self.best.bound(),
                                      self.best.kingdom, self.best.order,
                                      time.perf_counter() - self.started))
        self.best.note()

    # ------------------------------------------------------------------ the loop
    def _take_choices(self) -> None:
        """Make models of every choice whose bound beats the best layout and reaches the highest
        bound of the models still open (so the search never asks for a target that an untaken
        choice could reach); anneal each new choice."""
        feed, best = self.feed, self.best
        if feed is None:
            raise InvariantError("expected feed is not None")
        while feed.peek() > best.score and feed.peek() >= max(
                [best.bounds[k] for k in range(len(self.datas)) if best.bounds[k] > best.score],
                default=-1):
            chosen, models = feed.pull()
            choice = len(self.sets)
            self.sets.append(chosen)
            with best.lock:  # solves running meanwhile read the bounds
                for j, data in enumerate(models):
                    best.bounds[len(self.datas)] = data.upper_bound
                    self.datas.append(data)
                    self.rank.append((choice, j))
                    if best.tracker is not None:
                        best.tracker.castles.append(data.castle)
                best.pending = feed.peek()
                best.note()
            self._anneal(choice)
        with best.lock:
            best.pending = feed.peek()
            best.note()

    def loop(self) -> bool:
        """Solve models in time slices until every one is closed or the time is up. With the set
        model and more than one worker, models are solved side by side, one CP-SAT worker each
        (``SolverSettings.side_by_side``). Returns whether Ctrl-C stopped it."""
        settings = self.settings
        use_sets = (settings.model_for_choice if self.chooses and self.feed is None
                    else settings.model) == "sets"
        lanes = self.workers if use_sets and settings.side_by_side and self.workers > 1 else 1
        plan = Plan(settings.first_slice_s if use_sets else float("inf"), use_sets,
                     1 if lanes > 1 else self.workers)
        running: dict[threading.Thread, Job] = {}
        done: queue.SimpleQueue[Job] = queue.SimpleQueue()
        try:
            return self._rounds(plan, lanes, running, done)
        except KeyboardInterrupt:
            return True
        finally:
            drain(running)

    def _rounds(self, plan: Plan, lanes: int, running: dict[threading.Thread, Job],
                done: queue.SimpleQueue[Job]) -> bool:
        best = self.best
        while True:
            if self.feed is not None:
                self._take_choices()
            with best.lock:
                open_ = [k for k in range(len(self.datas)) if best.bounds[k] > best.score]
                stop_answered(running.values(), best)
            left = self.time_limit_s - (time.perf_counter() - self.started)
            if not open_ or left <= 0:
                return False
            if self._annealing_due():
                if not running:
                    with best.lock:  # the choices at the top bound in turn
                        top = max(best.bounds[k] for k in open_)
                        tops = sorted({self.rank[j][0] for j in open_ if best.bounds[j] == top})
                    self._anneal(tops[self.annealed % len(tops)])
                    continue
            else:
                while len(running) < lanes:
                    jobs = self._candidates(open_, list(running.values()), plan)
                    if not jobs:
                        break
                    self._start(jobs[0], plan, left, running, done)
            if not running:  # every model at this target needs more time
                plan.next_round(self.settings.primal_after(self.size))
                continue
            job = next_done(done)
            if job is None:
                self._preempt(open_, list(running.values()), plan)
                continue
            del running[next(t for t, j in running.items() if j is job)]
            if job.error is not None:
                raise job.error
            with best.lock:
                best.note()
            if job.stopped and not job.preempted:  # answered meanwhile by another solve
                continue
            if plan.primal or not job.learnt:
                if not plan.use_sets:
                    return False  # nothing learnt: the time is up
                plan.deferred.add((job.k, job.target))

    def _candidates(self, open_: list[int], running: list[Job], plan: Plan,
                    lowest: int | None = None) -> list[Job]:
        """The solves to start, best first: models at the highest bound asked to reach it (in a
        primal round, only to beat the best layout), edge castles first. While others are being
        solved, also models asked for a level or two lower (down to ``lowest``, if given): a
        layout found there may be the best, and a level refuted refutes every level above it."""
        best = self.best
        busy = {(j.k, j.target) for j in running}
        with best.lock:
            bounds, score = dict(best.bounds), best.score
        if not plan.use_sets:
            return [] if running else [Job(open_[0], None)]
        top = max(bounds[k] for k in open_)
        if plan.primal:
            targets = [score + 1]
        else:
            if lowest is None:
                lowest = top - plan.lookahead if running else top
            targets = list(range(top, max(score, lowest - 1), -1))
        out = []
        for target in targets:
            ready = [k for k in open_ if bounds[k] >= target and (k, target) not in plan.deferred
                     and (k, target) not in busy
                     and (plan.primal or self.datas[k].reaches(target))]
            if self.settings.edge_first:  # best layouts often have the castle off-centre
                ready.sort(key=lambda j: (self.rank[j][0], -self.rank[j][1]))
            out += [Job(k, target) for k in ready]
        return out

    def _preempt(self, open_: list[int], running: list[Job], plan: Plan) -> None:
        """Stop the solves that have had their time slice while another solve waits for a lane
        (one at a target as high, or annealing): a solve with nothing waiting runs on."""
        now = time.perf_counter()
        for job in running:
            if job.stopped or job.target is None or now - job.began < plan.cap:
                continue
            if self._annealing_due() or self._candidates(open_, running, plan, job.target):
                job.preempted = True
                job.stop()

    def _start(self, job: Job, plan: Plan, left: float,
               running: dict[threading.Thread, Job], done: queue.SimpleQueue[Job]) -> None:
        """Solve ``job`` in a thread of its own for at most ``left`` seconds (the loop stops it
        sooner when its slice is over and another solve waits)."""
        def run() -> None:
            try:
                solve_model(job, self.datas[job.k], plan.use_sets,
                            self.sets[self.rank[job.k][0]], self.start,
                            self.best, job.began + left, plan.workers, self.seed,
                            self.on_solution, self.started)
            finally:
                done.put(job)

        job.began = time.perf_counter()
        thread = threading.Thread(target=run, name=f"cp-sat-{job.k}", daemon=True)
        running[thread] = job
        thread.start()

    def _annealing_due(self) -> bool:
        """Annealing runs on this size and has had less than its share of the time."""
        elapsed = time.perf_counter() - self.started
        return (self.settings.anneal_iterations(self.size) > 0 and self.start is None
                and not (self.chooses and self.feed is None)
                and self.annealing_s < self.settings.anneal_share * elapsed)

    def answer(self, interrupted: bool) -> Solution:
        """The solution: optimal when every model (and choice) is closed at the best layout."""
        best = self.best
        seconds = time.perf_counter() - self.started
        bound = best.bound()
        closed = sum(best.bounds[k] <= best.score for k in range(len(self.datas)))
        everything = closed == len(self.datas) and best.pending <= best.score
        if best.kingdom is None:
            status = Status.INFEASIBLE if everything and not interrupted else Status.UNKNOWN
            self._done(max(bound, 0), status)
            return Solution(status, 0, max(bound, 0), None, (), seconds, interrupted)
        if best.score > bound:
            raise SolverBug(f"real score {best.score} above the proven bound {bound}")
        status = Status.OPTIMAL if everything and best.score == bound else Status.FEASIBLE
        if status == Status.OPTIMAL and self.settings.canonical and not interrupted:
            try:
                self._canonical()
            except KeyboardInterrupt:  # Ctrl-C in the last pass: the proven layout stands
                interrupted = True
            seconds = time.perf_counter() - self.started
        self._done(bound, status)
        placed = {p.domino.number for p in best.order}
        discarded = (() if self.chooses else
                     tuple(sorted(d.number for d in self.dominoes if d.number not in placed)))
        return Solution(status, best.score, bound, best.kingdom, best.order, seconds,
                        interrupted, discarded)

    def _canonical(self) -> None:
        """Replace the proven best layout by the canonical one of its score (the same on every
        run, :mod:`.canonical`), when the final pass finds it."""
        best, settings = self.best, self.settings
        if self._anneals_the_set():
            found, go_on = full_layout(
                self.dominoes, self.rules, best.score, self.provers,
                settings.frames and frames_apply(self.rules, self.start, self.chooses,
                                                 settings.place_all), self._exactly(best.score))
            if found is not None:
                best.kingdom, best.order = found
            if not go_on:
                return
        use_sets = (settings.model_for_choice if self.chooses and self.feed is None
                    else settings.model) == "sets"
        if self.feed is None:
            found = canonical_layout(self.datas, [best.bounds[k] for k in range(len(self.datas))],
                                     best.score, self.dominoes, self.start, use_sets, self.seed)
        else:
            found = canonical_choice_layout(self._choices_reaching(best.score), best.score,
                                            self.start, use_sets, self.seed)
        if found is not None:
            best.kingdom, best.order = found

    def _anneals_the_set(self) -> bool:
        """Whether annealing runs here on the given set (7×7, from the castle, no free choice):
        then the beam waits (:meth:`late_beam`) and the canonical layout is first asked of
        the first walk and the connected tiling (:mod:`.canonical_full`)."""
        return (self.feed is None and not self.chooses and self.start is None
                and self.provers.iterations > 0)

    def _exactly(self, target: int) -> Callable[[list[Placement]], tuple[
            Kingdom, tuple[Placement, ...]] | None]:
        """Placements → the layout replayed and completed by the discard rule, if it really
        scores ``target`` (else None)."""
        def place(placements: list[Placement]) -> tuple[Kingdom, tuple[Placement, ...]] | None:
            kingdom, order = replay_order(placements, None, self.size)
            kingdom, order = self._allowed(kingdom, order, self.dominoes)
            if self.settings.place_all and len(order) < len(self.dominoes):
                return None
            return (kingdom, order) if kingdom.total(self.rules) == target else None
        return place

    def _choices_reaching(self, target: int) -> Iterator[tuple[list[Domino], list[ModelData],
                                                               list[int]]]:
        """Every choice whose bound reaches ``target``, in the feed's order: those the search
        took (their models' bounds as proven), then those still in the feed."""
        if self.feed is None:
            raise InvariantError("expected self.feed is not None")
        for choice, chosen in enumerate(self.sets):
            ks = [k for k, (c, _) in enumerate(self.rank) if c == choice]
            yield chosen, [self.datas[k] for k in ks], [self.best.bounds[k] for k in ks]
        while self.feed.peek() >= target:
            chosen, models = self.feed.pull()
            if not models:
                return
            yield chosen, models, [data.upper_bound for data in models]

    def _done(self, bound: int, status: Status) -> None:
        """The proof stream's last event."""
        best = self.best
        if best.tracker is not None:
            best.tracker.done({PENDING: best.pending, **best.bounds}, best.score, bound,
                              str(status))
