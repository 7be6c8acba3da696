"""Rules at hand: a game's quick reference (its descriptor's ``rules_reference()``) and its rulings
(``docs/rulings/<game>.md``, where the documentation is installed beside the sources), for the
Rules panel of the game page.

The rulings file is sent as its sections (a ``## `` heading each) of plain Markdown text; the page
shows lists, bold and code of it and nothing else (no HTML is ever read from it)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from deadboard.core.game import Game
from deadboard.core.registry import find_descriptor

#: where the rulings are when deadboard runs from its source tree (absent from an installed wheel)
RULINGS = Path(__file__).resolve().parents[3] / "docs" / "rulings"


def rules_of(game: Game[Any]) -> dict[str, Any]:
    """``{game, name, sections: [{title, ref, text}], rulings: {title, intro, sections} | None}``."""
    found = find_descriptor(game)
    sections = found.rules_reference() if found is not None else ()
    return {
        "game": game.id,
        "name": game.name,
        "sections": [{"title": s.title, "ref": s.ref, "text": s.text} for s in sections],
        "rulings": rulings_of(game.id),
    }


@functools.lru_cache(maxsize=16)
def rulings_of(game_id: str, folder: Path = RULINGS) -> dict[str, Any] | None:
    """The game's rulings file split at its ``## `` headings, or None when it is not here."""
    path = folder / f"{game_id}.md"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    title = ""
    intro: list[str] = []
    sections: list[dict[str, Any]] = []
    for line in text.splitlines():
        if line.startswith("# ") and not title and not sections:
            title = line[2:].strip()
        elif line.startswith("## "):
            sections.append({"title": line[3:].strip(), "lines": []})
        elif sections:
            sections[-1]["lines"].append(line)
        else:
            intro.append(line)
    return {
        "title": title,
        "intro": "\n".join(intro).strip(),
        "sections": [{"title": s["title"], "text": "\n".join(s["lines"]).strip()} for s in sections],
    }


__all__ = ["RULINGS", "rules_of", "rulings_of"]
