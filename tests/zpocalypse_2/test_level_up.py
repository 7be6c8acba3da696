"""The Level-Up phase (rulebook §Victory Points, §The Level-Up Phase, §Perk Cards)."""

from __future__ import annotations

from deadboard.core import Setup, get_game
from deadboard.games.zpocalypse_2.levelup import ChoosePerk, LevelUp, TakePerk, gain_vp
from deadboard.games.zpocalypse_2.state import ZState

GAME = get_game("zpocalypse-2")


def game(players: int = 2) -> ZState:
    state = GAME.new(Setup("prologue", players=players), 1)
    assert isinstance(state, ZState)
    return state


def test_passing_a_milestone_earns_a_perk_choice() -> None:
    """ "Each time your squad passes a milestone, you have earned the privilege of gaining a perk
    card." (every 5 spaces)"""
    state = game()
    q = state.squads[0]
    gain_vp(state, q, 4)
    assert q.levels == 0
    gain_vp(state, q, 7)
    assert q.levels == 2


def test_players_plus_one_perks_are_revealed_and_only_milestone_squads_choose() -> None:
    """ "Reveal cards from the top of the perk deck equal to the number of players plus one. Following
    turn order, each player who passed a milestone on the Doom Track in the previous phase will have
    the option to select a perk card.\""""
    state = game(players=2)
    gain_vp(state, state.squads[1], 5)
    steps = LevelUp().run(state)
    assert len(steps) == 1
    choose = steps[0]
    assert isinstance(choose, ChoosePerk) and choose.seats == (1,) and len(choose.shown) == 3


def test_a_mutation_costs_a_radiation_token_and_the_chosen_perk_is_replaced() -> None:
    """ "In order to gain a mutation, you must be able to remove one Radiation token from the survivor
    that perk would be assigned to." "Replace the chosen perk with the top card of the perk deck\""""
    state = game(players=1)
    q = state.squads[0]
    state.decks["perk"] = ["glowing-arm", "cardio", "handy", "steady-aim"]
    gain_vp(state, q, 5)
    (choose,) = LevelUp().run(state)
    assert isinstance(choose, ChoosePerk)
    assert not [a for a in choose.actions(state) if isinstance(a, TakePerk) and a.card == "glowing-arm"]
    p = q.people[0]
    p.rad = 1
    take = TakePerk("glowing-arm", p.card)
    assert take in choose.actions(state)
    melee = p.stats["melee"]
    choose.apply(state, take)
    assert p.rad == 0 and p.stats["melee"] == melee + 2
    assert state.decks["perk"] == ["cardio", "handy", "steady-aim"]
