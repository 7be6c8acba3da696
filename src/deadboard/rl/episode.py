"""One game in progress, seen through a spec: what the PettingZoo and Gymnasium adapters drive. It
holds the true state and hands out only seat-observations, masks and rewards. (A game at a table
with people and bots is :class:`deadboard.core.table.Table`; an episode has no seats of its own:
the adapter decides for every seat it steps.)"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from deadboard.core.action import Action
from deadboard.core.game import Game, Setup, State
from deadboard.core.registry import get_game
from deadboard.rl.spec import GameSpec, make_setup, spec_for


class Episode:
    """``Episode("district-z", players=1)``; :meth:`reset` deals a game from a seed."""

    def __init__(self, game: Game | str, players: int | None = None, scenario: str | None = None,
                 options: Mapping[str, Any] | None = None, setup: Setup | None = None) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        self.setup = make_setup(self.game, players, scenario, options, setup)
        self.spec: GameSpec = spec_for(self.game, self.setup)
        self.seats = self.spec.seats
        self.num_actions = self.spec.num_actions
        self.state: State | None = None
        self._legal: dict[int, Action] | None = None

    def reset(self, seed: int) -> None:
        self.state = self.game.new(self.setup, seed)
        self._legal = None

    @property
    def current(self) -> State:
        if self.state is None:
            raise RuntimeError("no game yet: call reset(seed) first")
        return self.state

    @property
    def over(self) -> bool:
        return self.current.decision is None

    @property
    def seat(self) -> int | None:
        """The seat that decides now (None once the game is over)."""
        d = self.current.decision
        return None if d is None else d.seat

    def legal(self) -> dict[int, Action]:
        if self._legal is None:
            self._legal = self.spec.choices.legal(self.game, self.current)
        return self._legal

    def mask(self, seat: int | None = None) -> np.ndarray:
        """The legal-action mask of ``seat`` (all zero unless it decides now)."""
        d = self.current.decision
        if d is None or (seat is not None and seat != d.seat):
            return np.zeros(self.num_actions, dtype=np.int8)
        return self.spec.choices.mask(self.legal())

    def observe(self, seat: int) -> np.ndarray:
        spec, state = self.spec, self.current
        if spec.LISTED:
            d = state.decision
            if d is not None and d.seat == seat:
                return spec.observe(state, seat, list(self.legal().values()))
        return spec.observe(state, seat, None)

    def step(self, code: int) -> bool:
        """Apply the deciding seat's action ``code``; False (and nothing changes) if it is not legal."""
        action = self.legal().get(int(code))
        if action is None:
            return False
        self.game.apply_unchecked(self.current, action)
        self._legal = None
        return True

    def apply(self, action: Action) -> None:
        self.game.apply(self.current, action)
        self._legal = None

    def returns(self) -> list[float]:
        """Each seat's result in [0, 1] (``game.result_value``) once the game is over, else zeros."""
        outcome = self.game.outcome(self.current) if self.over else None
        if outcome is None:
            return [0.0] * self.seats
        return [float(self.game.result_value(outcome, s)) for s in range(self.seats)]
