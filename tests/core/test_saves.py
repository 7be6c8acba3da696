"""Save files and replay: round trips, and clear errors for every kind of bad save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deadboard.core import SaveError, Setup, get_game
from deadboard.core.save import SaveFile, make_save, replay
from deadboard.sim.play import play_game


def saved(tmp_path: Path) -> Path:
    g = get_game("the-night")
    p = play_game(g, g.normalize_setup(Setup("quick-game")), 5, "random", record=True)
    assert p.actions is not None
    path = tmp_path / "game.json"
    make_save(g, p.state, p.actions).write(path)
    return path


def test_save_and_replay_reproduce_the_game(tmp_path: Path) -> None:
    path = saved(tmp_path)
    r = replay(SaveFile.read(path))
    assert r.hash_ok is True


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: "not json at all", "not valid JSON"),
        (lambda d: [], "a save file is a JSON object"),
        (lambda d: {k: v for k, v in d.items() if k != "seed"}, "missing field"),
        (lambda d: d | {"seed": "x"}, "'seed' must be an integer"),
        (lambda d: d | {"game": "chess"}, "unknown game 'chess'"),
        (lambda d: d | {"version": "0"}, "rules version"),
        (lambda d: d | {"actions": [*d["actions"][:3], "teleport Ben a1"]}, "does not replay"),
        (lambda d: d | {"setup": {"scenario": "nope"}}, "setup is not valid"),
        (lambda d: d | {"actions": [1, 2]}, "list of action texts"),
    ],
)
def test_bad_saves_give_clear_errors(tmp_path: Path, mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    path = saved(tmp_path)
    data = json.loads(path.read_text())
    out = mutate(data)
    path.write_text(out if isinstance(out, str) else json.dumps(out))
    with pytest.raises(SaveError, match=message):
        replay(SaveFile.read(path))


def test_hash_mismatch_is_reported(tmp_path: Path) -> None:
    path = saved(tmp_path)
    data = json.loads(path.read_text())
    data["hash"] = "0" * 16
    path.write_text(json.dumps(data))
    assert replay(SaveFile.read(path)).hash_ok is False


def test_missing_file() -> None:
    with pytest.raises(SaveError, match="no such file"):
        SaveFile.read("/nonexistent/save.json")
