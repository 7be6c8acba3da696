"""§Combining Dice: "If you want to pay action points but didn't roll a high enough number on a
single die to meet the cost of an ability, you can combine dice to reach the requirement." The ways
to pay are counted by face, never by trying combinations of dice, so a pool of any size (a squad of
12 survivors rolls 24 dice) is answered at once, and the ways offered are those the enumeration of
every combination gives, in its order."""

from __future__ import annotations

import time
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from deadboard.core.dice import DicePool, Die, Rolled
from deadboard.games.zpocalypse_2.combat import _payments, pay_faces
from deadboard.games.zpocalypse_2.state import Z


def _every_combination(faces: tuple[int, ...], cost: int, most: int) -> tuple[tuple[int, ...], ...]:
    """The payments by enumerating every combination of dice (what the rules did before)."""
    out: list[tuple[int, ...]] = []
    seen: set[tuple[int, ...]] = set()
    for size in range(1, min(most, len(faces)) + 1):
        for combo in combinations(faces, size):
            total = sum(combo)
            if total < cost or total - min(combo) >= cost:
                continue
            key = tuple(sorted(combo, reverse=True))
            if key not in seen:
                seen.add(key)
                out.append(key)
    return tuple(out)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(1, 6), max_size=9),
    st.booleans(),
    st.integers(-1, 14),
    st.integers(0, 10),
)
def test_the_ways_to_combine_dice_are_those_of_every_combination_in_the_same_order(
    faces: list[int], ordered: bool, cost: int, most: int
) -> None:
    pool = tuple(sorted(faces)) if ordered else tuple(faces)
    assert _payments.__wrapped__(pool, cost, most) == _every_combination(pool, cost, most)


def test_a_twelve_survivor_pool_is_paid_from_in_under_50_ms() -> None:
    # "rolling two six-sided dice for each survivor in your squad": 12 survivors roll 24 dice
    faces = tuple(sorted([1, 2, 3, 4, 5, Z] * 4))
    start = time.perf_counter()
    for cost in range(1, 13):
        ways = _payments.__wrapped__(faces, cost, len(faces))
        assert ways and all(sum(w) >= cost and sum(w) - min(w) < cost for w in ways)
    tunnel = pay_faces(faces, 12, False, len(faces))  # "1 AP per survivor in your squad"
    assert (Z, Z) in tunnel
    assert time.perf_counter() - start < 0.05


def test_a_pool_of_any_dice_pays_without_trying_combinations() -> None:
    d6 = Die("d6", (1, 2, 3, 4, 5, 6))
    pool = DicePool(tuple(Rolled(d6, 1 + k % 6) for k in range(60)))
    start = time.perf_counter()
    ways = pool.payments(10)
    assert time.perf_counter() - start < 0.05
    assert (0, 1, 2, 3) in ways  # 1 + 2 + 3 + 4
    assert all(len(set(w)) == len(w) for w in ways)
