"""``deadboard play`` full screen: a Textual app with a layout for every size of terminal.

::

    ┌ status: seat — what is asked · the game's heading (clock, objective) · game, seed ───────────┐
    │ message: what you did, an error, a hint, a question (its own row; stays until the next move) │
    │ board (rows never broken: it scrolls sideways, its column and row names stay in sight;       │
    │ follows the squares the actions name; a click on a square lists the actions that name it)   │
    ├ > filter ─────────────────────┬ log and dice ─────────────────────────────────────────────────┤
    │  1 Ben moves to c5            │ Ben moves to c5                                               │
    │ ▸ 2–18 move tough (17)        │ Zombie 23: roll 5 vs 4+: hit                                  │
    └ F1 help F2 save F3 hint F4 undo  Esc back  ^q quit ─────────────────────────────────────────┘

Under 120 columns, or when the board is too wide to stand beside them, the actions and the log sit
side by side under the board (9 rows high at 24 lines, 11 at 30, 14 at 40, 17 at 50 and more); from
120 columns a board that fits beside a side column (48 columns wide, 64 from 160) stands at the left
and the actions over the log at the right.

Typing anywhere goes to the filter line; Esc comes back to it from any pane and Tab goes round the
panes. Enter follows :mod:`deadboard.cli.tui_actions`. A long list is offered as groups
(``deadboard.cli.session``), opened with Enter and left with Esc. Every game is drawn through its
terminal drawing; nothing here knows a game.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from deadboard.cli import session as drawing
from deadboard.cli import tui_actions as choosing
from deadboard.cli import tui_widgets as widgets
from deadboard.cli.common import cite_rule
from deadboard.cli.session import GROUP_ABOVE, Choice, Session, actions_at, board, choice_tree
from deadboard.cli.tui_actions import Entry, help_screen, points_left, status_text
from deadboard.cli.tui_widgets import Board, Curtain, LogPane, TextScreen
from deadboard.core.action import Action
from deadboard.core.errors import DeadboardError, IllegalActionError
from deadboard.core.log import TRACE
from deadboard.core.registry import find_descriptor
from deadboard.core.table import BotTurn

COMMANDS = ("save", "undo", "hint", "help", "quit", "exit", "log", "?")


class PlayApp(App[None]):
    """One game in the terminal, full screen."""

    TITLE = "deadboard"
    CSS = """
    Screen { layout: vertical; }
    #status { height: auto; max-height: 2; background: $boost; padding: 0 1; }
    #message { height: auto; max-height: 2; background: $boost; padding: 0 1; text-style: italic; }
    #main { height: 1fr; layout: vertical; }
    #board { height: 1fr; min-height: 6; }
    #board:focus { background-tint: $accent 8%; }
    #lower { height: 9; layout: horizontal; }
    #choose { width: 1fr; border-top: solid $accent; border-title-color: $accent; }
    #filter { height: 1; }
    #actions { height: 1fr; border: none; padding: 0; }
    #actions:focus { background-tint: $accent 8%; }
    #log { width: 1fr; border-top: solid $secondary; border-left: vkey $secondary; scrollbar-size: 1 1;
           scrollbar-gutter: stable; }
    #log:focus { border-top: thick $secondary; }
    Screen.wide #main { layout: horizontal; }
    Screen.wide #board { height: 1fr; width: 1fr; }
    Screen.wide #lower { height: 1fr; layout: vertical; }
    Screen.wide #choose { height: 1fr; width: 100%; }
    Screen.wide #log { height: 1fr; width: 100%; border-left: none; }
    """
    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("f2", "save", "Save"),
        Binding("f3", "hint", "Hint"),
        Binding("f4", "undo", "Undo"),
        Binding("escape", "step_back", "Back"),
        Binding("up", "move(-1)", "", show=False, priority=True),
        Binding("down", "move(1)", "", show=False, priority=True),
        Binding("pageup", "scroll_board(0, -1)", "", show=False, priority=True),
        Binding("pagedown", "scroll_board(0, 1)", "", show=False, priority=True),
        Binding("shift+up", "scroll_board(0, -3)", "", show=False, priority=True),
        Binding("shift+down", "scroll_board(0, 3)", "", show=False, priority=True),
        Binding("shift+left", "scroll_board(-8, 0)", "", show=False, priority=True),
        Binding("shift+right", "scroll_board(8, 0)", "", show=False, priority=True),
        Binding("home", "follow", "", show=False, priority=True),
        Binding("f10", "quit", "Quit"),
    ]

    def __init__(self, session: Session, specs: dict[int, str] | None = None, delay: float = 0.0, note: str = "") -> None:
        super().__init__()
        self.session = session
        self.specs = specs or {}
        self.delay = delay
        self.names = session.game.seat_names(session.state.setup)
        self.descriptor = find_descriptor(session.game)
        self.legal: list[Action] = []
        self.entries: list[Entry] = []
        self.seat: int | None = None
        self.groups: list[Choice] = []
        self.path: list[Choice] = []  # the groups opened
        self.square: str | None = None  # a clicked square: only the actions naming it
        self.shown: list[Choice] = []  # what the list shows now, in order
        self.moved = False  # the highlight was moved since the filter last changed
        self.asking: Action | None = None  # an action that ends a turn, waiting for y/n
        self.seen = 0  # events already in the log pane
        self.message = note
        self.heading = ""  # the game's heading, drawn in the status line
        self.wide = False
        self.shown_seat: int | None = None  # hot-seat: whose screen it is
        self.waiting = False  # a bot's move is scheduled
        self.hinting = False

    # ----- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)
        yield Static(id="message", markup=False)
        with Container(id="main"):
            yield Board(id="board")
            with Container(id="lower"):
                with Vertical(id="choose"):
                    yield Input(placeholder="type a number, words of an action, or a command (F1: help)",
                                id="filter", compact=True)
                    yield OptionList(id="actions")
                yield LogPane(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.field.focus()
        self.call_after_refresh(self.refresh_game)  # once the panes have their sizes

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.draw_board)

    @property
    def field(self) -> Input:
        return self.query_one("#filter", Input)

    def arrange(self, wide: bool) -> None:
        """The layout of the screen's size: the board beside a side column, or above two panes."""
        width, height = self.size
        lower = self.query_one("#lower")
        self.wide = wide
        self.screen.set_class(wide, "wide")
        if wide:
            lower.styles.width = widgets.side_width(width)
            lower.styles.height = "1fr"
        else:
            lower.styles.width = "100%"
            lower.styles.height = widgets.lower_height(height)

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
        self.asking = None
        if d is not None and d.seat not in s.bots:
            self.seat = d.seat
            self.legal = s.game.legal_actions(s.state)
            view = s.view_for(d.seat)
            self.entries = [Entry(i + 1, a, self.describe(view, d.seat, a)) for i, a in enumerate(self.legal)]
            self.groups = choice_tree(s.game, view, self.legal) if len(self.legal) > GROUP_ABOVE else []
        else:
            self.seat = d.seat if d is not None else None
            self.legal = []
            self.entries = []
            self.groups = []
        if d is not None and d.seat not in s.bots:
            self.curtain(d.seat)
        self.field.value = ""
        self.write_log()
        self.draw_board()
        self.draw_status()
        self.draw_actions()
        if d is not None and d.seat in s.bots and not self.waiting:
            self.waiting = True  # until a person decides (or, watching, until the next move)
            self.set_timer(max(self.delay, 0.01), self.bot_step)

    def describe(self, view: Any, seat: int | None, action: Action) -> str:
        return self.descriptor.describe(view, seat, action) if self.descriptor is not None else action.text

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
        """Hot-seat: a new seat gets a cleared screen first; nothing the last seat saw or did is
        left on it (its last message neither)."""
        people = self.session.human_seats
        if len(people) < 2 or seat == self.shown_seat:
            return
        first = self.shown_seat is None
        self.shown_seat = seat
        if first:
            return
        self.message = ""
        self.push_screen(Curtain(Text(f"Pass the screen to {self.names[seat]}.\n\nPress any key to show "
                                      f"{self.names[seat]}'s board.", style="bold")))

    # ----- drawing --------------------------------------------------------------------------------
    def draw_status(self) -> None:
        s = self.session
        d = s.state.decision
        bot = f"bot {self.specs.get(d.seat, '')}" if d is not None and d.seat in s.bots else ""
        self.query_one("#status", Static).update(status_text(s.game, s.state, self.names, bot, self.heading))
        self.query_one("#message", Static).update(Text(self.message or " ", no_wrap=True, overflow="ellipsis"))

    def draw_board(self) -> None:
        """The board drawn for the screen's size: beside the side column when it fits there
        whole, else above the actions and the log; its rows are never broken."""
        b = self.query_one("#board", Board)
        s = self.session
        seat = self.seat if self.seat is not None and self.seat not in s.bots else None
        drawn = board(s.game, s.view_for(seat), seat)
        width = self.size.width or 80
        wide = False
        lines = []
        side = widgets.side_width(width)
        if side:
            pane = width - side - 1  # the board's scroll bar
            lines = drawing.rendered_lines(drawn, pane)
            wide = max((drawing.line_width(line) for line in lines), default=0) <= pane
        if not wide:
            lines = drawing.rendered_lines(drawn, width - 1)
        self.arrange(wide)
        self.heading, lines = drawing.take_heading(lines)
        b.show(lines, drawing.square_spans(lines))
        self.call_after_refresh(self.follow)

    def follow(self) -> None:
        """Scroll the board to the squares the actions name (else those of the last moves)."""
        b = self.query_one("#board", Board)
        if not b.squares:
            return
        s = self.session
        view = s.view_for(self.seat)
        names = drawing.squares_named(s.game, view, self.seat, self.legal, b.squares) if self.legal else []
        if not names or len(names) > 40:
            names = drawing.squares_named(s.game, view, self.seat, reversed(s.actions[-6:]), b.squares)[:3]
        if not names:
            return
        b.show_squares(names)

    def write_log(self) -> None:
        log = self.query_one("#log", LogPane)
        events_ = self.session.state.log
        if self.seen > len(events_):  # undone
            log.forget()
            self.seen = max(0, len(events_) - 200)
        for ev in events_[self.seen:]:
            if ev.kind != TRACE:
                log.add(widgets.event_text(ev))
        self.seen = len(events_)

    def points(self) -> str | None:
        d = self.session.state.decision
        return points_left(d.prompt) if d is not None else None

    def draw_actions(self) -> None:
        ol = self.query_one("#actions", OptionList)
        box = self.query_one("#choose", Vertical)
        typed = self.field.value.strip()
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
        filtered = bool(typed) and not self.is_command(typed)
        if filtered:
            matches = choosing.matching(typed, self.entries)
            box.border_title = f"{len(matches)} of {len(self.legal)} actions match"
            self.shown = [Choice(e.sentence, e.number, e.action) for e in matches]
        elif self.square is not None:
            at = actions_at(self.session.game, self.session.view_for(self.seat), self.seat, self.legal, self.square)
            box.border_title = f"actions at {self.square} (Esc: all)"
            self.shown = [Choice(self.entries[i].sentence, i + 1, self.legal[i]) for i in at]
        elif self.groups:
            level = self.path[-1].children if self.path else self.groups
            crumbs = " › ".join(c.label for c in self.path)
            box.border_title = (crumbs + " (Esc: back)") if crumbs else f"{len(self.legal)} actions, grouped"
            self.shown = list(level)
        else:
            box.border_title = f"{len(self.legal)} action{'s' if len(self.legal) != 1 else ''}"
            self.shown = [Choice(e.sentence, e.number, e.action) for e in self.entries]
        for c in self.shown:
            ol.add_option(Option(widgets.action_line(c)))
        if not self.shown:
            ol.add_option(Option(Text("no action matches", style="dim"), disabled=True))
        else:
            ol.highlighted = 0 if filtered else choosing.first_highlight([c.action for c in self.shown], self.points())

    @staticmethod
    def is_command(typed: str) -> bool:
        return typed.split()[0].lower() in COMMANDS

    # ----- input ----------------------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        """Focus always comes back: a character typed in any pane goes to the filter line, and
        Enter there takes what the line says."""
        if self.screen is not self.screen_stack[0] or isinstance(self.focused, Input):
            return
        if event.is_printable and event.character:
            event.stop()
            self.field.focus()
            self.field.insert_text_at_cursor(event.character)
        elif event.key == "enter" and not isinstance(self.focused, OptionList):
            event.stop()
            self.field.focus()
            self.submit(self.field.value.strip())

    def on_input_changed(self, event: Input.Changed) -> None:
        if self.asking is not None:
            answer = event.value.strip().lower()
            if len(answer) == 1:  # the key typed after the question (not the line that asked)
                action, self.asking = self.asking, None
                self.field.value = ""
                if answer == "y":
                    self.take(action)
                else:
                    self.say(f"not taken: {self.entry_of(action).sentence}")
            return
        self.square = None if event.value else self.square
        self.moved = False
        self.draw_actions()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.submit(event.value.strip())

    def submit(self, typed: str) -> None:
        if self.asking is not None:
            self.say(self.message)  # the question stands: y or n
            return
        try:
            if not typed or (self.moved and not self.is_command(typed)):
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
            found = choosing.resolve(typed, self.entries)
            if found.error:
                s = self.session
                raise IllegalActionError(found.error if typed.isdigit() else cite_rule(s.game, s.state, typed, found.error))
            if found.entry is not None:
                self.offer(found.entry.action)
                return
            self.say(f"{found.count} actions match {typed!r}: type more words, or ↑ ↓ and Enter")
        except (DeadboardError, ValueError) as e:
            self.say(str(e), error=True)

    def entry_of(self, action: Action) -> Entry:
        return next((e for e in self.entries if e.action == action), Entry(0, action, action.text))

    def choose_highlighted(self) -> None:
        ol = self.query_one("#actions", OptionList)
        k = ol.highlighted
        if k is None or not 0 <= k < len(self.shown):
            return
        self.choose(self.shown[k])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if 0 <= event.option_index < len(self.shown):
            self.choose(self.shown[event.option_index])
        self.field.focus()

    def choose(self, c: Choice) -> None:
        if c.action is not None:
            self.offer(c.action)
            return
        self.path.append(c)
        self.field.value = ""
        self.draw_actions()

    def offer(self, action: Action) -> None:
        """Take ``action``, unless it ends a turn with points left: then ask once, y or n."""
        d = self.session.state.decision
        who = self.names[d.seat] if d is not None else ""
        ask = choosing.question(action, who, self.points(), self.legal)
        if ask is None:
            self.take(action)
            return
        self.asking = action
        self.field.value = ""
        self.field.focus()
        self.say(ask)

    def take(self, action: Action) -> None:
        try:
            self.session.apply(action)
        except (DeadboardError, ValueError) as e:
            self.say(str(e), error=True)
            return
        self.message = f"you: {self.entry_of(action).sentence}"
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
        self.field.value = ""
        self.draw_actions()
        self.say(f"{name}: {len(at)} action{'s' if len(at) != 1 else ''} — ↑ ↓ and Enter, or a click")
        self.field.focus()

    def say(self, text: str, error: bool = False) -> None:
        self.message = text
        self.draw_status()
        if error:
            self.bell()

    def save(self, path: str) -> None:
        self.session.save(path)
        self.say(f"saved to {path}")

    def show_log(self, n: int) -> None:
        log = self.query_one("#log", LogPane)
        log.add(Text(f"— the last {n} events —", style="dim"))
        for ev in [e for e in self.session.state.log if e.kind != TRACE][-n:]:
            log.add(widgets.event_text(ev))

    # ----- keys -----------------------------------------------------------------------------------
    def action_move(self, step: int) -> None:
        ol = self.query_one("#actions", OptionList)
        if not ol.option_count:
            return
        k = 0 if ol.highlighted is None else ol.highlighted
        ol.highlighted = max(0, min(ol.option_count - 1, k + step))
        self.moved = True

    def action_scroll_board(self, dx: int, dy: int) -> None:
        """Page Up/Down and Shift+arrows scroll the board (Home brings it back to the action)."""
        b = self.query_one("#board", Board)
        if dy in (-1, 1):
            dy *= max(1, b.size.height - 2)
        b.scroll_to(x=b.scroll_x + dx, y=b.scroll_y + dy, animate=False)

    def action_follow(self) -> None:
        self.follow()

    def action_step_back(self) -> None:
        self.field.focus()
        if self.asking is not None:
            action, self.asking = self.asking, None
            self.say(f"not taken: {self.entry_of(action).sentence}")
            return
        if self.field.value:
            self.field.value = ""
        elif self.square is not None:
            self.square = None
        elif self.path:
            self.path.pop()
        self.draw_actions()

    def action_help(self) -> None:
        sections = self.descriptor.rules_reference() if self.descriptor is not None else ()
        self.push_screen(TextScreen(help_screen(self.legal, self.session.game.name, sections)))

    def action_save(self) -> None:
        field = self.field
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
            text = f"hint: {self.entry_of(h.action).sentence}{num} — estimated chance of winning {h.win_estimate:.0%}"
        except (DeadboardError, ValueError) as e:
            text = str(e)
        self.call_from_thread(self.hint_done, text)

    def hint_done(self, text: str) -> None:
        self.hinting = False
        self.say(text)


__all__ = ["PlayApp"]
