"""Many tasks — chunks of games, domino sets — run in this process, in a pool of local processes
or on a Dask cluster, through one code path: :func:`run_tasks`.

A task is a picklable tuple and the function a module-level one, so the same pair runs
anywhere; a result never depends on where it ran, so a run gives the same answers in one process,
on two or on a cluster. :func:`run_tasks` keeps a window of tasks in flight (a few per worker)
and hands back the results in task order or as they finish — memory stays flat however many
tasks there are.

Where the tasks run:

- ``workers=1`` and no client: here, one after the other;
- ``workers=N``: a pool of N local processes (:class:`concurrent.futures.ProcessPoolExecutor`);
- ``client=``: a ``dask.distributed.Client`` — a ``LocalCluster`` or a real cluster
  (:func:`dask_client` opens either). Dask re-runs the tasks of a worker that dies.

Dask is optional (``pip install 'kingdomino-kit[dask]'``); it is imported by :func:`dask_client`
and when a client is used, never by ``import kingdomino_kit.infra.parallel``.

A Ctrl-C or SIGTERM stops the run: no result that finishes after it is handed back (a solve
cut short by it is not an answer); the pool's processes are ended at once (not waited for) and
the client's tasks cancelled. A worker process never outlives the process that started it: on
Linux the kernel sends it SIGKILL when its parent dies (``PR_SET_PDEATHSIG``), and everywhere a
thread of the worker watches its parent and ends the worker within :data:`ORPHAN_POLL_S` of
the parent's death (:func:`die_with_parent`), whatever killed the parent (SIGKILL included).

>>> list(run_tasks(abs, [-3, 1, -2]))
[3, 1, 2]
>>> sorted(run_tasks(abs, [-3, 1, -2], ordered=False))
[(0, 3), (1, 1), (2, 2)]
"""

from __future__ import annotations

import concurrent.futures
import concurrent.futures.process
import contextlib
import os
import pickle
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import FrameType, MappingProxyType
from typing import Any, Protocol, TypeVar

from tqdm import tqdm

from kingdomino_kit.errors import KingdominoError

__all__ = ["DASK_MISSING", "dask_client", "die_with_parent", "import_distributed",
           "machine_cores", "run_tasks"]

T = TypeVar("T")
R = TypeVar("R")

DASK_MISSING = "Dask is not installed: pip install 'kingdomino-kit[dask]'"
"""The one-line answer when Dask is asked for but not installed."""

IN_FLIGHT_PER_WORKER = 2
"""Tasks sent ahead per worker: one running, one waiting, so no worker waits for the next."""

QUIET_CLUSTER: Mapping[str, object] = MappingProxyType({
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "500ms",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
})
"""Dask settings of the ``LocalCluster`` that :func:`dask_client` starts: no statistical
profiler, and the event-loop, system and memory monitors woken a few times a second rather
than 50 to 100 times. On a small machine those wake-ups take the interpreter lock from the
games and the cores from the workers: with Dask's defaults a 2-worker cluster spent about a
tenth more CPU than the games themselves (measured in ``docs/scale.md``). They are set in
this process for as long as the cluster lasts (a nanny that starts a worker again after a
crash reads them then). The dashboard still works; its profile page stays empty. A cluster
of one's own keeps its own settings."""

ORPHAN_POLL_S = 0.25
"""How often a worker process looks whether its parent is still there."""

STOP_GRACE_S = 0.5
"""After a stopped run, how long a pool process has to end on SIGTERM before it is killed."""

SIGNAL_POLL_S = 0.1
"""While the run waits for a pool's or a cluster's tasks, how often it looks whether a Ctrl-C
or SIGTERM was noted (it is not raised inside their code: :class:`_Interrupts`)."""

DASK_POLL_S = 0.005
"""How often a run on a Dask cluster looks whether a task has finished."""

WORKERLESS_S = 300.0
"""How long a run waits on a Dask cluster left without a worker (every one died or left, and
none came back) before it stops with an error, instead of waiting for ever: five minutes,
longer than a nanny takes to start a worker again or a cluster that scales with its load to
start one."""

WORKERS_LOOK_S = 1.0
"""While a run on a Dask cluster waits, how often it asks the scheduler how many workers it
has."""

