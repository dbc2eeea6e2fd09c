"""Actions and observations as numbers: the fixed encoding the learning environments use.

**Actions** are integers in ``range(action_count(size))``, for a kingdom of ``size`` (5, or 7 in
Mighty Duel), ``R = 2 * size - 1`` (the cells a kingdom can reach around its castle):

- ``0 … 47`` — claim domino ``n`` of the line: ``n - 1``;
- ``48 … 48 + 4 R² - 1`` — place the domino to place with its first half on cell ``(r, c)``
  (castle-relative, ``-(size-1) ≤ r, c ≤ size-1``) and its second half in direction ``d``
  (0 right, 1 down, 2 left, 3 up): ``48 + ((r + size-1) * R + (c + size-1)) * 4 + d``;
- ``48 + 4 R²`` — discard the domino to place (legal only when it has no legal placement).

>>> from kingdomino_kit.dominoes import domino
>>> from kingdomino_kit.draft import Claim, Discard
>>> from kingdomino_kit.placement import Placement
>>> action_count(5), action_count(7)
(373, 725)
>>> encode_action(Claim(domino(41)), 5)
40
>>> a = encode_action(Placement(domino(41), (0, 1), (0, 2)), 5)
>>> a, decode_action(a, 5, domino(41))
(212, Placement(domino=Domino(41, W|G2), first=(0, 1), second=(0, 2)))
>>> encode_action(Discard(domino(41)), 5), decode_action(372, 5, domino(41))
(372, Discard(domino=Domino(41, W|G2)))

**Observations** are one vector of small integers (``numpy.int16``, every value in 0–48) of
:func:`observation_length` entries, seen from one player: players are listed *seat-relative*
(the observer first, then the next seats in order), so one policy can play any seat. In order:

1. each player's kingdom, ``R × R`` cells row-major, the castle in the middle: the terrain
   (0 empty, 1 wheat, 2 forest, 3 lake, 4 grassland, 5 swamp, 6 mine, 7 castle);
2. each player's kingdom again: the crowns of each cell (0–3);
3. the line, 4 slots (a line of 3 leaves the last empty): the domino number (0: none) and who
   claimed it (0: free, else 1 + the claimer's relative seat);
4. the kings in this round's turn order, 4 slots: 1 + the owner's relative seat (0: no such
   king) and the domino it has to place (0: none — round 0 — or placed already);
5. the round, the phase (0 claim, 1 place, 2 over), the turn (index in the turn order),
   1 + the relative seat of the player to act (0 when over), the number of dominoes still face
   down;
6. 48 flags: domino ``n`` is out of the game (discarded, or left unclaimed in a line).

The order of the face-down dominoes is never part of it (only their number is).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kingdomino_kit.dominoes import DOMINOES, Domino
from kingdomino_kit.draft import Claim, Discard, Phase
from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.grid import DIRECTIONS  # where the second half lies: right, down, left, up
from kingdomino_kit.infra.untrusted import shown
from kingdomino_kit.placement import Placement

__all__ = ["DIRECTIONS", "action_count", "decode_action", "encode_action", "encode_observation",
           "observation_length"]

CLAIMS = 48
LINE_SLOTS = 4
STATUS = 5
PHASES = {Phase.CLAIM: 0, Phase.PLACE: 1, Phase.OVER: 2}
CASTLE = 7


class EncodingError(KingdominoError):
    """An integer that is not an action of this encoding, or an action it cannot encode."""


def reach(size: int) -> int:
    """Cells a kingdom can reach along one axis around its castle: ``2 * size - 1``."""
    return 2 * size - 1


def action_count(size: int) -> int:
    """How many integers encode actions for kingdoms of ``size``."""
    r = reach(size)
    return CLAIMS + 4 * r * r + 1


def encode_action(action: Any, size: int) -> int:
    """The integer of a claim, a placement or a discard (see the module's table)."""
    if isinstance(action, Claim):
        return int(action.domino.number) - 1
    if isinstance(action, Discard):
        return action_count(size) - 1
    if isinstance(action, Placement):
        (r1, c1), (r2, c2) = action.first, action.second
        try:
            d = DIRECTIONS.index((r2 - r1, c2 - c1))
        except ValueError:
            raise EncodingError(f"the halves of {shown(action)} are not adjacent") from None
        half, r = size - 1, reach(size)
        if not (-half <= r1 <= half and -half <= c1 <= half):
            raise EncodingError(f"{shown(action)} lies beyond a size-{size} kingdom's reach")
        return CLAIMS + ((r1 + half) * r + (c1 + half)) * 4 + d
    raise EncodingError(f"not an action (Claim, Placement or Discard): {shown(action)}")


def decode_action(number: Any, size: int, domino: Domino | None) -> Any:
    """The action an integer encodes; ``domino`` is the one to place (placements and discards
    name it; a claim names the catalogue's domino of that number)."""
    if isinstance(number, (bool, np.bool_)) or not isinstance(number, (int, np.integer)):
        raise EncodingError(f"an action is an integer, not {shown(number)}")
    n = int(number)
    count = action_count(size)
    if not 0 <= n < count:
        raise EncodingError(f"action {n} is not in 0–{count - 1}")
    if n < CLAIMS:
        return Claim(DOMINOES[n])
    if domino is None:
        raise EncodingError(f"action {n} places or discards, but no domino is to be placed")
    if n == count - 1:
        return Discard(domino)
    cell, d = divmod(n - CLAIMS, 4)
    row, col = divmod(cell, reach(size))
    half = size - 1
    first = (row - half, col - half)
    dr, dc = DIRECTIONS[d]
    return Placement(domino, first, (first[0] + dr, first[1] + dc))


def observation_length(players: int, size: int) -> int:
    """The length of an observation vector."""
    r = reach(size)
    return 2 * players * r * r + 2 * LINE_SLOTS * 2 + STATUS + CLAIMS


def encode_observation(obs: Any) -> np.ndarray:
    """The vector of a game observation (:class:`kingdomino_kit.game.Observation`) as its player
    sees it (the module's layout)."""
    options = obs.options
    players, size = options.players, options.size
    r, half = reach(size), size - 1
    me = obs.player
    seats = [(me + i) % players for i in range(players)]
    relative = {p: i for i, p in enumerate(seats)}
    out = np.zeros(observation_length(players, size), dtype=np.int16)
    cells = r * r
    for i, p in enumerate(seats):
        kingdom = obs.kingdoms[p]
        terrain = out[i * cells:(i + 1) * cells]
        crowns = out[(players + i) * cells:(players + i + 1) * cells]
        terrain[half * r + half] = CASTLE
        for (row, col), square in kingdom.squares():
            k = (row + half) * r + (col + half)
            terrain[k] = square.terrain_index + 1
            crowns[k] = square.crowns
    at = 2 * players * cells
    for slot, dom in enumerate(obs.line[:LINE_SLOTS]):
        king = obs.line_claims[slot]
        out[at + 2 * slot] = dom.number
        out[at + 2 * slot + 1] = 0 if king is None else 1 + relative[obs.owner(king)]
    at += 2 * LINE_SLOTS
    for slot, king in enumerate(obs.order[:LINE_SLOTS]):
        dom = obs.to_place[king]
        out[at + 2 * slot] = 1 + relative[obs.owner(king)]
        out[at + 2 * slot + 1] = 0 if dom is None else dom.number
    at += 2 * LINE_SLOTS
    current = obs.current_player
    out[at:at + STATUS] = (obs.round, PHASES[obs.phase], obs.turn,
                           0 if current is None else 1 + relative[current], obs.deck_size)
    at += STATUS
    for n in obs.discarded:
        out[at + n - 1] = 1
    return out
