"""Every quotation in ``docs/rulings/`` is the rulebook's own words.

The rulings quote the rulebook on each side of an ambiguity; a quotation that is a paraphrase
puts words in the rulebook's mouth. So any text in double quotation marks ("…" or “…”) in a
rulings file must appear in that game's rulebook verbatim — whitespace and line breaks aside,
straight and curly quotes and apostrophes alike — where ``…`` (or ``...``) marks a cut: each piece
between cuts is verbatim, and the pieces come in the rulebook's order. Text in backticks (action
texts, file names, code) is not a quotation.

The rulebooks are not part of the repository: they are looked for in ``shared/rulebooks/`` beside
the repository or one of its parents (``DEADBOARD_RULEBOOKS`` names another folder)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULINGS = ROOT / "docs" / "rulings"

# Each rulings file and the rulebook it quotes: the campaign's rulings quote Day Night Z's book.
RULEBOOK_OF = {
    "the-night": "the-night",
    "district-z": "district-z",
    "zombie-dawn": "zombie-dawn",
    "zpocalypse-2": "zpocalypse-2",
    "day-night-z": "day-night-z",
    "day-night-z-campaign": "day-night-z",
}

CUT = re.compile(r"\s*(?:…|\.\.\.)\s*")
CODE = re.compile(r"`[^`]*`")
QUOTED = re.compile(r"\"([^\"]*)\"|“([^”]*)”")


def _rulebooks() -> Path | None:
    named = os.environ.get("DEADBOARD_RULEBOOKS")
    if named:
        return Path(named)
    for folder in (ROOT, *ROOT.parents):
        candidate = folder / "shared" / "rulebooks"
        if candidate.is_dir():
            return candidate
    return None


def normalize(text: str) -> str:
    """Whitespace runs to one space; curly quotes and apostrophes to straight ones."""
    text = text.replace("“", '"').replace("”", '"').replace("‘", "'").replace("’", "'")
    return " ".join(text.split())


def quotations(markdown: str) -> list[str]:
    """The texts in double quotation marks, outside code spans, in the order they come."""
    prose = CODE.sub(" ", markdown)
    return [m.group(1) if m.group(1) is not None else m.group(2) for m in QUOTED.finditer(prose)]


def misquotes(quotes: list[str], rulebook: str) -> list[str]:
    """The quotations whose pieces (between cuts) are not the rulebook's words in its order."""
    book = normalize(rulebook)
    wrong = []
    for quote in quotes:
        at = 0
        for piece in CUT.split(normalize(quote)):
            if not piece:
                continue
            found = book.find(piece, at)
            if found < 0:
                wrong.append(quote)
                break
            at = found + len(piece)
    return wrong


def test_a_cut_quotation_matches_its_pieces_in_order() -> None:
    book = "Roll a D6. On a roll of 6 she dies - replace her with the dead Karen counter."
    assert misquotes(["Roll a D6. … she dies", "On a roll\n of 6", "dead Karen…replace"], book) == [
        "dead Karen…replace"]
    assert misquotes(["she’s"], "she's") == []
    assert quotations('a "quote" and `"code"` and “curly”') == ["quote", "curly"]


def _cases() -> list[Any]:
    return [pytest.param(path.stem, id=path.stem) for path in sorted(RULINGS.glob("*.md"))]


def test_every_rulings_file_has_its_rulebook() -> None:
    assert sorted(p.stem for p in RULINGS.glob("*.md")) == sorted(RULEBOOK_OF)


@pytest.mark.parametrize("rulings", _cases())
def test_every_quotation_in_the_rulings_is_the_rulebooks_words(rulings: str) -> None:
    folder = _rulebooks()
    if folder is None or not (folder / f"{RULEBOOK_OF[rulings]}.txt").is_file():
        pytest.skip("the rulebooks are not here: set DEADBOARD_RULEBOOKS to their folder")
    rulebook = (folder / f"{RULEBOOK_OF[rulings]}.txt").read_text(encoding="utf-8")
    quotes = quotations((RULINGS / f"{rulings}.md").read_text(encoding="utf-8"))
    assert quotes, f"{rulings}.md quotes nothing"
    wrong = misquotes(quotes, rulebook)
    assert not wrong, f"{len(wrong)} of {len(quotes)} quotations in {rulings}.md are not the rulebook's words:\n" + (
        "\n".join(f"  “{q}”" for q in wrong))
