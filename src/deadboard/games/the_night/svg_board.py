"""The Night's board in the browser, piece by piece (see :mod:`deadboard.games.the_night.svg` for the
whole drawing): the static map drawn once per map (floors, walls, room names, Map Entry Points,
decorations), then what the state changes — doors and windows (open, locked, broken, boarded),
items on the floor and the counters of humans and zombies."""

from __future__ import annotations

import math
from html import escape

from deadboard.core.grid import DOOR, WALL, column_name
from deadboard.games.the_night.board import zombie_name
from deadboard.games.the_night.content import NightContent
from deadboard.games.the_night.state import (
    BOARDED,
    BROKEN,
    CARRIED,
    DEAD,
    LIVE,
    LOCKED,
    NightState,
)

S = 40  # pixels per square
M = 26  # margin for the coordinates

ZONE_FILL = {"yard": "#33502f", "porch": "#8a6a45", "outbuilding": "#6f6a5e", "house": "#d8cbb0"}
AREA_FILL = {
    "Kitchen": "#e3dccb", "Pantry": "#d2c7ad", "Office": "#c9d2d8", "Office Closet": "#b3bec6",
    "Attic": "#d6c3d0", "Attic Stairs": "#bba8b6", "Hallway": "#d9cfb6", "Sitting Room": "#c7d6c3",
    "Sitting Room Closet": "#b1c2ad", "Dining Room": "#e0c6a8", "Living Room": "#c3cfdd",
    "Basement Landing": "#a9a49a", "Basement Stairs": "#9b968c", "Basement": "#8d897f",
    "Back Porch": "#9c7a52", "Front Porch": "#9c7a52", "Tool Shed": "#7d786b",
}
ITEM_CODE = {"firearm": "G", "ammo": "A", "keys": "K", "board": "B", "melee": "W"}

_static: dict[int, tuple[NightContent, str, tuple[int, int]]] = {}


