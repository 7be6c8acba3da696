"""``deadboard play``: play in the terminal, against or beside bots, or watch bots play."""

from __future__ import annotations

import importlib
import os
import time
from typing import Any

import typer
from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from deadboard.bots.base import Bot, make_bot
from deadboard.cli.app import app
from deadboard.cli.common import load_save, parse_bot_specs
from deadboard.cli.setup_args import build_setup
from deadboard.core.action import Action
from deadboard.core.errors import DeadboardError, IllegalActionError
from deadboard.core.game import Game, State
from deadboard.core.registry import get_game
from deadboard.core.rng import derive_seed
from deadboard.core.save import make_save

HELP = """Type the number of an action, or its text (e.g. "move Ben c5").
Commands: save FILE · undo · board · log [N] · actions · hint [ITERATIONS|SECONDSs] · help · quit"""


class Session:
    """A game being played: the state, the actions so far, which seats are bots."""

    def __init__(self, game: Game, state: State, bots: dict[int, Bot], actions: list[str] | None = None) -> None:
        self.game = game
        self.state = state
        self.bots = bots
        self.actions: list[str] = actions or []
        self.by_bot: list[bool] = [False] * len(self.actions)

    @property
    def human_seats(self) -> list[int]:
        return [s for s in range(self.game.seats(self.state.setup)) if s not in self.bots]

    def apply(self, action: Action | str, by_bot: bool = False) -> None:
        self.game.apply(self.state, action)
        self.actions.append(action if isinstance(action, str) else action.text)
        self.by_bot.append(by_bot)

    def undo(self) -> None:
        if len(self.human_seats) != 1:
            raise IllegalActionError("undo is for solitaire games (one seat played by a person)")
        if not any(not b for b in self.by_bot):
            raise IllegalActionError("nothing to undo")
        while self.by_bot and self.by_bot[-1]:
            self.actions.pop()
            self.by_bot.pop()
        self.actions.pop()
        self.by_bot.pop()
        setup, seed = self.state.setup, self.state.seed
        state = self.game.new(setup, seed)
        for a in self.actions:
            self.game.apply(state, a)
        self.state = state

    def save(self, path: str) -> None:
        make_save(self.game, self.state, self.actions).write(path)


def _renderer(game: Game) -> Any:
    if game.render_module:
        return importlib.import_module(game.render_module)
    return None


def show(console: Console, session: Session, seat: int | None) -> None:
    game, state = session.game, session.state
    view = game.view(state, seat) if seat is not None and len(session.human_seats) > 1 else state
    mod = _renderer(game)
    if mod is not None:
        console.print(mod.render(game, view, seat))
    else:
        console.print(game.snapshot(view))


def list_actions(console: Console, legal: list[Action]) -> None:
    """Numbered legal actions; long runs that differ only in their last word (squares, targets) are
    folded into one line with their range of numbers."""
    groups: list[tuple[int, int, list[Action]]] = []
    for i, a in enumerate(legal):
        prefix = a[:-1] if len(a) > 1 else a
        if groups and groups[-1][2][0][:-1] == prefix and len(a) > 1:
            start, _, members = groups[-1]
            members.append(a)
            groups[-1] = (start, i, members)
        else:
            groups.append((i, i, [a]))
    items: list[Text] = []
    for start, end, members in groups:
        if len(members) <= 6 or len(legal) <= 30:
            items.extend(Text.assemble((f"{start + k + 1:>3} ", "bold cyan"), m.text) for k, m in enumerate(members))
        else:
            label = " ".join(map(str, members[0][:-1]))
            words = [str(m[-1]) for m in members]
            tails = " ".join(words) if len(words) <= 40 else " ".join(words[:16]) + f" … {len(words) - 20} more … " + " ".join(words[-4:])
            items.append(Text.assemble((f"{start + 1}–{end + 1} ", "bold cyan"), f"{label} … ({tails})"))
    if any(len(t.plain) > 60 for t in items):
        for t in items:
            console.print(t)
    else:
        console.print(Columns(items, equal=True, column_first=True, padding=(0, 2)))


def new_log(console: Console, state: State, since: int) -> int:
    for ev in state.log[since:]:
        style = {"turn": "bold", "combat": "yellow", "death": "bold red", "shot": "magenta", "end": "bold green",
                 "roll": "dim", "event": "cyan"}.get(ev.kind, "")
        console.print(Text(ev.text, style=style))
    return len(state.log)


