"""The widgets of the full-screen ``deadboard play``: the board pane, a box of text, the hot-seat curtain."""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import RichLog, Static

from deadboard.cli.session import Choice, dice_in
from deadboard.core.log import Event

WIDE = 120  # columns from which a board that fits stands beside the actions and the log
SIDE = {120: 48, 160: 64}  # the side column's width, from these widths of the screen
LOWER = ((50, 17), (40, 14), (30, 11), (0, 9))  # rows of the screen -> rows under the board
LOG_STYLE = {"turn": "bold", "combat": "yellow", "death": "bold red", "shot": "magenta", "end": "bold green",
             "roll": "dim", "event": "cyan"}


def side_width(width: int) -> int:
    return max(w for least, w in SIDE.items() if width >= least) if width >= WIDE else 0


def lower_height(height: int) -> int:
    return next(rows for least, rows in LOWER if height >= least)


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


def action_line(c: Choice) -> Table:
    """One line of the list: an action's number and its sentence, or a group and its numbers; a
    sentence longer than the pane is wide goes on under itself, clear of the numbers."""
    line = Table.grid(expand=True)
    line.add_column(width=4, no_wrap=True)
    line.add_column(ratio=1, overflow="fold")
    if c.action is not None:
        line.add_row(Text(f"{c.number:>3} ", style="bold cyan"), c.label)
    else:
        n = sum(1 for _ in c.leaves())
        line.add_row(Text("  ▸ ", style="bold"),
                     Text.assemble((f"{c.span} " if c.span else "", "cyan"), c.label, (f" ({n})", "dim")))
    return line


class LogPane(RichLog):
    """The log: what it was given is kept (the last 300 entries) and written again, wrapped at the
    new width, when the pane changes width (a layout for another size of screen)."""

    KEEP = 300

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.kept: list[Text] = []
        self.written_at = 0

    def add(self, text: Text) -> None:
        self.kept = [*self.kept[-(self.KEEP - 1):], text]
        self.write(text)

    def forget(self) -> None:
        self.kept = []
        self.clear()

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        width = event.size.width
        if width and self.written_at and width != self.written_at:
            self.clear()
            for text in self.kept:
                self.write(text)
        self.written_at = width or self.written_at


