"""Meeting another survivor (rulebook §Meeting Another Survivor, multiplayer): do nothing, roll for
the EVENT, trade, or attack (SURVIVOR COMBAT); afterwards the survivor may engage another survivor
on the card that it has not engaged yet::

    trade:  Offer (offer/ask items, then propose) -> Answer (the other seat) -> EngageNext
    attack: Arm (the attacker's weapons) -> Defend (the other seat: weapons or dodge) -> Spoils
            -> EngageNext
"""

from __future__ import annotations

from dataclasses import dataclass

from deadboard.core.errors import IllegalActionError
from deadboard.core.kernel import Auto, Choice, Step, Steps, classvars
from deadboard.games.district_z.actions import (
    ACCEPT,
    CANCEL,
    DECLINE,
    DODGE,
    DONE,
    NOTHING,
    PROPOSE,
    ROLL,
    STEAL_OBJECTIVE,
    WOUND,
    Accept,
    AskItem,
    Attack,
    Cancel,
    Decline,
    Dodge,
    Done,
    FightWith,
    Nothing,
    OfferItem,
    Propose,
    Roll,
    Steal,
    StealObjective,
    Trade,
    Unask,
    Unoffer,
    WoundLoser,
)
from deadboard.games.district_z.combat import combat_dice, item_checks, loadout_actions, parse_loadout
from deadboard.games.district_z.flow import StepForm, cut_visit, has_objective, push, roll_dice
from deadboard.games.district_z.items import MAX_HANDS, DropExcess, equip
from deadboard.games.district_z.ratings import AGILITY, Loadout, hands_used, loadouts, rating
from deadboard.games.district_z.state import LIVE, DistrictState
from deadboard.games.district_z.words import Dice, loadout_words
from deadboard.games.district_z.wounds import check_alive, wound


def seat_by_name(state: DistrictState, name: str) -> int:
    for p in state.players:
        if p.surv >= 0 and state.c.survivors[p.surv].id == name:
            return p.seat
    raise IllegalActionError(f"no survivor named {name}")


def engage_actions(state: DistrictState, seat: int, engaged: tuple[int, ...]) -> list[Trade | Attack]:
    out: list[Trade | Attack] = []
    for other in state.live_at(state.players[seat].pos, but=seat):
        if other not in engaged:
            name = state.names[other]
            out.append(Trade(name))
            out.append(Attack(name))
    return out


def engage(
    state: DistrictState, seat: int, action: Trade | Attack, engaged: tuple[int, ...]
) -> list[Step[DistrictState]]:
    """The steps of engaging another survivor on the card (trade or SURVIVOR COMBAT); afterwards the
    survivor may engage another one there that it has not engaged yet."""
    other = seat_by_name(state, action.survivor)
    after = EngageNext(seat, (*engaged, other))
    if isinstance(action, Trade):
        state.emit(
            "trade",
            f"{state.names[seat]} starts a trade with {state.names[other]}",
            {"seat": seat, "with": other},
        )
        return [Offer(seat, other, (), ()), after]
    state.emit("meet", f"{state.names[seat]} attacks {state.names[other]}", {"seat": seat, "target": other})
    los = loadouts(state.c, state.players[seat].items)
    if len(los) == 1:
        return [Defend(other, seat, los[0][1]), after]
    return [Arm(seat, other), after]


@classvars(TAG="meet", kind="meet")
@dataclass(slots=True)
class Meet(StepForm, Choice[DistrictState, Nothing | Roll | Trade | Attack]):
    """Landing on a card with other survivors: do nothing, roll for the EVENT, trade or attack."""

    seat: int

    def actions(self, state: DistrictState) -> list[Nothing | Roll | Trade | Attack]:
        return [NOTHING, ROLL, *engage_actions(state, self.seat, ())]

    def apply(self, state: DistrictState, action: Nothing | Roll | Trade | Attack) -> Steps:
        # roll: the visit goes on to the card's event as if nobody were there
        if isinstance(action, Nothing):
            state.emit("meet", f"{state.names[self.seat]} does nothing", None)
            cut_visit(state)
        elif not isinstance(action, Roll):
            cut_visit(state)
            push(state, *engage(state, self.seat, action, ()))
        return ()

    def prompt(self, state: DistrictState) -> str:
        return f"{state.names[self.seat]} meets another survivor: do nothing, roll for the event, trade, or attack"


