"""Day Night Z's research observation is read from the state's own fields (``fill_state``, at every
step of the adapters); it must write what ``fill`` writes from the seat's public part of the
snapshot. Random play seldom sets a trap, lights a flashlight, wears equipment or wounds the
Hunter, so these are set here by hand on seeded positions."""

from __future__ import annotations

import numpy as np

from deadboard.core import get_game
from deadboard.core.game import State
from deadboard.core.research import OBS_HIGH, GameSpec
from deadboard.core.rng import Rng
from deadboard.games.day_night_z.campaign_state import CampaignState
from deadboard.games.day_night_z.content import MARKERS
from deadboard.games.day_night_z.state import DNZState
from deadboard.rl.spec import spec_for
from tests.rl.helpers import positions, setups


def _by_hand(state: DNZState, rng: Rng) -> None:
    """Traps, terrain markers, crossed-off equipment, search markers, corpses, a flashlight, worn
    equipment, a hidden survivor, the Hunter and his damage, a visited location, noise."""
    for t in state.tiles.values():
        t.traps[rng.below(16)] = 1 + rng.below(3)
        t.markers[rng.below(16)] = MARKERS[rng.below(len(MARKERS))]
        t.crossed[rng.below(16)] = []
        t.search_marks.add(rng.below(16))
        t.corpses.setdefault(rng.below(16), []).append(0)
        state.noise[f"{t.id}-a1"] = (rng.below(3), rng.below(3))
    for s in state.survivors:
        s.lit = rng.below(4)
        s.hidden = bool(rng.below(2))
        if s.items:
            s.worn["body"] = s.items[rng.below(len(s.items))]
            s.off = s.items[0]
    state.hunter = ("", "stalk", "board")[rng.below(3)]
    state.hunter_damage = rng.below(6)
    for loc in state.locations.values():
        loc.visited = True
        loc.explored.add(rng.below(3))
        loc.searched.add(rng.below(3))
        break


def _same(spec: GameSpec, state: State) -> None:
    for seat in range(spec.seats):
        flat = np.zeros(spec.layout.size, dtype=np.float32)
        spec.fill_state(state, seat, spec.layout.views(flat))
        np.clip(flat, 0.0, OBS_HIGH, out=flat)
        assert np.array_equal(flat, spec.tensor(spec.public_of(state, seat), seat)), seat


def test_an_adventures_observation_from_its_fields_is_fills_with_traps_light_and_the_hunter() -> None:
    g = get_game("day-night-z")
    checked = 0
    for setup in setups(g):
        spec = spec_for(g, setup)
        for k, state in enumerate(positions(g, setup, range(2), every=4, limit=12)):
            other = state.clone()
            assert isinstance(other, DNZState)
            _by_hand(other, Rng(k))
            _same(spec, other)
            checked += 1
    assert checked > 40


def test_a_campaigns_observation_from_its_fields_is_fills_in_and_between_adventures() -> None:
    g = get_game("day-night-z-campaign")
    adventures = 0
    for setup in setups(g):
        spec = spec_for(g, setup)
        for k, state in enumerate(positions(g, setup, range(2), every=3, limit=40)):
            other = state.clone()
            assert isinstance(other, CampaignState)
            if other.inner is not None:
                _by_hand(other.inner, Rng(k))
                adventures += 1
            other.votes.append(1 + k % 2)
            _same(spec, other)
    assert adventures > 10
