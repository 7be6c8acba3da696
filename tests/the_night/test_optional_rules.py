"""Rulebook §Optional Rules, each alone (they combine freely: see the conformance setups)."""

from __future__ import annotations

from deadboard.core import Setup
from deadboard.games.the_night.ai import Activation
from deadboard.games.the_night.combat import hand_to_hand
from deadboard.games.the_night.events import _event_phase
from deadboard.games.the_night.state import CARRIED, DEAD, LIVE, LOCKED, NOT_IN_GAME, REMOVED
from tests.the_night.helpers import GAME, act_as, board, dice, fresh, in_phase, pending, sq, texts, where


# ----- The Dark Yard --------------------------------------------------------------------------------
def test_dark_yard_moves_in_the_yard_cost_2() -> None:
    s = board(humans={"Ben": "a1"}, options={"dark-yard": True})
    act_as(s, "Ben")
    GAME.apply(s, "move Ben b2")
    assert s.ap == 4
    s = board(humans={"Ben": "h10"}, options={"dark-yard": True})
    act_as(s, "Ben")
    GAME.apply(s, "move Ben h9")  # inside the house: normal cost
    assert s.ap == 5


def test_dark_yard_a_window_to_the_yard_costs_2_both_ways() -> None:
    # "each single square movement outside the house, porches and tool shed costs live human
    # characters 2 Action Points"; "2 AP: Move through an un-boarded window": 2 either way, not 3
    s = board(humans={"Ben": "c10"}, options={"dark-yard": True})
    act_as(s, "Ben")
    GAME.apply(s, "move Ben b10")  # out of the Sitting Room window into the yard
    assert s.ap == 6 - 2
    GAME.apply(s, "move Ben c10")  # and back in
    assert s.ap == 6 - 4
    # a door from the yard onto the porch, or a step off the porch into the yard, is outside too
    s = board(humans={"Ben": "h14"}, options={"dark-yard": True})
    act_as(s, "Ben")
    GAME.apply(s, "move Ben h15")
    assert s.ap == 4
    GAME.apply(s, "move Ben h14")
    assert s.ap == 2


def test_dark_yard_shooting_from_the_yard_only_under_3_squares() -> None:
    items = {"rifle": "Tom", "rifle-ammo": "Tom"}
    s = board(humans={"Tom": "a1"}, zombies={2: "d1", 3: "c1"}, items=items, options={"dark-yard": True})
    act_as(s, "Tom")
    assert "shoot Tom Z3 rifle" in texts(s) and "shoot Tom Z2 rifle" not in texts(s)


def test_dark_yard_alternative_1_frozen_in_fear_on_a_1() -> None:
    s = board(humans={"Ben": "a1"}, options={"dark-yard-frozen": True})
    from tests.the_night.helpers import human_phase

    human_phase(s)
    dice(s, 1)
    GAME.apply(s, "activate Ben")
    assert not any(t.startswith("move") for t in texts(s))


def test_dark_yard_alternative_2_only_humans_indoors_score() -> None:
    s = board(humans={"Ben": "a1", "Judy": "h10", "Tom": "t2"}, options={"dark-yard-indoors": True})
    s.over, s.reason = True, "dawn"  # the game is over
    o = GAME.outcome(s)
    assert o is not None and o.score == 5 + 5  # Judy in the house, Tom in the Tool Shed


# ----- Better Shooting ----------------------------------------------------------------------------
def test_better_shooting_two_shots_a_turn_each_weapon_once() -> None:
    # "allow humans to shoot twice during a turn. Each shot costs 1 AP." — and still "You may only
    # shoot each weapon once per turn"
    items = {"shotgun": "Tom", "shotgun-ammo": "Tom", "pistol": "Tom", "pistol-ammo": "Tom"}
    s = board(humans={"Tom": "c8"}, zombies={2: "f8", 3: "g8"}, items=items, options={"better-shooting": True})
    act_as(s, "Tom")
    dice(s, 1)
    GAME.apply(s, "shoot Tom Z3 shotgun")
    assert {t for t in texts(s) if t.startswith("shoot")} == {"shoot Tom Z2 pistol", "shoot Tom Z3 pistol"}
    dice(s, 1)
    GAME.apply(s, "shoot Tom Z2 pistol")
    assert not any(t.startswith("shoot") for t in texts(s))
    assert s.ap == 5 - 2


