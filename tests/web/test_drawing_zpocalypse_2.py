"""Zpocalypse 2's house in the browser: drawn as a house, with coordinates on both floors, every space
an action names highlighted and saying what clicking does, the moving squad's reach, the pieces
with their HP and a legend whose every line fits."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from deadboard.core import Rng, get_game
from deadboard.games.zpocalypse_2 import svg as zp_svg
from deadboard.games.zpocalypse_2.state import ZState
from deadboard.web import drawing

ZP = get_game("zpocalypse-2")
NS = "{http://www.w3.org/2000/svg}"


def moving(seed: int = 5) -> ZState:
    """A night where the deciding squad may move."""
    state = ZP.new(ZP.normalize_setup(ZP.default_setup()), seed)
    rng = Rng(seed)
    while state.decision is not None:
        legal = ZP.legal_actions(state)
        if any(a.kind == "move" for a in legal):
            assert isinstance(state, ZState)
            return state
        ZP.apply(state, legal[rng.below(len(legal))])
    raise AssertionError("no move in the game")


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(NS + "text")]


def test_every_space_an_action_names_is_highlighted_with_what_clicking_does() -> None:
    st = moving()
    seat = st.decision.seat if st.decision else 0
    legal = ZP.legal_actions(st)
    d = drawing.draw(ZP, ZP.view(st, seat), seat, legal)
    root = ET.fromstring(d["svg"])
    shapes = {el.get("data-target"): el for el in root.iter(NS + "rect") if el.get("class") == "sq"}
    assert set(d["targets"]) == set(shapes)
    for a in legal:
        if a.kind in ("move", "start", "attack"):
            assert any(a.text in v for v in d["targets"].values()), a.text
    for target, actions in d["targets"].items():
        title = "".join(shapes[target].find(NS + "title").itertext())  # type: ignore[union-attr]
        assert title.startswith(target) and d["labels"][actions[0]] in title
    # the reach: a ring on every space the squad can move to
    reach = [el for el in root.iter(NS + "circle") if el.get("class") == "reach"]
    assert len(reach) == len({str(a[-1]) for a in legal if a.kind == "move"})


def test_the_house_has_coordinates_on_both_floors_windows_stairs_and_the_doom_milestones() -> None:
    st = moving()
    root = ET.fromstring(zp_svg.draw(ZP, st, 0, [])["svg"])
    words = texts(root)
    house = st.content.house
    for x in range(len(house.ground[0])):
        assert chr(97 + x) in words
    for x in range(len(house.upper[0])):
        assert f"2{chr(97 + x)}" in words
    for y in range(max(len(house.ground), len(house.upper))):
        assert str(y + 1) in words
    assert "Ground floor and the yard" in words and "Second floor" in words
    assert sum(1 for g in root.iter(NS + "g") if g.get("class") == "window") == len(st.board.window_landing)
    assert sum(1 for g in root.iter(NS + "g") if g.get("class") == "door") >= 3
    assert any(w.startswith("up · ") for w in words) and any(w.startswith("down · ") for w in words)
    for m in st.doom.milestones:
        assert str(m) in words


def test_squads_show_their_survivors_hp_and_zombies_theirs() -> None:
    st = moving()
    root = ET.fromstring(zp_svg.draw(ZP, st, 0, [])["svg"])
    titles = ["".join(t.itertext()) for t in root.iter(NS + "title")]
    for q in st.squads:
        if q.alive and q.space >= 0:
            assert any(t.startswith(f"Squad {q.seat + 1}:") and all(f"{p.hp} HP" in t for p in q.people) for t in titles)
    if st.zombies:
        assert any(t.startswith("Zombies:") and "fresh (2 HP)" in t for t in titles)


def test_every_line_of_the_legend_fits_its_box() -> None:
    root = ET.fromstring(zp_svg.legend_svg())
    width = float(root.get("viewBox", "0 0 0 0").split()[2])
    for t in root.iter(NS + "text"):
        if t.get("font-size") == "11":
            # 6.2 px a character at 11 px: above DejaVu Sans (Debian's sans-serif), 5.1 to 5.8 on these lines
            assert float(t.get("x", 0)) + 6.2 * len("".join(t.itertext())) <= width, "".join(t.itertext())
