"""Zombie Dawn's map being laid out, in the browser (see :mod:`deadboard.games.zombie_dawn.svg` for the
whole drawing): the zones the placing player may still lay, each drawn in its four rotations to pick
from, and the open slots of their island marked with where they lie.

A place action is ``place ZONE X Y ROTATION``. The zone and its rotation are picked in the tray (a
click on one of the four rotations drawn, or on the zone's *Rotate* control, which turns it to its
next rotation that fits somewhere); the open slots where the picked zone so turned may go are then
highlighted, with the zone shown faded at each, and a click on one lays it there: one action, no
menu (the drawing's ``picks``: pick -> {slot -> action}; the page keeps the pick). Only rotations
that fit some slot can be picked. Each slot is named by where it lies from the first zone (``2 N``,
``1 N 1 E``) on the island and in the sentences alike."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from deadboard.core.action import Action
from deadboard.core.drawing import hit_rect
from deadboard.games.zombie_dawn.board import rotated_cells
from deadboard.games.zombie_dawn.state import DawnState

TERRAIN = {"field": "#b39b47", "forest": "#3d6a36", "city": "#7b7b7b"}
MINI = 12  # a square of a zone drawn to pick, in pixels
ROTATIONS = ("0", "90", "180", "270")


def _t(s: object) -> str:
    return escape(str(s), quote=True)


def placements(legal: Sequence[Action]) -> list[Action]:
    """The actions that lay a zone (``place ZONE X Y ROTATION``)."""
    return [a for a in legal if a.kind == "place" and len(a.args) == 4]


def slot_words(x: int, y: int) -> str:
    """Where a zone slot lies from the first zone, in compass words (``1 N 2 E``)."""
    parts = []
    if y:
        parts.append(f"{abs(y)} {'N' if y < 0 else 'S'}")
    if x:
        parts.append(f"{abs(x)} {'E' if x > 0 else 'W'}")
    return " ".join(parts) or "the first zone"


def slot_target(x: object, y: object) -> str:
    """The click target of an open slot of the placing player's island (the page titles its menu
    with what follows the first colon)."""
    try:
        return f"slot:the slot {slot_words(int(str(x)), int(str(y)))}"
    except ValueError:
        return f"slot:{x}:{y}"


def zone_target(name: str, rot: object) -> str:
    return f"zone:{name}, turned {rot}°"


def place_sentence(state: DawnState, a: Action) -> str:
    """``Place Radio Ridge at the slot 1 N, turned 90°``."""
    z, x, y, rot = (str(w) for w in a.args)
    name = next((r.name for r in state.c.zones if r.id == z), z)
    try:
        where = slot_words(int(x), int(y))
    except ValueError:
        return a.text
    return f"Place {name} at the slot {where}, turned {rot}°"


def mini_zone(state: DawnState, zone: int, rot: int, x: float, y: float, s: float = MINI) -> str:
    """A zone drawn small at (x, y), turned ``rot`` degrees: terrain, water, roads, highway exits,
    tents and locations."""
    terrain = state.c.zones[zone].terrain
    out = [f'<rect x="{x:g}" y="{y:g}" width="{5 * s:g}" height="{5 * s:g}" fill="{TERRAIN.get(terrain, "#666")}" stroke="#000"/>']
    for cx, cy, ch, loc in rotated_cells(state.c, zone, rot):
        px, py = x + cx * s, y + cy * s
        if ch == "~":
            out.append(f'<rect x="{px:g}" y="{py:g}" width="{s:g}" height="{s:g}" fill="#3b73b5"/>')
        if ch in "=H":
            out.append(f'<rect x="{px:g}" y="{py + s * 0.35:.1f}" width="{s:g}" height="{s * 0.3:.1f}" fill="#d9c8a0"/>'
                       f'<rect x="{px + s * 0.35:.1f}" y="{py:g}" width="{s * 0.3:.1f}" height="{s:g}" fill="#d9c8a0"/>')
        if ch == "H":
            out.append(f'<circle cx="{px + s / 2:g}" cy="{py + s / 2:g}" r="{s * 0.4:.1f}" fill="#f08a00" stroke="#3a2000"/>')
        if ch == "T":
            out.append(f'<polygon points="{px + 1:g},{py + s - 1:g} {px + s / 2:g},{py + 1:g} {px + s - 1:g},{py + s - 1:g}" '
                       f'fill="#eee" stroke="#111"/>')
        if loc is not None:
            fill = "#2e8b3a" if loc.deck == "green" else "#2f63b8"
            out.append(f'<rect x="{px + 1:g}" y="{py + 1:g}" width="{s - 2:g}" height="{s - 2:g}" rx="1.5" fill="{fill}" stroke="#111"/>'
                       f'<text x="{px + s / 2:g}" y="{py + s * 0.78:.1f}" font-size="{s * 0.7:.1f}" font-weight="800" '
                       f'text-anchor="middle" fill="#fff">{loc.count}</text>')
    return "".join(out)


def picks(state: DawnState, legal: Sequence[Action]) -> dict[str, dict[str, str]]:
    """``{zone turned: {open slot: the place action}}``: what a click on a slot does once that zone
    so turned is picked in the tray."""
    out: dict[str, dict[str, str]] = {}
    for a in placements(legal):
        z = str(a.args[0])
        name = next((r.name for r in state.c.zones if r.id == z), z)
        out.setdefault(zone_target(name, a.args[3]), {})[slot_target(a.args[1], a.args[2])] = a.text
    return out


def zone_targets(state: DawnState, legal: Sequence[Action]) -> dict[str, list[str]]:
    """``zone:ZONE:ROTATION`` -> the place actions laying that zone so turned (one per open slot)."""
    out: dict[str, list[str]] = {}
    for a in placements(legal):
        z = str(a.args[0])
        name = next((r.name for r in state.c.zones if r.id == z), z)
        out.setdefault(zone_target(name, a.args[3]), []).append(a.text)
    return out


def tray_svg(state: DawnState, legal: Sequence[Action], targets: Mapping[str, list[str]],
             x0: float, y0: float, width: float, spots: Mapping[tuple[int, int], tuple[int, int]],
             square: float) -> tuple[str, float]:
    """The zones still to lay, each in its four rotations; returns the drawing and its bottom.
    Hovering one shows it so turned, faded, at every open slot it may go to (``spots``: each open
    slot's top left corner on the island, whose squares are ``square`` pixels)."""
    zones: list[str] = []
    for a in placements(legal):
        if str(a.args[0]) not in zones:
            zones.append(str(a.args[0]))
    if not zones:
        return "", y0
    index = {r.id: k for k, r in enumerate(state.c.zones)}
    tile = 5 * MINI
    out = [f'<text x="{x0:g}" y="{y0:g}" font-size="13" font-weight="700" fill="#ddd">Zone to lay: pick its turn (a '
           f'rotation, or Rotate), then click a slot on the map</text>']
    y = y0 + 14
    previews: list[str] = []
    css: list[str] = []
    defs: dict[str, str] = {}  # each zone turned each way, drawn once and used in the tray and at the slots
    col_w = 4 * (tile + 10) + 20
    per_row = max(1, int((width - x0) // col_w))
    for k, z in enumerate(zones):
        zx = x0 + (k % per_row) * col_w
        zy = y + (k // per_row) * (tile + 34)
        rec = state.c.zones[index[z]] if z in index else None
        out.append(f'<text x="{zx:g}" y="{zy + 11:g}" font-size="11" font-weight="700" fill="#ffe9a8">{_t(rec.name if rec else z)}</text>')
        out.append(_rotate_control(f"zg-{k}", zx + 4 * (tile + 10) - 10 - 74, zy))
        for r, rot in enumerate(ROTATIONS):
            tx, ty = zx + r * (tile + 10), zy + 16
            if rec is not None:
                out.append(f'<use href="#zd-{index[z]}-{rot}" transform="translate({tx:g} {ty:g}) scale({MINI / square:g})"/>')
                defs.setdefault(f"zd-{index[z]}-{rot}", _drawn(state, index[z], int(rot), square))
            out.append(f'<text x="{tx + tile / 2:g}" y="{ty + tile + 11:g}" font-size="9" text-anchor="middle" fill="#bbb">{rot}°</text>')
            key = zone_target(rec.name if rec else z, rot)
            texts = targets.get(key, [])
            if texts:
                what = f"{rec.name if rec else z}, turned {rot}°"
                hit = hit_rect(key, tx - 2, ty - 2, tile + 4, tile + 4,
                               f"{what}: pick it, then click a highlighted slot to lay it there", rx=3)
                out.append(hit.replace("<rect ", f'<rect id="zt-{k}-{r}" data-pick-group="zg-{k}" ', 1))
                css.append(f"#zt-{k}-{r}:hover~.zp-{k}-{r}{{display:inline}}")
                if rec is not None:
                    for a in placements(legal):
                        if str(a.args[0]) == z and str(a.args[3]) == rot:
                            at = spots.get((int(str(a.args[1])), int(str(a.args[2]))))
                            if at is not None:
                                previews.append(f'<use class="zone-preview zp-{k}-{r}" href="#zd-{index[z]}-{rot}" '
                                                f'data-preview="{_t(key)}" x="{at[0]}" y="{at[1]}" opacity="0.7"/>')
            else:  # fits no open slot: drawn, not offered
                out.append(f'<rect x="{tx - 2:g}" y="{ty - 2:g}" width="{tile + 4:g}" height="{tile + 4:g}" rx="3" '
                           f'fill="#151a17" fill-opacity="0.7"><title>{_t(rec.name if rec else z)}, turned {rot}°: fits no '
                           f'open slot</title></rect>')
    rows = (len(zones) + per_row - 1) // per_row
    style = ("<style>.zone-preview{display:none;pointer-events:none}" + "".join(css) + "</style>") if css else ""
    shared = "<defs>" + "".join(f'<g id="{k}">{v}</g>' for k, v in defs.items()) + "</defs>"
    return style + shared + "".join(out) + "".join(previews), y + rows * (tile + 34) + 10


def _rotate_control(group: str, x: float, y: float) -> str:
    """The *Rotate* control of a zone in the tray: the page turns the pick to its next rotation."""
    return (f'<g class="rotate-control" data-rotate="{group}" role="button" tabindex="0" cursor="pointer">'
            f'<title>Rotate: turn the zone to its next rotation that fits an open slot</title>'
            f'<rect x="{x:g}" y="{y - 2:g}" width="74" height="16" rx="8" fill="#2b3327" stroke="#ffe14d"/>'
            f'<text x="{x + 37:g}" y="{y + 10:g}" font-size="11" font-weight="700" text-anchor="middle" fill="#ffe14d">'
            f'&#8635; Rotate</text></g>')


_zones: dict[tuple[int, int, int, float], tuple[object, str]] = {}


def _drawn(state: DawnState, zone: int, rot: int, s: float) -> str:
    """A zone turned ``rot`` at (0, 0), drawn once per content."""
    key = (id(state.c), zone, rot, s)
    got = _zones.get(key)
    if got is None or got[0] is not state.c:
        got = _zones[key] = (state.c, mini_zone(state, zone, rot, 0, 0, s))
    return got[1]
