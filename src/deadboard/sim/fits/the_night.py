"""Fitting the-night's value function (:mod:`deadboard.games.the_night.evaluate`) on positions from seeded
games: ``python -m deadboard.sim.fits.the_night [...]`` prints the constants to paste there."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from deadboard.core.game import Setup, State
from deadboard.games.the_night.evaluate import (
    attack_risk,
    calibration_features,
    human_features,
    phases_left,
    survival,
    survival_side,
    take_features,
)
from deadboard.games.the_night.state import (
    ESCAPED,
    LIVE,
    NightState,
)

SURVIVE_SETUPS: tuple[dict[str, Any], ...] = (
    {"scenario": "standard"},
    {"scenario": "quick-game"},
    {"scenario": "the-coopers"},
    {"scenario": "no-chance"},
    {"scenario": "standard", "options": {"random-events": True, "dodge": True}},
)
TAKE_SETUPS: tuple[dict[str, Any], ...] = (
    {"scenario": "take-the-house"},
    {"scenario": "take-the-house", "options": {"guns": 0}},
    {"scenario": "take-the-house", "options": {"zombies": 35}},
    {"scenario": "take-the-house", "options": {"zombies": 35, "guns": 0}},
)

Rows = tuple[list[list[float]], list[float]]


def positions(task: tuple[dict[str, Any], str, int, int, float]) -> tuple[str, Rows]:
    """One game's training rows: ("human", per-human rows and survival labels) or ("take", rows and
    win labels). ``task`` is (setup, bot, seed, index, sampling rate)."""
    from deadboard.core.registry import get_game
    from deadboard.sim.valuefit import sample_positions

    setup_json, bot, seed, index, every = task
    game = get_game("the-night")
    setup = Setup.from_json(setup_json)
    rows: list[list[float]] = []
    labels: list[float] = []
    take = setup.scenario == "take-the-house"
    for played in sample_positions(game, [setup], bot, 1, seed + index, every):
        final = played.final
        assert isinstance(final, NightState)
        outcome = game.outcome(final)
        won = outcome is not None and 0 in outcome.winners
        for v in played.positions:
            assert isinstance(v, NightState)
            t = phases_left(v)
            if take:
                rows.append(take_features(v, t))
                labels.append(1.0 if won else 0.0)
                continue
            if t == 0:
                continue
            risk = attack_risk(v)
            for hu in v.humans:
                if hu.status == LIVE:
                    rows.append(human_features(v, hu.idx, t, risk.get(hu.idx, 0.0)))
                    labels.append(1.0 if final.humans[hu.idx].status in (LIVE, ESCAPED) else 0.0)
    return ("take" if take else "human"), (rows, labels)


def fit(games: int = 300, seed: int = 1, bots: str = "random", every: float = 0.15, jobs: int = 1,
        setups: Sequence[dict[str, Any]] = SURVIVE_SETUPS + TAKE_SETUPS) -> dict[str, Any]:
    """Refit the models on positions from seeded games of ``setups``; returns the weights and their
    log-loss by model ("human", "take")."""
    from deadboard.sim.backends import execute
    from deadboard.sim.valuefit import fit_logistic, summary

    tasks = [(dict(js), bots, seed * 1_000_003 + k * 10_007, i, every)
             for k, js in enumerate(setups) for i in range(games)]
    data: dict[str, Rows] = {"human": ([], []), "take": ([], [])}
    for kind, (rows, labels) in execute(positions, tasks, jobs=jobs):
        data[kind][0].extend(rows)
        data[kind][1].extend(labels)
    return {kind: summary(rows, labels, fit_logistic(rows, labels)) for kind, (rows, labels) in data.items() if rows}


def calibration_positions(task: tuple[dict[str, Any], str, int, int, float]) -> tuple[list[list[float]], list[float]]:
    """One game's rows for the side's calibration: its features and whether the humans' side won."""
    from deadboard.core.registry import get_game
    from deadboard.sim.valuefit import won_rows

    setup_json, bot, seed, index, every = task

    def row(v: State) -> list[float] | None:
        assert isinstance(v, NightState)
        return calibration_features(v, survival_side(v, survival(v))) if phases_left(v) > 0 else None

    return won_rows(get_game("the-night"), Setup.from_json(setup_json), bot, seed + index, every, row)


def fit_calibration(games: int = 100, seed: int = 2, bots: str = "heuristic", every: float = 0.1, jobs: int = 1) -> dict[str, Any]:
    """Refit :data:`CALIBRATION` on positions from seeded games of the survival scenarios."""
    from deadboard.sim.backends import execute
    from deadboard.sim.valuefit import fit_logistic, summary

    tasks = [(dict(js), bots, seed * 1_000_003 + k * 10_007, i, every)
             for k, js in enumerate(SURVIVE_SETUPS) for i in range(games)]
    rows: list[list[float]] = []
    labels: list[float] = []
    for r, lab in execute(calibration_positions, tasks, jobs=jobs):
        rows.extend(r)
        labels.extend(lab)
    return summary(rows, labels, fit_logistic(rows, labels))


def main(argv: Sequence[str]) -> None:
    """``python -m deadboard.sim.fits.the_night [GAMES [BOT [JOBS]]]``: refit and print the
    survival weights; ``... take [GAMES [BOT [JOBS]]]`` the Take the House weights (on games of
    the heuristic player by default: it clears the house often enough to learn from);
    ``... calibration [GAMES [BOT [JOBS]]]`` refits the side's calibration (run it after the
    survival model, with the heuristic bot)."""
    from deadboard.core.registry import get_game
    from deadboard.sim.valuefit import constant, fit_args

    if argv and argv[0] == "take":
        games, bot, jobs = fit_args(argv[1:], get_game("the-night"), 200, "heuristic")
        t = fit(games, bots=bot, jobs=jobs, setups=TAKE_SETUPS)["take"]
        print(f"# fitted on {games} games per setup played by {bot}: {t['rows']} positions "
              f"(wins {t['rate']:.2f}, log-loss {t['loss']:.4f})")
        print(constant("TAKE_WEIGHTS", t["weights"]))
        return
    if argv and argv[0] == "calibration":
        games, bot, jobs = fit_args(argv[1:], get_game("the-night"), 100, "heuristic")
        b = fit_calibration(games, bots=bot, jobs=jobs)
        print(f"# fitted on {games} games per setup played by {bot}: {b['rows']} positions "
              f"(wins {b['rate']:.2f}, log-loss {b['loss']:.4f})")
        print(constant("CALIBRATION", b["weights"]))
        return
    games, bot, jobs = fit_args(argv, get_game("the-night"), 300, "random")
    h = fit(games, bots=bot, jobs=jobs, setups=SURVIVE_SETUPS)["human"]
    print(f"# fitted on {games} games per setup played by {bot}: {h['rows']} human positions "
          f"(survival {h['rate']:.2f}, log-loss {h['loss']:.4f})")
    print(constant("HUMAN_WEIGHTS", h["weights"]))


if __name__ == "__main__":
    main(sys.argv[1:])
