"""A linear softmax policy learns a game through the Gymnasium adapter, in numpy alone, then plays
fixed deals beside uniformly random play.

    nice -n 10 python examples/learn_to_beat_random.py --minutes 2 --games 500 --block 250 \\
        --plot docs/images/learning-the-night.png

The policy scores each legal action by what the action names: its kind, and each of its arguments
(the square it moves to, the door it boards, the card it plays, the survivor it sends …), read from
the action's place in the game's fixed encoding (``spec.actions.indices``: its block and its
arguments' places in their vocabularies). An action's score is the sum of one weight per feature,
a separate set of weights for each kind of decision (read from the observation's ``decision``
segment); the policy picks among the legal actions with probabilities ``softmax(score)``, so at zero
weights it is uniformly random play. It learns by REINFORCE: after each game, the game's result for
the seat (``game.result_value``) less a running mean of the results moves the weights of the
features of every action it chose, against the average features of the actions it could have
chosen.

It prints one JSON line: the training games and CPU seconds, the learning curve (mean result per
block of training games) and, on the deals of ``env.reset(seed=100_000 + i)`` for i below
``--games``, the win rates of the learned policy (sampling its actions, as it learned) and of
uniformly random play on the same deals, each with its 95% Wilson interval, and the paired
difference (each deal played by both) with its 95% interval.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

import numpy as np

from deadboard.rl.gymnasium import DeadboardEnv
from deadboard.sim.stats import wilson


class LinearPolicy:
    """Softmax over legal actions of ``theta[decision] . features(action)``; the features of an
    action are its block in the fixed encoding and, for each argument, its token in its vocabulary."""

    def __init__(self, env: DeadboardEnv) -> None:
        self.table = env.table
        self.spec = env.table.spec
        self.listed = bool(self.spec.LISTED)  # actions are places in a list of the legal ones
        self.decisions = self.spec.layout.slices["decision"][0]
        size = self.decisions.stop - self.decisions.start
        templates = self.spec.actions.templates
        # feature offsets: one per block, then for each block each argument's vocabulary
        self.arg_offsets: list[list[int]] = []
        at = len(templates)
        for t in templates:
            offsets = []
            for v in t.args:
                offsets.append(at)
                at += len(v.tokens)
            self.arg_offsets.append(offsets)
        self.width = 1 + max((len(t.args) for t in templates), default=0)
        self.pad = at  # a feature that is always zero, for actions with fewer arguments
        self.theta = np.zeros((size, at + 1))
        self._features: dict[int, tuple[int, ...]] = {}

    def decision(self, obs: np.ndarray) -> int:
        return int(np.argmax(obs[self.decisions]))

    def features(self, codes: list[int]) -> np.ndarray:
        """Rows of feature indices, one per fixed-encoding integer."""
        out = np.full((len(codes), self.width), self.pad, dtype=np.int64)
        for i, code in enumerate(codes):
            f = self._features.get(code)
            if f is None:
                block, args = self.spec.actions.indices(code)
                f = (block, *(o + j for o, j in zip(self.arg_offsets[block], args)))
                self._features[code] = f
            out[i, : len(f)] = f
        return out

    def legal(self, info: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
        """The adapter's legal integers and, for each, the feature rows of the action it stands for."""
        places = np.flatnonzero(info["action_mask"].view(np.bool_))
        if self.listed:
            legal = self.table.legal()
            codes = [self.spec.actions.encode(legal[int(p)]) for p in places]
        else:
            codes = places.tolist()
        return places, self.features(codes)

    def probabilities(self, d: int, rows: np.ndarray) -> np.ndarray:
        logits = self.theta[d][rows].sum(axis=1)
        p: np.ndarray = np.exp(logits - logits.max())
        p /= p.sum()
        return p


def play(env: DeadboardEnv, policy: LinearPolicy | None, seed: int, rng: np.random.Generator,
         trace: list[tuple[int, np.ndarray, int]] | None = None) -> tuple[float, bool]:
    """One game from ``env.reset(seed=seed)``: the learner's result (``game.result_value``) and
    whether it won. ``policy`` None plays uniformly at random among the legal actions."""
    obs, info = env.reset(seed=seed)
    done, reward = False, 0.0
    while not done:
        if policy is None:
            places = np.flatnonzero(info["action_mask"].view(np.bool_))
            pick = int(rng.integers(len(places)))
        else:
            places, rows = policy.legal(info)
            d = policy.decision(obs)
            p = policy.probabilities(d, rows)
            # sampled, never the likeliest action alone: a deterministic policy may repeat actions
            # that undo each other without end
            pick = int(rng.choice(len(p), p=p))
            if trace is not None and len(p) > 1:
                trace.append((d, rows, pick))
        obs, reward, done, _, info = env.step(int(places[pick]))
    outcome = info.get("outcome") or {}
    return float(reward), env.learner in outcome.get("winners", ())


