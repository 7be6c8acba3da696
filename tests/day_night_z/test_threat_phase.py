"""Rulebook §2 (the threat phase), §3.1 (the Day-Night counter), §3.13 (the Hunter), §3.14 (enemy
activation): the worked examples with scripted dice."""

from __future__ import annotations

from deadboard.games.day_night_z.board import INDEX
from deadboard.games.day_night_z.cards import meets
from deadboard.games.day_night_z.enemies import act, activate_all
from deadboard.games.day_night_z.records import Threat
from deadboard.games.day_night_z.spawn import hunter_icon, leave_check
from deadboard.games.day_night_z.turn import ThreatPhase, advance_clock, fire

from .helpers import enemy, fresh, put, run, script, tile


def card(state, **changes) -> Threat:  # type: ignore[no-untyped-def]
    """The first threat card with ``changes``, as the rules read it (its plain copy, records.py)."""
    return Threat(state.content.threats[0].model_copy(update=changes))


def test_the_threat_card_is_drawn_from_the_bottom_of_the_deck() -> None:
    """ "Draw a THREAT card from the lower part of the deck\""""
    state = fresh()
    bottom = state.decks["threat"][0]
    ThreatPhase().run(state)
    assert state.last_threat == bottom


def test_shooting_with_ammo_left_meets_the_threat_condition() -> None:
    """ "Kevin Swift, during his activation, shot his pistol and still has some ammo; therefore, the
    card's conditions are met and the threat is activated.\""""
    state = fresh()
    swift = state.survivor("swift")
    c = card(state, condition="fired-ranged")
    assert not meets(state, swift, c)
    swift.fired = True
    assert meets(state, swift, c)
    swift.ammo = 0
    assert not meets(state, swift, c)


def test_a_howler_reads_the_conditions_from_the_top_for_each_action() -> None:
    """ "For its first action he starts with the condition described in the upper part and descends
    until meeting one of them (in this case: "moves towards the closest survivor in LoS"). For its
    second action, he starts again from the first condition ... ("attacks an adjacent survivor and
    advances").\""""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b", "s1")
    put(state, swift, t, "a1")
    howler = enemy(state, "howler", t, "c3")
    c = card(state, ai=("attack-advance", "move-los"))
    script(state)  # no die: it moves
    assert act(state, howler, c) and howler.cell == INDEX["b2"]
    script(state, "green")  # one die by day: a miss
    assert act(state, howler, c) and howler.cell == INDEX["a1"]  # ADVANCE: it attacks and moves in


def test_the_howler_group_activates_before_the_walker_group() -> None:
    """ "The Howler has Initiative 4 while the Walker has Initiative 2 ... all the miniatures in the
    "howler" group will activate before the "walker" group.\""""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b", "s1")
    put(state, swift, t, "a1")
    enemy(state, "walker", t, "d4")
    enemy(state, "howler", t, "d3")
    activate_all(state, card(state, ai=("move-closest",)))
    movers = [e.data["enemy"] for e in state.log if e.kind == "enemy-move"]
    kinds = [state.enemy(m).kind for m in movers]
    assert kinds[0] == "howler" and kinds[-1] == "walker"


def test_a_red_noise_counter_draws_zombies_by_move_noise() -> None:
    """Zombies move "towards the closest noise" by the card; the noisiest way is the least favourable."""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b", "s1")
    put(state, swift, t, "a1")
    w = enemy(state, "walker", t, "d4")
    state.noise[f"{t.id}-d1"] = (1, 0)
    assert act(state, w, card(state, ai=("move-noise",)))
    assert w.cell in (INDEX["c3"], INDEX["d3"])


def test_the_hunter_waits_in_the_stalk_area_then_spawns_beside_a_survivor_in_the_city() -> None:
    """ "the first time the Hunter icon appears during the Threat adjustment phase, the Hunter
    miniature will be placed in the stalk area ... next time ... with at least one survivor remaining
    in any city area, the Hunter spawns ... If the survivor ... is not placed in any tile, pick a random
    city tile ..., place the survivor in the access subzone, and the Hunter according to the normal
    rules of placement\""""
    state = fresh()
    swift = state.survivor("swift")
    hunter_icon(state)
    assert state.hunter == ""  # by day it does not come
    state.clock = state.clock.tick(13)[0]  # 22:00
    hunter_icon(state)
    assert state.hunter == "stalk" and not state.enemies
    hunter_icon(state)
    assert state.hunter == "board" and swift.tile and swift.cell == state.tiles[swift.tile].geo.access
    assert [e.kind for e in state.enemies] == ["hunter"]


