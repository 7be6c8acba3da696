"""The server's processes end with it, however it ends, and its bots share it fairly: a real
``deadboard serve`` on loopback (bounded: each test a few seconds to a minute)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from abuse_web import Server  # noqa: E402
from bots_fair import new_game, play_against_the_heuristic  # noqa: E402

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (children, their children …), from /proc."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            parents.setdefault(ppid, []).append(int(entry.name))
    out: set[int] = set()
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            if child not in out:
                out.add(child)
                todo.append(child)
    return out


def alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_kill_9_of_the_server_leaves_no_process_behind(tmp_path: Path) -> None:
    server = Server(ROOT / "src", tmp_path / "games.sqlite3")
    try:
        deadline = time.monotonic() + 60
        children: set[int] = set()
        while time.monotonic() < deadline:  # the worker processes and the resource tracker start
            children = descendants(server.proc.pid)
            if len(children) >= 2:
                break
            time.sleep(0.2)
        assert children, "the server started no worker process"
    finally:
        os.kill(server.proc.pid, signal.SIGKILL)
        server.proc.wait(timeout=10)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(alive(p) for p in children):
        time.sleep(0.1)
    left = [p for p in children if alive(p)]
    for p in left:
        os.kill(p, signal.SIGKILL)
    assert not left, f"processes left running after kill -9 of the server: {left}"


def test_a_heuristic_game_gets_its_bot_replies_beside_two_all_mcts_games(tmp_path: Path) -> None:
    """Done when: beside two all-mcts Zombie Dawn games, a person-vs-heuristic game gets at least 20
    bot replies in 75 s (measured here for 20 s: 20 replies; scripts/bots_fair.py measures 75 s)."""
    server = Server(ROOT / "src", tmp_path / "games.sqlite3")
    try:
        for k in range(2):
            new_game(server.port, "zombie-dawn", 4, [{"player": "bot", "bot": "mcts"}] * 4, 100 + k)
        replies = play_against_the_heuristic(server.port, "zombie-dawn", time.monotonic() + 20)
    finally:
        server.stop()
    assert len(replies) >= 20, replies
    assert sorted(replies)[len(replies) // 2] < 0.5, replies


def test_sigterm_leaves_no_process_behind(tmp_path: Path) -> None:
    server = Server(ROOT / "src", tmp_path / "games.sqlite3")
    deadline = time.monotonic() + 60
    children: set[int] = set()
    while time.monotonic() < deadline and len(children) < 2:
        children = descendants(server.proc.pid)
        time.sleep(0.2)
    server.proc.send_signal(signal.SIGTERM)
    try:
        server.proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.proc.kill()
        raise
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(alive(p) for p in children):
        time.sleep(0.1)
    assert not [p for p in children if alive(p)]


def test_a_search_bot_thinks_at_most_its_bound_on_the_server() -> None:
    """A bot seat of ``mcts:100000000`` (iterations for hours) answers within the server's bound."""
    from deadboard.bots.base import make_bot
    from deadboard.core.game import Setup
    from deadboard.core.registry import get_game
    from deadboard.web.hints import _bot_job

    game = get_game("zombie-dawn")
    state = game.new(game.normalize_setup(Setup("", {}, 2)), 4)
    while len(game.legal_actions(state)) < 2:
        game.apply(state, game.legal_actions(state)[0])
    seat = state.decision.seat
    bot = make_bot("mcts:100000000", game, seat, 1)
    start = time.monotonic()
    text, _ = _bot_job(bot, game.id, game.view(state, seat), game.legal_actions(state), 0.3)
    assert time.monotonic() - start < 3.0
    assert text in {a.text for a in game.legal_actions(state)}
