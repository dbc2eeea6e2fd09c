"""SolverView: watch the optimal-layout solver work — best score and proven bound over time.

:func:`kingdomino_kit.solver.best_kingdom` runs in a child process (so *Stop* ends it at once,
keeping the best kingdom found so far). It streams every better layout and every step of the
proof (:class:`~kingdomino_kit.solver.Progress`): the plot shows the best score and the proven
upper bound against time, the bound stepping down one refuted level at a time, the time axis
moving on while the solver works; a line under it says which levels are refuted and at how many
castle cells the level being proven is already ruled out; the best kingdom is drawn with its
scoring properties outlined. When the bound meets the score, the layout is proven optimal.

>>> view = SolverView("41,36", workers=1)
>>> view.run().status, view.score, view.bound      # blocking; start() returns at once
(<Status.OPTIMAL: 'optimal'>, 6, 6)
>>> view.status
'optimal'
"""

from __future__ import annotations

import base64
import io
import multiprocessing
import os
import queue as queue_module
import threading
import time
from collections.abc import Iterable
from typing import Any

import traitlets

from kingdomino_kit.dominoes import Domino, dominoes
from kingdomino_kit.kingdom import Kingdom
from kingdomino_kit.render import kingdom_svg
from kingdomino_kit.rules import BONUS_NAMES, Rules, rules_or_flags
from kingdomino_kit.widgets.markup import button, escape
from kingdomino_kit.widgets.picture import StaticPicture, column_svg, dominoes_svg, text_svg
from kingdomino_kit.widgets.solver_process import solve_in_child, unpack
from kingdomino_kit.widgets.view import ActionView

__all__ = ["SolverView", "progress_words"]

READY, RUNNING, STOPPED, ERROR = "ready", "running", "stopped", "error"
REDRAW_S = 0.5
"""While the solver works, the plot is redrawn at least this often (its time axis moves on)."""



def progress_words(score: int, bound: int) -> str:
    """The message while the solver runs: its best so far and its proven bound — or, before
    its first layout, only the bound (no "best so far -1").

    >>> progress_words(-1, 80), progress_words(41, 80)
    ('No layout yet, proven bound 80.', 'Best so far 41, proven bound 80 (gap 39).')
    """
    if score < 0:
        return f"No layout yet, proven bound {bound}."
    return f"Best so far {score}, proven bound {bound} (gap {bound - score})."

