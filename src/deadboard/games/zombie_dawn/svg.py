"""Zombie Dawn in the browser: each player's map island, the groups, your hand and missions as cards
(see deadboard.web.drawing for the interface).

The map islands are drawn side by side, square by square: terrain (field, forest, city), water,
roads, highway exits, the tents, the locations (their deck and how many items a search finds, with
the Searched tokens of each colour) and the group tokens. While the map is being laid out, the open
zone slots of the player placing a zone are dashed frames to click. Under the map: the cards of the
seat being shown — its hand (each kind once, with how many) and its secret missions — and, for every
other group, only how many cards and missions it holds (a view has stand-ins there, never the real
cards)::

    [ red island ]   [ yellow island ]  ...        click a square to move, drive, search, camp
    [hand: Shambler x2] [Motorbike] ... [missions]  click a card to play or discard it

The characters of every group, with their damage, items and skills, are panels beside the board.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from deadboard.core.action import Action
from deadboard.core.drawing import Drawing, Panel, hit_rect, hover_text, sentences
from deadboard.core.game import Game, State
from deadboard.games.zombie_dawn.board import open_slots, rotated_cells
from deadboard.games.zombie_dawn.content import COLOURS
from deadboard.games.zombie_dawn.effects import hand_kinds, score_parts, skill_cost, trophy_points
from deadboard.games.zombie_dawn.negotiation import offer_on_table
from deadboard.games.zombie_dawn.state import SETUP, DawnState
from deadboard.games.zombie_dawn.svg_placing import (
    picks,
    place_sentence,
    slot_target,
    slot_words,
    tray_svg,
    zone_targets,
)

S = 22  # pixels per square
GAP = 30  # between islands
TOP = 40  # room for an island's title and its column letters
CARD_W, CARD_H = 118, 150
TERRAIN = {"field": "#b39b47", "forest": "#3d6a36", "city": "#7b7b7b"}
SEAT_FILL = {"red": "#c62828", "yellow": "#e3c02a", "purple": "#7b3fa0", "white": "#eeeeee"}
SEAT_INK = {"red": "#fff", "yellow": "#111", "purple": "#fff", "white": "#111"}
KIND_FILL = {"zombie": "#7f1d1d", "event": "#2f4f6f", "vehicle": "#4f5f2f", "movement": "#5a4a2a"}


def _t(s: object) -> str:
    return escape(str(s), quote=True)


# ==================================================================================================
# the islands
# ==================================================================================================
#: one square of an island: x, y, map character, (location name, deck, items) or None, terrain, square
Cell = tuple[int, int, str, "tuple[str, str, int] | None", str, int]


class Island:
    """One player's island: its cells (x, y, map character, location, terrain, square or -1), its
    size in squares, and (while the map is laid out) the zone slots still open, in zone units."""

    def __init__(self, seat: int, cells: list[Cell], w: int, h: int,
                 slots: list[tuple[int, int, int, int]]) -> None:
        self.seat = seat
        self.cells = cells
        self.w = w
        self.h = h
        self.slots = slots  # (slot x, slot y, pixel-grid x, pixel-grid y)


def _islands(state: DawnState, placing: int) -> list[Island]:
    b = state.board
    out: list[Island] = []
    for seat in range(state.cfg.players):
        if b is not None:
            first, count, w, h = b.islands[seat]
            cells: list[Cell] = []
            for sq in range(first, first + count):
                here = (b.loc_name[sq], b.loc_deck[sq], b.loc_count[sq]) if b.loc_count[sq] else None
                cells.append((b.xs[sq], b.ys[sq], b.cells[sq], here, b.terrain[sq], sq))
            out.append(Island(seat, cells, w, h, []))
            continue
        layout = state.layout[seat]
        slots = open_slots(layout) if seat == placing and layout else []
        spots = [(zx, zy) for _, zx, zy, _ in layout] + list(slots)
        if not spots:
            out.append(Island(seat, [], 5, 5, []))
            continue
        minx = min(x for x, _ in spots)
        miny = min(y for _, y in spots)
        w = (max(x for x, _ in spots) - minx + 1) * 5
        h = (max(y for _, y in spots) - miny + 1) * 5
        laid: list[Cell] = []
        for z, zx, zy, rot in layout:
            ox, oy = (zx - minx) * 5, (zy - miny) * 5
            terrain = state.c.zones[z].terrain
            for x, y, ch, loc in rotated_cells(state.c, z, rot):
                info = (loc.name, loc.deck, loc.count) if loc else None
                laid.append((ox + x, oy + y, ch, info, terrain, -1))
        out.append(Island(seat, laid, w, h, [(x, y, (x - minx) * 5, (y - miny) * 5) for x, y in slots]))
    return out


def _coordinates(isl: Island, ox: int, oy: int) -> str:
    """The coordinates the squares' names use (r.g10: column g, row 10) round an island."""
    cols = (f'<text x="{ox + x * S + S / 2}" y="{oy - 4}" font-size="9" text-anchor="middle" fill="#9aa">{chr(97 + x)}</text>'
            for x in range(isl.w))
    rows = (f'<text x="{ox - 2}" y="{oy + y * S + S / 2 + 3}" font-size="9" text-anchor="end" fill="#9aa">{y + 1}</text>'
            for y in range(isl.h))
    return "".join(cols) + "".join(rows)


