"""A visit to a LOCATION card (rulebook §How to Play (In depth), §Card Types: LOCATION cards): the
objective found there, the survivors and ZOMBIE counters met, dropped ITEMS, the EVENT TABLE (or the
UNIQUE EVENT) and the AFTER EVENT. Landing on a card pushes the visit (:func:`visit`)::

    Found -> SurvivorCheck -> MeetCheck -> Counters -> DroppedCheck -> Event -> VisitEnd

An event's effects (:class:`EventEffect`) are pushed in front of the rest of the visit; skipping the
event cuts the rest of the visit (no AFTER EVENT, no win).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deadboard.core.kernel import Auto, Choice, Step, Steps, classvars
from deadboard.games.district_z.actions import KEEP, REPLACE, Choose, Keep, ReplaceCard
from deadboard.games.district_z.combat import start_combat
from deadboard.games.district_z.content import ATTRIBUTES, Effect
from deadboard.games.district_z.flow import (
    StepForm,
    VisitEnd,
    ability,
    cut_visit,
    has_objective,
    push,
    roll_dice,
)
from deadboard.games.district_z.item_pile import card_in_pile, draw_item, unique_in_city
from deadboard.games.district_z.items import Equip, TakeDropped
from deadboard.games.district_z.meeting import Meet
from deadboard.games.district_z.ratings import rating
from deadboard.games.district_z.state import LIVE, OBJ, DistrictState
from deadboard.games.district_z.words import Dice
from deadboard.games.district_z.wounds import check_alive, check_turn, wound
from deadboard.games.district_z.zombie_survivors import ZombieDefend

_VISITS: dict[int, tuple[Step[DistrictState], ...]] = {}
_REVERSED: dict[int, tuple[Step[DistrictState], ...]] = {}


def visit_reversed(seat: int) -> tuple[Step[DistrictState], ...]:
    """:func:`visit`, last step first: as the stack takes it (a visit is pushed at every landing)."""
    got = _REVERSED.get(seat)
    if got is None:
        got = _REVERSED[seat] = tuple(reversed(visit(seat)))
    return got


def visit(seat: int) -> tuple[Step[DistrictState], ...]:
    """The steps of a visit to the card the survivor stands on (made once per seat: steps are values)."""
    got = _VISITS.get(seat)
    if got is None:
        got = _VISITS[seat] = (
            Found(seat),
            SurvivorCheck(seat),
            MeetCheck(seat),
            Counters(seat),
            DroppedCheck(seat),
            Event(seat),
            VisitEnd(seat),
        )
    return got


@classvars(TAG="found")
@dataclass(slots=True)
class Found(StepForm, Auto[DistrictState]):
    """A LOCATION OBJECTIVE card is found and equipped (one at a time); the set-aside card replaces it."""

    seat: int

    def run(self, state: DistrictState) -> Steps:
        seat = self.seat
        p = state.players[seat]
        pos = p.pos
        card = state.card[pos]
        if card < OBJ:
            return ()
        obj = card - OBJ
        its = state.c.items
        if has_objective(state, seat):
            state.emit(
                "objective",
                f"{state.names[seat]} already carries a location objective and leaves the "
                f"{its[obj].name} for another survivor",
                {"seat": seat},
            )
            cut_visit(state)
            return ()
        p.items.append(obj)
        rng = state.rng
        new = (
            state.setaside.pop(rng.below(len(state.setaside)))
            if state.setaside
            else state.unused.pop(rng.below(len(state.unused)))
        )
        state.card[pos] = new
        state.up[pos] = True
        state.seen[pos] = True
        state.emit(
            "objective",
            f"{state.names[seat]} finds the LOCATION OBJECTIVE: {its[obj].name}! It is replaced by "
            f"the set-aside card: {state.c.locations[new].name}",
            {"seat": seat, "objective": its[obj].id},
        )
        return ()


@classvars(TAG="zs-check")
@dataclass(slots=True)
class SurvivorCheck(StepForm, Auto[DistrictState]):
    """Zombie Survivor Combat: a ZOMBIE SURVIVOR on the card must be fought first (no event)."""

    seat: int

    def run(self, state: DistrictState) -> Steps:
        if not state.cfg.zs_combat:
            return ()
        zs = state.zombies_at(state.players[self.seat].pos)
        if zs:
            cut_visit(state)
            push(state, *[ZombieDefend(self.seat, z) for z in zs])
        return ()


@classvars(TAG="meet-check")
@dataclass(slots=True)
class MeetCheck(StepForm, Auto[DistrictState]):
    seat: int

    def run(self, state: DistrictState) -> Steps:
        if state.live_at(state.players[self.seat].pos, but=self.seat):
            push(state, Meet(self.seat))
        return ()


@classvars(TAG="counters")
@dataclass(slots=True)
class Counters(StepForm, Auto[DistrictState]):
    """ "Any SURVIVOR that lands on this LOCATION must defeat these zombies before rolling on the EVENT TABLE.\""""

    seat: int

    def run(self, state: DistrictState) -> Steps:
        seat = self.seat
        pos = state.players[seat].pos
        n = state.counters[pos]
        if n:
            state.counters[pos] = 0
            state.emit(
                "combat",
                f"{n} zombie counters on {state.lay.names[pos]} must be defeated first",
                {"seat": seat, "counters": n},
            )
            start_combat(state, seat, n, True)
        return ()


