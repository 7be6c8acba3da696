"""The engine every game is built on: the game contract, the step kernel (decisions, automatic
steps, response windows, phases), typed actions, chance and dice, decks, tracks and clocks, boards
(square grids and area graphs), events, saves and replay, campaign records, content loading."""

from deadboard.core.action import Action, act
from deadboard.core.deck import Deck
from deadboard.core.dice import D6, DicePool, Die
from deadboard.core.errors import (
    ContentError,
    DeadboardError,
    IllegalActionError,
    SaveError,
    SetupError,
    UnknownGameError,
)
from deadboard.core.game import Decision, Game, Option, Outcome, Result, Scenario, Setup, State
from deadboard.core.kernel import Auto, Choice, KernelGame, KernelState, Steps
from deadboard.core.log import Event, NullLog
from deadboard.core.registry import get_game, list_games, register
from deadboard.core.rng import Rng, derive_seed
from deadboard.core.typed_actions import TypedAction

__all__ = [
    "D6",
    "Action",
    "Auto",
    "Choice",
    "ContentError",
    "DeadboardError",
    "Decision",
    "Deck",
    "DicePool",
    "Die",
    "Event",
    "Game",
    "IllegalActionError",
    "KernelGame",
    "KernelState",
    "NullLog",
    "Option",
    "Outcome",
    "Result",
    "Rng",
    "SaveError",
    "Scenario",
    "Setup",
    "SetupError",
    "State",
    "Steps",
    "TypedAction",
    "UnknownGameError",
    "act",
    "derive_seed",
    "get_game",
    "list_games",
    "register",
]
