"""One Day Night Z tile in the browser, at any size (see :mod:`deadboard.games.day_night_z.svg` for the
whole drawing): its 4 x 4 subzones with their terrain and coordinates, the walls, the access and exit,
markers, search marks, corpses, traps and noise, the survivors as figures and the enemies as counters
named with their card, and the subzones the active survivor sees."""

from __future__ import annotations

from html import escape

from deadboard.games.day_night_z.board import CELLS
from deadboard.games.day_night_z.phrases import enemy, tile_place
from deadboard.games.day_night_z.state import DNZState, Enemy, Survivor, TileInPlay

TERRAIN = {".": "#3a4048", "B": "#8b1e1e", "I": "#6b2a2a", "c": "#35527a", "h": "#5b7a35", "f": "#2a5a8a",
           "o": "#3a3a3a", "j": "#7a5a35", "s": "#6a6a2a"}
MARKER = {"fire": "#e0501e", "blocked": "#8b1e1e", "impassable": "#6b2a2a", "cover": "#35527a", "high": "#5b7a35",
          "flooded": "#2a5a8a", "hollow": "#3a3a3a", "noisy": "#b0a030", "vehicle": "#6e7b85"}
SEAT = ("#2bb3c0", "#c04bd6", "#e0b628", "#4fc25a")
ENEMY = {"walker": "#c03030", "howler": "#e07020", "crawler": "#a0a020", "leader": "#d04090", "bulker": "#802020",
         "hunter": "#ffffff"}


def _t(s: object) -> str:
    return escape(str(s), quote=True)


