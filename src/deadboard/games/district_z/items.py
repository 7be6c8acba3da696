"""ITEMS (rulebook §Card Types: ITEM cards): equipping, the four-hands limit, dropping, picking up
dropped ITEMS and healing ITEMS; which cards are in the ITEM card pile is :mod:`.item_pile`.

"SURVIVORS can equip a maximum of four 1-HANDED ITEMS. If you have more than four 1-HANDED ITEMS
equipped, any additional 1-HANDED and 2-HANDED ITEMS must be dropped." (:class:`DropExcess`)
"""

from __future__ import annotations

from dataclasses import dataclass

from deadboard.core.kernel import Choice, Steps, classvars
from deadboard.games.district_z.actions import (
    DONE,
    ROLL,
    Done,
    Drop,
    EquipItem,
    Leave,
    Roll,
    Take,
    Use,
    drop_action,
)
from deadboard.games.district_z.flow import StepForm, ability, cut_visit, has_objective, push
from deadboard.games.district_z.item_pile import FoundItem
from deadboard.games.district_z.ratings import hands_used
from deadboard.games.district_z.state import LIVE, DistrictState
from deadboard.games.district_z.wounds import check_alive

MAX_HANDS = 4


def equip(state: DistrictState, seat: int, item: int) -> None:
    p = state.players[seat]
    p.items.append(item)
    if hands_used(state.c, p.items) > MAX_HANDS:
        push(state, DropExcess(seat))


def drop_item(state: DistrictState, seat: int, item: int) -> None:
    """ "You drop an ITEM by leaving it at your current LOCATION. When you leave that LOCATION, don't
    flip the LOCATION card face down.\""""
    p = state.players[seat]
    p.items.remove(item)
    pos = p.pos
    state.dropped[pos] = (*state.dropped[pos], item)
    state.up[pos] = True
    state.emit_format(
        "drop", "{} drops the {} at {}", (state.names[seat], state.c.items[item].name, state.lay.names[pos]), {"seat": seat}
    )
    check_alive(state, seat)


def use_actions(state: DistrictState, seat: int) -> list[Use]:
    p = state.players[seat]
    if p.wounds == 0:
        return []
    its = state.c.items
    healing = [i for i in p.items if its[i].heal]
    return [Use(its[i].id) for i in sorted(set(healing))] if healing else []


def use_item(state: DistrictState, seat: int, item: int) -> None:
    p = state.players[seat]
    it = state.c.items[item]
    n = it.heal + (1 if ability(state, seat) == "medic" else 0)
    p.items.remove(item)
    before = p.wounds
    p.wounds = max(0, p.wounds - n)
    state.emit(
        "heal",
        f"{state.names[seat]} uses the {it.name} and heals {before - p.wounds} (infection stays)",
        {"seat": seat},
    )


#: item id -> its equip and leave actions (actions are values: made once)
_EQUIP: dict[str, tuple[EquipItem, Leave]] = {}


@classvars(TAG="equip", kind="equip")
@dataclass(slots=True)
class Equip(StepForm, FoundItem, Choice[DistrictState, EquipItem | Leave]):
    """An ITEM was found: equip it or leave it."""

    seat: int
    item: int

    def actions(self, state: DistrictState) -> list[EquipItem | Leave]:
        name = state.c.items[self.item].id
        got = _EQUIP.get(name)
        if got is None:
            got = _EQUIP[name] = (EquipItem(name), Leave(name))
        return list(got)

    def apply(self, state: DistrictState, action: EquipItem | Leave) -> Steps:
        name = state.c.items[self.item].name
        if isinstance(action, EquipItem):
            state.emit_format("item", "{} equips the {}", (state.names[self.seat], name))
            equip(state, self.seat, self.item)
        else:
            state.emit_format("item", "{} leaves the {}", (state.names[self.seat], name))
        return ()

    def prompt(self, state: DistrictState) -> str:
        return f"{state.names[self.seat]} found the {state.c.items[self.item].name}: equip it?"


@classvars(TAG="drop-excess", kind="drop-excess")
@dataclass(slots=True)
class DropExcess(StepForm, Choice[DistrictState, Drop]):
    """More than four hands' worth: drop a 1- or 2-HANDED ITEM (again while still too many)."""

    seat: int

    def actions(self, state: DistrictState) -> list[Drop]:
        its = state.c.items
        return [drop_action(its[i].id) for i in sorted(set(state.players[self.seat].items)) if its[i].hands]

    def apply(self, state: DistrictState, action: Drop) -> Steps:
        seat = self.seat
        p = state.players[seat]
        drop_item(state, seat, state.c.item_index[action.item])
        if p.status == LIVE and hands_used(state.c, p.items) > MAX_HANDS:
            push(state, DropExcess(seat))
        return ()

    def prompt(self, state: DistrictState) -> str:
        return f"{state.names[self.seat]} carries more than four hands' worth: drop an item"


@classvars(TAG="take", kind="take")
@dataclass(slots=True)
class TakeDropped(StepForm, Choice[DistrictState, Take | Done | Roll]):
    """ "A SURVIVOR may move to that LOCATION and equip any ITEMS dropped there. If this is done, that
    SURVIVOR skips rolling for an EVENT at that LOCATION." ``taken``: how many were picked up so far."""

    seat: int
    taken: int

    def actions(self, state: DistrictState) -> list[Take | Done | Roll]:
        its = state.c.items
        here = state.dropped[state.players[self.seat].pos]
        carry_obj = has_objective(state, self.seat)
        out: list[Take | Done | Roll] = [
            Take(its[i].id) for i in sorted(set(here)) if not (its[i].objective and carry_obj)
        ]
        out.append(DONE if self.taken else ROLL)
        return out

    def apply(self, state: DistrictState, action: Take | Done | Roll) -> Steps:
        seat = self.seat
        if isinstance(action, Take):
            p = state.players[seat]
            i = state.c.item_index[action.item]
            here = list(state.dropped[p.pos])
            here.remove(i)
            state.dropped[p.pos] = tuple(here)
            state.emit(
                "item",
                f"{state.names[seat]} picks up the {state.c.items[i].name} (the event is skipped)",
                None,
            )
            if here:
                push(state, TakeDropped(seat, self.taken + 1))
            else:
                cut_visit(state)
            equip(state, seat, i)
        elif isinstance(action, Done):
            cut_visit(state)
        # roll: the visit goes on to the event
        return ()

    def prompt(self, state: DistrictState) -> str:
        return f"{state.names[self.seat]}: pick up dropped items (skips the event) or roll for the event"
