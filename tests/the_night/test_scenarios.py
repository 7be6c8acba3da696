"""Rulebook §Scenarios: Quick Game, Take the House, The Coopers, No Chance, Make Your Own Story."""

from __future__ import annotations

import pytest

from deadboard.core import Setup, SetupError
from deadboard.games.the_night.state import CARRIED, DEAD, HUMAN_ZOMBIE, LIVE
from deadboard.games.the_night.turn import _end_turn, _reanimation
from tests.the_night.helpers import GAME, act_as, board, dice, fresh, human_phase, pending, sq, texts


# ----- Quick Game ---------------------------------------------------------------------------------
def test_quick_game_two_humans_in_the_house_no_hero_ten_turns() -> None:
    for seed in range(10):
        s = fresh("quick-game", seed=seed)
        live = [h for h in s.humans if h.status == LIVE]
        assert len(live) == 2 and not s.heroes
        assert all(s.c.inside[h.sq] for h in live)
        assert s.cfg.turns == 10


def test_quick_game_victory_points() -> None:
    s = board(humans={"Ben": "h10", "Judy": "c4"}, scenario="quick-game")
    s.zombies_removed = 3
    s.over, s.reason = True, "dawn"  # the game is over
    o = GAME.outcome(s)
    assert o is not None and o.score == 2 * 10 + 3 * 5


def test_quick_game_alternatives() -> None:
    s = board(humans={"Ben": "h10", "Judy": "c4"}, scenario="quick-game", options={"survival-points": True}, turn=4)
    _end_turn(s)
    assert s.bonus_points == 2
    s = fresh("quick-game", {"start-zombies": 4}, seed=3)
    assert len(s.zsq) == 4


# ----- Take the House -----------------------------------------------------------------------------
def test_take_the_house_setup() -> None:
    s = fresh("take-the-house", seed=2)
    live = [h for h in s.humans if h.status == LIVE]
    assert len(live) == 7 and not s.heroes
    assert all(s.c.entry_of[h.sq] for h in live)
    assert len(s.zsq) == 20 and all(s.c.inside[q] for q in s.zsq.values())
    assert all(w == -1 or w >= CARRIED for w in s.item_where)  # nothing on the map: no keys, no boards
    assert sum(1 for w in s.item_where if w >= CARRIED) >= 7
    assert s.allowed == 7  # all seven act on the first turn
    assert not any(e.kind == "move" and e.data and "zombie" in e.data for e in s.log)  # no zombie action turn 1


def test_take_the_house_each_character_is_handed_an_item_and_guns_come_with_ammo() -> None:
    s = GAME.new(Setup("take-the-house"), 2)
    while s.decision is not None and s.decision.kind != "arm":
        GAME.apply(s, GAME.legal_actions(s)[0])
    GAME.apply(s, f"arm {s.humans[int(pending(s)[0][1])].name} shotgun")
    h = next(h for h in s.humans if s.item_where[s.c.item_index["shotgun"]] == CARRIED + h.idx)
    assert s.item_where[s.c.item_index["shotgun-ammo"]] == CARRIED + h.idx


def test_take_the_house_gun_limit() -> None:
    s = GAME.new(Setup("take-the-house", {"guns": 1}), 2)
    while s.decision is not None and s.decision.kind != "arm":
        GAME.apply(s, GAME.legal_actions(s)[0])
    GAME.apply(s, f"arm {s.humans[int(pending(s)[0][1])].name} rifle")
    assert not any(a.text.endswith(("shotgun", "pistol")) for a in GAME.legal_actions(s))


def test_take_the_house_zombies_cannot_leave_but_attack_across() -> None:
    from tests.the_night.helpers import zombie_turn

    s = board(humans={"Ben": "i14"}, zombies={1: "i12", 2: "c4"}, scenario="take-the-house")
    dice(s, 6, 1)
    zombie_turn(s, 1)  # moves to i13 then attacks through the front door
    assert any(e.kind == "combat" for e in s.log)
    zombie_turn(s, 2)
    assert s.c.inside[s.zsq[2]]


def test_take_the_house_lost_if_zombies_remain_after_turn_10() -> None:
    s = board(humans={"Ben": "i14"}, zombies={1: "h10"}, scenario="take-the-house", turn=10)
    _end_turn(s)
    o = GAME.outcome(s)
    assert o is not None and o.result.value == "loss" and o.reason == "time"


def test_take_the_house_cleared_early_scores_per_turn_left() -> None:
    s = board(humans={"Ben": "h11", "Tom": "c8"}, zombies={1: "h10"}, scenario="take-the-house", turn=6,
              items={"chainsaw": "Ben"})
    act_as(s, "Ben")
    dice(s, 6, 1)
    GAME.apply(s, "attack Ben Z1")
    o = GAME.outcome(s)
    assert o is not None and o.reason == "cleared" and o.result.value == "win"
    assert o.score == 10 * (10 - 6) + 2 * 10


