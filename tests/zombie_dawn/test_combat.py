"""Combat (rulebook §Combat, §Attack, §Ranged Attack, §Initial Attack, §Combat between Groups,
§Noise, §Damage, §Death of Characters, §Flee from a Combat, §Special Zombies, §Questions)."""

from __future__ import annotations

from deadboard.games.zombie_dawn import flow, zombies
from deadboard.games.zombie_dawn.anytime import AttackWaits
from deadboard.games.zombie_dawn.content import SPECIAL_TYPES
from deadboard.games.zombie_dawn.state import DawnState
from tests.zombie_dawn.helpers import (
    GAME,
    ScriptedRng,
    action_card,
    damage_top,
    deck_top,
    fresh,
    location,
    quiet_season,
    refresh,
    set_group,
    texts,
    waiting,
    zombies_waiting,
)


def _duo(seed: int = 61, red: dict[str, list[str]] | None = None, hand: list[str] | None = None, xp: int = 1) -> DawnState:
    """Two players; red's group as given (an Xp by default, so its combat decisions are choices),
    yellow holding the cards of ``hand``."""
    s = fresh(players=2, seed=seed)
    quiet_season(s)
    set_group(s, 0, red or {"gangster": []}, hand=[], xp=xp)
    set_group(s, 1, {"hermit": []}, hand=hand or [])
    refresh(s)
    return s


def _attack(s: DawnState, kinds: list[str], starter: int = 1) -> None:
    zombies.start_combat(s, 0, starter, [action_card(s, k) for k in kinds])
    from tests.zombie_dawn.helpers import advance

    advance(s)


def test_zombies_hit_on_6_and_the_group_on_5_or_6_simultaneously() -> None:
    s = _duo()
    damage_top(s, ["hunger-1"])
    _attack(s, ["trio"])
    s.rng = ScriptedRng([4, 5,  # group: 1 group die + 1 for the Pj: one hit
                         5, 6, 6])  # zombies: two 6s
    GAME.apply(s, "fight")
    cb = s.combat
    assert cb is not None and cb.dice == 2
    assert len(s.char_damage[s.groups[0].chars[0]]) == 2


def test_a_ranged_attack_gets_no_response_from_the_zombies() -> None:
    s = _duo(red={"gangster": ["pistol-1"]})
    _attack(s, ["trio"])
    s.rng = ScriptedRng([1, 1, 5])  # the pistol's 3 dice, no zombie dice
    deck_top(s, ["sprint", "ford"])  # the pistol's Noise: no zombie
    GAME.apply(s, "shoot")
    assert s.combat is not None and s.combat.dice == 2
    assert not s.char_damage[s.groups[0].chars[0]]


def test_ranged_weapons_in_melee_replace_the_carriers_die() -> None:
    # "RANGED WEAPONS USED IN MELEE: If we use Ranged Weapons in a melee combat, the weapon's dice
    # replace the combat die of the Character carrying it." The rulebook's "Ex. 2 Characters
    # attacking, one of them equipped with a Rifle, will roll 5 Dice: 1 Group die + 1 die of the
    # unarmed Pj + 3 dice of the Pj equipped with the Rifle": the same structure with our Rifle,
    # 4D6 as Combat Example 2 rolls it (ruling 3), is 6 dice.
    s = _duo(red={"gangster": ["rifle-1"], "kid": []})
    _attack(s, ["stealthy"])  # an Initial Attack: melee at once
    assert s.decision is not None
    # no Initial Attack damage scripted: the stealthy rolled from the seeded stream; place any damage
    while s.decision.kind == "damage":
        GAME.apply(s, texts(s)[0])
    assert s.combat is not None and s.combat.melee and "shoot" not in texts(s)
    dice = s.combat.dice
    s.rng = ScriptedRng([1] * 6 + [1] * dice)  # 1 group die + Kid 1 + Rifle 4 = 6
    deck_top(s, ["sprint", "ford"])
    GAME.apply(s, "fight")
    assert s.rng.dice == []  # type: ignore[attr-defined]


