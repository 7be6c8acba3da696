"""Rulebook §2 and §3: the game turn's AP, day and night, threat, health, checks, survival points,
stress, infection and noise — each worked example with scripted dice."""

from __future__ import annotations

from deadboard.games.day_night_z.concepts import (
    attribute,
    check,
    disperse_noise,
    gain_sp,
    health_level,
    lower_cost,
    rise_for,
    threat_text,
)
from deadboard.games.day_night_z.enemies import enemy_attack
from deadboard.games.day_night_z.spawn import leave_check
from deadboard.games.day_night_z.turn import advance_clock

from .helpers import enemy, fresh, put, script, tile


def test_kevin_swift_wounded_at_health_5_has_2_ap() -> None:
    """ "Example: Kevin Swift is wounded (health 5), so he has 2 AP's to spend during his activation.\""""
    state = fresh()
    swift = state.survivor("swift")
    swift.health = 5
    assert health_level(state, swift) == ("yellow", 2)


def test_swift_with_3_health_has_1_ap() -> None:
    """ "Swift has 3 health points left. He therefore will only have 1 AP available\""""
    state = fresh()
    swift = state.survivor("swift")
    swift.health = 3
    assert health_level(state, swift)[1] == 1


def test_first_aid_minus_2_with_a_survival_point_rolls_one_die() -> None:
    """ "attribute 2, -2 penalty, +1 survival point = 1 die" (the bonus applies before the minimum
    1 die rule)."""
    state = fresh()
    swift = state.survivor("swift")
    swift.sp = 1
    script(state, "red")
    check(state, swift, "first_aid", -2, spend=True)
    assert state.log[-1].data["dice"] == 1 and swift.sp == 0


def test_first_aid_without_survival_point_still_rolls_one_die() -> None:
    """ "without the survival point, the result would be 0, but the "Minimum 1 die" rule grants him
    that die\""""
    state = fresh()
    script(state, "skull")
    check(state, state.survivor("swift"), "first_aid", -2)
    assert state.log[-1].data["dice"] == 1


def test_first_aid_with_a_survival_point_rolls_three_dice_and_red_stress_counts_only_red() -> None:
    """ "he decides to spend 1 survival point to obtain a dice pool of 3 ... If on a red stress level
    he got this roll he only would get 1 success\""""
    state = fresh()
    swift = state.survivor("swift")
    swift.sp, swift.stress = 1, 7
    script(state, "green", "gold", "red")
    assert check(state, swift, "first_aid", 0, spend=True)
    assert state.log[-1].data["dice"] == 3
    assert swift.sp == 1  # spent one, earned one for the success


def test_seven_stress_points_need_the_red_star() -> None:
    """ "Swift has 7 stress points (stress level red), therefore he will need the red star icon\""""
    state = fresh()
    swift = state.survivor("swift")
    swift.stress = 7
    script(state, "green", "gold")
    assert not check(state, swift, "first_aid")


def test_a_successful_check_earns_one_survival_point_and_the_wheel_stops_at_15() -> None:
    """ "Each time a survivor makes an attribute check with at least 1 success, he earns 1 survival
    point." ... "limited to a maximum of 15\""""
    state = fresh()
    swift = state.survivor("swift")
    script(state, "green", "green")
    check(state, swift, "first_aid")
    assert swift.sp == 1
    gain_sp(state, swift, 40)
    assert swift.sp == 15


def test_by_night_swift_uses_his_white_values() -> None:
    """ "Swift's values for hand to hand combat, ranged, agility and perception are impaired by night.\""""
    state = fresh()
    swift = state.survivor("swift")
    day = attribute(state, swift, "ranged")
    state.clock = state.clock.tick(13)[0]  # 22:00
    assert state.night and attribute(state, swift, "ranged") == day - 1


def test_leaving_five_walkers_raises_the_threat_from_14_green_to_1_yellow() -> None:
    """ "5-9 Survival points mean a Threat increase of 2 points. Assuming that the Threat level of the
    game is set at 14 GREEN, the new Threat level would be 1 YELLOW.\""""
    state = fresh()
    state.threat = 13
    assert threat_text(state) == "14 GREEN"
    t = tile(state)
    for cell in ("a1", "b1", "c1", "d1", "a2"):
        enemy(state, "walker", t, cell)
    leave_check(state, t.id)
    assert threat_text(state) == "1 YELLOW" and t.id not in state.tiles


def test_the_fire_station_example_13_points_raise_the_threat_3() -> None:
    """ "the Survival Points total is 13 ... the Threat Indicator must show an increase of 3 points\""""
    state = fresh()
    assert rise_for(state, 4 + 2 + 4 + 3) == 3


def test_the_threat_is_never_lowered_across_levels_nor_from_red_units() -> None:
    """ "it is not possible to reduce the Threat level between levels ... nor in red colored units
    (units 5, 10 and 15 in green; units 3, 6, 9, 12 and 15 in yellow)." The green cost is lower."""
    state = fresh()
    state.threat = 3  # 4 GREEN
    green = lower_cost(state)
    state.threat = 4  # 5 GREEN
    assert lower_cost(state) is None
    state.threat = 15  # 1 YELLOW
    assert lower_cost(state) is None
    state.threat = 16  # 2 YELLOW
    yellow = lower_cost(state)
    assert green is not None and yellow is not None and green < yellow
    state.threat = 31
    assert lower_cost(state) is None


