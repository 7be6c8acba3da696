"""Searching (rulebook §Search Locations)."""

from __future__ import annotations

from dataclasses import dataclass

from deadboard.core.kernel import Choice, Step, Steps, classvars
from deadboard.games.zpocalypse_2 import phrases
from deadboard.games.zpocalypse_2.actions import Keep, Search
from deadboard.games.zpocalypse_2.state import Squad, ZState, new_zombie
from deadboard.games.zpocalypse_2.survivors import overflow


def search(state: ZState, q: Squad, action: Search) -> tuple[Step[ZState], ...]:
    """Rulebook §Search Locations."""
    deck_name = state.board.search[q.space]
    state.spend_dice((action.die,))
    deck = state.decks[deck_name]
    look = min(action.die, state.smarts(q), len(deck))
    cards = tuple(deck[:look])
    del deck[:look]
    state.searched.add(q.space)
    state.emit("search", f"Squad {q.seat + 1} searches the {deck_name} deck and looks at {phrases.count(look, 'card')}")
    return (KeepCard(q.seat, deck_name, cards, q.space),)


@classvars(kind="keep")
@dataclass(slots=True)
class KeepCard(Choice[ZState, Keep]):
    seat: int
    deck: str
    cards: tuple[str, ...]
    space: int

    def actions(self, state: ZState) -> list[Keep]:
        return [Keep(c) for c in sorted(set(self.cards))]

    def apply(self, state: ZState, action: Keep) -> Steps:
        q = state.squads[self.seat]
        rest = list(self.cards)
        rest.remove(action.card)
        state.rng.shuffle(rest)
        state.decks[self.deck].extend(rest)
        q.items.append(action.card)
        after = overflow(state, q)
        token = state.rng.choice(state.content.rules.search_tokens)
        board = state.board
        if token:
            placed = 0
            for j in board.neighbours[self.space]:
                while (
                    placed < token
                    and j not in state.forts
                    and state.zombies_at(j) < 2
                    and state.squad_at(j) is None
                ):
                    state.zombies.append(new_zombie(j, False))
                    placed += 1
            state.emit(
                "search-token",
                f"The search token shows {token}: {phrases.count(placed, 'weak zombie')} {'appears' if placed == 1 else 'appear'}",
                {"zombies": placed},
            )
        else:
            state.emit("search-token", "The search token shows only an X")
        return after

    def prompt(self, state: ZState) -> str:
        return f"Squad {self.seat + 1}: keep which card?"
