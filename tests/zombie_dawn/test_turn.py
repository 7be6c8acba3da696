"""The turn (rulebook §Move, §Search a Location, §Acquire Skills, §Play an Action card: vehicles and
special movement, §Exchange Items)."""

from __future__ import annotations

from deadboard.games.zombie_dawn.board import WALK, Board
from deadboard.games.zombie_dawn.content import load_content
from deadboard.games.zombie_dawn.state import DawnState
from tests.zombie_dawn.helpers import (
    GAME,
    action_card,
    character,
    fresh,
    item,
    location,
    quiet_season,
    refresh,
    set_group,
    texts,
)


def _board() -> Board:
    c = load_content()
    z = c.zone_index
    return Board(c, [((z["lakeside-camp"], 0, 0, 0), (z["lake-shore"], 1, 0, 0)),
                     ((z["orchard-camp"], 0, 0, 0), (z["crossroads"], 0, 1, 0))])


def test_a_move_is_up_to_two_orthogonal_squares_never_through_water() -> None:
    b = _board()
    # lake-shore: a lake on b2-d3; from r.g4 (below it) two steps cannot cross it
    start = b.index["r.g4"]
    reach = set(b.reach(start, 2, WALK))
    assert b.index["r.g2"] not in reach  # across the water
    assert not any(b.water[sq] for sq in reach)
    for sq in reach:  # orthogonal steps only: never a diagonal neighbour counted as one step
        assert abs(b.xs[sq] - b.xs[start]) + abs(b.ys[sq] - b.ys[start]) <= 2 or b.highway[sq]
    assert b.index["r.f5"] in reach and b.index["r.g2"] not in b.reach(start, 3, WALK)


def test_highway_exits_are_adjacent_to_each_other_across_every_map() -> None:
    b = _board()
    exits = b.exits
    assert len({b.island[e] for e in exits}) == 2
    for e in exits:
        assert set(exits) - {e} <= set(b.adj[e])
    red_exit = next(e for e in exits if b.island[e] == 0)
    assert any(b.island[sq] == 1 for sq in b.reach(red_exit, 1, WALK))


def test_moving_discards_a_card_and_cannot_end_on_another_group() -> None:
    s = fresh(players=2, seed=41)
    quiet_season(s)
    b = s.board
    assert b is not None
    set_group(s, 0, {"gangster": []}, hand=["shambler"])
    here = s.groups[0].sq
    near = b.adj[here][0]
    s.groups[1].sq = near
    refresh(s)
    dests = {a.split()[2] for a in texts(s) if a.startswith("move ")}
    assert b.names[near] not in dests
    assert dests == {b.names[sq] for sq in b.reach(here, 2, WALK) if sq != near}
    GAME.apply(s, f"move shambler {sorted(dests)[0]}")
    assert not s.groups[0].hand and s.groups[0].sq == b.index[sorted(dests)[0]]


def test_search_reveals_the_items_of_the_location_for_each_card() -> None:
    s = fresh(players=2, seed=42)
    quiet_season(s)
    sq = location(s, "blue", 3)
    set_group(s, 0, {"gangster": []}, hand=["shambler", "shambler", "shambler"], sq=sq)
    set_group(s, 1, {"kid": []}, hand=[])
    for name in ("food-1", "food-2", "food-3", "food-4", "food-5", "food-6"):
        item(s, name)
    for name in ("medicine-1", "medicine-2", "medicine-3", "medicine-4", "pistol-1", "ammo-box-1"):
        s.blue.cards.append(item(s, name))
    refresh(s)
    GAME.apply(s, "search shambler")
    g = s.groups[0]
    assert [s.c.item_names[it] for it in g.found] == ["ammo-box-1", "pistol-1", "medicine-4"]
    # the items found cannot be used or equipped until the search ends
    assert not any(a.startswith("use ") for a in texts(s))
    GAME.apply(s, "search shambler")
    assert len(g.found) == 6
    xp = g.xp
    GAME.apply(s, "stop")
    assert s.searched[sq] & 1 and g.xp == xp + 1 and not g.searching
    assert s.decision is not None and s.decision.kind == "items"
    GAME.apply(s, "take pistol-1 gangster")
    GAME.apply(s, "done")
    assert s.c.item_index["pistol-1"] in s.char_items[s.c.char_index["gangster"]]
    # a location with a token of your colour cannot be searched again
    s.groups[0].hand = [action_card(s, "shambler")]
    refresh(s)
    assert not any(a.startswith("search ") for a in texts(s))