def test_the_hunter_goes_back_to_the_stalk_area_when_the_survivors_leave_keeping_its_damage() -> None:
    """ "All survivors sharing the same city tile with the Hunter exit from it: remove immediately the
    Hunter miniature (apply Threat rise ...) and place it in the stalk area ... it will maintain any
    damage suffered\""""
    state = fresh()
    swift = state.survivor("swift")
    state.clock = state.clock.tick(13)[0]
    t = tile(state, "10b", "s1")
    put(state, swift, t, "d4")
    h = enemy(state, "hunter", t, "a1")
    h.damage = 3
    state.hunter = "board"
    swift.tile, swift.zone = "", "s2"
    before = state.threat
    leave_check(state, t.id)
    assert state.hunter == "stalk" and state.hunter_damage == 3 and state.threat == before + 2


def test_seven_in_the_morning_removes_the_hunter() -> None:
    """ "07:00 AM is reached in the Day-Night indicator: remove immediately the Hunter miniature\""""
    state = fresh()
    t = tile(state, "10b", "s1")
    enemy(state, "hunter", t, "a1")
    state.hunter = "board"
    state.clock = state.clock.tick(21)[0]
    advance_clock(state)
    assert state.hunter == "" and not state.enemies


def test_nine_at_night_raises_the_threat_and_three_in_the_afternoon_everyone_eats() -> None:
    """ "9:00 PM and 06:00 AM ...: Threat is increased by 1 point." "03:00 PM: all survivors must
    "eat" ... The survivor loses 1 health point per supply point not satisfied ... Each consumed supply
    this way grants 1 Health point\""""
    state = fresh(3)
    swift, lebeu, olsson = state.survivors
    swift.health, lebeu.health, olsson.health = 6, 6, 6
    olsson.supplies = 1  # needs 2
    state.clock = state.clock.tick(5)[0]  # 14:00
    advance_clock(state)
    assert (swift.health, lebeu.health, olsson.health) == (7, 7, 6)
    assert (swift.supplies, lebeu.supplies, olsson.supplies) == (0, 1, 0)
    state.clock = state.clock.tick(5)[0]  # 20:00
    before = state.threat
    advance_clock(state)
    assert state.threat == before + 1


def test_at_noon_infected_survivors_test_strength() -> None:
    """ "12:00 AM and 12:00 PM: All infected survivors must make a Strength test. Those who fail
    increase the infection level by 1 point.\""""
    state = fresh(2)
    swift, lebeu = state.survivors
    swift.infection = 1
    state.clock = state.clock.tick(2)[0]  # 11:00
    script(state, "skull", "skull")  # Swift's Strength 2: a failure
    assert run(state, advance_clock(state)) == []  # no survival point to spend: rolled at once
    assert swift.infection == 2 and lebeu.infection == 0


def test_every_miniature_by_a_fire_rolls_a_die() -> None:
    """ "at the end of the Threat phase, every adjacent miniature rolls 1 die: if the result is the
    skull icon, the miniature loses 1 health point.\""""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b", "s1")
    t.markers[INDEX["b2"]] = "fire"
    put(state, swift, t, "a1")
    far = enemy(state, "walker", t, "d4")
    script(state, "skull")
    fire(state)
    assert swift.health == 7 and far in state.enemies


def test_infection_icon_makes_each_infected_survivor_draw_an_infection_card() -> None:
    """ "every infected survivor must draw 1 infection card ... resolves immediately the card's
    effects for his level of infection.\""""
    from deadboard.games.day_night_z.turn import AdjustIcons

    state = fresh(2)
    swift, lebeu = state.survivors
    swift.infection = 2
    state.decks["infection"].append("black-veins")  # level 2: 1 damage
    c = card(state, hourglass=False, hunter=False, infection=True)
    run(state, [AdjustIcons(c)])
    assert swift.health == 7 and lebeu.health == 8


def test_a_location_with_a_survivor_left_in_another_tile_is_kept() -> None:
    """ "Should any of the tiles of the location had any other survivor, the tiles wouldn't be
    discarded, nor would the Threat level rise.\""""
    state = fresh(2)
    lebeu = state.survivor("lebeu")
    loc = state.locations["L2"]
    parking, office = tile(state, "01a", "s5"), tile(state, "01b", "s5")
    for k, t in enumerate((parking, office)):
        t.slot, t.index = "L2", k
        loc.tiles.append(t.id)
    put(state, lebeu, office, "b1")
    enemy(state, "walker", parking, "a1")
    before = state.threat
    leave_check(state, parking.id)  # Swift left the Parking; Lebeu is in the Office
    assert parking.id in state.tiles and state.threat == before


def test_advance_attacks_even_when_it_cannot_move_in() -> None:
    """ "If for any reason it couldn't move, the enemy will only attack, but the condition would
    still be met anyway.\""""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b", "s1")
    put(state, swift, t, "b2")
    for _ in range(3):
        enemy(state, "walker", t, "b2")
    w = enemy(state, "walker", t, "c2")
    script(state, "green")
    assert act(state, w, card(state, ai=("attack-advance",)))
    assert w.cell == INDEX["c2"]


