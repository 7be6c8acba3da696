"""Rulebook §4.6: reorganizing the inventory and exchanging with other survivors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deadboard.core.kernel import Choice, Steps
from deadboard.games.day_night_z import actions as A
from deadboard.games.day_night_z.state import DNZState, Survivor


def reorganizable(state: DNZState, s: Survivor) -> bool:
    """Whether REORGANIZE has anything to offer: the same test as ``reorg_actions`` without
    building the actions (it is asked at every decision)."""
    search = state.content.search
    for item in s.items:
        card = search[item]
        if (card.weapon and item != s.weapon) or (card.body and s.worn.get(card.body) != item):
            return True
    if not s.items and not (s.ammo > 0 or s.supplies > 0 or s.battery > 0):
        return False
    where = (s.tile, s.cell if s.tile else s.zone)
    return any(o is not s and (o.tile, o.cell if o.tile else o.zone) == where for o in state.living())


def reorg_actions(state: DNZState, s: Survivor) -> list[Any]:
    out: list[Any] = []
    for item in dict.fromkeys(s.items):
        card = state.content.search[item]
        if card.weapon and item != s.weapon:
            out.append(A.Equip(s.id, item))
        if card.body and s.worn.get(card.body) != item:
            out.append(A.Wear(s.id, item))
    for o in state.living():
        if o is s or (o.tile, o.cell if o.tile else o.zone) != (s.tile, s.cell if s.tile else s.zone):
            continue
        for item in dict.fromkeys(s.items):
            out.append(A.Give(s.id, item, o.id))
        for stock in ("ammo", "supplies", "battery"):
            if getattr(s, stock) > 0:
                out.append(A.Give(s.id, stock, o.id))
    return out


@dataclass(slots=True)
class Reorganizing(Choice[DNZState, Any]):
    """REORGANIZE INVENTORY (§4.6): hands, body and exchanges with survivors in the same subzone or
    zone, as many as wanted for the one AP."""

    kind = "reorganize"
    seat: int
    who: str

    def actions(self, state: DNZState) -> list[Any]:
        s = state.survivor(self.who)
        return [A.Done(self.who), *reorg_actions(state, s)]

    def apply(self, state: DNZState, action: Any) -> Steps:
        s = state.survivor(self.who)
        if isinstance(action, A.Done):
            return ()
        if isinstance(action, A.Equip):
            s.weapon = action.item
        elif isinstance(action, A.Wear):
            card = state.content.search[action.item]
            s.worn[card.body] = action.item
        elif isinstance(action, A.Give):
            o = state.survivor(action.to)
            if action.item in ("ammo", "supplies", "battery"):
                setattr(s, action.item, getattr(s, action.item) - 1)
                setattr(o, action.item, getattr(o, action.item) + 1)
            else:
                s.items.remove(action.item)
                if s.weapon == action.item and action.item not in s.items:
                    s.weapon = ""
                for body, worn in list(s.worn.items()):
                    if worn == action.item and worn not in s.items:
                        del s.worn[body]
                o.items.append(action.item)
        state.emit("reorganize", f"{s.name}: {action.text}", {"who": s.id})
        return (self,)

    def prompt(self, state: DNZState) -> str:
        return f"{state.survivor(self.who).name}: reorganize the inventory (done when finished)"