def test_found_survivors_join_the_group_at_once() -> None:
    s = fresh(players=2, seed=43)
    quiet_season(s)
    sq = location(s, "green", 1)
    set_group(s, 0, {"gangster": []}, hand=["shambler"], sq=sq)
    s.green.cards.append(item(s, "lost-hiker-1"))
    refresh(s)
    GAME.apply(s, "search shambler")
    assert len(s.groups[0].chars) == 2 and not s.groups[0].found


def test_skills_cost_1_xp_then_2_then_3() -> None:
    s = fresh(players=2, seed=44)
    quiet_season(s)
    set_group(s, 0, {"gangster": [], "kid": []}, hand=[], xp=6)
    set_group(s, 1, {"farmer": []}, hand=[])
    s.groups[1].trophies = [action_card(s, "trio")]  # the round's Xp for trophies goes to the other player
    refresh(s)
    spent = []
    for _ in range(3):
        before = s.groups[0].xp
        GAME.apply(s, "learn")
        assert s.decision is not None and s.decision.kind == "learn"
        assert len({a.split()[1] for a in texts(s)}) == 2  # two skills offered
        GAME.apply(s, texts(s)[0])
        spent.append(before - s.groups[0].xp)
    assert spent == [1, 2, 3]
    assert s.groups[0].xp == 0 and (s.decision is None or s.decision.seat != 0 or "learn" not in texts(s))


def test_skills_of_a_dead_character_no_longer_raise_the_cost() -> None:
    from deadboard.games.zombie_dawn.death import kill
    from deadboard.games.zombie_dawn.effects import skill_cost

    s = fresh(players=2, seed=45)
    set_group(s, 0, {"gangster": [], "kid": []}, hand=[])
    kid = s.c.char_index["kid"]
    s.char_skills[kid] = (0, 1, 2)
    assert skill_cost(s, 0) == 4
    kill(s, kid, "test")
    assert skill_cost(s, 0) == 1
    assert s.groups[0].vp_skills == [0, 1, 2]


def test_a_vehicle_in_play_moves_the_group_only_if_it_carries_everyone() -> None:
    s = fresh(players=2, seed=46)
    quiet_season(s)
    set_group(s, 0, {"gangster": [], "kid": []}, hand=["bicycle", "shambler"])
    refresh(s)
    GAME.apply(s, "play bicycle")
    while s.decision is not None and s.decision.kind == "respond":
        GAME.apply(s, "pass")
    assert s.groups[0].vehicle >= 0
    assert not any(a.startswith("drive ") for a in texts(s))  # a bicycle carries 1 Pj
    set_group(s, 0, {"gangster": []}, hand=[])
    refresh(s)
    drives = [a for a in texts(s) if a.startswith("drive ")]
    assert drives
    GAME.apply(s, drives[-1])
    assert s.groups[0].vehicle_turned
    while s.decision is not None and s.decision.kind == "respond":
        GAME.apply(s, "pass")
    assert not any(a.startswith("drive ") for a in texts(s))  # turned


def test_fuel_straightens_a_turned_vehicle() -> None:
    s = fresh(players=2, seed=47)
    quiet_season(s)
    set_group(s, 0, {"gangster": ["gasoline-1"]}, hand=[])
    g = s.groups[0]
    g.vehicle = action_card(s, "motorbike")
    g.vehicle_turned = True
    refresh(s)
    GAME.apply(s, "use gasoline-1 vehicle")
    assert not g.vehicle_turned and not s.char_items[s.c.char_index["gangster"]]


