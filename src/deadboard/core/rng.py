"""Seeded randomness carried inside game states.

The generator is SplitMix64 written out in Python: its whole state is one integer, so cloning a
game state copies an int, pickling is trivial, and the stream is identical on every machine and
Python version (``random.Random`` has changed its algorithms between versions).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, MutableSequence, Sequence
from typing import Final, Protocol, TypeVar

from mypy_extensions import i64, mypyc_attr

T = TypeVar("T")
F = TypeVar("F", covariant=True)


class Rollable(Protocol[F]):
    """What :meth:`Rng.roll_die` rolls: a die with a name and its faces (see :mod:`deadboard.core.dice`)."""

    @property
    def name(self) -> str: ...

    @property
    def faces(self) -> tuple[F, ...]: ...


_GOLDEN = 0x9E3779B97F4A7C15


def derive_seed(*parts: object) -> int:
    """A 63-bit seed derived from any parts (run seed, game index, seat, ...), stable everywhere."""
    text = "\x1f".join(repr(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def _signed(u: int) -> i64:
    """The unsigned 64-bit integer ``u`` read as a signed one."""
    return u - 0x10000000000000000 if u >= 0x8000000000000000 else u


#: SplitMix64's constants, read as signed 64-bit integers: the increment (the golden ratio) and the
#: two multipliers. Made by a call, they are native constants when compiled (a literal past 2**62
#: would be a Python integer, converted at each use)
_INCREMENT: Final[i64] = _signed(0x9E3779B97F4A7C15)
_MIX1: Final[i64] = _signed(0xBF58476D1CE4E5B9)
_MIX2: Final[i64] = _signed(0x94D049BB133111EB)


def _wrap(x: i64) -> i64:
    """``x`` modulo 2**64, read as a signed 64-bit integer. Compiled, ``x`` already is one (native
    arithmetic wraps); from source it is any Python integer, brought back into range."""
    if _COMPILED:
        return x
    u: int = x
    return ((u + 0x8000000000000000) & 0xFFFFFFFFFFFFFFFF) - 0x8000000000000000


def _mix(t: i64) -> i64:
    """SplitMix64's output for the state ``t``, both read as signed 64-bit integers (the compiled
    build's native arithmetic: it wraps modulo 2**64; a logical shift is an arithmetic one masked)."""
    z = _wrap((t ^ ((t >> 30) & 0x3FFFFFFFF)) * _MIX1)
    z = _wrap((z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2)
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def _scaled(z: i64, n: i64) -> i64:
    """``(u * n) >> 64`` for ``u`` the unsigned reading of ``z`` and 0 <= n < 2**31, from u's two
    32-bit halves (exact: ``(hi * n + (lo * n >> 32)) >> 32``, no term reaching 2**63)."""
    return (((z >> 32) & 0xFFFFFFFF) * n + (((z & 0xFFFFFFFF) * n) >> 32)) >> 32


#: whether this module runs compiled by mypyc (a compiled function has no ``__code__``): only
#: :func:`_wrap` needs to know
_COMPILED: Final[bool] = not hasattr(_mix, "__code__")

#: below this, a draw's range is scaled natively (:func:`_scaled`); at or above it, as an int
_NATIVE_RANGE: Final = 0x80000000


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by uncompiled games and tests
class Rng:
    """SplitMix64. ``below(n)`` maps a 64-bit draw to [0, n) by multiply-shift (bias < n / 2**64).

    The state is :attr:`s`, an unsigned 64-bit integer, held in ``_t`` read as a signed one: the
    compiled build keeps it as a native 64-bit integer (mypyc's ``i64``), whose arithmetic wraps as
    SplitMix64's does, so that no draw allocates; the source build runs the same code on Python's
    integers (:func:`_wrap`). A subclass scripts dice through :meth:`d6` and :meth:`roll_die`."""

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
        if value >= 0x8000000000000000:
            value -= 0x10000000000000000
        self._t = value

    def _draw(self) -> i64:
        """The next 64-bit draw, signed."""
        t = _wrap(self._t + _INCREMENT)
        self._t = t
        return _mix(t)

    def next64(self) -> int:
        """The next 64-bit draw, an integer in [0, 2**64)."""
        out: int = self._draw()
        return out & 0xFFFFFFFFFFFFFFFF

    def below(self, n: int) -> int:
        """Uniform integer in [0, n)."""
        if 0 <= n < _NATIVE_RANGE:
            return _scaled(self._draw(), n)
        return (self.next64() * n) >> 64

    def d6(self) -> int:
        return _scaled(self._draw(), 6) + 1

    def roll_die(self, die: Rollable[T]) -> T:
        """One face of ``die``, each face equally likely (a standard D6 draws as :meth:`d6`)."""
        faces = die.faces
        return faces[_scaled(self._draw(), len(faces))]

    def roll(self, n: int, sides: int = 6) -> list[int]:
        if not 0 <= sides < _NATIVE_RANGE:
            return [((self.next64() * sides) >> 64) + 1 for _ in range(n)]
        out: list[int] = []
        t = self._t
        for _ in range(n):
            t = _wrap(t + _INCREMENT)
            out.append(_scaled(_mix(t), sides) + 1)
        self._t = t
        return out

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        n = len(seq)
        if not n:
            raise IndexError("choice from an empty sequence")
        return seq[self.below(n)]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates in place: ``j = below(i + 1)`` for each ``i`` from the end. A list (every
        deck) is swapped in place; another sequence is shuffled as a list of its items, then
        written back."""
        n = len(seq)
        cards: list[T] = seq if isinstance(seq, list) else list(seq)
        t = self._t
        at: i64 = n - 1
        while at > 0:
            t = _wrap(t + _INCREMENT)
            to = _scaled(_mix(t), at + 1)
            cards[at], cards[to] = cards[to], cards[at]
            at -= 1
        self._t = t
        if cards is not seq:
            for i, card in enumerate(cards):
                seq[i] = card

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


#: SplitMix64's first outputs from state 0 (its reference values), and a scaled draw: a compiled
#: build whose C compiler got the native arithmetic wrong is refused at import
_KNOWN: Final = (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F)


def _draws_are_splitmix64() -> bool:
    r = Rng(0)
    return tuple(r.next64() for _ in range(3)) == _KNOWN and Rng(0).below(1000) == (_KNOWN[0] * 1000) >> 64


if not _draws_are_splitmix64():  # pragma: no cover - a C compiler that miscompiles the draws
    raise ImportError(
        "deadboard.core.rng: the random draws differ from SplitMix64; "
        "reinstall with DEADBOARD_PURE=1 (docs/building.md)"
    )


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
