"""Worked examples of the rulebook not covered by the section modules, played with scripted dice."""

from __future__ import annotations

from deadboard.games.day_night_z.board import INDEX
from deadboard.games.day_night_z.combat import one_attack
from deadboard.games.day_night_z.spawn import enemy_profile, place_enemies

from .helpers import act, enemy, fresh, legal, put, script, tile


def test_eliminating_a_crawler_grants_two_survival_points() -> None:
    """ "Example: Eliminating a Crawler grants 2 survival points." """
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    crawler = enemy(state, "crawler", t, "c2")
    swift.sp = 0
    script(state, "green", "green", "green", "green")
    killed, _ = one_attack(state, swift, crawler, "colt-1911", "ranged", False)
    assert killed and swift.sp == 2 and crawler not in state.enemies
    assert state.tiles[t.id].corpses.get(INDEX["c2"])  # "replaced by a corpse marker"


def test_the_walker_has_more_actions_health_and_an_evasion_penalty_by_night() -> None:
    """ "If we have a look at both sides of the Walker enemy profile card, we see that it has more
    actions, health and an evasion penalty by night, etc." """
    state = fresh()
    day = enemy_profile(state, "walker")
    state.clock = state.clock.tick(21 - state.clock.hour)[0]
    assert state.night
    night = enemy_profile(state, "walker")
    assert night.actions > day.actions and night.health > day.health and night.evasion < day.evasion


def test_a_fire_marker_negates_the_numbers_of_its_subzone() -> None:
    """ "Terrain markers negate the icons contained in the subzone where they are placed, but the
    rules of the terrain marker are applied as normal": no enemy is placed under a fire marker, the
    next number takes its turn."""
    state = fresh()
    t = tile(state, "10b")
    order = t.geo.numbers["green"]
    t.markers[order[0]] = "fire"
    placed = place_enemies(state, t, ["walker"] * 2)
    assert [e.cell for e in placed] == [order[1], order[2]]


def test_with_the_green_subzones_full_the_rest_go_to_yellow_skipping_a_full_one() -> None:
    """ "Let's assume that we are at Green Threat level and must place 15 zombies. Given that this
    tile has only 3 subzones available for enemy placement and that every subzone only allows a
    maximum of 4 miniatures, we still have 3 zombies to place. To solve this, we'll use the next
    threat color (green is full, then it's yellow)". Parking (01a) with a fire marker on its green
    2 leaves three green subzones (12 zombies); its yellow 1 and 2 are green subzones too (full),
    so the last three go to yellow 3, 4 and 5."""
    state = fresh()
    t = tile(state, "01a")
    green, yellow = t.geo.numbers["green"], t.geo.numbers["yellow"]
    t.markers[green[1]] = "fire"
    placed = place_enemies(state, t, ["walker"] * 15)
    assert len(placed) == 15
    assert {yellow[0], yellow[1]} <= {green[0], green[2], green[3]}
    assert [e.cell for e in placed[12:]] == [yellow[2], yellow[3], yellow[4]]


def test_jumping_checks_agility_with_a_penalty_of_two() -> None:
    """ "Location tile with subzone to jump. The action has a penalty of -2 against the attribute
    check." and "In case of success, he places his miniature in the street zone with the
    location-access icon": Swift (Agility 2 by day) rolls 1 die."""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "05b", "s2")
    put(state, swift, t, "c2")
    assert t.geo.terrain[INDEX["c2"]] == "j" and "jump swift no" in legal(state)
    script(state, "green")
    act(state, "jump swift no")
    check = next(e for e in reversed(state.log) if e.kind == "check")
    assert check.data is not None and check.data["dice"] == 1 and check.data["success"]
    assert not swift.tile and swift.zone == "s2"


def test_they_arrive_activates_if_there_are_survivors_in_an_area_with_noise() -> None:
    """ "Some threat cards activate if noise is made (e.g. "They Arrive" activates if there are
    survivors in an area with noise)." """
    from deadboard.games.day_night_z.cards import meets
    from deadboard.games.day_night_z.concepts import add_noise

    state = fresh()
    swift = state.survivor("swift")
    card = next(c for c in state.content.threat_rows.values() if c.name == "They Arrive")
    assert not meets(state, swift, card)
    add_noise(state, swift.where)
    assert meets(state, swift, card)


def test_a_hit_needs_the_health_levels_colour() -> None:
    """ "If he got a green star, a silent icon, and a red target result at yellow health level: The
    Walker suffers the damage indicated in the weapon's card (damage 1)": at yellow health the red
    face hits, the green one does not."""
    state = fresh()
    swift = state.survivor("swift")
    swift.health = 5
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    walker = enemy(state, "walker", t, "c2")
    script(state, "green", "skull", "skull", "skull")
    assert not one_attack(state, swift, walker, "colt-1911", "ranged", False)[0]
    script(state, "green", "skull", "red", "skull")
    assert one_attack(state, swift, walker, "colt-1911", "ranged", False)[0]
