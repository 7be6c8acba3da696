"""``deadboard play``: play in the terminal, against or beside bots, or watch bots play."""

from __future__ import annotations

import os
import sys
import time

import typer
from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from deadboard.bots.base import make_bot
from deadboard.cli.app import app
from deadboard.cli.common import cite_rule, load_save, parse_bot_specs
from deadboard.cli.limits import MAX_SEED, MOST_DELAY, MOST_PLAYERS
from deadboard.cli.session import (
    GROUP_ABOVE,
    Session,
    action_line,
    board,
    choice_tree,
    grouped_lines,
    help_text,
)
from deadboard.cli.setup_args import build_setup, campaign_game, read_option_file
from deadboard.core.action import Action
from deadboard.core.campaign import CampaignRecord
from deadboard.core.errors import DeadboardError, IllegalActionError, SaveError, SetupError
from deadboard.core.game import State
from deadboard.core.log import TRACE
from deadboard.core.registry import get_game
from deadboard.core.rng import derive_seed
from deadboard.core.table import check_respond
from deadboard.sim.campaign import campaign_file_setup, save_campaign_file


def show(console: Console, session: Session, seat: int | None) -> None:
    console.print(board(session.game, session.view_for(seat), seat))


def list_actions(console: Console, session: Session, legal: list[Action], seat: int | None) -> None:
    """Numbered legal actions; a long list is grouped into plain sentences, one group a line
    (``move tough: 2 r.b29 · 3 r.c29 …``; the Zombie Dawn set-up's zone → where → turn)."""
    if len(legal) > GROUP_ABOVE:
        for line in grouped_lines(choice_tree(session.game, session.view_for(seat), legal)):
            console.print(line)
        return
    view = session.view_for(seat)
    items = [Text.assemble((f"{k + 1:>3} ", "bold cyan"), action_line(session.game, view, seat, a))
             for k, a in enumerate(legal)]
    if any(len(t.plain) > 60 for t in items):
        for t in items:
            console.print(t)
    else:
        console.print(Columns(items, equal=True, column_first=True, padding=(0, 2)))


def new_log(console: Console, state: State, since: int) -> int:
    for ev in state.log[since:]:
        if ev.kind == TRACE:  # the audit trail, not for players
            continue
        style = {"turn": "bold", "combat": "yellow", "death": "bold red", "shot": "magenta", "end": "bold green",
                 "roll": "dim", "event": "cyan"}.get(ev.kind, "")
        console.print(Text(ev.text, style=style))
    return len(state.log)


@app.command("play")
def play_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id (see `deadboard games`)."),
    scenario: str | None = typer.Option(None, "--scenario", "-s", help="Scenario id."),
    option: list[str] = typer.Option([], "--option", "-o", help="Optional rule, or option=value; repeatable."),
    players: int | None = typer.Option(None, "--players", "-p", min=1, max=MOST_PLAYERS, help="Number of players (seats)."),
    seed: int | None = typer.Option(None, "--seed", min=0, max=MAX_SEED, help="Seed (default: a random one, shown at the start)."),
    bot: list[str] = typer.Option([], "--bot", "-b", help="SEAT=NAME puts a bot in a seat (seats from 1); a bare NAME fills every seat."),
    load: str | None = typer.Option(None, "--load", help="Continue a saved game (checked like `deadboard replay`)."),
    trust: bool = typer.Option(False, "--trust", help="Load a save that has no hash to check it against."),
    delay: float = typer.Option(0.0, "--delay", min=0.0, max=MOST_DELAY, help="Seconds between bot moves when watching."),
    content: str | None = typer.Option(None, "--content", help="A content pack folder to use instead of the game's own."),
    plain: bool = typer.Option(False, "--plain", help="Line by line (the default when input or output is not a terminal)."),
    respond: str | None = typer.Option(None, "--respond", help="Response windows: auto (ask me only where a card I hold can be played; the default against bots), always (the default among people), never."),
    campaign: str | None = typer.Option(None, "--campaign", help="A campaign file (.json): start a campaign, or continue the one it holds, and write it back when play stops (Zpocalypse 2: its next chapter; Day Night Z: the campaign game, travel, adventures and shelter)."),
) -> None:
    """Play a game in the terminal: the board, the log of every roll, the legal actions (full screen
    in a terminal, line by line with --plain or in a pipe)."""
    console = Console(highlight=False)
    mode = check_respond(respond, "--respond") if respond is not None else None
    loaded = ""
    if load:
        save, rep = load_save(load, trust, game_id)
        game = rep.game
        state = rep.state
        record = rep.table.record if rep.table is not None else None
        loaded = f"Loaded {load}: {len(save.actions)} actions replayed."
    else:
        whole = campaign_game(game_id) if campaign else None
        if campaign and whole:
            game_id = whole
            if os.path.exists(campaign):  # the sheet's players, unless told otherwise
                option = [*option, f"campaign={campaign}"]
                try:
                    sheet = CampaignRecord.from_json(read_option_file("campaign", campaign), campaign)
                except SaveError as e:
                    raise SetupError(f"--campaign: {e}") from None
                players = players or sheet.players
        game = get_game(game_id)
        if campaign and not whole:
            setup = campaign_file_setup(game, campaign, players, content)
        else:
            setup = build_setup(game, scenario, option, players, content)
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        state = game.new(setup, seed)
        record = None
    seats = game.seats(state.setup)
    specs = parse_bot_specs(bot, seats, "")
    bots = {s: make_bot(name, game, s, derive_seed(state.seed, "bot", s)) for s, name in specs.items()}
    session = Session(game, state, bots, record)
    if mode is not None:
        session.respond = {seat: mode for seat in session.persons}
    if not plain and sys.stdin.isatty() and sys.stdout.isatty():
        from deadboard.cli.tui import PlayApp

        PlayApp(session, specs, delay=delay, note=loaded).run()
    else:
        if loaded:
            console.print(f"[dim]{loaded}[/]", soft_wrap=True)
        play_lines(console, session, specs, delay)
    if campaign and (note := save_campaign_file(game, session.state, campaign)):
        console.print(note, soft_wrap=True)


