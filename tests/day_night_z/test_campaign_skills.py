"""What skills and allies do (rulebook §1: "24 Skill cards. Key: 1) Skill name; 2) Skill description;
3) Skill level; 4) Purchase cost in survival points"; "10 Ally cards. Key: 1) Type of ally; 2) Ally
rules"). The texts are authored (content/skills.toml, allies.toml); each perk is played at the
rulebook's own rule it changes, with scripted dice — in the adventure, on the road and in the
shelter."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, get_args

from deadboard.games.day_night_z import actions as A
from deadboard.games.day_night_z.board import INDEX
from deadboard.games.day_night_z.campaign_content import load_campaign
from deadboard.games.day_night_z.combat import perform_attack, throw
from deadboard.games.day_night_z.concepts import check
from deadboard.games.day_night_z.enemies import enemy_attack
from deadboard.games.day_night_z.search import search_corpse, use
from deadboard.games.day_night_z.shelter import AlliesAndSkills
from deadboard.games.day_night_z.skill_effects import PerkKind
from deadboard.games.day_night_z.state import DNZState
from deadboard.games.day_night_z.survivor_actions import Turn
from deadboard.games.day_night_z.travel import TravelIcon, expected_events
from deadboard.games.day_night_z.turn import Activate
from tests.day_night_z import campaign_helpers as C
from tests.day_night_z.helpers import act, enemy, fresh, put, script, tile

CONTENT = load_campaign()
#: the perk kinds the tests below play
PLAYED = {
    "check-dice", "attack-dice", "damage", "pierce", "defence", "defensive", "calm", "ap", "escape",
    "search-draw", "corpse-find", "card-heal", "supply-heal", "rest", "trap-damage", "light",
    "pathfinder", "rounds", "daily",
}  # fmt: skip


def grow(state: DNZState, sid: str, *cards: str) -> None:
    """Give the survivor ``sid`` the perks of skill or ally cards, as a campaign's grown sheet does."""
    perks = tuple(
        p for c in cards for p in (CONTENT.skills[c] if c in CONTENT.skills else CONTENT.allies[c]).perks
    )
    sheets = tuple(
        s.model_copy(update={"perks": perks}) if s.id == sid else s for s in state.content.survivors
    )
    state.content = replace(state.content, survivors=sheets)


def last(state: DNZState, kind: str) -> dict[str, Any]:
    data = [e.data for e in state.log if e.kind == kind][-1]
    assert data is not None
    return data


# ----- content ------------------------------------------------------------------------------------


def test_every_skill_and_ally_does_something() -> None:
    """Each of the 24 skills and 10 allies has a rule: a perk the engine plays, or an addition to the
    survivor sheet; skills keep their line's levels and costs (3, 5, 8 survival points)."""
    for card in (*CONTENT.skills.values(), *CONTENT.allies.values()):
        assert card.perks or card.health or card.supply_use, card.id
        assert card.text and card.source
    assert {s.cost for s in CONTENT.skills.values() if s.level == 1} == {3}
    kinds = {p.kind for c in (*CONTENT.skills.values(), *CONTENT.allies.values()) for p in c.perks}
    assert len(kinds) >= 15


# ----- the adventure ------------------------------------------------------------------------------


def test_check_dice_add_to_an_attribute_check() -> None:
    """§3.4: "Then he applies any possible modifiers" — Runner: +1 die on Agility checks."""
    state = fresh()
    swift = state.survivor("swift")
    grow(state, "swift", "runner-1")
    script(state, "skull", "skull", "skull")
    check(state, swift, "agility", 0)
    assert last(state, "check")["dice"] == 3  # Agility 2 by day + 1
    script(state, "skull", "skull")
    check(state, swift, "will", 0)
    assert last(state, "check")["dice"] == 2


def test_attack_dice_damage_and_pierce_on_hand_to_hand_hits() -> None:
    """§4.12: the dice pool of an attack, then "The Walker suffers the damage indicated in the weapon's
    card"; PIERCE "Allows ignoring enemy resistance" (§5). Brawler I-III: +1 die, +1 damage, and the
    Bulker's resistance ignored."""
    state = fresh()
    swift = state.survivor("swift")
    swift.items.append("machete")
    swift.weapon = "machete"
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    bulker = enemy(state, "bulker", t, "b2")
    script(state, "green", "skull", "skull")
    perform_attack(state, swift, A.Attack("swift", bulker.id, "machete", "melee", False))
    plain = bulker.damage
    n = last(state, "attack")["dice"]
    bulker.damage = 0
    grow(state, "swift", "brawler-1", "brawler-2", "brawler-3")
    script(state, "green", "skull", "skull", "skull")
    perform_attack(state, swift, A.Attack("swift", bulker.id, "machete", "melee", False))
    assert last(state, "attack")["dice"] == n + 1
    resistance = state.content.enemies["bulker"].day.resistance
    assert bulker.damage == plain + 1 + resistance


