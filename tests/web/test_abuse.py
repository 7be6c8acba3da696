"""The server under abuse (docs/web.md, "Security and durability"): bounded hints that never slow
another game, a body limit that holds for chunked bodies, 4xx for hostile input, claimable seats,
no secret before the end, creation limits, expiry, Host and Origin checks, a private games file,
durable writes and geometry built at start-up. Each through the HTTP stack: starlette's TestClient
where the transport does not matter, a real server on loopback where it does."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import stat
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deadboard.core.save import SaveFile, load_checked
from deadboard.web import create_app
from deadboard.web.service import Service
from deadboard.web.store import Store
from tests.web.conftest import Api, claim_all
from tests.web.live import LiveServer
from tests.web.test_serve import ENV, ROOT, start, stop

QUICK: dict[str, Any] = {"scenario": "quick-game", "seed": 11}
HIDDEN: dict[str, Any] = {"scenario": "quick-game", "options": {"hidden-hero": True}, "players": 2, "seed": 7}


def error(r: Any, status: int) -> str:
    assert r.status_code == status, r.text
    return str(r.json()["error"]["message"])


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# ----- 1. hints: off the request path, bounded, cached ---------------------------------------------
def test_hints_are_bounded_per_game_and_per_server_and_cached_per_revision(db: Path) -> None:
    release = threading.Event()
    calls: list[int] = []

    def slow(game: Any, view: Any, seat: int) -> dict[str, Any]:
        calls.append(seat)
        release.wait(10)
        return {"action": game.legal_actions(view)[0].text, "win": 0.5}

    service = Service(Store(db), hint_workers=1, hint_capacity=2)
    service.hint_provider = slow  # a closure: it runs on the hint thread, with the same limits
    with TestClient(create_app(service, warm=False)) as c:
        api = Api(c)
        games = [api.solo(**QUICK) for _ in range(3)]
        answers: dict[int, Any] = {}

        def ask(k: int) -> None:
            gid, token = games[k]
            answers[k] = c.get(f"/api/games/{gid}/hint", headers=auth(token))

        waiting = [threading.Thread(target=ask, args=(k,)) for k in (0, 1)]
        for t in waiting:
            t.start()
        deadline = time.monotonic() + 10
        while len(service.hints._jobs) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        # the server's capacity (2) is taken: a third game is told when to come back
        third = c.get(f"/api/games/{games[2][0]}/hint", headers=auth(games[2][1]))
        assert "ask again" in error(third, 429) and int(third.headers["retry-after"]) >= 1
        # a game already being searched is searched once: the same question waits for the same search
        again = threading.Thread(target=ask, args=(0,))
        again.start()
        time.sleep(0.2)
        release.set()
        for t in [*waiting, again]:
            t.join(15)
        assert answers[0].status_code == 200 and answers[1].status_code == 200
        assert len(calls) == 2
        # asked again at the same revision: the kept answer, no new search
        r = c.get(f"/api/games/{games[0][0]}/hint", headers=auth(games[0][1]))
        assert r.status_code == 200 and r.json() == answers[0].json() and len(calls) == 2
        # a new revision is a new question
        page = api.page(*games[0])
        api.act(games[0][0], games[0][1], page["legal"][0]["text"])
        assert c.get(f"/api/games/{games[0][0]}/hint", headers=auth(games[0][1])).status_code == 200
        assert len(calls) == 3


def test_hammered_hints_never_slow_another_games_actions(tmp_path: Path) -> None:
    """Forty clients ask for hints in a loop (the search bot, in the hint process) while one player
    acts in another game: that player's actions stay fast."""
    proc, url = start("--port", "0", "--db", str(tmp_path / "g.db"))
    try:
        if not httpx2.get(url + "/api/meta").json()["capabilities"]["hint"]:
            pytest.skip("no hint engine installed")
        solos = []
        for k in range(8):
            made = httpx2.post(url + "/api/games", json={"game": "the-night", "scenario": "standard", "seed": k}).json()
            solos.append((made["id"], made["links"][0]["token"]))
        mine = httpx2.post(url + "/api/games", json={"game": "the-night", "scenario": "standard", "seed": 99}).json()
        gid, token = mine["id"], mine["links"][0]["token"]
        stop_at = time.monotonic() + 12
        statuses: list[int] = []
        lock = threading.Lock()

        def hammer(k: int) -> None:
            hgid, htoken = solos[k % len(solos)]
            with httpx2.Client(timeout=60) as client:
                while time.monotonic() < stop_at:
                    r = client.get(f"{url}/api/games/{hgid}/hint", headers=auth(htoken))
                    with lock:
                        statuses.append(r.status_code)
                    if r.status_code == 429:
                        time.sleep(0.05)

        threads = [threading.Thread(target=hammer, args=(k,)) for k in range(40)]
        for t in threads:
            t.start()
        time.sleep(2)  # the searches are under way
        latencies = []
        with httpx2.Client(timeout=60) as client:
            page = client.get(f"{url}/api/games/{gid}", headers=auth(token)).json()
            while time.monotonic() < stop_at - 1 and page["decision"] is not None:
                t0 = time.perf_counter()
                r = client.post(f"{url}/api/games/{gid}/actions", headers=auth(token), json={"action": page["legal"][-1]["text"]})
                latencies.append(time.perf_counter() - t0)
                assert r.status_code == 200, r.text
                page = r.json()
                time.sleep(0.05)
        for t in threads:
            t.join(60)
    finally:
        stop(proc)
    assert 200 in statuses and 429 in statuses and all(s in (200, 429) for s in statuses)
    assert len(latencies) >= 10
    # before: p50 0.8 s with forty clients looping on hints; the bounds are generous for a busy machine
    assert statistics.median(latencies) < 0.3, latencies
    assert max(latencies) < 2.0, latencies


