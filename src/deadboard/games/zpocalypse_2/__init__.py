"""Zpocalypse 2: Defend the Burbs — night combat against a pathing horde and mutates with dice
action pools, a day of tasks and feeding, chapters as scenarios, for 1-4 co-operative squads
(rulebook: zpocalypse-2.txt)."""

from deadboard.games.zpocalypse_2.rules import Zpocalypse2

GAME = Zpocalypse2()

__all__ = ["GAME", "Zpocalypse2"]
