"""Rulebook §Dawn Breaks - Victory Level."""

from __future__ import annotations

import pytest

from deadboard.games.the_night.rules import night_outcome, victory_level
from deadboard.games.the_night.state import DEAD
from tests.the_night.helpers import GAME, board


@pytest.mark.parametrize(
    ("score", "level"),
    [(0, "Nightmare"), (29, "Nightmare"), (30, "Terrible"), (39, "Terrible"), (40, "Bad"), (49, "Bad"),
     (50, "Acceptable"), (59, "Acceptable"), (60, "Good"), (69, "Good"), (70, "Excellent"), (120, "Excellent")],
)
def test_victory_levels_table(score: int, level: str) -> None:
    assert victory_level(board(), score) == level


def test_victory_points_hero_10_others_5_zombies_1() -> None:
    s = board(humans={"Ben": "h10", "Judy": "c4", "Tom": "c5"}, heroes=("Judy",))
    s.humans[5].status = DEAD
    s.zombies_removed = 7
    s.over = True  # the game is over
    s.reason = "dawn"
    o = night_outcome(s, ["Humans"])
    assert o.score == 10 + 5 + 7
    assert o.level == "Nightmare" and o.result.value == "win"


def test_excellent_night() -> None:
    s = board(humans={n: q for n, q in zip(["Ben", "Barbara", "Harry", "Helen", "Karen", "Tom", "Judy"],
                                            ["c4", "c5", "c6", "c7", "d4", "d5", "d6"])}, heroes=("Ben",))
    s.zombies_removed = 30
    s.over = True  # the game is over
    s.reason = "dawn"
    o = GAME.outcome(s)
    assert o is not None and o.score == 40 + 30 and o.level == "Excellent"
