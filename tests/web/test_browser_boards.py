"""Every game's board in a real headless Chromium: a game is started (a seeded game played a few
decisions in, loaded as a hot-seat game), a highlighted part of its board is found, it says what
clicking it does when hovered, and clicking it and then the action its menu offers applies that
action (the server's save ends with it)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx2
import pytest

from deadboard.core import Rng, get_game, list_games
from deadboard.core.save import make_save
from deadboard.web import drawing
from tests.web.live import LiveServer
from tests.web.test_browser import BROWSER_MARKS, browser

__all__ = ["browser"]  # the fixture this module shares with the other browser tests

pytestmark = BROWSER_MARKS

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright (pip install playwright) drives the browser tests")

#: decisions played at random before looking for a board with something to click
WARM_UP = {"zombie-dawn": 0, "zpocalypse-2": 6}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("boards") / "games.sqlite3") as s:
        yield s


def clickable_save(game_id: str, seed: int = 7) -> dict[str, Any]:
    """The save of a game played at random until the deciding seat's board has something to click."""
    game = get_game(game_id)
    state = game.new(game.normalize_setup(game.default_setup()), seed)
    rng = Rng(seed)
    actions: list[str] = []
    while (d := state.decision) is not None and len(actions) < 400:
        legal = game.legal_actions(state)
        if len(actions) >= WARM_UP.get(game_id, 3):
            drawn = drawing.draw(game, game.view(state, d.seat), d.seat, legal)
            if drawn["targets"]:
                return make_save(game, state, actions).to_json()
        action = legal[rng.below(len(legal))]
        actions.append(action.text)
        game.apply(state, action)
    raise AssertionError(f"{game_id}: no board with something to click in {len(actions)} decisions")


@pytest.mark.parametrize("game_id", list_games())
def test_a_highlighted_part_of_the_board_is_clicked_and_its_action_applied(
        game_id: str, server: LiveServer, browser: Any) -> None:
    r = httpx2.post(server.url + "/api/games/load", json={"save": clickable_save(game_id), "hotseat": True})
    assert r.status_code == 201, r.text
    made = r.json()
    token = made["links"][0]["token"]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server.url + made["open"])
        page.locator("body[data-rev]").wait_for(state="attached")
        if page.locator("#curtain-go").is_visible():
            page.click("#curtain-go")
        before = len(httpx2.get(f"{server.url}/api/games/{made['id']}/save", headers={"Authorization": f"Bearer {token}"})
                     .json()["actions"])
        # the highlight (one style for every game) over a part of the board with actions
        shapes = page.locator("#board .sq.live, #board .live > .sq")
        assert shapes.count() > 0, "nothing highlighted on the board"
        shape = shapes.first
        fill = shape.evaluate("el => getComputedStyle(el).fill")
        assert fill.replace(" ", "") in ("rgb(255,225,77)", "#ffe14d"), fill
        said = shape.locator("title").first.text_content() or ""
        shape.scroll_into_view_if_needed()
        # a part that acts at once (a slot for the zone picked in Zombie Dawn's tray) names its action
        direct = shape.evaluate("el => (el.closest('[data-target]') || el).dataset.action || ''")
        shape.click()
        if direct:
            chosen = direct
            assert page.locator("#menu").is_hidden()
        else:
            menu = page.locator("#menu:not(.hidden) button.act")
            menu.first.wait_for()
            chosen = menu.first.get_attribute("data-action")
            label = menu.first.inner_text()
            assert chosen, "the menu names no action"
            assert label.split("\n")[0].strip() in said, (label, said)
            menu.first.click()
        for _ in range(100):
            got = httpx2.get(f"{server.url}/api/games/{made['id']}/save",
                             headers={"Authorization": f"Bearer {token}"}).json()["actions"]
            if len(got) > before:
                break
            page.wait_for_timeout(100)
        texts = [str(a["action"] if isinstance(a, dict) else a) for a in got]
        assert len(texts) > before and texts[before].lower() == chosen.lower(), (chosen, texts[before:])
        assert not errors, f"errors in the page: {errors}"
    finally:
        context.close()


def test_zombie_dawns_zone_is_turned_in_the_tray_and_laid_by_one_click_on_a_slot(server: LiveServer, browser: Any) -> None:
    """The tray shows the zone to lay in its four rotations with a Rotate control; the open slots
    where the zone so turned fits are highlighted, and a click on one lays it: one action, no menu."""
    r = httpx2.post(server.url + "/api/games", json={"game": "zombie-dawn", "players": 2, "seed": 7,
                                                         "seats": [{"player": "person"}, {"player": "bot", "bot": "random"}]})
    assert r.status_code == 201, r.text
    made = r.json()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server.url + made["open"])
        page.locator("body[data-pick]").wait_for(state="attached")
        first = str(page.evaluate("document.body.dataset.pick"))
        assert first.endswith("turned 0°")
        assert page.locator("#board .sq.picked").count() == 1
        page.locator("#board [data-rotate]").first.click()
        page.locator(f'body[data-pick]:not([data-pick="{first}"])').wait_for(state="attached")
        picked = str(page.evaluate("document.body.dataset.pick"))
        rotation = picked.rsplit("turned ", 1)[1].rstrip("°")
        assert picked.split(", turned")[0] == first.split(", turned")[0] and rotation == "90"
        assert page.locator("#board .zone-preview.shown").count() >= 1  # the zone so turned, at the slots
        slot = page.locator("#board [data-target^='slot:'].live").first
        action = str(slot.get_attribute("data-action"))
        assert action.startswith("place ") and action.split()[-1] == rotation
        assert "turned 90°" in (slot.locator("title").text_content() or "")
        rev = str(page.evaluate("document.body.dataset.rev"))
        slot.click(force=True)
        page.locator(f'body[data-rev]:not([data-rev="{rev}"])').wait_for(state="attached")
        assert page.locator("#menu").is_hidden()
        service = server.app.state.service
        with service.lock(made["id"]):
            assert service._session(made["id"]).actions[0].text == action
        assert not errors, f"errors in the page: {errors}"
    finally:
        context.close()
