"""Rulebook §4. Live Human Action Phase: who acts, every action and its cost, the restrictions."""

from __future__ import annotations

import pytest

from deadboard.core import IllegalActionError
from deadboard.games.the_night.state import BOARDED, CARRIED, LOCKED
from tests.the_night.helpers import GAME, act_as, board, dice, human_phase, sq, texts, where


def test_d6_decides_how_many_humans_may_act() -> None:
    s = board(humans={"Ben": "h10", "Judy": "d10", "Tom": "l10"})
    human_phase(s, allowed=2)
    for name in ("Ben", "Judy"):
        GAME.apply(s, f"activate {name}")
        GAME.apply(s, f"done {name}")
    assert s.phase != "humans" or s.decision is None or s.decision.kind != "activate"


def test_a_human_acts_once_and_cannot_act_again_that_turn() -> None:
    s = board(humans={"Ben": "h10", "Judy": "d10"})
    act_as(s, "Ben")
    GAME.apply(s, "done Ben")
    assert "activate Ben" not in texts(s)
    assert "activate Judy" in texts(s)


def test_more_allowed_than_humans_does_not_give_a_second_activation() -> None:
    s = board(humans={"Ben": "h10"})
    human_phase(s, allowed=5)
    GAME.apply(s, "activate Ben")
    GAME.apply(s, "done Ben")
    assert s.phase != "humans"


def test_moves_in_8_directions_for_1_ap() -> None:
    s = board(humans={"Ben": "h10"})
    act_as(s, "Ben")
    moves = {t.split()[2] for t in texts(s) if t.startswith("move")}
    assert moves == {"g9", "h9", "i9", "g10", "i10", "g11", "h11"}  # i11 is the table's middle
    GAME.apply(s, "move Ben g9")
    assert s.ap == 5


def test_doorways_only_orthogonally() -> None:
    s = board(humans={"Ben": "i9"})  # below the Dining Room door (i8|i9)
    act_as(s, "Ben")
    moves = {t.split()[2] for t in texts(s) if t.startswith("move")}
    assert "i8" in moves
    assert "h8" not in moves and "j8" not in moves


def test_diagonal_moves_round_a_corner_and_past_a_zombie() -> None:
    s = board(humans={"Ben": "h10"}, zombies={2: "h9"})
    act_as(s, "Ben")
    assert "move Ben g9" in texts(s) and "move Ben i9" in texts(s)
    assert "move Ben h9" not in texts(s)


def test_moving_through_a_window_costs_2_ap_and_only_orthogonally() -> None:
    s = board(humans={"Ben": "g13"})
    act_as(s, "Ben")
    assert "move Ben g14" in texts(s)
    GAME.apply(s, "move Ben g14")
    assert s.ap == 4
    assert s.humans[0].sq == sq(s, "g14")


def test_no_moving_through_walls_locked_or_boarded_openings() -> None:
    s = board(humans={"Ben": "i13", "Judy": "g13"}, openings={"front-door": "locked", "dining-window-1": "boarded"})
    act_as(s, "Ben")
    assert "move Ben i14" not in texts(s)
    GAME.apply(s, "done Ben")
    GAME.apply(s, "activate Judy")
    assert "move Judy g14" not in texts(s)
    assert "move Judy f13" not in texts(s)  # a wall


def test_humans_may_pass_through_other_humans_but_not_stop_there() -> None:
    s = board(humans={"Ben": "h10", "Judy": "g10"})
    act_as(s, "Ben")
    assert "move Ben g10" in texts(s)
    GAME.apply(s, "move Ben g10")
    assert "done Ben" not in texts(s)  # may not end on Judy's square
    GAME.apply(s, "move Ben f10" if "move Ben f10" in texts(s) else "move Ben g11")
    assert "done Ben" in texts(s)


def test_only_one_human_occupies_a_square_once_their_movement_is_complete() -> None:
    # "Only one human can occupy a single square once their movement is complete." Tom, passing
    # through Barbara on f10, may not step on to Helen on f9: f9's only way out is f10, Barbara's
    # square, so he could never end his move on a square of his own (seen once in 400 games: Tom
    # and Helen ended on f9). Before the fix the human passing through counted his shared square
    # as his own.
    s = board(humans={"Tom": "f11", "Barbara": "f10", "Helen": "f9"})
    act_as(s, "Tom")
    s.ap = 3
    GAME.apply(s, "move Tom f10")
    assert "move Tom f9" not in texts(s)
    assert "done Tom" not in texts(s)  # he must step off Barbara's square
    assert any(t.startswith("move Tom") for t in texts(s))