def _driving(kind: str) -> DawnState:
    s = fresh(players=2, seed=48)
    quiet_season(s)
    set_group(s, 0, {"gangster": []}, hand=[], xp=1)  # an Xp to flee with: the combat is a real decision
    set_group(s, 1, {"kid": []}, hand=["shambler", "breakdown"])
    s.groups[0].vehicle = action_card(s, kind)
    refresh(s)
    drive = max((a for a in texts(s) if a.startswith("drive ")), key=lambda a: len(a))
    GAME.apply(s, drive)
    return s


def test_zombies_can_interrupt_a_vehicle_at_any_square_of_the_trip() -> None:
    s = _driving("motorbike")
    assert s.last_drive is not None
    path = s.last_drive[2]
    b = s.board
    assert b is not None
    plays = [a for a in texts(s) if a.startswith("play shambler red")]
    assert {a.split()[3] for a in plays} == {b.names[sq] for sq in path}
    GAME.apply(s, f"play shambler red {b.names[path[0]]}")
    assert s.groups[0].sq == path[0] and s.combat is not None


def test_no_zombie_can_be_played_against_a_car_during_its_movement() -> None:
    s = _driving("car")
    assert not any(a.startswith("play shambler red") for a in texts(s))


def test_breakdown_cancels_a_vehicle_movement_just_made() -> None:
    s = _driving("motorbike")
    assert s.last_drive is not None
    start = s.last_drive[1]
    GAME.apply(s, "play breakdown red vehicle")
    assert s.groups[0].sq == start and s.groups[0].vehicle_turned


def test_special_movement_cards_move_the_group_in_its_own_turn() -> None:
    s = fresh(players=2, seed=49)
    quiet_season(s)
    set_group(s, 0, {"gangster": []}, hand=["sprint"])
    refresh(s)
    sprints = [a for a in texts(s) if a.startswith("play sprint ")]
    walks = [a for a in texts(s) if a.startswith("move sprint ")]
    assert len(sprints) > len(walks)  # 3 squares against 2
    # not out of turn: a response window offers it no sprint
    from deadboard.games.zombie_dawn.anytime import respond_actions

    set_group(s, 1, {"kid": []}, hand=["sprint"])
    assert [a.text for a in respond_actions(s, 1)] == ["pass"]


def test_items_pass_between_the_pjs_of_a_group_keeping_their_state() -> None:
    s = fresh(players=2, seed=50)
    quiet_season(s)
    set_group(s, 0, {"gangster": ["pistol-1"], "kid": []}, hand=[])
    pistol = s.c.item_index["pistol-1"]
    s.set_turned(pistol, True)
    refresh(s)
    GAME.apply(s, "give pistol-1 kid")
    assert pistol in s.char_items[s.c.char_index["kid"]] and s.is_turned(pistol)
    assert "give pistol-1 gangster" not in texts(s)  # once per turn: no passing round in circles


def test_exhausted_makes_the_target_discard_two_cards_of_its_choice() -> None:
    s = fresh(players=2, seed=51)
    quiet_season(s)
    set_group(s, 0, {"gangster": []}, hand=["exhausted", "shambler"])
    set_group(s, 1, {"kid": []}, hand=["trio", "shambler", "sprint"])
    refresh(s)
    GAME.apply(s, "play exhausted yellow")
    assert s.decision is not None and s.decision.kind == "discard" and s.decision.seat == 1
    GAME.apply(s, "discard shambler")
    GAME.apply(s, "discard sprint")
    assert [s.c.action_recs[k].id for k in s.groups[1].hand] == ["trio"]