def test_better_shooting_does_not_fire_the_same_weapon_twice() -> None:
    s = board(humans={"Tom": "c8"}, zombies={2: "f8", 3: "g8"}, items={"shotgun": "Tom", "shotgun-ammo": "Tom"},
              options={"better-shooting": True})
    act_as(s, "Tom")
    dice(s, 1)
    GAME.apply(s, "shoot Tom Z3 shotgun")
    assert not any(t.startswith("shoot") for t in texts(s))


# ----- Combat Assistance --------------------------------------------------------------------------
def test_combat_assistance_plus_one_for_a_friend_adjacent_to_the_opponent() -> None:
    s = board(humans={"Harry": "h10"}, zombies={1: "h9", 2: "g10"}, options={"combat-assistance": True})
    dice(s, 1, 2)  # Harry 1+4 = 5; zombie 1: 2+2+1 (zombie 2 is next to Harry) = 5: tie, Harry wins
    hand_to_hand(s, 2, 1, "zombie")
    ev = next(e for e in s.log if e.kind == "combat")
    assert ev.data is not None and ev.data["zombie_total"] == 5
    s = board(humans={"Harry": "h10", "Tom": "g9"}, zombies={1: "h9"}, options={"combat-assistance": True})
    dice(s, 1, 6)  # Harry 1+4+1 (Tom next to the zombie) = 6
    hand_to_hand(s, 2, 1, "zombie")
    ev = next(e for e in s.log if e.kind == "combat")
    assert ev.data is not None and ev.data["human_total"] == 6


# ----- Unreliable Weapons -------------------------------------------------------------------------
def test_unreliable_weapon_lost_on_a_tie_and_a_replacement_added() -> None:
    s = board(humans={"Ben": "h10"}, zombies={23: "h9"}, items={"machete": "Ben"}, options={"unreliable-weapons": True})
    dice(s, 3, 6)  # 3+5+2 = 10 vs 6+4 = 10
    hand_to_hand(s, 0, 23, "zombie")
    assert where(s, "machete") == REMOVED
    assert pending(s) and pending(s)[0][0] == "item"


def test_unreliable_shot_on_1_then_1_breaks_the_gun() -> None:
    from deadboard.games.the_night.combat import shoot

    s = board(humans={"Tom": "c8"}, zombies={2: "e8"}, items={"shotgun": "Tom", "shotgun-ammo": "Tom"},
              options={"unreliable-weapons": True})
    dice(s, 1, 1)
    shoot(s, 5, 2, s.c.item_index["shotgun"])
    assert where(s, "shotgun") == REMOVED


def test_unreliable_shot_on_1_then_2_or_3_runs_out_of_ammo() -> None:
    from deadboard.games.the_night.combat import shoot

    s = board(humans={"Tom": "c8"}, zombies={2: "e8"}, items={"shotgun": "Tom", "shotgun-ammo": "Tom"},
              options={"unreliable-weapons": True})
    dice(s, 1, 3)
    shoot(s, 5, 2, s.c.item_index["shotgun"])
    assert where(s, "shotgun") == CARRIED + 5
    assert where(s, "shotgun-ammo") == NOT_IN_GAME
    assert pending(s)[0] == ["item", str(s.c.item_index["shotgun-ammo"])]  # re-placed as in setup


# ----- Random Event Phase -------------------------------------------------------------------------
def event(s, a: int, b: int, *more: int) -> None:  # type: ignore[no-untyped-def]
    dice(s, a, b, *more)
    _event_phase(s)


def opts() -> dict[str, bool]:
    return {"random-events": True}


def test_random_events_skip_the_first_turn() -> None:
    s = board(humans={"Ben": "h10"}, options=opts(), turn=1)
    dice(s)
    _event_phase(s)
    assert not any(e.kind == "event" for e in s.log)


def test_random_event_phase_on_the_last_turn_too() -> None:
    # "This is a new phase that comes immediately after the Live Human Action Phase. Skip this
    # phase on the first turn." — the only turn skipped
    for turn in (15, 16):
        s = board(humans={"Ben": "h10"}, options=opts(), turn=turn)
        dice(s, 1, 1)
        _event_phase(s)
        assert any(e.kind == "event" for e in s.log)


