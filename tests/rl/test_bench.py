"""``deadboard bench --rl``: steps per second through each adapter beside the engine's decisions."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from deadboard.core.registry import list_games

SRC = Path(__file__).resolve().parents[2] / "src"


def test_bench_rl_reports_every_adapter() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    r = subprocess.run([sys.executable, "-m", "deadboard", "bench", "--rl", "--no-mcts", "--json", "--seconds", "0.1",
                        "--game", "district-z", "--bot", "random"], capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr
    (row,) = json.loads(r.stdout)["rl"]
    assert row["game"] == "district-z"
    for key in ("engine_decisions_per_second", "pettingzoo_steps_per_second", "gymnasium_steps_per_second",
                "openspiel_steps_per_second"):
        assert row[key] > 0


def test_bench_rl_gives_each_adapter_as_a_share_of_the_engine() -> None:
    from deadboard.rl.bench import ADAPTERS, bench_rl

    row = bench_rl("zpocalypse-2", 0.2)
    assert row["num_actions"] <= 512  # the legal actions of the moment, not the fixed encoding's millions
    for adapter in ADAPTERS:
        share = row[f"{adapter}_share_of_engine"]
        assert share == row[f"{adapter}_steps_per_second"] / row["engine_decisions_per_second"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("gid", list_games())
def test_every_game_runs_through_pettingzoo_and_gymnasium_at_a_fifth_of_the_engines_speed(gid: str) -> None:
    """A step observes from the state's fields the seat may see, not from a view and a snapshot of the
    whole state (a tenth of the engine's speed), and Zpocalypse 2 lists its legal actions instead of
    masking over two million integers (1.5% of the engine's speed)."""
    from deadboard.rl.bench import bench_rl

    row = bench_rl(gid, 2.0)
    assert row["pettingzoo_share_of_engine"] >= 0.2 and row["gymnasium_share_of_engine"] >= 0.2, row
