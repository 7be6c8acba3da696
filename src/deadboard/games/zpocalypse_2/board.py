"""The house and the yard (rulebook §MAP, §Points Of Interest, §Line of Sight, §How The Stairs Work,
§How Windows Work): two square grids, the ground (the yard around the first floor) and the second
floor, joined at the stairs, which are one space on both::

    ground (yard + 1st floor)              second floor
    ......N.......                         ##########
    ..~.......b...                         #1..2...3#   1-9 upstairs: window spaces
    .1..2...3...~.   1-9: landing spaces   #.A..#...#
    .######.#####.                         #/...#.P.#   / the stairs (the same space below)
    ...

Spaces are numbered once per map; the geometry (neighbours, distances, lines of sight) is built
once per map and shared by every game on it. Names: ground spaces ``c5`` (column letter, row from 1),
second-floor spaces ``2c5``; the stairs carry their ground name.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Final

from mypy_extensions import mypyc_attr

from deadboard.games.zpocalypse_2.content import HouseMap

GROUND, UPPER = 1, 2
BLOCKED = "#"
SPAWNS = "NESW"  # "starting from the North spawn location and proceeding clockwise"
#: :meth:`Board.shot_ranges` of a space never shot at (above any range)
NO_SHOT: Final = 1 << 20


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
@dataclass(slots=True)
class Space:
    index: int
    name: str
    where: dict[int, tuple[int, int]]  # floor -> (x, y)
    symbol: str  # the ground symbol for the stairs


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
@dataclass(slots=True)
class Board:
    spaces: list[Space]
    by_name: dict[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    stairs: int
    stash: int
    spawn: dict[str, int]  # N/E/S/W -> the token's space
    window_landing: dict[int, int]  # window space (upstairs) -> landing space (ground)
    landing_window: dict[int, int]
    arduous: frozenset[int]
    bio: frozenset[int]
    radiation: frozenset[int]
    search: dict[int, str]  # space -> deck: armory | food | resource
    refuel: frozenset[int]
    symbol_free: frozenset[int]  # spaces with no symbol: where fortification tokens may go
    ground: frozenset[int]  # spaces on the first-floor board (the stairs included)
    inside: frozenset[int]  # the house: the first floor's rooms and the second floor
    _grids: dict[int, list[list[int]]] = field(default_factory=dict)  # floor -> [y][x] -> space or -1
    _dist: dict[int, list[int]] = field(default_factory=dict)
    #: precomputed (:meth:`precompute`): [zombie][a] -> the spaces in sight of ``a`` (``a`` too);
    #: [a][b] -> the range between two spaces (-1: no floor in common)
    _seen: tuple[tuple[frozenset[int], ...], ...] = ()
    _range: tuple[tuple[int, ...], ...] = ()
    #: :meth:`around` and :meth:`around_set` by ``(range * 2 + zombie) * 65536 + origin`` (a
    #: space's index is below 65536: one number, not a tuple made for each look)
    _around: dict[int, tuple[int, ...]] = field(default_factory=dict)
    _around_set: dict[int, frozenset[int]] = field(default_factory=dict)
    _nearest: dict[int, tuple[int, ...]] = field(default_factory=dict)
    _shots: dict[int, frozenset[int]] = field(default_factory=dict)  # by range * 65536 + origin
    #: origin -> the least range each space is shot at from it (:meth:`shot_ranges`)
    _shot_ranges: dict[int, tuple[int, ...]] = field(default_factory=dict)
    #: what the rules build once per board (the actions naming its spaces)
    memo: dict[str, Any] = field(default_factory=dict)

    def name(self, i: int) -> str:
        return self.spaces[i].name

    def step_costs(self) -> list[int]:
        """What a step onto each space costs, by space: 2 onto arduous ground, else 1 (shared: copy
        it to change it)."""
        found: list[int] | None = self.memo.get("step-costs")
        if found is None:
            arduous = self.arduous
            found = self.memo["step-costs"] = [2 if j in arduous else 1 for j in range(len(self.spaces))]
        return found

    def floors(self, i: int) -> dict[int, tuple[int, int]]:
        return self.spaces[i].where

    # ----- range and sight --------------------------------------------------------------------
    def reach(self, a: int, b: int) -> int | None:
        """Spaces between ``a`` and ``b`` counted as a squad moves (8-way), on a floor both lie on;
        None when they share no floor."""
        d = self._range[a][b]
        return None if d < 0 else d

    def _reach(self, a: int, b: int) -> int:
        wa, wb = self.spaces[a].where, self.spaces[b].where
        best = -1
        for f, (xa, ya) in wa.items():
            pb = wb.get(f)
            if pb is not None:
                d = max(abs(xa - pb[0]), abs(ya - pb[1]))
                if best < 0 or d < best:
                    best = d
        return best

    def sight(self, a: int, b: int, *, zombie: bool) -> bool:
        """Line of sight centre to centre, not crossing an impassable space (red walls are
        impassable spaces on this map). Where the line only grazes a blocked space (a corner or an
        edge) there is doubt: "assume that zombies can see players, but players cannot see
        zombies" — the zombies' line passes, the players' is blocked."""
        return b in self._seen[zombie][a]

    def seen_from(self, a: int, *, zombie: bool) -> frozenset[int]:
        """Every space in sight of ``a`` (``a`` too): sight is the same both ways."""
        return self._seen[zombie][a]

    def precompute(self) -> None:
        """Ranges, lines of sight (both kinds) and the distance fields between every two spaces,
        worked out once for the board. A line from ``a`` to ``b`` crosses the cells the line from
        ``b`` to ``a`` does, so each pair is looked at once."""
        n = len(self.spaces)
        self._range = tuple(tuple(self._reach(a, b) for b in range(n)) for a in range(n))
        players: list[set[int]] = [{a} for a in range(n)]
        zombies: list[set[int]] = [{a} for a in range(n)]
        for a in range(n):
            row = self._range[a]
            for b in range(a + 1, n):
                if row[b] < 0:
                    continue
                p, z = self._sight(a, b)
                if p:
                    players[a].add(b)
                    players[b].add(a)
                if z:
                    zombies[a].add(b)
                    zombies[b].add(a)
        self._seen = (tuple(frozenset(x) for x in players), tuple(frozenset(x) for x in zombies))
        for goal in range(n):
            self.distances(goal)

    def _sight(self, a: int, b: int) -> tuple[bool, bool]:
        """(the players' line, the zombies' line) from ``a`` to ``b``: clear on some floor both lie
        on."""
        wa, wb = self.spaces[a].where, self.spaces[b].where
        players = zombies = False
        for f, (xa, ya) in wa.items():
            pb = wb.get(f)
            if pb is not None:
                p, z = self._line_clear(f, xa, ya, pb[0], pb[1])
                players, zombies = players or p, zombies or z
        return players, zombies

    def _line_clear(self, floor: int, x0: int, y0: int, x1: int, y1: int) -> tuple[bool, bool]:
        """(clear for the players: no cell it touches is blocked; clear for the zombies: no point of
        it has every cell it touches blocked)."""
        grid = self._grids[floor]
        h, w = len(grid), len(grid[0])

        def blocked(rx: int, ry: int) -> bool:
            x, y = x0 + rx, y0 + ry
            return x < 0 or y < 0 or x >= w or y >= h or grid[y][x] < 0

        touched, groups = _cells_crossed(x1 - x0, y1 - y0)
        hit = {c for c in touched if blocked(*c)}
        if not hit:
            return True, True
        return False, not any(all(c in hit for c in group) for group in groups)

    def nearest(self, origin: int) -> tuple[int, ...]:
        """Every reachable space but ``origin`` by (distance, space number), built once."""
        found = self._nearest.get(origin)
        if found is None:
            dist = self.distances(origin)
            found = tuple(i for _, i in sorted((d, i) for i, d in enumerate(dist) if d >= 1))
            self._nearest[origin] = found
        return found

    def around(self, origin: int, rng: int, *, zombie: bool) -> tuple[int, ...]:
        """Every space within range ``rng`` of ``origin`` and in sight of it (built once)."""
        key = (rng * 2 + zombie) * 65536 + origin
        found = self._around.get(key)
        if found is None:
            row, seen = self._range[origin], self._seen[zombie][origin]
            found = tuple(i for i in range(len(self.spaces)) if 0 <= row[i] <= rng and i in seen)
            self._around[key] = found
        return found

    def around_set(self, origin: int, rng: int, *, zombie: bool) -> frozenset[int]:
        """:meth:`around` as a set (built once)."""
        key = (rng * 2 + zombie) * 65536 + origin
        found = self._around_set.get(key)
        if found is None:
            found = frozenset(self.around(origin, rng, zombie=zombie))
            self._around_set[key] = found
        return found

    def shots(self, origin: int, rng: int) -> frozenset[int]:
        """The spaces a squad at ``origin`` may target at range ``rng``: in the players' sight
        within range, and from a second-floor window also those around its landing space (built
        once)."""
        key = rng * 65536 + origin
        found = self._shots.get(key)
        if found is None:
            found = self.around_set(origin, rng, zombie=False)
            landing = self.window_landing.get(origin)
            if landing is not None:
                found = found | self.around_set(landing, rng, zombie=False)
            self._shots[key] = found
        return found

    def shot_ranges(self, origin: int) -> tuple[int, ...]:
        """For each space, the least range at which a squad at ``origin`` may target it (``s`` is
        in :meth:`shots` of ``origin`` and ``rng`` exactly when this is at most ``rng``);
        :data:`NO_SHOT` where never (built once)."""
        found = self._shot_ranges.get(origin)
        if found is None:
            least = [NO_SHOT] * len(self.spaces)
            landing = self.window_landing.get(origin)
            for start in (origin,) if landing is None else (origin, landing):
                row, seen = self._range[start], self._seen[False][start]
                for i in seen:
                    d = row[i]
                    if 0 <= d < least[i]:
                        least[i] = d
            found = self._shot_ranges[origin] = tuple(least)
        return found

    # ----- paths ------------------------------------------------------------------------------
    def distances(self, goal: int) -> list[int]:
        """Steps from every space to ``goal`` over passable spaces (8-way); -1 where unreachable.
        Built once per goal and kept."""
        found = self._dist.get(goal)
        if found is None:
            found = [-1] * len(self.spaces)
            found[goal] = 0
            queue = deque([goal])
            nb = self.neighbours
            while queue:
                i = queue.popleft()
                d = found[i] + 1
                for j in nb[i]:
                    if found[j] < 0:
                        found[j] = d
                        queue.append(j)
            self._dist[goal] = found
        return found


