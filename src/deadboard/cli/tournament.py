"""``deadboard tournament``: bots against bots, win rates with 95% intervals."""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from deadboard.bots.base import make_bot
from deadboard.cli.app import app
from deadboard.cli.common import check_jobs, duration_text
from deadboard.cli.limits import MAX_SEED, MOST_GAMES, MOST_JOBS, MOST_PLAYERS
from deadboard.cli.setup_args import build_setup
from deadboard.core.errors import SetupError
from deadboard.core.registry import get_game
from deadboard.sim.backends import BACKENDS
from deadboard.sim.tournament import run_tournament


@app.command("tournament")
def tournament_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id (see `deadboard games`)."),
    bots: str = typer.Option(..., "--bots", help="Bots, separated by commas (e.g. random,heuristic,mcts:500)."),
    games: int = typer.Option(100, "--games", "-n", min=1, max=MOST_GAMES, help="Games per bot (solitaire) or per pair of bots."),
    scenario: str | None = typer.Option(None, "--scenario", "-s", help="Scenario id."),
    option: list[str] = typer.Option([], "--option", "-o", help="Optional rule, or option=value; repeatable."),
    players: int | None = typer.Option(None, "--players", "-p", min=1, max=MOST_PLAYERS, help="Number of players (seats)."),
    seed: int = typer.Option(0, "--seed", min=0, max=MAX_SEED, help="Run seed: each game's seed derives from it and the game's index."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=MOST_JOBS, help="Worker processes (or Ray workers; at most the cores, unless --force)."),
    force: bool = typer.Option(False, "--force", help="Allow more --jobs than cores."),
    backend: str = typer.Option("local", "--backend", help="local (worker processes) or ray."),
    address: str | None = typer.Option(None, "--address", help="Ray cluster address (with --backend ray)."),
    out: str | None = typer.Option(None, "--out", help="Results file (.parquet); an interrupted tournament resumes from it."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as one JSON object."),
) -> None:
    """Play bots against each other. Solitaire games: each bot plays the same seeds, and each pair is
    compared game by game. Games with several seats: each pair meets, alternating seats."""
    check_jobs(jobs, force)
    game = get_game(game_id)
    setup = build_setup(game, scenario, option, players)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    for name in names:
        make_bot(name, game, 0, 0)  # fail early on an unknown bot or a bad budget
    if backend not in BACKENDS:
        raise SetupError(f"--backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    seats = game.seats(setup)
    total = games * len(names) if seats == 1 else games * len(names) * (len(names) - 1) // 2
    console = Console(stderr=True)
    with Progress(TextColumn(f"[bold]{game.name}[/] tournament"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=console, transient=True) as progress:
        task = progress.add_task("games", total=total)
        result = run_tournament(game, setup, names, games, seed, jobs, backend, address, out,
                                progress=lambda k: progress.advance(task, k))
    if as_json:
        data = result.to_json()
        data.update({"game": game.id, "scenario": setup.scenario, "players": setup.players, "seed": seed,
                     "options": {k: v for k, v in setup.options.items() if not isinstance(v, dict)}})
        typer.echo(json.dumps(data))
        return
    con = Console()
    con.print(f"[bold]{game.name}[/] — {setup.scenario}, {setup.players} player(s), seed {seed}, "
              + ("every bot on the same seeds" if result.mode == "same-seeds" else "head to head, alternating seats"))
    t = Table("bot", "games", "wins", "win rate", "95% interval", "mean score" if result.mode == "same-seeds" else "points")
    for b in result.bots:
        lo, hi = b.to_json()["ci95"]
        t.add_row(b.bot, str(b.games), str(b.wins), f"{b.win_rate:.1%}", f"{lo:.1%}–{hi:.1%}", f"{b.mean_score:.2f}")
    con.print(t)
    if result.mode == "same-seeds":
        for p in result.pairings:
            z, pv = p.mcnemar
            line = (f"[bold]{p.a} − {p.b}[/] on the same seeds: win rate {p.rate:+.1%} "
                    f"(95% interval {p.ci95[0]:+.1%} … {p.ci95[1]:+.1%}; {p.a_only} seed(s) won by the first only, "
                    f"{p.b_only} by the second only; McNemar z {z:+.2f}, exact p {pv:.3g})")
            if p.score_diff is not None and p.score_ci95 is not None:
                line += f"; score {p.score_diff:+.2f} (95% interval {p.score_ci95[0]:+.2f} … {p.score_ci95[1]:+.2f})"
            con.print(line)
    else:
        t = Table("pair", "first bot's share", "95% interval", "first won", "second won")
        for p in result.pairings:
            t.add_row(f"{p.a} vs {p.b}", f"{p.rate:.1%}", f"{p.ci95[0]:.1%}–{p.ci95[1]:.1%}", str(p.a_only), str(p.b_only))
        con.print(t)
    if result.played:
        con.print(f"[dim]{result.played} games in {duration_text(result.seconds)}[/]")
