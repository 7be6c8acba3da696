"""The engine every game is built on: the game contract, chance, decks, grid geometry, events,
saves and replay, content loading."""

from deadboard.core.action import Action, act
from deadboard.core.deck import Bag, Deck
from deadboard.core.dice import D6, Die
from deadboard.core.errors import (
    ContentError,
    DeadboardError,
    IllegalActionError,
    SaveError,
    SetupError,
    UnknownGameError,
)
from deadboard.core.game import Decision, Game, Option, Outcome, Result, Scenario, Setup, State
from deadboard.core.log import Event
from deadboard.core.registry import get_game, list_games, register
from deadboard.core.rng import Rng, derive_seed

__all__ = [
    "D6",
    "Action",
    "Bag",
    "ContentError",
    "DeadboardError",
    "Decision",
    "Deck",
    "Die",
    "Event",
    "Game",
    "IllegalActionError",
    "Option",
    "Outcome",
    "Result",
    "Rng",
    "SaveError",
    "Scenario",
    "Setup",
    "SetupError",
    "State",
    "UnknownGameError",
    "act",
    "derive_seed",
    "get_game",
    "list_games",
    "register",
]