def test_take_the_house_more_or_fewer_zombies() -> None:
    assert len(fresh("take-the-house", {"zombies": 8}, seed=1).zsq) == 8


# ----- The Coopers --------------------------------------------------------------------------------
def test_the_coopers_setup() -> None:
    s = fresh("the-coopers", seed=3)
    by = {h.name: h for h in s.humans}
    assert by["Ben"].status != LIVE and by["Barbara"].status != LIVE
    assert s.c.area_of[by["Harry"].sq] == "Basement Landing"
    assert s.c.area_of[by["Helen"].sq] == "Basement Stairs"
    assert s.c.area_of[by["Karen"].sq] == "Basement"
    assert s.c.area_of[by["Tom"].sq] == "Living Room" and s.c.area_of[by["Judy"].sq] == "Living Room"
    assert {s.humans[h].name for h in s.heroes} == {"Harry", "Helen"}


def test_karen_cannot_act_and_basement_items_are_out_of_reach() -> None:
    s = board(humans={"Karen": "q10", "Harry": "p10"}, items={"axe": "p10"}, scenario="the-coopers")
    act_as(s, "Harry")
    assert "activate Karen" not in texts(s)
    assert "pickup Harry axe" not in texts(s)
    s.humans[4].status = DEAD
    assert "pickup Harry axe" in texts(s)


def test_karen_dies_on_a_six_from_turn_two() -> None:
    s = board(humans={"Karen": "q10", "Harry": "p8"}, scenario="the-coopers", turn=2)
    dice(s, 5)
    _reanimation(s)
    assert s.humans[4].status == LIVE
    dice(s, 6)
    _reanimation(s)
    assert s.humans[4].status == DEAD
    dice(s, 4)  # next turn she may reanimate
    _reanimation(s)
    assert HUMAN_ZOMBIE + 4 in s.zsq


def test_karen_lingers_on_2d6() -> None:
    s = board(humans={"Karen": "q10", "Harry": "p8"}, scenario="the-coopers", options={"karen-lingers": True}, turn=2)
    dice(s, 6, 4)
    _reanimation(s)
    assert s.humans[4].status == LIVE
    dice(s, 6, 5)
    _reanimation(s)
    assert s.humans[4].status == DEAD


def test_coopers_bonus_when_all_but_karen_survive() -> None:
    s = board(humans={"Harry": "p8", "Helen": "q8", "Tom": "l10", "Judy": "m10"}, scenario="the-coopers",
              heroes=("Harry", "Helen"))
    s.humans[4].status = DEAD
    s.over, s.reason = True, "dawn"  # the game is over
    o = GAME.outcome(s)
    assert o is not None and o.score == 10 + 10 + 5 + 5 + 10


def test_coopers_alternative_1_ben_and_barbara_in_the_container() -> None:
    s = fresh("the-coopers", {"ben-and-barbara": True}, seed=3)
    assert HUMAN_ZOMBIE + 0 in s.cup + list(s.zsq) and HUMAN_ZOMBIE + 1 in s.cup + list(s.zsq)
    assert {s.humans[h].name for h in s.heroes} == {"Helen"}


# ----- No Chance ----------------------------------------------------------------------------------
def test_no_chance_twelve_zombies_and_no_humans_at_entry_points() -> None:
    for seed in range(10):
        s = GAME.new(Setup("no-chance"), seed)
        while s.turn == 0:
            GAME.apply(s, GAME.legal_actions(s)[0])
        arrivals = [e for e in s.log if e.kind == "arrive"]
        assert len(arrivals) == 12
        assert not any(s.c.entry_of[h.sq] for h in s.humans if h.status == LIVE)


# ----- Make Your Own Story ------------------------------------------------------------------------
STORY = {
    "title": "Ben's chainsaw",
    "turns": 8,
    "humans": ["Ben", "Judy"],
    "hero": "Ben",
    "stats": {"Ben": {"strength": 7, "ap": 8, "items": ["chainsaw"], "place": "h10"}},
    "zombies": {"strength": 7, "ap": 3},
    "zombie": {"23": {"strength": 1}},
    "entries": [5],
    "start_zombies": 2,
    "victory": {"collect": ["keys"], "exit": 3, "survivors": 1},
}


