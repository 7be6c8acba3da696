"""Rulebook §6, the Travel Phase."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from deadboard.core.errors import ContentError
from deadboard.games.day_night_z.campaign import StartAdventure
from deadboard.games.day_night_z.campaign_content import load_campaign
from deadboard.games.day_night_z.content import PACKAGE_DIR
from deadboard.games.day_night_z.travel import PlanRoute, routes
from tests.day_night_z.campaign_helpers import GAME, at, campaign, log_kinds, script, texts


def test_a_new_adventure_starts_with_the_route_from_the_shelter_to_its_city() -> None:
    """ "before they start a new adventure, they'll have to travel from the shelter to the city where
    it will take place" — the first decision of a campaign is the leader's route to Saint-Maur."""
    state = campaign()
    assert state.decision is not None and state.decision.kind == "route"
    assert state.decision.seat == state.leader
    assert "travel meadow-road+river-road" in texts(state)
    assert all(t.startswith("travel ") for t in texts(state))


def test_route_planning_leaves_out_blocked_ways() -> None:
    """ "players will plan the route ... taking into account ... possible ways blocked by events"."""
    state = campaign()
    state.blocked.add("river-road")
    at(state, PlanRoute(state.leader, "shelter", "saint-maur"))
    assert not any("river-road" in t for t in texts(state))
    assert "travel meadow-road+mill-track" in texts(state)


def test_known_path_draws_a_travel_event_at_every_yellow_icon() -> None:
    """ "If they decide to use the known path, players will have to stop at every yellow colored
    terrain icon, draw a Travel event card, check the section with the same icon and resolve the
    corresponding event." Meadow road (plain, plain) and river road (plain, wood): four events."""
    state = campaign()
    state.deck = ["quiet-road"] * 4
    GAME.apply(state, "travel meadow-road+river-road")
    events = log_kinds(state, "event")
    assert [e.split(":")[0] for e in events] == [
        "Quiet Road (plain)",
        "Quiet Road (plain)",
        "Quiet Road (plain)",
        "Quiet Road (wood)",
    ]


def test_unknown_path_rolls_the_multiplier_and_draws_one_card_per_skull() -> None:
    """ "If they decide to use the unknown path, players will have to stop at every red colored
    terrain icon and roll as many dice as the terrain icon multiplier: for every skull result,
    players will draw a Travel event card." Pine trail (wood x2) shows a skull and a star: one card;
    the mill track (wood x1) shows a skull with the noise icon: one more."""
    state = campaign()
    state.deck = ["quiet-road"] * 2
    script(state, "skull", "green", "skull-noise")
    GAME.apply_unchecked(state, GAME.legal_actions(state)[texts(state).index("travel pine-trail+mill-track")])
    assert len(log_kinds(state, "event")) == 2
    assert state.rng.remaining["dnz"] == 0  # type: ignore[attr-defined]


def test_the_group_travels_together_and_each_event_affects_everyone() -> None:
    """ "Survivors travel together, not individually, so the event cards affect the whole group." A
    storm in the open: every survivor gains 1 stress."""
    state = campaign()
    state.deck = ["quiet-road", "quiet-road", "quiet-road", "storm"]  # drawn from the end: the storm first
    GAME.apply(state, "travel meadow-road+river-road")  # at a plain icon
    assert [h.stress for h in state.heroes] == [1, 1]


def test_checks_use_the_values_of_the_time_of_day_the_adventure_ended() -> None:
    """ "use the values of the time of the day in which the adventure concluded (day or night)." The
    adventure ended by night: on a rockslide in the wood each survivor checks Agility with his white
    value (Kevin Swift 1, Marie Lebeu 2), three dice in all."""
    state = campaign()
    state.time = "night"
    state.deck = [
        "rockslide",
        "quiet-road",
        "quiet-road",
        "quiet-road",
    ]  # drawn from the end: the wood icon last
    hp = [h.health for h in state.heroes]
    script(state, "red", "skull", "skull")
    GAME.apply(state, "travel meadow-road+river-road")
    checks = [e for e in state.log if e.kind == "check"]
    assert [c.data["dice"] for c in checks if c.data] == [1, 2]
    swift, lebeu = state.heroes
    assert swift.id == "swift" and lebeu.health == hp[1] - 1 and swift.health == hp[0] - 1


def test_an_event_can_block_the_way_for_later_travel() -> None:
    """Ways "blocked by events": a landslide on the plain blocks the path being travelled; the way
    back avoids it."""
    state = campaign()
    state.deck = ["quiet-road", "quiet-road", "quiet-road", "rockslide"]  # the plain section blocks
    GAME.apply(state, "travel meadow-road+river-road")
    assert state.blocked == {"meadow-road"}
    assert all(
        "meadow-road" not in "+".join(r)
        for r in routes(state.content, "saint-maur", "shelter", state.blocked)
    )


