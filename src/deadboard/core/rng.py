"""Seeded randomness carried inside game states.

The generator is SplitMix64 written out in Python: its whole state is one integer, so cloning a
game state copies an int, pickling is trivial, and the stream is identical on every machine and
Python version (``random.Random`` has changed its algorithms between versions).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, MutableSequence, Sequence
from typing import Any, Final, Protocol, TypeVar

from mypy_extensions import i64, mypyc_attr

T = TypeVar("T")
F = TypeVar("F", covariant=True)


class Rollable(Protocol[F]):
    """What :meth:`Rng.roll_die` rolls: a die with a name and its faces (see :mod:`deadboard.core.dice`)."""

    @property
    def name(self) -> str: ...

    @property
    def faces(self) -> tuple[F, ...]: ...


_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def derive_seed(*parts: object) -> int:
    """A 63-bit seed derived from any parts (run seed, game index, seat, ...), stable everywhere."""
    text = "\x1f".join(repr(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def _mix(t: i64) -> i64:
    """SplitMix64's output for the state ``t``, both read as signed 64-bit integers (the compiled
    build's arithmetic: it wraps modulo 2**64, and a logical shift is an arithmetic one masked)."""
    z = (t ^ ((t >> 30) & 0x3FFFFFFFF)) * -4658895280553007687  # 0xBF58476D1CE4E5B9
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * -7723592293110705685  # 0x94D049BB133111EB
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def _scaled(z: i64, n: i64) -> i64:
    """``(u * n) >> 64`` for ``u`` the unsigned reading of ``z`` and 0 <= n < 2**31, from u's two
    32-bit halves (exact: ``(hi * n + (lo * n >> 32)) >> 32``, no term reaching 2**63)."""
    return (((z >> 32) & 0xFFFFFFFF) * n + (((z & 0xFFFFFFFF) * n) >> 32)) >> 32


#: the compiled build (mypyc): :func:`_mix` is then C, and :class:`Rng` keeps its state as a
#: native signed 64-bit integer and draws with the native functions above; the source build keeps
#: the state as Python's unsigned integer and draws with the same formulas written out on it. Both
#: give the same draws (the state read through :attr:`Rng.s` is the same unsigned integer), and
#: the compiled build checks that it does at import (:func:`_native_agrees`).
_COMPILED: Final[bool] = not hasattr(_mix, "__code__")

