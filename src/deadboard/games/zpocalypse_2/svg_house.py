"""Zpocalypse 2's house in the browser, piece by piece (see :mod:`deadboard.games.zpocalypse_2.svg`
for the whole drawing): each floor drawn once per map (the yard's grass, the rooms' floors, the walls
as walls, the doors in them, the windows of the second floor with their numbers and the drop-in
spaces below them, the stairs on both floors, search locations, Bio and Radiation, spawn points, the
public stash, the Refuel point, the coordinates), then what the night changes: fortifications,
bombs, searched locations, stash tokens, squads as figures with their survivors' HP, fresh and weak
zombies and mutates as counters with their HP.

The map is authored as characters (``content/house.toml``): walls are impassable spaces, so a wall
is drawn as a thick band through its space joined to the walls beside it, and a passable space
between two walls in a line is a doorway."""

from __future__ import annotations

import math
from html import escape

from deadboard.games.zpocalypse_2.board import GROUND, UPPER
from deadboard.games.zpocalypse_2.state import Squad, ZState

S = 40  # a space, in pixels
M = 24  # the margin kept for the coordinates
TOP = 76  # the Doom Track above the floors
GAP = 56  # between the two floors
SEAT_COLOURS = ("#2bb3c0", "#d04bd6", "#e0b628", "#4fc25a")
ROOM_FLOORS = ("#cdb893", "#b8c3c9", "#cbb09c", "#b5c4a3", "#c9bfd6", "#d6c6a3", "#aebfc8")
GRASS, YARD_LINE = "#3a5230", "#2f4427"
SEARCH = {"A": ("#8e3b2e", "ARMORY", "armory"), "F": ("#3f7a3a", "FOOD", "food"),
          "R": ("#35527a", "RES.", "resources")}
SPAWN_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def esc(s: object) -> str:
    return escape(str(s), quote=True)


def rows_of(st: ZState, floor: int) -> list[str]:
    house = st.content.house
    return list(house.ground if floor == GROUND else house.upper)


def origin(st: ZState, floor: int) -> tuple[int, int]:
    """The top left corner of a floor's first space."""
    if floor == GROUND:
        return M, TOP + M
    return M + len(rows_of(st, GROUND)[0]) * S + GAP + M, TOP + M


def size(st: ZState) -> tuple[int, int]:
    ground, upper = rows_of(st, GROUND), rows_of(st, UPPER)
    width = origin(st, UPPER)[0] + len(upper[0]) * S + 10
    height = TOP + M + max(len(ground), len(upper)) * S + 10
    return width, height


def xy(st: ZState, space: int) -> tuple[int, int, int]:
    """(floor, x, y) of a space's top left corner, on the first floor it lies on (the stairs: the
    ground)."""
    where = st.board.floors(space)
    floor = GROUND if GROUND in where else UPPER
    gx, gy = where[floor]
    ox, oy = origin(st, floor)
    return floor, ox + gx * S, oy + gy * S


# ==================================================================================================
# the floors, drawn once per map
# ==================================================================================================
def _is_wall(rows: list[str], x: int, y: int) -> bool:
    return 0 <= y < len(rows) and 0 <= x < len(rows[y]) and rows[y][x] == "#"


def _doorway(rows: list[str], x: int, y: int) -> str:
    """``h`` (a door in a wall running left-right), ``v`` (up-down) or ``""``."""
    if rows[y][x] == "#":
        return ""
    if _is_wall(rows, x - 1, y) and _is_wall(rows, x + 1, y):
        return "h"
    if _is_wall(rows, x, y - 1) and _is_wall(rows, x, y + 1):
        return "v"
    return ""


def rooms(st: ZState, floor: int) -> dict[tuple[int, int], int]:
    """(x, y) -> room number, for the house's passable spaces (doorways excluded): the spaces a
    squad walks between without passing a doorway."""
    rows = rows_of(st, floor)
    grid = st.board._grids[floor]
    inside = st.board.inside
    out: dict[tuple[int, int], int] = {}
    n = 0
    for y0, row in enumerate(rows):
        for x0 in range(len(row)):
            i = grid[y0][x0]
            if i < 0 or i not in inside or (x0, y0) in out or _doorway(rows, x0, y0):
                continue
            todo = [(x0, y0)]
            out[(x0, y0)] = n
            while todo:
                x, y = todo.pop()
                for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if not (0 <= ny < len(rows) and 0 <= nx < len(rows[ny])) or (nx, ny) in out:
                        continue
                    j = grid[ny][nx]
                    if j < 0 or j not in inside or _doorway(rows, nx, ny):
                        continue
                    out[(nx, ny)] = n
                    todo.append((nx, ny))
            n += 1
    return out