def test_story_overrides_stats_entries_and_victory() -> None:
    s = fresh("make-your-own-story", {"story": STORY}, seed=2)
    by = {h.name: h for h in s.humans}
    assert by["Ben"].status == LIVE and by["Judy"].status == LIVE and by["Tom"].status != LIVE
    assert s.cfg.hstr[0] == 7 and s.cfg.hap[0] == 8 and s.cfg.turns == 8
    assert s.cfg.zstr[1] == 7 and s.cfg.zap[1] == 3 and s.cfg.zstr[23] == 1
    assert s.item_where[s.c.item_index["chainsaw"]] == CARRIED + 0
    assert by["Ben"].sq == sq(s, "h10") or any(e.kind == "move" for e in s.log)
    arrivals = [e for e in s.log if e.kind == "arrive"]
    assert len(arrivals) == 2 and all(s.c.entry_of[sq(s, e.data["square"])] == 5 for e in arrivals)


def test_story_escape_victory() -> None:
    s = board(humans={"Ben": "v6"}, items={"keys": "Ben"}, scenario="make-your-own-story", options={"story": STORY})
    act_as(s, "Ben")
    GAME.apply(s, "escape Ben")
    o = GAME.outcome(s)
    assert o is not None and o.result.value == "win" and o.details["story_goal_met"]


def test_story_collect_without_exit_counts_what_survivors_carry_at_dawn() -> None:
    story = {"turns": 3, "victory": {"collect": ["keys"]}}
    s = board(humans={"Ben": "h10", "Judy": "c8"}, items={"keys": "Ben"}, scenario="make-your-own-story",
              options={"story": story}, turn=3)
    human_phase(s)
    GAME.apply(s, "end")
    o = GAME.outcome(s)
    assert o is not None and o.details["story_goal_met"] and o.result.value == "win"
    s = board(humans={"Ben": "h10", "Judy": "c8"}, items={"keys": "h11"}, scenario="make-your-own-story",
              options={"story": story}, turn=3)
    human_phase(s)
    GAME.apply(s, "end")
    o = GAME.outcome(s)
    assert o is not None and not o.details["story_goal_met"] and o.result.value == "loss"


def test_story_file_errors_are_clear() -> None:
    with pytest.raises(SetupError, match="unknown human 'Bob'"):
        GAME.new(Setup("make-your-own-story", {"story": {"humans": ["Bob"]}}), 1)
    with pytest.raises(SetupError, match="turns"):
        GAME.new(Setup("make-your-own-story", {"story": {"turns": "many"}}), 1)
    with pytest.raises(SetupError, match="needs a story file"):
        GAME.new(Setup("make-your-own-story"), 1)


def test_story_mistakes_are_caught_before_play() -> None:
    def bad(story: dict, match: str) -> None:  # type: ignore[type-arg]
        with pytest.raises(SetupError, match=match):
            GAME.new(Setup("make-your-own-story", {"story": story}), 1)

    bad({"humans": ["Ben", "Judy"], "hero": "Tom"}, "hero: Tom is not in the story")
    bad({"stats": {"Ben": {"place": "c11"}}}, "stats.Ben.place: c11 cannot be entered")
    bad({"stats": {"Ben": {"place": "h10"}, "Judy": {"place": "h10"}}}, "stats.Judy.place: h10 is Ben's")
    bad({"stats": {"Ben": {"items": ["axe", "bat", "knife"]}}}, "stats.Ben.items: more than 2 items")
    bad({"stats": {"Ben": {"items": ["axe"]}, "Judy": {"items": ["axe"]}}}, "only 1 Wood Axe")
    bad({"entries": ["Cellar"]}, "entries: 'Cellar' is neither a Map Entry Point")


def test_story_all_humans_the_same() -> None:
    # "Reduce or increase characters' combat strengths or action points. Alternatively, keep it
    # simple and make them all the same."
    story = {"all_humans": {"strength": 4, "ap": 5}, "stats": {"Ben": {"ap": 7}}}
    s = fresh("make-your-own-story", {"story": story})
    assert set(s.cfg.hstr) == {4} and s.cfg.hap == (7, 5, 5, 5, 5, 5, 5)


def test_story_zombies_enter_from_the_basement() -> None:
    # "Change the way zombies enter - make them all enter from the basement maybe?"
    story = {"entries": ["Basement"], "start_zombies": 2, "arrivals": 3}
    s = fresh("make-your-own-story", {"story": story}, seed=4)
    arrivals = [e for e in s.log if e.kind == "arrive" and e.data]
    assert len(arrivals) == 2 and all(s.c.area_of[sq(s, e.data["square"])] == "Basement" for e in arrivals)


def test_story_entries_pick_evenly_among_those_listed() -> None:
    story = {"entries": [6, 6, 6, 6, 6, 5], "start_zombies": 1}
    seen = set()
    for seed in range(12):
        s = fresh("make-your-own-story", {"story": story}, seed=seed)
        for e in s.log:
            if e.kind == "arrive" and e.data:
                seen.add(s.c.entry_of[sq(s, e.data["square"])])
    assert seen == {5, 6}
