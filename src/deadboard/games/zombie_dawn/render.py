"""Zombie Dawn in the terminal: each player's map in colour, the groups, and a panel per player.

Each square is three characters wide (two in a terminal too narrow for that, with the searcher's
mark shown by underlining the location)::

     .   open ground (background: yellow field, green forest, grey city)     ~  water
     =   road      H  highway exit      T  a tent (in its colour)
    g2   a location: the deck (g green, b blue) and the items per search, then the initial of the
         first colour that searched it (g2r)        R Y P W   the groups

``render(game, state, seat)`` draws what ``seat`` may see (the front end passes a view): its own
hand and missions; of the others, only how many cards they hold.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Console, ConsoleOptions, RenderResult
from rich.console import Group as RichGroup
from rich.panel import Panel
from rich.style import Style
from rich.table import Table
from rich.text import Text

from deadboard.core.action import Action
from deadboard.core.game import Game, State
from deadboard.core.legend import legend_line
from deadboard.games.zombie_dawn.actions import PlaceZone
from deadboard.games.zombie_dawn.board import open_slots, rotated_cells
from deadboard.games.zombie_dawn.content import COLOURS
from deadboard.games.zombie_dawn.effects import score_parts, skill_cost, trophy_points
from deadboard.games.zombie_dawn.negotiation import offer_on_table
from deadboard.games.zombie_dawn.state import SETUP, DawnState

TERRAIN_BG = {"field": "#4d4622", "forest": "#1f3b22", "city": "#383838"}
GROUP_STYLE = {"red": "bold white on #b22222", "yellow": "bold black on #e0c020", "purple": "bold white on #7b3fa0",
               "white": "bold black on #e8e8e8"}
TOKEN_FG = {"red": "#ff6060", "yellow": "#ffe060", "purple": "#c080ff", "white": "#ffffff"}


def map_width(state: DawnState, seat: int, cell: int = 3) -> int:
    """Columns one player's map takes in its panel (row numbers, squares, border and padding)."""
    assert state.board is not None
    return 4 + state.board.islands[seat][2] * cell + 4


def island_text(state: DawnState, seat: int, cell: int = 3) -> Text:
    """One player's map; ``cell``: characters a square (3, or 2 for a narrow terminal)."""
    b = state.board
    assert b is not None
    _, _, w, h = b.islands[seat]
    at = {g.sq: g.seat for g in state.groups}
    wide = cell == 3

    def sym(c: str) -> str:
        return f" {c} " if wide else f"{c} "

    t = Text()
    t.append("    " + "".join(f"{_col(x):<{cell}}" for x in range(w)) + "\n", style="dim")
    for y in range(h):
        t.append(f"{y + 1:>3} ", style="dim")
        for x in range(w):
            sq = b.pos.get((seat, x, y))
            if sq is None:
                t.append(" " * cell)
                continue
            bg = TERRAIN_BG.get(b.terrain[sq], "")
            ch = b.cells[sq]
            start = len(t)
            if sq in at:
                who = COLOURS[at[sq]]
                t.append(sym(who[0].upper()), style=GROUP_STYLE[who])
            elif b.loc_count[sq]:
                marks = [COLOURS[s] for s in range(4) if state.searched[sq] >> s & 1]
                deck = b.loc_deck[sq][0]
                style = f"bold {'green' if deck == 'g' else 'cyan'} on {bg}"
                t.append(f"{deck}{b.loc_count[sq]}", style=style + (" underline" if marks and not wide else ""))
                if wide:
                    t.append(marks[0][0] if marks else " ", style=f"bold {TOKEN_FG[marks[0]]} on {bg}" if marks else f"on {bg}")
            elif ch == "~":
                t.append(sym("~"), style="bold #5fafff on #123050")
            elif ch == "=":
                t.append(sym("="), style=f"#b0a080 on {bg}")
            elif ch == "H":
                t.append(sym("H"), style=f"bold #ff8c00 on {bg}")
            elif ch == "T":
                tent = COLOURS[b.island[sq]]
                t.append(sym("T"), style=f"bold {TOKEN_FG[tent]} on {bg}")
            else:
                t.append(sym("."), style=f"#707070 on {bg}")
            t.stylize(Style(meta={"square": b.names[sq]}), start, len(t))
        t.append("\n")
    return t


