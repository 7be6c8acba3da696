"""Zpocalypse 2 in the browser (see deadboard.web.drawing for the interface): the Doom Track with its
milestones above the house, the ground floor with the yard around it and the second floor side by
side (drawn by :mod:`deadboard.games.zpocalypse_2.svg_house`: rooms, walls, doors, windows, the
stairs, search locations, Bio and Radiation, fortifications, the stash, squads as figures with their
survivors' HP, zombies and mutates as counters with theirs).

Every space an action names is a click target (its name, ``c5`` or ``2c5``): the first space among
the action's words (start, move, dash, attack, throw, put, a trait aimed at a space), the landing of
the squad's window for a jump, the squad's own space for a search. A squad's reach — the spaces it
can move to now — is ringed when it is to move. Clicking a highlighted space lists its actions;
hovering it says what they do."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from deadboard.core.action import Action
from deadboard.core.drawing import Drawing, Panel, dice_of, hit_rect, hover_text, sentences
from deadboard.core.game import Game, State
from deadboard.games.zpocalypse_2.state import ZState, face_text
from deadboard.games.zpocalypse_2.svg_house import (
    SEARCH,
    SEAT_COLOURS,
    S,
    doom_svg,
    figure,
    floors_svg,
    horde_svg,
    mark,
    mutate_svg,
    pieces_svg,
    size,
    xy,
    zombie_svg,
)
from deadboard.games.zpocalypse_2.words import name_of

MOVES = ("move", "dash", "start")


def _t(s: object) -> str:
    return escape(str(s), quote=True)


def _acting_seat(st: ZState) -> int | None:
    d = st.decision
    return d.seat if d is not None else None


def space_of(st: ZState, a: Action) -> str | None:
    """The space an action belongs to on the board, or None (a button)."""
    names = st.board.by_name
    if a.kind == "jump" or a.kind == "search":
        seat = _acting_seat(st)
        q = next((q for q in st.squads if q.seat == seat and q.alive), None)
        if q is None or q.space < 0:
            return None
        if a.kind == "jump":
            landing = st.board.window_landing.get(q.space)
            return st.board.name(landing) if landing is not None else None
        return st.board.name(q.space)
    for w in a.args:
        if str(w) in names:
            return str(w)
    return None


def label_of(a: Action) -> str:
    """How an action reads beside the board (the game's own sentences come first where it has
    them)."""
    words = [str(w) for w in a[1:]]
    k = a.kind
    try:
        if k == "start":
            return f"Begin the night at {words[0]}"
        if k == "move":
            return f"Spend a {face_text(int(words[0]))} to move to {words[1]}"
        if k == "attack":
            dice = " + ".join(face_text(int(w)) for w in words[4:])
            return f"{words[0]} attacks the {words[3]} at {words[2]} with {words[1]} ({dice})"
        if k == "search":
            return f"Search, spending a {face_text(int(words[0]))}"
    except (IndexError, ValueError):
        return a.text
    simple = {"hurt": "{0} takes 1 damage", "block": "The defence wheel takes 1 damage", "end": "End the turn",
              "stash": "Put {0} in the private stash", "unstash": "Take {0} from the private stash",
              "newstash": "Discard the private stash and start a new one here", "abandon": "Abandon {0}",
              "dash": "Dash to {0}", "jump": "Jump out of the window", "put": "Put the token on {0}"}
    form = simple.get(k)
    if form is None:
        return a.text
    try:
        return form.format(*words)
    except IndexError:
        return a.text


def _space_title(st: ZState, name: str) -> str:
    """What a space is, in words: its name and what stands on it."""
    b = st.board
    i = b.by_name[name]
    what = [name]
    if i == b.stairs:
        what.append("the stairs")
    if i in b.window_landing:
        what.append("a window")
    if i in b.landing_window:
        what.append("a window's drop-in space")
    if i in b.search:
        what.append(f"search: {b.search[i]}")
    if i in b.bio:
        what.append("Bio")
    if i in b.radiation:
        what.append("Radiation")
    if i in b.arduous:
        what.append("arduous")
    if i == b.stash:
        what.append("the public stash")
    return " · ".join(what)


def _overlays(st: ZState, targets: dict[str, list[str]], said: dict[str, str], reach: set[str]) -> str:
    out = ['<g class="targets">']
    for name, texts in targets.items():
        i = st.board.by_name.get(name)
        if i is None:
            continue
        _, x, y = xy(st, i)
        if name in reach:
            out.append(f'<circle class="reach" cx="{x + S / 2}" cy="{y + S / 2}" r="{S / 2 - 3}" fill="none" '
                       f'stroke="#7fe3ff" stroke-width="2" stroke-dasharray="5 3"/>')
        out.append(hit_rect(name, x + 1, y + 1, S - 2, S - 2, hover_text(_space_title(st, name), texts, said), rx=4))
    out.append("</g>")
    return "".join(out)


def _panels(st: ZState) -> list[Panel]:
    panels: list[Panel] = []
    lines: list[object] = [
        f"{st.scenario.name}",
        f"night {st.night}, hour {st.hour}, day {st.day} — {st.phase}",
        f"Doom Track {st.doom.value} of {st.doom.hi or 30}",
    ]
    if st.phase == "midnight" and st.pool:
        lines.append("action pool: " + " ".join(face_text(f) for f in st.pool.faces))
    panels.append({"title": "Clock", "lines": lines})
    for q in st.squads:
        ql: list[object] = [f"defence {q.defence}, VP {q.vp}, kills {q.kills}"]
        for p in q.people:
            ql.append(
                f"{name_of(st, p.card)}: {p.hp} HP, {name_of(st, p.weapon) if p.weapon else 'unarmed'}"
                + ("" if p.loaded else " (out of ammo)")
                + (f", Bio {p.bio}" if p.bio else "")
                + (f", Rad {p.rad}" if p.rad else "")
            )
        if q.items:
            ql.append("carried: " + ", ".join(name_of(st, c) for c in q.items))
        if q.stash or q.stash_token >= 0:
            at = f" (token at {st.board.name(q.stash_token)})" if q.stash_token >= 0 else ""
            ql.append(f"private stash{at}: " + (", ".join(name_of(st, c) for c in q.stash) or "empty"))
        panels.append({"title": f"Squad {q.seat + 1}", "lines": ql})
    if st.public:
        panels.append({"title": "Public stash", "lines": [", ".join(name_of(st, c) for c in st.public)]})
    panels.append({"title": "Legend", "lines": [], "svg": legend_svg()})
    return panels


_legend: list[str] = []


def legend_svg() -> str:
    """What the board's marks mean, each drawn small as the board draws it, one per line so that
    no text is cut."""
    if _legend:
        return _legend[0]

    def cell(fill: str, inner: str = "") -> str:
        return f'<rect width="{S}" height="{S}" fill="{fill}"/>{inner}'

    rows = [
        (cell("#3a5230"), "the yard"),
        (cell("#cdb893") + '<rect x="0" y="14" width="40" height="12" fill="#2a2420"/>', "a room's floor; a wall"),
        (cell("#cdb893") + '<g transform="translate(20 20)"><path d="M-18 0A34 34 0 0 1 12 -16" fill="none" stroke="#3b2410" '
         'stroke-dasharray="2 2"/><rect x="-18" y="-2" width="32" height="4" fill="#a86b32" transform="rotate(-28 -18 0)"/></g>',
         "a door"),
        (cell("#6b6259", '<rect x="6" y="16" width="28" height="8" fill="#a9dcf5" stroke="#1f4a66"/>'),
         "a window upstairs (its number inside)"),
        (cell("#3a5230", '<circle cx="20" cy="20" r="14" fill="none" stroke="#a9dcf5" '
              'stroke-dasharray="3 3"/><text x="20" y="25" font-size="14" font-weight="800" text-anchor="middle" fill="#d4efff">1</text>'),
         "where a jump from window 1 lands"),
        (cell("#b9a98a", mark("/", 0, 0)), "the stairs: one space on both floors"),
        (cell("#3a5230", mark("~", 0, 0)), "arduous terrain: a move costs 2"),
        (cell("#3a5230", mark("b", 0, 0)), "Bio hazard"),
        (cell("#3a5230", mark("x", 0, 0)), "Radiation"),
        (cell("#cdb893", mark("A", 0, 0)), "search: " + ", ".join(f"{k} {v[2]}" for k, v in SEARCH.items())),
        (cell("#3a5230", mark("N", 0, 0)), "zombie spawn point (N, E, S, W)"),
        (cell("#cdb893", mark("P", 0, 0)), "the public stash"),
        (cell("#3a5230", mark("G", 0, 0)), "Refuel: 4 AP refuels a gas weapon"),
        (cell("#cdb893", '<g transform="translate(20 20)"><rect x="-18" y="-5" width="36" height="7" fill="#c8964f" '
              'transform="rotate(-20)"/><rect x="-18" y="-2" width="36" height="7" fill="#b98440" transform="rotate(18)"/></g>'),
         "a fortification (crafted); a bed, a tunnel"),
        (cell("#cdb893", figure(SEAT_COLOURS[0], 12, 34) + '<rect x="23" y="2" width="15" height="8.5" rx="2" fill="#fff"/>'
              '<text x="30.5" y="9.3" font-size="7.5" font-weight="700" text-anchor="middle">5</text>'),
         "a squad; its survivors' HP"),
        (cell("#3a5230", zombie_svg(True, False, 2, 21) + zombie_svg(False, False, 21, 21)),
         "a fresh zombie (2 HP), a weak zombie (1 HP)"),
        (cell("#3a5230", zombie_svg(True, True, 11, 21)), "a zombie knocked down"),
        (mutate_svg("Spitter", 4, 0, 0), "a mutate and its HP"),
        (cell("#cdb893", '<path d="M6 6L34 34M34 6L6 34" stroke="#e53935" stroke-width="3.5"/>'), "searched this night"),
        (cell("#cdb893", '<circle cx="20" cy="20" r="17" fill="none" stroke="#7fe3ff" stroke-width="2" stroke-dasharray="5 3"/>'),
         "the acting squad can move here"),
        (cell("#cdb893", '<rect x="1" y="1" width="38" height="38" rx="4" fill="#ffe14d" fill-opacity=".2" stroke="#ffe14d" '
              'stroke-width="2"/>'), "click: something to do here"),
    ]
    scale = 0.65  # the marks drawn small; each text on one line
    small = S * scale
    line = small + 4
    height = len(rows) * line + 4
    out = [f'<svg viewBox="0 0 330 {height:g}" class="legend" xmlns="http://www.w3.org/2000/svg">']
    for k, (drawn, text) in enumerate(rows):
        y = 2 + k * line
        out.append(f'<g transform="translate(2 {y:g}) scale({scale})">{drawn}</g>'
                   f'<text x="{small + 10:g}" y="{y + small / 2 + 4:g}" font-size="11" fill="currentColor">{_t(text)}</text>')
    out.append("</svg>")
    _legend.append("".join(out))
    return _legend[0]


def draw(game: Game, view: State, seat: int | None, legal: Sequence[Action]) -> Drawing:
    assert isinstance(view, ZState)
    st = view
    width, height = size(st)
    targets: dict[str, list[str]] = {}
    reach: set[str] = set()
    for a in legal:
        t = space_of(st, a)
        if t is not None:
            targets.setdefault(t, []).append(a.text)
            if a.kind in MOVES:
                reach.add(t)
    labels = sentences(game, st, seat, legal, {a.text: label_of(a) for a in legal})
    body = doom_svg(st, width) + floors_svg(st) + horde_svg(st) + pieces_svg(st, _acting_seat(st) if legal else None)
    svg = (
        f'<svg class="board zpocalypse-2" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" '
        f'font-family="system-ui, sans-serif" role="img" aria-label="Zpocalypse 2: the house and the yard">'
        f'<rect width="{width}" height="{height}" fill="#15171a"/>{body}{_overlays(st, targets, labels, reach)}</svg>'
    )
    d = st.decision
    caption = "Zpocalypse 2 — " + (d.prompt if d is not None else "the chapter is over")
    return {"svg": svg, "targets": targets, "panels": _panels(st), "labels": labels, "caption": caption}


__all__ = ["draw", "label_of", "legend_svg", "space_of"]


def dice(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The dice of a Zpocalypse 2 event; an action pool's are shown by their faces, a Z as a Z
    (``faces``), not as the six it is stored as."""
    if isinstance(data.get("faces"), list):
        return [{"label": "", "values": list(data["faces"])}]
    return dice_of(data)