def test_random_event_phase_on_turn_16_in_a_whole_game() -> None:
    s = GAME.new(Setup("standard", {"random-events": True}), 3)
    while s.decision is not None:
        GAME.apply(s, GAME.legal_actions(s)[-1] if s.decision.kind == "activate" else GAME.legal_actions(s)[0])
    if s.reason == "dawn":
        turns = [e.data["turn"] for e in s.log if e.kind == "turn" and e.data]
        last = max(i for i, e in enumerate(s.log) if e.kind == "turn")
        assert turns[-1] == 16
        assert any(e.kind == "event" and e.data and "roll" in e.data for e in s.log[last:])


def test_take_the_house_last_turn_is_decided_before_any_event() -> None:
    # "If there are zombies left after the Live Human Action Phase then you have lost."
    s = board(humans={"Ben": "h10"}, zombies={2: "a1"}, scenario="take-the-house", options=opts(), turn=10)
    dice(s)
    _event_phase(s)
    assert not any(e.kind == "event" for e in s.log)


def test_event_2_fell_over_and_3_injury() -> None:
    s = board(humans={"Ben": "h10"}, options=opts(), turn=4)
    event(s, 1, 1)
    assert s.humans[0].fell_turn == 5
    s = board(humans={"Ben": "h10"}, options=opts(), turn=4)
    event(s, 1, 2)
    assert s.humans[0].injured
    from tests.the_night.helpers import human_phase

    human_phase(s)
    GAME.apply(s, "activate Ben")
    assert s.ap == 3


def test_event_4_new_weapon_found() -> None:
    s = board(humans={"Ben": "h10"}, options=opts(), turn=4)
    event(s, 2, 2)
    assert pending(s) and pending(s)[0][0] == "item"


def test_event_5_fear_of_the_dark_limits_outside_humans_to_one_square() -> None:
    s = board(humans={"Ben": "a1"}, options=opts(), turn=4)
    event(s, 2, 3)
    s.turn = 5
    act_as(s, "Ben")
    GAME.apply(s, "move Ben b1")
    assert not any(t.startswith("move") for t in texts(s))


def test_event_6_lightning_moves_a_zombie_of_your_choice() -> None:
    # "Move any one zombie of your choice 2 squares in any direction."
    s = board(humans={"Ben": "h10"}, zombies={2: "a1"}, options=opts(), turn=4)
    event(s, 3, 3)
    assert pending(s)[0] == ["lightning"]
    in_phase(s, "events")
    from deadboard.games.the_night.rules import advance

    advance(s)
    distracts = {t for t in texts(s) if t.startswith("distract")}
    # 2 squares orthogonally, diagonally or a knight's L; never 1 square, never back where it stood
    assert distracts == {"distract Z2 c1", "distract Z2 c2", "distract Z2 c3", "distract Z2 b3", "distract Z2 a3"}
    dice(s, 3)  # the next turn's Live Human Action Phase roll
    GAME.apply(s, "distract Z2 c1")
    assert any(e.text == "Lightning: Z2 is distracted to c1" for e in s.log)


def test_event_7_brains_the_closest_zombie_moves_at_once() -> None:
    s = board(humans={"Ben": "h10"}, zombies={2: "h9", 3: "a1"}, options=opts(), turn=4)
    event(s, 3, 4, 6, 1)  # zombie 2, next to Ben, attacks at once; Ben rolls 6
    brains = s.steps.pop()  # its activation, a step of its own, runs next
    assert isinstance(brains, Activation) and brains.order == (2,)
    brains.run(s)
    assert any(e.kind == "combat" for e in s.log)


def test_event_7_brains_two_zombies_equally_close_choose_randomly() -> None:
    # "If you are unsure of what to do (for example, you roll 7 and two zombies are equally close
    # to a human) then choose randomly."
    from deadboard.games.the_night.ai import nearest_zombie

    chosen = set()
    for seed in range(16):
        s = board(humans={"Ben": "h10"}, zombies={2: "g10", 3: "i10"}, options=opts(), turn=4)
        s.rng = type(s.rng)(seed)
        chosen.add(nearest_zombie(s))
    assert chosen == {2, 3}


