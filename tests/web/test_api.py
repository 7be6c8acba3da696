"""The HTTP API: every endpoint, with good and bad input. Every refusal is a 4xx JSON error that
changes nothing."""

from __future__ import annotations

import json
import re
import sys
import threading
import time
import types
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from deadboard.bots.base import bot_names
from deadboard.core import get_game, list_games
from deadboard.core.registry import descriptor
from deadboard.core.save import SaveFile, load_checked, replay
from deadboard.web import create_app
from deadboard.web.service import Service, find_hint_provider
from deadboard.web.store import Store
from tests.web.conftest import Api

NIGHT_VERSION = get_game("the-night").version

QUICK: dict[str, Any] = {"scenario": "quick-game", "seed": 11}
HIDDEN: dict[str, Any] = {"scenario": "quick-game", "options": {"hidden-hero": True}, "players": 2, "seed": 7}


def error(r: Any, status: int) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error"} and body["error"]["message"], body
    return str(body["error"]["message"])


def first_legal(page: dict[str, Any]) -> str:
    return str(page["legal"][0]["text"])


def play_until(api: Api, gid: str, token: str, kind: str, limit: int = 50) -> dict[str, Any]:
    """Take the first legal action until the decision is of ``kind``."""
    page = api.page(gid, token)
    for _ in range(limit):
        if page["decision"] and page["decision"]["kind"] == kind:
            return page
        page = api.act(gid, token, first_legal(page)).json()
    raise AssertionError(f"no {kind} decision in {limit} actions")


# ----- catalogue ---------------------------------------------------------------------------------
def test_catalog_lists_every_registered_game_with_its_bots(api: Api) -> None:
    games = api.c.get("/api/catalog").json()["games"]
    assert [g["id"] for g in games] == list_games()
    night = next(g for g in games if g["id"] == "the-night")
    assert night["bots"] == bot_names(get_game("the-night"))
    assert night["drawing"] is True
    assert {s["id"] for s in night["scenarios"]} >= {"standard", "quick-game"}


def test_catalog_of_an_unknown_game_is_404(api: Api) -> None:
    assert "unknown game" in error(api.c.get("/api/catalog/chess"), 404)


def test_setup_check_names_the_seats(api: Api) -> None:
    r = api.c.post("/api/catalog/the-night/setup", json={"scenario": "quick-game", "options": {"hidden-hero": True}})
    assert r.status_code == 200, r.text
    assert r.json()["seats"] == ["Player 1", "Player 2"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"scenario": "moon-landing"}, "unknown scenario"),
        ({"options": {"no-such-rule": True}}, "unknown option"),
        ({"options": {"item-draw": "lots"}}, "item-draw"),
        ({"players": "two"}, "players"),
        ({"options": ["dodge"]}, "options"),
    ],
)
def test_setup_check_rejects_a_bad_setup(api: Api, body: dict[str, Any], words: str) -> None:
    assert words in error(api.c.post("/api/catalog/the-night/setup", json=body), 400)


def test_meta_reports_capabilities(api: Api) -> None:
    meta = api.c.get("/api/meta").json()
    assert meta["capabilities"] == {"hint": find_hint_provider() is not None}


# ----- creating ----------------------------------------------------------------------------------
def test_create_gives_one_invitation_per_person_seat_and_no_hot_seat_link(api: Api) -> None:
    made = api.new(claim=False, **HIDDEN)
    assert [link["label"] for link in made["links"]] == ["Player 1", "Player 2"]
    assert [link["seats"] for link in made["links"]] == [[0], [1]]
    assert all("token" not in link and link["url"].endswith("#invite=" + link["invite"]) for link in made["links"])
    assert made["open"] == made["links"][0]["url"]
    assert "owner" in made  # the creator's token manages the invitations and holds no seat