def _click_areas(state: DawnState, isl: Island, ox: int, oy: int, targets: dict[str, list[str]],
                 said: dict[str, str]) -> str:
    """The highlights of an island: squares with actions, open zone slots."""
    b = state.board
    out: list[str] = []
    if b is not None:
        for key in targets:
            if key.startswith("sq:") and key[3:] in b.index:
                sq = b.index[key[3:]]
                if b.island[sq] == isl.seat:
                    out.append(hit_rect(key, ox + b.xs[sq] * S, oy + b.ys[sq] * S, S, S,
                                        hover_text(key[3:], targets[key], said)))
    for sx, sy, gx, gy in isl.slots:
        key = slot_target(sx, sy)
        words = slot_words(sx, sy)
        out.append(f'<rect class="slot" x="{ox + gx * S + 2}" y="{oy + gy * S + 2}" width="{5 * S - 4}" height="{5 * S - 4}" '
                   f'rx="6" fill="#ffffff" fill-opacity="0.06" stroke="#ffe14d" stroke-width="2" stroke-dasharray="6 4"/>'
                   f'<text x="{ox + gx * S + 5 * S / 2}" y="{oy + gy * S + 5 * S / 2 + 5}" font-size="14" font-weight="700" '
                   f'text-anchor="middle" fill="#ffe14d" pointer-events="none">{_t(words)}</text>')
        if key in targets:
            out.append(hit_rect(key, ox + gx * S + 2, oy + gy * S + 2, 5 * S - 4, 5 * S - 4,
                                hover_text(f"the open zone slot {words}", targets[key], said, most=4), rx=6))
    return "".join(out)


