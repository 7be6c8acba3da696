"""Day Night Z in the browser: a top bar with the threat level, the Day-Night counter, the Hunter's
stalk area and the last threat card, and under it the adventure's objective (both always in view);
then, when a survivor stands on a tile, that tile drawn large as the main board
(:mod:`deadboard.games.day_night_z.svg_tile`: subzones with coordinates, walls, markers, noise,
survivors, enemies with their cards, what the acting survivor sees) with the city board beside it
(zones as boxes joined by their streets; STOP alleys, "?" surprise zones, location slots) and the
other tiles in play small under it; otherwise the city board with the tiles beside it. Every zone or
subzone an action names is highlighted and says what clicking it does."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from html import escape

from deadboard.core.action import Action
from deadboard.core.drawing import Drawing, Panel, hit_rect, hover_text, sentences
from deadboard.core.game import Game, State
from deadboard.games.day_night_z.concepts import threat_text
from deadboard.games.day_night_z.geometry import CELLS
from deadboard.games.day_night_z.inventory import backpack, load, room
from deadboard.games.day_night_z.state import DNZState, Survivor
from deadboard.games.day_night_z.svg_tile import ENEMY, MARKER, SEAT, TERRAIN, enemy_card, tile_svg

Z, GAPX, GAPY, M, TOP = 70, 30, 30, 12, 56
C = 34  # a subzone
LEVEL = {"green": "#3a9a3a", "yellow": "#d0b020", "red": "#c03030"}


#: the terrain codes of a tile (content/tiles.toml) as the legend names them
TERRAIN_NAMES = {
    ".": "open subzone",
    "B": "blocked",
    "I": "impassable",
    "c": "cover: +1 defence",
    "h": "high: +1 ranged",
    "f": "flooded: +1 AP or stress",
    "o": "hollow: +1 AP or stress",
    "j": "jump icon",
    "s": "search icon",
}


def legend_svg() -> str:
    """What the board's colours, letters and marks mean, each drawn small as the board draws it."""
    h = 18

    def square(fill: str, inner: str = "") -> str:
        return f'<rect width="{h}" height="{h}" fill="{fill}"/>{inner}'

    def dot(colour: str) -> str:
        return f'<circle cx="{h / 2}" cy="{h / 2}" r="5" fill="{colour}" stroke="#000"/>'

    rows = [(square(TERRAIN[code]), name) for code, name in TERRAIN_NAMES.items()]
    rows += [
        (
            square(
                "#2a2f35",
                f'<rect x="3" y="3" width="{h - 6}" height="{h - 6}" fill="none" stroke="{MARKER["fire"]}" stroke-width="3"/>',
            ),
            "terrain marker (fire, cover …)",
        ),
        (square(TERRAIN["."], '<line x1="0" y1="9" x2="18" y2="9" stroke="#e8e2d0" stroke-width="3"/>'), "wall"),
        (square(TERRAIN["."], '<text x="2" y="9" font-size="7" fill="#9f9">IN</text>'), "access subzone"),
        (square(TERRAIN["."], '<text x="2" y="9" font-size="7" fill="#f99">OUT</text>'), "exit subzone"),
        (square(TERRAIN["."], '<text x="6" y="13" font-size="9" fill="#ff0">S</text>'), "search marker"),
        (square(TERRAIN["."], '<text x="2" y="15" font-size="8" fill="#aaa">+1</text>'), "corpse markers"),
        (square(TERRAIN["."], '<text x="6" y="13" font-size="9" fill="#f80">T</text>'), "trap"),
        (f'<circle cx="{h / 2}" cy="{h / 2}" r="4" fill="#f33"/>', "red noise counter"),
        (f'<circle cx="{h / 2}" cy="{h / 2}" r="4" fill="#fc3"/>', "yellow noise counter"),
        (
            square(
                "#2a2f35",
                f'<rect x="3" y="3" width="{h - 6}" height="{h - 6}" fill="none" stroke="#7fe" stroke-width="1.5" '
                'stroke-dasharray="4 3"/>',
            ),
            "seen by the acting survivor",
        ),
        (dot(SEAT[0]), "survivor (seat colour)"),
        *((f'<rect x="{h / 2 - 5}" y="{h / 2 - 5}" width="10" height="10" rx="3" fill="{colour}" stroke="#000"/>', kind)
          for kind, colour in ENEMY.items()),
        (f'<rect x="1" y="1" width="{h - 2}" height="{h - 2}" rx="3" fill="#ffe14d" fill-opacity=".2" stroke="#ffe14d" '
         'stroke-width="2"/>', "click: something to do here"),
        (f'<rect width="{h}" height="{h}" rx="4" fill="#303a30" stroke="#888"/>', "city zone (street)"),
        (f'<rect width="{h}" height="{h}" rx="4" fill="#4a3030" stroke="#888"/>', "alley: STOP"),
        (
            f'<rect width="{h}" height="{h}" rx="4" fill="#30304a" stroke="#888"/>',
            "surprise zone (? card left)",
        ),
    ]
    line = h + 5
    height = (len(rows) + 1) // 2 * line + 4
    out = [f'<svg viewBox="0 0 360 {height}" class="legend" xmlns="http://www.w3.org/2000/svg">']
    for i, (mark, text) in enumerate(rows):
        x, y = 4 + (i % 2) * 180, 4 + (i // 2) * line
        out.append(
            f'<g transform="translate({x} {y})">{mark}</g>'
            f'<text x="{x + h + 6}" y="{y + h / 2 + 4}" font-size="10" fill="currentColor">{_t(text)}</text>'
        )
    out.append("</svg>")
    return "".join(out)


def _t(s: object) -> str:
    return escape(str(s), quote=True)


def _city(st: DNZState, x0: int, y0: int) -> tuple[str, dict[str, tuple[float, float, float]]]:
    """The city board from (x0, y0), and where each zone lies (x, y, size)."""
    out = []
    pos = {z.id: (x0 + z.x * (Z + GAPX), y0 + z.y * (Z + GAPY)) for z in st.board.side.zones}
    for link in st.board.side.links:
        a, _, b = link.partition("-")
        (x1, y1), (x2, y2) = pos[a], pos[b]
        out.append(
            f'<line x1="{x1 + Z / 2}" y1="{y1 + Z / 2}" x2="{x2 + Z / 2}" y2="{y2 + Z / 2}" stroke="#555" stroke-width="6"/>'
        )
    for z in st.board.side.zones:
        x, y = pos[z.id]
        fill = {"alley": "#4a3030", "surprise": "#30304a"}.get(z.kind, "#303a30")
        out.append(
            f'<rect x="{x}" y="{y}" width="{Z}" height="{Z}" rx="6" fill="{fill}" stroke="#888">'
            f"<title>{_t(z.id)} ({z.kind})</title></rect>"
        )
        label = z.id + (" STOP" if z.kind == "alley" else "") + (" ?" if z.id in st.surprises else "")
        out.append(f'<text x="{x + 4}" y="{y + 12}" font-size="10" fill="#ddd">{_t(label)}</text>')
        if z.slot:
            loc = st.locations[z.slot]
            name = st.content.locations[loc.card].name
            out.append(
                f'<text x="{x + 4}" y="{y + Z - 4}" font-size="8" fill="#e0c060">{_t(name)}{" ✓" if loc.visited else ""}</text>'
            )
        here = [s for s in st.living() if not s.tile and s.zone == z.id]
        for k, s in enumerate(here):
            out.append(
                f'<circle cx="{x + 14 + 14 * k}" cy="{y + Z / 2}" r="6" fill="{SEAT[s.seat % 4]}" stroke="#fff">'
                f"<title>{_t(s.name)}</title></circle>"
            )
        inside = [s for s in st.living() if s.tile and st.tiles[s.tile].zone == z.id] if st.tiles else []
        if inside:
            out.append(f'<text x="{x + Z / 2}" y="{y + Z / 2 + 4}" font-size="9" text-anchor="middle" fill="#ffe14d">'
                       f'{_t(", ".join(s.name.split()[0] for s in inside))} inside</text>')
        if st.noise.get(z.id):
            out.append(f'<text x="{x + Z - 14}" y="{y + 12}" font-size="11" fill="#f33">!<title>noise</title></text>')
    return "".join(out), {zid: (x, y, Z) for zid, (x, y) in pos.items()}


def _main_tile(st: DNZState) -> str | None:
    """The tile drawn large: the acting survivor's, else the first with a survivor on it."""
    on = [s for s in st.living() if s.tile and s.tile in st.tiles]
    if not on:
        return None
    d = st.decision
    mine = [s for s in on if d is not None and s.seat == d.seat]
    return (mine or on)[0].tile


def _actor(st: DNZState, legal: Sequence[Action]) -> Survivor | None:
    ids = {s.id: s for s in st.living()}
    for a in legal:
        if a.args and str(a.args[0]) in ids:
            return ids[str(a.args[0])]
    d = st.decision
    return next((s for s in st.living() if d is not None and s.seat == d.seat), None)


def _objective(st: DNZState, width: int) -> str:
    lines = textwrap.wrap(st.adventure.text, max(40, int((width - 2 * M) / 7.6)))[:2]
    out = [f'<text x="{M}" y="{M + 54}" font-size="15" font-weight="700" fill="#ffe9a8">Objective — {_t(st.adventure.name)}</text>']
    for k, line in enumerate(lines):
        out.append(f'<text x="{M}" y="{M + 72 + k * 16}" font-size="14" fill="#ddd">{_t(line)}</text>')
    return "".join(out)


def _bar(st: DNZState, width: int) -> str:
    out = [f'<text x="{M}" y="{M + 11}" font-size="14" fill="#ddd">threat</text>']
    for lvl, count in (("green", 15), ("yellow", 15), ("red", 10)):
        base = {"green": 0, "yellow": 15, "red": 30}[lvl]
        for u in range(count):
            v = base + u
            x = M + 50 + v * 9
            fill = LEVEL[lvl] if v <= st.threat else "#333"
            out.append(f'<rect x="{x}" y="{M}" width="8" height="12" fill="{fill}"/>')
    hunter = {"": "not in play", "stalk": "in the stalk area", "board": "hunting"}[st.hunter]
    text = (
        f"{st.clock.text} {'night' if st.night else 'day'} — threat {threat_text(st)} — Hunter: {hunter}"
        + (f" — threat card {st.last_threat}" if st.last_threat else "")
    )
    out.append(f'<text x="{M}" y="{M + 32}" font-size="15" font-weight="700" fill="#eee">{_t(text)}</text>')
    sx = M + 50 + 40 * 9 + 20
    out.append(
        f'<rect x="{sx}" y="{M - 2}" width="70" height="16" fill="#222" stroke="#888"/>'
        f'<text x="{sx + 4}" y="{M + 10}" font-size="10" fill="#aaa">stalk area</text>'
    )
    if st.hunter == "stalk":
        out.append(
            f'<circle cx="{sx + 62}" cy="{M + 6}" r="5" fill="{ENEMY["hunter"]}"><title>the Hunter</title></circle>'
        )
    return "".join(out)


def _target(st: DNZState, a: Action) -> str | None:
    if a.kind in ("move", "leave", "throw", "search-corpse", "search-item", "hide", "retrieve") and len(a.args) >= 2:
        return str(a[2])
    if a.kind == "attack" and len(a.args) >= 2:
        e = next((e for e in st.enemies if e.id == str(a.args[1])), None)
        if e is not None and e.tile in st.tiles:
            return f"{e.tile}-{CELLS[e.cell]}"
    return None


def label_of(a: Action) -> str:
    return a.text


#: a threat card's words (content/threat.toml) as a player reads them
_AI = {"attack": "attack", "attack-advance": "attack or advance", "move-los": "move towards a survivor in sight",
       "move-noise": "move towards noise", "move-closest": "move towards the closest survivor",
       "ability": "use their abilities"}
_PRIORITY = {"closest": "closest", "leader": "leader's", "most-stressed": "most stressed", "most-wounded": "most wounded",
             "noisiest": "noisiest"}
_CONDITION = {"always": "always", "fired-ranged": "if a survivor fired a ranged weapon and has ammo left", "in-city": "if a survivor is in the city",
              "infected": "if a survivor is infected", "night": "at night", "noise": "if a survivor is where there is noise",
              "on-tile": "if a survivor is on a tile", "stress-red": "if a survivor's stress is red",
              "wounded": "if a survivor's health is red"}
_EFFECT = {"break": "a weapon breaks ({})", "damage": "{} damage", "spawn": "spawn {}", "stress": "{} stress",
           "supplies": "supplies {:+d}", "threat": "threat {:+d}"}


def _panels(st: DNZState) -> list[Panel]:
    panels: list[Panel] = [{"title": "Adventure", "lines": [st.adventure.name, st.adventure.text]}]
    if st.last_threat:
        card = next(c for c in st.content.threats if c.id == st.last_threat)
        panels.append(
            {
                "title": "Threat card",
                "lines": [
                    f"A: {card.attack} — zombies {', then '.join(_AI.get(a, a) for a in card.ai)}; they go for "
                    f"the {_PRIORITY.get(card.priority, card.priority)} survivor, at the {card.body}",
                    f"B: {card.name} — {_CONDITION.get(card.condition, 'if ' + card.condition)}: "
                    + ", ".join(_EFFECT.get(e.kind, e.kind + " {}").format(e.n) for e in card.effects),
                    "icons: "
                    + " ".join(
                        x
                        for x, on in (
                            ("hourglass", card.hourglass),
                            ("hunter", card.hunter),
                            ("infection", card.infection),
                        )
                        if on
                    ),
                ],
            }
        )
    enemies = [e for e in st.enemies if e.tile in st.tiles]
    if enemies:
        panels.append({"title": "Enemies", "lines": [f"{enemy_card(st, e)} — at {e.tile}-{CELLS[e.cell]}" for e in enemies]})
    for s in st.survivors:
        lines: list[object] = (
            ["dead"]
            if s.dead
            else [
                f"at {s.where}: health {s.health}, stress {s.stress}, infection {s.infection}, SP {s.sp}",
                f"AP {s.ap} (reserve {s.reserve}); ammo {s.ammo}, supplies {s.supplies}, battery {s.battery}",
                f"main hand: {s.weapon or '—'}; off hand: {s.off or '—'}; worn: {', '.join(s.worn.values()) or '—'}",
                f"backpack ({load(st, s)}/{room(st)} spaces): {', '.join(backpack(s)) or '—'}",
            ]
        )
        panels.append({"title": s.name, "lines": lines})
    panels.append({"title": "Legend", "lines": [], "svg": legend_svg()})
    return panels


def draw(game: Game, view: State, seat: int | None, legal: Sequence[Action]) -> Drawing:
    assert isinstance(view, DNZState)
    st = view
    cols = max(z.x for z in st.board.side.zones) + 1
    rows = max(z.y for z in st.board.side.zones) + 1
    main = _main_tile(st)
    actor = _actor(st, legal)
    top = TOP + 66  # the bar, then the objective
    city_w = cols * (Z + GAPX)
    where: dict[str, tuple[float, float, float]] = {}
    parts: list[str] = []
    if main is not None:  # the tile of the fight drawn large, the city beside it
        big = 112
        parts.append(tile_svg(st, st.tiles[main], M + 18, top + 18, big, actor))
        where.update(_cells(main, M + 18, top + 18, big))
        cx = M + 18 + 4 * big + 40
        city, zones = _city(st, cx, top + 4)
        height_city = rows * (Z + GAPY)
        ox, oy = cx, top + height_city + 24
        others = [t for t in st.tiles if t != main]
    else:
        cx = M
        city, zones = _city(st, cx, top + 4)
        height_city = rows * (Z + GAPY)
        ox, oy = cx + city_w + 10, top + 18
        others = list(st.tiles)
    parts.append(city)
    where.update(zones)
    for k, tid in enumerate(others):
        tx, ty = ox + (k % 3) * (4 * C + 24), oy + 14 + (k // 3) * (4 * C + 34)
        parts.append(tile_svg(st, st.tiles[tid], tx, ty, C, actor))
        where.update(_cells(tid, tx, ty, C))
    width = max(cx + city_w, ox + min(3, max(1, len(others))) * (4 * C + 24)) + M
    tiles_bottom = oy + 14 + ((len(others) + 2) // 3) * (4 * C + 34) if others else 0
    height = max(top + 18 + (4 * 112 + 24 if main is not None else 0), top + height_city, tiles_bottom) + M
    targets: dict[str, list[str]] = {}
    for a in legal:
        t = _target(st, a)
        if t is not None and t in where:
            targets.setdefault(t, []).append(a.text)
    labels = sentences(game, st, seat, legal, {a.text: label_of(a) for a in legal})
    hits = "".join(hit_rect(t, where[t][0], where[t][1], where[t][2] - 1, where[t][2] - 1,
                            hover_text(t, texts, labels), rx=4) for t, texts in targets.items())
    body = _bar(st, width) + _objective(st, width) + "".join(parts) + hits
    svg = (
        f'<svg class="board day-night-z" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" '
        f'font-family="system-ui, sans-serif" role="img" aria-label="Day Night Z: the city and the tiles in play">'
        f'<rect width="{width}" height="{height}" fill="#111"/>{body}</svg>'
    )
    d = st.decision
    caption = "Day Night Z — " + (d.prompt if d is not None else "the adventure is over")
    return {"svg": svg, "targets": targets, "panels": _panels(st), "labels": labels, "caption": caption}


def _cells(tid: str, ox: float, oy: float, c: float) -> dict[str, tuple[float, float, float]]:
    return {f"{tid}-{CELLS[k]}": (ox + (k % 4) * c, oy + (k // 4) * c, c) for k in range(16)}


__all__ = ["draw", "label_of", "legend_svg"]
