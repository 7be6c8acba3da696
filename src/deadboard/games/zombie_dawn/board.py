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


@lru_cache(maxsize=512)
def zone_face(content: DawnContent, zone: int, rot: int) -> tuple[tuple[str, ...], tuple[tuple[int, LocationInfo], ...]]:
    """A zone turned ``rot`` degrees as it lies on its slot: the map character of each of its 25
    squares, row by row, and its locations by square (25 * y + x)."""
    chars = [""] * 25
    locs = []
    for x, y, ch, loc in rotated_cells(content, zone, rot):
        chars[5 * y + x] = ch
        if loc is not None:
            locs.append((5 * y + x, loc))
    return tuple(chars), tuple(sorted(locs, key=lambda p: p[0]))


_COLUMNS = tuple(column_name(x) for x in range(200))


@lru_cache(maxsize=8192)
def _square_name(seat: int, x: int, y: int) -> str:
    """``r.c4``: the colour's initial, the column and the row on the seat's own island."""
    return f"{COLOURS[seat][0]}.{_COLUMNS[x]}{y + 1}"


class IslandShape:
    """What an island's geometry owes only to where its zones lie (not to which zones they are nor
    how they are turned): its squares numbered row by row from ``first``, their names and
    coordinates, their orthogonal neighbours, and for each zone slot the first square of each of
    its five rows. A handful of shapes serve every game: each is built once per process
    (:func:`island_shape`)."""

    __slots__ = ("count", "h", "names", "nb", "pos", "rows", "w", "xs", "ys")

    def __init__(self, seat: int, first: int, slots: tuple[tuple[int, int], ...]) -> None:
        minx = min(x for x, _ in slots)
        miny = min(y for _, y in slots)
        w = self.w = (max(x for x, _ in slots) - minx + 1) * 5
        h = self.h = (max(y for _, y in slots) - miny + 1) * 5
        filled = [False] * (w * h)
        for zx, zy in slots:
            base = (zy - miny) * 5 * w + (zx - minx) * 5
            for y in range(5):
                filled[base + y * w : base + y * w + 5] = [True] * 5
        square = [-1] * (w * h)
        names: list[str] = []
        xs: list[int] = []
        ys: list[int] = []
        pos: dict[tuple[int, int, int], int] = {}
        for i, full in enumerate(filled):
            if full:
                gy, gx = divmod(i, w)
                sq = square[i] = first + len(names)
                pos[seat, gx, gy] = sq
                names.append(_square_name(seat, gx, gy))
                xs.append(gx)
                ys.append(gy)
        self.count = len(names)
        self.names = tuple(names)
        self.xs = tuple(xs)
        self.ys = tuple(ys)
        self.pos = pos
        # each slot's five rows: the first square of each (a row of a zone is five squares in a row)
        self.rows = {
            (zx, zy): tuple(square[((zy - miny) * 5 + y) * w + (zx - minx) * 5] for y in range(5)) for zx, zy in slots
        }
        nb: list[tuple[int, ...]] = []
        for x, y in zip(xs, ys):
            i = y * w + x
            out: list[int] = []
            for ok, o in ((y > 0, i - w), (x < w - 1, i + 1), (y < h - 1, i + w), (x > 0, i - 1)):  # up, right, down, left
                if ok and square[o] >= 0:
                    out.append(square[o])
            nb.append(tuple(out))
        self.nb = tuple(nb)  # orthogonal neighbours, water included


@lru_cache(maxsize=4096)
def island_shape(seat: int, first: int, slots: frozenset[tuple[int, int]]) -> IslandShape:
    """The shape of ``seat``'s island whose zones lie on ``slots``, numbered from ``first``."""
    return IslandShape(seat, first, tuple(sorted(slots)))


