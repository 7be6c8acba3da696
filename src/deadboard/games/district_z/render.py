"""District-Z in the terminal: the CITY as a grid of cards beside the survivors' cards.

Each card shows its position, its name when face up (dim when face down but seen before, ``?``
when never seen), the playing pieces on it, ZOMBIE counters (``Z3``) and dropped items (``*2``).
The starting LOCATION and the CITY'S EDGE of the seat shown are marked ``S`` and ``E``.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text

from deadboard.core.action import Action
from deadboard.core.game import Game
from deadboard.core.legend import legend_line
from deadboard.games.district_z.meeting import Answer, Offer
from deadboard.games.district_z.ratings import AGILITY, COMBAT, HEALTH, PERCEPTION, rating
from deadboard.games.district_z.setup import SwapIn, SwapLocation
from deadboard.games.district_z.state import NO_CARD, OBJ, STATUS_NAMES, ZOMBIE, DistrictState

COLOURS = ("bold cyan", "bold magenta", "bold yellow", "bold green")
WIDTH = 11


def _cell(st: DistrictState, pos: int, seat: int | None) -> Text:
    t = Text()
    if st.card[pos] == NO_CARD:
        return t
    lay = st.lay
    label = lay.names[pos]
    marks = []
    for p in st.players:
        if seat is not None and p.seat != seat:
            continue
        if p.start == pos:
            marks.append("S")
        if p.edge == pos:
            marks.append("E")
    t.append(f"{label:<4}", style="dim")
    t.append(" ".join(marks)[: WIDTH - 4] + "\n", style="bold green")
    if st.up[pos]:
        style = "bold white" if st.card[pos] < OBJ else "bold gold1"
        t.append(st.card_name(pos)[:WIDTH] + "\n", style=style)
    elif st.seen[pos]:
        t.append(st.card_name(pos)[:WIDTH] + "\n", style="dim")
    else:
        t.append("?\n", style="dim")
    pieces = Text()
    for p in st.players:
        if p.pos == pos and st.on_board(p):
            name = st.name(p.seat)[:5]
            if p.status == ZOMBIE:
                pieces.append("z" + name[:4] + " ", style="bold red")
            else:
                pieces.append(name + " ", style=COLOURS[p.seat % 4])
    t.append_text(pieces)
    extra = []
    if st.counters[pos]:
        extra.append((f"Z{st.counters[pos]}", "bold red"))
    if st.dropped[pos]:
        extra.append((f"*{len(st.dropped[pos])}", "yellow"))
    for txt, style in extra:
        t.append(" " + txt, style=style)
    t.stylize(Style(meta={"square": label}))  # the card's characters carry its name (clicks, following)
    return t


def square_of(game: Game[DistrictState], state: DistrictState, seat: int | None, action: Action) -> str | None:
    """The CITY card an action belongs to: a move's destination, a starting corner."""
    lay = state.lay
    if action.kind == "move" and action.args and seat is not None and 0 <= seat < len(state.players):
        p = state.players[seat]
        for d, q in lay.nbr[p.pos] if p.pos >= 0 else ():
            if d == action.args[0]:
                return str(lay.names[q])
    if action.kind == "corner" and action.args:
        return str(action.args[0])
    return None


def city_table(st: DistrictState, seat: int | None) -> Table:
    lay = st.lay
    t = Table(show_header=False, show_lines=True, box=None, padding=(0, 1))
    for _ in range(lay.width):
        t.add_column(min_width=6, max_width=WIDTH, no_wrap=True, overflow="ellipsis")
    for y in range(lay.height):
        row: list[Any] = []
        for x in range(lay.width):
            row.append(_cell(st, y * lay.width + x, seat))
        t.add_row(*row)
    return t


def players_table(st: DistrictState) -> Table:
    c = st.c
    t = Table(title="Survivors", title_justify="left", show_header=True, header_style="bold")
    for col in ("player", "survivor", "C/A/P", "wounds", "infection", "items", "status"):
        t.add_column(col)
    for p in st.players:
        if p.surv < 0:
            t.add_row(f"Player {p.seat + 1}", "-", "", "", "", "", STATUS_NAMES[p.status])
            continue
        s = c.survivors[p.surv]
        if p.status == ZOMBIE:
            cap = f"{s.combat}/-/-"
            hp = f"{p.wounds}/{s.health}"
        else:
            cap = "/".join(str(rating(c, p.surv, p.items, a)) for a in (COMBAT, AGILITY, PERCEPTION))
            hp = f"{p.wounds}/{rating(c, p.surv, p.items, HEALTH)}"
        items = ", ".join(("[gold1]" + c.items[i].name + "[/]") if c.items[i].objective else c.items[i].name for i in p.items)
        t.add_row(Text(f"Player {p.seat + 1}", style=COLOURS[p.seat % 4]), f"{s.name} — {s.ability}", cap, hp,
                  str(p.infection) if st.cfg.infection else "-", items or "-", st.status_text(p))
    return t


def render(game: Game[DistrictState], state: DistrictState, seat: int | None) -> Group:
    st = state
    head = Text(f"District-Z — round {st.rounds}", style="bold")
    if st.in_combat():
        head.append(f"   combat: {st.name(st.cb_seat)} vs {st.cb_n} zombie{'s' if st.cb_n > 1 else ''}", style="bold red")
    parts: list[Any] = [head]
    step = st.steps[-1] if st.steps else None
    if isinstance(step, SwapLocation | SwapIn):
        parts.append(_deck_text(st, step.deck))
    else:
        parts.append(city_table(st, seat if not st.cfg.single else None))
    if isinstance(step, Offer | Answer):
        proposer, other = (step.seat, step.other) if isinstance(step, Offer) else (step.other, step.seat)
        parts.append(Text(f"Trade on the table: {st.name(proposer)} gives {_names(st, step.gives)} for "
                          f"{st.name(other)}'s {_names(st, step.asks)}", style="bold yellow"))
    parts.append(players_table(st))
    return Group(*parts)


def legend(game: Game[DistrictState], state: DistrictState) -> Text:
    """What the CITY's marks mean."""
    t = legend_line(
        (
            ("a2", "dim", "the card's place"), ("Motel", "bold white", "face up"), ("Motel", "dim", "face down, seen"),
            ("?", "dim", "never seen"), ("S", "bold green", "your starting LOCATION"), ("E", "bold green", "your CITY'S EDGE"),
            ("HOPE", COLOURS[0], "a survivor (zHOPE: a ZOMBIE SURVIVOR)"), ("Z3", "bold red", "3 ZOMBIE counters"),
            ("*2", "yellow", "2 items dropped"),
        )
    )
    return t


def _names(st: DistrictState, items: tuple[int, ...]) -> str:
    return ", ".join(st.c.items[i].name for i in items) if items else "nothing"


def _deck_text(st: DistrictState, deck: tuple[int, ...]) -> Text:
    """The LOCATION cards being chosen (Additional Location Cards, replace-by=player)."""
    locs = st.c.locations
    have = set(deck)
    t = Text()
    t.append("Location cards in the game: ", style="bold")
    t.append(", ".join(locs[x].name for x in sorted(deck)) + "\n")
    out = [locs[x].name for x in st.c.base if x not in have]
    spare = [locs[x].name for x in st.c.additional if x not in have]
    t.append("Replaced: ", style="bold")
    t.append((", ".join(out) or "none") + "\n")
    t.append("Additional cards still available: ", style="bold")
    t.append(", ".join(spare) or "none")
    return t