def test_an_initial_attack_is_resolved_at_once_and_ends_ranged_attacks() -> None:
    s = _duo(red={"gangster": ["pistol-1"]})
    s.rng = ScriptedRng([6, 6, 1])
    damage_top(s, ["hunger-1", "cut-1"])
    _attack(s, ["stealthy"])
    gangster = s.groups[0].chars[0]
    assert len(s.char_damage[gangster]) == 2
    assert s.combat is not None and s.combat.melee and s.combat.dice == 1
    assert "shoot" not in texts(s)


def test_a_special_zombie_boxed_effect_works_from_the_second_of_its_type() -> None:
    s = _duo(hand=["nurse", "nurse"])
    zombies.start_combat(s, 0, 1, [action_card(s, "shambler")])
    cb = s.combat
    assert cb is not None
    deck_top(s, ["sprint", "ford", "shortcut"])
    first = action_card(s, "nurse")
    zombies.join(s, cb, first)
    assert len(s.actions.cards) and s.c.action_recs[s.actions.cards[-1]].id == "sprint"  # no Noise yet
    assert cb.fx[0] == -1  # Life or Death -1 from the first Nurse already
    zombies.join(s, cb, action_card(s, "nurse"))
    assert s.c.action_recs[s.actions.cards[-1]].id == "shortcut"  # Noise 2 revealed two cards
    assert cb.fx[0] == -2


def test_a_zone_icon_counts_as_a_zombie_of_that_type_already_in_play() -> None:
    s = _duo()
    b = s.board
    assert b is not None
    nurse_zone = SPECIAL_TYPES.index("nurse")
    sq = next(sq for sq in range(b.n) if b.special[sq] == nurse_zone and not b.water[sq] and sq not in s.occupied())
    s.groups[0].sq = sq
    deck_top(s, ["sprint", "ford", "shortcut"])
    zombies.start_combat(s, 0, 1, [action_card(s, "nurse")])
    assert s.c.action_recs[s.actions.cards[-1]].id == "shortcut"  # the boxed Noise 2 of the first Nurse


def test_the_noise_of_each_weapon_applies_once_per_combat() -> None:
    s = _duo(red={"gangster": ["pistol-1", "ammo-box-1", "ammo-box-2"]}, xp=3)
    _attack(s, ["horde"])
    deck_top(s, ["sprint", "ford", "shortcut", "stash"])
    s.rng = ScriptedRng([1, 1, 1])
    GAME.apply(s, "shoot")
    assert s.c.action_recs[s.actions.cards[-1]].id == "shortcut"  # two cards revealed
    # no straightened ranged weapon is left: ranged attacks are over, even once the pistol is
    # straightened again; used in melee it makes no new Noise
    assert s.combat is not None and s.combat.melee
    GAME.apply(s, "use ammo-box-1 pistol-1")
    assert "shoot" not in texts(s)
    s.rng = ScriptedRng([1] * 4 + [1] * 4)  # 1 group die + 3 for the pistol; 4 zombie dice
    GAME.apply(s, "fight")
    assert s.c.action_recs[s.actions.cards[-1]].id == "shortcut"  # nothing more revealed


def test_fleeing_discards_a_card_or_an_xp_and_the_starter_places_the_group() -> None:
    s = _duo(xp=0)
    set_group(s, 0, {"gangster": []}, hand=["shambler", "trio"])
    refresh(s)
    here = s.groups[0].sq
    _attack(s, ["horde"])
    assert "flee xp" not in texts(s)
    GAME.apply(s, "flee shambler")
    assert s.combat is None or s.combat.ended
    b = s.board
    assert b is not None
    if s.decision is not None and s.decision.kind == "flee-place":
        assert s.decision.seat == 1  # the opponent who started the combat
        options = texts(s)
        assert {b.index[t.split()[1]] for t in options} <= set(b.orth[here])
        GAME.apply(s, options[-1])
    assert s.groups[0].sq in b.orth[here]
    assert [s.c.action_recs[k].id for k in s.groups[0].hand] == ["trio"]
    assert not s.groups[0].trophies  # the zombies are discarded


