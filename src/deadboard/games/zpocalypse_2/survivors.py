"""Survivors hurt and killed (rulebook §Taking Damage, §Critical Wounds, §Survivor Death, §Squad
Death) and what a squad carries (§Carrying Items, §Your Private Stash)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from deadboard.core.kernel import Choice, Step, Steps, classvars
from deadboard.core.typed_actions import TypedAction
from deadboard.games.zpocalypse_2 import phrases
from deadboard.games.zpocalypse_2.actions import BLOCK, NEW_STASH, Abandon, Block, Hurt, NewStash, Pick
from deadboard.games.zpocalypse_2.content import Content, Wound
from deadboard.games.zpocalypse_2.state import Person, Squad, ZState, new_zombie


def person(q: Squad, card: str) -> Person:
    for p in q.people:
        if p.card == card:
            return p
    raise KeyError(card)


def at_night(state: ZState) -> bool:
    return state.phase in ("dusk", "midnight")


def stash_in_reach(state: ZState, q: Squad) -> bool:
    """ "If a player is adjacent to or on the same space as their private stash, they may freely
    exchange items between the stashed and carried sides of their squad board.\""""
    token = q.stash_token
    return token >= 0 and q.space >= 0 and (token == q.space or token in state.board.neighbours[q.space])


def encumbered(state: ZState, q: Squad) -> bool:
    return bool(q.items) and state.carried(q) > state.capacity(q)


def move_stashed(state: ZState, seat: int, item: str, into_stash: bool) -> None:
    """A card moved between the squad's carried items and its private stash (by the stash token at
    night, freely at the day's end)."""
    q = state.squads[seat]
    if into_stash:
        q.items.remove(item)
        q.stash.append(item)
        state.emit("stash", f"Squad {seat + 1} puts the {phrases.name(state, item)} in its private stash")
    else:
        q.stash.remove(item)
        q.items.append(item)
        state.emit("unstash", f"Squad {seat + 1} takes the {phrases.name(state, item)} from its private stash")


def _drop_excess(state: ZState, q: Squad) -> int:
    """The excess carried cards (the last gained first) go to the private stash; how many."""
    n = 0
    while state.carried(q) > state.capacity(q) and q.items:
        q.stash.append(q.items.pop())
        n += 1
    return n


def overflow(state: ZState, q: Squad) -> tuple[Step[ZState], ...]:
    """ "If your squad ever gains more items than they can carry, you must drop the excess items in
    your private stash." By day that is all (the stash is at hand). At night (rulebook §Your Private
    Stash): "If your squad becomes encumbered during the Night phase - leave the private stash token
    of the corresponding player color on the space with that player"; with the token already on the
    board and out of reach, the player "must choose to either: Create a new stash ... Abandon items"
    (:class:`Encumbered`); with it in reach the excess goes in, as any exchange may."""
    if not encumbered(state, q):
        return ()
    if not at_night(state) or q.space < 0:
        _drop_excess(state, q)
        return ()
    here = state.board.name(q.space)
    if q.stash_token < 0:
        q.stash_token = q.space
        n = _drop_excess(state, q)
        state.emit(
            "stash-token",
            f"Squad {q.seat + 1} is encumbered: {phrases.count(n, 'card')} {'goes' if n == 1 else 'go'} to its private stash, its token left at {here}",
        )
        return ()
    if stash_in_reach(state, q):
        n = _drop_excess(state, q)
        state.emit(
            "stash", f"Squad {q.seat + 1} is encumbered: {phrases.count(n, 'card')} {'goes' if n == 1 else 'go'} to its private stash beside it"
        )
        return ()
    return (Encumbered(q.seat),)


