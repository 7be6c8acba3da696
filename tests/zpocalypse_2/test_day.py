"""The Day phase (rulebook §Morning, §Assigning Day Tasks, §Afternoon, §Neighborhood Meeting)."""

from __future__ import annotations

from deadboard.core import Setup, get_game
from deadboard.core.rng import ScriptedRng
from deadboard.games.zpocalypse_2.day import (
    Champion,
    Contribute,
    DoTasks,
    EnterContest,
    Feeding,
    RollContest,
)
from deadboard.games.zpocalypse_2.scavenge import Draft, PickTrier, Try
from deadboard.games.zpocalypse_2.state import ZState
from deadboard.games.zpocalypse_2.turn import Afternoon

GAME = get_game("zpocalypse-2")


def game(players: int = 1) -> ZState:
    state = GAME.new(Setup("prologue", players=players), 1)
    assert isinstance(state, ZState)
    state.phase = "morning"
    return state


def test_guard_duty_lowers_the_doom_track_by_one_each() -> None:
    """ "Each survivor on guard duty reduces the Doom Track by 1.\""""
    state = game()
    a, b = (p.card for p in state.squads[0].people[:2])
    before = state.doom.value
    DoTasks(((a, "guard"), (b, "guard"))).run(state)
    assert state.doom.value == before - 2


def test_idle_rest_heals_2_and_raises_the_doom_track() -> None:
    """ "Each survivor that goes on idle rest regains 2 HP, but increases the Doom Track by 1.\""""
    state = game()
    p = state.squads[0].people[0]
    p.hp -= 3
    hp, doom = p.hp, state.doom.value
    DoTasks(((p.card, "rest"),)).run(state)
    assert p.hp == hp + 2 and state.doom.value == doom + 1


def test_bio_tokens_cost_hp_in_the_afternoon() -> None:
    """ "When the afternoon step begins, all survivors lose 1 HP for each Bio token they have.\""""
    state = game()
    q = state.squads[0]
    q.people = [x for x in q.people if x.card not in ("priya", "bernie")]  # no "nurse" day trait
    p = q.people[0]
    p.bio = 2
    hp = p.hp
    Afternoon().run(state)
    assert p.hp == hp - 2


def test_unfed_survivors_lose_2_hp() -> None:
    """ "Survivors that are not fed lose 2 HP.\""""
    state = game()
    q = state.squads[0]
    hp = [p.hp for p in q.people]
    feed = Feeding(0, (q.people[0].card,))
    feed.apply(state, feed.actions(state)[-1])  # "fed": done feeding
    assert [p.hp for p in q.people] == [hp[0], *(h - 2 for h in hp[1:])]


def test_a_scavenging_challenge_uses_one_survivors_dice_up_to_the_skill() -> None:
    """ "each challenge must be completed by a single survivor, and each survivor can only allocate as
    many dice as they have in the associated skill.\""""
    from deadboard.games.zpocalypse_2.traits import passive

    state = game()
    q = state.squads[0]
    p = q.people[0]
    p.card = "priya"  # no "scrounge" day trait adding AP
    assert passive(state, p, "scrounge") == 0
    p.stats["sneak"] = 1
    trier = PickTrier(0, (p.card,), "mini-mart", 1, (6, 5))  # sneak 7 needed
    doom = state.doom.value
    trier.apply(state, Try(p.card))
    assert state.doom.value == doom + 1  # one die (6) < 7: failure
    p.stats["sneak"] = 2
    after = trier.apply(state, Try(p.card))
    assert len(after) == 1 and isinstance(after[0], Draft) and len(after[0].cards) == 3


def test_the_meeting_winner_leads_tomorrow() -> None:
    """ "the winner of the contest gets the first player token, and will be the first player for turn
    order on the following day.\""""
    state = game(players=2)
    state.rng = ScriptedRng(dice={"zd6": [1] * 6 + [6] * 6})
    (first,) = RollContest((0, 1), 0, "talk", ()).run(state)
    assert isinstance(first, EnterContest)
    (roll2,) = first.apply(state, Champion(state.squads[0].people[0].card))
    (second,) = roll2.run(state)  # type: ignore[attr-defined]
    assert isinstance(second, EnterContest)
    second.apply(state, Champion(state.squads[1].people[0].card))
    assert state.first == 1


def test_each_card_given_to_the_public_stash_adds_1_to_the_contest() -> None:
    """ "For each card contributed this way, that player adds +1 to their chosen survivor's AP value
    for that contest.\""""
    state = game(players=2)
    q = state.squads[0]
    step = EnterContest((0, 1), 0, "talk", (), (1, 1, 1, 1, 1, 1), 0)
    card = q.items[0]
    (more,) = step.apply(state, Contribute(card))
    assert isinstance(more, EnterContest) and more.bonus == 1 and card in state.public
