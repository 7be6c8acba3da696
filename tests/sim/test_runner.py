"""Simulation at scale: the same results whatever the backend and worker count; results files that
survive a killed run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from deadboard.cli import app
from deadboard.core import Setup, get_game
from deadboard.sim.results import GameRecord, ResultsFile, journal_path, read_records, read_rows
from deadboard.sim.runner import make_tasks, run_tasks, summarize

SRC = str(Path(__file__).resolve().parents[2] / "src")
TIMING = ("games_per_second", "played")


def _summary(records: list[GameRecord]) -> dict[str, Any]:
    s = summarize("the-night", Setup("standard"), ["random"], 7, records, 1.0)
    return {k: v for k, v in s.items() if k not in TIMING}


def _without_timing(records: list[GameRecord]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.to_json().items() if k != "seconds"} for r in records]


def _tasks(games: int = 24, bots: tuple[str, ...] = ("random",)) -> list[Any]:
    game = get_game("the-night")
    return make_tasks("the-night", game.normalize_setup(Setup("standard")), bots, games, 7)


def test_same_results_whatever_the_number_of_processes() -> None:
    one = run_tasks(_tasks(), jobs=1)
    two = run_tasks(_tasks(), jobs=2)
    assert _without_timing(one.records) == _without_timing(two.records)
    assert _summary(one.records) == _summary(two.records)
    assert [r.index for r in one.records] == list(range(24))


def test_same_results_with_a_searching_bot_on_two_processes() -> None:
    tasks = _tasks(4, ("mcts:6",))
    assert _without_timing(run_tasks(tasks, jobs=1).records) == _without_timing(run_tasks(tasks, jobs=2).records)


def test_same_results_on_a_local_ray_cluster() -> None:
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'deadboard[ray]')")
    local = run_tasks(_tasks(), jobs=2)
    ray = run_tasks(_tasks(), jobs=2, backend="ray")
    assert _without_timing(local.records) == _without_timing(ray.records)
    assert _summary(local.records) == _summary(ray.records)


def test_results_file_has_one_row_per_game(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    run = run_tasks(_tasks(10), jobs=1, out=str(out))
    rows = read_rows(out)
    assert len(rows) == 10
    row = rows[3]
    for column in ("seed", "setup", "scenario", "options", "bots", "result", "win", "score", "level", "turns",
                   "reason", "per_seat", "run_seed", "index", "winners", "decisions"):
        assert column in row
    assert row["bots"] == "random" and row["scenario"] == "standard" and row["index"] == 3
    assert json.loads(row["per_seat"])[0]["seat"] == "Humans"
    assert _without_timing(read_records(out)) == _without_timing(run.records)
    assert not journal_path(out).exists()
    again = run_tasks(_tasks(10), jobs=2, out=str(out))
    assert again.played == 0 and _without_timing(again.records) == _without_timing(run.records)
    more = run_tasks(_tasks(14), jobs=1, out=str(out))
    assert more.played == 4 and len(read_rows(out)) == 14


def test_a_killed_run_resumes_without_losing_or_repeating_games(tmp_path: Path) -> None:
    out = tmp_path / "killed.parquet"
    journal = journal_path(out)
    cmd = [sys.executable, "-m", "deadboard", "sim", "the-night", "--games", "400", "--seed", "7",
           "--out", str(out), "--json"]
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            if journal.exists() and journal.read_text().count("\n") >= 40:
                break
            if proc.poll() is not None:
                break
            time.sleep(0.02)
        assert proc.poll() is None, "the run ended before it could be killed"
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(30)
    assert not out.exists()
    kept = journal.read_text().splitlines()
    assert 40 <= len(kept) < 400
    # a kill can cut a line short: simulate the worst case
    with journal.open("a") as f:
        f.write('{"index": 399, "seed": 1, "res')
    finished = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    assert finished.returncode == 0, finished.stderr
    summary = json.loads(finished.stdout)
    assert summary["games"] == 400 and summary["played"] == 400 - len(kept)
    records = read_records(out)
    assert sorted(r.index for r in records) == list(range(400))
    clean = run_tasks(_tasks(400), jobs=2)
    assert _without_timing(sorted(records, key=lambda r: r.index)) == _without_timing(clean.records)
    assert not journal.exists()


def test_a_results_file_keeps_the_rows_of_other_runs(tmp_path: Path) -> None:
    out = tmp_path / "many.parquet"
    run_tasks(_tasks(5), out=str(out))
    game = get_game("the-night")
    quick = make_tasks("the-night", game.normalize_setup(Setup("quick-game")), ("random",), 5, 7)
    run_tasks(quick, out=str(out))
    assert {r.scenario for r in read_records(out)} == {"standard", "quick-game"}
    assert len(ResultsFile(out).records) == 10


def test_bad_results_files_are_clear_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.parquet"
    bad.write_text("not parquet")
    result = CliRunner().invoke(app, ["report", str(bad), "--html", str(tmp_path / "x.html")])
    assert result.exit_code != 0
    assert "not a results file" in str(result.exception)
    result = CliRunner().invoke(app, ["sim", "the-night", "--games", "2", "--out", str(tmp_path / "r.csv")])
    assert "Parquet" in str(result.exception)
    result = CliRunner().invoke(app, ["sim", "the-night", "--games", "2", "--backend", "spark"])
    assert "backend" in str(result.exception)


def test_sim_json_keeps_its_fields() -> None:
    result = CliRunner().invoke(app, ["sim", "the-night", "--games", "6", "--jobs", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for key in ("game", "scenario", "options", "players", "bot", "games", "seed", "wins", "win_rate", "ci95",
                "mean_score", "victory_levels", "endings", "mean_turns", "mean_decisions", "seats",
                "games_per_second", "played"):
        assert key in data


def test_every_victory_level_is_counted_worst_first_with_its_interval() -> None:
    """"How often does a night end Excellent?" has an answer even when none did: 0 of N, 0–x%."""
    records = run_tasks(_tasks(12), jobs=1).records
    s = summarize("the-night", Setup("standard"), ["random"], 7, records, 1.0)
    assert list(s["victory_levels"]) == ["Nightmare", "Terrible", "Bad", "Acceptable", "Good", "Excellent"]
    assert sum(s["victory_levels"].values()) == 12
    lo, hi = s["victory_levels_ci95"]["Excellent"]
    assert s["victory_levels"]["Excellent"] > 0 or (lo == 0.0 and 0.2 < hi < 0.3)
    assert summarize("district-z", Setup(), ["random"], 1, run_tasks(make_tasks(
        "district-z", Setup(), ["random"], 2, 1)).records, 1.0)["victory_levels"] == {}


def test_a_results_file_that_cannot_be_written_keeps_the_games_in_its_journal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import deadboard.sim.results as results
    from deadboard.sim.results import ResultsError

    out = tmp_path / "r.parquet"

    def disk_full(path: object, records: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(results, "write_records", disk_full)
    with pytest.raises(ResultsError, match=r"No space left on device.*kept in"):
        run_tasks(_tasks(6), jobs=1, out=str(out))
    assert len(journal_path(out).read_text().splitlines()) == 6
    monkeypatch.undo()
    again = run_tasks(_tasks(6), jobs=1, out=str(out))
    assert again.played == 0 and len(read_rows(out)) == 6 and not journal_path(out).exists()


def test_a_campaign_run_reports_vp_spent_on_what_and_survivors_lost_with_intervals(tmp_path: Path) -> None:
    """The Day Night Z campaign issue: `sim --campaign` "reports how far they get, VP spent on what, and
    survivors lost, with intervals": the figures a game's outcome gives in its details are kept in
    the results file and summed up as means a game with 95% intervals."""
    setup = get_game("day-night-z-campaign").normalize_setup(Setup("road-to-ashford", players=1))
    out = tmp_path / "c.parquet"
    run = run_tasks(make_tasks("day-night-z-campaign", setup, ("heuristic",), 4, 0), jobs=1, out=str(out))
    assert [r.details for r in read_records(out)] == [r.details for r in run.records]
    s = summarize("day-night-z-campaign", setup, ["heuristic"], 0, run.records, 1.0)
    d = s["details"]
    for key in ("survivors_lost", "vp_earned", "vp_spent", "accomplished"):
        lo, hi = d[key]["ci95"]
        assert 0 <= lo <= d[key]["mean"] <= hi
    spent = {k: f["mean"] for k, f in d.items() if k.startswith("spent: ")}
    assert spent and abs(sum(spent.values()) - d["vp_spent"]["mean"]) < 1e-9
    result = CliRunner().invoke(app, ["sim", "day-night-z", "--campaign", "--games", "2", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "survivors_lost" in result.stdout and "vp_spent" in result.stdout


def test_results_files_written_before_details_were_kept_still_read() -> None:
    """A results file has every game's row for ever (docs/runs/ keeps runs to resume): one written
    before the details column existed reads them as empty."""
    old = Path(__file__).resolve().parents[2] / "docs" / "runs" / "the-night-no-chance-50000.parquet"
    records = read_records(old)
    assert len(records) == 1200 and all(r.details == {} for r in records)
