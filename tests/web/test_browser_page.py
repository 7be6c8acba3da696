"""The game page around the boards, in a real headless Chromium: the hot-seat curtain that hides the
whole page, the layout (the log and dice in view on a laptop, squares a finger wide on a phone),
several-part choices as one small form, the end of a game (the score broken down, play again,
rematch), the Rules panel and a refused action."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest

from deadboard.core import get_game, list_games
from deadboard.core.save import make_save
from deadboard.sim.play import seat_bots
from tests.web.live import LiveServer
from tests.web.test_browser import (
    BROWSER_MARKS,
    browser,
    changed,
    click_target,
    decision,
    new_game,
    ready,
)

__all__ = ["browser"]  # the fixture this module shares with the other browser tests

pytestmark = BROWSER_MARKS

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright (pip install playwright) drives the browser tests")

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("web") / "games.sqlite3") as s:
        yield s


def open_page(browser: Any, size: dict[str, int] = LAPTOP) -> Any:
    context = browser.new_context(viewport=size)
    pg = context.new_page()
    pg.set_default_timeout(10_000)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.errors = errors
    return pg


def close_page(pg: Any) -> None:
    errors = pg.errors
    pg.context.close()
    assert not errors, f"errors in the page: {errors}"


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    pg = open_page(browser)
    yield pg
    close_page(pg)


def load(server: LiveServer, save: dict[str, Any], **body: Any) -> dict[str, Any]:
    r = httpx2.post(server.url + "/api/games/load", json={"save": save, **body})
    assert r.status_code == 201, r.text
    return dict(r.json())


def api_page(server: LiveServer, gid: str, token: str) -> dict[str, Any]:
    r = httpx2.get(f"{server.url}/api/games/{gid}", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    return dict(r.json())


def played(game_id: str, seed: int, bot: str = "heuristic", until: int | None = None, **setup: Any) -> dict[str, Any]:
    """The save of a game the bot played from ``seed`` to its end (or for ``until`` decisions)."""
    import dataclasses

    game = get_game(game_id)
    state = game.new(game.normalize_setup(dataclasses.replace(game.default_setup(), **setup)), seed)
    bots = seat_bots(game, state.setup, bot, seed)
    actions: list[str] = []
    while (d := state.decision) is not None and (until is None or len(actions) < until):
        legal = game.legal_actions(state)
        b = bots[d.seat]
        action = legal[0] if len(legal) == 1 else b.choose(game, game.view(state, d.seat) if b.needs_view else None, legal)
        actions.append(action.text)
        game.apply(state, action)
    return make_save(game, state, actions).to_json()


# ----- hot-seat privacy: nothing of the next seat on the page until they ask ------------------------
def assert_page_is_empty_behind_the_curtain(pg: Any) -> None:
    assert pg.locator("#curtain").is_visible()
    assert pg.locator("#board *").count() == 0
    assert pg.locator("#panels *").count() == 0
    assert pg.locator("#events li").count() == 0
    assert pg.locator("#buttons *, #allactions *").count() == 0
    assert pg.locator(".secret, [data-target]").count() == 0


def test_the_curtain_hides_every_card_of_the_next_zombie_dawn_player(server: LiveServer, page: Any) -> None:
    """Zombie Dawn hot-seat: while "Pass the screen to Yellow" is up, neither the text nor the
    drawing of Yellow's hand and missions is anywhere in the page (nor Red's)."""
    made = new_game(server, game="zombie-dawn", players=2, seed=12, hotseat=True)
    gid = made["id"]
    page.goto(server.url + made["open"])
    rev = ready(page)
    service = server.app.state.service

    def hidden_cards() -> dict[int, tuple[list[Any], list[Any]]]:
        with service.lock(gid):
            state = service._session(gid).state
            c = state.c
            return {seat: ([c.action_recs[k] for k in state.groups[seat].hand], [c.missions[k] for k in state.groups[seat].missions])
                    for seat in (0, 1)}

    for _ in range(200):  # both play on, by clicking, until the screen passes to a seat holding cards
        if page.locator("#curtain").is_visible():
            nxt = api_page(server, gid, made["links"][0]["token"])["viewer"]
            hidden = hidden_cards()
            if hidden[nxt][0] and hidden[nxt][1]:
                break
            page.click("#curtain-go")
            page.locator("body[data-drawn]:not([data-drawn=''])").wait_for(state="attached")
            continue
        buttons = page.locator("#buttons button.act")
        if not buttons.count():
            click_target(page, "#board [data-target].live")
            rev = changed(page, rev)
            continue
        texts = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
        pick = next((i for i, t in enumerate(texts) if t in ("end", "pass", "done", "stop")), 0)
        buttons.nth(pick).click()
        rev = changed(page, rev)
    page.locator("#curtain").wait_for(state="visible")
    cards, missions = hidden[nxt]
    assert_page_is_empty_behind_the_curtain(page)
    html, text = page.content(), page.inner_text("body")
    for seat in (0, 1):
        for rec in hidden[seat][0]:
            assert f"card:{rec.id}" not in html and rec.text not in text, rec.name
        for rec in hidden[seat][1]:
            assert f"mission:{rec.id}" not in html and rec.text not in text, rec.name
    page.click("#curtain-go")
    page.locator("#curtain").wait_for(state="hidden")
    html = page.content()
    # the next player's own cards are shown once they ask
    assert any(f"card:{r.id}" in html for r in cards) or any(f"mission:{r.id}" in html for r in missions)


def test_the_curtain_hides_the_hidden_heros_secret_pick(server: LiveServer, page: Any) -> None:
    """The Night's Hidden Hero, hot-seat: each player's secret human is off the page while the
    curtain is up, for the player who picked and for the one who is to pick."""
    made = new_game(server, scenario="quick-game", options={"hidden-hero": True}, players=2, seed=8, hotseat=True)
    page.goto(server.url + made["open"])
    rev = ready(page)
    while decision(page) != "pick":
        click_target(page, "#board .sq.live")
        rev = changed(page, rev)
    picks = []
    for _ in range(2):
        page.locator("#curtain").wait_for(state="hidden")
        picks.append(click_target(page, "#board g.counter.human.live", 0).split()[1])
        rev = changed(page, rev)
        page.locator("#curtain").wait_for(state="visible")
        assert_page_is_empty_behind_the_curtain(page)
        text = page.inner_text("body")
        for name in picks:
            assert name not in text
        page.click("#curtain-go")
    page.locator("#curtain").wait_for(state="hidden")
    assert page.locator("#board svg.board").count() == 1


# ----- layout ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", list_games())
def test_the_log_and_the_dice_are_in_view_and_the_page_does_not_scroll(server: LiveServer, page: Any, game_id: str) -> None:
    made = new_game(server, game=game_id, seed=5, **({"players": 2} if game_id == "zombie-dawn" else {}))
    page.goto(server.url + made["open"])
    ready(page)
    page.locator("body[data-drawn]").wait_for(state="attached")
    for box_id in ("#log", "#dice", "#decision"):
        box = page.locator(box_id).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= LAPTOP["height"] + 1, f"{game_id}: {box_id} is out of view"
    assert page.evaluate("document.documentElement.scrollHeight") <= LAPTOP["height"] + 1
    board = page.locator("#board svg.board, #board .fallback-panels").first.bounding_box()
    assert board["y"] + board["height"] <= LAPTOP["height"] + 1, f"{game_id}'s board is below the fold"


@pytest.mark.parametrize("game_id", list_games())
def test_on_a_phone_the_zoomed_board_has_squares_a_finger_wide_and_pans(server: LiveServer, browser: Any, game_id: str) -> None:
    made = new_game(server, game=game_id, seed=5, **({"players": 2} if game_id == "zombie-dawn" else {}))
    pg = open_page(browser, PHONE)
    try:
        pg.goto(server.url + made["open"])
        ready(pg)
        pg.locator("body[data-drawn]").wait_for(state="attached")
        # the squares and what can be clicked (or will be, where nothing can be yet)
        sides = """(() => {
            let parts = document.querySelectorAll('#board [data-target].live, #board .sq');
            if (!parts.length) parts = document.querySelectorAll('#board [data-target]');
            return [...parts].map(e => e.getBoundingClientRect()).map(r => Math.min(r.width, r.height)).filter(s => s >= 3);
        })()"""
        before = pg.evaluate(sides)
        assert before, f"{game_id} has nothing on its board to click"
        pg.click("#zoom")
        after = pg.evaluate(sides)
        assert min(after) >= 32, f"{game_id}: the smallest square is {min(after):.1f} px zoomed ({min(before):.1f} px before)"
        assert pg.evaluate("document.getElementById('board').scrollWidth > document.getElementById('board').clientWidth")
        assert pg.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1  # the frame pans, not the page
        pg.click("#zoom")
        pg.click("#zoom")  # back to the whole board
        assert pg.evaluate("document.getElementById('board').scrollWidth <= document.getElementById('board').clientWidth + 1")
    finally:
        close_page(pg)


# ----- several parts, one form --------------------------------------------------------------------
def test_a_choice_of_independent_parts_is_one_form_named_by_the_sentences(server: LiveServer, page: Any) -> None:
    made = new_game(server, game="the-night", seed=1)
    page.goto(server.url + made["open"])
    ready(page)
    actions = [{"text": f"attack swift {z} colt-1911 {mode} {sp}",
                "label": f"Kevin Swift attacks {z.title()} with the Colt 1911 ({mode})" + (", spending a survival point" if sp == "yes" else "")}
               for z in ("walker1", "walker2") for mode in ("butt", "ranged") for sp in ("no", "yes")]
    actions.append({"text": "end", "label": "End the turn"})
    got = page.evaluate("""(actions) => Choices.group(actions).map((item) => item.form
        ? {title: item.form.title, parts: item.form.parts.map((p) => ({toggle: !!p.toggle, names: p.values.map((v) => p.names.get(v))}))}
        : {action: item.action.text})""", actions)
    assert got[1] == {"action": "end"}
    form = got[0]
    assert form["title"] == "Kevin Swift attacks"
    assert form["parts"] == [{"toggle": False, "names": ["Walker1", "Walker2"]},
                             {"toggle": False, "names": ["butt", "ranged"]},
                             {"toggle": True, "names": ["", "spending a survival point"]}]
    # buttons whose sentences are alike are told apart by their texts
    fights = [{"text": f"fight {w}", "label": "Fight"} for w in ("hunting-rifle", "pistol")] + [{"text": "escape", "label": "Escape"}]
    labels = page.evaluate("(a) => Choices.group(a).map((i) => i.action.label)", fights)
    assert labels == ["Fight: hunting rifle", "Fight: pistol", "Escape"]
    # too few, or only one part varying: buttons
    few = page.evaluate("(a) => Choices.group(a).filter((i) => i.form).length", actions[:3])
    assert few == 0


def _day_night_z_attack() -> dict[str, Any]:
    """A Day Night Z game at a decision with eight attacks: two walkers × butt or ranged × spending a
    survival point or not."""
    game = get_game("day-night-z")
    state = game.new(game.normalize_setup(game.default_setup()), 17)
    rng = random.Random(17)
    actions: list[str] = []
    while len([a for a in game.legal_actions(state) if a.kind == "attack"]) < 8:
        assert len(actions) < 50, "seed 17 no longer reaches the attack: choose another"
        a = rng.choice(game.legal_actions(state))
        actions.append(a.text)
        game.apply(state, a)
    return make_save(game, state, actions).to_json()


def test_day_night_zs_attack_is_one_form_and_sends_the_combination_chosen(server: LiveServer, page: Any) -> None:
    made = load(server, _day_night_z_attack())
    gid, token = made["id"], made["links"][0]["token"]
    shown = api_page(server, gid, token)
    attacks = [a["text"] for a in shown["legal"] if a["text"].startswith("attack ")]
    # the enemies are drawn on the tile: a click on one offers its attacks, as one form
    target = next(t for t, texts in shown["drawing"]["targets"].items() if any(x.startswith("attack ") for x in texts))
    page.goto(server.url + made["open"])
    rev = ready(page)
    assert page.locator("#buttons button.act[data-action^='attack ']").count() == 0  # no button per combination
    page.locator(f"#board [data-target='{target}']").first.click(force=True)
    form = page.locator("#menu form.choice-form")
    assert form.count() == 1
    send = form.locator("button.act")
    first = str(send.get_attribute("data-action"))
    assert first in attacks
    # the last part is a checkbox or a pair of chips
    last = form.locator(".choice-part").last
    if last.locator("input[type=checkbox]").count():
        last.locator("input[type=checkbox]").check()
    else:
        last.locator("button.chip").last.click()
    chosen = str(send.get_attribute("data-action"))
    # one part changed, the rest as it was (the last part is the spend where the survivor has a
    # survival point to spend, else the attack's mode)
    assert chosen != first and chosen in attacks
    assert sum(a != b for a, b in zip(first.split(), chosen.split(), strict=True)) == 1
    send.click()
    changed(page, rev)
    save = httpx2.get(f"{server.url}/api/games/{gid}/save", headers={"Authorization": f"Bearer {token}"}).json()
    assert save["actions"][-1] == chosen


# ----- the end of a game ----------------------------------------------------------------------------
def test_the_end_shows_the_score_broken_down_and_offers_play_again_and_rematch(server: LiveServer, page: Any) -> None:
    save = played("day-night-z", 5)
    made = load(server, save)
    page.goto(server.url + made["open"])
    ready(page)
    banner = page.locator("#banner")
    banner.wait_for(state="visible")
    old = api_page(server, made["id"], made["links"][0]["token"])
    outcome = old["outcome"]
    assert old["seed"] == save["seed"]
    breakdown = page.locator("#breakdown")
    text = breakdown.inner_text()
    if outcome["level"]:
        assert f"level reached: {outcome['level']}" in text
    assert breakdown.locator("table.score tbody tr").count() == len(outcome["per_seat"])
    assert "alive" in text  # who survived: the game's per-seat figures
    for key in outcome["details"]:
        assert key.replace("_", " ") in text
    log = page.locator("#log").bounding_box()  # the log stays in view under the banner
    assert log["y"] + log["height"] <= LAPTOP["height"] + 1
    service = server.app.state.service
    page.click("#rematch")
    page.wait_for_url(lambda url: made["id"] not in url)
    ready(page)
    new_id = page.url.split("/play/")[1].split("#")[0]
    assert service._session(new_id).seed == save["seed"]
    assert service._session(new_id).setup.to_json() == service._session(made["id"]).setup.to_json()
    page.goto(server.url + made["open"])
    ready(page)
    page.click("#playagain")
    page.wait_for_url(lambda url: made["id"] not in url)
    ready(page)
    again_id = page.url.split("/play/")[1].split("#")[0]
    assert again_id not in (made["id"], new_id)
    assert service._session(again_id).seed != save["seed"]


# ----- rules at hand, and a refused action ---------------------------------------------------------
def test_the_rules_panel_shows_the_quick_reference_and_the_rulings(server: LiveServer, page: Any) -> None:
    made = new_game(server, game="zombie-dawn", players=1, seed=4)
    page.goto(server.url + made["open"])
    ready(page)
    assert page.locator("#rules").is_hidden()
    page.click("#rulesbutton")
    drawer = page.locator("#rules")
    drawer.wait_for(state="visible")
    page.locator("#rules-body section.rule, #rules-body #no-reference").first.wait_for()
    page.click("#rules .tabs button[data-tab=rulings]")
    page.locator("#rules-body details.rule").first.wait_for()
    assert page.locator("#rules-body details.rule").count() >= 3
    assert "<script" not in page.inner_html("#rules-body")
    page.click("#rules-close")
    drawer.wait_for(state="hidden")
    page.keyboard.press("F1")  # the terminal's key for its rules, and "?"
    drawer.wait_for(state="visible")
    page.keyboard.press("Escape")
    drawer.wait_for(state="hidden")


def test_a_refused_action_and_a_log_entry_name_their_rulebook_section(server: LiveServer, page: Any) -> None:
    made = new_game(server, game="the-night", seed=2)
    page.goto(server.url + made["open"])
    ready(page)
    page.evaluate("send('shoot Ben Z1 shotgun')")
    refusal = page.locator("#refusal")
    refusal.wait_for(state="visible")
    text = refusal.inner_text()
    assert text.startswith("Not allowed:") and "shoot Ben Z1 shotgun" in text
    # it names the rulebook section it follows, and opens the quick reference there
    assert "rulebook “Shooting Combat”" in text
    refusal.locator("button.ruleref").click()
    asked = page.locator("#rules-body section.rule.asked")
    asked.wait_for()
    assert asked.get_attribute("data-title") == "Shooting" and "Rulebook “Shooting Combat”" in asked.inner_text()
    page.click("#rules-close")
    # the next action clears it
    rev = str(page.evaluate("document.body.dataset.rev"))
    click_target(page, "#board .sq.live")
    changed(page, rev)
    assert refusal.is_hidden()
    # every entry of the log has a "?" naming its section, which opens the Rules panel at it
    entries = page.locator("#events li")
    assert entries.count() >= 2 and entries.count() == page.locator("#events li button.ruleref").count()
    setup = page.locator("#events li.setup button.ruleref").first
    assert setup.get_attribute("title").startswith("Rulebook “Setting Up the Game”")
    setup.click()
    page.locator("#rules-body section.rule.asked[data-title='Setting up']").wait_for()
