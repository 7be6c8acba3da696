"""Load the web server with many concurrent games and report how long an action takes.

Starts ``deadboard serve`` on a free loopback port with a fresh games file (or uses ``--url``), then
plays ``--games`` games at once through the HTTP API, as pages do: each player reads its page,
thinks for a moment, sends a legal action (``POST /api/games/{id}/actions`` with the page's
``rev``), and starts a new game when one ends. Prints the latency of an action (p50, p90, p99,
max) over the run. Bounded in time; only 127.0.0.1 is ever contacted.

    python scripts/load_web.py                      # 50 games, 20 s, The Night
    python scripts/load_web.py --games 50 --seconds 30 --scenario standard --think 0.2
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]


def start_server(db: Path) -> tuple[subprocess.Popen[str], str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen(
        [sys.executable, "-m", "deadboard", "serve", "--host", "127.0.0.1", "--port", "0", "--db", str(db)],
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


class Player:
    def __init__(self, client: httpx.AsyncClient, args: argparse.Namespace, k: int) -> None:
        self.c = client
        self.args = args
        self.rng = random.Random(args.seed * 1000 + k)
        self.latencies: list[float] = []
        self.games = 0
        self.errors: list[str] = []
        self.measure_from = 0.0

    async def new_game(self) -> tuple[str, str, dict[str, Any]]:
        body = {"game": self.args.game, "scenario": self.args.scenario, "seed": self.rng.randrange(2**31)}
        r = await self.c.post("/api/games", json=body)
        r.raise_for_status()
        made = r.json()
        gid, token = made["id"], made["links"][0]["token"]
        r = await self.c.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {token}"})
        r.raise_for_status()
        self.games += 1
        return gid, token, r.json()

    async def run(self, stop: float) -> None:
        gid, token, page = await self.new_game()
        log = page["log_total"]
        while time.monotonic() < stop:
            if page["decision"] is None or not page["legal"]:
                gid, token, page = await self.new_game()
                log = page["log_total"]
                continue
            await asyncio.sleep(self.rng.uniform(0, 2 * self.args.think))
            action = self.rng.choice(page["legal"])["text"]
            body = {"action": action, "at": page["rev"], "log_from": log, "log_epoch": page["log_epoch"]}
            t0 = time.perf_counter()
            r = await self.c.post(f"/api/games/{gid}/actions", json=body, headers={"Authorization": f"Bearer {token}"})
            elapsed = time.perf_counter() - t0
            if r.status_code != 200:
                self.errors.append(f"{r.status_code}: {r.text[:200]}")
                gid, token, page = await self.new_game()
                log = page["log_total"]
                continue
            if time.monotonic() >= self.measure_from:
                self.latencies.append(elapsed)
            page = r.json()
            log = page["log_total"]


async def drive(url: str, args: argparse.Namespace, server_pid: int | None, marks: dict[str, float | None]) -> list[Player]:
    limits = httpx.Limits(max_connections=args.games + 10, max_keepalive_connections=args.games + 10)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=30.0) as client:
        players = [Player(client, args, k) for k in range(args.games)]
        start = time.monotonic()
        for p in players:
            p.measure_from = start + args.warmup
        stop = start + args.warmup + args.seconds

        async def mark() -> None:
            await asyncio.sleep(args.warmup)
            marks["cpu0"] = cpu_seconds(server_pid) if server_pid else None
            marks["client0"] = time.process_time()

        await asyncio.gather(mark(), *(p.run(stop) for p in players))
    return players


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=50, help="games played at the same time (default 50)")
    ap.add_argument("--seconds", type=float, default=20.0, help="how long to play (default 20)")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds played first and not measured (default 5)")
    ap.add_argument("--think", type=float, default=0.25, help="mean think time of a player between actions, s (default 0.25)")
    ap.add_argument("--game", default="the-night")
    ap.add_argument("--scenario", default="standard")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--url", help="use a running server on this machine instead of starting one")
    ap.add_argument("--target-ms", type=float, default=50.0, help="p99 target in ms (default 50)")
    args = ap.parse_args()
    if args.url and not args.url.startswith(("http://127.", "http://localhost", "http://[::1]")):
        raise SystemExit("--url must be a server on this machine (127.0.0.1, localhost or [::1])")
    proc = None
    with tempfile.TemporaryDirectory() as tmp:
        if args.url:
            url = args.url.rstrip("/")
        else:
            proc, url = start_server(Path(tmp) / "load.sqlite3")
        try:
            t0 = time.monotonic()
            marks: dict[str, float | None] = {}
            players = asyncio.run(drive(url, args, proc.pid if proc is not None else None, marks))
            wall = time.monotonic() - t0 - args.warmup
            cpu0 = marks.get("cpu0")
            cpu1 = cpu_seconds(proc.pid) if proc is not None else None
            client_cpu = time.process_time() - (marks.get("client0") or 0.0)
        finally:
            if proc is not None:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
    lat = [x * 1000 for p in players for x in p.latencies]
    errors = [e for p in players for e in p.errors]
    games = sum(p.games for p in players)
    print(f"{args.games} concurrent games of {args.game} ({args.scenario}) for {wall:.1f} s after {args.warmup:g} s of warm-up, "
          f"mean think time {args.think * 1000:.0f} ms, {os.cpu_count()} CPU(s)")
    print(f"actions: {len(lat)} ({len(lat) / wall:.0f}/s), games started: {games}, refused actions: {len(errors)}")
    if lat:
        print(f"action latency ms: p50 {pct(lat, 50):.1f}  p90 {pct(lat, 90):.1f}  p99 {pct(lat, 99):.1f}  "
              f"max {max(lat):.1f}  mean {statistics.fmean(lat):.1f}")
        ok = pct(lat, 99) < args.target_ms
        print(f"target p99 < {args.target_ms:g} ms: {'met' if ok else 'NOT met'}")
        if cpu0 is not None and cpu1 is not None:
            print(f"CPU: server {cpu1 - cpu0:.1f} s ({(cpu1 - cpu0) / wall:.0%} of a core, {(cpu1 - cpu0) / len(lat) * 1000:.1f} ms an action), "
                  f"load client {client_cpu:.1f} s ({client_cpu / wall:.0%} of a core)")
    for e in errors[:5]:
        print("refused:", e)


if __name__ == "__main__":
    main()
