"""``deadboard bench --rl``: steps per second through each adapter beside the engine's decisions."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

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