class SolverView(StaticPicture, ActionView):
    """The solver with a live plot, a *Solve* and a *Stop* button and the best kingdom drawn.

    Arguments are those of :func:`~kingdomino_kit.solver.best_kingdom`. ``status`` is
    ``ready``, ``running``, ``stopped``, ``error`` or the solver's final status (``optimal``,
    ``feasible``, ``infeasible``, ``unknown``); ``score``/``bound`` follow the stream.
    """

    status = traitlets.Unicode(READY)
    score = traitlets.Int(-1)
    bound = traitlets.Int(-1)
    message = traitlets.Unicode("")

    def __init__(self, dominoes_: str | Iterable[int | Domino], *, rules: Rules | None = None,
                 size: int = 5, middle_kingdom: bool = False, harmony: bool = False,
                 start: Kingdom | None = None, choose: int | None = None,
                 time_limit_s: float = 60.0, workers: int = 2, seed: int = 0,
                 title: str = "") -> None:
        super().__init__()
        if isinstance(dominoes_, str):
            doms = dominoes(dominoes_)
        else:
            doms = [d if isinstance(d, Domino) else dominoes([int(d)])[0] for d in dominoes_]
        self.dominoes = doms
        rules = rules_or_flags(rules, size=size, middle_kingdom=middle_kingdom, harmony=harmony)
        self.options: dict[str, Any] = {
            "rules": rules, "choose": choose, "time_limit_s": time_limit_s, "workers": workers,
            "seed": seed}
        self.start_kingdom = start
        self.title = title
        self.points: list[tuple[float, int, int]] = []
        self.progress: list[dict[str, Any]] = []  # the proof's events, as JSON
        self._began = 0.0
        self._drawn = 0.0
        self.best: Any = None  # the best Solution so far (streamed or final)
        self.solution: Any = None  # the final Solution when the solver finished
        self._process: Any = None
        self._reader: threading.Thread | None = None
        self._lock = threading.RLock()
        self._say("Press Solve to start the solver.")

    # ------------------------------------------------------------------ control
    @property
    def running(self) -> bool:
        """True while the solver works."""
        return self.status == RUNNING

    def start(self) -> None:
        """Start solving in the background (a running solve is stopped first)."""
        if self.running:
            self.stop()
        context = multiprocessing.get_context("spawn")
        results: Any = context.Queue()
        start = self.start_kingdom.to_json() if self.start_kingdom is not None else None
        process = context.Process(
            target=solve_in_child, daemon=True,
            args=(results, [d.number for d in self.dominoes], self.options, start, os.getpid(),
                  threading.current_thread() is threading.main_thread()))
        with self._lock:
            self.points, self.best, self.solution = [], None, None
            self.progress = []
            self._began = time.perf_counter()
            self.score = self.bound = -1
            self.status = RUNNING
            self._process = process
        process.start()
        self._reader = threading.Thread(target=self._read, args=(process, results), daemon=True)
        self._reader.start()
        self._say("Solving…")

    def stop(self) -> None:
        """Stop the solver now; the best kingdom found so far stays."""
        with self._lock:
            was_running = self.status == RUNNING
            if was_running:
                self.status = STOPPED  # first, so the reader takes the end for a stop
            process = self._process
        if process is not None and process.is_alive():
            process.kill()
            process.join(10)
        if self._reader is not None and self._reader is not threading.current_thread():
            self._reader.join(10)
        if was_running:
            best = self.best
            self._say("Stopped." + (f" Best found: {best.score}, proven bound {self.bound}."
                                    if best is not None else " No kingdom found yet."))

    def wait(self, timeout: float | None = None) -> Any:
        """Wait for the solver to finish and return its final Solution. An interrupt
        (Ctrl-C, the notebook's stop button) stops it; then, as after :meth:`stop`, the best
        Solution found so far is returned (None if none)."""
        try:
            if self._reader is not None:
                self._reader.join(timeout)
        except KeyboardInterrupt:
            self.stop()
        if self.solution is None and self.status == STOPPED:
            return self.best
        return self.solution

    def run(self) -> Any:
        """Solve and wait (blocking; interruptible): see :meth:`wait`."""
        self.start()
        return self.wait()

    def _read(self, process: Any, results: Any) -> None:
        """Background thread: take what the child streams until it ends."""
        while True:
            try:
                kind, data = results.get(timeout=0.2)
            except queue_module.Empty:
                with self._lock:  # nothing new: the clock still moves on the plot
                    if self._process is process and self.status == RUNNING and \
                            time.perf_counter() - self._drawn >= REDRAW_S:
                        self._say(self.message)
                if process.is_alive():
                    continue
                try:  # it may have ended just after its last words: they are in the pipe
                    kind, data = results.get(timeout=1.0)
                except queue_module.Empty:
                    with self._lock:
                        if self._process is process and self.status == RUNNING:
                            self.status = ERROR
                            self._say(f"The solver process ended unexpectedly (exit code "
                                      f"{process.exitcode}).")
                    return
            with self._lock:
                if self._process is not process or self.status != RUNNING:
                    return
                if kind == "error":
                    self.status = ERROR
                    self._say(f"Error: {data}")
                    return
                if kind == "progress":
                    self._take_progress(data)
                    continue
                solution = unpack(data)
                self.points.append((solution.seconds, solution.score, solution.bound))
                self.best = solution if solution.kingdom is not None else self.best
                self.score, self.bound = solution.score, solution.bound
                if kind == "done":
                    self.solution = solution
                    self.status = str(solution.status)
                    self._say(self._final_words(solution))
                    process.join(10)
                    return
                self._say(progress_words(solution.score, solution.bound))

    def _take_progress(self, event: dict[str, Any]) -> None:
        """One event of the proof: the bound follows it, the view is redrawn (at most every
        tenth of a second while events pour in)."""
        self.progress.append(event)
        if event["score"] >= 0:
            self.score = max(self.score, event["score"])
        self.bound = event["bound"]
        words = progress_words(self.score, self.bound)
        if event["event"] == "bound" and time.perf_counter() - self._drawn < 0.1:
            self.message = words  # the next redraw shows it
            return
        self._say(words)

    def refuted(self) -> list[int]:
        """The score levels proven out of reach so far, highest first."""
        return [level for event in self.progress for level in event["refuted"]]

    def proof_words(self) -> str:
        """Where the proof stands: the levels refuted, and at how many castle cells the level
        now being proven is ruled out."""
        if not self.progress:
            return ""
        last = self.progress[-1]
        refuted = self.refuted()
        words = []
        if refuted:
            shown = refuted if len(refuted) <= 8 else [*refuted[:3], "…", *refuted[-4:]]
            words.append("refuted: " + ", ".join(map(str, shown)))
        bound, score = last["bound"], last["score"]
        if bound > score:
            positions = last.get("positions", [])
            out = sum(b < bound for _, _, b in positions)
            words.append(f"proving that no kingdom scores {bound}: ruled out at {out} of "
                         f"{len(positions)} castle cells")
        elif score >= 0:
            words.append(f"proven: nothing scores more than {score}")
        return " · ".join(words)

    def _final_words(self, solution: Any) -> str:
        if solution.status == "optimal":
            return f"Proven optimal: {solution.score} points — no kingdom can score more."
        if solution.status == "feasible":
            return (f"Time is up: best {solution.score}, proven bound {solution.bound} "
                    f"(gap {solution.bound - solution.score}).")
        if solution.status == "infeasible":
            return "Infeasible: no kingdom meets the conditions."
        return "Time is up before any kingdom was found."

    # ------------------------------------------------------------------ browser events
    def handle(self, action: str, data: dict[str, str]) -> None:
        """Answer the Solve and Stop buttons."""
        if action == "solve":
            self.start()
        elif action == "stop":
            self.stop()
        else:
            self._say(f"Unknown action {action!r} from the browser.")

    # ------------------------------------------------------------------ rendering
    def _say(self, text: str) -> None:
        self.message = text
        self.html = self.markup()
        self._drawn = time.perf_counter()

    def _elapsed(self) -> float:
        """The seconds the plot shows: the solver's clock while it works, its last event
        after."""
        last = max([float(t) for t, _, _ in self.points]
                   + [float(e["seconds"]) for e in self.progress] + [0.0])
        if self.running:
            return max(last, time.perf_counter() - self._began)
        return last

    def plot_png(self) -> bytes:
        """The plot of best score and proven bound against seconds, as PNG bytes: the bound
        steps down at every level the proof refutes; whole-number ticks on the score axis."""
        from matplotlib.figure import Figure
        from matplotlib.ticker import MaxNLocator

        figure = Figure(figsize=(4.6, 2.8), dpi=90)
        ax = figure.add_subplot()
        now = self._elapsed()
        bounds = [(e["seconds"], e["bound"]) for e in self.progress]
        if not bounds:
            bounds = [(t, b) for t, _, b in self.points]
        scores = [(t, s) for t, s, _ in self.points]
        scores += [(e["seconds"], e["score"]) for e in self.progress
                   if e["event"] == "solution"]
        scores = sorted(set(scores))
        if bounds:
            times = [0.0, *(t for t, _ in bounds), now]
            values = [bounds[0][1], *(b for _, b in bounds), bounds[-1][1]]
            ax.step(times, values, where="post", color="#c62828", label="proven bound")
        if scores:
            best = [max(s for _, s in scores[:i + 1]) for i in range(len(scores))]
            ax.step([t for t, _ in scores] + [now], best + [best[-1]], where="post",
                    color="#1a6ad1", label="best score")
            ax.scatter([t for t, _ in scores], best, color="#1a6ad1", s=12, zorder=3)
        if bounds or scores:
            ax.legend(loc="lower right", fontsize=8)
            low = min([s for _, s in scores] or [b for _, b in bounds])
            high = max(b for _, b in bounds) if bounds else max(s for _, s in scores)
            pad = 1 + (high - low) // 10
            ax.set_ylim(max(0, low - pad), high + pad)
            ax.set_xlim(0, max(now, 0.1) * 1.05)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel("seconds")
        ax.set_ylabel("points")
        ax.grid(alpha=0.3)
        figure.tight_layout()
        out = io.BytesIO()
        figure.savefig(out, format="png")
        return out.getvalue()

    def markup(self) -> str:
        """The view as HTML."""
        numbers = ", ".join(str(d.number) for d in self.dominoes)
        opts = self.options
        rules = opts["rules"]
        head = (f"{len(self.dominoes)} dominoes ({numbers}) · {rules.size}×{rules.size}"
                + "".join(f" · {BONUS_NAMES[name]}" for name in rules.bonuses)
                + (f" · choose {opts['choose']}" if opts["choose"] is not None else ""))
        figures = ""
        if self.score >= 0:
            figures = (f'<div class="kk-solver-figures">best <b class="kk-solver-score">'
                       f'{self.score}</b> · bound <b class="kk-solver-bound">{self.bound}</b>'
                       "</div>")
        png = base64.b64encode(self.plot_png()).decode()
        alt = "best score and bound over time" + (
            f": best {self.score}, bound {self.bound}" if self.score >= 0 else "")
        plot = f'<img class="kk-plot" alt="{escape(alt)}" src="data:image/png;' \
               f'base64,{png}"/>'
        kingdom = ""
        if self.best is not None and self.best.kingdom is not None:
            k = self.best.kingdom
            kingdom = kingdom_svg(k, highlight=[p for p in k.properties() if p.score])
        controls = (button("Solve", "solve", enabled=not self.running)
                    + button("Stop", "stop", enabled=self.running))
        title = f'<div class="kk-title"><b>{escape(self.title)}</b></div>' if self.title else ""
        return (f'<div class="kk-solver" data-status="{self.status}" '
                f'data-kk-name="{escape(self.title or "Solver")}: Tab reaches Solve and Stop">'
                f"{title}"
                f'<div class="kk-solver-head">{escape(head)}</div>'
                f'<div class="kk-controls">{controls}<span class="kk-solver-status">'
                f"{escape(self.status)}</span></div>{figures}"
                f'<div class="kk-main">{plot}<div class="kk-solver-kingdom">{kingdom}</div></div>'
                f'<div class="kk-solver-proof">{escape(self.proof_words())}</div>'
                f'<div class="kk-message">{escape(self.message)}</div></div>')

    def picture(self) -> str:
        """The view as a still picture: the dominoes, then the best kingdom found so far (none
        before the first solution) and its score."""
        parts = [text_svg(self.title, bold=True)] if self.title else []
        parts.append(dominoes_svg(self.dominoes, words="the dominoes"))
        if self.best is not None and self.best.kingdom is not None:
            k = self.best.kingdom
            parts.append(kingdom_svg(k, highlight=[p for p in k.properties() if p.score]))
        parts.append(text_svg(self._figures_words(), bold=True))
        return column_svg(parts, words=self.picture_words())

    def _figures_words(self) -> str:
        if self.score < 0:
            return "not solved yet: run the notebook, then press Solve"
        return f"best {self.score} · bound {self.bound} · {self.status}"

    def picture_words(self) -> str:
        numbers = ", ".join(str(d.number) for d in self.dominoes)
        return f"The solver on dominoes {numbers}: {self._figures_words()}."

    def __repr__(self) -> str:
        return (f"SolverView({len(self.dominoes)} dominoes, status={self.status}, "
                f"score={self.score}, bound={self.bound})")



