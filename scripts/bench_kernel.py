"""Decisions per second of random play: the step kernel against a hand-written loop of the same game.

Both versions of Last Stand (``tests/core/toy.py`` on the kernel, ``tests/core/toy_loop.py`` with a
queue of step tuples and if-chains, the way the games drove themselves before) play the same seeded
random games — the same decisions and dice — so the figures compare the loops alone. Time is the process's CPU time (the machine is shared); the
two run in pairs, one after the other, and the median of the pairs' speed ratios is reported::

    PYTHONPATH=src:. python3 scripts/bench_kernel.py [--games N] [--players P] [--repeat R]
"""

from __future__ import annotations

import argparse
import statistics
import time

from tests.core.toy import GAME as KERNEL
from tests.core.toy_loop import GAME as LOOP

from deadboard.core import Game, Rng, Setup


def play(game: Game, players: int, games: int) -> tuple[int, float]:
    """Random play of ``games`` games; returns (decisions, CPU seconds)."""
    decisions = 0
    setup = Setup("standard", players=players)
    start = time.process_time()
    for seed in range(games):
        state = game.new(setup, seed)
        rng = Rng(seed)
        while state.decision is not None:
            legal = game.legal_actions(state)
            game.apply_unchecked(state, legal[rng.below(len(legal))])
            decisions += 1
    return decisions, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per run")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=60, help="pairs of runs (kernel, then loop)")
    args = parser.parse_args()
    best = {"kernel": 0.0, "loop": 0.0}
    ratios: list[float] = []
    for _ in range(args.repeat):  # paired runs: a pair shares the machine's load of the moment
        n_kernel, t_kernel = play(KERNEL, args.players, args.games)
        n_loop, t_loop = play(LOOP, args.players, args.games)
        assert n_kernel == n_loop, "the two versions played different games"
        best["kernel"] = max(best["kernel"], n_kernel / t_kernel)
        best["loop"] = max(best["loop"], n_loop / t_loop)
        ratios.append(t_loop / t_kernel)
    q1, median, q3 = statistics.quantiles(ratios, n=4)
    print(
        f"{args.players} player(s), {n_kernel:,} decisions in {args.games:,} games per run, {args.repeat} pairs"
    )
    print(f"  kernel            best {best['kernel']:>9,.0f} decisions/s")
    print(f"  hand-written loop best {best['loop']:>9,.0f} decisions/s")
    print(f"  kernel speed / loop speed, median of pairs {median:.3f} (quartiles {q1:.3f} … {q3:.3f})")


if __name__ == "__main__":
    main()
