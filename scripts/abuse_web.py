"""Abuse a ``deadboard serve`` on loopback and print what it does: hints hammered while another game
is played, a chunked body far over the limit, a flood of new games, a foreign page and a foreign
host name. Run it against two source trees to see a change (the figures in docs/web.md, "Security
and durability", come from it):

    python scripts/abuse_web.py                         # this tree's sources
    python scripts/abuse_web.py --src /elsewhere/src    # another tree (e.g. before a change)

It starts its own server on 127.0.0.1 with a fresh games file in a temporary folder, contacts only
that server, runs each part for a bounded time (``--seconds``), sends a bounded number of requests,
stops the server and exits. Nothing else on the machine or the network is touched.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HAMMERS = 40  # clients asking for hints in a loop
FLOOD = 200  # new games asked for in a row by one client
CHUNKED_MB = 100  # the chunked body offered (the limit is 4 MB)


class Server:
    def __init__(self, src: Path, db: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(src)}
        self.proc = subprocess.Popen([sys.executable, "-m", "deadboard", "serve", "--host", "127.0.0.1", "--port", "0",
                                      "--db", str(db)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if "serving on " not in line:
            self.proc.kill()
            raise SystemExit(f"the server did not start: {line!r}")
        self.port = int(line.split("serving on ", 1)[1].split()[0].rstrip("/").rsplit(":", 1)[1])
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        assert self.proc.stdout is not None
        for _ in self.proc.stdout:
            pass

    def rss_mb(self) -> tuple[float, float]:
        """(resident, peak resident) memory of the server process, MB."""
        now = peak = 0.0
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                now = int(line.split()[1]) / 1024
            elif line.startswith("VmHWM:"):
                peak = int(line.split()[1]) / 1024
        return now, peak

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def request(port: int, method: str, path: str, body: Any = None, token: str | None = None,
            headers: dict[str, str] | None = None, timeout: float = 60) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        h = dict(headers or {})
        data = None
        if body is not None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            h.setdefault("Content-Type", "application/json")
        if token:
            h["Authorization"] = f"Bearer {token}"
        conn.request(method, path, body=data, headers=h)
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()


def new_game(port: int, seed: int) -> tuple[str, str]:
    status, _, raw = request(port, "POST", "/api/games", {"game": "the-night", "scenario": "standard", "seed": seed})
    if status != 201:
        raise SystemExit(f"cannot start a game: {status} {raw[:200]!r}")
    made = json.loads(raw)
    return made["id"], made["links"][0]["token"]


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))] if s else float("nan")


def play(port: int, gid: str, token: str, until: float, pause: float = 0.05) -> list[float]:
    """Act in one game until ``until``; each action's latency, ms."""
    out: list[float] = []
    _, _, raw = request(port, "GET", f"/api/games/{gid}", token=token)
    page = json.loads(raw)
    while time.monotonic() < until:
        if page["decision"] is None:
            gid, token = new_game(port, int(time.monotonic() * 1000) % 2**31)
            page = json.loads(request(port, "GET", f"/api/games/{gid}", token=token)[2])
            continue
        t0 = time.perf_counter()
        status, _, raw = request(port, "POST", f"/api/games/{gid}/actions", {"action": page["legal"][-1]["text"]}, token)
        out.append((time.perf_counter() - t0) * 1000)
        if status != 200:
            raise SystemExit(f"an action failed: {status} {raw[:200]!r}")
        page = json.loads(raw)
        time.sleep(pause)
    return out


def hints_part(port: int, seconds: float) -> dict[str, Any]:
    """Item 1: actions in one game, alone and while HAMMERS clients loop on hints in other games."""
    games = [new_game(port, k) for k in range(8)]
    mine = new_game(port, 99)
    calm = play(port, *mine, time.monotonic() + seconds / 2)
    stop_at = time.monotonic() + seconds
    statuses: dict[int, int] = {}
    lock = threading.Lock()

    def hammer(k: int) -> None:
        gid, token = games[k % len(games)]
        while time.monotonic() < stop_at:
            try:
                status, _, _ = request(port, "GET", f"/api/games/{gid}/hint", token=token, timeout=30)
            except OSError:
                status = 0
            with lock:
                statuses[status] = statuses.get(status, 0) + 1
            if status == 429:
                time.sleep(0.05)

    threads = [threading.Thread(target=hammer, args=(k,), daemon=True) for k in range(HAMMERS)]
    for t in threads:
        t.start()
    time.sleep(1.0)
    busy = play(port, *new_game(port, 98), stop_at)
    for t in threads:
        t.join(60)
    return {"calm": calm, "busy": busy, "statuses": statuses}


