"""Setting up the CITY (rulebook §Single Player City Setup, §Multiplayer Setup, §Additional Location
Cards) and choosing survivors, turn order and corners."""

from __future__ import annotations

from collections import Counter

import pytest

from deadboard.core import Setup, SetupError
from deadboard.games.district_z import GAME
from deadboard.games.district_z.state import NO_CARD, OBJ
from tests.district_z.helpers import new_game, texts


def _cards(st):  # type: ignore[no-untyped-def]
    return [st.card[p] for p in st.lay.positions()]


def test_single_player_city_is_23_location_cards_with_the_objective_in_the_middle() -> None:
    st = GAME.new(Setup("standard"), 11)
    lay = st.lay
    assert (lay.width, lay.height) == (9, 3)
    assert len(lay.positions()) == 23  # 7 x 3 grid + starting location + City's Edge
    assert lay.names[lay.start] == "a2" and lay.names[lay.edge] == "i2"
    for hole in ("a1", "a3", "i1", "i3"):
        assert st.card[lay.index[hole]] == NO_CARD
    cards = _cards(st)
    objectives = [x for x in cards if x >= OBJ]
    assert len(objectives) == 1
    assert cards.count(objectives[0]) == 1
    obj_pos = next(p for p in lay.positions() if st.card[p] >= OBJ)
    assert lay.names[obj_pos] in {f"{c}{r}" for c in "def" for r in "123"}
    # 22 location cards in the city, one set aside to replace the objective: 23 location cards used
    assert len(st.setaside) == 1 and len(st.unused) == 30 - 23
    used = [x for x in cards if x < OBJ] + st.setaside + st.unused
    assert sorted(used) == sorted(st.c.base)


def test_the_start_only_touches_the_middle_left_and_the_edge_the_middle_right() -> None:
    lay = GAME.new(Setup("standard"), 1).lay
    assert [lay.names[q] for _, q in lay.nbr[lay.start]] == ["b2"]
    assert [lay.names[q] for _, q in lay.nbr[lay.edge]] == ["h2"]


def test_single_player_chooses_a_survivor_then_arrives_at_the_start() -> None:
    st = GAME.new(Setup("standard"), 3)
    assert st.decision is not None and st.decision.kind == "survivor"
    assert len(GAME.legal_actions(st)) == 6
    GAME.apply(st, "choose HOPE")
    assert "HOPE arrives at the starting location a2" in texts(st)
    assert st.up[st.lay.start] and st.players[0].pos == st.lay.start


def test_multiplayer_city_is_6_by_5_with_one_objective_per_player() -> None:
    for players in (2, 3, 4):
        st = GAME.new(Setup("standard", players=players), players)
        assert (st.lay.width, st.lay.height) == (6, 5)
        cards = _cards(st)
        assert len(cards) == 30
        assert sum(1 for x in cards if x >= OBJ) == players
        assert len(st.setaside) == players
        assert sorted([x for x in cards if x < OBJ] + st.setaside) == sorted(st.c.base)


def test_turn_order_by_roll_highest_first_then_to_the_left() -> None:
    st = GAME.new(Setup("standard", players=3), 8)
    for s in range(3):
        GAME.apply(st, f"choose {['HOPE', 'DANA', 'EZRA'][s]}")
    first = st.order[0]
    assert st.order == [first, (first + 1) % 3, (first + 2) % 3]
    rolls = [t for t in texts(st) if t.startswith("Turn order rolls")]
    assert rolls


def test_corners_are_chosen_before_any_flip_and_the_edge_is_diagonally_opposite() -> None:
    st = GAME.new(Setup("standard", players=2), 4)
    GAME.apply(st, "choose HOPE")
    GAME.apply(st, "choose DANA")
    assert st.decision is not None and st.decision.kind == "corner"
    assert not any(st.up)
    first = st.decision.seat
    assert [a.text for a in GAME.legal_actions(st)] == ["corner a1", "corner f1", "corner a5", "corner f5"]
    GAME.apply(st, "corner f1")
    assert st.players[first].edge == st.lay.index["a5"]
    assert "corner f1" not in [a.text for a in GAME.legal_actions(st)]
    GAME.apply(st, "corner a1")
    assert st.players[1 - first].edge == st.lay.index["f5"]
    assert st.up[st.lay.index["f1"]]  # the first player flips their corner on their first turn


def _in_play(st):  # type: ignore[no-untyped-def]
    return [x for x in _cards(st) if x < OBJ] + st.setaside + st.unused


