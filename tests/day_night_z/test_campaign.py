"""Growing survivors (rulebook §3.5, §3.8) and the campaign as one game: skills, allies, the leader,
the adventure played with the survivors carried in, the campaign record, the campaign book."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from deadboard.bots.base import make_bot
from deadboard.core import Setup
from deadboard.core.errors import SetupError
from deadboard.games.day_night_z.campaign import EndAdventure, ShelterDay, StartAdventure, record_of
from deadboard.games.day_night_z.campaign_content import load_campaign
from deadboard.games.day_night_z.growth import can_buy, choose_leader, leadership, sheet
from tests.day_night_z.campaign_helpers import GAME, at, campaign, texts


def test_the_content_has_24_skills_10_allies_and_a_book_of_six_adventures() -> None:
    """§1: "24 Skill cards", "10 Ally cards"; the campaign book (at least six adventures)."""
    c = load_campaign()
    assert len(c.skills) == 24 and len(c.allies) == 10 and len(c.chapters) >= 6
    assert {a.id for a in c.allies.values() if a.leadership == 1} >= {
        "teenager",
        "physiotherapist",
        "war-veteran",
    }


def test_a_skill_costs_its_survival_points_and_needs_the_lower_levels() -> None:
    """ "The cost indicates how many survival points must be spent for the survivor to buy the
    ability. The level indicates the ability rank. All the abilities of lower level must be bought
    (1) to gain access to the next level (2) and so on." """
    state = campaign(1)
    h = state.heroes[0]
    h.sp = 15
    assert can_buy(state.content, h, "marksman-1")
    assert not can_buy(state.content, h, "marksman-2")
    at(state, ShelterDay())
    assert "learn marksman-1" in texts(state) and "learn marksman-2" not in texts(state)
    GAME.apply(state, "learn marksman-1")
    assert h.sp == 12 and h.skills == ["marksman-1"]
    assert "learn marksman-2" in texts(state)
    GAME.apply(state, "learn marksman-2")
    assert h.sp == 7
    assert not can_buy(state.content, h, "marksman-3")  # 8 survival points


def test_skills_and_allies_add_their_perks_and_bonuses_to_the_survivor_sheet() -> None:
    """The grown sheet carries every perk of the survivor's skills and allies (skill_effects.py) and
    their additions to the sheet (Tough: +1 health; the dog eats 1 supply more)."""
    state = campaign(1)
    h = state.heroes[0]
    base = state.content.adventure.survivor("swift")
    h.skills = ["marksman-1", "marksman-2", "tough-1"]
    h.allies = ["war-veteran", "dog"]
    s = sheet(state, h)
    assert [p.kind for p in s.perks] == ["attack-dice", "damage", "defensive", "defence"]
    assert s.day == base.day and s.night == base.night
    assert s.health == base.health + 1 and s.supply_use == base.supply_use + 1


def test_leadership_points_come_from_allies() -> None:
    """ "Example: The Teenager, Physiotherapist and War Veteran ally cards each grant 1 leadership point
    — these 3 cards grant a total of 3 leadership points." """
    state = campaign(1)
    h = state.heroes[0]
    h.allies = ["teenager", "physiotherapist", "war-veteran"]
    assert leadership(state, h) == 3


def test_the_leader_has_the_most_leadership_points_then_the_most_survival_points() -> None:
    """ "1. The survivor with the highest leadership points when exiting the shelter to play the
    adventure. 2. The survivor with the higher survival points ..." """
    state = campaign(3)
    _a, b, c = state.heroes
    b.allies = ["teenager"]
    c.allies = ["war-veteran"]
    c.sp = 4
    b.sp = 2
    choose_leader(state, first=False)
    assert state.leader == c.seat
    c.allies = []
    choose_leader(state, first=False)
    assert state.leader == b.seat


def test_the_leader_of_a_starting_adventure_is_random() -> None:
    """ "In the case of a starting adventure, the leader is selected randomly." """
    leaders = {campaign(4, seed).leader for seed in range(12)}
    assert len(leaders) > 1