HELD_PER_WINDOW = 4
"""In order, results that finished before an earlier one are held, up to this many windows of
them; past that the workers wait (memory stays bounded even if one task is very slow)."""


def machine_cores() -> int:
    """The cores this process may run on (the default number of local workers)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def import_distributed() -> Any:
    """``dask.distributed``, or a :class:`KingdominoError` saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise KingdominoError(DASK_MISSING) from None
    return distributed


@contextlib.contextmanager
def dask_client(address: str | None = None, *, workers: int | None = None,
                dashboard_address: str = "127.0.0.1:8787") -> Iterator[Any]:
    """A Dask client for the block: connected to the scheduler at ``address``
    (``tcp://host:8786``), or, without one, to a new ``LocalCluster`` of ``workers`` processes
    (default: one per core, one thread each — the games are pure Python; Dask's monitors
    slowed down, :data:`QUIET_CLUSTER`) on this machine's loopback, closed after the block.
    The dashboard is at ``client.dashboard_link``."""
    distributed = import_distributed()
    if address:
        if workers is not None:
            raise KingdominoError(f"workers: the cluster at {address} has its own workers")
        try:
            client = distributed.Client(address, timeout="10s")
        except (OSError, TimeoutError) as error:
            raise KingdominoError(f"cannot reach the Dask scheduler at {address}: "
                                  f"{error}") from None
        with client:
            yield client
        return
    n = machine_cores() if workers is None else workers
    if n < 1:
        raise KingdominoError(f"workers must be 1 or more, not {n}")
    import dask

    # for the cluster's whole life: a nanny starting a worker again after a crash reads them;
    # each worker process (a child of this one) runs dask_setup below: it ends with this one
    with dask.config.set(dict(QUIET_CLUSTER) | {"distributed.worker.preload": [__name__]}):
        cluster = distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                           host="127.0.0.1",
                                           dashboard_address=dashboard_address)
        with cluster, distributed.Client(cluster) as client:
            yield client


def dask_setup(worker: Any) -> None:
    """Run by each worker process of the ``LocalCluster`` of :func:`dask_client` as it starts
    (a Dask preload): the worker ends when the process that started the cluster dies."""
    die_with_parent(os.getppid(), kernel=False)


class _Backend(Protocol):
    slots: int
    shielded: bool

    def submit(self, fn: Callable[[Any], Any], task: Any) -> Any: ...

    def done(self, handle: Any) -> bool: ...

    def wait_any(self, handles: Sequence[Any], timeout: float) -> None: ...

    def result(self, handle: Any) -> Any: ...

    def cancel(self, handles: Sequence[Any]) -> None: ...

    def close(self) -> None: ...

    def abort(self) -> None: ...


class _Later:
    """A task run here when it is waited for."""

    def __init__(self, fn: Callable[[Any], Any], task: Any) -> None:
        self.fn, self.task = fn, task
        self.finished = False
        self.value: Any = None

    def run(self) -> None:
        self.value, self.finished = self.fn(self.task), True

    def result(self) -> Any:
        if not self.finished:
            self.run()
        return self.value


class _Here:
    slots = 1
    shielded = False  # the tasks run in this thread: a Ctrl-C must reach them

    def submit(self, fn: Callable[[Any], Any], task: Any) -> _Later:
        return _Later(fn, task)

    def done(self, handle: _Later) -> bool:
        return handle.finished

    def wait_any(self, handles: Sequence[_Later], timeout: float) -> None:
        handles[0].run()

    def result(self, handle: _Later) -> Any:
        return handle.result()

    def cancel(self, handles: Sequence[Any]) -> None:
        pass

    def close(self) -> None:
        pass

    def abort(self) -> None:
        pass