def test_event_8_dash_9_opportunity_shot_10_latch_fall() -> None:
    from deadboard.games.the_night.rules import advance

    s = board(humans={"Ben": "h10"}, options=opts(), turn=4)
    event(s, 4, 4)
    in_phase(s, "events")
    advance(s)
    assert "dash Ben g9" in texts(s) and "pass" in texts(s)
    GAME.apply(s, "dash Ben g9")
    assert s.humans[0].sq == sq(s, "g9")

    s = board(humans={"Tom": "c8"}, zombies={2: "e8"}, items={"shotgun": "Tom", "shotgun-ammo": "Tom"}, options=opts(), turn=4)
    event(s, 4, 5)
    in_phase(s, "events")
    advance(s)
    dice(s, 3)  # 3 + 4 - 1 = 6: hit
    GAME.apply(s, "opportunity Tom Z2 shotgun")
    assert 2 not in s.zsq

    s = board(humans={"Tom": "c8"}, options=opts(), turn=4)
    event(s, 5, 5)
    in_phase(s, "events")
    advance(s)
    GAME.apply(s, "latch front-door")
    assert s.op[s.c.grid.opening_by_name["front-door"].id] & LOCKED


def test_event_6_lightning_goes_through_no_wall_and_no_closed_opening() -> None:
    # Z2 on the Dining Room's south window, boarded: nothing but the yard round it
    s = board(humans={"Ben": "a1"}, zombies={2: "g14", 3: "h15"}, openings={"dining-window-1": "boarded"},
              options=opts(), turn=4)
    from deadboard.games.the_night.events import lightning_actions

    dests = {a.text.split()[2] for a in lightning_actions(s) if a.text.startswith("distract Z2 ")}
    assert dests and all(not s.c.inside[sq(s, d)] for d in dests)
    assert "h15" not in dests  # another zombie's square
    assert all(s.c.grid.chebyshev(sq(s, "g14"), sq(s, d)) == 2 for d in dests)


def test_event_11_is_no_event_by_default() -> None:
    # the rulebook's table stops at 10; nothing says what 11 does
    s = board(humans={"Ben": "h10"}, zombies={2: "a1"}, options=opts(), turn=4, cup=[5])
    s.humans[0].injured = True
    event(s, 5, 6)
    assert s.humans[0].injured and s.humans[0].ap_bonus_next == 0
    assert s.zsq == {2: sq(s, "a1")} and s.cup == [5] and not pending(s)
    assert any(e.data and e.data.get("event") == "no-event" for e in s.log)


def test_event_12_more_zombies_as_the_rulebook_hints() -> None:
    # "If a random event cannot happen (for example, you roll 12 but there are no zombies left to
    # place) then nothing happens."
    s = board(humans={"Ben": "h10"}, options=opts(), turn=4, cup=[5])
    event(s, 6, 6, 2)
    assert 5 in s.zsq
    s = board(humans={"Ben": "h10"}, options=opts(), turn=4, cup=[])
    event(s, 6, 6)
    assert not s.zsq


def test_authored_results_option_events_11_and_12() -> None:
    authored = {"random-events": True, "authored-results": True}
    s = board(humans={"Ben": "h10"}, options=authored, turn=4)
    event(s, 5, 6)
    assert s.humans[0].ap_bonus_next == 1
    s = board(humans={"Ben": "h10"}, options=authored, turn=4)
    s.humans[0].injured = True
    event(s, 5, 6)
    assert not s.humans[0].injured  # Second wind! (authored) heals the injury
    s = board(humans={"Ben": "h10"}, options=opts(), turn=4, cup=[5])
    event(s, 6, 6, 2)
    assert 5 in s.zsq
    s = board(humans={"Ben": "h10"}, options=opts(), turn=4, cup=[])
    event(s, 6, 6)  # no zombie left to place: nothing happens
    assert not s.zsq


