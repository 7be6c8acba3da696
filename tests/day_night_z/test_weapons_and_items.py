"""Rulebook §4.12 (combat), §5 (weapon traits), §3.3 (death and equipment), §3.5 and §3.7 (the vaccine
example), §4.4-§4.8 (traps, combining, inventory, corpses) — with scripted dice."""

from __future__ import annotations

from deadboard.games.day_night_z import actions as A
from deadboard.games.day_night_z.board import INDEX
from deadboard.games.day_night_z.combat import perform_attack, throw
from deadboard.games.day_night_z.concepts import damage
from deadboard.games.day_night_z.enemies import enemy_attack
from deadboard.games.day_night_z.inventory import place
from deadboard.games.day_night_z.search import search_corpse, use
from deadboard.games.day_night_z.survivor_actions import Turn

from .helpers import act, enemy, fresh, legal, put, script, tile


def test_swift_at_night_rolls_his_ranged_value_plus_high_ground() -> None:
    """ "Assuming that it's during the night, the dice pool is as follows: 3 dice for the survivor's
    ranged attack; 0 dice because he decides not to use any survival point; +1 die for high ground;
    0 die for the Walker's hand to hand passive defense" (4 dice: see the rulings on the printed 3)."""
    state = fresh()
    swift = state.survivor("swift")
    state.clock = state.clock.tick(13)[0]
    t = tile(state, "01a")  # b2 is high
    put(state, swift, t, "b2")
    walker = enemy(state, "walker", t, "a1")
    script(state, "skull", "skull", "skull", "skull")
    perform_attack(state, swift, A.Attack("swift", walker.id, "colt-1911", "ranged", False))
    attack = next(e for e in state.log if e.kind == "attack")
    assert attack.data["dice"] == 4 and swift.ammo == 3


def test_three_colt_shots_make_three_noise_counters_and_each_zombie_attack_at_most_one() -> None:
    """ "Swift makes 3 attacks with his Colt 1911. As it's a noisy weapon, Swift generates 3 noise
    counters ... ATTACK 3: Even though there's more than 1 noise icon, the zombie generates only 1
    noise counter\""""
    state = fresh()
    swift = state.survivor("swift")
    swift.sp = 0
    state.clock = state.clock.tick(13)[0]  # night: Walkers roll 2 dice
    t = tile(state, "10b")
    put(state, swift, t, "a1")
    w = enemy(state, "walker", t, "c3")
    script(state, "skull", "skull", "skull", "skull", "skull", "skull", "skull", "skull", "skull")
    for _ in range(3):
        perform_attack(state, swift, A.Attack("swift", w.id, "colt-1911", "ranged", False))
    assert state.noise[f"{t.id}-a1"] == (3, 0)
    zombie = enemy(state, "walker", t, "b1")
    script(state, "skull-noise", "skull-noise")
    enemy_attack(state, zombie, swift, "body")
    assert state.noise[f"{t.id}-b1"] == (1, 0)


def test_rapid_fire_makes_two_attacks_each_with_its_ammo_and_noise() -> None:
    """ "RAPID FIRE: Allows making 2 attacks against one target in the same subzone for 1 AP. Each
    attack is done according to normal rules (noise generation, ammo spending, etc.)." and "in
    addition to the combat successes, you'll also have to consider the star icons, as many weapons
    have special abilities": the first roll shows a star (a green one, no hit at Swift's level
    here: the star alone opens the ability), so the second attack is made."""
    state = fresh()
    swift = state.survivor("swift")
    swift.health = 5  # yellow: gold or red hit
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    bulker = enemy(state, "bulker", t, "b2")
    script(state, "green", "skull", "skull", "skull", "skull", "skull", "skull", "skull")
    perform_attack(state, swift, A.Attack("swift", bulker.id, "colt-1911", "rapid", False))
    assert swift.ammo == 2 and state.noise[f"{t.id}-b2"] == (2, 0)
    assert sum(1 for e in state.log if e.kind == "attack" and e.data and "faces" in e.data) == 2


def test_rapid_fire_without_a_star_makes_one_attack() -> None:
    """ "After rolling the dice pool, in addition to the combat successes, you'll also have to
    consider the star icons, as many weapons have special abilities" (§4.12) with "RAPID FIRE:
    Allows making 2 attacks" (§5): a first roll without any star ends the rapid fire; only one
    round of ammo is spent and one noise counter made."""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    bulker = enemy(state, "bulker", t, "b2")
    script(state, "skull", "skull-noise", "skull", "skull", "skull", "skull", "skull", "skull")
    perform_attack(state, swift, A.Attack("swift", bulker.id, "colt-1911", "rapid", False))
    assert swift.ammo == 3 and state.noise[f"{t.id}-b2"] == (1, 0)
    assert state.log[-1].data == {"who": "swift", "star": False, "mode": "rapid"}


