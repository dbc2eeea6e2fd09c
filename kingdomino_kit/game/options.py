"""The rules configuration of a Kingdomino game: players, variant, draw, scoring rules (a
:class:`~kingdomino_kit.rules.Rules`: size and bonuses), discards.

Size, deck, line, kings and rounds are derived (the player-count figures are shared with the
other drafting games through :class:`~kingdomino_kit.draft.DraftOptions`).

>>> GameOptions(players=3, three_player_draw=4).deck_size
48
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from kingdomino_kit.draft import DraftOptions
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.rules import VARIANT_SIZES, Rules, variant_size

__all__ = ["VARIANTS", "GameOptionError", "GameOptions"]

VARIANTS = tuple(VARIANT_SIZES)


class GameOptionError(KingdominoError):
    """Game options that do not make a game (e.g. Mighty Duel with 3 players)."""


@dataclass(frozen=True)
class GameOptions(DraftOptions):
    """The rules of one game; every other figure (size, deck, rounds) is derived.

    >>> o = GameOptions(players=3)
    >>> o.deck_size, o.line_size, o.rounds, o.kings, o.size
    (36, 3, 12, 3, 5)
    >>> GameOptions(players=2, variant="mighty-duel").deck_size, GameOptions(players=2).rounds
    (48, 6)
    >>> GameOptions(players=3, variant="mighty-duel")
    Traceback (most recent call last):
    ...
    kingdomino_kit.game.options.GameOptionError: the Mighty Duel variant is for 2 players, not 3

    ``rules`` — the scoring rules, :class:`~kingdomino_kit.rules.Rules` — default to no bonus on
    the variant's size; given, their size must be the variant's:

    >>> GameOptions(players=2, variant="mighty-duel", rules=Rules(7, harmony=True)).rules.bonuses
    ('harmony',)
    >>> GameOptions(rules=Rules(7))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    kingdomino_kit.game.options.GameOptionError: rules: size 7, but the standard variant plays...
    """

    variant: str = "standard"
    three_player_draw: int = 3
    rules: Rules = None  # type: ignore[assignment]  # None: the variant's size, no bonus
    strict_discard: bool = True

    error: ClassVar[type[KingdominoError]] = GameOptionError

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.variant not in VARIANTS:
            raise GameOptionError(
                f"variant must be one of {', '.join(VARIANTS)}, not {self.variant!r}")
        if self.variant == "mighty-duel" and self.players != 2:
            raise GameOptionError(
                f"the Mighty Duel variant is for 2 players, not {self.players}")
        if self.three_player_draw not in (3, 4):
            raise GameOptionError(
                f"three_player_draw must be 3 or 4, not {self.three_player_draw!r}")
        if self.three_player_draw == 4 and self.players != 3:
            raise GameOptionError(
                f"three_player_draw=4 is a 3-player rule, not for {self.players} players")
        size = variant_size(self.variant)
        if self.rules is None:
            object.__setattr__(self, "rules", Rules(size))
        elif not isinstance(self.rules, Rules):
            raise GameOptionError(f"rules: must be a Rules value, not {type(self.rules).__name__}")
        elif self.rules.size != size:
            raise GameOptionError(f"rules: size {self.rules.size}, but the {self.variant} "
                                  f"variant plays on {size}×{size}")

    @property
    def size(self) -> int:
        """Kingdom size: 7 in Mighty Duel, else 5."""
        return self.rules.size

    @property
    def line_size(self) -> int:
        """Dominoes drawn per line: 3 with 3 players (official), else 4."""
        return 3 if self.players == 3 and self.three_player_draw == 3 else 4

    @property
    def deck_size(self) -> int:
        """Dominoes in play: 48, 36 (3 players, official) or 24 (2 players, standard)."""
        if self.players == 2 and self.variant == "standard":
            return 24
        return self.line_size * 12 if self.players == 3 else 48

    def to_dict(self) -> dict[str, Any]:
        """The options as a plain dict (for CSV and JSON).

        >>> GameOptions().to_dict()["variant"]
        'standard'
        """
        bonuses = {k: v for k, v in self.rules.to_json().items() if k != "size"}
        return {"players": self.players, "variant": self.variant,
                "three_player_draw": self.three_player_draw, **bonuses,
                "strict_discard": self.strict_discard}