def test_cold_blood_spends_an_xp_for_two_action_cards_once_per_round() -> None:
    s = fresh(players=2, seed=52)
    s.season = next(i for i, r in enumerate(s.c.seasons) if r.id == "cold-blood")
    set_group(s, 0, {"gangster": []}, hand=[], xp=2)
    refresh(s)
    GAME.apply(s, "cold-blood")
    assert len(s.groups[0].hand) == 2 and s.groups[0].xp == 1
    while s.decision is not None and s.decision.kind == "respond":
        GAME.apply(s, "pass")
    assert "cold-blood" not in texts(s)


def test_one_player_search_also_reveals_action_cards_and_zombies_attack() -> None:
    s = fresh(players=1, seed=53)
    quiet_season(s)
    sq = location(s, "green", 1)
    set_group(s, 0, {"gangster": []}, hand=["shambler"], sq=sq, xp=1)
    from tests.zombie_dawn.helpers import deck_top

    deck_top(s, ["trio"])
    refresh(s)
    GAME.apply(s, "search shambler")
    assert s.combat is not None and s.combat.dice == 3 and s.combat.starter == -1
    assert s.decision is not None and s.decision.kind == "combat"


def test_one_player_search_reveals_as_many_action_cards_as_the_location_number_not_the_items_drawn() -> None:
    # "Each time they Search a Location they will Draw as many cards from the corresponding deck as
    # the number inscribed on it indicates, but in addition they will reveal the same number of cards
    # from the Action Deck." The Scavenger with Binoculars draws 3 items at a location numbered 1 and
    # reveals 1 action card, the location's number (ruling 53; before rules version 4: 3).
    s = fresh(players=1, seed=53)
    quiet_season(s)
    sq = location(s, "green", 1)
    set_group(s, 0, {"scavenger": ["binoculars"]}, hand=["shambler"], sq=sq, xp=1)
    from tests.zombie_dawn.helpers import deck_top

    deck_top(s, ["second-wind", "trio", "in-pairs"])
    refresh(s)
    before = len(s.actions.cards)
    GAME.apply(s, "search shambler")
    found = next(e for e in s.log if e.kind == "search" and "finds" in e.text)
    assert found.data is not None and found.data["found"] == 3
    assert len(s.actions.cards) == before - 1
    revealed = [e.text for e in s.log if e.text.startswith("Action cards revealed")]
    assert revealed == ["Action cards revealed: Second Wind"] and s.combat is None


def test_one_player_blocked_access_revealed_means_no_fleeing_by_card() -> None:
    s = fresh(players=1, seed=54)
    quiet_season(s)
    sq = location(s, "green", 2)
    set_group(s, 0, {"gangster": []}, hand=["shambler", "shambler"], sq=sq)
    from tests.zombie_dawn.helpers import deck_top

    deck_top(s, ["trio", "blocked-access"])
    refresh(s)
    GAME.apply(s, "search shambler")
    assert s.combat is not None and s.combat.blocked
    assert not any(a.startswith("flee shambler") for a in texts(s))


def test_one_player_loses_when_the_whole_group_dies() -> None:
    from deadboard.games.zombie_dawn.death import kill

    s = fresh(players=1, seed=55)
    (ch,) = s.groups[0].chars
    kill(s, ch, "test")
    assert s.phase == "over" and s.reason == "group-dead"
    out = GAME.outcome(s)
    assert out is not None and out.result.value == "loss"


def test_one_player_wins_with_five_missions_completed() -> None:
    from deadboard.games.zombie_dawn.turn import end_game

    s = fresh(players=1, seed=56)
    s.groups[0].done = list(range(5))
    end_game(s)
    out = GAME.outcome(s)
    assert out is not None and out.result.value == "win" and out.winners == (0,)


def test_a_character_leaves_a_mission_and_returns_to_the_deck() -> None:
    s = fresh(players=2, seed=57)
    quiet_season(s)
    b = s.board
    assert b is not None
    hospital = next(sq for sq in b.locations if b.site[sq] == "hospital")
    set_group(s, 0, {"gangster": [], "kid": []}, hand=[], sq=hospital)
    m = s.c.mission_index["patient-transfer"]
    s.groups[0].missions = [m, s.c.mission_index["clear-farm"]]
    kid = s.c.char_index["kid"]
    s.char_skills[kid] = (s.c.skill_index["iron-will"],)
    refresh(s)
    GAME.apply(s, "complete patient-transfer kid")
    g = s.groups[0]
    assert m in g.done and kid not in g.chars and kid in s.char_deck.cards
    assert g.vp_skills == [s.c.skill_index["iron-will"]]
    assert kid not in g.dead


