"""Statistics with honest uncertainty."""

from __future__ import annotations

import math
from collections.abc import Sequence

#: the two-sided 95% quantile of the normal distribution
Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default). Sound at 0 and n, unlike the
    normal approximation."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # at 0 and n the interval ends exactly at 0 and 1 (the sums leave rounding crumbs there)
    return (0.0 if successes == 0 else max(0.0, centre - half), 1.0 if successes == n else min(1.0, centre + half))


def mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def mean_ci(xs: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """Normal-approximation 95% interval of a mean."""
    n = len(xs)
    if n < 2:
        m = mean(xs)
        return (m, m)
    m = mean(xs)
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    half = z * math.sqrt(var / n)
    return (m - half, m + half)


def paired_difference(a: Sequence[float], b: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """Mean of a - b over paired games (the same seeds), with a normal 95% interval."""
    d = [x - y for x, y in zip(a, b)]
    return mean(d), mean_ci(d)
