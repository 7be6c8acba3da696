"""Day Night Z in the browser: the tile where the fight happens drawn large as the main board, the city
map beside it with the zones to move to highlighted, the objective and the clock always in view."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from deadboard.core import Rng, get_game
from deadboard.games.day_night_z import svg as dnz_svg
from deadboard.games.day_night_z.state import DNZState
from deadboard.web import drawing

DNZ = get_game("day-night-z")
NS = "{http://www.w3.org/2000/svg}"


def played(until_on_tile: bool) -> DNZState:
    """A seeded adventure played at random until a survivor stands on a tile (or not), at a
    decision with a choice."""
    for seed in range(1, 40):
        state = DNZ.new(DNZ.normalize_setup(DNZ.default_setup()), seed)
        rng = Rng(seed)
        while state.decision is not None:
            assert isinstance(state, DNZState)
            legal = DNZ.legal_actions(state)
            if any(s.tile for s in state.living()) == until_on_tile and len(legal) > 1:
                return state
            DNZ.apply(state, legal[rng.below(len(legal))])
    raise AssertionError("no such moment in 39 adventures")


def subzone_sizes(root: ET.Element, tile: str) -> list[float]:
    return [float(el.get("width", 0)) for el in root.iter(NS + "rect")
            if "".join(t.text or "" for t in el.iter(NS + "title")).startswith(f"{tile}-")]


def test_the_tile_a_survivor_stands_on_is_the_main_board() -> None:
    st = played(until_on_tile=True)
    seat = st.decision.seat if st.decision else 0
    legal = DNZ.legal_actions(st)
    d = drawing.draw(DNZ, DNZ.view(st, seat), seat, legal)
    root = ET.fromstring(d["svg"])
    width = float(root.get("viewBox", "").split()[2])
    tile = next(s.tile for s in st.living() if s.tile)
    sizes = subzone_sizes(root, tile)
    # drawn large: a subzone about 80 px on the 850 px board of a 1280 px window (about 30 before)
    assert len(sizes) >= 16 and min(sizes) >= 0.09 * width
    words = ["".join(t.itertext()) for t in root.iter(NS + "text")]
    assert f"Objective — {st.adventure.name}" in words
    assert any(w.startswith(st.clock.text) for w in words)
    # every subzone or zone an action names is highlighted, saying what clicking does
    shapes = {el.get("data-target"): el for el in root.iter(NS + "rect") if el.get("class") == "sq"}
    assert set(d["targets"]) == set(shapes)
    for target, actions in d["targets"].items():
        title = "".join(shapes[target].find(NS + "title").itertext())  # type: ignore[union-attr]
        assert d["labels"][actions[0]] in title
    # the enemies on the tiles with their cards: on the board and in a panel
    on_tiles = [e for e in st.enemies if e.tile in st.tiles]
    if on_tiles:
        panel = next(p for p in d["panels"] if p["title"] == "Enemies")
        assert len(panel["lines"]) == len(on_tiles) and all("health" in line for line in panel["lines"])


def test_without_a_survivor_on_a_tile_the_city_is_the_board_and_its_zones_to_move_to_are_highlighted() -> None:
    st = played(until_on_tile=False)
    seat = st.decision.seat if st.decision else 0
    legal = DNZ.legal_actions(st)
    d = dnz_svg.draw(DNZ, DNZ.view(st, seat), seat, legal)
    root = ET.fromstring(d["svg"])
    zones = {z.id for z in st.board.side.zones}
    moves = {str(a[2]) for a in legal if a.kind == "move"}
    assert moves and moves <= zones
    shapes = {el.get("data-target") for el in root.iter(NS + "rect") if el.get("class") == "sq"}
    assert moves <= shapes
    assert f"Objective — {st.adventure.name}" in ["".join(t.itertext()) for t in root.iter(NS + "text")]