def xy(c: NightContent, sq: int) -> tuple[int, int]:
    w = c.grid.width
    return M + (sq % w) * S, M + (sq // w) * S


def esc(s: object) -> str:
    return escape(str(s), quote=True)


# ==================================================================================================
# the static map
# ==================================================================================================
def _fill(c: NightContent, sq: int) -> str:
    return AREA_FILL.get(c.area_of[sq], ZONE_FILL[c.zone_of[sq]])


def _wall_between(c: NightContent, a: int, b: int) -> bool:
    grid = c.grid
    if grid.edge_kind(a, b) != WALL:
        return False
    return (grid.passable[a] and grid.passable[b]) or c.area_of[a] != c.area_of[b]


def static_map(c: NightContent) -> tuple[str, tuple[int, int]]:
    """The parts of the board that never change, drawn once per map."""
    got = _static.get(id(c))
    if got is not None and got[0] is c:
        return got[1], got[2]
    grid = c.grid
    w, h = grid.width, grid.height
    width, height = M + w * S + 8, M + h * S + 8
    out: list[str] = []
    # floors, one rectangle per run of squares of one area along a row
    out.append('<g class="floors">')
    for y in range(h):
        x = 0
        while x < w:
            sq = y * w + x
            run = 1
            while x + run < w and c.area_of[sq + run] == c.area_of[sq]:
                run += 1
            out.append(f'<rect x="{M + x * S}" y="{M + y * S}" width="{run * S}" height="{S}" fill="{_fill(c, sq)}"/>')
            x += run
    out.append("</g>")
    # the square grid, faint
    lines = [f"M{M + x * S} {M}V{M + h * S}" for x in range(1, w)]
    lines += [f"M{M} {M + y * S}H{M + w * S}" for y in range(1, h)]
    out.append(f'<path class="grid" d="{"".join(lines)}" stroke="#000" stroke-opacity="0.13" stroke-width="1" fill="none"/>')
    # decorations: the dining table and the fireplaces
    for name, squares in c.decor:
        xs = [xy(c, s)[0] for s in squares]
        ys = [xy(c, s)[1] for s in squares]
        x0, y0, x1, y1 = min(xs), min(ys), max(xs) + S, max(ys) + S
        if "table" in name.lower():
            out.append(f'<rect class="decor table" x="{x0 + 4}" y="{y0 + 8}" width="{x1 - x0 - 8}" height="{y1 - y0 - 16}" '
                       f'rx="6" fill="#8b5a2b" stroke="#4a2d12" stroke-width="2"><title>{esc(name)}</title></rect>')
        else:
            out.append(f'<g class="decor fireplace"><rect x="{x0 + 2}" y="{y0 + 2}" width="{x1 - x0 - 4}" height="{y1 - y0 - 4}" '
                       f'fill="#7a3b2e" stroke="#2b130d" stroke-width="2"/><title>{esc(name)}</title>')
            bricks = []
            for yy in range(y0 + 8, y1 - 2, 8):
                bricks.append(f"M{x0 + 3} {yy}H{x1 - 3}")
            out.append(f'<path d="{"".join(bricks)}" stroke="#2b130d" stroke-width="1" opacity="0.6"/>')
            out.append(f'<rect x="{x0 + 9}" y="{y0 + 9}" width="{x1 - x0 - 18}" height="{y1 - y0 - 18}" fill="#1c0d08"/></g>')
    for sq in range(grid.n):
        if not grid.passable[sq] and not any(sq in s for _, s in c.decor):
            x, y = xy(c, sq)
            out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{S - 4}" height="{S - 4}" fill="#555" opacity="0.7"/>')
    # walls
    segs = []
    for sq in range(grid.n):
        x, y = sq % w, sq // w
        if x + 1 < w and _wall_between(c, sq, sq + 1):
            px = M + (x + 1) * S
            segs.append(f"M{px} {M + y * S}V{M + (y + 1) * S}")
        if y + 1 < h and _wall_between(c, sq, sq + w):
            py = M + (y + 1) * S
            segs.append(f"M{M + x * S} {py}H{M + (x + 1) * S}")
    out.append(f'<path class="walls" d="{"".join(segs)}" stroke="#1d1a16" stroke-width="5" stroke-linecap="square" fill="none"/>')
    # room names
    for area in c.area_names:
        sqs = c.areas.get(area, ())
        if len(sqs) < 3 or c.zone_of[sqs[0]] == "yard":
            continue  # small areas are named by the squares' tooltips
        cx = sum(xy(c, s)[0] for s in sqs) / len(sqs) + S / 2
        cy = sum(xy(c, s)[1] for s in sqs) / len(sqs) + S / 2
        big = len(sqs) >= 6
        size = 11 if big else 7.5
        label = area.upper() if big else area
        out.append(f'<text class="room" x="{cx:.0f}" y="{cy:.0f}" font-size="{size}" text-anchor="middle" '
                   f'dominant-baseline="middle" fill="#000" fill-opacity="0.38" letter-spacing="{1 if big else 0}" '
                   f'pointer-events="none">{esc(label)}</text>')
    # Map Entry Points
    for e in c.entries:
        for sq in e.squares:
            x, y = xy(c, sq)
            out.append(f'<g class="entry" pointer-events="none"><circle cx="{x + S / 2}" cy="{y + S / 2}" r="{S * 0.36:.1f}" '
                       f'fill="#ffffff" fill-opacity="0.10" stroke="#f4f1e8" stroke-opacity="0.7" stroke-dasharray="3 3"/>'
                       f'<text x="{x + S / 2}" y="{y + S / 2 + 1}" font-size="15" font-weight="700" text-anchor="middle" '
                       f'dominant-baseline="middle" fill="#f4f1e8" fill-opacity="0.75">{e.number}</text></g>')
    # coordinates
    for x in range(w):
        out.append(f'<text class="coord" x="{M + x * S + S / 2}" y="{M - 9}" font-size="11" text-anchor="middle" fill="#9aa">{column_name(x)}</text>')
    for y in range(h):
        out.append(f'<text class="coord" x="{M - 6}" y="{M + y * S + S / 2 + 4}" font-size="11" text-anchor="end" fill="#9aa">{y + 1}</text>')
    text = "".join(out)
    _static[id(c)] = (c, text, (width, height))
    return text, (width, height)


# ==================================================================================================
# doors, windows, items and counters
# ==================================================================================================
def _planks() -> str:
    return ('<g class="boards"><rect x="-19" y="-5" width="38" height="6" rx="1" fill="#c8964f" stroke="#4a2d12" '
            'stroke-width="1.2" transform="rotate(-14)"/><rect x="-19" y="-1" width="38" height="6" rx="1" fill="#b98440" '
            'stroke="#4a2d12" stroke-width="1.2" transform="rotate(12)"/>'
            '<circle cx="-13" cy="1" r="1.3" fill="#222"/><circle cx="13" cy="1" r="1.3" fill="#222"/></g>')


def opening_svg(kind: int, flags: int) -> str:
    """A door or window centred on (0, 0) along the x axis, in its state."""
    parts: list[str] = ['<rect class="hit" x="-18" y="-9" width="36" height="18" rx="3"/>']
    if kind == DOOR:
        if flags & BROKEN:
            parts.append('<path d="M-16 -3.5H-3L0 0L-3 3.5H-16Z" fill="#6b5a48" stroke="#2a1d10" stroke-width="1.2"/>'
                         '<path d="M16 -3.5H4L1 1L4 3.5H16Z" fill="#6b5a48" stroke="#2a1d10" stroke-width="1.2"/>'
                         '<path d="M-9 -7L-5 -3M8 4L12 8M-2 -8L1 -4" stroke="#2a1d10" stroke-width="1.2"/>')
        elif flags & LOCKED:
            parts.append('<rect x="-16" y="-3.5" width="32" height="7" fill="#a86b32" stroke="#3b2410" stroke-width="1.2"/>'
                         '<g class="lock"><path d="M-3.6 -2.5V-5.5A3.6 3.6 0 0 1 3.6 -5.5V-2.5" fill="none" stroke="#f5e6ff" stroke-width="1.6"/>'
                         '<rect x="-5.5" y="-3" width="11" height="8.5" rx="1.5" fill="#9c27b0" stroke="#f5e6ff" stroke-width="1.2"/>'
                         '<circle cx="0" cy="1" r="1.4" fill="#f5e6ff"/></g>')
        else:
            parts.append('<path d="M-16 0A32 32 0 0 1 14 -14" fill="none" stroke="#3b2410" stroke-width="1" stroke-dasharray="2 2"/>'
                         '<rect x="-16" y="-2" width="32" height="4" fill="#a86b32" stroke="#3b2410" stroke-width="1" '
                         'transform="rotate(-28 -16 0)"/>'
                         '<path d="M-17 -3V3M17 -3V3" stroke="#1d1a16" stroke-width="3"/>')
    else:
        parts.append('<rect x="-16" y="-3" width="32" height="6" fill="#a9dcf5" stroke="#1f4a66" stroke-width="1.4"/>'
                     '<path d="M-16 0H16M0 -3V3" stroke="#ffffff" stroke-width="1"/>')
    if flags & BOARDED:
        parts.append(_planks())
    return "".join(parts)


def opening_title(c: NightContent, o: int, kind: int, flags: int) -> str:
    states = [word for bit, word in ((LOCKED, "locked"), (BROKEN, "broken"), (BOARDED, "boarded up")) if flags & bit]
    if not states:
        states.append("open" if kind == DOOR else "not boarded")
    return f"{c.openings_label[o]} — {', '.join(states)}"


_opening_cache: dict[tuple[int, int, int], str] = {}


def openings_svg(state: NightState) -> str:
    c = state.c
    out = ['<g class="openings">']
    key0 = id(c)
    for op in c.grid.openings:
        flags = state.op[op.id]
        key = (key0, op.id, flags)
        got = _opening_cache.get(key)
        if got is None:
            got = _opening_cache[key] = _opening(c, op.id, flags)
        out.append(got)
    out.append("</g>")
    return "".join(out)


def _opening(c: NightContent, o: int, flags: int) -> str:
    """One door or window in one state (cached: a map has few openings and few states each)."""
    op = c.grid.openings[o]
    ax, ay = xy(c, op.a)
    cx: float
    cy: float
    if op.b == op.a + 1:  # side by side: the edge is vertical
        cx, cy, rot = ax + S, ay + S / 2, 90
    else:
        cx, cy, rot = ax + S / 2, ay + S, 0
    cls = ["opening", "door" if op.kind == DOOR else "window"]
    cls += [word for bit, word in ((LOCKED, "locked"), (BROKEN, "broken"), (BOARDED, "boarded")) if flags & bit]
    return (f'<g class="{" ".join(cls)}" data-target="op:{op.name}" transform="translate({cx:g} {cy:g}) rotate({rot})">'
            f'<title>{esc(opening_title(c, op.id, op.kind, flags))}</title>{opening_svg(op.kind, flags)}</g>')


def items_svg(state: NightState) -> str:
    c = state.c
    grid = c.grid
    by_sq: dict[int, list[int]] = {}
    for i, w in enumerate(state.item_where):
        if 0 <= w < grid.n:
            by_sq.setdefault(w, []).append(i)
    out = ['<g class="items">']
    for sq, items in sorted(by_sq.items()):
        x, y = xy(c, sq)
        names = ", ".join(c.items[i].name for i in items)
        code = ITEM_CODE.get(c.items[items[0]].kind, "?") if len(items) == 1 else str(len(items))
        out.append(f'<g class="item" data-target="sq:{grid.names[sq]}"><title>On {grid.names[sq]}: {esc(names)}</title>'
                   f'<rect x="{x + S - 16}" y="{y + 1}" width="15" height="13" rx="3" fill="#f2c94c" stroke="#6b4e00" stroke-width="1"/>'
                   f'<text x="{x + S - 8.5}" y="{y + 11}" font-size="9.5" font-weight="700" text-anchor="middle" fill="#3d2c00">{code}</text></g>')
    out.append("</g>")
    return "".join(out)


def _name_text(x: float, y: float, name: str, size: float, fill: str, width: float) -> str:
    fit = f' textLength="{width:g}" lengthAdjust="spacingAndGlyphs"' if len(name) * size * 0.6 > width else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" font-weight="700" text-anchor="middle" fill="{fill}"{fit}>'
            f"{esc(name)}</text>")


