"""Dice with any faces, scripted dice for every die, and dice pools (core)."""

from __future__ import annotations

import copy
import pickle

import pytest

from deadboard.core.dice import D6, DicePool, Die, minimal_sets, standard
from deadboard.core.rng import Rng, ScriptedRng

ZD6 = Die("zd6", (1, 2, 3, 4, 5, "Z"))  # Zpocalypse 2: the Z face counts as a 6
BLACK = Die("black", ("blank", "skull", "skull", "red-star", "yellow-star", "green-star"))


def zd6_value(face: object) -> int:
    return 6 if face == "Z" else int(face)  # type: ignore[call-overload]


def test_a_d6_die_draws_exactly_as_rng_d6() -> None:
    a, b = Rng(7), Rng(7)
    assert [D6.roll(a) for _ in range(50)] == [b.d6() for _ in range(50)]
    assert standard(10).faces == tuple(range(1, 11)) and standard(10).name == "d10"


def test_symbol_dice_roll_every_face_and_report_chances() -> None:
    rng = Rng(3)
    seen = {BLACK.roll(rng) for _ in range(300)}
    assert seen == set(BLACK.faces)
    assert BLACK.chance("skull") == pytest.approx(2 / 6)
    with pytest.raises(ValueError):
        Die("empty", ())


def test_scripted_rng_scripts_any_die_by_name_and_the_d6_by_its_old_script() -> None:
    rng = ScriptedRng([5, 2], dice={"black": ["skull", "green-star"], "zd6": ["Z"]})
    assert BLACK.roll(rng) == "skull"
    assert D6.roll(rng) == 5 and rng.d6() == 2  # the D6 script serves both ways of rolling a D6
    assert ZD6.roll(rng) == "Z"
    assert BLACK.roll(rng) == "green-star"
    assert rng.remaining == {"black": 0, "zd6": 0, "d6": 0}
    with pytest.raises(AssertionError, match="black dice ran out"):
        BLACK.roll(rng)
    with pytest.raises(AssertionError, match="ran out"):
        D6.roll(rng)


def test_a_scripted_face_must_be_on_the_die_and_strict_scripts_every_die() -> None:
    with pytest.raises(ValueError, match="black die shows one of"):
        BLACK.roll(ScriptedRng(dice={"black": ["six"]}))
    assert BLACK.roll(ScriptedRng(seed=1)) in BLACK.faces  # not scripted: the seeded stream
    with pytest.raises(AssertionError, match="not scripted"):
        BLACK.roll(ScriptedRng(strict=True))


def test_a_scripted_rng_clone_carries_its_scripts() -> None:
    rng = ScriptedRng([3], dice={"zd6": [4]})
    copy = rng.clone()
    assert ZD6.roll(copy) == 4 and copy.d6() == 3
    assert ZD6.roll(rng) == 4  # the original kept its own script


def test_a_pool_counts_sorts_tallies_and_totals() -> None:
    pool = DicePool.of(ZD6, ["Z", 3, 1, "Z"])
    assert pool.count("Z") == 2 and len(pool) == 4
    assert pool.sorted().faces == (1, 3, "Z", "Z")
    assert pool.tally() == {"Z": 2, 3: 1, 1: 1}
    assert pool.total(value=zd6_value) == 16
    assert pool.total((1, 2), value=zd6_value) == 4
    with pytest.raises(ValueError):
        DicePool.of(ZD6, [6])


def test_spending_dice_leaves_the_rest_and_pools_combine() -> None:
    pool = DicePool.of(ZD6, [2, 5, "Z"])
    spent, left = pool.spend((0, 2))
    assert spent.faces == (2, "Z") and left.faces == (5,)
    spent, left = pool.spend_face("Z")
    assert left.faces == (2, 5)
    with pytest.raises(ValueError):
        pool.spend_face(4)
    assert (left + DicePool.of(BLACK, ["skull"])).faces == (2, 5, "skull")


def test_payments_combine_dice_without_change() -> None:
    # "spent one action per die or combining dice (no change given)": to pay 6 with 2, 4, 5, Z
    pool = DicePool.of(ZD6, [2, 4, 5, "Z"])
    ways = pool.payments(6, value=zd6_value)
    assert [tuple(pool.dice[i].face for i in w) for w in ways] == [("Z",), (2, 4), (2, 5), (4, 5)]
    # a cost that needs a natural Z: only the Z die may pay
    assert pool.payments(6, value=zd6_value, allowed=lambda r: r.face == "Z") == [(3,)]
    assert pool.payments(20, value=zd6_value) == []


def test_numbered_dice_pay_with_their_faces_as_keys_and_worth() -> None:
    # numbered dice pass their faces as both keys and worth (Zpocalypse 2's action dice): the
    # same sets, in the same order, as a pool of those dice keyed by die and face
    for faces in [(1, 2, 3, 3), (6, 1, 4, 4, 2, 6), (5, 5, 5), (2, 1), (), (3, 6, 1, 2, 5, 4, 6, 2)]:
        pool = DicePool.of(D6, faces)
        for cost in range(-1, 14):
            for most in range(0, len(faces) + 2):
                assert minimal_sets(faces, faces, cost, most) == pool.payments(cost, most=most)
    # one set per multiset of keys, each as its first items; an item worth nothing never pays
    assert minimal_sets(("a", "b", "a"), (2, 3, 2), 4, 3) == [(0, 1), (0, 2)]
    assert minimal_sets(("a", "b"), (0, -1), 1, 2) == []


def test_a_pool_pickles_as_it_is() -> None:
    pool = DicePool.of(ZD6, [2, "Z", 5])
    assert pickle.loads(pickle.dumps(pool)) == pool and copy.copy(pool) == pool
    assert pickle.loads(pickle.dumps(ZD6)) == ZD6


def test_rolling_a_pool_uses_the_state_rng() -> None:
    rng = ScriptedRng(dice={"zd6": [1, 2, 3, "Z"]})
    pool = DicePool.roll(rng, [ZD6, ZD6, ZD6])
    assert pool.faces == (1, 2, 3)
    assert pool.to_json()[0] == {"die": "zd6", "face": 1}