def _trefoil(cx: float, cy: float, r: float) -> str:
    parts = [f'<circle cx="{cx:g}" cy="{cy:g}" r="{r * 0.18:.1f}" fill="#111"/>']
    for k in range(3):
        a0 = math.radians(-90 + k * 120 - 30)
        a1 = math.radians(-90 + k * 120 + 30)
        r0 = r * 0.3
        p = (f"M{cx + r0 * math.cos(a0):.1f} {cy + r0 * math.sin(a0):.1f}"
             f"L{cx + r * math.cos(a0):.1f} {cy + r * math.sin(a0):.1f}"
             f"A{r:g} {r:g} 0 0 1 {cx + r * math.cos(a1):.1f} {cy + r * math.sin(a1):.1f}"
             f"L{cx + r0 * math.cos(a1):.1f} {cy + r0 * math.sin(a1):.1f}"
             f"A{r0:g} {r0:g} 0 0 0 {cx + r0 * math.cos(a0):.1f} {cy + r0 * math.sin(a0):.1f}Z")
        parts.append(f'<path d="{p}" fill="#111"/>')
    return "".join(parts)


def mark(ch: str, x: float, y: float) -> str:
    """The drawing of a map symbol in the space whose top left corner is (x, y)."""
    c = x + S / 2
    if ch == "~":
        waves = "".join(f"M{x + 5} {y + k}q4.5 -4 9 0t9 0t9 0t9 0" for k in (12, 22, 32))
        return f'<path d="{waves}" fill="none" stroke="#6b5335" stroke-width="1.6" opacity="0.8"/>'
    if ch == "b":
        return (f'<circle cx="{c}" cy="{y + S / 2}" r="14" fill="#5fbf3a" stroke="#1d3d10" stroke-width="1.5"/>'
                f'<text x="{c}" y="{y + S / 2 + 3.5}" font-size="10" font-weight="800" text-anchor="middle" fill="#10290a">BIO</text>')
    if ch == "x":
        return (f'<circle cx="{c}" cy="{y + S / 2}" r="14" fill="#f2d22e" stroke="#4a3d00" stroke-width="1.5"/>'
                + _trefoil(c, y + S / 2, 12))
    if ch in SEARCH:
        fill, word, _ = SEARCH[ch]
        return (f'<rect x="{x + 6}" y="{y + 6}" width="{S - 12}" height="{S - 16}" rx="3" fill="{fill}" stroke="#111" stroke-width="1.5"/>'
                f'<path d="M{x + 6} {y + 14}H{x + S - 6}" stroke="#111" stroke-width="1"/>'
                f'<text x="{c}" y="{y + 24}" font-size="11" font-weight="800" text-anchor="middle" fill="#fff">{ch}</text>'
                f'<text x="{c}" y="{y + S - 2}" font-size="7" font-weight="700" text-anchor="middle" fill="#111">{word}</text>')
    if ch in SPAWN_NAMES:
        return (f'<circle cx="{c}" cy="{y + S / 2}" r="15" fill="#5a1010" fill-opacity="0.55" stroke="#ff5a4a" '
                f'stroke-width="2" stroke-dasharray="4 3"/>'
                f'<text x="{c}" y="{y + S / 2 + 5}" font-size="14" font-weight="800" text-anchor="middle" fill="#ffb4aa">{ch}</text>')
    if ch == "/":
        steps = "".join(f"M{x + 6} {y + 7 + 6 * k}H{x + S - 6}" for k in range(5))
        return (f'<rect x="{x + 3}" y="{y + 3}" width="{S - 6}" height="{S - 6}" fill="#8f8a80" stroke="#3d3a34" stroke-width="1.5"/>'
                f'<path d="{steps}" stroke="#3d3a34" stroke-width="2"/>')
    if ch == "P":
        return (f'<rect x="{x + 7}" y="{y + 12}" width="{S - 14}" height="{S - 20}" rx="2" fill="#8b5a2b" stroke="#3b2410" stroke-width="1.5"/>'
                f'<path d="M{x + 7} {y + 18}H{x + S - 7}" stroke="#3b2410" stroke-width="1.5"/>'
                f'<rect x="{c - 3}" y="{y + 16}" width="6" height="5" fill="#e0b628"/>'
                f'<text x="{c}" y="{y + 10}" font-size="7" font-weight="700" text-anchor="middle" fill="#3b2410">STASH</text>')
    if ch == "G":
        return (f'<rect x="{x + 10}" y="{y + 8}" width="{S - 20}" height="{S - 14}" rx="3" fill="#c0392b" stroke="#3d0d08" stroke-width="1.5"/>'
                f'<path d="M{x + 14} {y + 8}V{y + 4}H{x + 22}" fill="none" stroke="#3d0d08" stroke-width="2"/>'
                f'<text x="{c}" y="{y + 24}" font-size="7" font-weight="800" text-anchor="middle" fill="#fff">FUEL</text>')
    return ""


