"""The widgets of the full-screen ``deadboard play``: the board pane and a box of text."""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.geometry import Size
from textual.message import Message
from textual.screen import ModalScreen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static


class Board(ScrollView):
    """The drawn board, line by line as the game's ``render`` draws it (Textual's line API: only the
    lines in sight are drawn again when it scrolls); remembers where each square is, for clicks."""

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

    def show(self, lines: list[list[Segment]], spans: list[tuple[int, int, int, str]]) -> None:
        self.strips = [Strip(line) for line in lines]
        self.squares = {}
        self.at = {}
        for y, x, n, name in spans:
            self.squares.setdefault(name, (y, x, n))
            self.at.setdefault(y, []).append((x, x + n, name))
        width = max((s.cell_length for s in self.strips), default=0)
        self.virtual_size = Size(width, len(self.strips))
        self.refresh()

    def text(self) -> str:
        """The board as plain text (for tests and screen readers)."""
        return "\n".join(s.text for s in self.strips)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        k = scroll_y + y
        width = self.scrollable_content_region.width
        if not 0 <= k < len(self.strips):
            return Strip.blank(width, self.rich_style)
        # the pane's own colours under the board's (a square without a background of its own
        # shows the pane's, not the terminal's)
        return self.strips[k].crop_extend(scroll_x, scroll_x + width, self.rich_style).apply_style(self.rich_style)

    def square_at(self, x: int, y: int) -> str | None:
        for x0, x1, name in self.at.get(y, ()):
            if x0 <= x < x1:
                return name
        return None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        name = self.square_at(offset.x + self.scroll_offset.x, offset.y + self.scroll_offset.y)
        if name is not None:
            self.post_message(self.SquareClicked(name))


class TextScreen(ModalScreen[None]):
    """Help, or the pass-the-screen curtain of hot-seat play: a box of text; any key closes it."""

    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > Static { width: auto; max-width: 76; height: auto; max-height: 22; border: round $accent;
                          padding: 0 1; background: $panel; }
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


__all__ = ["Board", "TextScreen"]