def star(cx: float, cy: float, r: float) -> str:
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        pts.append(f"{cx + rr * math.cos(a):.1f},{cy + rr * math.sin(a):.1f}")
    return " ".join(pts)


SHARED_SCALE = 0.6  # a zombie counter on a human's square

_zombie_cache: dict[tuple[str, int, int, bool, str, int], str] = {}


def _zombie_counter(name: str, strength: int, ap: int, breaker: bool, sqname: str, off: int, x: int, y: int,
                    acting_ap: int | None) -> str:
    """A zombie's counter; those not acting are cached (same zombie, same square: same drawing)."""
    human_zombie = not name[1:].isdigit()
    acting = acting_ap is not None
    cls = ["counter", "zombie"] + (["breaker"] if breaker else []) + (["acting"] if acting else [])
    title = f"{'Human zombie ' + name[1:] if human_zombie else 'Zombie ' + name[1:]}; strength {strength}, {ap} AP"
    if breaker:
        title += "; BREAKER"
    if acting:
        title += f"; acting, {acting_ap} AP left"
    out = [f'<g class="{" ".join(cls)}" data-target="sq:{sqname}"><title>{esc(title)}</title>']
    if acting:
        out.append(f'<rect class="glow" x="{x + 1}" y="{y + 1}" width="{S - 2}" height="{S - 2}" rx="7" fill="none" stroke="#ffe14d" stroke-width="3"/>')
    fill = "#5b2a86" if human_zombie else "#8e1c1c"
    out.append(f'<rect x="{x + 4}" y="{y + 4}" width="{S - 8}" height="{S - 8}" rx="5" fill="{fill}" stroke="#2a0505" stroke-width="1.5"/>')
    label = name[1:]
    if human_zombie:
        out.append(_name_text(x + S / 2, y + 17, label, 9, "#fff", S - 11))
    else:
        out.append(f'<text x="{x + S / 2}" y="{y + 20}" font-size="14" font-weight="800" text-anchor="middle" fill="#fff">{esc(label)}</text>')
    if breaker:
        out.append(f'<polygon points="{star(x + 12, y + 27, 7.5)}" fill="#fff" stroke="#000" stroke-width="0.6"/>'
                   f'<text x="{x + 12}" y="{y + 30.5}" font-size="8.5" font-weight="800" text-anchor="middle" fill="#000">{strength}</text>'
                   f'<text x="{x + 27}" y="{y + 31}" font-size="9" text-anchor="middle" fill="#ffd6d6">{ap}</text>')
    else:
        out.append(f'<text x="{x + S / 2}" y="{y + 31}" font-size="9" text-anchor="middle" fill="#ffd6d6">{strength} · {ap}</text>')
    out.append("</g>")
    return "".join(out)


