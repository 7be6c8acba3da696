"""``deadboard play`` full screen: a Textual app that fits 80 × 24 and uses a larger window.

::

    ┌ status: game · seat — what is asked ─────────────────────────────┐   80 × 24: the board
    │ board (scrolls both ways; follows the squares the actions name;  │   above, the actions and
    │ a click on a square lists the actions that name it)              │   the log side by side
    ├ > filter ─────────────────────┬ log and dice ────────────────────┤   under it; wider than
    │  1 move Ben c5                │ Ben moves to c5                  │   119 columns: the board
    │ ▸ 2–18 move tough (17)        │ Zombie 23: roll 5 vs 4+: hit     │   left, the actions and
    └ F1 help F2 save F3 hint F4 undo  Esc back  ^q quit ──────────────┘   the log on the right

Typing filters the actions (by number or by words); Enter takes the one action that matches, the
number typed, the exact action text, or the highlighted one (↑ ↓ move the highlight), and runs the
commands of the line mode (``save FILE``, ``undo``, ``hint``, ``log``, ``help``, ``quit``). A long
list is offered as groups (``deadboard.cli.session``), opened with Enter and left with Esc. Every
game is drawn through its ``render`` module; nothing here knows a game.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical
from textual.geometry import Region
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from deadboard.cli.session import (
    GROUP_ABOVE,
    Choice,
    Session,
    action_line,
    actions_at,
    board,
    choice_tree,
    dice_in,
    help_text,
    rendered_lines,
    square_spans,
    squares_named,
)
from deadboard.cli.tui_widgets import Board, TextScreen
from deadboard.core.action import Action
from deadboard.core.errors import DeadboardError, IllegalActionError
from deadboard.core.log import Event
from deadboard.core.table import BotTurn

WIDE = 120  # columns from which the board and the side column stand side by side
LOG_STYLE = {"turn": "bold", "combat": "yellow", "death": "bold red", "shot": "magenta", "end": "bold green",
             "roll": "dim", "event": "cyan"}


class PlayApp(App[None]):
    """One game in the terminal, full screen."""

    TITLE = "deadboard"
    CSS = """
    Screen { layout: vertical; }
    #status { height: 2; background: $boost; padding: 0 1; }
    #main { height: 1fr; layout: vertical; }
    #board { height: 1fr; min-height: 6; }
    #lower { height: 10; layout: horizontal; }
    #choose { width: 1fr; border-top: solid $accent; border-title-color: $accent; }
    #filter { height: 1; }
    #actions { height: 1fr; border: none; padding: 0; }
    #log { width: 1fr; border-top: solid $secondary; border-left: vkey $secondary; scrollbar-size: 1 1; }
    Screen.wide #main { layout: horizontal; }
    Screen.wide #board { height: 1fr; width: 1fr; }
    Screen.wide #lower { width: 64; height: 1fr; layout: vertical; }
    Screen.wide #choose { height: 1fr; width: 100%; }
    Screen.wide #log { height: 1fr; width: 100%; border-left: none; }
    Screen.tall #lower { height: 14; }
    """
    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("f2", "save", "Save"),
        Binding("f3", "hint", "Hint"),
        Binding("f4", "undo", "Undo"),
        Binding("escape", "step_back", "Back"),
        Binding("up", "move(-1)", "", show=False, priority=True),
        Binding("down", "move(1)", "", show=False, priority=True),
        Binding("pageup", "move(-8)", "", show=False),
        Binding("pagedown", "move(8)", "", show=False),
        Binding("f10", "quit", "Quit"),
    ]

    def __init__(self, session: Session, specs: dict[int, str] | None = None, delay: float = 0.0, note: str = "") -> None:
        super().__init__()
        self.session = session
        self.specs = specs or {}
        self.delay = delay
        self.note = note
        self.names = session.game.seat_names(session.state.setup)
        self.legal: list[Action] = []
        self.seat: int | None = None
        self.groups: list[Choice] = []
        self.path: list[Choice] = []  # the groups opened
        self.square: str | None = None  # a clicked square: only the actions naming it
        self.shown: list[Choice] = []  # what the list shows now, in order
        self.seen = 0  # events already in the log pane
        self.message = note
        self.shown_seat: int | None = None  # hot-seat: whose screen it is
        self.waiting = False  # a bot's move is scheduled
        self.hinting = False

    # ----- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)
        with Container(id="main"):
            yield Board(id="board")
            with Container(id="lower"):
                with Vertical(id="choose"):
                    yield Input(placeholder="type a number, words of an action, or a command (F1: help)",
                                id="filter", compact=True)
                    yield OptionList(id="actions")
                yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self._fit(self.size.width, self.size.height)
        self.query_one("#filter", Input).focus()
        self.call_after_refresh(self.refresh_game)  # once the panes have their sizes

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)
        self.call_after_refresh(self.draw_board)

    def _fit(self, width: int, height: int) -> None:
        self.screen.set_class(width >= WIDE, "wide")
        self.screen.set_class(width < WIDE and height >= 40, "tall")

    # ----- the game -------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.session.state.decision is None

    def refresh_game(self) -> None:
        """Everything after the game changed: log, board, status, actions; then the bots."""
        s = self.session
        d = s.state.decision
        self.path = []
        self.square = None
        if d is not None and d.seat not in s.bots:
            self.seat = d.seat
            self.legal = s.game.legal_actions(s.state)
            self.groups = choice_tree(s.game, s.view_for(d.seat), self.legal) if len(self.legal) > GROUP_ABOVE else []
        else:
            self.seat = d.seat if d is not None else None
            self.legal = []
            self.groups = []
        self.query_one("#filter", Input).value = ""
        self.write_log()
        self.draw_board()
        self.draw_status()
        self.draw_actions()
        if d is not None and d.seat in s.bots:
            if not self.waiting:
                self.waiting = True  # until a person decides (or, watching, until the next move)
                self.set_timer(max(self.delay, 0.01), self.bot_step)
        elif d is not None:
            self.curtain(d.seat)

    def bot_step(self) -> None:
        """Bots play on: one move at a time when only bots play (to be watched), else until a
        person's decision. A bot that reads a view (the heuristic, search) thinks in a thread, so
        that the screen stays alive; the random bot moves at once."""
        s = self.session
        watching = not s.human_seats
        moves = 0
        while (turn := s.next_bot()) is not None:
            if turn.view is not None:
                self.bot_think(turn)
                if moves:
                    self.refresh_game()
                return
            s.apply(turn.choose(s.game), by_bot=True)
            moves += 1
            if watching or moves >= 200:
                break
        self.waiting = False
        self.refresh_game()

    @work(thread=True, exclusive=True, group="bots")
    def bot_think(self, turn: BotTurn) -> None:
        action = turn.choose(self.session.game)
        self.call_from_thread(self.bot_done, action, turn.at)

    def bot_done(self, action: Action, at: int) -> None:
        s = self.session
        if len(s.texts()) == at:  # nothing was undone meanwhile
            s.apply(action, by_bot=True)
        if not s.human_seats and s.state.decision is not None:  # watching: one move at a time
            self.waiting = False
            self.refresh_game()
            return
        self.bot_step()

    def curtain(self, seat: int) -> None:
        people = self.session.human_seats
        if len(people) < 2 or seat == self.shown_seat:
            return
        first = self.shown_seat is None
        self.shown_seat = seat
        if not first:
            self.push_screen(TextScreen(Text(f"Pass the screen to {self.names[seat]}.\n\nPress any key to show "
                                             f"{self.names[seat]}'s board.", style="bold")))

    # ----- drawing --------------------------------------------------------------------------------
    def draw_status(self) -> None:
        s = self.session
        d = s.state.decision
        t = Text()
        t.append(s.game.name, style="bold")
        t.append(f" · seed {s.state.seed} · ")
        if d is None:
            t.append(self.outcome_text(), style="bold green")
        else:
            who = self.names[d.seat]
            bot = f" (bot {self.specs.get(d.seat, '')})" if d.seat in s.bots else ""
            prompt = d.prompt[len(who) + 2:] if d.prompt.startswith(who + ": ") else d.prompt
            t.append(f"{who}{bot}", style="bold yellow")
            t.append(f" — {prompt}")
        t.append("\n")
        t.append(self.message or "", style="italic")
        self.query_one("#status", Static).update(t)

    def outcome_text(self) -> str:
        o = self.session.game.outcome(self.session.state)
        if o is None:
            return "Game over"
        level = f" — {o.level}" if o.level else ""
        winners = ", ".join(self.names[w] for w in o.winners) or "nobody"
        return f"Game over: {o.reason}; score {o.score:g}{level}; winner: {winners}"

    def draw_board(self) -> None:
        b = self.query_one("#board", Board)
        width = max(b.size.width - 1, 60) if b.size.width else 78
        s = self.session
        seat = self.seat if self.seat is not None and self.seat not in s.bots else None
        lines = rendered_lines(board(s.game, s.view_for(seat), seat), width)
        b.show(lines, square_spans(lines))
        self.call_after_refresh(self.follow)

    def follow(self) -> None:
        """Scroll the board to the squares the actions name (else those of the last moves)."""
        b = self.query_one("#board", Board)
        if not b.squares:
            return
        s = self.session
        view = s.view_for(self.seat)
        names = squares_named(s.game, view, self.seat, self.legal, b.squares) if self.legal else []
        if not names or len(names) > 40:
            names = squares_named(s.game, view, self.seat, reversed(s.actions[-6:]), b.squares)[:3]
        if not names:
            return
        spots = [b.squares[n] for n in names]
        y0 = min(y for y, _, _ in spots)
        y1 = max(y for y, _, _ in spots)
        x0 = min(x for _, x, _ in spots)
        x1 = max(x + n for _, x, n in spots)
        h = min(y1 - y0 + 1, max(1, b.size.height))
        w = min(x1 - x0, max(1, b.size.width))
        b.scroll_to_region(Region(x0, y0, w, h), animate=False, center=True, force=True)

    def write_log(self) -> None:
        log = self.query_one("#log", RichLog)
        events_ = self.session.state.log
        if self.seen > len(events_):  # undone
            log.clear()
            self.seen = max(0, len(events_) - 200)
        for ev in events_[self.seen:]:
            log.write(self.event_text(ev))
        self.seen = len(events_)

    @staticmethod
    def event_text(ev: Event) -> Text:
        t = Text(ev.text, style=LOG_STYLE.get(ev.kind, ""))
        for label, values, ok in dice_in(ev.data):
            t.append("\n  ")
            if label:
                t.append(f"{label} ", style="dim")
            t.append(" ".join(f"[{v}]" for v in values), style="bold")
            if ok is not None:
                t.append(" success" if ok else " failure", style="green" if ok else "red")
        return t

    def draw_actions(self) -> None:
        ol = self.query_one("#actions", OptionList)
        box = self.query_one("#choose", Vertical)
        typed = self.query_one("#filter", Input).value.strip()
        ol.clear_options()
        self.shown = []
        if self.over:
            box.border_title = "game over"
            ol.add_option(Option(Text("The game is over: F2 saves it; undo (F4), log, quit.", style="dim"), disabled=True))
            return
        if not self.legal:
            box.border_title = "waiting"
            d = self.session.state.decision
            who = self.names[d.seat] if d is not None else ""
            ol.add_option(Option(Text(f"{who} (bot) is playing …", style="dim"), disabled=True))
            return
        view = self.session.view_for(self.seat)

        def line(action: Action) -> str:  # the sentence, and the text to type
            return action_line(self.session.game, view, self.seat, action)

        if typed and not self.is_command(typed):
            matches = self.matching(typed)
            box.border_title = f"{len(matches)} of {len(self.legal)} actions match"
            self.shown = [Choice(line(a), i + 1, a) for i, a in matches]
        elif self.square is not None:
            at = actions_at(self.session.game, self.session.view_for(self.seat), self.seat, self.legal, self.square)
            box.border_title = f"actions at {self.square} (Esc: all)"
            self.shown = [Choice(line(self.legal[i]), i + 1, self.legal[i]) for i in at]
        elif self.groups:
            level = self.path[-1].children if self.path else self.groups
            crumbs = " › ".join(c.label for c in self.path)
            box.border_title = (crumbs + " (Esc: back)") if crumbs else f"{len(self.legal)} actions, grouped"
            self.shown = list(level)
        else:
            box.border_title = f"{len(self.legal)} action{'s' if len(self.legal) != 1 else ''}"
            self.shown = [Choice(line(a), i + 1, a) for i, a in enumerate(self.legal)]
        for c in self.shown:
            if c.action is not None:
                ol.add_option(Option(Text.assemble((f"{c.number:>3} ", "bold cyan"), c.label)))
            else:
                n = sum(1 for _ in c.leaves())
                ol.add_option(Option(Text.assemble(("  ▸ ", "bold"), (f"{c.span} " if c.span else "", "cyan"), c.label,
                                                   (f" ({n})", "dim"))))
        if not self.shown:
            ol.add_option(Option(Text("no action matches", style="dim"), disabled=True))
        else:
            ol.highlighted = 0

    def matching(self, typed: str) -> list[tuple[int, Action]]:
        low = typed.lower()
        if low.isdigit():
            exact = [(i, a) for i, a in enumerate(self.legal) if str(i + 1) == low]
            rest = [(i, a) for i, a in enumerate(self.legal) if str(i + 1).startswith(low) and str(i + 1) != low]
            return exact + rest
        words = low.split()
        return [(i, a) for i, a in enumerate(self.legal) if all(w in a.text.lower() for w in words)]

    @staticmethod
    def is_command(typed: str) -> bool:
        return typed.split()[0].lower() in ("save", "undo", "hint", "help", "quit", "exit", "log", "?")

    # ----- input ----------------------------------------------------------------------------------
    def on_input_changed(self, event: Input.Changed) -> None:
        self.square = None if event.value else self.square
        self.draw_actions()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        typed = event.value.strip()
        try:
            if not typed:
                self.choose_highlighted()
                return
            word, _, rest = typed.partition(" ")
            word = word.lower()
            if word in ("quit", "exit"):
                self.exit()
                return
            if word in ("help", "?"):
                self.action_help()
                return
            if word == "save":
                self.save(rest.strip())
                return
            if word == "undo":
                self.action_undo()
                return
            if word == "hint":
                self.start_hint(rest.strip() or None)
                return
            if word == "log":
                self.show_log(int(rest) if rest.strip().isdigit() else 30)
                return
            if self.over:
                raise IllegalActionError("the game is over: save FILE (F2), undo (F4) or quit")
            if typed.isdigit():
                k = int(typed)
                if not 1 <= k <= len(self.legal):
                    raise IllegalActionError(f"choose a number from 1 to {len(self.legal)}")
                self.take(self.legal[k - 1])
                return
            exact = [a for a in self.legal if a.text.lower() == " ".join(typed.lower().split())]
            if exact:
                self.take(exact[0])
                return
            matches = self.matching(typed)
            if len(matches) == 1:
                self.take(matches[0][1])
                return
            if not matches:
                raise IllegalActionError(f"{typed!r} is not a legal action (F1: help)")
            self.choose_highlighted()
        except (DeadboardError, ValueError) as e:
            self.say(str(e), error=True)

    def choose_highlighted(self) -> None:
        ol = self.query_one("#actions", OptionList)
        k = ol.highlighted
        if k is None or not 0 <= k < len(self.shown):
            return
        self.choose(self.shown[k])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if 0 <= event.option_index < len(self.shown):
            self.choose(self.shown[event.option_index])
        self.query_one("#filter", Input).focus()

    def choose(self, c: Choice) -> None:
        if c.action is not None:
            self.take(c.action)
            return
        self.path.append(c)
        self.query_one("#filter", Input).value = ""
        self.draw_actions()

    def take(self, action: Action) -> None:
        try:
            self.session.apply(action)
        except (DeadboardError, ValueError) as e:
            self.say(str(e), error=True)
            return
        self.message = f"you: {action.text}"
        self.refresh_game()

    def on_board_square_clicked(self, event: Board.SquareClicked) -> None:
        self.pick_square(event.square)

    def pick_square(self, name: str) -> None:
        """A click on a square: the actions that name it (one is highlighted; Enter takes it)."""
        if not self.legal:
            self.say(f"{name}: nothing to do there now")
            return
        at = actions_at(self.session.game, self.session.view_for(self.seat), self.seat, self.legal, name)
        if not at:
            self.say(f"{name}: no action names this square")
            return
        self.square = name
        self.query_one("#filter", Input).value = ""
        self.draw_actions()
        self.say(f"{name}: {len(at)} action{'s' if len(at) != 1 else ''} — ↑ ↓ and Enter, or a click")
        self.query_one("#filter", Input).focus()

    def say(self, text: str, error: bool = False) -> None:
        self.message = text
        self.draw_status()
        if error:
            self.bell()

    def save(self, path: str) -> None:
        self.session.save(path)
        self.say(f"saved to {path}")

    def show_log(self, n: int) -> None:
        log = self.query_one("#log", RichLog)
        log.write(Text(f"— the last {n} events —", style="dim"))
        for ev in self.session.state.log[-n:]:
            log.write(self.event_text(ev))

    # ----- keys -----------------------------------------------------------------------------------
    def action_move(self, step: int) -> None:
        ol = self.query_one("#actions", OptionList)
        if not ol.option_count:
            return
        k = 0 if ol.highlighted is None else ol.highlighted
        ol.highlighted = max(0, min(ol.option_count - 1, k + step))

    def action_step_back(self) -> None:
        field = self.query_one("#filter", Input)
        if field.value:
            field.value = ""
        elif self.square is not None:
            self.square = None
        elif self.path:
            self.path.pop()
        self.draw_actions()

    def action_help(self) -> None:
        t = Text()
        t.append(help_text(self.legal) + "\n\n")
        t.append("Keys: F1 help · F2 save (type the file name, Enter) · F3 hint · F4 undo · Esc back · "
                 "↑ ↓ choose · Enter take · F10 or Ctrl+Q quit.\nA click on a square of the board lists the actions "
                 "that name it. A long list comes in groups: Enter opens one, Esc goes back.", style="dim")
        self.push_screen(TextScreen(t))

    def action_save(self) -> None:
        field = self.query_one("#filter", Input)
        s = self.session
        field.value = f"save {s.game.id}-{s.state.seed}.json"
        field.focus()
        field.cursor_position = len(field.value)
        self.say("Enter saves to this file (change the name first if you like)")

    def action_undo(self) -> None:
        try:
            self.session.undo()
        except (DeadboardError, ValueError) as e:
            self.say(str(e), error=True)
            return
        self.message = "undone"
        self.refresh_game()

    def action_hint(self) -> None:
        self.start_hint(None)

    def start_hint(self, budget: str | None) -> None:
        if not self.legal or self.seat is None:
            self.say("no decision of yours to hint at", error=True)
            return
        if self.hinting:
            return
        self.hinting = True
        self.say("thinking …")
        self.hint_worker(self.session.state.clone(), self.seat, list(self.legal), budget)

    @work(thread=True, exclusive=True)
    def hint_worker(self, state: Any, seat: int, legal: list[Action], budget: str | None) -> None:
        """The search's recommendation, worked out on a copy of the game in a thread."""
        from deadboard.bots.mcts import hint

        try:
            h = hint(self.session.game, state, seat, budget)
            num = f" (#{legal.index(h.action) + 1})" if h.action in legal else ""
            said = action_line(self.session.game, self.session.game.view(state, seat), seat, h.action)
            text = f"hint: {said}{num} — estimated chance of winning {h.win_estimate:.0%}"
        except (DeadboardError, ValueError) as e:
            text = str(e)
        self.call_from_thread(self.hint_done, text)

    def hint_done(self, text: str) -> None:
        self.hinting = False
        self.say(text)


__all__ = ["PlayApp"]
