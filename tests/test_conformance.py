"""The conformance suite: every registered game, every test setup, the same contract."""

from __future__ import annotations

import pytest

from deadboard.core import get_game, list_games
from tests import conformance

CASES = [(gid, i) for gid in list_games() for i in range(len(get_game(gid).test_setups()))]


def _setup(gid: str, i: int):  # type: ignore[no-untyped-def]
    game = get_game(gid)
    return game, game.test_setups()[i]


@pytest.mark.parametrize(("gid", "i"), CASES)
def test_random_play_keeps_the_contract(gid: str, i: int) -> None:
    game, setup = _setup(gid, i)
    for seed in (1, 2):
        conformance.random_playthrough(game, setup, seed)


@pytest.mark.parametrize(("gid", "i"), CASES)
def test_save_replay_roundtrip(gid: str, i: int) -> None:
    game, setup = _setup(gid, i)
    conformance.check_save_replay(game, setup, 3)


@pytest.mark.parametrize("gid", list_games())
def test_illegal_action_leaves_state_untouched(gid: str) -> None:
    game = get_game(gid)
    conformance.check_illegal_action_leaves_state(game, game.default_setup(), 4)


@pytest.mark.parametrize(("gid", "i"), CASES)
def test_pickle_roundtrip(gid: str, i: int) -> None:
    game, setup = _setup(gid, i)
    conformance.check_pickle_roundtrip(game, setup, 5)


@pytest.mark.parametrize(("gid", "i"), CASES)
def test_same_seed_same_game(gid: str, i: int) -> None:
    game, setup = _setup(gid, i)
    conformance.check_determinism(game, setup, 6)


@pytest.mark.parametrize(("gid", "i"), CASES)
def test_views(gid: str, i: int) -> None:
    game, setup = _setup(gid, i)
    conformance.check_views(game, setup, 7)