def test_blocked_access_stops_fleeing_by_card_but_an_xp_always_flees() -> None:
    s = _duo(hand=["blocked-access"])
    sq = location(s, "blue", 2)
    s.groups[0].sq = sq
    set_group(s, 0, {"gangster": []}, hand=["shambler"], xp=1)
    zombies.start_combat(s, 0, 1, [action_card(s, "trio")])
    from tests.zombie_dawn.helpers import advance

    advance(s)
    assert s.decision is not None and s.decision.seat == 1  # the window: yellow may block
    GAME.apply(s, "play blocked-access red")  # its hand is empty now: the window closes
    assert s.combat is not None and s.combat.blocked
    assert "flee shambler" not in texts(s) and "flee xp" in texts(s) and "unblock" in texts(s)
    s.rng = ScriptedRng([5])
    GAME.apply(s, "unblock")  # 5: still blocked, fight to the end
    assert s.combat.blocked and "unblock" not in texts(s) and "flee shambler" not in texts(s)
    GAME.apply(s, "flee xp")
    assert s.combat is None or s.combat.ended


def test_a_six_unblocks() -> None:
    s = _duo()
    set_group(s, 0, {"gangster": []}, hand=["shambler"], xp=0)
    zombies.start_combat(s, 0, 1, [action_card(s, "trio")], blocked=True)
    from tests.zombie_dawn.helpers import advance

    advance(s)
    assert "flee shambler" not in texts(s)
    s.rng = ScriptedRng([6])
    GAME.apply(s, "unblock")
    assert "flee shambler" in texts(s)


def test_fleeing_a_search_keeps_one_found_item_marks_the_location_and_gives_an_xp() -> None:
    s = _duo(hand=["trio"])
    sq = location(s, "blue", 3, seat=0) if any(
        s.board.loc_count[x] == 3 and s.board.loc_deck[x] == "blue" and s.board.island[x] == 0 for x in s.board.locations  # type: ignore[union-attr]
    ) else location(s, "blue", 3)
    set_group(s, 0, {"gangster": []}, hand=["shambler", "shambler"], sq=sq, xp=0)
    refresh(s)
    GAME.apply(s, "search shambler")
    found = list(s.groups[0].found)
    assert s.decision is not None and s.decision.seat == 1
    GAME.apply(s, "play trio red")
    GAME.apply(s, "flee shambler")
    while s.decision is not None and s.decision.kind == "flee-place":
        GAME.apply(s, texts(s)[0])
    assert s.searched[sq] & 1 and s.groups[0].xp == 1 and not s.groups[0].searching
    if found and s.decision is not None and s.decision.kind == "items":
        take = next(t for t in texts(s) if t.startswith("take "))
        GAME.apply(s, take)
        carried = s.carried(0)
        assert sum(1 for it in carried if it in found) == 1


def test_the_fourth_damage_kills_unless_medicine_removes_one_at_once() -> None:
    s = _duo(red={"gangster": ["medicine-1"], "kid": []}, xp=1)
    gangster = s.c.char_index["gangster"]
    s.char_damage[gangster] = tuple(s.c.damage_index[n] for n in ("hunger-1", "hunger-2", "cut-1"))
    damage_top(s, ["fracture-1"])
    _attack(s, ["shambler"])
    s.rng = ScriptedRng([1, 1, 1, 6])
    GAME.apply(s, "fight")
    assert s.decision is not None and s.decision.kind == "damage"
    GAME.apply(s, "wound gangster")
    assert s.decision.kind == "save"
    GAME.apply(s, "use medicine-1 gangster")
    assert gangster in s.groups[0].chars and len(s.char_damage[gangster]) == 3
    assert s.c.damage_index["fracture-1"] not in s.char_damage[gangster]  # the worst one goes


