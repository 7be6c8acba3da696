"""Rulebook §3.10 (terrain), §3.11 (line of sight), §3.12 (spawn and placement), §4 (actions) — the
worked examples with scripted dice."""

from __future__ import annotations

from deadboard.games.day_night_z import actions as A
from deadboard.games.day_night_z.board import CELLS, INDEX
from deadboard.games.day_night_z.combat import one_attack
from deadboard.games.day_night_z.movement import move
from deadboard.games.day_night_z.spawn import place_enemies, place_marker

from .helpers import act, enemy, fresh, legal, on_top, put, script, tile


def test_flooded_subzone_costs_two_ap_or_one_and_a_stress_point() -> None:
    """ "If Swift wants to move to a flooded subzone, he'll have to spend 2 AP's. If short of AP's
    ... he'd just spend 1 AP but would gain a stress point in exchange.\""""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "01b")  # a4 is flooded
    for ap, left, stress in ((3, 1, 0), (1, 0, 1)):
        put(state, swift, t, "a3")
        swift.ap, swift.stress = ap, 0
        move(state, swift, A.Move("swift", f"{t.id}-a4", False))
        assert (swift.ap, swift.stress, CELLS[swift.cell]) == (left, stress, "a4")


def test_high_terrain_adds_one_die_to_ranged_attacks() -> None:
    """ "when Swift makes ranged attacks against the Walker his Ranged attribute is 5 (4+1)\""""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "01a")  # b2 is high
    put(state, swift, t, "b2")
    walker = enemy(state, "walker", t, "b4")
    script(state, "skull", "skull", "skull", "skull", "green")
    assert one_attack(state, swift, walker, "colt-1911", "ranged", False)[0]
    assert state.log[-3].data["dice"] == 5 or any(e.data and e.data.get("dice") == 5 for e in state.log[-4:])


def test_fire_marker_is_placed_on_the_subzone_with_the_rolled_icon() -> None:
    """ "A die is rolled and the result is a green target mark. The terrain marker is placed on the
    tile's subzone containing the same icon that was rolled.\""""
    state = fresh()
    t = tile(state, "01a")
    script(state, "green")
    cell = place_marker(state, t, "fire")
    assert cell == t.geo.icons["green"] and t.markers[cell] == "fire"


def test_a_subzone_with_four_miniatures_blocks_line_of_sight() -> None:
    """ "he has no LoS towards the Walker placed behind ... as it's interrupted by a subzone containing
    4 other miniatures.\""""
    state = fresh()
    t = tile(state, "10b")  # an open tile
    a, mid, b = INDEX["a2"], INDEX["b2"], INDEX["c2"]
    assert t.geo.sees(a, b, set())
    assert not t.geo.sees(a, b, {mid})


def test_enemies_are_placed_green_1_2_3_4_then_round_again() -> None:
    """ "At Green Threat level, the enemies will be placed in the following order: 1 green, 2 green,
    3 green, 4 green, 1 green, 2 green, etc.\""""
    state = fresh()
    t = tile(state, "10b")
    placed = place_enemies(state, t, ["walker"] * 6)
    order = t.geo.numbers["green"]
    assert [e.cell for e in placed] == [order[0], order[1], order[2], order[3], order[0], order[1]]


def test_a_terrain_marker_with_000_is_the_first_place() -> None:
    """ "If there are terrain markers with the numbers 0 0 0, they will be considered as the first
    option to place enemies.\""""
    state = fresh()
    t = tile(state, "10b")
    t.markers[INDEX["b3"]] = "noisy"
    placed = place_enemies(state, t, ["walker"])
    assert placed[0].cell == INDEX["b3"]


def test_a_full_tile_discards_the_rest() -> None:
    """ "we must place 5 zombies in a tile ... Given that we only have space left for 3 more zombies
    ..., the 2 remaining are discarded and won't be placed.\""""
    from deadboard.games.day_night_z.state import Enemy

    state = fresh()
    t = tile(state, "10b")
    numbered = sorted({c for cells in t.geo.numbers.values() for c in cells})
    for k, c in enumerate(numbered):
        for j in range(4 if k >= 3 else 3):
            state.enemies.append(Enemy(f"extra{k}x{j}", "crawler", t.id, c))
    placed = place_enemies(state, t, ["walker"] * 5)
    assert len(placed) == 3 and max(state.counts(t.id)) == 4