@classvars(TAG="engage", kind="engage")
@dataclass(slots=True)
class Engage(StepForm, Choice[DistrictState, Trade | Attack | Done]):
    """Engage another survivor on the card not yet ``engaged``, or done."""

    seat: int
    engaged: tuple[int, ...]

    def actions(self, state: DistrictState) -> list[Trade | Attack | Done]:
        return [*engage_actions(state, self.seat, self.engaged), DONE]

    def apply(self, state: DistrictState, action: Trade | Attack | Done) -> Steps:
        if isinstance(action, Done):
            state.emit("meet", f"{state.names[self.seat]} leaves the others be", None)
        else:
            push(state, *engage(state, self.seat, action, self.engaged))
        return ()

    def prompt(self, state: DistrictState) -> str:
        return f"{state.names[self.seat]}: engage another survivor here, or done"


@classvars(TAG="engage-next")
@dataclass(slots=True)
class EngageNext(StepForm, Auto[DistrictState]):
    seat: int
    engaged: tuple[int, ...]

    def run(self, state: DistrictState) -> Steps:
        if state.players[self.seat].status == LIVE and engage_actions(state, self.seat, self.engaged):
            push(state, Engage(self.seat, self.engaged))
        return ()


# ----- trade ------------------------------------------------------------------------------------------
def _counts_left(items: list[int], taken: tuple[int, ...]) -> list[int]:
    """The distinct items of ``items`` with a copy not yet in ``taken``, in index order."""
    return [i for i in sorted(set(items)) if items.count(i) > taken.count(i)]


def trade_ok(
    state: DistrictState, mine: list[int], theirs: list[int], gives: tuple[int, ...], asks: tuple[int, ...]
) -> bool:
    """A trade both sides may make: after it neither side has more than one LOCATION OBJECTIVE ("You
    may only equip one LOCATION OBJECTIVE at a time"). Hands are no bar: a side left with more than
    four hands' worth drops items afterwards, as the rulebook says."""
    its = state.c.items
    objs_mine = sum(1 for i in mine if its[i].objective)
    objs_theirs = sum(1 for i in theirs if its[i].objective)
    moved = sum(1 for i in asks if its[i].objective) - sum(1 for i in gives if its[i].objective)
    return objs_mine + moved <= 1 and objs_theirs - moved <= 1


def items_text(state: DistrictState, items: tuple[int, ...]) -> str:
    its = state.c.items
    return ", ".join(its[i].name for i in items) if items else "nothing"


def _without(items: tuple[int, ...], i: int) -> tuple[int, ...]:
    out = list(items)
    out.remove(i)
    return tuple(out)


OfferAction = OfferItem | AskItem | Unoffer | Unask | Propose | Cancel


@classvars(TAG="offer", kind="offer")
@dataclass(slots=True)
class Offer(StepForm, Choice[DistrictState, OfferAction]):
    """The trade on the table: ``seat`` gives ``gives`` and asks ``asks`` of ``other``."""

    seat: int
    other: int
    gives: tuple[int, ...]
    asks: tuple[int, ...]

    def involves(self, seat: int) -> bool:
        return seat in (self.seat, self.other)

    def actions(self, state: DistrictState) -> list[OfferAction]:
        its = state.c.items
        gives, asks = self.gives, self.asks
        a, b = state.players[self.seat], state.players[self.other]
        out: list[OfferAction] = [OfferItem(its[i].id) for i in _counts_left(a.items, gives)]
        out.extend(AskItem(its[i].id) for i in _counts_left(b.items, asks))
        out.extend(Unoffer(its[i].id) for i in sorted(set(gives)))
        out.extend(Unask(its[i].id) for i in sorted(set(asks)))
        if (gives or asks) and trade_ok(state, a.items, b.items, gives, asks):
            out.append(PROPOSE)
        out.append(CANCEL)
        return out

    def apply(self, state: DistrictState, action: OfferAction) -> Steps:
        seat, other, gives, asks = self.seat, self.other, self.gives, self.asks
        if isinstance(action, Propose):
            state.emit(
                "trade",
                f"{state.names[seat]} proposes to {state.names[other]}: give {items_text(state, gives)} "
                f"for {items_text(state, asks)}",
                {"seat": seat, "with": other},
            )
            push(state, Answer(other, seat, gives, asks))
            return ()
        if isinstance(action, Cancel):
            state.emit("trade", f"{state.names[seat]} calls off the trade", None)
            return ()
        i = state.c.item_index[action.item]
        if isinstance(action, OfferItem):
            gives = (*gives, i)
        elif isinstance(action, AskItem):
            asks = (*asks, i)
        elif isinstance(action, Unoffer):
            gives = _without(gives, i)
        else:
            asks = _without(asks, i)
        push(state, Offer(seat, other, gives, asks))
        return ()

    def prompt(self, state: DistrictState) -> str:
        return (
            f"{state.names[self.seat]} trades with {state.names[self.other]}: giving {items_text(state, self.gives)}, "
            f"asking {items_text(state, self.asks)} — offer or ask items, then propose (or cancel)"
        )


