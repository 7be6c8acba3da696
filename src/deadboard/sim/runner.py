"""Running many games: seeds derive from the run seed and the game index, so results are identical
whatever the number of worker processes."""

from __future__ import annotations

import multiprocessing as mp
import os
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from deadboard.core.game import Setup
from deadboard.core.registry import get_game
from deadboard.core.rng import derive_seed
from deadboard.core.save import SaveFile
from deadboard.sim.play import play_game
from deadboard.sim.stats import mean, wilson


@dataclass
class GameRecord:
    index: int
    seed: int
    result: str
    winners: list[int]
    score: float
    level: str | None
    turns: int
    reason: str
    decisions: int
    seconds: float
    per_seat: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class SimTask:
    game: str
    setup: dict[str, Any]
    bots: tuple[str, ...]
    run_seed: int
    index: int
    save_dir: str | None = None


def game_seed(run_seed: int, index: int) -> int:
    return derive_seed("sim", run_seed, index)


def run_task(task: SimTask) -> GameRecord:
    game = get_game(task.game)
    setup = Setup.from_json(task.setup)
    seed = game_seed(task.run_seed, task.index)
    t0 = time.perf_counter()
    played = play_game(game, setup, seed, list(task.bots), record=task.save_dir is not None)
    dt = time.perf_counter() - t0
    o = played.outcome
    if task.save_dir is not None and played.actions is not None:
        save = SaveFile(game.id, game.version, setup, seed, played.actions, game.state_hash(played.state))
        save.write(Path(task.save_dir) / f"game-{task.index:06d}.json")
    return GameRecord(
        index=task.index, seed=seed, result=o.result.value, winners=list(o.winners), score=o.score,
        level=o.level, turns=o.turns, reason=o.reason, decisions=played.decisions, seconds=dt,
        per_seat=[dict(p) for p in o.per_seat],
    )


def _run_chunk(tasks: list[SimTask]) -> list[GameRecord]:
    return [run_task(t) for t in tasks]


def execute(tasks: Sequence[SimTask], jobs: int = 1, chunk: int = 8) -> Iterator[GameRecord]:
    """Run tasks on ``jobs`` local processes; yields records as they finish (any order)."""
    if jobs <= 1:
        for t in tasks:
            yield run_task(t)
        return
    chunks = [list(tasks[i : i + chunk]) for i in range(0, len(tasks), chunk)]
    ctx = mp.get_context("fork" if os.name == "posix" else "spawn")
    with ctx.Pool(jobs) as pool:
        for records in pool.imap_unordered(_run_chunk, chunks):
            yield from records


def run_sim(
    game_id: str,
    setup: Setup,
    bots: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    save_dir: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[list[GameRecord], float]:
    if save_dir:
        Path(save_dir).mkdir(parents=True, exist_ok=True)
    tasks = [SimTask(game_id, setup.to_json(), tuple(bots), seed, i, save_dir) for i in range(games)]
    t0 = time.perf_counter()
    records: list[GameRecord] = []
    for rec in execute(tasks, jobs):
        records.append(rec)
        if progress is not None:
            progress(1)
    records.sort(key=lambda r: r.index)
    return records, time.perf_counter() - t0


def summarize(
    game_id: str,
    setup: Setup,
    bots: Sequence[str],
    seed: int,
    records: list[GameRecord],
    seconds: float,
) -> dict[str, Any]:
    """The run's figures. Everything but the timing is a function of the arguments alone."""
    game = get_game(game_id)
    n = len(records)
    seats = game.seats(setup)
    names = game.seat_names(setup)
    wins = sum(1 for r in records if r.result == "win")
    lo, hi = wilson(wins, n)
    levels = Counter(r.level for r in records if r.level is not None)
    reasons = Counter(r.reason for r in records)
    seat_wins = [sum(1 for r in records if s in r.winners) for s in range(seats)]
    out: dict[str, Any] = {
        "game": game_id,
        "scenario": setup.scenario,
        "options": {k: v for k, v in setup.options.items() if not isinstance(v, dict)},
        "players": setup.players,
        "bot": bots[0] if len(set(bots)) == 1 else list(bots),
        "games": n,
        "seed": seed,
        "wins": wins,
        "win_rate": wins / n if n else 0.0,
        "ci95": [lo, hi],
        "mean_score": mean([r.score for r in records]),
        "victory_levels": dict(sorted(levels.items())),
        "endings": dict(sorted(reasons.items())),
        "mean_turns": mean([float(r.turns) for r in records]),
        "mean_decisions": mean([float(r.decisions) for r in records]),
        "seats": [
            {"seat": names[s] if s < len(names) else f"seat {s}", "wins": seat_wins[s],
             "win_share": seat_wins[s] / n if n else 0.0, "ci95": list(wilson(seat_wins[s], n))}
            for s in range(seats)
        ],
        "games_per_second": n / seconds if seconds > 0 else 0.0,
    }
    # games whose outcomes say how each seat ended (escaped, died, turned ...) get a tally per seat
    if any(len(r.per_seat) == seats and all("ending" in p for p in r.per_seat) for r in records):
        tallies: list[Counter[str]] = [Counter() for _ in range(seats)]
        for r in records:
            if len(r.per_seat) == seats:
                for s, p in enumerate(r.per_seat):
                    if "ending" in p:
                        tallies[s][str(p["ending"])] += 1
        for s, tally in enumerate(tallies):
            out["seats"][s]["endings"] = dict(sorted(tally.items()))
    return out
