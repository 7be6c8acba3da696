"""Recorded reference playthroughs (scripts/record_reference.py): every legal-action count along the
way and the final state must come out the same. A failure here means the rules changed a game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deadboard.core import Setup, get_game

FILES = sorted((Path(__file__).parent / "data" / "reference").glob("*/*.json"))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_reference_playthrough(path: Path) -> None:
    ref = json.loads(path.read_text())
    game = get_game(ref["game"])
    if ref["version"] != game.version:
        pytest.fail(f"{path.name} was recorded with rules version {ref['version']}; re-record it")
    state = game.new(Setup.from_json(ref["setup"]), ref["seed"])
    for i, (text, count) in enumerate(zip(ref["actions"], ref["legal_counts"], strict=True)):
        legal = game.legal_actions(state)
        assert len(legal) == count, f"decision {i + 1}: {len(legal)} legal actions, recorded {count} ({state.decision})"
        game.apply(state, text)
    assert state.decision is None
    assert game.state_hash(state) == ref["hash"]
    outcome = game.outcome(state)
    assert outcome is not None and outcome.to_json() == ref["outcome"]
