"""End to end in a real headless Chromium (Debian's /usr/bin/chromium driven by Playwright): playing
by clicking, two players on two pages, save, reload, load, undo, the replay viewer, screenshots.

Screenshots of every game's board are written to ``artifacts/web/``.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest

from deadboard.bots.base import bot_names
from deadboard.core import get_game, list_games
from deadboard.core.save import SaveFile, load_checked
from tests.web.conftest import claim_all
from tests.web.live import LiveServer

# Debian's chromium (apt-get install chromium); another build with DEADBOARD_CHROMIUM=PATH
CHROMIUM = Path(os.environ.get("DEADBOARD_CHROMIUM", "/usr/bin/chromium"))
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "web"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

#: every browser test module's marks: skipped, with the reason, where Debian's Chromium is missing
BROWSER_MARKS = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason=f"no chromium at {CHROMIUM}: the browser tests need Debian's "
                                                       "chromium (apt-get install chromium)"),
]
pytestmark = BROWSER_MARKS

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


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    pg.set_default_timeout(10_000)
    yield pg
    context.close()
    assert not errors, f"errors in the page: {errors}"


def new_game(server: LiveServer, **body: Any) -> dict[str, Any]:
    """A new game with every seat's invitation opened (each link holds its seat's own token)."""
    body.setdefault("game", "the-night")
    r = httpx2.post(server.url + "/api/games", json=body)
    assert r.status_code == 201, r.text
    return claim_all(httpx2, dict(r.json()), server.url)


# Waits are CSS selectors on the data the page puts on <body> (the pages' Content-Security-Policy
# forbids the eval that a JavaScript predicate would need, and the tests keep that policy on).
def ready(pg: Any) -> str:
    pg.locator("body[data-rev]").wait_for(state="attached")
    return str(pg.evaluate("document.body.dataset.rev"))


def changed(pg: Any, old: str) -> str:
    pg.locator(f'body[data-rev]:not([data-rev="{old}"])').wait_for(state="attached")
    return str(pg.evaluate("document.body.dataset.rev"))


def at_step(pg: Any, step: int) -> None:
    pg.locator(f'body[data-replay-step="{step}"]').wait_for(state="attached")


def decision(pg: Any) -> str:
    return str(pg.evaluate("document.body.dataset.decision"))


def click_target(pg: Any, selector: str, nth: int = 0) -> str:
    """Click something on the board and take the first action its menu offers (or the action it
    takes at once: a slot for the zone picked in Zombie Dawn's tray); returns the action."""
    target = pg.locator(selector).nth(nth)
    direct = str(target.evaluate("el => (el.closest('[data-target]') || el).dataset.action || ''"))
    target.click(force=True)
    if direct:
        return direct
    button = pg.locator("#menu button.act").first
    button.wait_for(state="visible")
    text = str(button.get_attribute("data-action"))
    button.click()
    return text


def click_button(pg: Any, prefix: str) -> str | None:
    buttons = pg.locator("#buttons button.act")
    for i in range(buttons.count()):
        text = str(buttons.nth(i).get_attribute("data-action"))
        if text == prefix or text.startswith(prefix + " "):
            buttons.nth(i).click()
            return text
    return None


def board_svg(pg: Any) -> str:
    """The board as drawn, without what marks the actions (absent from the replay viewer)."""
    html = re.sub(r'<g class="squares">.*?</g>', "", str(pg.inner_html("#board")), flags=re.S)
    return re.sub(r"\s?\blive\b", "", html)


# --------------------------------------------------------------------------------------------------
def test_a_solitaire_game_of_the_night_is_played_to_its_end_by_clicking(server: LiveServer, page: Any) -> None:
    page.goto(server.url + "/")
    page.locator("#games button", has_text="The Night").click()
    page.select_option("#scenario", "quick-game")
    page.fill("#seed", "2024")
    page.locator("#seats select").first.wait_for()
    page.locator("#start:not([disabled])").wait_for()
    page.click("#start")
    page.wait_for_url(re.compile(r"/play/"))
    rev = ready(page)
    turn = 0
    moved = 0
    board_clicks = 0
    for _ in range(400):
        kind = decision(page)
        if kind == "over":
            break
        live = page.locator("#board .sq.live")
        if kind in ("place-human", "place-item"):
            click_target(page, "#board .sq.live")
            board_clicks += 1
        elif kind == "activate":
            turn += 1
            humans = page.locator("#board g.counter.human.live")
            if turn % 2 == 1 and humans.count():
                click_target(page, "#board g.counter.human.live")
                board_clicks += 1
                moved = 0
            else:
                assert click_button(page, "end")
        elif kind == "act":
            if moved < 2 and live.count():
                click_target(page, "#board .sq.live")
                board_clicks += 1
                moved += 1
            elif click_button(page, "done") is None:
                click_target(page, "#board .sq.live")
        else:
            if page.locator("#buttons button.act").count():
                page.locator("#buttons button.act").first.click()
            else:
                click_target(page, "#board [data-target].live")
        rev = changed(page, rev)
    assert decision(page) == "over", "the game did not end"
    banner = page.locator("#banner")
    banner.wait_for(state="visible")
    assert re.search(r"You win!|You lose\.", banner.inner_text())
    assert board_clicks >= 5
    assert page.locator("#events li").count() > 20
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "the-night-quick-game-over.png"))


