"""Hidden information: face-down cards never seen, the set-aside cards and the unused cards."""

from __future__ import annotations

from deadboard.core import Rng
from deadboard.games.district_z import GAME
from deadboard.games.district_z.state import OBJ
from tests.district_z.helpers import new_game


def _hidden(st):  # type: ignore[no-untyped-def]
    return [p for p in st.lay.positions() if not st.seen[p]]


def test_states_a_seat_cannot_tell_apart_give_the_same_view() -> None:
    for players in (1, 3):
        st = new_game(players=players, seed=21)
        other = st.clone()
        hidden = [p for p in _hidden(other) if other.card[p] < OBJ]  # objectives stay where they may lie
        a, b = hidden[0], hidden[-1]
        other.card[a], other.card[b] = other.card[b], other.card[a]
        other.card[a], other.setaside[0] = other.setaside[0], other.card[a]  # a set-aside card swapped in
        assert GAME.snapshot(other) != GAME.snapshot(st)
        seat = st.decision.seat if st.decision else 0
        assert GAME.snapshot(GAME.view(st, seat)) == GAME.snapshot(GAME.view(other, seat))


def test_the_view_keeps_what_is_public_and_redraws_the_rest() -> None:
    st = new_game(players=2, seed=5)
    v = GAME.view(st, 0)
    for p in st.lay.positions():
        if st.seen[p]:
            assert v.card[p] == st.card[p]
    hidden = _hidden(st)
    assert sorted(v.card[p] for p in hidden) + sorted(v.setaside + v.unused) != []
    assert sorted([v.card[p] for p in hidden] + v.setaside + v.unused) == sorted([st.card[p] for p in hidden] + st.setaside + st.unused)
    assert sum(1 for p in hidden if v.card[p] >= OBJ) == sum(1 for p in hidden if st.card[p] >= OBJ)


def test_single_player_views_keep_the_objective_in_the_middle_block() -> None:
    st = new_game(seed=9)
    middle = set(st.lay.objective_cells)
    for k in range(20):
        v = GAME.view(st, 0)
        GAME.determinize(v, Rng(k))
        where = [p for p in st.lay.positions() if v.card[p] >= OBJ]
        assert len(where) <= 1 and all(p in middle for p in where)
