"""Rulebook §4: the actions, with the rulebook's examples."""

from __future__ import annotations

from deadboard.games.day_night_z.board import CELLS, INDEX

from .helpers import act, enemy, fresh, legal, on_top, put, script, tile


def test_spending_a_supply_is_free_then_two_ap_move_two_zones() -> None:
    """ "Kevin Swift decides to spend 1 supply to recover 1 health point (free action); next, he
    decides to use his 2 AP's to move through 2 ZONES on the city board.\""""
    state = fresh()
    swift = state.survivor("swift")
    swift.health = 5
    swift.ap = 2
    act(state, "supply swift")
    assert swift.health == 6 and swift.supplies == 0 and swift.ap == 2
    act(state, "move swift s1 no")
    act(state, "move swift s2 no")
    assert swift.zone == "s2" and state.turn == 2  # the activation ended with the AP spent


def test_ending_movement_in_an_empty_street_zone_draws_a_city_encounter() -> None:
    """ "if in point 2 there's no tile or miniatures deployed, the survivor draws a city encounter
    card which will be resolved during the appropriate phase.\""""
    state = fresh()
    on_top(state, "encounter", "empty-street")
    act(state, "move swift s1 no")
    act(state, "end swift")
    assert state.survivor("swift").sp == 1  # "Empty Street" was resolved in the encounter phase


def test_the_stop_sign_ends_the_activation_and_the_reserve_is_used_after_the_encounter() -> None:
    """ "he spends another AP to move to the alley zone (STOP). Even though he still has 1 AP ... he
    must immediately end his activation ... (and, if possible, he'll use the remaining AP).\""""
    state = fresh()
    swift = state.survivor("swift")
    on_top(state, "encounter", "supplies-cache")
    act(state, "move swift s1 no")
    act(state, "move swift x1 no")
    assert swift.supplies == 2  # the encounter was resolved
    assert state.decision is not None and state.decision.kind == "turn" and swift.ap == 1
    assert "from the reserve" in state.decision.prompt


def test_a_surprise_zone_is_resolved_at_once_and_the_activation_goes_on() -> None:
    """ "Once placed the miniature in that zone he must end for a moment his activation, turn the
    surprise card and apply its rules ... the survivor activates again, having still 1 AP\""""
    state = fresh()
    swift = state.survivor("swift")
    swift.zone = "s2"
    state.surprises["s3"] = "stash"
    act(state, "move swift s3 no")
    assert swift.supplies == 3 and swift.ap == 2 and "s3" not in state.surprises
    act(state, "move swift s2 no")
    act(state, "move swift s3 no")  # "consider the surprise zone as a normal street zone"
    assert swift.supplies == 3


def test_entering_the_fire_station_deploys_the_parking_and_explores() -> None:
    """ "(B) ... he turns the location card (Fire Station) and deploys the "Parking" tile. (C) ... places
    the survivor miniature in the tile's access subzone (costs 1 AP). (D) ... draws an exploration card
    ... 1) Place the fire marker 2) Place a search marker 3) ... At Green Threat level and with one single
    player ... 2 spawn cards showing 3 Walkers that will be placed on the subzones with no. 1, 2 and 3
    green.\""""
    state = fresh()
    swift = state.survivor("swift")
    swift.zone = "s5"
    on_top(state, "exploration", "signs-of-struggle")
    on_top(state, "spawn", "s01", "s02")  # 2 Walkers, then 1 Walker at green
    parking = state.content.tiles["01a"]
    script(state, "red", "gold")  # the fire marker's icon, then the search marker's
    act(state, "enter swift L2")
    t = next(iter(state.tiles.values()))
    assert (
        t.geo.side is parking and swift.tile == t.id and CELLS[swift.cell] == parking.access and swift.ap == 2
    )
    assert t.markers == {t.geo.icons["red"]: "fire"} and t.search_marks == {t.geo.icons["gold"]}
    green = [c for c in t.geo.numbers["green"] if c not in t.markers]
    assert sorted(e.cell for e in state.enemies) == sorted(green[:3])
    assert state.decision is not None and state.decision.kind == "turn"


def test_entering_an_explored_location_draws_only_its_spawn_cards() -> None:
    """ "no exploration cards will be drawn for that location, but just the number of spawn cards
    indicated in the location card (2 cards)\""""
    state = fresh()
    swift = state.survivor("swift")
    swift.zone = "s5"
    state.locations["L2"].visited = True
    state.locations["L2"].explored.add(0)
    before = list(state.decks["exploration"])
    on_top(state, "spawn", "s01", "s02")
    act(state, "enter swift L2")
    assert state.decks["exploration"] == before and len(state.enemies) == 3


