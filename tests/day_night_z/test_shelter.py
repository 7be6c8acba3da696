"""Rulebook §7, the Shelter Phase: days, facilities, victory points, shelter events, feeding."""

from __future__ import annotations

from dataclasses import replace

from deadboard.core import Setup
from deadboard.games.day_night_z import facilities as F
from deadboard.games.day_night_z.campaign import EndAdventure, ShelterDay, StartAdventure
from deadboard.games.day_night_z.campaign_content import CampaignEffect
from deadboard.games.day_night_z.campaign_state import CampaignState
from deadboard.games.day_night_z.effects import Resolve
from deadboard.games.day_night_z.shelter import MOST_DAYS_OVER, Feeding, ShelterEvent
from tests.day_night_z.campaign_helpers import GAME, at, campaign, log_kinds, script, texts


def shelter(players: int = 2) -> CampaignState:
    state = campaign(players)
    return at(state, ShelterDay())


def test_a_new_campaign_has_a_basic_warehouse_and_rest_zone() -> None:
    """ "At the beginning of a campaign, the shelter only has 2 basic facilities: Warehouse and Rest
    zone." """
    state = campaign()
    assert state.facilities == {"warehouse": "basic", "rest-zone": "basic"}
    assert state.fence == "" and state.vp == 0


def test_each_survivor_visits_one_facility_by_day_then_by_night_in_turn() -> None:
    """ "Each survivor visits one facility by day (if he wishes) and will make a single action among
    those allowed in that facility. The next survivor will do the same ... Each survivor visits one
    facility by night". Then the event, the feeding check, and the leader's call to stay or leave."""
    state = shelter()
    seen = []
    while state.decision is not None and state.decision.kind == "visit":
        step = state.steps[-1]
        seen.append((step.who, step.time))  # type: ignore[attr-defined]
        GAME.apply(state, "use rest-zone rest")
    lead = state.leader_hero()
    assert lead is not None
    other = next(h.id for h in state.heroes if h.id != lead.id)
    assert seen == [(lead.id, "day"), (other, "day"), (lead.id, "night"), (other, "night")]
    assert len(log_kinds(state, "event")) == 1
    assert len(log_kinds(state, "feed")) == 2
    assert state.decision is not None and state.decision.kind == "depart"


def test_a_survivor_may_visit_no_facility_and_still_faces_the_event_and_feeding() -> None:
    """ "If any survivor doesn't want to visit any facility, he will still face the daily shelter event
    and the feeding check." """
    state = shelter(1)
    assert "idle" in texts(state)
    GAME.apply(state, "idle")
    GAME.apply(state, "idle")
    assert len(log_kinds(state, "event")) == 1 and len(log_kinds(state, "feed")) == 1


def test_only_the_actions_of_built_facilities_are_offered() -> None:
    """ "Each card indicates what actions can be performed in that facility" — at the start, only the
    basic Warehouse's and Rest zone's."""
    state = shelter(1)
    uses = {t for t in texts(state) if t.startswith("use ")}
    assert uses == {"use warehouse store", "use warehouse take", "use rest-zone rest"}


def test_the_shelter_event_is_rolled_once_for_the_group() -> None:
    """ "Survivors will face a Shelter event as a group (not individually). To know what happens that
    day in the shelter, roll once in the Shelter events table." A zombie attack: each survivor checks
    Hand to hand."""
    state = campaign()
    script(state, "skull", "skull", "skull", "skull", "skull", "skull")
    hp = [h.health for h in state.heroes]
    at(state, ShelterEvent())
    assert log_kinds(state, "event")[0].startswith("The shelter events: the die shows skull — Zombie attack")
    assert [h.health for h in state.heroes] == [x - 2 for x in hp]
    assert [h.stress for h in state.heroes] == [1, 1]


def test_the_perimeter_fence_softens_the_events_from_outside() -> None:
    """The perimeter fence (§7) — its effect authored: with an advanced fence a zombie attack only
    stresses."""
    state = campaign()
    state.fence = "advanced"
    script(state, "skull")
    hp = [h.health for h in state.heroes]
    at(state, ShelterEvent())
    assert [h.health for h in state.heroes] == hp and [h.stress for h in state.heroes] == [1, 1]


