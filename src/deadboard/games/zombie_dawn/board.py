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
from itertools import chain
from typing import NamedTuple

from mypy_extensions import mypyc_attr

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


class ZoneFace(NamedTuple):
    """A zone turned as it lies on its slot: the map character of each of its 25 squares, row by
    row; its locations by square (5 * y + x); and the squares of its tents, highway exits and
    water (by map character)."""

    chars: tuple[str, ...]
    locations: tuple[tuple[int, LocationInfo], ...]
    marked: tuple[tuple[str, tuple[int, ...]], ...]


@lru_cache(maxsize=512)
def zone_face(content: DawnContent, zone: int, rot: int) -> ZoneFace:
    """Zone ``zone`` turned ``rot`` degrees (see :class:`ZoneFace`)."""
    chars = [""] * 25
    locs = []
    for x, y, ch, loc in rotated_cells(content, zone, rot):
        chars[5 * y + x] = ch
        if loc is not None:
            locs.append((5 * y + x, loc))
    marked = tuple((mark, tuple(at for at, ch in enumerate(chars) if ch == mark)) for mark in "TH~")
    return ZoneFace(tuple(chars), tuple(sorted(locs, key=lambda p: p[0])), tuple(m for m in marked if m[1]))


_COLUMNS = tuple(column_name(x) for x in range(200))


