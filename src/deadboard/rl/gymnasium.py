"""Gymnasium environments: one seat of a game played by the learner, every other seat by a bot.

``gymnasium.make("deadboard/DistrictZ-v0")`` (after ``import deadboard.rl.gymnasium``) is District-Z
solo; ``deadboard/TheNight-v0``, ``deadboard/ZombieDawn-v0`` and ``deadboard/Zpocalypse2-v0`` are
The Night, Zombie Dawn and Zpocalypse 2 for one player. Keyword arguments choose the setup (``players``, ``scenario``, ``options``), the learner's
``seat`` and the ``bot`` of the other seats (any bot name ``deadboard sim`` takes).

The observation is the seat's float32 vector; the action an integer of the setup's encoding. The
legal-action mask is ``info["action_mask"]`` and ``env.action_masks()`` (what sb3-contrib's
MaskablePPO asks for). The reward is ``game.result_value`` for the seat when the game ends (1 won,
0 lost, graded between where the game grades its results); an illegal action changes nothing and
costs ``illegal_reward``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from deadboard.bots.base import Bot, make_bot
from deadboard.core.rng import derive_seed
from deadboard.rl.episode import Episode
from deadboard.rl.spec import OBS_HIGH

__all__ = ["ENVIRONMENTS", "DeadboardEnv", "register_all"]

#: registered id -> game id (each a game one person can play)
ENVIRONMENTS = {
    "deadboard/TheNight-v0": "the-night",
    "deadboard/DistrictZ-v0": "district-z",
    "deadboard/ZombieDawn-v0": "zombie-dawn",
    "deadboard/Zpocalypse2-v0": "zpocalypse-2",
    "deadboard/DayNightZ-v0": "day-night-z",
    "deadboard/DayNightZCampaign-v0": "day-night-z-campaign",
}


class DeadboardEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, players: int = 1, scenario: str | None = None,
                 options: Mapping[str, Any] | None = None, seat: int = 0, bot: str = "random",
                 illegal_reward: float = -1.0, render_mode: str | None = None) -> None:
        self.table = Episode(game, players, scenario, options)
        if not 0 <= seat < self.table.seats:
            raise ValueError(f"seat {seat} is not a seat of this setup (0..{self.table.seats - 1})")
        self.learner = seat
        self.bot_name = bot
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, OBS_HIGH, (self.table.spec.layout.size,), np.float32)
        self.action_space = spaces.Discrete(self.table.num_actions)
        self.bots: dict[int, Bot] = {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.table.reset(game_seed)
        game = self.table.game
        self.bots = {s: make_bot(self.bot_name, game, s, derive_seed("gym-bot", game_seed, s))
                     for s in range(self.table.seats) if s != self.learner}
        self._play_others()
        return self._observation(), self._info()

    def _play_others(self) -> None:
        episode = self.table
        while not episode.over and episode.seat != self.learner:
            seat = episode.seat
            assert seat is not None
            bot = self.bots[seat]
            legal = episode.game.legal_actions(episode.current)
            view = episode.game.view(episode.current, seat) if bot.needs_view else None
            episode.apply(bot.choose(episode.game, view, legal))

    def _observation(self) -> np.ndarray:
        return self.table.observe(self.learner)

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"action_mask": self.table.mask(self.learner), **extra}

    def action_masks(self) -> np.ndarray:
        return self.table.mask(self.learner).view(np.bool_)  # a fresh mask, read as booleans (no copy)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        table = self.table
        if table.over:
            raise RuntimeError("the game is over: call reset()")
        if not table.step(int(action)):
            return self._observation(), self.illegal_reward, False, False, self._info(illegal=True)
        d = table.current.decision
        if d is not None and d.seat != self.learner:
            self._play_others()
            d = table.current.decision
        if d is None:
            outcome = table.game.outcome(table.current)
            reward = table.returns()[self.learner]
            info = self._info(outcome=outcome.to_json() if outcome else None)
            return self._observation(), reward, True, False, info
        return table.observe(self.learner), 0.0, False, False, {"action_mask": table.mask(self.learner)}

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.table.spec.text(self.table.current, self.learner)


def register_all() -> None:
    """Register the environments with Gymnasium (done on import; registering again is harmless)."""
    for env_id, game in ENVIRONMENTS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=DeadboardEnv, kwargs={"game": game})  # type: ignore[arg-type]


register_all()