def test_hot_seat_opens_the_table_link(api: Api) -> None:
    made = api.new(**HIDDEN, hotseat=True)
    assert [link["label"] for link in made["links"]] == ["hot-seat"]
    assert made["links"][0]["seats"] == [0, 1]
    assert made["open"] == made["links"][-1]["url"]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "chess"}, 404, "unknown game"),
        ({"game": 3}, 400, "game"),
        ({"game": "the-night", "seed": -1}, 400, "seed"),
        ({"game": "the-night", "seed": "abc"}, 400, "seed"),
        ({"game": "the-night", "seats": [{"player": "person"}, {"player": "person"}]}, 400, "1 seat"),
        ({"game": "the-night", "seats": [{"player": "bot", "bot": "deep-blue"}]}, 400, "unknown bot"),
        ({"game": "the-night", "seats": [{"player": "alien"}]}, 400, "seat 1"),
        ({"game": "the-night", "scenario": "nope"}, 400, "unknown scenario"),
        ({"game": "the-night", "content": "/etc"}, 400, "content"),
    ],
)
def test_create_rejects_bad_input(api: Api, body: dict[str, Any], status: int, words: str) -> None:
    assert words in error(api.c.post("/api/games", json=body), status)


def test_malformed_json_is_400(api: Api) -> None:
    assert "not valid JSON" in error(api.c.post("/api/games", content=b"{nope", headers={"Content-Type": "application/json"}), 400)
    assert "JSON object" in error(api.c.post("/api/games", json=[1, 2]), 400)


def test_a_request_too_large_is_refused(api: Api) -> None:
    big = b'{"game": "the-night", "x": "' + b"a" * (5 * 1024 * 1024) + b'"}'
    assert "too large" in error(api.c.post("/api/games", content=big), 413)


def test_a_story_file_option_may_be_sent_as_toml_text(api: Api) -> None:
    toml = 'title = "Short night"\nturns = 3\n'
    made = api.new(scenario="make-your-own-story", options={"story": toml}, seed=2)
    page = api.page(made["id"], made["links"][0]["token"])
    assert page["setup"]["options"]["story"]["turns"] == 3
    bad = api.c.post("/api/games", json={"game": "the-night", "scenario": "make-your-own-story", "options": {"story": "turns = = 3"}})
    assert "TOML" in error(bad, 400)


def test_an_unavailable_bot_is_a_clear_400(api: Api) -> None:
    game = get_game("the-night")
    listed_but_missing = [b for b in bot_names(game) if b != "random"]
    for name in listed_but_missing:
        r = api.c.post("/api/games", json={"game": "the-night", "options": {"zombie-player": True}, "players": 2,
                                           "seats": [{"player": "person"}, {"player": "bot", "bot": name}]})
        assert r.status_code in (201, 400), r.text
        if r.status_code == 400:
            assert name in r.json()["error"]["message"]


# ----- tokens ------------------------------------------------------------------------------------
def test_a_page_needs_the_right_token(api: Api) -> None:
    gid, token = api.solo(**QUICK)
    _other_gid, other_token = api.solo(**QUICK)
    assert "token" in error(api.c.get(f"/api/games/{gid}"), 403)
    assert "token" in error(api.c.get(f"/api/games/{gid}", headers=api.auth("x" * 24)), 403)
    assert "token" in error(api.c.get(f"/api/games/{gid}", headers=api.auth(other_token)), 403)
    assert "token" in error(api.act(gid, None, "end"), 403)
    assert "token" in error(api.save(gid, other_token), 403)
    assert "token" in error(api.c.get(f"/api/games/{gid}/replay", params={"step": 0}), 403)
    assert "token" in error(api.c.post(f"/api/games/{gid}/undo", json={}), 403)
    assert api.page(gid, token)["rev"] == 0
    assert api.c.get(f"/api/games/{gid}", params={"token": token}).status_code == 200
    assert api.c.get(f"/api/games/{gid}", headers={"X-Deadboard-Token": token}).status_code == 200


def test_an_unknown_game_id_is_404(api: Api) -> None:
    assert "no game" in error(api.c.get("/api/games/nosuchgame", headers=api.auth("t")), 404)
    assert "no game" in error(api.act("nosuchgame", "t", "end"), 404)