def seat_pages(server: LiveServer, browser: Any, links: list[dict[str, Any]]) -> tuple[list[Any], list[Any]]:
    """Each seat's link opened in a browser context of its own (no shared storage): the contexts
    and the ready pages."""
    contexts, pages = [], []
    for link in links:
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        contexts.append(ctx)
        pg = ctx.new_page()
        pg.set_default_timeout(10_000)
        pg.goto(server.url + link["url"])
        ready(pg)
        pages.append(pg)
    return contexts, pages


def test_a_seats_page_never_shows_the_other_seats_secret(server: LiveServer, browser: Any) -> None:
    made = new_game(server, scenario="quick-game", options={"hidden-hero": True}, players=2, seed=31)
    contexts, pages = seat_pages(server, browser, made["links"][:2])
    p1, p2 = pages
    seen: list[str] = []
    p1.on("response", lambda r: seen.append(r.text()) if "/api/games/" in r.url and r.ok else None)
    try:
        assert p2.evaluate("document.body.dataset.yours") == "false"
        assert p2.locator("#board .live").count() == 0
        assert "Waiting for Player 1" in p2.inner_text("#prompt")
        rev = ready(p1)
        while decision(p1) != "pick":
            click_target(p1, "#board .sq.live")
            rev = changed(p1, rev)
        mine = click_target(p1, "#board g.counter.human.live", 0).split()[1]
        rev = changed(p1, rev)
        seen.clear()
        assert p1.evaluate("document.body.dataset.yours") == "false" and p1.locator("#board .live").count() == 0
        p2.locator('body[data-decision="pick"][data-yours="true"]').wait_for(state="attached")
        theirs = click_target(p2, "#board g.counter.human.live", 1).split()[1]
        assert theirs != mine
        rev = changed(p1, rev)
        p1.wait_for_timeout(200)
        secret1 = p1.locator(".box", has=p1.locator("h3", has_text="Your secret human")).inner_text()
        secret2 = p2.locator(".box", has=p2.locator("h3", has_text="Your secret human")).inner_text()
        assert mine in secret1 and theirs not in secret1
        assert theirs in secret2
        assert p1.locator("#board g.counter.secret").count() == 1
        assert mine in str(p1.locator("#board g.counter.secret title").text_content())
        assert f"pick {theirs}" not in p1.content()
        assert seen and all(f"pick {theirs}" not in body for body in seen)
        assert all(json.dumps(theirs) + "]" not in body for body in seen)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        p1.screenshot(path=str(ARTIFACTS / "the-night-hidden-hero-player-1.png"))
    finally:
        for ctx in contexts:
            ctx.close()