def test_a_bite_cannot_be_removed() -> None:
    from deadboard.games.zombie_dawn.effects import removable

    s = _duo(red={"gangster": ["medicine-1", "food-1"]})
    gangster = s.c.char_index["gangster"]
    s.char_damage[gangster] = (s.c.damage_index["bite-1"],)
    assert removable(s, gangster, ("food", "medicine")) == []
    refresh(s)
    assert not any(t.startswith("use ") for t in texts(s))


def test_a_dead_characters_skills_go_to_the_victory_pile_and_its_items_to_the_others() -> None:
    from deadboard.games.zombie_dawn.death import kill

    s = _duo(red={"gangster": ["pistol-1"], "kid": []})
    gangster = s.c.char_index["gangster"]
    s.char_skills[gangster] = (s.c.skill_index["brawler"],)
    kill(s, gangster, "test")
    g = s.groups[0]
    assert g.dead == [gangster] and g.vp_skills == [s.c.skill_index["brawler"]]
    from tests.zombie_dawn.helpers import advance

    advance(s)
    assert s.decision is not None and s.decision.kind == "items"
    GAME.apply(s, "take pistol-1 kid")
    assert s.c.item_index["pistol-1"] in s.char_items[s.c.char_index["kid"]]


def test_when_the_last_character_dies_a_new_one_starts_from_the_tent_or_a_searched_location() -> None:
    from deadboard.games.zombie_dawn.death import kill
    from tests.zombie_dawn.helpers import advance

    s = _duo(red={"gangster": ["pistol-1"]})
    g = s.groups[0]
    g.vehicle = action_card(s, "car")
    b = s.board
    assert b is not None
    searched = next(sq for sq in b.locations if sq not in s.occupied())
    s.searched[searched] |= 1
    missions = list(g.missions)
    xp = g.xp
    kill(s, s.c.char_index["gangster"], "test")
    assert len(g.chars) == 1 and g.vehicle < 0
    (new,) = g.chars
    assert [s.c.item_recs[it].deck for it in s.char_items[new]] == ["special"]
    assert g.missions == missions and g.xp == xp  # missions and Xp are kept
    advance(s)
    assert s.decision is not None and s.decision.kind == "respawn"
    assert set(texts(s)) == {f"camp {b.names[b.tent_sq[0]]}", f"camp {b.names[searched]}"}
    GAME.apply(s, f"camp {b.names[searched]}")
    assert g.sq == searched


def test_zombies_played_on_another_group_during_a_combat_wait_for_it_to_end() -> None:
    s = _duo(hand=["shambler"])
    s.groups[1].hand.append(action_card(s, "in-pairs"))
    _attack(s, ["horde"])
    # the combat window of red's fight: yellow attacks... itself? no: another group is yellow only
    assert s.decision is not None and s.decision.seat == 1
    GAME.apply(s, "play in-pairs yellow")
    assert [target for target, _ in zombies_waiting(s)] == [1]
    assert s.combat is not None and s.combat.group == 0


