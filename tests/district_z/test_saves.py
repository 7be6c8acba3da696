"""Saves of District-Z: those written by rules version 4 load and replay to their state hash; those
written by rules version 3 (before a failed dodge against a zombie survivor gave an infection counter) are refused with a message naming both versions."""

from __future__ import annotations

from pathlib import Path

import pytest

from deadboard.core import SaveError
from deadboard.core.save import SaveFile, replay

DATA = Path(__file__).parent / "data"
SAVES = sorted((DATA / "saves").glob("*.json"))
OLD = sorted((DATA / "saves-v3").glob("*.json"))


def test_there_are_saves_to_replay() -> None:
    assert len(SAVES) >= 3 and len(OLD) >= 3


@pytest.mark.parametrize("path", SAVES, ids=[p.stem for p in SAVES])
def test_a_save_replays_to_its_hash(path: Path) -> None:
    save = SaveFile.read(path)
    assert save.game == "district-z" and save.hash and save.version == "4"
    done = replay(save)
    assert done.hash_ok is True
    finished = done.game.outcome(done.state) is not None
    assert finished == ("unfinished" not in path.stem)


@pytest.mark.parametrize("path", OLD, ids=[p.stem for p in OLD])
def test_a_save_of_rules_version_3_is_refused_naming_both_versions(path: Path) -> None:
    save = SaveFile.read(path)
    assert save.version == "3"
    with pytest.raises(SaveError, match="rules version 3; these rules are version 4"):
        replay(save)