# ----- Dodge --------------------------------------------------------------------------------------
def test_dodge_a_1_stops_the_move_and_forces_a_fight() -> None:
    s = board(humans={"Ben": "h10"}, zombies={23: "h9", 2: "a1"}, options={"dodge": True})
    act_as(s, "Ben")
    dice(s, 1, 6, 1, 3)  # caught; Ben 6+5 beats 1+4; then next turn's human phase roll
    GAME.apply(s, "move Ben h11")
    assert s.humans[0].sq == sq(s, "h10")
    assert 23 not in s.zsq  # the forced fight, won, ended Ben's actions
    assert any(e.kind == "turn" and e.data and e.data["turn"] == 4 for e in s.log)


def test_dodge_success_moves_normally() -> None:
    s = board(humans={"Ben": "h10"}, zombies={23: "h9"}, options={"dodge": True})
    act_as(s, "Ben")
    dice(s, 4)
    GAME.apply(s, "move Ben h11")
    assert s.humans[0].sq == sq(s, "h11")


def test_dodge_choice_of_zombie_when_several_are_adjacent() -> None:
    s = board(humans={"Ben": "h10"}, zombies={23: "h9", 2: "g10"}, options={"dodge": True})
    act_as(s, "Ben")
    dice(s, 1)
    GAME.apply(s, "move Ben i10")
    assert {a.text for a in GAME.legal_actions(s)} == {"fight Ben Z2", "fight Ben Z23"}


# ----- Character Attributes -----------------------------------------------------------------------
def test_character_attributes_d6_minus_one() -> None:
    for seed in range(10):
        s = fresh(options={"character-attributes": True}, seed=seed)
        ev = next(e for e in s.log if e.text.startswith("Character Attributes"))
        assert ev.data is not None
        assert sum(1 for e in s.log if e.kind == "attribute") == ev.data["count"]


def with_attr(attr: str, **kw):  # type: ignore[no-untyped-def]
    s = board(**kw)
    for h in s.humans:
        if h.status == LIVE:
            h.attrs = (attr,)
    return s


def test_attribute_athlete_and_injured() -> None:
    s = with_attr("athlete", humans={"Tom": "h10"})
    act_as(s, "Tom")
    assert s.ap == 6
    s = with_attr("injured", humans={"Tom": "h10"})
    act_as(s, "Tom")
    GAME.apply(s, "move Tom h9")
    assert s.ap == 3


def test_attribute_injured_each_move_costs_2_windows_included() -> None:
    # Injured: "Each move costs 2 Action Points. Other costs are unchanged." — 2 through a window too
    s = with_attr("injured", humans={"Tom": "c10"})
    act_as(s, "Tom")
    GAME.apply(s, "move Tom b10")
    assert s.ap == 5 - 2
    s = with_attr("injured", humans={"Tom": "c10"}, options={"dark-yard": True})
    act_as(s, "Tom")
    GAME.apply(s, "move Tom b10")
    GAME.apply(s, "move Tom a10")
    assert s.ap == 5 - 4


def test_injury_event_leaves_only_3_ap_even_for_an_athlete() -> None:
    # Injury!: "This character now has only 3 AP."
    s = with_attr("athlete", humans={"Tom": "h10"})
    s.humans[5].injured = True
    act_as(s, "Tom")
    assert s.ap == 3


def test_attribute_11_and_12_are_rolled_again() -> None:
    # "roll 2D6 to determine the specific attribute from the table below": 11 and 12 name none
    s = GAME.new(Setup("standard", {"character-attributes": True}), 1)
    from deadboard.games.the_night.setup import assign_attributes

    for h in s.humans:
        h.attrs = ()
    dice(s, 2, 5, 6, 6, 5, 1, 3, 1)  # one attribute: 11, then 12, then 4 (Athlete) for a human
    s.log.clear()
    assign_attributes(s)
    got = [a for h in s.humans for a in h.attrs]
    assert got == ["athlete"]
    assert sum(1 for e in s.log if e.data and e.data.get("again")) == 2


def test_authored_results_option_attributes_11_and_12() -> None:
    s = GAME.new(Setup("standard", {"character-attributes": True, "authored-results": True}), 1)
    from deadboard.games.the_night.setup import assign_attributes

    for h in s.humans:
        h.attrs = ()
    dice(s, 3, 5, 6, 6, 6)  # two attributes: 11 (Marksman), 12 (Lucky)
    assign_attributes(s)
    got = sorted(a for h in s.humans for a in h.attrs)
    assert got == ["lucky", "marksman"]


