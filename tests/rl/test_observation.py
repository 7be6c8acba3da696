"""Observations come from a seat's view only: redrawing what the seat cannot see (``determinize``)
never changes its observation, in tensor or text."""

from __future__ import annotations

import numpy as np
import pytest

from deadboard.core.rng import Rng
from deadboard.rl.spec import OBS_HIGH, spec_for
from tests.rl.helpers import GAMES, game, positions, setups


@pytest.mark.parametrize("gid", GAMES)
def test_changing_what_a_seat_cannot_see_never_changes_its_observation(gid: str) -> None:
    g = game(gid)
    checked = 0
    for setup in setups(g):
        spec = spec_for(g, setup)
        for k, state in enumerate(positions(g, setup, range(1), every=11, limit=5)):
            for seat in range(spec.seats):
                seen = spec.observe(state, seat)
                text = spec.public_text(state, seat)
                for r in range(2):
                    other = g.view(state, seat)
                    g.determinize(other, Rng(1000 * k + r))  # hidden cards, hands and chance redrawn
                    other.viewer = None  # a true state the seat cannot tell from ``state``
                    assert np.array_equal(spec.observe(other, seat), seen), (gid, setup, seat)
                    assert spec.public_text(other, seat) == text
                checked += 1
    assert checked > 10


@pytest.mark.parametrize("gid", GAMES)
def test_an_observation_read_from_the_state_is_that_of_the_seats_view(gid: str) -> None:
    """The specs read the true state (no view is made at each step) and keep only what the view
    shows: the observation of the state and that of the seat's view are the same."""
    g = game(gid)
    checked = 0
    for setup in setups(g):
        spec = spec_for(g, setup)
        for state in positions(g, setup, range(2), every=7, limit=8):
            for seat in range(spec.seats):
                view = g.view(state, seat)
                assert np.array_equal(spec.observe(state, seat), spec.observe(view, seat)), (gid, setup, seat)
                assert spec.public_text(state, seat) == spec.public_text(view, seat)
                checked += 1
    assert checked > 10


@pytest.mark.parametrize("gid", GAMES)
def test_an_observation_read_from_the_state_fields_is_that_of_the_public_snapshot(gid: str) -> None:
    """A spec that writes its observation from the state's fields (``fill_state``, for speed) writes
    what its ``fill`` writes from the seat's public part of the snapshot."""
    g = game(gid)
    checked = 0
    for setup in setups(g):
        spec = spec_for(g, setup)
        for state in positions(g, setup, range(2), every=5, limit=12):
            for seat in range(spec.seats):
                flat = np.zeros(spec.layout.size, dtype=np.float32)
                spec.fill_state(state, seat, spec.layout.views(flat))
                np.clip(flat, 0.0, OBS_HIGH, out=flat)
                assert np.array_equal(flat, spec.tensor(spec.public_of(state, seat), seat)), (gid, setup, seat)
                checked += 1
    assert checked > 10


@pytest.mark.parametrize("gid", GAMES)
def test_an_observation_is_a_bounded_float_vector_with_named_parts(gid: str) -> None:
    g = game(gid)
    setup = setups(g)[0]
    spec = spec_for(g, setup)
    state = next(iter(positions(g, setup, range(1), every=5, limit=3)))
    obs = spec.observe(state, 0)
    assert obs.dtype == np.float32 and obs.shape == (spec.layout.size,)
    assert obs.min() >= 0.0 and obs.max() <= OBS_HIGH
    parts = spec.parts(obs)
    assert sum(p.size for p in parts.values()) == obs.size
    assert "Player" in spec.text(state, 0) or len(spec.text(state, 0)) > 50


@pytest.mark.parametrize("gid", GAMES)
def test_a_spec_pickled_or_copied_after_observing_observes_the_same(gid: str) -> None:
    """A spec keeps a work vector and views of its segments between observations; a pickled or
    copied spec must not keep a copy of them that no longer shares memory."""
    import copy
    import pickle

    g = game(gid)
    setup = setups(g)[0]
    spec = spec_for(g, setup)
    states = list(positions(g, setup, range(1), every=7, limit=4))
    first = [spec.observe(s, 0) for s in states]
    for other in (pickle.loads(pickle.dumps(spec)), copy.deepcopy(spec)):
        for state, seen in zip(states, first):
            assert np.array_equal(other.observe(state, 0), seen), gid


@pytest.mark.parametrize("gid", GAMES)
def test_the_observation_from_the_state_is_that_of_the_public_snapshot_along_whole_games(gid: str) -> None:
    """The same as above, deep into longer games (what a spec keeps between observations, such as
    its tables of places, must follow the state as it changes)."""
    g = game(gid)
    setup = setups(g)[0]
    spec = spec_for(g, setup)
    checked = 0
    for state in positions(g, setup, range(10, 12), every=3, limit=100):
        for seat in range(spec.seats):
            flat = np.zeros(spec.layout.size, dtype=np.float32)
            spec.fill_state(state, seat, spec.layout.views(flat))
            np.clip(flat, 0.0, OBS_HIGH, out=flat)
            assert np.array_equal(flat, spec.tensor(spec.public_of(state, seat), seat)), (gid, seat)
            checked += 1
    assert checked > 3


@pytest.mark.parametrize("gid", GAMES)
def test_segments_that_are_separate_arrays_get_the_same_values(gid: str) -> None:
    """``fill_state`` into segments of another kind (here float64 arrays of their own) writes the
    values (as float32) it writes into the work vector's float32 views."""
    g = game(gid)
    setup = setups(g)[-1]
    spec = spec_for(g, setup)
    for state in positions(g, setup, range(2), every=4, limit=20):
        for seat in range(spec.seats):
            flat = np.zeros(spec.layout.size, dtype=np.float32)
            spec.fill_state(state, seat, spec.layout.views(flat))
            own = {name: np.zeros(shape, dtype=np.float64) for name, shape in spec.layout.segments}
            spec.fill_state(state, seat, own)
            for name, segment in spec.layout.views(flat).items():
                assert np.array_equal(own[name].astype(np.float32), segment), (gid, name)
