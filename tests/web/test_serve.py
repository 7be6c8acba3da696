"""``deadboard serve`` as a user types it: the address printed, a real answer, clean errors, the
default games file, and a restart that finds its games again."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest

from deadboard.cli.serve import DB_NAME, default_db
from tests.web.conftest import claim_all

ROOT = Path(__file__).resolve().parents[2]
# the commands run from this tree's sources, whatever deadboard is installed
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}


def start(*args: str) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([sys.executable, "-m", "deadboard", "serve", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, cwd=ROOT, env=ENV)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "serving on " not in line:
        proc.kill()
        raise AssertionError(f"no address printed: {line!r}")
    return proc, line.split("serving on ", 1)[1].split()[0].rstrip("/")


def stop(proc: subprocess.Popen[str]) -> None:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def test_serve_prints_its_address_and_keeps_games_across_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    proc, url = start("--port", "0", "--db", str(db))
    try:
        assert url.startswith("http://127.0.0.1:")
        assert "deadboard" in httpx2.get(url + "/").text
        made = httpx2.post(url + "/api/games", json={"game": "the-night", "scenario": "quick-game", "seed": 1}).json()
        token = made["links"][0]["token"]
        page = httpx2.get(f"{url}/api/games/{made['id']}", headers={"Authorization": f"Bearer {token}"}).json()
        httpx2.post(f"{url}/api/games/{made['id']}/actions", json={"action": page["legal"][0]["text"]},
                   headers={"Authorization": f"Bearer {token}"}).raise_for_status()
    finally:
        stop(proc)
    assert proc.returncode == 0
    proc, url = start("--port", "0", "--db", str(db))
    try:
        again = httpx2.get(f"{url}/api/games/{made['id']}", headers={"Authorization": f"Bearer {token}"}).json()
        assert again["steps"] == 1
    finally:
        stop(proc)


def test_a_port_in_use_is_a_clear_error(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        port = s.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "deadboard", "serve", "--port", str(port), "--db", str(tmp_path / "g.db")],
                           capture_output=True, text=True, timeout=60, cwd=ROOT, env=ENV)
    assert r.returncode == 2
    assert "already in use" in r.stderr and "Traceback" not in r.stderr


def test_a_games_file_that_cannot_be_used_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "not-a-db.sqlite3"
    bad.write_text("hello" * 1000)
    r = subprocess.run([sys.executable, "-m", "deadboard", "serve", "--port", "0", "--db", str(bad)],
                       capture_output=True, text=True, timeout=60, cwd=ROOT, env=ENV)
    assert r.returncode == 2
    assert "not a database" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize(("spec", "words"), [
    ("the-night", "GAME=FOLDER"),
    ("no-such-game=.", "no-such-game"),
    ("the-night=/no/such/folder", "no such folder"),
])
def test_a_bad_content_pack_stops_the_server_with_a_clear_error(tmp_path: Path, spec: str, words: str) -> None:
    r = subprocess.run([sys.executable, "-m", "deadboard", "serve", "--port", "0", "--db", str(tmp_path / "g.db"),
                        "--content", spec], capture_output=True, text=True, timeout=60, cwd=ROOT, env=ENV)
    assert r.returncode == 2
    assert words in r.stderr and "Traceback" not in r.stderr


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the XDG data folder is the Linux default")
def test_the_default_games_file_is_in_the_users_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_db() == tmp_path / "data" / "deadboard" / DB_NAME
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    monkeypatch.chdir(tmp_path)
    assert default_db() == tmp_path / f"deadboard-{DB_NAME}"


def test_the_server_stops_promptly_with_pages_waiting(tmp_path: Path) -> None:
    proc, url = start("--port", "0", "--db", str(tmp_path / "g.db"))
    try:
        made = httpx2.post(url + "/api/games", json={"game": "the-night", "options": {"hidden-hero": True}, "seed": 2}).json()
        token = claim_all(httpx2, made, url)["links"][1]["token"]
        rev = httpx2.get(f"{url}/api/games/{made['id']}", headers={"Authorization": f"Bearer {token}"}).json()["rev"]
        waiting = subprocess.Popen([sys.executable, "-c", (
            "import httpx2,sys; httpx2.get(sys.argv[1], headers={'Authorization': 'Bearer ' + sys.argv[2]}, timeout=30)")
            , f"{url}/api/games/{made['id']}?since={rev}", token], env=ENV)
        time.sleep(0.5)
        t0 = time.monotonic()
    finally:
        stop(proc)
    assert time.monotonic() - t0 < 8
    waiting.wait(timeout=30)
