"""The random draws are SplitMix64's in either build: the compiled ``Rng`` (native 64-bit integers)
and the source one (Python's integers) against the generator written out here on unsigned integers."""

from __future__ import annotations

import gc
import pickle
from collections import UserList

import pytest

from deadboard.core import rng as rng_module
from deadboard.core.rng import Rng
from deadboard.sim import play

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


class Reference:
    """SplitMix64 on Python's unsigned integers, the draws as the module documents them."""

    def __init__(self, seed: int) -> None:
        self.s = seed & MASK

    def next64(self) -> int:
        self.s = (self.s + GOLDEN) & MASK
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return (self.next64() * n) >> 64


SEEDS = [0, 1, 42, (1 << 63) - 1, 1 << 63, MASK, 0x0123456789ABCDEF, -5]


@pytest.mark.parametrize("seed", SEEDS)
def test_every_draw_is_splitmix64_in_this_build(seed: int) -> None:
    r, ref = Rng(seed), Reference(seed)
    assert r.s == ref.s
    for n in (1, 2, 6, 7, 52, 1000, (1 << 31) - 1, 1 << 31, 1 << 40, 1 << 64):
        assert r.below(n) == ref.below(n)
    assert r.next64() == ref.next64()
    assert r.d6() == ref.below(6) + 1
    assert r.random() == (ref.next64() >> 11) * (1.0 / (1 << 53))
    assert r.roll(5) == [ref.below(6) + 1 for _ in range(5)]
    assert r.roll(3, 1 << 40) == [ref.below(1 << 40) + 1 for _ in range(3)]
    faces = ("a", "b", "c")
    assert r.choice(faces) == faces[ref.below(3)]
    assert r.s == ref.s


class Die:
    name = "odd"
    faces = (1, 3, 5, 7, 9)


@pytest.mark.parametrize("size", [0, 1, 2, 16, 17, 100])
def test_shuffles_and_dice_are_splitmix64_in_this_build(size: int) -> None:
    r, ref = Rng(99), Reference(99)
    deck = list(range(size))
    want = list(range(size))
    for i in range(size - 1, 0, -1):
        j = ref.below(i + 1)
        want[i], want[j] = want[j], want[i]
    r.shuffle(deck)
    assert deck == want
    other = UserList(range(size))  # not a list: the general path
    Rng(99).shuffle(other)
    assert list(other) == want
    assert r.roll_die(Die()) == Die.faces[ref.below(5)]
    assert r.s == ref.s


def test_the_state_reads_the_same_unsigned_integer_and_survives_clone_pickle_and_skip() -> None:
    r = Rng(MASK)
    assert r.s == MASK and repr(r) == "Rng(0xffffffffffffffff)"
    r.s = 1 << 63
    assert r.s == 1 << 63
    c = r.clone()
    assert c == r and hash(c) == hash(r) and c.next64() == r.next64()
    p = pickle.loads(pickle.dumps(r))
    assert p == r and p.below(100) == r.below(100)
    ahead = r.clone()
    for _ in range(10):
        ahead.next64()
    r.skip(10)
    assert r == ahead


def test_the_draws_checked_themselves_at_import() -> None:
    assert rng_module._draws_are_splitmix64()


def test_settling_the_heap_freezes_what_lives_and_changes_no_game() -> None:
    before = gc.get_freeze_count()
    play.settle_heap()
    assert gc.get_freeze_count() >= before
    settled = []
    real = play.settle_heap
    try:
        play.settle_heap = lambda: settled.append(play._games_played)
        play._games_played = 0
        for _ in range(9):
            play.game_played()
    finally:
        play.settle_heap = real
    assert settled == [1, 2, 4, 8]