def test_unknown_routes_answer_json(api: Api) -> None:
    assert error(api.c.get("/api/nothing-here"), 404)
    assert error(api.c.delete("/api/games"), 405)


# ----- acting ------------------------------------------------------------------------------------
def test_a_legal_action_moves_the_game_on(api: Api) -> None:
    gid, token = api.solo(**QUICK)
    page = api.page(gid, token)
    assert page["decision"]["yours"] and page["legal"]
    r = api.act(gid, token, first_legal(page), at=page["rev"])
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["rev"] == 1 and after["steps"] == 1
    assert after["log_total"] > page["log_total"]


def test_action_text_is_matched_like_the_terminal_does(api: Api) -> None:
    gid, token = api.solo(**QUICK)
    text = first_legal(api.page(gid, token))
    r = api.act(gid, token, "  " + text.upper().replace(" ", "   ") + " ")
    assert r.status_code == 200, r.text
    save = SaveFile.loads(api.save(gid, token).text)
    assert save.actions == [text]


def test_an_illegal_action_is_422_and_changes_nothing(api: Api) -> None:
    gid, token = api.solo(**QUICK)
    before = api.page(gid, token)
    saved = api.save(gid, token).json()
    for bad in ("move Nobody z99", "place Tom a1", "done"):
        assert "not a legal action" in error(api.act(gid, token, bad), 422)
    after = api.page(gid, token)
    assert after["rev"] == before["rev"] and after["drawing"] == before["drawing"]
    assert api.save(gid, token).json() == saved


@pytest.mark.parametrize("body", [{}, {"action": ""}, {"action": 5}, {"action": "end", "at": "now"}, {"action": "end", "log_from": "x"}])
def test_a_malformed_action_request_is_400(api: Api, body: dict[str, Any]) -> None:
    gid, token = api.solo(**QUICK)
    error(api.c.post(f"/api/games/{gid}/actions", headers=api.auth(token), json=body), 400)
    assert api.page(gid, token)["rev"] == 0


def test_an_action_from_a_stale_page_is_409(api: Api) -> None:
    gid, token = api.solo(**QUICK)
    page = api.page(gid, token)
    api.act(gid, token, first_legal(page))
    fresh = api.page(gid, token)
    assert "changed" in error(api.act(gid, token, first_legal(fresh), at=page["rev"]), 409)
    assert api.page(gid, token)["rev"] == fresh["rev"]


def test_a_seat_acts_only_when_the_engine_asks_it(api: Api) -> None:
    made = api.new(**HIDDEN)
    gid = made["id"]
    t1, t2 = made["links"][0]["token"], made["links"][1]["token"]
    p2 = api.page(gid, t2)
    assert p2["decision"]["seat"] == 0 and not p2["decision"]["yours"] and p2["legal"] == []
    text = first_legal(api.page(gid, t1))
    assert "not your decision" in error(api.act(gid, t2, text), 409)
    assert api.page(gid, t1)["rev"] == 0


def test_acting_after_the_end_is_409(api: Api) -> None:
    made = api.new(game="the-night", scenario="quick-game", seed=3, seats=[{"player": "bot", "bot": "random"}])
    gid, token = made["id"], made["links"][0]["token"]
    api.c.app.state.service.wait_idle(gid, timeout=30)  # type: ignore[attr-defined]
    page = api.page(gid, token)
    assert page["decision"] is None and page["outcome"] is not None
    assert "over" in error(api.act(gid, token, "end"), 409)


# ----- undo --------------------------------------------------------------------------------------
def test_undo_takes_back_the_last_decision(api: Api) -> None:
    gid, token = api.solo(**QUICK)
    p0 = api.page(gid, token)
    p1 = api.act(gid, token, first_legal(p0)).json()
    p2 = api.act(gid, token, first_legal(p1)).json()
    r = api.c.post(f"/api/games/{gid}/undo", headers=api.auth(token), json={})
    assert r.status_code == 200, r.text
    back = r.json()
    assert back["steps"] == 1 and back["legal"] == p1["legal"] and back["rev"] == p2["rev"] + 1
    assert back["drawing"]["svg"] == p1["drawing"]["svg"]
    assert back["log_epoch"] != p2["log_epoch"]
    assert SaveFile.loads(api.save(gid, token).text).actions == [first_legal(p0)]


