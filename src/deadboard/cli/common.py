"""Shared command-line helpers."""

from __future__ import annotations

from deadboard.core.errors import SetupError


def parse_bot_specs(specs: list[str], seats: int, default: str) -> dict[int, str]:
    """``["1=heuristic", "random"]`` -> seat -> bot. A bare name applies to every seat not named.
    Seats are numbered from 1 on the command line."""
    out: dict[int, str] = {}
    fallback = None
    for spec in specs:
        seat, eq, name = spec.partition("=")
        if not eq:
            fallback = spec.strip()
            continue
        try:
            n = int(seat)
        except ValueError:
            raise SetupError(f"--bot {spec!r}: use SEAT=NAME with a seat number (1..{seats})") from None
        if not 1 <= n <= seats:
            raise SetupError(f"--bot {spec!r}: this game has seats 1..{seats}")
        out[n - 1] = name.strip()
    if fallback is not None:
        for s in range(seats):
            out.setdefault(s, fallback)
    elif default:
        for s in range(seats):
            out.setdefault(s, default)
    return out
