"""Rulebook §1 (the survivor sheet's hands and body; the search card's space and hand icons), §4.6
(reorganize inventory), §4.7 and §4.8 (reorganizing after a successful search)."""

from __future__ import annotations

from deadboard.games.day_night_z.board import INDEX
from deadboard.games.day_night_z.inventory import backpack, fits, load, overloaded, place, room
from deadboard.games.day_night_z.survivor_actions import Turn

from .helpers import act, enemy, fresh, legal, on_top, put, script, tile


def _turn(state, s, ap: int = 3) -> None:  # type: ignore[no-untyped-def]
    state.steps.clear()
    s.ap = ap
    state.steps.append(Turn(s.seat, s.id, ap))


def test_the_survivor_sheet_holds_cards_in_the_main_hand_the_off_hand_or_both_hands() -> None:
    """ "5) Cards equipped in hands (main hand, off hand, both hands)": a one-handed card takes one
    hand, a two-handed one both; what it pushes out of the hands goes to the backpack."""
    state = fresh()
    swift = state.survivor("swift")
    assert swift.weapon == "colt-1911" and swift.off == ""
    place(state, swift, "knife")
    assert swift.off == "knife"  # the free off hand
    place(state, swift, "fireman-axe")
    assert backpack(swift) == ["fireman-axe"]  # no hand free for a two-handed card
    _turn(state, swift)
    act(state, "reorganize swift")
    act(state, "equip swift fireman-axe")
    assert swift.weapon == "fireman-axe" and swift.off == ""
    assert sorted(backpack(swift)) == ["colt-1911", "knife"]
    act(state, "hold swift knife")  # a one-handed card into the off hand frees both hands
    assert swift.weapon == "" and swift.off == "knife"
    act(state, "done swift")
    assert swift.ap == 2  # "Reorganize Inventory (1 AP)"


def test_only_cards_in_the_backpack_take_its_space() -> None:
    """ "5) Space required if stored in backpack": cards held or worn take none."""
    state = fresh()
    swift = state.survivor("swift")
    place(state, swift, "helmet")  # worn on the head
    place(state, swift, "crowbar")  # the off hand
    place(state, swift, "bandage")  # no hand icon: the backpack
    assert swift.worn == {"head": "helmet"} and swift.off == "crowbar"
    assert backpack(swift) == ["bandage"] and load(state, swift) == 1


def test_a_weapon_attacks_only_from_a_hand() -> None:
    """ "7) Object that requires one hand to be used": a knife in the backpack gives no attack."""
    state = fresh()
    swift = state.survivor("swift")
    swift.items.append("knife")
    swift.weapon, swift.off = "", ""
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    w = enemy(state, "walker", t, "b2")
    _turn(state, swift)
    assert not [a for a in legal(state) if a.startswith("attack")]
    act(state, "reorganize swift")
    act(state, "equip swift knife")
    act(state, "done swift")
    assert f"attack swift {w.id} knife melee no" in legal(state)


def test_both_hands_can_hold_a_weapon_to_attack_with() -> None:
    """Main hand and off hand: a Colt in one and a knife in the other both give attacks."""
    state = fresh()
    swift = state.survivor("swift")
    place(state, swift, "knife")
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    w = enemy(state, "walker", t, "b2")
    _turn(state, swift)
    attacks = legal(state)
    assert f"attack swift {w.id} colt-1911 ranged no" in attacks
    assert f"attack swift {w.id} knife melee no" in attacks


def test_a_light_shines_and_a_grenade_is_thrown_only_from_a_hand() -> None:
    """The flashlight and the grenade print the one-hand icon: in the backpack they cannot be used."""
    state = fresh()
    state.clock = state.clock.tick(24 - state.clock.hour + 22)[0]  # 22:00, night
    swift = state.survivor("swift")
    swift.battery = 1
    place(state, swift, "fireman-axe")  # into the backpack (the Colt holds the main hand)
    place(state, swift, "flashlight")  # into the off hand
    assert swift.off == "flashlight"
    _turn(state, swift)
    assert state.night and "light swift" in legal(state)
    act(state, "reorganize swift")
    act(state, "equip swift fireman-axe")  # both hands: the flashlight goes to the backpack
    act(state, "done swift")
    assert "light swift" not in legal(state)


