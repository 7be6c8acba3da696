"""The rulebook's automated zombies (rulebook §Zombie Actions - What Do They Do?).

Each zombie, in turn (human zombies first, then by number), spends its AP on the first of these
priorities that applies, looked at before every AP it spends — but it never steps back onto a
square it has stood on in the same activation, it keeps the entry it chose, and it halts with AP
left when no step serves its priority ("A zombie does not need to use all of its APs if using
further APs would be detrimental to its priorities"):

1. attack an orthogonally adjacent live human (1 AP, 2 through a window) — this ends its turn;
2. move adjacent to a live human it can reach this turn, so it can attack this turn or the next
   (open ways only: the nearest such human by route);
3. move towards the nearest live human it can see;
4. outside the house: move to the closest window or door into a room with a live human in it,
   irrespective of whether it is boarded or locked, and break it or climb through; if that entry
   is blocked by other zombies, the second or third closest (a zombie with 1 AP, which can never
   climb through a window, takes doors only);
5. inside the house: move to the nearest room with a live human in it; with nobody in the house,
   leave by the way nearest to a live human.

Routes are measured in zombie AP (1 a square, 2 through a window) with every door and window
counted open: the zombies do not go round boards and locks, they break them (a step across a
closed opening is a break attempt). The route costs between every pair of squares are one table
per map, built once; a zombie's move is a step to a free square that brings it strictly closer
to its goal, ties broken at random ("assign randomly with a D6").
"""

from __future__ import annotations

from deadboard.core.grid import INF, OPEN, WINDOW, Line, line_clear
from deadboard.games.the_night.board import (
    CLOSED,
    best_weapon,
    human_squares,
    vacate,
    zombie_name,
    zombie_steps,
)
from deadboard.games.the_night.combat import hand_to_hand
from deadboard.games.the_night.state import (
    BOARDED,
    BROKEN,
    HUMAN_ZOMBIE,
    LOCKED,
    ON_OPENING,
    REMOVED,
    NightState,
)
from deadboard.games.the_night.zombie_ways import (
    Entry,
    Field,
    Fields,
    Routes,
    Step,
    field_for,
    map_info,
)


def choose_target(state: NightState, candidates: list[int]) -> int:
    """Of several humans a zombie could attack, the weakest defender (strength + best weapon);
    ties at random. (Ruling: the choice least favourable to the survivors.)"""
    def defence(h: int) -> int:
        w = best_weapon(state, h, attacked=True)
        return state.cfg.hstr[h] + (state.c.items[w].bonus if w >= 0 else 0)

    low = min(defence(h) for h in candidates)
    best = [h for h in candidates if defence(h) == low]
    return best[0] if len(best) == 1 else best[state.rng.below(len(best))]


def break_attempt(state: NightState, z: int, o: int) -> bool:
    """1 AP: a 6 breaks (4-6 for a BREAKER). Boards are removed from the game; a locked door becomes
    a broken door; locked and boarded go at once (rulebook §Breaking a Door or Window)."""
    breaker = state.cfg.zbrk[z]
    need = 4 if breaker else 6
    roll = state.rng.d6()
    ok = roll >= need
    opening = state.c.grid.openings[o]
    label = state.c.openings_label[o]
    zn = zombie_name(state, z)
    state.emit(
        "break",
        f"{zn} tries to break the {label}: {roll} vs {need}+" + (" — broken!" if ok else " — holds"),
        {"zombie": zn, "opening": opening.name, "roll": roll, "need": need, "success": ok, "breaker": breaker},
    )
    if ok:
        f = state.op[o]
        if f & BOARDED:
            tag = ON_OPENING + o
            for i, w in enumerate(state.item_where):
                if w == tag:
                    state.item_where[i] = REMOVED
        if f & LOCKED:
            f = (f & ~LOCKED) | BROKEN
        state.op[o] = f & ~BOARDED
    return ok


def move_zombie(state: NightState, z: int, to: int) -> None:
    """One step of a zombie's move."""
    relocate(state, z, to)


def relocate(state: NightState, z: int, to: int) -> None:
    """Put a zombie on another square (a step, or the Lightning event's push)."""
    vacate(state, z, state.zsq[z])
    state.zsq[z] = to
    state.zocc[to] = z


def unstack(state: NightState) -> None:
    """A reanimated zombie sharing a square with another zombie steps to the nearest free square
    before zombies act (ruling: the rulebook only says they must be in different squares)."""
    grid = state.c.grid
    hsq = human_squares(state)
    for z in state.stacked:
        sq = state.zsq[z]
        seen = {sq}
        frontier = [sq]
        dest = -1
        while frontier and dest < 0:
            nxt = []
            for s in frontier:
                for t in zombie_steps(state, s):
                    if t in seen:
                        continue
                    seen.add(t)
                    if not state.zocc[t] and t not in hsq:
                        dest = t
                        break
                    nxt.append(t)
                if dest >= 0:
                    break
            frontier = nxt
        if dest >= 0:
            state.zsq[z] = dest
            state.zocc[dest] = z
            state.emit("move", f"{zombie_name(state, z)} shuffles off to {grid.names[dest]}", {"zombie": zombie_name(state, z), "to": grid.names[dest]})
    state.stacked = ()


