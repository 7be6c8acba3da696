"""Rulebook §3.2: lowering the threat with survival points, "at any moment within the game turn".

    offered    at every decision of a survivor in the adventure's game turn (the leader's order,
               staying hidden, the activation, a survival point on a card's check, the search card
               kept, the sweep), by the deciding seat's survivor, while the threat can be lowered
               and the survivors hold its cost; never as a decision of its own
    paid       by the survivor who declares it, the rest shared (PayThreat: who pays each point)
    then       the decision it was declared in is asked again

(docs/rulings/day-night-z.md, "Threat".)"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from deadboard.core.kernel import Choice, Steps, classvars
from deadboard.games.day_night_z import actions as A
from deadboard.games.day_night_z.concepts import lower_cost
from deadboard.games.day_night_z.state import DNZState, Survivor


def _declare(who: str) -> A.LowerThreat:
    return A.made_once(_DECLARE_MADE, A.LowerThreat, who)


_DECLARE_MADE: Final[dict[str, A.LowerThreat]] = {}


def offer(state: DNZState, s: Survivor) -> A.LowerThreat | None:
    """The survivor's `lower-threat` when the threat can be lowered now and the survivors hold its
    cost ("This may be done by one survivor or shared among several of them"), else None."""
    if s.sp <= 0 or s.dead:
        return None
    cost = lower_cost(state)
    if cost is None:
        return None
    if s.sp < cost:
        held = 0
        for o in state.survivors:
            if not o.dead:
                held += o.sp
        if held < cost:
            return None
    return _declare(s.id)


def offer_for_seat(state: DNZState, seat: int) -> A.LowerThreat | None:
    """:func:`offer` for the living survivor of ``seat`` (a decision's seat)."""
    for s in state.survivors:
        if s.seat == seat and not s.dead:
            return offer(state, s)
    return None


def lower(state: DNZState, s: Survivor) -> Steps:
    """The survivor declares it and pays what he can; if he cannot pay it all, he says who pays each
    further point."""
    cost = lower_cost(state) or 0
    if s.sp >= cost or len(state.living()) == 1:
        s.sp -= cost
        lowered(state, cost, s)
        return ()
    s.sp -= 1
    return (PayThreat(s.seat, s.id, cost - 1),)


def lowered(state: DNZState, cost: int, s: Survivor) -> None:
    state.threat -= 1
    state.emit(
        "threat",
        f"{cost} survival points spent: the threat falls by 1",
        {"cost": cost, "who": s.id, "threat": state.threat},
    )


@classvars(kind="pay")
@dataclass(slots=True)
class PayThreat(Choice[DNZState, A.Pay]):
    """Lowering the threat: "This may be done by one survivor or shared among several of them" —
    the survivor who declared it says who pays each further point (§3.2)."""

    seat: int
    who: str
    left: int

    def actions(self, state: DNZState) -> list[A.Pay]:
        return [A.Pay(self.who, o.id) for o in state.living() if o.sp > 0]

    def apply(self, state: DNZState, action: A.Pay) -> Steps:
        state.survivor(action.by).sp -= 1
        if self.left > 1:
            return (PayThreat(self.seat, self.who, self.left - 1),)
        lowered(state, lower_cost(state) or 0, state.survivor(self.who))
        return ()

    def prompt(self, state: DNZState) -> str:
        return f"{state.survivor(self.who).name}: who pays the next survival point ({self.left} left)?"