@classvars(TAG="answer", kind="answer")
@dataclass(slots=True)
class Answer(StepForm, Choice[DistrictState, Accept | Decline]):
    """``seat`` answers ``other``'s proposal (``gives`` are the proposer's, ``asks`` this seat's)."""

    seat: int
    other: int
    gives: tuple[int, ...]
    asks: tuple[int, ...]

    def involves(self, seat: int) -> bool:
        return seat in (self.seat, self.other)

    def actions(self, state: DistrictState) -> list[Accept | Decline]:
        return [ACCEPT, DECLINE]

    def apply(self, state: DistrictState, action: Accept | Decline) -> Steps:
        if isinstance(action, Accept):
            state.emit("trade", f"{state.names[self.seat]} accepts", None)
            _trade(state, self.other, self.seat, self.gives, self.asks)
        else:
            state.emit("trade", f"{state.names[self.seat]} declines the trade", None)
        return ()

    def prompt(self, state: DistrictState) -> str:
        return (
            f"{state.names[self.seat]}: {state.names[self.other]} offers {items_text(state, self.gives)} for your "
            f"{items_text(state, self.asks)}: accept or decline?"
        )


def _trade(
    state: DistrictState, seat: int, other: int, gives: tuple[int, ...], asks: tuple[int, ...]
) -> None:
    a, b = state.players[seat], state.players[other]
    for g in gives:
        a.items.remove(g)
        b.items.append(g)
    for t in asks:
        b.items.remove(t)
        a.items.append(t)
    state.emit(
        "trade",
        f"{state.names[seat]} gives {items_text(state, gives)} and gets {items_text(state, asks)} from "
        f"{state.names[other]}",
        {"seat": seat, "with": other},
    )
    check_alive(state, seat)
    check_alive(state, other)
    c = state.c
    push(
        state,
        *[
            DropExcess(s)
            for s in (seat, other)
            if state.players[s].status == LIVE and hands_used(c, state.players[s].items) > MAX_HANDS
        ],
    )


# ----- survivor combat --------------------------------------------------------------------------------
@classvars(TAG="arm", kind="arm")
@dataclass(slots=True)
class Arm(StepForm, Choice[DistrictState, FightWith]):
    """The attacker chooses its weapons against ``other``."""

    seat: int
    other: int

    def involves(self, seat: int) -> bool:
        return seat in (self.seat, self.other)

    def actions(self, state: DistrictState) -> list[FightWith]:
        return loadout_actions(state, self.seat, FightWith)

    def apply(self, state: DistrictState, action: FightWith) -> Steps:
        push(state, Defend(self.other, self.seat, parse_loadout(state, action.loadout)))
        return ()

    def prompt(self, state: DistrictState) -> str:
        return f"{state.names[self.seat]} attacks {state.names[self.other]}: choose your weapons"


@classvars(TAG="defend", kind="defend")
@dataclass(slots=True)
class Defend(StepForm, Choice[DistrictState, FightWith | Dodge]):
    """The attacked survivor fights (its weapons) or dodges (an AGILITY check)."""

    seat: int
    other: int
    loadout: Loadout

    def involves(self, seat: int) -> bool:
        return seat in (self.seat, self.other)

    def actions(self, state: DistrictState) -> list[FightWith | Dodge]:
        return [*loadout_actions(state, self.seat, FightWith), DODGE]

    def apply(self, state: DistrictState, action: FightWith | Dodge) -> Steps:
        dlo = None if isinstance(action, Dodge) else parse_loadout(state, action.loadout)
        _survivor_combat(state, self.seat, self.other, self.loadout, dlo)
        return ()

    def prompt(self, state: DistrictState) -> str:
        return (
            f"{state.names[self.seat]} is attacked by {state.names[self.other]} ({loadout_words(state, self.loadout)}): "
            f"fight (choose your weapons) or dodge"
        )


