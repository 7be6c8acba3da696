"""Compare two bots in one seat of a game of several seats, the other seats played by the same bot,
game by game on the same seeds (the figures of docs/simulation.md, "Zombie Dawn's search as one
seat among three heuristics"):

    deadboard sim zombie-dawn --bot heuristic --games 200 --seed 42000 --out zd.parquet
    deadboard sim zombie-dawn --bot heuristic --bot 1=BOT --games 200 --seed 42000 --out zd.parquet
    python scripts/seat_pairs.py zd.parquet 1 BOT heuristic

Both runs go into one results file (a file keeps each run apart by its bots); the script pairs the
games of the two runs by their index (the same game seed), counts the games the seat won (a game
shared by tied winners counts as won) with each bot, and prints both win rates, the seeds only one
of them won, McNemar's z and exact p, and Newcombe's paired 95% interval of the difference.
"""

from __future__ import annotations

import argparse

from deadboard.sim.results import read_records
from deadboard.sim.stats import mcnemar, paired_proportion_difference, wilson


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("results", help="a results file (.parquet) holding both runs")
    p.add_argument("seat", type=int, help="the seat compared, as --bot numbers it (1: the first)")
    p.add_argument("bot", help="the bot in that seat in the first run (e.g. mcts:60+heuristic@heuristic)")
    p.add_argument("other", help="the bot in every seat of the second run (e.g. heuristic)")
    p.add_argument("--seed", type=int, default=None, help="only the run of this run seed")
    p.add_argument("--games", type=int, default=None, help="only the games of the first GAMES indices")
    a = p.parse_args()
    seat = a.seat - 1
    runs: dict[str, dict[int, bool]] = {"a": {}, "b": {}}
    for r in read_records(a.results):
        if (a.seed is not None and r.run_seed != a.seed) or (a.games is not None and r.index >= a.games):
            continue
        bots = r.bots.split(",")
        if bots[seat] == a.bot and all(b == a.other for i, b in enumerate(bots) if i != seat):
            runs["a"][r.index] = seat in r.winners
        elif all(b == a.other for b in bots):
            runs["b"][r.index] = seat in r.winners
    both = sorted(set(runs["a"]) & set(runs["b"]))
    if not both:
        raise SystemExit("no game of the same index in both runs")
    wa = [runs["a"][i] for i in both]
    wb = [runs["b"][i] for i in both]
    n = len(both)
    only_a = sum(1 for x, y in zip(wa, wb) if x and not y)
    only_b = sum(1 for x, y in zip(wa, wb) if y and not x)
    z, pv = mcnemar(only_a, only_b)
    diff, (lo, hi) = paired_proportion_difference(wa, wb)
    for name, w in ((a.bot, wa), (a.other, wb)):
        k = sum(w)
        wl, wh = wilson(k, n)
        print(f"{name}: seat {a.seat} won {k} of {n} ({k / n:.1%}, 95% interval {wl:.1%}-{wh:.1%})")
    print(f"seeds won by {a.bot} alone: {only_a}; by {a.other} alone: {only_b}")
    print(f"McNemar z = {z:+.2f}, exact p = {pv:.3g}; paired difference {diff:+.1%} (95% interval {lo:+.1%} ... {hi:+.1%})")


if __name__ == "__main__":
    main()
