"""What Day Night Z's value functions (:mod:`deadboard.games.day_night_z.evaluate`) are refitted
on: seat 0's view of each sampled position of the heuristic player's games, labelled with whether
the group accomplished the adventure (one survivor and two, each of the three adventures) or won
the campaign (one survivor and two). ``python -m deadboard.sim.fits.day_night_z [campaign] [GAMES
[BOT [JOBS]]]`` refits them and prints the constants to paste there."""

from __future__ import annotations

from typing import Any

from deadboard.core.descriptor import ValueModel
from deadboard.core.game import Outcome, Setup
from deadboard.games.day_night_z.campaign_state import CampaignState
from deadboard.games.day_night_z.evaluate import campaign_features, features
from deadboard.games.day_night_z.state import DNZState


def rows(v: DNZState, final: Any, outcome: Outcome) -> list[tuple[list[float], float]]:
    if v.over or all(s.dead for s in v.survivors):
        return []
    return [(features(v), 1.0 if outcome.winners else 0.0)]


def campaign_rows(v: CampaignState, final: Any, outcome: Outcome) -> list[tuple[list[float], float]]:
    if v.decision is None or not v.living():
        return []
    return [(campaign_features(v), 1.0 if outcome.winners else 0.0)]


MODELS: tuple[ValueModel, ...] = (
    ValueModel(
        "weights",
        "WEIGHTS",
        tuple(Setup(a, players=p) for a in ("first-steps", "supply-run", "night-watch") for p in (1, 2)),
        rows,
        games=300,
        every=0.3,
    ),
)

CAMPAIGN_MODELS: tuple[ValueModel, ...] = (
    ValueModel(
        "campaign",
        "CAMPAIGN_WEIGHTS",
        (Setup("road-to-ashford", players=1), Setup("road-to-ashford", players=2)),
        campaign_rows,
        games=300,
        every=0.1,
    ),
)
