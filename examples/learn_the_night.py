"""A policy learns The Night's standard scenario (solo) through the Gymnasium adapter, in numpy alone,
then plays fixed deals beside a uniformly random player.

    python examples/learn_the_night.py --minutes 4 --games 400 --plot docs/images/learning-the-night.png

The policy is a softmax over the legal actions with one preference per (decision, kind of action):
the decision is read from the observation's ``decision`` segment, an action's kind from its block in
the game's fixed encoding (``spec.actions.indices``), and actions of one kind share its preference. It
learns by REINFORCE (the game's result for the seat, ``game.result_value``: half for surviving the
night, half for its victory points; less a running baseline). It
prints one JSON line: the training games and CPU seconds, the learning curve (mean result per block
of training games) and, on the deals of ``env.reset(seed=100_000 + i)`` for i below ``--games``, the win
rate of the learned policy and of uniformly random play, each with its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from deadboard.rl.gymnasium import DeadboardEnv
from deadboard.sim.stats import wilson


class KindPolicy:
    """Softmax over legal actions: ``theta[decision, kind]``, shared by the actions of one kind."""

    def __init__(self, env: DeadboardEnv) -> None:
        self.spec = env.table.spec
        self.decisions = self.spec.layout.slices["decision"]
        size = int(np.prod(self.decisions[1]))
        self.theta = np.zeros((size, len(self.spec.actions.templates)))
        self._kind: dict[int, int] = {}

    def decision(self, obs: np.ndarray) -> int:
        return int(np.argmax(obs[self.decisions[0]]))

    def kinds(self, codes: np.ndarray) -> np.ndarray:
        out = np.empty(len(codes), dtype=np.int64)
        for i, c in enumerate(codes.tolist()):
            k = self._kind.get(c)
            if k is None:
                k = self._kind[c] = self.spec.actions.indices(c)[0]
            out[i] = k
        return out

    def probabilities(self, d: int, kinds: np.ndarray) -> np.ndarray:
        logits = self.theta[d, kinds]
        p: np.ndarray = np.exp(logits - logits.max())
        p /= p.sum()
        return p


def play(env: DeadboardEnv, policy: KindPolicy | None, seed: int, rng: np.random.Generator,
         trace: list[tuple[int, np.ndarray, int]] | None = None) -> tuple[float, bool]:
    """One game from ``env.reset(seed=seed)``; returns the learner's reward (``game.result_value``:
    half for surviving the night, half for its victory points) and whether the game was won.
    ``policy`` None plays uniformly at random among the legal actions."""
    obs, info = env.reset(seed=seed)
    done, reward = False, 0.0
    while not done:
        codes = np.flatnonzero(info["action_mask"].view(np.bool_))
        if policy is None:
            pick = int(rng.integers(len(codes)))
        else:
            d = policy.decision(obs)
            kinds = policy.kinds(codes)
            pick = int(rng.choice(len(codes), p=policy.probabilities(d, kinds)))
            if trace is not None:
                trace.append((d, kinds, pick))
        obs, reward, done, _, info = env.step(int(codes[pick]))
    outcome = info.get("outcome") or {}
    return float(reward), 0 in outcome.get("winners", ())


def learn(env: DeadboardEnv, policy: KindPolicy, seconds: float, rate: float, block: int, seed: int) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    baseline, games, curve, wins = 0.5, 0, [], 0.0
    deadline = time.process_time() + seconds
    while time.process_time() < deadline:
        trace: list[tuple[int, np.ndarray, int]] = []
        reward, _ = play(env, policy, games, rng, trace)
        advantage = reward - baseline
        baseline += 0.02 * (reward - baseline)
        for d, kinds, pick in trace:
            p = policy.probabilities(d, kinds)
            grad = np.bincount(kinds, weights=p, minlength=policy.theta.shape[1])
            grad[kinds[pick]] -= 1.0
            policy.theta[d] -= rate * advantage * grad  # ascent on log pi(pick) * advantage
        games += 1
        wins += reward
        if games % block == 0:
            curve.append(wins / block)
            wins = 0.0
    return {"games": games, "curve": curve}


def evaluate(env: DeadboardEnv, policy: KindPolicy | None, games: int, seed: int) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    won = sum(1 for i in range(games) if play(env, policy, 100_000 + i, rng)[1])
    low, high = wilson(won, games)
    return {"won": won, "of": games, "rate": won / games, "interval": [round(low, 3), round(high, 3)]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=4.0, help="CPU minutes of learning")
    parser.add_argument("--games", type=int, default=400, help="evaluation deals")
    parser.add_argument("--rate", type=float, default=0.05, help="learning rate")
    parser.add_argument("--block", type=int, default=100, help="training games per point of the curve")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", help="write the learning curve to this PNG (matplotlib)")
    args = parser.parse_args()
    env = DeadboardEnv("the-night", players=1, scenario="standard")
    policy = KindPolicy(env)
    t0 = time.process_time()
    trained = learn(env, policy, args.minutes * 60, args.rate, args.block, args.seed)
    spent = time.process_time() - t0
    learned = evaluate(env, policy, args.games, args.seed + 1)
    random = evaluate(env, None, args.games, args.seed + 1)
    out = {"training_games": trained["games"], "cpu_seconds": round(spent, 1), "curve": trained["curve"],
           "learned": learned, "random": random}
    print(json.dumps(out))
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 3.5))
        xs = [(i + 1) * args.block for i in range(len(trained["curve"]))]
        ax.plot(xs, trained["curve"], label=f"learning (mean result per {args.block} training games)")
        ax.axhline(random["rate"], color="grey", linestyle="--", label="uniformly random play's win rate")
        ax.axhspan(*learned["interval"], color="tab:green", alpha=0.2, label="learned policy's win rate, 95% interval")
        ax.set_xlabel("training games")
        ax.set_ylabel("result / win rate")
        ax.set_ylim(0, 1)
        ax.set_title("The Night, standard scenario, solo: a policy over kinds of action")
        ax.legend(loc="lower right", fontsize=8)
        fig.tight_layout()
        fig.savefig(args.plot, dpi=100)


if __name__ == "__main__":
    main()
