"""Where an automated zombie steps next (rulebook §Zombie Actions - What Do They Do?): the choice of
square for priorities 2 to 5, which :func:`deadboard.games.the_night.ai.activate` makes before
every AP a zombie spends.

A step is ``(square, kind, opening)``: a move to a free orthogonal neighbour that brings the zombie
strictly closer to its goal (ties broken at random), never back onto a square it has stood on in
this activation (``visited``); a step across a closed opening is a break attempt. These searches
are most of a zombie's turn, so they live apart from the activation itself: the rules compiled by
mypyc include them (docs/building.md), while ``ai`` stays Python.
"""

from __future__ import annotations

from deadboard.core.grid import INF, OPEN, WINDOW, AnyOf, line_clear
from deadboard.games.the_night.board import CLOSED
from deadboard.games.the_night.state import NightState
from deadboard.games.the_night.zombie_ways import Entry, Field, Fields, Routes, Step, least_cost, map_info


def sight_step(state: NightState, sq: int, fields: Fields, routes: Routes, hsq: dict[int, int], live: tuple[int, ...],
                visited: set[int], plan: list[tuple[Entry, list[int] | None]]) -> tuple[int, int, int] | None:
    """Priorities 3 to 5: towards the nearest human the zombie sees (and can get to); outside, to a
    way into a room with a human; inside, to the nearest human in the house, else out towards the
    nearest human."""
    orth = state.c.grid.orth
    op = state.op
    inside = state.c.inside
    table = routes.table
    row = routes.los[sq]
    visible: list[int] = []
    for s in live:
        c = row[s]
        if c is not None and (not c or _clear(c, op)) and table[s][sq] < INF:
            visible.append(s)
    vfield: Field
    hfield: Field
    if visible:
        if len(visible) == 1:
            vfield = table[visible[0]]
        elif len(visible) == len(live):
            vfield = routes.near_around(sq, orth[sq])
        else:
            vfield = _local_field(table, visible, sq, orth[sq])
        return _closer_step(state, sq, vfield, hsq, visited)
    if not inside[sq] and not state.cfg.confine:
        if fields.in_building:
            return _entry_step(state, sq, fields, routes, visited, plan)
        return _closer_step(state, sq, routes.near_around(sq, orth[sq]), hsq, visited)
    in_house = [s for s in live if inside[s]]
    if not in_house or len(in_house) == len(live):
        hfield = routes.near_around(sq, orth[sq])
    elif len(in_house) == 1:
        hfield = table[in_house[0]]
    else:
        hfield = _local_field(table, in_house, sq, orth[sq])
    return _closer_step(state, sq, hfield, hsq, visited)


def _local_field(table: list[list[int]], targets: list[int], sq: int, steps: tuple[Step, ...]) -> dict[int, int]:
    """The route field of several targets, on ``sq`` and its neighbours only (cheaper than the
    whole field for a target set seen once)."""
    rows = [table[t] for t in targets]
    out = {sq: least_cost(rows, sq)}
    for t, _k, _o in steps:
        out[t] = least_cost(rows, t)
    return out


def _pick(state: NightState, best: list[Step]) -> Step | None:
    if not best:
        return None
    return best[0] if len(best) == 1 else best[state.rng.below(len(best))]


def _closer_step(state: NightState, sq: int, field: Field, hsq: dict[int, int], visited: set[int]) -> Step | None:
    """A free neighbour, not yet stood on this activation, that brings the zombie strictly closer
    along ``field`` (the closest, ties at random), or None. A step across a closed opening counts
    (it is a break attempt); a step onto a human's square only across a closed opening (through
    an open way it would be an attack)."""
    here = field[sq]
    if here >= INF:
        return None
    zocc = state.zocc
    op = state.op
    confine = state.cfg.confine
    inside = state.c.inside
    best_v = here
    best: list[Step] = []
    for step in state.c.grid.orth[sq]:
        t, kind, o = step
        v = field[t]
        if v > best_v or v >= here or zocc[t] or t in visited or (confine and inside[t] != inside[sq]):
            continue
        if t in hsq and (kind == OPEN or not op[o] & CLOSED):
            continue
        if v < best_v:
            best_v = v
            best = [step]
        else:
            best.append(step)
    return _pick(state, best)


def reach_step(state: NightState, sq: int, ap: int, full: int, hsq: dict[int, int], visited: set[int]) -> Step | None:
    """Priority 2: the first step towards a free square, reachable with ``ap`` along open ways and
    not through a square already stood on this activation, from which the zombie (``full`` AP a
    turn) can attack a live human — the human nearest by route, ties at random; None if no human
    can be reached this turn."""
    orth = state.c.grid.orth
    zocc = state.zocc
    op = state.op
    confine = state.cfg.confine
    inside = state.c.inside
    dist = {sq: 0}
    first: dict[int, Step] = {}
    frontier: list[list[int]] = [[sq], [], []]
    best_total = INF
    goals: list[Step] = []
    d = 0
    while d <= ap and d < best_total:
        for s in frontier[d] if d < len(frontier) else ():
            if dist[s] != d:
                continue
            for step in orth[s]:
                t, kind, o = step
                if kind == OPEN:
                    c = 1
                elif op[o] & CLOSED:
                    continue
                else:
                    c = 2 if kind == WINDOW else 1
                if t in hsq:
                    if s != sq and c <= full:
                        total = d + c
                        f = first[s]
                        if total < best_total:
                            best_total, goals = total, [f]
                        elif total == best_total and f not in goals:
                            goals.append(f)
                    continue
                nd = d + c
                if nd > ap or zocc[t] or t in visited or (confine and inside[t] != inside[s]) or nd >= dist.get(t, INF):
                    continue
                dist[t] = nd
                first[t] = step if s == sq else first[s]
                while len(frontier) <= nd:
                    frontier.append([])
                frontier[nd].append(t)
        d += 1
    goals.sort()
    return _pick(state, goals)


