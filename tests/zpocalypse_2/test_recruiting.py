"""Recruiting, survivor overflow and trading survivors (rulebook §Recruiting New Survivors, §Survivor
Overflow, §Trading Survivors), each test quoting the sentence it enforces."""

from __future__ import annotations

from deadboard.core import Setup, get_game
from deadboard.games.zpocalypse_2.recruiting import ChooseRecruit, Recruiting, TradeSurvivors
from deadboard.games.zpocalypse_2.state import ZState

GAME = get_game("zpocalypse-2")


def game(players: int = 2) -> ZState:
    state = GAME.new(Setup("chapter-1", players=players), 1)
    assert isinstance(state, ZState)
    return state


def test_found_survivors_join_a_squad_with_room() -> None:
    """ "Whenever the story booklet indicates that one or more new survivors are available, draw a
    number of survivors indicated by the story booklet.\""""
    state = game()
    steps = Recruiting((0, 1), ("ruth",)).run(state)
    assert len(steps) == 1 and isinstance(steps[0], ChooseRecruit) and steps[0].seat == 0
    n = len(state.squads[0].people)
    steps[0].apply(state, steps[0].actions(state)[0])
    assert len(state.squads[0].people) == n + 1 and state.squads[0].people[-1].card == "ruth"


def test_a_survivor_no_squad_has_room_for_is_discarded_and_adds_doom() -> None:
    """ "If survivors are drawn and no squad has room for them, discard that survivor, and increase
    the Doom Track by +1.\""""
    state = game()
    size = state.content.rules.squad_size
    extra = [c for c in state.decks["survivor"]]
    for q in state.squads:
        while len(q.people) < size:
            from deadboard.games.zpocalypse_2.recruiting import new_person

            q.people.append(new_person(state, extra.pop()))
    doom = state.doom.value
    assert Recruiting((0, 1), ("ruth", "carl")).run(state) == ()
    assert state.doom.value == doom + 2


def test_a_traded_survivor_keeps_their_hp_perks_and_wounds() -> None:
    """ "There is no cost for giving a survivor from one squad to the next; however, that survivor
    transfers with their current HP, and with any perks or wounds currently attached.\""""
    state = game()
    a, b = state.squads
    p = a.people[0]
    p.hp, p.perks, p.wounds = 2, ["cardio"], ["torn-calf"]
    step = TradeSurvivors((0, 1), 0)
    hand = next(x for x in step.actions(state) if x.text == f"hand {p.card} 1")
    step.apply(state, hand)
    moved = b.people[-1]
    assert moved is p and (moved.hp, moved.perks, moved.wounds) == (2, ["cardio"], ["torn-calf"])


def test_a_squad_keeps_at_least_one_survivor_when_trading() -> None:
    """Trading survivors never empties a squad (a squad with no survivor is a dead squad)."""
    state = game()
    a = state.squads[0]
    a.people = a.people[:1]
    assert [x.text for x in TradeSurvivors((0, 1), 0).actions(state)] == ["settled"]
