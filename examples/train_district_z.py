"""A masked policy-gradient agent (sb3-contrib's MaskablePPO) learns District-Z solo for a bounded
time on one CPU core, then plays fixed seeds beside the ``random`` and ``heuristic`` bots.

    pip install 'deadboard[rl-train]'      # torch (CPU) and sb3-contrib
    python examples/train_district_z.py --minutes 10 --games 200

Prints one JSON line: the training steps and CPU seconds, and for each player the escape rate (wins of
District-Z solo) on seeds 0..games-1 with its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback

from deadboard.core.registry import get_game
from deadboard.rl.gymnasium import DeadboardEnv
from deadboard.sim.play import play_game
from deadboard.sim.stats import wilson


class _Clock(BaseCallback):  # type: ignore[misc]
    """Stops learning after ``seconds`` of this process's CPU time (one core: torch is held to one
    thread), whatever else the machine is doing."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.deadline = time.process_time() + seconds

    def _on_step(self) -> bool:
        return time.process_time() < self.deadline


def evaluate(model: MaskablePPO, games: int) -> int:
    env = DeadboardEnv("district-z")
    wins = 0
    for seed in range(games):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=info["action_mask"].astype(bool), deterministic=True)
            obs, _, done, _, info = env.step(int(action))
        wins += 0 in env.table.game.outcome(env.table.current).winners
    return wins


def bot_wins(bot: str, games: int) -> int:
    game = get_game("district-z")
    setup = game.normalize_setup(game.default_setup())
    # the Gymnasium env deals game seeds from its own generator; the bots play the same deals
    seeds = [int(np.random.default_rng(seed).integers(2**31)) for seed in range(games)]
    return sum(0 in play_game(game, setup, s, bot).outcome.winners for s in seeds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    torch.set_num_threads(1)
    env = ActionMasker(DeadboardEnv("district-z"), lambda e: e.action_masks())
    model = MaskablePPO("MlpPolicy", env, n_steps=512, batch_size=128, gamma=1.0, seed=a.seed, verbose=0,
                        device="cpu")
    t0 = time.process_time()
    model.learn(total_timesteps=10**9, callback=_Clock(a.minutes * 60))
    trained = time.process_time() - t0
    out: dict[str, object] = {"steps": int(model.num_timesteps), "train_cpu_seconds": round(trained, 1),
                              "games": a.games}
    for name, wins in (("MaskablePPO", evaluate(model, a.games)), ("random", bot_wins("random", a.games)),
                       ("heuristic", bot_wins("heuristic", a.games))):
        lo, hi = wilson(wins, a.games)
        out[name] = {"escaped": int(wins), "rate": wins / a.games, "ci95": [round(lo, 3), round(hi, 3)]}
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
