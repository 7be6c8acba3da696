"""A turn (rulebook §How to Play): move, flip, the objective, the event table, AFTER and UNIQUE
EVENTS, dropped items, winning and losing."""

from __future__ import annotations

from deadboard.games.district_z import GAME
from deadboard.games.district_z.state import OBJ
from tests.district_z.helpers import item, loc, new_game, put, script, texts, turn_of


def legal(st) -> list[str]:  # type: ignore[no-untyped-def]
    return [a.text for a in GAME.legal_actions(st)]


def test_single_player_must_move_north_south_east_or_west() -> None:
    st = new_game()
    turn_of(st, 0, "c2")
    assert legal(st) == ["move north", "move east", "move south", "move west"]
    turn_of(st, 0, "b1")
    assert legal(st) == ["move east", "move south"]


def test_moving_flips_the_new_card_up_and_the_old_one_down() -> None:
    st = new_game()
    turn_of(st, 0, "c2")
    put(st, "d2", "laundromat")
    st.up[st.lay.index["d2"]] = False
    script(st, 1)  # Laundromat 1: nothing
    GAME.apply(st, "move east")
    assert st.up[st.lay.index["d2"]] and not st.up[st.lay.index["c2"]]
    assert "DANA flips d2: Laundromat" in texts(st)
    assert "Laundromat, event roll 1: Warm air and lint." in texts(st)


def test_finding_the_objective_equips_it_and_the_set_aside_card_is_resolved() -> None:
    st = new_game()
    turn_of(st, 0, "c2")
    d2 = st.lay.index["d2"]
    obj_pos = next(p for p in st.lay.positions() if st.card[p] >= OBJ)
    st.card[obj_pos], st.card[d2] = st.card[d2], st.card[obj_pos]
    obj = st.card[d2] - OBJ
    st.setaside = [loc(st, "laundromat")]
    script(st, 5)  # the Laundromat's event: 5, nothing
    GAME.apply(st, "move east")
    assert obj in st.players[0].items
    assert st.c.locations[st.card[d2]].id == "laundromat" and st.setaside == []
    assert "Laundromat, event roll 5: Empty." in texts(st)


def test_an_item_event_lets_the_survivor_equip_the_item_or_leave_it() -> None:
    st = new_game()
    turn_of(st, 0, "c2")
    put(st, "d2", "police-station")
    script(st, 2)  # Police Station 2: a pistol
    GAME.apply(st, "move east")
    assert legal(st) == ["equip pistol", "leave pistol"]
    GAME.apply(st, "equip pistol")
    assert st.players[0].items == [item(st, "pistol")]


def test_a_zombies_event_starts_combat_with_that_many_zombies() -> None:
    st = new_game()
    turn_of(st, 0, "c2")
    put(st, "d2", "hospital")
    script(st, 5)  # Hospital 5: four zombies
    GAME.apply(st, "move east")
    assert st.decision is not None and st.decision.kind == "fight" and st.cb_n == 4


def test_after_event_follows_a_completed_event_once_per_visit() -> None:
    st = new_game()
    turn_of(st, 0, "c2")
    put(st, "d2", "warehouse")
    script(st, 1, 1, 1, 1)  # Warehouse 1: nothing; AFTER EVENT perception 3 dice: 3, fails
    GAME.apply(st, "move east")
    log = texts(st)
    assert sum(1 for t in log if t.startswith("AFTER EVENT at Warehouse")) == 1
    assert st.decision is not None and st.decision.kind == "turn"


def test_no_after_event_when_the_event_is_skipped_for_a_unique_item_already_in_the_city() -> None:
    st = new_game()
    turn_of(st, 0, "c2", items=["hunting-rifle"])
    put(st, "d2", "gun-shop")
    script(st, 6)  # Gun Shop 6: the hunting rifle, which DANA already carries
    GAME.apply(st, "move east")
    assert any("UNIQUE and already in the city: the event is skipped" in t for t in texts(st))
    assert st.decision is not None and st.decision.kind == "turn"
    assert not st.v_done


def test_unique_event_happens_once_then_the_card_is_kept_or_replaced() -> None:
    st = new_game()
    turn_of(st, 0, "c2")
    d2 = put(st, "d2", "abandoned-ambulance")
    GAME.apply(st, "move east")
    assert any(t.startswith("UNIQUE EVENT at Abandoned Ambulance") for t in texts(st))
    GAME.apply(st, "equip first-aid-kit")
    GAME.apply(st, "equip bandages")
    assert legal(st) == ["replace", "keep"]
    GAME.apply(st, "keep")
    assert st.used_unique[loc(st, "abandoned-ambulance")]
    turn_of(st, 0, "c2")
    GAME.apply(st, "move east")
    assert any("the unique event has already happened" in t for t in texts(st))
    assert st.card[d2] == loc(st, "abandoned-ambulance")


def test_replacing_a_unique_event_card_puts_a_random_unused_card_face_down() -> None:
    st = new_game()
    turn_of(st, 0, "c2")
    d2 = put(st, "d2", "abandoned-ambulance")
    GAME.apply(st, "move east")
    GAME.apply(st, "leave first-aid-kit")
    GAME.apply(st, "leave bandages")
    GAME.apply(st, "replace")
    assert st.card[d2] != loc(st, "abandoned-ambulance")
    assert loc(st, "abandoned-ambulance") in st.unused
    assert not st.up[d2] and not st.seen[d2]


