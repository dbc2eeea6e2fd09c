"""The exercises of ``04_cp_sat``: placements in a small frame, counting a model's solutions,
a constraint of your own (an exact cover), and two optima to reason out.

The judges build their own small models of the 3 × 3 ring (the frame with its castle in the
middle), so they do not depend on the notebook's code; OR-Tools is loaded when one is checked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kingdomino_kit.dominoes import domino, dominoes
from kingdomino_kit.exercises.answer_kinds import FUNCTION, WHOLE_NUMBER, pair_of
from kingdomino_kit.exercises.checker import NotAnswered, call_student
from kingdomino_kit.exercises.sheet import Check, sheet, value
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.rules import DEFAULT_RULES, Rules
from kingdomino_kit.solver import best_kingdom

__all__ = ["EXERCISES", "corner_buildable", "ring_layouts", "ring_placements"]

RING_CASTLE = (1, 1)
Cell = tuple[int, int]
RingPlacement = tuple[int, Cell, Cell]


def _ring() -> list[Cell]:
    return [(r, c) for r in range(3) for c in range(3) if (r, c) != RING_CASTLE]


def ring_placements(numbers: list[int]) -> list[RingPlacement]:
    """Every placement (number, a, b) of the dominoes on the ring; a double once per pair.

    >>> len(ring_placements([41])), len(ring_placements([1]))
    (16, 8)
    """
    free = set(_ring())
    out = []
    for n in numbers:
        for a in sorted(free):
            for b in ((a[0], a[1] + 1), (a[0] + 1, a[1]), (a[0], a[1] - 1), (a[0] - 1, a[1])):
                if b in free and (not domino(n).is_double or a < b):
                    out.append((n, a, b))
    return out


def ring_layouts(numbers: list[int], full: bool) -> int:
    """By brute force: the layouts of the dominoes on the ring, each domino once, no cell twice
    (``full``: every cell covered).

    >>> ring_layouts([41, 36], full=False), ring_layouts([1, 2, 3, 4], full=True)
    (160, 48)
    """
    by_domino = [[p for p in ring_placements(numbers) if p[0] == n] for n in numbers]

    def go(i: int, used: frozenset[Cell]) -> int:
        if i == len(by_domino):
            return int(not full or len(used) == 8)
        return sum(go(i + 1, used | {a, b}) for _, a, b in by_domino[i]
                   if a not in used and b not in used)

    return go(0, frozenset())


def corner_buildable(numbers: list[int]) -> int:
    """By the rules library: the distinct layouts of all the dominoes that can be built inside
    a 3 × 3 frame with the castle in its top-left corner.

    >>> corner_buildable([41])
    8
    """
    found: set[frozenset[Any]] = set()

    def grow(k: Kingdom, left: frozenset[int]) -> None:
        if not left:
            found.add(frozenset(k.squares()))
            return
        for n in left:
            for p in k.legal_placements(domino(n)):
                if all(0 <= x <= 2 for cell in p.cells for x in cell):
                    k.push(p)
                    grow(k, left - {n})
                    k.undo()

    grow(Kingdom(), frozenset(numbers))
    return len(found)


def _layouts(model: Any, place: dict[RingPlacement, Any]) -> set[frozenset[RingPlacement]]:
    """Every layout (set of placements) the model allows, by CP-SAT's enumeration."""
    from kingdomino_kit.infra.cp_sat_loader import cp_model

    seen: set[frozenset[RingPlacement]] = set()

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            seen.add(frozenset(p for p, v in place.items() if self.value(v)))

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.solve(model, Collect())
    return seen