@classvars(TAG="dropped-check")
@dataclass(slots=True)
class DroppedCheck(StepForm, Auto[DistrictState]):
    seat: int

    def run(self, state: DistrictState) -> Steps:
        if state.dropped[state.players[self.seat].pos]:
            push(state, TakeDropped(self.seat, 0))
        return ()


@classvars(TAG="event")
@dataclass(slots=True)
class Event(StepForm, Auto[DistrictState]):
    """ "Roll a die and consult the EVENT TABLE on the LOCATION card. One EVENT will happen." A UNIQUE
    EVENT happens once a game."""

    seat: int

    def run(self, state: DistrictState) -> Steps:
        seat = self.seat
        pos = state.players[seat].pos
        loc = state.c.locations[state.card[pos]]
        if loc.unique is not None:
            if state.used_unique[loc.index]:
                state.emit(
                    "event",
                    f"{loc.name}: the unique event has already happened; nothing more here",
                    {"seat": seat},
                )
                push(state, AfterEvent(seat))
                return ()
            state.used_unique[loc.index] = True
            state.emit(
                "event",
                f"UNIQUE EVENT at {loc.name}: {loc.unique.text or loc.unique.source}",
                {"seat": seat, "unique": loc.id},
            )
            push(
                state,
                *[EventEffect(seat, e) for e in loc.unique.effects],
                UniqueDone(seat, pos),
                AfterEvent(seat),
            )
            return ()
        assert loc.table is not None
        r = state.rng.d6()
        ev = loc.table[r - 1]
        state.emit_format(
            "event",
            "{}, event roll {}: {}",
            (loc.name, r, ev.text or ev.source),
            {"seat": seat, "roll": r, "event": ev.kind},
        )
        if not state.over:
            state.steps.extend(_effects_then_after(seat, ev.effects))
        return ()


#: (seat, id of an event's effects) -> (the effects, their steps and the AFTER EVENT, last first)
_OUTCOMES: dict[tuple[int, int], tuple[tuple[Effect, ...], tuple[Step[DistrictState], ...]]] = {}


def _effects_then_after(seat: int, effects: tuple[Effect, ...]) -> tuple[Step[DistrictState], ...]:
    """The steps of an EVENT TABLE line's effects, then the AFTER EVENT, as the stack takes them
    (last first): made once per seat and line (steps are values; the content's effects live as
    long as the process)."""
    key = (seat, id(effects))
    hit = _OUTCOMES.get(key)
    if hit is not None and hit[0] is effects:
        return hit[1]
    steps = (*[EventEffect(seat, e) for e in effects], AfterEvent(seat))
    got = tuple(reversed(steps))
    if len(_OUTCOMES) >= 4096:  # contents loaded again and again (tests, a server's packs) are let go
        _OUTCOMES.clear()
    _OUTCOMES[key] = (effects, got)
    return got


