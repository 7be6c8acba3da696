"""The Night in the browser: the house, its yard and the Tool Shed as SVG (see deadboard.web.drawing
for the interface).

The map is 22 x 17 squares of ``S`` pixels; everything that never changes (floors, walls, room
names, Map Entry Points, decorations) is drawn once per map and reused;
each call adds what the state changes: doors and windows (open, locked, broken, boarded), items on
the floor and the counters (those pieces are :mod:`deadboard.games.the_night.svg_board`; this
module puts them together with the click targets and the panels)::

    +-----------------------------+   humans: green counters, name over strength · AP
    |  a  b  c ...                |   hero: gold rim and star;  acting: yellow glow
    | 1 [floor][floor] ...        |   zombies: red counters, number over strength · AP,
    | 2 [floor] | door ...        |            BREAKER strength in a white star
    +-----------------------------+   dead humans: grey counters with a cross

A square with actions is a click target ``sq:<name>`` (so is every counter on it) and every door
or window is ``op:<name>``; the legal actions are sorted onto them (a move onto the square it goes to, an attack onto the zombie's
square, a lock onto the door); the rest (done, end, pass, choices of items) are buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deadboard.core.action import Action
from deadboard.core.drawing import Drawing, Panel, hit_rect, hover_text, sentences, tooltip
from deadboard.core.game import Game
from deadboard.core.grid import DOOR
from deadboard.games.the_night.board import human_by_name, zombie_by_name, zombie_name
from deadboard.games.the_night.state import (
    ABSENT,
    BOARDED,
    BROKEN,
    CARRIED,
    DEAD,
    ESCAPED,
    LIVE,
    LOCKED,
    ZOMBIE,
    NightState,
)
from deadboard.games.the_night.svg_board import (
    S,
    counters_svg,
    items_svg,
    opening_svg,
    opening_title,
    openings_svg,
    star,
    static_map,
    xy,
)

PHASES = {
    "setup": "Setting up", "arrival": "Zombie Arrival Phase", "reanimation": "Dead Human Reanimation Phase",
    "zombies": "Zombie Action Phase", "humans": "Live Human Action Phase", "events": "Random Event Phase",
    "end-of-turn": "End of the turn", "over": "The night is over",
}


# ==================================================================================================
# actions on the board
# ==================================================================================================
def _human_sq(state: NightState, name: str) -> str | None:
    h = human_by_name(state, name)
    if h < 0 or state.humans[h].sq < 0 or state.humans[h].status not in (LIVE, DEAD):
        return None
    return "sq:" + state.c.grid.names[state.humans[h].sq]


def _zombie_sq(state: NightState, name: str) -> str | None:
    z = zombie_by_name(state, name)
    if z < 0 or z not in state.zsq:
        return None
    return "sq:" + state.c.grid.names[state.zsq[z]]


def target_of(state: NightState, a: Action) -> str | None:
    """Which square or opening an action belongs to, or None for a button."""
    kind = a.kind
    args = [str(x) for x in a.args]
    grid = state.c.grid
    if kind in ("move", "place", "dash", "distract", "zmove") and args and args[-1] in grid.index:
        return "sq:" + args[-1]
    if kind in ("attack", "fight", "shoot", "opportunity") and len(args) >= 2:
        return _zombie_sq(state, args[1])
    if kind in ("activate", "pick", "pickup", "drop", "escape") and args:
        return _human_sq(state, args[0])
    if kind == "give" and len(args) >= 2:
        return _human_sq(state, args[1])
    if kind == "zattack" and len(args) >= 2:
        return _human_sq(state, args[1])
    if kind in ("board", "unboard", "lock", "unlock", "zbreak") and len(args) >= 2 and args[1] in grid.opening_by_name:
        return "op:" + args[1]
    if kind == "latch" and args and args[0] in grid.opening_by_name:
        return "op:" + args[0]
    return None


# ==================================================================================================
# panels
# ==================================================================================================
def _panels(state: NightState, seat: int | None) -> list[Panel]:
    c = state.c
    cfg = state.cfg
    grid = c.grid
    night: list[Any] = [f"Turn {state.turn} of {cfg.turns} — {PHASES.get(state.phase, state.phase)}"]
    if state.phase == "humans":
        night.append(f"{len(state.activated)} of {state.allowed} humans have acted")
    if state.active >= 0:
        night.append({"text": f"{state.humans[state.active].name} acts: {state.ap} AP left", "cls": "hot"})
    if state.zact:
        night.append({"text": f"{zombie_name(state, state.zact)} acts: {state.zap_left} AP left", "cls": "hot"})
    night.append(f"Zombies: {len(state.zsq)} on the map, {len(state.cup)} still to come, {state.zombies_removed} removed")
    if cfg.survival_points:
        night.append(f"Survival points: {state.bonus_points}")
    panels: list[Panel] = [{"title": "The night", "lines": night}]

    people: list[Any] = []
    for hu in state.humans:
        if hu.status == ABSENT:
            continue
        carried = [c.items[i].name for i, w in enumerate(state.item_where) if w == CARRIED + hu.idx]
        hero = hu.idx in state.heroes
        if hu.status == LIVE:
            where = f"{grid.names[hu.sq]} ({c.area_of[hu.sq]})" if hu.sq >= 0 else "not placed yet"
            extra = [", ".join(carried)] if carried else []
            if hu.attrs:
                extra.append("; ".join(hu.attrs))
            if hu.injured:
                extra.append("injured")
            text = f"{hu.name}{' (the hero)' if hero else ''} — {where}" + (f" — {' · '.join(extra)}" if extra else "")
            people.append({"text": text, "cls": "hero" if hero else "live"})
        else:
            what = {DEAD: "dead", ZOMBIE: "a zombie now", ESCAPED: "escaped"}.get(hu.status, "gone")
            people.append({"text": f"{hu.name}{' (the hero)' if hero else ''} — {what}",
                           "cls": "dead" if hu.status != ESCAPED else "live"})
    panels.append({"title": "Humans", "lines": people})

    if cfg.hidden_hero and seat is not None and 0 <= seat < len(state.secret):
        s = state.secret[seat]
        mine = state.humans[s].name if s >= 0 else "not picked yet"
        panels.append({"title": "Your secret human", "lines": [{"text": mine, "cls": "secret"},
                                                                 f"Zombies your activations killed: {state.kills[seat]}"]})

    lying = [f"{c.items[i].name} — {grid.names[w]}" for i, w in enumerate(state.item_where) if 0 <= w < grid.n]
    if lying:
        panels.append({"title": "Items lying about", "lines": lying})
    shut = []
    for op in grid.openings:
        f = state.op[op.id]
        if f & (LOCKED | BOARDED | BROKEN):
            shut.append(opening_title(c, op.id, op.kind, f))
    if shut:
        panels.append({"title": "Doors and windows", "lines": shut})
    panels.append({"title": "Legend", "lines": [], "svg": legend_svg()})
    return panels


_legend: list[str] = []


def legend_svg() -> str:
    if _legend:
        return _legend[0]
    rows = [
        (opening_svg(DOOR, 0), "open door"), (opening_svg(DOOR, LOCKED), "locked door"),
        (opening_svg(DOOR, BROKEN), "broken door"), (opening_svg(DOOR, BOARDED), "boarded door"),
        (opening_svg(3, 0), "window"), (opening_svg(3, BOARDED), "boarded window"),
    ]
    out = ['<svg viewBox="0 0 310 150" class="legend" xmlns="http://www.w3.org/2000/svg">']
    for i, (g, text) in enumerate(rows):
        x, y = 25 + (i % 2) * 150, 18 + (i // 2) * 26
        out.append(f'<g transform="translate({x} {y})">{g}</g><text x="{x + 26}" y="{y + 4}" font-size="11" fill="currentColor">{text}</text>')
    y = 100
    out.append(f'<rect x="8" y="{y}" width="32" height="32" rx="5" fill="#2e7d32" stroke="#ffc107" stroke-width="2.5"/>'
               f'<text x="24" y="{y + 13}" font-size="8" font-weight="700" fill="#fff" text-anchor="middle">Ben</text>'
               f'<text x="24" y="{y + 25}" font-size="8" fill="#d7f5d9" text-anchor="middle">5 · 6</text>'
               f'<text x="46" y="{y + 14}" font-size="10" fill="currentColor">human: strength · AP</text>'
               f'<text x="46" y="{y + 27}" font-size="10" fill="currentColor">gold rim: hero</text>')
    out.append(f'<rect x="158" y="{y}" width="32" height="32" rx="5" fill="#8e1c1c" stroke="#2a0505"/>'
               f'<text x="174" y="{y + 15}" font-size="12" font-weight="800" fill="#fff" text-anchor="middle">23</text>'
               f'<polygon points="{star(166, y + 24, 6.5)}" fill="#fff"/>'
               f'<text x="196" y="{y + 14}" font-size="10" fill="currentColor">zombie: strength · AP</text>'
               f'<text x="196" y="{y + 27}" font-size="10" fill="currentColor">star: BREAKER</text>')
    out.append("</svg>")
    _legend.append("".join(out))
    return _legend[0]


# ==================================================================================================
# the drawing
# ==================================================================================================
def _squares(state: NightState, targets: dict[str, list[str]], said: dict[str, str]) -> str:
    """Click areas for the squares that have actions now (the others have nothing to offer), each
    saying what clicking it does."""
    c = state.c
    index = c.grid.index
    out = ['<g class="squares">']
    here: dict[int, list[str]] = {}
    for hu in state.humans:
        if hu.status in (LIVE, DEAD) and hu.sq >= 0:
            here.setdefault(hu.sq, []).append(hu.name + (" (dead)" if hu.status == DEAD else ""))
    for z, zs in state.zsq.items():
        here.setdefault(zs, []).append(zombie_name(state, z))
    for t, texts in targets.items():
        if t.startswith("sq:") and t[3:] in index:
            sq = index[t[3:]]
            x, y = xy(c, sq)
            what = f"{t[3:]} · {c.area_of[sq]}" + (f" · {', '.join(here[sq])}" if sq in here else "")
            out.append(hit_rect(t, x, y, S, S, hover_text(what, texts, said)))
        elif t.startswith("op:") and t[3:] in c.grid.opening_by_name:
            # a door or window: a transparent cover over its drawing that says what clicking does
            op = c.grid.opening_by_name[t[3:]]
            ax, ay = xy(c, op.a)
            cx, cy, rot = (ax + S, ay + S / 2, 90) if op.b == op.a + 1 else (ax + S / 2, ay + S, 0)
            title = hover_text(opening_title(c, op.id, op.kind, state.op[op.id]), texts, said)
            out.append(f'<rect data-target="{t}" x="-18" y="-9" width="36" height="18" fill="transparent" '
                       f'transform="translate({cx:g} {cy:g}) rotate({rot})"><title>{tooltip(title)}</title></rect>')
    out.append("</g>")
    return "".join(out)


def draw(game: Game[NightState], view: NightState, seat: int | None, legal: Sequence[Action]) -> Drawing:
    state = view
    targets: dict[str, list[str]] = {}
    for a in legal:
        t = target_of(state, a)
        if t is not None:
            targets.setdefault(t, []).append(a.text)
    labels = sentences(game, state, seat, legal)
    static, (width, height) = static_map(state.c)
    svg = (f'<svg class="board the-night" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" '
           f'font-family="system-ui, sans-serif" role="img" aria-label="The Night: the house and its yard">'
           f'<rect width="{width}" height="{height}" fill="#1b1f1a"/>{static}'
           f"{openings_svg(state)}{items_svg(state)}{counters_svg(state, seat)}{_squares(state, targets, labels)}</svg>")
    caption = f"Turn {state.turn} of {state.cfg.turns} — {PHASES.get(state.phase, state.phase)}"
    return {"svg": svg, "targets": targets, "panels": _panels(state, seat), "caption": caption}


__all__ = ["draw", "legend_svg", "opening_svg", "static_map", "target_of"]