def test_with_1_ap_left_a_human_cannot_step_onto_another_human() -> None:
    s = board(humans={"Ben": "h10", "Judy": "g10"})
    act_as(s, "Ben")
    s.ap = 1
    assert "move Ben g10" not in texts(s)


def test_a_human_steps_onto_another_human_only_with_ap_to_step_off_again() -> None:
    # The Dark Yard: yard squares cost 2. Tom (2 AP left) could reach Ben's square e1 but would be
    # left with nothing to step off it with (found by the property test, seed 1402).
    s = board(humans={"Tom": "e2", "Ben": "e1"}, options={"dark-yard": True})
    act_as(s, "Tom")
    s.ap = 3
    assert "move Tom e1" not in texts(s)  # 2 to get there, 1 left: every way off costs 2
    s.ap = 4
    assert "move Tom e1" in texts(s)


def test_board_up_a_window_for_1_ap_when_carrying_boards() -> None:
    s = board(humans={"Ben": "g13"}, items={"board1": "Ben"})
    act_as(s, "Ben")
    GAME.apply(s, "board Ben dining-window-1")
    o = s.c.grid.opening_by_name["dining-window-1"].id
    assert s.op[o] & BOARDED and s.ap == 5
    assert where(s, "board1") >= 20_000
    assert "move Ben g14" not in texts(s)


def test_cannot_board_without_boards_or_from_afar() -> None:
    s = board(humans={"Ben": "g13", "Judy": "h12"}, items={"board1": "Judy"})
    act_as(s, "Ben")
    assert not any(t.startswith("board") for t in texts(s))
    GAME.apply(s, "done Ben")
    GAME.apply(s, "activate Judy")
    assert not any(t.startswith("board Judy dining-window-1") for t in texts(s))


def test_remove_boards_from_either_side_and_take_them() -> None:
    s = board(humans={"Ben": "g14"}, openings={"dining-window-1": "boarded"})
    act_as(s, "Ben")
    GAME.apply(s, "unboard Ben dining-window-1")
    o = s.c.grid.opening_by_name["dining-window-1"].id
    assert not s.op[o] & BOARDED
    assert sum(1 for i in s.c.kind_items["board"] if s.item_where[i] == CARRIED + 0) == 1


def test_removed_boards_are_left_on_the_floor_without_capacity() -> None:
    s = board(humans={"Ben": "g14"}, items={"axe": "Ben", "bat": "Ben"}, openings={"dining-window-1": "boarded"})
    act_as(s, "Ben")
    GAME.apply(s, "unboard Ben dining-window-1")
    assert sum(1 for i in s.c.kind_items["board"] if s.item_where[i] == sq(s, "g14")) == 1


def test_lock_and_unlock_need_the_keys_and_a_lockable_door() -> None:
    s = board(humans={"Ben": "i13", "Judy": "i9"}, items={"keys": "Ben"})
    act_as(s, "Ben")
    GAME.apply(s, "lock Ben front-door")
    o = s.c.grid.opening_by_name["front-door"].id
    assert s.op[o] & LOCKED and s.ap == 5
    GAME.apply(s, "unlock Ben front-door")
    assert not s.op[o] & LOCKED
    GAME.apply(s, "done Ben")
    GAME.apply(s, "activate Judy")
    assert not any(t.startswith("lock") for t in texts(s))  # no keys, and not a lockable door


def test_only_three_doors_can_be_locked() -> None:
    s = board()
    lockable = sorted(o.name for o in s.c.grid.openings if o.lockable)
    assert lockable == ["back-door", "front-door", "shed-door"]


def test_a_broken_door_cannot_be_locked_but_can_be_boarded() -> None:
    s = board(humans={"Ben": "i13"}, items={"keys": "Ben", "board1": "Ben"}, openings={"front-door": "broken"})
    act_as(s, "Ben")
    assert "lock Ben front-door" not in texts(s)
    assert "board Ben front-door" in texts(s)


def test_hand_to_hand_ends_the_humans_actions() -> None:
    s = board(humans={"Ben": "h10", "Judy": "d10"}, zombies={2: "g9"})
    act_as(s, "Ben")
    assert "attack Ben Z2" in texts(s)  # diagonal is fine for humans
    dice(s, 6, 1)
    GAME.apply(s, "attack Ben Z2")
    assert s.decision is not None and s.decision.kind == "activate"
    assert 2 not in s.zsq


