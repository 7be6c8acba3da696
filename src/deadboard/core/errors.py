"""The exception tree, in one place.

DeadboardError
 ├── IllegalActionError (also a ValueError)  an action the rules do not allow now; state untouched
 ├── SetupError                              unknown scenario/option, bad option value, bad seats
 ├── ContentError                            a content file that does not load or validate
 ├── SaveError                               a save file that is malformed or does not replay
 └── UnknownGameError (also a KeyError)      a game id that is not registered

Front ends catch DeadboardError and show its message: a user mistake never becomes a traceback.
"""

from __future__ import annotations


class DeadboardError(Exception):
    """Base of every error a user can cause."""


class IllegalActionError(DeadboardError, ValueError):
    """The action is not legal in this state. Raised before anything changes."""


class SetupError(DeadboardError, ValueError):
    """The setup (scenario, options, seats) is not valid for the game."""


class ContentError(DeadboardError, ValueError):
    """A content file failed to load or validate; the message names file, record and field."""


class SaveError(DeadboardError, ValueError):
    """A save file is malformed, names an unknown game, or does not replay."""


class UnknownGameError(DeadboardError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:  # KeyError quotes its argument; we want the plain message
        return str(self.args[0]) if self.args else "unknown game"