# ----- 2. the body limit holds for a chunked body ------------------------------------------------
def test_a_chunked_body_stops_being_read_at_the_limit(tmp_path: Path) -> None:
    with LiveServer(tmp_path / "g.db") as server:
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"a" * 65536
        framed = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
        sent = 0
        answer = b""
        pending = memoryview(b"")
        sock.setblocking(False)
        while sent < 100 * 1024 * 1024:
            try:
                answer += sock.recv(65536)
            except BlockingIOError:
                pass
            except OSError:
                break
            if answer:
                break
            if not pending:
                pending = memoryview(framed)
            try:
                n = sock.send(pending)
            except BlockingIOError:
                time.sleep(0.01)
                continue
            except OSError:  # the server closed the connection
                break
            sent += n
            pending = pending[n:]
        sock.setblocking(True)
        sock.settimeout(5)
        try:
            while b"\r\n\r\n" not in answer:
                more = sock.recv(65536)
                if not more:
                    break
                answer += more
        except OSError:
            pass
        sock.close()
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    # the server stopped at 4 MB (what is in flight in the socket buffers comes on top)
    assert sent < 16 * 1024 * 1024, sent


# ----- 3. hostile input is a 4xx, never a 5xx -------------------------------------------------------
STORY_SQUARE_KEY = 'title = "x"\nturns = 3\n[zombie."\u00b2"]\nstrength = 6\n'


@pytest.mark.parametrize(
    ("path", "raw", "words"),
    [
        ("/api/games", '{"game": "the-night", "scenario": "take-the-house", "options": {"zombies": Infinity}}', "number"),
        ("/api/games", '{"game": "the-night", "scenario": "take-the-house", "options": {"zombies": 1e400}}', "too large"),
        ("/api/games", '{"game": "the-night", "seed": NaN}', "number"),
        ("/api/catalog/the-night/setup", '{"options": {"zombies": -Infinity}}', "number"),
        ("/api/games", "[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("/api/games", '{"game": "the-night", "x": ' + "[" * 100 + "]" * 100 + "}", "nested too deeply"),
    ],
)
def test_hostile_json_is_a_400(api: Api, path: str, raw: str, words: str) -> None:
    r = api.c.post(path, content=raw.encode(), headers={"Content-Type": "application/json"})
    assert words in error(r, 400)


