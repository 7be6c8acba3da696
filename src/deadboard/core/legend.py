"""The terminal boards' legend line: each glyph in its style, then what it means."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text


def legend_line(entries: Iterable[tuple[str, str, str]], gap: str = "  ") -> Text:
    """``Legend`` and each ``(glyph, style, meaning)`` in turn, ``gap`` after each meaning."""
    t = Text("Legend  ", style="bold")
    for glyph, style, what in entries:
        t.append(glyph, style=style)
        t.append(f" {what}{gap}")
    return t
