"""docs/research.md's learning example runs: its policy learns from the Gymnasium adapter's games and
plays evaluation deals beside uniformly random play (a short run: the figures are the document's)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "learn_the_night.py"


@pytest.mark.slow
def test_the_learning_example_learns_and_evaluates() -> None:
    spec = importlib.util.spec_from_file_location("learn_the_night", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["learn_the_night"] = module
    try:
        spec.loader.exec_module(module)
        env = module.DeadboardEnv("the-night", players=1, scenario="quick-game")
        policy = module.KindPolicy(env)
        trained = module.learn(env, policy, seconds=3.0, rate=0.05, block=2, seed=1)
        assert trained["games"] >= 2 and all(0.0 <= x <= 1.0 for x in trained["curve"])
        assert np.abs(policy.theta).sum() > 0  # the preferences moved
        for player in (policy, None):
            result = module.evaluate(env, player, 3, 2)
            assert result["of"] == 3 and 0 <= result["won"] <= 3
    finally:
        sys.modules.pop("learn_the_night", None)
