"""Campaigns in a real headless Chromium: each game's campaign started from the start page, played a
few steps by clicking, the page reloaded, and continued from the start page's list exactly where it
was; a finished chapter's "next chapter"; a campaign exported, imported and deleted."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from deadboard.core.campaign import CampaignRecord
from tests.web.live import LiveServer
from tests.web.test_browser import ARTIFACTS, CHROMIUM, browser, changed, click_target, decision, page, ready

__all__ = ["browser", "page"]  # the fixtures this module shares with the other browser tests

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason=f"no chromium at {CHROMIUM}"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("campaigns") / "games.sqlite3") as s:
        yield s


def new_campaign(pg: Any, server: LiveServer, game: str, start: str, seed: int, seat: str = "person") -> None:
    """Start a campaign from the start page's form; the page goes to its first game."""
    pg.goto(server.url + "/")
    pg.locator(f'#c-game option[value="{game}"]').wait_for(state="attached")
    pg.click("#newcampaign summary")
    pg.select_option("#c-game", game)
    pg.select_option("#c-start", start)
    pg.fill("#c-seed", str(seed))
    pg.select_option("#c-seat-0", seat)
    pg.click("#c-begin")
    pg.wait_for_url(re.compile(r"/play/"))


def step(pg: Any, rev: str) -> str:
    """Take one action as a player would: a button if the decision has any, else a highlighted part
    of the board and the first action its menu offers."""
    buttons = pg.locator("#buttons button.act")
    if buttons.count():
        buttons.first.click()
    else:
        click_target(pg, "#board [data-target].live")
    return changed(pg, rev)


def listed(pg: Any, server: LiveServer) -> Any:
    """The start page's entry of the (only) campaign this browser holds."""
    pg.goto(server.url + "/#campaigns")
    item = pg.locator("#campaignlist li[data-campaign]").first
    item.wait_for()
    return item


def test_a_zpocalypse_campaign_is_continued_where_it_was_after_a_reload(
    server: LiveServer, page: Any
) -> None:
    new_campaign(page, server, "zpocalypse-2", "prologue", seed=2)
    rev = ready(page)
    assert page.locator("#campaignlink").is_visible()
    for _ in range(3):
        rev = step(page, rev)
    steps = page.evaluate("document.body.dataset.steps")
    board = page.inner_html("#board")
    page.reload()
    assert ready(page) == rev and page.evaluate("document.body.dataset.steps") == steps
    assert page.inner_html("#board") == board

    item = listed(page, server)
    text = item.inner_text()
    assert "Prologue: The Block Party (1 of 5)" in text and "survivors" in text and "VP" in text
    assert item.get_attribute("data-status") == "playing"
    item.locator("a.continue").click()
    page.wait_for_url(re.compile(r"/play/"))
    assert ready(page) == rev and page.evaluate("document.body.dataset.steps") == steps
    step(page, rev)


def test_a_finished_chapter_leads_to_the_next_and_the_campaign_is_exported_and_deleted(
    server: LiveServer, page: Any, tmp_path: Path
) -> None:
    # a heuristic squad holds the prologue with this seed
    new_campaign(page, server, "zpocalypse-2", "prologue", seed=3, seat="bot:heuristic")
    page.locator('body[data-decision="over"]').wait_for(state="attached", timeout=30_000)
    go = page.locator("#nextchapter")
    go.wait_for()
    assert go.inner_text() == "Next chapter: Chapter 1: Lights Out"
    first = page.url
    go.click()
    page.wait_for_url(lambda url: url != first and "/play/" in url)
    ready(page)
    assert "Zpocalypse 2" in page.inner_text("#title")

    item = listed(page, server)
    assert "Chapter 1: Lights Out (2 of 5)" in item.inner_text()
    assert "Prologue: The Block Party win" in item.inner_text()
    with page.expect_download() as got:
        item.locator("button.export").click()
    path = tmp_path / "campaign.json"
    got.value.save_as(path)
    assert CampaignRecord.read(path).chapter == "chapter-1"

    page.on("dialog", lambda d: d.accept())
    item.locator("button.delete").click()
    page.locator("#campaignlist li.dim").wait_for()  # the list is empty again
    assert page.locator("#campaignlist li[data-campaign]").count() == 0


def test_a_day_night_z_campaign_plans_its_route_on_the_map_and_is_continued(
    server: LiveServer, page: Any, tmp_path: Path
) -> None:
    new_campaign(page, server, "day-night-z-campaign", "road-to-ashford", seed=5)
    rev = ready(page)
    assert decision(page) == "route"
    svg = page.inner_html("#board")
    assert "Travel map" in svg and "Shelter map" in svg
    route = click_target(page, '#board [data-target^="path:"].live')
    assert route.startswith("travel ")
    rev = changed(page, rev)
    assert page.locator("#board path[stroke-width='6']").count() >= 2  # the route chosen, drawn wide
    for _ in range(2):
        rev = step(page, rev)
    steps = page.evaluate("document.body.dataset.steps")
    page.reload()
    assert ready(page) == rev and page.evaluate("document.body.dataset.steps") == steps

    item = listed(page, server)
    assert "1. Medicine for the Shelter (1 of 6)" in item.inner_text()
    item.locator("a.continue").click()
    page.wait_for_url(re.compile(r"/play/"))
    assert ready(page) == rev and page.evaluate("document.body.dataset.steps") == steps

    # the campaign file, exported and imported again: a second campaign from the same sheet
    item = listed(page, server)
    with page.expect_download() as got:
        item.locator("button.export").click()
    path = tmp_path / "road.json"
    got.value.save_as(path)
    page.set_input_files("#c-import", str(path))
    page.wait_for_url(re.compile(r"/play/"))
    ready(page)
    assert decision(page) == "route"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "day-night-z-campaign-travel.png"))
    page.goto(server.url + "/")
    page.locator("#campaignlist li[data-campaign]").nth(1).wait_for()
    assert page.locator("#campaignlist li[data-campaign]").count() == 2