def test_a_successful_search_with_a_full_backpack_lets_the_survivor_make_room() -> None:
    """ "A survivor can freely reorganize his inventory if the search was successful": with the
    backpack over its room he discards (or takes into his hands) until the cards fit."""
    state = fresh()
    swift = state.survivor("swift")
    for c in ("bandage", "bandage", "water", "painkillers", "canned-food", "vaccine"):
        place(state, swift, c)
    assert load(state, swift) == room(state) == 6
    t = tile(state, "10b")
    put(state, swift, t, "b2")
    t.search_marks.add(INDEX["b3"])
    _turn(state, swift)
    on_top(state, "search", "helmet")
    script(state, "green", "green")
    act(state, f"search-item swift {t.id}-b3 no")
    assert swift.worn == {"head": "helmet"}  # the free head: still within the room
    assert state.decision is not None and state.decision.kind == "turn"  # nothing to reorganize
    t.search_marks.add(INDEX["c3"])
    on_top(state, "search", "machete")
    script(state, "green", "green")
    act(state, f"search-item swift {t.id}-c3 no")
    assert swift.off == "machete"  # the free off hand
    t.search_marks.add(INDEX["c2"])
    on_top(state, "search", "crowbar")
    script(state, "green", "green")
    act(state, f"search-item swift {t.id}-c2 no")
    assert overloaded(state, swift)
    options = legal(state)
    assert "done swift" not in options and "discard swift crowbar" in options
    act(state, "discard swift water")
    act(state, "discard swift bandage")
    assert not overloaded(state, swift) and "done swift" in legal(state)
    act(state, "done swift")
    assert swift.ap == 0 and load(state, swift) == 6


def test_a_card_is_given_only_to_a_survivor_with_room_for_it() -> None:
    """ "Exchange object cards ... with other survivors": a card goes to a free hand, the body or the
    backpack of the other survivor; one with no room for it is not offered."""
    state = fresh(2)
    swift, lebeu = state.survivors
    lebeu.zone = swift.zone
    for c in ("canned-food",) * 5:
        place(state, lebeu, c)  # 1 (bandage) + 5 = the room of 6
    place(state, lebeu, "crowbar")  # her free off hand
    place(state, swift, "shotgun")
    assert not fits(state, lebeu, "shotgun")
    act(state, "first swift")
    act(state, "reorganize swift")
    options = legal(state)
    assert "give swift shotgun lebeu" not in options and "give swift ammo lebeu" in options


def test_a_campaign_survivor_with_too_many_cards_lets_some_go_before_setting_out() -> None:
    """A survivor carried in from a campaign with more cards than hands, body and backpack hold makes
    room before the first turn (rulings)."""
    from deadboard.core import Setup
    from deadboard.core.kernel import advance
    from deadboard.games.day_night_z.setup import new_state

    state = new_state(Setup("first-steps", players=1), 3)
    swift = state.survivor("swift")
    swift.items = ["colt-1911", "shotgun", "hunting-rifle", "chainsaw"]
    advance(state)
    assert state.decision is not None and state.decision.kind == "make-room"
    assert swift.weapon == "colt-1911" and load(state, swift) == 9
    act(state, "discard swift chainsaw")
    assert state.decision is not None and state.decision.kind == "turn"


def test_an_exchange_lets_the_other_survivor_give_back_for_the_same_ap() -> None:
    """ "Exchange object cards and backpack elements (supplies, battery and ammo) with other survivors
    ... The AP is only spent when the survivor declares the action, no matter if more than one
    survivor takes part in the exchange.": after Swift is done, Lebeu in the same zone may give him
    cards and backpack elements, spending nothing."""
    state = fresh(2)
    swift, lebeu = state.survivors
    lebeu.zone = swift.zone
    act(state, "first swift")
    act(state, "reorganize swift")
    act(state, "give swift colt-1911 lebeu")
    act(state, "done swift")
    assert state.decision is not None and state.decision.kind == "reorganize" and state.decision.seat == 1
    assert "give lebeu knife swift" in legal(state) and "give lebeu supplies swift" in legal(state)
    act(state, "give lebeu knife swift")
    act(state, "done lebeu")
    assert swift.weapon == "knife" and lebeu.weapon == "" and lebeu.off == "colt-1911"
    assert swift.ap == 2 and state.decision is not None and state.decision.kind == "turn"
