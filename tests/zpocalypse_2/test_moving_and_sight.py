"""Moving, line of sight, searching, unarmed combat and ammo (rulebook §Fluid Actions, §Additional
Movement Rules, §Line of Sight, §How The Stairs Work, §How Windows Work, §Search Locations, §Unarmed
Combat, §Ammo/Click Dice)."""

from __future__ import annotations

from deadboard.core import Setup
from deadboard.core.rng import ScriptedRng
from deadboard.games.zpocalypse_2.actions import Attack, Move, Search
from deadboard.games.zpocalypse_2.combat import targets_in_range
from deadboard.games.zpocalypse_2.movement import reachable
from deadboard.games.zpocalypse_2.night import Turn
from deadboard.games.zpocalypse_2.search import KeepCard
from deadboard.games.zpocalypse_2.state import Zombie, ZState
from deadboard.games.zpocalypse_2.survivors import PickSurvivor
from tests.zpocalypse_2.helpers import GAME, at_turn


def test_a_die_moves_the_squad_up_to_its_value_in_spaces() -> None:
    """ "take one die from your action pool and place it on your squad board. You may then move a
    number of spaces equal to or less than the value of that die.\""""
    state = at_turn("e6", [2])
    b = state.board
    reach = reachable(state, state.squads[0], 2)
    assert b.by_name["g6"] in reach and b.by_name["h6"] not in reach
    assert all(d <= 2 for d in reach.values())


def test_the_squad_is_only_as_fast_as_its_slowest_survivor() -> None:
    """ "Your squad is only as fast as its slowest survivor.\""""
    state = at_turn("e6", [6])
    q = state.squads[0]
    for p in q.people:
        p.stats["speed"] = 5
    q.people[0].stats["speed"] = 2
    assert max(reachable(state, q, 6).values()) == 2


def test_squads_may_not_move_through_zombies() -> None:
    """ "You may not move through zombies or impassable areas.\""""
    state = at_turn("d5", [6])
    b = state.board
    # d5 sits in a corridor corner; zombies on every neighbour wall it in
    state.zombies = [Zombie(j, False) for j in b.neighbours[b.by_name["d5"]]]
    assert reachable(state, state.squads[0], 6) == {}


def test_squads_pass_other_squads_but_do_not_stop_on_them() -> None:
    """ "Your squad may pass through other squads while moving, but may not stop moving on the same
    space as another squad.\""""
    state = GAME.new(Setup("prologue", players=2), 1)
    assert isinstance(state, ZState)
    GAME.apply(state, "start e6")
    GAME.apply(state, "start f6")
    state.zombies = []
    reach = reachable(state, state.squads[0], 3)
    assert state.board.by_name["f6"] not in reach and state.board.by_name["g6"] in reach


def test_doubt_about_line_of_sight_favours_the_zombies() -> None:
    """ "If there is ever any doubt about LOS, assume that zombies can see players, but players cannot
    see zombies.\""""
    state = at_turn("e6", [1])
    b = state.board
    doubtful = [
        (i, j)
        for i in range(0, len(b.spaces), 3)
        for j in range(0, len(b.spaces), 5)
        if b.sight(i, j, zombie=True) != b.sight(i, j, zombie=False)
    ]
    assert doubtful, "the map has lines that only graze a wall"
    assert all(b.sight(i, j, zombie=True) and not b.sight(i, j, zombie=False) for i, j in doubtful)


def test_walls_block_sight() -> None:
    """ "If you can connect the center of your squad's current space to the center of another space
    with a straight line that does not cross any red walls or impassable spaces, you have a clear line
    of sight.\""""
    state = at_turn("e6", [1])
    b = state.board
    assert b.sight(b.by_name["e6"], b.by_name["g6"], zombie=False)
    assert not b.sight(b.by_name["e6"], b.by_name["e1"], zombie=True)  # the house's north wall


def test_the_stairs_see_both_floors() -> None:
    """ "If you are standing on the top of the stairwell, you are in the unique position of being able
    to see both the 2nd and 1st floors.\""""
    state = at_turn("e6", [1])
    b = state.board
    assert b.sight(b.stairs, b.by_name["e6"], zombie=False)
    assert b.sight(b.stairs, b.by_name["2c3"], zombie=False)
    assert not b.sight(b.by_name["e6"], b.by_name["2c3"], zombie=True)