def test_the_feeding_check_spends_supplies_and_hunger_hurts() -> None:
    """ "Each survivor makes a feeding check": as at 03:00 PM, "must spend as many supplies as
    indicated in their survivor sheet. The survivor loses 1 health point per supply point not
    satisfied. NOTE: Each consumed supply this way grants 1 Health point." The warehouse feeds whoever
    has none."""
    state = campaign()
    swift, lebeu = state.heroes
    swift.supplies, lebeu.supplies = 0, 0
    swift.health, lebeu.health = 5, 5
    state.store = 1
    at(state, Feeding())
    fed = {h.id: h.health for h in state.heroes}
    assert state.store == 0
    assert sorted(fed.values()) == [4, 6]


def test_the_leader_keeps_the_time_and_the_group_leaves_together() -> None:
    """ "All the survivors exit the shelter at the same time"; "The leading player must track the time
    that the survivors spend in the shelter." The leader stays or leaves; past the book's days and
    the most days over, only leaving is offered."""
    state = shelter(1)
    for _ in range(2):
        GAME.apply(state, "idle")
    assert state.decision is not None and state.decision.kind == "depart"
    assert texts(state) == ["leave", "stay"]
    chapter = state.content.chapters[state.chapter]
    state.days = chapter.days + MOST_DAYS_OVER
    at(state, *reversed(state.steps))
    assert texts(state) == ["leave"]


def test_without_the_overstay_option_a_long_stay_rolls_the_daily_table() -> None:
    """ "The leading player must track the time that the survivors spend in the shelter" — the rulebook
    gives the time no effect of its own; by default a day beyond the book's allowance is a day like
    any other."""
    state = campaign()
    state.days = state.content.chapters[0].days + 1
    script(state, *["skull"] * 12)
    at(state, ShelterEvent())
    assert log_kinds(state, "event")[0].startswith("The shelter events: the die shows skull — Zombie attack")


def test_with_the_overstay_option_a_day_past_the_allowance_rolls_the_overstay_table() -> None:
    """The ``overstay`` option (authored, see the rulings): a day beyond the days the next adventure
    allows rolls on the overstay events instead."""
    state = GAME.new(Setup("road-to-ashford", options={"overstay": True}, players=2), 1)
    assert isinstance(state, CampaignState)
    state.days = state.content.chapters[0].days + 1
    script(state, "skull")
    at(state, ShelterEvent())
    assert log_kinds(state, "event")[0].startswith("The overstay events: the die shows skull — The horde grows")


def _end_after(state: CampaignState, hours: int) -> None:
    at(state, StartAdventure())
    inner = state.inner
    assert inner is not None
    inner.clock = replace(inner.clock, hour=inner.adventure.start + hours)
    at(state, EndAdventure())


def test_an_adventure_beyond_its_maximum_duration_draws_an_adventure_phase_event() -> None:
    """ "Adventure phase events: They take place in the shelter when the maximum duration for an
    adventure is exceeded (see CAMPAIGN BOOK). They take place while the survivors play their
    adventures in the city." Empty Shelves allows 10 hours: ending after 11, the dead batter the
    empty shelter and its one facility, an advanced Infirmary, becomes basic; the survivors are not
    touched."""
    state = campaign(1)
    state.chapter = 1
    state.facilities = {"infirmary": "advanced"}
    hp = state.heroes[0].health
    script(state, "skull", seed=0)
    _end_after(state, 11)
    events = log_kinds(state, "event")
    assert events[0].startswith("The adventure phase events: the die shows skull — The dead at the gate")
    assert state.facilities == {"infirmary": "basic"}
    assert state.heroes[0].health == hp


def test_an_adventure_within_its_maximum_duration_spares_the_shelter() -> None:
    state = campaign(1)
    state.chapter = 1
    script(state, seed=0)
    _end_after(state, 10)
    assert not any(t.startswith("the adventure phase events") for t in log_kinds(state, "event"))


