"""``deadboard play`` line by line (``--plain``, and whenever input is not a terminal): a finished
game that stays and can be saved, help that shows an action of the game being played, long lists
grouped into sentences (the Zombie Dawn set-up beside its growing map), legends; ``bench`` progress;
plain error messages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from deadboard.core.errors import SaveError
from deadboard.core.save import SaveFile

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    # this checkout's source, whichever deadboard is installed
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT / "src"), os.environ.get("PYTHONPATH")) if p)}
    return subprocess.run([sys.executable, "-m", "deadboard", *args], input=stdin, capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env=env)


def test_a_finished_game_stays_and_can_still_be_saved(tmp_path: Path) -> None:
    save = tmp_path / "over.json"
    # a person plays to the end by always taking action 1, then saves, reads the log and leaves
    lines = "1\n" * 400 + f"save {save}\nlog 3\nquit\n"
    r = run("play", "the-night", "--scenario", "quick-game", "--seed", "2", "--plain", stdin=lines, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "Game over" in r.stdout and "The game is over: save FILE keeps it" in r.stdout
    assert f"saved to {save}" in r.stdout
    data = json.loads(save.read_text())
    assert data["game"] == "the-night" and data["actions"]


@pytest.mark.parametrize("game_id", ["the-night", "district-z", "zombie-dawn"])
def test_help_shows_an_action_of_the_game_being_played(game_id: str) -> None:
    r = run("play", game_id, "--seed", "4", "--plain", stdin="help\nquit\n")
    assert r.returncode == 0, r.stderr
    shown = [line for line in r.stdout.splitlines() if "(e.g. " in line]
    assert shown, r.stdout[-2000:]
    example = shown[-1].split('(e.g. "')[1].split('")')[0]
    if game_id != "the-night":
        assert "Ben" not in example
    assert example.split()[0] in r.stdout.split(example)[0] or example in r.stdout


def test_zombie_dawn_set_up_shows_the_growing_map_and_groups_the_choices_in_sentences() -> None:
    r = run("play", "zombie-dawn", "--players", "2", "--seed", "3", "--plain", stdin="1\nquit\n")
    assert r.returncode == 0, r.stderr
    out = " ".join(r.stdout.split())  # as read, whatever the terminal's width
    assert "the map is being laid out" not in out
    assert "red's map — open slots A, B" in out
    assert "Place the Cornfields: 1–4 at slot A (0, -1)" in out
    assert "in each, in order: turned 0°, turned 90°, turned 180°, turned 270°" in out
    assert "Legend" in out and "highway exit" in out and "an open zone slot" in out
    # after one zone: the map has grown, and the next choices are grouped again
    assert out.count("Place the ") >= 10
    assert "place cornfields 0 -1 0" not in out.split("Red places Cornfields")[0].split("Legend")[-1]
    assert out.count("open slots A, B") >= 2

def test_a_long_list_reads_as_sentences_not_ranges_of_dots() -> None:
    from deadboard.cli.session import choice_tree, grouped_lines
    from deadboard.core.action import Action
    from deadboard.core.registry import get_game

    game = get_game("the-night")
    state = game.new(game.normalize_setup(game.default_setup()), 1)
    legal = [Action("move", "tough", f"r.{c}29") for c in "bcdefghijklmnopq"] + [Action("pass")]
    lines = [t.plain for t in grouped_lines(choice_tree(game, state, legal))]
    assert lines[0].startswith("1–16 move tough: 1 r.b29 · 2 r.c29 · 3 r.d29")
    assert "…" not in lines[0] and lines[1].strip() == "17 pass"


def test_plain_mode_is_chosen_with_the_flag_and_in_a_pipe() -> None:
    r = run("play", "district-z", "--seed", "4", stdin="quit\n")
    assert r.returncode == 0 and "choose a survivor" in r.stdout and "bye" in r.stdout
    r = run("play", "district-z", "--seed", "4", "--plain", stdin="quit\n")
    assert r.returncode == 0 and "bye" in r.stdout


def test_bench_shows_progress_on_stderr_and_keeps_stdout_for_the_table() -> None:
    from rich.console import Console

    from deadboard.cli import bench

    seen: list[str] = []

    class Recording(Console):
        def __init__(self, *a: object, **kw: object) -> None:
            super().__init__(force_terminal=True, width=100, stderr=bool(kw.get("stderr")))
            if kw.get("stderr"):
                seen.append("stderr")

    old = bench.Console
    bench.Console = Recording  # type: ignore[misc]
    try:
        from typer.testing import CliRunner

        from deadboard.cli.app import app

        res = CliRunner().invoke(app, ["bench", "--json", "--seconds", "0.1", "--game", "district-z", "--bot", "random",
                                       "--no-mcts"])
    finally:
        bench.Console = old  # type: ignore[misc]
    assert res.exit_code == 0, res.output
    assert "stderr" in seen
    assert json.loads(res.stdout)["games"][0]["game"] == "district-z"


def test_a_json_error_says_at_once_where() -> None:
    with pytest.raises(SaveError) as e:
        SaveFile.loads('{"game": "the-night", "x": "abc', "g.json")
    assert "at at" not in str(e.value)
    assert "Unterminated string starting at line 1, column 28" in str(e.value)


def test_respond_never_passes_every_window_for_the_person_and_the_save_replays(tmp_path: Path) -> None:
    # `--respond never`: the person is never asked to respond; the passes are recorded (the save replays)
    save = tmp_path / "never.json"
    lines = "1\n" * 300 + f"save {save}\nquit\n"
    r = run("play", "zombie-dawn", "--players", "2", "--seed", "6", "--bot", "2=random", "--respond", "never",
            "--plain", stdin=lines, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "respond to" not in r.stdout
    from deadboard.core.save import replay

    done = replay(SaveFile.read(save))
    assert done.hash_ok is True and "pass" in SaveFile.read(save).actions


def test_a_respond_setting_other_than_the_three_is_a_one_line_error() -> None:
    r = run("play", "zombie-dawn", "--respond", "sometimes", "--plain", stdin="quit\n")
    assert r.returncode != 0
    assert "--respond must be one of auto, always, never (got 'sometimes')" in r.stderr + r.stdout
    assert "Traceback" not in r.stderr
