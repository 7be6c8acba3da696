"""The games: one package each, holding its descriptor (``DESCRIPTOR`` in its ``__init__.py``).

A new game is its package and one line here. Packages are imported on first use (see
:mod:`deadboard.core.registry`), so listing this table imports no game.
"""

#: game id -> the package that holds its descriptor
GAMES: dict[str, str] = {
    "the-night": "deadboard.games.the_night",
    "district-z": "deadboard.games.district_z",
    "zombie-dawn": "deadboard.games.zombie_dawn",
    "zpocalypse-2": "deadboard.games.zpocalypse_2",
    "day-night-z": "deadboard.games.day_night_z",
    "day-night-z-campaign": "deadboard.games.day_night_z:CAMPAIGN",
}

__all__ = ["GAMES"]
