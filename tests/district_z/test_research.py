"""District-Z's observation written from the state's fields (the research adapters' fast path) is the
one written from the seat's public snapshot, in every test setup and along whole games, and into
segments of any kind; and a spec that has observed still pickles and copies."""

from __future__ import annotations

import copy
import pickle

import numpy as np

from deadboard.core.game import State
from deadboard.games.district_z import GAME
from deadboard.rl.spec import OBS_HIGH, GameSpec, spec_for
from tests.rl.helpers import positions, setups


def test_the_observation_from_the_state_is_that_of_the_public_snapshot_along_whole_games() -> None:
    checked = 0
    for setup in setups(GAME):
        spec = spec_for(GAME, setup)
        for state in positions(GAME, setup, range(10, 14), every=3, limit=100):
            for seat in range(spec.seats):
                flat = np.zeros(spec.layout.size, dtype=np.float32)
                spec.fill_state(state, seat, spec.layout.views(flat))
                np.clip(flat, 0.0, OBS_HIGH, out=flat)
                assert np.array_equal(flat, spec.tensor(spec.public_of(state, seat), seat)), (setup, seat)
                checked += 1
    assert checked > 500


def test_segments_that_are_separate_arrays_get_the_same_values() -> None:
    setup = setups(GAME)[3]  # two players
    spec = spec_for(GAME, setup)
    for state in positions(GAME, setup, range(2), every=4, limit=30):
        for seat in range(spec.seats):
            flat = np.zeros(spec.layout.size, dtype=np.float32)
            spec.fill_state(state, seat, spec.layout.views(flat))
            own = {name: np.zeros(shape, dtype=np.float64) for name, shape in spec.layout.segments}
            spec.fill_state(state, seat, own)
            for name, segment in spec.layout.views(flat).items():
                assert np.array_equal(own[name], segment), name


def test_a_spec_that_has_observed_pickles_and_copies_and_writes_the_same() -> None:
    setup = setups(GAME)[0]
    spec = spec_for(GAME, setup)
    states = [state.clone() for state in positions(GAME, setup, range(1), every=5, limit=6)]
    for state in states:
        spec.observe(state, 0)

    def written(of: GameSpec, state: State) -> np.ndarray:
        flat = np.zeros(of.layout.size, dtype=np.float32)
        of.fill_state(state, 0, of.layout.views(flat))
        return flat

    for other in (pickle.loads(pickle.dumps(spec)), copy.deepcopy(spec)):
        assert all(np.array_equal(written(other, state), written(spec, state)) for state in states)