def _island_svg(state: DawnState, isl: Island, ox: int, oy: int, targets: dict[str, list[str]],
                said: dict[str, str]) -> str:
    colour = COLOURS[isl.seat]
    b = state.board
    out = [f'<text x="{ox}" y="{oy - 18}" font-size="13" font-weight="700" fill="{SEAT_FILL[colour]}">{colour.capitalize()}\'s map</text>']
    if b is not None:
        out.append(_coordinates(isl, ox, oy))
    groups_at: dict[int, list[int]] = {}
    for g in state.groups:
        if g.sq >= 0:
            groups_at.setdefault(g.sq, []).append(g.seat)
    for x, y, ch, loc, terrain, sq in isl.cells:
        px, py = ox + x * S, oy + y * S
        fill = "#3b73b5" if ch == "~" else TERRAIN.get(terrain, "#666")
        name = b.names[sq] if b is not None and sq >= 0 else ""
        tip = [name] if name else []
        out.append(f'<rect x="{px}" y="{py}" width="{S}" height="{S}" fill="{fill}" stroke="#000" stroke-opacity="0.18"/>')
        if ch in "=H":
            out.append(f'<rect x="{px}" y="{py + S * 0.32:.1f}" width="{S}" height="{S * 0.36:.1f}" fill="#d9c8a0" opacity="0.8"/>'
                       f'<rect x="{px + S * 0.32:.1f}" y="{py}" width="{S * 0.36:.1f}" height="{S}" fill="#d9c8a0" opacity="0.8"/>')
        if ch == "H":
            out.append(f'<circle cx="{px + S / 2}" cy="{py + S / 2}" r="{S * 0.36:.1f}" fill="#f08a00" stroke="#3a2000"/>'
                       f'<text x="{px + S / 2}" y="{py + S / 2 + 4}" font-size="10" font-weight="800" text-anchor="middle" fill="#111">H</text>')
            tip.append("highway exit")
        if ch == "T":
            tent = COLOURS[b.island[sq]] if b is not None and sq >= 0 else colour
            out.append(f'<polygon points="{px + 3},{py + S - 3} {px + S / 2},{py + 3} {px + S - 3},{py + S - 3}" '
                       f'fill="{SEAT_FILL[tent]}" stroke="#111" stroke-width="1.2"/>')
            tip.append(f"{tent}'s tent")
        if loc is not None:
            lname, deck, count = loc
            dfill = "#2e8b3a" if deck == "green" else "#2f63b8"
            out.append(f'<rect x="{px + 3}" y="{py + 3}" width="{S - 6}" height="{S - 6}" rx="2" fill="{dfill}" stroke="#111"/>'
                       f'<text x="{px + S / 2}" y="{py + S / 2 + 4}" font-size="10" font-weight="800" text-anchor="middle" fill="#fff">{count}</text>')
            tip.append(f"{lname}: search finds {count} {deck} item{'s' if count != 1 else ''}")
            if sq >= 0:
                marks = [COLOURS[s] for s in range(state.cfg.players) if state.searched[sq] >> s & 1]
                for k, m in enumerate(marks):
                    out.append(f'<circle cx="{px + 4 + k * 5}" cy="{py + S - 3}" r="2.4" fill="{SEAT_FILL[m]}" stroke="#000" stroke-width="0.6"/>')
                if marks:
                    tip.append("searched by " + ", ".join(marks))
        if sq >= 0 and sq in groups_at:
            for k, s in enumerate(groups_at[sq]):
                gc = COLOURS[s]
                out.append(f'<g class="token"><title>the {gc} group</title><circle cx="{px + S / 2 + k * 4}" cy="{py + S / 2 - k * 4}" r="{S * 0.42:.1f}" '
                           f'fill="{SEAT_FILL[gc]}" stroke="#000" stroke-width="2"/>'
                           f'<text x="{px + S / 2 + k * 4}" y="{py + S / 2 - k * 4 + 4}" font-size="11" font-weight="800" text-anchor="middle" '
                           f'fill="{SEAT_INK[gc]}">{gc[0].upper()}</text></g>')
        if tip and sq >= 0:
            out.append(f'<rect class="cell" x="{px}" y="{py}" width="{S}" height="{S}" fill="transparent"><title>{_t(" — ".join(tip))}</title></rect>')
    out.append(_click_areas(state, isl, ox, oy, targets, said))
    return "".join(out)


# ==================================================================================================
# cards
# ==================================================================================================
def _wrap(text: str, width: int) -> list[str]:
    """Lines of at most ``width`` characters, broken between words only."""
    return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False)


