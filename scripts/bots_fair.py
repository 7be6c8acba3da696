"""Measure whether a game's bots answer while other games' search bots think: a person plays a game
against the heuristic bot beside games whose every seat is a search bot, and the person's wait for
the bots' reply is timed (the figures in docs/web.md, "Bots share the server fairly", come from it):

    python scripts/bots_fair.py                          # 2 all-mcts Zombie Dawn games, 75 s
    python scripts/bots_fair.py --search-games 0         # the heuristic game alone
    python scripts/bots_fair.py --src /elsewhere/src     # another tree (e.g. before a change)

It starts its own server on 127.0.0.1 with a fresh games file in a temporary folder, contacts only
that server, plays for ``--seconds`` (at most 600), stops the server and exits; it prints the
number of bot replies the person got, their median and 95th percentile, and the machine's load.
With ``--check N`` it exits 1 when fewer than N replies came or their p95 was over 0.5 s.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from abuse_web import ROOT, Server, pct, request


def new_game(port: int, game: str, players: int, seats: list[dict[str, str]], seed: int) -> tuple[str, str]:
    body = {"game": game, "players": players, "seed": seed, "seats": seats}
    status, _, raw = request(port, "POST", "/api/games", body)
    if status != 201:
        raise SystemExit(f"cannot start a game: {status} {raw[:300]!r}")
    made = json.loads(raw)
    links = made["links"]
    return made["id"], links[0].get("token", "")


def page(port: int, gid: str, token: str, since: int | None = None) -> dict[str, Any]:
    path = f"/api/games/{gid}" + (f"?since={since}" if since is not None else "")
    status, _, raw = request(port, "GET", path, token=token, timeout=60)
    if status != 200:
        raise SystemExit(f"a page failed: {status} {raw[:300]!r}")
    data: dict[str, Any] = json.loads(raw)
    return data


def person_game(port: int, game: str, seed: int) -> tuple[str, str]:
    return new_game(port, game, 2, [{"player": "person"}, {"player": "bot", "bot": "heuristic"}], seed)


def play_against_the_heuristic(port: int, game: str, until: float) -> list[float]:
    """The person acts (the first legal action) whenever it decides; each wait from an answered
    action to the person's next decision, when bots moved in between (seconds)."""
    seed = 1
    gid, token = person_game(port, game, seed)
    replies: list[float] = []
    p = page(port, gid, token)
    while time.monotonic() < until:
        if p["decision"] is None:  # over: another game
            seed += 1
            gid, token = person_game(port, game, seed)
            p = page(port, gid, token)
            continue
        if not p["decision"]["yours"]:  # the bots are to move: wait for the reply
            start = time.monotonic()
            while p["decision"] is not None and not p["decision"]["yours"] and time.monotonic() < until:
                got = page(port, gid, token, since=p["rev"])
                if not got.get("unchanged"):
                    p = got
            if p["decision"] is None or p["decision"]["yours"]:
                replies.append(time.monotonic() - start)
            continue
        status, _, raw = request(port, "POST", f"/api/games/{gid}/actions",
                                 {"action": p["legal"][0]["text"], "at": p["rev"]}, token)
        if status != 200:
            raise SystemExit(f"an action failed: {status} {raw[:300]!r}")
        p = json.loads(raw)
    return replies


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", type=Path, default=ROOT / "src", help="the source tree the server runs")
    ap.add_argument("--seconds", type=float, default=75.0, help="how long the person plays (at most 600)")
    ap.add_argument("--search-games", type=int, default=2, help="all-mcts games beside it (at most 8)")
    ap.add_argument("--game", default="zombie-dawn", help="the game of every table")
    ap.add_argument("--check", type=int, default=0, help="exit 1 under this many replies or a p95 over 0.5 s")
    args = ap.parse_args()
    if not 0 < args.seconds <= 600 or not 0 <= args.search_games <= 8:
        raise SystemExit("--seconds: 0 to 600; --search-games: 0 to 8")
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(args.src, Path(tmp) / "games.sqlite3")
        try:
            searching = [new_game(server.port, args.game, 4, [{"player": "bot", "bot": "mcts"}] * 4, 100 + k)
                         for k in range(args.search_games)]
            load = os.getloadavg()[0]
            replies = play_against_the_heuristic(server.port, args.game, time.monotonic() + args.seconds)
            searched = [page(server.port, gid, token)["steps"] if token else -1 for gid, token in searching]
        finally:
            server.stop()
    cpus = os.cpu_count()
    print(f"{args.game}: a person against the heuristic bot for {args.seconds:g} s beside "
          f"{args.search_games} game(s) of four mcts bots; {cpus} CPUs, load average {load:.1f}")
    print(f"decisions taken meanwhile by the mcts games: {searched}")
    ms = [r * 1000 for r in replies]
    print(f"bot replies: {len(ms)}  p50 {pct(ms, 50):.0f} ms  p95 {pct(ms, 95):.0f} ms  max {max(ms, default=0):.0f} ms")
    if args.check and (len(ms) < args.check or pct(ms, 95) > 500):
        sys.exit(1)


if __name__ == "__main__":
    main()
