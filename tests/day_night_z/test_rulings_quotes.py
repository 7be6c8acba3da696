"""The rulings quote the rulebook: every text in double quotation marks in Day Night Z's rulings
files is the rulebook's exact words (whitespace aside), cut only with an ellipsis (each piece
between cuts verbatim)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK = Path("/work/shared/rulebooks/day-night-z.txt")
FILES = ["docs/rulings/day-night-z.md", "docs/rulings/day-night-z-campaign.md"]
QUOTE = re.compile(r"\"([^\"]*)\"|“([^”]*)”")
CUT = re.compile(r"\s*(?:…|\.\.\.)\s*")


def _flat(text: str) -> str:
    return " ".join(text.split())


def quotations(text: str) -> list[str]:
    return [a or b for a, b in QUOTE.findall(text)]


def missing(quote: str, book: str) -> list[str]:
    """The pieces of a quotation (between cuts) the rulebook does not hold word for word."""
    return [p for p in (_flat(x) for x in CUT.split(quote)) if p and p not in book]


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook text is not in this checkout")
@pytest.mark.parametrize("name", FILES)
def test_every_quotation_is_the_rulebooks_words(name: str) -> None:
    book = _flat(RULEBOOK.read_text())
    text = (ROOT / name).read_text()
    bad = [(q, missing(q, book)) for q in quotations(text) if missing(q, book)]
    assert not bad, "\n".join(f"{q!r}: not in the rulebook: {m}" for q, m in bad)
