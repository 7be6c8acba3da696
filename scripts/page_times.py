"""How long a page answer (``GET /api/games/{id}``, what a page reads after every action) takes for
every game id, in process: a hot-seat game of each is played at random for up to 60 decisions, and
each of its pages is read three times, the best of the three kept (so that other work on the machine
counts as little as possible). Prints the median and the 90th percentile per game id.

    python scripts/page_times.py                     # every game id
    python scripts/page_times.py zombie-dawn         # one
    PYTHONPATH=OTHER/src python scripts/page_times.py   # another source tree, to compare
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

GAMES = ["the-night", "district-z", "zombie-dawn", "zpocalypse-2", "day-night-z", "day-night-z-campaign"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", default=GAMES)
    ap.add_argument("--decisions", type=int, default=60)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    from fastapi.testclient import TestClient

    import deadboard
    from deadboard.web import create_app

    print(f"deadboard from {Path(deadboard.__file__).parent}; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as tmp, TestClient(create_app(Path(tmp) / "g.sqlite3", long_poll=0.3)) as c:
        for gid in args.games:
            made = c.post("/api/games", json={"game": gid, "seed": args.seed, "hotseat": True}).json()
            g, headers = made["id"], {"Authorization": f"Bearer {made['links'][-1]['token']}"}
            rng = random.Random(args.seed)
            times: list[float] = []
            for _ in range(args.decisions):
                best = float("inf")
                for _ in range(3):
                    t = time.perf_counter()
                    page = c.get(f"/api/games/{g}", headers=headers).json()
                    best = min(best, (time.perf_counter() - t) * 1000)
                times.append(best)
                if not page["legal"]:
                    break
                c.post(f"/api/games/{g}/actions", headers=headers, json={"action": rng.choice(page["legal"])["text"]})
            times.sort()
            print(f"{gid:22s} {len(times):3d} pages  median {statistics.median(times):6.1f} ms  "
                  f"p90 {times[int(0.9 * (len(times) - 1))]:6.1f} ms")


if __name__ == "__main__":
    main()