def counters_svg(state: NightState, seat: int | None) -> str:
    c = state.c
    cfg = state.cfg
    grid = c.grid
    out = ['<g class="counters">']
    for hu in state.humans:
        if hu.status != DEAD or hu.sq < 0:
            continue
        x, y = xy(c, hu.sq)
        out.append(f'<g class="counter dead" data-target="sq:{grid.names[hu.sq]}"><title>{esc(hu.name)} (dead — may rise as a zombie)</title>'
                   f'<rect x="{x + 4}" y="{y + 4}" width="{S - 8}" height="{S - 8}" rx="4" fill="#8a8a8a" stroke="#333" stroke-width="1.5"/>'
                   f'<path d="M{x + 8} {y + 8}L{x + S - 8} {y + S - 8}M{x + S - 8} {y + 8}L{x + 8} {y + S - 8}" stroke="#444" stroke-width="2"/>'
                   f"{_name_text(x + S / 2, y + S / 2 + 3.5, hu.name, 9, '#111', S - 10)}</g>")
    secret = state.secret[seat] if cfg.hidden_hero and seat is not None and 0 <= seat < len(state.secret) else -1
    for hu in state.humans:
        if hu.status != LIVE or hu.sq < 0:
            continue
        x, y = xy(c, hu.sq)
        hero = hu.idx in state.heroes
        active = hu.idx == state.active
        cls = ["counter", "human"] + (["hero"] if hero else []) + (["active"] if active else []) + (["secret"] if hu.idx == secret else [])
        carried = [c.items[i].name for i, w in enumerate(state.item_where) if w == CARRIED + hu.idx]
        strength = cfg.hstr[hu.idx] + (1 if "fighter" in hu.attrs else 0)
        ap = 3 if hu.injured else cfg.hap[hu.idx]
        title = f"{hu.name}{' — the hero' if hero else ''}; strength {strength}, {ap} AP"
        if active:
            title += f"; acting, {state.ap} AP left"
        if carried:
            title += "; carries " + ", ".join(carried)
        if hu.attrs:
            title += "; " + ", ".join(hu.attrs)
        if hu.idx == secret:
            title += "; your secret human"
        out.append(f'<g class="{" ".join(cls)}" data-target="sq:{grid.names[hu.sq]}"><title>{esc(title)}</title>')
        if active:
            out.append(f'<rect class="glow" x="{x + 1}" y="{y + 1}" width="{S - 2}" height="{S - 2}" rx="7" fill="none" stroke="#ffe14d" stroke-width="3"/>')
        out.append(f'<rect x="{x + 4}" y="{y + 4}" width="{S - 8}" height="{S - 8}" rx="5" fill="#2e7d32" '
                   f'stroke="{"#ffc107" if hero else "#0d3b10"}" stroke-width="{2.5 if hero else 1.5}"/>')
        out.append(_name_text(x + S / 2, y + 16, hu.name, 9, "#fff", S - 11))
        low = f"{state.ap} AP" if active else f"{strength} · {ap}"
        out.append(f'<text x="{x + S / 2}" y="{y + 29}" font-size="9" text-anchor="middle" fill="#d7f5d9">{low}</text>')
        if hero:
            out.append(f'<polygon points="{star(x + S - 6, y + 6, 5.5)}" fill="#ffc107" stroke="#5c4300" stroke-width="0.8"/>')
        if hu.idx == secret:
            out.append(f'<circle cx="{x + 7}" cy="{y + 7}" r="4" fill="#e040fb" stroke="#fff" stroke-width="1"/>')
        if carried:
            out.append(f'<rect x="{x + 5}" y="{y + S - 9}" width="{min(len(carried), 4) * 6}" height="4" rx="1" fill="#f2c94c"/>')
        out.append("</g>")
    drawn: set[int] = set()
    stacked = set(state.stacked)
    # a zombie on a human's square is drawn small in the square's lower right corner: the human's
    # name and hero star (upper right) stay in sight
    with_human = {hu.sq for hu in state.humans if hu.status in (LIVE, DEAD) and hu.sq >= 0}
    for z, sq in sorted(state.zsq.items()):
        x0, y0 = xy(c, sq)
        off = 5 if (sq in drawn and z in stacked) else 0
        drawn.add(sq)
        x, y = x0 + off, y0 + off
        acting = z == state.zact
        key = (zombie_name(state, z), cfg.zstr[z], cfg.zap[z], cfg.zbrk.get(z, False), grid.names[sq], off)
        cached = None if acting else _zombie_cache.get(key)
        if acting:
            got = _zombie_counter(*key, x, y, state.zap_left)
        elif cached is not None:
            got = cached
        else:
            if len(_zombie_cache) > 20_000:
                _zombie_cache.clear()
            got = _zombie_cache[key] = _zombie_counter(*key, x, y, None)
        if sq in with_human:
            shift = S * (1 - SHARED_SCALE)
            got = (f'<g class="shared" transform="translate({x0 + shift:g} {y0 + shift:g}) scale({SHARED_SCALE}) '
                   f'translate({-x0} {-y0})">{got}</g>')
        out.append(got)
    out.append("</g>")
    return "".join(out)