def test_save_reload_load_undo_and_the_replay_viewer(server: LiveServer, page: Any, tmp_path: Path) -> None:
    made = new_game(server, scenario="standard", seed=77)
    page.goto(server.url + made["open"])
    rev = ready(page)
    for _ in range(9):
        if page.locator("#buttons button.act").count():
            page.locator("#buttons button.act").last.click()
        else:
            click_target(page, "#board [data-target].live")
        rev = changed(page, rev)
    steps = int(page.evaluate("document.body.dataset.steps"))
    assert steps == 9
    # undo
    page.click("#undo")
    rev = changed(page, rev)
    assert int(page.evaluate("document.body.dataset.steps")) == 8
    # reload: the same board
    board = board_svg(page)
    page.reload()
    ready(page)
    assert board_svg(page) == board
    # save
    with page.expect_download() as dl:
        page.click("#save")
    path = tmp_path / "saved.json"
    dl.value.save_as(path)
    save = SaveFile.read(path)
    assert len(save.actions) == 8 and load_checked(save, key=server.app.state.service.key).hash_ok is True
    # load: a new game with the same board
    old_url = page.url
    page.set_input_files("#loadfile", str(path))
    page.wait_for_url(lambda url: url != old_url)
    ready(page)
    assert page.url.split("#")[0] != old_url.split("#")[0]
    assert board_svg(page) == board
    # the replay viewer: buttons and slider
    page.click("#replay")
    page.locator("#replaybar").wait_for(state="visible")
    at_step(page, 8)
    page.click("#r-first")
    at_step(page, 0)
    assert "decision 0 of 8" in page.inner_text("#r-step")
    page.click("#r-next")
    at_step(page, 1)
    page.locator("#r-slider").fill("5")
    at_step(page, 5)
    page.click("#r-prev")
    at_step(page, 4)
    page.click("#r-last")
    at_step(page, 8)
    assert board_svg(page) == board
    page.click("#r-close")
    page.locator("#replaybar").wait_for(state="hidden")
    ready(page)
    assert board_svg(page) == board


def test_the_start_page_offers_every_bot_of_the_game(server: LiveServer, page: Any) -> None:
    page.goto(server.url + "/?game=the-night")
    page.locator("#options [data-option='zombie-player'] input").check()
    page.locator("#seat-1").wait_for()
    offered = page.locator("#seat-1 option").all_inner_texts()
    assert offered == ["Person"] + [f"Bot: {b}" for b in bot_names(get_game("the-night"))]
    page.locator("#options [data-option='item-draw'] select").select_option("firearm")
    page.locator("#players").fill("9")
    page.locator("#players").dispatch_event("change")
    page.locator("#setuperror:not(:empty)").wait_for()
    assert "players" in page.inner_text("#setuperror")


@pytest.mark.parametrize("game_id", list_games())
def test_screenshot_of_every_games_board(server: LiveServer, browser: Any, game_id: str) -> None:
    game = get_game(game_id)
    made = new_game(server, game=game_id, seed=5)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for name, size in (("", {"width": 1280, "height": 800}), ("-phone", {"width": 390, "height": 844})):
        ctx = browser.new_context(viewport=size)
        pg = ctx.new_page()
        pg.goto(server.url + made["open"])
        ready(pg)
        # play a little so that the board has something on it
        for _ in range(25 if not name else 0):
            if pg.evaluate("document.body.dataset.yours") != "true":
                break
            rev = str(pg.evaluate("document.body.dataset.rev"))
            if pg.locator("#buttons button.act").count():
                pg.locator("#buttons button.act").last.click()
            else:
                click_target(pg, "#board [data-target].live")
            changed(pg, rev)
        assert pg.locator("#board svg, #board .fallback-panels").count() == 1
        width = pg.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"] + 1, f"{game.name} overflows a {size['width']} px wide screen"
        pg.screenshot(path=str(ARTIFACTS / f"{game_id}{name}.png"))
        ctx.close()


def test_hot_seat_passes_the_screen_between_the_players(server: LiveServer, page: Any) -> None:
    made = new_game(server, scenario="quick-game", options={"hidden-hero": True}, players=2, seed=8, hotseat=True)
    page.goto(server.url + made["open"])
    rev = ready(page)
    # a game nobody has played yet opens on its first seat's board: whoever starts it is that seat
    assert page.locator("#curtain").is_hidden()
    while decision(page) != "pick":
        click_target(page, "#board .sq.live")
        rev = changed(page, rev)
    assert page.locator("#curtain").is_hidden()
    first = click_target(page, "#board g.counter.human.live", 0).split()[1]
    changed(page, rev)
    curtain = page.locator("#curtain")
    curtain.wait_for(state="visible")
    assert "Player 2" in curtain.inner_text()
    # reloading while the screen is being passed keeps the curtain, and the page empty behind it:
    # the tab last showed Player 1's board
    page.reload()
    ready(page)
    curtain.wait_for(state="visible")
    assert "Player 2" in curtain.inner_text()
    assert page.locator("#board *, #panels *, #events li, #buttons *").count() == 0
    page.click("#curtain-go")
    curtain.wait_for(state="hidden")
    assert page.evaluate("document.body.dataset.decision") == "pick"
    assert "Player 2" in page.inner_text("#prompt")
    # Player 1's pick is not marked on Player 2's board
    assert page.locator("#board g.counter.secret").count() == 0
    assert f"pick {first}" not in page.inner_text("#events")
    # Player 2 reloads their own board: no curtain; the game opened in another tab mid-game: curtain
    page.reload()
    ready(page)
    page.locator("body[data-drawn]:not([data-drawn=''])").wait_for(state="attached")
    assert curtain.is_hidden()
    other = page.context.new_page()
    other.goto(server.url + made["open"])
    ready(other)
    other.locator("#curtain").wait_for(state="visible")
    assert other.locator("#board *, #panels *, #events li").count() == 0
    other.close()


