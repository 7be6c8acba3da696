"""``deadboard study``: a grid of setups, and which options move the win rate most."""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from deadboard.bots.base import make_bot
from deadboard.cli.app import app
from deadboard.cli.common import check_jobs, parse_bot_specs
from deadboard.cli.limits import MAX_SEED, MOST_GAMES, MOST_JOBS, MOST_PLAYERS
from deadboard.cli.setup_args import build_setup
from deadboard.core.errors import SetupError
from deadboard.core.registry import get_game
from deadboard.sim.backends import BACKENDS
from deadboard.sim.report import build_report, options_label
from deadboard.sim.stats import wilson
from deadboard.sim.study import build_grid, run_study


def _value(v: object) -> str:
    return "on" if v is True else "off" if v is False else str(v)


@app.command("study")
def study_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id (see `deadboard games`)."),
    vary: list[str] = typer.Option(..., "--vary", "-v", help="Option to vary (all its values), or option=v1,v2; repeatable."),
    games: int = typer.Option(200, "--games", "-n", min=1, max=MOST_GAMES, help="Games per setup of the grid."),
    scenario: str | None = typer.Option(None, "--scenario", "-s", help="Scenario id."),
    option: list[str] = typer.Option([], "--option", "-o", help="An option fixed for the whole grid; repeatable."),
    players: int | None = typer.Option(None, "--players", "-p", min=1, max=MOST_PLAYERS, help="Number of players (seats)."),
    bot: list[str] = typer.Option(["random"], "--bot", "-b", help="Bot for every seat, or SEAT=NAME; repeatable."),
    seed: int = typer.Option(0, "--seed", min=0, max=MAX_SEED, help="Run seed (every setup plays the same game seeds)."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=MOST_JOBS, help="Worker processes (or Ray workers; at most the cores, unless --force)."),
    force: bool = typer.Option(False, "--force", help="Allow more --jobs than cores."),
    backend: str = typer.Option("local", "--backend", help="local (worker processes) or ray."),
    address: str | None = typer.Option(None, "--address", help="Ray cluster address (with --backend ray)."),
    out: str | None = typer.Option(None, "--out", help="Results file (.parquet); an interrupted study resumes from it."),
    html: str | None = typer.Option(None, "--html", help="Also write an HTML report of the grid."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as one JSON object."),
) -> None:
    """Run every combination of the varied options (the same seeds in each) and rank the options by
    how much they change the win rate."""
    check_jobs(jobs, force)
    game = get_game(game_id)
    base = build_setup(game, scenario, option, players)
    seats = game.seats(base)
    specs = parse_bot_specs(bot, seats, "random")
    bots = [specs[s] for s in range(seats)]
    for s, name in enumerate(bots):
        make_bot(name, game, s, 0)
    if backend not in BACKENDS:
        raise SetupError(f"--backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    cells, _ = build_grid(game, base, vary)
    console = Console(stderr=True)
    with Progress(TextColumn(f"[bold]{game.name}[/] study, {len(cells)} setups"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=console, transient=True) as progress:
        task = progress.add_task("games", total=len(cells) * games)
        result = run_study(game, base, vary, bots, games, seed, jobs, backend, address, out,
                           progress=lambda k: progress.advance(task, k))
    if html:
        from pathlib import Path

        records = [r for rs in result.records for r in rs]
        Path(html).write_text(build_report(records, [out or "study"], f"{game.name}: study"), encoding="utf-8")
    if as_json:
        typer.echo(json.dumps({
            "game": game.id, "scenario": base.scenario, "games_per_setup": games, "seed": seed,
            "bot": bots[0] if len(set(bots)) == 1 else bots,
            "setups": [{"values": c.values, "wins": sum(1 for r in rs if r.result == "win"), "games": len(rs),
                        "win_rate": sum(1 for r in rs if r.result == "win") / len(rs) if rs else 0.0,
                        "ci95": list(wilson(sum(1 for r in rs if r.result == "win"), len(rs)))}
                       for c, rs in zip(result.cells, result.records)],
            "ranking": [e.to_json() for e in result.effects],
            "skipped": result.skipped,
        }, default=str))
        return
    con = Console()
    con.print(f"[bold]{game.name}[/] — {base.scenario}, {len(result.cells)} setups × {games} games, bots {','.join(sorted(set(bots)))}, seed {seed}")
    t = Table("setup", "games", "win rate", "95% interval")
    for c, rs in zip(result.cells, result.records):
        w = sum(1 for r in rs if r.result == "win")
        lo, hi = wilson(w, len(rs))
        t.add_row(options_label(json.dumps({k: v for k, v in c.values.items()})), str(len(rs)), f"{w / len(rs):.1%}", f"{lo:.1%}–{hi:.1%}")
    con.print(t)
    t = Table("rank", "option", "effect on win rate", "95% interval", "best value", "worst value")
    for i, e in enumerate(result.effects, 1):
        t.add_row(str(i), e.option, f"{e.effect:.1%}", f"{e.ci95[0]:+.1%} … {e.ci95[1]:+.1%}", _value(e.best), _value(e.worst))
    con.print(t)
    for why in result.skipped:
        con.print(f"[yellow]skipped {why}[/]")
    if html:
        con.print(f"[dim]report: {html}[/]")
