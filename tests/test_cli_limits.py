"""Every count, size and time the command line takes is bounded, and so is every file it reads: a
value or a file past its bound is one line ``error: …`` and exit 2 (run in this process)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.test_campaign_sheets_fuzz import deadboard


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (("sim", "zpocalypse-2", "--campaign", "--retries", "1000000000"), "--retries"),
        (("sim", "the-night", "--games", "100000000000"), "--games"),
        (("sim", "the-night", "--jobs", "100000"), "--jobs"),
        (("sim", "the-night", "--players", "1000000"), "--players"),
        (("sim", "the-night", "--seed", "-1"), "--seed"),
        (("sim", "the-night", "--seed", str(2**64)), "--seed"),
        (("tournament", "the-night", "--bots", "random,heuristic", "--games", "100000000000"), "--games"),
        (("study", "the-night", "--vary", "dodge", "--games", "100000000000"), "--games"),
        (("play", "the-night", "--delay", "1e9"), "--delay"),
        (("play", "the-night", "--players", "99"), "--players"),
        (("bench", "--seconds", "1e12"), "--seconds"),
        (("serve", "--keep-days", "1e300"), "--keep-days"),
        (("serve", "--create-limit", "1e300"), "--create-limit"),
        (("sim", "the-night", "--bot", "mcts:1000000000000", "--games", "1"), "MCTS budget"),
        (("sim", "the-night", "--bot", "mcts:infs", "--games", "1"), "MCTS budget"),
    ],
)
def test_a_count_past_its_bound_is_one_line(args: tuple[str, ...], flag: str) -> None:
    code, err = deadboard(*args)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].startswith("error: ") and flag in lines[0], err


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path: Path) -> None:
    for name in ("save.json", "story.toml", "sheet.json"):
        with (tmp_path / name).open("wb") as f:
            f.truncate(70 << 20)  # sparse: nothing is written
    for args, words in [
        (("replay", str(tmp_path / "save.json")), "too large"),
        (("play", "the-night", "--scenario", "make-your-own-story", "--option", f"story={tmp_path / 'story.toml'}"),
         "too large"),
        (("play", "zpocalypse-2", "--campaign", str(tmp_path / "sheet.json")), "too large"),
        (("play", "day-night-z", "--campaign", str(tmp_path / "sheet.json")), "too large"),
    ]:
        code, err = deadboard(*args)
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1, (args, err)
    assert os.path.getsize(tmp_path / "save.json") == 70 << 20
