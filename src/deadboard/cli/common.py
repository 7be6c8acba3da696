"""Shared command-line helpers."""

from __future__ import annotations

import os
from typing import Any

from deadboard.core.errors import DeadboardError, SaveError, SetupError
from deadboard.core.game import Game, State
from deadboard.core.registry import find_descriptor, get_game
from deadboard.core.save import Replay, SaveFile, load_checked


def duration_text(seconds: float) -> str:
    """``0.07 s``, ``12.3 s``, ``4 min 5 s``, ``1 h 42 min``: a run of search bots lasts hours."""
    if seconds < 1:
        return f"{seconds:.2f} s"
    if seconds < 60:
        return f"{seconds:.1f} s"
    whole = round(seconds)
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60} min"


def speed_text(games_per_second: float) -> str:
    """Games per second, or for slow bots (search plays a game in minutes) the time a game takes: a
    rate that rounds to "0.0 games/s" tells nothing. Zero when every game was already done."""
    if games_per_second <= 0:
        return "no game left to play"
    if games_per_second >= 1:
        return f"{games_per_second:.1f} games/s"
    return f"one game every {duration_text(1 / games_per_second)}"


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


def load_save(path: str, trust: bool, game_id: str | None = None) -> tuple[SaveFile, Replay]:
    """Read and check a save the way every loader does (:func:`deadboard.core.save.load_checked`);
    ``game_id``, when given, must be the save's game."""
    save = SaveFile.read(path)
    if game_id is not None and game_id != save.game:
        try:
            named = get_game(game_id).id
        except DeadboardError:
            named = game_id
        if named != save.game:
            raise SaveError(f"{path} is a save of {save.game}, not of {game_id}: give GAME {save.game} (or leave it out)")
    return save, load_checked(save, trust=trust, source=path)


def check_jobs(jobs: int, force: bool) -> None:
    """More worker processes than cores only slow a run down (and can swamp a shared machine)."""
    cores = os.cpu_count() or 1
    if jobs > cores and not force:
        raise SetupError(f"--jobs {jobs}: this machine has {cores} core{'s' if cores != 1 else ''}; "
                         "more workers than cores only slow the run (--force to insist)")


def cite_rule(game: Game[Any], state: State, typed: str, message: str) -> str:
    """The refusal of a typed action, naming the rulebook section its kind (else the decision's
    actions) follows: "… — rulebook §4.12 Hand to Hand/Ranged Combat"."""
    found = find_descriptor(game)
    if found is None or state.decision is None:
        return message
    rule = found.rule_index().refusal(typed, [a.kind for a in game.legal_actions(state)])
    return rule.cite(message) if rule is not None else message