@classvars(TAG="after")
@dataclass(slots=True)
class AfterEvent(StepForm, Auto[DistrictState]):
    """ "AFTER EVENTS only happen once each visit to a LOCATION card." The event was completed."""

    seat: int

    def run(self, state: DistrictState) -> Steps:
        seat = self.seat
        state.v_done = True
        loc = state.c.locations[state.card[state.players[seat].pos]]
        if loc.after is not None:
            state.emit(
                "event", f"AFTER EVENT at {loc.name}: {loc.after.text or loc.after.source}", {"seat": seat}
            )
            push(state, *[EventEffect(seat, e) for e in loc.after.effects])
        return ()


@classvars(TAG="unique-done")
@dataclass(slots=True)
class UniqueDone(StepForm, Auto[DistrictState]):
    seat: int
    pos: int

    def run(self, state: DistrictState) -> Steps:
        if state.unused:
            push(state, ReplaceUnique(self.seat, self.pos))
        return ()


@classvars(TAG="replace", kind="replace")
@dataclass(slots=True)
class ReplaceUnique(StepForm, Choice[DistrictState, ReplaceCard | Keep]):
    """ "You may then randomly replace that LOCATION card or simply disregard following visits.\""""

    seat: int
    pos: int

    def actions(self, state: DistrictState) -> list[ReplaceCard | Keep]:
        return [REPLACE, KEEP]

    def apply(self, state: DistrictState, action: ReplaceCard | Keep) -> Steps:
        pos = self.pos
        locs = state.c.locations
        if isinstance(action, ReplaceCard):
            old = state.card[pos]
            new = state.unused.pop(state.rng.below(len(state.unused)))
            state.unused.append(old)
            state.card[pos] = new
            state.seen[pos] = False
            state.up[pos] = False
            state.emit(
                "event", f"{locs[old].name} is replaced by a random unused location card, face down", None
            )
        else:
            state.emit("event", f"{locs[state.card[pos]].name} stays; later visits are disregarded", None)
        return ()

    def prompt(self, state: DistrictState) -> str:
        return (
            f"{state.names[self.seat]}: replace this unique-event card with a random unused card, or keep it"
        )


@classvars(TAG="choice", kind="choice")
@dataclass(slots=True)
class EventChoice(StepForm, Choice[DistrictState, Choose]):
    """An event that lets the survivor choose: ``options`` are (label, effects)."""

    seat: int
    options: Any

    def actions(self, state: DistrictState) -> list[Choose]:
        return [Choose(label) for label, _ in self.options]

    def apply(self, state: DistrictState, action: Choose) -> Steps:
        label = action.label
        effects = next(e for lab, e in self.options if lab == label)
        state.emit("event", f"{state.names[self.seat]} chooses: {label}", None)
        push(state, *[EventEffect(self.seat, e) for e in effects])
        return ()

    def prompt(self, state: DistrictState) -> str:
        return f"{state.names[self.seat]}: choose"


@classvars(TAG="fx")
@dataclass(slots=True)
class EventEffect(StepForm, Auto[DistrictState]):
    """One effect of an event (``effect`` as parsed from the content: see ``content.Effect``)."""

    seat: int
    effect: Effect

    def run(self, state: DistrictState) -> Steps:
        seat, e = self.seat, self.effect
        if state.players[seat].status != LIVE:
            return ()
        EFFECTS[e[0]](state, seat, e)
        return ()


def _nothing(state: DistrictState, seat: int, e: Effect) -> None:
    if ability(state, seat) != "scavenger":
        return
    r = state.rng.d6()
    item = draw_item(state, "non-unique") if r >= 4 else -1
    if item >= 0:
        state.emit(
            "ability",
            f"Scavenger: {state.names[seat]} rolls {r} and turns up a {state.c.items[item].name}",
            {"roll": r},
        )
        push(state, Equip(seat, item))
    elif r >= 4:
        state.emit(
            "ability",
            f"Scavenger: {state.names[seat]} rolls {r}, but no such card is left in the ITEM card pile",
            {"roll": r},
        )
    else:
        state.emit("ability", f"Scavenger: {state.names[seat]} rolls {r}; nothing turns up", {"roll": r})


