"""Items (rulebook §Activate the effect of an Item, §Exchange Items): what each kind of item does
when used — its options and its resolution side by side, in a registry keyed by the item's kind —
passing items between Pjs, and sharing out items found, looted or received.

Items are single cards and actions name their instance (``pistol-2``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from deadboard.core.action import Action
from deadboard.core.kernel import Choice, Steps, classvars
from deadboard.games.zombie_dawn.actions import DONE, VEHICLE, ZOMBIES, Done, Drop, Give, Take, Use, UseOn
from deadboard.games.zombie_dawn.content import COLOURS, ItemRec
from deadboard.games.zombie_dawn.effects import (
    can_part_with,
    capacity,
    colour,
    discard_item,
    draw_actions,
    give,
    has_room,
    heal,
    holder,
    load,
    removable,
    take_away,
    title,
    turnable_targets,
)
from deadboard.games.zombie_dawn.flow import ForGroup, plain, push
from deadboard.games.zombie_dawn.state import DawnState
from deadboard.games.zombie_dawn.zombies import make_noise

#: zombie dice a flare fired at the zombies eliminates, and the noise of one fired into the sky
FLARE_DICE = 2
FLARE_NOISE = 3


# ==================================================================================================
# using an item: the registry
# ==================================================================================================
def _live_combat_of(state: DawnState, seat: int) -> bool:
    combat = state.combat
    return combat is not None and not combat.ended and not combat.duel and combat.group == seat and combat.dice > 0


def _heal_options(state: DawnState, seat: int, it: int, rec: ItemRec, pool: tuple[int, ...], out: list[Action] | None) -> bool:
    """Food and Medicine: on a Pj of the group with a damage they remove."""
    c = state.c
    name = c.item_names[it]
    for ch in state.groups[seat].chars:
        if removable(state, ch, rec.heals):
            if out is None:
                return True
            out.append(UseOn(name, c.char_ids[ch]))
    return False


def _heal(state: DawnState, seat: int, it: int, rec: ItemRec, action: Use | UseOn, consume: Callable[[], None]) -> None:
    assert isinstance(action, UseOn)
    c = state.c
    ch = c.char_index[action.target]
    gone = heal(state, ch, rec.heals, rec.amount)
    consume()
    state.emit("item", f"{title(seat)} uses the {rec.name}: {c.characters[ch].name} loses "
               f"{', '.join(c.damages[c.damage_cards[d]].name for d in gone)}", {"seat": seat, "item": rec.id})


def _straighten_options(state: DawnState, seat: int, it: int, rec: ItemRec, pool: tuple[int, ...], out: list[Action] | None) -> bool:
    """Ammunition, Fuel, Batteries (and tools that straighten): on a turned card of that icon."""
    assert rec.straightens is not None
    name = state.c.item_names[it]
    for target in turnable_targets(state, seat, rec.straightens, turned=True):
        if target != name:
            if out is None:
                return True
            out.append(UseOn(name, target))
    return False


def _straighten(state: DawnState, seat: int, it: int, rec: ItemRec, action: Use | UseOn, consume: Callable[[], None]) -> None:
    assert isinstance(action, UseOn)
    c = state.c
    g = state.groups[seat]
    if action.target == VEHICLE:
        g.vehicle_turned = False
        what = c.action_recs[g.vehicle].name
    else:
        target = c.item_index[action.target]
        state.set_turned(target, False)
        what = c.item_recs[target].name
    consume()
    state.emit("item", f"{title(seat)} discards the {rec.name} to straighten the {what}", {"seat": seat, "item": rec.id})


def _draw_options(state: DawnState, seat: int, it: int, rec: ItemRec, pool: tuple[int, ...], out: list[Action] | None) -> bool:
    """A tool that draws action cards: turned to use (not one still lying among the found items)."""
    if rec.draw and not state.is_turned(it) and it not in pool:
        if out is None:
            return True
        out.append(Use(state.c.item_names[it]))
    return False


def _draw(state: DawnState, seat: int, it: int, rec: ItemRec, action: Use | UseOn, consume: Callable[[], None]) -> None:
    state.set_turned(it, True)
    n = draw_actions(state, seat, rec.draw)
    state.emit("item", f"{title(seat)} turns the {rec.name} and draws {n} action card{'s' if n != 1 else ''}",
               {"seat": seat, "item": rec.id})


def _flare_options(state: DawnState, seat: int, it: int, rec: ItemRec, pool: tuple[int, ...], out: list[Action] | None) -> bool:
    """A flare: at the zombies of the group's own combat, or into the sky over any group."""
    name = state.c.item_names[it]
    if _live_combat_of(state, seat):
        if out is None:
            return True
        out.append(UseOn(name, ZOMBIES))
    for t in range(state.cfg.players):
        if state.groups[t].chars:
            if out is None:
                return True
            out.append(UseOn(name, COLOURS[t]))
    return False


