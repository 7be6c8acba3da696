"""Rulebook §3.0, §3.11, §4.9: the geometry of the tiles and of the city board, computed once per tile
side and per board side.

A tile is 4 x 4 subzones (5 x 5 cm squares), named by column and row::

        a    b    c    d
      +----+----+----+----+
    1 | 0  | 1  | 2  | 3  |     cell index = 4 * row + column
      +----+----+----+----+
    2 | 4  | 5  | 6  | 7  |     walls and solid red edges between two cells block movement and
      +----+----+----+----+     sight; a blocked cell (solid red line round it) blocks both; an
    3 | 8  | 9  | 10 | 11 |     impassable cell (broken red line) blocks movement only
      +----+----+----+----+
    4 | 12 | 13 | 14 | 15 |
      +----+----+----+----+

Movement (§4.9.2) is to any of the 8 neighbours, never through a solid edge, into a blocked or
impassable cell, nor "through the diagonal intersection of any combination" of obstacles: a diagonal
step is refused when both cells beside it (or the edges between them and the step's cells) hold an
obstacle. Subzones with 4 miniatures and blocked/fire terrain markers are obstacles that change
during play; they are given to the questions as ``dynamic`` cells.

Line of sight (§3.11): from one corner of the attacker's subzone two straight lines to two different
corners of the target's subzone, not superposed, neither crossing a wall, a solid red edge, a blocked
subzone, a subzone with 4 miniatures or a blocked terrain marker, nor passing a diagonal intersection
between two such obstacles. The lines are traced from the corners themselves: a line that only
touches an obstacle at a corner point is uninterrupted, one that runs between two obstacles (through
their diagonal intersection, or along the edge they share) is not. A corner belongs to its own
subzone: a line leaving it must not cross a wall or red edge that ends at the corner (the subzone
on the far side of a wall is not seen by slipping round the wall's end). The cells, edges and grid
points a line passes are worked out once for every tile; what they ask of one tile side once for
that side; a question during play only tests the cells that change, and none at all when none of the
cells the sight depends on is an obstacle.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, pairwise
from typing import Any, Final, NamedTuple

from mypy_extensions import mypyc_attr

from deadboard.core.areas import Area, AreaGraph, Exit
from deadboard.core.game import frozen_reduce
from deadboard.games.day_night_z.content import CitySide, TileSide

SIZE: Final = 4
N: Final = SIZE * SIZE
CELLS: Final = tuple(f"{c}{r}" for r in range(1, SIZE + 1) for c in "abcd")
INDEX: Final = {name: i for i, name in enumerate(CELLS)}
#: lengths in tenths of a subzone (corners are grid points: multiples of UNIT)
UNIT: Final = 10

#: a line not worked out yet
_UNSEEN: Final[Any] = object()

#: a side of a squeeze: (holds a static obstacle, the cells whose obstacle would block)
Side = tuple[bool, frozenset[int]]
#: what one line needs: the cells any of which blocks it, and squeezes (both sides blocked blocks it)
Need = tuple[frozenset[int], tuple[tuple[Side, Side], ...]]


def _xy(i: int) -> tuple[int, int]:
    return i % SIZE, i // SIZE


def _cell(x: int, y: int) -> int:
    return y * SIZE + x if 0 <= x < SIZE and 0 <= y < SIZE else -1


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class Sight:
    """The line of sight from one subzone to another: the alternatives (pairs of lines, each what
    it needs clear), whether one of them needs nothing (sight no figure can block), and every cell
    any of them needs (sight nothing blocks while none of those is a dynamic obstacle)."""

    __slots__ = ("alts", "cells", "free")

    def __init__(self, alts: tuple[tuple[Need, Need], ...]) -> None:
        self.alts = alts
        self.free = any(not n1[0] and not n1[1] and not n2[0] and not n2[1] for n1, n2 in alts)
        cells: set[int] = set()
        for pair in alts:
            for need_cells, squeezes in pair:
                cells |= need_cells
                for (_, c1), (_, c2) in squeezes:
                    cells |= c1 | c2
        self.cells = frozenset(cells)


@dataclass(frozen=True, slots=True)
class StepRule:
    """A step from one cell to a neighbour: for a diagonal step, the two cells beside it and whether
    each side holds a static obstacle."""

    to: int
    beside: tuple[int, int] = (-1, -1)
    static: tuple[bool, bool] = (False, False)

    def __reduce__(self) -> tuple[Any, ...]:
        return frozen_reduce(self)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class TileGeometry:
    """Everything static about one tile side (shared by every game that deploys it)."""

    def __init__(self, side: TileSide) -> None:
        self.side = side
        self.id = side.id
        self.terrain: tuple[str, ...] = tuple(side.cells[i // SIZE][i % SIZE] for i in range(N))
        self.blocked = tuple(t == "B" for t in self.terrain)
        self.no_enter = tuple(t in "BI" for t in self.terrain)
        self.access = INDEX[side.access]
        self.exit = INDEX[side.exit]
        solid: set[tuple[int, int]] = set()
        for edge in (*side.walls, *side.blocked_edges):
            a, _, b = edge.partition("|")
            solid.add((min(INDEX[a], INDEX[b]), max(INDEX[a], INDEX[b])))
        self.solid = frozenset(solid)
        #: colour -> cells in the order of their numbers (index 0 holds number 1)
        self.numbers: dict[str, tuple[int, ...]] = {}
        for colour, letter in (("green", "g"), ("yellow", "y"), ("red", "r")):
            found: list[tuple[int, int]] = []
            for cell, text in self.side.numbers.items():
                for word in text.split():
                    if word[0] == letter:
                        found.append((int(word[1:]), INDEX[cell]))
            self.numbers[colour] = tuple(c for _, c in sorted(found))
        self.icons: dict[str, int] = {face: INDEX[cell] for cell, face in side.icons.items()}
        #: the subzones with searchable terrain
        self.searchable = frozenset(i for i in range(N) if self.terrain[i] == "s")
        self.steps: tuple[tuple[StepRule, ...], ...] = tuple(self._steps(i) for i in range(N))
        #: the cells a figure may step to when no cell is an obstacle (most steps of a game)
        self.open_moves: tuple[tuple[int, ...], ...] = tuple(
            tuple(st.to for st in self.steps[i]) for i in range(N)
        )
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                j
                for j in range(N)
                if j != i and max(abs(_xy(i)[0] - _xy(j)[0]), abs(_xy(i)[1] - _xy(j)[1])) == 1
            )
            for i in range(N)
        )
        #: each subzone and the subzones round it (what a survivor may search or hide in)
        self.around: tuple[tuple[int, ...], ...] = tuple((i, *self.neighbours[i]) for i in range(N))
        #: the subzones round each subzone (in ``around``'s order) with searchable terrain
        self.searchable_around: tuple[tuple[int, ...], ...] = tuple(
            tuple(c for c in self.around[i] if c in self.searchable) for i in range(N)
        )
        exits = {
            CELLS[i]: [Exit(CELLS[s.to], 2 if self.terrain[s.to] in "fo" else 1) for s in self.steps[i]]
            for i in range(N)
        }
        self.graph = AreaGraph(
            [Area(CELLS[i], capacity=4, tags=frozenset({self.terrain[i]})) for i in range(N)], exits
        )
        #: steps between cells over static obstacles only (the enemy AI's distances on one tile)
        self.dist: tuple[tuple[int, ...], ...] = tuple(self._bfs(i) for i in range(N))
        self._los: list[list[Sight | None] | None] = [None] * N
        self._lines: dict[tuple[tuple[int, int], tuple[int, int]], Need | None] = {}
        self._vertices: dict[tuple[int, int, int, int], tuple[Side, Side] | tuple[()] | None] = {}
        self._ends: dict[tuple[int, int, int, int, int], tuple[Side, Side] | tuple[()] | None] = {}
        self._corners = [_corners(i) for i in range(N)]

    def _bfs(self, start: int) -> tuple[int, ...]:
        far = 99
        dist = [far] * N
        dist[start] = 0
        frontier = [start]
        while frontier:
            nxt = []
            for c in frontier:
                for st in self.steps[c]:
                    if dist[st.to] == far:
                        dist[st.to] = dist[c] + 1
                        nxt.append(st.to)
            frontier = nxt
        return tuple(dist)

    def edge_solid(self, a: int, b: int) -> bool:
        return (min(a, b), max(a, b)) in self.solid

    def _steps(self, i: int) -> tuple[StepRule, ...]:
        x, y = _xy(i)
        out: list[StepRule] = []
        if self.no_enter[i]:
            return ()
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if not dx and not dy:
                    continue
                j = _cell(x + dx, y + dy)
                if j < 0 or self.no_enter[j]:
                    continue
                if not dx or not dy:
                    if not self.edge_solid(i, j):
                        out.append(StepRule(j))
                    continue
                s1, s2 = _cell(x + dx, y), _cell(x, y + dy)
                st1 = self.no_enter[s1] or self.edge_solid(i, s1) or self.edge_solid(s1, j)
                st2 = self.no_enter[s2] or self.edge_solid(i, s2) or self.edge_solid(s2, j)
                if st1 and st2:
                    continue
                out.append(StepRule(j, (s1, s2), (st1, st2)))
        return tuple(out)

    def moves(self, i: int, obstacle: frozenset[int] | set[int]) -> list[int]:
        """The cells a figure in ``i`` may step to, given the cells that are obstacles now (full, or
        under a blocked/fire/impassable terrain marker)."""
        if not obstacle:
            return list(self.open_moves[i])
        out = []
        for s in self.steps[i]:
            if s.to in obstacle:
                continue
            b1, b2 = s.beside
            if b1 >= 0 and (s.static[0] or b1 in obstacle) and (s.static[1] or b2 in obstacle):
                continue
            out.append(s.to)
        return out

    # ----- line of sight ---------------------------------------------------------------------------
    def sees(self, a: int, b: int, dynamic: frozenset[int] | set[int] = frozenset()) -> bool:
        """Whether a figure in ``a`` has line of sight to one in ``b`` (§3.11); ``dynamic`` are the
        cells blocking sight now (4 miniatures, blocked or fire terrain markers). The lines from a
        subzone are worked out the first time it is asked about, then kept."""
        if a == b:
            return True
        row = self._los[a]
        if row is None:
            row = self._los[a] = self._row(a)
        sight = row[b]
        if sight is None:
            return False
        if not dynamic or sight.free or sight.cells.isdisjoint(dynamic):
            return True
        return any(_clear(n1, dynamic) and _clear(n2, dynamic) for n1, n2 in sight.alts)

    def _row(self, a: int) -> list[Sight | None]:
        """The sight from subzone ``a`` to every subzone (None: never)."""
        out: list[Sight | None] = [None] * N
        if self.blocked[a]:
            return out
        for b in range(N):
            if a == b or self.blocked[b]:
                continue
            alts: dict[tuple[Need, Need], None] = {}
            for c in self._corners[a]:
                # a line from a corner to itself is no line (subzones that share a corner)
                needs = [(d, self._between(c, d, a, b)) for d in self._corners[b] if d != c]
                for (d1, n1), (d2, n2) in combinations(needs, 2):
                    if n1 is not None and n2 is not None and not _collinear(c, d1, d2):
                        alts[n1, n2] = None
            if alts:
                out[b] = Sight(tuple(alts))
        return out

    def _between(self, p: tuple[int, int], q: tuple[int, int], a: int, b: int) -> Need | None:
        """The line from corner ``p`` of subzone ``a`` to corner ``q`` of subzone ``b`` as a question
        during play: what it crosses, how it leaves ``a``'s corner and reaches ``b``'s, less the two
        subzones it joins (:func:`_strip`); None if it is blocked for good."""
        key = (p, q) if p < q else (q, p)
        lines = self._lines
        if key in lines:
            line = lines[key]
        else:
            line = lines[key] = self._line(*key)
        if line is None:
            return None
        squeezes = list(line[1])
        for corner, owner, towards in ((p, a, q), (q, b, p)):
            end = self._end(corner, owner, towards)
            if end is None:
                return None
            if end:
                squeezes.append(end)
        return _strip((line[0], tuple(squeezes)), a, b)

    def _end(
        self, corner: tuple[int, int], owner: int, towards: tuple[int, int]
    ) -> tuple[Side, Side] | tuple[()] | None:
        """How a line leaves the corner of its own subzone ``owner`` towards ``towards``: the corner
        belongs to the subzone, so a wall or red edge met on the short way round the grid point,
        from the subzone to the way the line goes, interrupts it (a line does not leave a subzone
        through a wall ending at its corner); and the line passes the grid point from the
        subzone's quadrant as a line passes any grid point (:meth:`_arcs`): between two obstacles
        it is interrupted."""
        vx, vy = corner[0] // UNIT, corner[1] // UNIT
        qx = 1 if owner % SIZE == vx else -1
        qy = 1 if owner // SIZE == vy else -1
        dx, dy = towards[0] - corner[0], towards[1] - corner[1]
        sx = 1 if dx > 0 else (-1 if dx < 0 else 0)
        sy = 1 if dy > 0 else (-1 if dy < 0 else 0)
        key = (vx, vy, _AROUND[qx, qy], sx, sy)
        found = self._ends.get(key, _UNSEEN)
        if found is _UNSEEN:
            came, goes = _AROUND[qx, qy], _AROUND[sx, sy]
            turn = (goes - came) % 8
            step = 1 if turn < 4 else -1
            k = (came + step) % 8
            found = None
            while turn % 4 and k != goes:  # the short way round (none straight through the point)
                if not k % 2:
                    (ax, ay), (bx, by) = _HALF_EDGE[k]
                    if self.edge_solid(_cell(vx + ax, vy + ay), _cell(vx + bx, vy + by)):
                        break
                k = (k + step) % 8
            else:
                found = self._arcs(vx, vy, came, goes) if turn else ()
            self._ends[key] = found
        return found  # type: ignore[no-any-return]

    def _line(self, p: tuple[int, int], q: tuple[int, int]) -> Need | None:
        """What the segment p-q needs clear on this tile (points in tenths of a subzone), its two
        ends aside: None if a static obstacle blocks it."""
        trace = _trace(p, q)
        blocked = self.blocked
        if any(blocked[c] for c in trace.cells) or not self.solid.isdisjoint(trace.edges):
            return None
        squeezes: list[tuple[Side, Side]] = []
        for vertex in trace.vertices:
            squeeze = self._vertices.get(vertex, _UNSEEN)
            if squeeze is _UNSEEN:
                squeeze = self._vertices[vertex] = self._vertex(*vertex)
            if squeeze is None:
                return None
            if squeeze:
                squeezes.append(squeeze)
        for one, other in trace.runs:  # along the edge two subzones share: between them
            s1, s2 = blocked[one], blocked[other]
            if s1 and s2:
                return None
            squeezes.append(
                (
                    (s1, frozenset() if s1 else frozenset({one})),
                    (s2, frozenset() if s2 else frozenset({other})),
                )
            )
        return trace.cells, tuple(squeezes)

    def _vertex(self, vx: int, vy: int, dx: int, dy: int) -> tuple[Side, Side] | tuple[()] | None:
        """A line through the grid point (vx, vy) in the direction (dx, dy): the two sides it passes
        between (:meth:`_arcs`)."""
        sx = 1 if dx > 0 else (-1 if dx < 0 else 0)
        sy = 1 if dy > 0 else (-1 if dy < 0 else 0)
        return self._arcs(vx, vy, _AROUND[-sx, -sy], _AROUND[sx, sy])

    def _arcs(self, vx: int, vy: int, came: int, goes: int) -> tuple[Side, Side] | tuple[()] | None:
        """A line passing the grid point (vx, vy) from the way ``came`` to the way ``goes`` (indices
        of :data:`_AROUND`): what lies on each side of it round the point, as a side of a squeeze
        (a static obstacle: a blocked subzone or a wall or red edge ending at the point; the cells
        that may become obstacles). Blocked (None) if both sides hold a static obstacle; () if one
        side can never hold one: touching an obstacle at a point does not interrupt a line."""
        out: list[Side] = []
        for step in (1, -1):
            static, cells = False, set[int]()
            k = (came + step) % 8
            while k != goes:
                if k % 2:  # a quadrant: its subzone
                    ox, oy = _QUADRANT[k]
                    cell = _cell(vx + ox, vy + oy)
                    if cell >= 0:
                        if self.blocked[cell]:
                            static = True
                        else:
                            cells.add(cell)
                else:  # a half-edge: the edge between the two subzones beside it
                    (ax, ay), (bx, by) = _HALF_EDGE[k]
                    if self.edge_solid(_cell(vx + ax, vy + ay), _cell(vx + bx, vy + by)):
                        static = True
                k = (k + step) % 8
            if not static and not cells:
                return ()
            out.append((static, frozenset(cells)))
        (s1, _), (s2, _) = out
        if s1 and s2:
            return None
        return out[0], out[1]


#: the ways round a grid point, by angle (y downwards): the half-edges (even) and the quadrants (odd)
#: as the signs of the direction towards them
_AROUND: Final[dict[tuple[int, int], int]] = {
    (1, 0): 0, (1, 1): 1, (0, 1): 2, (-1, 1): 3, (-1, 0): 4, (-1, -1): 5, (0, -1): 6, (1, -1): 7
}
#: a quadrant's subzone, as an offset from the grid point (the subzone whose corner it is)
_QUADRANT: Final[dict[int, tuple[int, int]]] = {1: (0, 0), 3: (-1, 0), 5: (-1, -1), 7: (0, -1)}
#: a half-edge's two subzones, as offsets from the grid point
_HALF_EDGE: Final[dict[int, tuple[tuple[int, int], tuple[int, int]]]] = {
    0: ((0, -1), (0, 0)),
    2: ((-1, 0), (0, 0)),
    4: ((-1, -1), (-1, 0)),
    6: ((-1, -1), (0, -1)),
}


class Trace(NamedTuple):
    """What a segment between two corners passes, whatever the tile: the cells it crosses, the
    edges between two cells it crosses or runs along, and the grid points it passes through (with
    the signs of its direction), in the order met; its two ends are not counted."""

    cells: frozenset[int]
    edges: frozenset[tuple[int, int]]
    vertices: tuple[tuple[int, int, int, int], ...]
    #: the edges between two subzones it runs along (a part of the edges)
    runs: frozenset[tuple[int, int]]


_TRACES: Final[dict[tuple[tuple[int, int], tuple[int, int]], Trace]] = {}


def _trace(p: tuple[int, int], q: tuple[int, int]) -> Trace:
    """The segment p-q walked in integer steps of 1/D of its length, D chosen so that every
    crossing of a grid line falls on a step (worked out once, shared by every tile side)."""
    found = _TRACES.get((p, q))
    if found is not None:
        return found
    (px, py), (qx, qy) = p, q
    dx, dy = qx - px, qy - py
    sx = 1 if dx > 0 else (-1 if dx < 0 else 0)
    sy = 1 if dy > 0 else (-1 if dy < 0 else 0)
    d = 2 * (abs(dx) or 1) * (abs(dy) or 1)
    unit = UNIT * d
    events = {0, d}
    for v0, dv in ((px, dx), (py, dy)):
        if dv:
            lo, hi = sorted((v0, v0 + dv))
            for m in range(lo // UNIT + 1, (hi - 1) // UNIT + 1):
                events.add((m * UNIT - v0) * d // dv)
    ks = sorted(events)
    cells: set[int] = set()
    edges: set[tuple[int, int]] = set()
    runs: set[tuple[int, int]] = set()
    vertices: list[tuple[int, int, int, int]] = []
    for k in ks[1:-1] + [(k0 + k1) // 2 for k0, k1 in pairwise(ks)]:
        x, y = px * d + k * dx, py * d + k * dy
        xi, yi = x % unit == 0, y % unit == 0
        cx, cy = x // unit, y // unit
        if not xi and not yi:
            cells.add(_cell(cx, cy))
        elif xi and yi:
            vertices.append((cx, cy, sx, sy))
        else:
            one, other = (_cell(cx - 1, cy), _cell(cx, cy)) if xi else (_cell(cx, cy - 1), _cell(cx, cy))
            if one >= 0 and other >= 0:
                edge = (min(one, other), max(one, other))
                edges.add(edge)
                if (xi and not dx) or (yi and not dy):
                    runs.add(edge)
    found = _TRACES[p, q] = Trace(frozenset(cells), frozenset(edges), tuple(vertices), frozenset(runs))
    return found


def _corners(i: int) -> list[tuple[int, int]]:
    x, y = _xy(i)
    x, y = x * UNIT, y * UNIT
    return [(x, y), (x + UNIT, y), (x, y + UNIT), (x + UNIT, y + UNIT)]


def _collinear(c: tuple[int, int], d1: tuple[int, int], d2: tuple[int, int]) -> bool:
    return (d1[0] - c[0]) * (d2[1] - c[1]) == (d1[1] - c[1]) * (d2[0] - c[0])


def _strip(need: Need, a: int, b: int) -> Need | None:
    """The attacker's and the target's own subzones never block: drop them; a squeeze left with a
    static obstacle on one side becomes a plain cell test of the other."""
    ends = {a, b}
    cells = set(need[0]) - ends
    squeezes: list[tuple[Side, Side]] = []
    for (s1, c1), (s2, c2) in need[1]:
        c1, c2 = c1 - ends, c2 - ends
        if s1 and s2:
            return None
        if (not s1 and not c1) or (not s2 and not c2):
            continue
        if s1:
            cells |= c2
        elif s2:
            cells |= c1
        else:
            squeezes.append(((False, frozenset(c1)), (False, frozenset(c2))))
    return frozenset(cells), tuple(squeezes)


def _clear(need: Need, dynamic: frozenset[int] | set[int]) -> bool:
    cells, squeezes = need
    if not cells.isdisjoint(dynamic):
        return False
    for (_, c1), (_, c2) in squeezes:
        if not c1.isdisjoint(dynamic) and not c2.isdisjoint(dynamic):
            return False
    return True


def subzone_name(tile: str, cell: int) -> str:
    """A subzone's name (``t1-b2``), asked at nearly every move, noise counter and trace: the
    sixteen names of each tile id are written once and kept (a lookup by the tile's string, whose
    hash the string keeps, costs a third of writing the name out)."""
    names = _SUBZONE_NAMES.get(tile)
    if names is None:
        if len(_SUBZONE_NAMES) >= 4096:
            _SUBZONE_NAMES.clear()
        names = _SUBZONE_NAMES[tile] = tuple(f"{tile}-{name}" for name in CELLS)
    return names[cell]


#: each tile id's subzone names, in cell order (subzone_name)
_SUBZONE_NAMES: Final[dict[str, tuple[str, ...]]] = {}


_TILES: Final[dict[int, TileGeometry]] = {}
_BOARDS: Final[dict[int, CityBoard]] = {}


def tile_geometry(side: TileSide) -> TileGeometry:
    """The geometry of a tile side, built once and shared (keyed by the loaded record)."""
    geo = _TILES.get(id(side))
    if geo is None or geo.side is not side:
        geo = _TILES[id(side)] = TileGeometry(side)
    return geo


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class CityBoard:
    """One side of the city board: its zones as an AreaGraph (every move costs 1 AP), each zone's
    kind, access letter and location slot."""

    def __init__(self, side: CitySide) -> None:
        self.side = side
        self.zones = {z.id: z for z in side.zones}
        #: each zone's kind (street, alley, surprise), asked at every move in the city
        self.kinds: dict[str, str] = {z.id: z.kind for z in side.zones}
        exits: dict[str, list[Exit]] = {z.id: [] for z in side.zones}
        for link in side.links:
            a, _, b = link.partition("-")
            exits[a].append(Exit(b))
            exits[b].append(Exit(a))
        self.graph = AreaGraph(
            [
                Area(z.id, tags=frozenset({z.kind, *([f"access-{z.access}"] if z.access else [])}))
                for z in side.zones
            ],
            exits,
        )
        self.surprise_zones = tuple(z.id for z in side.zones if z.kind == "surprise")
        self.slot_zone = {z.slot: z.id for z in side.zones if z.slot}
        self.access_zone = {z.access: z.id for z in side.zones if z.access}

    def neighbours(self, zone: str) -> tuple[str, ...]:
        return self.graph.neighbours(zone)


def city_board(side: CitySide) -> CityBoard:
    """The city board of a side, built once and shared."""
    board = _BOARDS.get(id(side))
    if board is None or board.side is not side:
        board = _BOARDS[id(side)] = CityBoard(side)
    return board
