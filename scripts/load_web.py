"""Load the web server with many concurrent games and report how long an action takes.

Starts ``deadboard serve`` on a free loopback port with a fresh games file (or uses ``--url``), then
plays ``--games`` games at once through the HTTP API, as pages do: each player reads its page,
thinks for a moment (uniform, mean ``--think`` seconds), sends a random legal action (``POST
/api/games/{id}/actions`` with the page's ``rev``), and starts a new game when one ends. After a
warm-up it measures, for every action, the time from sending the request to having read the whole
answer (end to end), and the server's own time (its ``Server-Timing`` header), both for the same
actions of the same run. Prints p50, p90, p99 and max of both, and what the machine was doing
meanwhile: its load average and how busy its CPUs were, split between the server, this client and
every other process. Bounded in time; only this machine's loopback is ever contacted.

Each player keeps one HTTP/1.1 connection and speaks it with asyncio streams: a general-purpose
client library costs more CPU per request than the server does, and on a small machine that cost
would be measured as latency.

    python scripts/load_web.py                      # 50 games, 20 s, The Night, 1 s think time
    python scripts/load_web.py --games 50 --seconds 30 --think 0.25
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
SERVER_OUTPUT: list[str] = []
DURABILITY: list[str] = []


def cpu_busy() -> tuple[float, float] | None:
    """(busy, total) CPU seconds of the whole machine since boot (Linux ``/proc/stat``), or None."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    tick = os.sysconf("SC_CLK_TCK")
    return (sum(fields) - idle) / tick, sum(fields) / tick


def _drain(stream: Any) -> None:
    """Keep reading the server's output (a full pipe would stall it); keep the last lines."""
    for line in stream:
        SERVER_OUTPUT.append(line)
        del SERVER_OUTPUT[:-50]


def start_server(db: Path) -> tuple[subprocess.Popen[str], str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen(
        # a load test, not an abuse test: the per-client limit on new games is off (every player
        # here is one client, 127.0.0.1)
        [sys.executable, "-m", "deadboard", "serve", "--host", "127.0.0.1", "--port", "0", "--db", str(db),
         "--create-limit", "0", *DURABILITY],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
    )
    assert proc.stdout is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        if "serving on " in line:
            url = line.split("serving on ", 1)[1].split()[0].rstrip("/")
            threading.Thread(target=_drain, args=(proc.stdout,), daemon=True).start()
            return proc, url
    proc.kill()
    raise SystemExit("the server did not start")


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process (Linux), or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    k = min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))
    return s[k]


class Answer:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status = status
        self.headers = headers
        self.body = body

    def json(self) -> Any:
        return json.loads(self.body)


