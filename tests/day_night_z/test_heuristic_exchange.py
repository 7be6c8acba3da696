"""The heuristic player in an exchange (rulebook §4.6, "Exchange object cards and backpack elements
(supplies, battery and ammo) with other survivors"): it gives what serves a companion better."""

from __future__ import annotations

from deadboard.games.day_night_z.bot import HeuristicBot
from deadboard.games.day_night_z.state import DNZState

from .helpers import GAME, act, enemy, fresh, legal, put, tile


def _choice(state: DNZState) -> str:
    """What the heuristic bot of the seat to decide chooses now."""
    legal(state)  # the decision read again after the position was changed by hand
    d = state.decision
    assert d is not None
    bot = HeuristicBot(GAME, d.seat, 0)
    return bot.choose(GAME, GAME.view(state, d.seat), GAME.legal_actions(state)).text


def _together() -> DNZState:
    state = fresh(2)
    swift, lebeu = state.survivors
    lebeu.zone = swift.zone
    return state


def test_a_spare_weapon_goes_to_the_companion_who_fights_better_with_it() -> None:
    """Kevin Swift shoots (Ranged 4) and keeps his Colt; the chainsaw in his backpack does more in
    Marie Lebeu's hands than her knife: he declares the exchange and gives it to her."""
    state = _together()
    swift, lebeu = state.survivors
    swift.items.append("chainsaw")
    act(state, "first swift")
    assert _choice(state) == "reorganize swift"
    act(state, "reorganize swift")
    assert _choice(state) == "give swift chainsaw lebeu"
    act(state, "give swift chainsaw lebeu")
    assert _choice(state) == "done swift"
    assert "chainsaw" in lebeu.items and swift.weapon == "colt-1911"


def test_healing_goes_to_the_wounded_companion() -> None:
    """Lebeu is unhurt and carries a bandage; Swift has lost three health points: in the exchange
    Swift declares, she gives him the bandage."""
    state = _together()
    swift, lebeu = state.survivors
    swift.health -= 3
    act(state, "first swift")
    act(state, "reorganize swift")
    act(state, "done swift")
    assert state.decision is not None and state.decision.seat == 1  # Lebeu takes part in the exchange
    assert _choice(state) == "give lebeu bandage swift"
    act(state, "give lebeu bandage swift")
    assert "bandage" in swift.items and "bandage" not in lebeu.items


def test_ammo_goes_to_the_gun() -> None:
    """Lebeu carries ammo and no gun; Swift's Colt uses it."""
    state = _together()
    swift, lebeu = state.survivors
    lebeu.ammo, ammo = 2, swift.ammo
    act(state, "first lebeu")
    assert _choice(state) == "reorganize lebeu"
    act(state, "reorganize lebeu")
    assert _choice(state) == "give lebeu ammo swift"
    act(state, "give lebeu ammo swift")
    assert _choice(state) == "give lebeu ammo swift"
    act(state, "give lebeu ammo swift")
    assert _choice(state) == "done lebeu"
    assert (lebeu.ammo, swift.ammo) == (0, ammo + 2)


def test_nothing_is_given_that_does_not_help() -> None:
    """Each keeps his own weapon, the unhurt keep their healing: no exchange is declared for nothing."""
    state = _together()
    act(state, "first swift")
    assert _choice(state) != "reorganize swift"
    state2 = _together()
    act(state2, "first swift")
    act(state2, "reorganize swift")
    act(state2, "done swift")
    assert _choice(state2) == "done lebeu"


def test_supplies_stay_with_who_carries_them() -> None:
    """Supplies are not shared out: evenly spread, more of them are eaten at 15:00 and fewer are
    left for an adventure that asks for supplies carried out."""
    state = _together()
    swift, lebeu = state.survivors
    swift.supplies, lebeu.supplies = 3, 0
    act(state, "first swift")
    act(state, "reorganize swift")
    assert _choice(state) == "done swift"


def test_no_exchange_is_declared_with_an_enemy_on_the_tile() -> None:
    """An AP spent on a companion is an AP not spent on the fight: with an enemy on his tile he
    gives only in an exchange another declared (which costs him nothing)."""
    state = _together()
    swift, lebeu = state.survivors
    t = tile(state)
    put(state, swift, t, "a1")
    put(state, lebeu, t, "a1")
    enemy(state, "walker", t, "d4")
    swift.items.append("chainsaw")
    act(state, "first swift")
    assert _choice(state) != "reorganize swift"
