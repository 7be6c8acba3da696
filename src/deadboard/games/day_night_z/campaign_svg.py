"""The Day Night Z campaign in the browser: the Travel map (the shelter, the cities and crossroads;
known paths yellow, unknown paths red with their terrain icons and multipliers, blocked paths
dashed, the paths the chapter closes dotted, the route chosen drawn wide) and the Shelter map (six spaces inside the perimeter fence,
each with its facility card and level), with panels for the chapter, the survivors and a legend.
Clicking a facility offers its actions; during an adventure the adventure's own drawing is shown."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from deadboard.core.action import Action
from deadboard.core.drawing import Drawing, Panel, hit_rect, hover_text, sentences, tooltip
from deadboard.core.game import Game, State
from deadboard.games.day_night_z.campaign_state import CampaignState
from deadboard.games.day_night_z.growth import leadership, sheet
from deadboard.games.day_night_z.travel import known

U = 70  # one unit of the Travel map
TERRAIN = {"mountain": "▲", "plain": "≈", "wood": "♣"}
KNOWN, UNKNOWN = "#e0c030", "#c03030"
SX, SY, SW, SH = 560, 60, 150, 90  # the shelter map: origin and a space's size


def closed_now(st: CampaignState) -> set[str]:
    """The paths the special rules of the chapter being travelled for close (§6): on the way back the
    chapter just played, else the chapter ahead."""
    book = st.content.chapters
    index = st.chapter - 1 if st.phase == "travel-back" else st.chapter
    return set(book[index].closed) if 0 <= index < len(book) else set()


def _travel(st: CampaignState, targets: dict[str, list[str]], said: dict[str, str]) -> str:
    """The Travel map; a path on a route the leader may choose now can be clicked."""
    out: list[str] = ['<text x="20" y="30" fill="#ddd" font-size="16">Travel map</text>']
    places = st.content.places
    closed = closed_now(st)
    for path in sorted(st.content.paths.values(), key=lambda q: q.id):
        a, b = places[path.a], places[path.b]
        bend = 12 if path.known else -12
        x1, y1, x2, y2 = a.x * U, a.y * U + 20, b.x * U, b.y * U + 20
        mx, my = (x1 + x2) / 2 + bend, (y1 + y2) / 2 + bend
        colour = KNOWN if known(st, path.id) else UNKNOWN
        width = 6 if path.id in st.route else 2
        dash = ' stroke-dasharray="6 5"' if path.id in st.blocked else ""
        if path.id in closed:
            dash = ' stroke-dasharray="1 5"'
        title = path.id + (" (closed by the chapter's special rules)" if path.id in closed else "")
        out.append(
            f'<path d="M{x1},{y1} Q{mx},{my} {x2},{y2}" stroke="{colour}" stroke-width="{width}" fill="none"{dash}>'
            f"<title>{escape(title)}</title></path>"
        )
        texts = targets.get(f"path:{path.id}")
        if texts:
            out.append(
                f'<path class="route-hit" d="M{x1},{y1} Q{mx},{my} {x2},{y2}" stroke="transparent" '
                f'stroke-width="16" fill="none" data-target="path:{escape(path.id)}">'
                f"<title>{tooltip(hover_text(title, texts, said))}</title></path>"
            )
        icons = " ".join(TERRAIN[t] + (f"x{m}" if not known(st, path.id) else "") for t, m in path.icons)
        out.append(
            f'<text x="{mx}" y="{my}" fill="{colour}" font-size="11" text-anchor="middle">{escape(icons)}</text>'
        )
    for p in places.values():
        fill = {"shelter": "#3a7a3a", "city": "#7a3a3a", "crossroads": "#555"}[p.kind]
        out.append(f'<circle cx="{p.x * U}" cy="{p.y * U + 20}" r="13" fill="{fill}" stroke="#ddd"/>')
        out.append(
            f'<text x="{p.x * U}" y="{p.y * U + 46}" fill="#ddd" font-size="11" text-anchor="middle">{escape(p.name)}</text>'
        )
    return "".join(out)


def _shelter(st: CampaignState, targets: dict[str, list[str]], said: dict[str, str]) -> str:
    """The Shelter map; a facility with actions, the first empty space (where a new facility goes)
    while building and the fence can be clicked."""
    out: list[str] = [f'<text x="{SX}" y="30" fill="#ddd" font-size="16">Shelter map</text>']
    fence = {"": "#444", "basic": "#a08040", "advanced": "#e0c060"}[st.fence]
    fx, fy, fw, fh = SX - 12, SY - 12, 3 * SW + 24 + 20, 2 * SH + 24 + 10
    out.append(
        f'<rect x="{fx}" y="{fy}" width="{fw}" height="{fh}" fill="none" '
        f'stroke="{fence}" stroke-width="{1 + 3 * bool(st.fence)}" stroke-dasharray="{"" if st.fence else "4 4"}"/>'
    )
    if targets.get("fence"):  # the fence's highlight: a band round the spaces
        ring = f"M{fx - 6} {fy - 6}h{fw + 12}v{fh + 12}h{-fw - 12}Z M{fx + 6} {fy + 6}v{fh - 12}h{fw - 12}v{-fh + 12}Z"
        out.append(f'<path class="sq" data-target="fence" d="{ring}" fill-rule="evenodd">'
                   f"<title>{tooltip(hover_text('the perimeter fence', targets['fence'], said))}</title></path>")
    by_space = {space: f for f, space in st.spaces.items()}
    free = next((space for space, _x, _y in st.content.shelter.map.spaces if space not in by_space), None)
    for space, x, y in st.content.shelter.map.spaces:
        f = by_space.get(space)
        px, py = SX + x * (SW + 10), SY + y * (SH + 10)
        level = st.facilities.get(f, "") if f else ""
        fill = {"": "#222", "basic": "#2f4a5f", "advanced": "#3f6a8f"}[level]
        key = f if f else (f"space:{space}" if space == free else "")
        out.append(f'<rect x="{px}" y="{py}" width="{SW}" height="{SH}" rx="6" fill="{fill}" stroke="#888"/>')
        name = st.content.facilities[f].name if f else "(empty space)"
        out.append(f'<text x="{px + 8}" y="{py + 22}" fill="#eee" font-size="13">{escape(name)}</text>')
        if level:
            out.append(f'<text x="{px + 8}" y="{py + 42}" fill="#bbb" font-size="11">{level}</text>')
        out.append(
            f'<text x="{px + SW - 8}" y="{py + SH - 8}" fill="#777" font-size="10" text-anchor="end">{space}</text>'
        )
        if key and targets.get(key):
            out.append(hit_rect(key, px, py, SW, SH, hover_text(name, targets[key], said), rx=6))
    out.append(
        f'<text x="{SX}" y="{SY + 2 * SH + 44}" fill="#ddd" font-size="12">warehouse: {st.store} supplies — '
        f"VP {st.vp}</text>"
    )
    return "".join(out)


def _panels(st: CampaignState) -> list[Panel]:
    book = st.content.chapters
    chapter = book[st.chapter] if st.chapter < len(book) else None
    panels: list[Panel] = [
        {
            "title": st.content.book.name,
            "lines": [
                chapter.name if chapter else "the end",
                chapter.objectives if chapter else "",
                f"phase: {st.phase}; day {st.days} in the shelter"
                if st.phase == "shelter"
                else f"phase: {st.phase}",
                f"VP {st.vp} (earned {st.vp_earned}, spent {sum(st.spent.values())})",
                "chapters: " + (", ".join(f"{c} {r}" for c, r in st.results) or "none yet"),
            ],
        }
    ]
    for h in st.heroes:
        lines: list[object] = (
            ["dead"]
            if not h.alive
            else [
                f"health {h.health}/{sheet(st, h).health}, stress {h.stress}, infection {h.infection}, SP {h.sp}",
                f"supplies {h.supplies}, ammo {h.ammo}, battery {h.battery}; {', '.join(h.items) or '—'}",
                f"skills: {', '.join(h.skills) or '—'}",
                f"allies: {', '.join(h.allies) or '—'} (leadership {leadership(st, h)})",
            ]
        )
        lead = " (leader)" if h.seat == st.leader else ""
        panels.append({"title": h.name + lead, "lines": lines})
    panels.append(
        {
            "title": "Legend",
            "lines": [
                {"text": "yellow path: known — one travel event per icon", "cls": "known"},
                {"text": "red path: unknown — roll the multiplier, one event per skull", "cls": "unknown"},
                "dashed path: blocked; dotted: closed by the chapter; wide path: the route chosen",
                "planning the route: click a path for the routes along it",
                "▲ mountain, ≈ plain, ♣ wood",
                "green circle: the shelter; red: a city; grey: crossroads",
                "shelter spaces: dark empty, blue basic, light blue advanced; the fence round them",
            ],
        }
    )
    return panels


def label_of(st: CampaignState, a: Action) -> str:
    """How an action of the campaign reads in the browser."""
    kind = a.kind
    if kind == "travel":
        return "Travel by " + ", ".join(str(a[1]).split("+"))
    if kind == "use":
        facility = st.content.facilities[str(a[1])]
        action = next((x for x in (*facility.basic, *facility.advanced) if x.id == a[2]), None)
        return f"{facility.name}: {action.text if action else a[2]}"
    if kind in ("build", "upgrade"):
        name = st.content.shelter.fence.name if a[1] == "fence" else st.content.facilities[str(a[1])].name
        return f"{kind.capitalize()} the {name}"
    if kind == "learn":
        skill = st.content.skills[str(a[1])]
        return f"Learn {skill.name} ({skill.cost} SP): {skill.text}"
    if kind == "vote":
        step = st.steps[-1] if st.steps else None
        options = getattr(getattr(step, "effect", None), "options", ())
        k = int(a[1]) - 1
        return f"Vote: {options[k].text}" if 0 <= k < len(options) else a.text
    if kind == "spend":
        return "Spend a survival point on the check (+1 die)" if a[1] == "yes" else "Roll without spending"
    names = {"idle": "Visit no facility", "stay": "Stay another day", "leave": "Leave the shelter"}
    return names.get(kind, a.text)


def draw(game: Game, view: State, seat: int | None, legal: Sequence[Action]) -> Drawing:
    assert isinstance(view, CampaignState)
    st = view
    if st.inner is not None:
        from deadboard.games.day_night_z.campaign import ADVENTURE
        from deadboard.games.day_night_z.svg import draw as adventure

        inner = adventure(ADVENTURE, st.inner, seat, legal)
        inner["panels"] = _panels(st)[:1] + inner["panels"]
        return inner
    width, height = SX + 3 * (SW + 10) + 40, 520
    # what can be clicked: a path lists the routes along it, a facility its actions and upgrade, the
    # first free space the facilities that can be built there, the fence its building or upgrade
    targets: dict[str, list[str]] = {}
    free = next((sp for sp, _x, _y in st.content.shelter.map.spaces if sp not in st.spaces.values()), None)
    for a in legal:
        if a.kind in ("use", "upgrade") and str(a[1]) in st.facilities:
            targets.setdefault(str(a[1]), []).append(a.text)
        elif a.kind == "travel":
            for pid in str(a[1]).split("+"):
                targets.setdefault(f"path:{pid}", []).append(a.text)
        elif a.kind in ("build", "upgrade") and a[1] == "fence":
            targets.setdefault("fence", []).append(a.text)
        elif a.kind == "build" and free is not None:
            targets.setdefault(f"space:{free}", []).append(a.text)
    labels = sentences(game, st, seat, legal, {a.text: label_of(st, a) for a in legal})
    svg = (
        f'<svg class="board day-night-z-campaign" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" '
        f'font-family="system-ui, sans-serif" role="img" aria-label="Day Night Z campaign: the Travel map and the Shelter map">'
        f'<rect width="{width}" height="{height}" fill="#111"/>{_travel(st, targets, labels)}'
        f"{_shelter(st, targets, labels)}</svg>"
    )
    d = st.decision
    return {
        "svg": svg,
        "targets": targets,
        "panels": _panels(st),
        "labels": labels,
        "caption": "Day Night Z campaign — " + (d.prompt if d is not None else "the campaign is over"),
    }


__all__ = ["draw"]