def _ability_card(state):  # type: ignore[no-untyped-def]
    return next(c for c in state.content.threat_rows.values() if c.attack == "Special Ability")


def test_special_ability_cards_make_enemies_use_their_abilities() -> None:
    """ "The zombie AI can vary: normal, use of enemies' special abilities, ... (for example, cards
    named "Zombie Attack", "Fury", "Zombie Excitement", "Special Ability")": every enemy profile has
    an (authored) ability, and the deck holds "Special Ability" cards whose first line is "ability"."""
    state = fresh()
    assert set(state.content.abilities) == set(state.content.enemies)
    cards = [c for c in state.content.threats if c.attack == "Special Ability"]
    assert cards and all(c.ai[0] == "ability" for c in cards)
    assert len(state.content.threats) == 50


def test_walkers_pile_on_with_a_die_for_each_other_walker() -> None:
    """Pile On (authored): "Attacks a survivor in its own subzone with 1 extra die for each other
    Walker there." """
    from deadboard.games.day_night_z.enemies import act

    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    w1, _, _ = (enemy(state, "walker", t, "b2") for _ in range(3))
    script(state, "green", "gold", "skull")  # 1 attack die + 2 for the other Walkers
    act(state, w1, _ability_card(state))
    assert swift.health == 7 and swift.stress == 1


def test_the_howler_howls_into_a_quiet_subzone() -> None:
    """Howl (authored): "If no noise counter lies in its subzone, it howls: place 1 noise counter
    there." With a counter already there, the card's next line is read."""
    from deadboard.games.day_night_z.enemies import act

    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b")
    put(state, swift, t, "a1")
    h = enemy(state, "howler", t, "d4")
    act(state, h, _ability_card(state))
    assert state.noise == {f"{t.id}-d4": (1, 0)} and h.cell == INDEX["d4"]
    act(state, h, _ability_card(state))
    assert h.cell != INDEX["d4"]  # it moved instead (move-los / move-closest)


def test_the_crawlers_bite_adds_a_stress_point_and_infects_only_on_the_icon() -> None:
    """Ankle Bite (authored): "a survivor it damages gains 1 stress point more". It adds to §3.7,
    never contradicts it: "if any of the dice results is the infection icon, he is considered to be
    infected" — a plain skull does not infect."""
    from deadboard.games.day_night_z.enemies import act

    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    c = enemy(state, "crawler", t, "b3")
    script(state, "skull", "red")
    act(state, c, _ability_card(state))
    assert swift.infection == 0 and swift.health == 7 and swift.stress == 2


def test_the_bulker_smashes_with_two_extra_dice_after_cover_and_the_defensive_position() -> None:
    """Smash (authored): "with 2 extra dice". It adds to §4.12's pool, whose steps still apply:
    "Subtract any terrain penalties (cover…)" and "Subtract the survivor's passive defense value
    (including the one granted by the "defensive position" action". By day 2 dice, +2, -1 cover,
    -1 position: 2 dice."""
    from deadboard.games.day_night_z.enemies import act

    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    t.markers[INDEX["b2"]] = "cover"
    swift.defensive = True
    b = enemy(state, "bulker", t, "b3")
    script(state, "green", "skull")
    act(state, b, _ability_card(state))
    attack = next(e for e in state.log if e.kind == "attack")
    assert attack.data is not None and attack.data["dice"] == 2
    assert swift.health == 5  # the Bulker's 3 damage by day


def test_the_leader_rallies_the_others_toward_the_closest_survivor() -> None:
    """Rally (authored): "Every other enemy on its tile moves 1 subzone toward the survivor closest to
    the Leader." """
    from deadboard.games.day_night_z.enemies import act

    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b")
    put(state, swift, t, "a1")
    boss = enemy(state, "leader", t, "d1")
    w = enemy(state, "walker", t, "d4")
    act(state, boss, _ability_card(state))
    assert w.cell == INDEX["c3"] and boss.cell == INDEX["d1"]


def test_the_hunter_sniffs_out_survivors_hidden_among_corpses() -> None:
    """ "A survivor stops being "hidden among corpses" ... if ... Determined by any special rule
    (enemy special ability, Threat card, etc.)": Sniff Out (authored) finds every hidden survivor on
    its tile."""
    from deadboard.games.day_night_z.enemies import act

    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b")
    put(state, swift, t, "a1")
    swift.hidden = True
    hunter = enemy(state, "hunter", t, "d4")
    act(state, hunter, _ability_card(state))
    assert not swift.hidden and hunter.cell == INDEX["d4"]
