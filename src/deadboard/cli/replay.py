"""``deadboard replay``: re-run a saved game, check it reproduces, print its log."""

from __future__ import annotations

import json
from collections.abc import Callable

import typer
from rich.console import Console

from deadboard.cli.app import app
from deadboard.core.game import State
from deadboard.core.registry import get_game
from deadboard.core.save import SaveFile, load_checked


@app.command("replay")
def replay_cmd(
    file: str = typer.Argument(..., metavar="FILE", help="A save file."),
    trace: bool = typer.Option(False, "--trace", help="Print JSON lines: events and a state snapshot after each decision."),
    trust: bool = typer.Option(False, "--trust", help="Replay a save that has no hash to check it against."),
) -> None:
    """Replay a save file, check that it reproduces the recorded final state, and print the log."""
    save = SaveFile.read(file)
    on_step: Callable[[int, str, State], None] | None = None
    if trace:
        seen = [0]

        def step(i: int, text: str, state: State) -> None:
            game = get_game(save.game)
            for ev in state.log[seen[0]:]:
                typer.echo(json.dumps({"type": "event", **ev.to_json()}))
            seen[0] = len(state.log)
            typer.echo(json.dumps({"type": "decision", "index": i + 1, "action": text, "state": game.snapshot(state)}))

        on_step = step
    result = load_checked(save, trust=trust, on_step=on_step, source=file)
    if trace:
        for ev in result.state.log[seen[0]:]:
            typer.echo(json.dumps({"type": "event", **ev.to_json()}))
    else:
        console = Console(highlight=False)
        for ev in result.state.log:
            console.print(ev.text, markup=False)
    outcome = result.game.outcome(result.state)
    summary = {"type": "result", "actions": len(save.actions), "hash": result.game.state_hash(result.state),
               "verified": result.hash_ok, "outcome": outcome.to_json() if outcome else None}
    if trace:
        typer.echo(json.dumps(summary))
    else:
        status = "verified" if result.hash_ok else "no recorded hash to check" if result.hash_ok is None else "MISMATCH"
        end = f"{outcome.result.value}, score {outcome.score:g}" + (f", {outcome.level}" if outcome.level else "") if outcome else "not finished"
        Console(stderr=True).print(f"[dim]{len(save.actions)} actions replayed ({status}); {end}[/]")

