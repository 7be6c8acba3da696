"""Dice with standard or custom faces, rolled from a state's own Rng."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from deadboard.core.rng import Rng

F = TypeVar("F")


@dataclass(frozen=True, slots=True)
class Die(Generic[F]):
    """A die whose faces can be numbers or symbols (``Die(("blank", "hit", "hit", ...))``)."""

    faces: tuple[F, ...]

    def roll(self, rng: Rng) -> F:
        return self.faces[rng.below(len(self.faces))]

    def roll_many(self, rng: Rng, n: int) -> list[F]:
        faces = self.faces
        k = len(faces)
        return [faces[rng.below(k)] for _ in range(n)]

    @property
    def sides(self) -> int:
        return len(self.faces)


def standard(sides: int = 6) -> Die[int]:
    return Die(tuple(range(1, sides + 1)))


D6: Die[int] = standard(6)


def roll_2d6(rng: Rng) -> tuple[int, int]:
    return rng.d6(), rng.d6()


def total(values: Sequence[int]) -> int:
    return sum(values)
