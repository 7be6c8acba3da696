"""The zombies' ways round the map (rulebook §Zombie Actions): the entries into the house, the route
costs between every pair of squares in zombie AP (1 a square, 2 through a window, every door and
window counted open), the ways round other zombies to an entry, and the distance fields to the
humans — built once per map and shared by the zombies' turns, the heuristic bot and the value
function."""

from __future__ import annotations

from dataclasses import dataclass

from deadboard.core.grid import DOOR, INF, OPEN, Line
from deadboard.games.the_night.board import human_squares
from deadboard.games.the_night.content import NightContent
from deadboard.games.the_night.state import (
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

    __slots__ = (
        "_tables",
        "c",
        "entries",
        "entry_fields",
        "firearms",
        "los",
        "open",
        "openings",
        "outside",
        "outside_steps",
    )

    def __init__(self, c: NightContent) -> None:
        grid = c.grid
        self.c = c
        self.firearms = tuple(i for i, it in enumerate(c.items) if it.kind == "firearm")  # value features
        self.open: list[tuple[int, ...]] = [
            tuple(t for t, k, _o in grid.orth[s] if k == OPEN) for s in range(grid.n)
        ]
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
                    (
                        *(t for t in self.open[s] if outside[t]),
                        *(t for t, k in self.openings[s] if k == 1 and outside[t]),
                    )
                    for s in range(grid.n)
                ),
                tuple(
                    tuple(t for t, k in self.openings[s] if k == 2 and windows and outside[t])
                    for s in range(grid.n)
                ),
            )
            for windows in (False, True)
        }
        self.entry_fields: dict[bool, tuple[list[int], ...]] = {
            slow: tuple(self.field((e.out,), False, outside, windows=not slow) for e in self.entries)
            for slow in (False, True)
        }
        # every zombie looks for humans in sight before each step: have the grid trace every line of
        # sight now, once per map (a third of a second), rather than square by square during play,
        # and keep the rows at hand (one row a square, the few no one can enter too)
        self.los: list[list[Line]] = [grid.los_row(sq) for sq in range(grid.n)]

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

    def field(
        self,
        targets: tuple[int, ...],
        confine: bool,
        region: list[bool] | None = None,
        windows: bool = True,
        blocked: set[int] | None = None,
        stop: int = -1,
    ) -> list[int]:
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
                    if (
                        nd < dist[t]
                        and not (check and inside[t] != ins)
                        and (region is None or region[t])
                        and (blocked is None or t not in blocked)
                    ):
                        dist[t] = nd
                        buckets[nd].append(t)
                        pending += 1
                for t, c in op_steps[s]:
                    nd2 = d + c
                    if c == 2 and not windows:
                        continue
                    if (
                        nd2 < dist[t]
                        and not (check and inside[t] != ins)
                        and (region is None or region[t])
                        and (blocked is None or t not in blocked)
                    ):
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

    __slots__ = ("all_field", "entries", "inn_field", "los", "rooms", "rows", "slow", "table")

    def __init__(self, state: NightState, slow: bool, live: tuple[int, ...]) -> None:
        self.slow = slow
        info = map_info(state)
        self.table: list[list[int]] = info.table(state.cfg.confine, windows=not slow)
        self.los = info.los  # the lines of sight from each passable square (``Grid.los_row``)
        self.rows = [self.table[s] for s in live]
        # the route field of all live humans: the table's row when there is one human, else filled
        # in square by square as the zombies ask (most squares are never asked about)
        self.all_field: Field = self.table[live[0]] if len(live) == 1 else {}
        self.inn_field: dict[int, int] | None = None  # the same, on the inside squares of the entries
        c = state.c
        rooms = {c.area_of[s] for s in live}
        # priority 4: "a window or door … by which they can gain entry": for a zombie with 1 AP, a
        # door (it can never climb through a window)
        entries = tuple(e for e in info.entries if not (slow and e.cost > 1))
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
            v = f[sq] = least_cost(self.rows, sq)
        return v

    def near_around(self, sq: int, steps: tuple[Step, ...]) -> Field:
        """The field of all live humans, enough of it to step from ``sq``."""
        f = self.all_field
        if isinstance(f, dict):
            rows = self.rows
            if sq not in f:
                f[sq] = least_cost(rows, sq)
            for t, _k, _o in steps:
                if t not in f:
                    f[t] = least_cost(rows, t)
        return f


def least_cost(rows: list[list[int]], sq: int) -> int:
    """The least of the rows' costs at ``sq`` (``min`` of a list made for it, without the list)."""
    best = INF
    for r in rows:
        v = r[sq]
        if v < best:
            best = v
    return best


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
