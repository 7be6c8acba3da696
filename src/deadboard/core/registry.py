"""The game registry: ids to game descriptors, imported on first use so the CLI starts fast.

The table itself is :data:`deadboard.games.GAMES` (one line per game, naming its package); a game
package's ``__init__.py`` holds its :class:`~deadboard.core.descriptor.GameDescriptor` as
``DESCRIPTOR``. The registry reads the table by name, so ``core`` imports no game.
"""

from __future__ import annotations

import importlib
from typing import Any

from deadboard.core.descriptor import GameDescriptor
from deadboard.core.errors import UnknownGameError
from deadboard.core.game import Game

#: where the table of games is (``deadboard.games``, read on first use)
TABLE = "deadboard.games"

#: games registered at run time (plugins and tests): id -> "package" or "module:attribute"
_extra: dict[str, str] = {}
_loaded: dict[str, GameDescriptor[Any]] = {}


def _table() -> dict[str, str]:
    games: dict[str, str] = importlib.import_module(TABLE).GAMES
    return {**games, **_extra}


def register(game_id: str, target: str) -> None:
    """Register a game (plugins and tests): ``target`` is a package holding ``DESCRIPTOR``, or
    ``"module:attribute"`` of a descriptor or of a bare ``Game`` (a game with no drawing, bot or
    value function of its own)."""
    _extra[game_id] = target
    _loaded.pop(game_id, None)


def unregister(game_id: str) -> None:
    """Forget a game registered with :func:`register`."""
    _extra.pop(game_id, None)
    _loaded.pop(game_id, None)


def descriptor(game_id: str) -> GameDescriptor[Any]:
    """The descriptor of a game by id (UnknownGameError naming the known games)."""
    found = _loaded.get(game_id)
    if found is not None:
        return found
    table = _table()
    target = table.get(game_id)
    if target is None:
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {', '.join(sorted(table))}")
    module, colon, attr = target.partition(":")
    value = getattr(importlib.import_module(module), attr if colon else "DESCRIPTOR")
    if isinstance(value, Game):
        value = GameDescriptor(value)
    if not isinstance(value, GameDescriptor):
        raise TypeError(f"{target} is neither a GameDescriptor nor a Game")
    if value.id != game_id:
        raise TypeError(f"{target} is the game {value.id!r}, registered as {game_id!r}")
    _loaded[game_id] = value
    return value


def find_descriptor(game: Game[Any]) -> GameDescriptor[Any] | None:
    """The descriptor of a game instance (or of an instance of a subclass of its rules: a test's
    variant of a game is that game), or None for a game that is not registered."""
    try:
        found = descriptor(game.id)
    except UnknownGameError:
        return None
    return found if isinstance(game, type(found.game)) else None


def get_game(game_id: str) -> Game[Any]:
    """The rules of a game by id."""
    return descriptor(game_id).game


def list_games() -> list[str]:
    return sorted(_table())


__all__ = ["descriptor", "find_descriptor", "get_game", "list_games", "register", "unregister"]