def _card(x: float, y: float, key: str, title: str, head: str, body: str, fill: str, count: int = 1, sub: str = "",
          does: str = "") -> str:
    out = [f'<g class="card" data-target="{key}"><title>{_t(head)}: {_t(title)}</title>']
    if count > 1:
        out.append(f'<rect x="{x + 5}" y="{y - 5}" width="{CARD_W}" height="{CARD_H}" rx="8" fill="{fill}" opacity="0.55" stroke="#000"/>')
    out.append(f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="8" fill="{fill}" stroke="#000" stroke-width="1.5"/>')
    for k, line in enumerate(_wrap(head, 16)[:2]):
        out.append(f'<text x="{x + 8}" y="{y + 20 + k * 14}" font-size="12.5" font-weight="700" fill="#fff">{_t(line)}</text>')
    if sub:
        fit = f' textLength="{CARD_W - 16}" lengthAdjust="spacingAndGlyphs"' if len(sub) > 20 else ""
        out.append(f'<text x="{x + 8}" y="{y + 50}" font-size="9.5" fill="#ffe9a8"{fit}>{_t(sub)}</text>')
    for k, line in enumerate(_wrap(body, 22)[:7]):
        out.append(f'<text x="{x + 8}" y="{y + 66 + k * 11.5}" font-size="9" fill="#f2f2f2">{_t(line)}</text>')
    if count > 1:
        out.append(f'<text x="{x + CARD_W - 8}" y="{y + CARD_H - 8}" font-size="13" font-weight="800" text-anchor="end" fill="#fff">×{count}</text>')
    if does:
        out.append(hit_rect("", x, y, CARD_W, CARD_H, f"{head}: {title}\n{does}", rx=8))
    out.append("</g>")
    return "".join(out)


def _back(x: float, y: float, label: str, n: int) -> str:
    return (f'<g class="card-back"><title>{_t(label)}</title>'
            f'<rect x="{x}" y="{y}" width="{CARD_W * 0.6:.0f}" height="{CARD_H * 0.6:.0f}" rx="6" fill="#2a3340" stroke="#0c1016" stroke-width="1.5"/>'
            f'<text x="{x + CARD_W * 0.3:.0f}" y="{y + CARD_H * 0.3 + 6:.0f}" font-size="18" font-weight="800" text-anchor="middle" fill="#9fb3c8">{n}</text>'
            f'<text x="{x + CARD_W * 0.3:.0f}" y="{y + CARD_H * 0.6 - 8:.0f}" font-size="9" text-anchor="middle" fill="#9fb3c8">{_t(label.split(":")[-1].strip())}</text></g>')


def _cards(state: DawnState, seat: int | None, y0: int, width: int, targets: dict[str, list[str]],
           said: dict[str, str]) -> tuple[str, int]:
    c = state.c
    out: list[str] = []
    x, y = 14.0, float(y0)
    if seat is not None and 0 <= seat < len(state.groups) and not (state.groups[seat].hand or state.groups[seat].missions):
        out.append(f'<text x="{x}" y="{y - 8}" font-size="13" font-weight="700" fill="#ddd">Your hand is empty; no mission</text>')
        y += 24
    elif seat is not None and 0 <= seat < len(state.groups):
        g = state.groups[seat]
        out.append(f'<text x="{x}" y="{y - 8}" font-size="13" font-weight="700" fill="#ddd">Your hand ({len(g.hand)} card{"" if len(g.hand) == 1 else "s"}) and missions</text>')
        counts: dict[str, int] = {}
        for card in g.hand:
            rid = c.action_recs[card].id
            counts[rid] = counts.get(rid, 0) + 1
        for card in hand_kinds(state, seat):
            r = c.action_recs[card]
            sub = r.kind + (f" · {r.dice} dice" if r.kind == "zombie" and r.dice else "") + (f" · trophy {r.trophy}" if r.trophy else "")
            does = hover_text("", targets.get(f"card:{r.id}", []), said)
            out.append(_card(x, y, f"card:{r.id}", r.text, r.name, r.text, KIND_FILL.get(r.kind, "#444"), counts[r.id], sub, does))
            x += CARD_W + 12
            if x + CARD_W > width:
                x, y = 14.0, y + CARD_H + 16
        for m in g.missions:
            rec = c.missions[m]
            does = hover_text("", targets.get(f"mission:{rec.id}", []), said)
            out.append(_card(x, y, f"mission:{rec.id}", rec.text, rec.name, rec.text, "#6b4e16", 1, f"mission · {rec.vp} VP", does))
            x += CARD_W + 12
            if x + CARD_W > width:
                x, y = 14.0, y + CARD_H + 16
        y += CARD_H + 30
        x = 14.0
    others = [g for g in state.groups if g.seat != seat]
    if others:
        out.append(f'<text x="{x}" y="{y - 8}" font-size="12" font-weight="700" fill="#aaa">The others hold</text>')
        for g in others:
            colour = COLOURS[g.seat]
            out.append(f'<text x="{x}" y="{y + 10}" font-size="11" font-weight="700" fill="{SEAT_FILL[colour]}">{colour}</text>')
            out.append(_back(x, y + 16, f"{colour}: action cards", len(g.hand)))
            out.append(_back(x + CARD_W * 0.6 + 6, y + 16, f"{colour}: missions", len(g.missions)))
            x += CARD_W * 1.2 + 30
        y += CARD_H * 0.6 + 30
    return "".join(out), int(y)


# ==================================================================================================
# targets and labels
# ==================================================================================================
def target_of(state: DawnState, a: Action, seat: int | None) -> str | None:
    k = a.kind
    args = [str(x) for x in a.args]
    b = state.board
    if k in ("move",) and len(args) == 2:
        return "sq:" + args[1]
    if k in ("drive", "place", "camp") and len(args) == 1 and b is not None and args[0] in b.index:
        return "sq:" + args[0]
    if k == "place" and len(args) == 4 and seat is not None:
        return slot_target(args[1], args[2])
    if k == "search" and seat is not None and b is not None and state.groups[seat].sq >= 0:
        return "sq:" + b.names[state.groups[seat].sq]
    if k in ("play", "discard") and args:
        return "card:" + args[0]
    if k in ("complete", "clear") and args:
        return "mission:" + args[0]
    if k == "activate" and len(args) == 2 and b is not None and args[1] in b.index:  # a dash to a square
        return "sq:" + args[1]
    if k in ("attack", "negotiate") and args and b is not None:
        for g in state.groups:
            if COLOURS[g.seat] == args[0] and g.sq >= 0:
                return "sq:" + b.names[g.sq]
    return None


def _name_of(c: Any, token: str) -> str:
    """The printed name of a card, character, mission, skill, zone or item id (else the id)."""
    for records in (c.actions, c.characters, c.missions, c.skills, c.zones):
        for r in records:
            if r.id == token:
                return str(r.name)
    if token in c.item_names:
        return str(c.item_recs[c.item_names.index(token)].name)
    return token


#: how an action's words read as a label: kind -> (args, name_of) -> text, or None to fall back
Labeller = Callable[[list[str], Callable[[str], str]], str | None]


def _place(args: list[str], n: Callable[[str], str]) -> str:
    return f"Place {n(args[0])} here, turned {args[3]}°" if len(args) == 4 else f"Place the group on {args[0]}"


def _play(args: list[str], n: Callable[[str], str]) -> str:
    rest = " ".join(n(x) for x in args[1:])
    return f"Play {n(args[0])}" + (f" on {rest}" if rest else "")


def _hand_over(verb: str, to: str) -> Labeller:
    def label(args: list[str], n: Callable[[str], str]) -> str:
        who = f" ({to}{n(args[1])})" if len(args) > 1 else ""
        return f"{verb} the {n(args[0])}{who}"

    return label


def _attack_label(args: list[str], n: Callable[[str], str]) -> str:
    return f"Attack the {args[0]} group, discarding {n(args[1])}" if len(args) > 1 else f"Attack the {args[0]} group"


def _activate(args: list[str], n: Callable[[str], str]) -> str:
    return f"Activate {n(args[0])}" + (f" on {n(args[1])}" if len(args) > 1 else "")


LABELS: dict[str, Labeller] = {
    "move": lambda args, n: f"Move to {args[1]}, discarding {n(args[0])}",
    "drive": lambda args, n: f"Drive to {args[0]}",
    "search": lambda args, n: f"Search this location, discarding {n(args[0])}",
    "place": _place,
    "camp": lambda args, n: f"Camp on {args[0]}",
    "play": _play,
    "discard": lambda args, n: f"Discard {n(args[0])}",
    "use": _hand_over("Use", "for "),
    "give": _hand_over("Give", "to "),
    "take": _hand_over("Take", "for "),
    "learn": lambda args, n: f"{n(args[1])} learns {n(args[0])}",
    "choose": lambda args, n: f"Choose {n(args[0])}",
    "attack": _attack_label,
    "complete": lambda args, n: f"Complete: {n(args[0])}",
    "clear": lambda args, n: f"Clear a Location: {n(args[0])}",
    "flee": lambda args, n: f"Flee, discarding {n(args[0])}" if args else None,
    "drop": lambda args, n: f"Leave the {n(args[0])} on the table",
    "activate": _activate,
    "negotiate": lambda args, n: f"Make an offer of items to the {args[0]} player",
    "offer": lambda args, n: f"Offer the {n(args[0])}" if args else None,
}

#: actions whose label is a fixed phrase (followed by the names of their words, if any)
SIMPLE = {"end": "End your turn", "pass": "Pass", "fight": "Fight", "stop": "Stop searching", "done": "Done",
          "die": "Let the character die", "roll": "Roll", "accept": "Accept", "decline": "Decline",
          "propose": "Propose the offer", "cancel": "Call off the offer",
          "shoot": "Shoot", "brawl": "Brawl", "cold-blood": "Cold Blood", "unblock": "Try to unblock the access",
          "wound": "Wound"}


def label_of(state: DawnState, a: Action) -> str:
    c = state.c
    args = [str(x) for x in a.args]

    def name_of(token: str) -> str:
        return _name_of(c, token)

    k = a.kind
    labeller = LABELS.get(k)
    if labeller is not None:
        try:
            text = labeller(args, name_of)
        except (IndexError, ValueError):
            text = None  # an action text this cannot read is labelled by its text as it stands
        if text is not None:
            return text
    return SIMPLE.get(k, a.text) if not args or k not in SIMPLE else f"{SIMPLE[k]} {' '.join(name_of(x) for x in args)}"


# ==================================================================================================
# panels
# ==================================================================================================
def _panels(state: DawnState, seat: int | None) -> list[Panel]:
    c = state.c
    head: list[Any] = []
    if state.phase == SETUP:
        head.append("Setting up: laying out the map and choosing characters")
    else:
        head.append(f"Round {state.round} of {state.cfg.rounds}")
        if state.season >= 0:
            s = c.seasons[state.season]
            head.append({"text": f"{s.season.capitalize()}: {s.name} — {s.text}", "cls": "hot"})
        head.append(f"Start player: {COLOURS[state.start]} · turn: {COLOURS[state.active]} · seasons left: {len(state.season_deck)}")
    cb = state.combat
    if cb is not None and not cb.ended:
        if cb.duel:
            head.append({"text": f"Combat: {COLOURS[cb.enemy]} against {COLOURS[cb.group]}", "cls": "hot"})
        else:
            zs = ", ".join(c.action_recs[z].name for z in cb.zombies) or "mission zombies"
            head.append({"text": f"Combat: {cb.dice} zombie dice against {COLOURS[cb.group]} ({zs}"
                                 + ("; BLOCKED ACCESS" if cb.blocked else "") + ")", "cls": "hot"})
    offer = offer_on_table(state)
    if offer is not None:
        offerer, receiver, on_table = offer
        offered = ", ".join(c.item_recs[it].name for it in on_table) or "nothing yet"
        head.append({"text": f"Offer on the table: {COLOURS[offerer]} to {COLOURS[receiver]}: {offered}", "cls": "hot"})
    panels: list[Panel] = [{"title": "Zombie Dawn", "lines": head}]
    for g in state.groups:
        colour = COLOURS[g.seat]
        lines: list[Any] = []
        if state.phase != SETUP:
            parts = score_parts(state, g.seat)
            lines.append(f"{g.xp} Xp (next skill {skill_cost(state, g.seat)}) · {parts['score']} VP so far · trophies {trophy_points(state, g.seat)}")
        for ch in g.chars:
            rec = c.characters[ch]
            dmg = ", ".join(c.damages[c.damage_cards[d]].name for d in state.char_damage[ch])
            items = ", ".join(c.item_recs[it].name + (" (turned)" if state.is_turned(it) else "") for it in state.char_items[ch])
            skills = ", ".join(c.skills[s].name + (" (used)" if c.skill_ability[s] and state.used_skills >> s & 1 else "")
                               for s in state.char_skills[ch])
            used = " (ability used)" if rec.ability is not None and state.used_characters >> ch & 1 else ""
            lines.append({"text": f"{rec.name}{used} — damage {len(state.char_damage[ch])}/4" + (f": {dmg}" if dmg else ""),
                          "cls": "hot" if len(state.char_damage[ch]) >= 3 else ""})
            if items or skills:
                lines.append("   " + "; ".join(x for x in (f"carries {items}" if items else "", f"skills {skills}" if skills else "") if x))
        if g.vehicle >= 0:
            lines.append(f"vehicle: {c.action_recs[g.vehicle].name}" + (" (turned)" if g.vehicle_turned else ""))
        if g.found:
            lines.append("found: " + ", ".join(c.item_recs[it].name for it in g.found))
        if g.done:
            lines.append({"text": "completed: " + ", ".join(c.missions[m].name for m in g.done), "cls": "hero"})
        if g.dead:
            lines.append({"text": "dead: " + ", ".join(c.characters[ch].name for ch in g.dead), "cls": "dead"})
        peace = [COLOURS[b] for b in range(4) if state.truce >> (4 * g.seat + b) & 1]
        if peace:
            lines.append("will not attack " + ", ".join(peace) + " this round")
        title = f"{colour.capitalize()} group" + (" (you)" if seat == g.seat else "") + (" — turn" if state.active == g.seat and state.phase != SETUP else "")
        panels.append({"title": title, "lines": lines or ["no character yet"]})
    panels.append({"title": "Legend", "lines": [], "svg": legend_svg()})
    return panels


def legend_svg() -> str:
    """What the map's squares and marks mean, drawn as the map draws them."""
    rows: list[tuple[str, str]] = []
    for terrain, fill in TERRAIN.items():
        rows.append((f'<rect width="{S}" height="{S}" fill="{fill}" stroke="#000" stroke-opacity="0.3"/>', terrain))
    rows.append((f'<rect width="{S}" height="{S}" fill="#3b73b5" stroke="#000" stroke-opacity="0.3"/>', "water"))
    road = (f'<rect width="{S}" height="{S}" fill="{TERRAIN["field"]}"/>'
            f'<rect y="{S * 0.32:.1f}" width="{S}" height="{S * 0.36:.1f}" fill="#d9c8a0" opacity="0.8"/>'
            f'<rect x="{S * 0.32:.1f}" width="{S * 0.36:.1f}" height="{S}" fill="#d9c8a0" opacity="0.8"/>')
    rows.append((road, "road"))
    rows.append((road + f'<circle cx="{S / 2}" cy="{S / 2}" r="{S * 0.36:.1f}" fill="#f08a00" stroke="#3a2000"/>'
                 f'<text x="{S / 2}" y="{S / 2 + 4}" font-size="10" font-weight="800" text-anchor="middle" fill="#111">H</text>',
                 "H: highway exit (all exits are adjacent)"))
    rows.append((f'<polygon points="3,{S - 3} {S / 2},3 {S - 3},{S - 3}" fill="{SEAT_FILL["red"]}" stroke="#111" stroke-width="1.2"/>',
                 "triangle: a group's tent"))
    for deck, fill in (("green", "#2e8b3a"), ("blue", "#2f63b8")):
        rows.append((f'<rect x="3" y="3" width="{S - 6}" height="{S - 6}" rx="2" fill="{fill}" stroke="#111"/>'
                     f'<text x="{S / 2}" y="{S / 2 + 4}" font-size="10" font-weight="800" text-anchor="middle" fill="#fff">2</text>',
                     f"location: a search finds 2 {deck} items"))
    rows.append((f'<rect x="3" y="3" width="{S - 6}" height="{S - 6}" rx="2" fill="#2e8b3a" stroke="#111"/>'
                 f'<circle cx="4" cy="{S - 3}" r="2.4" fill="{SEAT_FILL["yellow"]}" stroke="#000" stroke-width="0.6"/>',
                 "dot: searched by that colour"))
    rows.append((f'<circle cx="{S / 2}" cy="{S / 2}" r="{S * 0.42:.1f}" fill="{SEAT_FILL["yellow"]}" stroke="#000" stroke-width="2"/>'
                 f'<text x="{S / 2}" y="{S / 2 + 4}" font-size="11" font-weight="800" text-anchor="middle" fill="#111">Y</text>',
                 "a group (R Y P W)"))
    rows.append((f'<rect x="1" y="1" width="{S - 2}" height="{S - 2}" rx="4" fill="#ffffff" fill-opacity="0.06" stroke="#ffe14d" '
                 f'stroke-width="2" stroke-dasharray="4 3"/>', "set-up: an open zone slot"))
    per_row = 2
    line = S + 8
    height = (len(rows) + per_row - 1) // per_row * line + 6
    out = [f'<svg viewBox="0 0 340 {height}" class="legend" xmlns="http://www.w3.org/2000/svg">']
    for i, (mark, text) in enumerate(rows):
        x, y = 4 + (i % per_row) * 170, 4 + (i // per_row) * line
        out.append(f'<g transform="translate({x} {y})">{mark}</g>')
        for k, part in enumerate(_wrap(text, 22)[:2]):
            out.append(f'<text x="{x + S + 6}" y="{y + 10 + k * 11 + (5 if len(_wrap(text, 22)) == 1 else 0)}" '
                       f'font-size="10" fill="currentColor">{_t(part)}</text>')
    out.append("</svg>")
    return "".join(out)


# ==================================================================================================
# dice
# ==================================================================================================
def _ints(v: Any) -> list[int] | None:
    if isinstance(v, list) and v and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        return list(v)
    return None


def dice(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The dice of a Zombie Dawn event. Attacks record each side's ``rolls`` with the number each die
    ``need``s to hit and the ``hits`` made (``zombie_rolls`` … for the zombies); single rolls (Life or
    Death, Unblock) record ``roll`` with its ``modifier``, ``total`` and ``need``. A bare ``dice`` is a
    count of zombie dice, not a roll."""
    out: list[dict[str, Any]] = []
    for prefix, label in (("", "group"), ("zombie_", "zombies")):
        values = _ints(data.get(prefix + "rolls"))
        if values:
            entry: dict[str, Any] = {"label": label, "values": values}
            if data.get(prefix + "need") is not None:
                entry["need"] = data[prefix + "need"]
            if data.get(prefix + "hits") is not None:
                entry["result"] = f"{data[prefix + 'hits']} hit{'s' if data[prefix + 'hits'] != 1 else ''}"
            out.append(entry)
    roll = data.get("roll")
    if isinstance(roll, int) and not isinstance(roll, bool):
        entry = {"label": "", "values": [roll]}
        for key in ("total", "need", "success"):
            if data.get(key) is not None:
                entry[key] = data[key]
        out.append(entry)
    return out


# ==================================================================================================
# the drawing
# ==================================================================================================
def draw(game: Game, view: State, seat: int | None, legal: Sequence[Action]) -> Drawing:
    assert isinstance(view, DawnState)
    state = view
    d = state.decision
    acting = d.seat if d is not None else seat
    targets: dict[str, list[str]] = {}
    for a in legal:
        t = target_of(state, a, acting)
        if t is not None:
            targets.setdefault(t, []).append(a.text)
    targets.update(zone_targets(state, legal))
    own = {a.text: place_sentence(state, a) if a.kind == "place" and len(a.args) == 4 else label_of(state, a) for a in legal}
    labels = sentences(game, state, seat, legal, own)
    placing = d.seat if d is not None and d.kind == "zone" else -1
    islands = _islands(state, placing)
    per_row = 2 if sum(i.w for i in islands) > 64 else len(islands)
    parts: list[str] = []
    x, y, row_h, width = 22, TOP, 0, 0
    spots: dict[tuple[int, int], tuple[int, int]] = {}  # open slot -> its top left corner
    for k, isl in enumerate(islands):
        if k and k % per_row == 0:
            x, y = 22, y + row_h + GAP + TOP
            row_h = 0
        parts.append(_island_svg(state, isl, x, y, targets, labels))
        spots.update({(sx, sy): (x + gx * S, y + gy * S) for sx, sy, gx, gy in isl.slots})
        x += isl.w * S + GAP
        width = max(width, x)
        row_h = max(row_h, isl.h * S)
    width = max(width, 700)
    tray, below = tray_svg(state, legal, targets, 14, y + row_h + 30, width, spots, S)
    cards, bottom = _cards(state, seat, int(below) + 40 if tray else y + row_h + 40, width, targets, labels)
    height = bottom + 10
    svg = (f'<svg class="board zombie-dawn" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" '
           f'font-family="system-ui, sans-serif" role="img" aria-label="Zombie Dawn: the map and your cards">'
           f'<rect width="{width}" height="{height}" fill="#151a17"/>{"".join(parts)}{tray}{cards}</svg>')
    caption = f"Zombie Dawn — {d.prompt}" if d is not None else "Zombie Dawn — the game is over"
    drawn: Drawing = {"svg": svg, "targets": targets, "panels": _panels(state, seat), "labels": labels, "caption": caption}
    laying = picks(state, legal)
    if laying:
        drawn["picks"] = laying
    return drawn


__all__ = ["dice", "draw", "label_of", "target_of"]
