"""Rulebook §Hand-To-Hand Combat and §Shooting Combat."""

from __future__ import annotations

from deadboard.games.the_night.combat import hand_to_hand, shoot
from deadboard.games.the_night.state import CARRIED, DEAD, LIVE, REMOVED
from tests.the_night.helpers import GAME, act_as, board, dice, sq, texts, where, zombie_turn


def test_rulebook_example_ben_with_machete_beats_zombie_23() -> None:
    # "Ben (Combat Strength 5) rolls a die and adds a machete (+2) for a total of 10. The zombie rolls
    # a die and adds its Combat Strength for a total of 9. Ben wins!"
    s = board(humans={"Ben": "h10"}, zombies={23: "h9"}, items={"machete": "Ben"})
    dice(s, 3, 5)  # Ben rolls 3 (3+5+2 = 10); zombie 23 (strength 4) rolls 5 (= 9)
    zombie_turn(s, 23)
    ev = next(e for e in s.log if e.kind == "combat")
    assert ev.data is not None
    assert (ev.data["human_total"], ev.data["zombie_total"]) == (10, 9)
    assert ev.data["human_wins"]
    assert 23 not in s.zsq
    assert s.zombies_removed == 1
    assert s.humans[0].status == LIVE


def test_human_wins_ties_in_hand_to_hand() -> None:
    s = board(humans={"Ben": "h10"}, zombies={23: "h9"})
    dice(s, 2, 3)  # 2+5 = 7 vs 3+4 = 7
    hand_to_hand(s, 0, 23, "zombie")
    assert 23 not in s.zsq


def test_losing_zombie_is_removed_not_returned_to_the_container() -> None:
    s = board(humans={"Ben": "h10"}, zombies={23: "h9"}, cup=[1, 2])
    dice(s, 6, 1)
    hand_to_hand(s, 0, 23, "zombie")
    assert 23 not in s.zsq and 23 not in s.cup
    assert s.zocc[sq(s, "h9")] == 0


def test_losing_human_becomes_a_dead_counter_and_drops_items() -> None:
    s = board(humans={"Barbara": "h10"}, zombies={23: "h9"}, items={"bat": "Barbara", "keys": "Barbara"})
    dice(s, 1, 6)  # 1+3+2 = 6 vs 6+4 = 10
    hand_to_hand(s, 1, 23, "zombie")
    assert s.humans[1].status == DEAD
    assert s.humans[1].sq == sq(s, "h10")
    assert where(s, "bat") == sq(s, "h10")
    assert where(s, "keys") == sq(s, "h10")
    assert 23 in s.zsq  # the winner does not move into the loser's square
    assert s.zsq[23] == sq(s, "h9")


def test_only_the_best_weapon_counts() -> None:
    s = board(humans={"Harry": "h10"}, zombies={23: "h9"}, items={"knife": "Harry", "chainsaw": "Harry"})
    dice(s, 1, 6)  # 1+4+4 (chainsaw only, not +1 knife) = 9 vs 10
    hand_to_hand(s, 2, 23, "zombie")
    ev = next(e for e in s.log if e.kind == "combat")
    assert ev.data is not None and ev.data["human_total"] == 9 and ev.data["weapon"] == "chainsaw"


def test_rifle_and_shotgun_fight_as_a_baseball_bat_when_the_human_is_attacked() -> None:
    # "If a human is attacked by a zombie and they have a Winchester Rifle or a Shotgun then these
    # can be used in hand-to-hand combat as if they were a Baseball Bat (+2 item in combat)."
    for gun in ("rifle", "shotgun"):
        for who in ("zombie", "reanimation", "dodge"):
            s = board(humans={"Helen": "h10"}, zombies={23: "h9"}, items={gun: "Helen"})
            dice(s, 4, 4)  # 4+3+2 = 9 vs 8
            hand_to_hand(s, 3, 23, who)
            ev = next(e for e in s.log if e.kind == "combat")
            assert ev.data is not None and ev.data["human_total"] == 9 and ev.data["weapon"] == gun


def test_rifle_and_shotgun_are_no_bat_when_the_human_attacks() -> None:
    # "If a human is attacked by a zombie …": a human who starts the fight gets no +2 from them
    for gun in ("rifle", "shotgun"):
        s = board(humans={"Helen": "h10"}, zombies={23: "h9"}, items={gun: "Helen"})
        act_as(s, "Helen")
        dice(s, 4, 4)  # 4+3 = 7 vs 8: Helen loses
        GAME.apply(s, "attack Helen Z23")
        ev = next(e for e in s.log if e.kind == "combat")
        assert ev.data is not None and ev.data["human_total"] == 7 and ev.data["weapon"] is None
        assert ev.data["human_wins"] is False
    # a real bat still counts when she attacks
    s = board(humans={"Helen": "h10"}, zombies={23: "h9"}, items={"shotgun": "Helen", "bat": "Helen"})
    act_as(s, "Helen")
    dice(s, 4, 4)
    GAME.apply(s, "attack Helen Z23")
    ev = next(e for e in s.log if e.kind == "combat")
    assert ev.data is not None and ev.data["human_total"] == 9 and ev.data["weapon"] == "bat"