def test_a_window_space_shoots_the_yard_below() -> None:
    """ "While standing in front of a second floor window space (#1-9), your squad may look out onto
    the yard and shoot the ground below. Count range the same way as normal, using the space directly
    below the window.\""""
    state = at_turn("e6", [1])
    b = state.board
    window = next(iter(b.window_landing))
    landing = b.window_landing[window]
    yard = next(j for j in b.neighbours[landing] if j not in b.inside)
    state.zombies = [Zombie(yard, False)]
    assert targets_in_range(state, window, 1) == ((yard, "weak"),)


def test_searching_takes_a_whole_die_and_looks_at_no_more_cards_than_the_highest_smarts() -> None:
    """ "look at cards from the top of the designated deck equal to the amount of AP spent on the die.
    However, the number of cards looked at cannot exceed the highest smarts stat among survivors in
    your squad.\""""
    state = at_turn("e5", [6, 1])
    q = state.squads[0]
    for p in q.people:
        p.stats["smarts"] = 2
    assert Search(6) in state.legal and Search(1) in state.legal
    GAME.apply(state, "search 6")
    keep = state.steps[-1]
    assert isinstance(keep, KeepCard) and len(keep.cards) == 2
    assert state.pool.faces == (1,)


def test_a_searched_space_is_not_searchable_again_this_night() -> None:
    """ "Leave the token "X" side up on that space to show it is not searchable again for the remainder
    of this night of combat.\""""
    state = at_turn("e5", [3, 3])
    state.rng = ScriptedRng(seed=1)
    GAME.apply(state, "search 3")
    GAME.apply(state, GAME.legal_actions(state)[0].text)
    assert not any(isinstance(a, Search) for a in GAME.legal_actions(state))


def test_unarmed_costs_6_ap_range_1_and_1_hp() -> None:
    """ "The basic attack cost for unarmed combat is 6 AP, range 1, melee. Making an unarmed basic
    attack causes that survivor to lose 1 HP.\""""
    state = at_turn("e6", [6])
    b = state.board
    state.zombies = [Zombie(b.by_name["f6"], False)]
    state.legal = list(Turn(0).actions(state))
    unarmed = [a for a in state.legal if isinstance(a, Attack) and a.weapon == "unarmed"]
    assert unarmed and all(a.dice == (6,) for a in unarmed)
    who = unarmed[0].who
    hp = next(p.hp for p in state.squads[0].people if p.card == who)
    GAME.apply(state, unarmed[0].text)
    assert next(p.hp for p in state.squads[0].people if p.card == who) == hp - 1
    assert state.zombies == []


def test_a_click_empties_the_weapon_until_reloaded() -> None:
    """ "If the result of the roll is a "click" – that weapon is out of ammo ... you cannot make another
    basic attack ... until reloading the weapon.\""""
    state = at_turn("e6", [6, 6])
    q = state.squads[0]
    b = state.board
    q.people[0].weapon = "snub-pistol"
    q.people[0].stats["firearms"] = 3
    state.zombies = [Zombie(b.by_name["g6"], True)]
    state.rng = ScriptedRng(dice={"ammo": ["click"]})
    state.legal = list(Turn(0).actions(state))
    shot = next(a for a in state.legal if isinstance(a, Attack) and a.weapon == "snub-pistol")
    GAME.apply(state, shot.text)
    assert not q.people[0].loaded
    q.stash.append("ammo-box")
    state.legal = list(Turn(0).actions(state))
    GAME.apply(state, f"reload {q.people[0].card}")
    assert q.people[0].loaded and "ammo-box" not in q.stash


def test_reloading_discards_an_ammo_card_from_the_private_stash_not_a_carried_one() -> None:
    """ "Unless specified otherwise on the weapon, you must discard an ammo card from your private
    stash to reload a weapon.\""""
    state = at_turn("e6", [6, 6])
    q = state.squads[0]
    p = q.people[0]
    p.weapon, p.loaded = "snub-pistol", False
    q.items.append("ammo-box")
    carried = q.items.count("ammo-box")
    state.legal = list(Turn(0).actions(state))
    assert f"reload {p.card}" not in [a.text for a in state.legal]
    q.stash.append("ammo-box")
    state.legal = list(Turn(0).actions(state))
    GAME.apply(state, f"reload {p.card}")
    assert p.loaded and "ammo-box" not in q.stash and q.items.count("ammo-box") == carried


