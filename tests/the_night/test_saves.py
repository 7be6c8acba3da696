"""Saves written by The Night rules version 3 before it ran on the step kernel still load and replay
to the same state hash: the kernel changed how the rules are written, not one thing a player sees."""

from __future__ import annotations

from pathlib import Path

import pytest

from deadboard.core.save import SaveFile, replay

SAVES = sorted((Path(__file__).parent / "data" / "saves").glob("*.json"))


def test_there_are_saves_to_replay() -> None:
    assert len(SAVES) >= 2


@pytest.mark.parametrize("path", SAVES, ids=[p.stem for p in SAVES])
def test_a_save_from_before_the_kernel_replays_to_its_hash(path: Path) -> None:
    save = SaveFile.read(path)
    assert save.game == "the-night" and save.hash
    done = replay(save)
    assert done.hash_ok is True
    finished = done.game.outcome(done.state) is not None
    assert finished == ("unfinished" not in path.stem)
