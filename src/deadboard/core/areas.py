"""Boards as area graphs: areas with a capacity, exits with a movement cost, line of sight between
areas.

Every board of the five games is a graph of *areas*: the squares of The Night's house, the zones of
Zombie Dawn's map, District-Z's cards, the two floors and the yard of Zpocalypse 2's house, Day Night
Z's city zones and the 5 x 5 cm subzones of its tiles::

    city zone "street-3" --1--> "alley-2"          an exit has a cost (a flooded subzone: 2)
         |                                          an area may hold at most ``capacity`` figures
         +--1--> tile A, subzone "A-1" ...          (Day Night Z: 4 to a subzone)

An :class:`AreaGraph` is an immutable value, so a state holding a graph shares it between clones.
Distances are cached per graph and per source (:meth:`AreaGraph.distances`), so repeated path
questions cost one lookup.

Line of sight is a relation between areas. Each pair that can see each other has a *line*: the
blockers it crosses (the ids of doors, windows, or of areas that block sight when full), each of
which must be clear at the time; ``None`` means never. It is given explicitly (``sight``) or by a
function (``sight_rule``, the grid builder's), and asked with the game's test of what is closed
now: ``graph.sees(a, b, closed)``.

:func:`grid_graph` builds the graph of a :class:`~deadboard.core.grid.Grid` (squares, 8-way or
orthogonal steps, the grid's own lines of sight), so a square-grid game and a zone game ask the same
questions.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from deadboard.core.grid import AnyOf, Grid

__all__ = ["INF", "Area", "AreaGraph", "Exit", "Line", "grid_graph"]

INF = 1 << 30

#: a line of sight: None (never), the blockers it crosses (each must be clear), or alternatives
#: of which any one clear is enough (:class:`~deadboard.core.grid.AnyOf`, from the grid builder)
Line = tuple[Hashable, ...] | AnyOf | None


@dataclass(frozen=True, slots=True)
class Area:
    """An area: its id (a name from the board: ``c5``, ``A-3``, ``yard``), how many figures it
    holds (None: no limit), the tile or group it belongs to (removed together), and tags for the
    game (terrain: ``flooded``, ``high``; points of interest: ``search``, ``stairs``)."""

    id: str
    capacity: int | None = None
    group: str | None = None
    tags: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Exit:
    """A way from one area to another, with its movement cost."""

    to: str
    cost: int = 1


#: the test of a blocker (a door, a window, a full area) being closed now
Closed = Callable[[Hashable], bool]


def _never(_: Hashable) -> bool:
    return False


def _clear(line: Line, closed: Closed) -> bool:
    if line is None:
        return False
    if isinstance(line, AnyOf):
        return any(_clear(alt, closed) for alt in line)
    return not any(closed(b) for b in line)


class AreaGraph:
    """Areas, exits and sight (see the module docstring). Build with the constructor or a builder;
    change with the ``with_``/``without`` methods, which return new graphs."""

    __slots__ = ("_dist", "areas", "exits", "sight", "sight_rule")

    def __init__(
        self,
        areas: Iterable[Area],
        exits: Mapping[str, Iterable[Exit]] = {},
        sight: Mapping[str, Mapping[str, Line]] = {},
        sight_rule: Callable[[str, str], Line] | None = None,
    ) -> None:
        self.areas: dict[str, Area] = {}
        for a in areas:
            if a.id in self.areas:
                raise ValueError(f"area {a.id!r} is defined twice")
            self.areas[a.id] = a
        self.exits: dict[str, tuple[Exit, ...]] = {a: () for a in self.areas}
        for frm, outs in exits.items():
            outs = tuple(outs)
            for e in (Exit(frm, 0), *outs):
                if e.to not in self.areas:
                    raise ValueError(f"exit {frm} -> {e.to}: no such area")
            for e in outs:
                if e.cost < 0:
                    raise ValueError(f"exit {frm} -> {e.to}: a cost cannot be negative")
            self.exits[frm] = outs
        self.sight: dict[str, dict[str, Line]] = {a: dict(row) for a, row in sight.items()}
        self.sight_rule = sight_rule
        self._dist: dict[str, dict[str, int]] = {}

    # ----- reading -----------------------------------------------------------------------------
    def __contains__(self, area: object) -> bool:
        return area in self.areas

    def __len__(self) -> int:
        return len(self.areas)

    def neighbours(self, area: str) -> tuple[str, ...]:
        return tuple(e.to for e in self.exits[area])

    def cost(self, frm: str, to: str) -> int | None:
        """The cost of the exit ``frm`` -> ``to``, or None if there is none."""
        for e in self.exits[frm]:
            if e.to == to:
                return e.cost
        return None

    def has_room(self, area: str, occupants: int, entering: int = 1) -> bool:
        """Whether ``entering`` more figures fit in ``area`` that holds ``occupants`` now."""
        cap = self.areas[area].capacity
        return cap is None or occupants + entering <= cap

    def line(self, a: str, b: str) -> Line:
        """The line of sight from ``a`` to ``b``: None (never), or the blockers it crosses."""
        if a not in self.areas or b not in self.areas:
            return None
        row = self.sight.get(a)
        if row is not None and b in row:
            return row[b]
        if self.sight_rule is not None:
            return self.sight_rule(a, b)
        return () if a == b else None

    def sees(self, a: str, b: str, closed: Closed = _never) -> bool:
        """Whether a line of sight runs from ``a`` to ``b`` given which blockers are closed now."""
        return _clear(self.line(a, b), closed)

    def visible(self, a: str, closed: Closed = _never) -> list[str]:
        """Every area ``a`` sees now, in the graph's order."""
        return [b for b in self.areas if self.sees(a, b, closed)]

    # ----- paths -------------------------------------------------------------------------------
    def distances(
        self, source: str, passable: Callable[[str], bool] | None = None, limit: int = INF
    ) -> dict[str, int]:
        """Cheapest movement cost from ``source`` to every area reached (Dijkstra over exit costs).
        ``passable`` refuses areas that cannot be entered now (the source is always left); with no
        test and no limit the answer is cached for this graph."""
        cacheable = passable is None and limit == INF
        if cacheable and source in self._dist:
            return self._dist[source]
        dist = {source: 0}
        heap = [(0, source)]
        exits = self.exits
        while heap:
            d, a = heapq.heappop(heap)
            if d > dist[a]:
                continue
            for e in exits[a]:
                nd = d + e.cost
                if nd > limit or nd >= dist.get(e.to, INF):
                    continue
                if passable is not None and not passable(e.to):
                    continue
                dist[e.to] = nd
                heapq.heappush(heap, (nd, e.to))
        if cacheable:
            self._dist[source] = dist
        return dist

    def distance(self, a: str, b: str) -> int:
        """Cheapest movement cost from ``a`` to ``b`` (INF if unreachable)."""
        return self.distances(a).get(b, INF)

    def path(self, a: str, b: str, passable: Callable[[str], bool] | None = None) -> list[str] | None:
        """A cheapest path from ``a`` to ``b`` (both included; among equals, the one whose steps
        come first in the graph's order, walking back from ``b``), or None."""
        dist = self.distances(a, passable)
        if b not in dist:
            return None
        # walk back from b along exits whose cost accounts for the distance
        preds: dict[str, list[tuple[str, int]]] = {}
        for frm, outs in self.exits.items():
            for e in outs:
                preds.setdefault(e.to, []).append((frm, e.cost))
        out = [b]
        here = b
        while here != a:
            here = next(p for p, c in preds[here] if p in dist and dist[p] + c == dist[here])
            out.append(here)
        out.reverse()
        return out


def grid_graph(grid: Grid, *, diagonal: bool = True, names: Sequence[str] | None = None) -> AreaGraph:
    """The area graph of a square grid: one area per enterable square (named as on the grid), an
    exit of cost 1 for each step the grid allows (orthogonal steps through open edges, doors and
    windows included, and with ``diagonal`` the grid's diagonal steps), and the grid's own lines
    of sight (the doors and windows a line crosses are its blockers, by opening id)."""
    sq_names = list(names) if names is not None else grid.names
    index = {n: i for i, n in enumerate(sq_names)}
    areas = [Area(sq_names[i]) for i in range(grid.n) if grid.passable[i]]
    exits: dict[str, list[Exit]] = {}
    for i in range(grid.n):
        if not grid.passable[i]:
            continue
        steps = grid.adjacent8[i] if diagonal else grid.orth_squares[i]
        exits[sq_names[i]] = [Exit(sq_names[j]) for j in steps]

    def rule(a: str, b: str) -> Line:
        return grid.los_row(index[a])[index[b]]

    return AreaGraph(areas, exits, sight_rule=rule)
