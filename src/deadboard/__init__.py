"""deadboard: rules engines, AI players, a simulator and front ends for zombie-survival board games.

The public surface is re-exported here; see ``deadboard.core`` for the engine contract every game
implements and every front end and bot relies on.
"""

# first: decides whether the compiled rules or their source are imported (docs/building.md)
from deadboard import _build_check  # noqa: F401
from deadboard.core import (
    Action,
    ContentError,
    DeadboardError,
    Decision,
    Event,
    Game,
    IllegalActionError,
    Outcome,
    Result,
    SaveError,
    Setup,
    SetupError,
    State,
    UnknownGameError,
    get_game,
    list_games,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ContentError",
    "DeadboardError",
    "Decision",
    "Event",
    "Game",
    "IllegalActionError",
    "Outcome",
    "Result",
    "SaveError",
    "Setup",
    "SetupError",
    "State",
    "UnknownGameError",
    "__version__",
    "get_game",
    "list_games",
]