def test_moving_spends_exactly_one_die() -> None:
    """ "To move, take one die from your action pool and place it on your squad board.\""""
    state = at_turn("e6", [3, 4])
    move = next(a for a in state.legal if isinstance(a, Move) and a.die == 4)
    GAME.apply(state, move.text)
    assert state.pool.faces == (3,)


def test_jumping_from_a_window_lands_below_and_costs_each_survivor_2_hp() -> None:
    """ "If you jump from a window, land your squad on the corresponding numbered space directly below
    the window. Each survivor in your squad takes 2 direct damage.\""""
    state = at_turn("e6", [1])
    b = state.board
    window = next(iter(b.window_landing))
    q = state.squads[0]
    q.space = window
    hp = [p.hp for p in q.people]
    state.legal = list(Turn(0).actions(state))
    GAME.apply(state, "jump")
    assert q.space == b.window_landing[window]
    assert [p.hp for p in q.people] == [h - 2 for h in hp]


def test_landing_on_a_zombie_hurts_it_and_the_squad_lands_beside_it() -> None:
    """ "If you land on the same space as another squad or zombie, each survivor and zombie on that
    space also takes 2 damage, and your squad lands on any adjacent empty space.\""""
    state = at_turn("e6", [1])
    b = state.board
    window = next(iter(b.window_landing))
    landing = b.window_landing[window]
    q = state.squads[0]
    q.space = window
    state.zombies = [Zombie(landing, True)]
    state.legal = list(Turn(0).actions(state))
    GAME.apply(state, "jump")
    assert state.zombies == [] and q.space in b.neighbours[landing]


def test_the_public_stash_is_reached_from_beside_its_token() -> None:
    """ "During the Night phase, players may only take items from the public stash if they are
    adjacent to, or on the same space as, the public stash token.\""""
    state = at_turn("e6", [1])
    state.public = ["canned-beans"]
    state.legal = list(Turn(0).actions(state))
    assert "take canned-beans" not in [a.text for a in state.legal]
    q = state.squads[0]
    q.space = state.board.neighbours[state.board.stash][0]
    state.legal = list(Turn(0).actions(state))
    GAME.apply(state, "take canned-beans")
    assert "canned-beans" in q.items + q.stash and not state.public


def test_a_radiation_space_passed_over_gives_its_token() -> None:
    """ "If your squad enters a Radiation space, take a Radiation token and attach it to a single
    survivor in your squad." Every space entered on the way counts, not only where the move ends:
    with zombies on c9, d9 and e9 the only way from c10 to e10 crosses the Radiation space d10."""
    state = at_turn("c10", [2, 1])
    b = state.board
    state.zombies = [Zombie(b.by_name[s], False) for s in ("c9", "d9", "e9")]
    state.legal = list(Turn(0).actions(state))
    GAME.apply(state, "move 2 e10")
    assert state.squads[0].space == b.by_name["e10"]
    move = next(e for e in reversed(state.log) if e.kind == "move")
    assert move.data is not None and move.data["route"] == ["c10", "d10", "e10"]
    top = state.steps[-1]
    assert isinstance(top, PickSurvivor) and top.purpose == "radiation"


def test_the_squad_goes_round_a_radiation_space_when_the_way_round_costs_the_same() -> None:
    """ "You may then move a number of spaces equal to or less than the value of that die": the
    squad's route is its own; of the cheapest ways it takes one over no Bio or Radiation space
    (c10 -> d9 -> e10 rather than over d10)."""
    state = at_turn("c10", [2, 1])
    state.legal = list(Turn(0).actions(state))
    GAME.apply(state, "move 2 e10")
    move = next(e for e in reversed(state.log) if e.kind == "move")
    assert move.data is not None and move.data["route"] == ["c10", "d9", "e10"]
    assert state.decision is not None and state.decision.kind == "turn"