def activation_order(state: NightState) -> list[int]:
    """Human zombies first, then the others by their printed number."""
    return sorted(state.zsq, key=lambda z: (z < HUMAN_ZOMBIE, z))


def _sight_step(state: NightState, sq: int, fields: Fields, routes: Routes, hsq: dict[int, int], live: tuple[int, ...],
                visited: set[int], plan: list[tuple[Entry, list[int] | None]]) -> tuple[int, int, int] | None:
    """Priorities 3 to 5: towards the nearest human the zombie sees (and can get to); outside, to a
    way into a room with a human; inside, to the nearest human in the house, else out towards the
    nearest human."""
    orth = state.c.grid.orth
    op = state.op
    inside = state.c.inside
    table = routes.table
    row = state.c.grid.los_row(sq)
    visible = [s for s in live if (c := row[s]) is not None and (not c or _clear(c, op)) and table[s][sq] < INF]
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


def activate(state: NightState, z: int, fields: Fields) -> None:
    """Run one zombie's whole activation by the rulebook's priorities.

    A zombie never undoes its own progress within one activation: it never steps back onto a
    square it has already stood on this activation, the entry it heads for (priority 4) is chosen
    once, and it halts, AP unspent, when no step is left that serves its priority ("A zombie does
    not need to use all of its APs if using further APs would be detrimental to its
    priorities")."""
    if fields.hsq is None:
        fields.refresh(state)
    hsq = fields.hsq
    if not hsq:
        return
    assert hsq is not None
    grid = state.c.grid
    orth = grid.orth
    full = state.cfg.zap[z]
    slow = full < 2
    routes = fields.routes(state, slow)
    ap = full
    zsq = state.zsq
    op = state.op
    live = fields.live
    visited = {zsq[z]}
    plan: list[tuple[Entry, list[int] | None]] = []  # priority 4: the entry chosen, and the way to it
    while ap > 0:
        sq = zsq[z]
        # 1. attack an adjacent live human (1 AP, 2 through a window; never through a closed opening)
        targets: list[int] = []
        halt = False
        for t, kind, o in orth[sq]:
            h = hsq.get(t)
            if h is None:
                continue
            if kind == OPEN:
                cost = 1
            elif op[o] & CLOSED:
                continue
            else:
                cost = 2 if kind == WINDOW else 1
            if cost <= ap:
                targets.append(h)
            elif cost <= full:
                halt = True
        if targets:
            h = targets[0] if len(targets) == 1 else choose_target(state, targets)
            hand_to_hand(state, h, z, "zombie")
            fields.hsq = None
            return
        if halt:
            return  # next to a human across a window with 1 AP left: wait there to attack next turn
        # 2. get adjacent to a human it can reach this turn (a lower bound rules most zombies out)
        step = None
        if routes.near(sq) <= ap + 2:
            step = _reach_step(state, sq, ap, full, hsq, visited)
        if step is None:
            # 3. towards the nearest human it sees (and can get to); 4. outside, to a way into a
            # room with a human; 5. inside, to the nearest human in the house, else out towards the
            # nearest human
            step = _sight_step(state, sq, fields, routes, hsq, live, visited, plan)
        if step is None:
            return  # nothing free serves its priority: it waits
        t, kind, o = step
        if kind != OPEN and op[o] & CLOSED:
            ap -= 1
            break_attempt(state, z, o)
            continue
        cost = 2 if kind == WINDOW else 1
        if cost > ap:
            return  # at the window with 1 AP: halt there
        move_zombie(state, z, t)
        visited.add(t)
        ap -= cost
        name = zombie_name(state, z)
        to = grid.names[t]
        state.emit_format("move", "{} moves to {}", (name, to), {"zombie": name, "to": to, "ap_left": ap})


def _local_field(table: list[list[int]], targets: list[int], sq: int, steps: tuple[Step, ...]) -> dict[int, int]:
    """The route field of several targets, on ``sq`` and its neighbours only (cheaper than the
    whole field for a target set seen once)."""
    rows = [table[t] for t in targets]
    out = {sq: min([r[sq] for r in rows])}
    for t, _k, _o in steps:
        out[t] = min([r[t] for r in rows])
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


def _reach_step(state: NightState, sq: int, ap: int, full: int, hsq: dict[int, int], visited: set[int]) -> Step | None:
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
            blocked = {t for t in state.zsq.values() if t != sq} | set(hsq) | (visited - {sq})
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


def _clear(crossed: Line, op: list[int]) -> bool:
    """Whether a line of sight (the openings it crosses) is clear now."""
    return line_clear(crossed, op, CLOSED)


def nearest_zombie(state: NightState) -> int:
    """Brains!: the zombie closest to a live human (by zombie route), ties at random; 0 if none."""
    hsq = human_squares(state)
    if not hsq or not state.zsq:
        return 0
    field = field_for(state, tuple(sorted(hsq)))
    best_d = INF
    best: list[int] = []
    for z, sq in sorted(state.zsq.items()):
        d = field[sq]
        if d < best_d:
            best_d, best = d, [z]
        elif d == best_d:
            best.append(z)
    if not best:
        return 0
    return best[0] if len(best) == 1 else best[state.rng.below(len(best))]