def _wall_bands(rows: list[str], ox: int, oy: int) -> str:
    """Each wall space as a thick band joined to the walls beside it."""
    t = 12
    segs: list[str] = []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch != "#":
                continue
            cx, cy = ox + x * S + S / 2, oy + y * S + S / 2
            segs.append(f'<rect x="{cx - t / 2:g}" y="{cy - t / 2:g}" width="{t}" height="{t}"/>')
            if _is_wall(rows, x + 1, y):
                segs.append(f'<rect x="{cx:g}" y="{cy - t / 2:g}" width="{S}" height="{t}"/>')
            if _is_wall(rows, x, y + 1):
                segs.append(f'<rect x="{cx - t / 2:g}" y="{cy:g}" width="{t}" height="{S}"/>')
    return f'<g class="walls" fill="#2a2420" stroke="none">{"".join(segs)}</g>'


def _door(kind: str, x: int, y: int) -> str:
    cx, cy = x + S / 2, y + S / 2
    rot = 0 if kind == "h" else 90
    return (f'<g class="door" transform="translate({cx:g} {cy:g}) rotate({rot})" pointer-events="none">'
            f'<path d="M-20 -6V6M20 -6V6" stroke="#2a2420" stroke-width="3"/>'
            f'<path d="M-18 0A34 34 0 0 1 12 -16" fill="none" stroke="#3b2410" stroke-width="1" stroke-dasharray="2 2"/>'
            f'<rect x="-18" y="-2" width="32" height="4" fill="#a86b32" stroke="#3b2410" stroke-width="1" transform="rotate(-28 -18 0)"/>'
            f"</g>")


def _window(x: float, y: float, horizontal: bool) -> str:
    """A window in the wall band centred on (x, y) (its number is on the space inside)."""
    rot = 0 if horizontal else 90
    return (f'<g class="window" transform="translate({x:g} {y:g}) rotate({rot})" pointer-events="none">'
            f'<rect x="-14" y="-4" width="28" height="8" fill="#a9dcf5" stroke="#1f4a66" stroke-width="1.4"/>'
            f'<path d="M-14 0H14M0 -4V4" stroke="#fff" stroke-width="1"/></g>')


_static: dict[int, tuple[object, str]] = {}


def floors_svg(st: ZState) -> str:
    """Both floors as they stand before the night changes anything (cached per map)."""
    house = st.content.house
    got = _static.get(id(house))
    if got is not None and got[0] is house:
        return got[1]
    out: list[str] = []
    for floor in (GROUND, UPPER):
        out.append(_floor(st, floor))
    text = "".join(out)
    _static[id(house)] = (house, text)
    return text