_crossed: dict[
    tuple[int, int], tuple[frozenset[tuple[int, int]], frozenset[tuple[tuple[int, int], ...]]]
] = {}


def _cells_crossed(
    dx: int, dy: int
) -> tuple[frozenset[tuple[int, int]], frozenset[tuple[tuple[int, int], ...]]]:
    """The cells a line from a space's centre to the centre of the space ``(dx, dy)`` away crosses,
    relative to the first space, sampled 16 times a space: every cell touched, and the cells touched
    at each point (two or four where the point lies on an edge or a corner). The same for every pair
    of spaces that far apart, so found once per offset."""
    found = _crossed.get((dx, dy))
    if found is None:
        n = 16 * max(abs(dx), abs(dy))
        eps = 1e-9
        groups: set[tuple[tuple[int, int], ...]] = set()
        for k in range(1, n):
            t = k / n
            x = dx * t + 0.5
            y = dy * t + 0.5
            xs = [math.floor(x)] if abs(x - round(x)) > eps else [round(x) - 1, round(x)]
            ys = [math.floor(y)] if abs(y - round(y)) > eps else [round(y) - 1, round(y)]
            groups.add(tuple((cx, cy) for cx in xs for cy in ys))
        found = (frozenset(c for g in groups for c in g), frozenset(groups))
        _crossed[(dx, dy)] = found
    return found