def test_a_story_key_that_only_looks_like_a_number_is_a_400(api: Api) -> None:
    r = api.c.post("/api/games", json={"game": "the-night", "scenario": "make-your-own-story", "options": {"story": STORY_SQUARE_KEY}})
    assert "no zombie numbered" in error(r, 400)


@pytest.mark.parametrize("depth", [100_000, 100])
def test_a_story_nested_deep_is_a_400(api: Api, depth: int) -> None:
    story = "a = " + "[" * depth + "]" * depth + "\n"
    r = api.c.post("/api/games", json={"game": "the-night", "scenario": "make-your-own-story", "options": {"story": story}})
    assert "nested too deeply" in error(r, 400)


def _save(api: Api) -> dict[str, Any]:
    gid, token = api.solo(**QUICK)
    page = api.page(gid, token)
    for _ in range(3):
        page = api.act(gid, token, page["legal"][0]["text"]).json()
    return dict(api.save(gid, token).json())


@pytest.mark.parametrize("seed", [2**64, 2**63, -1, 10**400])
def test_loading_a_save_with_a_seed_out_of_range_is_a_400(api: Api, seed: int) -> None:
    save = _save(api)
    save.pop("sealed_seed")
    save["seed"] = seed
    raw = '{"save": ' + json.dumps(save).replace('"seed": ' + json.dumps(seed), '"seed": ' + str(seed)) + "}"
    assert "seed" in error(api.c.post("/api/games/load", content=raw.encode(), headers={"Content-Type": "application/json"}), 400)


def test_a_save_nested_deep_inside_its_text_is_a_400(api: Api) -> None:
    for text in ("[" * 100_000 + "]" * 100_000, '{"game": ' + "[" * 1000 + "]" * 1000 + "}"):
        assert "nested too deeply" in error(api.c.post("/api/games/load", json={"save": text}), 400)
    story: dict[str, Any] = {"title": "x"}
    for _ in range(60):
        story = {"a": story}
    bad = {"game": "the-night", "version": "1", "setup": {"scenario": "make-your-own-story", "options": {"story": story}},
           "seed": 1, "actions": [], "hash": "0"}
    assert "nested too deeply" in error(api.c.post("/api/games/load", json={"save": json.dumps(bad)}), 400)


def test_an_option_value_too_large_for_a_number_in_a_save_is_a_400(api: Api) -> None:
    save = _save(api)
    save.pop("sealed_seed")
    save["seed"] = 1
    text = json.dumps(save).replace('"options": {}', '"options": {"zombies": 1e400}')
    assert "too large" in error(api.c.post("/api/games/load", json={"save": text}), 400)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
KEYS = st.sampled_from(["game", "scenario", "options", "players", "seed", "seats", "hotseat", "save", "action", "at",
                        "log_from", "log_epoch", "invite", "content", "story", "zombies"])