def test_a_zombie_dawn_page_never_shows_the_other_players_hand(server: LiveServer, browser: Any) -> None:
    made = new_game(server, game="zombie-dawn", players=2, seed=12)
    gid = made["id"]
    tokens = [made["links"][0]["token"], made["links"][1]["token"]]

    def api_page(seat: int) -> dict[str, Any]:
        return dict(httpx2.get(f"{server.url}/api/games/{gid}", headers={"Authorization": f"Bearer {tokens[seat]}"}).json())

    page = api_page(0)
    while page["decision"]["kind"] != "turn":  # lay out the maps and choose characters through the API
        seat = page["decision"]["seat"]
        text = api_page(seat)["legal"][0]["text"]
        httpx2.post(f"{server.url}/api/games/{gid}/actions", json={"action": text},
                   headers={"Authorization": f"Bearer {tokens[seat]}"}).raise_for_status()
        page = api_page(0)
    service = server.app.state.service
    with service.lock(gid):
        state = service._session(gid).state
        recs = state.c.action_recs
        mine = {recs[k].id for k in state.groups[0].hand}
        private = {recs[k].id for k in state.groups[1].hand} - mine
    assert private, "choose a seed where Player 2 holds a card Player 1 does not"
    contexts, pages = seat_pages(server, browser, made["links"][:2])
    p1, p2 = pages
    seen: list[str] = []
    p1.on("response", lambda r: seen.append(r.text()) if "/api/games/" in r.url and r.ok else None)
    try:
        p1.reload()
        ready(p1)
        # Player 1 has cards on the board to click; Player 2's are only counted
        assert p1.locator("#board g.card").count() >= 1
        hand_titles = " ".join(str(t) for t in p1.locator("#board g.card title").all_text_contents())
        for cid in private:
            name = next(r.name for r in recs if r.id == cid)
            assert name not in hand_titles
        assert seen
        for body in seen:
            for cid in private:
                assert f"card:{cid}" not in body and f"play {cid}" not in body and f"discard {cid}" not in body
        # a few decisions by both players, each on their own page
        for _ in range(6):
            for pg in (p1, p2):
                if pg.evaluate("document.body.dataset.yours") == "true":
                    r0 = str(pg.evaluate("document.body.dataset.rev"))
                    buttons = pg.locator("#buttons button.act")
                    pick = next((i for i in range(buttons.count())
                                 if buttons.nth(i).get_attribute("data-action") in ("end", "pass", "done", "stop")), 0)
                    buttons.nth(pick).click()
                    changed(pg, r0)
        with service.lock(gid):
            state = service._session(gid).state
            private = {recs[k].id for k in state.groups[1].hand} - {recs[k].id for k in state.groups[0].hand}
        p1.reload()
        ready(p1)
        html = p1.content()
        for cid in private:
            assert f"card:{cid}" not in html and f"play {cid}" not in html
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        p1.screenshot(path=str(ARTIFACTS / "zombie-dawn-player-1.png"))
    finally:
        for ctx in contexts:
            ctx.close()


def test_a_long_bot_game_still_fits_the_screen(server: LiveServer, page: Any) -> None:
    """Rolls of many dice (Zombie Dawn throws a zombie die a head) wrap in the log and the dice tray
    instead of widening the side column past the screen."""
    made = new_game(server, game="zombie-dawn", players=2, seed=11, seats=[{"player": "bot", "bot": "heuristic"}] * 2)
    token = made["links"][0]["token"]
    deadline = time.monotonic() + 60
    while httpx2.get(f"{server.url}/api/games/{made['id']}", headers={"Authorization": f"Bearer {token}"}).json()["outcome"] is None:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.3)
    page.goto(server.url + made["open"])
    ready(page)
    banner = page.locator("#banner")
    banner.wait_for(state="visible")  # a page watching both seats names the winner, not "you"
    assert re.search(r"^(Red|Yellow) wins!", banner.inner_text()), banner.inner_text()
    assert "(you)" not in page.inner_text("#seatlist")  # a watcher plays neither bot's seat
    most = page.evaluate("Math.max(...[...document.querySelectorAll('#events li')].map(li => li.querySelectorAll('.die').length))")
    assert most >= 12, most  # a long row of dice in one line of the log
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1
    side = page.locator("aside.side").bounding_box()
    for box in page.locator("aside.side > *").all():
        assert box.bounding_box()["width"] <= side["width"] + 1


