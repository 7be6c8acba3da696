"""``deadboard play`` full screen as the player sees it: every game at 80 × 24, 100 × 30, 120 × 40
and 160 × 50, the screen's text compared to the one recorded in ``tests/data/tui`` (a change of a
drawing or a layout shows up as a readable diff; record again with ``DEADBOARD_RECORD_SCREENS=1``);
The Night's board at 100 to 160 columns; the rows of a board never broken in two."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from deadboard.cli.session import board, rendered_lines, square_positions
from deadboard.cli.tui import PlayApp
from deadboard.core import list_games
from tests.test_tui import drive, make_app, settle

SIZES = [(80, 24), (100, 30), (120, 40), (160, 50)]
SCREENS = Path(__file__).parent / "data" / "tui"
RECORD = bool(os.environ.get("DEADBOARD_RECORD_SCREENS"))


def screen_text(app: PlayApp) -> str:
    """The screen as plain text, as Textual composes it (the same as its SVG screenshots)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, force_terminal=True,
                      color_system="truecolor", legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


async def steady(pilot: Any) -> str:
    """The screen once it stays the same (the board follows the action, the log is wrapped again
    at its pane's width after the layout is chosen)."""
    shown, same = "", 0
    for _ in range(60):
        await pilot.pause(0.1)
        now = screen_text(pilot.app)
        same = same + 1 if now == shown else 0
        if same == 4:
            break
        shown = now
    return shown


async def compared(pilot: Any, path: Path) -> None:
    """The steady screen against the one recorded (looked at again once, the board brought back
    to the action, when a slow machine took the first look while the layout was settling)."""
    shown = await steady(pilot)
    if RECORD or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(shown + "\n")
        if not RECORD:
            pytest.fail(f"{path.name} was not recorded: recorded now, look at it and run again")
    recorded = path.read_text().rstrip("\n")
    if shown != recorded:
        pilot.app.follow()
        shown = await steady(pilot)
    assert shown == recorded, f"the screen differs from {path.name}"


def players(game_id: str) -> int | None:
    return 2 if game_id == "zombie-dawn" else None


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", list_games())
def test_the_screen_of_every_game_at_every_size_is_the_one_recorded(game_id: str, size: tuple[int, int]) -> None:
    app = make_app(game_id, players=players(game_id))
    path = SCREENS / f"{game_id}-{size[0]}x{size[1]}.txt"

    async def script(pilot: Any) -> None:
        await compared(pilot, path)

    drive(app, size, script)


@pytest.mark.parametrize("game_id", list_games())
def test_the_screen_of_every_game_after_eight_actions_is_the_one_recorded(game_id: str) -> None:
    """A game under way (Day Night Z's tiles, The Night's humans on the board, …) at 120 × 40:
    eight actions taken with Enter (the highlighted action, groups opened, y to a question)."""
    app = make_app(game_id, players=players(game_id))
    path = SCREENS / f"{game_id}-played-120x40.txt"

    async def script(pilot: Any) -> None:
        for _ in range(8):
            if app.over:
                break
            while app.groups and app.shown[app.query_one("#actions").highlighted or 0].action is None:
                await pilot.press("enter")
                await pilot.pause()
            await pilot.press("enter")
            if app.asking is not None:
                await pilot.press("y")
            await settle(pilot)
        await compared(pilot, path)

    drive(app, (120, 40), script)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", list_games())
def test_no_row_of_a_board_is_broken_at_any_size(game_id: str, size: tuple[int, int]) -> None:
    """Every square the game draws is drawn whole on one line, as on a screen as wide as it likes."""
    app = make_app(game_id, players=players(game_id))

    async def script(pilot: Any) -> None:
        s = app.session
        whole = square_positions(rendered_lines(board(s.game, s.view_for(app.seat), app.seat), 400))
        shown = app.query_one("#board").squares
        assert set(shown) == set(whole)
        rows_of = {name: y for name, (y, _, _) in shown.items()}
        lines_of_a_row: dict[int, set[int]] = {}
        for name, (y, _, _) in whole.items():
            lines_of_a_row.setdefault(y, set()).add(rows_of[name])
        assert all(len(lines) == 1 for lines in lines_of_a_row.values()), "a row of squares was broken"

    drive(app, size, script)


@pytest.mark.parametrize("width", [100, 120, 140, 160])
def test_the_night_shows_its_whole_board_rows_and_six_numbered_rows_at_40_lines(width: int) -> None:
    app = make_app("the-night")

    async def script(pilot: Any) -> None:
        await steady(pilot)
        b = app.query_one("#board")
        region = b.content_region
        lines = screen_text(app).splitlines()[region.y:region.bottom]
        pane = [line[region.x:region.right] for line in lines]
        numbered = [line for line in pane if re.match(r"^ {0,2}\d{1,2} ", line)]
        assert len(numbered) >= 6, "\n".join(pane)
        assert b.virtual_size.width <= region.width, "the board is wider than its pane"
        columns = " ".join(chr(ord("a") + x) for x in range(22))
        assert any(" ".join(line.split()) == columns for line in pane), "the column letters on one line"

    drive(app, (width, 40), script)
