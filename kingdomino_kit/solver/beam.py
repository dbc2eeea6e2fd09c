"""A quick beam search for a good first layout: the solver's incumbent before CP-SAT starts.

With a real layout in hand, every castle position's model only has to prove that nothing beats
it (``objective ≥ best + 1``), which is often an easy infeasibility proof.

>>> from kingdomino_kit.dominoes import dominoes
>>> k, order = beam_layout(dominoes("41,36"))
>>> k.score(), len(order)
(6, 2)
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.rules import DEFAULT_RULES, Rules

__all__ = ["beam_layout"]


def beam_layout(dominoes: Sequence[Domino], *, size: int = 5, start: Kingdom | None = None,
                rules: Rules = DEFAULT_RULES, width: int = 6, choose: int | None = None,
                deadline: float | None = None) -> tuple[Kingdom, tuple[Placement, ...]]:
    """The best kingdom met by a beam search that places one domino per step (legal by
    construction: every step is one of :meth:`Kingdom.legal_placements`); it stops early, with
    the best kingdom met so far, once ``time.perf_counter()`` passes ``deadline``."""
    root = start.copy() if start is not None else Kingdom(size)
    limit = len(dominoes) if choose is None else min(choose, len(dominoes))

    def value(k: Kingdom) -> tuple[int, int, int]:
        return (k.total(rules), k.largest_property(), -len(k))

    beam: list[tuple[Kingdom, tuple[Placement, ...], frozenset[int]]] = [
        (root, (), frozenset(d.number for d in dominoes))]
    best: tuple[tuple[int, int, int], Kingdom, tuple[Placement, ...]] = (value(root), root, ())
    by_number = {d.number: d for d in dominoes}
    for _ in range(limit):
        children: dict[tuple[int, ...], tuple[tuple[int, int, int], Kingdom,
                                              tuple[Placement, ...], frozenset[int]]] = {}
        for k, order, left in beam:
            if deadline is not None and time.perf_counter() > deadline and children:
                break
            for n in left:
                for p in k.legal_placements(by_number[n]):
                    k.push(p)
                    key = (*k.key(), *sorted(left - {n}))
                    if key not in children:
                        children[key] = (value(k), k.copy(), (*order, p), left - {n})
                    k.undo()
        if not children:
            break
        ranked = sorted(children.values(), key=lambda item: item[0], reverse=True)[:width]
        beam = [(k, order, left) for _, k, order, left in ranked]
        if ranked[0][0] > best[0]:
            best = (ranked[0][0], ranked[0][1], ranked[0][2])
        if deadline is not None and time.perf_counter() > deadline:
            break
    _, kingdom, order = best
    return kingdom, order
