"""What The Night's value function (:mod:`deadboard.games.the_night.evaluate`) is refitted on: the
survival model (a row per live human, labelled with whether that human lived), Take the House's
model and the side's calibration (labelled with the game's result). ``python -m
deadboard.sim.valuefit the-night [human|take|calibration] [GAMES [BOT [JOBS]]]`` refits one and
prints the constant to paste there."""

from __future__ import annotations

from typing import Any

from deadboard.core.descriptor import ValueModel
from deadboard.core.game import Outcome, Setup
from deadboard.games.the_night.evaluate import (
    attack_risk,
    calibration_features,
    human_features,
    phases_left,
    survival,
    survival_side,
    take_features,
)
from deadboard.games.the_night.state import ESCAPED, LIVE, NightState

Rows = list[tuple[list[float], float]]

SURVIVE_SETUPS: tuple[Setup, ...] = tuple(Setup.from_json(js) for js in (
    {"scenario": "standard"},
    {"scenario": "quick-game"},
    {"scenario": "the-coopers"},
    {"scenario": "no-chance"},
    {"scenario": "standard", "options": {"random-events": True, "dodge": True}},
))
TAKE_SETUPS: tuple[Setup, ...] = tuple(Setup.from_json(js) for js in (
    {"scenario": "take-the-house"},
    {"scenario": "take-the-house", "options": {"guns": 0}},
    {"scenario": "take-the-house", "options": {"zombies": 35}},
    {"scenario": "take-the-house", "options": {"zombies": 35, "guns": 0}},
))


def _won(outcome: Outcome) -> float:
    return 1.0 if 0 in outcome.winners else 0.0


def human_rows(v: NightState, final: NightState, outcome: Outcome) -> Rows:
    """Each live human's features, labelled with whether it was alive (or had escaped) at the end."""
    t = phases_left(v)
    if t == 0:
        return []
    risk = attack_risk(v)
    return [(human_features(v, hu.idx, t, risk.get(hu.idx, 0.0)),
             1.0 if final.humans[hu.idx].status in (LIVE, ESCAPED) else 0.0)
            for hu in v.humans if hu.status == LIVE]


def take_rows(v: NightState, final: Any, outcome: Outcome) -> Rows:
    return [(take_features(v, phases_left(v)), _won(outcome))]


def calibration_rows(v: NightState, final: Any, outcome: Outcome) -> Rows:
    if phases_left(v) == 0:
        return []
    return [(calibration_features(v, survival_side(v, survival(v))), _won(outcome))]


MODELS: tuple[ValueModel, ...] = (
    ValueModel("human", "HUMAN_WEIGHTS", SURVIVE_SETUPS, human_rows, games=300, bot="random", every=0.15),
    # on games of the heuristic player: it clears the house often enough to learn from
    ValueModel("take", "TAKE_WEIGHTS", TAKE_SETUPS, take_rows, games=200, every=0.15, default=False),
    # run after the survival model, with the heuristic bot
    ValueModel("calibration", "CALIBRATION", SURVIVE_SETUPS, calibration_rows, games=100, every=0.1, seed=2,
               default=False),
)