class DawnMaps:
    """Every player's map, squares two characters wide when the terminal is too narrow for three."""

    def __init__(self, state: DawnState) -> None:
        self.state = state

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        state = self.state
        seats = range(state.cfg.players)
        cell = 3 if all(options.max_width >= map_width(state, s, 3) for s in seats) else 2
        yield Columns([Panel(island_text(state, s, cell), title=f"{COLOURS[s]}'s map", border_style=TOKEN_FG[COLOURS[s]],
                             expand=False) for s in seats])


def _col(x: int) -> str:
    from deadboard.core.grid import column_name

    return column_name(x)


def group_panel(state: DawnState, seat: int, viewer: int | None) -> Panel:
    c = state.c
    g = state.groups[seat]
    b = state.board
    name = COLOURS[seat]
    t = Table.grid(padding=(0, 1))
    t.add_column()
    t.add_column()
    where = b.names[g.sq] if b is not None and g.sq >= 0 else "—"
    parts = score_parts(state, seat)
    t.add_row("square", where + (f" ({b.loc_name[g.sq]})" if b is not None and g.sq >= 0 and b.loc_name[g.sq] else ""))
    t.add_row("Xp / VP", f"{g.xp} Xp (next skill {skill_cost(state, seat)}) · {parts['score']} VP so far")
    for ch in g.chars:
        rec = c.characters[ch]
        dmg = ", ".join(c.damages[c.damage_cards[d]].name for d in state.char_damage[ch]) or "unhurt"
        items = ", ".join(c.item_recs[it].name + (" (turned)" if state.is_turned(it) else "") for it in state.char_items[ch]) or "nothing"
        skills = ", ".join(c.skills[s].name + (" (used)" if c.skill_ability[s] and state.used_skills >> s & 1 else "")
                           for s in state.char_skills[ch])
        label = rec.name + (" (ability used)" if rec.ability is not None and state.used_characters >> ch & 1 else "")
        t.add_row(Text(label, style="bold"), Text(f"{len(state.char_damage[ch])}/4: {dmg}", style="red" if state.char_damage[ch] else "green"))
        t.add_row("", f"carries {items}" + (f"; skills {skills}" if skills else ""))
    if g.vehicle >= 0:
        t.add_row("vehicle", c.action_recs[g.vehicle].name + (" (turned)" if g.vehicle_turned else ""))
    if g.found:
        t.add_row("found", ", ".join(c.item_recs[it].name for it in g.found))
    if g.trophies or g.trophy_bonus:
        t.add_row("trophies", f"{trophy_points(state, seat)} points")
    done = ", ".join(c.missions[m].name for m in g.done)
    if done:
        t.add_row("completed", done)
    if g.dead:
        t.add_row("dead", ", ".join(c.characters[ch].name for ch in g.dead))
    peace = [COLOURS[b] for b in range(4) if state.truce >> (4 * seat + b) & 1]
    if peace:
        t.add_row("truce", "will not attack " + ", ".join(peace) + " this round")
    if viewer is None or viewer == seat:
        t.add_row("hand", ", ".join(c.action_recs[k].name for k in sorted(g.hand, key=lambda k: c.action_cards[k])) or "empty")
        t.add_row("missions", "; ".join(f"{c.missions[m].name} ({c.missions[m].vp} VP): {c.missions[m].text}" for m in g.missions) or "none")
    else:
        t.add_row("hand", f"{len(g.hand)} card{'' if len(g.hand) == 1 else 's'}")
        t.add_row("missions", f"{len(g.missions)} hidden")
    title = Text(f" {name.upper()} ", style=GROUP_STYLE[name])
    if state.active == seat and state.phase != SETUP:
        title.append(" ◀ turn", style="bold")
    return Panel(t, title=title, title_align="left", border_style=TOKEN_FG[name], expand=False)