def test_combat_between_groups_has_no_noise_and_the_winner_may_keep_the_dead_pjs_items() -> None:
    s = fresh(players=2, seed=70)
    quiet_season(s)
    b = s.board
    assert b is not None
    set_group(s, 0, {"gangster": ["rifle-1"]}, hand=["shambler"], xp=0)
    set_group(s, 1, {"kid": ["pistol-1"]}, hand=[], xp=0)
    here = s.groups[0].sq
    s.groups[1].sq = b.adj[here][0]
    kid = s.c.char_index["kid"]
    s.char_damage[kid] = tuple(s.c.damage_index[n] for n in ("hunger-1", "hunger-2", "hunger-3"))
    refresh(s)
    cards_before = len(s.actions.cards)
    GAME.apply(s, "attack yellow shambler")
    assert s.combat is not None and s.combat.duel
    assert s.decision is not None and s.decision.kind == "duel" and s.decision.seat == 0
    GAME.apply(s, "shoot")
    assert s.decision.kind == "duel" and s.decision.seat == 1
    damage_top(s, ["cut-1"])
    s.rng = ScriptedRng([6, 1, 1, 1, 1,  # red's rifle (4) and the Gangster's +1 between groups: a hit
                         1, 1, 1])  # yellow's pistol: nothing
    GAME.apply(s, "shoot")
    assert kid in s.groups[1].dead
    assert len(s.actions.cards) == cards_before  # no Noise in combats between groups
    while s.decision is not None and s.decision.kind != "items":
        GAME.apply(s, texts(s)[0])
    assert s.decision is not None and s.decision.seat == 0
    GAME.apply(s, "take pistol-1 gangster")
    assert s.c.item_index["pistol-1"] in s.char_items[s.c.char_index["gangster"]]


def test_a_failed_clear_a_location_mission_is_discarded_and_replaced() -> None:
    s = _duo(red={"gangster": []}, xp=1)
    b = s.board
    assert b is not None
    farm = next(sq for sq in b.locations if b.site[sq] == "farm")
    s.groups[0].sq = farm
    m = s.c.mission_index["clear-farm"]
    if m in s.missions.cards:
        s.missions.cards.remove(m)
    s.groups[0].missions = [m, s.c.mission_index["scout"]]
    set_group(s, 0, {"gangster": []}, hand=["shambler"], xp=1)
    deck_top(s, ["sprint", "ford"])
    refresh(s)
    GAME.apply(s, "clear clear-farm")
    assert s.combat is not None and s.combat.mission == m and s.combat.dice == 2
    GAME.apply(s, "flee xp")
    g = s.groups[0]
    assert m not in g.missions and m not in g.done and m in s.missions.discards
    assert len(g.missions) == 2  # a new mission replaces it


def test_the_flare_gun_eliminates_two_zombie_dice() -> None:
    s = _duo(red={"gangster": ["flare-gun"]})
    _attack(s, ["trio"])
    GAME.apply(s, "use flare-gun zombies")
    assert s.combat is not None and s.combat.dice == 1


def test_a_tough_zombie_makes_a_pj_roll_life_or_death_after_its_first_attack() -> None:
    s = _duo(red={"gangster": [], "kid": []})
    _attack(s, ["tough"])
    s.rng = ScriptedRng([1, 1, 1, 1,  # the group misses, the zombie misses
                         5])  # the Life or Death roll
    GAME.apply(s, "fight")
    assert s.decision is not None and s.decision.kind == "lodpick"
    GAME.apply(s, "roll kid")
    assert any("Life or Death" in e.text for e in s.log[-3:])
    s.rng = ScriptedRng([1, 1, 1, 1])
    GAME.apply(s, "fight")  # no second roll: only after its first attack
    assert s.decision is not None and s.decision.kind != "lodpick"


def test_a_group_may_attack_an_adjacent_group_out_of_its_turn() -> None:
    s = fresh(players=2, seed=72)
    quiet_season(s)
    b = s.board
    assert b is not None
    set_group(s, 0, {"gangster": []}, hand=["shambler", "shambler"], xp=0)
    set_group(s, 1, {"kid": []}, hand=["trio"], xp=0)
    s.groups[1].sq = b.adj[s.groups[0].sq][0]
    refresh(s)
    GAME.apply(s, "end")  # red's last action: yellow's window
    assert s.decision is not None and s.decision.kind == "respond" and s.decision.seat == 1
    assert "attack red trio" in texts(s)
    GAME.apply(s, "attack red trio")
    assert s.combat is not None and s.combat.duel and s.combat.enemy == 1 and s.combat.group == 0


