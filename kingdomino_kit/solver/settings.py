"""The solver's settings: one frozen object that says which model and which of its ideas run.

Every field has the value the solver uses by default; a field exists so that the tests (and
``make bench``) can switch one idea off and show what it does. Settings are passed explicitly,
``best_kingdom(..., settings=SolverSettings(beam=False))``; nothing is read from module state.

>>> SolverSettings().model, SolverSettings(model="ranks").model
('sets', 'ranks')
>>> SolverSettings(model="magic")
Traceback (most recent call last):
...
kingdomino_kit.errors.SolverError: settings.model must be 'sets' or 'ranks', not 'magic'
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from kingdomino_kit.errors import SolverError

__all__ = ["DEFAULT_SETTINGS", "MODELS", "SolverSettings"]

MODELS = ("sets", "ranks")


@dataclass(frozen=True)
class SolverSettings:
    """Which model the search solves and which of its redundant parts and cuts are on.

    Model:
      * ``model`` — ``sets``, the set model (properties by isolated connected sets,
        buildability by cut-off sets; :mod:`.set_model`), or ``ranks``, the rank model
        (regions and build chains by ranks; :mod:`.rank_model`), the reference;
      * ``choice_search`` — free choice (k of a larger pool) is solved choice by choice: the
        dominance-closed k-subsets in order of falling terrain bound (:mod:`.choices`), each a
        fixed set for ``model``, until the next bound no longer beats the best layout;
      * ``model_for_choice`` — without ``choice_search``, the model that chooses k of the pool
        itself: with no domino forced the set model gets no budget cuts, so ``ranks``.

    Search (:mod:`.search`):
      * ``beam`` — a first layout by beam search (:mod:`.beam`) before CP-SAT starts;
      * ``stop_when_beaten`` — a position's search stops once its bound cannot beat the best;
      * ``first_slice_s`` — the time slice of a position's first solve (doubled when every
        position at a target needs more);
      * ``edge_first`` — positions at a target are tried from the edge inwards;
      * ``primal_after_s5`` / ``primal_after_s7`` — once slices reach this many seconds (5×5 /
        7×7), a round asks each position only to beat the best layout;
      * ``anneal5`` / ``anneal7`` — iterations of each run of simulated annealing over full
        layouts (:mod:`.anneal`), 5×5 / 7×7 (0: none); runs come before CP-SAT, on each new
        choice, and whenever they have had less than ``anneal_share`` of the time so far;
      * ``anneal_processes`` — one walk per worker at a time, each in a process of its own;
      * ``frames`` — on 7×7, when the heuristics' best layout is below the bound, the
        compiled frame search (numba) refutes the levels from the bound down or finds a
        better layout before CP-SAT's models (:mod:`.frame_proof`);
      * ``canonical`` — once the optimum is proven (without free choice), a final pass of
        deterministic solves picks the layout (:mod:`.canonical`; on 7×7 first the seeded first
        annealing walk, then the connected tiling, :mod:`.canonical_full`): the same input and
        seed give the same layout on every run;
      * ``side_by_side`` — with the set model and more than one worker, as many models are solved
        at once as there are workers, each with one CP-SAT worker (on these models one worker
        without LP proves as fast as two); a worker that would idle asks a busy position a
        level or two lower.

    Both models:
      * ``free_discard`` — the old, loose reading: any subset of the dominoes may be left out.
        Off by default: a domino left out must have no legal placement in the final kingdom
        (:mod:`.discard`);
      * ``place_all`` — every given domino must be placed (a puzzle's condition, "place them
        all", not a rule of the game): no layout with one left out counts;
      * ``parity`` — a domino covers one light and one dark chessboard cell, so at most
        min(light, dark) free cells' worth of dominoes fit;
      * ``levels`` — the scores near the bound that no sum of property values reaches
        (:mod:`.levels`) are never asked: a position's bound falls past them at once.

    Rank model:
      * ``lp_forms`` — the region/product links also as plain linear inequalities;
      * ``used_bound`` — a terrain's regions score at most its squares × its crowns placed.

    Set model (budget cuts, with a target score):
      * ``forced`` — pieces without which the target is out of reach must be placed;
      * ``single`` — an isolated part that alone costs more than the budget is ruled out;
      * ``cost_sum`` — the costs of the isolated parts of fully placed terrains fit the budget;
      * ``symmetry`` — a lex-leader on the castle's neighbours keeps one layout per family;
      * ``dominance`` — a domino is used only when every domino that dominates it is.
    """

    model: str = "sets"
    choice_search: bool = True
    model_for_choice: str = "ranks"
    beam: bool = True
    stop_when_beaten: bool = True
    first_slice_s: float = 1.0
    edge_first: bool = True
    primal_after_s5: float = 16.0
    primal_after_s7: float = 1.0
    anneal5: int = 0
    anneal7: int = 300_000
    anneal_share: float = 0.5
    anneal_processes: bool = True
    side_by_side: bool = True
    frames: bool = True
    canonical: bool = True
    parity: bool = True
    levels: bool = True
    lp_forms: bool = True
    used_bound: bool = True
    forced: bool = True
    single: bool = True
    cost_sum: bool = True
    symmetry: bool = True
    dominance: bool = True
    free_discard: bool = False
    place_all: bool = False

    def __post_init__(self) -> None:
        for name in ("model", "model_for_choice"):
            value = getattr(self, name)
            if value not in MODELS:
                raise SolverError(f"settings.{name} must be 'sets' or 'ranks', not {value!r}")
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type in ("bool", bool) and not isinstance(value, bool):
                raise SolverError(f"settings.{f.name} must be True or False, not {value!r}")
            if f.type in ("int", int) and (isinstance(value, bool) or not isinstance(
                    value, int) or value < 0):
                raise SolverError(f"settings.{f.name} must be a whole number, at least 0, "
                                  f"not {value!r}")
            if f.type in ("float", float) and (isinstance(value, bool) or not isinstance(
                    value, (int, float)) or not value > 0):
                raise SolverError(f"settings.{f.name} must be a positive number, "
                                  f"not {value!r}")

    def anneal_iterations(self, size: int) -> int:
        """Iterations of each annealing run on this size of kingdom."""
        return self.anneal5 if size <= 5 else self.anneal7

    def primal_after(self, size: int) -> float:
        """The slice length after which rounds ask only to beat the best layout."""
        return self.primal_after_s5 if size <= 5 else self.primal_after_s7


DEFAULT_SETTINGS = SolverSettings()
"""The settings :func:`~kingdomino_kit.solver.best_kingdom` uses when given none."""