# ----- the replay viewer, icons, legends, what covers what -------------------------------------------
GLYPHS = "⏮⏭◀▶⏯⏸✓✗✔✘★☆"  # symbols a page would need a font for: the pages draw them as SVG instead


def play_some(page: Any, n: int) -> str:
    rev = ready(page)
    for _ in range(n):
        if page.locator("#buttons button.act").count():
            page.locator("#buttons button.act").last.click()
        else:
            click_target(page, "#board [data-target].live")
        rev = changed(page, rev)
    return rev


def test_the_replay_viewer_never_acts_on_the_live_game(server: LiveServer, page: Any) -> None:
    made = new_game(server, scenario="standard", seed=78)
    page.goto(server.url + made["open"])
    play_some(page, 6)
    live_board = board_svg(page)
    live_prompt = page.inner_text("#prompt")
    page.click("#replay")
    page.locator("#replaybar").wait_for(state="visible")
    at_step(page, 6)
    page.click("#r-first")
    at_step(page, 0)
    # nothing in the viewer acts: no action button, no menu from the board, no undo or hint
    assert page.locator("#buttons button, #allactions button").count() == 0
    assert page.locator("#alldetails").is_hidden()
    assert page.locator("#undo").is_disabled() and page.locator("#hint").is_disabled()
    assert "Replay, decision 0 of 6" in page.inner_text("#prompt")
    assert "the game is set up" in page.inner_text("#buttons")
    page.locator("#chosen", has_text="Chosen here: ").wait_for()  # the replayed decision's choice
    page.locator("#board svg").click(position={"x": 300, "y": 300})
    assert page.locator("#menu").is_hidden()
    page.click("#r-next")
    at_step(page, 1)
    assert "Replay, decision 1 of 6" in page.inner_text("#prompt")
    # the live game did not move
    token = made["links"][0]["token"]
    live = httpx2.get(f"{server.url}/api/games/{made['id']}", headers={"Authorization": f"Bearer {token}"}).json()
    assert live["steps"] == 6
    # leaving the viewer returns to the live game, where acting works again
    page.click("#r-close")
    page.locator("#replaybar").wait_for(state="hidden")
    page.locator("#buttons button.act, #board [data-target].live").first.wait_for()
    assert board_svg(page) == live_board
    assert page.inner_text("#prompt") == live_prompt
    assert page.evaluate("document.body.dataset.replayStep") is None
    play_some(page, 1)
    assert int(page.evaluate("document.body.dataset.steps")) == 7


def test_replay_controls_are_svg_icons_not_font_glyphs(server: LiveServer, page: Any) -> None:
    made = new_game(server, scenario="quick-game", seed=5)
    page.goto(server.url + made["open"])
    play_some(page, 2)
    page.click("#replay")
    page.locator("#replaybar").wait_for(state="visible")
    for button in ("#r-first", "#r-prev", "#r-next", "#r-last", "#r-play"):
        icon = page.locator(f"{button} svg.icon")
        assert icon.count() == 1, button
        box = icon.bounding_box()
        assert box and box["width"] >= 10 and box["height"] >= 10, button
        assert page.locator(f"{button} svg.icon path").get_attribute("d")
    assert page.inner_text("#r-first").strip() == "" and page.get_attribute("#r-first", "aria-label") == "Start"
    page.click("#r-play")
    page.locator("#r-play svg.icon-pause").wait_for()
    page.click("#r-play")
    page.locator("#r-play svg.icon-play").wait_for()
    text = page.inner_text("body")
    assert not any(g in text for g in GLYPHS), [g for g in GLYPHS if g in text]


