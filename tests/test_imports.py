"""No import inside a function, except the heavy optional packages (loaded when a function
needs them, so that ``import kingdomino_kit`` stays light), OR-Tools' one loader
(``kingdomino_kit.infra.cp_sat_loader``, the only import of OR-Tools), OR-Tools' engines behind
``best_kingdom``, the Origins board's Check and the Origins puzzles' solve, the numba kernels
behind the compiled games and the renderer of ``_repr_svg_`` (the one accepted circle shape)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "kingdomino_kit"
HEAVY = {"matplotlib", "ipywidgets", "pandas", "pyarrow", "dask", "distributed",
         "numba", "numpy", "gymnasium", "pettingzoo"}
ENGINES = {("solver/__init__.py", "kingdomino_kit.solver.search"),   # import ortools at their top
           ("widgets/origins_board.py", "kingdomino_kit.origins.solver"),
           ("puzzles/games.py", "kingdomino_kit.origins.solver"),
           ("puzzles/lookup.py", "kingdomino_kit.puzzles.on_demand"),  # CP-SAT, ladder: 2 s
           ("origins/puzzle_making.py", "kingdomino_kit.origins.solver"),
           ("game/coach.py", "kingdomino_kit.solver.ordered"),
           ("widgets/puzzle_board.py", "kingdomino_kit.puzzles.on_demand")}
COMPILED = {("game/fast/compiled.py", "kingdomino_kit.game.fast.primitives"),  # numba at top
            ("game/fast/compiled.py", "kingdomino_kit.game.fast.greedy_kernels"),
            ("game/fast/compiled.py", "kingdomino_kit.game.fast.playout_kernels"),
            ("game/endgame/compiled.py", "kingdomino_kit.game.endgame.kernels"),
            ("game/endgame/compiled.py", "kingdomino_kit.game.endgame.finish_kernels"),
            ("game/endgame/compiled.py", "kingdomino_kit.game.endgame.draft_kernels"),
            ("game/endgame/compiled.py", "kingdomino_kit.game.endgame.record_kernels"),
            ("game/endgame/compiled_many.py", "kingdomino_kit.game.endgame.many_kernels"),
            ("solver/frame_proof.py", "kingdomino_kit.solver.frame_compiled"),
            ("solver/frame_proof.py", "kingdomino_kit.solver.connected_tiling"),
            ("solver/canonical_full.py", "kingdomino_kit.solver.connected_tiling"),
            # the game package (its numba switch) only where the 7x7 frame search may run
            ("solver/frame_proof.py", "kingdomino_kit.game.fast.switch")}
CP_SAT = "kingdomino_kit.infra.cp_sat_loader"  # OR-Tools' one loader
RL = "kingdomino_kit.env"  # imports gymnasium and PettingZoo (the rl extra) at its top
WIDGETS = ("kingdomino_kit.widgets",  # ipywidgets at their top
           "kingdomino_kit.server.student_page")
QUICK_START = {  # grading starts without the game package (1.5 s) unless numba is there
    ("grading/numba_cache.py", "kingdomino_kit.game.fast.switch"),
    ("server/launch.py", "kingdomino_kit.server.app"),  # Voilà: seconds, only for --voila
}
PLATFORM = {"fcntl", "ctypes"}  # POSIX-only and Linux-only stdlib, imported where it runs


def imports_inside_functions() -> list[tuple[str, str, str]]:
    """(file, function, module) of every import inside a function of the package."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                else:
                    continue
                rel = path.relative_to(PACKAGE).as_posix()
                found += [(rel, function.name, name) for name in names]
    return found


def allowed(file: str, function: str, module: str) -> bool:
    return (module.split(".")[0] in HEAVY | PLATFORM or function == "_repr_svg_"
            or (file, module) in ENGINES | COMPILED | QUICK_START or module in (RL, CP_SAT)
            or module.startswith(RL + ".") or module.startswith(WIDGETS))


def test_imports_inside_functions_are_only_of_the_allowed_kinds() -> None:
    found = imports_inside_functions()
    assert [f for f in found if not allowed(*f)] == []
    assert sum(f == "_repr_svg_" for _, f, _ in found) == 3          # the three renderers
    assert ("render.py", "new_axes", "matplotlib.pyplot") in found  # the scan sees them


def test_the_rule_tells_a_light_import_from_a_heavy_one() -> None:
    assert not allowed("game/hindsight.py", "hindsight", "kingdomino_kit.solver")
    assert allowed("infra/tables.py", "to_frame", "pandas")