def _floor(st: ZState, floor: int) -> str:
    rows = rows_of(st, floor)
    grid = st.board._grids[floor]
    ox, oy = origin(st, floor)
    room = rooms(st, floor)
    w, h = len(rows[0]), len(rows)
    out = [f'<g class="floor floor-{floor}">',
           f'<rect x="{ox}" y="{oy}" width="{w * S}" height="{h * S}" fill="{GRASS if floor == GROUND else "#2b2622"}"/>']
    name = "Ground floor and the yard" if floor == GROUND else "Second floor"
    out.append(f'<text x="{ox}" y="{oy - M - 4}" font-size="12" font-weight="700" fill="#e8e2d0">'
               f"{name}</text>")
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            px, py = ox + x * S, oy + y * S
            i = grid[y][x]
            if ch == "#":
                out.append(f'<rect x="{px}" y="{py}" width="{S}" height="{S}" fill="#6b6259"/>')
                continue
            inside = i >= 0 and i in st.board.inside
            if inside or (floor == UPPER):
                fill = ROOM_FLOORS[room.get((x, y), 0) % len(ROOM_FLOORS)] if (x, y) in room else "#b9a98a"
                out.append(f'<rect x="{px}" y="{py}" width="{S}" height="{S}" fill="{fill}"/>')
    # the faint grid of spaces
    lines = [f"M{ox + x * S} {oy}V{oy + h * S}" for x in range(1, w)] + [f"M{ox} {oy + y * S}H{ox + w * S}" for y in range(1, h)]
    out.append(f'<path d="{"".join(lines)}" stroke="#000" stroke-opacity="0.16" stroke-width="1" fill="none"/>')
    out.append(_wall_bands(rows, ox, oy))
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            px, py = ox + x * S, oy + y * S
            kind = _doorway(rows, x, y)
            if kind and grid[y][x] >= 0 and grid[y][x] in st.board.inside:
                out.append(_door(kind, px, py))
            if ch.isdigit():
                out.append(_window_mark(rows, floor, ch, x, y, px, py))
            else:
                out.append(mark(ch, px, py))
    out.append(_stairs_note(st, floor))
    # coordinates
    prefix = "" if floor == GROUND else "2"
    for x in range(w):
        out.append(f'<text class="coord" x="{ox + x * S + S / 2}" y="{oy - 5}" font-size="10" text-anchor="middle" '
                   f'fill="#9aa">{prefix}{chr(97 + x)}</text>')
    for y in range(h):
        out.append(f'<text class="coord" x="{ox - 5}" y="{oy + y * S + S / 2 + 4}" font-size="10" text-anchor="end" '
                   f'fill="#9aa">{y + 1}</text>')
    out.append("</g>")
    return "".join(out)


def _window_mark(rows: list[str], floor: int, number: str, x: int, y: int, px: int, py: int) -> str:
    if floor == GROUND:  # the drop-in space below the window
        return (f'<g pointer-events="none"><circle cx="{px + S / 2}" cy="{py + S / 2}" r="14" fill="#a9dcf5" fill-opacity="0.15" '
                f'stroke="#a9dcf5" stroke-width="1.5" stroke-dasharray="3 3"/>'
                f'<text x="{px + S / 2}" y="{py + S / 2 + 5}" font-size="14" font-weight="800" text-anchor="middle" fill="#d4efff">{number}</text>'
                f'<text x="{px + S / 2}" y="{py + S - 2}" font-size="6.5" text-anchor="middle" fill="#d4efff">drop-in</text></g>')
    out = [f'<text x="{px + S / 2}" y="{py + S / 2 + 5}" font-size="14" font-weight="800" text-anchor="middle" '
           f'fill="#1f4a66" pointer-events="none">{number}</text>']
    # the window itself, in the outer wall beside the space
    for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        if _is_wall(rows, x + dx, y + dy) and not (0 < y + dy < len(rows) - 1 and 0 < x + dx < len(rows[0]) - 1):
            out.append(_window(px + S / 2 + dx * S, py + S / 2 + dy * S, dy != 0))
            break
    return "".join(out)


def _stairs_note(st: ZState, floor: int) -> str:
    where = st.board.floors(st.board.stairs)
    gx, gy = where[floor]
    ox, oy = origin(st, floor)
    other = where[UPPER if floor == GROUND else GROUND]
    there = (f"2{chr(97 + other[0])}{other[1] + 1}" if floor == GROUND else f"{chr(97 + other[0])}{other[1] + 1}")
    word = "up" if floor == GROUND else "down"
    return (f'<text x="{ox + gx * S + S / 2}" y="{oy + gy * S + S - 1}" font-size="8.5" font-weight="700" text-anchor="middle" '
            f'fill="#fff" stroke="#3d3a34" stroke-width="2" paint-order="stroke" pointer-events="none">{word} · {there}</text>')


