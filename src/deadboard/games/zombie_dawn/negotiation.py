"""Negotiation (rulebook §Combat between Groups: "You may Negotiate, offering Items, in exchange for
an Opponent not attacking you"): an offer built item by item, proposed, then accepted (the items
change groups, the receiver leaves the offerer alone for the rest of the round, and a fight between
them ends) or declined. An offer for peace is made at any moment to a group next to one's own; an
offer to end a fight, once per attack phase of that fight."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deadboard.core.action import Action
from deadboard.core.kernel import Choice, Steps, classvars
from deadboard.games.zombie_dawn import items as items_rules
from deadboard.games.zombie_dawn.actions import (
    ACCEPT,
    CANCEL,
    DECLINE,
    PROPOSE,
    Accept,
    Cancel,
    Decline,
    Negotiate,
    Offer,
    Propose,
)
from deadboard.games.zombie_dawn.content import COLOURS
from deadboard.games.zombie_dawn.effects import (
    can_part_all,
    colour,
    end_combat,
    free_spaces,
    holder,
    take_away,
    title,
)
from deadboard.games.zombie_dawn.flow import StepForm, plain, push
from deadboard.games.zombie_dawn.state import DawnState

#: what an offer is for: peace for the rest of the round, or the end of the fight between the two
TRUCE, DUEL = "truce", "duel"


def offerable(state: DawnState, seat: int, target: int, offered: tuple[int, ...]) -> list[int]:
    """Items the seat may add to an offer to ``target``: carried, not offered yet, the group able to
    part with all of them at once, and the target's group able to carry them all."""
    heavy = state.c.item_heavy
    room = free_spaces(state, target) - sum(1 for it in offered if heavy[it])
    out = []
    for it in state.carried(seat):
        if it in offered or (heavy[it] and room <= 0):
            continue
        if can_part_all(state, (*offered, it)):
            out.append(it)
    return out


def negotiate_actions(state: DawnState, seat: int, out: list[Action] | None, moved: tuple[Any, ...]) -> bool:
    """An offer to a group next to this one that has not already agreed to leave it alone this
    round, once per turn, attack phase or window (``moved`` holds the colours offered to). With
    ``out`` None, only whether there is one."""
    g = state.groups[seat]
    if not g.chars or state.cfg.solo:
        return False
    b = state.board
    assert b is not None
    near = b.near[g.sq]
    truce = state.truce
    char_items = state.char_items
    carries: bool | None = None
    for t, tg in enumerate(state.groups):
        if tg.sq not in near or t == seat or not tg.chars or truce >> (4 * t + seat) & 1 or COLOURS[t] in moved:
            continue
        if carries is None:
            carries = any(char_items[ch] for ch in g.chars)
        if carries and offerable(state, seat, t, ()):
            if out is None:
                return True
            out.append(Negotiate(COLOURS[t]))
    return False


def start_offer(state: DawnState, seat: int, target: int, context: str) -> None:
    """The seat starts building an offer to ``target``."""
    if context == DUEL:
        state.emit("offer", f"{title(seat)} prepares an offer of items to end the fight", {"seat": seat, "to": target})
    else:
        state.emit("offer", f"{title(seat)} prepares an offer of items to the {colour(target)} player", {"seat": seat, "to": target})
    push(state, Bargain(seat, target, (), context))


@classvars(kind="bargain")
@dataclass(slots=True)
class Bargain(StepForm, Choice[DawnState, Action]):
    """The offer being built: one more item, propose it, or call it off."""

    seat: int
    target: int
    offered: tuple[int, ...]
    context: str

    def actions(self, state: DawnState) -> list[Action]:
        names = state.c.item_names
        out: list[Action] = [Offer(names[it]) for it in offerable(state, self.seat, self.target, self.offered)]
        if self.offered:
            out.append(PROPOSE)
        out.append(CANCEL)
        return out

    def apply(self, state: DawnState, action: Action) -> Steps:
        seat, target, offered = self.seat, self.target, self.offered
        if isinstance(action, Offer):
            return (Bargain(seat, target, (*offered, state.c.item_index[action.item]), self.context),)
        if isinstance(action, Cancel):
            state.emit("offer", f"{title(seat)} makes no offer", {"seat": seat})
            return ()
        assert isinstance(action, Propose)
        recs = state.c.item_recs
        what = "to end the fight" if self.context == DUEL else "for peace this round"
        state.emit("offer", f"{title(seat)} offers the {colour(target)} player {', '.join(recs[it].name for it in offered)} {what}",
                   {"seat": seat, "to": target, "items": len(offered)})
        push(state, AnswerBargain(target, seat, offered, self.context))
        return ()

    def prompt(self, state: DawnState) -> str:
        names = ", ".join(state.c.item_recs[it].name for it in self.offered) or "nothing yet"
        why = "to end the fight" if self.context == DUEL else "so that it leaves you alone this round"
        return f"{title(self.seat)}: offer items to the {COLOURS[self.target]} player {why} (offered: {names})"

    def old(self) -> list[Any]:
        return plain("bargain", self.seat, self.target, self.offered, self.context)


@classvars(kind="answer")
@dataclass(slots=True)
class AnswerBargain(StepForm, Choice[DawnState, Accept | Decline]):
    """The offer made to ``seat`` by ``offerer``: accept or decline."""

    seat: int
    offerer: int
    offered: tuple[int, ...]
    context: str

    def actions(self, state: DawnState) -> list[Accept | Decline]:
        return [ACCEPT, DECLINE]

    def apply(self, state: DawnState, action: Accept | Decline) -> Steps:
        seat, offerer = self.seat, self.offerer
        if isinstance(action, Decline):
            state.emit("offer", f"{title(seat)} declines the offer", {"seat": seat})
            return ()
        for it in self.offered:
            take_away(state, holder(state, it), it)
        state.truce |= 1 << (4 * seat + offerer)
        state.emit("offer", f"{title(seat)} accepts: it will not attack the {colour(offerer)} group this round", {"seat": seat})
        combat = state.combat
        if self.context == DUEL and combat is not None and combat.duel and not combat.ended:
            state.emit("combat", "The fight between the groups is over", None)
            end_combat(state, won=False)
        push(state, items_rules.TakeItems(seat, "gift", self.offered, 0))
        return ()

    def prompt(self, state: DawnState) -> str:
        names = ", ".join(state.c.item_recs[it].name for it in self.offered)
        why = "and end the fight" if self.context == DUEL else "and leave the group alone this round"
        return f"{title(self.seat)}: the {COLOURS[self.offerer]} player offers {names}: accept {why}?"

    def old(self) -> list[Any]:
        return plain("answer", self.seat, self.offerer, self.offered, self.context)


def offer_on_table(state: DawnState) -> tuple[int, int, tuple[int, ...]] | None:
    """The offer being built or answered now: offerer, receiver, items offered (or None)."""
    top = state.steps[-1] if state.steps else None
    if isinstance(top, Bargain):
        return top.seat, top.target, top.offered
    if isinstance(top, AnswerBargain):
        return top.offerer, top.seat, top.offered
    return None