def test_marksman_adds_a_die_and_damage_to_ranged_attacks_only() -> None:
    """Marksman I-II: +1 die and +1 damage on ranged attacks; the gun butt ("deals 1 damage and
    doesn't allow activating the rest of the weapon's rules", §5) is not a ranged hit."""
    state = fresh()
    swift = state.survivor("swift")
    grow(state, "swift", "marksman-1", "marksman-2", "marksman-3")
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    walker = enemy(state, "walker", t, "c3")
    script(state, "green", "skull", "skull", "skull", "skull")
    perform_attack(state, swift, A.Attack("swift", walker.id, "colt-1911", "ranged", False))
    assert last(state, "attack")["dice"] == 5  # Ranged 4 by day + 1
    leader = enemy(state, "leader", t, "b3")
    script(state, "gold", "skull")
    perform_attack(state, swift, A.Attack("swift", leader.id, "colt-1911", "butt", False))
    assert leader.damage == 1
    # "MOBILE GRENADE: Choose a target subzone and make a RANGED attack as normal" (§5): +1 die
    swift.items.append("grenade")
    swift.off = "grenade"  # a grenade is thrown from a hand
    script(state, *["green"] * 5)
    throw(state, swift, A.Throw("swift", f"{t.id}-c3", False))
    assert last(state, "attack")["dice"] == 5


def test_defence_perks_take_dice_from_an_enemy_attack() -> None:
    """§4.12 ENEMY ATTACK: "Subtract the survivor's passive defense value (including the one granted by
    the "defensive position" action)". Tough III: 1 die fewer; the War Veteran: 1 more in a defensive
    position; the Police Sergeant by day only, the Dog by night only."""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    bulker = enemy(state, "bulker", t, "b2")  # 3 dice by day
    base = state.content.enemies["bulker"].day.attack
    grow(state, "swift", "tough-3", "war-veteran", "sergeant", "dog")
    script(state, *["green"] * 6)
    enemy_attack(state, bulker, swift, "body")
    assert last(state, "attack")["dice"] == max(1, base - 2)  # Tough III and the sergeant
    swift.defensive = True
    script(state, *["green"] * 6)
    enemy_attack(state, bulker, swift, "body")
    assert last(state, "attack")["dice"] == max(1, base - 2 - 2)  # + the defensive position + the veteran


def test_calm_survivors_take_no_stress_from_zombie_damage() -> None:
    """§3.6: "Every time a survivor receives damage when fighting zombies, he earns 1 stress point" —
    Stoic III (Nerves of steel) does not."""
    state = fresh()
    swift = state.survivor("swift")
    grow(state, "swift", "stoic-3")
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    walker = enemy(state, "walker", t, "b2")
    script(state, "skull", "skull")
    enemy_attack(state, walker, swift, "body")
    assert swift.health < 8 and swift.stress == 0


def test_extra_ap_at_the_start_of_an_activation_by_health_level() -> None:
    """§2: "The AP's available number is indicated on the survivor's health indicator" — Runner III
    adds 1 at the green level, Tough II (Second wind) 1 at the red level."""
    state = fresh()
    swift = state.survivor("swift")
    grow(state, "swift", "runner-3", "tough-2")
    Activate("swift").run(state)
    assert swift.ap == 4
    swift.health = 1
    Activate("swift").run(state)
    assert swift.ap == 2
    swift.health = 5
    Activate("swift").run(state)
    assert swift.ap == 2  # yellow: neither


def test_escape_ignores_the_evasion_penalty_of_the_agility_check() -> None:
    """§4.9.2: "The penalty for the check is the higher Evasion level of the enemies with which he is
    sharing the subzone" — Runner II (Slippery) ignores it."""
    state = fresh()
    swift = state.survivor("swift")
    grow(state, "swift", "runner-2")
    state.clock = state.clock.tick(13)[0]  # night: the Crawler's evasion
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    enemy(state, "crawler", t, "b2")
    swift.ap = 3
    state.steps.append(Turn(0, "swift", 3))
    script(state, "green", "green")
    act(state, f"move swift {t.id}-b3 no")
    assert last(state, "check")["dice"] == state.content.survivor("swift").night.agility


