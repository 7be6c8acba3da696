"""Zpocalypse 2 in the browser (see deadboard.web.drawing for the interface): the ground (the yard
around the first floor) and the second floor side by side, squads as discs in their seat's colour,
zombies as red (fresh) and orange (weak) dots, mutates as purple diamonds, a squad's private stash
token as a small square in its seat's colour (marked ``S``), the Doom Track as a row
of 30 boxes with the milestones marked. Clicking a space offers the actions that name it (start,
move, attack)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from deadboard.core.action import Action
from deadboard.core.drawing import Drawing, Panel
from deadboard.core.game import Game, State
from deadboard.games.zpocalypse_2.board import GROUND, UPPER
from deadboard.games.zpocalypse_2.state import ZState, face_text

S, M, GAP = 34, 12, 40  # a space's size, the margin, the gap between the two boards
SEAT_COLOURS = ("#2bb3c0", "#c04bd6", "#e0b628", "#4fc25a")
TERRAIN = {
    "~": "#6b5a3a",
    "b": "#3d7a2f",
    "x": "#8a8a20",
    "A": "#35527a",
    "F": "#35527a",
    "R": "#35527a",
    "/": "#777",
    "G": "#7a4a20",
}
#: crafted structures: a fortification token, a bed, a tunnel entrance
STRUCTURE = {"none": ("#a07a3a", ""), "bed": ("#4a6a9a", "B"), "tunnel": ("#3a3a3a", "T")}


def _t(s: object) -> str:
    return escape(str(s), quote=True)


def _origin(st: ZState, floor: int) -> tuple[int, int]:
    if floor == GROUND:
        return M, M + 40
    return M + len(st.content.house.ground[0]) * S + GAP, M + 40


def _floor(st: ZState, floor: int) -> str:
    rows = st.content.house.ground if floor == GROUND else st.content.house.upper
    grid = st.board._grids[floor]
    ox, oy = _origin(st, floor)
    out = []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            px, py = ox + x * S, oy + y * S
            i = grid[y][x]
            if i < 0:
                out.append(f'<rect x="{px}" y="{py}" width="{S}" height="{S}" fill="#8b1e1e"/>')
                continue
            inside = i in st.board.inside
            fill = TERRAIN.get(ch, "#2a2f35" if inside else "#1e2a1e")
            name = st.board.name(i)
            out.append(
                f'<rect x="{px}" y="{py}" width="{S - 1}" height="{S - 1}" fill="{fill}" data-target="{_t(name)}">'
                f"<title>{_t(name)}</title></rect>"
            )
            if ch not in ".~":
                out.append(f'<text x="{px + 3}" y="{py + 11}" font-size="9" fill="#ccc">{_t(ch)}</text>')
            if i in st.searched:
                out.append(f'<text x="{px + S - 11}" y="{py + 11}" font-size="9" fill="#f66">X</text>')
            out.extend(_pieces(st, i, px, py))
    return "".join(out)


def _pieces(st: ZState, i: int, px: int, py: int) -> list[str]:
    out = []
    card = st.structures.get(i)
    if card is not None:
        craft = st.content.craft_by_id[card]
        fill, mark = STRUCTURE.get(craft.effect, STRUCTURE["none"])
        out.append(
            f'<rect x="{px + 2}" y="{py + 2}" width="{S - 4}" height="{S - 4}" fill="{fill}" stroke="#000">'
            f"<title>{_t(craft.name)}</title></rect>"
        )
        if mark:
            out.append(
                f'<text x="{px + S / 2 - 4}" y="{py + S / 2 + 4}" font-size="11" fill="#fff">{mark}</text>'
            )
    if i in st.bombs:
        out.append(
            f'<circle cx="{px + S - 8}" cy="{py + 8}" r="5" fill="#222" stroke="#ff0"><title>a bomb</title></circle>'
        )
    for k, o in enumerate(o for o in st.squads if o.stash_token == i):
        c = SEAT_COLOURS[o.seat % 4]
        x = px + 2 + 9 * k
        out.append(
            f'<rect x="{x}" y="{py + 2}" width="9" height="9" fill="{c}" stroke="#000">'
            f"<title>Squad {o.seat + 1}'s private stash token ({len(o.stash)} card{'' if len(o.stash) == 1 else 's'})"
            "</title></rect>"
            f'<text x="{x + 1.5}" y="{py + 9.5}" font-size="7" fill="#000">S</text>'
        )
    q = st.squad_at(i)
    if q is not None:
        c = SEAT_COLOURS[q.seat % 4]
        out.append(f'<circle cx="{px + S / 2}" cy="{py + S / 2}" r="{S / 2 - 4}" fill="{c}" stroke="#fff"/>')
        out.append(
            f'<text x="{px + S / 2 - 4}" y="{py + S / 2 + 4}" font-size="12" fill="#000">{q.seat + 1}</text>'
        )
    for k, z in enumerate(z for z in st.zombies if z.space == i):
        colour = "#e03030" if z.fresh else "#f0902a"
        faded = ' opacity="0.5"' if z.down else ""
        out.append(
            f'<circle cx="{px + 9 + 14 * k}" cy="{py + S - 9}" r="6" fill="{colour}" stroke="#000"{faded}/>'
        )
    for m in (m for m in st.mutates if m.space == i):
        cx, cy = px + S / 2, py + S / 2
        out.append(
            f'<polygon points="{cx},{cy - 12} {cx + 12},{cy} {cx},{cy + 12} {cx - 12},{cy}" fill="#9b3fd6">'
            f"<title>{_t(m.card)} ({m.hp} HP)</title></polygon>"
        )
    return out


def _doom(st: ZState, width: int) -> str:
    out = [f'<text x="{M}" y="{M + 10}" font-size="12" fill="#ddd">Doom Track {st.doom.value}</text>']
    step = (width - M - 110) / 31
    for v in range(31):
        x = M + 100 + v * step
        fill = "#c03030" if v <= st.doom.value else "#333"
        stroke = "#fff" if v in st.doom.milestones else "#555"
        out.append(
            f'<rect x="{x:.1f}" y="{M}" width="{step - 2:.1f}" height="14" fill="{fill}" stroke="{stroke}"/>'
        )
    return "".join(out)


def _space_of(a: Action) -> str | None:
    if a.kind in ("start", "move"):
        return str(a[-1])
    if a.kind == "attack":
        return str(a[3])
    return None


def label_of(a: Action) -> str:
    """How an action reads beside the board."""
    words = [str(w) for w in a[1:]]
    k = a.kind
    if k == "start":
        return f"Begin the night at {words[0]}"
    if k == "move":
        return f"Spend a {face_text(int(words[0]))} to move to {words[1]}"
    if k == "attack":
        dice = " + ".join(face_text(int(w)) for w in words[4:])
        return f"{words[0]} attacks the {words[3]} at {words[2]} with {words[1]} ({dice})"
    if k == "search":
        return f"Search, spending a {face_text(int(words[0]))}"
    if k == "hurt":
        return f"{words[0]} takes 1 damage"
    if k == "block":
        return "The defence wheel takes 1 damage"
    if k == "end":
        return "End the turn"
    if k == "stash":
        return f"Put {words[0]} in the private stash"
    if k == "unstash":
        return f"Take {words[0]} from the private stash"
    if k == "newstash":
        return "Discard the private stash and start a new one here"
    if k == "abandon":
        return f"Abandon {words[0]}"
    return a.text


def _panels(st: ZState) -> list[Panel]:
    panels: list[Panel] = []
    lines: list[object] = [
        f"{st.scenario.name}",
        f"night {st.night}, hour {st.hour}, day {st.day} — {st.phase}",
    ]
    if st.phase == "midnight" and st.pool:
        lines.append("action pool: " + " ".join(face_text(f) for f in st.pool.faces))
    panels.append({"title": "Clock", "lines": lines})
    for q in st.squads:
        ql: list[object] = [f"defence {q.defence}, VP {q.vp}, kills {q.kills}"]
        for p in q.people:
            ql.append(
                f"{p.card}: {p.hp} HP, {p.weapon or 'unarmed'}{'' if p.loaded else ' (out of ammo)'}"
                + (f", Bio {p.bio}" if p.bio else "")
                + (f", Rad {p.rad}" if p.rad else "")
            )
        if q.items:
            ql.append("carried: " + ", ".join(q.items))
        if q.stash or q.stash_token >= 0:
            at = f" (token at {st.board.name(q.stash_token)})" if q.stash_token >= 0 else ""
            ql.append(f"private stash{at}: " + (", ".join(q.stash) or "empty"))
        panels.append({"title": f"Squad {q.seat + 1}", "lines": ql})
    panels.append({"title": "Legend", "lines": [], "svg": legend_svg()})
    return panels


def legend_svg() -> str:
    """What the spaces and pieces mean, each drawn small as the board draws it."""
    h = 22

    def space(fill: str, mark: str = "") -> str:
        text = f'<text x="3" y="11" font-size="9" fill="#ccc">{_t(mark)}</text>' if mark else ""
        return f'<rect width="{h}" height="{h}" fill="{fill}"/>{text}'

    rows = [
        (space("#2a2f35"), "inside the house"),
        (space("#1e2a1e"), "the yard"),
        (space("#8b1e1e"), "impassable"),
        (space(TERRAIN["~"], "~"), "arduous: a move costs 2"),
        (space(TERRAIN["b"], "b"), "Bio hazard"),
        (space(TERRAIN["x"], "x"), "Radiation"),
        (space(TERRAIN["A"], "A"), "search: armory (F food, R resources)"),
        (space(TERRAIN["/"], "/"), "the stairs (both floors)"),
        (space("#1e2a1e", "N"), "spawn point (N E S W)"),
        (space("#2a2f35", "1"), "window: 1–9 pair up a window and its landing"),
        (space("#2a2f35", "P"), "the public stash"),
        (space(TERRAIN["G"], "G"), "Refuel: 4 AP refuels a gas weapon"),
        (space(STRUCTURE["none"][0]), "a fortification token (crafted)"),
        (space(STRUCTURE["bed"][0], "B"), "a bed (B), a tunnel entrance (T)"),
        (
            f'<circle cx="{h / 2}" cy="{h / 2}" r="5" fill="#222" stroke="#ff0"/>',
            "a bomb",
        ),
        (
            f'<rect x="6" y="6" width="10" height="10" fill="{SEAT_COLOURS[0]}" stroke="#000"/>'
            '<text x="8" y="14" font-size="8" fill="#000">S</text>',
            "a squad's private stash token",
        ),
        (space("#2a2f35") + '<text x="11" y="11" font-size="9" fill="#f66">X</text>', "searched this night"),
        (
            f'<circle cx="{h / 2}" cy="{h / 2}" r="{h / 2 - 2}" fill="{SEAT_COLOURS[0]}" stroke="#fff"/>'
            f'<text x="{h / 2 - 3}" y="{h / 2 + 4}" font-size="11" fill="#000">1</text>',
            "a squad (its seat)",
        ),
        (f'<circle cx="{h / 2}" cy="{h / 2}" r="6" fill="#e03030" stroke="#000"/>', "a fresh zombie"),
        (f'<circle cx="{h / 2}" cy="{h / 2}" r="6" fill="#f0902a" stroke="#000"/>', "a weak zombie"),
        (
            f'<circle cx="{h / 2}" cy="{h / 2}" r="6" fill="#e03030" stroke="#000" opacity="0.5"/>',
            "knocked down",
        ),
        (
            f'<polygon points="{h / 2},1 {h - 1},{h / 2} {h / 2},{h - 1} 1,{h / 2}" fill="#9b3fd6"/>',
            "a mutate",
        ),
    ]
    line = h + 6
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


def draw(game: Game, view: State, seat: int | None, legal: Sequence[Action]) -> Drawing:
    assert isinstance(view, ZState)
    st = view
    h = st.content.house
    width = 2 * M + (len(h.ground[0]) + len(h.upper[0])) * S + GAP
    height = M + 40 + max(len(h.ground), len(h.upper)) * S + M
    body = _doom(st, width) + _floor(st, GROUND) + _floor(st, UPPER)
    svg = (
        f'<svg class="board zpocalypse-2" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" '
        f'font-family="system-ui, sans-serif" role="img" aria-label="Zpocalypse 2: the house and the yard">'
        f'<rect width="{width}" height="{height}" fill="#111"/>{body}</svg>'
    )
    targets: dict[str, list[str]] = {}
    labels = {a.text: label_of(a) for a in legal}
    for a in legal:
        t = _space_of(a)
        if t is not None:
            targets.setdefault(t, []).append(a.text)
    d = st.decision
    caption = "Zpocalypse 2 — " + (d.prompt if d is not None else "the chapter is over")
    return {"svg": svg, "targets": targets, "panels": _panels(st), "labels": labels, "caption": caption}


__all__ = ["draw", "label_of"]
