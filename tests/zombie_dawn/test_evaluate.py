"""Zombie Dawn's value function for search: chances, the end of the game, no peeking, leads."""

from __future__ import annotations

import pytest

from deadboard.core import Rng, Setup
from deadboard.games.zombie_dawn.effects import score_parts
from deadboard.games.zombie_dawn.evaluate import evaluate, played_share
from deadboard.games.zombie_dawn.state import OVER, DawnState
from deadboard.sim.play import seat_bots
from tests.conformance import check_tiny_search
from tests.zombie_dawn.helpers import GAME, fresh


def _walk(setup: Setup, seed: int, steps: int | None, until_round: int | None = None) -> DawnState:
    """A seeded random game after ``steps`` decisions (None: to the end), or once it reaches a round."""
    state = GAME.new(setup, seed)
    rng = Rng(seed)
    k = 0
    while state.decision is not None and (steps is None or k < steps) and (until_round is None or state.round < until_round):
        legal = GAME.legal_actions(state)
        GAME.apply_unchecked(state, legal[rng.below(len(legal))])
        k += 1
    assert isinstance(state, DawnState)
    return state


def test_the_game_names_its_value_function() -> None:
    state = fresh(2)
    assert GAME.evaluate(state, 0) == evaluate(GAME, state, 0)


def test_values_are_chances_for_every_test_setup_and_seat() -> None:
    for setup in GAME.test_setups():
        for steps in (0, 40, 150, 400):
            state = _walk(setup, 3, steps)
            for seat in range(setup.players):
                v = GAME.evaluate(GAME.view(state, seat), seat)
                assert v is not None and 0.0 <= v <= 1.0


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_end_of_the_game_scores_winners_one_and_losers_nothing(players: int) -> None:
    for seed in (1, 2):
        state = _walk(Setup("standard", players=players), seed, None)
        assert state.phase == OVER
        o = GAME.outcome(state)
        assert o is not None
        for seat in range(players):
            v = evaluate(GAME, GAME.view(state, seat), seat)
            if seat not in o.winners:
                assert v == 0.0
            else:
                assert v == pytest.approx(1.0 / len(o.winners))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_value_is_the_same_on_every_determinization_of_a_view(players: int) -> None:
    for steps in (60, 200, 500):
        state = _walk(Setup("standard", players=players), 5, steps)
        for seat in range(players):
            view = GAME.view(state, seat)
            values = set()
            for k in (1, 2, 3):
                v = view.clone()
                GAME.determinize(v, Rng(k))
                values.add(evaluate(GAME, v, seat))
            values.add(evaluate(GAME, view, seat))
            assert len(values) == 1


def _search_tokens(state: DawnState, seat: int, zones: int) -> None:
    """Put the seat's Searched token on a location of ``zones`` different map zones."""
    b = state.board
    assert b is not None
    seen: set[int] = set()
    for sq in b.locations:
        if b.zone_at[sq] not in seen and len(seen) < zones:
            seen.add(b.zone_at[sq])
            state.searched[sq] |= 1 << seat


def test_a_seat_well_ahead_is_worth_more_than_one_behind() -> None:
    state = fresh(2)
    _search_tokens(state, 0, 5)
    state.groups[0].done.append(state.groups[0].missions.pop())
    lead, trail = evaluate(GAME, state, 0), evaluate(GAME, state, 1)
    assert lead > 0.5 > trail
    # the same lead late in the game is worth more
    late = state.clone()
    late.round = late.cfg.rounds
    assert played_share(late) > played_share(state)
    assert evaluate(GAME, late, 0) > lead
    assert evaluate(GAME, late, 1) < trail


@pytest.mark.parametrize("seed", [1, 3, 4])
def test_the_leader_of_a_played_game_is_worth_more_than_the_last(seed: int) -> None:
    """Three heuristic players up to round 6: the seat with the most Victory Points so far is worth
    more than the seat with the fewest."""
    state = GAME.new(Setup("standard", players=3), seed)
    bots = seat_bots(GAME, state.setup, "heuristic", seed)
    while (d := state.decision) is not None and state.round < 6:
        legal = GAME.legal_actions(state)
        action = legal[0] if len(legal) == 1 else bots[d.seat].choose(GAME, GAME.view(state, d.seat), legal)
        GAME.apply_unchecked(state, action)
    assert isinstance(state, DawnState) and state.phase != OVER
    scores = [score_parts(state, s)["score"] for s in range(3)]
    values = [evaluate(GAME, GAME.view(state, s), s) for s in range(3)]
    assert max(scores) >= min(scores) + 3
    assert values[scores.index(max(scores))] > values[scores.index(min(scores))]


def test_alone_completed_missions_are_worth_more() -> None:
    state = fresh(1)
    before = evaluate(GAME, state, 0)
    g = state.groups[0]
    for _ in range(3):
        g.done.append(g.missions.pop())
    assert evaluate(GAME, state, 0) > before


@pytest.mark.parametrize("players", [1, 2, 4])
def test_search_on_a_tiny_budget_scores_leaves_and_answers_legally(players: int) -> None:
    check_tiny_search(GAME, _walk(Setup("standard", players=players), 9, 20), 3, 16)
