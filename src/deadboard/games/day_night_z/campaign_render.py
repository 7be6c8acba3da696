"""The Day Night Z campaign in the terminal: the chapter and phase, the victory points, the shelter
map (its spaces, facilities and fence), the Travel map's route, the survivors as they grow, and the
last events; during an adventure, the adventure's own drawing beneath."""

from __future__ import annotations

from rich.console import Group
from rich.style import Style
from rich.text import Text

from deadboard.core.game import Game, State
from deadboard.core.log import TRACE
from deadboard.games.day_night_z.campaign_state import CampaignState
from deadboard.games.day_night_z.growth import can_buy, leadership, sheet
from deadboard.games.day_night_z.travel import known


def shelter_lines(st: CampaignState) -> list[Text]:
    by_space = {space: f for f, space in st.spaces.items()}
    rows: list[Text] = [
        Text(f"shelter (fence: {st.fence or 'none'}, warehouse {st.store} supplies)", style="bold")
    ]
    grid: dict[int, list[str]] = {}
    for space, x, y in st.content.shelter.map.spaces:
        f = by_space.get(space)
        label = f"{f} ({st.facilities[f]})" if f else "(empty)"
        grid.setdefault(y, [""] * 3)[x] = f"[{space} {label}]".ljust(28)
    for y in sorted(grid):
        rows.append(Text("  " + "".join(grid[y])))
    return rows


def travel_lines(st: CampaignState) -> list[Text]:
    """The Travel map as a list of paths: known (yellow) with their icons, unknown (red) with their
    multipliers, blocked ones struck through."""
    rows = [Text("travel map", style="bold")]
    places = st.content.places
    for p in sorted(st.content.paths.values(), key=lambda q: (q.a, q.b, q.id)):
        is_known = known(st, p.id)
        icons = ", ".join(t if is_known else f"{t} x{m}" for t, m in p.icons)
        style = "yellow" if is_known else "red"
        if p.id in st.blocked:
            style += " strike"
        mark = "*" if p.id in st.route else " "
        rows.append(
            Text(
                f" {mark}{places[p.a].name} - {places[p.b].name}: {p.id} ({'known' if is_known else 'unknown'}: {icons})",
                style=style,
            )
        )
    return rows


def skill_lines(st: CampaignState) -> list[Text]:
    """In a shelter visit, what each skill the survivor may learn does (the card's description)."""
    step = st.steps[-1] if st.steps else None
    who = getattr(step, "who", "")
    if not who:
        return []
    h = st.hero(who)
    offer = [s for s in st.content.skills.values() if can_buy(st.content, h, s.id)]
    rows = [Text(f"skills {h.name} may learn ({h.sp} SP)", style="bold")] if offer else []
    rows += [Text(f"  learn {s.id}: {s.name} ({s.cost} SP) — {s.text}") for s in offer]
    return rows


def render(game: Game, state: State, seat: int | None) -> Group:
    assert isinstance(state, CampaignState)
    st = state
    book = st.content.chapters
    name = book[st.chapter].name if st.chapter < len(book) else "the end"
    rows: list[Text] = [
        Text(
            f"{st.content.book.name} — {name} — {st.phase} — VP {st.vp} (earned {st.vp_earned})",
            style=Style(bold=True, meta={"heading": True}),  # the status line's, in full screen
        ),
        Text("chapters: " + (", ".join(f"{c} {r}" for c, r in st.results) or "none yet")),
    ]
    rows += shelter_lines(st)
    if st.decision is not None and st.decision.kind == "route":
        rows += travel_lines(st)
    if st.decision is not None and st.decision.kind == "visit":
        rows += skill_lines(st)
    elif st.route:
        rows.append(
            Text(f"route: {' + '.join(st.route)}; blocked: {', '.join(sorted(st.blocked)) or 'none'}")
        )
    for h in st.heroes:
        if not h.alive:
            rows.append(Text(f"{h.name}: dead", style="dim"))
            continue
        lead = " (leader)" if h.seat == st.leader else ""
        rows.append(
            Text(
                f"{h.name}{lead}: health {h.health}/{sheet(st, h).health}, stress {h.stress}, infection {h.infection}, "
                f"SP {h.sp}, supplies {h.supplies}, ammo {h.ammo}; "
                f"skills {', '.join(st.content.skills[s].name for s in h.skills) or '-'}; "
                f"allies {', '.join(st.content.allies[a].name for a in h.allies) or '-'} "
                f"(leadership {leadership(st, h)}); {', '.join(h.items)}"
            )
        )
    if st.inner is not None:
        from deadboard.games.day_night_z.campaign import ADVENTURE
        from deadboard.games.day_night_z.render import render as adventure

        rows.append(Text(""))
        return Group(*rows, adventure(ADVENTURE, st.inner, seat))
    for e in [e for e in st.log[-40:] if e.kind != TRACE][-6:]:
        rows.append(Text("  " + e.text, style="dim"))
    return Group(*rows)