def test_the_player_chooses_which_base_cards_are_replaced_by_which_additional_cards() -> None:
    st = GAME.new(Setup("standard", {"additional-locations": "replace"}, players=2), 2)
    assert st.decision is not None and st.decision.kind == "swap" and st.decision.seat == 0
    assert all(x == NO_CARD for x in _cards(st))  # the CITY is laid out only once the deck is made
    first = [a.text for a in GAME.legal_actions(st)]
    assert len(first) == 31 and first[-1] == "done" and "replace laundromat" in first
    GAME.apply(st, "replace laundromat")
    assert st.decision.kind == "swap-in"
    assert [a.text for a in GAME.legal_actions(st)] == [f"with {st.c.locations[x].id}" for x in st.c.additional]
    GAME.apply(st, "with docks")
    assert "replace laundromat" not in [a.text for a in GAME.legal_actions(st)]
    GAME.apply(st, "replace rooftops")
    assert "with docks" not in [a.text for a in GAME.legal_actions(st)]
    GAME.apply(st, "with cemetery")
    GAME.apply(st, "done")
    assert st.decision is not None and st.decision.kind == "survivor"
    in_play = _in_play(st)
    ids = {st.c.locations[x].id for x in in_play}
    assert len(in_play) == 30 and {"docks", "cemetery"} <= ids and not {"laundromat", "rooftops"} & ids
    assert sum(1 for x in in_play if x in st.c.additional) == 2
    assert f"Laundromat is replaced by {st.c.locations[st.c.location_index['docks']].name}" in texts(st)


def test_replacing_no_card_at_all_is_allowed() -> None:
    st = GAME.new(Setup("standard", {"additional-locations": "replace"}), 3)
    GAME.apply(st, "done")
    assert sorted(_in_play(st)) == sorted(st.c.base)


def test_every_additional_card_can_come_in_then_only_done_is_left() -> None:
    st = GAME.new(Setup("standard", {"additional-locations": "replace"}), 3)
    base = sorted(st.c.base)
    for k, x in enumerate(st.c.additional):
        GAME.apply(st, f"replace {st.c.locations[base[k]].id}")
        GAME.apply(st, f"with {st.c.locations[x].id}")
    # with no additional card left the deck is complete and the game goes on by itself
    assert st.decision is not None and st.decision.kind == "survivor"
    assert sum(1 for x in _in_play(st) if x in st.c.additional) == len(st.c.additional)


def test_random_replacement_swaps_replace_count_random_cards() -> None:
    setup = Setup("standard", {"additional-locations": "replace", "replace-by": "random", "replace-count": 5}, players=2)
    st = GAME.new(setup, 2)
    assert st.decision is not None and st.decision.kind == "survivor"
    in_play = _in_play(st)
    assert len(in_play) == 30
    assert sum(1 for x in in_play if x in st.c.additional) == 5


def test_additional_cards_shuffled_in_then_30_counted_out() -> None:
    st = GAME.new(Setup("standard", {"additional-locations": "shuffle"}, players=3), 5)
    in_play = [x for x in _cards(st) if x < OBJ] + st.setaside + st.unused
    assert len(in_play) == 30
    assert len(set(in_play)) == 30


def test_bigger_city_uses_every_card() -> None:
    st = GAME.new(Setup("standard", {"additional-locations": "bigger"}, players=2), 6)
    assert (st.lay.width, st.lay.height) == (7, 6)
    assert sorted([x for x in _cards(st) if x < OBJ] + st.setaside + st.unused) == sorted(st.c.base + st.c.additional)
    solo = GAME.new(Setup("standard", {"additional-locations": "bigger"}), 6)
    assert (solo.lay.width, len(solo.lay.positions())) == (11, 29)


def test_bad_setups_are_clear_errors() -> None:
    with pytest.raises(SetupError):
        GAME.normalize_setup(Setup("standard", players=5))
    with pytest.raises(SetupError):
        GAME.normalize_setup(Setup("standard", {"additional-locations": "replace", "replace-by": "random", "replace-count": 20}))
    with pytest.raises(SetupError):
        GAME.normalize_setup(Setup("standard", {"additional-locations": "sideways"}))


def test_zombie_survivor_combat_switches_infection_on() -> None:
    st = new_game(players=2, options={"zombie-survivor-combat": True})
    assert st.cfg.infection and st.cfg.zs_combat


def test_survivors_are_distinct_between_players() -> None:
    st = GAME.new(Setup("standard", players=2), 4)
    GAME.apply(st, "choose HOPE")
    assert "choose HOPE" not in [a.text for a in GAME.legal_actions(st)]
    counts = Counter(a.text for a in GAME.legal_actions(st))
    assert max(counts.values()) == 1