def play_lines(console: Console, session: Session, specs: dict[int, str], delay: float) -> None:
    """The line mode: the board and numbered actions printed, one typed line a decision."""
    game = session.game
    bots = session.bots
    names = game.seat_names(session.state.setup)
    seats = len(names)
    who = ", ".join(f"{names[s]}: {'bot ' + specs[s] if s in bots else 'you'}" for s in range(seats))
    console.print(f"[bold]{game.name}[/] — scenario {session.state.setup.scenario}, seed {session.state.seed} — {who}")
    first = game.legal_actions(session.state) if session.state.decision is not None else []
    console.print(f"[dim]{help_text(first)}[/]")
    seen = 0
    last_board_turn: object = None
    watching = not session.human_seats
    over_shown = False
    while True:
        d = session.state.decision
        if d is None:
            if not over_shown:
                seen = new_log(console, session.state, seen)
                show(console, session, None)
                game_over(console, session)
                if watching:
                    return
                console.print("[dim]The game is over: save FILE keeps it; board, log, undo; quit (or end of input) leaves.[/]")
                over_shown = True
            if not command_loop(console, session, [], None):
                return
            continue
        if d.seat in bots:
            session.bot_move()
            if watching:
                seen = new_log(console, session.state, seen)
                marker = getattr(session.state, "turn", None)
                if marker != last_board_turn:
                    show(console, session, None)
                    last_board_turn = marker
                if delay:
                    time.sleep(delay)
            continue
        over_shown = False
        legal = game.legal_actions(session.state)
        seen = new_log(console, session.state, seen)
        show(console, session, d.seat)
        who = names[d.seat]
        prompt = d.prompt[len(who) + 2:] if d.prompt.startswith(who + ": ") else d.prompt
        console.print(Text.assemble((who, "bold"), f" — {prompt}"))
        list_actions(console, session, legal, d.seat)
        if not command_loop(console, session, legal, d.seat):
            return
        seen = min(seen, len(session.state.log))


def game_over(console: Console, session: Session) -> None:
    outcome = session.game.outcome(session.state)
    if outcome is None:
        return
    names = session.game.seat_names(session.state.setup)
    level = f" — {outcome.level}" if outcome.level else ""
    winners = ", ".join(names[w] for w in outcome.winners) or "nobody"
    console.print(f"[bold]Game over:[/] {outcome.reason}; score {outcome.score:g}{level}; winner: {winners}")


def command_loop(console: Console, session: Session, legal: list[Action], seat: int | None) -> bool:
    """Read lines until one changes the game (an action, undo): True; False to leave."""
    game = session.game
    while True:
        try:
            line = input("> ").strip()
        except EOFError:
            console.print("[dim]end of input: leaving the game (use `save FILE` to keep it)[/]")
            return False
        if not line:
            continue
        word, _, rest = line.partition(" ")
        word = word.lower()
        try:
            if word in ("quit", "exit", "q"):
                console.print("[dim]bye[/]")
                return False
            if word in ("help", "?", "h"):
                console.print(help_text(legal))
                continue
            if word == "save":
                session.save(rest.strip())
                console.print(f"[green]saved to {rest.strip()}[/]", soft_wrap=True)  # a path is never broken across lines
                continue
            if word == "board":
                show(console, session, seat)
                continue
            if word == "actions":
                if legal:
                    list_actions(console, session, legal, seat)
                else:
                    console.print("[dim]no action: the game is over[/]")
                continue
            if word == "log":
                n = int(rest) if rest.strip().isdigit() else 30
                for ev in [e for e in session.state.log if e.kind != TRACE][-n:]:
                    console.print(ev.text, markup=False)
                continue
            if word == "undo":
                session.undo()
                console.print("[yellow]undone[/]")
                return True
            if not legal:
                raise IllegalActionError("the game is over: save FILE, board, log, undo or quit")
            if word == "hint":
                from deadboard.bots.mcts import hint

                assert seat is not None
                h = hint(game, session.state, seat, rest.strip() or None)
                num = f" (#{legal.index(h.action) + 1})" if h.action in legal else ""
                said = escape(action_line(game, session.view_for(seat), seat, h.action))
                console.print(f"hint: [bold]{said}[/]{num} — estimated chance of winning {h.win_estimate:.0%}")
                continue
            if line.isdigit():
                k = int(line)
                if not 1 <= k <= len(legal):
                    raise IllegalActionError(f"choose a number from 1 to {len(legal)}")
                session.apply(legal[k - 1])
            else:
                try:
                    session.apply(line)
                except IllegalActionError as e:
                    raise IllegalActionError(cite_rule(game, session.state, line, str(e))) from None
            return True
        except (DeadboardError, ValueError) as e:
            console.print(f"[red]{e}[/]")
