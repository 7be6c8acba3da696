"""Setups and seeded positions the research-adapter tests walk through."""

from __future__ import annotations

from collections.abc import Iterator

from deadboard.core.game import Game, Setup, State
from deadboard.core.registry import get_game, list_games
from deadboard.core.rng import Rng


def setups(game: Game) -> list[Setup]:
    """The conformance suite's setups of a game, normalized."""
    return [game.normalize_setup(s) for s in game.test_setups()]


def positions(game: Game, setup: Setup, seeds: range, every: int = 1, limit: int = 400) -> Iterator[State]:
    """Positions along seeded random games (every ``every``-th decision, at most ``limit`` a game)."""
    for seed in seeds:
        state = game.new(setup, seed)
        rng = Rng(seed + 77)
        n = 0
        while state.decision is not None and n < limit * every:
            if n % every == 0:
                yield state
            legal = game.legal_actions(state)
            game.apply_unchecked(state, legal[rng.below(len(legal))])
            n += 1


GAMES = list_games()


def game(gid: str) -> Game:
    return get_game(gid)