def _parent_death_signal(signum: int) -> bool:
    """Ask Linux to send ``signum`` to this process when the thread that started it ends
    (``prctl(PR_SET_PDEATHSIG)``); False where that is not available."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, signum, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


PR_SET_PDEATHSIG = 1
"""The ``prctl`` option of :func:`_parent_death_signal` (``linux/prctl.h``)."""


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(ORPHAN_POLL_S)
        if os.getppid() != parent:
            os._exit(1)  # the parent is gone: nobody waits for this worker's results


def die_with_parent(parent: int, *, kernel: bool = True) -> None:
    """In a worker process started by ``parent`` (its pid): end this process when the parent
    dies. ``kernel``: also ask Linux for SIGKILL at once when the starting thread ends (only
    when that thread lives as long as the parent's interest in the worker: its main thread).
    Everywhere, a daemon thread polls :func:`os.getppid` (a dead parent's children are handed
    to another process) and ends the worker within :data:`ORPHAN_POLL_S`."""
    if kernel:
        _parent_death_signal(signal.SIGKILL)
    if os.getppid() != parent:  # died before the watch began
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), name="watch-parent",
                     daemon=True).start()


def _worker_start(parent: int, kernel: bool) -> None:
    """A pool process ignores Ctrl-C between tasks (the parent stops the run), SIGTERM ends it
    at once (not a handler inherited from the parent), and it ends when its parent dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent, kernel=kernel)


def _in_worker(job: tuple[Callable[[Any], Any], Any]) -> Any:
    """Run one task in a pool process; a Ctrl-C during it ends it at once."""
    fn, task = job
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return fn(task)
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Pool:
    shielded = True

    def __init__(self, workers: int) -> None:
        self.slots = workers
        self.dropped: list[Any] = []
        main = threading.current_thread() is threading.main_thread()
        self.pool = concurrent.futures.ProcessPoolExecutor(
            workers, initializer=_worker_start, initargs=(os.getpid(), main))

    def submit(self, fn: Callable[[Any], Any], task: Any) -> Any:
        return self.pool.submit(_in_worker, (fn, task))

    def done(self, handle: Any) -> bool:
        return bool(handle.done())

    def wait_any(self, handles: Sequence[Any], timeout: float) -> None:
        concurrent.futures.wait(handles, timeout, concurrent.futures.FIRST_COMPLETED)

    def result(self, handle: Any) -> Any:
        try:
            return handle.result()
        except concurrent.futures.process.BrokenProcessPool:
            raise KingdominoError(
                "a worker process died in the middle of a task (killed, or out of memory): "
                "the run stops (try fewer workers, or smaller tasks)") from None

    def cancel(self, handles: Sequence[Any]) -> None:
        self.dropped = list(handles)  # cancelled by close(); abort() ends them with the pool

    def close(self) -> None:
        for handle in self.dropped:
            handle.cancel()
        self.pool.shutdown(wait=True, cancel_futures=True)

    def abort(self) -> None:
        """The run was stopped: end the processes now, not after their running tasks (the
        pool then fails the tasks it held; none is cancelled first, which the pool's own
        thread would trip over)."""
        self.dropped = []
        calls = getattr(self.pool, "_call_queue", None)
        if calls is not None:  # its feeder may be stuck writing to a dead worker: not waited for
            calls.cancel_join_thread()
        processes = list(getattr(self.pool, "_processes", {}).values())
        for process in processes:
            with contextlib.suppress(OSError, ValueError):
                process.terminate()
        deadline = time.monotonic() + STOP_GRACE_S
        for process in processes:
            with contextlib.suppress(OSError, ValueError, AssertionError):
                process.join(max(0.0, deadline - time.monotonic()))
                if process.is_alive():
                    process.kill()
                    process.join(STOP_GRACE_S)
        results = getattr(self.pool, "_result_queue", None)
        if results is not None and not any(p.is_alive() for p in processes):
            # a worker ended while it sent a result leaves half a message in the pipe: the
            # pool's thread would wait for the rest for ever (and the interpreter's exit for
            # that thread), as this process holds a writing end too; closed, the read ends
            results._writer.close()
        self.pool.shutdown(wait=False, cancel_futures=True)


def _pickled(job: tuple[Callable[[Any], Any], Any]) -> bytes:
    """Run one task on a Dask worker; its result travels as one pickle. (Dask would otherwise
    walk a list result element by element to choose a serializer for each: for a chunk of
    1,000 rows, its worker's event loop spent more time on that than on sending the bytes.)"""
    fn, task = job
    return pickle.dumps(fn(task), protocol=pickle.HIGHEST_PROTOCOL)


