"""The command line as a user types it: output, exit codes, one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# the command runs from this tree's sources, whatever deadboard is installed
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}


def run(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "deadboard", *args], input=stdin, capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env=ENV)


def test_games_json_lists_scenarios_options_and_bots() -> None:
    r = run("games", "--json")
    assert r.returncode == 0
    games = {g["id"]: g for g in json.loads(r.stdout)}
    night = games["the-night"]
    assert {s["id"] for s in night["scenarios"]} == {"standard", "quick-game", "take-the-house", "the-coopers", "no-chance", "make-your-own-story"}
    assert {"dodge", "dark-yard", "hidden-hero", "zombie-player"} <= {o["id"] for o in night["options"]}
    assert {"random", "heuristic"} <= set(night["bots"])


def test_commands_panel_gives_each_command_one_paragraph_on_its_own_lines() -> None:
    from deadboard.cli.app import app

    helps = {info.name: info.short_help for info in app.registered_commands}
    assert set(helps) >= {"play", "sim", "report", "study", "tournament", "bench", "serve"}
    for name, text in helps.items():
        assert text and "\n" not in text, name
    assert helps["bench"].endswith("(a benchmark, not a test).")


def _summary(*extra: str) -> dict[str, object]:
    r = run("sim", "the-night", "--games", "24", "--seed", "7", "--json", *extra)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    out.pop("games_per_second")
    return out


def test_sim_json_is_identical_for_identical_arguments_whatever_the_jobs() -> None:
    a = _summary()
    b = _summary()
    c = _summary("--jobs", "2")
    assert a == b == c
    for key in ("game", "scenario", "options", "bot", "games", "seed", "wins", "win_rate", "ci95", "mean_score",
                "victory_levels", "mean_turns"):
        assert key in a


def test_speeds_and_durations_read_for_fast_and_slow_bots() -> None:
    from deadboard.cli.common import duration_text, speed_text

    assert speed_text(7.3) == "7.3 games/s"
    # a search bot taking a minute a game is not "0.0 games/s"
    assert speed_text(1 / 59.6) == "one game every 59.6 s"
    assert speed_text(1 / 100.2) == "one game every 1 min 40 s"
    assert speed_text(0.0) == "no game left to play"
    assert duration_text(6120.3) == "1 h 42 min"
    assert duration_text(0.068) == "0.07 s"
    assert duration_text(3599.6) == "1 h 0 min"


def test_sim_with_options_and_save_dir(tmp_path: Path) -> None:
    r = run("sim", "the-night", "--games", "3", "--scenario", "the-coopers", "--option", "dodge", "--option",
            "karen-lingers", "--save-dir", str(tmp_path), "--json")
    assert r.returncode == 0, r.stderr
    saves = sorted(tmp_path.glob("*.json"))
    assert len(saves) == 3
    r = run("replay", str(saves[0]))
    assert r.returncode == 0 and "verified" in r.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "chess"), "unknown game 'chess'"),
        (("sim", "the-night", "--option", "flying"), "unknown option 'flying'"),
        (("sim", "the-night", "--scenario", "nope"), "unknown scenario 'nope'"),
        (("sim", "the-night", "--option", "zombies=9"), "belongs to scenario"),
        (("sim", "the-night", "--bot", "genius"), "unknown bot 'genius'"),
        (("sim", "the-night", "--scenario", "take-the-house", "--option", "zombies=lots"), "whole number"),
        (("sim", "the-night", "--scenario", "make-your-own-story", "--option", "story=/nope.toml"), "no such file"),
        (("replay", "/nonexistent.json"), "no such file"),
        (("play", "the-night", "--players", "3"), "solitaire"),
    ],
)
def test_user_mistakes_get_one_line_and_exit_2(args: tuple[str, ...], message: str) -> None:
    r = run(*args)
    assert r.returncode == 2
    assert message in r.stderr
    assert "Traceback" not in r.stderr


def test_bad_flag_is_a_usage_error_not_a_traceback() -> None:
    r = run("sim", "the-night", "--games", "many")
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_corrupt_save_file(tmp_path: Path) -> None:
    p = tmp_path / "bad.json"
    p.write_text("{not json")
    r = run("replay", str(p))
    assert r.returncode == 2 and "not valid JSON" in r.stderr and "Traceback" not in r.stderr


def test_play_save_quit_then_replay_and_trace(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    r = run("play", "the-night", "--scenario", "quick-game", "--seed", "3", stdin=f"1\n1\nxyzzy\n99\nsave {save}\nquit\n")
    assert r.returncode == 0, r.stderr
    assert "is not a legal action" in r.stdout and "choose a number from 1" in r.stdout
    data = json.loads(save.read_text())
    assert data["game"] == "the-night" and len(data["actions"]) == 2
    r = run("replay", str(save), "--trace")
    assert r.returncode == 0
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert lines[-1]["type"] == "result" and lines[-1]["verified"] is True
    assert sum(1 for x in lines if x["type"] == "decision") == 2
    assert all("state" in x for x in lines if x["type"] == "decision")
    r = run("play", "the-night", "--load", str(save), stdin="quit\n")
    assert r.returncode == 0 and "2 actions replayed" in r.stdout


def test_play_undo(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    r = run("play", "the-night", "--scenario", "quick-game", "--seed", "3", stdin=f"1\n1\nundo\nsave {save}\nquit\n")
    assert r.returncode == 0, r.stderr
    assert len(json.loads(save.read_text())["actions"]) == 1


def test_watch_bots_play_to_the_end() -> None:
    r = run("play", "the-night", "--scenario", "quick-game", "--bot", "random", "--seed", "2")
    assert r.returncode == 0, r.stderr
    assert "Game over" in r.stdout


def test_bench_json() -> None:
    r = run("bench", "--json", "--seconds", "0.2", "--game", "the-night", "--bot", "random")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["games"][0]["decisions_per_second"] > 0
    assert out["build"].startswith(("compiled", "pure"))  # which build was measured (docs/building.md)


def test_bench_reference_measures_python_chess_random_playouts_in_the_same_run() -> None:
    """Issue 26's yardstick: "every game's random-bot decisions per second at least twice
    python-chess's random playout plies per second on the same machine"."""
    r = run("bench", "--json", "--reference", "--seconds", "0.2", "--game", "district-z", "--game", "the-night",
            "--bot", "random", "--no-mcts")
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)["games"]
    # python-chess is measured again right before each game, and each game's multiple divides by it
    assert [row["game"] for row in rows] == ["python-chess", "district-z", "python-chess", "the-night"]
    for chess, game in (rows[0:2], rows[2:4]):
        assert chess["decisions"] > 0 and chess["games"] >= 3
        assert game["python_chess_plies_per_second"] == chess["decisions_per_second"]
        assert game["times_python_chess"] == game["decisions_per_second"] / chess["decisions_per_second"]


@pytest.mark.parametrize("flag", ["--out", "--save-dir"])
def test_output_where_nothing_can_be_written_is_an_error_before_any_game(tmp_path: Path, flag: str) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    target = blocker / ("r.parquet" if flag == "--out" else "saves")
    r = run("sim", "the-night", "--games", "1", flag, str(target))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert f"{flag} {target}" in r.stderr
