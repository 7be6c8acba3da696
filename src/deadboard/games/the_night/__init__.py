"""The Night: solitaire house defence against rule-driven zombies (rulebook: the-night.txt)."""

from deadboard.games.the_night.rules import TheNight

GAME = TheNight()

__all__ = ["GAME", "TheNight"]
