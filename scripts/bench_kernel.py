"""Decisions per second of random play: the step kernel against a hand-written loop of the same game.

Both versions of Last Stand (``tests/core/toy.py`` on the kernel, ``tests/core/toy_loop.py`` with a
queue of step tuples and if-chains, the way the games drove themselves before) play the same seeded
random games — the same decisions and dice — so the figures compare the loops alone::

    PYTHONPATH=src:. python3 scripts/bench_kernel.py [--games N] [--players P] [--repeat R]
"""

from __future__ import annotations

import argparse
import time

from tests.core.toy import GAME as KERNEL
from tests.core.toy_loop import GAME as LOOP

from deadboard.core import Game, Rng, Setup


def play(game: Game, players: int, games: int) -> tuple[int, float]:
    """Random play of ``games`` games; returns (decisions, seconds)."""
    decisions = 0
    setup = Setup("standard", players=players)
    start = time.perf_counter()
    for seed in range(games):
        state = game.new(setup, seed)
        rng = Rng(seed)
        while state.decision is not None:
            legal = game.legal_actions(state)
            game.apply_unchecked(state, legal[rng.below(len(legal))])
            decisions += 1
    return decisions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    best: dict[str, float] = {}
    counts: dict[str, int] = {}
    for _ in range(args.repeat):  # alternate the two, keep each one's best run
        for label, game in (("kernel", KERNEL), ("hand-written loop", LOOP)):
            n, secs = play(game, args.players, args.games)
            counts[label] = n
            best[label] = max(best.get(label, 0.0), n / secs)
    assert counts["kernel"] == counts["hand-written loop"], "the two versions played different games"
    for label, rate in best.items():
        print(
            f"{label:>18}: {rate:>10,.0f} decisions/s  ({counts[label]:,} decisions in {args.games:,} games)"
        )
    print(f"{'kernel / loop':>18}: {best['kernel'] / best['hand-written loop']:.2f}")


if __name__ == "__main__":
    main()