def test_no_more_enemies_than_the_box_holds() -> None:
    """The box holds 17 Walkers (§1): once all are in play no more can be placed."""
    state = fresh()
    t, u = tile(state, "10b"), tile(state, "10a", "s2")
    placed = place_enemies(state, t, ["walker"] * 12) + place_enemies(state, u, ["walker"] * 12)
    assert len(placed) == 17 and len({e.id for e in placed}) == 17


def test_the_crawler_is_placed_before_the_walker() -> None:
    """ "as the Crawler has the highest initiative value (5 vs 2), we will place it before the Walker.\""""
    from deadboard.games.day_night_z.spawn import by_initiative

    state = fresh()
    assert by_initiative(state, ("walker", "crawler")) == ["crawler", "walker"]


def test_agility_check_to_leave_a_crawler_and_a_walker_rolls_one_die() -> None:
    """ "by day, their penalties are -1 and 0 respectively. Swift has an AGILITY value of 2, but he
    will check it with just one die (2 from the attribute, -1 penalty).\""""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    enemy(state, "crawler", t, "b2")
    enemy(state, "walker", t, "b2")
    swift.ap = 3
    script(state, "skull")
    move(state, swift, A.Move("swift", f"{t.id}-c2", False))
    checks = [e for e in state.log if e.kind == "check"]
    assert checks[-1].data["dice"] == 1 and CELLS[swift.cell] == "b2" and swift.ap == 2


def test_no_line_of_sight_through_a_diagonal_intersection_of_obstacles() -> None:
    """ "A LoS can't be drawn through the diagonal intersection of any combination of subzones
    containing 4 miniatures, terrain markers with the blocked-terrain icon, blocked terrain ... or walls.\""""
    state = fresh()
    t = tile(state, "10b")
    a1, b2, b1, a2 = INDEX["a1"], INDEX["b2"], INDEX["b1"], INDEX["a2"]
    assert not t.geo.sees(a1, b2, {b1, a2})
    assert t.geo.sees(a1, b2, {b1})


def test_walls_block_sight_and_movement() -> None:
    """ "WALLS ... They prevent LoS and movement." (Office: a wall between b3 and c3.)"""
    state = fresh()
    t = tile(state, "01b")
    b3, c3 = INDEX["b3"], INDEX["c3"]
    assert not t.geo.sees(b3, c3) and c3 not in t.geo.moves(b3, set())


def test_blocked_subzones_cannot_be_entered_nor_passed_diagonally_between_two() -> None:
    """ "Forbidden movements: Towards subzones occupied by 4 miniatures. Through blocked terrain ...
    Through the diagonal intersection of any combination of previously mentioned subzones.\""""
    state = fresh()
    t = tile(state, "10b")
    a1, b2, b1, a2 = INDEX["a1"], INDEX["b2"], INDEX["b1"], INDEX["a2"]
    assert b2 not in t.geo.moves(a1, {b1, a2})
    assert b2 in t.geo.moves(a1, {b1})
    assert b2 not in t.geo.moves(a1, {b2})


def test_a_vehicle_is_blocked_terrain_that_lets_a_survivor_in_once_searched() -> None:
    """ "Some blocked terrain markers (vehicles) allow passage once inside (see Actions "Search
    item")" and "Terrain markers without a code (blocked terrain, fire terrain, impassable
    terrain/vehicle)": a vehicle blocks sight and movement and takes no enemy; it is searched like an
    item from its subzone's neighbours, and once searched figures may move into it."""
    from deadboard.games.day_night_z.survivor_actions import Turn

    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b")
    car = INDEX["b2"]
    t.markers[car] = "vehicle"
    put(state, swift, t, "a2")
    assert car in state.sight_blockers(t.id) and car in state.move_obstacles(t.id)
    assert not t.geo.sees(INDEX["a2"], INDEX["c2"], state.sight_blockers(t.id))
    state.steps.clear()
    swift.ap = 3
    state.steps.append(Turn(0, "swift", 3))
    options = legal(state)
    assert f"move swift {t.id}-b2 no" not in options
    assert f"search-item swift {t.id}-b2 no" in options
    on_top(state, "search", "water")
    script(state, *["green"] * (2 + state.content.search["water"].search))
    act(state, f"search-item swift {t.id}-b2 no")
    assert "water" in swift.items
    assert car not in state.move_obstacles(t.id) and car in state.sight_blockers(t.id)
    assert f"move swift {t.id}-b2 no" in legal(state)
    assert f"search-item swift {t.id}-b2 no" not in legal(state)  # "An item can only be searched once."
    placed = place_enemies(state, t, ["walker"] * 30)
    assert all(e.cell != car for e in placed)  # no 0 0 0 code: never a place for enemies
