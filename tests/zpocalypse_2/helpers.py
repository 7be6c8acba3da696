"""Positions the Zpocalypse 2 tests start from."""

from __future__ import annotations

from deadboard.core import Setup, get_game
from deadboard.core.dice import DicePool
from deadboard.games.zpocalypse_2.night import Turn
from deadboard.games.zpocalypse_2.state import ZD6, ZState

GAME = get_game("zpocalypse-2")


def at_turn(space: str, faces: list[int], seed: int = 1) -> ZState:
    """A solo prologue at its first turn, the squad on ``space`` with the action pool ``faces``."""
    state = GAME.new(Setup("prologue", players=1), seed)
    assert isinstance(state, ZState)
    GAME.apply(state, f"start {space}")
    state.zombies = []
    state.pool = DicePool.of(ZD6, faces)
    state.turn_moved = 0
    state.steps[-1] = Turn(0)
    state.legal = list(Turn(0).actions(state))
    return state