# ==================================================================================================
# what the night changes
# ==================================================================================================
def _fortification(effect: str, name: str, x: int, y: int) -> str:
    title = f"<title>{esc(name)}</title>"
    if effect == "bed":
        return (f'<g class="structure">{title}<rect x="{x + 6}" y="{y + 8}" width="{S - 12}" height="{S - 16}" rx="3" fill="#4a6a9a" stroke="#111"/>'
                f'<rect x="{x + 8}" y="{y + 10}" width="8" height="{S - 20}" rx="2" fill="#eee"/></g>')
    if effect == "tunnel":
        return (f'<g class="structure">{title}<ellipse cx="{x + S / 2}" cy="{y + S / 2 + 4}" rx="13" ry="9" fill="#111" stroke="#6b5335" stroke-width="3"/>'
                f'<text x="{x + S / 2}" y="{y + 10}" font-size="7" font-weight="700" text-anchor="middle" fill="#fff">TUNNEL</text></g>')
    return (f'<g class="structure" transform="translate({x + S / 2} {y + S / 2})">{title}'
            '<rect x="-18" y="-5" width="36" height="7" rx="1" fill="#c8964f" stroke="#4a2d12" stroke-width="1.2" transform="rotate(-20)"/>'
            '<rect x="-18" y="-2" width="36" height="7" rx="1" fill="#b98440" stroke="#4a2d12" stroke-width="1.2" transform="rotate(18)"/>'
            '<circle cx="-12" cy="0" r="1.4" fill="#222"/><circle cx="12" cy="0" r="1.4" fill="#222"/></g>')


def figure(colour: str, x: float, y: float, scale: float = 1.0) -> str:
    """A standing figure (head and body) with its feet at (x, y)."""
    s = scale
    return (f'<circle cx="{x:g}" cy="{y - 22 * s:.1f}" r="{5.5 * s:.1f}" fill="{colour}" stroke="#111" stroke-width="1.2"/>'
            f'<path d="M{x - 8 * s:.1f} {y:g}L{x - 7 * s:.1f} {y - 10 * s:.1f}Q{x - 6 * s:.1f} {y - 16 * s:.1f} {x:g} {y - 16 * s:.1f}'
            f'Q{x + 6 * s:.1f} {y - 16 * s:.1f} {x + 7 * s:.1f} {y - 10 * s:.1f}L{x + 8 * s:.1f} {y:g}Z" fill="{colour}" stroke="#111" stroke-width="1.2"/>')


def squad_svg(st: ZState, q: Squad, acting: bool) -> str:
    _, x, y = xy(st, q.space)
    colour = SEAT_COLOURS[q.seat % len(SEAT_COLOURS)]
    people = ", ".join(f"{st.content.survivor_by_id[p.card].name if p.card in st.content.survivor_by_id else p.card} {p.hp} HP"
                       for p in q.people)
    title = f"Squad {q.seat + 1}: {people}" + ("; acting now" if acting else "")
    out = [f'<g class="counter squad{" acting" if acting else ""}"><title>{esc(title)}</title>']
    if acting:
        out.append(f'<rect class="glow" x="{x + 1}" y="{y + 1}" width="{S - 2}" height="{S - 2}" rx="6" fill="none" stroke="#ffe14d" stroke-width="3"/>')
    out.append(figure(colour, x + 12, y + 34))
    out.append(f'<text x="{x + 12}" y="{y + 30}" font-size="9" font-weight="800" text-anchor="middle" fill="#111">{q.seat + 1}</text>')
    for k, p in enumerate(q.people[:4]):
        by = y + 2 + k * 9
        out.append(f'<rect x="{x + 23}" y="{by}" width="15" height="8.5" rx="2" fill="#fff" stroke="{colour}" stroke-width="1"/>'
                   f'<text x="{x + 30.5}" y="{by + 7.3}" font-size="7.5" font-weight="700" text-anchor="middle" fill="#111">{p.hp}</text>')
    out.append("</g>")
    return "".join(out)


