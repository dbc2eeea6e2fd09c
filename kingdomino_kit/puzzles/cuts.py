"""Cutting the squares an answer adds into dominoes, and ordering them legally.

Both are exact searches: :func:`decompose` yields every cut of the new squares into the
dominoes given, :func:`build_order` decides whether one cut can be placed under the connection
rule. The grader (:mod:`.grading`) and the diagnosis of wrong answers (:mod:`.diagnosis`) use
them; they need the rules library only.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from kingdomino_kit.dominoes import Domino
from kingdomino_kit.errors import IllegalPlacement, KingdominoError
from kingdomino_kit.grid import Cell
from kingdomino_kit.kingdom import Kingdom, Placement

__all__ = ["NotLegal", "build_order", "decompose", "stranded"]


class NotLegal(KingdominoError):
    """An answer that does not keep the start squares, or has the wrong number of squares."""


def decompose(start: Kingdom, answer: Kingdom, available: Sequence[Domino],
              place: str | int = "any") -> Iterator[list[Placement]]:
    """Every way to cut the squares ``answer`` adds to ``start`` into distinct ``available``
    dominoes (identical dominoes count once); raises if the answer does not keep ``start``.

    >>> from kingdomino_kit.dominoes import domino
    >>> cuts = list(decompose(Kingdom(), Kingdom.from_text("C W W"), [domino(1), domino(2)]))
    >>> [[p.domino.number for p in cut] for cut in cuts]
    [[1]]
    """
    old = dict(start.squares())
    new: dict[Cell, Any] = {}
    for cell, half in answer.squares():
        if cell in old:
            if old[cell] != half:
                raise NotLegal(f"the start square at {cell} is {old[cell]}, the answer has {half}")
        else:
            new[cell] = half
    for cell, half in old.items():
        if answer.at(cell) != half:
            raise NotLegal(f"the start square {half} at {cell} is missing")
    if len(new) % 2:
        raise NotLegal(f"{len(new)} new squares cannot be whole dominoes")
    count = len(new) // 2
    if place == "all" and count != len(available):
        raise NotLegal(f"{count} dominoes placed, the puzzle asks for all {len(available)}")
    if isinstance(place, int) and not isinstance(place, bool) and count > place:
        raise NotLegal(f"{count} dominoes placed, the puzzle allows at most {place}")
    if count > len(available):
        raise NotLegal(f"{count} dominoes placed, only {len(available)} are available")
    # identical dominoes are interchangeable: group them by their halves
    groups: dict[tuple[Any, Any], list[Domino]] = {}
    for d in available:
        groups.setdefault((d.first, d.second), []).append(d)
    used = {key: 0 for key in groups}
    cells = sorted(new)
    taken: set[Cell] = set()
    chosen: list[Placement] = []

    def search(i: int) -> Iterator[list[Placement]]:
        while i < len(cells) and cells[i] in taken:
            i += 1
        if i == len(cells):
            yield list(chosen)
            return
        a = cells[i]
        ha = new[a]
        for b in ((a[0], a[1] + 1), (a[0] + 1, a[1])):
            if b not in new or b in taken:
                continue
            hb = new[b]
            options = [((ha, hb), a, b)]
            if ha != hb:
                options.append(((hb, ha), b, a))
            for key, first, second in options:
                group = groups.get(key)
                if group is None or used[key] == len(group):
                    continue
                d = group[used[key]]
                used[key] += 1
                taken.update((a, b))
                chosen.append(Placement(d, first, second))
                yield from search(i + 1)
                chosen.pop()
                taken.difference_update((a, b))
                used[key] -= 1

    return search(0)


def build_order(start: Kingdom, placements: Sequence[Placement]) -> list[Placement] | None:
    """An order in which ``placements`` can legally be added to ``start``, or None.

    A placement that is legal stays legal as other squares arrive (the connection rule only
    gains neighbours, and the cells are distinct), so placing any legal one first is never a
    mistake: a greedy pass decides it exactly.

    >>> from kingdomino_kit.dominoes import domino
    >>> ps = [Placement(domino(3), (0, 3), (0, 4)), Placement(domino(13), (0, 1), (0, 2))]
    >>> [p.domino.number for p in build_order(Kingdom(), ps)]   # F|F needs W|F's forest
    [13, 3]
    """
    order, left = _greedy(start, placements)
    return order if not left else None


def stranded(start: Kingdom, placements: Sequence[Placement]) -> list[Placement]:
    """The placements that no order can add to ``start`` (empty when :func:`build_order`
    finds one): what is left when the greedy pass stalls.

    >>> from kingdomino_kit.dominoes import domino
    >>> [p.domino.number for p in stranded(Kingdom(), [Placement(domino(3), (0, 3), (0, 4))])]
    [3]
    """
    return _greedy(start, placements)[1]


def _greedy(start: Kingdom, placements: Sequence[Placement]
            ) -> tuple[list[Placement], list[Placement]]:
    kingdom = start.copy()
    remaining = list(placements)
    order: list[Placement] = []
    progress = True
    while remaining and progress:
        progress = False
        for p in list(remaining):
            try:
                kingdom.check(p)
            except IllegalPlacement as error:
                if error.rule == "connection":
                    continue
                return order, remaining
            kingdom.push(p)
            order.append(p)
            remaining.remove(p)
            progress = True
    return order, remaining