def test_undo_with_nothing_to_undo_is_409(api: Api) -> None:
    gid, token = api.solo(**QUICK)
    assert "nothing to undo" in error(api.c.post(f"/api/games/{gid}/undo", headers=api.auth(token)), 409)


def test_undo_is_for_solitaire_games(api: Api) -> None:
    made = api.new(**HIDDEN)
    gid, t1 = made["id"], made["links"][0]["token"]
    api.act(gid, t1, first_legal(api.page(gid, t1)))
    assert "solitaire" in error(api.c.post(f"/api/games/{gid}/undo", headers=api.auth(t1)), 409)
    assert api.page(gid, t1)["steps"] == 1


def test_undo_beside_a_bot_takes_back_the_bots_answers_too(api: Api) -> None:
    made = api.new(game="the-night", scenario="quick-game", options={"zombie-player": True}, players=2, seed=5,
                   seats=[{"player": "person"}, {"player": "bot", "bot": "random"}])
    gid, token = made["id"], made["links"][0]["token"]
    service: Service = api.c.app.state.service  # type: ignore[attr-defined]
    page = api.page(gid, token)
    for _ in range(300):
        page = api.act(gid, token, page["legal"][-1]["text"]).json()
        service.wait_idle(gid, timeout=30)
        rows = service.store.load(gid)[1]  # type: ignore[index]
        if rows[-1].by_bot:
            break
        page = api.page(gid, token)
    assert rows[-1].by_bot, "the zombie player never moved"
    last_person = max(i for i, row in enumerate(rows) if not row.by_bot)
    r = api.c.post(f"/api/games/{gid}/undo", headers=api.auth(token), json={})
    assert r.status_code == 200, r.text
    assert r.json()["steps"] == last_person and r.json()["decision"]["seat"] == 0


# ----- saves, loading, replay ---------------------------------------------------------------------
def test_a_downloaded_save_replays_to_the_same_game(api: Api) -> None:
    gid, token = api.solo(**QUICK)
    page = api.page(gid, token)
    for _ in range(12):
        page = api.act(gid, token, page["legal"][-1]["text"]).json()
    r = api.save(gid, token)
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    save = SaveFile.loads(r.text)
    assert len(save.actions) == 12
    assert "seed" not in r.json()  # the game is not over: its seed is sealed by the server's key
    assert load_checked(save, key=api.c.app.state.service.key).hash_ok is True  # type: ignore[attr-defined]


def test_load_makes_a_new_game_from_a_save(api: Api) -> None:
    gid, token = api.solo(**QUICK)
    page = api.page(gid, token)
    for _ in range(6):
        page = api.act(gid, token, first_legal(page)).json()
    text = api.save(gid, token).text
    for payload in (text, json.loads(text)):
        r = api.c.post("/api/games/load", json={"save": payload})
        assert r.status_code == 201, r.text
        made = r.json()
        loaded = api.page(made["id"], made["links"][0]["token"])
        assert loaded["steps"] == 6
        assert loaded["drawing"]["svg"] == page["drawing"]["svg"]
        assert loaded["legal"] == page["legal"]