def test_a_new_mission_is_drawn_when_all_are_completed() -> None:
    from deadboard.games.zombie_dawn.effects import complete_mission

    s = fresh(players=2, seed=58)
    g = s.groups[0]
    g.missions = g.missions[:1]
    complete_mission(s, 0, g.missions[0])
    assert len(g.missions) == 1 and len(g.done) == 1


def test_missions_that_cost_nothing_complete_by_themselves() -> None:
    s = fresh(players=2, seed=59)
    quiet_season(s)
    set_group(s, 0, {"gangster": [], "kid": [], "farmer": []}, hand=["shambler"])
    m = s.c.mission_index["safety-in-numbers"]
    s.groups[0].missions = [m, s.c.mission_index["clear-farm"]]
    refresh(s)
    assert m not in s.groups[0].done  # the test made the group after the turn's check
    GAME.apply(s, "end")
    while s.decision is not None and (s.decision.seat != 0 or s.decision.kind != "turn"):
        GAME.apply(s, GAME.legal_actions(s)[0])
    assert m in s.groups[0].done


def test_character_helper_removes_from_deck() -> None:
    s = fresh(players=2, seed=60)
    ch = character(s, "hermit")
    assert ch not in s.char_deck.cards


def test_a_pj_may_leave_an_item_on_the_table_to_take_a_found_one() -> None:
    s = fresh(players=2, seed=61)
    quiet_season(s)
    sq = location(s, "blue", 1)
    set_group(s, 0, {"kid": ["pitchfork-1"]}, hand=["shambler"], sq=sq)
    set_group(s, 1, {"hermit": []}, hand=[])
    s.blue.cards.append(item(s, "rifle-1"))
    refresh(s)
    GAME.apply(s, "search shambler")  # the Kid carries 1 item: no room for the Rifle
    # the Rifle lies on the table: the Pitchfork could join it now, but the Rifle cannot be taken
    # before the search ends
    assert "drop pitchfork-1" in texts(s) and not any(t.startswith("take ") for t in texts(s))
    GAME.apply(s, "stop")
    assert s.decision is not None and s.decision.kind == "items"
    assert "take rifle-1 kid" not in texts(s)
    GAME.apply(s, "drop pitchfork-1")
    GAME.apply(s, "take rifle-1 kid")
    GAME.apply(s, "done")
    kid = s.c.char_index["kid"]
    assert [s.c.item_names[i] for i in s.char_items[kid]] == ["rifle-1"]
    assert s.c.item_index["pitchfork-1"] in s.green.discards


def _past_yellow() -> DawnState:
    """Three players (seed 5): red drives a Motorbike from r.a1 to r.c1, through yellow on r.b1."""
    s = fresh(players=3, seed=5)
    quiet_season(s)
    b = s.board
    assert b is not None
    set_group(s, 0, {"gangster": []}, hand=[], sq=b.index["r.a1"], xp=1)
    set_group(s, 1, {"kid": []}, hand=["trio", "breakdown"], sq=b.index["r.b1"])
    set_group(s, 2, {"farmer": []}, hand=[])
    s.groups[0].vehicle = action_card(s, "motorbike")
    refresh(s)
    GAME.apply(s, "drive r.c1")
    assert s.last_drive is not None and [b.names[sq] for sq in s.last_drive[2]] == ["r.b1", "r.c1"]
    assert s.decision is not None and s.decision.kind == "respond" and s.decision.seat == 1
    return s