def chunked_part(server: Server) -> dict[str, Any]:
    """Item 2: a chunked POST of CHUNKED_MB; how far the server read, and its memory."""
    before, _ = server.rss_mb()
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 b"Transfer-Encoding: chunked\r\n\r\n")
    chunk = b"a" * 65536
    frame = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
    sent = 0
    answer = b""
    pending = memoryview(b"")
    sock.setblocking(False)
    deadline = time.monotonic() + 60
    while sent < CHUNKED_MB * 1024 * 1024 and time.monotonic() < deadline:
        try:
            answer += sock.recv(65536)
        except BlockingIOError:
            pass
        except OSError:
            break
        if answer:
            break
        if not pending:
            pending = memoryview(frame)
        try:
            n = sock.send(pending)
        except BlockingIOError:
            time.sleep(0.002)
            continue
        except OSError:
            break
        sent += n
        pending = pending[n:]
    if not answer:  # everything offered: end the body and wait for the answer
        sock.setblocking(True)
        try:
            sock.sendall(bytes(pending) + b"0\r\n\r\n")
            answer = sock.recv(65536)
        except OSError:
            pass
    sock.close()
    time.sleep(0.5)
    after, peak = server.rss_mb()
    status = answer.split(b"\r\n", 1)[0].decode("latin-1", "replace")
    return {"sent_mb": sent / 2**20, "status": status, "rss_before": before, "rss_after": after, "rss_peak": peak}


def limits_part(port: int) -> dict[str, Any]:
    """Item 6: a flood of new games from one client, a foreign page, a foreign host name."""
    codes: dict[int, int] = {}
    for k in range(FLOOD):
        status, _, _ = request(port, "POST", "/api/games", {"game": "the-night", "scenario": "quick-game", "seed": k})
        codes[status] = codes.get(status, 0) + 1
    foreign, _, _ = request(port, "POST", "/api/games", b'{"game": "the-night"}',
                            headers={"Content-Type": "text/plain", "Origin": "http://evil.example"})
    host, _, _ = request(port, "GET", "/api/catalog", headers={"Host": "evil.example"})
    return {"flood": codes, "foreign_origin": foreign, "foreign_host": host}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--src", type=Path, default=ROOT / "src", help="the source tree to serve (default: this one's)")
    ap.add_argument("--seconds", type=float, default=12.0, help="length of the hint part (default 12)")
    args = ap.parse_args()
    if not (args.src / "deadboard").is_dir():
        raise SystemExit(f"--src {args.src}: no deadboard package there")
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(args.src, Path(tmp) / "abuse.sqlite3")
        try:
            hints = hints_part(server.port, args.seconds)
            chunked = chunked_part(server)
            limits = limits_part(server.port)  # last: a limited client gets no new game for a while
        finally:
            server.stop()
    try:
        load = f"load average {os.getloadavg()[0]:.1f}"
    except OSError:
        load = "load average unknown"
    print(f"deadboard serve from {args.src} on 127.0.0.1; {os.cpu_count()} CPUs, {load}")
    calm, busy = hints["calm"], hints["busy"]
    print(f"1. hints: {HAMMERS} clients loop on GET /hint in 8 games for {args.seconds:g} s; another game is played meanwhile")
    print(f"   that game's actions alone:        p50 {pct(calm, 50):7.1f} ms  p99 {pct(calm, 99):7.1f} ms  ({len(calm)} actions)")
    print(f"   while the hints are hammered:     p50 {pct(busy, 50):7.1f} ms  p99 {pct(busy, 99):7.1f} ms  "
          f"max {max(busy, default=float('nan')):7.1f} ms  ({len(busy)} actions)")
    answers = ", ".join(f"{k or 'failed'}: {v}" for k, v in sorted(hints["statuses"].items()))
    print(f"   hint answers: {answers}")
    print(f"2. a chunked POST of {CHUNKED_MB} MB: {chunked['sent_mb']:.1f} MB sent before the answer "
          f"({chunked['status']}); server memory {chunked['rss_before']:.0f} MB before, {chunked['rss_after']:.0f} MB after, "
          f"peak {chunked['rss_peak']:.0f} MB")
    flood = ", ".join(f"{k}: {v}" for k, v in sorted(limits["flood"].items()))
    print(f"6. {FLOOD} new games asked in a row by one client: {flood}; a text/plain POST from Origin "
          f"http://evil.example: {limits['foreign_origin']}; GET with Host: evil.example: {limits['foreign_host']}")
    if busy and calm:
        print(f"   median action latency under the hint flood: {statistics.median(busy) / statistics.median(calm):.1f}x the calm one")


if __name__ == "__main__":
    main()
