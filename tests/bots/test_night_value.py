"""The Night's value function for search."""

from __future__ import annotations

from deadboard.core import Rng, Setup, get_game
from deadboard.games.the_night.evaluate import _at_least, attack_risk, evaluate, phases_left, survival
from deadboard.games.the_night.state import LIVE, NightState


def _walk(setup: Setup, seed: int, steps: int) -> NightState:
    game = get_game("the-night")
    state = game.new(setup, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.decision is None:
            break
        legal = game.legal_actions(state)
        game.apply_unchecked(state, legal[rng.below(len(legal))])
    assert isinstance(state, NightState)
    return state


def test_values_are_chances_for_every_test_setup_and_seat() -> None:
    game = get_game("the-night")
    for setup in game.test_setups():
        for steps in (0, 25, 60):
            state = _walk(setup, 3, steps)
            for seat in range(game.seats(state.setup)):
                v = game.evaluate(game.view(state, seat), seat)
                assert v is not None and 0.0 <= v <= 1.0


def test_the_game_names_its_value_function() -> None:
    game = get_game("the-night")
    state = _walk(Setup("standard"), 1, 10)
    assert game.evaluate(state, 0) == evaluate(game, state, 0)


def test_zombie_player_value_is_the_complement_of_the_humans() -> None:
    game = get_game("the-night")
    state = _walk(Setup("standard", {"zombie-player": True}, players=2), 5, 30)
    assert abs(evaluate(game, state, 0) + evaluate(game, state, 1) - 1.0) < 1e-9


def test_value_reads_only_what_the_seat_sees() -> None:
    game = get_game("the-night")
    state = _walk(Setup("standard"), 2, 40)
    twin = state.clone()
    twin.rng = Rng(12345)
    assert evaluate(game, game.view(state, 0), 0) == evaluate(game, game.view(twin, 0), 0)


def test_dead_humans_have_no_chance_and_the_last_phase_is_safe() -> None:
    state = _walk(Setup("standard"), 4, 50)
    surv = survival(state)
    for h in state.humans:
        if h.status == LIVE:
            assert 0.0 < surv[h.idx] <= 1.0
        elif h.status != 5:
            assert h.idx not in surv
    assert 0.0 <= phases_left(state) <= 1.0
    for h, p in attack_risk(state).items():
        assert state.humans[h].status == LIVE and 0.0 < p < 1.0


def test_at_least_counts_points_of_independent_survivors() -> None:
    assert _at_least([(0.5, 1), (0.5, 1)], 1) == 0.75
    assert _at_least([(0.5, 3), (0.5, 1)], 3) == 0.5
    assert abs(_at_least([(0.5, 1)] * 3, 3) - 0.125) < 1e-12
    assert _at_least([], 1) == 0.0
