"""Seat players. Every bot sees only what its seat may see (``Game.view``) and draws its own
randomness from an Rng seeded by the caller, never from the game's."""

from deadboard.bots.base import Bot, RandomBot, bot_names, make_bot

__all__ = ["Bot", "RandomBot", "bot_names", "make_bot"]
