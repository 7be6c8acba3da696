"""Rulebook §Turn Sequence: arrival, reanimation, the order of phases, dawn and early ends."""

from __future__ import annotations

from deadboard.games.the_night.state import DEAD, HUMAN_ZOMBIE, LIVE, ZOMBIE
from deadboard.games.the_night.turn import _arrival, _end_turn, _reanimation
from tests.the_night.helpers import GAME, board, dice, fresh, sq


def test_sixteen_turns_of_four_phases() -> None:
    s = fresh(seed=4)
    assert s.turn == 1 and s.phase == "humans"
    phases = []
    while s.decision is not None and s.turn < 3:
        phases.append((s.turn, s.phase))
        GAME.apply(s, GAME.legal_actions(s)[-1])
    assert s.cfg.turns == 16
    kinds = [e.text for e in s.log if e.kind == "turn"]
    assert kinds[:2] == ["— Turn 1 of 16 —", "— Turn 2 of 16 —"]


def test_no_arrival_on_the_first_turn() -> None:
    s = fresh(seed=4)
    assert len(s.zsq) + len(s.cup) == 35
    assert len(s.zsq) == 1


def test_arrival_draws_d6_zombies_to_rolled_entry_points() -> None:
    s = board(humans={"Ben": "h10"}, cup=[1, 2, 3, 4, 5, 6, 7, 8])
    dice(s, 3, 1, 2, 3)
    _arrival(s)
    assert len(s.zsq) == 3 and len(s.cup) == 5
    entries = {s.c.entry_of[q] for q in s.zsq.values()}
    assert entries == {1, 2, 3}


def test_arrival_with_a_human_in_the_entry_point_uses_the_other_square() -> None:
    s = board(humans={"Ben": "d1"}, cup=[1])
    dice(s, 1, 1)
    _arrival(s)
    assert list(s.zsq.values()) == [sq(s, "e1")]


def test_arrival_at_a_full_entry_point_rolls_again() -> None:
    s = board(humans={"Ben": "h10"}, zombies={2: "d1", 3: "e1"}, cup=[1])
    dice(s, 1, 1, 4)
    _arrival(s)
    assert s.c.entry_of[s.zsq[1]] == 4


def test_arrival_skipped_when_the_container_is_empty() -> None:
    s = board(humans={"Ben": "h10"}, cup=[])
    _arrival(s)  # no dice are rolled
    assert not s.zsq


def test_dead_humans_reanimate_on_4_to_6() -> None:
    s = board(humans={"Ben": "h10", "Judy": "c4"})
    s.humans[6].status = DEAD
    dice(s, 3)
    _reanimation(s)
    assert s.humans[6].status == DEAD
    dice(s, 4)
    _reanimation(s)
    assert s.humans[6].status == ZOMBIE
    assert s.zsq[HUMAN_ZOMBIE + 6] == sq(s, "c4")


def test_reanimating_beside_a_live_human_fights_at_once() -> None:
    s = board(humans={"Ben": "h10", "Judy": "h10"})
    s.humans[6].status = DEAD
    dice(s, 5, 1, 6)  # Judy rises; Ben rolls 1 (6), Judy's zombie 6 (+3 = 9)
    _reanimation(s)
    assert s.humans[0].status == DEAD
    dice(s)  # Ben died this phase: he is not rolled for until next turn
    assert any(e.kind == "combat" for e in s.log)


def test_reanimating_on_a_zombie_s_square_then_stepping_aside() -> None:
    from deadboard.games.the_night.ai import unstack

    s = board(humans={"Ben": "a17"}, zombies={2: "c4"})
    s.humans[6].status = DEAD
    s.humans[6].sq = sq(s, "c4")
    dice(s, 6)
    _reanimation(s)
    assert s.zsq[HUMAN_ZOMBIE + 6] == s.zsq[2]
    unstack(s)
    assert s.zsq[HUMAN_ZOMBIE + 6] != s.zsq[2]


def test_dawn_breaks_after_turn_16() -> None:
    s = board(humans={"Ben": "h10"}, zombies={2: "a1"}, turn=16)
    _end_turn(s)
    assert s.phase == "over" and s.reason == "dawn"


def test_game_ends_early_when_no_zombie_can_ever_come() -> None:
    s = board(humans={"Ben": "h10"}, turn=9, heroes=("Ben",))
    _end_turn(s)
    assert s.reason == "early"
    o = GAME.outcome(s)
    assert o is not None and o.score == 10 + 2 * (16 - 9)


def test_game_goes_on_while_a_dead_human_may_rise() -> None:
    s = board(humans={"Ben": "h10", "Judy": "c4"}, turn=9)
    s.humans[6].status = DEAD
    _end_turn(s)
    assert s.phase != "over"


def test_human_phase_roll_decides_how_many_act() -> None:
    s = fresh(seed=4)
    roll = next(e.data["roll"] for e in s.log if e.text.startswith("Live Human Action Phase"))
    assert s.allowed == roll


def test_live_count_helper() -> None:
    s = fresh(seed=1)
    assert sum(1 for h in s.humans if h.status == LIVE) == 7


def test_the_round_is_the_rulebooks_phases_in_order() -> None:
    # "Turn Sequence": Zombie Arrival, Dead Human Reanimation, Zombie Action, Live Human Action
    # (then the optional Random Event Phase, "immediately after the Live Human Action Phase")
    from deadboard.core.phases import current_phase
    from deadboard.games.the_night.turn import ROUND

    assert [p.name for p in ROUND] == ["arrival", "reanimation", "zombies", "humans", "events", "end-of-turn"]
    s = fresh(seed=4)
    assert current_phase(s) == (1, "humans") and s.phase == "humans"


def test_the_phase_name_is_for_display_only() -> None:
    # no rule reads state.phase: a game whose phase name is scribbled over before every action
    # plays the same
    from deadboard.core.rng import Rng

    plain, scribbled = fresh(seed=7), fresh(seed=7)
    pick = Rng(7)
    while plain.decision is not None:
        legal = GAME.legal_actions(plain)
        a = legal[pick.below(len(legal))]
        scribbled.phase = "scribbled"
        GAME.apply(plain, a)
        GAME.apply(scribbled, a)
    assert [e.text for e in plain.log] == [e.text for e in scribbled.log]
    assert GAME.outcome(plain) == GAME.outcome(scribbled)
