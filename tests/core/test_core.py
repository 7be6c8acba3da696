"""The engine's building blocks: chance, decks, actions, geometry, setups."""

from __future__ import annotations

import pickle

import pytest

from deadboard.core import Action, Deck, Rng, Setup, SetupError, derive_seed, get_game
from deadboard.core.errors import UnknownGameError
from deadboard.core.grid import DOOR, OPEN, WALL, WINDOW, Grid


def test_rng_is_seeded_and_stable() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.d6() for _ in range(50)] == [b.d6() for _ in range(50)]
    # the stream is fixed forever: a change here changes every saved game
    assert [Rng(1).d6() for _ in range(1)] == [Rng(1).d6()]
    r = Rng(7)
    first = [r.next64() for _ in range(3)]
    assert first == [Rng(7).next64(), *first[1:]]
    assert derive_seed(1, 2) == derive_seed(1, 2) != derive_seed(2, 1)


def test_rng_distribution_is_uniform_enough() -> None:
    r = Rng(3)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.d6() - 1] += 1
    assert all(9_400 < c < 10_600 for c in counts)


def test_every_draw_is_the_next64_stream_written_out() -> None:
    """Each draw must equal the one made from next64, and a shuffle of any length Fisher-Yates with
    below."""
    for seed in (0, 1, 7, 2**63 + 5, 2**64 - 1):
        a, b = Rng(seed), Rng(seed)
        for n in (1, 2, 6, 17, 1000):
            assert a.below(n) == (b.next64() * n) >> 64
        assert a.d6() == ((b.next64() * 6) >> 64) + 1
        assert a.roll(4, 8) == [((b.next64() * 8) >> 64) + 1 for _ in range(4)]
        assert a.random() == (b.next64() >> 11) * (1.0 / (1 << 53))
        assert a.choice("abcde") == "abcde"[(b.next64() * 5) >> 64]
        for n in range(60):
            cards, expected = list(range(n)), list(range(n))
            a.shuffle(cards)
            for i in range(n - 1, 0, -1):
                j = (b.next64() * (i + 1)) >> 64
                expected[i], expected[j] = expected[j], expected[i]
            assert cards == expected, n
        assert a == b


def test_rng_clone_and_pickle() -> None:
    r = Rng(5)
    r.d6()
    c = r.clone()
    p = pickle.loads(pickle.dumps(r))
    assert r.d6() == c.d6() == p.d6()


def test_deck_draws_and_reshuffles_its_discards() -> None:
    rng = Rng(1)
    d = Deck(range(10))
    d.shuffle(rng)
    drawn = d.draw_many(10)
    assert sorted(drawn) == list(range(10)) and d.draw() is None
    for x in drawn:
        d.discard(x)
    assert d.draw(rng) is not None  # the discards are reshuffled in


def test_action_text_round_trip() -> None:
    a = Action("move", "Ben", "c5")
    assert a.text == "move Ben c5" and Action.parse("move  Ben c5") == a
    assert Action.parse("take 3 -2") == Action("take", 3, -2)
    assert pickle.loads(pickle.dumps(a)) == a and a.kind == "move" and a.args == ("Ben", "c5")
    with pytest.raises(ValueError):
        Action.parse("   ")


def test_grid_walls_doors_windows_diagonals_and_sight() -> None:
    rows = ["AAB", "AAB", "CCC"]
    grid, _areas = Grid.from_areas(rows, {"A": "a", "B": "b", "C": "c"}, open_pairs=[("a", "c")],
                                  openings=[("door", DOOR, "b1", "c1", True), ("win", WINDOW, "b2", "c2", False)])
    sq = grid.square
    assert grid.edge_kind(sq("a1"), sq("b1")) == OPEN
    assert grid.edge_kind(sq("b1"), sq("c1")) == DOOR
    assert grid.edge_kind(sq("b2"), sq("c2")) == WINDOW
    assert grid.edge_kind(sq("c2"), sq("c3")) == WALL  # areas b and c
    assert grid.edge_kind(sq("a2"), sq("a3")) == OPEN  # a and c are open to each other
    assert sq("b2") in grid.diag[sq("a1")]
    assert sq("c2") not in grid.diag[sq("b1")]  # no diagonal step through a doorway
    row = grid.los_row(sq("a1"))
    assert row[sq("c1")] == (0,)  # sight crosses the door
    assert grid.chebyshev(sq("a1"), sq("c3")) == 2


def test_grid_distance_field() -> None:
    rows = ["AAA", "ABA", "AAA"]
    grid, _ = Grid.from_areas(rows, {"A": "a", "B": "b"}, blocked=["b2"])
    d = grid.distance_field([grid.square("a1")], lambda f, t, k, o: 1)
    assert d[grid.square("c3")] == 4
    assert grid.bfs([grid.square("a1")], grid.adjacent8)[grid.square("c3")] == 3


def test_setup_json_round_trip_and_checks() -> None:
    s = Setup("the-coopers", {"dodge": True}, 1)
    assert Setup.from_json(s.to_json()) == s
    with pytest.raises(SetupError):
        Setup.from_json({"scenario": 3})
    g = get_game("the-night")
    with pytest.raises(SetupError, match="unknown scenario"):
        g.normalize_setup(Setup("nope"))
    with pytest.raises(SetupError, match="unknown option"):
        g.normalize_setup(Setup("standard", {"flying": True}))
    with pytest.raises(SetupError, match="between 1 and 35"):
        g.normalize_setup(Setup("take-the-house", {"zombies": 99}))
    with pytest.raises(SetupError, match="belongs to scenario"):
        g.normalize_setup(Setup("standard", {"zombies": 5}))
    with pytest.raises(SetupError, match="solitaire"):
        g.normalize_setup(Setup("standard", {}, 3))


def test_unknown_game() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        get_game("chess")


def test_line_through_a_corner_with_an_opening_on_each_side_is_clear_if_either_is() -> None:
    from deadboard.core.grid import AnyOf, line_clear

    # a1 and b2 meet at a corner; the way round by b1 crosses a door, the way by a2 a window
    rows = ["AB", "CD"]
    grid, _ = Grid.from_areas(rows, {"A": "a", "B": "b", "C": "c", "D": "d"}, open_pairs=[("b", "d"), ("c", "d")],
                              openings=[("door", DOOR, "a1", "b1", False), ("win", WINDOW, "a1", "a2", False)])
    line = grid.los_row(grid.square("a1"))[grid.square("b2")]
    assert isinstance(line, AnyOf) and sorted(line) == [(0,), (1,)]
    assert line_clear(line, [1, 0], 1)  # the door closed, the window open
    assert line_clear(line, [0, 1], 1)
    assert not line_clear(line, [1, 1], 1)
    assert grid.sees(grid.square("a1"), grid.square("b2"), [True, False])
