"""No voluntary discard: a domino left out of a best-kingdom answer has no legal placement in the
final kingdom (else it could have been placed last). Light: no OR-Tools here.

* :func:`fitting` — the left-out dominoes that still have a legal placement (the rules
  library's :meth:`Kingdom.legal_placements`): the check of every answer;
* :func:`complete` — a heuristic's layout made allowed by placing, greedily, what still fits;
* :func:`add_no_discard` — the rule as clauses of a CP-SAT model (both models): for each piece
  with a copy left out, every placement of it that the final layout could take is illegal — a
  cell occupied, no matching neighbour (nor the castle), or the kingdom too wide with it.

A placement may lie partly outside the model's frame when the layout leaves the frame's far
rows or columns empty (the kingdom is then narrower than the frame), so the candidates are every
placement within two cells of the frame, and one outside it is legal only when the rows (or
columns) it would push out of the size limit are empty.

With ``choose`` (the best kingdom from any k of a pool), the k dominoes are *chosen*, and a
chosen domino left out must have no legal placement: a layout of fewer than k dominoes needs
enough dominoes of the pool that fit nowhere.

>>> from kingdomino_kit.dominoes import domino
>>> from kingdomino_kit.kingdom import Kingdom
>>> [d.number for d in fitting(Kingdom(5), [domino(1), domino(2)])]
[1, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kingdomino_kit.dominoes import Domino, Half
from kingdomino_kit.kingdom import Kingdom, Placement
from kingdomino_kit.rules import DEFAULT_RULES, Rules

__all__ = ["MARGIN", "add_no_discard", "complete", "discard_error", "fitting"]

MARGIN = 2
"""How far outside the frame a legal placement can reach (a domino standing on the frame's
edge)."""

FrameCell = tuple[int, int]


def fitting(kingdom: Kingdom, left_out: Sequence[Domino]) -> list[Domino]:
    """The dominoes of ``left_out`` that have a legal placement in ``kingdom``."""
    return [d for d in left_out if kingdom.legal_placements(d)]


def discard_error(kingdom: Kingdom, placed: Sequence[int], pool: Sequence[Domino],
                  choose: int | None = None) -> str | None:
    """Why the layout breaks the rule (``None`` when it keeps it): a given domino left out that
    fits, or — with ``choose`` — too few dominoes of the pool that fit nowhere to make up k.

    >>> from kingdomino_kit.dominoes import dominoes
    >>> discard_error(Kingdom(5), [], dominoes("1,2"))
    'domino 1 is left out but has a legal placement'
    >>> discard_error(Kingdom(5), [], dominoes("1,2"), choose=0) is None
    True
    """
    used = set(placed)
    left = [d for d in pool if d.number not in used]
    if choose is None:
        fits = fitting(kingdom, left)
        if not fits:
            return None
        return f"domino {fits[0].number} is left out but has a legal placement"
    short = min(choose, len(pool)) - len(used)
    if short <= 0:
        return None
    nowhere = len(left) - len(fitting(kingdom, left))
    if nowhere >= short:
        return None
    return (f"{len(used)} dominoes placed of {choose} chosen, but only {nowhere} of the pool "
            "fit nowhere")


def complete(kingdom: Kingdom, order: Sequence[Placement], pool: Sequence[Domino], *,
             choose: int | None = None, rules: Rules = DEFAULT_RULES
             ) -> tuple[Kingdom, tuple[Placement, ...]]:
    """``kingdom`` (built by ``order``) with the dominoes of ``pool`` it leaves out placed while one
    fits (at most ``choose`` in all): each step the placement of best total under ``rules``, then
    largest property. The result keeps the rule (without ``choose``: nothing left out fits; with it:
    k placed, or nothing of the pool fits)."""
    kingdom = kingdom.copy()
    done = list(order)
    used = {p.domino.number for p in order}
    limit = len(pool) if choose is None else min(choose, len(pool))
    while len(used) < limit:
        best: tuple[tuple[int, int], Placement] | None = None
        for d in pool:
            if d.number in used:
                continue
            for p in kingdom.legal_placements(d):
                kingdom.push(p)
                value = (kingdom.total(rules),
                         kingdom.largest_property())
                kingdom.undo()
                if best is None or value > best[0]:
                    best = (value, p)
        if best is None:
            break
        kingdom.place(best[1])
        done.append(best[1])
        used.add(best[1].domino.number)
    return kingdom, tuple(done)


def add_no_discard(lm: Any) -> None:
    """The rule as clauses of a layout model (:class:`~.layout.LayoutModel`): ``missing[i]`` holds
    exactly when a chosen copy of piece ``i`` is left out, and then each candidate placement of
    it has a cell occupied, no matching neighbour, or a row / column that makes it too wide."""
    data, model = lm.data, lm.model
    counts = [sum(v for (j, _, _), v in lm.place.items() if j == i)
              for i in range(len(data.pieces))]
    chosen = _chosen(lm, counts)
    used = _used_lines(lm)
    for i, piece in enumerate(data.pieces):
        missing = model.new_bool_var(f"missing_{i}")
        model.add(counts[i] + 1 <= chosen[i]).only_enforce_if(missing)
        model.add(counts[i] >= chosen[i]).only_enforce_if(missing.Not())
        first, second = piece.halves
        turns = [(first, second)] if piece.is_double else [(first, second), (second, first)]
        for a, b in _pairs(data.size):
            for ha, hb in turns:
                _candidate(lm, missing, used, (a, ha), (b, hb))


def _chosen(lm: Any, counts: list[Any]) -> list[Any]:
    """How many copies of each piece are chosen: all of them, or with ``choose`` below the
    pool, a choice of k in all that holds every placed copy."""
    data, model = lm.data, lm.model
    total = sum(len(p.numbers) for p in data.pieces)
    if data.choose is None or data.choose >= total:
        return [len(p.numbers) for p in data.pieces]
    chosen = []
    for i, piece in enumerate(data.pieces):
        c = model.new_int_var(0, len(piece.numbers), f"chosen_{i}")
        model.add(c >= counts[i])
        chosen.append(c)
    model.add(sum(chosen) == data.choose)
    return chosen


def _pairs(size: int) -> list[tuple[FrameCell, FrameCell]]:
    """Neighbour cells (right or down) within :data:`MARGIN` of the frame, at least one of
    them next to or in the frame."""
    lo, hi = -MARGIN, size - 1 + MARGIN
    out = []
    for r in range(lo, hi + 1):
        for c in range(lo, hi + 1):
            for b in ((r, c + 1), (r + 1, c)):
                if b[0] > hi or b[1] > hi:
                    continue
                if _near(size, (r, c)) or _near(size, b):
                    out.append(((r, c), b))
    return out


def _near(size: int, u: FrameCell) -> bool:
    """Whether ``u`` is in the frame or orthogonally next to it."""
    r, c = u
    return (-1 <= r <= size and 0 <= c < size) or (0 <= r < size and -1 <= c <= size)


def _used_lines(lm: Any) -> dict[tuple[str, int], Any]:
    """``used[("row", r)]`` / ``used[("col", c)]``: the frame line holds a square (or the
    castle: a constant 1)."""
    data, model = lm.data, lm.model
    out: dict[tuple[str, int], Any] = {}
    for kind in ("row", "col"):
        for k in range(data.size):
            line = [(k, j) if kind == "row" else (j, k) for j in range(data.size)]
            if data.castle in line or any(u in data.fixed for u in line):
                out[kind, k] = 1
                continue
            var = model.new_bool_var(f"used_{kind}_{k}")
            model.add_max_equality(var, [lm.occupied[u] for u in line])
            out[kind, k] = var
    return out


def _candidate(lm: Any, missing: Any, used: dict[tuple[str, int], Any],
               *halves: tuple[FrameCell, Half]) -> None:
    """missing ⇒ this placement is illegal in the final layout."""
    data, model = lm.data, lm.model
    n = data.size
    escape: list[Any] = []  # any of these true makes the placement illegal
    cells = [u for u, _ in halves]
    for u in cells:
        if 0 <= u[0] < n and 0 <= u[1] < n:
            if u == data.castle or u in data.fixed:
                return
            escape.append(lm.occupied[u])
    rows, cols = [u[0] for u in cells], [u[1] for u in cells]
    too_wide = ([("row", r) for r in range(n + min(rows), n)]
                + [("row", r) for r in range(0, max(rows) - n + 1)]
                + [("col", c) for c in range(n + min(cols), n)]
                + [("col", c) for c in range(0, max(cols) - n + 1)])
    for key in too_wide:
        if isinstance(used[key], int):
            return  # the castle or the start is on that line: never legal
        escape.append(used[key])
    links: list[Any] = []
    for u, half in halves:
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            v = (u[0] + dr, u[1] + dc)
            if v in cells or not (0 <= v[0] < n and 0 <= v[1] < n):
                continue
            if v == data.castle or (v in data.fixed and data.fixed[v].terrain == half.terrain):
                model.add_bool_or([missing.Not(), *escape])  # always linked
                return
            link = lm.terrain.get((v, half.terrain.index), 0)
            if v not in data.fixed and not isinstance(link, int):
                links.append(link)
    for link in links:
        model.add_bool_or([missing.Not(), *escape, link.Not()])
