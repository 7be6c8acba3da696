"""The shared parts of fitting value functions: labelled positions, summaries, refit arguments."""

from __future__ import annotations

import pytest

from deadboard.core.game import Setup
from deadboard.core.registry import descriptor, get_game, list_games
from deadboard.sim.valuefit import (
    constant,
    fit_args,
    fit_logistic,
    main,
    model_of,
    model_rows,
    sample_positions,
    summary,
    won_rows,
)


def test_won_rows_labels_every_kept_position_with_seat_0s_result() -> None:
    game = get_game("the-night")
    setup = game.normalize_setup(Setup("quick-game"))
    rows, labels = won_rows(game, setup, "random", 3, 0.5, lambda v: [1.0, float(v.turn)] if v.turn % 2 else None)
    assert rows and len(rows) == len(labels) and len(set(labels)) == 1 and labels[0] in (0.0, 1.0)
    assert all(r[1] % 2 == 1 for r in rows)


def test_summary_and_constant() -> None:
    rows, labels = [[1.0, 0.0], [1.0, 1.0], [1.0, 2.0], [1.0, 3.0]], [0.0, 0.0, 1.0, 1.0]
    s = summary(rows, labels, fit_logistic(rows, labels))
    assert s["rows"] == 4 and s["rate"] == 0.5 and s["loss"] < 0.6931 and len(s["weights"]) == 2
    assert constant("W", [1, -0.5]) == "W: tuple[float, ...] = (1.0000, -0.5000)"


def test_fit_args_defaults_and_clear_errors() -> None:
    game = get_game("district-z")
    assert fit_args([], game, 100, "heuristic") == (100, "heuristic", 1)
    assert fit_args(["40", "random", "2"], game, 100, "heuristic") == (40, "random", 2)
    for argv, words in ((["x"], "GAMES"), (["5", "random", "0"], "JOBS"), (["5", "nobody"], "unknown bot"),
                        (["1", "2", "3", "4"], "at most")):
        with pytest.raises(SystemExit, match=words):
            fit_args(argv, game, 100, "heuristic")


@pytest.mark.parametrize(("game_id", "name"), [(gid, m.name) for gid in list_games() for m in descriptor(gid).value_models()])
def test_every_value_model_of_a_game_labels_rows_from_a_seeded_game(game_id: str, name: str) -> None:
    """What is fitted is the game's own (its descriptor's value_features): rows of one width, labels in [0, 1]."""
    model = model_of(game_id, name)
    rows, labels = model_rows((game_id, name, model.setups[0].to_json(), "random", 5, 1.0))
    assert rows and len(rows) == len(labels)
    assert len({len(r) for r in rows}) == 1 and all(0.0 <= x <= 1.0 for x in labels)


def test_positions_are_seat_0s_views_kept_at_decisions_on_the_table_drivers_loop() -> None:
    game = get_game("zombie-dawn")
    setup = game.normalize_setup(Setup("standard", players=2))
    (played,) = sample_positions(game, [setup], "random", 1, 7, every=1.0)
    assert played.final.decision is None and played.positions
    assert all(v.viewer == 0 for v in played.positions)
    again = next(sample_positions(game, [setup], "random", 1, 7, every=1.0))
    assert game.state_hash(again.final) == game.state_hash(played.final)


def test_the_refit_command_names_what_is_wrong_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, words in ((["bogus"], "unknown game"), (["zombie-dawn", "nope"], "its models: multi, solo"),
                        ([], "usage")):
        with pytest.raises(SystemExit, match=words):
            main(argv)