def _survivor_combat(
    state: DistrictState, defender: int, attacker: int, alo: Loadout, dlo: Loadout | None
) -> None:
    """One round of SURVIVOR COMBAT; ``dlo`` None: the defender dodges."""
    c = state.c
    ad = combat_dice(state, attacker, alo)
    a = sum(ad)
    if dlo is None:
        p = state.players[defender]
        dd = roll_dice(state.rng, rating(c, p.surv, p.items, AGILITY))
        d = sum(dd)
        state.emit(
            "check",
            f"SURVIVOR COMBAT: {state.names[attacker]} ({loadout_words(state, alo)}) rolls {Dice(ad)} = {a}; "
            f"{state.names[defender]} dodges with {Dice(dd)} = {d}",
            {"attacker": ad, "dodge": dd},
        )
        item_checks(state, attacker, alo)
        if d > a:
            state.emit("meet", f"{state.names[defender]} dodges the attack", None)
        elif d < a:
            state.emit("wound", f"{state.names[defender]} fails to dodge and takes a wound", None)
            wound(state, defender, 1, False)
        else:
            state.emit("meet", "A tie: nothing happens", None)
        return
    dd = combat_dice(state, defender, dlo)
    d = sum(dd)
    state.emit(
        "check",
        f"SURVIVOR COMBAT: {state.names[attacker]} ({loadout_words(state, alo)}) rolls {Dice(ad)} = {a}; "
        f"{state.names[defender]} ({loadout_words(state, dlo)}) rolls {Dice(dd)} = {d}",
        {"attacker": ad, "defender": dd},
    )
    item_checks(state, attacker, alo)
    if state.players[defender].status == LIVE:
        item_checks(state, defender, dlo)
    if a == d:
        state.emit("meet", "The totals are equal: nothing happens", None)
        return
    w, lo = (attacker, defender) if a > d else (defender, attacker)
    if state.players[w].status == LIVE and state.players[lo].status == LIVE:
        push(state, Spoils(w, lo))


@classvars(TAG="spoils", kind="spoils")
@dataclass(slots=True)
class Spoils(StepForm, Choice[DistrictState, Steal | StealObjective | WoundLoser]):
    """The winner of a SURVIVOR COMBAT steals an ITEM (or the objective) or gives a WOUND."""

    seat: int
    other: int

    def involves(self, seat: int) -> bool:
        return seat in (self.seat, self.other)

    def actions(self, state: DistrictState) -> list[Steal | StealObjective | WoundLoser]:
        its = state.c.items
        lp = state.players[self.other]
        out: list[Steal | StealObjective | WoundLoser] = [
            Steal(its[i].id) for i in sorted(set(lp.items)) if not its[i].objective
        ]
        if any(its[i].objective for i in lp.items) and not has_objective(state, self.seat):
            out.append(STEAL_OBJECTIVE)
        out.append(WOUND)
        return out

    def apply(self, state: DistrictState, action: Steal | StealObjective | WoundLoser) -> Steps:
        seat, loser = self.seat, self.other
        its = state.c.items
        lp = state.players[loser]
        if isinstance(action, Steal):
            i = state.c.item_index[action.item]
            lp.items.remove(i)
            state.emit("meet", f"{state.names[seat]} steals the {its[i].name} from {state.names[loser]}", None)
            equip(state, seat, i)
            check_alive(state, loser)
        elif isinstance(action, StealObjective):
            i = next(x for x in lp.items if its[x].objective)
            lp.items.remove(i)
            state.players[seat].items.append(i)
            state.emit("meet", f"{state.names[seat]} steals the {its[i].name} from {state.names[loser]}", None)
        else:
            state.emit("wound", f"{state.names[seat]} wounds {state.names[loser]}", None)
            wound(state, loser, 1, False)
        return ()

    def prompt(self, state: DistrictState) -> str:
        return f"{state.names[self.seat]} wins the fight against {state.names[self.other]}: choose the spoils"
