"""The bot protocol shared by every game in the kit, and the game-independent random bot.

A bot is anything with ``choose(observation, actions) -> action`` that picks one of the legal
actions it is given; it keeps its own seeded RNG, so the same seed plays the same game. A plain
function ``f(observation, actions) -> action`` is a bot too (wrap it with :func:`as_bot`).

>>> bot = RandomBot(seed=1)
>>> bot.choose(None, ["a", "b", "c"]) in ("a", "b", "c")
True
>>> as_bot(lambda obs, actions: actions[-1]).choose(None, [1, 2, 3])
3
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

__all__ = ["Bot", "BotFunction", "FunctionBot", "RandomBot", "as_bot"]

A = TypeVar("A")


@runtime_checkable
class Bot(Protocol):
    """Chooses one of the legal ``actions`` given what it may see (``observation``)."""

    name: str

    def choose(self, observation: Any, actions: Sequence[Any]) -> Any:
        """Return one element of ``actions``."""
        ...


BotFunction = Callable[[Any, Sequence[Any]], Any]


class FunctionBot:
    """A plain function used as a bot.

    >>> FunctionBot(lambda obs, actions: actions[0], name="first").name
    'first'
    """

    def __init__(self, function: BotFunction, name: str | None = None) -> None:
        self.function = function
        self.name = name or getattr(function, "__name__", "function")

    def choose(self, observation: Any, actions: Sequence[Any]) -> Any:
        """Call the function."""
        return self.function(observation, actions)


class RandomBot:
    """Picks uniformly among the legal actions with its own seeded RNG.

    >>> [RandomBot(seed=7).choose(None, range(100)) for _ in range(2)]
    [41, 41]
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Any, actions: Sequence[A]) -> A:
        """A uniformly random action."""
        return actions[self.rng.randrange(len(actions))]


def as_bot(bot: Bot | BotFunction) -> Bot:
    """A :class:`Bot` from a bot or a plain function.

    >>> as_bot(RandomBot()).name
    'random'
    """
    if hasattr(bot, "choose"):
        return bot  # type: ignore[return-value]
    if callable(bot):
        return FunctionBot(bot)
    raise TypeError(f"not a bot: {bot!r} (needs choose(observation, actions) or to be callable)")
