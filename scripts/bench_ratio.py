"""A game's random decisions per second as a multiple of python-chess's random plies per second,
in CPU time, measured in alternating rounds in one process.

``deadboard bench --reference`` measures wall-clock time once per row, so on a shared machine its
multiples swing by a fifth from run to run. This script times the process's CPU time instead and
alternates short rounds of python-chess random playouts and of the game's full random games (the
same play as ``deadboard bench``: the table driver with random bots, default set-up unless
``--scenario``/``--players`` say otherwise), reporting the median of the rounds' ratios::

    PYTHONPATH=src python3 scripts/bench_ratio.py zpocalypse-2 [--rounds 7] [--seconds 2]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time

from deadboard import _build_check
from deadboard.cli.bench import bench_chess
from deadboard.core.registry import get_game, list_games
from deadboard.sim.play import play_game, settle_heap


def game_round(game_id: str, scenario: str | None, players: int | None, seconds: float, seed: int) -> tuple[int, float, int]:
    """Full random games for about ``seconds`` of CPU time: (decisions, CPU seconds, next seed)."""
    game = get_game(game_id)
    setup = game.default_setup()
    if scenario is not None:
        setup = dataclasses.replace(setup, scenario=scenario)
    if players is not None:
        setup = dataclasses.replace(setup, players=players)
    setup = game.normalize_setup(setup)
    decisions = 0
    start = time.process_time()
    while True:
        decisions += play_game(game, setup, seed, "random").decisions
        seed += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return decisions, spent, seed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=list_games())
    parser.add_argument("--scenario", default=None)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds (chess, then the game)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per round and side")
    args = parser.parse_args()
    # warm caches (imports, geometry, lines of sight worked out the first time they are asked for):
    # the rate of a long simulation, as `deadboard bench` measures after its own warm-up
    game_round(args.game, args.scenario, args.players, max(1.0, args.seconds), 10_000)
    settle_heap()  # as `deadboard bench` and the simulator do after their first games
    seed = 0
    ratios: list[float] = []
    rates: list[tuple[float, float]] = []
    for _ in range(args.rounds):
        chess = bench_chess(args.seconds, min_games=1, clock=time.process_time)
        plies, t_chess = int(chess["decisions"]), float(chess["seconds"])
        decisions, t_game, seed = game_round(args.game, args.scenario, args.players, args.seconds, seed)
        chess_rate, game_rate = plies / t_chess, decisions / t_game
        rates.append((chess_rate, game_rate))
        ratios.append(game_rate / chess_rate)
    print(f"{args.game}: {args.rounds} rounds of {args.seconds:g} CPU s each side; deadboard build: {_build_check.BUILD}")
    print(f"  python-chess  median {statistics.median(r[0] for r in rates):>9,.0f} plies/s")
    print(f"  {args.game:<13} median {statistics.median(r[1] for r in rates):>9,.0f} decisions/s")
    print(f"  ratio: median {statistics.median(ratios):.2f} (min {min(ratios):.2f}, max {max(ratios):.2f})")


if __name__ == "__main__":
    main()
