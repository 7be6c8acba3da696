"""The terminal board (render.py): every door, window, board, lock, break, counter, item and Map
Entry Point shows."""

from __future__ import annotations

from rich.console import Console

from deadboard.games.the_night.render import board_text, board_width, render
from deadboard.games.the_night.state import NightState
from tests.the_night.helpers import GAME, act_as, board


def plain(s: NightState, whole: bool = False) -> str:
    console = Console(width=200, color_system=None, force_terminal=False, record=True)
    console.print(render(GAME, s) if whole else board_text(s))
    return console.export_text()


def line(text: str, row: int) -> str:
    """The text line of board row ``row`` (1-based)."""
    return next(ln for ln in text.splitlines() if ln[:4].strip() == str(row))


def edge_line_below(text: str, row: int) -> str:
    lines = text.splitlines()
    i = next(i for i, ln in enumerate(lines) if ln[:4].strip() == str(row))
    return lines[i + 1]


def test_doors_and_windows_open_locked_broken_and_boarded() -> None:
    s = board(openings={"front-door": "locked+boarded", "back-door": "locked", "shed-door": "broken+boarded",
                        "kitchen-window-west": "boarded"})
    text = plain(s)
    assert "#L#" in edge_line_below(text, 13)  # the front door, locked and boarded
    assert "LLL" in edge_line_below(text, 3)  # the back door, locked
    assert "#x#" in edge_line_below(text, 3)  # the Tool Shed door, broken and boarded
    assert "#" in line(text, 6)  # the Kitchen's west window, boarded
    assert "░" in line(text, 8) and "▒" in edge_line_below(text, 7)  # an open window and open doors
    s = board(openings={"front-door": "broken"})
    assert "xxx" in edge_line_below(plain(s), 13)


def test_counters_items_and_entry_points() -> None:
    s = board(humans={"Ben": "h10", "Judy": "i12"}, zombies={23: "b8", "Tom": "e9"},
              items={"axe": "f12", "bat": "c13", "knife": "c13", "machete": "h10"}, heroes=("Ben",))
    s.humans[1].status = 2  # Barbara's dead counter
    s.humans[1].sq = s.c.grid.square("f13")
    text = plain(s)
    assert "Ben" in line(text, 10) and "Jud" in line(text, 12)
    assert "23" in line(text, 8) and "zTo" in line(text, 9) and "+Ba" in line(text, 13)
    assert " * " in line(text, 12) and "*2" in line(text, 13)
    assert line(text, 1).split()[1:5] == ["1", "1", "2", "2"]  # Map Entry Points 1 and 2 along the top
    whole = plain(s, whole=True)
    assert "Machete h10 (under Ben)" in whole
    assert "locked and boarded" in whole and "Map Entry Point" in whole


def test_the_acting_human_shows_when_passing_through_another() -> None:
    s = board(humans={"Ben": "h10", "Judy": "g10"})
    act_as(s, "Judy")
    GAME.apply(s, "move Judy h10")
    assert "Jud" in line(plain(s), 10) and "Ben" not in line(plain(s), 10)


def test_a_terminal_too_narrow_for_the_board_gets_squares_two_characters_wide() -> None:
    s = board(humans={"Ben": "h10", "Judy": "i12"}, zombies={23: "b8", "Tom": "e9"},
              items={"bat": "c13", "knife": "c13"}, heroes=("Ben",),
              openings={"front-door": "locked+boarded", "back-door": "locked"})
    s.humans[1].status = 2  # Barbara's dead counter
    s.humans[1].sq = s.c.grid.square("f13")
    assert board_width(s) > 80 >= board_width(s, 2)
    console = Console(width=80, color_system=None, force_terminal=False, record=True)
    console.print(render(GAME, s))
    text = console.export_text()
    assert max(len(ln.rstrip()) for ln in text.splitlines()) <= 80
    assert "Be" in line(text, 10) and "Ben" not in line(text, 10) and "Ju" in line(text, 12)
    assert "23" in line(text, 8) and "to" in line(text, 9) and "+B" in line(text, 13) and "*2" in line(text, 13)
    assert "#L" in edge_line_below(text, 13) and "LL" in edge_line_below(text, 3)
    words = " ".join(text.split())  # the legend wraps where the panel's columns leave room
    assert "+B dead human" in words and " be human zombie" in words
    wide = plain(s, whole=True)  # a wide terminal keeps three characters a square
    assert "Ben" in line(wide, 10) and "zTo" in line(wide, 9)