def status_text(state: DawnState) -> Text:
    c = state.c
    t = Text()
    if state.phase == SETUP:
        t.append("Setup: placing map zones and choosing characters\n", style="bold")
        for seat, dealt in enumerate(state.dealt):
            if dealt:
                t.append(f"{COLOURS[seat]} still places: {', '.join(c.zones[z].name for z in dealt)}\n")
        return t
    t.append(f"Round {state.round} of {state.cfg.rounds}", style="bold")
    if state.season >= 0:
        s = c.seasons[state.season]
        t.append(f" — {s.season.capitalize()}: {s.name}. {s.text}")
    t.append(f"\nStart player: {COLOURS[state.start]} · turn: {COLOURS[state.active]} · seasons left: {len(state.season_deck)}")
    cb = state.combat
    if cb is not None and not cb.ended:
        if cb.duel:
            t.append(f"\nCombat: {COLOURS[cb.enemy]} against {COLOURS[cb.group]} (phase {cb.phases + 1})", style="bold red")
        else:
            zs = ", ".join(c.action_recs[z].name for z in cb.zombies) or "mission zombies"
            extra = " · BLOCKED" if cb.blocked else ""
            mode = "melee" if cb.melee else "ranged allowed"
            t.append(f"\nCombat: {cb.dice} zombie dice against {COLOURS[cb.group]} ({zs}; {mode}{extra})", style="bold red")
    offer = offer_on_table(state)
    if offer is not None:
        offerer, receiver, on_table = offer
        items = ", ".join(c.item_recs[it].name for it in on_table) or "nothing yet"
        t.append(f"\nOffer on the table: {COLOURS[offerer]} to {COLOURS[receiver]}: {items}", style="bold yellow")
    return t


SLOT_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def placing_seat(state: DawnState) -> int:
    """The seat placing a map zone now, or -1."""
    d = state.decision
    return d.seat if d is not None and d.kind == "zone" else -1


def layout_text(state: DawnState, seat: int, cell: int = 2) -> Text:
    """One player's map while it is laid out: the zones placed so far, square by square, and, for
    the player placing a zone, each open slot as a dotted block with its letter (``A``, ``B`` …, as
    the choices name them)."""
    c = state.c
    layout = state.layout[seat]
    slots = open_slots(layout) if seat == placing_seat(state) and layout else []
    spots = [(zx, zy) for _, zx, zy, _ in layout] + slots
    t = Text()
    if not spots:
        t.append("(no zone yet)", style="dim")
        return t
    minx = min(x for x, _ in spots)
    miny = min(y for _, y in spots)
    w = (max(x for x, _ in spots) - minx + 1) * 5
    h = (max(y for _, y in spots) - miny + 1) * 5
    grid: dict[tuple[int, int], tuple[str, str]] = {}
    for z, zx, zy, rot in layout:
        ox, oy = (zx - minx) * 5, (zy - miny) * 5
        bg = TERRAIN_BG.get(c.zones[z].terrain, "")
        for x, y, ch, loc in rotated_cells(c, z, rot):
            if loc is not None:
                grid[ox + x, oy + y] = (f"{loc.deck[0]}{loc.count}".ljust(cell)[:cell], f"bold {'green' if loc.deck[0] == 'g' else 'cyan'} on {bg}")
            elif ch == "~":
                grid[ox + x, oy + y] = ("~".center(cell), "bold #5fafff on #123050")
            elif ch == "=":
                grid[ox + x, oy + y] = ("=".center(cell), f"#b0a080 on {bg}")
            elif ch == "H":
                grid[ox + x, oy + y] = ("H".center(cell), f"bold #ff8c00 on {bg}")
            elif ch == "T":
                grid[ox + x, oy + y] = ("T".center(cell), f"bold {TOKEN_FG[COLOURS[seat]]} on {bg}")
            else:
                grid[ox + x, oy + y] = (".".center(cell), f"#707070 on {bg}")
    slot_at: dict[tuple[int, int], str] = {}
    for k, (sx, sy) in enumerate(slots):
        ox, oy = (sx - minx) * 5, (sy - miny) * 5
        letter = SLOT_LETTERS[k % len(SLOT_LETTERS)]
        for y in range(5):
            for x in range(5):
                mark = letter if (x, y) == (2, 2) else "·"
                grid[ox + x, oy + y] = (mark.center(cell), "bold black on #e0c020" if mark == letter else "#e0c020")
                slot_at[ox + x, oy + y] = f"slot-{letter}"
    for y in range(h):
        if y:
            t.append("\n")
        for x in range(w):
            glyph, style = grid.get((x, y), (" " * cell, ""))
            slot = slot_at.get((x, y))
            t.append(glyph, style=style if slot is None else Style.parse(style) + Style(meta={"square": slot}))
    return t


