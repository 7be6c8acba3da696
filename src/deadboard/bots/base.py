"""The bot protocol and the registry of bots.

A bot is made for one seat of one game with its own seed::

    bot = make_bot("heuristic", game, seat, seed)
    action = bot.choose(game, view, legal)   # view = game.view(state, seat), or None

``needs_view`` tells the caller whether to build the view (the random bot does not need one, and
building it costs a clone). Bots never receive the true state, so they cannot peek at hidden cards
or at the game's chance stream.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from deadboard.core.action import Action
from deadboard.core.errors import SetupError
from deadboard.core.game import Game, State
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


def bot_names(game: Game) -> list[str]:
    return [*GENERIC_BOTS, *(n for n in game.bots if n not in GENERIC_BOTS)]


def make_bot(name: str, game: Game, seat: int, seed: int) -> Bot:
    """``name`` is a bot name, optionally with parameters after a colon (``mcts:500`` is MCTS with
    500 iterations a decision); a bot that takes parameters accepts them as a fourth argument."""
    base, colon, params = name.partition(":")
    target = game.bots.get(base) or GENERIC_BOTS.get(base)
    if target is None:
        raise SetupError(f"unknown bot {base!r} for {game.name}; choose one of: {', '.join(bot_names(game))}")
    module, _, attr = target.partition(":")
    factory: Callable[..., Bot] = getattr(importlib.import_module(module), attr)
    if colon:
        if len(inspect.signature(factory).parameters) < 4:
            raise SetupError(f"bot {base!r} takes no parameters (got {name!r})")
        return factory(game, seat, seed, params)
    return factory(game, seat, seed)