BODIES = st.one_of(
    st.dictionaries(KEYS, JSON_VALUES, max_size=6),
    JSON_VALUES.map(json.dumps),
    st.binary(max_size=64),
    st.text(max_size=64),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(body=BODIES, which=st.integers(min_value=0, max_value=11), query=st.text(max_size=12))
def test_junk_posted_to_any_endpoint_is_never_a_5xx(api: Api, body: Any, which: int, query: str) -> None:
    c = api.c
    if not hasattr(api, "game"):
        api.game = api.solo(**QUICK)  # type: ignore[attr-defined]
    gid, token = api.game  # type: ignore[attr-defined]
    endpoints = [
        ("POST", "/api/games"), ("POST", "/api/games/load"), ("POST", "/api/catalog/the-night/setup"),
        ("POST", f"/api/games/{gid}/actions"), ("POST", f"/api/games/{gid}/undo"), ("POST", f"/api/games/{gid}/claim"),
        ("GET", f"/api/games/{gid}"), ("GET", f"/api/games/{gid}/replay"), ("GET", f"/api/games/{gid}/save"),
        ("POST", f"/api/games/{gid}/invites/1"), ("DELETE", f"/api/games/{gid}/invites/0"), ("GET", "/api/catalog/x"),
    ]
    method, path = endpoints[which]
    headers = {**auth(token), "Content-Type": "application/json"}
    params = {"step": query, "since": query, "log_from": query} if query else None
    if isinstance(body, dict):
        r = c.request(method, path, json=body, headers=headers, params=params)
    else:
        r = c.request(method, path, content=body if isinstance(body, bytes) else body.encode(), headers=headers, params=params)
    assert r.status_code < 500, (method, path, body, r.text)


# ----- 4. claimable seats -------------------------------------------------------------------------
def test_the_first_to_open_an_invitation_claims_the_seat_and_the_invitation_stops_working(api: Api) -> None:
    made = api.new(claim=False, **HIDDEN)
    gid, owner = made["id"], made["owner"]
    first, second = made["links"]
    assert "creator" in error(api.c.get(f"/api/games/{gid}", headers=auth(owner)), 403)
    r = api.c.post(f"/api/games/{gid}/claim", json={"invite": first["invite"]})
    assert r.status_code == 200, r.text
    seat_token = r.json()["token"]
    assert r.json()["seat"] == 0 and r.json()["url"] == f"/play/{gid}#{seat_token}"
    assert api.page(gid, seat_token)["you"] == [0]
    assert "claimed already" in error(api.c.post(f"/api/games/{gid}/claim", json={"invite": first["invite"]}), 403)
    # the invitation is not a token, and a seat's token is not the owner's
    assert "token" in error(api.c.get(f"/api/games/{gid}", headers=auth(first["invite"])), 403)
    assert "creator" in error(api.c.post(f"/api/games/{gid}/invites/1", headers=auth(seat_token)), 403)
    status = api.c.get(f"/api/games/{gid}/invites", headers=auth(owner)).json()["seats"]
    assert [s["claimed"] for s in status] == [True, False]
    # the creator replaces the unclaimed invitation: the old one stops working, the new one works
    fresh = api.c.post(f"/api/games/{gid}/invites/1", headers=auth(owner)).json()
    assert fresh["invite"] != second["invite"]
    assert error(api.c.post(f"/api/games/{gid}/claim", json={"invite": second["invite"]}), 403)
    assert "claimed" in error(api.c.post(f"/api/games/{gid}/invites/0", headers=auth(owner)), 409)
    revoked = api.c.delete(f"/api/games/{gid}/invites/1", headers=auth(owner))
    assert revoked.status_code == 200
    assert error(api.c.post(f"/api/games/{gid}/claim", json={"invite": fresh["invite"]}), 403)
    again = api.c.post(f"/api/games/{gid}/invites/1", headers=auth(owner)).json()
    r = api.c.post(f"/api/games/{gid}/claim", json={"invite": again["invite"]})
    assert r.status_code == 200 and r.json()["seat"] == 1


def test_racing_claims_give_a_seat_once(api: Api) -> None:
    made = api.new(claim=False, **HIDDEN)
    gid, code = made["id"], made["links"][1]["invite"]
    got: list[int] = []

    def claim() -> None:
        got.append(api.c.post(f"/api/games/{gid}/claim", json={"invite": code}).status_code)

    threads = [threading.Thread(target=claim) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(got) == [200] + [403] * 7


def test_a_hot_seat_token_exists_only_for_a_hot_seat_game(api: Api) -> None:
    plain = api.new(claim=False, **HIDDEN)
    assert all(link["seats"] != [0, 1] for link in plain["links"])
    table = api.new(**HIDDEN, hotseat=True)
    assert [link["seats"] for link in table["links"]] == [[0, 1]]


# ----- 5. no seat receives another seat's secret or the future before the end -------------------------
def _against_bot(api: Api) -> tuple[str, str]:
    made = api.new(game="the-night", scenario="quick-game", options={"zombie-player": True}, players=2, seed=3,
                   seats=[{"player": "person"}, {"player": "bot", "bot": "random"}])
    return made["id"], made["links"][0]["token"]


def test_a_person_playing_against_bots_gets_no_save_and_no_seed_before_the_end(api: Api) -> None:
    gid, token = _against_bot(api)
    page = api.page(gid, token)
    assert "seed" not in page and "seed" not in page["setup"]
    assert "over" in error(api.save(gid, token), 403)
    assert page["can_save"] is False
    service = api.c.app.state.service  # type: ignore[attr-defined]
    for _ in range(1000):
        service.wait_idle(gid, timeout=30)
        page = api.page(gid, token)
        if page["decision"] is None:
            break
        api.act(gid, token, page["legal"][-1]["text"])
    assert page["decision"] is None
    r = api.save(gid, token)
    assert r.status_code == 200 and isinstance(r.json()["seed"], int)  # the game is over: the whole save


def test_a_solitaire_save_before_the_end_has_its_seed_sealed_and_resumes_only_here(api: Api, tmp_path: Path) -> None:
    save = _save(api)
    assert "seed" not in save and save["sealed_seed"] and save["signature"]
    r = api.c.post("/api/games/load", json={"save": save})
    assert r.status_code == 201, r.text
    assert api.page(r.json()["id"], r.json()["links"][0]["token"])["steps"] == 3
    with TestClient(create_app(tmp_path / "other.sqlite3", warm=False)) as other:
        assert "signature" in error(other.post("/api/games/load", json={"save": save}), 400)


# ----- 6. creation limit, expiry, Origin and Host ----------------------------------------------------
def test_creation_is_rate_limited_per_client(db: Path) -> None:
    with TestClient(create_app(db, warm=False, create_per_minute=5)) as c:
        codes = [c.post("/api/games", json={"game": "the-night", **QUICK}).status_code for _ in range(8)]
        assert codes == [201] * 5 + [429] * 3
        r = c.post("/api/games", json={"game": "the-night", **QUICK})
        assert "too many" in error(r, 429) and int(r.headers["retry-after"]) >= 1


def test_games_unchanged_for_keep_days_expire(db: Path) -> None:
    with TestClient(create_app(db, warm=False)) as c:
        old_gid, old_token = Api(c).solo(**QUICK)
        new_gid, new_token = Api(c).solo(**QUICK)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE games SET updated = updated - 3 * 86400 WHERE id = ?", (old_gid,))
    with TestClient(create_app(db, warm=False, keep_days=2)) as c:
        assert c.get(f"/api/games/{old_gid}", headers=auth(old_token)).status_code == 404
        assert c.get(f"/api/games/{new_gid}", headers=auth(new_token)).status_code == 200
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (old_gid,)).fetchone()[0] == 0
        assert conn.execute("SELECT COUNT(*) FROM tokens WHERE game_id = ?", (old_gid,)).fetchone()[0] == 0


def test_a_page_of_another_origin_cannot_change_games(api: Api) -> None:
    body = b'{"game": "the-night", "scenario": "quick-game"}'
    foreign = api.c.post("/api/games", content=body, headers={"Content-Type": "text/plain", "Origin": "http://evil.example"})
    assert "another site" in error(foreign, 403)
    assert error(api.c.post("/api/games", content=body, headers={"Origin": "null"}), 403)
    assert error(api.c.post("/api/games", content=body, headers={"Sec-Fetch-Site": "cross-site"}), 403)
    same = api.c.post("/api/games", content=body, headers={"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"})
    assert same.status_code == 201
    assert api.c.post("/api/games", content=body).status_code == 201  # a program, not a page


def test_serve_answers_only_its_own_host_names(tmp_path: Path) -> None:
    proc, url = start("--port", "0", "--db", str(tmp_path / "g.db"))
    try:
        port = url.rsplit(":", 1)[1]
        assert "host" in error(httpx2.get(url + "/api/meta", headers={"Host": "evil.example"}), 400)
        assert httpx2.get(url + "/api/meta", headers={"Host": f"localhost:{port}"}).status_code == 200
        assert httpx2.get(url + "/api/meta").status_code == 200
    finally:
        stop(proc)
    proc, url = start("--port", "0", "--db", str(tmp_path / "g.db"), "--allowed-host", "games.example")
    try:
        assert httpx2.get(url + "/api/meta", headers={"Host": "games.example"}).status_code == 200
        assert httpx2.get(url + "/api/meta", headers={"Host": "evil.example"}).status_code == 400
    finally:
        stop(proc)


# ----- 7, 8. the games file: private and durable --------------------------------------------------------
def test_the_games_file_and_the_key_are_readable_by_their_owner_only(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        db = tmp_path / "games.sqlite3"
        with TestClient(create_app(db, warm=False)) as c:
            Api(c).solo(**QUICK)
    finally:
        os.umask(old)
    for path in (db, Path(str(db) + ".key"), *tmp_path.glob("games.sqlite3-*")):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path


def test_writes_are_synchronous_full_unless_asked_otherwise(tmp_path: Path) -> None:
    full = Store(tmp_path / "a.db")
    normal = Store(tmp_path / "b.db", synchronous="normal")
    try:
        assert full._conn().execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert normal._conn().execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    finally:
        full.close()
        normal.close()


# ----- 9. geometry built at start-up --------------------------------------------------------------
def test_the_lines_of_sight_are_built_before_the_first_game(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from fastapi.testclient import TestClient\n"
        "from deadboard.web import create_app\n"
        "from deadboard.games.the_night.content import load_content\n"
        "with TestClient(create_app(sys.argv[1])):\n"
        "    grid = load_content(None).grid\n"
        "    print(len(grid._los), sum(grid.passable))\n"
    )
    out = subprocess.run([sys.executable, "-c", script, str(tmp_path / "g.db")], capture_output=True, text=True,
                         env=ENV, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    built, squares = map(int, out.stdout.split())
    assert built >= 0.9 * squares, (built, squares)


# ----- 10. the load script reports both figures from one run ---------------------------------------
def test_the_load_script_reports_end_to_end_and_server_figures_from_one_run() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "load_web.py"), "--games", "3", "--seconds", "2",
                          "--warmup", "1", "--think", "0.2"], capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=180)
    assert out.returncode == 0, out.stderr + out.stdout
    assert "end to end" in out.stdout and "in the server" in out.stdout and "machine:" in out.stdout