def _attack_during_a_combat(seed: int) -> DawnState:
    """Red fights a Shambler; yellow, next to red, attacks red in the combat's window."""
    s = fresh(players=3, seed=seed)
    quiet_season(s)
    b = s.board
    assert b is not None
    set_group(s, 0, {"gangster": []}, hand=[], xp=1)
    set_group(s, 1, {"kid": []}, hand=["shambler", "trio"], xp=0)
    set_group(s, 2, {"farmer": []}, hand=[], xp=0)
    s.groups[1].sq = b.orth[s.groups[0].sq][0]
    s.groups[2].sq = next(sq for sq in b.locations if sq not in b.near[s.groups[0].sq] and sq not in s.occupied())
    zombies.start_combat(s, 0, 2, [action_card(s, "shambler")])
    from tests.zombie_dawn.helpers import advance

    advance(s)
    assert s.decision is not None and s.decision.seat == 1 and "attack red shambler" in texts(s)
    GAME.apply(s, "attack red shambler")
    assert isinstance(waiting(s)[0], AttackWaits) and s.combat is not None and not s.combat.duel  # it waits
    while s.decision is not None and s.decision.kind == "respond":
        GAME.apply(s, "pass")
    assert s.decision is not None and s.decision.kind == "combat" and s.decision.seat == 0
    return s


def test_an_attack_declared_during_a_combat_starts_when_it_ends() -> None:
    s = _attack_during_a_combat(73)
    s.rng = ScriptedRng([5, 5, 1])  # red kills the Shambler
    GAME.apply(s, "fight")
    assert s.combat is not None and s.combat.duel and s.combat.enemy == 1 and s.combat.group == 0


def test_an_attack_waiting_comes_to_nothing_if_the_groups_are_no_longer_adjacent() -> None:
    s = _attack_during_a_combat(73)
    GAME.apply(s, "flee xp")  # fleeing moves red away from yellow (no square is next to both)
    while s.decision is not None and s.decision.kind == "flee-place":
        GAME.apply(s, texts(s)[0])
    assert s.combat is None or not s.combat.duel
    assert any("comes to nothing" in e.text for e in s.log)


def test_a_group_searching_may_attack_a_group_next_to_it() -> None:
    s = fresh(players=2, seed=74)
    quiet_season(s)
    b = s.board
    assert b is not None
    sq = location(s, "green", 1)
    set_group(s, 0, {"gangster": []}, hand=["shambler", "shambler"], sq=sq)
    set_group(s, 1, {"kid": []}, hand=[])
    s.groups[1].sq = next(o for o in b.orth[sq] if o not in s.occupied())
    refresh(s)
    GAME.apply(s, "search shambler")
    assert s.groups[0].searching and "attack yellow shambler" in texts(s)


def test_a_zombie_cards_effect_lasts_until_the_end_of_its_combat_and_no_longer() -> None:
    """Rulebook §Attack: "NOTE: if any Zombie card has an Effect, it is applied until the end of the
    Combat." The Nurse's Life or Death −1 counts in her combat; once the combat is over (here: the
    group wiped out by a Does it hurt? played in its window) it no longer does."""
    s = _duo(hand=["does-it-hurt", "does-it-hurt"])
    set_group(s, 0, {"gangster": []}, hand=[], xp=1)
    gangster = s.c.char_index["gangster"]
    s.char_damage[gangster] = (s.c.damage_index["fracture-1"],)
    from tests.zombie_dawn.helpers import character

    s.char_deck.cards.append(character(s, "farmer"))  # the next character to come
    _attack(s, ["nurse"])
    assert s.decision is not None and s.decision.kind == "respond" and s.decision.seat == 1
    s.rng = ScriptedRng([4])  # 4 − 3 (Fracture) − 1 (Nurse) = 0: dies
    GAME.apply(s, "play does-it-hurt gangster")
    assert gangster in s.groups[0].dead
    farmer = s.c.char_index["farmer"]
    assert s.groups[0].chars == [farmer]
    assert s.combat is None or s.combat.ended  # the last Pj dead: the combat is over
    while s.decision is not None and s.decision.kind == "respawn":
        GAME.apply(s, texts(s)[0])
    s.char_items[farmer] = ()
    refresh(s)
    assert s.decision is not None and s.decision.kind == "respond" and s.decision.seat == 1
    s.rng = ScriptedRng([1])  # 1 and nothing else: the Nurse's −1 went with her combat
    GAME.apply(s, "play does-it-hurt farmer")
    assert s.groups[0].chars == [farmer]


