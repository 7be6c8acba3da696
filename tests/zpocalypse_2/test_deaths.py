"""Survivor and squad deaths (rulebook §Survivor Death, §Squad Death)."""

from __future__ import annotations

from deadboard.core import Setup, get_game
from deadboard.games.zpocalypse_2.recruiting import rejoin
from deadboard.games.zpocalypse_2.state import ZState
from deadboard.games.zpocalypse_2.survivors import kill_person
from deadboard.games.zpocalypse_2.turn import Sunrise

GAME = get_game("zpocalypse-2")


def night(players: int) -> ZState:
    state = GAME.new(Setup("chapter-1", players=players), 2)
    assert isinstance(state, ZState)
    for k in range(players):
        GAME.apply(state, GAME.legal_actions(state)[k * 3].text)
    return state


def test_a_survivor_who_dies_at_night_raises_doom_and_leaves_a_fresh_zombie_beside_the_squad() -> None:
    """ "Increase the Doom Track by +1. If a survivor dies during the Night phase, place a fresh zombie
    on an empty space adjacent to your squad.\""""
    state = night(1)
    q = state.squads[0]
    state.zombies = []
    doom = state.doom.value
    kill_person(state, q, q.people[0], "a test")
    assert state.doom.value == doom + 1
    assert len(state.zombies) == 1 and state.zombies[0].fresh
    # adjacent: within range 1 as a zombie counts it (a diagonal across a wall's corner too)
    assert state.zombies[0].space in state.board.around(q.space, 1, zombie=True)


def test_a_dead_squad_drops_its_items_and_its_stash_goes_public() -> None:
    """ "If a squad dies during the Night phase, take all items that were in that player's private
    stash and add them to the public stash ... Place the other token on the space where the squad
    died.\""""
    state = night(2)
    q = state.squads[1]
    q.stash = ["scrap"]
    space = q.space
    for p in list(q.people):
        kill_person(state, q, p, "a test")
    assert "scrap" in state.public
    assert state.dropped.get(space)


def test_dropped_items_nobody_picked_up_are_discarded_at_sunrise() -> None:
    """ "If Night ends and no squad has picked up the dropped items, they are all discarded.\""""
    state = night(2)
    state.dropped = {5: ["fire-axe"]}
    Sunrise().run(state)
    assert state.dropped == {}


def test_a_wiped_out_squad_rejoins_with_two_survivors_less_the_chapter_in_hp() -> None:
    """ "A player who's entire squad was eliminated will rejoin the game at the end of the phase with
    two random survivors, each with two random armory cards. Subtract your current chapter number
    from each new survivor's HP wheels.\""""
    state = night(2)
    q = state.squads[1]
    for p in list(q.people):
        kill_person(state, q, p, "a test")
    rejoin(state)
    assert len(q.people) == 2
    for p in q.people:
        assert p.hp == state.content.survivor(p.card).hp - state.scenario.chapter
        assert p.weapon is not None


def test_a_squad_wiped_out_at_night_rejoins_before_the_level_up_and_keeps_its_milestones() -> None:
    """ "Those survivors enter before the perk phase, and may still receive perks based on milestones
    passed by that player during the phase.\""""
    from deadboard.core.kernel import advance
    from deadboard.games.zpocalypse_2.levelup import ChoosePerk, gain_vp

    state = night(2)
    q = state.squads[1]
    gain_vp(state, q, 5 - q.vp % 5)
    for p in list(q.people):
        kill_person(state, q, p, "a test")
    state.zombies, state.mutates = [], []
    state.steps[:] = []
    state.push(*Sunrise().run(state))
    advance(state)
    top = state.steps[-1]
    assert len(q.people) == 2 and isinstance(top, ChoosePerk) and top.seats == (1,)
