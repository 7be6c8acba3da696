"""A self-contained HTML report of results files: tables and plots (matplotlib, embedded as PNG).

Games are grouped by game, then by *setup group*: scenario, optional rules and bots. For each game:
outcomes and endings, victory levels, win rate by scenario × optional rule with 95% intervals,
game length, survival by turn (the share of games not yet lost at the end of each turn), and the
per-seat figures the game reports. When several bots played a one-seat game on the same seeds (a
tournament), each pair of them is compared game by game: the differences of win rate and of mean
score, each with its 95% interval, and the seeds only one of them won.
"""

from __future__ import annotations

import base64
import html
import io
import json
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deadboard.core.errors import DeadboardError
from deadboard.core.game import Setup
from deadboard.core.registry import get_game
from deadboard.sim.results import GameRecord, iter_records
from deadboard.sim.stats import mean, wilson
from deadboard.sim.tournament import same_seeds_pairing


def options_label(options_json: str) -> str:
    """``{"dodge": true, "zombies": 25}`` -> ``dodge, zombies=25``; no options -> ``basic rules``."""
    try:
        opts = json.loads(options_json) if options_json else {}
    except ValueError:
        opts = {}
    parts = []
    for k, v in sorted(opts.items()):
        if v is True:
            parts.append(k)
        elif v is False:
            parts.append(f"no {k}")
        elif isinstance(v, dict):
            parts.append(f"{k}={v.get('title', 'file')}")
        else:
            parts.append(f"{k}={v}")
    return ", ".join(parts) or "basic rules"


@dataclass
class Group:
    """The games of one scenario × options × bots."""

    scenario: str
    options: str
    bots: str
    players: int
    records: list[GameRecord] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.scenario} · {options_label(self.options)}"

    def full_label(self, with_bots: bool) -> str:
        return f"{self.label} · {self.bots}" if with_bots else self.label

    @property
    def wins(self) -> int:
        return sum(1 for r in self.records if r.result == "win")

    @property
    def n(self) -> int:
        return len(self.records)


def group_records(records: Sequence[GameRecord]) -> dict[str, list[Group]]:
    """game id -> its groups (in order of scenario, options, bots). Duplicate games (the same key in
    two files) are counted once."""
    seen: set[tuple[str, str, str, int, int]] = set()
    by_game: dict[str, dict[tuple[str, str, str, int], Group]] = defaultdict(dict)
    for r in records:
        if r.key in seen:
            continue
        seen.add(r.key)
        k = (r.scenario, r.options, r.bots, r.players)
        g = by_game[r.game].get(k)
        if g is None:
            g = by_game[r.game][k] = Group(r.scenario, r.options, r.bots, r.players)
        g.records.append(r)
    def order(k: tuple[str, str, str, int]) -> tuple[str, int, str, str, int]:
        return (k[0], len(json.loads(k[1] or "{}")), k[1], k[2], k[3])

    return {gid: [groups[k] for k in sorted(groups, key=order)] for gid, groups in sorted(by_game.items())}


# ----- plots ------------------------------------------------------------------------------------
def _figure(width: float, height: float) -> Any:
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(width, height), dpi=96)
    return fig, ax


def _png(fig: Any) -> str:
    import matplotlib.pyplot as plt

    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png")
    plt.close(fig)
    data = base64.b64encode(buf.getvalue()).decode()
    return f'<img alt="" src="data:image/png;base64,{data}">'


def _height(n: int) -> float:
    return max(2.2, 0.45 * n + 1.2)


