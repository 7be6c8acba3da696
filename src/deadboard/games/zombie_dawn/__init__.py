"""Zombie Dawn: competitive survival for 1 to 4 players, with action cards played out of turn
(rulebook: zombie-dawn.txt)."""

from deadboard.games.zombie_dawn.rules import ZombieDawn

GAME = ZombieDawn()

__all__ = ["GAME", "ZombieDawn"]