def test_the_rulebooks_colt_example_a_hit_with_a_star_opens_rapid_fire() -> None:
    """ "If he got a green star, a silent icon, and a red target result at yellow health level: The
    Walker suffers the damage indicated in the weapon's card (damage 1). In addition, as he
    obtained the star icon, he could activate the "Gun Butt, Rapid Fire" special ability": at
    yellow health the red face hits, the green star opens the second shot."""
    state = fresh()
    swift = state.survivor("swift")
    swift.health = 5
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    bulker = enemy(state, "bulker", t, "b2")
    bulker.damage = 0
    script(state, "green", "skull", "red", "skull", "skull", "skull", "skull", "skull")
    perform_attack(state, swift, A.Attack("swift", bulker.id, "colt-1911", "rapid", False))
    shots = [e.data for e in state.log if e.kind == "attack" and e.data and "faces" in e.data]
    assert shots[0] is not None and shots[0]["hit"] and len(shots) == 2


def test_pierce_ignores_resistance_and_slow_fires_once_a_turn() -> None:
    """ "PIERCE: Allows ignoring enemy resistance." "SLOW: You can only shoot this weapon once per turn.\""""
    state = fresh()
    swift = state.survivor("swift")
    swift.items.append("shotgun")
    swift.weapon = "shotgun"
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    bulker = enemy(state, "bulker", t, "c2")
    script(state, "green", "skull", "skull", "skull")
    perform_attack(state, swift, A.Attack("swift", bulker.id, "shotgun", "ranged", False))
    assert bulker.damage == 2  # 2 damage, the Bulker's resistance 1 ignored
    swift.ap = 3
    state.steps.append(Turn(0, "swift", 3))
    assert not any(text.startswith(f"attack swift {bulker.id} shotgun ranged") for text in legal(state))


def test_gun_butt_deals_one_damage_without_noise_or_ammo() -> None:
    """ "GUN BUTT: Allows using a RANGED weapon for HAND TO HAND purposes. It deals 1 damage and
    doesn't allow activating the rest of the weapon's rules.\""""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    leader = enemy(state, "leader", t, "b3")
    script(state, "gold", "skull")
    perform_attack(state, swift, A.Attack("swift", leader.id, "colt-1911", "butt", False))
    assert leader.damage == 1 and swift.ammo == 4 and not state.noise


def test_sweep_gives_a_free_attack_on_another_enemy_in_the_same_subzone() -> None:
    """ "SWEEP: Allows a free immediate attack when an enemy is eliminated. The new objective must be
    in the same subzone.\""""
    state = fresh(3)
    olsson = state.survivor("olsson")
    t = tile(state, "10b")
    put(state, olsson, t, "b2")
    w1 = enemy(state, "walker", t, "b3")
    w2 = enemy(state, "walker", t, "b3")
    state.steps.clear()
    olsson.ap = 3
    state.steps.append(Turn(2, "olsson", 3))
    script(state, "green", "skull", "skull", "gold", "skull", "skull")
    act(state, f"attack olsson {w1.id} fireman-axe melee no")
    assert w1 not in state.enemies
    assert legal(state) == ["pass olsson", f"sweep olsson {w2.id}"]
    act(state, f"sweep olsson {w2.id}")
    assert w2 not in state.enemies and olsson.ap == 2 and olsson.sp == 2


def test_a_mobile_grenade_that_misses_falls_on_the_adjacent_subzone_of_lesser_value() -> None:
    """ "MOBILE GRENADE: ... If the attack is successful, it will damage all the miniatures in that
    subzone. If the attack fails, it will affect the adjacent subzone of lesser value. Damage ignores
    enemy resistance.\""""
    state = fresh()
    swift = state.survivor("swift")
    place(state, swift, "grenade")  # into the free off hand: a grenade is thrown from a hand
    assert swift.off == "grenade"
    t = tile(state, "10b")
    put(state, swift, t, "a1")
    bulker = enemy(state, "bulker", t, "c3")
    script(state, *["green"] * 4)
    throw(state, swift, A.Throw("swift", f"{t.id}-c3", False))
    assert bulker.damage == 2 and "grenade" not in swift.items and swift.off == ""
    place(state, swift, "grenade")
    script(state, *["skull"] * 4)
    throw(state, swift, A.Throw("swift", f"{t.id}-c3", False))
    assert bulker.damage == 2  # it fell beside the Bulker


def test_the_vaccine_cures_with_a_first_aid_check_and_earns_a_survival_point() -> None:
    """ "Swift tries to heal her level 2 infection with a vaccine. The card indicates that she must
    make a FIRST AID test. She obtains 2 successes: in addition to curing her level of infection, Swift
    earns 1 survival point.\""""
    state = fresh()
    swift = state.survivor("swift")
    swift.infection = 2
    swift.items.append("vaccine")
    script(state, "green", "gold")
    use(state, swift, "vaccine")
    assert swift.infection == 1 and swift.sp == 1 and "vaccine" not in swift.items