#: id of a map -> (that map, its board); the map is kept beside its board so that another map made
#: later at the same address is not given this one's board
_boards: Final[dict[int, tuple[HouseMap, Board]]] = {}


def board_for(house: HouseMap) -> Board:
    """The board of a map, built once."""
    kept = _boards.get(id(house))
    if kept is None or kept[0] is not house:
        b = _build(house)
        b.precompute()
        kept = _boards[id(house)] = (house, b)
    return kept[1]


def _spaces(
    house: HouseMap,
) -> tuple[list[Space], dict[int, list[list[int]]], dict[int, dict[int, str]], int]:
    """The spaces of both floors (the stairs one space on both), each floor's grid of space
    indices (-1 for a wall), each floor's symbols by space, and the stairs."""
    spaces: list[Space] = []
    grids: dict[int, list[list[int]]] = {}
    symbols: dict[int, dict[int, str]] = {GROUND: {}, UPPER: {}}
    stairs = -1
    for floor, rows in ((GROUND, house.ground), (UPPER, house.upper)):
        grid = [[-1] * len(rows[0]) for _ in rows]
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch == BLOCKED:
                    continue
                if ch == "/" and stairs >= 0:
                    spaces[stairs].where[floor] = (x, y)
                    grid[y][x] = stairs
                    symbols[floor][stairs] = ch
                    continue
                i = len(spaces)
                label = f"{chr(ord('a') + x)}{y + 1}"
                spaces.append(Space(i, label if floor == GROUND else f"2{label}", {floor: (x, y)}, ch))
                grid[y][x] = i
                symbols[floor][i] = ch
                if ch == "/":
                    stairs = i
        grids[floor] = grid
    return spaces, grids, symbols, stairs