def _item(state: DistrictState, seat: int, e: Effect) -> None:
    spec = e[1]
    item = draw_item(state, spec) if isinstance(spec, str) else spec
    if item < 0:
        kind = "" if spec == "any" else f"{spec} "
        state.emit(
            "item",
            f"No {kind}ITEM card is left in the ITEM card pile: {state.names[seat]} finds nothing",
            {"seat": seat},
        )
        return
    it = state.c.items[item]
    if it.unique and unique_in_city(state, item):
        state.emit(
            "item", f"The {it.name} is UNIQUE and already in the city: the event is skipped", {"seat": seat}
        )
        cut_visit(state)
        return
    if not card_in_pile(state, item):
        state.emit(
            "item",
            f"The {it.name}'s card is not in the ITEM card pile: {state.names[seat]} finds nothing",
            {"seat": seat, "item": it.id},
        )
        return
    state.emit("item", f"{state.names[seat]} finds: {it.name}", {"seat": seat, "item": it.id})
    push(state, Equip(seat, item))


def _zombies(state: DistrictState, seat: int, e: Effect) -> None:
    start_combat(state, seat, e[1], e[2])


def _wound(state: DistrictState, seat: int, e: Effect) -> None:
    state.emit("wound", f"{state.names[seat]} takes {e[1]} wound{'s' if e[1] > 1 else ''}", {"seat": seat})
    wound(state, seat, e[1], False)


def _heal(state: DistrictState, seat: int, e: Effect) -> None:
    p = state.players[seat]
    before = p.wounds
    p.wounds = max(0, p.wounds - e[1])
    state.emit("heal", f"{state.names[seat]} heals {before - p.wounds}", {"seat": seat})


def _infect(state: DistrictState, seat: int, e: Effect) -> None:
    if state.cfg.infection:
        p = state.players[seat]
        p.infection += e[1]
        state.emit("infection", f"{state.names[seat]} gains {e[1]} infection ({p.infection})", {"seat": seat})
        check_turn(state, seat)


def _lose_item(state: DistrictState, seat: int, e: Effect) -> None:
    p = state.players[seat]
    its = state.c.items
    losable = [i for i in p.items if not its[i].objective]
    if losable:
        i = losable[state.rng.below(len(losable))]
        p.items.remove(i)
        state.emit("item", f"{state.names[seat]}'s {its[i].name} breaks", {"seat": seat})
        check_alive(state, seat)


def _check(state: DistrictState, seat: int, e: Effect) -> None:
    """§Attribute Checks: "You succeed with ATTRIBUTE CHECKS if your total result is greater than the
    number listed for the ATTRIBUTE CHECK.\""""
    p = state.players[seat]
    attrs, target = e[1], e[2]
    n = sum(rating(state.c, p.surv, p.items, a) for a in attrs)
    dice = roll_dice(state.rng, n)
    total = sum(dice)
    ok = total > target
    label = "+".join(ATTRIBUTES[a].upper() for a in attrs)
    state.emit(
        "check",
        f"{label} CHECK {target}: {state.names[seat]} rolls {n} {'die' if n == 1 else 'dice'}: {Dice(dice)} = {total}: "
        f"{'success' if ok else 'failure'}",
        {"dice": dice, "total": total, "target": target, "success": ok},
    )
    push(state, *[EventEffect(seat, x) for x in (e[3] if ok else e[4])])


def _choice(state: DistrictState, seat: int, e: Effect) -> None:
    push(state, EventChoice(seat, e[1]))


#: an effect's first word -> how it resolves
EFFECTS = {
    "nothing": _nothing,
    "item": _item,
    "zombies": _zombies,
    "wound": _wound,
    "heal": _heal,
    "infect": _infect,
    "lose-item": _lose_item,
    "check": _check,
    "choice": _choice,
}
