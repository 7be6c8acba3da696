"""Bots against bots.

* Solitaire setups (one seat): every bot plays the same game seeds, so each pair of bots is compared
  game by game: a paired difference of win rates and a paired difference of scores (victory points
  in games that grade a result), each with its 95% interval.
* Setups with several seats: every pair of bots meets in ``games`` games, the bots alternating
  seats from game to game (game i gives seat s to the first bot when i + s is even). A game counts 1
  for the bot whose seats won, 1/2 each when both or neither did.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from deadboard.core.errors import SetupError
from deadboard.core.game import Game, Setup
from deadboard.sim.results import GameRecord
from deadboard.sim.runner import SimTask, run_tasks
from deadboard.sim.stats import mcnemar, mean, paired_difference, paired_proportion_difference, wilson


@dataclass
class BotLine:
    bot: str
    games: int
    wins: int
    mean_score: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "games": self.games, "wins": self.wins, "win_rate": self.win_rate,
                "ci95": list(wilson(self.wins, self.games)), "mean_score": self.mean_score}


@dataclass
class Pairing:
    """``a`` against ``b``: ``rate`` is a's share (head-to-head) or a's win rate minus b's (paired,
    solitaire), with its 95% interval."""

    a: str
    b: str
    games: int
    rate: float
    ci95: tuple[float, float]
    a_only: int  # games a won and b did not (solitaire) / games a's seats alone won
    b_only: int
    #: solitaire: mean of a's score minus b's on the same seeds, with its 95% interval
    score_diff: float | None = None
    score_ci95: tuple[float, float] | None = None

    @property
    def mcnemar(self) -> tuple[float, float]:
        """Solitaire: McNemar's z (positive when a is better) and exact two-sided p of the win rates."""
        return mcnemar(self.a_only, self.b_only)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"a": self.a, "b": self.b, "games": self.games, "value": self.rate,
                                "ci95": list(self.ci95), "a_better": self.a_only, "b_better": self.b_only}
        if self.score_diff is not None and self.score_ci95 is not None:  # solitaire: paired by seed
            data["mcnemar_z"], data["mcnemar_p"] = self.mcnemar
            data["score_difference"] = self.score_diff
            data["score_ci95"] = list(self.score_ci95)
        return data


@dataclass
class TournamentResult:
    mode: str  # "same-seeds" or "head-to-head"
    bots: list[BotLine]
    pairings: list[Pairing]
    seconds: float
    played: int

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "bots": [b.to_json() for b in self.bots],
                "pairings": [p.to_json() for p in self.pairings], "seconds": self.seconds, "played": self.played}


def same_seeds_pairing(a: str, b: str, games_a: Sequence[GameRecord], games_b: Sequence[GameRecord]) -> Pairing:
    """``a`` against ``b`` in a one-seat game, ``games_a[i]`` and ``games_b[i]`` played on the same
    seed: the difference of win rates and of scores, and the seeds only one of them won."""
    wa = [r.result == "win" for r in games_a]
    wb = [r.result == "win" for r in games_b]
    m, ci = paired_proportion_difference(wa, wb)
    sd, sci = paired_difference([r.score for r in games_a], [r.score for r in games_b])
    return Pairing(a, b, len(wa), m, ci, sum(1 for x, y in zip(wa, wb) if x and not y),
                   sum(1 for x, y in zip(wa, wb) if y and not x), sd, sci)


def run_tournament(
    game: Game,
    setup: Setup,
    bots: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    out: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> TournamentResult:
    if len(bots) < 2:
        raise SetupError("--bots: name at least two bots, separated by commas")
    if len(set(bots)) != len(bots):
        raise SetupError("--bots: each bot once")
    seats = game.seats(setup)
    js = setup.to_json()
    if seats == 1:
        tasks = [SimTask(game.id, js, (b,), seed, i) for b in bots for i in range(games)]
        run = run_tasks(tasks, jobs, backend, address, out, progress)
        by_bot = {b: run.records[k * games : (k + 1) * games] for k, b in enumerate(bots)}
        lines = [BotLine(b, games, sum(1 for r in rs if r.result == "win"), mean([r.score for r in rs]))
                 for b, rs in by_bot.items()]
        pairings = [same_seeds_pairing(a, b, by_bot[a], by_bot[b]) for a, b in itertools.combinations(bots, 2)]
        return TournamentResult("same-seeds", lines, pairings, run.seconds, run.played)
    pairs = list(itertools.combinations(bots, 2))
    tasks = []
    for a, b in pairs:
        for i in range(games):
            tasks.append(SimTask(game.id, js, tuple(a if (i + s) % 2 == 0 else b for s in range(seats)), seed, i))
    run = run_tasks(tasks, jobs, backend, address, out, progress)
    points: dict[str, list[float]] = {b: [] for b in bots}
    pairings = []
    for k, (a, b) in enumerate(pairs):
        recs = run.records[k * games : (k + 1) * games]
        score_a = [_share(r, a) for r in recs]
        for x in score_a:
            points[a].append(x)
            points[b].append(1 - x)
        n = len(score_a)
        total = sum(score_a)
        lo, hi = wilson(round(total), n)
        pairings.append(Pairing(a, b, n, total / n if n else 0.0, (lo, hi),
                                sum(1 for x in score_a if x == 1.0), sum(1 for x in score_a if x == 0.0)))
    lines = [BotLine(b, len(points[b]), sum(1 for x in points[b] if x == 1.0), mean(points[b])) for b in bots]
    return TournamentResult("head-to-head", lines, pairings, run.seconds, run.played)


def _share(r: GameRecord, a: str) -> float:
    seats_a = {s for s, name in enumerate(r.bots.split(",")) if name == a}
    won_a = any(w in seats_a for w in r.winners)
    won_b = any(w not in seats_a for w in r.winners)
    if won_a and not won_b:
        return 1.0
    if won_b and not won_a:
        return 0.0
    return 0.5