@pytest.mark.parametrize(
    ("save", "words"),
    [
        (None, "save"),
        ("{not json", "not valid JSON"),
        ({"game": "the-night"}, "missing field"),
        ({"game": "chess", "version": "1", "setup": {}, "seed": 1, "actions": [], "hash": "0"}, "unknown game"),
        ({"game": "the-night", "version": "0", "setup": {"scenario": "quick-game"}, "seed": 1, "actions": [], "hash": "0"}, "version"),
        ({"game": "the-night", "version": NIGHT_VERSION, "setup": {"scenario": "quick-game"}, "seed": "x", "actions": []}, "seed"),
        ({"game": "the-night", "version": NIGHT_VERSION, "setup": {"scenario": "quick-game"}, "seed": 1, "actions": ["fly"], "hash": "0"}, "does not replay"),
        ({"game": "the-night", "version": NIGHT_VERSION, "setup": {"scenario": "quick-game"}, "seed": 1, "actions": [], "hash": "0"}, "reproduce"),
        ({"game": "the-night", "version": NIGHT_VERSION, "setup": {"scenario": "quick-game", "options": {"x": 1}}, "seed": 1, "actions": [], "hash": "0"}, "unknown option"),
        ({"game": "the-night", "version": NIGHT_VERSION, "setup": {"scenario": "quick-game"}, "seed": 1, "actions": []}, "no hash"),
    ],
)
def test_load_rejects_a_malformed_save(api: Api, save: Any, words: str) -> None:
    body = {} if save is None else {"save": save}
    count = api.c.app.state.service.store.count()  # type: ignore[attr-defined]
    assert words in error(api.c.post("/api/games/load", json=body), 400)
    assert api.c.app.state.service.store.count() == count  # type: ignore[attr-defined]


