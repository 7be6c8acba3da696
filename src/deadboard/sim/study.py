"""Balance studies: run a grid of setups and rank the options by how much they move the win rate.

Every cell of the grid plays the same game seeds (common random numbers), so differences between
cells come from the options, not from luck of the draw. An option's *effect* is the spread of its
marginal win rates (each value's win rate over all the cells where the option has that value); its
interval is the 95% interval of the difference between its best and its worst value.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from deadboard.core.errors import SetupError
from deadboard.core.game import Game, Option, Setup
from deadboard.sim.results import GameRecord
from deadboard.sim.runner import RunResult, SimTask, make_tasks, run_tasks
from deadboard.sim.stats import proportion_difference, wilson


def option_values(game: Game, spec: str) -> tuple[Option, list[Any]]:
    """``dodge`` -> (dodge, [False, True]); ``zombies=10,20`` -> the values given; an int option
    alone -> its minimum, default and maximum; a choice option alone -> every choice."""
    key, eq, values = spec.partition("=")
    key = key.strip()
    by_id = {o.id: o for o in game.options}
    opt = by_id.get(key)
    if opt is None:
        raise SetupError(f"--vary {spec!r}: unknown option {key!r}; options: {', '.join(sorted(by_id)) or 'none'}")
    if opt.kind == "file":
        raise SetupError(f"--vary {spec!r}: a file option cannot be varied")
    if eq:
        raw = [v.strip() for v in values.split(",") if v.strip()]
        if not raw:
            raise SetupError(f"--vary {spec!r}: give values after '=' (e.g. {key}=1,2,3)")
        if opt.kind == "int":
            try:
                return opt, [int(v) for v in raw]
            except ValueError:
                raise SetupError(f"--vary {spec!r}: {key} takes whole numbers") from None
        if opt.kind == "flag":
            return opt, [v.lower() in ("1", "true", "on", "yes") for v in raw]
        return opt, raw
    if opt.kind == "flag":
        return opt, [False, True]
    if opt.kind == "choice":
        return opt, list(opt.choices)
    if opt.kind == "int":
        vals = [v for v in (opt.lo, opt.default, opt.hi) if v is not None]
        return opt, sorted(set(vals))
    raise SetupError(f"--vary {spec!r}: option kind {opt.kind!r} cannot be varied")  # pragma: no cover


@dataclass
class Cell:
    values: dict[str, Any]
    setup: Setup


def build_grid(game: Game, base: Setup, specs: Sequence[str], limit: int = 256) -> tuple[list[Cell], list[str]]:
    """Every combination of the varied options' values on top of ``base``; combinations the game
    rejects are skipped (their reasons are returned)."""
    if not specs:
        raise SetupError("give at least one --vary OPTION")
    varied = [option_values(game, s) for s in specs]
    ids = [o.id for o, _ in varied]
    if len(set(ids)) != len(ids):
        raise SetupError("--vary: each option once")
    size = math.prod(len(v) for _, v in varied)
    if size > limit:
        raise SetupError(f"--vary: the grid has {size} setups; at most {limit} (vary fewer options or values)")
    cells: list[Cell] = []
    skipped: list[str] = []
    for combo in itertools.product(*(vals for _, vals in varied)):
        values = dict(zip(ids, combo))
        opts = {k: v for k, v in base.options.items() if k not in values}
        for (opt, _), v in zip(varied, combo):
            if opt.kind == "flag" and v is False:
                continue
            opts[opt.id] = v
        try:
            setup = game.normalize_setup(Setup(base.scenario, opts, base.players, base.content))
        except SetupError as e:
            skipped.append(f"{values}: {e}")
            continue
        cells.append(Cell(values, setup))
    if not cells:
        raise SetupError("--vary: the game accepts none of the setups of this grid: " + "; ".join(skipped[:3]))
    return cells, skipped


@dataclass
class Effect:
    option: str
    values: list[tuple[Any, int, int]]  # (value, wins, games) marginals
    effect: float  # best minus worst marginal win rate
    ci95: tuple[float, float]
    best: Any
    worst: Any

    def to_json(self) -> dict[str, Any]:
        return {"option": self.option, "effect": self.effect, "ci95": list(self.ci95),
                "best": self.best, "worst": self.worst,
                "values": [{"value": v, "wins": w, "games": n, "win_rate": w / n if n else 0.0,
                            "ci95": list(wilson(w, n))} for v, w, n in self.values]}


def rank_effects(cells: Sequence[Cell], records: Sequence[Sequence[GameRecord]]) -> list[Effect]:
    """The options ranked by effect, largest first. ``records[i]`` are cell i's games."""
    effects = []
    for opt in cells[0].values:
        marg: dict[Any, list[int]] = {}
        order: list[Any] = []
        for cell, recs in zip(cells, records):
            v = cell.values[opt]
            if v not in marg:
                marg[v] = [0, 0]
                order.append(v)
            marg[v][0] += sum(1 for r in recs if r.result == "win")
            marg[v][1] += len(recs)
        rows = [(v, marg[v][0], marg[v][1]) for v in order]
        rated = [(w / n if n else 0.0, v, w, n) for v, w, n in rows]
        hi = max(rated, key=lambda x: x[0])
        lo = min(reversed(rated), key=lambda x: x[0])  # on a tie, another value than the best
        diff, ci = proportion_difference(hi[2], hi[3], lo[2], lo[3])
        effects.append(Effect(opt, rows, diff, ci, hi[1], lo[1]))
    return sorted(effects, key=lambda e: (-e.effect, e.option))


@dataclass
class StudyResult:
    cells: list[Cell]
    records: list[list[GameRecord]]
    effects: list[Effect]
    skipped: list[str]
    seconds: float
    played: int


def run_study(
    game: Game,
    base: Setup,
    specs: Sequence[str],
    bots: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    out: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> StudyResult:
    cells, skipped = build_grid(game, base, specs)
    tasks: list[SimTask] = []
    for cell in cells:
        tasks.extend(make_tasks(game.id, cell.setup, bots, games, seed))
    run: RunResult = run_tasks(tasks, jobs, backend, address, out, progress)
    per_cell = [run.records[i * games : (i + 1) * games] for i in range(len(cells))]
    return StudyResult(cells, per_cell, rank_effects(cells, per_cell), skipped, run.seconds, run.played)
