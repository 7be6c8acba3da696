"""A game's quick reference: what a player needs at the table, section by section, in our own words
(the rulebook's sentences are never copied), read from the game's ``content/quickref.toml``::

    [[section]]
    title = "Turn order"
    ref = "Turn Sequence"          # the rulebook's section, so the full text can be found
    source = "authored"
    text = \"\"\"
    Sixteen turns from dusk to dawn, each in four phases ...
    \"\"\"

Each section becomes a :class:`~deadboard.core.descriptor.RuleSection`; a game's descriptor names the
loader as ``rules=``. A malformed file is a one-line :class:`~deadboard.core.errors.ContentError`
naming the file, the section and the field.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from deadboard.core.content import Record, load_records
from deadboard.core.descriptor import RuleSection
from deadboard.core.errors import ContentError


class Section(Record):
    """One ``[[section]]`` of a quick reference: ``source`` is "authored" (the text is ours)."""

    title: str = Field(min_length=1, max_length=80)
    ref: str = Field(min_length=1, max_length=80)
    text: str = Field(min_length=1, max_length=2000)


def load_quickref(path: Path) -> tuple[RuleSection, ...]:
    """The sections of a quick reference file, in order."""
    sections = load_records(path, "section", Section)
    titles = [s.title for s in sections]
    twice = next((t for t in titles if titles.count(t) > 1), None)
    if twice is not None:
        raise ContentError(f"{path.name}: two sections titled {twice!r}")
    return tuple(RuleSection(s.title, s.ref, _paragraphs(s.text)) for s in sections)


def _paragraphs(text: str) -> str:
    """Paragraphs as written, each joined into one line; a line that starts with "- " (an item
    of a list) stays a line of its own."""
    out = []
    for block in text.split("\n\n"):
        lines: list[str] = []
        for line in (x.strip() for x in block.splitlines()):
            if not line:
                continue
            if lines and not line.startswith("- "):
                lines[-1] += " " + line
            else:
                lines.append(line)
        if lines:
            out.append("\n".join(lines))
    return "\n\n".join(out)


def package_quickref(package_file: str, name: str = "quickref.toml") -> tuple[RuleSection, ...]:
    """The quick reference in the content folder of the game package whose ``__init__.py`` is
    ``package_file``."""
    return load_quickref(Path(package_file).parent / "content" / name)


__all__ = ["Section", "load_quickref", "package_quickref"]
