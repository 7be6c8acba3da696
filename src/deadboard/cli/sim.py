"""``deadboard sim``: batch play with a progress bar and a summary."""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from deadboard.bots.base import make_bot
from deadboard.cli.app import app
from deadboard.cli.common import check_jobs, parse_bot_specs, speed_text
from deadboard.cli.limits import MAX_SEED, MOST_GAMES, MOST_JOBS, MOST_PLAYERS, MOST_RETRIES
from deadboard.cli.setup_args import build_setup, campaign_game
from deadboard.core.errors import SetupError
from deadboard.core.game import Game
from deadboard.core.registry import get_game
from deadboard.sim.campaign import run_campaigns
from deadboard.sim.runner import BACKENDS, make_tasks, run_tasks, summarize


@app.command("sim")
def sim_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id (see `deadboard games`)."),
    games: int = typer.Option(100, "--games", "-n", min=1, max=MOST_GAMES, help="Number of games."),
    scenario: str | None = typer.Option(None, "--scenario", "-s", help="Scenario id."),
    option: list[str] = typer.Option([], "--option", "-o", help="Optional rule, or option=value; repeatable."),
    players: int | None = typer.Option(None, "--players", "-p", min=1, max=MOST_PLAYERS, help="Number of players (seats)."),
    bot: list[str] = typer.Option(["random"], "--bot", "-b", help="Bot for every seat, or SEAT=NAME; repeatable."),
    seed: int = typer.Option(0, "--seed", min=0, max=MAX_SEED, help="Run seed: each game's seed derives from it and the game's index."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=MOST_JOBS, help="Worker processes (at most the machine's cores, unless --force)."),
    force: bool = typer.Option(False, "--force", help="Allow more --jobs than cores."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as one JSON object."),
    save_dir: str | None = typer.Option(None, "--save-dir", help="Write every game's save file here."),
    content: str | None = typer.Option(None, "--content", help="A content pack folder to use instead of the game's own."),
    backend: str = typer.Option("local", "--backend", help="local (worker processes) or ray."),
    address: str | None = typer.Option(None, "--address", help="Ray cluster address (with --backend ray; default: a local cluster of --jobs workers)."),
    out: str | None = typer.Option(None, "--out", help="Results file (.parquet), one row per game; an interrupted run resumes from it."),
    campaign: bool = typer.Option(False, "--campaign", help="Play whole campaigns (--games of them) and report how far they get (Day Night Z: its campaign game)."),
    retries: int = typer.Option(0, "--retries", min=0, max=MOST_RETRIES, help="With --campaign: times a lost chapter is played again."),
) -> None:
    """Play many games with bots and summarise them (win rate with a 95% interval, scores, levels).

    Results are identical for identical arguments whatever the backend and the number of workers."""
    check_jobs(jobs, force)
    whole = campaign_game(game_id) if campaign else None
    if retries and not (campaign and whole is None):
        raise SetupError("--retries: only with --campaign of a game played chapter by chapter (zpocalypse-2)")
    game = get_game(whole or game_id)
    setup = build_setup(game, scenario, option, players, content)
    seats = game.seats(setup)
    specs = parse_bot_specs(bot, seats, "random")
    bots = [specs[s] for s in range(seats)]
    for s, name in enumerate(bots):
        make_bot(name, game, s, 0)  # fail early on an unknown bot
    if games > 10_000_000:
        raise SetupError("--games: at most 10,000,000")
    if backend not in BACKENDS:
        raise SetupError(f"--backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    if address and backend != "ray":
        raise SetupError("--address is for --backend ray")
    if any(o.kind == "file" and o.id in setup.options for o in game.options):
        game.new(setup, seed)  # a file the set-up reads is checked before the run starts
    if campaign and whole is None:
        return print_campaigns(game, setup.players, bots, games, seed, jobs, retries, content, as_json)
    console = Console(stderr=True)
    with Progress(
        TextColumn(f"[bold]{game.name}[/] {setup.scenario}"), BarColumn(), MofNCompleteColumn(),
        TimeRemainingColumn(), console=console, transient=as_json, disable=not console.is_terminal and as_json,
    ) as progress:
        task = progress.add_task("games", total=games)
        run = run_tasks(make_tasks(game.id, setup, bots, games, seed, save_dir), jobs, backend, address, out,
                        progress=lambda k: progress.advance(task, k))
    summary = summarize(game.id, setup, bots, seed, run.records, run.seconds, run.played)
    if as_json:
        typer.echo(json.dumps(summary))
        return
    con = Console()
    lo, hi = summary["ci95"]
    con.print(f"[bold]{game.name}[/] — {setup.scenario}, {summary['games']} games, bots {summary['bot']}, seed {seed}")
    if summary["options"]:
        con.print("options: " + ", ".join(f"{k}={v}" if v is not True else k for k, v in summary["options"].items()))
    con.print(f"wins: {summary['wins']} ({summary['win_rate']:.1%}, 95% CI {lo:.1%}–{hi:.1%})")
    con.print(f"mean score {summary['mean_score']:.2f}, mean turns {summary['mean_turns']:.2f}")
    if summary["victory_levels"]:
        con.print("victory levels (share of games, 95% CI):")
        for k, v in summary["victory_levels"].items():
            lo, hi = summary["victory_levels_ci95"][k]
            con.print(f"  {k:<12} {v:>6}  {v / summary['games']:6.1%}  {lo:.1%}–{hi:.1%}")
    con.print("endings: " + ", ".join(f"{k} {v}" for k, v in summary["endings"].items()))
    if summary.get("details"):
        con.print("a game on average (95% CI):")
        for k, f in summary["details"].items():
            con.print(f"  {k:<28} {f['mean']:8.2f}  {f['ci95'][0]:.2f}–{f['ci95'][1]:.2f}")
    if len(summary["seats"]) > 1 or "endings" in summary["seats"][0]:
        for s in summary["seats"]:
            ends = ("; " + ", ".join(f"{k} {v}" for k, v in s["endings"].items())) if "endings" in s else ""
            con.print(f"  {s['seat']}: {s['wins']} wins ({s['win_share']:.1%}, 95% CI {s['ci95'][0]:.1%}–{s['ci95'][1]:.1%}){ends}")
    where = f"{jobs} process{'es' if jobs > 1 else ''}" if backend == "local" else f"Ray ({address or f'{jobs} local workers'})"
    resumed = summary["games"] - summary["played"]
    note = f"; {resumed} games taken from {out}" if resumed else ""
    out_note = f"; results in {out}" if out else ""
    con.print(f"[dim]{speed_text(summary['games_per_second'])} on {where}{note}{out_note}[/]")


def print_campaigns(game: Game, players: int, bots: list[str], n: int, seed: int, jobs: int, retries: int,
                    content: str | None, as_json: bool) -> None:
    summary = run_campaigns(game.id, players, bots, n, seed, jobs, retries, content)
    if as_json:
        typer.echo(json.dumps(summary))
        return
    con = Console()
    con.print(f"[bold]{game.name}[/] — {n} campaigns, {players} players, bots {', '.join(bots)}, seed {seed}, retries {retries}")
    for c in summary["chapters"]:
        con.print(f"  won {c['chapter']:<10} {c['won']:>6}  {c['share']:6.1%}  {c['ci95'][0]:.1%}–{c['ci95'][1]:.1%}")
    con.print("stopped at: " + ", ".join(f"{k} {v}" for k, v in summary["stopped"].items()))
