"""Gymnasium's environment checker on every registered one-player environment."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import deadboard.rl.gymnasium as dg


@pytest.mark.parametrize("env_id", sorted(dg.ENVIRONMENTS))
def test_gymnasium_env_checker(env_id: str) -> None:
    check_env(gymnasium.make(env_id).unwrapped, skip_render_check=True)


def test_other_seats_are_played_by_the_named_bot() -> None:
    env = gymnasium.make("deadboard/TheNight-v0", players=2, options={"zombie-player": True}, bot="heuristic")
    check_env(env.unwrapped, skip_render_check=True)
    _obs, _info = env.reset(seed=4)
    assert env.unwrapped.table.seat == 0


def test_a_masked_random_episode_ends_with_the_game() -> None:
    env = gymnasium.make("deadboard/DistrictZ-v0")
    _, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    done = False
    steps = 0
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        _obs, reward, done, _trunc, info = env.step(int(rng.choice(legal)))
        steps += 1
    assert env.unwrapped.table.over and reward in (0.0, 1.0) and steps > 3
