"""Fitting zombie-dawn's value function (:mod:`deadboard.games.zombie_dawn.evaluate`) on positions from seeded
games: ``python -m deadboard.sim.fits.zombie_dawn [...]`` prints the constants to paste there."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from deadboard.core.game import Setup
from deadboard.games.zombie_dawn.evaluate import (
    _row,
    _stats,
    played_share,
    solo_features,
)
from deadboard.games.zombie_dawn.state import OVER, DawnState

Rows = tuple[list[list[float]], list[float]]

#: the sign the rules give a feature's weight (more Victory Points, characters, dice, Xp or items
#: never hurt, damage never helps): a fitted weight of the other sign (the heuristic player's habits
#: confound some features, e.g. it carries weapons because it fights) is set to 0 and the rest refitted
SIGNS: dict[int, int] = {2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: -1, 9: 1, 10: 1, 11: 1}
SOLO_SIGNS: dict[int, int] = {1: 1, 2: -1, 3: 1, 4: 1, 5: 1, 6: -1, 7: 1, 8: 1}


def fit_signed(rows: list[list[float]], labels: list[float], signs: dict[int, int]) -> list[float]:
    """:func:`~deadboard.sim.valuefit.fit_logistic`, dropping (weight 0) the feature whose fitted
    weight is most against its sign in ``signs`` until none is."""
    from deadboard.sim.valuefit import fit_logistic

    active = list(range(len(rows[0])))
    while True:
        w = fit_logistic([[r[j] for j in active] for r in rows], labels)
        wrong = [(w[k] * signs[j], j) for k, j in enumerate(active) if w[k] * signs.get(j, 0) < 0]
        if not wrong:
            full = [0.0] * len(rows[0])
            for k, j in enumerate(active):
                full[j] = w[k]
            return full
        active.remove(min(wrong)[1])


def positions(task: tuple[int, str, int, int, float]) -> tuple[bool, Rows]:
    """One game's training rows and labels: with opponents, every seat's features at seat 0's
    sampled views (they read only public counters) labelled with its share of the win; alone, the
    group's features labelled with the win. ``task`` is (players, bot, seed, index, sampling rate)."""
    from deadboard.core.registry import get_game
    from deadboard.sim.valuefit import sample_positions

    players, bot, seed, index, every = task
    game = get_game("zombie-dawn")
    rows: list[list[float]] = []
    labels: list[float] = []
    for played in sample_positions(game, [Setup("standard", players=players)], bot, 1, seed + index, every):
        outcome = game.outcome(played.final)
        winners = outcome.winners if outcome is not None else ()
        for v in played.positions:
            assert isinstance(v, DawnState)
            if v.phase == OVER:
                continue
            if players == 1:
                rows.append(solo_features(v))
                labels.append(1.0 if 0 in winners else 0.0)
                continue
            stats = _stats(v)
            t = played_share(v)
            for s in range(players):
                rows.append(_row(stats, s, t))
                labels.append(1.0 / len(winners) if s in winners else 0.0)
    return players == 1, (rows, labels)


def fit(games: int = 300, seed: int = 1, bots: str = "heuristic", every: float = 0.05, jobs: int = 1) -> dict[str, Any]:
    """Refit both models on positions from ``games`` seeded games for each number of players (the
    one-player games, which are shorter and give one row a position, are sampled 6 times as
    often)."""
    from deadboard.sim.backends import execute
    from deadboard.sim.valuefit import summary

    tasks = [(n, bots, seed * 1_000_003 + n * 10_007, i, min(1.0, every * (6 if n == 1 else 1)))
             for n in (1, 2, 3, 4) for i in range(games)]
    data: dict[bool, Rows] = {False: ([], []), True: ([], [])}
    for solo, (rows, labels) in execute(positions, tasks, jobs=jobs):
        data[solo][0].extend(rows)
        data[solo][1].extend(labels)
    return {"solo" if solo else "multi": summary(rows, labels, fit_signed(rows, labels, SOLO_SIGNS if solo else SIGNS))
            for solo, (rows, labels) in data.items()}


def main(argv: Sequence[str]) -> None:
    from deadboard.core.registry import get_game
    from deadboard.sim.valuefit import constant, fit_args

    games, bot, jobs = fit_args(argv, get_game("zombie-dawn"), 300, "heuristic")
    r = fit(games, bots=bot, jobs=jobs)
    multi, solo = r["multi"], r["solo"]
    print(f"# fitted on {games} games per number of players played by {bot}: {multi['rows']} positions "
          f"with opponents (wins {multi['rate']:.2f}, log-loss {multi['loss']:.4f}); {solo['rows']} alone "
          f"(wins {solo['rate']:.2f}, log-loss {solo['loss']:.4f})")
    print(constant("WEIGHTS", multi["weights"]))
    print(constant("SOLO_WEIGHTS", solo["weights"]))


if __name__ == "__main__":
    main(sys.argv[1:])