def test_moving_into_a_zone_with_a_deployed_city_tile_places_the_survivor_on_its_access() -> None:
    """ "when Swift reaches the zone (1 AP cost), he is placed in the access subzone of that tile. Now
    Swift has 2 AP's remaining\""""
    state = fresh(2)
    olsson, swift = state.survivor("lebeu"), state.survivor("swift")
    t = tile(state, "08a", "s1")
    put(state, olsson, t, "b2")
    state.steps.clear()
    from deadboard.games.day_night_z.survivor_actions import Turn

    swift.ap = 3
    state.steps.append(Turn(0, "swift", 3))
    act(state, "move swift s1 no")
    assert swift.tile == t.id and swift.cell == t.geo.access and swift.ap == 2


def test_leaving_a_city_tile_costs_1_ap_and_discards_it() -> None:
    """ "he'll have to use 1 AP in order to move towards the subzone's exit. From there, he decides to
    exit the tile, spending another AP ... before withdrawing the deployed tile.\""""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "08a", "s1")
    put(state, swift, t, "d1")  # the exit subzone
    enemy(state, "walker", t, "a4")
    swift.ap = 3
    before = state.threat
    act(state, "leave swift s2")
    assert swift.zone == "s2" and not swift.tile and t.id not in state.tiles
    assert state.threat == before + 1 and not state.enemies


def test_explore_rolls_the_die_for_the_next_zone() -> None:
    """ "Swift's player rolls the die and obtains the target-mark icon, so the new deployed tile will
    be "office"." The card: the zone's terrain marker (noise), a search marker, 2 spawn cards."""
    state = fresh()
    swift = state.survivor("swift")
    swift.zone = "s5"
    state.locations["L2"].visited = True
    state.locations["L2"].explored.add(0)
    on_top(state, "spawn", "s03", "s04")
    act(state, "enter swift L2")
    state.enemies.clear()
    parking = next(iter(state.tiles.values()))
    swift.cell = parking.geo.exit
    on_top(state, "exploration", "signs-of-struggle")
    on_top(state, "spawn", "s01", "s02")
    office = state.content.tiles["01b"]
    script(state, "green", "skull", "skull-infection")
    act(state, "explore swift")
    new = next(t for t in state.tiles.values() if t is not parking)
    assert new.geo.side is office and parking.links[parking.geo.exit] == (new.id, new.geo.access)
    assert list(new.markers.values()) == ["noisy"] and new.markers == {new.geo.icons["skull"]: "noisy"}
    assert new.search_marks == {new.geo.icons["skull-infection"]}
    assert len(state.enemies) == 3 and all(e.tile == new.id for e in state.enemies)
    assert swift.tile == parking.id and swift.ap == 2  # explore is free


def test_search_zone_draws_perception_cards_and_checks_with_the_zone_modifier() -> None:
    """ "his perception value by day is 2, so he draws 2 search cards. He decides to try to find the
    knife ... Perception: 2 dice; Search card modifier: 0 dice; Zone modifier: -1 dice. He finally
    makes a Perception check with 1 die.\""""
    state = fresh()
    swift = state.survivor("swift")
    state.locations["L2"].visited = True
    office = tile(state, "01b", "s5")
    office.slot, office.index = "L2", 1
    state.locations["L2"].tiles.append(office.id)
    put(state, swift, office, "b1")
    swift.ap = 3
    from deadboard.core.kernel import refresh
    from deadboard.games.day_night_z.survivor_actions import Turn

    state.steps.append(Turn(0, "swift", 3))
    refresh(state)
    on_top(state, "search", "knife", "crowbar")
    act(state, "search-zone swift no")
    assert legal(state) == ["keep swift knife", "keep swift crowbar"]
    script(state, "gold")
    act(state, "keep swift knife")
    check = [e for e in state.log if e.kind == "check"][-1]
    assert check.data["dice"] == 1 and "knife" in swift.items


def test_hiding_among_corpses_needs_no_zombie_in_either_subzone() -> None:
    """ "Swift wants to hide among corpses, but, despite being adjacent to a corpse marker, the condition
    that there must not be a zombie in the subzone is not met. Olsson ... could do it\""""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b", "s1")
    put(state, swift, t, "b2")
    t.corpses[INDEX["c2"]] = [0]
    swift.ap = 3
    from deadboard.games.day_night_z.survivor_actions import Turn

    state.steps.append(Turn(0, "swift", 3))
    assert f"hide swift {t.id}-c2" in legal(state)
    walker = enemy(state, "walker", t, "b2")
    assert f"hide swift {t.id}-c2" not in legal(state)
    state.enemies.remove(walker)
    script(state, "skull-infection", "green", "green")
    act(state, f"hide swift {t.id}-c2")
    assert swift.hidden and swift.infection == 1 and not t.corpses


def test_a_hidden_survivor_is_not_attacked() -> None:
    """ "While hidden among corpses, Olsson — despite the 2 Walkers present in the tile — won't be
    attacked by them\""""
    from deadboard.games.day_night_z.enemies import act as enemy_act

    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b", "s1")
    put(state, swift, t, "b2")
    swift.hidden = True
    w = enemy(state, "walker", t, "b2")
    card = state.content.threat_rows[state.content.threats[0].id]
    assert not enemy_act(state, w, card) and swift.health == 8