def test_attribute_coward() -> None:
    s = with_attr("coward", humans={"Tom": "h10"}, zombies={2: "j9"})
    act_as(s, "Tom")
    assert "move Tom i10" not in texts(s)  # next to the zombie
    assert "move Tom g10" in texts(s)
    s = with_attr("coward", humans={"Tom": "h10"}, zombies={2: "h9"})
    act_as(s, "Tom")
    assert all(t.startswith("move") for t in texts(s))  # must move away


def test_attribute_strong_carries_three() -> None:
    s = with_attr("strong", humans={"Tom": "h10"}, items={"axe": "Tom", "bat": "Tom", "knife": "h10"})
    act_as(s, "Tom")
    assert "pickup Tom knife" in texts(s)


def test_attribute_fighter_cat_burglar_builder_marksman_lucky() -> None:
    from deadboard.games.the_night.combat import human_strength

    s = with_attr("fighter", humans={"Tom": "h10", "Ben": "c4"})
    assert human_strength(s, 5) == 5 and human_strength(s, 0) == 5  # not for Ben
    s = with_attr("cat-burglar", humans={"Tom": "i13"})
    act_as(s, "Tom")
    assert "lock Tom front-door" in texts(s)
    s = with_attr("builder", humans={"Tom": "g13"}, items={"board1": "Tom"})
    act_as(s, "Tom")
    GAME.apply(s, "board Tom dining-window-1")
    assert s.ap == 5
    s = with_attr("lucky", humans={"Tom": "h10"}, zombies={23: "h9"})
    dice(s, 1, 6)
    hand_to_hand(s, 5, 23, "zombie")
    assert s.humans[5].status == LIVE and 23 in s.zsq


def test_attribute_lucky_escape_from_a_zombie_rising_on_the_same_square_steps_aside() -> None:
    from deadboard.games.the_night.turn import _reanimation

    s = with_attr("lucky", humans={"Tom": "h10"})
    s.humans[6].status = DEAD  # Judy's dead counter lies where Tom stands
    s.humans[6].sq = sq(s, "h10")
    dice(s, 5, 1, 6)  # Judy rises; Tom rolls 1 and loses, but he is Lucky
    _reanimation(s)
    tom = s.humans[5]
    assert tom.status == LIVE and tom.sq != sq(s, "h10") and not s.zocc[tom.sq]
    assert s.c.grid.chebyshev(tom.sq, sq(s, "h10")) == 1


def test_attribute_wild_shooter_two_shots_at_minus_1_and_minus_2() -> None:
    s = with_attr("wild-shooter", humans={"Tom": "c8"}, zombies={2: "e8", 3: "f8"},
                  items={"shotgun": "Tom", "shotgun-ammo": "Tom", "pistol": "Tom", "pistol-ammo": "Tom"})
    act_as(s, "Tom")
    dice(s, 3)
    GAME.apply(s, "shoot Tom Z2 shotgun wild")  # choosing to shoot twice
    shots = [e for e in s.log if e.kind == "shot"]
    assert shots[-1].data is not None and shots[-1].data["modifier"] == -1
    assert not any(t.startswith("shoot Tom Z3 shotgun") for t in texts(s))  # each weapon once per turn
    dice(s, 4)
    GAME.apply(s, "shoot Tom Z3 pistol")
    shots = [e for e in s.log if e.kind == "shot"]
    assert shots[-1].data is not None and shots[-1].data["modifier"] == -2


def test_attribute_wild_shooter_who_shoots_once_has_no_penalty() -> None:
    # "may choose to shoot twice in each turn, but [then] the first shot is at -1 and the second -2"
    s = with_attr("wild-shooter", humans={"Tom": "c8"}, zombies={2: "e8", 3: "f8"},
                  items={"shotgun": "Tom", "shotgun-ammo": "Tom"})
    act_as(s, "Tom")
    # with one firearm a second shot could never come ("You may only shoot each weapon once per
    # turn"): no wild shot is offered
    assert "shoot Tom Z2 shotgun" in texts(s) and "shoot Tom Z2 shotgun wild" not in texts(s)
    dice(s, 3)
    GAME.apply(s, "shoot Tom Z2 shotgun")
    shots = [e for e in s.log if e.kind == "shot"]
    assert shots[-1].data is not None and shots[-1].data["modifier"] == 0
    assert not any(t.startswith("shoot") for t in texts(s))  # one shot, as anyone


