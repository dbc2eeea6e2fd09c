"""Draw the pictures of the README's tour into docs/images/ (boards as SVG, a solver plot as PNG).

    .venv/bin/python scripts/make_tour_images.py

The boards are deterministic SVG text (kingdomino_kit.render.kingdom_svg); the solver progress
plot shows one real run (its timings differ from run to run).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from kingdomino_kit import Kingdom, dominoes  # noqa: E402
from kingdomino_kit.infra.atomic import atomic_write, atomic_write_bytes  # noqa: E402
from kingdomino_kit.puzzles import find_puzzle  # noqa: E402
from kingdomino_kit.puzzles.grading import replay  # noqa: E402
from kingdomino_kit.render import kingdom_svg  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "images"
TOUR_PUZZLE = "41-complete"  # a puzzle id of the collection
PROGRESS_SET = "17,21,25,28,29,31,32,33,35,42,45,46"   # benchmark box set 3: optimum 64 of 67


def _write(path: Path, text: str) -> None:
    """A picture replaced whole (an interrupted run leaves the old one)."""
    with atomic_write(path) as handle:
        handle.write(text)


def boards() -> None:
    """The scoring example and a puzzle's start and optimum."""
    example = Kingdom.from_text("W W F1 F . / W1 L L F G2 / C L1 M2 M G / S S1 W G G / . . W W .")
    crowned = [p for p in example.properties() if p.score]
    _write(OUT / "tour_scoring.svg", kingdom_svg(
        example, highlight=crowned, title=f"properties that score: {example.score()}"))
    puzzle = find_puzzle(TOUR_PUZZLE)
    start = puzzle.start_kingdom()
    _write(OUT / "tour_puzzle_start.svg",
        kingdom_svg(start, title=f"{puzzle.id}: start, {start.score()} points"))
    best = replay(puzzle)
    _write(OUT / "tour_puzzle_optimum.svg",
        kingdom_svg(best, highlight=[p for p in best.properties() if p.score],
                    title=f"proven optimum: {puzzle.rules.total(best)}"))


def progress_plot() -> None:
    """Best total found and proven bound over time: the slowest 12-domino set of the benchmark,
    120 s at most."""
    from kingdomino_kit.solver import best_kingdom

    points: list[tuple[float, int, int]] = []
    sol = best_kingdom(dominoes(PROGRESS_SET), workers=1, seed=0, time_limit_s=120,
                       on_solution=lambda s: points.append((s.seconds, s.score, s.bound)))
    points.append((sol.seconds, sol.score, sol.bound))
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.step([t for t, _, _ in points], [s for _, s, _ in points], where="post",
            label="best layout found")
    ax.step([t for t, _, _ in points], [b for _, _, b in points], where="post", ls="--",
            label="proven bound")
    ax.set_xlabel("seconds")
    ax.set_ylabel("score")
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.set_title(f"CP-SAT, 12 dominoes: {sol.status}, best {sol.score}, bound {sol.bound}")
    ax.legend()
    fig.tight_layout()
    png = io.BytesIO()
    fig.savefig(png, format="png", dpi=100)
    atomic_write_bytes(OUT / "solver_progress.png", png.getvalue())


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    boards()
    progress_plot()
    return 0


if __name__ == "__main__":
    sys.exit(main())
