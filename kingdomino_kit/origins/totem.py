"""Totem mode: majorities of wooden resources and the four totems.

After each placement the player with the strict majority of a resource takes its totem (from
whoever holds it). When the majority is lost to a tie, the holder chooses among the tied leaders
(a holder who is among them keeps it: the kit's reading, giving it away never helps the holder).
When nobody has that resource any more, the totem goes back to the table.

The printed bonus on each totem is not in the seed text: sources disagree (ext: 3 points each in
one engine; 3/4/5/6 in a play report), so it is an option, :data:`TOTEM_BONUSES`.

>>> from kingdomino_kit.origins.catalogue import Resource as R
>>> counts = [{R.MAMMOTH: 3, R.FISH: 1}, {R.MAMMOTH: 2, R.FISH: 1}]
>>> holders, pending = update_totems({}, counts)
>>> holders[R.MAMMOTH], holders[R.FISH], pending
(0, None, [])
>>> counts = [{R.MAMMOTH: 3}, {R.MAMMOTH: 4}, {R.MAMMOTH: 4}]
>>> update_totems({R.MAMMOTH: 0}, counts)[1]        # holder 0 lost it to a tie: 0 chooses
[TotemChoice(resource=<Resource.MAMMOTH: 'mammoth'>, holder=0, candidates=(1, 2))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from kingdomino_kit.origins.catalogue import Resource
from kingdomino_kit.origins.errors import OriginsError

__all__ = ["TOTEM_BONUSES", "DEFAULT_TOTEM_BONUS", "TotemChoice", "update_totems",
           "totem_bonus"]

TOTEM_BONUSES: dict[str, dict[Resource, int]] = {
    "flat": dict.fromkeys(Resource, 3),
    "scarcity": {Resource.MAMMOTH: 3, Resource.FISH: 4, Resource.MUSHROOM: 5, Resource.FLINT: 6},
}
"""Named readings of the totems' printed bonus: ``scarcity`` 3/4/5/6 for mammoth/fish/
mushroom/flint, rarer is worth more (the English rulebook's values: the default), and ``flat``
3 each (what one engine uses; an option)."""

DEFAULT_TOTEM_BONUS = "scarcity"


class TotemChoice(NamedTuple):
    """A decision owed by ``holder``: give the ``resource`` totem to one of ``candidates``."""

    resource: Resource
    holder: int
    candidates: tuple[int, ...]


def update_totems(holders: Mapping[Resource, int | None],
                  counts: Sequence[Mapping[Resource, int]]
                  ) -> tuple[dict[Resource, int | None], list[TotemChoice]]:
    """New holders after a change of counts (one mapping per player), and the choices owed
    (the totem stays with its holder until the choice is made)."""
    new: dict[Resource, int | None] = {}
    pending: list[TotemChoice] = []
    for resource in Resource:
        holder = holders.get(resource)
        values = [c.get(resource, 0) for c in counts]
        top = max(values, default=0)
        leaders = tuple(p for p, v in enumerate(values) if v == top)
        if top == 0:
            new[resource] = None
        elif len(leaders) == 1:
            new[resource] = leaders[0]
        elif holder is None or holder in leaders:
            new[resource] = holder
        else:
            new[resource] = holder
            pending.append(TotemChoice(resource, holder, leaders))
    return new, pending


def totem_bonus(resources: Sequence[Resource], reading: str | Mapping[Resource, int]
                = DEFAULT_TOTEM_BONUS) -> int:
    """Bonus points for the totems held, under a named reading or explicit values.

    >>> totem_bonus([Resource.FLINT, Resource.FISH]), totem_bonus([Resource.FLINT], "flat")
    (10, 3)
    """
    if isinstance(reading, str):
        if reading not in TOTEM_BONUSES:
            raise OriginsError(f"unknown totem bonus {reading!r} (one of "
                               f"{', '.join(TOTEM_BONUSES)})")
        values: Mapping[Resource, int] = TOTEM_BONUSES[reading]
    else:
        values = reading
    return sum(values[r] for r in resources)