def test_hand_to_hand_across_a_door_or_window_only_orthogonally() -> None:
    s = board(humans={"Ben": "h13"}, zombies={2: "g14"})  # diagonal across the wall by the window
    act_as(s, "Ben")
    assert "attack Ben Z2" not in texts(s)
    s = board(humans={"Ben": "g13"}, zombies={2: "g14"})
    act_as(s, "Ben")
    assert "attack Ben Z2" in texts(s)


def test_shoot_once_then_other_actions_but_no_hand_to_hand() -> None:
    s = board(humans={"Tom": "c8"}, zombies={2: "d8", 3: "e8"}, items={"shotgun": "Tom", "shotgun-ammo": "Tom"})
    act_as(s, "Tom")
    dice(s, 1)  # a miss
    GAME.apply(s, "shoot Tom Z3 shotgun")
    t = texts(s)
    assert not any(x.startswith("shoot") for x in t)
    assert not any(x.startswith("attack") for x in t)
    assert any(x.startswith("move") for x in t)


def test_each_weapon_fires_once_a_turn() -> None:
    s = board(humans={"Tom": "c8", "Judy": "d8"}, zombies={2: "f8", 3: "g8"},
              items={"pistol": "Tom", "pistol-ammo": "Tom"})
    act_as(s, "Tom")
    dice(s, 1)
    GAME.apply(s, "shoot Tom Z2 pistol")
    GAME.apply(s, "give Tom Judy pistol")
    GAME.apply(s, "give Tom Judy pistol-ammo")
    GAME.apply(s, "done Tom")
    GAME.apply(s, "activate Judy")
    assert not any(x.startswith("shoot") for x in texts(s))


def test_pick_up_and_drop_are_free_and_carry_two_items_plus_ammo_and_keys() -> None:
    s = board(humans={"Ben": "h10"}, items={"axe": "h10", "bat": "h10", "crowbar": "h10", "keys": "h10", "pistol-ammo": "h10"})
    act_as(s, "Ben")
    for it in ("axe", "bat", "keys", "pistol-ammo"):
        GAME.apply(s, f"pickup Ben {it}")
    assert s.ap == 6
    assert "pickup Ben crowbar" not in texts(s)  # two items already
    GAME.apply(s, "drop Ben bat")
    assert "pickup Ben crowbar" in texts(s)
    assert s.ap == 6


def test_hand_an_item_to_an_adjacent_character_for_1_ap() -> None:
    s = board(humans={"Ben": "h10", "Judy": "g9", "Tom": "l10"}, items={"axe": "Ben"})
    act_as(s, "Ben")
    assert "give Ben Tom axe" not in texts(s)
    GAME.apply(s, "give Ben Judy axe")
    assert where(s, "axe") == CARRIED + 6
    assert s.ap == 5


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    s = board(humans={"Ben": "h10"})
    act_as(s, "Ben")
    before = GAME.snapshot(s)
    with pytest.raises(IllegalActionError):
        GAME.apply(s, "move Ben a1")
    with pytest.raises(IllegalActionError):
        GAME.apply(s, "fly Ben")
    assert GAME.snapshot(s) == before


def test_all_humans_dead_is_a_loss() -> None:
    s = board(humans={"Karen": "h10"}, zombies={33: "h9"})
    dice(s, 1, 6)
    from tests.the_night.helpers import zombie_turn

    zombie_turn(s, 33)
    from deadboard.games.the_night.rules import advance

    s.phase = "humans"
    advance(s)
    o = GAME.outcome(s)
    assert o is not None and o.result.value == "loss" and o.reason == "all-dead"


def test_step_cost_reads_each_edge_as_the_grid_gives_it() -> None:
    """A move's cost takes the edge from the square's own list of steps; it is the cost the grid's
    edge queries give, for every square and every neighbour, orthogonal, diagonal or by stairs, with
    doors locked and windows boarded or not."""
    from deadboard.core.grid import OPEN
    from deadboard.games.the_night.board import human_by_name, step_cost_human
    from deadboard.games.the_night.humans import step_cost

    s = board(humans={"Ben": "h10"})
    ben = human_by_name(s, "Ben")
    grid = s.c.grid
    for flags in (0, BOARDED, LOCKED):
        s.op = [flags] * len(s.op)
        for a in range(grid.n):
            if not grid.passable[a]:
                continue
            s.humans[ben].sq = a
            for b in {*grid.adjacent8[a], *grid.orth_squares[a]}:
                kind = grid.edge_kind(a, b) if grid.manhattan(a, b) == 1 else OPEN
                want = step_cost_human(s, a, b, kind, grid.opening_between(a, b), False)
                assert step_cost(s, ben, b) == want, (grid.names[a], grid.names[b], flags)
