"""Fitting district-z's value function (:mod:`deadboard.games.district_z.evaluate`) on positions from seeded
games: ``python -m deadboard.sim.fits.district_z [...]`` prints the constants to paste there."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from deadboard.core.game import Setup, State
from deadboard.games.district_z.evaluate import (
    features,
)
from deadboard.games.district_z.state import LIVE, DistrictState


def positions(task: tuple[dict[str, Any], str, int, int, float]) -> tuple[list[list[float]], list[float]]:
    """One game's training rows (seat 0's positions) and labels (did seat 0 win)."""
    from deadboard.core.registry import get_game
    from deadboard.sim.valuefit import won_rows

    setup_json, bot, seed, index, every = task

    def row(v: State) -> list[float] | None:
        assert isinstance(v, DistrictState)
        p = v.players[0]
        return features(v, 0) if p.status == LIVE and p.surv >= 0 and p.pos >= 0 else None

    return won_rows(get_game("district-z"), Setup.from_json(setup_json), bot, seed + index, every, row)


def fit(games: int = 1000, seed: int = 1, bots: str = "heuristic", every: float = 0.3, jobs: int = 1) -> dict[str, Any]:
    from deadboard.sim.backends import execute
    from deadboard.sim.valuefit import fit_logistic, summary

    setups: list[dict[str, Any]] = [{"scenario": "standard"}]
    tasks = [(js, bots, seed * 1_000_003 + k * 10_007, i, every) for k, js in enumerate(setups) for i in range(games)]
    rows: list[list[float]] = []
    labels: list[float] = []
    for r, lab in execute(positions, tasks, jobs=jobs):
        rows.extend(r)
        labels.extend(lab)
    return summary(rows, labels, fit_logistic(rows, labels))


def main(argv: Sequence[str]) -> None:
    from deadboard.core.registry import get_game
    from deadboard.sim.valuefit import constant, fit_args

    games, bot, jobs = fit_args(argv, get_game("district-z"), 1000, "heuristic")
    r = fit(games, bots=bot, jobs=jobs)
    print(f"# fitted on {games} games played by {bot}: {r['rows']} positions (wins {r['rate']:.2f}, "
          f"log-loss {r['loss']:.4f})")
    print(constant("WEIGHTS", r["weights"]))


if __name__ == "__main__":
    main(sys.argv[1:])