def test_attribute_bitten() -> None:
    from deadboard.games.the_night.turn import _reanimation

    s = with_attr("bitten", humans={"Tom": "h10"}, turn=3)
    dice(s, 6)
    _reanimation(s)
    assert s.humans[5].status == DEAD


# ----- 2 Players - Zombie Player ------------------------------------------------------------------
def test_zombie_player_controls_the_zombies() -> None:
    s = GAME.new(Setup("standard", {"zombie-player": True}, players=2), 3)
    seats = set()
    while s.decision is not None and s.turn < 3:
        seats.add((s.decision.seat, s.decision.kind))
        GAME.apply(s, GAME.legal_actions(s)[-1])
    assert (1, "zombie") in seats


def test_zombie_player_victory_three_points() -> None:
    s = board(humans={"Judy": "h10", "Tom": "c4"}, options={"zombie-player": True}, players=2, heroes=("Ben",))
    s.over, s.reason = True, "dawn"  # the game is over
    o = GAME.outcome(s)
    assert o is not None and o.winners == (1,)  # 1 + 1 = 2 points: the zombies win
    s = board(humans={"Ben": "h10"}, options={"zombie-player": True}, players=2, heroes=("Ben",))
    s.over, s.reason = True, "dawn"  # the game is over
    o = GAME.outcome(s)
    assert o is not None and o.winners == (0,)


# ----- 2+ Players - Hidden Hero -------------------------------------------------------------------
def test_hidden_hero_secret_picks_are_hidden_from_the_other_players() -> None:
    s = GAME.new(Setup("standard", {"hidden-hero": True}, players=2), 3)
    while s.decision is not None and s.decision.kind != "pick":
        GAME.apply(s, GAME.legal_actions(s)[0])
    GAME.apply(s, "pick Ben")
    assert s.decision is not None and s.decision.seat == 1
    v = GAME.view(s, 1)
    assert v.secret[0] == -1
    assert GAME.view(s, 0).secret[0] == 0
    assert not s.heroes


def test_hidden_hero_players_take_turns_and_count_kills() -> None:
    s = board(humans={"Ben": "h10", "Judy": "c4"}, zombies={23: "h9"}, options={"hidden-hero": True}, players=2)
    s.secret = [0, 6]
    from tests.the_night.helpers import human_phase

    human_phase(s)
    first = s.decision
    assert first is not None
    GAME.apply(s, "activate Ben")
    dice(s, 6, 1)
    GAME.apply(s, "attack Ben Z23")
    assert s.kills[first.seat] == 1
    assert s.decision is not None and s.decision.seat != first.seat


def test_hidden_hero_winner_by_survival_then_kills() -> None:
    s = board(humans={"Ben": "h10", "Judy": "c4"}, options={"hidden-hero": True}, players=3)
    s.secret = [0, 6, 2]
    s.kills = [3, 5, 9]
    s.over, s.reason = True, "dawn"  # the game is over
    o = GAME.outcome(s)
    assert o is not None and o.winners == (1,)


def test_options_combine_freely() -> None:
    every = {"dark-yard": True, "dark-yard-frozen": True, "dark-yard-indoors": True, "better-shooting": True,
             "combat-assistance": True, "unreliable-weapons": True, "random-events": True, "dodge": True,
             "character-attributes": True, "free-placement": True, "item-draw": "points", "item-placement": "2d6"}
    s = GAME.new(Setup("the-coopers", every | {"zombie-player": True, "hidden-hero": True}, players=3), 11)
    while s.decision is not None:
        # the first action that is not a free pick-up or drop (those two alone would loop for ever)
        legal = GAME.legal_actions(s)
        GAME.apply(s, next((a for a in legal if a[0] not in ("pickup", "drop")), legal[0]))
    assert GAME.outcome(s) is not None