def zombie_svg(fresh: bool, down: bool, x: float, y: float) -> str:
    """A horde zombie counter (17 px) with its HP: fresh red (2 HP), weak orange (1 HP); knocked
    down: turned on its side and faded."""
    fill, edge, hp = ("#c62828", "#3a0606", 2) if fresh else ("#ef8f2a", "#4a2400", 1)
    turn = f' transform="rotate(90 {x + 8.5:g} {y + 8.5:g})" opacity="0.55"' if down else ""
    return (f'<g{turn}><rect x="{x:g}" y="{y:g}" width="17" height="17" rx="4" fill="{fill}" stroke="{edge}" stroke-width="1.3"/>'
            f'<path d="M{x + 4:g} {y + 4:g}h9l-9 9h9" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="1.6"/>'
            f'<text x="{x + 8.5:g}" y="{y + 12.5:g}" font-size="10" font-weight="800" text-anchor="middle" fill="#fff">{hp}</text></g>')


def mutate_svg(name: str, hp: int, x: float, y: float) -> str:
    cx, cy = x + S / 2, y + S / 2
    pts = " ".join(f"{cx + 17 * math.cos(math.radians(a)):.1f},{cy + 17 * math.sin(math.radians(a)):.1f}" for a in range(0, 360, 60))
    return (f'<g class="counter mutate"><title>{esc(name)} (mutate, {hp} HP)</title>'
            f'<polygon points="{pts}" fill="#7b2fb0" stroke="#1e0a2e" stroke-width="1.5"/>'
            f'<text x="{cx}" y="{cy - 3}" font-size="7" font-weight="700" text-anchor="middle" fill="#f0dcff">{esc(name.removeprefix("The ")[:9])}</text>'
            f'<text x="{cx}" y="{cy + 10}" font-size="11" font-weight="800" text-anchor="middle" fill="#fff">{hp}</text></g>')