class Connection:
    """One keep-alive HTTP/1.1 connection to the server, one request at a time."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> Answer:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Content-Length: {len(data)}"]
        if body is not None:
            head.append("Content-Type: application/json")
        if token:
            head.append(f"Authorization: Bearer {token}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("the server closed the connection")
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            k, _, v = line.decode("latin-1").partition(":")
            headers[k.strip().lower()] = v.strip()
        if "content-length" in headers:
            payload = await self.reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding") == "chunked":
            parts = []
            while True:
                size = int((await self.reader.readline()).strip(), 16)
                if size == 0:
                    await self.reader.readline()
                    break
                parts.append(await self.reader.readexactly(size))
                await self.reader.readline()
            payload = b"".join(parts)
        else:
            payload = await self.reader.read()
        return Answer(status, headers, payload)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()


class Player:
    def __init__(self, conn: Connection, args: argparse.Namespace, k: int) -> None:
        self.c = conn
        self.args = args
        self.rng = random.Random(args.seed * 1000 + k)
        self.latencies: list[float] = []  # end to end, ms
        self.server: list[float] = []  # the server's own time (its Server-Timing header), ms
        self.games = 0
        self.errors: list[str] = []
        self.measure_from = 0.0

    async def new_game(self) -> tuple[str, str, dict[str, Any]]:
        body = {"game": self.args.game, "scenario": self.args.scenario, "seed": self.rng.randrange(2**31)}
        r = await self.c.request("POST", "/api/games", body)
        if r.status != 201:
            raise SystemExit(f"cannot start a game: {r.status} {r.body[:200]!r}")
        made = r.json()
        gid, token = made["id"], made["links"][0]["token"]
        page = (await self.c.request("GET", f"/api/games/{gid}", token=token)).json()
        self.games += 1
        return gid, token, page

    async def run(self, stop: float) -> None:
        gid, token, page = await self.new_game()
        while time.monotonic() < stop:
            if page["decision"] is None or not page["legal"]:
                gid, token, page = await self.new_game()
                continue
            await asyncio.sleep(self.rng.uniform(0, 2 * self.args.think))
            action = self.rng.choice(page["legal"])["text"]
            body = {"action": action, "at": page["rev"], "log_from": page["log_total"], "log_epoch": page["log_epoch"]}
            t0 = time.perf_counter()
            try:
                r = await self.c.request("POST", f"/api/games/{gid}/actions", body, token)
            except (OSError, ConnectionError, asyncio.IncompleteReadError) as e:
                self.errors.append(f"{type(e).__name__}: {e}")
                await self.c.close()
                self.c.writer = None
                gid, token, page = await self.new_game()
                continue
            elapsed = time.perf_counter() - t0
            if r.status != 200:
                self.errors.append(f"{r.status}: {r.body[:200]!r}")
                gid, token, page = await self.new_game()
                continue
            if time.monotonic() >= self.measure_from:
                self.latencies.append(elapsed * 1000)
                timing = r.headers.get("server-timing", "")
                if "dur=" in timing:
                    self.server.append(float(timing.split("dur=", 1)[1].split(";")[0].split(",")[0]))
            page = r.json()


async def drive(url: str, args: argparse.Namespace, server_pid: int | None, marks: dict[str, float]) -> list[Player]:
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    players = [Player(Connection(host, port), args, k) for k in range(args.games)]
    start = time.monotonic()
    for p in players:
        p.measure_from = start + args.warmup
    stop = start + args.warmup + args.seconds

    async def mark() -> None:
        await asyncio.sleep(args.warmup)
        cpu = cpu_seconds(server_pid) if server_pid else None
        if cpu is not None:
            marks["cpu0"] = cpu
        marks["client0"] = time.process_time()
        machine = cpu_busy()
        if machine is not None:
            marks["busy0"], marks["total0"] = machine
        with contextlib.suppress(OSError):
            marks["load0"] = os.getloadavg()[0]

    try:
        await asyncio.gather(mark(), *(p.run(stop) for p in players))
    finally:
        for p in players:
            await p.c.close()
    return players


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=50, help="games played at the same time (default 50)")
    ap.add_argument("--seconds", type=float, default=20.0, help="how long to measure (default 20)")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds played first and not measured (default 5)")
    ap.add_argument("--think", type=float, default=1.0, help="mean think time of a player between actions, s (default 1)")
    ap.add_argument("--game", default="the-night")
    ap.add_argument("--scenario", default="standard")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--url", help="use a running server on this machine instead of starting one")
    ap.add_argument("--target-ms", type=float, default=50.0, help="p99 target in ms (default 50)")
    ap.add_argument("--durability", choices=("full", "normal"), default="full",
                    help="the server's --durability (default full: every answered action survives a power loss)")
    args = ap.parse_args()
    DURABILITY[:] = ["--durability", args.durability]
    if args.url and urlsplit(args.url).hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("--url must be a server on this machine (127.0.0.1, localhost or [::1])")
    proc = None
    machine1: tuple[float, float] | None = None
    with tempfile.TemporaryDirectory() as tmp:
        if args.url:
            url = args.url.rstrip("/")
        else:
            proc, url = start_server(Path(tmp) / "load.sqlite3")
        try:
            marks: dict[str, float] = {}
            players = asyncio.run(drive(url, args, proc.pid if proc is not None else None, marks))
            cpu1 = cpu_seconds(proc.pid) if proc is not None else None
            client_cpu = time.process_time() - marks.get("client0", 0.0)
            machine1 = cpu_busy()
            with contextlib.suppress(OSError):
                marks["load1"] = os.getloadavg()[0]
        finally:
            if proc is not None:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
    lat = [x for p in players for x in p.latencies]
    inside = [x for p in players for x in p.server]
    errors = [e for p in players for e in p.errors]
    games = sum(p.games for p in players)
    wall = args.seconds
    print(f"{args.games} concurrent games of {args.game} ({args.scenario}), {wall:g} s measured after {args.warmup:g} s, "
          f"mean think time {args.think * 1000:.0f} ms, server durability {args.durability}")
    print(f"actions: {len(lat)} ({len(lat) / wall:.0f}/s), games started: {games}, refused or failed: {len(errors)}")
    print("the same actions, measured two ways:")
    if lat:
        print(f"  end to end (request sent to answer read by this client), ms: p50 {pct(lat, 50):.1f}  p90 {pct(lat, 90):.1f}  "
              f"p99 {pct(lat, 99):.1f}  max {max(lat):.1f}  mean {statistics.fmean(lat):.1f}")
    if inside:
        print(f"  in the server (its Server-Timing), ms:                   p50 {pct(inside, 50):.1f}  p90 {pct(inside, 90):.1f}  "
              f"p99 {pct(inside, 99):.1f}  max {max(inside):.1f}  mean {statistics.fmean(inside):.1f}")
    if lat:
        ok = pct(lat, 99) < args.target_ms
        print(f"target p99 < {args.target_ms:g} ms end to end: {'met' if ok else 'NOT met'}")
    cpu0 = marks.get("cpu0")
    server_cpu = cpu1 - cpu0 if cpu0 is not None and cpu1 is not None else None
    if server_cpu is not None and lat:
        print(f"CPU: server {server_cpu:.1f} s ({server_cpu / wall:.0%} of a core, {server_cpu / len(lat) * 1000:.1f} ms an action), "
              f"load client {client_cpu:.1f} s ({client_cpu / wall:.0%} of a core)")
    parts = [f"{os.cpu_count()} CPUs"]
    if "load0" in marks and "load1" in marks:
        parts.append(f"load average {marks['load0']:.1f} at the start of the measurement, {marks['load1']:.1f} at its end")
    if machine1 is not None and "busy0" in marks:
        busy = machine1[0] - marks["busy0"]
        total = machine1[1] - marks["total0"]
        others = busy - (server_cpu or 0.0) - client_cpu
        parts.append(f"CPUs {busy / total:.0%} busy during the measurement: server {(server_cpu or 0.0) / total:.0%}, "
                     f"this client {client_cpu / total:.0%}, other processes {max(0.0, others) / total:.0%}")
    print("machine: " + "; ".join(parts))
    for e in errors[:5]:
        print("refused:", e)
    if errors and SERVER_OUTPUT:
        print("the server said:\n" + "".join(SERVER_OUTPUT[-20:]))


if __name__ == "__main__":
    main()
