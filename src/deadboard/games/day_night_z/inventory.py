"""Rulebook §1 (the survivor sheet's hands and body, the search card's space and hand icons) and §4.6
(reorganizing the inventory and exchanging with other survivors).

    survivor sheet    main hand | off hand      a card with the one-hand icon takes a hand; one
                      both hands                that needs both takes the two (``hands = 2``)
                      head, body, arms, legs    defensive equipment, worn where it says
    backpack          every other card carried, each taking its "space required if stored in
                      backpack"; the room is the rules' ``backpack.spaces``

A weapon attacks, a light shines and a grenade is thrown only from a hand; defensive equipment
protects only worn; other cards (health, food, tools) are used from the backpack. A card that
arrives (found, given, recovered, made) goes to a free hand if it is used in a hand, to its body
location if that is free, else to the backpack; a survivor whose backpack is over its room lets go
of cards (``discard``) before he does anything else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from deadboard.core.kernel import Choice, Steps, classvars
from deadboard.games.day_night_z import actions as A
from deadboard.games.day_night_z import words
from deadboard.games.day_night_z.state import DNZState, Survivor


def held(s: Survivor) -> tuple[str, ...]:
    """The cards in the survivor's hands (main hand first)."""
    if s.off:
        return (s.weapon, s.off) if s.weapon else (s.off,)
    return (s.weapon,) if s.weapon else ()


def backpack(s: Survivor) -> list[str]:
    """The cards carried neither in a hand nor worn."""
    out = list(s.items)
    for c in (s.weapon, s.off):
        if c and c in out:
            out.remove(c)
    if s.worn:  # (no tuple of the hands and the worn cards made at every ask)
        for c in s.worn.values():
            if c and c in out:
                out.remove(c)
    return out


def load(state: DNZState, s: Survivor) -> int:
    search = state.items
    return sum(search[c].space for c in backpack(s))


def room(state: DNZState) -> int:
    return state.numbers.backpack


def overloaded(state: DNZState, s: Survivor) -> bool:
    return load(state, s) > room(state)


def free_hands(state: DNZState, s: Survivor) -> int:
    if s.weapon and state.items[s.weapon].hands == 2:
        return 0
    return 2 - bool(s.weapon) - bool(s.off)


def release(s: Survivor, item: str) -> None:
    """One copy of ``item`` leaves the survivor: a copy in the backpack if there is one, else the
    one in the off hand, the main hand or on the body."""
    if item not in backpack(s):
        if s.off == item:
            s.off = ""
        elif s.weapon == item:
            s.weapon = ""
        else:
            for body, worn in list(s.worn.items()):
                if worn == item:
                    del s.worn[body]
                    break
    s.items.remove(item)


def place(state: DNZState, s: Survivor, item: str) -> None:
    """Where a card that arrives goes: a free hand (a weapon first to the main hand), its free body
    location, else the backpack."""
    card = state.items[item]
    s.items.append(item)
    free = free_hands(state, s)
    if card.hands and free >= card.hands:
        if not s.weapon:
            s.weapon = item
        else:
            s.off = item
    elif card.body and card.body not in s.worn:
        s.worn[card.body] = item


def fits(state: DNZState, s: Survivor, item: str) -> bool:
    """Whether ``item`` can be given to ``s`` without going over his backpack's room."""
    card = state.items[item]
    if card.hands and free_hands(state, s) >= card.hands:
        return True
    if card.body and card.body not in s.worn:
        return True
    return load(state, s) + card.space <= room(state)


def hold(state: DNZState, s: Survivor, item: str, hand: str) -> None:
    """Take ``item`` from the backpack into a hand; what the hand (or a two-handed card) held goes
    to the backpack."""
    card = state.items[item]
    if hand == "main":
        if card.hands == 2:
            s.off = ""
        s.weapon = item
    else:
        if s.weapon and state.items[s.weapon].hands == 2:
            s.weapon = ""
        s.off = item


def in_place(state: DNZState, s: Survivor) -> list[Any]:
    """Equip, hold and wear from the backpack."""
    out: list[Any] = []
    search = state.items
    for item in dict.fromkeys(backpack(s)):
        card = search[item]
        if card.hands or card.body:
            out.extend(_placings(s.id, item, card.hands, bool(card.body)))
    return out