def test_search_draw_and_corpse_find() -> None:
    """§4.7: "Draw randomly a number of search cards corresponding to the Perception attribute" —
    Scout II draws 1 more. §4.8: "Ammo icon: ... Increase the backpack's ammo indicator by 1 point" —
    the Scavenger finds 1 more."""
    state = fresh()
    swift = state.survivor("swift")
    grow(state, "swift", "scout-2", "scavenger")
    state.locations["L2"].visited = True
    office = tile(state, "01b", "s5")
    office.slot, office.index = "L2", 1
    state.locations["L2"].tiles.append(office.id)
    put(state, swift, office, "b1")
    swift.ap = 3
    state.steps.append(Turn(0, "swift", 3))
    act(state, "search-zone swift no")
    assert len(last(state, "search")["cards"]) == 3  # Perception 2 + 1
    ammo = next(i for i, m in enumerate(state.content.corpses) if m.result == "ammo")
    office.corpses[INDEX["b2"]] = [ammo]
    before = swift.ammo
    search_corpse(state, swift, f"{office.id}-b2")
    assert swift.ammo == before + 2


def test_card_heal_supply_heal_and_rest() -> None:
    """§4.1 a health card, §4.2 "Supplies can be used to recover health", §4.3 Rest "Allows the
    survivor to reduce 1 stress point": Medic II heals 1 more with a card, the Physiotherapist 1 more
    with a supply, Stoic II rests off 1 more stress."""
    state = fresh()
    swift = state.survivor("swift")
    grow(state, "swift", "medic-2", "physiotherapist", "stoic-2")
    swift.health = 3
    swift.items.append("bandage")
    use(state, swift, "bandage")
    assert swift.health == 5  # bandage 1 + 1
    swift.supplies = 1
    act(state, "supply swift")
    assert swift.health == 7
    swift.stress = 4
    act(state, "rest swift")
    assert swift.stress == 2


def test_trap_damage_and_a_longer_light() -> None:
    """§4.4: "place a trap marker (with the corresponding damage value)" — Tinkerer II's deal 1 more;
    §4.2: "The chart indicates the duration (in turns) given by a battery unit" — Tinkerer III's
    lamp lasts 2 turns more."""
    state = fresh()
    swift = state.survivor("swift")
    grow(state, "swift", "tinkerer-2", "tinkerer-3")
    swift.items += ["stuff-for-traps", "knife", "flashlight"]
    swift.off = "flashlight"  # a light shines from a hand
    swift.battery = 1
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    state.steps.clear()
    swift.ap = 3
    state.steps.append(Turn(0, "swift", 3))
    script(state, "green", "skull", "skull")
    act(state, f"trap swift knife {t.id}-b3 no")
    assert t.traps == {INDEX["b3"]: 2} and swift.ap == 2
    state.clock = state.clock.tick(13)[0]
    act(state, "light swift")
    assert swift.lit == state.content.search["flashlight"].duration + 2


# ----- the campaign -------------------------------------------------------------------------------


def test_campaign_checks_add_check_dice() -> None:
    """The campaign's checks follow §3.4 too: the Preacher's +1 die on a Will check in the shelter."""
    state = C.campaign(1)
    h = state.heroes[0]
    h.sp = 0
    h.allies = ["preacher"]
    quarrel = next(e for e in CONTENT.shelter.event if e.name == "Quarrel").effects
    from deadboard.games.day_night_z.effects import Resolve

    C.script(state, "skull", "skull", "skull")
    C.at(state, Resolve(quarrel, "", "day"))
    data = next(e.data for e in state.log if e.kind == "check")
    assert data is not None and data["dice"] == 3  # Will 2 + 1


def test_a_pathfinder_rolls_one_die_fewer_on_unknown_paths() -> None:
    """§6: "roll as many dice as the terrain icon multiplier: for every skull result, players will draw
    a Travel event card" — with Scout III in the group, one die fewer (the group travels together)."""
    state = C.campaign(2)
    path = next(p for p in CONTENT.paths.values() if not p.known and p.icons[0][1] == 2)
    before = expected_events(state, [path.id])
    state.heroes[1].skills = ["scout-1", "scout-2", "scout-3"]
    assert expected_events(state, [path.id]) < before
    C.script(state, "green")
    C.at(state, TravelIcon(path.id, 0))
    travel = [e.data for e in state.log if e.kind == "travel"][-1]
    assert travel is not None and len(travel["faces"]) == 1


def test_each_shelter_day_the_medics_rounds_and_the_allies_work() -> None:
    """Authored, at the end of each shelter day (§7): Medic III heals every wounded survivor of the
    group 1; the Nurse heals her survivor 1; the Mechanic gives 1 ammo; the Butcher puts 1 supply in
    the warehouse."""
    state = C.campaign(2)
    a, b = state.heroes
    a.skills = ["medic-1", "medic-2", "medic-3"]
    b.allies = ["nurse", "mechanic", "butcher"]
    a.health, b.health = 5, 4
    ammo, store = b.ammo, state.store
    C.at(state, AlliesAndSkills())
    assert a.health == 6 and b.health == 6 and b.ammo == ammo + 1 and state.store == store + 1


def test_every_perk_kind_is_played_by_a_test() -> None:
    """Every kind of perk the engine knows is played by a test of this module."""
    assert set(get_args(PerkKind)) == PLAYED