def test_searching_an_infection_corpse_infects_even_the_infected() -> None:
    """ "Infection icon: The survivor rolls as many dice as indicated on the marker. If any of the
    results shows the infection icon, the survivor increases his infection level by 1 point (even if he
    was already infected)\""""
    state = fresh()
    swift = state.survivor("swift")
    swift.infection = 1
    t = tile(state, "10b")
    put(state, swift, t, "a1")
    x2 = next(i for i, m in enumerate(state.content.corpses) if m.result == "infection" and m.dice == 2)
    t.corpses[INDEX["b1"]] = [x2]
    script(state, "red", "skull-infection")
    search_corpse(state, swift, f"{t.id}-b1")
    assert swift.infection == 2 and not t.corpses


def test_a_dead_survivors_equipment_stays_only_with_a_companion_on_the_tile() -> None:
    """ "If he was on a tile that is still occupied by more survivors ..., put the survivor's marker in
    the subzone ... If he was on a tile without any other survivor ...: his equipment is lost." Another
    survivor in the same or an adjacent subzone recovers it for 1 AP."""
    state = fresh(2)
    swift, lebeu = state.survivors
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    put(state, lebeu, t, "c2")
    damage(state, swift, 20)
    assert swift.dead and t.crossed[INDEX["b2"]][0][1] == ["colt-1911"]
    state.steps.clear()
    lebeu.ap = 3
    state.steps.append(Turn(1, "lebeu", 3))
    act(state, f"retrieve lebeu {t.id}-b2")
    assert "colt-1911" in lebeu.items and lebeu.ammo == 4 and lebeu.ap == 2
    damage(state, lebeu, 20)
    assert t.id not in state.tiles  # nobody is left: the tile leaves play, the equipment is lost


def test_bat_and_nails_make_a_nailed_bat() -> None:
    """ "Bat + Nails = Nailed Bat\""""
    state = fresh(4)
    kenji = state.survivor("kenji")
    kenji.items.append("nails")
    state.steps.clear()
    kenji.ap = 3
    state.steps.append(Turn(3, "kenji", 3))
    act(state, "combine kenji nailed-bat")
    assert "nailed-bat" in kenji.items and "bat" not in kenji.items and kenji.ap == 2


def test_a_trap_damages_the_first_enemy_to_enter_and_is_discarded() -> None:
    """ "If the action is successful, the survivor will place a trap marker ... When an enemy enters a
    subzone with this marker, he'll receive the indicated damage and the trap marker is immediately
    discarded.\""""
    from deadboard.games.day_night_z.enemies import enter

    state = fresh()
    swift = state.survivor("swift")
    swift.items += ["stuff-for-traps", "knife"]
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    state.steps.clear()
    swift.ap = 3
    state.steps.append(Turn(0, "swift", 3))
    script(state, "green", "skull")
    act(state, f"trap swift knife {t.id}-b3 no")
    assert t.traps == {INDEX["b3"]: 1} and "knife" not in swift.items
    w = enemy(state, "walker", t, "b4")
    enter(state, w, (t.id, INDEX["b3"]))
    assert w not in state.enemies and not t.traps


def test_reorganizing_is_one_ap_for_any_number_of_changes() -> None:
    """ "The AP is only spent when the survivor declares the action, no matter if more than one
    survivor takes part in the exchange.\""""
    state = fresh(2)
    swift, lebeu = state.survivors
    lebeu.zone = swift.zone
    act(state, "first swift")
    act(state, "reorganize swift")
    act(state, "give swift ammo lebeu")
    act(state, "give swift colt-1911 lebeu")
    act(state, "done swift")
    assert lebeu.ammo == 1 and "colt-1911" in lebeu.items and swift.weapon == "" and swift.ap == 2


def test_a_trap_combines_stuff_for_traps_with_as_many_cards_as_its_strips() -> None:
    """ "a survivor may try to combine a "stuff for traps" card with other search cards ... The only
    search cards that can be combined with "stuff for traps" are those with the corresponding icon.
    The maximum number of cards to combine is limited by the free black and green strips on the
    "stuff for traps" card." The trap marker's damage is that of every card combined."""
    state = fresh()
    swift = state.survivor("swift")
    swift.items += ["stuff-for-traps", "knife", "fireman-axe", "machete", "bandage"]
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    state.steps.clear()
    swift.ap = 3
    state.steps.append(Turn(0, "swift", 3))
    here = f"{t.id}-b2 no"
    combos = {a.split()[2] for a in legal(state) if a.startswith("trap") and a.endswith(here)}
    assert combos == {
        "knife",
        "fireman-axe",
        "machete",
        "knife+fireman-axe",
        "knife+machete",
        "fireman-axe+machete",
    }  # two strips: never three cards, and never the bandage (no trap icon)
    script(state, "green", "skull")
    act(state, f"trap swift knife+fireman-axe {t.id}-b3 no")
    assert t.traps == {INDEX["b3"]: 3}  # knife 1 + fireman axe 2
    assert sorted(swift.items) == ["bandage", "colt-1911", "machete"]
    b = enemy(state, "bulker", t, "b4")
    from deadboard.games.day_night_z.enemies import enter

    enter(state, b, (t.id, INDEX["b3"]))
    assert b.damage == 3 and not t.traps