def _placings(who: str, item: str, hands: int, body: bool) -> tuple[Any, ...]:
    found = _PLACINGS_MADE.get((who, item, hands, body))
    if found is None:
        if len(_PLACINGS_MADE) >= 4096:
            _PLACINGS_MADE.clear()
        found = _PLACINGS_MADE[(who, item, hands, body)] = _make_placings(who, item, hands, body)
    return found


_PLACINGS_MADE: Final[dict[tuple[str, str, int, bool], tuple[Any, ...]]] = {}


def _make_placings(who: str, item: str, hands: int, body: bool) -> tuple[Any, ...]:
    """Equip, hold and wear one card (actions are immutable values: made once and shared)."""
    out: list[Any] = []
    if hands:
        out.append(A.Equip(who, item))
        if hands == 1:
            out.append(A.Hold(who, item))
    if body:
        out.append(A.Wear(who, item))
    return tuple(out)


def reorganizable(state: DNZState, s: Survivor) -> bool:
    """Whether REORGANIZE has anything to offer: the same test as ``reorg_actions`` without
    building the actions (it is asked at every decision)."""
    if s.items:
        # every card held or worn takes a hand or a body location: the backpack holds such a card
        # when there are more of them than hands and body locations in use
        placeable = state.placeable
        n = 0
        for item in s.items:  # a plain loop: compiled, no bound method called for each item
            if item in placeable:
                n += 1
        if n > (s.weapon != "") + (s.off != "") + len(s.worn):
            return True
    elif not (s.ammo > 0 or s.supplies > 0 or s.battery > 0):
        return False
    return len(state.survivors) > 1 and bool(companions(state, s))


def companions(state: DNZState, s: Survivor) -> list[Survivor]:
    """Survivors sharing the subzone (on tiles) or the zone (off tiles) (§4.6)."""
    where = (s.tile, s.cell if s.tile else s.zone)
    out = []
    for o in state.survivors:
        if o is not s and not o.dead and (o.tile, o.cell if o.tile else o.zone) == where:
            out.append(o)
    return out


def reorg_actions(state: DNZState, s: Survivor) -> list[Any]:
    out = in_place(state, s)
    for o in companions(state, s):
        out.extend(gifts(state, s, o))
    return out


def gifts(state: DNZState, s: Survivor, o: Survivor) -> list[Any]:
    """What ``s`` can give ``o``: every card ``o`` has room for, and the backpack's elements."""
    out: list[Any] = [_give(s.id, item, o.id) for item in dict.fromkeys(s.items) if fits(state, o, item)]
    out.extend(_give(s.id, stock, o.id) for stock in ("ammo", "supplies", "battery") if getattr(s, stock) > 0)
    return out


def discards(state: DNZState, s: Survivor) -> list[Any]:
    return [_discard(s.id, item) for item in dict.fromkeys(backpack(s))]


def _discard(who: str, item: str) -> A.Discard:
    found = _DISCARD_MADE.get((who, item))
    if found is None:
        if len(_DISCARD_MADE) >= 4096:
            _DISCARD_MADE.clear()
        found = _DISCARD_MADE[(who, item)] = A.Discard(who, item)
    return found


_DISCARD_MADE: Final[dict[tuple[str, str], A.Discard]] = {}


def _give(who: str, what: str, to: str) -> A.Give:
    found = _GIVE_MADE.get((who, what, to))
    if found is None:
        if len(_GIVE_MADE) >= 4096:
            _GIVE_MADE.clear()
        found = _GIVE_MADE[(who, what, to)] = A.Give(who, what, to)
    return found


_GIVE_MADE: Final[dict[tuple[str, str, str], A.Give]] = {}


