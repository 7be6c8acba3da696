"""Decks of cards, shuffled only by a state's own Rng."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Generic, TypeVar

from deadboard.core.rng import Rng

T = TypeVar("T")


class Deck(Generic[T]):
    """An ordered draw pile (top = end of the list) with a discard pile.

    ``draw`` takes the top card; when the pile is empty and ``reshuffle`` is set, the discard pile is
    shuffled back in.
    """

    __slots__ = ("cards", "discards", "reshuffle")

    def __init__(self, cards: Iterable[T] = (), discards: Iterable[T] = (), reshuffle: bool = True) -> None:
        self.cards: list[T] = list(cards)
        self.discards: list[T] = list(discards)
        self.reshuffle = reshuffle

    def shuffle(self, rng: Rng) -> None:
        rng.shuffle(self.cards)

    def draw(self, rng: Rng | None = None) -> T | None:
        """Top card, or None if nothing is left (after reshuffling the discards when allowed)."""
        if not self.cards and self.reshuffle and self.discards and rng is not None:
            self.cards = self.discards
            self.discards = []
            rng.shuffle(self.cards)
        return self.cards.pop() if self.cards else None

    def draw_many(self, n: int, rng: Rng | None = None) -> list[T]:
        out: list[T] = []
        for _ in range(n):
            card = self.draw(rng)
            if card is None:
                break
            out.append(card)
        return out

    def discard(self, card: T) -> None:
        self.discards.append(card)

    def put_bottom(self, card: T) -> None:
        self.cards.insert(0, card)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[T]:
        return iter(self.cards)

    def copy(self) -> Deck[T]:
        d: Deck[T] = Deck.__new__(Deck)
        d.cards = self.cards.copy()
        d.discards = self.discards.copy()
        d.reshuffle = self.reshuffle
        return d

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Deck)
            and other.cards == self.cards
            and other.discards == self.discards
            and other.reshuffle == self.reshuffle
        )

    def __repr__(self) -> str:
        return f"Deck({len(self.cards)} cards, {len(self.discards)} discarded)"
