"""Connections held open are bounded (docs/web.md, "Security and durability"): an idle connection, a
request head sent byte by byte and a body sent byte by byte are closed past their deadlines; a
newer long poll from a token ends its older one. A real uvicorn server with the protocol ``serve``
uses, on loopback, its deadlines shortened for the test (bounded: a few seconds)."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from deadboard.web import connections, create_app
from deadboard.web.connections import IDLE_TIMEOUT, TimedH11Protocol


@pytest.fixture
def port(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    monkeypatch.setattr(connections, "HEADER_TIMEOUT", 1.5)
    monkeypatch.setattr(connections, "BODY_TIMEOUT", 2.0)
    app = create_app(tmp_path / "games.sqlite3", warm=False, long_poll=5.0)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(256)
    config = uvicorn.Config(app, log_level="error", http=TimedH11Protocol, timeout_keep_alive=IDLE_TIMEOUT)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def closed_within(s: socket.socket, seconds: float, trickle: bytes = b"") -> bool:
    """Whether the server closes ``s`` within ``seconds``, sending ``trickle`` a byte at a time."""
    s.settimeout(0.25)
    deadline = time.monotonic() + seconds
    k = 0
    while time.monotonic() < deadline:
        try:
            if k < len(trickle):
                s.sendall(trickle[k : k + 1])
                k += 1
            if s.recv(4096) == b"":
                return True
        except TimeoutError:
            continue
        except OSError:
            return True
    return False


def test_idle_slow_head_and_slow_body_connections_are_closed(port: int) -> None:
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(20)]
    slow_head = socket.create_connection(("127.0.0.1", port))
    slow_body = socket.create_connection(("127.0.0.1", port))
    slow_body.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                      b"Content-Length: 100000\r\n\r\n")
    start = time.monotonic()
    results: dict[str, bool] = {}

    def watch(name: str, s: socket.socket, trickle: bytes = b"") -> None:
        results[name] = closed_within(s, 8, trickle)

    threads = [threading.Thread(target=watch, args=(f"idle{k}", s)) for k, s in enumerate(idle)]
    threads.append(threading.Thread(target=watch, args=("head", slow_head, b"GET /api/meta HTTP/1.1\r\nX-Slow: " + b"a" * 400)))
    threads.append(threading.Thread(target=watch, args=("body", slow_body, b"{" + b" " * 400)))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(results.values()), results
    assert time.monotonic() - start < 8
    # a request sent at once is served as before
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/api/meta")
    assert conn.getresponse().status == 200


def test_a_newer_long_poll_from_the_same_token_ends_the_older_one(port: int) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("POST", "/api/games", json.dumps({"game": "the-night", "scenario": "quick-game", "seed": 3}),
                 {"Content-Type": "application/json"})
    made = json.loads(conn.getresponse().read())
    gid, token = made["id"], made["links"][0]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    conn.request("GET", f"/api/games/{gid}", headers=headers)
    rev = json.loads(conn.getresponse().read())["rev"]
    answers: list[tuple[str, float, dict[str, object]]] = []

    def poll(name: str) -> None:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        t0 = time.monotonic()
        c.request("GET", f"/api/games/{gid}?since={rev}", headers=headers)
        answer = json.loads(c.getresponse().read())
        answers.append((name, time.monotonic() - t0, answer))

    older = threading.Thread(target=poll, args=("older",))
    older.start()
    time.sleep(0.5)
    newer = threading.Thread(target=poll, args=("newer",))
    newer.start()
    older.join()
    first = answers[0]
    assert first[0] == "older" and first[2].get("unchanged") is True
    assert first[1] < 0.5 + connections.SUPERSEDED_GRACE + 1.0  # ended by the newer one, not by the 5 s wait
    newer.join()
    assert answers[1][0] == "newer" and answers[1][1] > 4.0, answers  # the newer one waited its whole time