def test_crawler_infection_and_an_infected_survivor_ignores_it() -> None:
    """ "Swift is not infected and is attacked by a Crawler with this combination (skull/infection,
    skull/noise, skull/infection results) ... gaining 1 stress point and a level 1 infection. If ...
    already infected with 1 level, he would ignore the icons\""""
    for before, after in ((0, 1), (1, 1)):
        state = fresh()
        swift = state.survivor("swift")
        swift.infection = before
        t = tile(state)
        put(state, swift, t, "a1")
        crawler = enemy(state, "crawler", t, "a1")
        script(state, "skull-infection", "skull-noise")  # 2 dice by day
        enemy_attack(state, crawler, swift, "legs")
        assert swift.stress == 1 and swift.infection == after
        assert swift.health == 8 - state.content.enemies["crawler"].day.damage


def test_stress_from_two_walkers_and_a_bulker() -> None:
    """ "The first Walker deals no damage, so nothing happens. The second Walker deals damage ... Swift
    gains 1 stress point. The Bulker's attack also deals damage ... Swift earns just 1 stress point\""""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state)
    put(state, swift, t, "a1")
    w1, w2 = enemy(state, "walker", t, "a1"), enemy(state, "walker", t, "b1")
    bulker = enemy(state, "bulker", t, "a2")
    script(state, "green")
    enemy_attack(state, w1, swift, "body")
    assert swift.stress == 0
    script(state, "skull")
    enemy_attack(state, w2, swift, "body")
    assert swift.stress == 1
    script(state, "skull", "skull")
    enemy_attack(state, bulker, swift, "body")
    assert swift.stress == 2


def test_noise_counters_over_two_turns() -> None:
    """TURN 1: 3 shots and 2 zombie counters (red), 2 yellow from before: the yellow ones are removed,
    the 5 red flip to yellow, the threat rises 1. TURN 2: the 5 yellow are removed, the threat rises 1."""
    state = fresh()
    state.noise = {"t1-a1": (5, 0), "t1-b2": (0, 2)}
    before = state.threat
    disperse_noise(state)
    assert state.noise == {"t1-a1": (0, 5)} and state.threat == before + 1
    disperse_noise(state)
    assert state.noise == {} and state.threat == before + 2
    disperse_noise(state)
    assert state.threat == before + 2


def test_at_seven_in_the_morning_every_survivor_gains_a_survival_point() -> None:
    """ "07:00 AM (beginning of the day): All survivors gain 1 survival point.\""""
    state = fresh(2)
    state.clock = state.clock.tick(21)[0]  # 06:00
    advance_clock(state)
    assert [s.sp for s in state.survivors] == [1, 1]


def test_hulk_attacks_lebeu_with_one_die() -> None:
    """ "3 dice from the Hulk's attack attribute; -1 die because the target is covered; -2 dice for
    the survivor's passive defense ...; -1 die for defensive equipment "biker gloves" ... the dice
    pool for this attack would be 1"; the gloves may ignore the damage and are discarded."""
    state = fresh(2)
    lebeu = state.survivor("lebeu")
    state.clock = state.clock.tick(13)[0]
    t = tile(state, "08b")  # a1 is cover
    put(state, lebeu, t, "a1")
    lebeu.defensive = True
    lebeu.items.append("biker-gloves")
    lebeu.worn["arms"] = "biker-gloves"
    hulk = enemy(state, "bulker", t, "a1")
    script(state, "skull-infection")
    enemy_attack(state, hulk, lebeu, "arms")
    assert state.log[-2].data["dice"] == 1
    assert lebeu.health == 8 and "biker-gloves" not in lebeu.items


def test_a_check_asked_by_a_card_lets_the_survivor_spend_a_survival_point_first() -> None:
    """ "The survivors may try to improve the success chance of any roll (attack, attribute check,
    etc.) ... It must be decided before rolling." A city encounter's Will check (-1) waits for
    Swift's decision: with the point his pool is 2 dice (Will 2, -1, +1)."""
    from .helpers import act, legal, on_top

    state = fresh()
    swift = state.survivor("swift")
    swift.sp = 1
    on_top(state, "encounter", "cry-for-help")
    act(state, "move swift s1 no")
    act(state, "end swift")
    assert state.decision is not None and state.decision.kind == "spend"
    assert legal(state) == ["spend swift no", "spend swift yes"]
    script(state, "skull", "red")  # green stress: the red star is no success
    act(state, "spend swift yes")
    assert swift.sp == 0 and swift.stress == 1  # failed: "fail = stress 1"


def test_a_card_check_without_survival_points_is_rolled_at_once() -> None:
    """No survival point, nothing to decide: the card's check is rolled when the card is read."""
    from .helpers import act, on_top

    state = fresh()
    swift = state.survivor("swift")
    on_top(state, "encounter", "cry-for-help")
    act(state, "move swift s1 no")
    script(state, "green")  # Will 2 - 1 = 1 die
    act(state, "end swift")
    assert swift.sp == 1 and swift.stress == 0  # the success earned its survival point


def test_swift_spends_a_point_on_the_first_aid_kit_for_three_dice() -> None:
    """ "Swift must make a FIRST AID check without penalties. ... he decides to spend 1 survival
    point to obtain a dice pool of 3 (attribute 2, +1 survival point = 3 dice). If on a red stress
    level he got this roll he only would get 1 success, which would mean an equally successful
    check." (the first aid kit: "the use will be conditioned by an attribute check", §4.1)"""
    from deadboard.games.day_night_z.inventory import place

    from .helpers import act

    state = fresh()
    swift = state.survivor("swift")
    swift.sp, swift.stress, swift.health = 1, 7, 4
    place(state, swift, "first-aid-kit")
    act(state, "use swift first-aid-kit")
    assert state.decision is not None and state.decision.kind == "spend"
    script(state, "green", "gold", "red")
    act(state, "spend swift yes")
    assert swift.health == 7 and swift.sp == 1  # healed 3; 1 spent, 1 earned
    assert state.decision is not None and state.decision.kind == "turn" and swift.ap == 3