def test_dropped_items_keep_the_card_face_up_and_picking_them_up_skips_the_event() -> None:
    st = new_game()
    turn_of(st, 0, "c2", items=["crowbar"])
    c2 = st.lay.index["c2"]
    GAME.apply(st, "drop crowbar")
    put(st, "d2", "laundromat")
    script(st, 1)
    GAME.apply(st, "move east")
    assert st.up[c2] and st.dropped[c2] == (item(st, "crowbar"),)
    turn_of(st, 0, "d2")
    st.dropped[c2] = (item(st, "crowbar"),)
    GAME.apply(st, "move west")
    assert legal(st) == ["take crowbar", "roll"]
    n_events = sum(1 for t in texts(st) if "event roll" in t)
    GAME.apply(st, "take crowbar")
    assert item(st, "crowbar") in st.players[0].items
    assert sum(1 for t in texts(st) if "event roll" in t) == n_events
    assert st.decision is not None and st.decision.kind == "turn"


def test_zombie_counters_on_a_card_are_fought_before_its_event() -> None:
    st = new_game()
    turn_of(st, 0, "c2")
    put(st, "d2", "library")
    st.counters[st.lay.index["d2"]] = 2
    GAME.apply(st, "move east")
    assert st.decision is not None and st.decision.kind == "fight" and st.cb_n == 2
    assert st.counters[st.lay.index["d2"]] == 0
    assert not any("event roll" in t for t in texts(st)[-3:])


def test_escape_leaves_zombie_counters_and_ends_the_turn_without_the_after_event() -> None:
    st = new_game()
    turn_of(st, 0, "c2")
    d2 = put(st, "d2", "warehouse")
    script(st, 4, 6, 6, 6, 1, 1, 1)  # Warehouse 4: three zombies; DANA's agility 6+6+6 > 1+1+1
    seen = len(st.log)
    GAME.apply(st, "move east")
    assert st.cb_n == 3
    GAME.apply(st, "escape")
    assert st.counters[d2] == 3
    assert not any(t.startswith("AFTER EVENT") for t in texts(st)[seen:])
    assert st.decision is not None and st.decision.kind == "turn"


def test_failed_escape_wounds_and_a_tie_does_not() -> None:
    st = new_game()
    turn_of(st, 0, "c2")
    put(st, "d2", "warehouse")
    script(st, 4, 1, 1, 1, 6, 6, 6, 2, 2, 2, 2, 2, 2)
    GAME.apply(st, "move east")
    GAME.apply(st, "escape")
    assert st.players[0].wounds == 1 and st.cb_n == 3
    GAME.apply(st, "escape")  # 6 against 6: no escape, no wound
    assert st.players[0].wounds == 1 and st.cb_n == 3
    assert st.decision is not None and st.decision.kind == "fight"


def test_no_escape_combat_offers_no_escape() -> None:
    st = new_game()
    turn_of(st, 0, "c2", items=["crowbar", "machete"])
    put(st, "d2", "back-alley")
    script(st, 1)  # Back Alley 1: four zombies, no escape
    GAME.apply(st, "move east")
    assert legal(st) == ["fight machete", "fight crowbar"]


def test_a_combat_round_with_nothing_to_choose_runs_by_itself() -> None:
    st = new_game()
    turn_of(st, 0, "c2", items=["crowbar", "pistol"])  # the crowbar is as good and never runs out
    put(st, "d2", "back-alley")
    script(st, 1, 6, 6, 6, 1, 1, 1, 1, 6, 6, 6, 1)  # four zombies, no escape; two rounds
    GAME.apply(st, "move east")
    assert "Dice paired (6 beats 1, 6 beats 1, 6 beats 1): 3 zombies destroyed, 1 wound; 1 left" in texts(st)
    assert "Dice paired (6 beats 1): 1 zombie destroyed, 0 wounds; 0 left" in texts(st)


def test_winning_at_the_edge_with_the_objective_after_completing_the_event() -> None:
    st = new_game()
    obj = st.c.objectives[0]
    turn_of(st, 0, "h2")
    st.players[0].items = [obj]
    put(st, "i2", "laundromat")
    script(st, 1)
    GAME.apply(st, "move east")
    o = GAME.outcome(st)
    assert o is not None and o.reason == "escaped" and o.winners == (0,)


def test_reaching_the_edge_without_the_objective_does_not_win() -> None:
    st = new_game()
    turn_of(st, 0, "h2")
    put(st, "i2", "laundromat")
    script(st, 1)
    GAME.apply(st, "move east")
    assert GAME.outcome(st) is None
    assert st.decision is not None and st.decision.kind == "turn"


def test_losing_when_wounds_reach_health() -> None:
    st = new_game()
    turn_of(st, 0, "c2", wounds=4)  # DANA has health 5
    put(st, "d2", "rooftops")
    script(st, 4, 1, 1, 1)  # Rooftops 4: AGILITY 7 or two wounds; 3 fails
    GAME.apply(st, "move east")
    o = GAME.outcome(st)
    assert o is not None and o.reason == "died" and o.winners == ()


def test_a_healing_item_is_used_up_and_heals_wounds() -> None:
    st = new_game()
    turn_of(st, 0, "c2", items=["first-aid-kit"], wounds=3)
    assert "use first-aid-kit" in legal(st)
    GAME.apply(st, "use first-aid-kit")  # 2, and 1 more for DANA, a field medic
    assert st.players[0].wounds == 0 and st.players[0].items == []


def test_a_choice_event_is_a_decision() -> None:
    st = new_game()
    turn_of(st, 0, "c2")
    put(st, "d2", "apartment-block")
    script(st, 6)
    GAME.apply(st, "move east")
    assert legal(st) == ["choose search", "choose leave"]
    GAME.apply(st, "choose leave")
    assert st.decision is not None and st.decision.kind == "turn"
