"""The map: map zones of 5x5 squares laid out by each player, joined by highway exits.

Each player builds an *island* in front of them: the starting zone (with the Tent) at zone slot
(0, 0), every other zone on a slot next to one already placed, sharing a whole side (rulebook §Game
Setup 2). Zones may be turned a quarter at a time. Islands are separate pieces of the world; only the
highway exits join them (rulebook §Icons: all exits are adjacent to each other)::

      zone slots of one island            squares of the island (names r.a1 ... r.j5)
       (-1,0) (0,0) (1,0)                 r.a1 ... r.e1 | r.f1 ... r.j1 | ...
              (0,1)                        (5 x 5 per zone, void where no zone lies)

Squares are global integers; each has a name ``<colour initial>.<column><row>`` counted on its own
island (``r.c4``, ``y.f12``). Once laid out, the board never changes: adjacency and reach tables
are built once and cached, and every state of the game shares the same :class:`Board`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import lru_cache

from deadboard.core.grid import column_name
from deadboard.games.zombie_dawn.content import COLOURS, SPECIAL_TYPES, DawnContent, ZoneRec

ROTATIONS = (0, 90, 180, 270)

#: reach modes
WALK = 0  # orthogonal steps, never through water
WADE = 1  # may cross water but not stop on it (Ford, Frozen Lakes)
ROADS = 2  # along road squares (and highway exits) only


def rotate(x: int, y: int, rot: int) -> tuple[int, int]:
    """Where the square (x, y) of a zone lies once the zone is turned ``rot`` degrees clockwise."""
    if rot == 90:
        return 4 - y, x
    if rot == 180:
        return 4 - x, 4 - y
    if rot == 270:
        return y, 4 - x
    return x, y


def open_slots(layout: Sequence[tuple[int, int, int, int]]) -> list[tuple[int, int]]:
    """Empty zone slots sharing a whole side with a placed zone, in reading order."""
    taken = {(x, y) for _, x, y, _ in layout}
    out = {
        (x + dx, y + dy)
        for x, y in taken
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if (x + dx, y + dy) not in taken
    }
    return sorted(out, key=lambda p: (p[1], p[0]))


def solo_layout(start: int, zones: Sequence[int], rots: Sequence[int]) -> tuple[tuple[int, int, int, int], ...]:
    """Rulebook §Rules for 1 Player: the Tent at one end, the zones in columns of 3, the last zone at
    the far end (10 zones: three columns of three and the last one)::

              (1,-1) (2,-1) (3,-1)
        Tent  (1, 0) (2, 0) (3, 0)  last
              (1, 1) (2, 1) (3, 1)
    """
    slots = [(x, y) for x in (1, 2, 3) for y in (-1, 0, 1)] + [(4, 0)]
    out = [(start, 0, 0, 0)]
    for (x, y), z, r in zip(slots, zones, rots):
        out.append((z, x, y, r))
    return tuple(out)


@lru_cache(maxsize=512)
def rotated_cells(content: DawnContent, zone: int, rot: int) -> tuple[tuple[int, int, str, LocationInfo | None], ...]:
    """The 25 squares of a zone turned ``rot`` degrees: (x, y, map character, location)."""
    rec = content.zones[zone]
    locs = _locations(rec)
    out = []
    for oy in range(5):
        for ox in range(5):
            x, y = rotate(ox, oy, rot)
            out.append((x, y, rec.rows[oy][ox], locs.get((ox, oy))))
    return tuple(out)


_COLUMNS = tuple(column_name(x) for x in range(200))


@lru_cache(maxsize=8192)
def _square_name(seat: int, x: int, y: int) -> str:
    """``r.c4``: the colour's initial, the column and the row on the seat's own island."""
    return f"{COLOURS[seat][0]}.{_COLUMNS[x]}{y + 1}"


class Board:
    """The laid-out map. Build once per game; share between all its states.

    Squares are numbered island by island, row by row; only squares of placed zones exist
    (``pos`` maps (seat, x, y) to a square, for drawing)."""

    def __init__(self, content: DawnContent, layouts: Sequence[Sequence[tuple[int, int, int, int]]]) -> None:
        # built once per game: each island is filled as a dense grid of its bounding box, then its
        # squares are numbered row by row (every new game lays out a new map, so this is a hot path)
        zones = content.zones
        self.placed: list[tuple[int, int, int, int, int]] = []  # (seat, zone, x, y, rot)
        self.islands: list[tuple[int, int, int, int]] = []  # (first square, squares, width, height) per seat
        pos: dict[tuple[int, int, int], int] = {}
        names: list[str] = []
        zone_at: list[int] = []
        cells: list[str] = []
        xs: list[int] = []
        ys: list[int] = []
        island: list[int] = []
        locs: list[LocationInfo | None] = []
        dense: list[tuple[list[int], int, int]] = []  # per island: square of each grid cell (-1: void), w, h
        for seat, layout in enumerate(layouts):
            minx = min(p[1] for p in layout)
            miny = min(p[2] for p in layout)
            w = (max(p[1] for p in layout) - minx + 1) * 5
            h = (max(p[2] for p in layout) - miny + 1) * 5
            first = len(names)
            grid: list[tuple[int, str, LocationInfo | None] | None] = [None] * (w * h)
            for z, zx, zy, rot in layout:
                pi = len(self.placed)
                self.placed.append((seat, z, zx, zy, rot))
                base = (zy - miny) * 5 * w + (zx - minx) * 5
                for x, y, ch, loc in rotated_cells(content, z, rot):
                    grid[base + y * w + x] = (pi, ch, loc)
            square = [-1] * (w * h)
            for i, cell in enumerate(grid):
                if cell is None:
                    continue
                gy, gx = divmod(i, w)
                sq = len(names)
                square[i] = sq
                pos[seat, gx, gy] = sq
                names.append(_square_name(seat, gx, gy))
                xs.append(gx)
                ys.append(gy)
                island.append(seat)
                zone_at.append(cell[0])
                cells.append(cell[1])
                locs.append(cell[2])
            dense.append((square, w, h))
            self.islands.append((first, len(names) - first, w, h))
        n = len(names)
        self.n = n
        self.pos = pos
        self.names = tuple(names)
        self.index = {name: i for i, name in enumerate(names)}
        self.xs = tuple(xs)
        self.ys = tuple(ys)
        self.island = tuple(island)
        self.zone_at = tuple(zone_at)
        self.cells = tuple(cells)
        self.loc_count = tuple(loc.count if loc else 0 for loc in locs)
        self.loc_deck = tuple(loc.deck if loc else "" for loc in locs)
        self.loc_name = tuple(loc.name if loc else "" for loc in locs)
        self.site = tuple(loc.site if loc else None for loc in locs)
        self.water = water = tuple(ch == "~" for ch in cells)
        self.road = tuple(ch in "=H" for ch in cells)
        self.highway = highway = tuple(ch == "H" for ch in cells)
        zone_terrain = [zones[p[1]].terrain for p in self.placed]
        zone_special = [SPECIAL_TYPES.index(sp) if (sp := zones[p[1]].special) else -1 for p in self.placed]
        self.terrain = tuple(zone_terrain[z] for z in zone_at)
        self.special = tuple(zone_special[z] for z in zone_at)
        self.zone_owner = tuple(p[0] for p in self.placed)  # placed zone -> the island's seat
        self.tent_sq: list[int] = [-1] * len(layouts)
        for sq, ch in enumerate(cells):
            if ch == "T":
                self.tent_sq[island[sq]] = sq
        self.locations = tuple(sq for sq in range(n) if self.loc_count[sq] > 0)
        exits = tuple(sq for sq in range(n) if highway[sq])
        self.exits = exits
        adj: list[tuple[int, ...]] = []
        adj_w: list[tuple[int, ...]] = []
        orth: list[tuple[int, ...]] = []
        for seat, (square, w, h) in enumerate(dense):
            first, count = self.islands[seat][0], self.islands[seat][1]
            for sq in range(first, first + count):
                x, y = xs[sq], ys[sq]
                i = y * w + x
                nb: list[int] = []
                dry: list[int] = []
                for ok, o in ((y > 0, i - w), (x < w - 1, i + 1), (y < h - 1, i + w), (x > 0, i - 1)):  # up, right, down, left
                    if ok:
                        o = square[o]
                        if o >= 0:
                            nb.append(o)
                            if not water[o]:
                                dry.append(o)
                d = tuple(dry)
                orth.append(d)
                if highway[sq]:
                    links = tuple(e for e in exits if e != sq)
                    adj.append(d + links)
                    adj_w.append((*nb, *links))
                else:
                    adj.append(d)
                    adj_w.append(tuple(nb))
        self.adj = tuple(adj)  # walking neighbours (never water), highway links included
        self.adj_w = tuple(adj_w)  # the same, water squares included
        self.orth = tuple(orth)  # orthogonal neighbours without water (fleeing)
        self.near = self.adj_w  # adjacent for attacks and offers (a handful of squares each)
        self._reach: dict[tuple[int, int, int], tuple[int, ...]] = {}

    # ----- movement ---------------------------------------------------------------------------------
    def reach(self, start: int, steps: int, mode: int = WALK) -> tuple[int, ...]:
        """Squares a group on ``start`` can end on within ``steps`` steps (``start`` excluded; other
        groups are the caller's business: they may be passed, not stopped on). Cached."""
        key = (start, steps, mode)
        got = self._reach.get(key)
        if got is not None:
            return got
        dist = self._bfs(start, steps, mode)
        water = self.water
        out = tuple(sorted(sq for sq in dist if sq != start and not water[sq]))
        self._reach[key] = out
        return out

    def path(self, start: int, dest: int, steps: int, mode: int = WALK) -> tuple[int, ...]:
        """A shortest path from ``start`` to ``dest`` (the squares entered, ``dest`` last)."""
        parent: dict[int, int] = {start: -1}
        frontier = deque([(start, 0)])
        while frontier:
            sq, d = frontier.popleft()
            if sq == dest:
                break
            if d == steps:
                continue
            for o in self._neighbours(sq, mode):
                if o not in parent:
                    parent[o] = sq
                    frontier.append((o, d + 1))
        if dest not in parent:
            return ()
        out = []
        sq = dest
        while sq != start:
            out.append(sq)
            sq = parent[sq]
        return tuple(reversed(out))

    def _neighbours(self, sq: int, mode: int) -> tuple[int, ...]:
        if mode == WADE:
            return self.adj_w[sq]
        if mode == ROADS:
            road = self.road
            return tuple(o for o in self.adj[sq] if road[o])
        return self.adj[sq]

    def _bfs(self, start: int, steps: int, mode: int) -> dict[int, int]:
        dist = {start: 0}
        if mode == ROADS and not self.road[start]:
            return dist
        frontier = [start]
        for d in range(1, steps + 1):
            nxt = []
            for sq in frontier:
                for o in self._neighbours(sq, mode):
                    if o not in dist:
                        dist[o] = d
                        nxt.append(o)
            frontier = nxt
            if not frontier:
                break
        return dist

    def adjacent(self, a: int, b: int) -> bool:
        """Adjacent for attacks: orthogonal neighbours or two highway exits."""
        return b in self.near[a]


class LocationInfo:
    __slots__ = ("count", "deck", "name", "site")

    def __init__(self, name: str, deck: str, count: int, site: str | None) -> None:
        self.name = name
        self.deck = deck
        self.count = count
        self.site = site


def _locations(rec: ZoneRec) -> dict[tuple[int, int], LocationInfo]:
    return {
        (ord(loc.at[0]) - 97, int(loc.at[1]) - 1): LocationInfo(loc.name, loc.deck, loc.count, loc.site)
        for loc in rec.location
    }
