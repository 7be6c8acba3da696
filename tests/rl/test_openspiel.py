"""OpenSpiel's own random simulation test on every registered game, and its IS-MCTS bot on the
adapter (each of its simulations starts from ``resample_from_infostate``)."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from deadboard.rl.openspiel import game_name, load
from tests.rl.helpers import GAMES

SMALL = {"the-night": {"players": 1, "scenario": "quick-game"}, "district-z": {"players": 1},
         "zombie-dawn": {"players": 1}, "zpocalypse-2": {"players": 1}, "day-night-z": {"players": 1},
         "day-night-z-campaign": {"players": 1}}


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {game_name(g) for g in GAMES} <= names


@pytest.mark.parametrize("gid", GAMES)
def test_openspiel_random_sim_test(gid: str) -> None:
    game = load(gid, **SMALL[gid], rng_seed=3)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


MULTI = {"the-night": {"players": 2, "scenario": "quick-game", "options": {"zombie-player": True}},
         "district-z": {"players": 2}, "zombie-dawn": {"players": 2},
         "zpocalypse-2": {"players": 2, "scenario": "chapter-1"},
         "day-night-z": {"players": 2, "scenario": "supply-run"},
         "day-night-z-campaign": {"players": 2}}


@pytest.mark.slow
@pytest.mark.parametrize("gid", GAMES)
def test_openspiel_random_sim_test_with_several_seats(gid: str) -> None:
    game = load(gid, **MULTI[gid], rng_seed=5)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_is_mcts_plays_through_the_adapter() -> None:
    game = load("district-z", players=1)
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 8, random_state=rng)
    state = game.new_initial_state()
    for _ in range(6):
        if state.is_terminal():
            break
        state.apply_action(bot.step(state))
    assert state.history()


def test_a_resampled_state_has_the_same_information_state() -> None:
    game = load("zombie-dawn", players=2)
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    for _ in range(40):
        state.apply_action(int(rng.choice(state.legal_actions())))
    p = state.current_player()
    other = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(p) == state.information_state_string(p)
    assert other.observation_tensor(p) == state.observation_tensor(p)


@pytest.mark.parametrize("gid", GAMES)
def test_openspiel_random_sim_test_serializes_states(gid: str) -> None:
    """The chance stream is part of the state: a state serializes and deserializes with it."""
    game = load(gid, **SMALL[gid], rng_seed=4)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_deserialized_state_rolls_the_same_dice_as_its_original() -> None:
    game = load("zpocalypse-2", players=1, rng_seed=6)
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    _, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(copy) == str(state)
    for _ in range(60):
        if state.is_terminal():
            break
        assert copy.legal_actions() == state.legal_actions()
        a = int(rng.choice(state.legal_actions()))
        state.apply_action(a)
        copy.apply_action(a)
        assert str(copy) == str(state)
