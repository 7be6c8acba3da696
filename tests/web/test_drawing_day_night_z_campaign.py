"""The Day Night Z campaign in the browser: the Travel map with the route chosen, the Shelter map as a
map of facilities, and the actions of those phases clicked on them (§6 route planning, §7 facilities)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from deadboard.core import Setup, get_game
from deadboard.core.drawing import Drawing
from deadboard.core.kernel import refresh
from deadboard.games.day_night_z.campaign_state import CampaignState
from deadboard.web import drawing

DNZ = get_game("day-night-z-campaign")
NS = "{http://www.w3.org/2000/svg}"


def at(kind: str, seed: int = 3) -> CampaignState:
    """A new campaign played (first legal action each time) to a decision of ``kind``."""
    state = DNZ.new(Setup("road-to-ashford", players=1), seed)
    for _ in range(200):
        if state.decision is not None and state.decision.kind == kind:
            assert isinstance(state, CampaignState)
            return state
        DNZ.apply(state, DNZ.legal_actions(state)[0])
    raise AssertionError(f"no {kind} decision")


def draw(state: CampaignState) -> tuple[Drawing, ET.Element]:
    assert state.decision is not None
    seat = state.decision.seat
    d = drawing.draw(DNZ, DNZ.view(state, seat), seat, DNZ.legal_actions(state))
    return d, ET.fromstring(d["svg"])


def test_the_leader_plans_the_route_by_clicking_its_paths_on_the_travel_map() -> None:
    """§6: "players will plan the route they'll follow using the Travel map"."""
    state = at("route")
    d, svg = draw(state)
    routes = [a for a in DNZ.legal_actions(state) if a.kind == "travel"]
    assert routes and not (set(d["targets"]) - {t for t in d["targets"] if t.startswith("path:")})
    for a in routes:
        for path in str(a[1]).split("+"):
            assert a.text in d["targets"]["path:" + path]
    hits = {el.get("data-target") for el in svg.iter(NS + "path") if el.get("class") == "route-hit"}
    assert hits == set(d["targets"])
    # every route is on the map, so none is left as a button below it
    assert not {a.text for a in routes} - {t for ts in d["targets"].values() for t in ts}
    assert d["labels"][routes[0].text].startswith("Travel ")  # the game's words: the places the route goes through


def test_the_route_chosen_is_drawn_wide() -> None:
    state = at("route", seed=5)
    chosen = DNZ.legal_actions(state)[0]
    DNZ.apply(state, chosen)
    assert state.inner is None, "a travel event's vote comes before the adventure"
    d = drawing.draw(DNZ, DNZ.view(state, 0), 0, [])
    widths = {
        el.findtext(NS + "title"): el.get("stroke-width")
        for el in ET.fromstring(d["svg"]).iter(NS + "path")
        if el.get("class") != "route-hit"
    }
    assert {p for p, w in widths.items() if w == "6"} == set(str(chosen[1]).split("+"))


def test_the_shelter_is_a_map_of_facilities_whose_actions_are_clicked() -> None:
    """§7: each survivor visits one facility by day and one by night. A new campaign starts with a
    basic Warehouse and Rest zone; an adventure phase event may have taken a level from one since, so
    the map is checked against the facilities the shelter has."""
    state = at("visit")
    assert state.facilities
    d, svg = draw(state)
    spaces = {el.get("data-target") for el in svg.iter(NS + "rect") if el.get("data-target")}
    assert set(state.facilities) <= spaces
    uses = [a for a in DNZ.legal_actions(state) if a.kind == "use"]
    assert uses
    for a in uses:
        assert a.text in d["targets"][str(a[1])]
    assert "Shelter map" in d["svg"] and "Travel map" in d["svg"]


def test_a_facility_is_built_on_the_first_free_space_and_the_fence_round_the_shelter() -> None:
    """§7: facilities are built and upgraded with victory points."""
    state = at("visit")
    state.vp = 60  # enough to build anything: the drawing offers what the rules allow
    refresh(state)
    d, svg = draw(state)
    legal = DNZ.legal_actions(state)
    builds = [a for a in legal if a.kind == "build" and a[1] != "fence"]
    assert builds
    free = [t for t in d["targets"] if t.startswith("space:")]
    assert len(free) == 1 and sorted(d["targets"][free[0]]) == sorted(a.text for a in builds)
    drawn = {el.get("data-target") for tag in ("rect", "path") for el in svg.iter(NS + tag)}
    assert free[0] in drawn
    fence = [a.text for a in legal if a.kind in ("build", "upgrade") and a[1] == "fence"]
    if fence:
        assert "fence" in drawn and d["targets"]["fence"] == fence
