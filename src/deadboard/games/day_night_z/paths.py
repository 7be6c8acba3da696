"""Where figures may go (rulebook §3.14's movement of the enemies, §4.9's moves): the tiles a
figure's tile is grouped with, the steps from a subzone, the distances over a group of tiles, and
the route an enemy follows, named subzone by subzone for the trace events (docs/api.md).

Distances and routes over a tile alone depend on the tiles only; each is worked out once and kept in
a table (a ``Final`` dict, which the compiled build reads as a C global), up to 4,096 entries."""

from __future__ import annotations

from collections import deque
from typing import Final

from deadboard.games.day_night_z.board import CELLS, TileGeometry, subzone_name
from deadboard.games.day_night_z.concepts import noise_at
from deadboard.games.day_night_z.state import DNZState

Spot = tuple[str, int]


def group_of(state: DNZState, tile: str) -> list[str]:
    t = state.tiles[tile]
    return list(state.locations[t.slot].tiles) if t.slot else [tile]


def steps_from(state: DNZState, spot: Spot, obstacles: dict[str, set[int]]) -> list[Spot]:
    """Where a figure in ``spot`` may step now: the tile's moves and the links between connected
    location tiles (an exit subzone and the next tile's access subzone are adjacent)."""
    tile, cell = spot
    t = state.tiles[tile]
    out = [(tile, c) for c in t.geo.moves(cell, obstacles[tile])]
    link = t.links.get(cell)
    if link is not None and link[0] in state.tiles and link[1] not in obstacles[link[0]]:
        out.append(link)
    return out


def distances(state: DNZState, start: Spot) -> dict[Spot, int]:
    """Steps from ``start`` over the tiles of its group, ignoring figures (static obstacles and
    blocked terrain markers only)."""
    tile = state.tiles[start[0]]
    group = state.locations[tile.slot].tiles if tile.slot else (start[0],)  # group_of, unchanged
    if len(group) == 1 and not (tile.markers and tile.closed()):
        return _tile_distances(tile.geo, start[0], start[1])
    layout = tuple(
        (t.id, t.geo, frozenset(t.closed()), tuple(t.links.items()))
        for t in (state.tiles[tid] for tid in group)
    )
    return _layout_distances(layout, start)


# The distances below are made once for each layout and shared, so a reader never changes them
# (kept in Final dicts, which the compiled build reads as C globals, up to 4,096 entries each).
def _tile_distances(geo: TileGeometry, tile: str, cell: int) -> dict[Spot, int]:
    """Steps from a subzone over a tile alone, without markers: the tile side's own distances."""
    key = (geo, tile, cell)
    found = _TILE_DISTANCES.get(key)
    if found is None:
        if len(_TILE_DISTANCES) >= 4096:
            _TILE_DISTANCES.clear()
        found = _TILE_DISTANCES[key] = {(tile, c): d for c, d in enumerate(geo.dist[cell]) if d < 99}
    return found


#: the tiles of a group as distances see them: each tile's id, geometry, cells closed by terrain
#: markers and links to the next tiles
Layout = tuple[tuple[str, TileGeometry, frozenset[int], tuple[tuple[int, Spot], ...]], ...]


def _layout_distances(layout: Layout, start: Spot) -> dict[Spot, int]:
    """Steps from ``start`` over a group of tiles (breadth first, each step as in steps_from)."""
    key = (layout, start)
    found = _LAYOUT_DISTANCES.get(key)
    if found is None:
        if len(_LAYOUT_DISTANCES) >= 4096:
            _LAYOUT_DISTANCES.clear()
        found = _LAYOUT_DISTANCES[key] = _breadth_first(layout, start)
    return found


_TILE_DISTANCES: Final[dict[tuple[TileGeometry, str, int], dict[Spot, int]]] = {}
_LAYOUT_DISTANCES: Final[dict[tuple[Layout, Spot], dict[Spot, int]]] = {}