def _blocked_on_a_location(hand_red: list[str] | None = None) -> DawnState:
    s = _duo(hand=["blocked-access"])
    s.groups[0].sq = location(s, "blue", 2)
    set_group(s, 0, {"gangster": []}, hand=hand_red or [], xp=1)
    _attack(s, ["in-pairs", "nurse"])
    assert s.combat is not None and s.combat.dice == 3 and s.combat.fx[0] == -1
    return s


def test_blocked_access_discards_a_zombie_card_in_combat_or_stops_fleeing() -> None:
    """Blocked Access (rulebook §Card Examples): "In a Location: Discard a Zombie card in Combat, or,
    you cannot Flee. Ignore with Unblock 6+." Either clause, at the choice of the player: the first
    discards a zombie card of the combat, with its dice and its effect."""
    s = _blocked_on_a_location()
    assert s.decision is not None and s.decision.seat == 1
    assert {"play blocked-access red", "play blocked-access red in-pairs", "play blocked-access red nurse"} <= set(texts(s))
    nurse = next(z for z in s.combat.zombies if s.c.action_recs[z].id == "nurse")  # type: ignore[union-attr]
    GAME.apply(s, "play blocked-access red nurse")
    cb = s.combat
    assert cb is not None
    assert [s.c.action_recs[z].id for z in cb.zombies] == ["in-pairs"]
    assert cb.dice == 2 and cb.fx[0] == 0 and not cb.blocked  # her die and her −1 are gone; no block
    assert nurse in s.actions.discards


def test_blocked_access_can_discard_a_zombie_from_ones_own_combat() -> None:
    """Rulebook §Play an Action card: "Action cards can affect another player's Group or one's own
    Group": the group in combat may play Blocked Access's first clause itself (never the block)."""
    s = _blocked_on_a_location(hand_red=["blocked-access"])
    GAME.apply(s, "pass")
    assert s.decision is not None and s.decision.kind == "combat" and s.decision.seat == 0
    assert "play blocked-access red in-pairs" in texts(s) and "play blocked-access red" not in texts(s)
    GAME.apply(s, "play blocked-access red in-pairs")
    assert s.combat is not None and s.combat.dice == 1


def test_blocked_access_only_in_a_location() -> None:
    """Blocked Access: "In a Location: ..." — off a location neither clause can be played."""
    s = _duo(hand=["blocked-access"])
    b = s.board
    assert b is not None
    s.groups[0].sq = next(sq for sq in range(len(b.names)) if not b.loc_count[sq] and not b.water[sq]
                          and sq not in s.occupied() and b.special[sq] < 0)
    _attack(s, ["in-pairs", "nurse"])
    assert not any(t.startswith("play blocked-access") for t in texts(s))