def test_the_fence_takes_the_blow_of_an_adventure_phase_event() -> None:
    """The fence softens the events from outside (its lines, as for the daily events): an advanced
    fence is damaged to basic instead of a facility being lost; an advanced facility wrecked becomes
    basic and the warehouse keeps only what its basic level holds."""
    state = campaign(1)
    state.fence = "advanced"
    at(state, Resolve(state.content.event("skull", "adventure").fence_advanced or (), "", "day"))
    assert state.fence == "basic" and state.facilities == {"warehouse": "basic", "rest-zone": "basic"}
    state.facilities["warehouse"] = "advanced"
    state.store = 12
    at(state, Resolve((CampaignEffect(kind="wreck", facility="warehouse"),), "", "day"))
    assert state.facilities["warehouse"] == "basic" and state.store == 8


def test_an_accomplished_adventure_earns_4_vp_less_1_per_dead_survivor() -> None:
    """ "When the adventure is accomplished, the survivors, as a group, earn 4 VP. Subtract 1 VP for
    every dead survivor." """
    state = campaign()
    at(state, StartAdventure())
    assert state.inner is not None
    state.inner.won = True
    state.inner.survivors[1].dead = True
    at(state, EndAdventure())
    assert state.vp == 3 and state.vp_earned == 3
    assert not state.heroes[1].alive


def test_a_failed_adventure_earns_no_vp() -> None:
    state = campaign(1)
    at(state, StartAdventure())
    assert state.inner is not None
    at(state, EndAdventure())
    assert state.vp == 0 and state.results == [("medicine", "failed")]


def test_victory_points_are_spent_by_each_survivor_in_his_turn() -> None:
    """ "Even though the victory points are earned as a group, their spending ... is individual, i.e.,
    each survivor can decide if he wants to spend it or not during his turn." "You can build new
    facilities and upgrade the ones already existing spending victory points." Building leaves the
    survivor's visit to make."""
    state = shelter()
    state.vp = 5
    at(state, *reversed(state.steps))
    who = state.steps[-1].who  # type: ignore[attr-defined]
    assert "build infirmary" in texts(state) and "upgrade warehouse" in texts(state)
    GAME.apply(state, "build infirmary")
    assert state.vp == 3 and state.facilities["infirmary"] == "basic"
    assert state.steps[-1].who == who  # type: ignore[attr-defined]
    assert "use infirmary treat" in texts(state)
    assert "upgrade warehouse" in texts(state)
    GAME.apply(state, "upgrade warehouse")
    assert state.vp == 0 and state.spent == {"build infirmary": 2, "upgrade warehouse": 3}
    assert "use warehouse armoury" not in texts(state)  # a special action costs 1 VP


def test_a_shelter_has_at_most_six_facilities_and_a_fence() -> None:
    """ "A shelter has a maximum of 6 facilities (Rest zone, Warehouse, Workshop, Infirmary, Training
    zone, Supply zone) and a perimeter fence." Every facility built takes a space of the map."""
    state = shelter(1)
    state.vp = 100
    at(state, *reversed(state.steps))
    for f in ("workshop", "infirmary", "training-zone", "supply-zone", "fence"):
        GAME.apply(state, f"build {f}")
    assert not any(t.startswith("build ") for t in texts(state))
    assert sorted(state.spaces.values()) == ["s1", "s2", "s3", "s4", "s5", "s6"]


def test_advanced_facilities_grant_better_actions() -> None:
    """ "Every facility has 2 levels: basic and advanced. The advanced level grants better bonuses to
    the actions performed by the survivors there." """
    state = shelter(1)
    h = state.heroes[0]
    h.stress = 6
    GAME.apply(state, "use rest-zone rest")
    assert h.stress == 4
    state.facilities["rest-zone"] = "advanced"
    at(state, *reversed(state.steps))
    GAME.apply(state, "use rest-zone rest")
    assert "Kevin Swift relaxes (−3 stress)" in log_kinds(state, "effect")


def test_facility_checks_by_night_use_the_night_values() -> None:
    """The night visit's checks use the white values (§3.1): Swift's Perception 1 by night."""
    state = shelter(1)
    state.facilities["supply-zone"] = "basic"
    GAME.apply(state, "idle")
    assert state.steps[-1].time == "night"  # type: ignore[attr-defined]
    script(state, "red", "green")
    at(state, *reversed(state.steps))
    GAME.apply(state, "use supply-zone forage")
    check = next(e for e in state.log if e.kind == "check")
    assert check.data is not None and check.data["dice"] == 1 and F.Use("x", "y").kind == "use"
