"""The game registry: ids to games, imported on first use so the CLI starts fast."""

from __future__ import annotations

import importlib

from deadboard.core.errors import UnknownGameError
from deadboard.core.game import Game

#: game id -> "module:attribute" of the Game instance. A new game adds one line here.
GAMES: dict[str, str] = {
    "the-night": "deadboard.games.the_night:GAME",
    "district-z": "deadboard.games.district_z:GAME",
    "zombie-dawn": "deadboard.games.zombie_dawn:GAME",
    "zpocalypse-2": "deadboard.games.zpocalypse_2:GAME",
    "day-night-z": "deadboard.games.day_night_z:GAME",
    "day-night-z-campaign": "deadboard.games.day_night_z.campaign:GAME",
}

_loaded: dict[str, Game] = {}


def register(game_id: str, target: str) -> None:
    """Register a game by import path (plugins and tests use this)."""
    GAMES[game_id] = target
    _loaded.pop(game_id, None)


def get_game(game_id: str) -> Game:
    game = _loaded.get(game_id)
    if game is not None:
        return game
    target = GAMES.get(game_id)
    if target is None:
        known = ", ".join(sorted(GAMES))
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {known}")
    module, _, attr = target.partition(":")
    game = getattr(importlib.import_module(module), attr)
    if not isinstance(game, Game):
        raise TypeError(f"{target} is not a Game")
    _loaded[game_id] = game
    return game


def list_games() -> list[str]:
    return sorted(GAMES)
