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

from dataclasses import dataclass

from deadboard.core.grid import DOOR, INF, OPEN, WINDOW, Line, line_clear
from deadboard.core.log import Event
from deadboard.games.the_night.board import (
    CLOSED,
    best_weapon,
    human_squares,
    vacate,
    zombie_name,
    zombie_steps,
)
from deadboard.games.the_night.combat import hand_to_hand
from deadboard.games.the_night.content import NightContent
from deadboard.games.the_night.state import (
    BOARDED,
    BROKEN,
    HUMAN_ZOMBIE,
    LOCKED,
    ON_OPENING,
    REMOVED,
    NightState,
)

Step = tuple[int, int, int]  # (square, edge kind, opening) of one orthogonal step
Field = list[int] | dict[int, int]  # route cost per square (a dict: only a square and its neighbours)


@dataclass(frozen=True)
class Entry:
    """A door or window between the outside (yard, porches) and a building (house, Tool Shed)."""

    index: int  # in the map's list of entries
    opening: int
    out: int  # the square outside it
    inn: int  # the square inside it
    area: str  # the room it opens into
    cost: int  # AP to cross it (1 a door, 2 a window)


class _MapInfo:
    """Per map: each square's steps split into open ones and ones through doors and windows, the
    entries into the buildings, and (lazily) the route tables."""

    __slots__ = ("_tables", "c", "entries", "entry_fields", "firearms", "open", "openings", "outside", "outside_steps")

    def __init__(self, c: NightContent) -> None:
        grid = c.grid
        self.c = c
        self.firearms = tuple(i for i, it in enumerate(c.items) if it.kind == "firearm")  # value features
        self.open: list[tuple[int, ...]] = [tuple(t for t, k, _o in grid.orth[s] if k == OPEN) for s in range(grid.n)]
        self.openings: list[tuple[tuple[int, int], ...]] = [
            tuple((t, 1 if k == DOOR else 2) for t, k, _o in grid.orth[s] if k != OPEN) for s in range(grid.n)
        ]
        building = [z in ("house", "outbuilding") for z in c.zone_of]
        entries: list[Entry] = []
        for o in grid.openings:
            if building[o.a] == building[o.b]:
                continue
            inn, out = (o.a, o.b) if building[o.a] else (o.b, o.a)
            entries.append(Entry(len(entries), o.id, out, inn, c.area_of[inn], 1 if o.kind == DOOR else 2))
        self.entries: tuple[Entry, ...] = tuple(entries)
        self._tables: dict[tuple[bool, bool], list[list[int]]] = {}
        # the way to each entry for a zombie outside the house: through the yard, porches and Tool
        # Shed only (a zombie does not cut through the house to reach a way into it); one set for
        # zombies that can climb through windows, one for 1-AP zombies, which never can
        outside = self.outside = [not i for i in c.inside]
        # the steps between outside squares, by cost (1: open or a door; 2: a window), for zombies
        # that climb through windows (True) and for those that never do (False): :meth:`way`
        self.outside_steps: dict[bool, tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]] = {
            windows: (
                tuple(
                    (*(t for t in self.open[s] if outside[t]), *(t for t, k in self.openings[s] if k == 1 and outside[t]))
                    for s in range(grid.n)
                ),
                tuple(tuple(t for t, k in self.openings[s] if k == 2 and windows and outside[t]) for s in range(grid.n)),
            )
            for windows in (False, True)
        }
        self.entry_fields: dict[bool, tuple[list[int], ...]] = {
            slow: tuple(self.field((e.out,), False, outside, windows=not slow) for e in self.entries)
            for slow in (False, True)
        }
        # every zombie looks for humans in sight before each step: have the grid trace every line of
        # sight now, once per map (a third of a second), rather than square by square during play
        for sq in range(grid.n):
            if grid.passable[sq]:
                grid.los_row(sq)

    def table(self, confine: bool, windows: bool = True) -> list[list[int]]:
        """Route costs from every square to every square (``table[a][b]``), every door and window
        counted open; ``confine``: no step between the house and the outside except the first one
        out of the source square (Take the House: zombies attack across but never leave);
        ``windows``: False for a zombie with 1 AP, which can never climb through one ("2 AP: Move
        through an un-boarded window")."""
        key = (confine, windows)
        t = self._tables.get(key)
        if t is None:
            t = self._tables[key] = [self.field((s,), confine, windows=windows) for s in range(self.c.grid.n)]
        return t

    def way(self, target: int, windows: bool, blocked: set[int], stop: int) -> list[int]:
        """``field((target,), False, self.outside, windows, blocked, stop)`` — the way to an entry
        round the other zombies, asked at every step of a zombie outside — on the outside squares'
        steps listed once per map, a blocked square marked in the costs rather than looked up at
        every step. The costs are those of :meth:`field`: every cost below the last bucket looked
        at is final, whatever the order the squares of one bucket are taken in."""
        ones, twos = self.outside_steps[windows]
        dist = [INF] * len(ones)
        for b in blocked:
            dist[b] = -1  # never entered
        if stop in blocked and stop != target:
            stop = -1
        dist[target] = 0
        # the buckets of costs d and d + 1 (a step costs 1 or 2: nothing lies further at this point)
        bucket: list[int] = [target]
        near: list[int] = []
        d = 0
        while bucket or near:
            if stop >= 0 and dist[stop] <= d:
                break
            nd, nd2 = d + 1, d + 2
            far: list[int] = []
            for s in bucket:
                if dist[s] != d:
                    continue
                for t in ones[s]:
                    if nd < dist[t]:
                        dist[t] = nd
                        near.append(t)
                for t in twos[s]:
                    if nd2 < dist[t]:
                        dist[t] = nd2
                        far.append(t)
            bucket, near = near, far
            d += 1
        for b in blocked:
            if b != target:
                dist[b] = INF
        return dist

    def field(self, targets: tuple[int, ...], confine: bool, region: list[bool] | None = None,
              windows: bool = True, blocked: set[int] | None = None, stop: int = -1) -> list[int]:
        """Dijkstra (with buckets: costs are 1 or 2) from ``targets`` over orthogonal steps, within
        ``region`` if given, through windows only if ``windows``, never onto a ``blocked`` square;
        with ``stop``, only until that square's cost is final (every square cheaper than it is then
        final too, which is all a walk from it down to the targets needs)."""
        open_steps = self.open
        op_steps = self.openings
        inside = self.c.inside
        dist = [INF] * self.c.grid.n
        buckets: list[list[int]] = [[] for _ in range(4)]
        for s in targets:
            dist[s] = 0
            buckets[0].append(s)
        src = set(targets)
        d = 0
        pending = len(targets)
        while pending:
            while len(buckets) <= d + 2:
                buckets.append([])
            if stop >= 0 and dist[stop] <= d:
                break
            for s in buckets[d]:
                pending -= 1
                if dist[s] != d:
                    continue
                ins = inside[s]
                check = confine and s not in src
                nd = d + 1
                for t in open_steps[s]:
                    if nd < dist[t] and not (check and inside[t] != ins) and (region is None or region[t]) \
                            and (blocked is None or t not in blocked):
                        dist[t] = nd
                        buckets[nd].append(t)
                        pending += 1
                for t, c in op_steps[s]:
                    nd2 = d + c
                    if c == 2 and not windows:
                        continue
                    if nd2 < dist[t] and not (check and inside[t] != ins) and (region is None or region[t]) \
                            and (blocked is None or t not in blocked):
                        dist[t] = nd2
                        buckets[nd2].append(t)
                        pending += 1
            d += 1
        return dist


