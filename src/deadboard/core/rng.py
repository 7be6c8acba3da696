"""Seeded randomness carried inside game states.

The generator is SplitMix64 written out in Python: its whole state is one integer, so cloning a
game state copies an int, pickling is trivial, and the stream is identical on every machine and
Python version (``random.Random`` has changed its algorithms between versions).
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def derive_seed(*parts: object) -> int:
    """A 63-bit seed derived from any parts (run seed, game index, seat, ...), stable everywhere."""
    text = "\x1f".join(repr(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


class Rng:
    """SplitMix64. ``below(n)`` maps a 64-bit draw to [0, n) by multiply-shift (bias < n / 2**64)."""

    __slots__ = ("s",)

    def __init__(self, seed: int = 0) -> None:
        self.s = seed & _MASK

    def next64(self) -> int:
        s = (self.s + _GOLDEN) & _MASK
        self.s = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n)."""
        return (self.next64() * n) >> 64

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def d6(self) -> int:
        return ((self.next64() * 6) >> 64) + 1

    def roll(self, n: int, sides: int = 6) -> list[int]:
        return [self.below(sides) + 1 for _ in range(n)]

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def clone(self) -> Rng:
        return Rng(self.s)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.s == self.s

    def __hash__(self) -> int:
        return hash(self.s)

    def __repr__(self) -> str:
        return f"Rng(0x{self.s:016x})"

    def __getstate__(self) -> int:
        return self.s

    def __setstate__(self, s: int) -> None:
        self.s = s


class ScriptedRng(Rng):
    """An Rng whose D6 rolls come from a script (for tests of the rulebook's worked examples).

    ``d6()`` returns the scripted results in order and raises if the script runs out, so a test
    fails loudly when the rules roll more dice than the example says; every other draw comes from
    the seeded stream."""

    __slots__ = ("script",)

    def __init__(self, rolls: list[int] | tuple[int, ...], seed: int = 0) -> None:
        super().__init__(seed)
        self.script = list(rolls)

    def d6(self) -> int:
        if not self.script:
            raise AssertionError("the scripted dice ran out: the rules rolled more D6 than expected")
        v = self.script.pop(0)
        if not 1 <= v <= 6:
            raise ValueError(f"a scripted D6 must be 1..6, got {v}")
        return v

    def clone(self) -> ScriptedRng:
        r = ScriptedRng(self.script, self.s)
        return r

    def __getstate__(self) -> int:  # pragma: no cover - scripted states are not pickled
        raise TypeError("a ScriptedRng is for tests only")
