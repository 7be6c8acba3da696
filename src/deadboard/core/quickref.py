"""A game's quick reference: what a player needs at the table, section by section, in our own words
(the rulebook's sentences are never copied), read from the game's ``content/quickref.toml``::

    [[section]]
    title = "Turn order"
    ref = "Turn Sequence"          # the rulebook's section, so the full text can be found
    source = "authored"
    text = \"\"\"
    Sixteen turns from dusk to dawn, each in four phases ...
    \"\"\"

    [section.rulebook]             # what follows which rulebook section (its heading, as written)
    "Turn Sequence" = { events = ["turn", "phase"] }
    "4. Live Human Action Phase" = { actions = ["move", "done"], events = ["move"] }

A refused action and a log entry name the rulebook section their kind follows (``§3.11 Line of
Sight``), and the Rules panel opens at the quick reference section that holds the link
(:class:`~deadboard.core.descriptor.RuleIndex`).

Each section becomes a :class:`~deadboard.core.descriptor.RuleSection`; a game's descriptor names the
loader as ``rules=``. A malformed file is a one-line :class:`~deadboard.core.errors.ContentError`
naming the file, the section and the field.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from deadboard.core.content import Record, load_records
from deadboard.core.descriptor import RuleLink, RuleSection
from deadboard.core.errors import ContentError


class Follows(BaseModel):
    """The kinds of actions and of logged events that follow one rulebook section."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    actions: list[str] = Field(default_factory=list)
    events: list[str] = Field(default_factory=list)


class Section(Record):
    """One ``[[section]]`` of a quick reference: ``source`` is "authored" (the text is ours);
    ``rulebook`` maps rulebook headings to the action and event kinds that follow them."""

    title: str = Field(min_length=1, max_length=80)
    ref: str = Field(min_length=1, max_length=80)
    text: str = Field(min_length=1, max_length=2000)
    rulebook: dict[str, Follows] = Field(default_factory=dict)


def load_quickref(path: Path) -> tuple[RuleSection, ...]:
    """The sections of a quick reference file, in order."""
    sections = load_records(path, "section", Section)
    titles = [s.title for s in sections]
    twice = next((t for t in titles if titles.count(t) > 1), None)
    if twice is not None:
        raise ContentError(f"{path.name}: two sections titled {twice!r}")
    return tuple(RuleSection(s.title, s.ref, _paragraphs(s.text), _links(s)) for s in sections)


def _links(section: Section) -> tuple[RuleLink, ...]:
    return tuple(RuleLink(heading, tuple(f.actions), tuple(f.events)) for heading, f in section.rulebook.items())


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


__all__ = ["Follows", "Section", "load_quickref", "package_quickref"]