def setup_maps(state: DawnState) -> Columns:
    placing = placing_seat(state)
    panels = []
    for s in range(state.cfg.players):
        title = f"{COLOURS[s]}'s map" + (" — open slots A, B …" if s == placing else "")
        panels.append(Panel(layout_text(state, s), title=title, border_style=TOKEN_FG[COLOURS[s]], expand=False))
    return Columns(panels)


def choice_path(game: Game, state: State, action: Action) -> tuple[str, ...] | None:
    """A map zone to place is chosen zone → where → turn, in words: ``place crossroads 0 -1 90`` is
    ("Place the Crossroads", "at slot B (0, -1)", "turned 90°")."""
    assert isinstance(state, DawnState)
    placing = PlaceZone.from_action(action)
    if not isinstance(placing, PlaceZone):
        return None
    zone = state.c.zone_index.get(placing.zone)
    seat = placing_seat(state)
    if zone is None or seat < 0:
        return None
    x, y, rot = placing.x, placing.y, placing.rotation
    slots = open_slots(state.layout[seat])
    letter = SLOT_LETTERS[slots.index((x, y)) % len(SLOT_LETTERS)] if (x, y) in slots else "?"
    return (f"Place the {state.c.zones[zone].name}", f"at slot {letter} ({x}, {y})", f"turned {rot}°")


def square_of(game: Game, state: State, seat: int | None, action: Action) -> str | None:
    """The open slot a map zone is placed on (``slot-B``, as the set-up map marks it)."""
    path = choice_path(game, state, action)
    return f"slot-{path[1].split()[2]}" if path else None


def legend(game: Game, state: State) -> Text:
    """What the map's letters and colours mean."""
    assert isinstance(state, DawnState)
    t = legend_line(
        (
            (" . ", "#707070 on #4d4622", "open ground (field"), (" . ", "#707070 on #1f3b22", "forest"),
            (" . ", "#707070 on #383838", "city)"), (" = ", "#b0a080", "road"), (" H ", "bold #ff8c00", "highway exit"),
            (" ~ ", "bold #5fafff on #123050", "water"), (" T ", "bold", "a tent"),
            ("g2", "bold green", "a location: green deck, 2 items a search"), ("b3", "bold cyan", "blue deck, 3 items"),
            ("g2r", "bold green", "searched by red"), (" R ", GROUP_STYLE["red"], "a group (R Y P W)"),
        )
    )
    if state.board is None:
        t.append(" A ", style="bold black on #e0c020")
        t.append(" an open zone slot")
    return t


def render(game: Game, state: State, seat: int | None = None) -> RichGroup:
    assert isinstance(state, DawnState)
    parts: list[Any] = [status_text(state)]
    if state.board is not None:
        parts.append(DawnMaps(state))
    else:
        parts.append(setup_maps(state))
    parts.append(Columns([group_panel(state, s, seat) for s in range(state.cfg.players)]))
    return RichGroup(*parts)