def learn(env: DeadboardEnv, policy: LinearPolicy, seconds: float, rate: float, block: int,
          seed: int) -> dict[str, Any]:
    """REINFORCE for ``seconds`` of CPU time; the curve is the mean result of each ``block`` games."""
    rng = np.random.default_rng(seed)
    baseline, games, curve, total = 0.5, 0, [], 0.0
    deadline = time.process_time() + seconds
    theta = policy.theta
    while time.process_time() < deadline:
        trace: list[tuple[int, np.ndarray, int]] = []
        reward, _ = play(env, policy, games, rng, trace)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        if advantage != 0.0:
            step = rate * advantage
            for d, rows, pick in trace:
                p = policy.probabilities(d, rows)
                # grad of log pi(pick): its features, less the features' mean under pi
                np.add.at(theta[d], rows.ravel(), -step * np.repeat(p, rows.shape[1]))
                np.add.at(theta[d], rows[pick], step)
            theta[:, policy.pad] = 0.0
        games += 1
        total += reward
        if games % block == 0:
            curve.append(total / block)
            total = 0.0
    return {"games": games, "curve": curve}


def evaluate(env: DeadboardEnv, policy: LinearPolicy | None, games: int, seed: int) -> list[bool]:
    rng = np.random.default_rng(seed)
    return [play(env, policy, 100_000 + i, rng)[1] for i in range(games)]


def summary(wins: list[bool]) -> dict[str, Any]:
    won, n = sum(wins), len(wins)
    low, high = wilson(won, n)
    return {"won": won, "of": n, "rate": won / n, "interval": [round(low, 3), round(high, 3)]}


def paired(a: list[bool], b: list[bool]) -> dict[str, Any]:
    """The mean of ``a[i] - b[i]`` over the deals, with its 95% normal interval."""
    d = np.array(a, dtype=float) - np.array(b, dtype=float)
    mean = float(d.mean())
    half = 1.96 * float(d.std(ddof=1)) / math.sqrt(len(d)) if len(d) > 1 else 1.0
    return {"difference": round(mean, 3), "interval": [round(mean - half, 3), round(mean + half, 3)]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="the-night")
    parser.add_argument("--scenario", default="quick-game")
    parser.add_argument("--minutes", type=float, default=5.0, help="CPU minutes of learning")
    parser.add_argument("--games", type=int, default=1000, help="evaluation deals")
    parser.add_argument("--rate", type=float, default=0.05, help="learning rate")
    parser.add_argument("--block", type=int, default=250, help="training games per point of the curve")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", help="write the learning curve to this PNG (matplotlib)")
    args = parser.parse_args()
    env = DeadboardEnv(args.game, players=1, scenario=args.scenario)
    policy = LinearPolicy(env)
    t0 = time.process_time()
    trained = learn(env, policy, args.minutes * 60, args.rate, args.block, args.seed)
    spent = time.process_time() - t0
    learned_wins = evaluate(env, policy, args.games, args.seed + 1)
    random_wins = evaluate(env, None, args.games, args.seed + 1)
    learned, random = summary(learned_wins), summary(random_wins)
    out = {"game": args.game, "scenario": args.scenario, "training_games": trained["games"],
           "cpu_seconds": round(spent, 1), "curve": [round(x, 4) for x in trained["curve"]],
           "learned": learned, "random": random, "paired": paired(learned_wins, random_wins)}
    print(json.dumps(out))
    if args.plot:
        plot(args, trained["curve"], learned, random)


def plot(args: argparse.Namespace, curve: list[float], learned: dict[str, Any], random: dict[str, Any]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.6))
    xs = [(i + 1) * args.block for i in range(len(curve))]
    ax.plot(xs, curve, marker=".", label=f"training: mean reward of each {args.block} games (game.result_value)")
    ax.axhspan(*random["interval"], color="grey", alpha=0.25,
               label=f"win rate of uniformly random play, {random['of']} deals (95%)")
    ax.axhspan(*learned["interval"], color="tab:green", alpha=0.25,
               label="win rate of the learned policy, same deals (95%)")
    ax.set_xlabel("training games")
    ax.set_ylabel("reward; win rate")
    ax.set_ylim(0, 1)
    ax.set_title(f"{args.game}, {args.scenario}, solo: a linear policy over what actions name")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(args.plot, dpi=100)


if __name__ == "__main__":
    main()
