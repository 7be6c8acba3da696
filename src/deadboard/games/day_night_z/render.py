"""Day Night Z in the terminal: the adventure's objective, the clock and the threat (the status
line's heading); the city as a small map of its zones and links with the survivors and the Hunter;
each tile in play as its 4 × 4 subzones (survivors as their initial, enemies as W H C L B X, terrain
and markers in dim letters, noise as !); the survivors' wheels; the last events."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.style import Style
from rich.text import Text

from deadboard.core.game import Game, State
from deadboard.core.legend import legend_line
from deadboard.core.log import TRACE
from deadboard.games.day_night_z.adventure import objective_met, supplies_wanted
from deadboard.games.day_night_z.board import CELLS
from deadboard.games.day_night_z.concepts import threat_text
from deadboard.games.day_night_z.inventory import held, load, room
from deadboard.games.day_night_z.state import DNZState

LETTER = {"walker": "W", "howler": "H", "crawler": "C", "leader": "L", "bulker": "B", "hunter": "X"}


ZONE = 10  # columns of a zone on the city map; a link between two zones takes GAP more
GAP = 3
COLUMN_NAMES = Style(dim=True, meta={"coords": "columns"})  # a tile's a-d stay in sight as the board scrolls
ROW_NAME = Style(dim=True, meta={"coords": "row"})


def _square(name: str, style: str = "") -> Style:
    """Characters of a zone or a subzone carry its name as the actions spell it (clicks, following)."""
    return Style.parse(style) + Style(meta={"square": name}) if style else Style(meta={"square": name})


def city_lines(st: DNZState) -> list[Text]:
    """The city board as a small map: each zone (its name, STOP for an alley, ? for a surprise zone
    not yet revealed, ! for noise) with the survivors in it and the Hunter stalking, a link between
    two zones drawn as ─ │ ╲ ╱ between them."""
    zones = st.board.side.zones
    cols = max(z.x for z in zones) + 1
    rows = max(z.y for z in zones) + 1
    at = {(z.x, z.y): z for z in zones}
    linked = {tuple(sorted(link.split("-"))) for link in st.board.side.links}

    def joined(a: str, b: str) -> bool:
        return tuple(sorted((a, b))) in linked

    out: list[Text] = []
    for y in range(rows):
        top, figures = Text(no_wrap=True, overflow="ignore"), Text(no_wrap=True, overflow="ignore")
        for x in range(cols):
            z = at.get((x, y))
            if z is None:
                top.append(" " * ZONE)
                figures.append(" " * ZONE)
            else:
                mark = {"alley": " STOP", "surprise": " ?" if z.id in st.surprises else ""}.get(z.kind, "")
                role = " exit" if z.id == st.adventure.exit else (" start" if z.id == st.adventure.start_zone else "")
                label = (z.id + mark + role)[:ZONE - 1]
                noise = "!" if st.noise.get(z.id) else ""
                right = at.get((x + 1, y))
                tie = "─" if right is not None and joined(z.id, right.id) else " "
                top.append(label, style=_square(z.id, "bold"))
                top.append(noise, style=_square(z.id, "yellow"))
                top.append(" " + tie * (ZONE - len(label) - len(noise) - 1), style="dim")
                here = [s.name.split()[-1] for s in st.living() if not s.tile and s.zone == z.id]
                here += [f"[{t.id}]" for t in st.tiles.values() if t.zone == z.id and not t.slot]
                who = ",".join(here)[:ZONE - 1]
                figures.append(who, style=_square(z.id, "bold cyan"))
                figures.append(" " * (ZONE - len(who)))
            right = at.get((x + 1, y))
            if x < cols - 1:
                top.append(("─" * GAP) if z is not None and right is not None and joined(z.id, right.id) else " " * GAP,
                           style="dim")
                figures.append(" " * GAP)
        out += [top, figures]
        if y == rows - 1:
            break
        links = Text(no_wrap=True, overflow="ignore")
        for x in range(cols):
            z, below = at.get((x, y)), at.get((x, y + 1))
            links.append("│" if z is not None and below is not None and joined(z.id, below.id) else " ", style="dim")
            links.append(" " * (ZONE - 1))
            if x < cols - 1:
                after, under = at.get((x + 1, y + 1)), at.get((x + 1, y))
                down = z is not None and after is not None and joined(z.id, after.id)
                up = under is not None and below is not None and joined(under.id, below.id)
                links.append(" ╲ " if down else " ╱ " if up else " " * GAP, style="dim")
        out.append(links)
    hunter = {"stalk": "the Hunter stalks the city", "board": "the Hunter is on a tile (X)"}.get(st.hunter)
    places = []
    for slot, loc in st.locations.items():
        zone = st.board.slot_zone.get(slot, slot)
        card = st.content.locations[loc.card]
        seen = f" explored {len(loc.explored)}/{len(card.zones)}" if loc.visited else ""
        places.append(f"{zone} {card.name}{seen}")
    out.append(Text("locations: " + " · ".join(places) + (f" — {hunter}" if hunter else ""), style="dim"))
    return out


def tile_lines(st: DNZState, tile_id: str) -> list[Text]:
    """A tile as its 4 × 4 subzones (named a1 … d4 as the actions spell them, ``t1-a1``): in each
    the survivors (initials), the enemies (W H C L B X), else its terrain or marker; ! for noise."""
    tile = st.tiles[tile_id]
    after = tile.links.get(tile.geo.access)
    where = f"{tile.zone}{' ' + tile.slot if tile.slot else ''}{', after ' + after[0] if after else ''}"
    lines = [Text(f"{tile.id}: {tile.geo.side.name} ({where})"[:4 + 5 * 4], style="bold", no_wrap=True, overflow="ignore")]
    lines.append(Text("    " + "".join(f"{c:<5}" for c in "abcd"), style=COLUMN_NAMES, no_wrap=True, overflow="ignore"))
    lines.append(Text("   ┌" + "┬".join(["────"] * 4) + "┐", style="dim", no_wrap=True, overflow="ignore"))
    for y in range(4):
        t = Text(f"{y + 1:>2} ", style=ROW_NAME, no_wrap=True, overflow="ignore")
        t.append("│", style="dim")
        for x in range(4):
            c = y * 4 + x
            name = f"{tile_id}-{CELLS[c]}"
            people = "".join(s.name[0] for s in st.survivors if not s.dead and s.tile == tile_id and s.cell == c)
            enemies = "".join(LETTER[e.kind] for e in st.enemies if e.tile == tile_id and e.cell == c)
            noise = "!" if st.noise.get(name) else ""
            room = 4 - len(noise)
            t.append(people[:room], style=_square(name, "bold cyan"))
            t.append(enemies[:room - len(people[:room])], style=_square(name, "bold red"))
            used = min(room, len(people) + len(enemies))
            if not used:
                ground = tile.markers.get(c, "") or tile.geo.terrain[c].replace(".", "·")
                t.append(ground[:room].ljust(room), style=_square(name, "dim"))
            else:
                t.append(" " * (room - used), style=_square(name))
            t.append(noise, style=_square(name, "yellow"))
            t.append("│", style="dim")
        lines.append(t)
        edge = "└┴┘" if y == 3 else "├┼┤"
        lines.append(Text("   " + edge[0] + edge[1].join(["────"] * 4) + edge[2], style="dim", no_wrap=True, overflow="ignore"))
    return lines


def tiles_side_by_side(st: DNZState, width: int) -> list[Text]:
    """The tiles in play, as many side by side as ``width`` columns hold."""
    drawn = [tile_lines(st, tid) for tid in st.tiles]
    across = max(1, width // 27)
    out: list[Text] = []
    for k in range(0, len(drawn), across):
        row = drawn[k:k + across]
        for n in range(max(len(d) for d in row)):
            t = Text(no_wrap=True, overflow="ignore")
            for d in row:
                part = d[n] if n < len(d) else Text("")
                t.append_text(part)
                t.append(" " * (27 - part.cell_len))
            out.append(t)
    return out


def objective(st: DNZState) -> str:
    """The adventure's objective in a few words: what to explore, search and carry out, where."""
    a = st.adventure
    parts = []
    if a.explore:
        parts.append(f"explore the {st.content.locations[a.explore].name}")
    if a.search:
        parts.append(f"search {a.search}")
    wanted = supplies_wanted(st)
    if wanted:
        parts.append(f"carry out {wanted} supplies")
    return ", ".join(parts) + f", then leave by {a.exit}" + (" (done)" if objective_met(st) else "")


