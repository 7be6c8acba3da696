"""docs/research.md's learning example runs: its linear policy learns from the Gymnasium adapter's
games and plays evaluation deals beside uniformly random play (a run of seconds: the figures are the
document's)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "learn_to_beat_random.py"


@pytest.mark.parametrize(("gid", "scenario"), [("zpocalypse-2", "prologue"), ("the-night", "quick-game")])
def test_the_learning_example_learns_and_evaluates(gid: str, scenario: str) -> None:
    spec = importlib.util.spec_from_file_location("learn_to_beat_random", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["learn_to_beat_random"] = module
    try:
        spec.loader.exec_module(module)
        env = module.DeadboardEnv(gid, players=1, scenario=scenario)
        policy = module.LinearPolicy(env)
        trained = module.learn(env, policy, seconds=2.0, rate=0.05, block=1, seed=1)
        assert trained["games"] >= 2 and all(0.0 <= x <= 1.0 for x in trained["curve"])
        assert np.abs(policy.theta).sum() > 0  # the weights moved
        assert not policy.theta[:, policy.pad].any()  # the padding feature stays out of every score
        learned = module.evaluate(env, policy, 3, 2)
        random = module.evaluate(env, None, 3, 2)
        assert len(learned) == len(random) == 3
        result = module.paired(learned, random)
        low, high = result["interval"]
        assert -1.0 <= result["difference"] <= 1.0 and low <= result["difference"] <= high
    finally:
        sys.modules.pop("learn_to_beat_random", None)
