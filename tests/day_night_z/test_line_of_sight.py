"""Rulebook §3.11, line of sight: traced from the corners themselves (docs/rulings/day-night-z.md,
"Line of sight")."""

from __future__ import annotations

from deadboard.core import Setup
from deadboard.games.day_night_z.board import CELLS, INDEX, N, TileGeometry, tile_geometry
from deadboard.games.day_night_z.content import load_content

from .helpers import GAME, enemy, legal, put, tile


def test_a_line_touching_a_blocked_subzone_at_its_corner_is_uninterrupted() -> None:
    """ "the attacker chooses a corner of the subzone he occupies and traces uninterrupted straight
    lines towards two different corners of the subzone occupied by the target." Parking (01a):
    from a1's corner the lines to d3's two upper corners pass c3 (blocked terrain) only at its
    corner point, so a1 and d3 see each other; a line through c3 itself is interrupted."""
    geo = tile_geometry(load_content().tiles["01a"])
    assert geo.terrain[INDEX["c3"]] == "B"
    a1, d3 = INDEX["a1"], INDEX["d3"]
    assert geo.sees(a1, d3) and geo.sees(d3, a1)
    # c4 to c2: every line between them crosses c3
    assert not geo.sees(INDEX["c4"], INDEX["c2"])


def test_a_loaded_gun_is_offered_the_walker_in_sight() -> None:
    """ "In order to make an attack, the target miniature must be in the LoS of the attacking one."
    Night watch, one survivor: Swift on the Parking's access a4 with his Colt 1911 sees a walker in
    d2 (the lines pass the blocked c3 at its corner) and is offered to shoot it."""
    state = GAME.new(Setup("night-watch", players=1), 1402)
    t = tile(state, "01a", "s1")
    swift = state.survivors[0]
    put(state, swift, t, "a4")
    walker = enemy(state, "walker", t, "d2")
    assert t.geo.sees(INDEX["a4"], INDEX["d2"])
    assert f"attack swift {walker.id} colt-1911 ranged no" in legal(state)


def test_lines_through_the_diagonal_intersection_of_two_obstacles_are_interrupted() -> None:
    """ "A LoS can't be drawn through the diagonal intersection of any combination of subzones
    containing 4 miniatures, terrain markers with the blocked-terrain icon, blocked terrain (solid
    red lines) or walls." Traced from the corners themselves, a1 and b2 share a corner: with b1 and
    a2 holding 4 miniatures every line between them passes that intersection."""
    state = GAME.new(Setup("first-steps", players=1), 1)
    geo = tile(state, "10b").geo
    a1, b2, b1, a2 = INDEX["a1"], INDEX["b2"], INDEX["b1"], INDEX["a2"]
    assert not geo.sees(a1, b2, {b1, a2}) and not geo.sees(b2, a1, {b1, a2})
    assert geo.sees(a1, b2, {b1}) and geo.sees(a1, b2, {a2})


def test_a_corner_on_a_wall_belongs_to_its_own_subzone() -> None:
    """ "WALLS ... They prevent LoS and movement": a line does not leave a subzone through a wall
    ending at its corner. Office (01b), a wall between b3 and c3: b3 and c3 do not see each other;
    on the Warehouse side (04a), a wall between a2 and a3: a1 and a2 are behind it from a3, b1 and
    b2 see a3 past the wall's end."""
    content = load_content()
    office = tile_geometry(content.tiles["01b"])
    assert not office.sees(INDEX["b3"], INDEX["c3"]) and not office.sees(INDEX["c3"], INDEX["b3"])
    side = tile_geometry(content.tiles["04a"])
    a3 = INDEX["a3"]
    assert not side.sees(INDEX["a1"], a3) and not side.sees(INDEX["a2"], a3)
    assert side.sees(INDEX["b1"], a3) and side.sees(INDEX["b2"], a3)


def test_a_line_running_between_two_obstacles_is_interrupted() -> None:
    """Along the edge two subzones share, a line runs between them: with both holding 4
    miniatures it is interrupted (as at their diagonal intersection); beside one it is not."""
    content = load_content()
    side = content.tiles["04a"].model_copy(update={"walls": (), "cells": ("....",) * 4})
    geo = TileGeometry(side)
    a1, d1 = INDEX["a1"], INDEX["d1"]
    # a1 -> d1: every line from a corner of a1 to one of d1 crosses b1, except those along row 1's
    # edges, and from one corner these are superposed
    assert geo.sees(a1, d1)
    assert not geo.sees(a1, d1, {INDEX["b1"]})
    assert geo.sees(INDEX["a2"], INDEX["d2"], {INDEX["b1"]})  # b1 is only beside the lines


def test_the_tables_are_worked_out_once_per_tile_side() -> None:
    """The sight of a tile side is kept: asking again works nothing out again."""
    geo = tile_geometry(load_content().tiles["03a"])
    for a in range(N):
        for b in range(N):
            geo.sees(a, b)
    rows = list(geo._los)
    assert all(r is not None for r in rows)
    for a in range(N):
        for b in range(N):
            geo.sees(a, b, {5})
    assert all(x is y for x, y in zip(rows, geo._los, strict=True))
    assert tile_geometry(load_content().tiles["03a"]) is geo
    assert len(CELLS) == N
