"""Small pieces shared by the games' value functions (``evaluate.py`` of each game package)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def logistic(weights: Sequence[float], x: Sequence[float]) -> float:
    """``1 / (1 + exp(-w . x))``, exactly 0 or 1 beyond ±30 (no overflow, no work)."""
    z = 0.0
    for w, v in zip(weights, x):
        z += w * v
    if z < -30:
        return 0.0
    if z > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))