@classvars(kind="encumbered")
@dataclass(slots=True)
class Encumbered(Choice[ZState, TypedAction]):
    """ "If a player becomes encumbered by new items while they have an existing private stash token
    on the board they must choose to either: Create a new stash: Discard all items currently on the
    stashed side of their squad board. Move the new items to that side ... and relocate their
    private stash token to their current space. Abandon items: Either discard the new items, or
    discard currently carried items to make room for the new ones." ``newstash`` or ``abandon
    CARD``; once a card is abandoned, more are abandoned until the squad carries no more than it
    can (``abandoning``)."""

    seat: int
    abandoning: bool = False

    def actions(self, state: ZState) -> list[TypedAction]:
        q = state.squads[self.seat]
        if not q.alive or not encumbered(state, q):
            return []
        out: list[TypedAction] = [] if self.abandoning else [NEW_STASH]
        out.extend(Abandon(item) for item in sorted(set(q.items)))
        return out

    def apply(self, state: ZState, action: TypedAction) -> Steps:
        q = state.squads[self.seat]
        if isinstance(action, NewStash):
            gone = len(q.stash)
            q.stash = []
            q.stash_token = q.space
            n = _drop_excess(state, q)
            state.emit(
                "new-stash",
                f"Squad {self.seat + 1} discards its private stash ({phrases.count(gone, 'card')}) and starts a new one at "
                f"{state.board.name(q.space)} with {n} card(s)",
                {"cards": -gone},
            )
            return ()
        assert isinstance(action, Abandon)
        q.items.remove(action.item)
        state.emit("abandon", f"Squad {self.seat + 1} abandons the {phrases.name(state, action.item)}", {"cards": -1})
        return (Encumbered(self.seat, True),) if encumbered(state, q) else ()

    def prompt(self, state: ZState) -> str:
        q = state.squads[self.seat]
        where = state.board.name(q.stash_token) if q.stash_token >= 0 else "-"
        if self.abandoning:
            return f"Squad {self.seat + 1}: still encumbered — abandon which card?"
        return (
            f"Squad {self.seat + 1} is encumbered, its private stash token far away at {where}: "
            "start a new stash here (the old one is discarded) or abandon a card?"
        )


@classvars(kind="pick")
@dataclass(slots=True)
class PickSurvivor(Choice[ZState, Pick]):
    """A token or a critical wound for one survivor of the squad, chosen by its player."""

    seat: int
    purpose: str  # bio | radiation | wound

    def actions(self, state: ZState) -> list[Pick]:
        return [Pick(p.card) for p in state.squads[self.seat].people]

    def apply(self, state: ZState, action: Pick) -> Steps:
        q = state.squads[self.seat]
        p = person(q, action.who)
        if self.purpose == "bio":
            p.bio += 1
            state.emit("bio", f"{phrases.name(state, p.card)} takes a Bio token")
            return ()
        if self.purpose == "radiation":
            p.rad += 1
            state.emit("radiation", f"{phrases.name(state, p.card)} takes a Radiation token and loses 1 HP")
            return hurt_person(state, q, p, 1, "radiation")
        deck = state.decks["wound"]
        if not deck:
            deck.extend(w.id for w in state.content.wounds)
            state.rng.shuffle(deck)
        card = deck.pop(0)
        wound = _wound_cards(state.content)[card]
        p.wounds.append(card)
        state.emit("wound", f"{phrases.name(state, p.card)} suffers a critical wound: {wound.name}")
        out = hurt_person(state, q, p, wound.damage, wound.name)
        if p in q.people:
            p.stats[wound.stat] = max(0 if wound.stat != "speed" else 1, p.stats[wound.stat] + wound.change)
            if wound.stat == "defence":
                q.defence = max(0, q.defence + wound.change)
        return out

    def prompt(self, state: ZState) -> str:
        what = {"bio": "the Bio token", "radiation": "the Radiation token", "wound": "the critical wound"}[
            self.purpose
        ]
        return f"Squad {self.seat + 1}: which survivor takes {what}?"


@classvars(kind="damage")
@dataclass(slots=True)
class Allocate(Choice[ZState, TypedAction]):
    """ "Damage is dealt one point at a time. For each point of damage done, you may choose to: 1.
    Reduce your squad's defense wheel by one. You cannot choose this option if your squad has 0
    defense remaining. Or 2. Reduce one of your survivor's HP wheels by one.\""""

    seat: int
    left: int
    direct: bool = False  # the defence wheel cannot take it (a mutate's acid)

    def actions(self, state: ZState) -> list[TypedAction]:
        q = state.squads[self.seat]
        if not q.alive:
            return []
        out: list[TypedAction] = [BLOCK] if q.defence > 0 and not self.direct else []
        out.extend([_hurt(p.card) for p in q.people])
        return out

    def apply(self, state: ZState, action: TypedAction) -> Steps:
        q = state.squads[self.seat]
        # by exact class first: a typed action's failing isinstance asks its metaclass (a call)
        if type(action) is Block or (type(action) is not Hurt and isinstance(action, Block)):
            q.defence -= 1
            out: tuple[Step[ZState], ...] = ()
        else:
            assert isinstance(action, Hurt)
            out = hurt_person(state, q, person(q, action.who), 1, "the horde")
        if self.left > 1:
            return (*out, allocate(self.seat, self.left - 1, self.direct))
        return out

    def prompt(self, state: ZState) -> str:
        return f"Squad {self.seat + 1}: {self.left} damage to allocate — defence wheel or a survivor's HP?"


