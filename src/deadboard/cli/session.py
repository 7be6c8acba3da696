"""A game being played in the terminal, and what both terminal front ends (the full-screen app and
the line mode of ``deadboard play --plain``) draw from a game's terminal drawing.

The terminal drawing of a game is the :class:`~deadboard.core.descriptor.TerminalDrawing` its
descriptor names: ``render`` (the board and status, from a view only; without a terminal drawing the
snapshot is shown), and optionally ``legend`` (shown under the board), ``choice_path`` (a long list
of actions offered step by step, as sentences; without it an action of several words is grouped by
all its words but the last: ``move tough`` then ``r.b29``) and ``square_of`` (the square an action
belongs to when its words do not name it). Squares drawn with ``Style(meta={"square": NAME})`` are
clickable and followed.

Nothing here knows any game.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.segment import Segment
from rich.text import Text

from deadboard.bots.base import Bot
from deadboard.core.action import Action
from deadboard.core.descriptor import TerminalDrawing
from deadboard.core.errors import IllegalActionError
from deadboard.core.game import Game, State
from deadboard.core.registry import find_descriptor
from deadboard.core.save import make_save
from deadboard.core.table import Entry, Table

GROUP_ABOVE = 30  # longer lists of actions are offered grouped


class Session(Table[State]):
    """A game being played in the terminal: a table (seats, record, bots) that can be saved and
    shown to the seat deciding."""

    def __init__(self, game: Game, state: State, bots: Mapping[int, Bot], record: list[Entry] | None = None) -> None:
        super().__init__(game, state, bots, record)

    @property
    def human_seats(self) -> list[int]:
        return self.persons

    @property
    def actions(self) -> list[str]:
        return self.texts()

    def save(self, path: str) -> None:
        if not path:
            raise IllegalActionError("save needs a file name: save FILE")
        try:
            make_save(self.game, self.state, self.texts()).write(path)
        except OSError as e:
            raise IllegalActionError(f"cannot write {path}: {e.strerror or e}") from None

    def view_for(self, seat: int | None) -> State:
        """What the screen may show: the deciding seat's view when several people share it."""
        if seat is not None and len(self.human_seats) > 1:
            return self.game.view(self.state, seat)
        return self.state


def renderer(game: Game) -> TerminalDrawing[Any] | None:
    """The game's terminal drawing (from its descriptor), or None."""
    found = find_descriptor(game)
    return found.terminal_drawing() if found is not None else None


def board(game: Game, view: State, seat: int | None) -> RenderableType:
    """The game's terminal drawing of ``view`` (its legend under it), or its snapshot."""
    terminal = renderer(game)
    if terminal is None:
        return Text(str(game.snapshot(view)))
    drawn: RenderableType = terminal.render(game, view, seat)
    if terminal.legend is not None:
        return Group(drawn, terminal.legend(game, view))
    return drawn


def action_line(game: Game, view: State, seat: int | None, action: Action) -> str:
    """An action as the terminal lists it: the game's sentence for people, then the text to type
    (``Ben moves to c5  [move Ben c5]``); the text alone where the game has no sentence for it."""
    found = find_descriptor(game)
    said = found.describe(view, seat, action) if found is not None else action.text
    return action.text if said == action.text else f"{said}  [{action.text}]"


def example_action(legal: Sequence[Action]) -> str:
    """An action of the game being played to show in the help: one with the most words."""
    if not legal:
        return ""
    return max(legal, key=lambda a: (len(a), -legal.index(a))).text


def help_text(legal: Sequence[Action]) -> str:
    example = example_action(legal)
    eg = f' (e.g. "{example}")' if example else ""
    return (f"Type the number of an action, or its text{eg}.\n"
            "Commands: save FILE · undo · board · log [N] · actions · hint [ITERATIONS|SECONDSs] · help · quit")


