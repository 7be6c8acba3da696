"""Scavengers: a two-player game of a page, written on deadboard's step kernel to teach it.

The rules: *"Players take turns, the first player first. On your turn, choose a location with cards
left and draw two of its cards (one if it has one); keep one and put the other back at the bottom.
When you keep a card, the other player may play their one Ambush card: you lose the card kept. When
no location has cards left, the player with more cards wins."*

A turn is a decision (``search <location>``) whose action pushes a nested decision (``keep
<card>``); keeping a card opens a response window in which the other player may ``ambush``; then
the next player's turn. Play it at the terminal: ``python examples/scavengers.py``.
"""

from dataclasses import dataclass
from typing import Any

from deadboard.core import Action, KernelGame, KernelState, Outcome, Result, Scenario, Setup, TypedAction
from deadboard.core.errors import DeadboardError
from deadboard.core.kernel import Choice, Steps, classvars
from deadboard.core.responses import ResponseWindow, open_window


class SearchAt(TypedAction):
    KIND = "search"
    location: str


class Keep(TypedAction):
    KIND = "keep"
    card: str


class Ambush(TypedAction):
    """Play an Ambush card: the searcher loses the card just kept."""

    KIND = "ambush"


AMBUSH = Ambush()


class Town(KernelState):
    __slots__ = ("ambushes", "found", "piles")

    def __init__(self, setup: Setup, seed: int) -> None:
        self.init_common(setup, seed)
        self.piles = {"mall": ["axe", "food", "map"], "school": ["rope"]}
        self.found: list[list[str]] = [[] for _ in range(setup.players)]
        self.ambushes = [1] * setup.players
        self.init_kernel(Search(0))

    def clone(self) -> "Town":
        t = Town.__new__(Town)
        self.copy_common(t)
        self.copy_kernel(t)
        t.piles = {k: v.copy() for k, v in self.piles.items()}
        t.found = [f.copy() for f in self.found]
        t.ambushes = self.ambushes.copy()
        return t


def next_turn(state: Town, seat: int) -> Steps:
    """The other player's turn, or nothing (the game is over) when no location has cards left."""
    return (Search(1 - seat),) if any(state.piles.values()) else ()


@classvars(kind="search")
@dataclass(slots=True)
class Search(Choice[Town, SearchAt]):  # the decision: where to search
    seat: int

    def actions(self, state: Town) -> list[SearchAt]:
        return [SearchAt(name) for name, pile in state.piles.items() if pile]

    def apply(self, state: Town, action: SearchAt) -> Steps:
        pile = state.piles[action.location]
        drawn = tuple(pile.pop() for _ in range(min(2, len(pile))))
        return (Choose(self.seat, action.location, drawn),)  # nested: which card to keep

    def prompt(self, state: Town) -> str:
        return f"Player {self.seat + 1}: search where?"


@classvars(kind="keep")
@dataclass(slots=True)
class Choose(Choice[Town, Keep]):  # the nested decision: which card to keep
    seat: int
    location: str
    drawn: tuple[str, ...]

    def actions(self, state: Town) -> list[Keep]:
        return [Keep(card) for card in self.drawn]  # one card drawn: a forced decision, still asked

    def apply(self, state: Town, action: Keep) -> Steps:
        state.found[self.seat].append(action.card)
        state.piles[self.location][0:0] = [c for c in self.drawn if c != action.card]
        window = open_window(actor=self.seat, seats=len(state.found), trigger=action.text)
        return (Ambushes(window, self.seat), *next_turn(state, self.seat))  # the window first

    def prompt(self, state: Town) -> str:
        return f"Player {self.seat + 1}: keep which card?"


@dataclass(slots=True)
class Ambushes(ResponseWindow[Town]):  # the window: ambush or pass, clockwise
    searcher: int

    def offers(self, state: Town, seat: int) -> list[Action]:
        return [AMBUSH] if state.ambushes[seat] and state.found[self.searcher] else []

    def respond(self, state: Town, seat: int, action: Action) -> Steps:
        state.ambushes[seat] -= 1
        lost = state.found[self.searcher].pop()
        state.emit("ambush", f"Player {seat + 1} ambushes: Player {self.searcher + 1} loses the {lost}")
        return ()


class Scavengers(KernelGame[Town]):
    id, name, version = "scavengers", "Scavengers", "1"
    min_players, max_players = 2, 2
    scenarios = (Scenario("town", "Town", "Two locations, four cards."),)

    def create(self, setup: Setup, seed: int) -> Town:
        return Town(setup, seed)

    def result(self, state: Town) -> Outcome:
        first, second = (len(cards) for cards in state.found)
        if first == second:
            return Outcome(Result.DRAW, (), float(first))
        return Outcome(
            Result.WIN if first > second else Result.LOSS, (0,) if first > second else (1,), float(first)
        )

    def state_json(self, state: Town) -> dict[str, Any]:
        return {"piles": state.piles, "found": state.found, "ambushes": state.ambushes}


game = Scavengers()


def walkthrough() -> None:
    """The opening of a game, step by step."""
    state = game.new(Setup("town", players=2), seed=1)
    game.apply(state, "search mall")  # pushes the nested decision
    assert [a.text for a in game.legal_actions(state)] == ["keep map", "keep food"]
    game.apply(state, "keep map")  # pushes the window, then player 2's turn: player 2 may respond
    assert state.decision.seat == 1 and state.decision.kind == "respond"
    assert [a.text for a in game.legal_actions(state)] == ["pass", "ambush"]
    game.apply(state, "ambush")  # player 1 loses the map; player 2's turn
    assert state.found == [[], []] and state.piles["mall"] == ["food", "axe"]
    assert state.decision.kind == "search" and state.decision.seat == 1
    for text in ("search school", "keep rope", "pass", "search mall", "keep axe", "search mall", "keep food"):
        game.apply(state, text)  # player 2 has no Ambush left: no window asks player 2
    game.apply(state, "pass")  # the last card kept: player 1 passes again, and no location has cards
    assert state.found == [["axe"], ["rope", "food"]] and state.decision is None
    assert game.outcome(state) == Outcome(Result.LOSS, (1,), 1.0)


if __name__ == "__main__":  # play both seats at the terminal
    state = game.new(game.default_setup(), seed=1)
    while state.decision is not None:
        print(state.decision.prompt, "|", ", ".join(a.text for a in game.legal_actions(state)))
        try:
            game.apply(state, input("> "))
        except DeadboardError as error:
            print(error)
        except EOFError:
            break
    print(game.outcome(state))