#: below this, a draw's range is scaled natively (:func:`_scaled`); at or above it, as an int
_NATIVE_RANGE: Final = 0x80000000


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by uncompiled games and tests
class Rng:
    """SplitMix64. ``below(n)`` maps a 64-bit draw to [0, n) by multiply-shift (bias < n / 2**64).

    The state is :attr:`s`, an unsigned 64-bit integer (``_t`` holds it: signed in the compiled
    build, see ``_COMPILED``)."""

    __slots__ = ("_t",)

    _t: i64

    def __init__(self, seed: int = 0) -> None:
        self.s = seed

    @property
    def s(self) -> int:
        """The generator's state, an integer in [0, 2**64)."""
        t: int = self._t
        return t & 0xFFFFFFFFFFFFFFFF

    @s.setter
    def s(self, value: int) -> None:
        value &= 0xFFFFFFFFFFFFFFFF
        if _COMPILED and value >= 0x8000000000000000:
            value -= 0x10000000000000000
        self._t = value

    # Every draw is SplitMix64 written out with its constants as literals (a literal is the cheapest
    # load; the masks are 2**64 - 1 and the increment the golden ratio, _MASK and _GOLDEN): draws are
    # the hottest calls of every game and of every hidden-information redraw, so in the source build
    # none of them calls another. A subclass scripts dice through d6 and roll_die.
    def next64(self) -> int:
        if _COMPILED:
            t: i64 = self._t + -7046029254386353131
            self._t = t
            out: int = _mix(t)
            return out & 0xFFFFFFFFFFFFFFFF
        u: int = self._t
        s = self._t = (u + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n)."""
        if _COMPILED:
            if 0 <= n < _NATIVE_RANGE:
                t: i64 = self._t + -7046029254386353131
                self._t = t
                return _scaled(_mix(t), n)
            return (self.next64() * n) >> 64
        u: int = self._t
        s = self._t = (u + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return ((z ^ (z >> 31)) * n) >> 64

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi], both ends included."""
        if _COMPILED:
            return lo + self.below(hi - lo + 1)
        u: int = self._t
        s = self._t = (u + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return lo + (((z ^ (z >> 31)) * (hi - lo + 1)) >> 64)

    def d6(self) -> int:
        if _COMPILED:
            t: i64 = self._t + -7046029254386353131
            self._t = t
            return _scaled(_mix(t), 6) + 1
        u: int = self._t
        s = self._t = (u + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return (((z ^ (z >> 31)) * 6) >> 64) + 1

    def roll_die(self, die: Rollable[T]) -> T:
        """One face of ``die``, each face equally likely (a standard D6 draws as :meth:`d6`)."""
        faces = die.faces
        if _COMPILED:
            t: i64 = self._t + -7046029254386353131
            self._t = t
            return faces[_scaled(_mix(t), len(faces))]
        u: int = self._t
        s = self._t = (u + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return faces[((z ^ (z >> 31)) * len(faces)) >> 64]

    def roll(self, n: int, sides: int = 6) -> list[int]:
        if _COMPILED:
            out: list[int] = []
            if not 0 <= sides < _NATIVE_RANGE:
                return [((self.next64() * sides) >> 64) + 1 for _ in range(n)]
            t: i64 = self._t
            for _ in range(n):
                t = t + -7046029254386353131
                out.append(_scaled(_mix(t), sides) + 1)
            self._t = t
            return out
        out = []
        s: int = self._t
        for _ in range(n):
            s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            out.append((((z ^ (z >> 31)) * sides) >> 64) + 1)
        self._t = s
        return out

    def random(self) -> float:
        if _COMPILED:
            return (self.next64() >> 11) * (1.0 / (1 << 53))
        u: int = self._t
        s = self._t = (u + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return ((z ^ (z >> 31)) >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        n = len(seq)
        if not n:
            raise IndexError("choice from an empty sequence")
        if _COMPILED:
            return seq[self.below(n)]
        u: int = self._t
        s = self._t = (u + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return seq[((z ^ (z >> 31)) * n) >> 64]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates in place: ``j = below(i + 1)`` for each ``i`` from the end, with the draws
        written out (games shuffle decks of a hundred cards at every set-up); in the source build a
        long deck draws its swaps as one array (the same draws)."""
        n = len(seq)
        if _COMPILED:
            # a list (every deck) is swapped in place with the list's own operations; another
            # sequence is shuffled as a list of its items, then written back
            cards: list[T] = seq if isinstance(seq, list) else list(seq)
            t: i64 = self._t
            at: i64 = n - 1
            while at > 0:
                t = t + -7046029254386353131
                to = _scaled(_mix(t), at + 1)
                cards[at], cards[to] = cards[to], cards[at]
                at -= 1
            self._t = t
            if cards is not seq:
                for i, card in enumerate(cards):
                    seq[i] = card
            return
        s: int = self._t
        if n > _ARRAY_SHUFFLE:
            for i, j in zip(range(n - 1, 0, -1), _shuffle_draws(s, n)):
                seq[i], seq[j] = seq[j], seq[i]
            self._t = (s + (n - 1) * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            return
        for i in range(n - 1, 0, -1):
            s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            seq[i], seq[j] = seq[j], seq[i]
        self._t = s

    def skip(self, n: int) -> None:
        """Move the stream on past ``n`` draws without making them (SplitMix64 counts: the state
        after ``n`` draws is the state plus ``n`` increments), so that draws can be made later
        from a clone taken before (a deck shuffled now but laid out when first looked at)."""
        self.s = self.s + n * _GOLDEN

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def clone(self) -> Rng:
        out = Rng()
        out._t = self._t
        return out

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


def _native_agrees() -> bool:
    """Whether the compiled draws are SplitMix64's: :func:`_mix` and :func:`_scaled` against the
    formulas on unsigned integers, over a stretch of states."""
    u = 0x0123456789ABCDEF
    for _ in range(256):
        u = (u + _GOLDEN) & _MASK
        z = ((u ^ (u >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        want = z ^ (z >> 31)
        got: int = _mix(u - (1 << 64) if u >= 1 << 63 else u)
        if got & _MASK != want:
            return False
        for n in (1, 2, 6, 37, 100, _NATIVE_RANGE - 1):
            if _scaled(got, n) != (want * n) >> 64:
                return False
    return True


if _COMPILED and not _native_agrees():  # pragma: no cover - a C compiler that miscompiles the draws
    raise ImportError(
        "deadboard.core.rng: the compiled random draws differ from SplitMix64; "
        "reinstall with DEADBOARD_PURE=1 (docs/building.md)"
    )


#: past how many cards a shuffle draws its swaps as one array (numpy's wrapping 64-bit arithmetic:
#: the same draws at a quarter of the cost for a deck of 100; callgrind, per shuffle: 16 cards 90 k
#: instructions one at a time against 88 k as an array, 20 cards 111 k against 88 k, 32 cards
#: 180 k against 94 k)
_ARRAY_SHUFFLE = 16


def _numpy() -> Any:
    """numpy, imported on the first long shuffle (not at import: most runs never need it), with
    the shuffle's constants as numpy's 64-bit unsigned integers."""
    global _np, _U27, _U30, _U31, _U32, _U_MIX1, _U_MIX2, _U_LOW
    if _np is None:
        import numpy

        u64 = numpy.uint64
        _U27, _U30, _U31, _U32 = u64(27), u64(30), u64(31), u64(32)
        _U_MIX1, _U_MIX2, _U_LOW = u64(0xBF58476D1CE4E5B9), u64(0x94D049BB133111EB), u64(0xFFFFFFFF)
        _np = numpy
    return _np


_np: Any = None
_U27: Any = None
_U30: Any = None
_U31: Any = None
_U32: Any = None
_U_MIX1: Any = None
_U_MIX2: Any = None
_U_LOW: Any = None

#: deck size -> (the SplitMix64 increments 1..n-1 as an array, the multipliers n..2): a game shuffles
#: decks of the same few sizes again and again
_SHUFFLE_TABLES: dict[int, tuple[Any, Any]] = {}


def _shuffle_draws(s: int, n: int) -> list[int]:
    """The swap of each step of a Fisher-Yates shuffle of ``n`` cards from state ``s``, in the order
    drawn (for i = n-1 down to 1, ``below(i + 1)``): SplitMix64 on an array of the n-1 states, and
    the multiply-shift's high 64 bits of ``z * (i + 1)`` from z's two 32-bit halves (exact:
    ``(hi * m + (lo * m >> 32)) >> 32``, no term past 64 bits as m < 2**32). The arrays are
    changed in place (no temporaries) and the tables of each deck size made once."""
    np = _numpy()
    u64 = np.uint64
    tables = _SHUFFLE_TABLES.get(n)
    if tables is None:
        tables = _SHUFFLE_TABLES[n] = (
            np.arange(1, n, dtype=u64) * u64(_GOLDEN),
            np.arange(n, 1, -1, dtype=u64),
        )
    steps, m = tables
    z = steps + u64(s)  # the states after each draw, wrapping modulo 2**64
    z ^= z >> _U30
    z *= _U_MIX1
    z ^= z >> _U27
    z *= _U_MIX2
    z ^= z >> _U31
    high = z >> _U32
    high *= m
    z &= _U_LOW
    z *= m
    z >>= _U32
    high += z
    high >>= _U32
    draws: list[int] = high.tolist()
    return draws


class ScriptedRng(Rng):
    """An Rng whose dice come from a script (for tests of the rulebook's worked examples).

    ``rolls`` scripts the D6: ``d6()`` and every roll of a die named ``"d6"`` return the scripted
    results in order. ``dice`` scripts any other die by its name: ``ScriptedRng(dice={"black":
    ["skull", "star"]})`` makes the next two rolls of the ``black`` die a skull, then a star. A
    scripted face must be one of the die's faces. A script that runs out raises, so a test fails
    loudly when the rules roll more dice than the example says; with ``strict`` every die must be
    scripted. Every other draw comes from the seeded stream."""

    __slots__ = ("dice", "script", "strict")

    def __init__(
        self,
        rolls: Sequence[int] = (),
        seed: int = 0,
        *,
        dice: Mapping[str, Sequence[object]] | None = None,
        strict: bool = False,
    ) -> None:
        super().__init__(seed)
        self.script = list(rolls)
        self.dice: dict[str, list[object]] = {name: list(faces) for name, faces in (dice or {}).items()}
        self.strict = strict

    def d6(self) -> int:
        if not self.script:
            raise AssertionError("the scripted dice ran out: the rules rolled more D6 than expected")
        v = self.script.pop(0)
        if not 1 <= v <= 6:
            raise ValueError(f"a scripted D6 must be 1..6, got {v}")
        return v

    def roll_die(self, die: Rollable[T]) -> T:
        name = die.name
        script = self.dice.get(name)
        if script is None:
            if name == "d6":
                face: object = self.d6()
            elif self.strict:
                raise AssertionError(f"the {name} die was rolled but not scripted")
            else:
                return super().roll_die(die)
        else:
            if not script:
                raise AssertionError(f"the scripted {name} dice ran out: the rules rolled more than expected")
            face = script.pop(0)
        for f in die.faces:
            if f == face:
                return f
        raise ValueError(
            f"a scripted {name} die shows one of {', '.join(map(str, dict.fromkeys(die.faces)))}; got {face!r}"
        )

    @property
    def remaining(self) -> dict[str, int]:
        """How many scripted results of each die are left unused (``"d6"`` for the D6 script)."""
        out = {name: len(faces) for name, faces in self.dice.items()}
        out["d6"] = len(self.script)
        return out

    def clone(self) -> ScriptedRng:
        return ScriptedRng(self.script, self.s, dice=self.dice, strict=self.strict)

    def __getstate__(self) -> int:  # pragma: no cover - scripted states are not pickled
        raise TypeError("a ScriptedRng is for tests only")