def pieces_svg(st: ZState, acting_seat: int | None) -> str:
    out = ['<g class="pieces">']
    for i, card in st.structures.items():
        _, x, y = xy(st, i)
        craft = st.content.craft_by_id.get(card)
        out.append(_fortification(craft.effect if craft else "none", craft.name if craft else card, x, y))
    for i in st.searched:
        _, x, y = xy(st, i)
        out.append(f'<path d="M{x + 6} {y + 6}L{x + S - 6} {y + S - 6}M{x + S - 6} {y + 6}L{x + 6} {y + S - 6}" stroke="#e53935" '
                   f'stroke-width="3.5" stroke-linecap="round" opacity="0.85"><title>searched this night</title></path>')
    for i in st.bombs:
        _, x, y = xy(st, i)
        out.append(f'<g><title>a bomb</title><circle cx="{x + S - 9}" cy="{y + 10}" r="6" fill="#111" stroke="#ff0" stroke-width="1.2"/>'
                   f'<path d="M{x + S - 5} {y + 5}l3 -3" stroke="#ff0" stroke-width="1.5"/></g>')
    for i, items in st.dropped.items():
        if items:
            _, x, y = xy(st, i)
            out.append(f'<g><title>dropped here: {esc(", ".join(items))}</title><rect x="{x + 2}" y="{y + S - 11}" width="14" height="9" rx="2" '
                       f'fill="#f2c94c" stroke="#6b4e00"/><text x="{x + 9}" y="{y + S - 4}" font-size="7" font-weight="700" '
                       f'text-anchor="middle" fill="#3d2c00">{len(items)}</text></g>')
    for k, q in enumerate(q for q in st.squads if q.stash_token >= 0):
        _, x, y = xy(st, q.stash_token)
        colour = SEAT_COLOURS[q.seat % len(SEAT_COLOURS)]
        n = len(q.stash)
        out.append(f'<g><title>Squad {q.seat + 1}\'s private stash token ({n} card{"" if n == 1 else "s"})</title>'
                   f'<rect x="{x + 2 + 10 * k}" y="{y + 2}" width="10" height="10" rx="1.5" fill="{colour}" stroke="#000"/>'
                   f'<text x="{x + 7 + 10 * k}" y="{y + 10}" font-size="7.5" font-weight="800" text-anchor="middle" fill="#000">S</text></g>')
    per_space: dict[int, list[tuple[bool, bool]]] = {}
    for z in st.zombies:
        per_space.setdefault(z.space, []).append((z.fresh, z.down))
    for i, zs in per_space.items():
        _, x, y = xy(st, i)
        fresh = sum(1 for f, _ in zs if f)
        title = f"{fresh} fresh (2 HP), {len(zs) - fresh} weak (1 HP)" + ("; knocked down" if any(d for _, d in zs) else "")
        out.append(f'<g class="counter zombies"><title>Zombies: {title}</title>')
        for k, (f, down) in enumerate(zs[:4]):
            out.append(zombie_svg(f, down, x + 2 + 19 * (k % 2), y + S - 19 - 18 * (k // 2)))
        out.append("</g>")
    stacked: dict[int, int] = {}
    for m in st.mutates:  # two on one space: the second drawn smaller, in the lower right corner
        _, x, y = xy(st, m.space)
        rec = st.content.mutate_by_id.get(m.card)
        k = stacked[m.space] = stacked.get(m.space, -1) + 1
        drawn = mutate_svg(rec.name if rec else m.card, m.hp, x, y)
        if k:
            drawn = f'<g transform="translate({x + S * 0.45:g} {y + S * 0.45:g}) scale(0.55) translate({-x} {-y})">{drawn}</g>'
        out.append(drawn)
    for q in st.squads:
        if q.alive and q.space >= 0 and not q.underground:
            out.append(squad_svg(st, q, q.seat == acting_seat))
    out.append("</g>")
    return "".join(out)


def doom_svg(st: ZState, width: int) -> str:
    """The Doom Track: 0 to 30, the milestones every 5 marked with a mutate, the marker on its
    value."""
    value, top = st.doom.value, st.doom.hi or 30
    x0 = 150
    step = (width - x0 - 14) / (top + 1)
    out = [f'<g class="doom"><title>Doom Track {value} of {top}: each night spawns that many fresh zombies; each milestone '
           f'reached turns one into a mutate; a night that begins at {top} overruns the house</title>',
           f'<text x="{M}" y="24" font-size="15" font-weight="800" fill="#e8e2d0">Doom Track</text>',
           f'<text x="{M}" y="42" font-size="12" fill="#ff8a80">{value} of {top}</text>']
    for v in range(top + 1):
        x = x0 + v * step
        passed = v <= value
        milestone = v in st.doom.milestones
        fill = "#b71c1c" if passed else "#2a2a2a"
        out.append(f'<rect x="{x:.1f}" y="14" width="{step - 2:.1f}" height="20" rx="2" fill="{fill}" '
                   f'stroke="{"#d9b3ff" if milestone else "#555"}" stroke-width="{2 if milestone else 1}"/>')
        if milestone or v == 0:
            out.append(f'<text x="{x + step / 2 - 1:.1f}" y="48" font-size="10" text-anchor="middle" fill="#bbb">{v}</text>')
        if milestone:
            mx, my = x + step / 2 - 1, 8
            out.append(f'<polygon points="{mx:.1f},{my - 6} {mx + 5:.1f},{my} {mx:.1f},{my + 6} {mx - 5:.1f},{my}" fill="#7b2fb0" stroke="#d9b3ff"/>')
    mx = x0 + value * step + step / 2 - 1
    out.append(f'<g class="marker">{figure("#9e9e9e", mx, 33, 0.75)}</g></g>')
    return "".join(out)


def horde_svg(st: ZState) -> str:
    """What is on the board at a glance, under the second floor: the horde, the mutates, the public
    stash."""
    ox, oy = origin(st, UPPER)
    y = oy + len(rows_of(st, UPPER)) * S + 34
    fresh = sum(1 for z in st.zombies if z.fresh)
    weak = len(st.zombies) - fresh
    lines = [f"The horde: {fresh} fresh, {weak} weak zombie{'' if weak == 1 else 's'}"]
    for m in st.mutates:
        rec = st.content.mutate_by_id.get(m.card)
        lines.append(f"Mutate: {rec.name if rec else m.card}, {m.hp} HP, at {st.board.name(m.space)}")
    lines.append(f"The public stash: {len(st.public)} card{'' if len(st.public) == 1 else 's'}")
    out = [f'<g class="summary"><text x="{ox}" y="{y}" font-size="12" font-weight="700" fill="#e8e2d0">On the board</text>']
    for k, line in enumerate(lines[:8]):
        out.append(f'<text x="{ox}" y="{y + 18 + 16 * k}" font-size="12" fill="#cfc8b8">{esc(line)}</text>')
    out.append("</g>")
    return "".join(out)