def test_after_every_icon_the_travel_phase_ends_and_the_adventure_begins() -> None:
    """ "After travelling through all the Travel icons, the Travel phase ends" — on the way out, the
    adventure starts."""
    state = campaign()
    state.deck = ["quiet-road"] * 4
    GAME.apply(state, "travel meadow-road+river-road")
    assert state.phase == "adventure" and state.inner is not None
    assert state.decision is not None and state.decision.kind == "adventure"
    assert state.inner.adventure.id == "medicine"


def test_the_route_is_a_chain_of_terrain_icons_between_shelter_and_city() -> None:
    """NOTE: "The terrain icons between points 3 and 2 (before the adventure starts) or between points
    2 and 3 (at the end of the adventure) set up a TRAVEL ROUTE": routes run both ways."""
    state = campaign()
    out = routes(state.content, "shelter", "greyhaven", set())
    back = routes(state.content, "greyhaven", "shelter", set())
    assert sorted(tuple(reversed(r)) for r in back) == sorted(out)
    assert at(state, StartAdventure()).inner is not None


def test_example_of_the_travel_map_plain_icons_yellow_known_red_unknown() -> None:
    """§6 Example: "(1) Travel map. (2) City. (3) Shelter. (4) Type of terrain (plain): yellow = known
    path, red = unknown path." From Greyhaven (2) to the Shelter (3) by the bog path (unknown: wood x2,
    plain x1) and the meadow road (known: plain, plain): the red plain icon rolls one die (a skull:
    one card), the red wood icon two (no skull), each yellow plain icon draws a card."""
    state = campaign()
    state.deck = ["quiet-road"] * 3
    at(state, PlanRoute(state.leader, "greyhaven", "shelter"))
    assert "travel bog-path+meadow-road" in texts(state)
    script(state, "green", "gold", "skull")
    GAME.apply(state, "travel bog-path+meadow-road")
    events = [e.split(":")[0] for e in log_kinds(state, "event")]
    assert events == ["Quiet Road (plain)", "Quiet Road (plain)", "Quiet Road (plain)"]
    rolls = [e for e in log_kinds(state, "travel") if e.startswith("The survivors take the unknown path")]
    assert rolls == [
        "The survivors take the unknown path along the Bog Path: 2 wood dice — green star, gold star: no event",
        "The survivors take the unknown path along the Bog Path: 1 plain die — skull: 1 event",
    ]


def test_a_chapters_special_rules_close_paths_to_its_journeys() -> None:
    """ "players will plan the route they'll follow using the Travel map. For this, they must take
    into account the destination (shelter or city), the type of terrain they'll travel through,
    possible ways blocked by events, special rules, etc." The Quarantine Ward's special rules close the
    High road, out and back."""
    state = campaign()
    quarantine = next(c for c in state.content.chapters if c.id == "quarantine")
    assert quarantine.closed == ("high-road",)
    at(state, PlanRoute(state.leader, "shelter", "greyhaven", quarantine.closed))
    assert texts(state) and not any("high-road" in t for t in texts(state))
    at(state, PlanRoute(state.leader, "shelter", "greyhaven"))
    assert any("high-road" in t for t in texts(state))


def test_closed_paths_are_not_lifted_with_the_blocks() -> None:
    """When every way is blocked the blocks are lifted (rulings), but a chapter's closed paths stay
    closed."""
    state = campaign()
    state.blocked = {"bog-path", "cliff-walk"}
    at(state, PlanRoute(state.leader, "shelter", "greyhaven", ("high-road",)))
    found = texts(state)
    assert found and not any("high-road" in t for t in found)
    GAME.apply(state, found[0])
    assert not state.blocked


def test_a_book_whose_closed_paths_cut_a_city_off_is_a_content_error(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(PACKAGE_DIR / "content", pack)
    book = pack / "campaign_book.toml"
    closed = 'closed = ["high-road", "bog-path", "cliff-walk"]'
    book.write_text(book.read_text().replace('closed = ["high-road"]', closed, 1))
    with pytest.raises(ContentError, match="chapter quarantine: its closed paths cut the city off"):
        load_campaign(str(pack))


def test_the_quarantine_wards_closed_road_holds_on_the_way_out_and_back() -> None:
    """The chapter's special rules hold for both journeys: setting out for Greyhaven and coming home
    after the Quarantine Ward; the Travel map draws the closed road dotted."""
    from deadboard.games.day_night_z.campaign import EndAdventure, StartChapter
    from deadboard.games.day_night_z.campaign_svg import closed_now

    state = campaign(1)
    state.chapter = next(i for i, c in enumerate(state.content.chapters) if c.id == "quarantine")
    at(state, StartChapter())
    assert state.decision is not None and state.decision.kind == "route"
    assert texts(state) and not any("high-road" in t for t in texts(state))
    assert closed_now(state) == {"high-road"}
    at(state, StartAdventure())
    at(state, EndAdventure())
    while state.decision is not None and state.decision.kind != "route":
        GAME.apply(state, texts(state)[0])
    assert state.phase == "travel-back" and closed_now(state) == {"high-road"}
    assert texts(state) and not any("high-road" in t for t in texts(state))
