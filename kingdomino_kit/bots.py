"""The bot protocol shared by every game in the kit, the game-independent random bot, and the
registry of named bots.

A bot is anything with ``choose(observation, actions) -> action`` that picks one of the legal
actions it is given; it keeps its own seeded RNG, so the same seed plays the same game. A plain
function ``f(observation, actions) -> action`` is a bot too (wrap it with :func:`as_bot`).

Two class attributes tell the game's driver how to treat a bot: ``needs_observation = False``
(it picks blindly: the driver skips building an observation) and ``trusted = True`` (it always
returns one of the actions given: the driver skips re-checking them against the rules).

The registry names each game's bots by ``module:class`` (:data:`REGISTRY`), so this module
imports no game: :func:`make_bot` loads a bot's module when it is first asked for.

>>> bot = RandomBot(seed=1)
>>> bot.choose(None, ["a", "b", "c"]) in ("a", "b", "c")
True
>>> as_bot(lambda obs, actions: actions[-1]).choose(None, [1, 2, 3])
3
>>> make_bot("greedy", 1).name, make_bot("mc:playouts=3", 1).playouts
('greedy', 3)
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from kingdomino_kit.errors import KingdominoError

__all__ = ["BOTS", "GAMES", "REGISTRY", "Bot", "BotFunction", "FunctionBot", "RandomBot",
           "as_bot", "bot_class", "bot_names", "make_bot", "parse_bots"]

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
        self.rng = random.Random(seed)

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
GAMES = ("kingdomino", "kingdoms", "origins")

REGISTRY: Mapping[str, Mapping[str, str]] = {
    "kingdomino": {"random": "kingdomino_kit.bots:RandomBot",
                   "greedy": "kingdomino_kit.game.bots:GreedyBot",
                   "mc": "kingdomino_kit.game.bots:MonteCarloBot",
                   "mce": "kingdomino_kit.game.montecarlo:MonteCarloEvaluationBot",
                   "strong": "kingdomino_kit.game.montecarlo:StrongBot"},
    "kingdoms": {"random": "kingdomino_kit.bots:RandomBot",
                 "greedy": "kingdomino_kit.kingdoms.bots:GreedyBot"},
    "origins": {"random": "kingdomino_kit.bots:RandomBot",
                "greedy": "kingdomino_kit.origins.bots:GreedyOriginsBot"},
}
"""Each game's named bots, as ``module:class``. A bot class may declare ``PARAMETERS``, a
mapping of parameter name to type (``int``, ``float`` or ``str``), for ``name:key=value``."""

BOTS = REGISTRY["kingdomino"]
"""The named bots of Kingdomino (the default game of :func:`make_bot`)."""


def bot_names(game: str = "kingdomino") -> list[str]:
    """The bot names of a game.

    >>> bot_names("kingdoms")
    ['random', 'greedy']
    """
    return list(_game_registry(game))


def _game_registry(game: str) -> Mapping[str, str]:
    registry = REGISTRY.get(game) if isinstance(game, str) else None
    if registry is None:
        raise KingdominoError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    return registry


def bot_class(name: str, game: str = "kingdomino") -> type[Any]:
    """The class of a named bot (its module is imported now).

    >>> bot_class("random").__name__
    'RandomBot'
    """
    registry = _game_registry(game)
    path = registry.get(name)
    if path is None:
        raise KingdominoError(f"unknown bot {name!r} (known: {', '.join(registry)})")
    module, _, attr = path.partition(":")
    cls: type[Any] = getattr(importlib.import_module(module), attr)
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
    try:
        return cls(seed, **kwargs)
    except (TypeError, ValueError) as error:
        raise KingdominoError(f"bot {spec!r}: {error}") from None


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


def __getattr__(name: str) -> Any:
    """The Kingdomino bots where they have always been imported from
    (``from kingdomino_kit.bots import GreedyBot``), loaded from the registry when first asked.

    >>> import kingdomino_kit.bots as bots
    >>> bots.MonteCarloBot.name
    'mc'
    """
    for path in REGISTRY["kingdomino"].values():
        module, _, attr = path.partition(":")
        if attr == name:
            return getattr(importlib.import_module(module), attr)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
