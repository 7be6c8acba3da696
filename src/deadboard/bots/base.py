"""The bot protocol and the registry of bots.

A bot is made for one seat of one game with its own seed::

    bot = make_bot("heuristic", game, seat, seed)
    action = bot.choose(game, view, legal)   # view = game.view(state, seat), or None

``needs_view`` tells the caller whether to build the view (the random bot does not need one, and
building it costs a clone). Bots never receive the true state, so they cannot peek at hidden cards
or at the game's chance stream.

A bot of one's own is named by its import path, ``package.module.Class`` (a module in the current
folder or installed), and made and called the same way; its choice is checked against the legal
actions (``docs/api.md``).
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
from collections.abc import Callable, Sequence
from typing import Protocol, cast, runtime_checkable

from deadboard.core.action import Action
from deadboard.core.errors import IllegalActionError, SetupError
from deadboard.core.game import Game, State
from deadboard.core.registry import find_descriptor
from deadboard.core.rng import Rng

#: generic bots available for every game: name -> "module:factory"
GENERIC_BOTS: dict[str, str] = {
    "random": "deadboard.bots.base:RandomBot",
    "mcts": "deadboard.bots.mcts:MCTSBot",
}


@runtime_checkable
class Bot(Protocol):
    name: str
    needs_view: bool

    def choose(self, game: Game, view: State | None, legal: Sequence[Action]) -> Action: ...


class RandomBot:
    """Uniformly random among the legal actions (seeded)."""

    name = "random"
    needs_view = False

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.rng = Rng(seed)
        self.seat = seat

    def choose(self, game: Game, view: State | None, legal: Sequence[Action]) -> Action:
        return legal[self.rng.below(len(legal))]


def own_bots(game: Game) -> list[str]:
    """The names of the game's own bots (its descriptor's)."""
    found = find_descriptor(game)
    return list(found.bots) if found is not None else []


def bot_names(game: Game) -> list[str]:
    return [*GENERIC_BOTS, *(n for n in own_bots(game) if n not in GENERIC_BOTS)]


#: (game class, bot name) -> its factory, found once (the simulator makes bots for every game)
_FACTORIES: dict[tuple[type, str], Callable[..., Bot]] = {}


def _factory(game: Game, name: str) -> Callable[..., Bot] | None:
    """The factory of a bot named in the game's descriptor or among the generic bots, or None."""
    key = (type(game), name)
    known = _FACTORIES.get(key)
    if known is None:
        known = _find_factory(game, name)
        if known is not None:
            _FACTORIES[key] = known
    return known


def _find_factory(game: Game, name: str) -> Callable[..., Bot] | None:
    found = find_descriptor(game)
    own = found.bot_factory(name) if found is not None else None
    if own is not None:
        return cast("Callable[..., Bot]", own)
    target = GENERIC_BOTS.get(name)
    if target is None:
        return None
    module, _, attr = target.partition(":")
    return cast("Callable[..., Bot]", getattr(importlib.import_module(module), attr))


def make_bot(name: str, game: Game, seat: int, seed: int) -> Bot:
    """``name`` is a bot name, optionally with parameters after a colon (``mcts:500`` is MCTS with
    500 iterations a decision); a bot that takes parameters accepts them as a fourth argument."""
    base, colon, params = name.partition(":")
    known = _factory(game, base)
    if known is not None:
        factory = known
    elif "." in base:
        factory = _own_bot(base)
    else:
        raise SetupError(f"unknown bot {base!r} for {game.name}; choose one of: {', '.join(bot_names(game))}"
                         " (or a bot of your own as package.module.Class)")
    if colon:
        try:
            takes = len(inspect.signature(factory).parameters)
        except (TypeError, ValueError):
            takes = 4
        if takes < 4:
            raise SetupError(f"bot {base!r} takes no parameters (got {name!r})")
    if known is not None:
        return factory(game, seat, seed, params) if colon else factory(game, seat, seed)
    try:
        bot = factory(game, seat, seed, params) if colon else factory(game, seat, seed)
    except TypeError as e:  # not a bot's constructor (game, seat, seed), or one that fails
        raise SetupError(f"bot {base!r}: cannot be made as {base}(game, seat, seed): {e}") from None
    return CheckedBot(bot, name)


def _own_bot(path: str) -> Callable[..., Bot]:
    """The class (or factory) ``package.module.Class``, from an installed module or one in the
    current folder (as ``python -m`` would find it, but after the installed ones)."""
    module, _, attr = path.rpartition(".")
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.append(here)
    try:
        found = importlib.import_module(module)
    except ModuleNotFoundError as e:
        raise SetupError(f"bot {path!r}: no module {e.name or module!r} (installed, or a .py file in the current folder)") from None
    except Exception as e:  # the module itself fails: say how, in one line
        raise SetupError(f"bot {path!r}: importing {module!r} failed: {type(e).__name__}: {e}") from None
    factory = getattr(found, attr, None)
    if factory is None:
        raise SetupError(f"bot {path!r}: module {module!r} has no class {attr!r}")
    # a class or a function of Python's own making: a path naming a builtin (os.system) is not
    # called with a game as its argument
    if not (inspect.isclass(factory) or inspect.isfunction(factory)):
        raise SetupError(f"bot {path!r}: {attr!r} is not a bot class (a class with a choose method)")
    return cast("Callable[..., Bot]", factory)


class CheckedBot:
    """A bot from outside deadboard, held to the rules: it chooses from ``legal`` (an action or its
    text); anything else is an :class:`IllegalActionError` that names the bot. It is given the view
    unless it says ``needs_view = False``."""

    def __init__(self, bot: object, name: str) -> None:
        if not callable(getattr(bot, "choose", None)):
            raise SetupError(f"bot {name!r}: it has no choose(game, view, legal) method")
        self.bot = bot
        self.name = name
        self.needs_view = bool(getattr(bot, "needs_view", True))

    def choose(self, game: Game, view: State | None, legal: Sequence[Action]) -> Action:
        a = self.bot.choose(game, view, legal)  # type: ignore[attr-defined]
        for x in legal:
            if x == a or x.text == a:
                return x
        shown = ", ".join(x.text for x in legal[:8]) + (", ..." if len(legal) > 8 else "")
        raise IllegalActionError(f"bot {self.name!r} chose {a!r}, which is not a legal action now (legal: {shown})")
