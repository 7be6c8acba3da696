"""District-Z's CITY in the browser: cards face up, seen or never seen; moves on the cards."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from deadboard.core import Setup, get_game
from deadboard.games.district_z import svg as dz_svg
from deadboard.games.district_z.state import NO_CARD, DistrictState
from deadboard.web import drawing

DZ = get_game("district-z")
NS = "{http://www.w3.org/2000/svg}"


def started(players: int = 1, seed: int = 3) -> DistrictState:
    state = DZ.new(Setup("standard", players=players), seed)
    while state.decision is not None and state.decision.kind != "turn":
        DZ.apply(state, DZ.legal_actions(state)[0])
    assert isinstance(state, DistrictState)
    return state


def cards(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {g.get("data-target", "")[4:]: g for g in root.iter(NS + "g") if "card" in (g.get("class") or "").split()}


def test_the_city_shows_every_card_face_up_seen_or_as_a_back() -> None:
    st = started()
    drawn = cards(dz_svg.draw(DZ, st, 0, [])["svg"])
    lay = st.lay
    assert set(drawn) == {lay.names[p] for p in lay.positions() if st.card[p] != NO_CARD}
    for p in lay.positions():
        cls = set(drawn[lay.names[p]].get("class", "").split())
        if st.up[p]:
            assert cls & {"up", "objective"}
        elif st.seen[p]:
            assert "seen" in cls
        else:
            assert "back" in cls
            title = drawn[lay.names[p]].findtext(NS + "title") or ""
            assert title.endswith("face down, never seen")
            assert st.card_name(p) not in title  # a card never seen is not named


def test_a_move_is_taken_by_clicking_the_card_it_goes_to() -> None:
    st = started()
    legal = DZ.legal_actions(st)
    d = drawing.draw(DZ, DZ.view(st, 0), 0, legal)
    moves = [a for a in legal if a.kind == "move"]
    assert moves
    here = st.players[0].pos
    for a in moves:
        dest = dict(st.lay.nbr[here])[str(a.args[0])]
        assert a.text in d["targets"]["pos:" + st.lay.names[dest]]


def test_combat_and_checks_show_their_dice() -> None:
    assert dz_svg.dice({"survivor": [4, 1], "zombies": [6, 3, 6]}) == [
        {"label": "survivor", "values": [4, 1], "total": 5},
        {"label": "zombies", "values": [6, 3, 6], "total": 15},
    ]
    assert dz_svg.dice({"dice": [2, 3, 5], "total": 10, "target": 7, "success": True}) == [
        {"label": "check", "values": [2, 3, 5], "total": 10, "against": "more than 7", "success": True}
    ]


def test_every_seat_sees_the_pieces_and_its_own_marks() -> None:
    st = started(players=3)
    for seat in range(3):
        svg = drawing.draw(DZ, DZ.view(st, seat), seat, [])["svg"]
        root = ET.fromstring(svg)
        pieces = [g for g in root.iter(NS + "g") if "piece" in (g.get("class") or "").split()]
        assert len(pieces) == sum(1 for p in st.players if p.pos >= 0 and p.status in (1, 2))


def test_a_lone_survivor_who_dies_is_shown_dead_and_the_combat_over() -> None:
    from deadboard.games.district_z import render
    from deadboard.sim.play import play_game

    for seed in range(40):
        st = play_game(DZ, Setup("standard"), seed, "random").state
        assert isinstance(st, DistrictState)
        if st.reason == "died":
            break
    else:
        raise AssertionError("no death in 40 random games")
    p = st.players[0]
    assert st.status_text(p) == "dead" and not st.on_board(p) and not st.in_combat()
    d = dz_svg.draw(DZ, st, 0, [])
    assert "dead" in str(d["panels"]) and "Combat:" not in str(d["panels"])
    root = ET.fromstring(d["svg"])
    assert not [g for g in root.iter(NS + "g") if "piece" in (g.get("class") or "").split()]
    from rich.console import Console

    con = Console(width=120, record=True, color_system=None)
    con.print(render.render(DZ, st, 0))
    text = con.export_text()
    assert "│ dead" in text and "combat:" not in text


def test_a_cards_face_shows_a_check_without_its_outcomes_and_fits_a_long_name() -> None:
    st = started()
    loc = next(i for i, lc in enumerate(st.c.locations) if lc.name == "Subway Entrance")
    pos = next(p for p in st.lay.positions() if p != st.players[0].pos and st.card[p] != NO_CARD)
    st.card[pos] = loc
    st.up[pos] = True
    card = cards(dz_svg.draw(DZ, st, 0, [])["svg"])[st.lay.names[pos]]
    texts = {t.text: t for t in card.iter(NS + "text")}
    assert "5: AGILITY check 7" in texts and not any("{" in (t or "") for t in texts)  # the rulebook's words
    assert not any(re.search(r"\b[a-z]+-[a-z]+\b", t) for t in texts if t and t[:1].isdigit())  # no item id
    name = texts["Subway Entrance"]  # on one line, squeezed to the card's width where it would not fit
    assert name.get("textLength") or len("Subway Entrance") * 7.6 <= dz_svg.CW - 16


def test_the_whole_city_fits_a_1280_by_800_window_and_each_move_is_highlighted() -> None:
    st = started(players=2)
    legal = DZ.legal_actions(st)
    d = drawing.draw(DZ, DZ.view(st, st.decision.seat if st.decision else 0), st.decision.seat if st.decision else 0, legal)
    root = ET.fromstring(d["svg"])
    _, _, w, h = (float(v) for v in root.get("viewBox", "").split())
    # the board's frame is about 850 px wide and 690 px tall at 1280x800 (the style sheet keeps the
    # CITY no taller than the window): the 6x5 CITY is drawn wider than tall, its cards still legible
    assert h / w <= 0.9 and 850 * h / w >= 600
    highlights = {el.get("data-target") for el in root.iter(NS + "rect") if el.get("class") == "sq"}
    moves = {t for t in d["targets"] if t.startswith("pos:")}
    assert moves and moves <= highlights