def test_replay_steps_through_the_game(api: Api) -> None:
    gid, token = api.solo(scenario="standard", seed=11)
    pages = [api.page(gid, token)]
    while len(pages) <= 30 and pages[-1]["decision"] is not None:
        pages.append(api.act(gid, token, pages[-1]["legal"][-1]["text"]).json())
    n = len(pages) - 1
    assert n >= 20
    for step in (0, 1, n // 2, n - 1, n, 12, 3):
        r = api.c.get(f"/api/games/{gid}/replay", headers=api.auth(token), params={"step": step})
        assert r.status_code == 200, r.text
        data = r.json()
        assert data["step"] == step and data["steps"] == n
        # the same board, without the click areas of the actions that were legal then
        assert data["drawing"]["svg"] == re.sub(r'<g class="squares">.*?</g>', '<g class="squares"></g>', pages[step]["drawing"]["svg"])
        assert data["drawing"]["targets"] == {}
    for bad in (-1, n + 1):
        assert "step" in error(api.c.get(f"/api/games/{gid}/replay", headers=api.auth(token), params={"step": bad}), 400)
    assert "step" in error(api.c.get(f"/api/games/{gid}/replay", headers=api.auth(token), params={"step": "x"}), 400)


# ----- hidden information --------------------------------------------------------------------------
def _two_seat_game(api: Api, pick2: int) -> tuple[str, str, str, list[str]]:
    """A Hidden Hero game in which Player 1 picks the first human and Player 2 picks ``pick2``."""
    made = api.new(**HIDDEN)
    gid, t1, t2 = made["id"], made["links"][0]["token"], made["links"][1]["token"]
    page = play_until(api, gid, t1, "pick")
    humans = [a["text"] for a in page["legal"]]
    api.act(gid, t1, humans[0])
    p2 = api.page(gid, t2)
    assert p2["decision"]["kind"] == "pick" and p2["decision"]["yours"]
    api.act(gid, t2, humans[pick2])
    return gid, t1, t2, humans


def test_a_seat_never_receives_another_seats_secret(api: Api) -> None:
    gid_a, t1_a, _, humans = _two_seat_game(api, 0)
    gid_b, t1_b, _, _ = _two_seat_game(api, 1)
    ignore = {"id", "rev"}
    page_a = {k: v for k, v in api.page(gid_a, t1_a).items() if k not in ignore}
    page_b = {k: v for k, v in api.page(gid_b, t1_b).items() if k not in ignore}
    # Player 1's page is the same whichever human Player 2 picked
    assert page_a == page_b
    text = json.dumps(page_b)
    assert humans[1] not in text  # "pick Tom": Player 2's action text is never sent to Player 1
    steps = page_b["steps"]
    seen = [api.c.get(f"/api/games/{gid_b}/replay", headers=api.auth(t1_b), params={"step": s}).json() for s in range(steps + 1)]
    assert all(humans[1] not in json.dumps(r) for r in seen)
    assert any(r["action"] == "Player 2 acted" for r in seen)


def test_a_save_of_a_game_of_several_players_waits_for_its_end(api: Api) -> None:
    made = api.new(**HIDDEN)
    gid = made["id"]
    assert "secrets" in error(api.save(gid, made["links"][0]["token"]), 403)
    table = api.new(**HIDDEN, hotseat=True)
    r = api.save(table["id"], table["links"][0]["token"])  # the hot-seat link holds every seat
    assert r.status_code == 200 and "seed" not in r.json() and "sealed_seed" in r.json()


def test_the_hot_seat_link_shows_the_deciding_seat(api: Api) -> None:
    made = api.new(**HIDDEN, hotseat=True)
    gid, table = made["id"], made["links"][-1]["token"]
    page = play_until(api, gid, table, "pick")
    assert page["viewer"] == 0
    page = api.act(gid, table, first_legal(page)).json()
    assert page["viewer"] == 1 and page["decision"]["yours"]


# ----- bots, waiting, races, restarts --------------------------------------------------------------
def test_bots_play_their_seats_on_the_server(api: Api) -> None:
    made = api.new(game="the-night", scenario="quick-game", options={"zombie-player": True}, players=2, seed=9,
                   seats=[{"player": "bot", "bot": "random"}, {"player": "bot", "bot": "random"}])
    gid, watch = made["id"], made["links"][0]["token"]
    assert made["links"][0]["label"] == "watch"
    api.c.app.state.service.wait_idle(gid, timeout=60)  # type: ignore[attr-defined]
    page = api.page(gid, watch)
    assert page["decision"] is None and page["outcome"] is not None
    save = SaveFile.loads(api.save(gid, watch).text)
    assert replay(save).hash_ok is True


def test_a_long_poll_returns_when_the_game_changes(api: Api) -> None:
    made = api.new(**HIDDEN)
    gid, t1, t2 = made["id"], made["links"][0]["token"], made["links"][1]["token"]
    rev = api.page(gid, t2)["rev"]
    quiet = api.c.get(f"/api/games/{gid}", headers=api.auth(t2), params={"since": rev})
    assert quiet.json() == {"unchanged": True, "rev": rev}
    text = first_legal(api.page(gid, t1))
    timer = threading.Timer(0.1, lambda: api.act(gid, t1, text))
    timer.start()
    start = time.monotonic()
    woke = api.c.get(f"/api/games/{gid}", headers=api.auth(t2), params={"since": rev}).json()
    timer.join()
    assert woke.get("rev") == rev + 1 or time.monotonic() - start < 0.35
    assert "token" in error(api.c.get(f"/api/games/{gid}", params={"since": rev}), 403)


def test_racing_requests_never_corrupt_a_game(api: Api) -> None:
    gid, token = api.solo(scenario="standard", seed=21)
    statuses: list[int] = []
    lock = threading.Lock()

    def player(k: int) -> None:
        for i in range(15):
            page = api.page(gid, token)
            if page["decision"] is None:
                return
            legal = page["legal"]
            r = api.act(gid, token, legal[(k + i) % len(legal)]["text"])
            with lock:
                statuses.append(r.status_code)

    threads = [threading.Thread(target=player, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert set(statuses) <= {200, 409, 422}
    ok = statuses.count(200)
    page = api.page(gid, token)
    assert page["steps"] == ok and page["rev"] == ok
    save = SaveFile.loads(api.save(gid, token).text)
    assert len(save.actions) == ok and load_checked(save, key=api.c.app.state.service.key).hash_ok is True  # type: ignore[attr-defined]


def test_a_restart_loses_no_game_and_no_action(db: Path) -> None:
    with TestClient(create_app(db)) as c:
        api = Api(c)
        gid, token = api.solo(**QUICK)
        page = api.page(gid, token)
        for _ in range(9):
            page = api.act(gid, token, first_legal(page)).json()
        before = api.save(gid, token).json()
    with TestClient(create_app(db)) as c:
        api = Api(c)
        again = api.page(gid, token)
        assert again["steps"] == 9 and again["drawing"] == page["drawing"] and again["legal"] == page["legal"]
        assert api.save(gid, token).json() == before


def test_a_restart_resumes_the_bots(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    service = Service(Store(db))
    monkeypatch.setattr(service, "kick_bots", lambda gid: None)  # the server "stops" before the bots move
    made = service.create({"game": "the-night", "scenario": "quick-game", "seed": 4, "seats": [{"player": "bot", "bot": "random"}]})
    service.close()
    monkeypatch.undo()
    with TestClient(create_app(db)) as c:
        service2: Service = c.app.state.service  # type: ignore[attr-defined]
        service2.wait_idle(made["id"], timeout=60)
        page = Api(c).page(made["id"], made["links"][0]["token"])
        assert page["decision"] is None and page["steps"] > 0


def test_a_database_that_is_not_one_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "x.sqlite3"
    bad.write_text("this is not a database" * 100)
    from deadboard.web.store import StoreError

    with pytest.raises(StoreError, match="not a database"):
        Store(bad)


# ----- hints ---------------------------------------------------------------------------------------
def test_hint_is_404_without_a_hint_engine_and_served_with_one(api: Api) -> None:
    gid, token = api.solo(**QUICK)
    service: Service = api.c.app.state.service  # type: ignore[attr-defined]
    service.hint_provider = None
    assert "hint" in error(api.c.get(f"/api/games/{gid}/hint", headers=api.auth(token)), 404)
    service.hint_provider = lambda game, view, seat: {"action": game.legal_actions(view)[0].text, "win": 0.5}
    assert api.page(gid, token)["capabilities"]["hint"] is True
    r = api.c.get(f"/api/games/{gid}/hint", headers=api.auth(token))
    assert r.status_code == 200 and r.json()["win"] == 0.5
    made = api.new(**HIDDEN)
    assert "decides now" in error(api.c.get(f"/api/games/{made['id']}/hint", headers=api.auth(made["links"][1]["token"])), 409)


def test_the_search_bots_analysis_is_the_hint_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, int, str]] = []

    class Result:
        def __init__(self, action: str) -> None:
            self.action = action

        def to_json(self) -> dict[str, Any]:
            return {"action": self.action, "win_estimate": 0.62, "iterations": 10,
                    "actions": [{"action": self.action, "visits": 7, "win_estimate": 0.62}]}

    def analyse(game: Any, state: Any, seat: int, budget: str) -> Result:
        assert state.viewer == seat  # the engine is handed the seat's view, never the true state
        seen.append((game.id, seat, budget))
        return Result(game.legal_actions(state)[0].text)

    fake = types.ModuleType("deadboard.bots.mcts")
    fake.analyse = analyse  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "deadboard.bots.mcts", fake)
    provider = find_hint_provider()
    assert provider is not None
    game = get_game("the-night")
    state = game.new(game.default_setup(), 1)
    got = provider(game, game.view(state, 0), 0)
    assert got["action"] == game.legal_actions(state)[0].text and got["win"] == 0.62
    said = descriptor("the-night").describe(game.view(state, 0), 0, game.legal_actions(state)[0])
    assert got["label"] == said != got["action"]  # the recommendation in the game's words
    assert got["alternatives"] == [{"action": got["action"], "label": said, "win": 0.62, "visits": 7}]
    assert seen == [("the-night", 0, "0.8s")]


# ----- a game without a drawing module ----------------------------------------------------------------
def test_a_game_without_a_drawing_is_playable_from_panels(api: Api, toy_game: str) -> None:
    cat = api.c.get(f"/api/catalog/{toy_game}").json()
    assert cat["drawing"] is False
    made = api.new(game=toy_game, seed=1)
    gid, t1, t2 = made["id"], made["links"][0]["token"], made["links"][1]["token"]
    page = api.page(gid, t1)
    assert page["drawing"]["svg"] == "" and page["drawing"]["panels"]
    assert sorted(page["buttons"]) == sorted(a["text"] for a in page["legal"])
    # the other seat's secret card is not in seat 1's page
    service: Service = api.c.app.state.service  # type: ignore[attr-defined]
    with service.lock(gid):
        true_cards = service._session(gid).state.cards  # type: ignore[attr-defined]
    cards_panel = next(p for p in page["drawing"]["panels"] if p["title"] == "cards")
    assert cards_panel["lines"] == [str(true_cards[0]), "0"]
    turn = 0
    while page["decision"] is not None:
        tok = (t1, t2)[page["decision"]["seat"]]
        page = api.act(gid, tok, "add 2").json()
        turn += 1
    assert turn == 5 and page["outcome"]["winners"] == [0]


def test_a_zombie_dawn_seat_never_receives_another_seats_hand(api: Api) -> None:
    made = api.new(game="zombie-dawn", players=2, seed=12)
    gid = made["id"]
    tokens = [made["links"][0]["token"], made["links"][1]["token"]]
    page = api.page(gid, tokens[0])
    for _ in range(80):  # both players lay out their maps and choose their characters
        d = page["decision"]
        if d["kind"] == "turn":
            break
        page = api.act(gid, tokens[d["seat"]], page["legal"][0]["text"] if d["yours"] else
                       api.page(gid, tokens[d["seat"]])["legal"][0]["text"]).json()
        page = api.page(gid, tokens[0])
    service: Service = api.c.app.state.service  # type: ignore[attr-defined]
    before = api.page(gid, tokens[0])
    with service.lock(gid):
        state = service._session(gid).state  # type: ignore[attr-defined]
        hand = state.groups[1].hand
        deck = state.actions.cards
        k = min(len(hand), len(deck))
        assert k > 0
        # Player 2's hand and the same number of cards of the deck change places
        hand[:k], deck[-k:] = deck[-k:], hand[:k]
    after = api.page(gid, tokens[0])
    assert after == before


# ----- content packs -------------------------------------------------------------------------------
def _pack(tmp_path: Path) -> str:
    """A copy of The Night's content with a stronger Ben, so its games are told apart."""
    import shutil

    from deadboard.games import the_night

    pack = tmp_path / "pack"
    shutil.copytree(Path(the_night.__file__).parent / "content", pack)
    humans = pack / "humans.toml"
    text = humans.read_text()
    assert "strength = 5\nap = 6" in text
    humans.write_text(text.replace("strength = 5\nap = 6", "strength = 9\nap = 9"))
    return str(pack)


def test_a_served_content_pack_is_used_by_new_games_and_a_page_cannot_choose_one(db: Path, tmp_path: Path) -> None:
    pack = _pack(tmp_path)
    with TestClient(create_app(db, content={"the-night": pack})) as c:
        api = Api(c)
        assert api.c.get("/api/catalog/the-night").json().get("content") == pack
        gid, token = api.solo(scenario="standard", seed=3)
        save = api.save(gid, token).json()
        assert save["setup"]["content"] == pack
        service: Service = c.app.state.service  # type: ignore[attr-defined]
        assert service._session(gid).state.cfg.hstr[0] == 9  # type: ignore[attr-defined]
        r = api.c.post("/api/games", json={"game": "the-night", "content": "/etc"})
        assert "serve --content" in error(r, 400)
        r = api.c.post("/api/games/load", json={"save": save})
        assert r.status_code == 201, r.text
    with TestClient(create_app(db)) as c:  # a server not serving the pack refuses its saves
        r = c.post("/api/games/load", json={"save": save})
        assert "does not serve" in error(r, 400)
        forged = {**save, "setup": {**save["setup"], "content": str(tmp_path / "elsewhere")}}
        assert "does not serve" in error(c.post("/api/games/load", json={"save": forged}), 400)