def _neighbours(spaces: list[Space], grids: dict[int, list[list[int]]]) -> list[set[int]]:
    """8-way neighbours on each floor, no cutting a wall's corner."""
    neighbours: list[set[int]] = [set() for _ in spaces]
    for grid in grids.values():
        h, w = len(grid), len(grid[0])
        for y in range(h):
            for x in range(w):
                i = grid[y][x]
                if i < 0:
                    continue
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        if dx == dy == 0:
                            continue
                        nx, ny = x + dx, y + dy
                        if not (0 <= nx < w and 0 <= ny < h) or grid[ny][nx] < 0:
                            continue
                        if dx and dy and (grid[y][nx] < 0 or grid[ny][x] < 0):
                            continue  # no cutting a wall's corner
                        neighbours[i].add(grid[ny][nx])
    return neighbours


def _build(house: HouseMap) -> Board:
    spaces, grids, symbols, stairs = _spaces(house)
    neighbours = _neighbours(spaces, grids)
    by_name = {s.name: s.index for s in spaces}
    spawn: dict[str, int] = {}
    windows: dict[str, int] = {}
    landings: dict[str, int] = {}
    arduous, bio, rad, refuel = set(), set(), set(), set()
    search: dict[int, str] = {}
    stash = -1
    for floor in (GROUND, UPPER):
        for i, ch in symbols[floor].items():
            if ch in SPAWNS and floor == GROUND:
                spawn[ch] = i
            elif ch.isdigit():
                (windows if floor == UPPER else landings)[ch] = i
            elif ch == "~":
                arduous.add(i)
            elif ch == "b":
                bio.add(i)
            elif ch == "x":
                rad.add(i)
            elif ch in "AFR":
                search[i] = {"A": "armory", "F": "food", "R": "resource"}[ch]
            elif ch == "P":
                stash = i
            elif ch == "G":
                refuel.add(i)
    inside = _inside(grids[GROUND]) | {i for i in symbols[UPPER]}
    return Board(
        spaces=spaces,
        by_name=by_name,
        neighbours=tuple(tuple(sorted(n)) for n in neighbours),
        stairs=stairs,
        stash=stash,
        spawn=spawn,
        window_landing={windows[d]: landings[d] for d in windows},
        landing_window={landings[d]: windows[d] for d in windows},
        arduous=frozenset(arduous),
        bio=frozenset(bio),
        radiation=frozenset(rad),
        search=search,
        refuel=frozenset(refuel),
        symbol_free=frozenset(i for f in (GROUND, UPPER) for i, ch in symbols[f].items() if ch == "."),
        ground=frozenset(symbols[GROUND]),
        inside=frozenset(inside),
        _grids=grids,
    )


def _inside(grid: list[list[int]]) -> set[int]:
    """The ground spaces enclosed by walls: not reachable from the map's edge without passing a
    doorway (a doorway counts as inside). Found by walking 4-way from the edge over open spaces
    whose four neighbours are open or the edge."""
    h, w = len(grid), len(grid[0])
    outside: set[tuple[int, int]] = set()
    queue = deque(
        (x, y) for y in range(h) for x in range(w) if (x in (0, w - 1) or y in (0, h - 1)) and grid[y][x] >= 0
    )
    outside.update(queue)
    while queue:
        x, y = queue.popleft()
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nx, ny = x + dx, y + dy
            if 0 <= nx < w and 0 <= ny < h and grid[ny][nx] >= 0 and (nx, ny) not in outside:
                # a doorway is an open space between two walls: it belongs to the house
                walls = sum(
                    1
                    for ex, ey in ((nx + 1, ny), (nx - 1, ny), (nx, ny + 1), (nx, ny - 1))
                    if 0 <= ex < w and 0 <= ey < h and grid[ey][ex] < 0
                )
                if walls >= 2:
                    continue
                outside.add((nx, ny))
                queue.append((nx, ny))
    return {grid[y][x] for y in range(h) for x in range(w) if grid[y][x] >= 0 and (x, y) not in outside}
