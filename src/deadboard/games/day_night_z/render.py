"""Day Night Z in the terminal: the clock, the threat and the Hunter; the city zones with the
survivors in them; each tile in play as its 4 x 4 subzones (survivors as their initial, enemies as
W H C L B X, terrain in dim letters, noise as !); the survivors' wheels; the last events."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from deadboard.core.game import Game, State
from deadboard.core.legend import legend_line
from deadboard.games.day_night_z.concepts import threat_text
from deadboard.games.day_night_z.geometry import CELLS
from deadboard.games.day_night_z.inventory import held, load, room
from deadboard.games.day_night_z.state import DNZState

LETTER = {"walker": "W", "howler": "H", "crawler": "C", "leader": "L", "bulker": "B", "hunter": "X"}


def tile_lines(st: DNZState, tile_id: str) -> list[Text]:
    tile = st.tiles[tile_id]
    lines = [
        Text(
            f"{tile.id}: {tile.geo.side.name} ({tile.zone}{' ' + tile.slot if tile.slot else ''})",
            style="bold",
        )
    ]
    for y in range(4):
        t = Text()
        for x in range(4):
            c = y * 4 + x
            people = [s.name[0] for s in st.survivors if not s.dead and s.tile == tile_id and s.cell == c]
            zombies = [LETTER[e.kind] for e in st.enemies if e.tile == tile_id and e.cell == c]
            noise = "!" if st.noise.get(f"{tile_id}-{CELLS[c]}") else " "
            if people or zombies:
                t.append("".join(people), style="bold cyan")
                t.append("".join(zombies), style="bold red")
                t.append(" " * (4 - len(people) - len(zombies)))
            else:
                mark = tile.markers.get(c, "")[:4] or tile.geo.terrain[c].replace(".", "·")
                t.append(mark.ljust(4), style="dim")
            t.append(noise, style="yellow")
        lines.append(t)
    return lines


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


def render(game: Game, state: State, seat: int | None) -> Group:
    assert isinstance(state, DNZState)
    st = state
    day = "night" if st.night else "day"
    head = Text(
        f"{st.adventure.name} — turn {st.turn}, {st.clock.text} ({day}) — threat {threat_text(st)}"
        f" — Hunter: {st.hunter or 'not in play'}{' — last threat card ' + st.last_threat if st.last_threat else ''}",
        style="bold",
    )
    rows: list[Text] = [head]
    city = Text("city: ")
    for z in st.board.side.zones:
        here = [s.name.split()[-1] for s in st.living() if not s.tile and s.zone == z.id]
        mark = {"alley": "STOP", "surprise": "?"}.get(z.kind, "")
        city.append(
            f"{z.id}{'(' + mark + ')' if mark else ''}{'[' + ','.join(here) + ']' if here else ''} ",
            style="bold cyan" if here else "",
        )
    rows.append(city)
    for tid in st.tiles:
        rows.extend(tile_lines(st, tid))
    for s in st.survivors:
        if s.dead:
            rows.append(Text(f"{s.name}: dead", style="dim"))
            continue
        rows.append(
            Text(
                f"{s.name} at {s.where}: health {s.health}, stress {s.stress}, infection {s.infection}, SP {s.sp}, "
                f"AP {s.ap}, ammo {s.ammo}, supplies {s.supplies}, battery {s.battery}; "
                f"hands {' + '.join(held(s)) or 'empty'}; backpack {load(st, s)}/{room(st)}"
                f"{'; hidden' if s.hidden else ''}"
            )
        )
    for e in st.log[-6:]:
        rows.append(Text("  " + e.text, style="dim"))
    return Group(*rows)