class Board:
    """The laid-out map. Build once per game; share between all its states.

    Squares are numbered island by island, row by row; only squares of placed zones exist
    (``pos`` maps (seat, x, y) to a square, for drawing)."""

    def __init__(self, content: DawnContent, layouts: Sequence[Sequence[tuple[int, int, int, int]]]) -> None:
        # every new game lays out a new map, so this is a hot path: what depends only on where the
        # zones lie comes from the island's shape (built once per process); what the zones hold is
        # laid in by rows of five squares
        zones = content.zones
        self.placed: list[tuple[int, int, int, int, int]] = []  # (seat, zone, x, y, rot)
        self.islands: list[tuple[int, int, int, int]] = []  # (first square, squares, width, height) per seat
        shapes: list[IslandShape] = []
        for seat, layout in enumerate(layouts):
            first = sum(isle[1] for isle in self.islands)
            shape = island_shape(seat, first, frozenset((p[1], p[2]) for p in layout))
            shapes.append(shape)
            self.islands.append((first, shape.count, shape.w, shape.h))
        n = self.n = sum(shape.count for shape in shapes)
        cells: list[str] = [""] * n
        zone_at: list[int] = [0] * n
        island: list[int] = []
        locs: dict[int, LocationInfo] = {}
        for seat, (layout, shape) in enumerate(zip(layouts, shapes)):
            island += [seat] * shape.count
            for z, zx, zy, rot in layout:
                pi = len(self.placed)
                self.placed.append((seat, z, zx, zy, rot))
                chars, zone_locs = zone_face(content, z, rot)
                rows = shape.rows[zx, zy]
                for y, row in enumerate(rows):
                    cells[row : row + 5] = chars[5 * y : 5 * y + 5]
                    zone_at[row : row + 5] = (pi,) * 5
                for at, loc in zone_locs:
                    locs[rows[at // 5] + at % 5] = loc
        self.pos = {key: sq for shape in shapes for key, sq in shape.pos.items()}
        self.names = names = tuple(name for shape in shapes for name in shape.names)
        self.index = {name: i for i, name in enumerate(names)}
        self.xs = tuple(x for shape in shapes for x in shape.xs)
        self.ys = tuple(y for shape in shapes for y in shape.ys)
        self.island = tuple(island)
        self.zone_at = tuple(zone_at)
        self.cells = tuple(cells)
        loc_count = [0] * n
        loc_deck = [""] * n
        loc_name = [""] * n
        site: list[str | None] = [None] * n
        for sq, loc in locs.items():
            loc_count[sq], loc_deck[sq], loc_name[sq], site[sq] = loc.count, loc.deck, loc.name, loc.site
        self.loc_count = tuple(loc_count)
        self.loc_deck = tuple(loc_deck)
        self.loc_name = tuple(loc_name)
        self.site = tuple(site)
        self.water = water = tuple(map("~".__eq__, cells))
        self.road = tuple(map("=H".__contains__, cells))
        self.highway = tuple(map("H".__eq__, cells))
        zone_terrain = [zones[p[1]].terrain for p in self.placed]
        zone_special = [SPECIAL_TYPES.index(sp) if (sp := zones[p[1]].special) else -1 for p in self.placed]
        self.terrain = tuple(map(zone_terrain.__getitem__, zone_at))
        self.special = tuple(map(zone_special.__getitem__, zone_at))
        self.zone_owner = tuple(p[0] for p in self.placed)  # placed zone -> the island's seat
        self.tent_sq: list[int] = [-1] * len(layouts)
        for sq in [sq for sq, ch in enumerate(cells) if ch == "T"]:
            self.tent_sq[island[sq]] = sq
        self.locations = tuple(sq for sq in sorted(locs) if loc_count[sq] > 0)
        self.exits = exits = tuple(sq for sq, ch in enumerate(cells) if ch == "H")
        nb = tuple(near for shape in shapes for near in shape.nb)
        orth = list(nb)
        for w in [sq for sq, wet in enumerate(water) if wet]:  # a water square's neighbours step round it
            for o in (w, *nb[w]):
                orth[o] = tuple(t for t in nb[o] if not water[t])
        adj = orth.copy()
        adj_w = list(nb)
        for sq in exits:
            links = tuple(e for e in exits if e != sq)
            adj[sq] = orth[sq] + links
            adj_w[sq] = nb[sq] + links
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
