"""Claimable seats in real Chromium: a game of two people started from the start page gives one
invitation per seat; the first page to open an invitation takes that seat (and is left holding the
seat's own link), the invitation then stops working, and the creator can replace an invitation
that nobody has opened yet."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.live import LiveServer

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium "
                                                       "(apt-get install chromium); the browser tests need it"),
]

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright (pip install playwright) drives the browser tests")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("web") / "games.sqlite3") as s:
        yield s


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        yield b
        b.close()


def fresh_page(browser: Any) -> tuple[Any, Any, list[str]]:
    """A page in a browser context of its own (no shared storage), and the errors it reports."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    pg.set_default_timeout(15_000)
    return ctx, pg, errors


def start_two_person_game(pg: Any, url: str) -> list[str]:
    """Start a Hidden Hero game of two people on the start page; the invitation links it lists."""
    pg.goto(url + "/?game=the-night")
    pg.locator("#options [data-option='hidden-hero'] input").check()
    pg.locator("#seat-1").wait_for()
    pg.locator("#start:not([disabled])").wait_for()
    pg.locator("#start").click()
    pg.locator("#links:not(.hidden)").wait_for()
    return [str(c) for c in pg.locator("#linklist code").all_inner_texts()]


def test_each_invitation_is_claimed_once_by_the_first_page_that_opens_it(server: LiveServer, browser: Any) -> None:
    ctx0, creator, errors0 = fresh_page(browser)
    contexts = [ctx0]
    try:
        links = start_two_person_game(creator, server.url)
        assert len(links) == 2 and all("#invite=" in link for link in links)
        seats = []
        for link in links:
            ctx, pg, errors = fresh_page(browser)
            contexts.append(ctx)
            pg.goto(link)
            pg.locator("body[data-rev]").wait_for(state="attached")
            assert "invite=" not in pg.url  # the page now holds its seat's own link
            assert not errors
            seats.append(pg)
        # the two pages are two different seats of one game
        assert seats[0].evaluate("document.body.dataset.yours") != seats[1].evaluate("document.body.dataset.yours")
        # a second opening of an invitation finds it gone
        ctx, late, _ = fresh_page(browser)
        contexts.append(ctx)
        late.goto(links[0])
        late.locator("#prompt").filter(has_text="invitation").wait_for()
        assert "claimed already" in late.inner_text("#prompt")
        assert late.locator("body[data-rev]").count() == 0
        assert not errors0
    finally:
        for c in contexts:
            c.close()


def test_the_creator_replaces_an_invitation_nobody_has_opened(server: LiveServer, browser: Any) -> None:
    ctx0, creator, errors0 = fresh_page(browser)
    contexts = [ctx0]
    try:
        old = start_two_person_game(creator, server.url)
        row = creator.locator("#linklist li[data-seat='1']")
        row.locator("button.renew").click()
        row.locator("span.dim").filter(has_text="new link").wait_for()
        new = str(row.locator("code").inner_text())
        assert new != old[1]
        ctx, pg, _ = fresh_page(browser)
        contexts.append(ctx)
        pg.goto(old[1])
        pg.locator("#prompt").filter(has_text="invitation").wait_for()
        ctx, pg, errors = fresh_page(browser)
        contexts.append(ctx)
        pg.goto(new)
        pg.locator("body[data-rev]").wait_for(state="attached")
        assert not errors and not errors0
    finally:
        for c in contexts:
            c.close()