# ----- grouping long lists of actions ------------------------------------------------------------
@dataclass
class Choice:
    """A node of the tree of actions: a label and either an action (a leaf: its number from 1) or
    the choices under it."""

    label: str
    number: int = 0
    action: Action | None = None
    children: list[Choice] = field(default_factory=list)

    def leaves(self) -> Iterable[Choice]:
        if self.action is not None:
            yield self
        for c in self.children:
            yield from c.leaves()

    @property
    def first(self) -> int:
        return min(c.number for c in self.leaves())

    @property
    def last(self) -> int:
        return max(c.number for c in self.leaves())

    @property
    def span(self) -> str:
        """``5–8``: the numbers of the actions under it, or "" when they are not a run."""
        numbers = sorted(c.number for c in self.leaves())
        a, b = numbers[0], numbers[-1]
        if b - a + 1 != len(numbers):
            return ""
        return str(a) if a == b else f"{a}–{b}"


def choice_path(game: Game, view: State, action: Action) -> tuple[str, ...]:
    terminal = renderer(game)
    fn = terminal.choice_path if terminal is not None else None
    if fn is not None:
        path = fn(game, view, action)
        if path:
            return tuple(path)
    if len(action) > 1:
        return (" ".join(map(str, action[:-1])), str(action[-1]))
    return (action.text,)


def choice_tree(game: Game, view: State, legal: Sequence[Action]) -> list[Choice]:
    """The legal actions as a tree of their paths, in the order of the actions; a group of one
    action is that action."""
    root = Choice("")
    groups: dict[tuple[int, str], Choice] = {}  # (id of the parent, label) -> group
    for i, a in enumerate(legal):
        node = root
        path = choice_path(game, view, a)
        for part in path[:-1]:
            child = groups.get((id(node), part))
            if child is None:
                child = groups[id(node), part] = Choice(part)
                node.children.append(child)
            node = child
        node.children.append(Choice(path[-1], i + 1, a))
    _fold(root)
    return root.children


def _fold(node: Choice) -> None:
    for k, c in enumerate(node.children):
        _fold(c)
        if c.action is None and len(c.children) == 1:
            only = c.children[0]
            node.children[k] = Choice(f"{c.label} {only.label}", only.number, only.action, only.children)


def grouped_lines(tree: list[Choice], width: int = 100) -> list[Text]:
    """A long list of actions in plain sentences, one group a line: ``move tough: 2 r.b29 · 3 r.c29``
    and, two levels deep, ``Place the Crossroads zone: 1–4 at slot A, 5–8 at slot B … — in each,
    in order: turned 0°, 90°, 180°, 270°``."""
    out: list[Text] = []
    for top in tree:
        if top.action is not None:
            out.append(Text.assemble((f"{top.number:>3} ", "bold cyan"), top.label))
            continue
        line = Text.assemble((f"{top.span} " if top.span else "", "bold cyan"), (top.label, "bold"), ": ")
        inner = top.children
        if all(c.action is not None for c in inner):
            _join(line, [(str(c.number), c.label) for c in inner])
        else:
            _join(line, [(c.span, c.label) for c in inner])
            kinds = {tuple(g.label for g in c.children) for c in inner if c.action is None}
            if len(kinds) == 1 and all(c.action is None for c in inner):
                line.append(" — in each, in order: " + ", ".join(next(iter(kinds))), style="dim")
        out.append(line)
    return out


def _join(line: Text, parts: list[tuple[str, str]]) -> None:
    for k, (num, label) in enumerate(parts):
        if k:
            line.append(" · ", style="dim")
        line.append(num, style="bold cyan")
        line.append(" " + label)


# ----- dice in the log ---------------------------------------------------------------------------
def dice_in(data: Mapping[str, Any] | None) -> list[tuple[str, list[int], Any]]:
    """The rolls an event records, as the games write them (``roll``, ``*_roll`` or ``dice``, with
    ``success``/``hit``): (label, values, success or None). The browser reads the same keys."""
    out: list[tuple[str, list[int], Any]] = []
    for key, value in (data or {}).items():
        if not (key in ("roll", "dice") or key.endswith("_roll")):
            continue
        values = [value] if isinstance(value, int) and not isinstance(value, bool) else value
        if not (isinstance(values, list | tuple) and values and all(isinstance(v, int) and not isinstance(v, bool) for v in values)):
            continue
        prefix = "" if key in ("roll", "dice") else key[: -len("roll")]
        ok = (data or {}).get(prefix + "success", (data or {}).get(prefix + "hit"))
        out.append((prefix[:-1].replace("_", " "), list(values), ok))
    return out


