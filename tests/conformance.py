"""A test kit that runs unchanged over every registered game (after OpenSpiel's and PettingZoo's):
seeded random play to the end with invariants checked after every action."""

from __future__ import annotations

import json
import pickle

import pytest

from deadboard.core import Action, Game, IllegalActionError, Rng, Setup, State
from deadboard.core.save import SaveFile, make_save, replay


def check_tiny_search(game: Game, state: State, seed: int, iterations: int) -> None:
    """An MCTS bot on a tiny budget at ``state`` searches exactly that budget from the deciding
    seat's view, answers a legal action and estimates a chance in [0, 1]."""
    from deadboard.bots.mcts import MCTSBot

    d = state.decision
    assert d is not None
    legal = game.legal_actions(state)
    bot = MCTSBot(game, d.seat, seed, str(iterations))
    action = bot.choose(game, game.view(state, d.seat), legal)
    assert action in legal
    assert bot.last is not None and bot.last.iterations == iterations
    assert 0.0 <= bot.last.win_estimate <= 1.0


def random_playthrough(game: Game, setup: Setup, seed: int, check_every: int = 1, max_steps: int = 200_000) -> list[str]:
    """Play randomly, checking the contract. Returns the action texts."""
    state = game.new(setup, seed)
    rng = Rng(seed ^ 0x5EED)
    actions: list[str] = []
    step = 0
    while state.decision is not None:
        legal = game.legal_actions(state)
        assert legal, f"{game.id}: a decision with no legal action: {state.decision}"
        assert len(set(legal)) == len(legal), f"{game.id}: duplicate legal actions"
        d = state.decision
        assert 0 <= d.seat < game.seats(state.setup)
        action = legal[rng.below(len(legal))]
        assert isinstance(action, Action)
        assert Action.parse(action.text) == action, f"{action!r} does not parse back"
        if step % check_every == 0:
            before = game.snapshot(state)
            copy = state.clone()
            assert game.snapshot(copy) == before, "clone differs from the original"
            game.apply(copy, action.text)  # checked apply through the text form
            game.apply_unchecked(state, action)
            assert game.snapshot(copy) == game.snapshot(state), "checked and unchecked apply differ"
            assert game.state_hash(copy) == game.state_hash(state)
        else:
            game.apply_unchecked(state, action)
        actions.append(action.text)
        step += 1
        assert step < max_steps, f"{game.id}: no end after {max_steps} actions"
    assert game.outcome(state) is not None
    assert game.legal_actions(state) == []
    return actions


def check_illegal_action_leaves_state(game: Game, setup: Setup, seed: int) -> None:
    state = game.new(setup, seed)
    before = game.snapshot(state)
    with pytest.raises(IllegalActionError):
        game.apply(state, "definitely-not-an-action 42")
    assert game.snapshot(state) == before
    legal = game.legal_actions(state)
    bogus = Action("no-such-kind", "x")
    assert bogus not in legal
    with pytest.raises(IllegalActionError):
        game.apply(state, bogus)
    assert game.snapshot(state) == before


def check_save_replay(game: Game, setup: Setup, seed: int) -> None:
    actions = random_playthrough(game, setup, seed, check_every=50)
    state = game.new(setup, seed)
    for a in actions:
        game.apply(state, a)
    save = make_save(game, state, actions)
    text = save.dumps()
    again = SaveFile.loads(text)
    result = replay(again)
    assert result.hash_ok is True
    assert game.state_hash(result.state) == game.state_hash(state)
    json.loads(text)


def check_pickle_roundtrip(game: Game, setup: Setup, seed: int, steps: int = 30) -> None:
    state = game.new(setup, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.decision is None:
            break
        legal = game.legal_actions(state)
        game.apply_unchecked(state, legal[rng.below(len(legal))])
        copy = pickle.loads(pickle.dumps(state))
        assert game.snapshot(copy) == game.snapshot(state)
        # the copy plays on exactly like the original
        if state.decision is not None:
            a = game.legal_actions(state)[0]
            c2 = state.clone()
            game.apply_unchecked(c2, a)
            game.apply_unchecked(copy, a)
            assert game.state_hash(c2) == game.state_hash(copy)


def check_determinism(game: Game, setup: Setup, seed: int) -> None:
    a = random_playthrough(game, setup, seed, check_every=100)
    b = random_playthrough(game, setup, seed, check_every=100)
    assert a == b


def check_views(game: Game, setup: Setup, seed: int, steps: int = 60) -> None:
    """A view is a playable state for its seat, and does not change the true state."""
    state = game.new(setup, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.decision is None:
            break
        before = game.snapshot(state)
        v = game.view(state, state.decision.seat)
        assert game.snapshot(state) == before
        assert v.viewer == state.decision.seat
        assert game.legal_actions(v) == game.legal_actions(state), "the deciding seat's view must offer the same actions"
        legal = game.legal_actions(state)
        game.apply_unchecked(state, legal[rng.below(len(legal))])