#: the damage steps and the ``hurt WHO`` actions made so far, shared (steps and actions are values,
#: never changed once made; making one costs more than finding it)
_ALLOCATES: Final[dict[tuple[int, int, bool], Allocate]] = {}
_HURTS: Final[dict[str, Hurt]] = {}


def allocate(seat: int, left: int, direct: bool = False) -> Allocate:
    """The :class:`Allocate` of ``left`` damage to squad ``seat``."""
    key = (seat, left, direct)
    found = _ALLOCATES.get(key)
    if found is None:
        if len(_ALLOCATES) > 1 << 12:
            _ALLOCATES.clear()
        found = _ALLOCATES[key] = Allocate(seat, left, direct)
    return found


def _hurt(card: str) -> Hurt:
    found = _HURTS.get(card)
    if found is None:
        if len(_HURTS) > 1 << 12:
            _HURTS.clear()
        found = _HURTS[card] = Hurt(card)
    return found


#: id of a content -> (that content, its critical wounds by id); the content is kept beside them so
#: that another content made later at the same address finds none of them
_WOUNDS: Final[dict[int, tuple[Content, dict[str, Wound]]]] = {}


def _wound_cards(content: Content) -> dict[str, Wound]:
    """The content's critical wound cards by id (made once per content: each look at a record's
    id is a lookup through a pydantic model)."""
    found = _WOUNDS.get(id(content))
    if found is None or found[0] is not content:
        if len(_WOUNDS) >= 64:
            _WOUNDS.clear()
        found = _WOUNDS[id(content)] = (content, {w.id: w for w in content.wounds})
    return found[1]


def death_zombie(state: ZState, q: Squad, who: str) -> None:
    """ "If a survivor dies during the Night phase, place a fresh zombie on an empty space adjacent
    to your squad. If no spaces are empty, spawn the zombie on the closest empty space." Adjacent is
    range 1 as a zombie counts it (:meth:`Board.around`); the first such space by space number,
    else the nearest empty space (then by space number). "If more than 20 fresh zombies would be
    placed on the map at any time, spawn the remainder as weak zombies": with 20 fresh on the map
    it is weak."""
    board = state.board
    taken = {o.space for o in state.squads if o.alive}
    taken.update(state.forts)
    taken.update(z.space for z in state.zombies)
    taken.update(m.space for m in state.mutates)
    space = next((i for i in board.around(q.space, 1, zombie=True) if i not in taken), None)
    if space is None:
        space = next((i for i in board.nearest(q.space) if i not in taken), None)
    if space is None:
        return
    fresh = sum(1 for z in state.zombies if z.fresh) < state.content.rules.fresh_cap
    state.zombies.append(new_zombie(space, fresh))
    kind = "fresh" if fresh else "weak"
    state.emit("death-zombie", f"{phrases.name(state, who)} rises as a {kind} zombie at {board.name(space)}", {"zombies": 1})


def hurt_person(state: ZState, q: Squad, p: Person, n: int, why: str) -> tuple[Step[ZState], ...]:
    p.hp -= n
    if p.hp > 0:
        return ()
    return kill_person(state, q, p, why)


def kill_person(state: ZState, q: Squad, p: Person, why: str) -> tuple[Step[ZState], ...]:
    """ "If a survivor's HP wheel ever reaches zero, discard their survivor card and all perks or
    wounds attached to that survivor. Increase the Doom Track by +1. If a survivor dies during the
    Night phase, place a fresh zombie on an empty space adjacent to your squad.\""""
    q.people.remove(p)
    state.emit("death", f"{phrases.name(state, p.card)} dies ({why})")
    if p.weapon is not None:
        q.items.append(p.weapon)
    state.move_doom(1, f"{phrases.name(state, p.card)} died")
    if state.phase in ("dusk", "midnight") and q.space >= 0:
        death_zombie(state, q, p.card)
    if not q.people:
        # "take all items that were in that player's private stash and add them to the public
        # stash. Then, flip that player's stash tokens to their death side": the stash token leaves
        # the board; the carried items nobody picks up are discarded when the Night ends
        state.public.extend(q.stash)
        lost = 0
        if q.items and q.space >= 0 and at_night(state):
            # "Take all items that were carried and equipped by that squad and put them in a pile
            # ... Place the other token on the space where the squad died."
            state.dropped.setdefault(q.space, []).extend(q.items)
        else:
            lost = len(q.items)  # by day nobody can pick them up: they are lost with the squad
        state.emit("squad-death", f"Squad {q.seat + 1} is wiped out", {"cards": -lost} if lost else None)
        q.stash, q.items, q.space, q.stash_token = [], [], -1, -1
        return ()
    # a survivor fewer carries fewer cards: "If your squad becomes encumbered during the Night phase"
    return overflow(state, q)
