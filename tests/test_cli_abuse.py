"""The command line under abuse: every hostile input is one line on stderr and exit code 2, never a
traceback; every loader checks a save the same way; ``sim`` keeps to the machine and dies quietly.
Each through the command as a user runs it (``python3 -m deadboard`` from this tree's sources)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.test_cli import ENV, ROOT, run

NIGHT_CONTENT = ROOT / "src" / "deadboard" / "games" / "the_night" / "content"
STORY = 'title = "x"\nturns = 3\n[zombie."\u00b2"]\nstrength = 6\n'


def one_line_error(r: subprocess.CompletedProcess[str], *words: str) -> str:
    assert r.returncode == 2, (r.returncode, r.stdout[-500:], r.stderr[-2000:])
    assert "Traceback" not in r.stderr, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


def a_save(tmp_path: Path, name: str = "night.json") -> Path:
    path = tmp_path / name
    r = run("play", "the-night", "--scenario", "quick-game", "--seed", "3", stdin=f"1\n1\nsave {path}\nquit\n")
    assert r.returncode == 0, r.stderr
    return path


# ----- 11. one line and exit 2 -------------------------------------------------------------------------
@pytest.mark.parametrize("command", [("replay",), ("play", "the-night", "--load")])
def test_a_save_nested_100k_deep_is_one_line(tmp_path: Path, command: tuple[str, ...]) -> None:
    p = tmp_path / "deep.json"
    p.write_text("[" * 100_000 + "]" * 100_000)
    one_line_error(run(*command, str(p)), "nested too deeply")


def test_an_option_value_of_1e400_in_a_save_is_one_line(tmp_path: Path) -> None:
    p = a_save(tmp_path)
    p.write_text(p.read_text().replace('"options": {}', '"options": {"zombies": 1e400}'))
    one_line_error(run("replay", str(p)), "too large")
    one_line_error(run("play", "the-night", "--load", str(p)), "too large")


# the quick reference is read from the package by the Rules panel, never from a content pack
@pytest.mark.parametrize("name", sorted(f.name for f in NIGHT_CONTENT.glob("*.toml") if f.name != "quickref.toml"))
def test_a_content_file_that_is_not_utf8_is_one_line_under_sim(tmp_path: Path, name: str) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(NIGHT_CONTENT, pack)
    (pack / name).write_bytes(b"# \xff\xfe not UTF-8\n" + (pack / name).read_bytes())
    one_line_error(run("sim", "the-night", "--games", "1", "--content", str(pack)), name, "UTF-8")


def test_a_content_pack_that_is_not_utf8_is_one_line_under_play_and_serve(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(NIGHT_CONTENT, pack)
    (pack / "humans.toml").write_bytes(b"\xff" + (pack / "humans.toml").read_bytes())
    one_line_error(run("play", "the-night", "--content", str(pack), stdin="quit\n"), "UTF-8")
    one_line_error(run("serve", "--port", "0", "--db", str(tmp_path / "g.db"), "--content", f"the-night={pack}"), "UTF-8")


def test_a_story_file_that_is_not_utf8_or_keys_a_zombie_by_a_superscript_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b'title = "\xff"\n')
    one_line_error(run("sim", "the-night", "--scenario", "make-your-own-story", "--option", f"story={bad}", "--games", "1"), "UTF-8")
    odd = tmp_path / "odd.toml"
    odd.write_text(STORY, encoding="utf-8")
    one_line_error(run("play", "the-night", "--scenario", "make-your-own-story", "--option", f"story={odd}", stdin="quit\n"),
                   "no zombie numbered")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("serve", "--log-level", "loud"), "--log-level"),
        (("sim", "the-night", "--bot", "os.system", "--games", "1"), "not a bot class"),
        (("sim", "the-night", "--frobnicate"), "No such option"),
        (("sim", "the-night", "--games", "many"), "--games"),
        (("sim", "the-night", "--games", "0"), "--games"),
        (("play",), "Missing argument"),
        (("fly",), "No such command"),
        (("serve", "--port", "99999"), "--port"),
    ],
)
def test_bad_flags_and_values_are_one_line(args: tuple[str, ...], words: str) -> None:
    one_line_error(run(*args), words)


# ----- 12. every loader checks a save the same way -----------------------------------------------------
def test_an_edited_save_is_refused_by_play_and_replay(tmp_path: Path) -> None:
    p = a_save(tmp_path)
    data = json.loads(p.read_text())
    data["actions"] = data["actions"][:-1]  # replays, to another state than the one recorded
    p.write_text(json.dumps(data))
    one_line_error(run("replay", str(p)), "edited")
    one_line_error(run("play", "the-night", "--load", str(p), stdin="quit\n"), "edited")


def test_a_save_without_a_hash_is_refused_unless_trusted(tmp_path: Path) -> None:
    p = a_save(tmp_path)
    data = json.loads(p.read_text())
    del data["hash"]
    p.write_text(json.dumps(data))
    one_line_error(run("replay", str(p)), "no hash", "--trust")
    one_line_error(run("play", "the-night", "--load", str(p), stdin="quit\n"), "no hash")
    assert run("replay", str(p), "--trust").returncode == 0
    assert run("play", "the-night", "--load", str(p), "--trust", stdin="quit\n").returncode == 0


def test_a_sealed_save_from_a_server_is_refused_by_the_command_line(tmp_path: Path) -> None:
    p = a_save(tmp_path)
    data = json.loads(p.read_text())
    data["sealed_seed"] = "00:00"
    del data["seed"]
    p.write_text(json.dumps(data))
    one_line_error(run("replay", str(p)), "sealed")


# ----- 13. sim keeps to the machine -------------------------------------------------------------------------
def test_sim_jobs_are_capped_at_the_cores_unless_forced() -> None:
    cores = os.cpu_count() or 1
    one_line_error(run("sim", "the-night", "--games", "1", "--jobs", str(cores + 1)), "--force")
    r = run("sim", "the-night", "--games", "2", "--jobs", str(cores + 1), "--force", "--json")
    assert r.returncode == 0, r.stderr


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_ten_million_games_start_without_holding_ten_million_tasks() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "deadboard", "sim", "the-night", "--games", "10000000", "--json"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=ENV)
    try:
        time.sleep(8)
        assert proc.poll() is None
        rss = _rss_mb(proc.pid)
    finally:
        proc.kill()
        proc.wait()
    assert rss < 400, rss  # it was 2.3 GB before the first game


def _children(pid: int) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(d.name))
    return out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_die_quietly_with_their_parent(tmp_path: Path) -> None:
    err = tmp_path / "stderr.txt"
    with err.open("w") as f:
        proc = subprocess.Popen([sys.executable, "-m", "deadboard", "sim", "the-night", "--games", "100000", "--jobs", "2",
                                 "--json"], stdout=subprocess.DEVNULL, stderr=f, cwd=ROOT, env=ENV)
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while time.monotonic() < deadline and len(workers) < 2:
        time.sleep(0.5)
        workers = _children(proc.pid)
    assert len(workers) >= 2, "the workers did not start"
    time.sleep(2)  # in the middle of their games
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(Path(f"/proc/{w}").exists() and "Z" not in _state(w) for w in workers):
        time.sleep(0.2)
    time.sleep(1)
    alive = [w for w in workers if Path(f"/proc/{w}").exists() and "Z" not in _state(w)]
    for w in alive:
        os.kill(w, signal.SIGKILL)
    assert not alive, "workers outlived their parent"
    text = err.read_text()
    assert "Traceback" not in text and "BrokenPipe" not in text, text


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


# ----- 14. the GAME argument must be the save's game -----------------------------------------------
def test_a_game_argument_that_disagrees_with_the_save_is_an_error(tmp_path: Path) -> None:
    p = a_save(tmp_path)
    one_line_error(run("play", "district-z", "--load", str(p), stdin="quit\n"), "a save of the-night", "district-z")
    assert run("play", "the-night", "--load", str(p), stdin="quit\n").returncode == 0
