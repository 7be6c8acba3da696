"""What District-Z's value function (:mod:`deadboard.games.district_z.evaluate`) is refitted on:
seat 0's features while its survivor is in play, labelled with whether seat 0 won. ``python -m
deadboard.sim.valuefit district-z [GAMES [BOT [JOBS]]]`` refits it and prints the constant to paste
there."""

from __future__ import annotations

from typing import Any

from deadboard.core.descriptor import ValueModel
from deadboard.core.game import Outcome, Setup
from deadboard.games.district_z.evaluate import features
from deadboard.games.district_z.state import LIVE, DistrictState


def rows(v: DistrictState, final: Any, outcome: Outcome) -> list[tuple[list[float], float]]:
    p = v.players[0]
    if p.status != LIVE or p.surv < 0 or p.pos < 0:
        return []
    return [(features(v, 0), 1.0 if 0 in outcome.winners else 0.0)]


MODELS: tuple[ValueModel, ...] = (
    ValueModel("weights", "WEIGHTS", (Setup("standard"),), rows, games=1000, every=0.3),
)