class _Dask:
    shielded = True

    def __init__(self, client: Any) -> None:
        self.distributed = import_distributed()
        self.client = client
        self.address = client.scheduler.address  # for the errors: gone with a lost scheduler
        self.slots = max(1, sum(client.nthreads().values()))
        self.looked = time.monotonic()
        self.workerless_since: float | None = None

    def submit(self, fn: Callable[[Any], Any], task: Any) -> Any:
        return self.client.submit(_pickled, (fn, task), pure=False)

    def done(self, handle: Any) -> bool:
        return bool(handle.done())

    def wait_any(self, handles: Sequence[Any], timeout: float) -> None:
        # looked at, not waited on: Dask's wait with a timeout raises an error whose traceback
        # holds the futures until the garbage collector runs (the cluster keeps their results)
        deadline = time.monotonic() + timeout
        while not any(h.done() for h in handles) and time.monotonic() < deadline:
            time.sleep(DASK_POLL_S)
        self._workers_left(len(handles))

    def _workers_left(self, waiting: int) -> None:
        """Raise :class:`KingdominoError` once the cluster has had no worker for
        :data:`WORKERLESS_S` (asked every :data:`WORKERS_LOOK_S`)."""
        now = time.monotonic()
        if now - self.looked < WORKERS_LOOK_S:
            return
        self.looked = now
        try:
            workers = self.client.nthreads()
        except (OSError, TimeoutError) as error:  # the scheduler gone (its comm closed)
            raise KingdominoError(f"dask: lost the scheduler at {self.address}: {error}"
                                  ) from None
        if workers:
            self.workerless_since = None
        elif self.workerless_since is None:
            self.workerless_since = now
        elif now - self.workerless_since >= WORKERLESS_S:
            raise KingdominoError(
                f"dask: the cluster at {self.address} has had no worker for "
                f"{now - self.workerless_since:.0f} s, {waiting} task(s) waiting: the run "
                "stops (start workers, or run without the cluster)")

    def result(self, handle: Any) -> Any:
        try:
            return pickle.loads(handle.result())
        except concurrent.futures.CancelledError as error:  # by the cluster: this run asks
            # for no result it cancelled itself
            raise KingdominoError(f"dask: a task was cancelled by the cluster at {self.address} "
                                  f"(closed, or its scheduler gone): {error}") from None

    def cancel(self, handles: Sequence[Any]) -> None:
        if handles:
            self.client.cancel(list(handles))

    def close(self) -> None:
        pass  # a future dropped is released: the cluster keeps no result nobody holds

    def abort(self) -> None:
        pass  # the futures are cancelled; a local cluster's processes go with the cluster


class _Interrupts:
    """While a run lasts (in the main thread): a Ctrl-C is noted, then raised as usual; so is
    a SIGTERM when a handler of its own is set (the command line's raises an exception): the
    handler is called again at :meth:`check` if a task caught what it raised.

    While :attr:`shielded` (the run is in a pool's or a Dask client's own code, which holds
    locks its other threads need), a signal is only noted and raised at the next
    :meth:`check`: an exception raised between a lock's acquire and its ``try`` would leave
    the lock held, and the pool's thread, then the interpreter's exit, would wait on it for
    ever."""

    def __init__(self) -> None:
        self.seen = threading.Event()
        self.previous: Any = None
        self.term: Any = None
        self.signum: int = signal.SIGINT
        self.shielded = False
        self.ended = False

    def __enter__(self) -> _Interrupts:
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, self._note)
            if callable(signal.getsignal(signal.SIGTERM)):
                self.term = signal.signal(signal.SIGTERM, self._note)
        return self

    def _note(self, signum: int, frame: FrameType | None) -> None:
        if self.ended:  # the run is over, its handlers could not be taken back: the ones before
            before = self.previous if signum == signal.SIGINT else self.term
            if callable(before):
                before(signum, frame)
            return
        self.seen.set()
        self.signum = signum
        if not self.shielded:
            self._raise(frame)

    def _raise(self, frame: FrameType | None) -> None:
        if self.signum == signal.SIGTERM and callable(self.term):
            self.term(signal.SIGTERM, frame)
        raise KeyboardInterrupt

    def check(self) -> None:
        """A Ctrl-C or SIGTERM came (maybe caught by the task, as the solver does, or noted
        while shielded): stop now."""
        if self.seen.is_set():
            self._raise(None)

    def __exit__(self, *exc: object) -> None:
        self.ended = True
        if threading.current_thread() is not threading.main_thread():
            return  # a run ended in another thread than its own: only the main thread can
            # set the handlers back, so this one's pass every signal on to the ones before
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)
        if self.term is not None:
            signal.signal(signal.SIGTERM, self.term)


