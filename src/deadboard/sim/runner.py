"""Running many games: seeds derive from the run seed and the game index, so results are identical
whatever the backend (local processes or Ray) and the number of workers.

A run is a list of :class:`SimTask` (one game each). :func:`run_tasks` plays those not already in
the results file (when there is one), on the chosen backend, and returns one record per task in task
order; :func:`summarize` turns the records of one setup into the figures ``deadboard sim`` prints.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, overload

from deadboard.core.errors import SetupError
from deadboard.core.game import Setup
from deadboard.core.registry import get_game
from deadboard.core.rng import derive_seed
from deadboard.core.save import SaveFile
from deadboard.sim.backends import BACKENDS, execute, session
from deadboard.sim.play import game_played, play_game
from deadboard.sim.results import GameRecord, ResultsFile, canonical
from deadboard.sim.stats import mean, mean_ci, wilson

__all__ = ["BACKENDS", "GameRecord", "RunResult", "SimTask", "game_seed", "make_tasks", "run_sim",
           "run_task", "run_tasks", "summarize"]


@dataclass(frozen=True)
class SimTask:
    game: str
    setup: dict[str, Any]
    bots: tuple[str, ...]
    run_seed: int
    index: int
    save_dir: str | None = None

    @property
    def key(self) -> tuple[str, str, str, int, int]:
        return (self.game, canonical(self.setup), ",".join(self.bots), self.run_seed, self.index)


def game_seed(run_seed: int, index: int) -> int:
    return derive_seed("sim", run_seed, index)


class TaskRange(Sequence[SimTask]):
    """The tasks of games ``start … start + count - 1`` of one setup, made as they are read: a run
    of ten million games does not hold ten million tasks before its first game."""

    def __init__(self, game_id: str, setup: dict[str, Any], bots: tuple[str, ...], seed: int,
                 save_dir: str | None, start: int, count: int) -> None:
        self.game_id, self.setup, self.bots, self.seed, self.save_dir = game_id, setup, bots, seed, save_dir
        self.start, self.size = start, count

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, i: int) -> SimTask: ...
    @overload
    def __getitem__(self, i: slice) -> list[SimTask]: ...
    def __getitem__(self, i: int | slice) -> SimTask | list[SimTask]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self.size))]
        if i < 0:
            i += self.size
        if not 0 <= i < self.size:
            raise IndexError(i)
        return SimTask(self.game_id, self.setup, self.bots, self.seed, self.start + i, self.save_dir)


def make_tasks(game_id: str, setup: Setup, bots: Sequence[str], games: int, seed: int,
               save_dir: str | None = None, start: int = 0) -> TaskRange:
    return TaskRange(game_id, setup.to_json(), tuple(bots), seed, save_dir, start, games)


def run_task(task: SimTask) -> GameRecord:
    game = get_game(task.game)
    setup = Setup.from_json(task.setup)
    seed = game_seed(task.run_seed, task.index)
    t0 = time.perf_counter()
    played = play_game(game, setup, seed, list(task.bots), record=task.save_dir is not None)
    dt = time.perf_counter() - t0
    game_played()
    o = played.outcome
    if task.save_dir is not None and played.actions is not None:
        save = SaveFile(game.id, game.version, setup, seed, played.actions, game.state_hash(played.state))
        save.write(Path(task.save_dir) / f"game-{task.index:06d}.json")
    return GameRecord(
        index=task.index, seed=seed, result=o.result.value, winners=list(o.winners), score=o.score,
        level=o.level, turns=o.turns, reason=o.reason, decisions=played.decisions, seconds=dt,
        per_seat=[dict(p) for p in o.per_seat], game=game.id, version=game.version,
        setup=canonical(task.setup), scenario=setup.scenario,
        options=canonical({k: v for k, v in setup.options.items()}), players=setup.players,
        bots=",".join(task.bots), run_seed=task.run_seed, details=json.loads(canonical(dict(o.details))),
    )


@dataclass
class RunResult:
    records: list[GameRecord]  # one per task, in task order
    seconds: float  # wall time of the games played now
    played: int  # games played now (the rest came from the results file)

    @property
    def games_per_second(self) -> float:
        return self.played / self.seconds if self.seconds > 0 else 0.0


def run_tasks(
    tasks: Sequence[SimTask],
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    out: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> RunResult:
    """Play the tasks (skipping those already in ``out``) and return every task's record.

    On an interruption (Ctrl-C, a kill) the games finished so far stay in ``out``'s journal, and the
    same call plays only the rest."""
    if backend not in BACKENDS:
        raise SetupError(f"unknown backend {backend!r}; choose one of: {', '.join(BACKENDS)}")
    for d in {t.save_dir for t in tasks if t.save_dir}:
        try:
            Path(d).mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise SetupError(f"--save-dir {d}: cannot create it: {e.strerror}") from None
        if not os.access(d, os.W_OK):
            raise SetupError(f"--save-dir {d}: not writable")
    store = ResultsFile(out) if out else None
    todo: Sequence[SimTask] = tasks if store is None else [t for t in tasks if t.key not in store]
    done: dict[tuple[str, str, str, int, int], GameRecord] = {}
    if store is not None:
        for t in tasks:
            r = store.get(t.key)
            if r is not None:
                done[t.key] = r
        if progress is not None and done:
            progress(len(done))
        store.open()
    finished = False
    try:
        with session(backend if todo else "local", jobs, address):
            t0 = time.perf_counter()
            for rec in execute(run_task, todo, jobs=jobs, backend=backend, address=address):
                done[rec.key] = rec
                if store is not None:
                    store.add(rec)
                if progress is not None:
                    progress(1)
            seconds = time.perf_counter() - t0
        finished = True
    finally:
        if store is not None:
            store.close(finish=finished)
    return RunResult([done[t.key] for t in tasks], seconds, len(todo))


def run_sim(
    game_id: str,
    setup: Setup,
    bots: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    save_dir: str | None = None,
    progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
    out: str | None = None,
) -> tuple[list[GameRecord], float]:
    """Play ``games`` games of one setup; returns the records (by index) and the wall time."""
    run = run_tasks(make_tasks(game_id, setup, bots, games, seed, save_dir), jobs, backend, address, out, progress)
    return run.records, run.seconds


def summarize(
    game_id: str,
    setup: Setup,
    bots: Sequence[str],
    seed: int,
    records: list[GameRecord],
    seconds: float,
    played: int | None = None,
) -> dict[str, Any]:
    """The run's figures. Everything but the timing is a function of the arguments alone.
    ``played`` is the number of games timed by ``seconds`` (default: all of them)."""
    game = get_game(game_id)
    records = sorted(records, key=lambda r: r.index)
    n = len(records)
    timed = n if played is None else played
    seats = game.seats(setup)
    names = game.seat_names(setup)
    wins = sum(1 for r in records if r.result == "win")
    lo, hi = wilson(wins, n)
    levels = Counter(r.level for r in records if r.level is not None)
    order = game.victory_levels(setup)  # every level of the table, worst first, even those no game reached
    ordered = {lv: levels.get(lv, 0) for lv in order} | dict(sorted((k, v) for k, v in levels.items() if k not in order))
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
        "victory_levels": ordered,
        "victory_levels_ci95": {lv: list(wilson(c, n)) for lv, c in ordered.items()},
        "endings": dict(sorted(reasons.items())),
        "mean_turns": mean([float(r.turns) for r in records]),
        "mean_decisions": mean([float(r.decisions) for r in records]),
        "seats": [
            {"seat": names[s] if s < len(names) else f"seat {s}", "wins": seat_wins[s],
             "win_share": seat_wins[s] / n if n else 0.0, "ci95": list(wilson(seat_wins[s], n))}
            for s in range(seats)
        ],
        "games_per_second": timed / seconds if seconds > 0 and timed else 0.0,
        "played": timed,
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
    figures = detail_figures(records)
    if figures:
        out["details"] = figures
    return out


def _number(x: object) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def _interval(xs: Sequence[float]) -> list[float]:
    """The normal interval of the mean, not below 0 for counts that cannot be negative."""
    lo, hi = mean_ci(xs)
    return [max(lo, 0.0) if min(xs) >= 0 else lo, hi]


def detail_figures(records: Sequence[GameRecord]) -> dict[str, dict[str, Any]]:
    """The mean a game, with its 95% interval, of each number a game's outcome reports in its
    details (victory points earned, survivors lost ...), and of each number in a table of them (what
    victory points were spent on: a game that spent none on a thing counts 0 for it)."""
    n = len(records)
    if not n:
        return {}
    keys = sorted({k for r in records for k in r.details})
    out: dict[str, dict[str, Any]] = {}
    for k in keys:
        values = [r.details.get(k) for r in records]
        if all(_number(v) for v in values):
            xs = [float(v) for v in values]  # type: ignore[arg-type]
            out[k] = {"mean": mean(xs), "ci95": _interval(xs)}
        elif all(isinstance(v, dict) for v in values) and all(
            _number(x) for v in values for x in v.values()  # type: ignore[union-attr]
        ):
            inner = sorted({i for v in values for i in v})  # type: ignore[union-attr]
            for i in inner:
                xs = [float(v.get(i, 0)) for v in values]  # type: ignore[union-attr]
                out[f"{k}: {i}"] = {"mean": mean(xs), "ci95": _interval(xs)}
    return out