@lru_cache(maxsize=8192)
def _square_name(seat: int, x: int, y: int) -> str:
    """``r.c4``: the colour's initial, the column and the row on the seat's own island."""
    return f"{COLOURS[seat][0]}.{_COLUMNS[x]}{y + 1}"


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class IslandShape:
    """What an island's geometry owes only to where its zones lie (not to which zones they are nor
    how they are turned): its squares numbered row by row from ``first``, their names and
    coordinates, their orthogonal neighbours, and for each zone slot (counted from the island's
    top left slot) the first square of each of its five rows. A handful of shapes serve every
    game: each is built once per process (:func:`island_shape`)."""

    __slots__ = ("count", "h", "names", "nb", "pos", "rows", "w", "xs", "ys")

    def __init__(self, seat: int, first: int, slots: tuple[tuple[int, int], ...]) -> None:
        w = self.w = (max(x for x, _ in slots) + 1) * 5
        h = self.h = (max(y for _, y in slots) + 1) * 5
        filled = [False] * (w * h)
        for zx, zy in slots:
            base = zy * 5 * w + zx * 5
            for y in range(5):
                filled[base + y * w : base + y * w + 5] = (True,) * 5
        cells = [i for i, full in enumerate(filled) if full]
        self.count = len(cells)
        square = [-1] * (w * h)
        for sq, i in enumerate(cells, first):
            square[i] = sq
        self.xs = xs = tuple(i % w for i in cells)
        self.ys = ys = tuple(i // w for i in cells)
        self.names = tuple(map(_square_name, (seat,) * len(cells), xs, ys))
        self.pos = {(seat, x, y): sq for sq, (x, y) in enumerate(zip(xs, ys), first)}
        # each slot's five rows: the first square of each (a row of a zone is five squares in a row)
        self.rows = {(zx, zy): tuple(square[(zy * 5 + y) * w + zx * 5] for y in range(5)) for zx, zy in slots}
        # orthogonal neighbours, water included: up, right, down, left (a cell outside the grid
        # reads the -1 of a void cell or of the padding)
        pad = square + [-1] * (w + 1)
        self.nb = tuple(
            tuple(o for o in (pad[i - w] if i >= w else -1, pad[i + 1] if i % w < w - 1 else -1,
                              pad[i + w], pad[i - 1] if i % w else -1) if o >= 0)
            for i in cells
        )


@lru_cache(maxsize=4096)
def island_shape(seat: int, first: int, slots: frozenset[tuple[int, int]]) -> IslandShape:
    """The shape of ``seat``'s island whose zones lie on ``slots`` (counted from its top left
    slot), numbered from ``first``."""
    return IslandShape(seat, first, tuple(sorted(slots)))


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class Board:
    """The laid-out map. Build once per game; share between all its states.

    Squares are numbered island by island, row by row; only squares of placed zones exist
    (``pos`` maps (seat, x, y) to a square, for drawing)."""

    def __init__(self, content: DawnContent, layouts: Sequence[Sequence[tuple[int, int, int, int]]]) -> None:
        # every new game lays out a new map, so this is a hot path: what depends only on where the
        # zones lie comes from the island's shape (built once per process); what the zones hold is
        # laid in by rows of five squares
        self.placed: list[tuple[int, int, int, int, int]] = []  # (seat, zone, x, y, rot)
        self.islands: list[tuple[int, int, int, int]] = []  # (first square, squares, width, height) per seat
        shapes: list[IslandShape] = []
        first = 0
        for seat, layout in enumerate(layouts):
            minx = min(p[1] for p in layout)
            miny = min(p[2] for p in layout)
            shape = island_shape(seat, first, frozenset((p[1] - minx, p[2] - miny) for p in layout))
            shapes.append(shape)
            self.islands.append((first, shape.count, shape.w, shape.h))
            for z, zx, zy, rot in layout:
                self.placed.append((seat, z, zx, zy, rot))
            first += shape.count
        self.n = n = first
        marked = self._lay_zones(content, layouts, shapes)
        self.pos: dict[tuple[int, int, int], int] = {}
        for shape in shapes:
            self.pos.update(shape.pos)
        self.names = names = tuple(chain.from_iterable(shape.names for shape in shapes))
        self.index = dict(zip(names, range(n)))
        self.xs = tuple(chain.from_iterable(shape.xs for shape in shapes))
        self.ys = tuple(chain.from_iterable(shape.ys for shape in shapes))
        self.island = island = tuple(chain.from_iterable((seat,) * shape.count for seat, shape in enumerate(shapes)))
        cells = self.cells
        self.water = water = tuple(map("~".__eq__, cells))
        self.road = tuple(map("=H".__contains__, cells))
        self.highway = tuple(map("H".__eq__, cells))
        zones = content.zones
        zone_terrain = [zones[p[1]].terrain for p in self.placed]
        zone_special = [SPECIAL_TYPES.index(sp) if (sp := zones[p[1]].special) else -1 for p in self.placed]
        self.terrain = tuple(map(zone_terrain.__getitem__, self.zone_at))
        self.special = tuple(map(zone_special.__getitem__, self.zone_at))
        self.zone_owner = tuple(p[0] for p in self.placed)  # placed zone -> the island's seat
        self.tent_sq: list[int] = [-1] * len(layouts)
        for sq in marked["T"]:
            self.tent_sq[island[sq]] = sq
        self.exits = exits = marked["H"]
        nb = tuple(chain.from_iterable(shape.nb for shape in shapes))
        orth = list(nb)
        for w in marked["~"]:  # a water square's neighbours step round it
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
        self._walks: dict[tuple[int, ...], dict[int, int]] = {}

    def _lay_zones(
        self, content: DawnContent, layouts: Sequence[Sequence[tuple[int, int, int, int]]], shapes: list[IslandShape]
    ) -> dict[str, tuple[int, ...]]:
        """Lay each zone's squares in, by rows of five: map characters, placed zone, locations.
        Returns the squares of the tents, highway exits and water, by map character."""
        n = self.n
        cells: list[str] = [""] * n
        zone_at: list[int] = [0] * n
        loc_count = [0] * n
        loc_deck = [""] * n
        loc_name = [""] * n
        site: list[str | None] = [None] * n
        locations: list[int] = []
        marked: dict[str, list[int]] = {"T": [], "H": [], "~": []}
        pi = 0
        for layout, shape in zip(layouts, shapes):
            minx = min(p[1] for p in layout)
            miny = min(p[2] for p in layout)
            for z, zx, zy, rot in layout:
                face = zone_face(content, z, rot)
                rows = shape.rows[zx - minx, zy - miny]
                for y, row in enumerate(rows):
                    cells[row : row + 5] = face.chars[5 * y : 5 * y + 5]
                    zone_at[row : row + 5] = (pi,) * 5
                for at, loc in face.locations:
                    sq = rows[at // 5] + at % 5
                    loc_count[sq], loc_deck[sq], loc_name[sq], site[sq] = loc.count, loc.deck, loc.name, loc.site
                    if loc.count > 0:
                        locations.append(sq)
                for mark, spots in face.marked:
                    marked[mark].extend(rows[at // 5] + at % 5 for at in spots)
                pi += 1
        self.cells = tuple(cells)
        self.zone_at = tuple(zone_at)
        self.loc_count = tuple(loc_count)
        self.loc_deck = tuple(loc_deck)
        self.loc_name = tuple(loc_name)
        self.site = tuple(site)
        self.locations = tuple(sorted(locations))
        return {mark: tuple(sorted(spots)) for mark, spots in marked.items()}

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

    def walks(self, sources: tuple[int, ...]) -> dict[int, int]:
        """Walking steps (along ``adj``) from the nearest of ``sources`` to every square reachable.
        Cached (bots ask the same targets turn after turn): the dict returned is shared, never
        change it."""
        got = self._walks.get(sources)
        if got is not None:
            return got
        adj = self.adj
        dist = {sq: 0 for sq in sources}
        frontier = deque(sources)
        while frontier:
            sq = frontier.popleft()
            d = dist[sq] + 1
            for o in adj[sq]:
                if o not in dist:
                    dist[o] = d
                    frontier.append(o)
        self._walks[sources] = dist
        return dist

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


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
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