@app.command("play")
def play_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id (see `deadboard games`)."),
    scenario: str | None = typer.Option(None, "--scenario", "-s", help="Scenario id."),
    option: list[str] = typer.Option([], "--option", "-o", help="Optional rule, or option=value; repeatable."),
    players: int | None = typer.Option(None, "--players", "-p", help="Number of players (seats)."),
    seed: int | None = typer.Option(None, "--seed", help="Seed (default: a random one, shown at the start)."),
    bot: list[str] = typer.Option([], "--bot", "-b", help="SEAT=NAME puts a bot in a seat (seats from 1); a bare NAME fills every seat."),
    load: str | None = typer.Option(None, "--load", help="Continue a saved game (checked like `deadboard replay`)."),
    trust: bool = typer.Option(False, "--trust", help="Load a save that has no hash to check it against."),
    delay: float = typer.Option(0.0, "--delay", min=0.0, help="Seconds between bot moves when watching."),
    content: str | None = typer.Option(None, "--content", help="A content pack folder to use instead of the game's own."),
) -> None:
    """Play a game in the terminal: the board, the log of every roll, numbered legal actions."""
    console = Console(highlight=False)
    if load:
        save, rep = load_save(load, trust, game_id)
        game = rep.game
        state = rep.state
        actions = list(save.actions)
        console.print(f"[dim]Loaded {load}: {len(actions)} actions replayed.[/]", soft_wrap=True)
    else:
        game = get_game(game_id)
        setup = build_setup(game, scenario, option, players, content)
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        state = game.new(setup, seed)
        actions = []
    seats = game.seats(state.setup)
    specs = parse_bot_specs(bot, seats, "")
    bots = {s: make_bot(name, game, s, derive_seed(state.seed, "bot", s)) for s, name in specs.items()}
    session = Session(game, state, bots, actions)
    names = game.seat_names(state.setup)
    who = ", ".join(f"{names[s]}: {'bot ' + specs[s] if s in bots else 'you'}" for s in range(seats))
    console.print(f"[bold]{game.name}[/] — scenario {state.setup.scenario}, seed {state.seed} — {who}")
    console.print(f"[dim]{HELP}[/]")
    seen = 0
    last_board_turn: object = None
    watching = not session.human_seats
    while (d := session.state.decision) is not None:
        legal = game.legal_actions(session.state)
        if d.seat in bots:
            b = bots[d.seat]
            view = game.view(session.state, d.seat) if b.needs_view else None
            action = legal[0] if len(legal) == 1 else b.choose(game, view, legal)
            session.apply(action, by_bot=True)
            if watching:
                seen = new_log(console, session.state, seen)
                marker = getattr(session.state, "turn", None)
                if marker != last_board_turn:
                    show(console, session, None)
                    last_board_turn = marker
                if delay:
                    time.sleep(delay)
            continue
        seen = new_log(console, session.state, seen)
        show(console, session, d.seat)
        console.print(f"[bold]{names[d.seat]}[/] — {d.prompt}")
        list_actions(console, legal)
        while True:
            try:
                line = input("> ").strip()
            except EOFError:
                console.print("[dim]end of input: leaving the game (use `save FILE` to keep it)[/]")
                return
            if not line:
                continue
            word, _, rest = line.partition(" ")
            word = word.lower()
            try:
                if word in ("quit", "exit", "q"):
                    console.print("[dim]bye[/]")
                    return
                if word in ("help", "?", "h"):
                    console.print(HELP)
                    continue
                if word == "save":
                    if not rest.strip():
                        raise IllegalActionError("save needs a file name: save FILE")
                    session.save(rest.strip())
                    console.print(f"[green]saved to {rest.strip()}[/]")
                    continue
                if word == "board":
                    show(console, session, d.seat)
                    continue
                if word == "actions":
                    list_actions(console, legal)
                    continue
                if word == "hint":
                    from deadboard.bots.mcts import hint

                    h = hint(game, session.state, d.seat, rest.strip() or None)
                    num = f" (#{legal.index(h.action) + 1})" if h.action in legal else ""
                    console.print(f"hint: [bold]{h.action.text}[/]{num} — estimated chance of winning {h.win_estimate:.0%}")
                    continue
                if word == "log":
                    n = int(rest) if rest.strip().isdigit() else 30
                    for ev in session.state.log[-n:]:
                        console.print(ev.text, markup=False)
                    continue
                if word == "undo":
                    session.undo()
                    seen = len(session.state.log)
                    console.print("[yellow]undone[/]")
                    break
                if line.isdigit():
                    k = int(line)
                    if not 1 <= k <= len(legal):
                        raise IllegalActionError(f"choose a number from 1 to {len(legal)}")
                    session.apply(legal[k - 1])
                else:
                    session.apply(line)
                break
            except DeadboardError as e:
                console.print(f"[red]{e}[/]")
            except ValueError as e:
                console.print(f"[red]{e}[/]")
    seen = new_log(console, session.state, seen)
    show(console, session, None)
    outcome = game.outcome(session.state)
    if outcome is not None:
        level = f" — {outcome.level}" if outcome.level else ""
        winners = ", ".join(names[w] for w in outcome.winners) or "nobody"
        console.print(f"[bold]Game over:[/] {outcome.reason}; score {outcome.score:g}{level}; winner: {winners}")