def cell_xy(ox: float, oy: float, c: float, cell: int) -> tuple[float, float]:
    return ox + (cell % 4) * c, oy + (cell // 4) * c


def tile_svg(st: DNZState, tile: TileInPlay, ox: float, oy: float, c: float, actor: Survivor | None) -> str:
    """The tile with its top left corner at (ox, oy), subzones ``c`` pixels wide."""
    k = c / 34  # the scale of the marks against the smallest drawing
    big = c >= 60
    out: list[str] = []
    after = ""
    if tile.slot:
        back = tile.links.get(tile.geo.access)
        if back is not None:
            after = f", after the {st.tiles[back[0]].geo.side.name}" if back[0] in st.tiles else ""
    out.append(f'<text x="{ox:g}" y="{oy - 6:g}" font-size="{12 if big else 10}" font-weight="{700 if big else 400}" '
               f'fill="#ddd">{_t(tile.geo.side.name)}{_t(f" ({tile_place(st, tile) if tile.slot else tile.zone}{after})" if big else "")}</text>')
    for cell in range(16):
        px, py = cell_xy(ox, oy, c, cell)
        name = f"{tile.id}-{CELLS[cell]}"
        out.append(f'<rect x="{px:g}" y="{py:g}" width="{c - 1:g}" height="{c - 1:g}" fill="{TERRAIN.get(tile.geo.terrain[cell], "#3a4048")}">'
                   f"<title>{_t(name)}</title></rect>")
        if big:
            out.append(f'<text x="{px + c - 4:g}" y="{py + c - 5:g}" font-size="10" text-anchor="end" fill="#fff" fill-opacity="0.45">'
                       f"{CELLS[cell]}</text>")
    # walls between subzones
    for a, b in sorted(tile.geo.solid):
        ax, ay, bx = a % 4, a // 4, b % 4
        if ay == b // 4:
            x = ox + max(ax, bx) * c - 1
            out.append(f'<line x1="{x:g}" y1="{oy + ay * c:g}" x2="{x:g}" y2="{oy + (ay + 1) * c:g}" stroke="#e8e2d0" stroke-width="{3 * k:.1f}"/>')
        else:
            y = oy + max(ay, b // 4) * c - 1
            out.append(f'<line x1="{ox + ax * c:g}" y1="{y:g}" x2="{ox + (ax + 1) * c:g}" y2="{y:g}" stroke="#e8e2d0" stroke-width="{3 * k:.1f}"/>')
    if big:  # coordinates around the tile
        for i in range(4):
            out.append(f'<text x="{ox + i * c + c / 2:g}" y="{oy + 4 * c + 14:g}" font-size="11" text-anchor="middle" fill="#9aa">'
                       f"{CELLS[i][0]}</text>")
            out.append(f'<text x="{ox - 6:g}" y="{oy + i * c + c / 2 + 4:g}" font-size="11" text-anchor="end" fill="#9aa">'
                       f"{CELLS[i * 4][1:]}</text>")
    # the active survivor's line of sight
    if actor is not None and actor.tile == tile.id and actor.cell >= 0:
        blockers = st.sight_blockers(tile.id)
        for d in range(16):
            if d != actor.cell and not tile.geo.blocked[d] and tile.geo.sees(actor.cell, d, blockers):
                px, py = cell_xy(ox, oy, c, d)
                out.append(f'<rect class="sight" x="{px + 3 * k:.1f}" y="{py + 3 * k:.1f}" width="{c - 7 * k:.1f}" height="{c - 7 * k:.1f}" '
                           f'fill="#7fe" fill-opacity="0.08" stroke="#7fe" stroke-width="1.5" stroke-dasharray="6 4" '
                           f'pointer-events="none"><title>{_t(actor.name)} sees {tile.id}-{CELLS[d]}</title></rect>')
    for cell in range(16):
        out.append(_cell_marks(st, tile, cell, ox, oy, c))
        out.append(_figures(st, tile, cell, ox, oy, c, actor))
    return "".join(out)


def _cell_marks(st: DNZState, tile: TileInPlay, cell: int, ox: float, oy: float, c: float) -> str:
    """What lies on a subzone: access and exit, a marker, search marks, corpses, a trap, noise."""
    k, big = c / 34, c >= 60
    out: list[str] = []
    px, py = cell_xy(ox, oy, c, cell)
    name = f"{tile.id}-{CELLS[cell]}"
    fs = 7 * k if not big else 11
    if cell == tile.geo.access:
        out.append(f'<text x="{px + 3:g}" y="{py + fs + 1:g}" font-size="{fs:.1f}" font-weight="700" fill="#9f9">IN</text>')
    if cell == tile.geo.exit:
        out.append(f'<text x="{px + c - 3:g}" y="{py + fs + 1:g}" font-size="{fs:.1f}" font-weight="700" text-anchor="end" fill="#f99">OUT</text>')
    m = tile.markers.get(cell)
    if m:
        out.append(f'<rect x="{px + 4 * k:.1f}" y="{py + 4 * k:.1f}" width="{c - 9 * k:.1f}" height="{c - 9 * k:.1f}" fill="none" '
                   f'stroke="{MARKER.get(m, "#888")}" stroke-width="{3 * k:.1f}"><title>{_t(m)}</title></rect>')
        if big:
            out.append(f'<text x="{px + c / 2:g}" y="{py + c - 8:g}" font-size="9" text-anchor="middle" fill="{MARKER.get(m, "#888")}">{_t(m)}</text>')
    if cell in tile.search_marks:
        out.append(f'<text x="{px + c / 2:g}" y="{py + c / 2 + 4 * k:.1f}" font-size="{10 * k:.1f}" text-anchor="middle" fill="#ff0">S<title>searched</title></text>')
    if tile.corpses.get(cell):
        out.append(f'<text x="{px + 3:g}" y="{py + c - 4:g}" font-size="{8 * k:.1f}" fill="#ccc">+{len(tile.corpses[cell])}'
                   f"<title>{len(tile.corpses[cell])} corpse(s) to search</title></text>")
    if cell in tile.traps:
        out.append(f'<text x="{px + c - 4:g}" y="{py + c / 2 + 3:g}" font-size="{9 * k:.1f}" text-anchor="end" fill="#f80">T<title>a trap</title></text>')
    noise = st.noise.get(name)
    if noise:
        colour = "#f33" if noise[0] else "#fc3"
        out.append(f'<circle cx="{px + c - 7 * k:.1f}" cy="{py + c - 7 * k:.1f}" r="{4 * k:.1f}" fill="{colour}" stroke="#000">'
                   f"<title>noise</title></circle>")
    return "".join(out)


def enemy_card(st: DNZState, e: Enemy) -> str:
    """An enemy as its card reads now (the day or the night side), with the damage it has taken."""
    prof = st.content.enemies.get(e.kind)
    if prof is None:
        return enemy(st, e) + (f", {e.damage} damage" if e.damage else "")
    side = prof.night if st.night else prof.day
    return (f"{enemy(st, e)} ({'night' if st.night else 'day'}): health {max(0, side.health - e.damage)} of {side.health}, "
            f"{side.actions} actions, attack {side.attack} dice for {side.damage} damage, "
            f"defence {side.melee_defence} melee / {side.ranged_defence} ranged, evasion {side.evasion}, resistance {side.resistance}")


def _figures(st: DNZState, tile: TileInPlay, cell: int, ox: float, oy: float, c: float, actor: Survivor | None) -> str:
    """The survivors (discs) and enemies (squares named by their card) on a subzone, four at most."""
    k, big = c / 34, c >= 60
    out: list[str] = []
    px, py = cell_xy(ox, oy, c, cell)
    figures: list[tuple[str, str, str, bool]] = [
        (SEAT[s.seat % 4], s.name[:3], f"{s.name}: health {s.health}, stress {s.stress}, AP {s.ap}", True)
        for s in st.living() if s.tile == tile.id and s.cell == cell]
    figures += [(ENEMY.get(e.kind, "#c03030"), e.id[-3:] if not e.id[-1:].isdigit() else e.kind[0].upper() + e.id[-1:],
                 enemy_card(st, e), False)
                for e in st.enemies if e.tile == tile.id and e.cell == cell]
    for j, (colour, label, title, person) in enumerate(figures[:4]):
        fx, fy = px + c * (0.3 + 0.4 * (j % 2)), py + c * (0.35 + 0.38 * (j // 2))
        r = 5 * k if not big else c * 0.17
        ink = "#000" if colour in ("#ffffff", "#e0b628", "#a0a020") else "#fff"
        if person:
            out.append(f'<g><title>{_t(title)}</title><circle cx="{fx:.1f}" cy="{fy:.1f}" r="{r:.1f}" fill="{colour}" '
                       f'stroke="{"#ffe14d" if actor is not None and title.startswith(actor.name) else "#fff"}" stroke-width="{2 if big else 1}"/>')
        else:
            out.append(f'<g><title>{_t(title)}</title><rect x="{fx - r:.1f}" y="{fy - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" '
                       f'rx="{r * 0.3:.1f}" fill="{colour}" stroke="#000" stroke-width="1.2"/>')
        if big:
            out.append(f'<text x="{fx:.1f}" y="{fy + 4:.1f}" font-size="10" font-weight="800" text-anchor="middle" fill="{ink}">{_t(label)}</text>')
            if not person and "health " in title:
                hp = title.split("health ", 1)[1].split(" of", 1)[0]
                out.append(f'<text x="{fx:.1f}" y="{fy + r + 10:.1f}" font-size="9" font-weight="700" text-anchor="middle" '
                           f'fill="#ffd6d6">{_t(hp)} HP</text>')
        out.append("</g>")
    return "".join(out)
