"""Health cards outside the adventure (rulebook §4.1, §3.3, §3.7): "In order to use this kind of card,
the survivor only has to declare his intention. Occasionally, the use will be conditioned by an
attribute check (example: first aid kit)"; "survivors can heal using vaccines, staying in the
shelter, etc." — in the shelter and at the stops of the road."""

from __future__ import annotations

from deadboard.games.day_night_z.campaign import ShelterDay
from deadboard.games.day_night_z.campaign_content import load_campaign
from deadboard.games.day_night_z.growth import sheet
from deadboard.games.day_night_z.travel import TravelIcon
from tests.day_night_z.campaign_helpers import GAME, at, campaign, log_kinds, script, texts


def test_a_health_card_is_used_in_the_shelter_without_taking_the_visit() -> None:
    """A bandage in the shelter: declared in the survivor's visit, it heals and he still visits a
    facility (a free action, §4)."""
    state = campaign(1)
    h = state.heroes[0]
    h.health = 4
    h.items.append("bandage")
    at(state, ShelterDay())
    assert "use-card bandage" in texts(state)
    GAME.apply(state, "use-card bandage")
    assert h.health == 5 and "bandage" not in h.items
    assert state.decision is not None and state.decision.kind == "visit"
    assert "use rest-zone rest" in texts(state)


def test_a_card_that_would_do_nothing_is_not_offered() -> None:
    """A vaccine for a survivor who is not infected, a bandage for one unhurt: nothing to declare."""
    state = campaign(1)
    h = state.heroes[0]
    h.items += ["vaccine", "bandage", "colt-1911"]
    at(state, ShelterDay())
    assert not any(t.startswith("use-card") for t in texts(state))


def test_the_first_aid_kit_asks_its_check_with_the_values_of_the_time_of_day() -> None:
    """ "the use will be conditioned by an attribute check (example: first aid kit)" — by night in the
    shelter, the white First aid value; a failure spends the card for nothing."""
    state = campaign(1)
    h = state.heroes[0]
    h.health, h.sp = 3, 0
    h.items.append("first-aid-kit")
    at(state, ShelterDay())
    GAME.apply(state, "idle")  # the day visit
    night = sheet(state, h).night.first_aid
    script(state, *["skull"] * night)
    GAME.apply(state, "use-card first-aid-kit")
    check = [e.data for e in state.log if e.kind == "check"][-1]
    assert check is not None and check["dice"] == max(1, night) and not check["success"]
    assert h.health == 3 and "first-aid-kit" not in h.items


def test_the_vaccine_cures_at_a_stop_of_the_road() -> None:
    """§3.5's example: "Swift tries to heal her level 2 infection with a vaccine. The card indicates
    that she must make a FIRST AID test. She obtains 2 successes: in addition to curing her level of
    infection, Swift earns 1 survival point." On the road, at the stop of a terrain icon once its
    event is resolved."""
    state = campaign(1)
    h = state.heroes[0]
    h.infection, h.sp = 2, 0
    h.items.append("vaccine")
    path = next(p for p in load_campaign().paths.values() if not p.known)
    script(state, *["green"] * path.icons[0][1])  # no skull: no event at this icon
    at(state, TravelIcon(path.id, 0))
    assert state.decision is not None and state.decision.kind == "tend"
    assert texts(state) == ["go-on", "use-card vaccine"]
    script(state, "green", "gold")
    GAME.apply(state, "use-card vaccine")
    assert h.infection == 1 and h.sp == 1 and not log_kinds(state, "event")
    assert state.decision is None


def test_a_survival_point_may_be_spent_on_a_cards_check_outside_the_adventure() -> None:
    """§3.5: "The survivors may try to improve the success chance of any roll (attack, attribute
    check, etc.) by spending survival points ... It must be decided before rolling. You can spend a
    maximum of 1 survival point." Its own example is a card's check (the vaccine's FIRST AID test):
    in the shelter the survivor is asked before the first aid kit's check is rolled, and the point
    adds a die."""
    state = campaign(1)
    h = state.heroes[0]
    h.health, h.sp = 3, 2
    h.items.append("first-aid-kit")
    at(state, ShelterDay())
    GAME.apply(state, "idle")  # the day visit
    GAME.apply(state, "use-card first-aid-kit")
    assert state.decision is not None and state.decision.kind == "spend"
    assert texts(state) == ["spend no", "spend yes"]
    night = sheet(state, h).night.first_aid
    script(state, *["skull"] * (night + 1))
    GAME.apply(state, "spend yes")
    check = [e.data for e in state.log if e.kind == "check"][-1]
    assert check is not None and check["dice"] == max(1, night + 1) and not check["success"]
    assert h.sp == 1 and h.health == 3
    assert state.decision is not None and state.decision.kind == "visit"  # his night visit goes on


def test_food_ammo_boxes_and_batteries_fill_the_counters_in_the_shelter() -> None:
    """§4.1: consumables are used by declaring the intention; §4.2: "Each survivor has an indicator of
    supplies, ammo and battery" — in the shelter a food card, an ammo box or batteries become the
    counters the survivor carries to the next adventure (and to the feeding check); on the road only
    the health cards are offered (nothing there is fed on the counters)."""
    state = campaign(1)
    h = state.heroes[0]
    h.sp = 0
    h.items += ["canned-food", "ammo-box", "batteries"]
    supplies, ammo, battery = h.supplies, h.ammo, h.battery
    at(state, ShelterDay())
    for card in ("canned-food", "ammo-box", "batteries"):
        assert f"use-card {card}" in texts(state)
        GAME.apply(state, f"use-card {card}")
    assert (h.supplies, h.ammo, h.battery) == (supplies + 2, ammo + 3, battery + 2)
    assert not {"canned-food", "ammo-box", "batteries"} & set(h.items)
    assert state.decision is not None and state.decision.kind == "visit"  # the visit itself is still his