def test_zombies_never_stop_a_vehicle_on_another_groups_square() -> None:
    """Rulebook §Move: "IMPORTANT: You can never be on the same square as another Group, although you
    may move through it" — also when zombies interrupt a vehicle "at any point of the trip at the
    choice of the Player who interrupts that movement" (§Play an Action card)."""
    s = _past_yellow()
    assert "play trio red r.b1" not in texts(s)  # yellow's own square
    assert "play trio red r.c1" in texts(s)
    GAME.apply(s, "play trio red r.c1")
    b = s.board
    assert b is not None
    assert s.groups[0].sq == b.index["r.c1"] != s.groups[1].sq
    assert s.combat is not None and s.combat.group == 0


def test_a_vehicle_movement_undone_never_ends_on_another_groups_square() -> None:
    """Rulebook §Move: "You can never be on the same square as another Group": a Breakdown that
    undoes a trip whose start another group now holds leaves the group on the free square of the
    trip nearest to it."""
    s = _past_yellow()
    b = s.board
    assert b is not None
    s.groups[2].sq = b.index["r.a1"]  # purple was driven onto red's starting square meanwhile
    refresh(s)
    GAME.apply(s, "play breakdown red vehicle")
    assert s.groups[0].sq == b.index["r.c1"]  # r.a1 is purple's, r.b1 yellow's
    assert len({g.sq for g in s.groups}) == 3


def test_one_player_turn_ends_when_the_hand_is_empty() -> None:
    """Rulebook §Rules for 1 Player: "When the Player runs out of Hand cards or does not want to keep
    playing, the Turn ends." The last card discarded to move ends the turn (and, alone, the round)."""
    s = fresh(players=1, seed=56)
    quiet_season(s)
    set_group(s, 0, {"gangster": []}, hand=["shambler"], xp=3)
    s.groups[0].vehicle = action_card(s, "motorbike")
    refresh(s)
    assert "learn" in texts(s) and any(t.startswith("drive ") for t in texts(s))
    rnd = s.round
    GAME.apply(s, next(t for t in texts(s) if t.startswith("move shambler ")))
    # no drive and no skill after the last card: the next decision is the next round's
    assert s.round == rnd + 1 and len(s.groups[0].hand) == 6


def test_one_player_with_an_empty_hand_may_still_do_what_is_done_at_any_moment() -> None:
    """Rulebook §Rules for 1 Player: the turn ends with the hand; §At any moment: items are used
    "whether or not it is their Turn" — so only `end` and such actions are left, not a move, a drive,
    a search or a skill."""
    s = fresh(players=1, seed=57)
    quiet_season(s)
    set_group(s, 0, {"gangster": ["medicine-1"]}, hand=[], xp=3)
    gangster = s.c.char_index["gangster"]
    s.char_damage[gangster] = (s.c.damage_index["infection-1"],)
    s.groups[0].vehicle = action_card(s, "motorbike")
    refresh(s)
    assert texts(s) == ["end", "use medicine-1 gangster"]


def test_one_player_search_with_the_last_card_ends_the_search_and_the_turn() -> None:
    """Rulebook §Rules for 1 Player: "When the Player runs out of Hand cards ... the Turn ends": the
    search is over (its token and Xp, the found items taken) and so is the turn."""
    s = fresh(players=1, seed=58)
    quiet_season(s)
    sq = location(s, "blue", 2)
    set_group(s, 0, {"gangster": []}, hand=["shambler"], sq=sq, xp=0)
    from tests.zombie_dawn.helpers import deck_top

    deck_top(s, ["sprint", "ford"])  # the action cards revealed with the items: no zombie
    s.blue.cards.extend([item(s, "food-1"), item(s, "pistol-1")])
    refresh(s)
    rnd = s.round
    GAME.apply(s, "search shambler")
    assert s.searched[sq] & 1 and s.groups[0].xp == 1 and not s.groups[0].searching
    assert s.decision is not None and s.decision.kind == "items"
    GAME.apply(s, "done")
    assert s.round == rnd + 1
