"""District-Z in the browser: the CITY as a grid of cards, beside the survivors' cards (see
deadboard.web.drawing for the interface).

Each LOCATION card is drawn face up (its name and EVENT TABLE), face down but seen before (its name,
dimmed: the card is known) or never seen (a card back: a view has only a stand-in there). On the
cards: the playing pieces (a disc with the survivor's name in the seat's colour; a ZOMBIE SURVIVOR
in red), ZOMBIE counters, dropped items, and each seat's starting LOCATION (S) and CITY'S EDGE (E)::

    +--------+ +--------+ +--------+
    | a2  S  | | b2     | | ??     |     click a card next to your piece to move there;
    | Motel  | | (back) | | (back) |     other decisions (fight, escape, equip ...) are buttons
    | (EZRA) | |        | |        |
    +--------+ +--------+ +--------+
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from html import escape
from typing import Any

from deadboard.core.action import Action
from deadboard.core.drawing import Drawing, Panel, hit_rect, hover_text, sentences
from deadboard.core.game import Game
from deadboard.games.district_z.ratings import AGILITY, COMBAT, HEALTH, PERCEPTION, rating
from deadboard.games.district_z.state import NO_CARD, OBJ, STATUS_NAMES, ZOMBIE, DistrictState

CW, CH, GAP, M = 150, 150, 12, 14  # card width and height, gap, margin
SEAT_COLOURS = ("#2bb3c0", "#c04bd6", "#e0b628", "#4fc25a")


def _t(s: object) -> str:
    return escape(str(s), quote=True)


def _xy(st: DistrictState, pos: int) -> tuple[int, int]:
    w = st.lay.width
    return M + (pos % w) * (CW + GAP), M + (pos // w) * (CH + GAP)


def _wrap(text: str, width: int) -> list[str]:
    """Lines of at most ``width`` characters, broken between words only."""
    return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False)


def _event_short(ev: Any) -> str:
    """An event's effects in the content's own words ("zombies 3", "item crowbar")."""
    return str(getattr(ev, "source", ev)).split("--", 1)[0].strip()


def _event_face(st: DistrictState, ev: Any, width: int = 22) -> str:
    """What a line of a card's event table shows on its face, in the rulebook's words: the item by
    its name, a check without its outcomes ("AGILITY 7"; the card's tooltip and the log have them)."""
    words = _event_short(ev).split("{", 1)[0].split()
    head, rest = (words[0], words[1:]) if words else ("", [])
    if head == "item" and rest:
        k = st.c.item_index.get(rest[0])
        face = st.c.items[k].name if k is not None else ("an ITEM" if rest[0] == "non-unique" else rest[0])
    elif head == "zombies" and rest:
        face = f"{rest[0]} ZOMBIES" + (", no ESCAPE" if "no-escape" in rest else "")
    elif head == "check" and len(rest) >= 2:
        face = f"{rest[0].upper()} check {rest[1]}"
    elif head == "choice":
        face = "a choice"
    elif head in ("heal", "infect") and rest:
        face = f"{head} {rest[0]}"
    else:
        face = " ".join(words)
    return face[:width]


def _event_tip(st: DistrictState, ev: Any) -> str:
    """An event table's line in a card's tooltip: a check with its outcomes, anything else as on
    the card's face."""
    short = _event_short(ev)
    return short if short.startswith("check") else _event_face(st, ev, 60)


def _card(st: DistrictState, pos: int, seat: int | None, targets: dict[str, list[str]], said: dict[str, str]) -> str:
    c = st.c
    x, y = _xy(st, pos)
    name = st.lay.names[pos]
    card = st.card[pos]
    up, seen = st.up[pos], st.seen[pos]
    out: list[str] = []
    cls = "card"
    title = f"{name}: "
    if up and card >= OBJ:
        it = c.items[card - OBJ]
        cls += " objective"
        title += f"{it.name} (LOCATION OBJECTIVE) — {it.text}"
        out.append(f'<rect x="{x}" y="{y}" width="{CW}" height="{CH}" rx="9" fill="#f3d46b" stroke="#7a5b00" stroke-width="2"/>')
        lines = _wrap(it.name, 14)
        for k, line in enumerate(lines[:3]):
            out.append(f'<text x="{x + CW / 2}" y="{y + 44 + k * 15}" font-size="13" font-weight="700" text-anchor="middle" fill="#3d2c00">{_t(line)}</text>')
        out.append(f'<text x="{x + CW / 2}" y="{y + 100}" font-size="10" text-anchor="middle" fill="#5c4400">OBJECTIVE</text>')
    elif up or seen:
        loc = c.locations[card] if 0 <= card < OBJ else None
        label = st.card_name(pos)
        cls += " up" if up else " seen"
        fill, ink = ("#efe6d2", "#2b2418") if up else ("#5b5548", "#d8d0bc")
        out.append(f'<rect x="{x}" y="{y}" width="{CW}" height="{CH}" rx="9" fill="{fill}" stroke="#1d1a14" stroke-width="2"/>')
        lines = _wrap(label, 19)
        for k, line in enumerate(lines[:2]):
            fit = f' textLength="{CW - 16}" lengthAdjust="spacingAndGlyphs"' if len(line) * 7.6 > CW - 16 else ""
            out.append(f'<text x="{x + 8}" y="{y + 34 + k * 14}" font-size="12.5" font-weight="700" fill="{ink}"{fit}>{_t(line)}</text>')
        if loc is not None:
            title += f"{loc.name} — {loc.text}"
            if up and loc.table:
                for k, entry in enumerate(loc.table):
                    out.append(f'<text x="{x + 8}" y="{y + 60 + k * 10.5}" font-size="9" fill="{ink}">{k + 1}: {_t(_event_face(st, entry))}</text>')
                title += " | EVENT TABLE: " + "; ".join(f"{k + 1}: {_event_tip(st, e)}" for k, e in enumerate(loc.table))
            elif up and loc.unique:
                out.append(f'<text x="{x + 8}" y="{y + 72}" font-size="9" fill="{ink}">UNIQUE EVENT</text>')
                title += f" | UNIQUE EVENT: {_event_short(loc.unique)}"
            if loc.after:
                title += f" | AFTER EVENT: {_event_short(loc.after)}"
            if not up:
                title += " (face down)"
    else:
        cls += " back"
        title += "face down, never seen"
        out.append(f'<rect x="{x}" y="{y}" width="{CW}" height="{CH}" rx="9" fill="#26303b" stroke="#0e1318" stroke-width="2"/>'
                   f'<rect x="{x + 8}" y="{y + 8}" width="{CW - 16}" height="{CH - 16}" rx="6" fill="none" stroke="#3e5062" stroke-width="1.5"/>'
                   f'<path d="M{x + CW / 2} {y + 52}l8 24l-8 -6l-8 6z M{x + CW / 2} {y + 106}l8 -24l-8 6l-8 -6z" fill="#6d8296"/>'
                   f'<circle cx="{x + CW / 2}" cy="{y + 79}" r="22" fill="none" stroke="#52677b" stroke-width="1.5"/>')
    out.insert(0, f'<g class="{cls}" data-target="pos:{name}"><title>{_t(title)}</title>')
    out.append(f'<text x="{x + 8}" y="{y + 16}" font-size="10.5" font-weight="700" fill="{"#2b2418" if up else "#9fb0c0"}">{name}</text>')
    # starting LOCATION and CITY'S EDGE marks
    marks = []
    for p in st.players:
        if p.start == pos:
            marks.append(("S", p.seat))
        if p.edge == pos:
            marks.append(("E", p.seat))
    for k, (m, s) in enumerate(marks):
        mx = x + CW - 16 - k * 20
        colour = SEAT_COLOURS[s % 4]
        what = "starting LOCATION" if m == "S" else "CITY'S EDGE"
        out.append(f'<g><title>Player {s + 1}: {what}</title><rect x="{mx - 8}" y="{y + 5}" width="17" height="16" rx="3" fill="{colour}" stroke="#111"/>'
                   f'<text x="{mx + 0.5}" y="{y + 17}" font-size="11" font-weight="800" text-anchor="middle" fill="#111">{m}</text></g>')
    # ZOMBIE counters and dropped items
    if st.counters[pos]:
        n = st.counters[pos]
        out.append(f'<g class="zombies"><title>{n} ZOMBIE counter{"s" if n > 1 else ""}</title>'
                   f'<circle cx="{x + 20}" cy="{y + CH - 20}" r="14" fill="#a31d1d" stroke="#2a0505" stroke-width="1.5"/>'
                   f'<text x="{x + 20}" y="{y + CH - 15}" font-size="12" font-weight="800" text-anchor="middle" fill="#fff">Z{n}</text></g>')
    if st.dropped[pos]:
        names = ", ".join(c.items[i].name for i in st.dropped[pos])
        out.append(f'<g class="dropped"><title>Dropped here: {_t(names)}</title>'
                   f'<rect x="{x + 40}" y="{y + CH - 31}" width="24" height="22" rx="4" fill="#f2c94c" stroke="#6b4e00"/>'
                   f'<text x="{x + 52}" y="{y + CH - 15}" font-size="11" font-weight="800" text-anchor="middle" fill="#3d2c00">{len(st.dropped[pos])}</text></g>')
    # playing pieces
    here = [p for p in st.players if p.pos == pos and st.on_board(p)]
    for k, p in enumerate(here):
        px, py = x + CW - 26 - (k % 2) * 40, y + CH - 22 - (k // 2) * 38
        nm = st.name(p.seat)
        colour = SEAT_COLOURS[p.seat % 4]
        zombie = p.status == ZOMBIE
        you = " (you)" if seat is not None and p.seat == seat and len(st.players) > 1 else ""
        ring = "#ff3b3b" if zombie else "#111"
        fit = ' textLength="32" lengthAdjust="spacingAndGlyphs"' if len(nm) > 5 else ""
        out.append(f'<g class="piece{" zombie-survivor" if zombie else ""}"><title>Player {p.seat + 1}: {_t(nm)}{" — ZOMBIE SURVIVOR" if zombie else ""}{you}</title>'
                   f'<circle cx="{px}" cy="{py}" r="18" fill="{"#5a1010" if zombie else colour}" stroke="{ring}" stroke-width="3"/>'
                   f'<text x="{px}" y="{py + 4}" font-size="10" font-weight="800" text-anchor="middle" fill="#fff"'
                   f'{fit}>{_t(nm)}</text></g>')
    texts = targets.get(f"pos:{name}")
    if texts:  # the highlight over the whole card, saying what clicking it does
        out.append(hit_rect(f"pos:{name}", x, y, CW, CH, hover_text(title, texts, said), rx=9))
    out.append("</g>")
    return "".join(out)


def target_of(st: DistrictState, a: Action, seat: int | None) -> str | None:
    lay = st.lay
    if a.kind == "move" and a.args and seat is not None:
        p = st.players[seat]
        for d, q in lay.nbr[p.pos] if p.pos >= 0 else ():
            if d == a.args[0]:
                return "pos:" + lay.names[q]
    if a.kind == "corner" and a.args:
        return "pos:" + str(a.args[0])
    return None


def label_of(st: DistrictState, a: Action, seat: int | None) -> str:
    c = st.c
    args = [str(x) for x in a.args]

    def item(i: str) -> str:
        for it in c.items:
            if it.id == i:
                return it.name
        return i

    k = a.kind
    if k == "move" and args:
        t = target_of(st, a, seat)
        return f"Move {args[0]}" + (f" to {t[4:]}" if t else "")
    simple = {
        "heal": "Heal one WOUND (and end the turn)", "stay": "Stay here", "nothing": "Do nothing",
        "roll": "Roll on the EVENT TABLE", "fight": "Fight", "escape": "Try to ESCAPE (AGILITY check)",
        "dodge": "DODGE (AGILITY check)", "fight-together": "Fight together", "accept": "Accept the trade",
        "refuse": "Refuse", "cancel": "Cancel", "done": "Done", "replace": "Replace the card", "keep": "Keep the card",
        "join": "Join the fight", "decline": "Decline", "retire": "Retire (play no more)", "wound": "Give one WOUND",
        "steal-objective": "Steal the LOCATION OBJECTIVE",
    }
    if k in simple:
        return simple[k]
    if k in ("drop", "use", "equip", "leave", "take", "steal") and args:
        verb = {"drop": "Drop", "use": "Use", "equip": "Equip", "leave": "Leave", "take": "Take", "steal": "Steal"}[k]
        return f"{verb} the {item(args[0])}"
    if k in ("trade", "attack") and args:
        return f"{'Trade with' if k == 'trade' else 'Attack'} {args[0]}"
    if k == "offer" and len(args) == 2:
        give = "nothing" if args[0] == "nothing" else "the " + item(args[0])
        take = "nothing" if args[1] == "nothing" else "the " + item(args[1])
        return f"Offer {give} for {take}"
    if k == "corner" and args:
        return f"Start at the corner {args[0]}"
    if k == "choose" and args:
        return f"Choose {args[0]}"
    if k == "pair":
        return "Pair the dice: " + " ".join(args)
    return a.text


def _panels(st: DistrictState, seat: int | None) -> list[Panel]:
    c = st.c
    head: list[Any] = [f"Round {st.rounds}"]
    if st.in_combat():
        head.append({"text": f"Combat: {st.name(st.cb_seat)} against {st.cb_n} zombie{'s' if st.cb_n > 1 else ''}", "cls": "hot"})
    if st.setaside or st.unused:
        head.append(f"Cards out of the CITY: {len(st.setaside)} set aside, {len(st.unused)} unused")
    panels: list[Panel] = [{"title": "District-Z", "lines": head}]
    for p in st.players:
        lines: list[Any] = []
        if p.surv < 0:
            lines.append(f"no survivor yet ({STATUS_NAMES[p.status]})")
        else:
            s = c.survivors[p.surv]
            if p.status == ZOMBIE:
                lines.append({"text": f"ZOMBIE SURVIVOR — COMBAT {s.combat}, wounds {p.wounds}/{s.health}", "cls": "dead"})
            else:
                cap = " · ".join(f"{n} {rating(c, p.surv, p.items, a)}" for n, a in (("COMBAT", COMBAT), ("AGILITY", AGILITY),
                                                                                   ("PERCEPTION", PERCEPTION)))
                lines.append(cap)
                health = rating(c, p.surv, p.items, HEALTH)
                lines.append({"text": f"WOUNDS {p.wounds} of {health}" + (f" · INFECTION {p.infection}" if st.cfg.infection else ""),
                              "cls": "hot" if p.wounds and p.wounds >= health - 1 else ""})
            lines.append(f"{s.ability_text}")
            for i in p.items:
                it = c.items[i]
                lines.append({"text": it.name + (" — LOCATION OBJECTIVE" if it.objective else ""), "cls": "hero" if it.objective else ""})
            where = f"at {st.lay.names[p.pos]} · " if p.pos >= 0 else ""
            lines.append(f"{where}{st.status_text(p)} · {p.kills} zombies killed")
        name = f"Player {p.seat + 1}" + (f": {c.survivors[p.surv].name}" if p.surv >= 0 else "")
        if seat is not None and p.seat == seat and len(st.players) > 1:
            name += " (you)"
        panels.append({"title": name, "lines": lines})
    panels.append({"title": "Legend", "lines": [], "svg": legend_svg()})
    return panels


def legend_svg() -> str:
    """What the CITY's cards and marks mean, drawn small as the board draws them."""
    w, h = 22, 29  # a card, small
    back = (f'<rect width="{w}" height="{h}" rx="3" fill="#26303b" stroke="#0e1318"/>'
            f'<rect x="3" y="3" width="{w - 6}" height="{h - 6}" rx="2" fill="none" stroke="#3e5062"/>')
    rows = [
        (f'<rect width="{w}" height="{h}" rx="3" fill="#efe6d2" stroke="#1d1a14"/>'
         f'<path d="M4 12h14M4 16h14M4 20h10" stroke="#2b2418" stroke-width="1.2"/>', "face up: its EVENT TABLE"),
        (f'<rect width="{w}" height="{h}" rx="3" fill="#5b5548" stroke="#1d1a14"/>'
         f'<path d="M4 8h14" stroke="#d8d0bc" stroke-width="1.5"/>', "face down, seen: its name"),
        (back, "face down, never seen"),
        (f'<rect width="{w}" height="{h}" rx="3" fill="#f3d46b" stroke="#7a5b00"/>', "LOCATION OBJECTIVE"),
        (f'<circle cx="{w / 2}" cy="{h / 2}" r="11" fill="#a31d1d" stroke="#2a0505"/>'
         f'<text x="{w / 2}" y="{h / 2 + 4}" font-size="10" font-weight="800" text-anchor="middle" fill="#fff">Z2</text>',
         "2 ZOMBIE counters"),
        (f'<rect x="2" y="{h / 2 - 10}" width="20" height="18" rx="3" fill="#f2c94c" stroke="#6b4e00"/>'
         f'<text x="12" y="{h / 2 + 3}" font-size="10" font-weight="800" text-anchor="middle" fill="#3d2c00">1</text>',
         "items dropped there"),
        (f'<rect x="2" y="{h / 2 - 8}" width="17" height="16" rx="3" fill="{SEAT_COLOURS[0]}" stroke="#111"/>'
         f'<text x="10.5" y="{h / 2 + 4}" font-size="11" font-weight="800" text-anchor="middle" fill="#111">S</text>',
         "S: a starting LOCATION"),
        (f'<rect x="2" y="{h / 2 - 8}" width="17" height="16" rx="3" fill="{SEAT_COLOURS[0]}" stroke="#111"/>'
         f'<text x="10.5" y="{h / 2 + 4}" font-size="11" font-weight="800" text-anchor="middle" fill="#111">E</text>',
         "E: a CITY'S EDGE"),
        (f'<circle cx="{w / 2}" cy="{h / 2}" r="11" fill="{SEAT_COLOURS[0]}" stroke="#111" stroke-width="2"/>',
         "a survivor (seat colour)"),
        (f'<circle cx="{w / 2}" cy="{h / 2}" r="11" fill="#5a1010" stroke="#ff3b3b" stroke-width="2"/>', "a ZOMBIE SURVIVOR"),
    ]
    line = h + 6
    height = (len(rows) + 1) // 2 * line + 4
    out = [f'<svg viewBox="0 0 340 {height}" class="legend" xmlns="http://www.w3.org/2000/svg">']
    for i, (mark, text) in enumerate(rows):
        x, y = 4 + (i % 2) * 170, 4 + (i // 2) * line
        out.append(f'<g transform="translate({x} {y})">{mark}</g>'
                   f'<text x="{x + w + 6}" y="{y + h / 2 + 4}" font-size="10" fill="currentColor">{_t(text)}</text>')
    out.append("</svg>")
    return "".join(out)


_DICE_KEYS = ("survivor", "survivors", "attacker", "defender", "dodge", "zombies", "zombie")


def _ints(v: Any) -> list[int] | None:
    if isinstance(v, list) and v and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        return list(v)
    return None


def dice(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The dice of a District-Z event: combat and escape rolls are lists of dice per side
    (``survivor``, ``zombies``, ``attacker`` …); attribute checks give ``dice``, ``total`` and the
    ``target`` the total must beat."""
    from deadboard.core.drawing import dice_of

    out: list[dict[str, Any]] = []
    if "dice" in data and "target" in data:
        values = _ints(data["dice"])
        if values:
            entry: dict[str, Any] = {"label": "check", "values": values, "total": data.get("total", sum(values)),
                                     "against": f"more than {data['target']}"}
            if "success" in data:
                entry["success"] = data["success"]
            return [entry]
    for key in _DICE_KEYS:
        v = data.get(key)
        if isinstance(v, list) and v and all(_ints(x) for x in v):
            for k, part in enumerate(v):
                out.append({"label": f"{key} {k + 1}", "values": part, "total": sum(part)})
            continue
        values = _ints(v)
        if values:
            out.append({"label": key, "values": values, "total": sum(values)})
    return out or dice_of(data)


def draw(game: Game[DistrictState], view: DistrictState, seat: int | None, legal: Sequence[Action]) -> Drawing:
    st = view
    lay = st.lay
    d = st.decision
    acting = d.seat if d is not None else seat
    width = 2 * M + lay.width * (CW + GAP) - GAP
    height = 2 * M + lay.height * (CH + GAP) - GAP
    targets: dict[str, list[str]] = {}
    for a in legal:
        t = target_of(st, a, acting)
        if t is not None:
            targets.setdefault(t, []).append(a.text)
    labels = sentences(game, st, seat, legal, {a.text: label_of(st, a, acting) for a in legal})
    cards = "".join(_card(st, pos, seat, targets, labels) for pos in range(lay.n) if st.card[pos] != NO_CARD)
    svg = (f'<svg class="board district-z" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" '
           f'font-family="system-ui, sans-serif" role="img" aria-label="District-Z: the CITY">'
           f'<rect width="{width}" height="{height}" fill="#15191d"/>{cards}</svg>')
    caption = f"District-Z — round {st.rounds}" + (f" — {d.prompt}" if d is not None else " — the game is over")
    return {"svg": svg, "targets": targets, "panels": _panels(st, seat), "labels": labels, "caption": caption}


__all__ = ["dice", "draw", "label_of", "target_of"]