@classvars(kind="reorganize")
@dataclass(slots=True)
class Reorganizing(Choice[DNZState, Any]):
    """REORGANIZE INVENTORY (§4.6): hands, body and exchanges with survivors in the same subzone or
    zone, as many as wanted for the one AP (or free after a successful search, §4.7, §4.8). While
    the backpack is over its room he must let go of cards (``discard``) before he is done."""

    seat: int
    who: str
    #: "" for the survivor who declared it; else the one whose exchange ``who`` takes part in: he
    #: may give that survivor cards and backpack elements ("The AP is only spent when the survivor
    #: declares the action, no matter if more than one survivor takes part in the exchange")
    partner: str = ""

    def actions(self, state: DNZState) -> list[Any]:
        s = state.survivor(self.who)
        if s.dead:
            return []
        if self.partner:
            p = state.survivor(self.partner)
            if p.dead or p not in companions(state, s):
                return []
            offers = gifts(state, s, p)
            return [A.Done(self.who), *offers] if offers else []
        if overloaded(state, s):
            return [*discards(state, s), *reorg_actions(state, s)]
        return [A.Done(self.who), *reorg_actions(state, s)]

    def apply(self, state: DNZState, action: Any) -> Steps:
        s = state.survivor(self.who)
        if isinstance(action, A.Done):
            if self.partner:
                return ()
            # the survivors sharing his place take part in the exchange, in seat order
            return tuple(Reorganizing(o.seat, o.id, s.id) for o in companions(state, s) if gifts(state, o, s))
        apply_change(state, s, action)
        return (self,)

    def prompt(self, state: DNZState) -> str:
        s = state.survivor(self.who)
        if self.partner:
            return f"{s.name}: give {state.survivor(self.partner).name} anything in the exchange? (done when finished)"
        if overloaded(state, s):
            return f"{s.name}: the backpack is over its room ({load(state, s)}/{room(state)}): discard or rearrange"
        return f"{s.name}: reorganize the inventory (done when finished)"


@classvars(kind="make-room")
@dataclass(slots=True)
class MakeRoom(Choice[DNZState, Any]):
    """A survivor who carries more than his backpack holds (recovering a fallen companion's
    equipment, making a combined card, setting out with a campaign's cards) lets go of cards, or
    takes them into a free hand or onto the body, until it fits."""

    seat: int
    who: str

    def actions(self, state: DNZState) -> list[Any]:
        s = state.survivor(self.who)
        if s.dead or not overloaded(state, s):
            return []
        free = free_hands(state, s)
        search = state.items
        placing = [
            a
            for a in in_place(state, s)
            if (isinstance(a, A.Wear) and search[a.item].body not in s.worn)
            or (isinstance(a, A.Equip) and search[a.item].hands <= free and not s.weapon)
            or (isinstance(a, A.Hold) and free >= 1 and s.weapon and not s.off)
        ]
        return [*discards(state, s), *placing]

    def apply(self, state: DNZState, action: Any) -> Steps:
        s = state.survivor(self.who)
        apply_change(state, s, action)
        return (self,) if overloaded(state, s) else ()

    def prompt(self, state: DNZState) -> str:
        s = state.survivor(self.who)
        return (
            f"{s.name}: the backpack is over its room ({load(state, s)}/{room(state)}): what do you let go?"
        )


def apply_change(state: DNZState, s: Survivor, action: Any) -> None:
    if isinstance(action, A.Equip):
        hold(state, s, action.item, "main")
    elif isinstance(action, A.Hold):
        hold(state, s, action.item, "off")
    elif isinstance(action, A.Wear):
        card = state.items[action.item]
        s.worn[card.body] = action.item
    elif isinstance(action, A.Discard):
        release(s, action.item)
        state.deck("search-discard").append(action.item)
    elif isinstance(action, A.Give):
        o = state.survivor(action.to)
        if action.item in ("ammo", "supplies", "battery"):
            setattr(s, action.item, getattr(s, action.item) - 1)
            setattr(o, action.item, getattr(o, action.item) + 1)
        else:
            release(s, action.item)
            place(state, o, action.item)
    state.emit("reorganize", words.sentence(state, action), {"who": s.id})


def set_out(state: DNZState, s: Survivor) -> None:
    """A survivor's cards at the start of an adventure: the weapon he holds stays in his main hand;
    his other cards are placed as cards that arrive (a free hand, the body, the backpack)."""
    cards = list(s.items)
    if s.weapon in cards:
        cards.remove(s.weapon)
    s.items = [s.weapon] if s.weapon else []
    s.off = ""
    s.worn = {}
    for c in cards:
        place(state, s, c)
