"""The campaign in the command line: `deadboard play day-night-z --campaign FILE` starts a campaign
and writes its sheet when play stops, and continues from the sheet the next time;
`deadboard sim day-night-z --campaign` plays whole campaigns with bots."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "120"}
    return subprocess.run(
        [sys.executable, "-m", "deadboard", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def test_play_with_a_campaign_file_starts_writes_and_continues_it(tmp_path: Path) -> None:
    sheet = tmp_path / "campaign.json"
    first = run(
        "play",
        "day-night-z",
        "--campaign",
        str(sheet),
        "--players",
        "2",
        "--seed",
        "3",
        "--plain",
        stdin="1\n",
    )
    assert first.returncode == 0, first.stderr
    assert "Campaign sheet written" in first.stdout
    record = json.loads(sheet.read_text())
    assert record["game"] == "day-night-z-campaign" and record["chapter"] == "medicine"
    record["vp"] = 7
    record["data"]["facilities"]["infirmary"] = "basic"
    sheet.write_text(json.dumps(record))
    again = run(
        "play",
        "day-night-z",
        "--campaign",
        str(sheet),
        "--seed",
        "4",
        "--plain",
        stdin="1\n",
    )
    assert again.returncode == 0, again.stderr
    kept = json.loads(sheet.read_text())
    assert kept["vp"] == 7 and kept["data"]["facilities"]["infirmary"] == "basic"
    assert kept["players"] == 2 and len(kept["survivors"]) == 2  # the sheet's players, without --players


def test_a_game_without_a_campaign_says_so_in_one_line() -> None:
    out = run("sim", "the-night", "--campaign", "--games", "1")
    assert out.returncode != 0
    assert "the-night has no campaign; --campaign works with: day-night-z, zpocalypse-2" in out.stderr + out.stdout
    assert "Traceback" not in out.stderr


def test_sim_plays_whole_campaigns_and_reports_how_each_survivor_ended() -> None:
    out = run(
        "sim", "day-night-z", "--campaign", "--games", "2", "--bot", "heuristic", "--players", "2", "--json"
    )
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["game"] == "day-night-z-campaign"
    assert set(summary["victory_levels"]) == {f"{k}/6" for k in range(7)}
    assert all("endings" in s for s in summary["seats"])
