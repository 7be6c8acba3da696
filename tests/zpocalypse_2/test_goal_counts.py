"""A chapter's goal by the number of squads (scenarios.toml ``goal_counts``): the horde comes from
the Doom Track, not from the number of squads, so a kill goal is authored for each number of them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from deadboard.core import Setup, get_game
from deadboard.core.errors import ContentError
from deadboard.core.kernel import advance
from deadboard.games.zpocalypse_2.content import PACKAGE_DIR, load_content
from deadboard.games.zpocalypse_2.state import ZState
from deadboard.games.zpocalypse_2.turn import Sunrise

GAME = get_game("zpocalypse-2")


def _ended_with_kills(players: int, kills: int) -> ZState:
    """A prologue after its last night's sunrise, with ``kills`` zombies killed by the first squad."""
    state = GAME.new(Setup("prologue", players=players), 1)
    assert isinstance(state, ZState)
    state.night = state.scenario.nights
    state.zombies, state.mutates = [], []
    state.squads[0].kills = kills
    state.steps[:] = []
    state.push(*Sunrise().run(state))
    advance(state)
    return state


def test_the_prologue_asks_more_kills_of_three_and_four_squads() -> None:
    sc = load_content().scenario("prologue")
    assert [sc.goal_for(n) for n in (1, 2, 3, 4)] == sc.goal_counts
    assert sc.goal_for(1) == sc.goal_count
    assert sc.goal_for(3) > sc.goal_for(1)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_chapter_is_won_with_the_kills_its_number_of_squads_asks(players: int) -> None:
    wanted = load_content().scenario("prologue").goal_for(players)
    short = _ended_with_kills(players, wanted - 1)
    assert short.lost == f"only {wanted - 1} of {wanted} zombies killed"
    assert _ended_with_kills(players, wanted).lost == ""


def test_a_chapter_without_goal_counts_asks_goal_count_of_any_number_of_squads() -> None:
    sc = load_content().scenario("chapter-1")
    assert sc.goal_counts == []
    assert {sc.goal_for(n) for n in (1, 2, 3, 4)} == {sc.goal_count}


def test_a_shorter_list_gives_its_last_figure_to_more_squads() -> None:
    sc = load_content().scenario("prologue").model_copy(update={"goal_counts": [6, 7]})
    assert [sc.goal_for(n) for n in (1, 2, 3, 4)] == [6, 7, 7, 7]


def _pack(tmp_path: Path, line: str, scenario: str = "prologue") -> str:
    pack = tmp_path / "pack"
    shutil.copytree(PACKAGE_DIR / "content", pack)
    path = pack / "scenarios.toml"
    text = path.read_text(encoding="utf-8")
    head, sep, rest = text.partition(f'id = "{scenario}"\n')
    lines = [x for x in rest.split("\n") if not x.startswith("goal_counts")]
    at = next(i for i, x in enumerate(lines) if x.startswith("goal_card"))
    lines.insert(at, line)
    path.write_text(head + sep + "\n".join(lines), encoding="utf-8")
    return str(pack)


@pytest.mark.parametrize(
    ("line", "scenario", "error"),
    [
        ("goal_counts = [5, 6]", "prologue", "must equal goal_count (6)"),
        ("goal_counts = [6, 0]", "prologue", "at least 1"),
        ("goal_counts = [6, 6, 7, 8, 9]", "prologue", "1 to 4 squads"),
        ("goal_counts = [1, 2]", "chapter-2", "only a kills or mutates goal"),
        ('goal_counts = ["six"]', "prologue", "goal_counts"),
    ],
)
def test_bad_goal_counts_are_a_content_error_naming_the_record(
    tmp_path: Path, line: str, scenario: str, error: str
) -> None:
    pack = _pack(tmp_path, line, scenario)
    with pytest.raises(ContentError) as caught:
        load_content(pack)
    assert "scenarios.toml" in str(caught.value) and error in str(caught.value)
