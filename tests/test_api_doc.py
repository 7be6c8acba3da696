"""docs/api.md runs as written: its Python examples, and a bot of one's own named by import path."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from deadboard import IllegalActionError, Setup, SetupError, get_game
from deadboard.bots import make_bot
from deadboard.sim.play import play_game

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", DOC, re.S)


def _cli(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run([sys.executable, "-m", "deadboard", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=300)


@pytest.fixture
def in_folder_with_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding the doc's cautious.py and two broken bots, made the current folder."""
    (tmp_path / "cautious.py").write_text(next(b for b in BLOCKS if b.startswith("# cautious.py")))
    (tmp_path / "cheater.py").write_text(
        "class Cheater:\n"
        "    def __init__(self, game, seat, seed):\n        pass\n"
        "    def choose(self, game, view, legal):\n        return 'teleport Ben a1'\n"
        "class NoChoose:\n"
        "    def __init__(self, game, seat, seed):\n        pass\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def test_the_docs_examples_run(in_folder_with_bots: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ran = 0
    for i, block in enumerate(BLOCKS):
        if block.startswith("# cautious.py"):
            continue
        exec(compile(block, f"docs/api.md, example {i + 1}", "exec"), {"__name__": "__main__"})
        ran += 1
    assert ran == 6
    out = capsys.readouterr().out
    assert "refused:" in out and "Result." in out


def test_an_own_bot_is_checked_and_may_answer_with_text(in_folder_with_bots: Path) -> None:
    game = get_game("the-night")
    bot = make_bot("cautious.Cautious", game, 0, 1)
    assert bot.needs_view
    state = game.new(Setup("quick-game"), 1)
    legal = game.legal_actions(state)
    assert bot.choose(game, game.view(state, 0), legal) in legal
    with pytest.raises(IllegalActionError, match=re.escape("bot 'cheater.Cheater' chose 'teleport Ben a1'")):
        play_game(game, Setup("quick-game"), 1, ["cheater.Cheater"])
    with pytest.raises(SetupError, match="no choose"):
        make_bot("cheater.NoChoose", game, 0, 1)
    with pytest.raises(SetupError, match="has no class 'Nobody'"):
        make_bot("cautious.Nobody", game, 0, 1)
    with pytest.raises(SetupError, match="no module 'nowhere'"):
        make_bot("nowhere.Bot", game, 0, 1)


def test_an_own_bot_on_the_command_line(in_folder_with_bots: Path) -> None:
    runs = [_cli(in_folder_with_bots, "sim", "the-night", "-s", "quick-game", "--bot", "cautious.Cautious",
                 "--games", "6", "--jobs", str(j), "--json") for j in (1, 2)]
    for r in runs:
        assert r.returncode == 0, r.stderr
    one, two = (json.loads(r.stdout) for r in runs)
    assert one["bot"] == "cautious.Cautious" and one["wins"] == two["wins"] and one["mean_score"] == two["mean_score"]
    for args, message in (
        (("sim", "the-night", "--bot", "cheater.Cheater", "--games", "1"), "not a legal action now"),
        (("sim", "the-night", "--bot", "nowhere.Bot", "--games", "1"), "no module 'nowhere'"),
        (("play", "the-night", "--bot", "cheater.NoChoose"), "no choose"),
    ):
        r = _cli(in_folder_with_bots, *args)
        assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr, r.stderr