def _flare(state: DawnState, seat: int, it: int, rec: ItemRec, action: Use | UseOn, consume: Callable[[], None]) -> None:
    assert isinstance(action, UseOn)
    consume()
    if action.target == ZOMBIES:
        combat = state.combat
        assert combat is not None
        combat.dice = max(0, combat.dice - FLARE_DICE)
        state.emit("item", f"{title(seat)} fires the {rec.name} at the zombies: {FLARE_DICE} zombie dice eliminated, "
                   f"{combat.dice} left", {"seat": seat, "item": rec.id})
    else:
        aim = COLOURS.index(action.target)
        state.emit("item", f"{title(seat)} fires the {rec.name} into the sky over the {colour(aim)} group", {"seat": seat, "item": rec.id})
        make_noise(state, aim, FLARE_NOISE, seat, rec.name)


@dataclass(frozen=True, slots=True)
class ItemUse:
    """What using one kind of item may target now (``options``: appends to ``out``, or with ``out``
    None only says whether there is one) and what it does (``resolve``)."""

    options: Callable[[DawnState, int, int, ItemRec, tuple[int, ...], list[Action] | None], bool]
    resolve: Callable[[DawnState, int, int, ItemRec, Use | UseOn, Callable[[], None]], None]


#: item kind -> its use (a tool that straightens is used as a straightening item)
ITEM_USES: dict[str, ItemUse] = {
    "heal": ItemUse(_heal_options, _heal),
    "straighten": ItemUse(_straighten_options, _straighten),
    "tool": ItemUse(_draw_options, _draw),
    "flare": ItemUse(_flare_options, _flare),
}


def item_uses(state: DawnState, seat: int, out: list[Action] | None, pool: tuple[int, ...]) -> bool:
    """Items the group can use now: carried ones, and those of ``pool`` (found items being shared
    out at the end of a search may be used at once, rulebook §Search a Location). With ``out``
    None, only whether there is one."""
    c = state.c
    recs = c.item_recs
    usable = c.item_usable
    uses = c.item_use
    char_items = state.char_items
    for ch in state.groups[seat].chars:
        for it in char_items[ch]:
            if usable[it] and ITEM_USES[uses[it]].options(state, seat, it, recs[it], pool, out):
                return True
    for it in pool:
        if usable[it] and ITEM_USES[uses[it]].options(state, seat, it, recs[it], pool, out):
            return True
    return False


def use_item(state: DawnState, seat: int, action: Use | UseOn, pool: tuple[int, ...]) -> None:
    """Activate an item (rulebook §Activate the effect of an Item); items used up are discarded."""
    it = state.c.item_index[action.item]
    rec = state.c.item_recs[it]
    owner = holder(state, it)

    def consume() -> None:
        if owner >= 0:
            take_away(state, owner, it)
        discard_item(state, it)

    if isinstance(action, UseOn) and rec.straightens is not None and rec.kind != "heal":
        _straighten(state, seat, it, rec, action, consume)
        return
    ITEM_USES[state.c.item_use[it]].resolve(state, seat, it, rec, action, consume)


# ==================================================================================================
# passing items
# ==================================================================================================
def give_actions(state: DawnState, seat: int, out: list[Action] | None, moved: tuple[Any, ...]) -> bool:
    """Rulebook §Exchange Items: pass an item to another Pj of the group, or leave it on the table
    of the location being searched (where found items lie; they can be picked up once the search
    ends). Each item once per turn, per attack phase or per window (``moved``), so that passing
    cannot go round in circles. With ``out`` None, only whether there is one."""
    g = state.groups[seat]
    chars = g.chars
    table = g.searching and bool(g.found)
    if len(chars) < 2 and not table:
        return False
    c = state.c
    names = c.item_names
    cids = c.char_ids
    char_items = state.char_items
    heavy = c.item_heavy
    room = [capacity(state, ch) - load(state, ch) for ch in chars]
    for i, ch in enumerate(chars):
        for it in char_items[ch]:
            if it in moved or not can_part_with(state, ch, it):
                continue
            for j, other in enumerate(chars):
                if j != i and (room[j] > 0 or not heavy[it]):
                    if out is None:
                        return True
                    out.append(Give(names[it], cids[other]))
            if table:
                if out is None:
                    return True
                out.append(Drop(names[it]))
    return False


