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


def proportion_difference(w1: int, n1: int, w2: int, n2: int, z: float = Z95) -> tuple[float, tuple[float, float]]:
    """w1/n1 - w2/n2 of two independent samples, with Newcombe's hybrid score interval (his method
    10: built from the two Wilson intervals, so sound where a rate is 0 or 1, where the normal
    approximation shrinks to nothing)."""
    p1 = w1 / n1 if n1 else 0.0
    p2 = w2 / n2 if n2 else 0.0
    l1, u1 = wilson(w1, n1, z)
    l2, u2 = wilson(w2, n2, z)
    d = p1 - p2
    return d, (d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2))


def paired_proportion_difference(a: Sequence[bool], b: Sequence[bool], z: float = Z95) -> tuple[float, tuple[float, float]]:
    """The difference of two success rates measured on the same items (two bots on the same seeds),
    with Newcombe's interval for paired proportions (1998, method 10, as in Altman et al.,
    *Statistics with Confidence*): the Wilson intervals of the two rates combined through their
    correlation, itself pulled towards 0 by n/2. Unlike the normal approximation it does not
    vanish when the two never differ."""
    n = len(a)
    if n == 0:
        return 0.0, (-1.0, 1.0)
    both = sum(1 for x, y in zip(a, b) if x and y)
    a_only = sum(1 for x, y in zip(a, b) if x and not y)
    b_only = sum(1 for x, y in zip(a, b) if y and not x)
    neither = n - both - a_only - b_only
    p1, p2 = (both + a_only) / n, (both + b_only) / n
    l1, u1 = wilson(both + a_only, n, z)
    l2, u2 = wilson(both + b_only, n, z)
    denom = (both + a_only) * (b_only + neither) * (both + b_only) * (a_only + neither)
    ad_bc = both * neither - a_only * b_only
    cross = ad_bc - n / 2 if ad_bc > n / 2 else float(min(ad_bc, 0))
    phi = cross / math.sqrt(denom) if denom else 0.0
    d = p1 - p2
    lo = d - math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    hi = d + math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    return d, (max(-1.0, lo), min(1.0, hi))


def mcnemar(a_only: int, b_only: int) -> tuple[float, float]:
    """McNemar's test of two success rates on the same items, from the discordant counts (items
    only the first succeeded on, only the second): ``(z, p)`` with z = (a - b)/sqrt(a + b), positive
    when the first is better, and the exact two-sided p-value (the smaller count against a fair
    binomial of a + b trials, doubled, at most 1). With no discordant item, z = 0 and p = 1."""
    n = a_only + b_only
    if n == 0:
        return 0.0, 1.0
    k = min(a_only, b_only)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return (a_only - b_only) / math.sqrt(n), min(1.0, 2 * tail)


def paired_difference(a: Sequence[float], b: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """Mean of a - b over paired games (the same seeds), with a normal 95% interval."""
    d = [x - y for x, y in zip(a, b)]
    return mean(d), mean_ci(d)
