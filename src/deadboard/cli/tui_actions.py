"""The rules of the full-screen action list: what Enter takes, where the highlight starts, and the
one question asked before a turn is thrown away.

- Enter with nothing typed takes the highlighted action; the highlight starts on the first action
  that does not end a turn (``end``, ``done``; ``pass`` when points are left).
- A number takes that action; the exact text of an action (as the engine spells it) or its exact
  sentence takes it; other words take an action only when exactly one action matches them, else
  they narrow the list.
- An action that ends a turn with points left (``Kevin Swift (A, 3 AP)``, ``Judy acts: 2 AP left``,
  ``action pool 2 3 Z``), or whose points are not known, asks once: ``end Swift's turn with 2 AP
  left? y/n``.

Nothing here knows a game: the points are read from the decision's prompt.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from deadboard.cli.session import help_text
from deadboard.core.action import Action
from deadboard.core.descriptor import RuleSection
from deadboard.core.game import Game, State

ENDING = ("end", "done")  # words that end a turn whatever is left
PASSING = ("pass",)  # a word that ends a turn only when points are left

_AP = re.compile(r"(\d+) AP\b")
_POOL = re.compile(r"action pool ((?:[0-9A-Za-z]+ ?)+)")


def points_left(prompt: str) -> str | None:
    """What the deciding seat has left to spend, in words (``2 AP``, ``3 dice``), ``""`` when it is
    known to be nothing, None when the prompt does not say."""
    m = _AP.search(prompt)
    if m is not None:
        n = int(m.group(1))
        return f"{n} AP" if n else ""
    m = _POOL.search(prompt)
    if m is not None:
        n = sum(1 for face in m.group(1).split() if face.isdigit())
        return f"{n} {'die' if n == 1 else 'dice'}" if n else ""
    return None


def ends_turn(action: Action, points: str | None) -> bool:
    verb = str(action[0])
    return verb in ENDING or (verb in PASSING and bool(points))


def first_highlight(actions: Sequence[Action | None], points: str | None) -> int:
    """The first action in the list that does not end a turn (a group counts as one that does not)."""
    for k, a in enumerate(actions):
        if a is None or not ends_turn(a, points):
            return k
    return 0


def possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def question(action: Action, who: str, points: str | None, legal: Sequence[Action]) -> str | None:
    """The question asked before ``action`` ends a turn, or None when it is taken at once (it does
    not end a turn, nothing is left, or there is nothing else to do)."""
    if not ends_turn(action, points) or points == "" or all(ends_turn(a, points) for a in legal):
        return None
    name = str(action[1]).capitalize() if len(action) > 1 and str(action[1]).isalpha() else who
    left = f" with {points} left" if points else ""
    return f"end {possessive(name)} turn{left}? y/n"


def normal(text: str) -> str:
    return " ".join(text.lower().split())


@dataclass(frozen=True)
class Entry:
    """One action of the list: its number (from 1), the action and its sentence for people."""

    number: int
    action: Action
    sentence: str

    @property
    def words(self) -> str:
        """What typing is matched against: the sentence and the engine's text."""
        return normal(self.sentence + " " + self.action.text)


def matching(typed: str, entries: Sequence[Entry]) -> list[Entry]:
    """The entries that typing ``typed`` keeps: a number keeps that number first and the numbers it
    begins; words keep the entries holding every one of them (in the sentence or in the text)."""
    low = normal(typed)
    if low.isdigit():
        exact = [e for e in entries if str(e.number) == low]
        return exact + [e for e in entries if str(e.number).startswith(low) and str(e.number) != low]
    words = low.split()
    return [e for e in entries if all(w in e.words for w in words)]


@dataclass(frozen=True)
class Resolved:
    """What Enter does with a typed line: take ``entry``, or narrow the list to ``count`` matches
    (``error`` when none or the number is out of range)."""

    entry: Entry | None = None
    count: int = 0
    error: str = ""


def resolve(typed: str, entries: Sequence[Entry]) -> Resolved:
    low = normal(typed)
    if low.isdigit():
        k = int(low)
        if not 1 <= k <= len(entries):
            return Resolved(error=f"choose a number from 1 to {len(entries)}")
        return Resolved(entry=entries[k - 1])
    for e in entries:
        if low in (normal(e.action.text), normal(e.sentence)):
            return Resolved(entry=e)
    matches = matching(typed, entries)
    if len(matches) == 1:
        return Resolved(entry=matches[0])
    if not matches:
        return Resolved(error=f"{typed!r} is not a legal action (F1: help)")
    return Resolved(count=len(matches))


def status_text(game: Game[Any], state: State, names: Sequence[str], bot: str, heading: str) -> Text:
    """The status line: who decides (a bot named as such) and what is asked, the game's heading
    (its clock, its objective), the game and the seed; once over, the outcome."""
    d = state.decision
    t = Text()
    if d is None:
        o = game.outcome(state)
        level = f" — {o.level}" if o is not None and o.level else ""
        winners = ", ".join(names[w] for w in o.winners) or "nobody" if o is not None else ""
        over = f"Game over: {o.reason}; score {o.score:g}{level}; winner: {winners}" if o is not None else "Game over"
        t.append(over, style="bold green")
    else:
        who = names[d.seat]
        asked = d.prompt  # the rules write every question in words
        t.append(f"{who}{f' ({bot})' if bot else ''}", style="bold yellow")
        if asked.startswith(who + ": "):
            t.append(f" — {asked[len(who) + 2:]}")
        elif asked.startswith(who) and not bot:  # "Kevin Swift (A, 3 AP): what now?"
            t.append(asked[len(who):])
        else:
            t.append(f" — {asked}")
    if heading:
        t.append(" · ", style="dim")
        t.append(heading, style="bold")
    t.append(f" · {game.name}, seed {state.seed}", style="dim")
    return t


def help_screen(legal: Sequence[Action], name: str, sections: Sequence[RuleSection]) -> Text:
    """F1: how to play in the terminal, then the game's quick reference (when it has one)."""
    t = Text()
    t.append(help_text(legal) + "\n\n")
    t.append("Keys: F1 help · F2 save (type the file name, Enter) · F3 hint · F4 undo · Esc back to the "
             "line · Tab the next pane · ↑ ↓ choose · Enter take · Page Up/Down, Shift+arrows scroll the board, "
             "Home back to the action · F10 or Ctrl+Q quit.\nA click on a square of the board lists the actions "
             "that name it. A long list comes in groups: Enter opens one, Esc goes back. An action that ends "
             "a turn with points left asks first: y takes it.", style="dim")
    if sections:
        t.append(f"\n\n{name}: quick reference", style="bold underline")
        for section in sections:
            t.append(f"\n\n{section.title}", style="bold")
            if section.ref:
                t.append(f"  ({section.ref})", style="dim")
            t.append("\n" + section.text)
    return t


__all__ = [
    "Entry",
    "Resolved",
    "ends_turn",
    "first_highlight",
    "help_screen",
    "matching",
    "points_left",
    "possessive",
    "question",
    "resolve",
    "status_text",
]
