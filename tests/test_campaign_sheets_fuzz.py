"""Campaign sheets from hostile files on every way the command line reads them (``play GAME
--campaign F``, ``sim GAME --option campaign=F``): a sheet is played or refused with one line
``error: …`` and exit 2, never a traceback. Hypothesis changes a sheet the game wrote — a field
replaced by any JSON, removed, added, or the whole file replaced — and runs the command in this
process (bounded: a few seconds)."""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deadboard.cli import main
from deadboard.core.campaign import CampaignRecord
from deadboard.core.game import Setup
from deadboard.core.registry import get_game
from deadboard.games.day_night_z.campaign import record_of
from deadboard.games.zpocalypse_2.campaign import next_record

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12) | st.sampled_from(["hank", "swift", "molotov", "basic", "advanced", "chapter-1", "a1"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _zpocalypse_sheet() -> dict[str, Any]:
    """The sheet after a prologue played by random moves to its end."""
    from deadboard.core.rng import Rng

    game = get_game("zpocalypse-2")
    state = game.new(Setup("prologue", {}, 2), 5)
    rng = Rng(5)
    while state.decision is not None:
        legal = game.legal_actions(state)
        game.apply(state, legal[rng.below(len(legal))])
    return next_record(game, state).to_json()


def _day_night_sheet() -> dict[str, Any]:
    game = get_game("day-night-z-campaign")
    state = game.new(Setup("road-to-ashford", {}, 2), 5)
    return record_of(state).to_json()


SHEETS = {"zpocalypse-2": _zpocalypse_sheet, "day-night-z": _day_night_sheet}
#: the game a simulation of each campaign plays
SIMULATED = {"zpocalypse-2": "zpocalypse-2", "day-night-z": "day-night-z-campaign"}


def _paths(data: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*at, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*at, i))
    return out


@st.composite
def hostile(draw: st.DrawFn, sheet: dict[str, Any]) -> str:
    """A sheet with one or two of its fields changed, or junk."""
    how = draw(st.sampled_from(["replace", "replace", "remove", "add", "junk", "deep"]))
    if how == "junk":
        return json.dumps(draw(JSON))
    if how == "deep":
        n = draw(st.sampled_from([33, 1000, 100_000]))
        return "[" * n + "]" * n
    data = json.loads(json.dumps(sheet))
    for _ in range(draw(st.integers(1, 2))):
        path = draw(st.sampled_from(_paths(data)[1:]))
        parent = data
        for k in path[:-1]:
            parent = parent[k]
        if how == "replace":
            parent[path[-1]] = draw(JSON)
        elif how == "remove" and isinstance(parent, dict):
            del parent[path[-1]]
        elif how == "remove":
            parent.pop(path[-1])
        elif isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=8))] = draw(JSON)
        else:
            parent.append(draw(JSON))
    return json.dumps(data)


def deadboard(*args: str) -> tuple[int, str]:
    """``deadboard ARGS`` in this process, with "quit" on its input: (exit code, stderr)."""
    err = io.StringIO()
    argv, stdin = sys.argv, sys.stdin
    sys.argv, sys.stdin = ["deadboard", *args], io.StringIO("quit\n")
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            try:
                main()
                code = 0
            except SystemExit as e:
                code = int(e.code or 0)
    finally:
        sys.argv, sys.stdin = argv, stdin
    return code, err.getvalue()


def played_or_one_line(code: int, err: str) -> None:
    assert "Traceback" not in err, err
    assert code in (0, 2), (code, err)
    if code == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), err


@pytest.mark.parametrize("game", sorted(SHEETS))
def test_hostile_campaign_sheets_are_played_or_refused_in_one_line(game: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    sheet = SHEETS[game]()
    folder = tmp_path_factory.mktemp("sheets")
    CampaignRecord.from_json(sheet)  # the game's own sheet reads back

    @settings(max_examples=25, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(hostile(sheet))
    def check(text: str) -> None:
        path = Path(folder) / "sheet.json"
        path.write_text(text)
        code, err = deadboard("play", game, "--campaign", str(path), "--seed", "1", "--plain")
        played_or_one_line(code, err)
        if code == 2:  # the same file as an option of a simulation, refused before it starts
            played_or_one_line(*deadboard("sim", SIMULATED[game], "--option", f"campaign={path}", "--games", "1"))

    check()


def test_a_twelve_survivor_squad_is_refused_naming_the_field(tmp_path: Path) -> None:
    sheet = _zpocalypse_sheet()
    from deadboard.games.zpocalypse_2.content import load_content

    known = [s.id for s in load_content(None).survivors]
    sheet["survivors"] = [{"id": i, "seat": 0} for i in (known * 2)[:12]]
    path = tmp_path / "twelve.json"
    path.write_text(json.dumps(sheet))
    code, err = deadboard("play", "zpocalypse-2", "--campaign", str(path))
    assert code == 2 and "survivors[" in err and ".seat" in err, err
    sheet["survivors"] = [{"id": known[0], "seat": 0}] * 50
    path.write_text(json.dumps(sheet))
    code, err = deadboard("play", "zpocalypse-2", "--campaign", str(path))
    assert code == 2 and "survivors[1]" in err and "twice" in err, err


def test_an_unknown_fence_is_refused_when_the_sheet_is_read(tmp_path: Path) -> None:
    sheet = _day_night_sheet()
    sheet["data"]["fence"] = "electric"
    path = tmp_path / "fence.json"
    path.write_text(json.dumps(sheet))
    code, err = deadboard("play", "day-night-z", "--campaign", str(path))
    assert code == 2 and "data.fence" in err and "electric" in err, err


@pytest.mark.parametrize("game", sorted(SHEETS))
def test_a_sheet_the_game_wrote_is_played(game: str, tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(SHEETS[game]()))
    code, err = deadboard("play", game, "--campaign", str(path), "--seed", "1", "--plain")
    assert code == 0, err


def test_day_night_z_sheets_along_a_campaign_pass_its_checks() -> None:
    """Health grown by skills and allies, the shelter built, the Travel map revealed: every sheet the
    campaign writes as it goes is one its checks accept."""
    from deadboard.bots.base import make_bot
    from deadboard.games.day_night_z.campaign_sheet import check
    from deadboard.games.day_night_z.setup import SEATS

    game = get_game("day-night-z-campaign")
    state = game.new(Setup("road-to-ashford", {}, 2), 3)
    bots = [make_bot("heuristic", game, s, 3) for s in range(2)]
    for n in range(400):
        if state.decision is None:
            break
        if n % 10 == 0:
            record = CampaignRecord.from_json(record_of(state).to_json())
            if record.chapter != "end":
                check(record, state.content, SEATS)
        legal = game.legal_actions(state)
        seat = state.decision.seat
        game.apply(state, legal[0] if len(legal) == 1 else bots[seat].choose(game, game.view(state, seat), legal))