def run_tasks(fn: Callable[[T], R], tasks: Sequence[T], *, workers: int = 1,
              client: Any = None, ordered: bool = True, progress: bool | None = False,
              size: Callable[[T], int] | None = None, unit: str = "task"
              ) -> Iterator[Any]:
    """``fn(task)`` for every task: here (``workers=1``), in ``workers`` local processes, or on
    the Dask ``client``. ``ordered``: the results in task order; otherwise ``(index, result)``
    pairs as tasks finish. ``progress``: a bar on stderr counting ``size(task)`` ``unit``\\ s
    (None: only if stderr is a terminal). With a client, the dashboard's link is printed on
    stderr first.
    """
    if workers < 1:
        raise KingdominoError(f"workers must be 1 or more, not {workers}")
    if progress is None:
        progress = sys.stderr.isatty()
    backend: _Backend
    if client is not None:
        backend = _Dask(client)
        print(f"dask: {backend.slots} worker threads, dashboard {client.dashboard_link}",
              file=sys.stderr, flush=True)
    elif workers > 1 and len(tasks) > 1:
        backend = _Pool(workers)
    else:
        backend = _Here()
    weigh = size or (lambda task: 1)
    bar = (tqdm(total=sum(weigh(t) for t in tasks), unit=unit, file=sys.stderr)
           if progress else None)
    window = max(2, IN_FLIGHT_PER_WORKER * backend.slots) if backend.slots > 1 else 1
    with _Interrupts() as interrupts:
        try:
            for index, result in _flow(fn, tasks, backend, window, ordered, interrupts):
                if bar is not None:
                    bar.update(weigh(tasks[index]))
                yield result if ordered else (index, result)
        except BaseException:
            interrupts.shielded = backend.shielded  # a second Ctrl-C waits for the pool's end
            backend.abort()
            raise
        finally:
            interrupts.shielded = backend.shielded
            backend.close()
            if bar is not None:
                bar.close()
        interrupts.check()  # a Ctrl-C that came while the pool closed


def _flow(fn: Callable[[Any], Any], tasks: Sequence[Any], backend: _Backend, window: int,
          ordered: bool, interrupts: _Interrupts) -> Iterator[tuple[int, Any]]:
    """(index, result) of every task. At most ``window`` tasks run or wait at once, and at
    most :data:`HELD_PER_WINDOW` windows' worth of results wait for an earlier one (in order):
    a worker gets its next task as soon as it finishes one. A result handed back is let go (a
    Dask cluster then frees it); what is still in flight when the run stops is cancelled."""
    pending: deque[tuple[int, Any]] = deque()
    following = iter(range(len(tasks)))
    held = HELD_PER_WINDOW * window

    def unfinished() -> list[Any]:
        return [h for _, h in pending if not backend.done(h)]

    def refill() -> None:
        running = len(unfinished())
        while running < window and len(pending) < held:
            index = next(following, None)
            if index is None:
                return
            pending.append((index, backend.submit(fn, tasks[index])))
            running += 1

    interrupts.shielded = backend.shielded
    try:
        refill()
        while pending:
            if ordered:
                finished = []
                while pending and backend.done(pending[0][1]):
                    finished.append(pending.popleft())
            else:
                finished = [(i, h) for i, h in pending if backend.done(h)]
                for item in finished:
                    pending.remove(item)
            if not finished:
                waiting = unfinished()
                if waiting:  # else one finished just now: look again
                    backend.wait_any(waiting, SIGNAL_POLL_S)
                interrupts.check()
                refill()
                continue
            results = [(i, backend.result(h)) for i, h in finished]
            interrupts.check()
            refill()
            interrupts.shielded = False  # the caller's code, between results, is not shielded
            yield from results
            interrupts.shielded = backend.shielded
    finally:
        interrupts.shielded = backend.shielded
        backend.cancel([handle for _, handle in pending])