def _entry_step(state: NightState, sq: int, fields: Fields, routes: Routes, visited: set[int],
                plan: list[tuple[Entry, list[int] | None]]) -> Step | None:
    """Priority 4, for a zombie outside the house: the closest entry into a room with a live human,
    boarded or locked or not ("If this entry is blocked by other zombies, then a second or even
    third closest entry can be moved to"): an entry is blocked when a zombie stands on either side
    of it or when other zombies leave no way to it; then the next closest is taken. The entry is
    chosen once per activation (``plan``) and the zombie walks the shortest way to it round the
    other zombies, so it never turns back. With no such room open to the outside (the humans in
    the Basement, say), the entries on the cheapest routes to the humans."""
    hsq = fields.hsq
    assert hsq is not None
    zocc = state.zocc
    op = state.op
    if plan:
        e, way = plan[0]
        if e.out == sq:
            return _cross(state, e, hsq, visited)
        return _down_step(state, sq, way, visited) if way is not None else None
    info = map_info(state)
    efields = info.entry_fields[routes.slow]
    entries = routes.entries
    if routes.rooms:
        keyed = [(efields[e.index][sq], e.opening, e) for e in entries]
    else:
        inn = routes.inn_field
        if inn is None:
            inn = routes.inn_field = {e.inn: min([r[e.inn] for r in routes.rows]) for e in entries}
        keyed = [(efields[e.index][sq] + e.cost + inn[e.inn], e.opening, e) for e in entries]
    keyed.sort()
    blocked: set[int] | None = None
    here = state.c.area_of[sq]
    for d, _o, e in keyed:
        if d >= INF:
            break
        if e.area == here or e.inn in visited:
            continue  # a way into the building it stands in, or back where it came from
        if zocc[e.inn] or (e.out != sq and zocc[e.out]):
            continue  # blocked by another zombie
        if e.out == sq:
            if e.inn in hsq and not op[e.opening] & CLOSED:
                return None  # a human inside, out of reach this turn: it stays
            plan.append((e, None))
            return _cross(state, e, hsq, visited)
        if blocked is None:
            # the other zombies, the squares it stood on (not where it stands), the humans
            blocked = set(state.zsq.values())
            blocked.update(visited)
            blocked.discard(sq)
            blocked.update(hsq)
        way = efields[e.index]
        cost = way[sq]
        for b in blocked:
            if way[b] < cost and b != e.out:
                # a zombie (or a square stood on) may stand on the cheapest way: go round it
                way = info.way(e.out, not routes.slow, blocked, sq)
                break
        if way[sq] >= INF:
            continue  # other zombies leave no way to it
        step = _down_step(state, sq, way, visited)
        if step is None:
            continue
        plan.append((e, way))
        return step
    return None


def _cross(state: NightState, e: Entry, hsq: dict[int, int], visited: set[int]) -> Step | None:
    """The step through the entry (a break attempt if it is closed)."""
    if state.zocc[e.inn] or e.inn in visited or (e.inn in hsq and not state.op[e.opening] & CLOSED):
        return None
    o = state.c.grid.openings[e.opening]
    return (e.inn, o.kind, e.opening)


def _down_step(state: NightState, sq: int, way: list[int], visited: set[int]) -> Step | None:
    """A step along ``way`` (the route cost to a goal round the other zombies): to a neighbour
    where the cost left plus the step's own cost is least, ties at random."""
    here = way[sq]
    zocc = state.zocc
    best_v = here
    best: list[Step] = []
    for step in state.c.grid.orth[sq]:
        t, kind, _o = step
        v = way[t]
        if v >= here or zocc[t] or t in visited:
            continue
        v += 2 if kind == WINDOW else 1
        if v > best_v:
            continue
        if v < best_v:
            best_v = v
            best = [step]
        else:
            best.append(step)
    return _pick(state, best)


def _clear(crossed: tuple[int, ...] | AnyOf, op: list[int]) -> bool:
    """Whether a line of sight (the openings it crosses) is clear now (``line_clear``; the plain
    line's loop here, without a call into the grid's module for each)."""
    if isinstance(crossed, AnyOf):
        return line_clear(crossed, op, CLOSED)
    for o in crossed:  # noqa: SIM110
        if op[o] & CLOSED:
            return False
    return True
