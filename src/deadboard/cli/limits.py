"""The bounds of every count, size and time a command takes: a value past one is a one-line error
(``error: Invalid value for '--retries': … is not in the range …``) rather than a run that never
ends or a machine swamped."""

from __future__ import annotations

from deadboard.core.save import MAX_SEED

#: games of one run (a balance study plays a few hundred thousand)
MOST_GAMES = 10_000_000
#: seats of a game (no game has more than four)
MOST_PLAYERS = 16
#: worker processes (``check_jobs`` also keeps them to the machine's cores unless forced)
MOST_JOBS = 1024
#: times a campaign's lost chapter is played again
MOST_RETRIES = 100
#: seconds between two bot moves when watching
MOST_DELAY = 60.0
#: seconds of a benchmark per game and bot
MOST_SECONDS = 3600.0
#: days an unchanged game is kept (a hundred years)
MOST_KEEP_DAYS = 36_500.0
#: new games a minute from one address
MOST_CREATE_LIMIT = 1_000_000.0

__all__ = ["MAX_SEED", "MOST_CREATE_LIMIT", "MOST_DELAY", "MOST_GAMES", "MOST_JOBS", "MOST_KEEP_DAYS",
           "MOST_PLAYERS", "MOST_RETRIES", "MOST_SECONDS"]
