"""Steps per second of each adapter, beside the engine's own decisions per second, per CPU second:
uniformly random legal actions from the masks, whole games, default setups (one player for the
Gymnasium environments). A step observes (the seat's tensor and mask) and applies; each adapter's
speed is also given as a share of the engine's (``<adapter>_share_of_engine``: at least 0.2 for
every game).

The random agent picks ``legal[rng.integers(len(legal))]`` from the mask's legal integers
(``np.flatnonzero(mask.view(bool))``), the same uniform choice as ``rng.choice(legal)`` without
numpy's checks of ``choice``'s arguments (8 µs a call, a tenth of some games' step), so that the
figure is the adapter's, not numpy's."""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from deadboard.core.registry import get_game
from deadboard.core.rng import Rng
from deadboard.rl.spec import spec_for

#: the adapters measured, as their figures are named
ADAPTERS = ("pettingzoo", "gymnasium", "openspiel")


def _timed(seconds: float, one_game: Any) -> float:
    steps = 0
    t0 = time.process_time()  # CPU time: the figure of one core, however busy the machine
    seed = 0
    while True:
        steps += one_game(seed)
        seed += 1
        dt = time.process_time() - t0
        if dt >= seconds:
            return float(steps / dt)


def bench_rl(game_id: str, seconds: float) -> dict[str, Any]:
    """Decisions per second of the engine and steps per second through each adapter."""
    from deadboard.rl import gymnasium as dg
    from deadboard.rl import openspiel as dos
    from deadboard.rl import pettingzoo as dpz

    game = get_game(game_id)
    setup = game.normalize_setup(game.default_setup())
    rng = np.random.default_rng(0)

    def engine(seed: int) -> int:
        state = game.new(setup, seed)
        r = Rng(seed)
        n = 0
        while state.decision is not None:
            legal = game.legal_actions(state)
            game.apply_unchecked(state, legal[r.below(len(legal))])
            n += 1
        return n

    def pick(mask: np.ndarray) -> int:
        legal = np.flatnonzero(mask.view(np.bool_))
        return int(legal[rng.integers(len(legal))])

    aec = dpz.env(game_id)

    def pettingzoo(seed: int) -> int:
        aec.reset(seed=seed)
        n = 0
        for _agent in aec.agent_iter():
            obs, _, term, trunc, _ = aec.last()
            if term or trunc:
                aec.step(None)
                continue
            aec.step(pick(obs["action_mask"]))
            n += 1
        return n

    gym_id = next(k for k, v in dg.ENVIRONMENTS.items() if v == game_id)
    gym = dg.DeadboardEnv(game_id)

    def gymnasium(seed: int) -> int:
        _, info = gym.reset(seed=seed)
        n, done = 0, False
        while not done:
            _, _, done, _, info = gym.step(pick(info["action_mask"]))
            n += 1
        return n

    spiel = dos.load(game_id, players=setup.players)

    def openspiel(seed: int) -> int:
        state = spiel.new_initial_state()
        n = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(int(legal[rng.integers(len(legal))]))
            n += 1
        return n

    row: dict[str, Any] = {
        "game": game_id, "players": setup.players, "gym_env": gym_id,
        "num_actions": spec_for(game, setup).num_actions,
        "engine_decisions_per_second": _timed(seconds, engine),
        "pettingzoo_steps_per_second": _timed(seconds, pettingzoo),
        "gymnasium_steps_per_second": _timed(seconds, gymnasium),
        "openspiel_steps_per_second": _timed(seconds, openspiel),
    }
    for adapter in ADAPTERS:
        row[f"{adapter}_share_of_engine"] = row[f"{adapter}_steps_per_second"] / row["engine_decisions_per_second"]
    return row
