"""Reports, studies and tournaments."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deadboard.cli import app
from deadboard.core import Setup, SetupError, get_game
from deadboard.sim.report import (
    build_report,
    group_records,
    level_order,
    options_label,
    same_seed_rows,
    survival_curve,
)
from deadboard.sim.results import GameRecord, read_records
from deadboard.sim.runner import make_tasks, run_tasks
from deadboard.sim.stats import paired_difference
from deadboard.sim.study import build_grid, option_values, rank_effects
from deadboard.sim.tournament import Pairing, run_tournament


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("results") / "small.parquet"
    game = get_game("the-night")
    for setup in (Setup("standard"), Setup("standard", {"dodge": True}), Setup("quick-game")):
        run_tasks(make_tasks("the-night", game.normalize_setup(setup), ("random",), 12, 3), jobs=2, out=str(out))
    return out


def test_report_renders_from_a_small_results_file(results: Path, tmp_path: Path) -> None:
    html = tmp_path / "report.html"
    run = CliRunner().invoke(app, ["report", str(results), "--html", str(html), "--title", "Small"])
    assert run.exit_code == 0, run.output
    text = html.read_text()
    for section in ("Win rate by scenario", "Outcomes", "Victory levels", "Game length", "Survival by turn",
                    "Per-seat figures", "95% interval"):
        assert section in text
    images = re.findall(r'<img alt="" src="data:image/png;base64,([A-Za-z0-9+/=]+)"', text)
    assert len(images) >= 5
    assert "standard · dodge" in text and "quick-game · basic rules" in text
    assert "http://" not in text and "https://" not in text  # self-contained


def test_report_groups_and_curves(results: Path) -> None:
    records = read_records(results)
    groups = group_records(records + records[:5])  # duplicates counted once
    assert [g.label for g in groups["the-night"]] == ["quick-game · basic rules", "standard · basic rules", "standard · dodge"]
    assert sum(g.n for g in groups["the-night"]) == 36
    curve = survival_curve(records)
    assert curve[0] == (0, 1.0)
    assert all(a[1] >= b[1] for a, b in itertools.pairwise(curve))
    losses = sum(1 for r in records if r.result == "loss")
    assert abs(curve[-1][1] - (1 - losses / len(records))) < 1e-12
    levels = level_order(records)  # The Night's table, worst first, levels no game reached included
    assert levels == ["Nightmare", "Terrible", "Bad", "Acceptable", "Good", "Excellent"]
    assert {r.level for r in records} <= set(levels)
    assert options_label('{"zombies": 25, "dodge": true}') == "dodge, zombies=25"


def test_report_of_nothing_is_a_clear_error() -> None:
    with pytest.raises(Exception, match="no games"):
        build_report([])


def test_study_grid_and_ranking() -> None:
    game = get_game("the-night")
    opt, values = option_values(game, "item-placement")
    assert opt.kind == "choice" and values == list(opt.choices)
    assert option_values(game, "dodge")[1] == [False, True]
    assert option_values(game, "start-zombies=1,4")[1] == [1, 4]
    with pytest.raises(SetupError, match="unknown option"):
        option_values(game, "no-such-rule")
    cells, _ = build_grid(game, Setup("standard"), ["dodge", "better-shooting"])
    assert len(cells) == 4
    assert {tuple(sorted(c.values.items())) for c in cells} == {
        (("better-shooting", a), ("dodge", b)) for a in (False, True) for b in (False, True)}

    def rec(win: bool) -> GameRecord:
        return GameRecord(0, 0, "win" if win else "loss", [], 0.0, None, 1, "", 1, 0.0)

    records = [[rec(c.values["dodge"]) for _ in range(10)] for c in cells]  # dodge decides everything
    effects = rank_effects(cells, records)
    assert [e.option for e in effects] == ["dodge", "better-shooting"]
    assert effects[0].effect == 1.0 and effects[0].best is True and effects[1].effect == 0.0


def test_study_command(tmp_path: Path) -> None:
    out = tmp_path / "study.parquet"
    html = tmp_path / "study.html"
    run = CliRunner().invoke(app, ["study", "the-night", "--vary", "dodge", "--vary", "combat-assistance", "--games", "6",
                                   "--jobs", "2", "--out", str(out), "--html", str(html), "--json"])
    assert run.exit_code == 0, run.output
    data = json.loads(run.stdout)
    assert len(data["setups"]) == 4 and {e["option"] for e in data["ranking"]} == {"dodge", "combat-assistance"}
    effects = [e["effect"] for e in data["ranking"]]
    assert effects == sorted(effects, reverse=True)
    assert len(read_records(out)) == 24 and "<img" in html.read_text()


def test_tournament_on_the_same_seeds() -> None:
    game = get_game("the-night")
    setup = game.normalize_setup(Setup("quick-game"))
    r = run_tournament(game, setup, ["random", "mcts:8"], 4, 1, jobs=2)
    assert r.mode == "same-seeds" and [b.bot for b in r.bots] == ["random", "mcts:8"]
    assert all(b.games == 4 for b in r.bots)
    (p,) = r.pairings
    assert p.a == "random" and p.b == "mcts:8" and -1.0 <= p.rate <= 1.0
    assert p.rate == pytest.approx(r.bots[0].win_rate - r.bots[1].win_rate)
    assert p.score_diff == pytest.approx(r.bots[0].mean_score - r.bots[1].mean_score)
    assert p.score_ci95 is not None and p.score_ci95[0] <= p.score_diff <= p.score_ci95[1]
    assert "score_difference" in p.to_json()
    z, pv = p.mcnemar
    assert p.to_json()["mcnemar_z"] == z and p.to_json()["mcnemar_p"] == pv and 0.0 < pv <= 1.0


def test_report_compares_bots_on_the_same_seeds_as_the_tournament_does(tmp_path: Path) -> None:
    game = get_game("the-night")
    setup = game.normalize_setup(Setup("quick-game"))
    out = tmp_path / "t.parquet"
    r = run_tournament(game, setup, ["heuristic", "random"], 6, 2, jobs=2, out=str(out))
    (p,) = r.pairings
    records = read_records(out)
    (row,) = same_seed_rows(group_records(records)["the-night"])
    assert row[:4] == ("quick-game · basic rules", "heuristic", "random", 6)  # bots in the report's order
    assert row[4].startswith(f"{p.rate:+.1%} (") and row[5] == f"{p.a_only} / {p.b_only}"
    assert row[6] == f"{p.mcnemar[0]:+.2f} (p {p.mcnemar[1]:.3g})"
    assert p.score_diff is not None and row[7].startswith(f"{p.score_diff:+.2f} (")
    assert "Bots on the same seeds" in build_report(records)
    # a plain simulation (one bot) has nothing to pair
    assert same_seed_rows(group_records([x for x in records if x.bots == "random"])["the-night"]) == []


def test_tournament_head_to_head_alternates_seats() -> None:
    game = get_game("the-night")
    setup = game.normalize_setup(Setup("standard", {"zombie-player": True}, players=2))
    r = run_tournament(game, setup, ["random", "mcts:4"], 4, 2)
    assert r.mode == "head-to-head"
    (p,) = r.pairings
    assert p.games == 4 and 0.0 <= p.rate <= 1.0
    assert r.bots[0].mean_score + r.bots[1].mean_score == pytest.approx(1.0)


def test_tournament_command_and_its_errors() -> None:
    run = CliRunner().invoke(app, ["tournament", "the-night", "--bots", "random,mcts:5", "--games", "2",
                                   "--scenario", "quick-game", "--json"])
    assert run.exit_code == 0, run.output
    data = json.loads(run.stdout)
    assert data["mode"] == "same-seeds" and len(data["bots"]) == 2 and len(data["pairings"]) == 1
    assert "score_difference" in data["pairings"][0] and len(data["pairings"][0]["score_ci95"]) == 2
    text = CliRunner().invoke(app, ["tournament", "the-night", "--bots", "random,heuristic", "--games", "2",
                                    "--scenario", "quick-game"])
    assert text.exit_code == 0, text.output
    assert "random − heuristic on the same seeds" in text.stdout and "score" in text.stdout
    assert "McNemar z" in text.stdout
    bad = CliRunner().invoke(app, ["tournament", "the-night", "--bots", "random", "--games", "2"])
    assert "at least two bots" in str(bad.exception)
    bad = CliRunner().invoke(app, ["tournament", "the-night", "--bots", "random,nobody", "--games", "2"])
    assert "unknown bot" in str(bad.exception)


def test_paired_difference() -> None:
    m, (lo, hi) = paired_difference([1, 1, 0, 1], [0, 1, 0, 0])
    assert m == 0.5 and lo < 0.5 < hi


def test_newcombes_intervals_for_differences_of_rates() -> None:
    from deadboard.sim.stats import paired_proportion_difference, proportion_difference

    # Newcombe (1998), independent samples: 56/70 against 48/80, method 10 gives 0.0524 to 0.3339
    d, (lo, hi) = proportion_difference(56, 70, 48, 80)
    assert abs(d - 0.2) < 1e-12 and abs(lo - 0.0524) < 5e-4 and abs(hi - 0.3339) < 5e-4
    # at 100% against 100% the interval stays open (the normal approximation gives 0 … 0)
    d, (lo, hi) = proportion_difference(4, 4, 4, 4)
    assert d == 0 and lo < -0.4 and hi > 0.4
    # paired: two bots that won the same 10 seeds are not proven equal by 10 seeds
    d, (lo, hi) = paired_proportion_difference([True] * 10, [True] * 10)
    assert d == 0 and lo < -0.2 and hi > 0.2
    # District-Z, 300 seeds: both won 78, MCTS alone 93, the heuristic alone 56, neither 73
    a = [True] * 171 + [False] * 129
    b = [True] * 78 + [False] * 93 + [True] * 56 + [False] * 73
    d, (lo, hi) = paired_proportion_difference(a, b)
    assert round(d, 3) == 0.123 and round(lo, 3) == 0.044 and round(hi, 3) == 0.201
    assert paired_proportion_difference([], []) == (0.0, (-1.0, 1.0))


def test_mcnemars_test_of_paired_rates() -> None:
    from deadboard.sim.stats import mcnemar

    # five discordant seeds all one way: 2 × (1/2)^5, exact
    assert mcnemar(0, 5) == (-5 / 5**0.5, 0.0625)
    assert mcnemar(5, 0)[0] > 0 and mcnemar(3, 3) == (0.0, 1.0) and mcnemar(0, 0) == (0.0, 1.0)
    # The Night, No Chance, 600 seeds: search alone survived 55 nights, the heuristic alone 38
    z, p = mcnemar(55, 38)
    assert round(z, 2) == 1.76 and round(p, 2) == 0.10


KEPT_RUNS = Path(__file__).resolve().parents[2] / "docs" / "runs"


@pytest.mark.parametrize(("seed", "games", "survived", "discordant", "clear_win_by", "clear"), [
    # the long run: a clear win if Newcombe's paired 95% interval lies above 0 — it does not
    (50000, 600, (538, 521), (55, 38), lambda p: p.ci95[0] > 0, False),
    # the second long run: a clear win if McNemar's z ≥ 2.00 at its last look — it is
    (60000, 1500, (1376, 1343), (128, 95), lambda p: p.mcnemar[0] >= 2.00, True),
])
def test_the_kept_no_chance_runs_give_the_figures_the_readme_states(
    tmp_path: Path, seed: int, games: int, survived: tuple[int, int], discordant: tuple[int, int],
    clear_win_by: Callable[[Pairing], bool], clear: bool,
) -> None:
    # every game is in the kept file: the tournament plays none and reads the answer again
    out = tmp_path / "run.parquet"
    out.write_bytes((KEPT_RUNS / f"the-night-no-chance-{seed}.parquet").read_bytes())
    search = "mcts:40+heuristic@heuristic"
    r = run_tournament(get_game("the-night"), Setup("no-chance"), [search, "heuristic"], games, seed, out=str(out))
    assert r.played == 0
    assert tuple(b.wins for b in r.bots) == survived
    pairing = r.pairings[0]
    assert (pairing.a_only, pairing.b_only) == discordant
    assert clear_win_by(pairing) is clear
