"""Zombie Dawn in the browser: the islands, the zone slots while the map is laid out, your cards,
and nothing of another seat's hand or missions."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from deadboard.core import Rng, Setup, get_game
from deadboard.games.zombie_dawn import svg as zd_svg
from deadboard.games.zombie_dawn.state import DawnState
from deadboard.games.zombie_dawn.svg_placing import place_sentence
from deadboard.web import drawing

ZD = get_game("zombie-dawn")
NS = "{http://www.w3.org/2000/svg}"


def playing(players: int = 2, seed: int = 4) -> DawnState:
    """A game past its setup, at a turn decision."""
    state = ZD.new(Setup("standard", players=players), seed)
    rng = Rng(seed)
    while state.decision is not None and state.decision.kind != "turn":
        legal = ZD.legal_actions(state)
        ZD.apply(state, legal[rng.below(len(legal))])
    assert isinstance(state, DawnState)
    return state


def test_the_zone_slots_are_clicked_to_lay_out_the_map() -> None:
    state = ZD.new(Setup("standard", players=2), 3)
    assert state.decision is not None and state.decision.kind == "zone"
    legal = ZD.legal_actions(state)
    d = drawing.draw(ZD, ZD.view(state, state.decision.seat), state.decision.seat, legal)
    drawn = {el.get("data-target") for el in ET.fromstring(d["svg"]).iter(NS + "rect") if el.get("data-target")}
    slots = {t for t in drawn if t.startswith("slot:")}
    zones = {t for t in drawn if t.startswith("zone:")}
    assert slots and zones and slots | zones == set(d["targets"])
    # every placement once at its slot, and once at its zone drawn turned as it would lie
    for kind in (slots, zones):
        assert sorted(t for k in kind for t in d["targets"][k]) == sorted(a.text for a in legal)
    assert "slot:the slot 1 N" in slots and "zone:Cornfields, turned 90°" in zones
    place = next(a for a in legal if a.text == "place cornfields 0 -1 90")
    assert place_sentence(state, place) == "Place Cornfields at the slot 1 N, turned 90°"


def test_moves_searches_and_cards_are_on_the_board() -> None:
    state = playing()
    seat = state.active
    legal = ZD.legal_actions(state)
    d = drawing.draw(ZD, ZD.view(state, seat), seat, legal)
    targeted = {t for ts in d["targets"].values() for t in ts}
    for a in legal:
        if a.kind == "move":
            assert a.text in d["targets"]["sq:" + str(a.args[1])]
        if a.kind in ("play", "discard"):
            assert a.text in d["targets"]["card:" + str(a.args[0])]
    assert targeted <= {a.text for a in legal}


def test_a_seat_is_drawn_nothing_of_another_seats_hand_or_missions() -> None:
    state = playing()
    view = ZD.view(state, 0)
    assert isinstance(view, DawnState)
    base = zd_svg.draw(ZD, view, 0, [])
    other = view.clone()
    g = other.groups[1]
    # put other cards of the same number into the other seat's hand and missions
    pool = [k for k in range(len(other.c.action_recs)) if k not in g.hand][: len(g.hand)]
    g.hand = list(reversed(pool))
    g.missions = [m for m in range(len(other.c.missions)) if m not in g.missions][: len(g.missions)]
    changed = zd_svg.draw(ZD, other, 0, [])
    assert changed["svg"] == base["svg"] and changed["panels"] == base["panels"]


def test_your_hand_and_missions_are_cards() -> None:
    state = playing()
    d = zd_svg.draw(ZD, state, 0, [])
    cards = {el.get("data-target") for el in ET.fromstring(d["svg"]).iter(NS + "g") if el.get("class") == "card"}
    c = state.c
    assert {"card:" + c.action_recs[k].id for k in state.groups[0].hand} <= cards
    assert {"mission:" + c.missions[m].id for m in state.groups[0].missions} <= cards


def test_attack_dice_show_each_side_with_the_number_they_need() -> None:
    fight = {"rolls": [2, 5, 6], "need": 5, "hits": 2, "zombie_rolls": [4, 6], "zombie_need": 6, "zombie_hits": 1}
    assert zd_svg.dice(fight) == [
        {"label": "group", "values": [2, 5, 6], "need": 5, "result": "2 hits"},
        {"label": "zombies", "values": [4, 6], "need": 6, "result": "1 hit"},
    ]
    assert zd_svg.dice({"roll": 4, "modifier": 1, "total": 5, "success": True}) == [
        {"label": "", "values": [4], "total": 5, "success": True}
    ]
    assert zd_svg.dice({"card": "horde", "dice": 4}) == []  # a count of zombie dice, not a roll


def test_a_zone_to_lay_is_drawn_at_every_open_slot_when_pointed_at() -> None:
    state = ZD.new(Setup("standard", players=2), 3)
    assert state.decision is not None
    seat = state.decision.seat
    legal = ZD.legal_actions(state)
    root = ET.fromstring(drawing.draw(ZD, ZD.view(state, seat), seat, legal)["svg"])
    previews = [u for u in root.iter(NS + "use") if "zone-preview" in (u.get("class") or "").split()]
    drawn = {g.get("id") for g in root.iter(NS + "g")}
    assert all(u.get("href", "")[1:] in drawn for u in previews)
    # one faded drawing per zone, rotation and open slot: as many as there are placements
    assert len(previews) == len([a for a in legal if a.kind == "place"])
    style = "".join(s.text or "" for s in root.iter(NS + "style"))
    assert ".zone-preview{display:none" in style and ":hover~.zp-0-0{display:inline}" in style