def test_zombies_played_on_a_group_waiting_for_its_combat_join_that_one_combat() -> None:
    """Rulebook §Special Zombies: "When the second or third Zombie of the same type is played in the
    same combat, its special effect is activated"; §Questions: zombies played on a group during
    another combat "will be resolved after Finishing your combat" — as one combat: a group has one."""
    s = _duo(hand=["nurse", "nurse"])
    s.groups[1].xp = 1  # its combat decisions are choices
    _attack(s, ["horde"])
    assert s.decision is not None and s.decision.seat == 1
    GAME.apply(s, "play nurse yellow")
    GAME.apply(s, "play nurse yellow")
    assert [len(cards) for _, cards in zombies_waiting(s)] == [2]  # one combat waiting, with both Nurses
    deck_top(s, ["sprint", "ford"])  # the second Nurse's boxed Noise 2: no zombie comes
    GAME.apply(s, "flee xp")
    while s.decision is not None and s.decision.kind == "flee-place":
        GAME.apply(s, texts(s)[0])
    cb = s.combat
    assert cb is not None and cb.group == 1 and not cb.duel
    assert [s.c.action_recs[z].id for z in cb.zombies] == ["nurse", "nurse"]
    assert cb.types[SPECIAL_TYPES.index("nurse")] == 2
    assert any("Nurse joins" in e.text and "(boxed effect)" in e.text for e in s.log)
    assert any(e.kind == "noise" and "Sprint" in e.text for e in s.log)


def test_when_the_last_pj_dies_the_items_still_to_be_shared_go_to_the_discard() -> None:
    """Rulebook §Death of Characters: "When the last Character of a Group dies or is discarded, all its
    Items and Vehicle go to the corresponding discard decks" — those of a Pj who died just before,
    still waiting to be shared out, and a damage card drawn and not yet placed, included."""
    from deadboard.games.zombie_dawn.death import kill
    from deadboard.games.zombie_dawn.items import TakeItems
    from deadboard.games.zombie_dawn.wounds import PlaceDamage

    s = _duo(red={"gangster": []})
    from tests.zombie_dawn.helpers import item

    axe = item(s, "axe-1")
    wound = s.damage.cards.pop()
    s.push(TakeItems(0, "death", (axe,), 0))
    s.push(PlaceDamage(0, 1, -1, wound))
    kill(s, s.c.char_index["gangster"], "test")
    assert axe in s.green.discards + s.blue.discards + s.specials.discards
    assert wound in s.damage.discards
    assert not any(isinstance(p, TakeItems | PlaceDamage) and p.seat == 0 for p in s.steps)


def test_combats_played_during_a_combat_wait_beneath_it_and_begin_in_the_order_they_came() -> None:
    """Rulebook §Questions, Playing Zombies: "Can I play Zombies on other Groups while I am fighting?
    Yes, but those combats will be resolved after Finishing your combat." Zombies for a group that
    already has zombies waiting make one combat with them (§Special Zombies: "in the same combat")."""
    s = fresh(players=3, seed=63)
    quiet_season(s)
    set_group(s, 0, {"gangster": []}, hand=[], xp=1)
    set_group(s, 1, {"kid": []}, hand=[], xp=1)
    set_group(s, 2, {"farmer": []}, hand=[], xp=1)
    refresh(s)
    shambler, trio, pair = action_card(s, "shambler"), action_card(s, "trio"), action_card(s, "in-pairs")
    zombies.start_combat(s, 0, 2, [shambler])
    zombies.start_combat(s, 1, 0, [trio])
    zombies.start_combat(s, 2, 0, [pair])
    zombies.start_combat(s, 1, 2, [action_card(s, "horde")])
    assert [(target, len(cards)) for target, cards in zombies_waiting(s)] == [(1, 2), (2, 1)]
    combat_at = flow.combat_step_at(s)
    assert all(s.steps.index(w) < combat_at for w in waiting(s))  # beneath the running combat
    from tests.zombie_dawn.helpers import advance

    advance(s)
    while s.decision is not None and s.decision.kind == "respond":
        GAME.apply(s, "pass")
    assert s.decision is not None and s.decision.kind == "combat" and s.decision.seat == 0
    GAME.apply(s, "flee xp")  # red's combat ends: yellow's begins, with both cards
    while s.decision is not None and s.decision.seat == 2 and s.decision.kind == "flee-place":
        GAME.apply(s, GAME.legal_actions(s)[0])
    assert s.combat is not None and s.combat.group == 1 and trio in s.combat.zombies and len(s.combat.zombies) == 2
    assert zombies_waiting(s) == [(2, (pair,))]
