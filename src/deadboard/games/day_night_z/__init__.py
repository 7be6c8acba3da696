"""Day Night Z: an adventure in a zombie city — a city board and tiles of subzones, threat-card
zombies, noise and threat, survival points, day and night, for 1-4 co-operative survivors
(rulebook: day-night-z.txt, sections 1 to 5)."""

from deadboard.games.day_night_z.rules import DayNightZ

GAME = DayNightZ()

__all__ = ["GAME", "DayNightZ"]