def plot_win_rates(groups: Sequence[Group], labels: Sequence[str]) -> str:
    fig, ax = _figure(9, _height(len(groups)))
    ys = list(range(len(groups)))[::-1]
    rates, lo_err, hi_err = [], [], []
    for g in groups:
        p = g.wins / g.n if g.n else 0.0
        lo, hi = wilson(g.wins, g.n)
        rates.append(p)
        lo_err.append(p - lo)
        hi_err.append(hi - p)
    ax.errorbar(rates, ys, xerr=[lo_err, hi_err], fmt="o", color="#b22222", ecolor="#555", capsize=4)
    ax.set_yticks(ys)
    ax.set_yticklabels(labels, fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% interval)")
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def _stacked(groups: Sequence[Group], labels: Sequence[str], categories: Sequence[str],
             counts: Sequence[Counter[str]], xlabel: str) -> str:
    import matplotlib

    fig, ax = _figure(9, _height(len(groups)))
    ys = list(range(len(groups)))[::-1]
    left = [0.0] * len(groups)
    cmap = matplotlib.colormaps["RdYlGn"] if len(categories) > 2 else None
    for j, cat in enumerate(categories):
        widths = [c[cat] / g.n if g.n else 0.0 for c, g in zip(counts, groups)]
        color = cmap(j / max(1, len(categories) - 1)) if cmap is not None else ("#b22222", "#2e8b57")[j % 2]
        ax.barh(ys, widths, left=left, label=cat, color=color, edgecolor="white")
        left = [a + b for a, b in zip(left, widths)]
    ax.set_yticks(ys)
    ax.set_yticklabels(labels, fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_xlabel(xlabel)
    ax.legend(fontsize=7, ncol=min(6, len(categories)), loc="lower center", bbox_to_anchor=(0.5, 1.0), frameon=False)  # above: clear of the axis label
    return _png(fig)


def level_order(records: Sequence[GameRecord]) -> list[str]:
    """Victory levels from worst to best: the game's own table (every level, even those no game
    reached) when the records are of one game whose setup still loads; otherwise the levels seen,
    by the mean score of the games that reached them."""
    scores: dict[str, list[float]] = defaultdict(list)
    for r in records:
        if r.level is not None:
            scores[r.level].append(r.score)
    if not scores:
        return []
    seen = sorted(scores, key=lambda lv: (mean(scores[lv]), lv))
    if len({r.game for r in records}) == 1:
        try:
            table = get_game(records[0].game).victory_levels(Setup.from_json(json.loads(records[0].setup)))
        except (DeadboardError, ValueError, TypeError, KeyError):
            table = []
        if table:
            return table + [lv for lv in seen if lv not in table]
    return seen


def plot_lengths(groups: Sequence[Group], labels: Sequence[str]) -> str:
    fig, ax = _figure(9, _height(len(groups)))
    data = [[r.turns for r in g.records] for g in groups][::-1]
    ax.boxplot(data, orientation="horizontal", widths=0.6)
    ax.set_yticks(range(1, len(groups) + 1))
    ax.set_yticklabels(list(labels)[::-1], fontsize=8)
    ax.set_xlabel("turns played")
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def survival_curve(records: Sequence[GameRecord]) -> list[tuple[int, float]]:
    """(turn, share of games not lost by the end of that turn), from turn 0."""
    n = len(records)
    if not n:
        return []
    last = max(r.turns for r in records)
    lost_at = Counter(r.turns for r in records if r.result == "loss")
    out = [(0, 1.0)]
    alive = n
    for t in range(1, last + 1):
        alive -= lost_at.get(t, 0)
        out.append((t, alive / n))
    return out


def plot_survival(groups: Sequence[Group], labels: Sequence[str]) -> str:
    fig, ax = _figure(9, 3.6)
    for g, label in zip(groups, labels):
        curve = survival_curve(g.records)
        ax.step([t for t, _ in curve], [s for _, s in curve], where="post", label=label)
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("turn")
    ax.set_ylabel("games not lost")
    ax.grid(alpha=0.3)
    if len(groups) <= 12:
        ax.legend(fontsize=7)
    return _png(fig)


# ----- html -------------------------------------------------------------------------------------
CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1000px;color:#222;padding:0 1em}
h1{font-size:1.6em}h2{border-bottom:2px solid #b22222;padding-bottom:.2em;margin-top:2em}
h3{margin-top:1.6em}table{border-collapse:collapse;margin:.6em 0;font-size:13px}
td,th{border:1px solid #ddd;padding:.25em .6em;text-align:right}th{background:#f4f4f4}
td.l,th.l{text-align:left}img{max-width:100%}.dim{color:#777}
"""


def _esc(x: object) -> str:
    return html.escape(str(x))


def _table(header: Sequence[str], rows: Sequence[Sequence[object]], left: int = 1) -> str:
    head = "".join(f'<th class="{"l" if i < left else ""}">{_esc(h)}</th>' for i, h in enumerate(header))
    body = "".join(
        "<tr>" + "".join(f'<td class="{"l" if i < left else ""}">{_esc(c)}</td>' for i, c in enumerate(row)) + "</tr>"
        for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _per_seat(groups: Sequence[Group], labels: Sequence[str]) -> str:
    """Means of the numeric per-seat figures, by group and seat."""
    rows = []
    for g, label in zip(groups, labels):
        sums: dict[tuple[int, str, str], list[float]] = defaultdict(list)
        for r in g.records:
            for i, fig in enumerate(r.per_seat):
                name = str(fig.get("seat", f"seat {i + 1}"))
                for k, v in fig.items():
                    if isinstance(v, (int, float)) and not isinstance(v, bool):
                        sums[(i, name, k)].append(float(v))
        for (_, name, k), vs in sorted(sums.items()):
            rows.append((label, name, k, f"{mean(vs):.2f}"))
    if not rows:
        return ""
    return "<h3>Per-seat figures (means)</h3>" + _table(["setup", "seat", "figure", "mean"], rows, left=3)


def same_seed_rows(groups: Sequence[Group]) -> list[tuple[str, str, str, int, str, str, str, str]]:
    """Each pair of bots that played the same one-seat setup on common seeds: (setup, a, b, games,
    win-rate difference a − b with its 95% interval, seeds won by a only / by b only, McNemar's z
    and exact p, score difference with its 95% interval)."""
    buckets: dict[tuple[str, str], list[Group]] = defaultdict(list)
    for g in groups:
        if g.players == 1 and "," not in g.bots:
            buckets[(g.scenario, g.options)].append(g)
    rows = []
    for bucket in buckets.values():
        for i, ga in enumerate(bucket):
            for gb in bucket[i + 1:]:
                by_seed = {r.seed: r for r in gb.records}
                common = [r for r in ga.records if r.seed in by_seed]
                if len(common) < 2:
                    continue
                p = same_seeds_pairing(ga.bots, gb.bots, common, [by_seed[r.seed] for r in common])
                assert p.score_diff is not None and p.score_ci95 is not None
                (lo, hi), (slo, shi), (z, pv) = p.ci95, p.score_ci95, p.mcnemar
                rows.append((ga.label, p.a, p.b, p.games, f"{p.rate:+.1%} ({lo:+.1%} … {hi:+.1%})",
                             f"{p.a_only} / {p.b_only}", f"{z:+.2f} (p {pv:.3g})",
                             f"{p.score_diff:+.2f} ({slo:+.2f} … {shi:+.2f})"))
    return rows


def game_section(game_id: str, groups: list[Group]) -> str:
    with_bots = len({g.bots for g in groups}) > 1
    labels = [g.full_label(with_bots) for g in groups]
    records = [r for g in groups for r in g.records]
    parts = [f"<h2>{_esc(game_id)}</h2>",
             f'<p class="dim">{len(records)} games in {len(groups)} setup group(s); bots: '
             f"{_esc(', '.join(sorted({g.bots for g in groups})))}</p>"]
    # win rates
    rows = []
    for g, label in zip(groups, labels):
        lo, hi = wilson(g.wins, g.n)
        rows.append((label, g.n, g.wins, f"{g.wins / g.n:.1%}" if g.n else "–", f"{lo:.1%}–{hi:.1%}",
                     f"{mean([r.score for r in g.records]):.2f}", f"{mean([float(r.turns) for r in g.records]):.2f}"))
    parts.append("<h3>Win rate by scenario × optional rules</h3>")
    parts.append(_table(["scenario · options" + (" · bots" if with_bots else ""), "games", "wins", "win rate",
                         "95% interval", "mean score", "mean turns"], rows))
    parts.append(plot_win_rates(groups, labels))
    paired = same_seed_rows(groups)
    if paired:
        parts.append("<h3>Bots on the same seeds</h3><p class=\"dim\">Each pair compared game by game "
                     "(a − b), with 95% intervals.</p>")
        parts.append(_table(["scenario · options", "a", "b", "same seeds", "win rate a − b",
                             "seeds won by a only / b only", "McNemar z (exact p)", "score a − b"], paired, left=3))
    # outcomes and endings
    results = sorted({r.result for r in records}, key=lambda x: {"loss": 0, "draw": 1, "win": 2}.get(x, 3))
    parts.append("<h3>Outcomes</h3>")
    parts.append(_stacked(groups, labels, results, [Counter(r.result for r in g.records) for g in groups], "share of games"))
    reasons = sorted({r.reason for r in records})
    counts = [Counter(r.reason for r in g.records) for g in groups]
    parts.append(_table(["scenario · options", *reasons], [(lab, *(c[x] for x in reasons)) for lab, c in zip(labels, counts)]))
    parts.append(_stacked(groups, labels, reasons, counts, "endings (share of games)"))
    # victory levels
    levels = level_order(records)
    if levels:
        counts = [Counter(r.level for r in g.records if r.level is not None) for g in groups]
        parts.append("<h3>Victory levels</h3>")
        parts.append(_table(["scenario · options", *levels], [(lab, *(c[x] for x in levels)) for lab, c in zip(labels, counts)]))
        parts.append(_stacked(groups, labels, levels, counts, "victory level (share of games)"))
    # length and survival
    parts.append("<h3>Game length</h3>")
    parts.append(plot_lengths(groups, labels))
    parts.append("<h3>Survival by turn</h3><p class=\"dim\">Share of games not yet lost at the end of each turn.</p>")
    parts.append(plot_survival(groups, labels))
    parts.append(_per_seat(groups, labels))
    return "\n".join(parts)


def build_report(records: Sequence[GameRecord], sources: Sequence[str] = (), title: str = "deadboard results") -> str:
    if not records:
        raise DeadboardError("no games in the results given")
    games = group_records(records)
    body = [f"<h1>{_esc(title)}</h1>",
            f'<p class="dim">{sum(len(g.records) for gs in games.values() for g in gs)} games from '
            f"{_esc(', '.join(sources) or 'memory')}</p>"]
    for gid, groups in games.items():
        body.append(game_section(gid, groups))
    return (f"<!doctype html><html><head><meta charset=\"utf-8\"><title>{_esc(title)}</title>"
            f"<style>{CSS}</style></head><body>{''.join(body)}</body></html>\n")


def write_report(paths: Sequence[str], out: str, title: str = "deadboard results") -> int:
    """Read results files, write the HTML report; returns the number of games."""
    records = list(iter_records(paths))
    text = build_report(records, [Path(p).name for p in paths], title)
    try:
        Path(out).write_text(text, encoding="utf-8")
    except OSError as e:
        raise DeadboardError(f"cannot write {out}: {e.strerror or e}") from None
    return len({r.key for r in records})