def test_pistol_gives_no_hand_to_hand_bonus() -> None:
    s = board(humans={"Helen": "h10"}, zombies={23: "h9"}, items={"pistol": "Helen"})
    dice(s, 4, 4)
    hand_to_hand(s, 3, 23, "zombie")
    ev = next(e for e in s.log if e.kind == "combat")
    assert ev.data is not None and ev.data["human_total"] == 7


def test_zombie_initiates_only_one_combat_a_turn() -> None:
    # zombie 17 has 3 AP; after winning one fight it does not attack again
    s = board(humans={"Karen": "h10", "Judy": "g9"}, zombies={17: "h9"})
    dice(s, 1, 6)  # Karen loses
    zombie_turn(s, 17)
    assert sum(1 for e in s.log if e.kind == "combat") == 1
    assert s.humans[5 + 1].status == LIVE  # Judy untouched


def test_shooting_hits_on_six_or_more_with_range_rcp() -> None:
    # shotgun RCP: 4 at 1-3 squares, 3 at 4-5, 2 at 6+
    s = board(humans={"Tom": "c8"}, zombies={23: "e8"}, items={"shotgun": "Tom", "shotgun-ammo": "Tom"})
    dice(s, 2)  # 2 + 4 = 6: hit
    assert shoot(s, 5, 23, s.c.item_index["shotgun"])
    s = board(humans={"Tom": "c8"}, zombies={23: "h8"}, items={"shotgun": "Tom", "shotgun-ammo": "Tom"})
    dice(s, 2)  # range 5: 2 + 3 = 5, a miss
    assert not shoot(s, 5, 23, s.c.item_index["shotgun"])
    assert 23 in s.zsq


def test_range_table_of_the_three_firearms() -> None:
    from deadboard.games.the_night.combat import rcp_index

    items = board().c.items
    rcp = {it.id: it.rcp for it in items if it.rcp}
    assert rcp == {"shotgun": (4, 3, 2), "rifle": (2, 3, 4), "pistol": (3, 2, 1)}
    assert [rcp_index(d) for d in (1, 3, 4, 5, 6, 12)] == [0, 0, 1, 1, 2, 2]


def test_range_counts_squares_along_the_straightest_line() -> None:
    s = board()
    g = s.c.grid
    assert g.chebyshev(sq(s, "c8"), sq(s, "f11")) == 3  # diagonal squares count one each
    assert g.chebyshev(sq(s, "c8"), sq(s, "h9")) == 5


def test_shooting_needs_the_corresponding_ammo() -> None:
    s = board(humans={"Tom": "c8"}, zombies={23: "e8"}, items={"shotgun": "Tom", "rifle-ammo": "Tom"})
    act_as(s, "Tom")
    assert not any(t.startswith("shoot") for t in texts(s))
    s = board(humans={"Tom": "c8"}, zombies={23: "e8"}, items={"shotgun": "Tom", "shotgun-ammo": "Tom"})
    act_as(s, "Tom")
    assert "shoot Tom Z23 shotgun" in texts(s)


def test_shooting_needs_a_line_of_fire() -> None:
    # Tom in the Kitchen, zombie in the Office: walls between them
    s = board(humans={"Tom": "f5"}, zombies={23: "k5"}, items={"shotgun": "Tom", "shotgun-ammo": "Tom"})
    act_as(s, "Tom")
    assert not any(t.startswith("shoot") for t in texts(s))


def test_shooting_through_an_open_door_or_window_but_not_a_boarded_one() -> None:
    # along the Hallway window: Tom in the Hallway, zombie in the yard outside the window
    s = board(humans={"Tom": "c8"}, zombies={23: "a8"}, items={"pistol": "Tom", "pistol-ammo": "Tom"})
    act_as(s, "Tom")
    assert "shoot Tom Z23 pistol" in texts(s)
    s = board(humans={"Tom": "c8"}, zombies={23: "a8"}, items={"pistol": "Tom", "pistol-ammo": "Tom"},
              openings={"hallway-window": "boarded"})
    act_as(s, "Tom")
    assert "shoot Tom Z23 pistol" not in texts(s)
    # through the open dining room door, and not once it is locked or boarded
    s = board(humans={"Tom": "i10"}, zombies={23: "i8"}, items={"pistol": "Tom", "pistol-ammo": "Tom"})
    act_as(s, "Tom")
    assert "shoot Tom Z23 pistol" in texts(s)


def test_a_shot_removes_the_zombie_without_a_fight_back() -> None:
    s = board(humans={"Tom": "c8"}, zombies={23: "e8"}, items={"shotgun": "Tom", "shotgun-ammo": "Tom"})
    act_as(s, "Tom")
    dice(s, 6)
    GAME.apply(s, "shoot Tom Z23 shotgun")
    assert 23 not in s.zsq
    assert s.humans[5].status == LIVE
    assert s.item_where[s.c.item_index["shotgun"]] == CARRIED + 5


def test_removed_items_are_gone() -> None:
    assert REMOVED == -2