def legend(game: Game, state: State) -> Text:
    """What the tiles' letters and marks mean."""
    t = legend_line(
        (
            ("K", "bold cyan", "a survivor (initial)"),
            ("W H C L B X", "bold red", "walker, howler, crawler, leader, bulker, the Hunter"),
            ("·", "dim", "open"),
            ("B", "dim", "blocked"),
            ("I", "dim", "impassable"),
            ("c h f o", "dim", "cover, high, flooded, hollow"),
            ("j s", "dim", "jump and search icons"),
            ("fire", "dim", "a terrain marker"),
            ("!", "yellow", "noise"),
            ("STOP ?", "", "alley, surprise zone (city)"),
        )
    )
    return t


class DayNightView:
    """The adventure: its heading (clock, threat, objective) for the status line, the city map,
    the tiles as many across as the terminal holds, the survivors' wheels, the last events."""

    def __init__(self, state: DNZState) -> None:
        self.state = state

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        st = self.state
        day = "night" if st.night else "day"
        yield Text(f"{st.adventure.name}: {objective(st)} — {st.clock.text} ({day}), turn {st.turn} — threat "
                   f"{threat_text(st)}{' — last threat card ' + st.last_threat if st.last_threat else ''}",
                   style=Style(bold=True, meta={"heading": True}))
        yield from city_lines(st)
        yield from tiles_side_by_side(st, options.max_width)
        for s in st.survivors:
            if s.dead:
                yield Text(f"{s.name}: dead", style="dim")
                continue
            yield Text(f"{s.name} at {s.where}: health {s.health}, stress {s.stress}, infection {s.infection}, "
                       f"SP {s.sp}, AP {s.ap}, ammo {s.ammo}, supplies {s.supplies}, battery {s.battery}; "
                       f"hands {' + '.join(held(s)) or 'empty'}; backpack {load(st, s)}/{room(st)}"
                       f"{'; hidden' if s.hidden else ''}")
        for e in [e for e in st.log[-40:] if e.kind != TRACE][-6:]:
            yield Text("  " + e.text, style="dim")


def render(game: Game, state: State, seat: int | None) -> Group:
    assert isinstance(state, DNZState)
    return Group(DayNightView(state))
