"""The bot protocol shared by every game in the kit, the game-independent random bot, and the
registry of named bots.

A bot is anything with ``choose(observation, actions) -> action`` that picks one of the legal
actions it is given; it keeps its own seeded RNG, so the same seed plays the same game. A plain
function ``f(observation, actions) -> action`` is a bot too (wrap it with :func:`as_bot`).

Two class attributes tell the game's driver how to treat a bot: ``needs_observation = False``
(it picks blindly: the driver skips building an observation) and ``trusted = True`` (it always
returns one of the actions given: the driver skips re-checking them against the rules).

Each game package registers its own named bots (:func:`register_bot`, called when the package
is imported), so this module imports no game: whoever looks a bot up by name imports its game.

>>> import kingdomino_kit.game  # registers Kingdomino's bots
>>> bot = RandomBot(seed=1)
>>> bot.choose(None, ["a", "b", "c"]) in ("a", "b", "c")
True
>>> as_bot(lambda obs, actions: actions[-1]).choose(None, [1, 2, 3])
3
>>> make_bot("greedy", 1).name, make_bot("mc:playouts=3", 1).playouts
('greedy', 3)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Protocol, TypeVar, runtime_checkable

from kingdomino_kit.errors import KingdominoError
from kingdomino_kit.seeds import plain_seed, seat_seed

__all__ = ["REGISTRY", "Bot", "BotFunction", "BotRegistry", "FunctionBot", "RandomBot", "as_bot",
           "bot_class", "bot_names", "make_bot", "make_bots", "parse_bots",
           "register_bot"]

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
    """A plain function used as a bot (not trusted: its actions are checked by the rules).

    >>> FunctionBot(lambda obs, actions: actions[0], name="first").name
    'first'
    """

    trusted = False

    def __init__(self, function: BotFunction, name: str | None = None) -> None:
        self.function = function
        self.name: str = name or str(getattr(function, "__name__", "function"))

    def choose(self, observation: Any, actions: Sequence[Any]) -> Any:
        """Call the function."""
        return self.function(observation, actions)


class RandomBot:
    """Picks uniformly among the legal actions with its own seeded RNG.

    >>> [RandomBot(seed=7).choose(None, range(100)) for _ in range(2)]
    [41, 41]
    """

    name = "random"
    needs_observation = False
    trusted = True

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(None if seed is None else plain_seed(seed))

    def choose(self, observation: Any, actions: Sequence[A]) -> A:
        """A uniformly random action."""
        return actions[self.rng.randrange(len(actions))]


def as_bot(bot: Bot | BotFunction) -> Bot:
    """A :class:`Bot` from a bot or a plain function.

    >>> as_bot(RandomBot()).name
    'random'
    >>> as_bot(3)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: not a bot: 3 (needs choose(observation, actions) or \
to be callable)
    """
    if hasattr(bot, "choose"):
        return bot  # type: ignore[return-value]
    if callable(bot):
        return FunctionBot(bot)
    raise KingdominoError(
        f"not a bot: {bot!r} (needs choose(observation, actions) or to be callable)")


# --------------------------------------------------------------------------------- registry
class BotRegistry(Mapping[str, Mapping[str, type[Any]]]):
    """Each game's named bots, in the order they were registered: ``REGISTRY[game][name]`` is a
    bot class. A game package registers its own bots when it is imported
    (:func:`register_bot` at the foot of the module that defines them), so this module imports
    no game, and the code that looks a name up imports the game first. A bot class may declare
    ``PARAMETERS``, a mapping of parameter name to type (``int``, ``float`` or ``str``), for
    ``name:key=value``.

    Registering is what importing a game does, once; it never changes a bot already named.
    """

    def __init__(self) -> None:
        self._games: dict[str, dict[str, type[Any]]] = {}

    def register(self, game: str, name: str, cls: type[Any]) -> None:
        """Name ``cls`` as a bot of ``game`` (again with the same class: nothing changes)."""
        bots = self._games.setdefault(game, {})
        known = bots.get(name)
        if known is not None and known is not cls:
            raise KingdominoError(f"bot {name!r} of {game!r} is already {known.__qualname__}")
        bots[name] = cls

    def __getitem__(self, game: str) -> Mapping[str, type[Any]]:
        return MappingProxyType(self._games[game])

    def __iter__(self) -> Iterator[str]:
        return iter(self._games)

    def __len__(self) -> int:
        return len(self._games)


REGISTRY = BotRegistry()
"""The one registry of named bots (filled by the game packages as they are imported)."""


def register_bot(game: str, name: str, cls: type[Any]) -> None:
    """Name ``cls`` as a bot of ``game``; the game's package calls this when it is imported,
    as an OpenSpiel game registers itself with ``pyspiel.register_game``.

    >>> register_bot("kingdomino", "random", RandomBot)  # already there: nothing changes
    >>> register_bot("kingdomino", "random", FunctionBot)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: bot 'random' of 'kingdomino' is already RandomBot
    """
    REGISTRY.register(game, name, cls)



def bot_names(game: str = "kingdomino") -> list[str]:
    """The bot names of a game.

    >>> import kingdomino_kit.kingdoms  # registers the Kingdoms bots
    >>> bot_names("kingdoms")
    ['random', 'greedy']
    """
    return list(_game_registry(game))


def _game_registry(game: str) -> Mapping[str, type[Any]]:
    if not isinstance(game, str) or game not in REGISTRY:
        raise KingdominoError(f"unknown game {game!r} (registered: {', '.join(REGISTRY)}; a "
                              "game's bots are registered when its package is imported)")
    return REGISTRY[game]


def bot_class(name: str, game: str = "kingdomino") -> type[Any]:
    """The class of a named bot of a registered game.

    >>> bot_class("random").__name__
    'RandomBot'
    """
    registry = _game_registry(game)
    cls = registry.get(name)
    if cls is None:
        raise KingdominoError(f"unknown bot {name!r} (known: {', '.join(registry)})")
    return cls


def _parameter(spec: str, key: str, kind: type, value: str) -> Any:
    try:
        number = kind(value)
    except ValueError:
        raise KingdominoError(f"bot {spec!r}: {key} must be a number, not {value!r}") from None
    if isinstance(number, float) and not math.isfinite(number):
        raise KingdominoError(f"bot {spec!r}: {key} must be a finite number, not {value!r}")
    return number


def make_bot(spec: str, seed: int | None = None, *, game: str = "kingdomino") -> Any:
    """A bot from its name, optionally with parameters: ``random``, ``greedy``, ``mc``,
    ``mce``, ``strong`` (the strongest at about a second a turn),
    ``mc:playouts=20:width=4:policy=greedy``, ``strong:steps=5000``.

    >>> make_bot("smart")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: unknown bot 'smart' (known: random, greedy, mc, mce, \
strong)
    >>> make_bot("greedy:width=2")
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: bot 'greedy:width=2': unknown parameter 'width=2'
    """
    if not isinstance(spec, str):
        raise KingdominoError(f"a bot name must be text, not {spec!r}")
    name, *params = spec.strip().split(":")
    cls = bot_class(name.strip().lower(), game)
    known: Mapping[str, type] = getattr(cls, "PARAMETERS", {})
    kwargs: dict[str, Any] = {}
    for item in filter(None, (x.strip() for x in params)):
        key, eq, value = item.partition("=")
        kind = known.get(key.strip()) if eq else None
        if kind is None:
            raise KingdominoError(f"bot {spec!r}: unknown parameter {item!r}")
        kwargs[key.strip()] = value.strip() if kind is str else _parameter(spec, key, kind,
                                                                           value.strip())
    if seed is not None:
        seed = plain_seed(seed, f"bot {spec!r}: seed")
    try:
        return cls(seed, **kwargs)
    except (TypeError, ValueError) as error:
        raise KingdominoError(f"bot {spec!r}: {error}") from None


def make_bots(names: Sequence[str], seed: int, *, game: str = "kingdomino") -> list[Any]:
    """The named bots of a game's seats, seat ``p`` seeded ``seat_seed(seed, p)``
    (:mod:`kingdomino_kit.seeds`: the one recipe of every game).

    >>> import kingdomino_kit.game
    >>> [b.rng.random() for b in make_bots(["random"] * 2, 3)] == [
    ...     RandomBot(seat_seed(3, p)).rng.random() for p in range(2)]
    True
    """
    return [make_bot(name, seat_seed(seed, p), game=game) for p, name in enumerate(names)]


def parse_bots(text: str | Sequence[str], players: int, *, game: str = "kingdomino"
               ) -> list[str]:
    """Bot names for ``players`` seats from ``a,b,c`` (one name is repeated for every seat),
    each checked against the game's registry.

    >>> parse_bots("greedy", 3)
    ['greedy', 'greedy', 'greedy']
    >>> parse_bots("greedy,random", 3)
    Traceback (most recent call last):
    ...
    kingdomino_kit.errors.KingdominoError: 2 bots for 3 players (give one per player, or one \
for all)
    """
    names = [n.strip() for n in text.split(",")] if isinstance(text, str) else list(text)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise KingdominoError(f"{len(names)} bots for {players} players (give one per player, "
                              "or one for all)")
    for name in names:
        make_bot(name, 0, game=game)  # raises on an unknown name or parameter
    return names

