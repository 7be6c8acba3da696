"""``deadboard games``: the games, their scenarios, options and bots."""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.table import Table

from deadboard.bots.base import bot_names
from deadboard.cli.app import app
from deadboard.core.registry import get_game, list_games


@app.command("games")
def games_cmd(as_json: bool = typer.Option(False, "--json", help="Print JSON instead of tables.")) -> None:
    """List the games with their scenarios, optional rules and bots (ids usable on the command line)."""
    info = []
    for gid in list_games():
        game = get_game(gid)
        d = game.describe()
        d["bots"] = bot_names(game)
        info.append(d)
    if as_json:
        typer.echo(json.dumps(info, indent=1))
        return
    console = Console()
    for d in info:
        console.rule(f"[bold]{d['name']}[/]  [dim]{d['id']}  players {d['players'][0]}–{d['players'][1]}  bots: {', '.join(d['bots'])}[/]")
        t = Table("scenario", "", box=None, show_header=True, header_style="bold")
        for s in d["scenarios"]:
            t.add_row(f"[cyan]{s['id']}[/]", s["help"])
        console.print(t)
        t = Table("option", "kind", "", box=None, show_header=True, header_style="bold")
        for o in d["options"]:
            kind = o["kind"]
            if kind == "choice":
                kind = "|".join(o["choices"])
            elif kind == "int":
                kind = f"{o.get('min')}..{o.get('max')}"
            where = f" [dim](scenario {', '.join(o['scenarios'])})[/]" if o.get("scenarios") else ""
            t.add_row(f"[green]{o['id']}[/]", kind, o["help"] + where)
        console.print(t)
    console.print("[dim]Bots take parameters: mcts:500 (iterations), mcts:0.5s (seconds), mcts:200@heuristic "
                  "(anchored), mcts:40+heuristic (playouts). A bot of your own: package.module.Class "
                  "(docs/api.md).[/]")