def _judge_cover(add_full_cover: Callable[..., Any]) -> str | None:
    from kingdomino_kit.infra.cp_sat_loader import cp_model

    for numbers in ([41, 36, 1, 13], [1, 2, 3, 4], [41, 36, 1]):
        model = cp_model.CpModel()
        place = {p: model.new_bool_var(str(p)) for p in ring_placements(numbers)}
        for n in numbers:
            model.add_exactly_one(v for p, v in place.items() if p[0] == n)
        for u in _ring():
            model.add_at_most_one(v for (_, a, b), v in place.items() if u in (a, b))
        before = len(model.proto.constraints)
        call_student(add_full_cover, model, _ring(), place, shown=f"model of {numbers}, ...")
        if len(model.proto.constraints) == before:
            raise NotAnswered("add_full_cover adds no constraint yet: write its body, then "
                              "run the cell again.")
        seen = _layouts(model, place)
        want = ring_layouts(numbers, full=True)
        if len(seen) != want:
            return (f"with dominoes {numbers} the model allows {len(seen)} layouts; exactly "
                    f"{want} cover every cell of the ring")
    return None


def _best(numbers: str, rules: Rules = DEFAULT_RULES) -> int:
    return best_kingdom(dominoes(numbers), rules=rules, workers=1).score


def _centred_best(numbers: list[int], connected: bool) -> int:
    """The best score in the centred 5 × 5 frame, by brute force over placement sequences
    (``connected=False``: any non-overlapping layout inside the frame)."""
    frame = [(r, c) for r in range(-2, 3) for c in range(-2, 3) if (r, c) != (0, 0)]
    best = 0

    def go(k: Kingdom, left: list[int]) -> None:
        nonlocal best
        best = max(best, k.score())
        if not left:
            return
        d = domino(left[0])
        if connected:
            moves = [p for p in k.legal_placements(d)
                     if all(abs(x) <= 2 for cell in p.cells for x in cell)]
        else:
            moves = [Placement(d, a, b) for a in frame for b in frame
                     if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
                     and k.is_empty(a) and k.is_empty(b)]
        for p in moves:
            k.push(p)
            go(k, left[1:])
            k.undo()
        go(k, left[1:])

    go(Kingdom(), numbers)
    return best


_WORDS = """
1. placements in the ring
hint: The 8 cells of the ring form a cycle: how many pairs of neighbours does a cycle of 8 have?
hint: 8 pairs of neighbouring cells, and a domino with two different halves lies on each pair two
  ways round.
why: 8 neighbouring pairs around the ring × 2 ways round = 16.

2. buildable layouts in a small frame
hint: Step 3 for dominoes 41 and 13: layout_data([41, 13], CORNER, n=3), add_placements,
  add_connection_rule, then count_layouts(model, place).
hint: W|G2 and W|F can only support each other through their wheat halves.
why: The model with the connection rule counts exactly the layouts the rules can build.

3. an exact-cover constraint
hint: For every free cell u, collect the Booleans of the placements whose cells include u.
hint: Step 2 put at most one placement on each cell; an exact cover asks for exactly one, for each
  u in free.
why: Exactly one placement per cell is an exact cover: no gap, no overlap.

4. with and without the connection rule
hint: Without the rule the two G halves can simply lie side by side anywhere.
hint: With it: W|G2 with its W next to the castle, then W|G1 with its G1 next to the G2 — the grass
  touches the grass, so it is connected.
why: The G1 can join the G2 by the grass itself: 2 squares × 3 crowns either way.

5. the Middle Kingdom optimum
hint: Four squares around the castle always fit inside the 5×5 frame centred on it.
hint: So the bonus costs nothing here: lay the dominoes as for the best score, then add 10.
why: G2 beside G1 is 2 squares × 3 crowns = 6, all within two rows and columns of the castle: 6 +
  10 = 16.
"""

EXERCISES = sheet(_WORDS, {
    1: value(WHOLE_NUMBER, lambda: len(ring_placements([41]))),
    2: value(WHOLE_NUMBER, lambda: corner_buildable([41, 13])),
    3: Check(FUNCTION, _judge_cover),
    4: value(pair_of(WHOLE_NUMBER, WHOLE_NUMBER),
             lambda: (_centred_best([41, 36], False), _centred_best([41, 36], True)),
             wrong="not both right: solve both models, or reason about the two grass halves"),
    5: value(WHOLE_NUMBER, lambda: _best("41,36", Rules(middle_kingdom=True))),
})