def test_the_adventure_starts_with_the_survivors_as_the_campaign_left_them() -> None:
    """Wounds, infection, stress, survival points, equipment and skills carry into the adventure; the
    leader is the campaign's."""
    state = campaign(2)
    swift, lebeu = state.heroes
    swift.health, swift.stress, swift.infection, swift.sp = 4, 3, 1, 6
    swift.items = ["shotgun", "bandage"]
    swift.skills = ["marksman-1"]
    lebeu.alive = False
    state.leader = 0
    at(state, StartAdventure())
    inner = state.inner
    assert inner is not None
    s, dead = inner.survivors
    assert (s.health, s.stress, s.infection, s.sp, s.weapon) == (4, 3, 1, 6, "shotgun")
    assert dead.dead and inner.leader == 0
    assert [p.kind for p in inner.content.survivor("swift").perks] == ["attack-dice"]


def test_a_campaign_record_continues_the_campaign() -> None:
    """A campaign is saved and continued: the record taken in the shelter starts a campaign that
    leaves for the same chapter with the same survivors, shelter and victory points."""
    state = campaign(2)
    state.vp = 3
    state.facilities["infirmary"] = "advanced"
    state.heroes[0].allies = ["dog"]
    state.heroes[1].skills = ["medic-1"]
    state.heroes[1].stress = 5
    state.chapter = 2
    state.blocked.add("pine-trail")
    record = record_of(state)
    raw = json.loads(record.dumps())
    again = GAME.new(Setup("road-to-ashford", options={"campaign": raw}, players=2), 9)
    assert again.chapter == 2 and again.vp == 3  # type: ignore[attr-defined]
    assert again.facilities["infirmary"] == "advanced"  # type: ignore[attr-defined]
    assert again.heroes[0].allies == ["dog"] and again.heroes[1].skills == ["medic-1"]  # type: ignore[attr-defined]
    assert again.heroes[1].stress == 5 and again.blocked == {"pine-trail"}  # type: ignore[attr-defined]
    assert again.decision is not None and again.decision.kind == "route"
    assert not any("pine-trail" in t for t in texts(again))  # type: ignore[arg-type]


def test_a_bad_campaign_record_is_a_clear_setup_error() -> None:
    with pytest.raises(SetupError, match="format"):
        GAME.new(Setup("road-to-ashford", options={"campaign": {"format": "nope"}}, players=1), 1)
    state = campaign(1)
    state.chapter = len(state.content.chapters)
    over = json.loads(record_of(state).dumps())
    with pytest.raises(SetupError, match="this campaign is over"):
        GAME.new(Setup("road-to-ashford", options={"campaign": over}, players=1), 1)
    two = json.loads(record_of(campaign(2)).dumps())
    with pytest.raises(SetupError, match="2 survivors for 1 players"):
        GAME.new(Setup("road-to-ashford", options={"campaign": two}, players=1), 1)


def test_the_heuristic_bot_plays_a_whole_campaign() -> None:
    """Bots play a campaign like any game: it ends, and the outcome says how far the group got, what
    victory points were spent on and how many survivors were lost."""
    state = campaign(2, seed=3)
    bots = [make_bot("heuristic", GAME, i, 40 + i) for i in range(2)]
    n = 0
    while state.decision is not None and n < 5000:
        seat = state.decision.seat
        GAME.apply(state, bots[seat].choose(GAME, GAME.view(state, seat), GAME.legal_actions(state)))
        n += 1
    out = GAME.outcome(state)
    assert out is not None
    assert out.details["chapters_played"] >= 1
    assert out.details["vp_spent"] <= out.details["vp_earned"]
    assert set(out.details) >= {"accomplished", "spent", "survivors_lost", "shelter_days"}


def test_the_adventure_hands_back_wounds_stress_infection_and_equipment() -> None:
    """What the survivors end an adventure with is what they travel home and enter the shelter with;
    the time of day it ended is kept for the travel checks (§6 TIME OF THE DAY)."""
    state = campaign(1)
    at(state, StartAdventure())
    inner = state.inner
    assert inner is not None
    s = inner.survivors[0]
    s.health, s.stress, s.infection, s.sp, s.supplies = 3, 4, 2, 9, 0
    s.items = ["colt-1911", "machete"]
    s.worn = {"head": "helmet"}
    inner.clock = replace(inner.clock, hour=23)
    at(state, EndAdventure())
    h = state.heroes[0]
    # the adventure was not accomplished: the book adds 1 stress ("Failed: each survivor gains 1 stress")
    assert (h.health, h.stress, h.infection, h.sp, h.supplies) == (3, 5, 2, 9, 0)
    assert h.items == ["colt-1911", "machete", "helmet"]
    assert state.time == "night"