def give_item(state: DawnState, seat: int, action: Give, record: bool) -> None:
    """An item passed to another Pj of the group (``record``: once per turn or attack phase)."""
    c = state.c
    it = c.item_index[action.item]
    to = c.char_index[action.character]
    frm = holder(state, it)
    take_away(state, frm, it)
    give(state, to, it)
    if record:
        g = state.groups[seat]
        g.given = (*g.given, it)
    state.emit("item", f"{c.characters[frm].name} passes the {c.item_recs[it].name} to {c.characters[to].name}", None)


def drop_item(state: DawnState, seat: int, action: Drop, record: bool) -> None:
    """An item left on the table of the location being searched, among the found items."""
    it = state.c.item_index[action.item]
    take_away(state, holder(state, it), it)
    g = state.groups[seat]
    g.found.append(it)
    if record:
        g.given = (*g.given, it)
    state.emit("item", f"{title(seat)} leaves the {state.c.item_recs[it].name} on the table", None)


# ==================================================================================================
# sharing out items
# ==================================================================================================
#: what the group shares out, by context
_WHAT = {"search": "the items found", "death": "the dead Pj's items", "loot": "the items of the fallen enemy",
         "flee": "one item found (you are fleeing)", "gift": "the items you accepted"}
#: the share-outs of items that go to the discard when the group they were for is wiped out
_LOST_ITEMS = ("death", "search", "flee")


@classvars(kind="items")
@dataclass(slots=True)
class TakeItems(ForGroup, Choice[DawnState, Action]):
    """Items for the group's Pjs to take, one at a time, until ``done`` (the rest are discarded):
    found in a search (``search``: they may be used at once, and a Pj may leave a carried item on
    the table to make room), a dead Pj's (``death``), a fallen enemy's (``loot``), one found item
    when fleeing (``flee``), items accepted in an offer (``gift``)."""

    seat: int
    context: str
    pool: tuple[int, ...]
    taken: int

    def actions(self, state: DawnState) -> list[Action]:
        seat, pool = self.seat, self.pool
        c = state.c
        names = c.item_names
        out: list[Action] = [DONE]
        chars = state.groups[seat].chars
        for it in pool:
            for ch in chars:
                if has_room(state, ch, it):
                    out.append(Take(names[it], c.char_ids[ch]))
        if self.context == "search":
            item_uses(state, seat, out, pool)
            # only uses of the pool's items: carried items are used through the usual actions
            carried = state.carried(seat)
            carried_names = {names[it] for it in carried}
            out = [a for a in out if not (isinstance(a, Use | UseOn) and a.item in carried_names)]
            # a Pj may leave an item on the table to make room (rulebook §Exchange Items), once per turn
            given = state.groups[seat].given
            for it in carried:
                if it not in given and can_part_with(state, holder(state, it), it):
                    out.append(Drop(names[it]))
        return out

    def apply(self, state: DawnState, action: Action) -> Steps:
        seat, context, pool = self.seat, self.context, self.pool
        c = state.c
        if isinstance(action, Done):
            for it in pool:
                discard_item(state, it)
            return ()
        if isinstance(action, Drop):
            it = c.item_index[action.item]
            take_away(state, holder(state, it), it)
            g = state.groups[seat]
            g.given = (*g.given, it)
            state.emit("item", f"{title(seat)} leaves the {c.item_recs[it].name} on the table", None)
            push(state, TakeItems(seat, context, (*pool, it), self.taken))
            return ()
        if isinstance(action, Take):
            it = c.item_index[action.item]
            ch = c.char_index[action.character]
            give(state, ch, it)
            state.emit("item", f"{c.characters[ch].name} takes the {c.item_recs[it].name}", None)
        else:
            assert isinstance(action, Use | UseOn)
            it = c.item_index[action.item]
            use_item(state, seat, action, pool)
        rest = tuple(x for x in pool if x != it)
        if context == "flee":  # only one found item may be kept when fleeing
            for x in rest:
                discard_item(state, x)
            return ()
        if rest:
            push(state, TakeItems(seat, context, rest, self.taken + 1))
        return ()

    def prompt(self, state: DawnState) -> str:
        return f"{title(self.seat)}: take {_WHAT[self.context]}"

    def old(self) -> list[Any]:
        return plain("items", self.seat, self.context, self.pool, self.taken)

    def void(self, state: DawnState, seat: int) -> bool:
        """Items found, or a dead Pj's, go to the discard with the group wiped out; a fallen enemy's
        or those accepted in an offer stay for the group that won or accepted them."""
        if self.seat != seat or self.context not in _LOST_ITEMS:
            return False
        self.discard_held(state)
        return True

    def discard_held(self, state: DawnState) -> None:
        for it in self.pool:
            discard_item(state, it)