@pytest.mark.parametrize("game_id", list_games())
def test_every_games_board_has_a_legend_and_no_control_covers_the_board(server: LiveServer, page: Any, game_id: str) -> None:
    made = new_game(server, game=game_id, seed=5, **({"players": 2} if game_id == "zombie-dawn" else {}))
    page.goto(server.url + made["open"])
    ready(page)
    legend = page.locator("#panels .box", has=page.locator("h3", has_text="Legend"))
    assert legend.count() == 1, f"{game_id} has no legend"
    words = " ".join(legend.locator("svg.legend text").all_text_contents())
    expected = {"the-night": ["door", "window", "hero", "BREAKER"],
                "district-z": ["face up", "ZOMBIE", "starting LOCATION", "CITY'S EDGE"],
                "zombie-dawn": ["highway exit", "tent", "location", "water", "road", "open zone slot"],
                "day-night-z": ["blocked", "cover: +1 defence", "walker", "alley: STOP", "red noise counter"]}
    for word in expected.get(game_id, []):
        assert word in words, f"{game_id}'s legend lacks {word!r}: {words}"
    board = page.locator("#board svg.board, #board .fallback-panels").bounding_box()
    for control in page.locator("button:visible").all():
        box = control.bounding_box()
        if box is None:
            continue
        apart = (box["x"] + box["width"] <= board["x"] or box["x"] >= board["x"] + board["width"]
                 or box["y"] + box["height"] <= board["y"] or box["y"] >= board["y"] + board["height"])
        assert apart, f"{control.inner_text()!r} covers {game_id}'s board"
    page.click("#zoom")  # zoomed, the button still sits above the board
    zoom = page.locator("#zoom").bounding_box()
    assert zoom["y"] + zoom["height"] <= page.locator("#board").bounding_box()["y"] + 0.5


def _drawing_page(page: Any, svg: str) -> None:
    """A drawing alone on a page, with the game page's style sheet."""
    from deadboard.web import app as web_app

    css = (Path(web_app.__file__).parent / "static" / "style.css").read_text()
    page.goto("about:blank")
    page.set_content(f'<html><head><style>{css}</style></head><body><div id="board">{svg}</div></body></html>')


def test_a_zombie_on_the_heros_square_leaves_the_hero_star_in_sight(server: LiveServer, page: Any) -> None:
    from deadboard.games.the_night import svg as night_svg
    from tests.the_night.helpers import GAME as NIGHT
    from tests.the_night.helpers import board

    # a zombie on Harry's square (a human reanimating there), another beside him
    state = board(humans={"Harry": "d6", "Ben": "h9"}, zombies={7: "d6", 8: "e6"}, heroes=("Harry",))
    drawn = night_svg.draw(NIGHT, state, None, [])
    _drawing_page(page, drawn["svg"])
    star = page.locator("g.counter.hero polygon").first
    box = star.bounding_box()
    assert box is not None
    for fx, fy in ((0.5, 0.5), (0.5, 0.2), (0.5, 0.65)):  # the middle, the upper point, below the middle
        x, y = box["x"] + box["width"] * fx, box["y"] + box["height"] * fy
        hit = page.evaluate(f"(() => {{ const e = document.elementFromPoint({x}, {y}); "
                            f"const g = e && e.closest('g.counter'); return g ? g.getAttribute('class') : ''; }})()")
        assert "hero" in hit, f"at ({fx}, {fy}) of the star: {hit}"
    # the zombie is still there to see and to click
    zombie = page.locator("g.counter.zombie", has=page.locator("title", has_text="Zombie 7")).bounding_box()
    harry = page.locator("g.counter.hero").bounding_box()
    assert zombie and harry and zombie["width"] < harry["width"]


def test_counts_agree_in_number(server: LiveServer, page: Any) -> None:
    from deadboard.games.zombie_dawn import svg as dawn_svg
    from tests.zombie_dawn.helpers import GAME as DAWN
    from tests.zombie_dawn.helpers import fresh

    state = fresh(players=2)
    state.groups[0].hand = state.groups[0].hand[:1]
    state.groups[1].hand = state.groups[1].hand[:1]
    drawn = dawn_svg.draw(DAWN, DAWN.view(state, 0), 0, DAWN.legal_actions(state))
    _drawing_page(page, drawn["svg"])
    text = " ".join(page.locator("svg text").all_text_contents())
    assert "Your hand (1 card)" in text
    assert not re.search(r"\b1 (cards|passes|zombies|items|missions)\b", text), text
    # a response window's prompt says what was done and asks for a response, in words: no "(1 passes)"
    # and no "(action 1: pass)"
    game = fresh(players=2, seed=3)
    while (d := game.decision) is not None and d.kind != "respond":
        DAWN.apply(game, DAWN.legal_actions(game)[0])
    assert d is not None and "1 passes" not in d.prompt and "(action" not in d.prompt
    assert d.prompt.endswith("play something in response?"), d.prompt
