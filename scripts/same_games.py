"""Whether a bot's games in one results file are the same games in another, seed by seed: after a
change of rules version, are the games a comparison measured still the games the code plays
(docs/simulation.md, "The Night's hint configuration under rules version 4")?

    deadboard sim the-night --bot heuristic --games 400 --seed 20000 --out now.parquet
    python scripts/same_games.py docs/runs/the-night-standard-20000.parquet now.parquet heuristic

Rows are paired by run seed, setup and game index, the bot named by the ``bots`` column; a pair is
the same game when the result, winners, score, victory level, turns, ending, number of decisions,
the per-seat figures and the game's details (who died, zombies removed, ...) agree. Prints the
versions of each file, the number of pairs, how many differ and the first indices that do.
"""

from __future__ import annotations

import argparse

from deadboard.sim.results import GameRecord, ResultsError, read_records


def _key(r: GameRecord) -> tuple[object, ...]:
    return (r.result, tuple(r.winners), r.score, r.level, r.turns, r.reason, r.decisions, repr(r.per_seat), repr(r.details))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("before", help="a results file (.parquet)")
    p.add_argument("after", help="a results file (.parquet) of the same games played again")
    p.add_argument("bot", help="the bots column of the rows compared (e.g. heuristic)")
    a = p.parse_args()
    runs = []
    for path in (a.before, a.after):
        try:
            records = read_records(path)
        except ResultsError as e:
            raise SystemExit(f"error: {e}") from None
        rows = {(r.run_seed, r.setup, r.index): r for r in records if r.bots == a.bot}
        runs.append(rows)
        versions = sorted({r.version for r in rows.values()})
        print(f"{path}: {len(rows)} games of {a.bot}, rules version {', '.join(versions) or '-'}")
    both = sorted(set(runs[0]) & set(runs[1]))
    if not both:
        raise SystemExit("no game of the same run seed, setup and index in both files")
    differ = [k for k in both if _key(runs[0][k]) != _key(runs[1][k])]
    print(f"{len(both)} games in both, {len(differ)} differ" + (f"; first indices: {[k[2] for k in differ[:10]]}" if differ else ""))


if __name__ == "__main__":
    main()