_infos: dict[int, _MapInfo] = {}


def map_info(state: NightState) -> _MapInfo:
    info = _infos.get(id(state.c))
    if info is None or info.c is not state.c:
        info = _infos[id(state.c)] = _MapInfo(state.c)
    return info


def route_table(state: NightState) -> list[list[int]]:
    """Zombie route costs between every pair of squares (doors and windows counted open)."""
    return map_info(state).table(state.cfg.confine)


class Routes:
    """The route fields to the live humans for one kind of zombie: those that can climb through
    windows (2 AP or more) and those that never can (1 AP)."""

    __slots__ = ("all_field", "entries", "inn_field", "rooms", "rows", "slow", "table")

    def __init__(self, state: NightState, slow: bool, live: tuple[int, ...]) -> None:
        self.slow = slow
        self.table: list[list[int]] = map_info(state).table(state.cfg.confine, windows=not slow)
        self.rows = [self.table[s] for s in live]
        # the route field of all live humans: the table's row when there is one human, else filled
        # in square by square as the zombies ask (most squares are never asked about)
        self.all_field: Field = self.table[live[0]] if len(live) == 1 else {}
        self.inn_field: dict[int, int] | None = None  # the same, on the inside squares of the entries
        c = state.c
        rooms = {c.area_of[s] for s in live}
        # priority 4: "a window or door … by which they can gain entry": for a zombie with 1 AP, a
        # door (it can never climb through a window)
        entries = tuple(e for e in map_info(state).entries if not (slow and e.cost > 1))
        mine = tuple(e for e in entries if e.area in rooms)
        self.rooms = bool(mine)  # priority 4's entries lead into rooms with a human (else: all entries)
        self.entries: tuple[Entry, ...] = mine if mine else entries

    def near(self, sq: int) -> int:
        """Route cost from ``sq`` to the nearest live human."""
        f = self.all_field
        if isinstance(f, list):
            return f[sq]
        v = f.get(sq)
        if v is None:
            v = f[sq] = min([r[sq] for r in self.rows])
        return v

    def near_around(self, sq: int, steps: tuple[Step, ...]) -> Field:
        """The field of all live humans, enough of it to step from ``sq``."""
        f = self.all_field
        if isinstance(f, dict):
            rows = self.rows
            for t in (sq, *[st[0] for st in steps]):
                if t not in f:
                    f[t] = min([r[t] for r in rows])
        return f


class Fields:
    """What the zombies of one Zombie Action Phase know of the humans, worked out once: where they
    stand, the route fields to them and the ways into their rooms. The humans do not move while
    the zombies act; after an attack (a human may have died) it is worked out again."""

    __slots__ = ("_routes", "hsq", "in_building", "live")

    def __init__(self) -> None:
        self.hsq: dict[int, int] | None = None  # square -> live human (None: to be worked out)
        self.live: tuple[int, ...] = ()
        self.in_building = False  # some live human is in the house or the Tool Shed
        self._routes: dict[bool, Routes] = {}

    def refresh(self, state: NightState) -> None:
        hsq = self.hsq = human_squares(state)
        self.live = tuple(sorted(hsq))
        self._routes = {}
        c = state.c
        self.in_building = any(c.zone_of[s] in ("house", "outbuilding") for s in self.live)

    def routes(self, state: NightState, slow: bool) -> Routes:
        r = self._routes.get(slow)
        if r is None:
            r = self._routes[slow] = Routes(state, slow, self.live)
        return r


def field_for(state: NightState, targets: tuple[int, ...]) -> list[int]:
    """Route cost from every square to the nearest of ``targets``."""
    table = route_table(state)
    if len(targets) == 1:
        return table[targets[0]]
    return list(map(min, *(table[t] for t in targets)))


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
        state.log.append(Event("move", f"{name} moves to {grid.names[t]}", {"zombie": name, "to": grid.names[t], "ap_left": ap}))


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


