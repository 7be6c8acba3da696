"""Dice with any faces, and pools of rolled dice — rolled only from a state's own Rng.

A :class:`Die` has a name and its faces, which may be numbers or symbols::

    D6 = Die("d6", (1, 2, 3, 4, 5, 6))
    ZD6 = Die("zd6", (1, 2, 3, 4, 5, "Z"))                        # Zpocalypse 2: the Z face is a 6
    BLACK = Die("black", ("blank", "skull", "skull", "red-star", "yellow-star", "green-star"))

    BLACK.roll(state.rng)                      # -> "skull" (one face, equally likely)

Tests script any die by its name (``ScriptedRng(dice={"black": ["skull"]})``); the D6 named ``d6``
draws exactly as ``Rng.d6`` and is scripted by the D6 script of the rulebook examples.

A :class:`DicePool` is what a roll leaves on the table: the dice and their faces, kept in order,
then sorted, counted, spent and combined::

    pool = DicePool.roll(rng, [ZD6, ZD6, ZD6, ZD6])     # an action pool: 2d6 for each of two survivors
    pool.faces                                          # -> (3, "Z", 1, 5)
    pool.count("Z")                                     # -> 1
    pool.payments(6, value=zd6_value)                   # the smallest sets of dice paying 6 (no change)
    spent, pool = pool.spend((0, 2))                    # dice 0 and 2 are used up

Pools are immutable values (a state holding one shares it between clones).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

from mypy_extensions import mypyc_attr

from deadboard.core.game import frozen_reduce
from deadboard.core.rng import Rng

__all__ = ["D6", "DicePool", "Die", "Rolled", "minimal_sets", "standard"]

F = TypeVar("F", bound=Hashable)


@mypyc_attr(native_class=False)  # compiled, a generic dataclass cannot be a native class
@dataclass(frozen=True, slots=True)
class Die(Generic[F]):
    """A die: a ``name`` (scripts and logs refer to it) and its ``faces`` (a face may repeat: a die
    with two skulls has ``"skull"`` twice)."""

    name: str
    faces: tuple[F, ...]

    def __post_init__(self) -> None:
        if not self.faces:
            raise ValueError(f"die {self.name!r} has no faces")

    def roll(self, rng: Rng) -> F:
        return rng.roll_die(self)

    def roll_many(self, rng: Rng, n: int) -> list[F]:
        roll = rng.roll_die
        return [roll(self) for _ in range(n)]

    @property
    def sides(self) -> int:
        return len(self.faces)

    def chance(self, face: F) -> float:
        """The chance one roll shows ``face``."""
        return self.faces.count(face) / len(self.faces)


def standard(sides: int = 6) -> Die[int]:
    """The numbered die ``d<sides>`` (faces 1 … sides)."""
    return Die(f"d{sides}", tuple(range(1, sides + 1)))


D6: Die[int] = standard(6)


class Rolled(NamedTuple):
    """One die of a pool and the face it shows."""

    die: Die[Any]
    face: Any


@dataclass(frozen=True, slots=True)
class DicePool:
    """Rolled dice, in order. Every operation returns a new pool; indices are positions in
    :attr:`dice`."""

    dice: tuple[Rolled, ...] = ()

    @classmethod
    def roll(cls, rng: Rng, dice: Iterable[Die[Any]]) -> DicePool:
        """Roll every die of ``dice``, in order."""
        roll = rng.roll_die
        return cls(tuple([_new_rolled(Rolled, (d, roll(d))) for d in dice]))

    @classmethod
    def of(cls, die: Die[Any], faces: Iterable[Any]) -> DicePool:
        """A pool of ``die`` showing ``faces`` (the dice of a rulebook example)."""
        out = []
        for face in faces:
            if face not in die.faces:
                raise ValueError(f"die {die.name!r} has no face {face!r}")
            out.append(Rolled(die, face))
        return cls(tuple(out))

    # ----- reading ---------------------------------------------------------------------------
    @property
    def faces(self) -> tuple[Any, ...]:
        return tuple(r.face for r in self.dice)

    def __len__(self) -> int:
        return len(self.dice)

    def __bool__(self) -> bool:
        return bool(self.dice)

    def count(self, face: Any) -> int:
        """How many dice show ``face``."""
        return sum(1 for r in self.dice if r.face == face)

    def tally(self) -> dict[Any, int]:
        """Face -> how many dice show it (faces in the order first seen)."""
        out: dict[Any, int] = {}
        for r in self.dice:
            out[r.face] = out.get(r.face, 0) + 1
        return out

    def total(self, indices: Iterable[int] | None = None, value: Callable[[Any], int] = int) -> int:
        """The sum of the dice at ``indices`` (all by default), each worth ``value(face)``."""
        dice = self.dice
        chosen = dice if indices is None else [dice[i] for i in indices]
        return sum(value(r.face) for r in chosen)

    # ----- changing --------------------------------------------------------------------------
    def sorted(self, key: Callable[[Rolled], Any] | None = None, reverse: bool = False) -> DicePool:
        """The pool in order of ``key`` (default: the face's position on its die)."""
        k = key if key is not None else _face_rank
        return DicePool(tuple(sorted(self.dice, key=k, reverse=reverse)))

    def spend(self, indices: Iterable[int]) -> tuple[DicePool, DicePool]:
        """Use up the dice at ``indices``: returns (the spent dice, the dice left)."""
        chosen = set(indices)
        for i in chosen:
            if not 0 <= i < len(self.dice):
                raise IndexError(f"no die {i} in a pool of {len(self.dice)}")
        spent = tuple(r for i, r in enumerate(self.dice) if i in chosen)
        left = tuple(r for i, r in enumerate(self.dice) if i not in chosen)
        return DicePool(spent), DicePool(left)

    def spend_face(self, face: Any, n: int = 1) -> tuple[DicePool, DicePool]:
        """Use up ``n`` dice showing ``face`` (the first ones): ValueError if there are fewer."""
        found = [i for i, r in enumerate(self.dice) if r.face == face][:n]
        if len(found) < n:
            raise ValueError(f"the pool shows {len(found)} {face!r}, not {n}")
        return self.spend(found)

    def __add__(self, other: DicePool) -> DicePool:
        """Two pools combined (a survivor's dice added to the squad's pool)."""
        return DicePool(self.dice + other.dice)

    def __reduce__(self) -> tuple[Any, ...]:
        return frozen_reduce(self)

    # ----- paying costs ----------------------------------------------------------------------
    def payments(
        self,
        cost: int,
        value: Callable[[Any], int] = int,
        *,
        allowed: Callable[[Rolled], bool] | None = None,
        most: int | None = None,
    ) -> list[tuple[int, ...]]:
        """Every way to pay ``cost`` by combining dice without change: the sets of dice (indices,
        rising) whose total reaches ``cost`` and none of whose dice could be left out. Dice showing
        the same face on the same die are interchangeable, so only one set per multiset of faces
        is listed (its first dice). ``allowed`` limits the dice that may pay, ``most`` the number of
        dice. Found without trying combinations of dice (:func:`minimal_sets`)."""
        usable = [i for i, r in enumerate(self.dice) if allowed is None or allowed(r)]
        limit = len(usable) if most is None else min(most, len(usable))
        keys = [(self.dice[i].die.name, repr(self.dice[i].face)) for i in usable]
        worth = [value(self.dice[i].face) for i in usable]
        return [tuple(usable[k] for k in ways) for ways in minimal_sets(keys, worth, cost, limit)]

    def to_json(self) -> list[dict[str, Any]]:
        return [{"die": r.die.name, "face": r.face} for r in self.dice]


def minimal_sets(keys: Sequence[Hashable], worth: Sequence[int], cost: int, most: int) -> list[tuple[int, ...]]:
    """The ways to pay ``cost`` with at most ``most`` of the items ``0 … len(keys) - 1`` (item ``i``
    worth ``worth[i]``, items of one key interchangeable and worth the same) without change: the sets
    whose total reaches ``cost`` and none of whose items could be left out, one per multiset of
    keys, each as its first items (rising), listed by size and then as ``itertools.combinations``
    would first reach them. Numbered dice pass their faces as both keys and worth
    (``minimal_sets(faces, faces, cost, most)``).

    Polynomial in the number of items: it chooses how many of each key, not which items. Keys are
    taken by falling worth, and a set is complete the moment its total reaches ``cost`` — the item
    added last is then one of the least worth, and without it the total fell short, so nothing
    could be left out; an item worth nothing or less can always be left out, so none pays. Of the
    sets of items showing one multiset, the one of each key's first items comes first in
    combinations' order (it has at least as many items as any other at or before every position).
    """
    if cost <= 0 or most <= 0:
        return []
    # read as tuples (a tuple passed is not copied): compiled, indexed without the sequence protocol
    names: tuple[Hashable, ...] = tuple(keys)
    worths: tuple[int, ...] = tuple(worth)
    slot: dict[Hashable, int] = {}  # key -> its group: its items, the order first seen
    groups: list[list[int]] = []
    for i in range(len(names)):
        if worths[i] > 0:
            key = names[i]
            g = slot.get(key, -1)
            if g < 0:
                slot[key] = len(groups)
                groups.append([i])
            else:
                groups[g].append(i)
    # by falling worth (a key's last item's), keys of one worth in the order first seen (a stable
    # sort): a group as one number, -worth * n + group (group < n), that sorts as the pair
    n = len(names)
    codes = [-worths[at[-1]] * n + g for g, at in enumerate(groups)]
    codes.sort()
    ordered: list[list[int]] = []
    values: list[int] = []
    for code in codes:
        at = groups[code % n]
        ordered.append(at)
        values.append(worths[at[-1]])
    found: list[tuple[int, tuple[int, ...]]] = []
    _choose(ordered, values, cost, most, 0, 0, 0, [], found)
    found.sort()
    return [items for _, items in found]


def _choose(
    groups: list[list[int]],
    values: list[int],
    cost: int,
    most: int,
    g: int,
    total: int,
    size: int,
    taken: list[tuple[int, int]],
    found: list[tuple[int, tuple[int, ...]]],
) -> None:
    """:func:`minimal_sets`' step: how many items of the key ``g`` (items ``groups[g]``, each worth
    ``values[g]``) and of each key after it to add to ``taken`` ((key, how many) so far: ``size``
    items, ``total`` worth)."""
    if g == len(groups):
        return
    _choose(groups, values, cost, most, g + 1, total, size, taken, found)  # none of this key
    w = values[g]
    at = groups[g]
    for n in range(1, min(len(at), most - size) + 1):
        if total + n * w >= cost:
            items = [p for k, m in taken for p in groups[k][:m]] + at[:n]
            found.append((size + n, tuple(sorted(items))))
            return
        taken.append((g, n))
        _choose(groups, values, cost, most, g + 1, total + n * w, size + n, taken, found)
        taken.pop()


#: makes a Rolled from the tuple of its fields (no keyword handling: pools are rolled in hot loops)
_new_rolled = tuple.__new__


def _face_rank(r: Rolled) -> tuple[str, int]:
    return r.die.name, r.die.faces.index(r.face)
