"""``deadboard bench``: decisions and games per second of full bot games, one core, per game."""

from __future__ import annotations

import json
import time

import typer
from rich.console import Console
from rich.table import Table

from deadboard.bots.base import bot_names
from deadboard.cli.app import app
from deadboard.core.registry import get_game, list_games
from deadboard.sim.play import play_game


def bench_game(game_id: str, bot: str, seconds: float, min_games: int = 3) -> dict[str, float | int | str]:
    game = get_game(game_id)
    setup = game.normalize_setup(game.default_setup())
    play_game(game, setup, 10_000, bot)  # warm caches (geometry tables, imports)
    games = decisions = 0
    t0 = time.perf_counter()
    seed = 0
    while True:
        played = play_game(game, setup, seed, bot)
        games += 1
        decisions += played.decisions
        seed += 1
        dt = time.perf_counter() - t0
        if dt >= seconds and games >= min_games:
            break
    return {"game": game_id, "bot": bot, "games": games, "decisions": decisions, "seconds": dt,
            "decisions_per_second": decisions / dt, "games_per_second": games / dt}


@app.command("bench")
def bench_cmd(
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    game_ids: list[str] = typer.Option([], "--game", "-g", help="Only these games (repeatable)."),
    seconds: float = typer.Option(5.0, "--seconds", min=0.1, help="Time per game and bot."),
    bots: list[str] = typer.Option([], "--bot", "-b", help="Only these bots (default: random and heuristic)."),
) -> None:
    """Benchmark full games of random and heuristic bots on one core (a benchmark, not a test)."""
    rows = []
    for gid in game_ids or list_games():
        game = get_game(gid)
        names = bots or [b for b in ("random", "heuristic") if b in bot_names(game)]
        for b in names:
            rows.append(bench_game(gid, b, seconds))
    if as_json:
        typer.echo(json.dumps({"games": rows}, indent=1))
        return
    t = Table("game", "bot", "games", "decisions/s", "games/s")
    for r in rows:
        t.add_row(str(r["game"]), str(r["bot"]), str(r["games"]), f"{r['decisions_per_second']:,.0f}", f"{r['games_per_second']:,.1f}")
    Console().print(t)
