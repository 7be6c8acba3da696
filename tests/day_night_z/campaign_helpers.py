"""Positions for the campaign's rules: a new campaign, a phase started by hand, the die scripted."""

from __future__ import annotations

from typing import Any

from deadboard.core import Setup, get_game
from deadboard.core.kernel import advance
from deadboard.core.rng import ScriptedRng
from deadboard.games.day_night_z.campaign_state import CampaignState

GAME = get_game("day-night-z-campaign")


def campaign(players: int = 2, seed: int = 1) -> CampaignState:
    state = GAME.new(Setup("road-to-ashford", players=players), seed)
    assert isinstance(state, CampaignState)
    return state


def at(state: CampaignState, *steps: Any) -> CampaignState:
    """Start the given steps by hand and run on to the first decision."""
    state.init_kernel(*steps)
    advance(state)
    return state


def script(state: CampaignState, *faces: str, seed: int = 0) -> None:
    state.rng = ScriptedRng(seed=seed, dice={"dnz": list(faces)}, strict=True)


def texts(state: CampaignState) -> list[str]:
    return [a.text for a in GAME.legal_actions(state)]


def log_kinds(state: CampaignState, kind: str) -> list[str]:
    return [e.text for e in state.log if e.kind == kind]
