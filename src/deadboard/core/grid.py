"""Square-grid geometry with walls, doors and windows on square edges.

Squares are integers ``y * width + x``; their names are a column letter and a row number counted
from the top left (``a1``, ``b1`` … ``v17``)::

        a   b   c
      +---+---+---+
    1 | 0 | 1 | 2 |      an edge between two orthogonal neighbours is a wall, open, a door or a
      +---+---+---+      window; doors and windows are *openings* with ids, whose state (locked,
    2 | 3 | 4 | 5 |      boarded, broken …) lives in the game state, not here
      +---+---+---+

Everything static is computed once per map: orthogonal neighbours with their edges, the diagonal
steps allowed, and (lazily, per source square, then cached) the openings a line of sight crosses.
Dynamic questions take the game's opening flags as an argument.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

# Final with literal values: a compiled module that imports them reads them as numbers, not as
# look-ups in this module at every use (the zombies' searches of The Night compare them in their
# innermost loops)
WALL: Final = 0
OPEN: Final = 1
DOOR: Final = 2
WINDOW: Final = 3

INF: Final = 1073741824  # 2 ** 30


def column_name(x: int) -> str:
    letters = ""
    x += 1
    while x:
        x, r = divmod(x - 1, 26)
        letters = chr(97 + r) + letters
    return letters


@lru_cache(maxsize=8192)
def square_xy(name: str) -> tuple[int, int]:
    """The column and row of a square named as boards name them (:func:`column_name` and its row
    from 1): ``c4`` -> (2, 3), ``aa10`` -> (26, 9)."""
    letters = name.rstrip("0123456789")
    digits = name[len(letters):]
    if not letters or not digits or not letters.isalpha() or not letters.islower():
        raise ValueError(f"not a square's name: {name!r}")
    x = 0
    for ch in letters:
        x = x * 26 + ord(ch) - 96
    return x - 1, int(digits) - 1


class AnyOf(tuple[tuple[int, ...], ...]):
    """Several sets of openings, any one of which, if all see-through, makes a line of sight clear."""

    __slots__ = ()


#: what a line of sight crosses: None (blocked for good), the openings it crosses, or alternatives
Line = tuple[int, ...] | AnyOf | None


def _minimal(paths: list[list[int]]) -> list[list[int]]:
    """Drop alternatives that cross a superset of another's openings (they can only be worse)."""
    sets = [set(p) for p in paths]
    keep: list[list[int]] = []
    seen: list[set[int]] = []
    for i, p in enumerate(paths):
        if any(sets[j] < sets[i] or (sets[j] == sets[i] and j < i) for j in range(len(paths))):
            continue
        if sets[i] not in seen:
            seen.append(sets[i])
            keep.append(p)
    return keep


def line_open(line: Line, closed: Callable[[int], bool]) -> bool:
    """Whether a line of sight is clear given which openings are closed now."""
    if line is None:
        return False
    if isinstance(line, AnyOf):
        return any(line_open(alt, closed) for alt in line)
    return not any(closed(o) for o in line)


def line_clear(line: Line, flags: Sequence[int], mask: int) -> bool:
    """:func:`line_open` for games that keep opening states as bit flags: clear when no crossed
    opening has any bit of ``mask`` set. The plain case is a tight loop (it is called in hot paths)."""
    if line is None:
        return False
    if isinstance(line, AnyOf):
        return any(line_clear(alt, flags, mask) for alt in line)
    for o in line:  # noqa: SIM110
        if flags[o] & mask:
            return False
    return True


@dataclass(frozen=True, slots=True)
class Opening:
    """A door or window on the edge between squares ``a`` and ``b`` (a < b)."""

    id: int
    name: str
    kind: int  # DOOR or WINDOW
    a: int
    b: int
    lockable: bool = False