# ----- squares on the board -----------------------------------------------------------------------
def rendered_lines(renderable: RenderableType, width: int) -> list[list[Segment]]:
    """The renderable as lines of segments (colours and meta kept): text wraps at ``width`` columns,
    but a line a game draws with ``no_wrap`` and ``overflow="ignore"`` (a row of its board) keeps its
    whole length, wider than ``width`` if need be: the board pane scrolls sideways, it never breaks a
    row of the board in two."""
    console = Console(width=width, color_system="truecolor", force_terminal=True, legacy_windows=False)
    segments = console.render(renderable, console.options.update(width=width))
    return list(Segment.split_lines(segments))


def line_width(line: list[Segment]) -> int:
    """The columns a line takes, trailing blanks aside."""
    return cell_len("".join(seg.text for seg in line).rstrip())


def take_heading(lines: list[list[Segment]]) -> tuple[str, list[list[Segment]]]:
    """The game's heading (its lines drawn with ``Style(meta={"heading": True})``: the clock, the
    objective, the track the game is played against) taken out of the board for the status line."""
    heading: list[str] = []  # one entry a heading: the lines of one (wrapped) run together
    rest: list[list[Segment]] = []
    last = -2
    for y, line in enumerate(lines):
        if any(seg.style is not None and seg.style.meta.get("heading") for seg in line if seg.text.strip()):
            words = " ".join("".join(seg.text for seg in line).split())
            if y == last + 1 and heading:
                heading[-1] += " " + words
            else:
                heading.append(words)
            last = y
        else:
            rest.append(line)
    return " · ".join(h for h in heading if h), rest


def square_spans(lines: list[list[Segment]]) -> list[tuple[int, int, int, str]]:
    """Every run of characters a square is drawn with: (line, first column, width, name)."""
    spans: list[tuple[int, int, int, str]] = []
    for y, line in enumerate(lines):
        x = 0
        for seg in line:
            n = seg.cell_length
            meta = seg.style.meta if seg.style is not None else None
            name = meta.get("square") if meta else None
            if name:
                spans.append((y, x, n, str(name)))
            x += n
    return spans


def square_positions(lines: list[list[Segment]]) -> dict[str, tuple[int, int, int]]:
    """Where each tagged square is first drawn: name -> (line, first column, width)."""
    where: dict[str, tuple[int, int, int]] = {}
    for y, x, n, name in square_spans(lines):
        where.setdefault(name, (y, x, n))
    return where


def action_squares(game: Game, view: State, seat: int | None, action: Action | str, known: Container[str]) -> list[str]:
    """The squares an action names: the one the game's ``square_of`` gives, then its words that
    are squares (of ``known``)."""
    out: list[str] = []
    terminal = renderer(game)
    fn = terminal.square_of if terminal is not None else None
    if fn is not None and isinstance(action, Action):
        sq = fn(game, view, seat, action)
        if sq:
            out.append(str(sq))
    words = action.split() if isinstance(action, str) else [str(w) for w in action[1:]]
    out.extend(w for w in words if w in known and w not in out)
    return out


def squares_named(game: Game, view: State, seat: int | None, actions: Iterable[Action | str],
                  known: Container[str]) -> list[str]:
    """The squares these actions name, in order of first mention."""
    out: list[str] = []
    for a in actions:
        for sq in action_squares(game, view, seat, a, known):
            if sq not in out:
                out.append(sq)
    return out


def actions_at(game: Game, view: State, seat: int | None, legal: Sequence[Action], square: str) -> list[int]:
    """Indexes of the legal actions that name ``square`` (or that the game says belong to it)."""
    known = {square}
    return [i for i, a in enumerate(legal) if square in action_squares(game, view, seat, a, known)]


__all__ = ["Choice", "Session", "action_line", "action_squares", "actions_at", "board", "choice_path", "choice_tree",
           "dice_in", "example_action", "grouped_lines", "help_text", "line_width", "rendered_lines", "renderer",
           "square_positions", "square_spans", "squares_named", "take_heading"]
