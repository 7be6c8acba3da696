"""Zombie Dawn in the terminal: the maps fit the terminal, three characters a square or two."""

from __future__ import annotations

from rich.console import Console

from deadboard.core import Setup, get_game
from deadboard.games.zombie_dawn.render import map_width, render
from deadboard.games.zombie_dawn.state import DawnState

GAME = get_game("zombie-dawn")


def _drawn(state: DawnState, width: int) -> str:
    console = Console(width=width, color_system=None, force_terminal=False, record=True)
    console.print(render(GAME, state, 0))
    return console.export_text()


def _started(players: int) -> DawnState:
    state = GAME.new(Setup(players=players), 4)
    while state.decision is not None and state.board is None:
        GAME.apply(state, GAME.legal_actions(state)[0])
    assert isinstance(state, DawnState) and state.board is not None
    return state


def test_the_maps_fit_an_80_column_terminal_and_keep_three_characters_where_there_is_room() -> None:
    st = _started(1)
    assert map_width(st, 0) > 80 >= map_width(st, 0, 2)
    narrow = _drawn(st, 80)
    assert max(len(ln.rstrip()) for ln in narrow.splitlines()) <= 80
    header = next(ln for ln in narrow.splitlines() if " a b c" in ln)
    assert " x y" in header  # every column on one line, two characters each
    wide = _drawn(st, 120)
    assert next(ln for ln in wide.splitlines() if " a  b  c" in ln)
    assert " R " in wide and "R " in narrow  # Red's group