class Grid:
    """Static geometry of one map. Build it once; share it between all states of that map."""

    def __init__(
        self,
        width: int,
        height: int,
        edges: Mapping[tuple[int, int], int],
        openings: Sequence[Opening] = (),
        blocked: Iterable[int] = (),
        opaque: Iterable[int] = (),
        links: Iterable[tuple[int, int]] = (),
    ) -> None:
        """``edges`` gives the kind of each orthogonal edge ``(a, b)`` with a < b (missing = WALL);
        ``blocked`` squares can never be entered; ``opaque`` squares block sight; ``links`` join two
        squares that are not neighbours on the grid (stairs, highway exits) as an open orthogonal
        step that does not carry line of sight."""
        self.width = width
        self.height = height
        self.n = n = width * height
        self.names: list[str] = [f"{column_name(i % width)}{i // width + 1}" for i in range(n)]
        self.index: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        self.xs: list[int] = [i % width for i in range(n)]
        self.ys: list[int] = [i // width for i in range(n)]
        self.openings: tuple[Opening, ...] = tuple(openings)
        self.opening_by_name: dict[str, Opening] = {o.name: o for o in self.openings}
        blocked_set = set(blocked)
        self.passable: list[bool] = [i not in blocked_set for i in range(n)]
        opaque_set = set(opaque)
        self.opaque: list[bool] = [i in opaque_set for i in range(n)]

        self._kind: dict[tuple[int, int], int] = {}
        self._opening: dict[tuple[int, int], int] = {}
        for (a, b), kind in edges.items():
            key = (a, b) if a < b else (b, a)
            self._kind[key] = kind
        for o in self.openings:
            key = (o.a, o.b) if o.a < o.b else (o.b, o.a)
            self._kind[key] = o.kind
            self._opening[key] = o.id
        self.links: tuple[tuple[int, int], ...] = tuple(links)
        for a, b in self.links:
            key = (a, b) if a < b else (b, a)
            self._kind[key] = OPEN

        # Orthogonal steps: per square, (neighbour, kind, opening id or -1), walls left out.
        orth: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
        for i in range(n):
            if not self.passable[i]:
                continue
            x, y = i % width, i // width
            for nx, ny in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
                if 0 <= nx < width and 0 <= ny < height:
                    j = ny * width + nx
                    self._add_step(orth, i, j)
        for a, b in self.links:
            self._add_step(orth, a, b)
            self._add_step(orth, b, a)
        self.orth: list[tuple[tuple[int, int, int], ...]] = [tuple(s) for s in orth]
        self.orth_squares: list[tuple[int, ...]] = [tuple(j for j, _, _ in s) for s in orth]

        # Diagonal steps: allowed where at least one of the two L-shaped paths around the corner is
        # made of open edges (no wall, door or window) through an enterable square.
        diag: list[list[int]] = [[] for _ in range(n)]
        for i in range(n):
            if not self.passable[i]:
                continue
            x, y = i % width, i // width
            for dx in (-1, 1):
                for dy in (-1, 1):
                    nx, ny = x + dx, y + dy
                    if not (0 <= nx < width and 0 <= ny < height):
                        continue
                    j = ny * width + nx
                    if self.passable[j] and self._corner_open(i, x, y, dx, dy):
                        diag[i].append(j)
        self.diag: list[tuple[int, ...]] = [tuple(sorted(d)) for d in diag]
        self.adjacent8: list[tuple[int, ...]] = [
            tuple(sorted(set(self.orth_squares[i]) | set(self.diag[i]))) for i in range(n)
        ]
        self._los: dict[int, list[Line]] = {}

    def _add_step(self, orth: list[list[tuple[int, int, int]]], i: int, j: int) -> None:
        if not (self.passable[i] and self.passable[j]):
            return
        key = (i, j) if i < j else (j, i)
        kind = self._kind.get(key, WALL)
        if kind != WALL and all(s[0] != j for s in orth[i]):
            orth[i].append((j, kind, self._opening.get(key, -1)))

    def _open_edge(self, a: int, b: int) -> bool:
        key = (a, b) if a < b else (b, a)
        return self._kind.get(key, WALL) == OPEN

    def _corner_open(self, i: int, x: int, y: int, dx: int, dy: int) -> bool:
        w = self.width
        j = (y + dy) * w + (x + dx)
        via_x = y * w + (x + dx)
        via_y = (y + dy) * w + x
        return (self.passable[via_x] and self._open_edge(i, via_x) and self._open_edge(via_x, j)) or (
            self.passable[via_y] and self._open_edge(i, via_y) and self._open_edge(via_y, j)
        )

    # ----- lookups -------------------------------------------------------------------------------
    def square(self, name: str) -> int:
        """Square index by name; KeyError if there is none."""
        return self.index[name.lower()]

    def xy(self, sq: int) -> tuple[int, int]:
        return sq % self.width, sq // self.width

    def edge_kind(self, a: int, b: int) -> int:
        key = (a, b) if a < b else (b, a)
        return self._kind.get(key, WALL)

    def opening_between(self, a: int, b: int) -> int:
        """Opening id on the edge a-b, or -1."""
        key = (a, b) if a < b else (b, a)
        return self._opening.get(key, -1)

    def chebyshev(self, a: int, b: int) -> int:
        w = self.width
        return max(abs(a % w - b % w), abs(a // w - b // w))

    def manhattan(self, a: int, b: int) -> int:
        w = self.width
        return abs(a % w - b % w) + abs(a // w - b // w)

    # ----- line of sight -------------------------------------------------------------------------
    def los_row(self, a: int) -> list[Line]:
        """For every square b: None if walls or opaque squares block the line a-b, else the ids of the
        openings it crosses (each must be see-through at the time), or in the rare case of a line
        through a corner with a door or window on each side, an :class:`AnyOf` of such tuples."""
        row = self._los.get(a)
        if row is None:
            row = [self._trace(a, b) for b in range(self.n)]
            self._los[a] = row
        return row

    def sees(self, a: int, b: int, closed: Callable[[int], bool] | Sequence[bool]) -> bool:
        """Whether a line of sight runs from a to b; ``closed`` tells which openings block sight."""
        test = closed if callable(closed) else closed.__getitem__
        return line_open(self.los_row(a)[b], test)

    def _trace(self, a: int, b: int) -> Line:
        """Walk the straight line between square centres, square by square. A line that passes exactly
        through a corner squeezes by if either L-shaped path around the corner is clear; when both
        are open but cross different doors or windows, the line is clear if either set is (AnyOf)."""
        if a == b:
            return ()
        w = self.width
        ax, ay, bx, by = a % w, a // w, b % w, b // w
        nx, ny = abs(bx - ax), abs(by - ay)
        sx = 1 if bx > ax else -1
        sy = 1 if by > ay else -1
        x, y, ix, iy = ax, ay, 0, 0
        paths: list[list[int]] = [[]]
        while ix < nx or iy < ny:
            lhs = (1 + 2 * ix) * ny
            rhs = (1 + 2 * iy) * nx
            cur = y * w + x
            if lhs == rhs:
                nxt = (y + sy) * w + x + sx
                alts = [p for via in ((y * w + x + sx), ((y + sy) * w + x)) if (p := self._clear_path(cur, via, nxt)) is not None]
                if not alts:
                    return None
                alts = _minimal(alts)
                paths = [p + alt for p in paths for alt in alts]
                x += sx
                y += sy
                ix += 1
                iy += 1
            else:
                nxt = y * w + x + sx if lhs < rhs else (y + sy) * w + x
                kind = self.edge_kind(cur, nxt)
                if kind == WALL or (not self.passable[nxt] and self.opaque[nxt]):
                    return None
                if kind in (DOOR, WINDOW):
                    o = self.opening_between(cur, nxt)
                    for p in paths:
                        p.append(o)
                if lhs < rhs:
                    x += sx
                    ix += 1
                else:
                    y += sy
                    iy += 1
            here = y * w + x
            if here != b and self.opaque[here]:
                return None
        done = _minimal(paths)
        return tuple(done[0]) if len(done) == 1 else AnyOf(tuple(p) for p in done)

    def _clear_path(self, a: int, via: int, b: int) -> list[int] | None:
        if self.opaque[via]:
            return None
        out: list[int] = []
        for p, q in ((a, via), (via, b)):
            kind = self.edge_kind(p, q)
            if kind == WALL:
                return None
            if kind in (DOOR, WINDOW):
                out.append(self.opening_between(p, q))
        return out

    # ----- shortest paths ------------------------------------------------------------------------
    def distance_field(
        self,
        sources: Mapping[int, int] | Iterable[int],
        step_cost: Callable[[int, int, int, int], int],
        limit: int = INF,
    ) -> list[int]:
        """Dijkstra from ``sources`` (squares, or square -> starting cost) over orthogonal steps.

        ``step_cost(frm, to, kind, opening)`` returns the cost of the step or a negative number if it
        cannot be taken; distances beyond ``limit`` are not explored. Unreached squares get INF.
        The field is symmetric in use: ``dist[s]`` is the cost from s to the nearest source when
        step costs are symmetric."""
        dist = [INF] * self.n
        heap: list[tuple[int, int]] = []
        items = sources.items() if isinstance(sources, Mapping) else ((s, 0) for s in sources)
        for s, c in items:
            if c < dist[s]:
                dist[s] = c
                heap.append((c, s))
        heapq.heapify(heap)
        orth = self.orth
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            d, s = pop(heap)
            if d > dist[s]:
                continue
            for t, kind, op in orth[s]:
                c = step_cost(s, t, kind, op)
                if c < 0:
                    continue
                nd = d + c
                if nd < dist[t] and nd <= limit:
                    dist[t] = nd
                    push(heap, (nd, t))
        return dist

    def bfs(self, sources: Iterable[int], neighbours: Sequence[Sequence[int]]) -> list[int]:
        """Unit-cost breadth-first distances over any adjacency (e.g. ``adjacent8``)."""
        dist = [INF] * self.n
        frontier = []
        for s in sources:
            if dist[s]:
                dist[s] = 0
                frontier.append(s)
        d = 0
        while frontier:
            d += 1
            nxt = []
            for s in frontier:
                for t in neighbours[s]:
                    if dist[t] == INF:
                        dist[t] = d
                        nxt.append(t)
            frontier = nxt
        return dist

    @classmethod
    def from_areas(
        cls,
        rows: Sequence[str],
        area_of: Mapping[str, str],
        open_pairs: Iterable[tuple[str, str]] = (),
        openings: Iterable[tuple[str, int, str, str, bool]] = (),
        blocked: Iterable[str] = (),
        opaque: Iterable[str] = (),
        links: Iterable[tuple[str, str]] = (),
    ) -> tuple[Grid, list[str]]:
        """Build a grid from a picture: one character per square, ``area_of`` maps characters to area
        names. Edges inside an area are open; between areas they are walls unless the pair of areas is
        in ``open_pairs`` or an opening ``(name, kind, square, square, lockable)`` stands there.
        Returns the grid and the area name of each square."""
        height = len(rows)
        width = len(rows[0]) if rows else 0
        areas: list[str] = []
        for y, row in enumerate(rows):
            if len(row) != width:
                raise ValueError(f"row {y + 1} has {len(row)} squares, expected {width}")
            for x, ch in enumerate(row):
                if ch not in area_of:
                    raise ValueError(f"square {column_name(x)}{y + 1}: no area for character {ch!r}")
                areas.append(area_of[ch])
        pairs = {frozenset(p) for p in open_pairs}
        edges: dict[tuple[int, int], int] = {}
        for i in range(width * height):
            x, y = i % width, i // width
            for j in ((i + 1) if x + 1 < width else -1, (i + width) if y + 1 < height else -1):
                if j < 0:
                    continue
                same = areas[i] == areas[j]
                edges[(i, j)] = OPEN if same or frozenset((areas[i], areas[j])) in pairs else WALL
        probe = cls(width, height, {})
        ops: list[Opening] = []
        for k, (name, kind, sa, sb, lockable) in enumerate(openings):
            a, b = probe.square(sa), probe.square(sb)
            if probe.manhattan(a, b) != 1:
                raise ValueError(f"opening {name}: {sa} and {sb} are not orthogonal neighbours")
            ops.append(Opening(k, name, kind, min(a, b), max(a, b), lockable))
        grid = cls(
            width,
            height,
            edges,
            ops,
            blocked=[probe.square(s) for s in blocked],
            opaque=[probe.square(s) for s in opaque],
            links=[(probe.square(a), probe.square(b)) for a, b in links],
        )
        return grid, areas
