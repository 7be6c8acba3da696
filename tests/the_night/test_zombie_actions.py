"""Rulebook §3. Zombie Action Phase: priorities, costs, movement, breaking doors and windows."""

from __future__ import annotations

import itertools

from deadboard.games.the_night import ai, zombie_ways
from deadboard.games.the_night.state import BOARDED, BROKEN, HUMAN_ZOMBIE, LOCKED, REMOVED
from tests.the_night.helpers import board, dice, sq, zombie_turn


def moves_of(s, z: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [e.data["to"] for e in s.log if e.kind == "move" and e.data and e.data.get("zombie") == z]


def test_first_priority_attack_an_orthogonally_adjacent_human() -> None:
    s = board(humans={"Ben": "h10"}, zombies={1: "h9"})
    dice(s, 6, 1)
    zombie_turn(s, 1)
    assert any(e.kind == "combat" for e in s.log)
    assert moves_of(s, "Z1") == []


def test_zombies_do_not_attack_diagonally_but_move_adjacent_then_attack() -> None:
    s = board(humans={"Ben": "h10"}, zombies={1: "g9"})  # diagonal: 2 AP = move 1 + attack 1
    dice(s, 6, 1)
    zombie_turn(s, 1)
    assert len(moves_of(s, "Z1")) == 1
    assert any(e.kind == "combat" for e in s.log)


def test_zombies_move_orthogonally_only() -> None:
    s = board(humans={"Ben": "h10"}, zombies={5: "a1"})  # 3 AP runner far away in the yard
    zombie_turn(s, 5)
    path = [sq(s, "a1")] + [sq(s, m) for m in moves_of(s, "Z5")]
    assert len(path) == 4
    for a, b in itertools.pairwise(path):
        assert s.c.grid.manhattan(a, b) == 1


def test_only_one_zombie_per_square_and_no_moving_through_zombies() -> None:
    # a corridor: zombie 2 blocks the Attic Stairs for zombie 1
    s = board(humans={"Ben": "o4"}, zombies={1: "n7", 2: "n6"}, openings={"attic-door": "locked+boarded"})
    zombie_turn(s, 1)
    assert s.zsq[1] != s.zsq[2]
    assert sq(s, "n6") not in [sq(s, m) for m in moves_of(s, "Z1")]


def test_moving_through_a_window_costs_2_ap() -> None:
    # zombie 1 (2 AP) outside the Hallway window, Ben deep in the house: one window step only
    s = board(humans={"Ben": "o8"}, zombies={1: "b8"})
    zombie_turn(s, 1)
    assert moves_of(s, "Z1") == ["c8"]


def test_attack_through_a_window_costs_2_ap() -> None:
    # zombie 3 has 1 AP: it cannot attack Ben through the dining room window
    s = board(humans={"Ben": "g13"}, zombies={3: "g14"})
    zombie_turn(s, 3)
    assert not any(e.kind == "combat" for e in s.log)
    # zombie 1 has 2 AP: it can
    s = board(humans={"Ben": "g13"}, zombies={1: "g14"})
    dice(s, 6, 1)
    zombie_turn(s, 1)
    assert any(e.kind == "combat" for e in s.log)


def test_halts_at_a_window_when_it_cannot_go_through() -> None:
    # zombie 1 (2 AP) one step from the window: 1 AP left there, not enough to climb in
    s = board(humans={"Ben": "e10"}, zombies={1: "a10"})
    zombie_turn(s, 1)
    assert s.zsq[1] == sq(s, "b10")


def test_boarded_window_must_be_broken_normal_zombie_needs_a_six() -> None:
    s = board(humans={"Ben": "g13"}, zombies={1: "g14"}, openings={"dining-window-1": "boarded"})
    dice(s, 5, 4)  # two attempts (2 AP), both fail
    zombie_turn(s, 1)
    o = s.c.grid.opening_by_name["dining-window-1"].id
    assert s.op[o] & BOARDED
    assert s.zsq[1] == sq(s, "g14")
    s = board(humans={"Ben": "g13"}, zombies={1: "g14"}, openings={"dining-window-1": "boarded"})
    dice(s, 6)  # broken with the first AP; attacking through the window would need 2 more
    zombie_turn(s, 1)
    assert not s.op[o] & BOARDED
    board_item = [i for i in s.c.kind_items["board"] if s.item_where[i] == REMOVED]
    assert len(board_item) == 1  # the boards marker is removed from the game
    assert not any(e.kind == "combat" for e in s.log)


def test_breaker_breaks_on_four_to_six() -> None:
    s = board(humans={"Ben": "g13"}, zombies={4: "g14"}, openings={"dining-window-1": "boarded"})
    dice(s, 4)
    zombie_turn(s, 4)  # zombie 4 is a BREAKER
    o = s.c.grid.opening_by_name["dining-window-1"].id
    assert not s.op[o] & BOARDED


def test_locked_and_boarded_door_breaks_at_once_into_a_broken_door_for_1_ap() -> None:
    s = board(humans={"Ben": "i13"}, zombies={4: "i14"}, openings={"front-door": "locked+boarded"})
    dice(s, 5, 6, 1)  # break on 5 (BREAKER), then attack through the now broken door with the 2nd AP
    zombie_turn(s, 4)
    o = s.c.grid.opening_by_name["front-door"].id
    assert s.op[o] == BROKEN
    assert any(e.kind == "combat" for e in s.log)
    breaks = [e for e in s.log if e.kind == "break"]
    assert len(breaks) == 1


def test_locked_door_stops_zombies_until_broken() -> None:
    s = board(humans={"Ben": "i12"}, zombies={1: "i14"}, openings={"front-door": "locked"})
    dice(s, 1, 2)  # two tries with its 2 AP, both fail
    zombie_turn(s, 1)
    o = s.c.grid.opening_by_name["front-door"].id
    assert s.op[o] & LOCKED
    assert s.zsq[1] == sq(s, "i14")


def test_third_priority_move_towards_a_visible_human() -> None:
    # Ben is visible down the Hallway; Judy is nearer by route but out of sight in the Basement
    s = board(humans={"Ben": "c8", "Judy": "p10"}, zombies={1: "l8"})
    zombie_turn(s, 1)
    assert moves_of(s, "Z1") == ["k8", "j8"]


def test_zombies_in_the_yard_head_for_a_way_in() -> None:
    s = board(humans={"Ben": "h10"}, zombies={1: "i16"})
    zombie_turn(s, 1)
    assert s.zsq[1] in (sq(s, "i14"), sq(s, "h15"), sq(s, "g15"), sq(s, "h14"))


def test_human_zombies_act_first_then_by_number() -> None:
    s = board(humans={"Ben": "h10"}, zombies={7: "a1", 2: "a3", "Judy": "a5"})
    order = ai.activation_order(s)
    assert order == [HUMAN_ZOMBIE + 6, 2, 7]


def test_zombie_ap_allowance_is_printed_on_the_counter() -> None:
    s = board()
    assert s.cfg.zap[23] == 2 and s.cfg.zstr[23] == 4
    assert {s.cfg.zap[z.number] for z in s.c.zombies} == {1, 2, 3}
    assert sum(1 for z in s.c.zombies if z.breaker) == 7


def test_second_priority_move_adjacent_to_a_reachable_human_before_a_visible_one() -> None:
    # Harry in the Basement is out of sight but two steps from an attack square; Ben is in plain
    # view down the Hallway. Priority 2 (get adjacent this turn) comes before priority 3 (visible).
    s = board(humans={"Harry": "q9", "Ben": "c8"}, zombies={1: "o8"})
    zombie_turn(s, 1)
    assert moves_of(s, "Z1") == ["p8", "q8"]


def test_fourth_priority_closest_window_irrespective_of_boards() -> None:
    # Ben in the Kitchen, out of sight. The closest way into his room is the boarded west window:
    # the zombie goes there and tries to break it rather than walking round to the open back door.
    s = board(humans={"Ben": "h6"}, zombies={1: "b5"},
              openings={"kitchen-window-west": "boarded", "kitchen-window-north": "boarded"})
    dice(s, 1)
    zombie_turn(s, 1)
    assert moves_of(s, "Z1") == ["b6"]
    assert [e.data["opening"] for e in s.log if e.kind == "break"] == ["kitchen-window-west"]


def test_fourth_priority_a_blocked_entry_sends_the_zombie_to_the_second_closest() -> None:
    # zombie 2 stands at the west window; zombie 1, right behind it, heads for the next closest way
    # into the Kitchen (the north window, outside c3) instead of waiting
    s = board(humans={"Ben": "h6"}, zombies={1: "a6", 2: "b6"},
              openings={"kitchen-window-west": "boarded", "kitchen-window-north": "boarded"})
    table = zombie_ways.route_table(s)
    before = table[sq(s, "c3")][sq(s, "a6")]
    zombie_turn(s, 1)
    assert table[sq(s, "c3")][s.zsq[1]] == before - 2


def test_fourth_priority_only_for_a_room_with_a_human() -> None:
    # Ben in the Living Room: the zombie by the Sitting Room's west window does not climb in there;
    # it heads along the house for the nearest way into the Living Room
    s = board(humans={"Ben": "n10"}, zombies={1: "b10"})
    zombie_turn(s, 1)
    assert s.zsq[1] != sq(s, "c10")
    assert moves_of(s, "Z1") == ["b11", "b12"]


def test_fifth_priority_zombies_in_the_house_go_to_the_nearest_room_with_a_human() -> None:
    s = board(humans={"Ben": "d5", "Judy": "p12"}, zombies={1: "h8"})
    table = zombie_ways.route_table(s)
    zombie_turn(s, 1)
    assert table[sq(s, "d5")][s.zsq[1]] == table[sq(s, "d5")][sq(s, "h8")] - 2


def test_fifth_priority_with_nobody_in_the_house_zombies_leave_by_the_exit_nearest_a_human() -> None:
    # Ben waits in the yard east of the house, out of sight: the zombie in the Dining Room heads out
    s = board(humans={"Ben": "u16"}, zombies={3: "i12"})  # zombie 3 has 1 AP
    zombie_turn(s, 3)
    table = zombie_ways.route_table(s)
    assert table[sq(s, "u16")][s.zsq[3]] == table[sq(s, "u16")][sq(s, "i12")] - 1


def test_a_human_in_sight_but_out_of_reach_does_not_hold_a_zombie_back() -> None:
    # Take the House: the zombie in the Dining Room sees Ben out in the yard, but it may not leave
    # the house; it goes on to Judy in the Kitchen (priority 5) instead of standing still
    s = board(humans={"Ben": "i16", "Judy": "d5"}, zombies={1: "i12"}, scenario="take-the-house")
    table = zombie_ways.route_table(s)
    zombie_turn(s, 1)
    assert table[sq(s, "d5")][s.zsq[1]] == table[sq(s, "d5")][sq(s, "i12")] - 2


# ----- a zombie never undoes its own progress ------------------------------------------------------
def squares_stood_on(s, z: str, start: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [start, *moves_of(s, z)]


def test_a_zombie_never_walks_back_within_one_activation() -> None:
    # "If this entry is blocked by other zombies, then a second or even third closest entry can be
    # moved to." / "A zombie does not need to use all of its APs if using further APs would be
    # detrimental to its priorities." Z9 stands in Z1's way to the Kitchen's west window: Z1 must not
    # go b11 -> b10 -> b11.
    s = board(humans={"Helen": "g10", "Karen": "f5"}, zombies={1: "b11", 9: "b9"})
    zombie_turn(s, 1)
    path = squares_stood_on(s, "Z1", "b11")
    assert len(path) == len(set(path)), path
    assert len(path) == 3  # it still walks on, round Z9


def test_no_square_revisited_in_any_activation_of_many_random_positions() -> None:
    import random

    from deadboard.games.the_night.state import LIVE

    rnd = random.Random(7)
    s0 = board()
    free = [n for i, n in enumerate(s0.c.grid.names) if s0.c.grid.passable[i]]
    for _ in range(150):
        spots = rnd.sample(free, 8)
        humans = dict(zip(("Ben", "Helen", "Karen"), spots[:3], strict=True))
        zombies: dict[int | str, str] = dict(zip((1, 2, 3, 5, 9), spots[3:], strict=True))
        s = board(humans=humans, zombies=zombies)
        s.rng = type(s.rng)(rnd.randrange(1 << 30))
        for z in list(zombies):
            if z in s.zsq and any(h.status == LIVE for h in s.humans):
                start = s.c.grid.names[s.zsq[z]]
                s.log.clear()
                zombie_turn(s, z)
                path = squares_stood_on(s, f"Z{z}", start)
                assert len(path) == len(set(path)), (humans, zombies, z, path)


def test_a_1_ap_zombie_heads_for_a_door_not_a_window() -> None:
    # "2 AP: Move through an un-boarded window": a zombie with 1 AP can never climb through one, so
    # the way "by which they can gain entry" (priority 4) is a door. Z3 (1 AP) outside the Kitchen's
    # west window, Ben in the Kitchen: in eight turns it walks round to a door and reaches him.
    s = board(humans={"Ben": "f6"}, zombies={3: "b5"})
    assert s.cfg.zap[3] == 1
    for _ in range(8):
        zombie_turn(s, 3)
    assert s.zsq[3] != sq(s, "b6")
    assert s.c.inside[s.zsq[3]]
    assert s.c.grid.manhattan(s.zsq[3], sq(s, "f6")) == 1


def test_a_1_ap_zombie_does_not_wait_at_a_window_it_can_never_attack_through() -> None:
    s = board(humans={"Ben": "g13"}, zombies={3: "g14"})
    zombie_turn(s, 3)
    assert not any(e.kind == "combat" for e in s.log)
    assert s.zsq[3] != sq(s, "g14")  # off towards a door


def test_an_entry_blocked_by_a_zombie_inside_sends_the_zombie_to_the_next_entry() -> None:
    # "If this entry is blocked by other zombies, then a second or even third closest entry can be
    # moved to." Z2 stands inside the Living Room window l13-l14; Z1 takes the other Living Room
    # window (o13-o14), 3 squares away, rather than waiting.
    s = board(humans={"Ben": "o12"}, zombies={1: "l14", 2: "l13"})
    zombie_turn(s, 1)
    assert moves_of(s, "Z1") == ["m14", "n14"]


def test_an_entry_blocked_by_a_zombie_outside_sends_the_zombie_to_the_next_entry() -> None:
    shut = {"living-window-1": "boarded", "living-window-2": "boarded"}  # out of sight
    s = board(humans={"Ben": "o12"}, zombies={1: "m15", 2: "l14"}, openings=shut)
    zombie_turn(s, 1)
    assert s.zsq[1] in (sq(s, "o14"), sq(s, "n14"), sq(s, "n15"))
    assert sq(s, "l14") not in [sq(s, m) for m in moves_of(s, "Z1")]


def test_a_zombie_halts_when_further_ap_would_not_serve_its_priority() -> None:
    # "A zombie does not need to use all of its APs if using further APs would be detrimental to
    # its priorities." Every entry into Ben's room is held by other zombies: Z5 does not wander.
    shut = {"living-window-1": "boarded", "living-window-2": "boarded"}  # out of sight
    s = board(humans={"Ben": "o12"}, zombies={5: "n16", 1: "l14", 2: "o14"}, openings=shut)
    zombie_turn(s, 5)
    assert moves_of(s, "Z5") == []


def test_a_zombie_in_the_tool_shed_does_not_walk_out_to_come_back_in() -> None:
    # found by the invariant checks: with the humans in the Basement (no way in from outside) and
    # Z11 outside the shed window, a zombie in the Tool Shed went t2 -> t3 -> t4 and back to t3,
    # taking the shed's own door for a way towards them
    zombies: dict[int | str, str] = {
        26: "c6", 33: "e8", 12: "e3", 24: "s14", 16: "i14", 4: "m10", "Ben": "t12", 35: "t2", 5: "o12",
        7: "k12", 6: "l9", 3: "a8", 21: "d13", 13: "f3", 34: "o2", 11: "r2", 28: "t9", 8: "i1", 22: "m11",
        15: "m3", 9: "n3", 23: "l16", 18: "b14", 29: "c10", 20: "t14", 32: "p15", 1: "j14", 19: "v12",
        31: "j16", 30: "u6", "Barbara": "u13", 17: "c8", 10: "k14", "Judy": "n10", 14: "n1", 25: "k1",
        27: "v15",
    }
    s = board(humans={"Harry": "q9"}, zombies=zombies, scenario="the-coopers")
    zombie_turn(s, 35)
    path = squares_stood_on(s, "Z35", "t2")
    assert len(path) == len(set(path)), path


def test_human_zombies_activate_first_then_the_others_by_number() -> None:
    from deadboard.games.the_night.board import human_by_name

    s = board(humans={"Ben": "h10"}, zombies={12: "c3", "Tom": "c5", 3: "c7", "Judy": "c9", 7: "c11"})
    humans = sorted(HUMAN_ZOMBIE + human_by_name(s, n) for n in ("Tom", "Judy"))
    assert ai.activation_order(s) == [*humans, 3, 7, 12]