# ----- 12. tamper evidence on the web ------------------------------------------------------------------
def test_an_edited_save_is_named_as_such(api: Api) -> None:
    save = _save(api)
    edited = {**save, "actions": save["actions"][:-1]}
    assert "edited" in error(api.c.post("/api/games/load", json={"save": edited}), 400)
    unsigned = {k: v for k, v in save.items() if k != "signature"}
    assert "seed" in error(api.c.post("/api/games/load", json={"save": unsigned}), 400)
    service = api.c.app.state.service  # type: ignore[attr-defined]
    whole = load_checked(SaveFile.from_json(save), key=service.key)
    plain = SaveFile.from_json(save)
    plain = SaveFile(plain.game, plain.version, plain.setup, whole.seed, plain.actions, plain.hash)
    no_hash = {**plain.to_json()}
    no_hash.pop("hash")
    assert "no hash" in error(api.c.post("/api/games/load", json={"save": no_hash}), 400)
    rehashed = {**plain.to_json(), "actions": plain.actions[:-1]}
    assert "edited" in error(api.c.post("/api/games/load", json={"save": rehashed}), 400)
    assert api.c.post("/api/games/load", json={"save": plain.to_json()}).status_code == 201


def test_claim_all_gives_each_link_its_token(api: Api) -> None:
    made = claim_all(api.c, api.new(claim=False, **HIDDEN))
    assert all(api.page(made["id"], link["token"])["you"] == link["seats"] for link in made["links"])


def test_a_search_bot_thinks_in_the_hint_process(api: Api) -> None:
    made = api.new(game="district-z", players=2, seed=5,
                   seats=[{"player": "bot", "bot": "mcts"}, {"player": "bot", "bot": "random"}])
    service = api.c.app.state.service  # type: ignore[attr-defined]
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        with service.lock(made["id"]):
            rows = list(service._session(made["id"]).actions)
        if sum(1 for r in rows if r.seat == 0) >= 3:
            break
        time.sleep(0.2)
    assert sum(1 for r in rows if r.seat == 0) >= 3, "the search bot did not move"
    assert service.hints._procs is not None  # it searched in a worker process, not on a request's thread
    assert api.page(made["id"], made["links"][0]["token"])["bot_error"] is None
