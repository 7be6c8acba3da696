"""``deadboard sim``: batch play with a progress bar and a summary."""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from deadboard.bots.base import make_bot
from deadboard.cli.app import app
from deadboard.cli.common import parse_bot_specs
from deadboard.cli.setup_args import build_setup
from deadboard.core.errors import SetupError
from deadboard.core.registry import get_game
from deadboard.sim.runner import run_sim, summarize


@app.command("sim")
def sim_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id (see `deadboard games`)."),
    games: int = typer.Option(100, "--games", "-n", min=1, help="Number of games."),
    scenario: str | None = typer.Option(None, "--scenario", "-s", help="Scenario id."),
    option: list[str] = typer.Option([], "--option", "-o", help="Optional rule, or option=value; repeatable."),
    players: int | None = typer.Option(None, "--players", "-p", help="Number of players (seats)."),
    bot: list[str] = typer.Option(["random"], "--bot", "-b", help="Bot for every seat, or SEAT=NAME; repeatable."),
    seed: int = typer.Option(0, "--seed", help="Run seed: each game's seed derives from it and the game's index."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="Worker processes."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as one JSON object."),
    save_dir: str | None = typer.Option(None, "--save-dir", help="Write every game's save file here."),
    content: str | None = typer.Option(None, "--content", help="A content pack folder to use instead of the game's own."),
) -> None:
    """Play many games with bots and summarise them (win rate with a 95% interval, scores, levels)."""
    game = get_game(game_id)
    setup = build_setup(game, scenario, option, players, content)
    seats = game.seats(setup)
    specs = parse_bot_specs(bot, seats, "random")
    bots = [specs[s] for s in range(seats)]
    for s, name in enumerate(bots):
        make_bot(name, game, s, 0)  # fail early on an unknown bot
    if games > 10_000_000:
        raise SetupError("--games: at most 10,000,000")
    console = Console(stderr=True)
    with Progress(
        TextColumn(f"[bold]{game.name}[/] {setup.scenario}"), BarColumn(), MofNCompleteColumn(),
        TimeRemainingColumn(), console=console, transient=as_json, disable=not console.is_terminal and as_json,
    ) as progress:
        task = progress.add_task("games", total=games)
        records, seconds = run_sim(game.id, setup, bots, games, seed, jobs, save_dir,
                                   progress=lambda k: progress.advance(task, k))
    summary = summarize(game.id, setup, bots, seed, records, seconds)
    if as_json:
        typer.echo(json.dumps(summary))
        return
    out = Console()
    lo, hi = summary["ci95"]
    out.print(f"[bold]{game.name}[/] — {setup.scenario}, {summary['games']} games, bots {summary['bot']}, seed {seed}")
    if summary["options"]:
        out.print("options: " + ", ".join(f"{k}={v}" if v is not True else k for k, v in summary["options"].items()))
    out.print(f"wins: {summary['wins']} ({summary['win_rate']:.1%}, 95% CI {lo:.1%}–{hi:.1%})")
    out.print(f"mean score {summary['mean_score']:.2f}, mean turns {summary['mean_turns']:.2f}")
    if summary["victory_levels"]:
        out.print("victory levels: " + ", ".join(f"{k} {v}" for k, v in summary["victory_levels"].items()))
    out.print("endings: " + ", ".join(f"{k} {v}" for k, v in summary["endings"].items()))
    if len(summary["seats"]) > 1 or "endings" in summary["seats"][0]:
        for s in summary["seats"]:
            ends = ("; " + ", ".join(f"{k} {v}" for k, v in s["endings"].items())) if "endings" in s else ""
            out.print(f"  {s['seat']}: {s['wins']} wins ({s['win_share']:.1%}, 95% CI {s['ci95'][0]:.1%}–{s['ci95'][1]:.1%}){ends}")
    out.print(f"[dim]{summary['games_per_second']:.1f} games/s on {jobs} process{'es' if jobs > 1 else ''}[/]")
