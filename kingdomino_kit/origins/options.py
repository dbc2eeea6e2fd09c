"""The rules configuration of an Origins game: players, mode, supplementary rules, totem values,
what the fire lady and the tie-break count, catalogue.

The player-count figures (chiefs, line, rounds) come from the drafting loop every game of the
kit shares (:class:`~kingdomino_kit.draft.DraftOptions`).

>>> o = OriginsOptions(players=2)
>>> o.size, o.kings, o.rounds, o.line_size
(7, 4, 12, 4)
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import ClassVar

from kingdomino_kit.draft import DraftOptions
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.origins.catalogue import Catalogue, sample_catalogue
from kingdomino_kit.origins.errors import OriginsError
from kingdomino_kit.origins.scoring import DEFAULT_FIRE_COUNT, Mode, check_fire_count
from kingdomino_kit.origins.totem import DEFAULT_TOTEM_BONUS, TOTEM_BONUSES

__all__ = ["OriginsOptions", "catalogue_hash"]


@dataclass(frozen=True)
class OriginsOptions(DraftOptions):
    """The rules of one game (mode, players, supplementary rules, totem values, fire count,
    catalogue).

    Players: 4 (48 dominoes, lines of 4, 12 rounds); 3 (lines of 4, the unclaimed domino of
    each line is removed); 2, Neolithic (48 dominoes, 7×7, two chiefs each). The supplementary
    rules Empire of fire and Homo Habilis are off unless switched on (as Kingdomino's Middle
    Kingdom and Harmony); ``fire_count`` names what the fire lady and the second tie-break
    count (:data:`~kingdomino_kit.origins.scoring.FIRE_COUNTS`: ``tokens``, the seed's and the
    default, or ``symbols``, the English rulebook's).

    >>> OriginsOptions(players=3, mode="totem").with_resources
    True
    >>> o = OriginsOptions()
    >>> o.empire_of_fire, o.homo_habilis, o.fire_count
    (False, False, 'tokens')
    >>> OriginsOptions(mode="bronze")
    Traceback (most recent call last):
    ...
    kingdomino_kit.origins.errors.OriginsError: unknown mode 'bronze' (discovery, totem or tribe)
    """

    mode: str = "discovery"
    totem_bonus: str = DEFAULT_TOTEM_BONUS
    empire_of_fire: bool = False
    homo_habilis: bool = False
    catalogue: Catalogue = field(default_factory=sample_catalogue, compare=False)
    fire_count: str = DEFAULT_FIRE_COUNT

    error: ClassVar[type[KingdominoError]] = OriginsError

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.catalogue, Catalogue):
            raise OriginsError(f"catalogue: must be a Catalogue, not {shown(self.catalogue)}")
        object.__setattr__(self, "mode", Mode.parse(self.mode).value)
        if self.totem_bonus not in TOTEM_BONUSES:
            raise OriginsError(f"totem_bonus must be one of {', '.join(TOTEM_BONUSES)}, not "
                               f"{self.totem_bonus!r}")
        for name in ("empire_of_fire", "homo_habilis"):
            if not isinstance(getattr(self, name), bool):
                raise OriginsError(f"{name}: must be True or False, not "
                                   f"{shown(getattr(self, name))}")
        check_fire_count(self.fire_count)
        if len(self.catalogue) != 48:
            raise OriginsError(f"a game needs a catalogue of 48 dominoes, "
                               f"{self.catalogue.name} has {len(self.catalogue)}")

    @property
    def size(self) -> int:
        """7 with 2 players (Neolithic), else 5."""
        return 7 if self.players == 2 else 5

    @property
    def deck_size(self) -> int:
        """Every domino of the catalogue is in play (48)."""
        return len(self.catalogue)

    @property
    def with_resources(self) -> bool:
        """Wooden resources in play (Totem and Tribe)."""
        return self.mode != Mode.DISCOVERY.value


def catalogue_hash(catalogue: Catalogue) -> str:
    """A short fingerprint of a catalogue's dominoes (logs name the catalogue they used).

    >>> len(catalogue_hash(sample_catalogue()))
    12
    """
    text = ";".join(repr(d) for d in catalogue)
    return hashlib.sha256(text.encode()).hexdigest()[:12]
