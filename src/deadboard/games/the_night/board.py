"""Board queries shared by the rules, the zombie AI and the front ends: who can step, see or reach
whom across which edges, given the current state of doors and windows."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from deadboard.core.grid import DOOR, OPEN, WINDOW, line_clear
from deadboard.games.the_night.content import UNLIMITED
from deadboard.games.the_night.state import (
    BOARDED,
    CARRIED,
    HUMAN_ZOMBIE,
    LIVE,
    LOCKED,
    ON_OPENING,
    NightState,
)

CLOSED: Final = 3  # BOARDED | LOCKED: an opening with either flag stops movement, attacks and sight
if CLOSED != BOARDED | LOCKED:
    raise ImportError("the_night.board: CLOSED differs from the state's BOARDED | LOCKED")


#: the tokens of the numbered zombies, made once (a zombie's name is in every event it takes part in)
_NUMBERED = tuple(f"Z{z}" for z in range(HUMAN_ZOMBIE))


def zombie_name(state: NightState, z: int) -> str:
    if z >= HUMAN_ZOMBIE:
        return "Z" + state.humans[z - HUMAN_ZOMBIE].name
    return _NUMBERED[z] if z >= 0 else f"Z{z}"


def zombie_by_name(state: NightState, name: str) -> int:
    """Zombie id from its token (``Z23``, ``ZBen``), or -1."""
    if not name.startswith("Z"):
        return -1
    rest = name[1:]
    if rest.isdigit():
        return int(rest)
    for h in state.humans:
        if h.name == rest:
            return HUMAN_ZOMBIE + h.idx
    return -1


def human_by_name(state: NightState, name: str) -> int:
    for h in state.humans:
        if h.name == name:
            return h.idx
    return -1


def sees(state: NightState, a: int, b: int) -> bool:
    """Line of sight (and of fire): walls and closed (locked or boarded) openings block it; open and
    broken doors and un-boarded windows do not (rulebook §Shooting Combat)."""
    return line_clear(state.c.grid.los_row(a)[b], state.op, CLOSED)


def human_reach(state: NightState, sq: int) -> list[int]:
    """Squares a human on ``sq`` can fight into or hand an item to: the 8 neighbours, orthogonally
    only across a door or window, never across a wall or a closed opening."""
    grid = state.c.grid
    op = state.op
    out = []
    for t, kind, o in grid.orth[sq]:
        if kind == OPEN or not op[o] & CLOSED:
            out.append(t)
    out.extend(grid.diag[sq])
    return out


def zombie_reach(state: NightState, sq: int) -> list[tuple[int, int]]:
    """Squares a zombie on ``sq`` can attack into, with the AP cost (2 through a window)."""
    op = state.op
    out = []
    for t, kind, o in state.c.grid.orth[sq]:
        if kind == OPEN:
            out.append((t, 1))
        elif not op[o] & CLOSED:
            out.append((t, 2 if kind == WINDOW else 1))
    return out


def human_squares(state: NightState) -> dict[int, int]:
    """Square -> index of the live human standing there (a human passing through another's square
    mid-move is listed once; the acting human wins)."""
    out: dict[int, int] = {}
    for h in state.humans:
        if h.status == LIVE:
            out.setdefault(h.sq, h.idx)
    if state.active >= 0 and state.humans[state.active].status == LIVE:
        out[state.humans[state.active].sq] = state.active
    return out


def step_aside(state: NightState, h: int) -> int:
    """Move human ``h`` to the nearest square (by hand-to-hand reach, ties in square order) free of
    zombies and of other humans; returns the square, or -1 if there is none."""
    hu = state.humans[h]
    taken = {o.sq for o in state.humans if o.status == LIVE and o.idx != h}
    seen = {hu.sq}
    frontier = [hu.sq]
    while frontier:
        nxt = []
        for s in frontier:
            for t in sorted(human_reach(state, s)):
                if t in seen:
                    continue
                seen.add(t)
                if state.zocc[t]:
                    continue
                if t not in taken:
                    hu.sq = t
                    return t
                nxt.append(t)
        frontier = nxt
    return -1


def zombies_adjacent_to_human(state: NightState, sq: int) -> list[int]:
    """Zombies a human on ``sq`` could fight hand-to-hand (Dodge, Coward)."""
    zocc = state.zocc
    return [zocc[t] for t in human_reach(state, sq) if zocc[t]]


def step_cost_human(state: NightState, frm: int, to: int, kind: int, o: int, injured: bool = False) -> int:
    """AP for a human's single-square move, or -1 if it cannot be made. Diagonal steps pass kind=OPEN.

    Each rule that prices a move names the price, and none adds to another: "1 AP: Move one
    square", "2 AP: Move through an un-boarded window", Injured: "Each move costs 2 Action Points",
    The Dark Yard: "each single square movement outside the house, porches and tool shed costs
    live human characters 2 Action Points" (a move from or to a yard square). So a move costs 2 when
    any of these applies, else 1 — the same both ways through a window (ruling)."""
    if kind == DOOR:
        if state.op[o] & CLOSED:
            return -1
        cost = 1
    elif kind == WINDOW:
        if state.op[o] & BOARDED:
            return -1
        cost = 2
    else:
        cost = 1
    if injured or (state.cfg.dark_yard and (state.c.yard[to] or state.c.yard[frm])):
        cost = 2
    return cost


def is_firearm_ready(state: NightState, h: int, item: int) -> bool:
    it = state.c.items[item]
    if it.kind != "firearm" or it.ammo is None:
        return False
    tag = CARRIED + h
    where = state.item_where
    return any(where[j] == tag for j in state.c.kind_items[it.ammo])


def load_of(state: NightState, carried: Iterable[int]) -> int:
    """How many of the ``carried`` items count against the limit."""
    items = state.c.items
    return sum(1 for i in carried if items[i].kind not in UNLIMITED)


def load(state: NightState, h: int) -> int:
    """Items a human carries that count against the limit (ammo and the Keys do not)."""
    return load_of(state, state.carried(h))


def capacity(state: NightState, h: int) -> int:
    return 3 if "strong" in state.humans[h].attrs else 2


def can_carry(state: NightState, h: int, item: int) -> bool:
    if state.c.items[item].kind in UNLIMITED:
        return True
    return load(state, h) < capacity(state, h)


def best_weapon(state: NightState, h: int, attacked: bool = False) -> int:
    """The carried item with the best hand-to-hand bonus, or -1. The rifle and the shotgun count as
    a Baseball Bat only for a human ``attacked`` by a zombie ("If a human is attacked by a zombie
    and they have a Winchester Rifle or a Shotgun then these can be used in hand-to-hand combat as
    if they were a Baseball Bat")."""
    tag = CARRIED + h
    items = state.c.items
    best, best_bonus = -1, 0
    for i, w in enumerate(state.item_where):
        if w == tag and items[i].bonus > best_bonus and (attacked or items[i].kind != "firearm"):
            best, best_bonus = i, items[i].bonus
    return best


def is_goal_item(state: NightState, item: int, keys: tuple[str, ...] | list[str]) -> bool:
    """Whether ``item`` answers one of a story's goal ``keys`` (an item id or an item kind)."""
    it = state.c.items[item]
    return it.id in keys or it.kind_id in keys


def goal_keys_held(state: NightState, holders: set[int]) -> set[str]:
    """The item ids and kinds carried by the humans ``holders`` (for a story's ``collect`` goal)."""
    items = state.c.items
    held: set[str] = set()
    for i, w in enumerate(state.item_where):
        if CARRIED <= w < ON_OPENING and w - CARRIED in holders:
            held.add(items[i].id)
            held.add(items[i].kind_id)
    return held


def zombie_entry_squares(state: NightState, number: int) -> tuple[int, int]:
    return state.c.entries[number - 1].squares


def zombie_steps(state: NightState, sq: int) -> list[int]:
    """Squares a zombie on ``sq`` could step to through open ways (ignoring AP and occupants),
    kept inside the house when the scenario confines the zombies."""
    inside = state.c.inside
    confine = state.cfg.confine
    op = state.op
    return [
        t
        for t, kind, o in state.c.grid.orth[sq]
        if (kind == OPEN or not op[o] & CLOSED) and not (confine and inside[t] != inside[sq])
    ]


def vacate(state: NightState, z: int, sq: int) -> None:
    """Zombie ``z`` leaves ``sq``: the square goes to a risen zombie that shared it, if any."""
    if state.zocc[sq] != z:
        state.stacked = tuple(s for s in state.stacked if s != z)
        return
    state.zocc[sq] = 0
    for other in state.stacked:
        if other != z and state.zsq.get(other) == sq:
            state.zocc[sq] = other
            state.stacked = tuple(s for s in state.stacked if s != other)
            return