def _breadth_first(layout: Layout, start: Spot) -> dict[Spot, int]:
    tiles = {tid: (geo, closed, dict(links)) for tid, geo, closed, links in layout}
    dist = {start: 0}
    queue = deque([start])
    while queue:
        spot = queue.popleft()
        tid, cell = spot
        geo, closed, links = tiles[tid]
        nxt_spots = [(tid, c) for c in geo.moves(cell, closed)]
        link = links.get(cell)
        if link is not None and link[0] in tiles and link[1] not in tiles[link[0]][1]:
            nxt_spots.append(link)
        for nxt in nxt_spots:
            if nxt not in dist:
                dist[nxt] = dist[spot] + 1
                queue.append(nxt)
    return dist


def spot_text(spot: Spot | None) -> str | None:
    return None if spot is None else subzone(spot)


def subzone(spot: Spot) -> str:
    """A subzone's name (``t1-b2``). Written out each time: with the cells' names a C global of
    the compiled build, that costs less than hashing the spot to find it in a table."""
    return subzone_name(spot[0], spot[1])


def route(state: DNZState, start: Spot, goal: Spot, to_goal: dict[Spot, int]) -> list[str]:
    """The way from ``start`` to ``goal`` an enemy follows: one of the shortest over the static
    obstacles (``to_goal``: the steps left to the goal from each subzone), each step as
    step_towards takes it (the noisiest, then the first in tile order), named ``t1-b2``."""
    tile = state.tiles[start[0]]
    if (
        not state.noise
        and not tile.markers
        and goal[0] == start[0]
        and (not tile.slot or len(state.locations[tile.slot].tiles) == 1)
    ):  # one tile, nothing on it that closes a way, no noise: the tile side's own way (most routes)
        return list(_open_route(tile.geo, start[0], start[1], goal[1]))
    out = [subzone(start)]
    spot, left = start, to_goal.get(start)
    if left is None:
        return out
    group = group_of(state, start[0])
    closed = {tid: set(state.tiles[tid].closed()) for tid in group}
    while left > 0:
        options = [n for n in steps_from(state, spot, closed) if to_goal.get(n, 99) == left - 1]
        if not options:
            break
        spot = way_on(state, options)
        left -= 1
        out.append(subzone(spot))
    return out


def way_on(state: DNZState, options: list[Spot]) -> Spot:
    """The step an enemy takes among ``options`` (each as close to its goal): the noisiest
    subzone, then the first in tile order (the lowest cell), the first listed among equals."""
    best = options[0]
    if state.noise:
        best_key = (noise_at(state, subzone(best)), -best[1])
        for n in options:
            key = (noise_at(state, subzone(n)), -n[1])
            if key > best_key:
                best, best_key = n, key
    else:  # no noise counter anywhere: the first in tile order
        for n in options:
            if n[1] < best[1]:
                best = n
    return best


def _open_route(geo: TileGeometry, tile: str, start: int, goal: int) -> tuple[str, ...]:
    """:func:`_walk_open_route`, kept once made (up to 4,096 routes)."""
    key = (geo, tile, start, goal)
    found = _OPEN_ROUTES.get(key)
    if found is None:
        if len(_OPEN_ROUTES) >= 4096:
            _OPEN_ROUTES.clear()
        found = _OPEN_ROUTES[key] = _walk_open_route(geo, tile, start, goal)
    return found


_OPEN_ROUTES: Final[dict[tuple[TileGeometry, str, int, int], tuple[str, ...]]] = {}


def _walk_open_route(geo: TileGeometry, tile: str, start: int, goal: int) -> tuple[str, ...]:
    """route on a tile alone with no terrain marker and no noise anywhere: the steps left to the
    goal are the side's own distances (distances, _tile_distances), each step the first subzone in
    tile order among those one step closer. Worked out once for each tile side and pair of
    subzones (a route is a value: the trace copies it)."""
    to_goal = geo.dist[goal]
    out = [f"{tile}-{CELLS[start]}"]
    cell, left = start, to_goal[start]
    if left >= 99:  # not reachable: no route
        return tuple(out)
    while left > 0:
        options = [c for c in geo.open_moves[cell] if to_goal[c] == left - 1]
        if not options:
            break
        cell = min(options)
        left -= 1
        out.append(f"{tile}-{CELLS[cell]}")
    return tuple(out)
