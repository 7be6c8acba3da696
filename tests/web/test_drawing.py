"""Drawing modules: The Night's board, the fallback for games without one, dice read from events."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from deadboard.core import Rng, Setup, get_game, list_games
from deadboard.core.descriptor import BrowserDrawing
from deadboard.core.drawing import Drawing
from deadboard.core.log import Event
from deadboard.core.registry import descriptor
from deadboard.games.the_night import svg as night_svg
from deadboard.games.the_night import words as night_words
from deadboard.games.the_night.state import BOARDED, BROKEN, DEAD, LOCKED, NightState
from deadboard.web import drawing

NIGHT = get_game("the-night")
SVG_NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def targets_in(svg: str) -> dict[str, list[ET.Element]]:
    out: dict[str, list[ET.Element]] = {}
    for el in parse(svg).iter():
        t = el.get("data-target")
        if t:
            out.setdefault(t, []).append(el)
    return out


def played(setup: Setup, seed: int, steps: int) -> NightState:
    state = NIGHT.new(setup, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.decision is None:
            break
        legal = NIGHT.legal_actions(state)
        NIGHT.apply(state, legal[rng.below(len(legal))])
    assert isinstance(state, NightState)
    return state


DRAWN = [(gid, i) for gid in list_games() if drawing.browser_drawing(get_game(gid)) is not None
         for i in range(len(get_game(gid).test_setups()))]


@pytest.mark.parametrize(("gid", "i"), DRAWN)
def test_every_legal_action_is_on_the_board_or_a_button(gid: str, i: int) -> None:
    game = get_game(gid)
    setup = game.test_setups()[i]
    state = game.new(setup, 5)
    rng = Rng(5)
    for step in range(150):
        if state.decision is None:
            break
        legal = game.legal_actions(state)
        seat = state.decision.seat
        d = drawing.draw(game, game.view(state, seat), seat, legal)
        if step % 10 == 0:
            found = targets_in(d["svg"])
            texts = {a.text for a in legal}
            for target, acts in d["targets"].items():
                assert target in found, f"{target} has actions but nothing on the board to click"
                assert set(acts) <= texts
            words = descriptor(gid)
            view = game.view(state, seat)
            assert all(words.describe(view, seat, a) != a.text for a in legal)  # a sentence for each
            for ev in state.log[-20:]:
                drawing.event_json(ev, game)  # every event's dice can be read
        game.apply(state, legal[rng.below(len(legal))])


def test_the_board_is_valid_svg_with_the_squares_that_have_actions_clickable() -> None:
    state = NIGHT.new(Setup("standard"), 3)
    d = drawing.draw(NIGHT, state, 0, NIGHT.legal_actions(state))
    root = parse(d["svg"])
    assert root.tag == SVG_NS + "svg" and root.get("viewBox")
    squares = {el.get("data-target") for el in root.iter(SVG_NS + "rect") if el.get("class") == "sq"}
    assert squares == {t for t in d["targets"] if t.startswith("sq:")} and len(squares) > 3
    grid = state.c.grid
    openings = [el for el in root.iter(SVG_NS + "g") if "opening" in (el.get("class") or "").split()]
    assert len(openings) == len(grid.openings)


@pytest.mark.parametrize(
    ("flags", "classes", "words"),
    [
        (0, {"door"}, "open"),
        (LOCKED, {"door", "locked"}, "locked"),
        (BROKEN, {"door", "broken"}, "broken"),
        (BOARDED, {"door", "boarded"}, "boarded up"),
        (LOCKED | BOARDED, {"door", "locked", "boarded"}, "locked, boarded up"),
        (BROKEN | BOARDED, {"door", "broken", "boarded"}, "broken, boarded up"),
    ],
)
def test_doors_are_drawn_open_locked_broken_or_boarded(flags: int, classes: set[str], words: str) -> None:
    state = played(Setup("standard"), 1, 0)
    o = state.c.grid.opening_by_name["front-door"].id
    state.op[o] = flags
    svg = night_svg.draw(NIGHT, state, 0, [])["svg"]
    el = targets_in(svg)["op:front-door"][0]
    assert set(el.get("class", "").split()) == {"opening"} | classes
    title = el.find(SVG_NS + "title")
    assert title is not None and title.text == f"Front door — {words}"


def test_windows_show_whether_they_are_boarded() -> None:
    state = played(Setup("standard"), 1, 0)
    o = state.c.grid.opening_by_name["hallway-window"].id
    state.op[o] = BOARDED
    el = targets_in(night_svg.draw(NIGHT, state, 0, [])["svg"])["op:hallway-window"][0]
    assert set(el.get("class", "").split()) == {"opening", "window", "boarded"}


def test_counters_show_humans_zombies_and_the_dead_with_their_numbers() -> None:
    state = played(Setup("no-chance"), 2, 30)
    svg = night_svg.draw(NIGHT, state, 0, [])["svg"]
    root = parse(svg)
    zombies = [g for g in root.iter(SVG_NS + "g") if "zombie" in (g.get("class") or "").split()]
    assert len(zombies) == len(state.zsq)
    for z, _sq in state.zsq.items():
        title = f"strength {state.cfg.zstr[z]}, {state.cfg.zap[z]} AP"
        assert any(title in (g.findtext(SVG_NS + "title") or "") for g in zombies)
    breakers = [g for g in zombies if "breaker" in (g.get("class") or "")]
    assert len(breakers) == sum(1 for z in state.zsq if state.cfg.zbrk.get(z))
    live = [h for h in state.humans if h.status == 1]
    humans = [g for g in root.iter(SVG_NS + "g") if "human" in (g.get("class") or "").split()]
    assert len(humans) == len(live)
    hu = live[0]
    hu.status = DEAD
    dead = [g for g in parse(night_svg.draw(NIGHT, state, 0, [])["svg"]).iter(SVG_NS + "g") if "dead" in (g.get("class") or "")]
    assert any(hu.name in (g.findtext(SVG_NS + "title") or "") for g in dead)


def test_items_on_the_floor_are_marked_on_their_square() -> None:
    state = played(Setup("standard"), 6, 25)
    grid = state.c.grid
    lying = {grid.names[w] for w in state.item_where if 0 <= w < grid.n}
    assert lying
    root = parse(night_svg.draw(NIGHT, state, 0, [])["svg"])
    marked = {g.get("data-target", "")[3:] for g in root.iter(SVG_NS + "g") if g.get("class") == "item"}
    assert marked == lying


def test_actions_are_sorted_onto_the_squares_and_doors_they_concern() -> None:
    state = NIGHT.new(Setup("no-chance"), 8)
    while state.decision is not None and state.decision.kind != "activate":
        NIGHT.apply(state, NIGHT.legal_actions(state)[0])
    assert isinstance(state, NightState)
    grid = state.c.grid
    cases = {
        "move Ben c5": "sq:c5",
        "place keys d4": "sq:d4",
        "lock Ben front-door": "op:front-door",
        "latch back-door": "op:back-door",
        "end": None,
        "pass": None,
    }
    from deadboard.core.action import Action

    for text, want in cases.items():
        assert night_svg.target_of(state, Action.parse(text)) == want
    ben = next(h for h in state.humans if h.name == "Ben")
    ben.status, ben.sq = 1, grid.index["e5"]
    assert night_svg.target_of(state, Action.parse("activate Ben")) == "sq:e5"
    z = next(iter(state.zsq))
    zname = f"Z{z}"
    assert night_svg.target_of(state, Action.parse(f"attack Ben {zname}")) == "sq:" + grid.names[state.zsq[z]]
    assert night_words.sentence(state, Action.parse("lock Ben front-door")) == "Ben locks the Front door"


def test_hidden_hero_marks_only_the_viewers_own_secret_human() -> None:
    setup = Setup("quick-game", {"hidden-hero": True}, players=2)
    state = NIGHT.new(setup, 7)
    while state.decision is not None and state.decision.kind != "pick":
        NIGHT.apply(state, NIGHT.legal_actions(state)[0])
    NIGHT.apply(state, NIGHT.legal_actions(state)[0])  # Player 1 picks the first human
    NIGHT.apply(state, NIGHT.legal_actions(state)[1])  # Player 2 the second
    assert isinstance(state, NightState)
    for seat in (0, 1):
        d = drawing.draw(NIGHT, NIGHT.view(state, seat), seat, [])
        root = parse(d["svg"])
        secret = [g for g in root.iter(SVG_NS + "g") if "secret" in (g.get("class") or "").split()]
        assert len(secret) == 1
        assert state.humans[state.secret[seat]].name in (secret[0].findtext(SVG_NS + "title") or "")
        panel = next(p for p in d["panels"] if p["title"] == "Your secret human")
        other = state.humans[state.secret[1 - seat]].name
        assert other not in str(panel)


def test_the_night_has_a_browser_drawing_and_every_game_draws() -> None:
    drawn_by = drawing.browser_drawing(NIGHT)
    assert drawn_by is not None and drawn_by.draw is night_svg.draw
    for gid in list_games():
        game = get_game(gid)
        state = game.new(game.default_setup(), 1)
        seat = state.decision.seat if state.decision else 0
        d = drawing.draw(game, game.view(state, seat), seat, game.legal_actions(state))
        assert d["svg"] or d["panels"]


def test_the_fallback_shows_the_terminal_board_and_the_snapshot() -> None:
    state = played(Setup("quick-game"), 4, 10)
    d = drawing.fallback(NIGHT, state, 0, NIGHT.legal_actions(state))
    assert d["svg"] == "" and d["targets"] == {}
    board = d["panels"][0]
    assert board["title"] == "Board" and board.get("pre") and any("│" in line for line in board["lines"])
    titles = [p["title"] for p in d["panels"]]
    assert "State" in titles and "humans" in titles


def test_snapshot_panels_are_readable_text() -> None:
    panels = drawing.snapshot_panels({"turn": 3, "over": False, "hand": ["a", "b"], "score": {"p1": 2.5}, "none": None})
    assert panels[0] == {"title": "State", "lines": ["turn: 3", "over: no", "none: —"]}
    assert {"title": "hand", "lines": ["a", "b"]} in panels
    assert {"title": "score", "lines": ["p1: 2.5"]} in panels


def test_dice_are_read_with_what_they_were_compared_against() -> None:
    shot = {"roll": 4, "rcp": 3, "modifier": 0, "total": 7, "need": 6, "hit": True}
    assert drawing.dice_of(shot) == [{"label": "", "values": [4], "need": 6, "total": 7, "hit": True}]
    fight = {"human_roll": 2, "human_total": 9, "zombie_roll": 6, "zombie_total": 10, "human_wins": False}
    assert drawing.dice_of(fight) == [
        {"label": "human", "values": [2], "total": 9},
        {"label": "zombie", "values": [6], "total": 10},
    ]
    assert drawing.dice_of({"dice": [3, 5], "need": 11, "success": False}) == [
        {"label": "", "values": [3, 5], "need": 11, "success": False}
    ]
    assert drawing.dice_of({"roll": True}) == [] and drawing.dice_of(None) == []
    ev = drawing.event_json(Event("roll", "Reanimation of Ben: 5 vs 4+", {"roll": 5, "need": 4, "success": True}))
    assert ev["dice"] == [{"label": "", "values": [5], "need": 4, "success": True}]


def test_a_failing_drawing_falls_back_to_the_text_panels(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def broken(*args: object) -> Drawing:
        raise RuntimeError("a bug in a drawing")

    monkeypatch.setattr(drawing, "browser_drawing", lambda game: BrowserDrawing(broken))
    state = NIGHT.new(Setup("quick-game"), 2)
    d = drawing.draw(NIGHT, state, 0, NIGHT.legal_actions(state))
    assert d["svg"] == "" and d["panels"][0]["title"] == "Board"
    assert "failed" in caplog.text
