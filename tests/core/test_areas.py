"""Area graphs (core): areas with capacity, exits with costs, sight, tiles placed and discarded —
and The Night's square grid as a builder that answers exactly as the grid does."""

from __future__ import annotations

import pytest

from deadboard.core.areas import INF, Area, AreaGraph, Exit, grid_graph
from deadboard.core.grid import INF as GRID_INF
from deadboard.games.the_night.content import load_content


def _city() -> AreaGraph:
    # street-1 -- street-2 -- alley ; the alley is flooded (costs 2 to enter)
    return AreaGraph(
        [Area("street-1"), Area("street-2"), Area("alley", capacity=4, tags=frozenset({"flooded"}))],
        {
            "street-1": [Exit("street-2")],
            "street-2": [Exit("street-1"), Exit("alley", 2)],
            "alley": [Exit("street-2")],
        },
        sight={"street-1": {"street-2": (), "alley": ("door-3",)}, "street-2": {"street-1": ()}},
    )


def test_movement_costs_distances_and_paths() -> None:
    city = _city()
    assert city.distance("street-1", "alley") == 3
    assert city.path("street-1", "alley") == ["street-1", "street-2", "alley"]
    assert city.distances("street-1", passable=lambda a: a != "street-2") == {"street-1": 0}
    assert city.path("street-1", "alley", passable=lambda a: a != "street-2") is None
    assert city.cost("street-2", "alley") == 2 and city.cost("alley", "street-1") is None


def test_capacity_limits_the_figures_in_an_area() -> None:
    city = _city()
    assert city.has_room("alley", 3) and not city.has_room("alley", 4)
    assert city.has_room("street-1", 99)


def test_sight_follows_its_lines_and_their_blockers() -> None:
    city = _city()
    assert city.sees("street-1", "street-2")
    assert city.sees("street-1", "alley") and not city.sees(
        "street-1", "alley", closed=lambda b: b == "door-3"
    )
    assert not city.sees("alley", "street-1")  # sight need not be symmetric
    assert city.visible("street-1") == ["street-1", "street-2", "alley"]


def test_an_exit_to_no_area_is_refused() -> None:
    with pytest.raises(ValueError):
        AreaGraph([Area("x")], {"x": [Exit("nowhere")]})


def test_the_night_grid_as_an_area_graph_has_the_same_distances_and_sight() -> None:
    grid = load_content().grid
    graph = grid_graph(grid)
    names = grid.names
    sources = [s for s in range(0, grid.n, 7) if grid.passable[s]]
    for s in sources:
        bfs = grid.bfs((s,), grid.adjacent8)
        dist = graph.distances(names[s])
        for t in range(grid.n):
            if grid.passable[t]:
                assert dist.get(names[t], INF) == (INF if bfs[t] == GRID_INF else bfs[t])
    openings = len(grid.openings)
    for closed in ([False] * openings, [True] * openings, [k % 2 == 0 for k in range(openings)]):
        for s in sources:
            for t in range(grid.n):
                if grid.passable[t]:
                    assert graph.sees(names[s], names[t], closed.__getitem__) == grid.sees(s, t, closed)


def test_the_zombie_dawn_zone_map_as_an_area_graph_has_the_same_reach() -> None:
    """Zombie Dawn's map: squares tagged with their terrain, exits to the orthogonal neighbours and
    between highway exits; its three ways of moving are distances with a passable test."""
    from deadboard.core import Rng, Setup, get_game
    from deadboard.games.zombie_dawn.board import ROADS, WADE, WALK

    game = get_game("zombie-dawn")
    state = game.new(Setup("standard", players=2), 1)
    chooser = Rng(1)
    while state.board is None:  # play the setup until the map is laid out
        legal = game.legal_actions(state)
        game.apply_unchecked(state, legal[chooser.below(len(legal))])
    board = state.board
    names = board.names

    def tags(sq: int) -> frozenset[str]:
        return frozenset(t for t, on in (("water", board.water[sq]), ("road", board.road[sq])) if on)

    graph = AreaGraph(
        [Area(names[sq], tags=tags(sq)) for sq in range(board.n)],
        {names[sq]: [Exit(names[o]) for o in board.adj_w[sq]] for sq in range(board.n)},
    )

    def dry(a: str) -> bool:
        return "water" not in graph.areas[a].tags

    def road(a: str) -> bool:
        return "road" in graph.areas[a].tags

    passable = {WALK: dry, WADE: None, ROADS: road}
    for sq in range(0, board.n, 3):
        if board.water[sq]:
            continue
        for steps in (1, 2, 3):
            for mode in (WALK, WADE, ROADS):
                if mode == ROADS and not board.road[sq]:
                    dist = {}
                else:
                    dist = graph.distances(names[sq], passable[mode], limit=steps)
                ends = sorted(board.index[a] for a in dist if a != names[sq] and dry(a))
                assert tuple(ends) == board.reach(sq, steps, mode), (names[sq], steps, mode)
