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
        shape.click()
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
