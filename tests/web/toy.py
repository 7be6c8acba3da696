"""A tiny two-seat game for the web tests: a game with no drawing module and a hidden card.

Race to ten: each seat holds a secret card (1-3, dealt at setup and hidden from the other seat);
seats take turns adding 1 or 2 to a shared counter, or playing their card once to add its value.
Whoever brings the counter to 10 or more wins.
"""

from __future__ import annotations

from typing import Any

from deadboard.core.action import Action, act
from deadboard.core.game import Decision, Game, Outcome, Result, Scenario, Setup, State
from deadboard.core.log import Event
from deadboard.core.rng import Rng


class RaceState(State):
    __slots__ = ("cards", "played", "total")

    def __init__(self, setup: Setup, seed: int) -> None:
        self.setup = setup
        self.seed = seed
        self.rng = Rng(seed)
        self.log: list[Event] = []
        self.decision: Decision | None = None
        self.viewer: int | None = None
        self.total = 0
        self.cards = [1 + self.rng.below(3), 1 + self.rng.below(3)]
        self.played = [False, False]

    def clone(self) -> RaceState:
        s = RaceState.__new__(RaceState)
        s.setup, s.seed, s.rng, s.log = self.setup, self.seed, Rng(self.rng.s), self.log.copy()
        s.decision, s.viewer, s.total = self.decision, self.viewer, self.total
        s.cards, s.played = self.cards.copy(), self.played.copy()
        return s


class RaceToTen(Game):
    id = "toy-race"
    name = "Race to Ten"
    version = "1"
    min_players = 2
    max_players = 2
    scenarios = (Scenario("ten", "Race to ten", "First to bring the counter to 10 wins."),)

    def new(self, setup: Setup | None = None, seed: int = 0) -> RaceState:
        setup = self.normalize_setup(setup or self.default_setup())
        s = RaceState(setup, seed)
        s.emit("setup", "Each player is dealt a secret card", None)
        s.decision = Decision(0, "turn", "Add to the counter")
        return s

    def legal_actions(self, state: State) -> list[Action]:
        assert isinstance(state, RaceState)
        d = state.decision
        if d is None:
            return []
        out = [act("add", 1), act("add", 2)]
        if not state.played[d.seat] and state.cards[d.seat] > 0:
            out.append(act("card"))
        return out

    def apply_unchecked(self, state: State, action: Action) -> None:
        assert isinstance(state, RaceState)
        d = state.decision
        assert d is not None
        if action.kind == "card":
            n = state.cards[d.seat]
            state.played[d.seat] = True
        else:
            n = int(action[1])
        roll = state.rng.d6()
        state.total += n
        state.emit("add", f"Player {d.seat + 1} adds {n}: the counter is {state.total}",
                   {"roll": roll, "need": 7, "success": False})
        if state.total >= 10:
            state.decision = None
        else:
            state.decision = Decision(1 - d.seat, "turn", "Add to the counter")

    def outcome(self, state: State) -> Outcome | None:
        assert isinstance(state, RaceState)
        if state.decision is not None:
            return None
        last = int(state.log[-1].text.split()[1]) - 1
        return Outcome(Result.WIN if last == 0 else Result.LOSS, (last,), float(state.total), reason="ten reached")

    def redact(self, view: State, seat: int) -> None:
        assert isinstance(view, RaceState)
        other = 1 - seat
        if not view.played[other]:
            view.cards[other] = 0

    def snapshot(self, state: State) -> dict[str, Any]:
        assert isinstance(state, RaceState)
        return {"total": state.total, "cards": list(state.cards), "played": list(state.played),
                "decision": list(state.decision) if state.decision else None}


GAME = RaceToTen()