def test_defensive_position_once_per_turn() -> None:
    """ "Increments the survivor's passive defense by 1 point ... Limited to once per turn.\""""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b", "s1")
    put(state, swift, t, "b2")
    swift.ap = 3
    from deadboard.games.day_night_z.survivor_actions import Turn

    state.steps.append(Turn(0, "swift", 3))
    act(state, "defend swift")
    assert swift.defensive and "defend swift" not in legal(state)


def test_rest_is_a_complete_turn_and_lowers_stress_by_one() -> None:
    """ "Allows the survivor to reduce 1 stress point" (complete turn action)."""
    state = fresh()
    swift = state.survivor("swift")
    swift.stress = 3
    assert "rest swift" in legal(state)
    act(state, "rest swift")
    assert swift.stress == 2


def test_lowering_the_threat_may_be_shared_among_survivors() -> None:
    """ "The survivors will have to spend the amount of survival points indicated in the Threat Level
    Adjustment table of the City board. This may be done by one survivor or shared among several of
    them.\""""
    state = fresh(2)
    swift, lebeu = state.survivors
    state.threat = 3  # 4 GREEN: 2 survival points a unit
    swift.sp, lebeu.sp = 1, 3
    act(state, "first swift")
    act(state, "lower-threat swift")
    assert legal(state) == ["pay swift lebeu"]
    act(state, "pay swift lebeu")
    assert state.threat == 2 and (swift.sp, lebeu.sp) == (0, 2)


def test_leaving_an_alley_also_ends_the_activation() -> None:
    """ "Moving from alley zone to street zone: Follow the same steps as Moving from street zone to
    alley zone" (the activation ends there)."""
    state = fresh()
    swift = state.survivor("swift")
    swift.zone = "x1"
    on_top(state, "encounter", "empty-street")
    act(state, "move swift s6 no")
    assert swift.zone == "s6" and swift.ap == 2
    assert state.decision is not None and "from the reserve" in state.decision.prompt


def test_exploration_cannot_go_on_when_every_zone_is_deployed() -> None:
    """ "If none of the location zones is unexplored, exploration can't go on.\""""
    state = fresh()
    swift = state.survivor("swift")
    swift.zone = "s2"
    on_top(state, "exploration", "silent-rooms", "silent-rooms")
    on_top(state, "spawn", "s01", "s02", "s03", "s04")
    act(state, "enter swift L1")  # the Pharmacy: two zones
    counter = next(iter(state.tiles.values()))
    state.enemies.clear()
    swift.cell = counter.geo.exit
    act(state, "explore swift")
    assert len(state.tiles) == 2
    state.enemies.clear()
    dispensary = next(t for t in state.tiles.values() if t is not counter)
    swift.tile, swift.cell = dispensary.id, dispensary.geo.exit
    assert "explore swift" not in legal(state)


def test_a_surprise_zone_entered_from_a_tile_turns_its_surprise_card() -> None:
    """ "Moving from street zone to surprise zone: A survivor must end for a moment his activation
    and resolve the card" and "NOTE: Once the card is solved for the first time, consider the surprise
    zone as a normal street zone": until its card is solved the zone is no normal street zone, so a
    survivor leaving a deployed city tile into it turns the surprise card, not a city encounter."""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "08a", "s2")
    put(state, swift, t, CELLS[t.geo.exit])
    state.surprises["s3"] = "stash"
    swift.ap = 3
    act(state, "leave swift s3")
    assert swift.zone == "s3" and "s3" not in state.surprises and swift.supplies == 3
    assert not swift.encounter and swift.id not in state.pending and swift.ap == 2


def test_the_reserve_spent_in_the_city_encounter_phase_draws_no_card_and_is_not_kept() -> None:
    """ "NOTE: A survivor doesn't need to spend all his AP's during his activation and may keep some of
    them in Reserve to be used in an eventual CITY ENCOUNTER PHASE" and "If any survivor drew a City
    Encounter card during his activation, it is time to solve it": spending the reserve after his
    card is no activation: moving on to an empty street zone draws no second card, and what he does
    not spend is not kept for later (the next activation starts without a reserve)."""
    state = fresh()
    swift = state.survivor("swift")
    on_top(state, "encounter", "supplies-cache", "empty-street")
    act(state, "move swift s1 no")
    act(state, "move swift x1 no")  # the STOP sign: the card is resolved, 1 AP from the reserve
    assert state.decision is not None and "from the reserve" in state.decision.prompt
    act(state, "move swift s6 no")  # out of the alley: the reserve's use ends
    assert state.turn == 2 and swift.zone == "s6" and not state.pending
    assert sum(1 for e in state.log if e.kind == "encounter-drawn") == 1
    assert sum(1 for e in state.log if e.kind == "encounter") == 1
