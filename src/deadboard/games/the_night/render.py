"""The Night in the terminal: the board in colour with rooms, walls, doors, windows and counters,
beside a status panel.

Each square is three characters wide and one line tall; the edges between squares are drawn on
the lines and columns in between (in a terminal too narrow for that board, two characters wide:
``Be`` for Ben, ``+B`` dead, ``be`` risen as a zombie, ``##`` boarded)::

      a   b   c
    ┌───────────┐        walls: box lines        doors: yellow, windows: cyan
   1│ .   .  23 │        boarded: red ###, #L# (and locked), #x# (and broken)
    │   ┌───────┘        locked: magenta L     broken: x     humans: Ben, hero in gold, dead as +Be
   2│Ben│ *  ...         zombies: 23, zBe      items lying on a square: *
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.style import Style
from rich.table import Table
from rich.text import Text

from deadboard.core.game import Game
from deadboard.core.grid import DOOR, WALL, WINDOW, column_name
from deadboard.games.the_night.board import zombie_name
from deadboard.games.the_night.state import (
    BOARDED,
    BROKEN,
    CARRIED,
    DEAD,
    ESCAPED,
    LIVE,
    LOCKED,
    ON_OPENING,
    NightState,
)

ZONE_BG = {"yard": "#1d2b1d", "porch": "#3b2f22", "outbuilding": "#3a3326", "house": "#2a2a33"}
AREA_BG = {
    "Kitchen": "#33302a", "Pantry": "#2e2b26", "Office": "#2a2f38", "Office Closet": "#262a31",
    "Attic": "#332a33", "Attic Stairs": "#2d262d", "Hallway": "#30303a", "Sitting Room": "#2b3330",
    "Sitting Room Closet": "#262d2a", "Dining Room": "#38302d", "Living Room": "#2d3338",
    "Basement Landing": "#26262a", "Basement Stairs": "#232327", "Basement": "#1f1f24",
}
# box-drawing corner by which of the four edges around it are walls: (up, right, down, left)
CORNERS = {
    (0, 0, 0, 0): " ", (1, 0, 1, 0): "│", (0, 1, 0, 1): "─", (1, 1, 0, 0): "└", (0, 1, 1, 0): "┌",
    (0, 0, 1, 1): "┐", (1, 0, 0, 1): "┘", (1, 1, 1, 0): "├", (1, 0, 1, 1): "┤", (0, 1, 1, 1): "┬",
    (1, 1, 0, 1): "┴", (1, 1, 1, 1): "┼", (1, 0, 0, 0): "╵", (0, 1, 0, 0): "╶", (0, 0, 1, 0): "╷", (0, 0, 0, 1): "╴",
}


def _edge_glyphs(state: NightState, kind: int, o: int) -> tuple[str, str, str]:
    """(glyph for a vertical edge, three glyphs for a horizontal one, style) of a door or window.

    Open: door ▒ (yellow), window ░ (cyan); locked L; broken x; boarded on red, with the lock or
    break still shown (#L#, #x#)."""
    f = state.op[o]
    colour = "yellow" if kind == DOOR else "cyan"
    mark = "L" if f & LOCKED else "x" if f & BROKEN else ""
    if f & BOARDED:
        return (mark or "#"), (f"#{mark}#" if mark else "###"), "bold white on red"
    if mark == "L":
        return "L", "LLL", "bold white on magenta"
    if mark == "x":
        return "x", "xxx", f"bold {colour}"
    g = "▒" if kind == DOOR else "░"
    return g, g * 3, colour


def board_width(state: NightState, cell: int = 3) -> int:
    """Columns the board takes with squares ``cell`` characters wide."""
    return 4 + state.c.grid.width * (cell + 1) + 1


class _Walls:
    """Which edges of the board are drawn as walls: a wall between two squares of the same room
    that cannot both be walked on is not drawn (a solid block is drawn as such)."""

    __slots__ = ("area_of", "grid", "h", "w")

    def __init__(self, state: NightState) -> None:
        self.grid = state.c.grid
        self.area_of = state.c.area_of
        self.w, self.h = self.grid.width, self.grid.height

    def kind(self, a: int, b: int) -> int:
        if not (0 <= a < self.grid.n and 0 <= b < self.grid.n):
            return WALL
        return self.grid.edge_kind(a, b)

    def vertical(self, x: int, y: int) -> bool:
        """The vertical edge left of square (x, y)."""
        if y < 0 or y >= self.h or x <= 0 or x >= self.w:
            return False
        return self.kind(y * self.w + x - 1, y * self.w + x) == WALL and self._differs(x - 1, y, x, y)

    def horizontal(self, x: int, y: int) -> bool:
        """The horizontal edge above square (x, y)."""
        if x < 0 or x >= self.w or y <= 0 or y >= self.h:
            return False
        return self.kind((y - 1) * self.w + x, y * self.w + x) == WALL and self._differs(x, y - 1, x, y)

    def _differs(self, x1: int, y1: int, x2: int, y2: int) -> bool:
        a, b = y1 * self.w + x1, y2 * self.w + x2
        return (self.grid.passable[a] and self.grid.passable[b]) or self.area_of[a] != self.area_of[b]


def board_text(state: NightState, cell: int = 3) -> Text:
    """The board; ``cell``: characters a square (3, or 2 for a narrow terminal)."""
    walls = _Walls(state)
    t = Text(no_wrap=True, overflow="ignore")  # a row of the board is never broken in two
    t.append("    ", style=COLUMN_NAMES)
    for x in range(walls.w):
        t.append(f" {column_name(x):<{cell}}", style=COLUMN_NAMES)
    t.append("\n")
    squares = _square_row(state, walls, cell)
    for y in range(walls.h + 1):
        _edge_row(t, state, walls, y, cell)
        if y == walls.h:
            break
        squares(t, y)
    return t


def _edge_row(t: Text, state: NightState, walls: _Walls, y: int, cell: int) -> None:
    """The line of horizontal edges above row ``y``: walls, doors and windows, and the corners."""
    w, h, grid = walls.w, walls.h, walls.grid
    t.append("    ", style=ROW_NAME)  # stays at the left with the row names
    for x in range(w + 1):
        up = walls.vertical(x, y - 1)
        down = walls.vertical(x, y)
        left = walls.horizontal(x - 1, y)
        right = walls.horizontal(x, y)
        t.append(CORNERS[(int(up), int(right), int(down), int(left))], style="white")
        if x == w:
            break
        if 0 < y < h:
            a, b = (y - 1) * w + x, y * w + x
            k = walls.kind(a, b)
            if k in (DOOR, WINDOW):
                _v, glyphs, style = _edge_glyphs(state, k, grid.opening_between(a, b))
                t.append(glyphs[:cell], style=style)
                continue
        t.append(("─" if walls.horizontal(x, y) else " ") * cell, style="white")
    t.append("\n")


def _square_row(state: NightState, walls: _Walls, cell: int) -> Callable[[Text, int], None]:
    """A function drawing row ``y`` of squares (with the vertical edges between them), from who and
    what stands where now."""
    c = state.c
    grid, w = walls.grid, walls.w
    zocc = state.zocc
    humans_at: dict[int, Any] = {}
    dead_at: dict[int, Any] = {}
    for hu in state.humans:
        if hu.status == LIVE:
            humans_at.setdefault(hu.sq, hu)
        elif hu.status == DEAD:
            dead_at.setdefault(hu.sq, hu)
    if state.active >= 0 and state.humans[state.active].status == LIVE:  # passing through another human
        humans_at[state.humans[state.active].sq] = state.humans[state.active]
    items_at: dict[int, int] = {}
    for w_ in state.item_where:
        if 0 <= w_ < grid.n:
            items_at[w_] = items_at.get(w_, 0) + 1
    active_sq = state.humans[state.active].sq if state.active >= 0 else -1
    zact_sq = state.zsq.get(state.zact, -1) if state.zact else -1

    def row(t: Text, y: int) -> None:
        t.append(f"{y + 1:>3} ", style=ROW_NAME)
        for x in range(w + 1):
            if 0 < x < w:
                a, b = y * w + x - 1, y * w + x
                k = walls.kind(a, b)
                if k in (DOOR, WINDOW):
                    glyph, _h, style = _edge_glyphs(state, k, grid.opening_between(a, b))
                    t.append(glyph, style=style)
                else:
                    t.append("│" if walls.vertical(x, y) else " ", style="white")
            else:
                t.append(" ")
            if x == w:
                break
            sq = y * w + x
            bg = AREA_BG.get(c.area_of[sq], ZONE_BG[c.zone_of[sq]])
            start = len(t)
            t.append(*_square(state, sq, bg, humans_at, dead_at, items_at, zocc, active_sq, zact_sq, cell))
            t.stylize(square_meta(grid.names[sq]), start, len(t))
        t.append("\n")

    return row


COLUMN_NAMES = Style(dim=True, meta={"coords": "columns"})  # stays in sight when the board scrolls down
ROW_NAME = Style(dim=True, meta={"coords": "row"})  # and sideways


def square_meta(name: str) -> Style:
    """A square's characters carry its name, for the front ends (clicks, following the action)."""
    return Style(meta={"square": name})


def _square(state: NightState, sq: int, bg: str, humans_at: dict[int, Any], dead_at: dict[int, Any],
            items_at: dict[int, int], zocc: list[int], active_sq: int, zact_sq: int, cell: int = 3) -> tuple[str, str]:
    c = state.c
    if not c.grid.passable[sq]:
        return "▓" * cell, f"grey35 on {bg}"
    hu = humans_at.get(sq)
    if hu is not None:
        colour = "bold gold1" if hu.idx in state.heroes else "bold green1"
        if sq == active_sq:
            colour += " underline"
        return hu.name[:cell].ljust(cell), f"{colour} on {bg}"
    z = zocc[sq]
    if z:
        label = zombie_name(state, z)[1:]
        if label.isdigit():
            label = f"{label:>{cell}}"
        else:  # a risen human: zBe, or be when narrow
            label = ("z" + label[:2] if cell == 3 else label[:2].lower()).ljust(cell)
        style = "bold red1" + (" underline" if sq == zact_sq else "")
        breaker = state.cfg.zbrk.get(z, False)
        return label, f"{style}{' reverse' if breaker else ''} on {bg}"
    dead = dead_at.get(sq)
    if dead is not None:
        return ("+" + dead.name[:cell - 1]).ljust(cell), f"grey50 on {bg}"
    n = items_at.get(sq, 0)
    if n:
        return ("*".center(cell) if n == 1 else f"*{n}".ljust(cell)), f"bold yellow on {bg}"
    e = c.entry_of[sq]
    if e:
        return f"{e}".center(cell), f"grey42 on {bg}"
    return ("·" if c.zone_of[sq] != "yard" else " ").center(cell), f"grey30 on {bg}"


def status_panel(state: NightState, seat: int | None, cell: int = 3) -> Table:
    c = state.c
    grid = c.grid
    t = Table(box=None, show_header=False, padding=(0, 1))
    t.add_column(style="bold")
    t.add_column()
    t.add_row("Turn", f"{state.turn} of {state.cfg.turns}  ({state.phase})")
    if state.phase == "humans":
        t.add_row("Acting", f"{len(state.activated)} of {state.allowed} humans")
    for hu in state.humans:
        if hu.status == 0:
            continue
        tag = CARRIED + hu.idx
        items = [c.items[i].name for i, w in enumerate(state.item_where) if w == tag]
        status = {LIVE: "", DEAD: " [grey50](dead)[/]", ESCAPED: " [cyan](escaped)[/]"}.get(hu.status, " [red](zombie)[/]")
        hero = " [gold1]★hero[/]" if hu.idx in state.heroes else ""
        where = grid.names[hu.sq] if hu.sq >= 0 and hu.status == LIVE else ""
        ap = f" [cyan]{state.ap} AP[/]" if hu.idx == state.active else ""
        extra = []
        if hu.attrs:
            extra.append(", ".join(hu.attrs))
        if hu.injured:
            extra.append("injured")
        if state.cfg.hidden_hero and seat is not None and state.secret[seat] == hu.idx:
            extra.append("[magenta]your secret human[/]")
        line = f"{where}{ap} {', '.join(items)}" + (f" [dim]({'; '.join(extra)})[/]" if extra else "")
        t.add_row(f"{hu.name}{hero}{status}", line)
    t.add_row("Zombies", f"{len(state.zsq)} on the map, {len(state.cup)} in the container, {state.zombies_removed} removed")
    boarded = [o.name for o in grid.openings if state.op[o.id] & BOARDED]
    locked = [o.name for o in grid.openings if state.op[o.id] & LOCKED]
    if boarded:
        t.add_row("Boarded", ", ".join(boarded))
    if locked:
        t.add_row("Locked", ", ".join(locked))
    broken = [o.name for o in grid.openings if state.op[o.id] & BROKEN]
    if broken:
        t.add_row("Broken", ", ".join(broken))
    covered: dict[int, str] = {}  # squares whose items the board cannot show: a counter stands there
    for hu in state.humans:
        if hu.status in (LIVE, DEAD) and hu.sq >= 0:
            covered.setdefault(hu.sq, hu.name if hu.status == LIVE else f"dead {hu.name}")
    for z, zs in state.zsq.items():
        covered.setdefault(zs, zombie_name(state, z))
    lying = [f"{c.items[i].name} {grid.names[w]}" + (f" (under {covered[w]})" if w in covered else "")
             for i, w in enumerate(state.item_where) if 0 <= w < grid.n]
    if lying:
        t.add_row("Items", "; ".join(lying))
    on = [i for i, w in enumerate(state.item_where) if w >= ON_OPENING]
    if on:
        t.add_row("Boards up", str(len(on)))
    ben, dead, lb, xb = (x[:cell] for x in ("Ben", "+Be", "#L#", "#x#"))  # as the squares and edges cut them
    risen = "zBe" if cell == 3 else "be"
    t.add_row("Legend", f"[gold1]{ben}[/] hero  [green1]{ben}[/] human  [grey50]{dead}[/] dead human  [red1]23[/] zombie  "
              f"[red1 reverse]23[/] BREAKER  [red1]{risen}[/] human zombie  [yellow]*[/] item ([yellow]*2[/] two)  "
              "[grey42]1[/]-[grey42]6[/] Map Entry Point  [grey35]▓[/] no entry\n"
              "[yellow]▒[/] door  [cyan]░[/] window  [white on magenta]L[/] locked  [yellow]x[/] broken  "
              f"[white on red]#[/] boarded ([white on red]{lb}[/] locked and boarded, [white on red]{xb}[/] broken and boarded)")
    return t


class NightView:
    """The board and the status panel, squares two characters wide when the terminal is too
    narrow for three."""

    def __init__(self, state: NightState, seat: int | None) -> None:
        self.state = state
        self.seat = seat

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        cell = 3 if options.max_width >= board_width(self.state, 3) else 2
        yield board_text(self.state, cell)
        yield status_panel(self.state, self.seat, cell)


def render(game: Game[NightState], state: NightState, seat: int | None = None) -> Group:
    return Group(NightView(state, seat))


__all__ = ["NightView", "board_text", "board_width", "render", "status_panel"]