class Board(ScrollView):
    """The drawn board, line by line as the game's ``render`` draws it (Textual's line API: only the
    lines in sight are drawn again when it scrolls); remembers where each square is, for clicks.

    Coordinates stay in sight: a line of column names (drawn with ``Style(meta={"coords":
    "columns"})``) sticks to the top of the pane once scrolled past, while the rows it heads are in
    sight; row names (``meta={"coords": "row"}``, at the start of their lines) stay at the left of
    those rows when the board scrolls sideways."""

    DEFAULT_CSS = "Board { scrollbar-size: 1 1; }"

    class SquareClicked(Message):
        """A square of the board was clicked."""

        def __init__(self, square: str) -> None:
            super().__init__()
            self.square = square

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.strips: list[Strip] = []
        self.squares: dict[str, tuple[int, int, int]] = {}
        self.at: dict[int, list[tuple[int, int, str]]] = {}
        self.blocks: list[tuple[int, int, int]] = []  # (line of the column names, last line, row names' width)
        self.followed: list[str] = []  # the squares last scrolled into sight

    def show(self, lines: list[list[Segment]], spans: list[tuple[int, int, int, str]]) -> None:
        self.strips = [Strip(line) for line in lines]
        self.squares = {}
        self.at = {}
        for y, x, n, name in spans:
            self.squares.setdefault(name, (y, x, n))
            self.at.setdefault(y, []).append((x, x + n, name))
        self.blocks = coordinate_blocks(lines)
        width = max((s.cell_length for s in self.strips), default=0)
        self.virtual_size = Size(width, len(self.strips))
        self.refresh()

    def text(self) -> str:
        """The board as plain text (for tests and screen readers)."""
        return "\n".join(s.text for s in self.strips)

    def block_of(self, k: int) -> tuple[int, int, int] | None:
        for block in self.blocks:
            if block[0] <= k <= block[1]:
                return block
        return None

    def line_at(self, y: int) -> int:
        """The board's line drawn on row ``y`` of the pane: the column names on the top row while
        the rows they head are scrolled under it."""
        k = int(self.scroll_offset.y) + y
        if y == 0:
            block = self.block_of(k)
            if block is not None and block[0] < k:
                return block[0]
        return k

    def frozen(self, k: int) -> int:
        """Columns at the left of line ``k`` that do not scroll sideways (its block's row names)."""
        block = self.block_of(k)
        return block[2] if block is not None else 0

    def render_line(self, y: int) -> Strip:
        scroll_x = int(self.scroll_offset.x)
        k = self.line_at(y)
        width = self.scrollable_content_region.width
        if not 0 <= k < len(self.strips):
            return Strip.blank(width, self.rich_style)
        line = self.strips[k]
        keep = self.frozen(k)
        if keep and scroll_x and width > keep:
            line = Strip.join([line.crop(0, keep), line.crop(scroll_x + keep, scroll_x + width)])
        else:
            line = line.crop(scroll_x, scroll_x + width)
        # the pane's own colours under the board's (a square without a background of its own
        # shows the pane's, not the terminal's)
        return line.extend_cell_length(width, self.rich_style).apply_style(self.rich_style)

    def on_resize(self, event: events.Resize) -> None:
        if self.followed:  # a new layout: the squares followed stay in sight
            self.call_after_refresh(self.show_squares, self.followed)

    def show_squares(self, names: list[str]) -> None:
        """Scroll so that these squares are in sight (centred)."""
        self.followed = [n for n in names if n in self.squares]
        if not self.followed:
            return
        spots = [self.squares[n] for n in self.followed]
        y0 = min(y for y, _, _ in spots)
        y1 = max(y for y, _, _ in spots)
        x0 = min(x for _, x, _ in spots)
        x1 = max(x + n for _, x, n in spots)
        # centred by an absolute offset, worked out from the squares and the pane alone: Textual's
        # centring moves by a delta from where the board is now, rounded, so the same squares could
        # land a row apart after a different history of scrolls
        view = self.scrollable_content_region.size
        h = min(y1 - y0 + 1, max(1, view.height))
        w = min(x1 - x0, max(1, view.width))
        self.scroll_to(x=max(0, x0 + (w - view.width + 1) // 2), y=max(0, y0 + (h - view.height + 1) // 2),
                       animate=False, force=True, immediate=True)

    def square_at(self, x: int, y: int) -> str | None:
        """The square drawn at column ``x`` of the board's line ``y``."""
        for x0, x1, name in self.at.get(y, ()):
            if x0 <= x < x1:
                return name
        return None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        k = self.line_at(offset.y)
        x = offset.x if offset.x < self.frozen(k) else offset.x + int(self.scroll_offset.x)
        name = self.square_at(x, k)
        if name is not None:
            self.post_message(self.SquareClicked(name))


def coordinate_blocks(lines: list[list[Segment]]) -> list[tuple[int, int, int]]:
    """Each line of column names with the last row it heads and the width of the row names at the
    start of those rows: (line, last line, width)."""
    def coords(seg: Segment) -> object:
        return seg.style.meta.get("coords") if seg.style is not None else None

    blocks: list[tuple[int, int, int]] = []
    head = -1
    last = -1
    names = 0
    for y, line in enumerate(lines):
        if any(coords(seg) == "columns" for seg in line):
            if head >= 0:
                blocks.append((head, last, names))
            head, last, names = y, y, 0
            continue
        width = 0
        for seg in line:
            if coords(seg) != "row":
                break
            width += seg.cell_length
        if width and head >= 0:
            last, names = y, max(names, width)
    if head >= 0:
        blocks.append((head, last, names))
    return blocks


class TextScreen(ModalScreen[None]):
    """Help and the game's quick reference: a box of text that scrolls (↑ ↓, Page Up/Down); any
    other key closes it."""

    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > VerticalScroll { width: auto; max-width: 100; height: auto; max-height: 90%;
                                  border: round $accent; padding: 0 1; background: $panel; }
    TextScreen Static { width: auto; max-width: 96; }
    """
    SCROLLING = {"up": -1, "down": 1, "pageup": -10, "pagedown": 10}

    def __init__(self, text: Text | str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.text)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        step = self.SCROLLING.get(event.key)
        if step is not None:
            box = self.query_one(VerticalScroll)
            box.scroll_to(y=box.scroll_y + step, animate=False)
            return
        self.dismiss()

    def on_click(self, event: events.Click) -> None:
        self.dismiss()


class Curtain(Screen[None]):
    """Hot-seat: the screen handed to the next player, with nothing of the previous seat's on it
    (a whole screen, not a box over the game); any key shows the new seat's board."""

    DEFAULT_CSS = """
    Curtain { align: center middle; background: $background; }
    Curtain > Static { width: auto; max-width: 76; height: auto; border: round $accent; padding: 1 2; }
    """

    def __init__(self, text: Text | str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss()

    def on_click(self, event: events.Click) -> None:
        self.dismiss()


__all__ = [
    "LOWER",
    "SIDE",
    "WIDE",
    "Board",
    "Curtain",
    "LogPane",
    "TextScreen",
    "action_line",
    "coordinate_blocks",
    "event_text",
    "lower_height",
    "side_width",
]
