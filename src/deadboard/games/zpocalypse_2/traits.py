"""Survivor and weapon traits (rulebook §Survivor Traits, §Weapon Traits, §Active Traits, §How Skills
Affect Combat).

"Passive Traits are always in effect ... Active Traits are abilities that must be activated by
paying the associated action point cost." "Each special trait can only be used once per turn. Some
traits will indicate that they can be used less frequently. Put the corresponding survivor token on
a once per day ability to show that it has been used." Dice on a weapon, "for both basic attacks and
special traits, is limited by your survivor's skill in that type"; "there is no limit on the total
number of dice used to pay the cost for a survivor's activated trait." A weapon out of ammo cannot
"use any of that weapon's special traits, until reloading".

An active trait is ``trait WHO TRAIT SPACE TARGET D...``: SPACE is ``-`` for a trait on a survivor
(TARGET: the survivor) and TARGET ``-`` for a move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from deadboard.core.kernel import Choice, Step, Steps, classvars
from deadboard.core.typed_actions import TypedAction
from deadboard.games.zpocalypse_2 import phrases
from deadboard.games.zpocalypse_2.actions import Dash, UseTrait
from deadboard.games.zpocalypse_2.audit import names, tracing
from deadboard.games.zpocalypse_2.board import Board
from deadboard.games.zpocalypse_2.combat import Standing, damage, hit_zombie, in_range, pay_faces, standing
from deadboard.games.zpocalypse_2.content import Content, Trait
from deadboard.games.zpocalypse_2.movement import can_move, reach_dashes, route, walk
from deadboard.games.zpocalypse_2.state import Person, Squad, ZState


@classvars(kind="dash")
@dataclass(slots=True)
class Sprint(Choice[ZState, Dash]):
    """A trait's move: up to ``spaces`` spaces (arduous ones count two), "unrestricted of your
    squad's speed limitation"."""

    seat: int
    spaces: int

    def actions(self, state: ZState) -> list[Dash]:
        return reach_dashes(state, state.squads[self.seat], self.spaces)

    def apply(self, state: ZState, action: Dash) -> Steps:
        q = state.squads[self.seat]
        target = state.board.by_name[action.space]
        cost, _, way = route(state, q, target, self.spaces, True)
        data = {"route": names(state, way), "cost": cost} if tracing(state) else None
        state.emit("dash", f"Squad {self.seat + 1} moves to {action.space}", data)
        return walk(state, q, way)

    def prompt(self, state: ZState) -> str:
        return f"Squad {self.seat + 1}: move up to {self.spaces} spaces where?"


#: id of a content -> (that content, its passive values by (survivor, effect)); the content is kept
#: beside its values so that another content made later at the same address finds none of them
_passives: Final[dict[int, tuple[Content, dict[tuple[str, str], int]]]] = {}


def passive(state: ZState, p: Person, effect: str) -> int:
    """The value of ``p``'s passive traits with ``effect`` (its night and day traits)."""
    content = state.content
    kept = _passives.get(id(content))
    if kept is None or kept[0] is not content:
        if len(_passives) >= 64:
            _passives.clear()
        kept = _passives[id(content)] = (content, {})
    values = kept[1]
    key = (p.card, effect)
    found = values.get(key)
    if found is None:
        found = values[key] = _passive(content, p.card, effect)
    return found


def _passive(content: Content, survivor: str, effect: str) -> int:
    """The value of survivor ``survivor``'s passive traits with ``effect``."""
    card = content.survivor_by_id[survivor]
    traits = content.trait_by_id
    found = 0
    for tid in (card.night_trait, card.day_trait):
        t = traits[tid]
        if t.cost == 0 and t.effect == effect:
            found += t.value
    return found


class TraitCard:
    """A trait as the night's actions read it: its record's fields, copied once per content (a
    content record is a pydantic model, whose every attribute read is a lookup through it)."""

    __slots__ = ("cost", "effect", "id", "level", "name", "needs", "per", "value", "z_cost")

    def __init__(self, t: Trait) -> None:
        self.id = t.id
        self.name = t.name
        self.cost = t.cost
        self.z_cost = t.z_cost
        self.per = t.per
        self.effect = t.effect
        self.value = t.value
        self.needs = t.needs
        self.level = t.level


class WeaponCard:
    """A weapon as the night's actions read it (see :class:`TraitCard`); ``trait`` its combat
    trait's id ("": none) and ``card`` that trait's card."""

    __slots__ = ("card", "cost", "range", "trait", "type", "z_cost")

    def __init__(self, content: Content, wid: str) -> None:
        w = content.weapon_by_id[wid]
        self.cost = w.cost
        self.z_cost = w.z_cost
        self.range = w.range
        self.type = w.type
        self.trait = w.trait
        self.card = TraitCard(content.trait_by_id[w.trait]) if w.trait else None


class NightCards:
    """Each survivor's night trait and each weapon, as :class:`TraitCard` and :class:`WeaponCard`;
    every trait by id; each survivor's printed HP."""

    __slots__ = ("night", "steady", "top_hp", "traits", "weapons")

    def __init__(self, content: Content) -> None:
        traits = content.trait_by_id
        self.traits = {tid: TraitCard(t) for tid, t in traits.items()}
        self.night = {s.id: self.traits[s.night_trait] for s in content.survivors}
        self.top_hp = {s.id: s.hp for s in content.survivors}
        self.weapons = {w.id: WeaponCard(content, w.id) for w in content.weapons}
        #: each survivor's passive "steady" (:func:`passive`), read at every weapon's cap
        self.steady = {s.id: _passive(content, s.id, "steady") for s in content.survivors}


#: the cards of each content (held with it, so that its id is never another's)
_cards: Final[dict[int, tuple[Content, NightCards]]] = {}
#: the last content asked about and its cards, compared by identity before the table is read (an
#: id is a number boxed anew at each ask); replaced as one value (threads may ask at once)
_last_cards: Final[list[tuple[Content, NightCards] | None]] = [None]


def night_cards(state: ZState) -> NightCards:
    """The :class:`NightCards` of the state's content, made once."""
    content = state.content
    last = _last_cards[0]
    if last is not None and last[0] is content:
        return last[1]
    found = _cards.get(id(content))
    if found is None or found[0] is not content:
        found = _cards[id(content)] = (content, NightCards(content))
    _last_cards[0] = found
    return found[1]


def weapon_dice(state: ZState, p: Person, weapon: str) -> int:
    """Dice already put on ``p``'s ``weapon`` this turn (its basic attack and its trait)."""
    used = state.turn_used.get((p.card, weapon), 0)
    w = night_cards(state).weapons.get(weapon)
    if w is not None and w.trait:
        used += state.turn_used.get((p.card, w.trait), 0)
    return used


def weapon_cap(state: ZState, p: Person, weapon: str, skill: str) -> int:
    """How many more dice may go on the weapon this turn: the survivor's skill of its type, plus a
    passive "steady", less the dice already on it."""
    steady = night_cards(state).steady.get(p.card)
    if steady is None:
        steady = passive(state, p, "steady")
    # no dice on any weapon yet at the start of a turn
    return p.stats[skill] + steady - (weapon_dice(state, p, weapon) if state.turn_used else 0)


def usable(state: ZState, p: Person, t: TraitCard) -> bool:
    if state.turn_used and (p.card, t.id) in state.turn_used:
        return False
    return not (t.per == "day" and (p.card, t.id) in state.marks)


def trait_actions(
    state: ZState,
    q: Squad,
    faces: tuple[int, ...],
    targets: dict[int, tuple[tuple[int, str], ...]] | None = None,
    view: Standing | None = None,
) -> list[TypedAction]:
    """Every active trait the squad may use now, with every way to pay it (``faces``: the pool;
    ``targets``: the zombies within each range, as far as already found; ``view``: the state's
    :func:`standing`, if already asked for)."""
    if not faces:
        return []
    board = state.board
    cards = night_cards(state)
    out: list[TypedAction] = []
    for p in q.people:
        t = cards.night[p.card]
        if t.cost and usable(state, p, t):
            pays = pay_faces(faces, t.cost, t.z_cost, len(faces))
            if pays:
                for space, target in _night_targets(state, q, p, t, view):
                    _use(out, p.card, t.id, space, target, pays)
        if p.weapon is None or not p.loaded:
            continue
        w = cards.weapons[p.weapon]
        wt = w.card
        if wt is None:
            continue
        if not usable(state, p, wt) or (wt.needs != "none" and p.stats[wt.needs] < wt.level):
            continue
        spaces = targets.get(w.range) if targets is not None else None
        if spaces is None:
            if view is None:
                view = standing(state)
            spaces = in_range(view, q.space, w.range)
            if targets is not None:
                targets[w.range] = spaces
        if not spaces:
            continue
        pays = pay_faces(faces, wt.cost, wt.z_cost, weapon_cap(state, p, p.weapon, w.type))
        if pays:
            _uses(out, board, p.card, wt.id, wt.effect == "spread", spaces, pays)
    return out


def _uses(
    out: list[TypedAction],
    board: Board,
    who: str,
    trait: str,
    spread: bool,
    spaces: tuple[tuple[int, str], ...],
    pays: tuple[tuple[int, ...], ...],
) -> None:
    """A weapon trait's uses at the targets ``spaces`` (a spread trait: at each of their spaces,
    target ``all``), each with every payment of ``pays``, into ``out``."""
    names = board.spaces
    if spread:
        for i in sorted({s for s, _ in spaces}):
            _use(out, who, trait, names[i].name, "all", pays)
    else:
        for i, kind in spaces:
            _use(out, who, trait, names[i].name, kind, pays)


#: the kind of ``trait`` actions, their first field
_TRAIT: Final = UseTrait.KIND


def _use(
    out: list[TypedAction], who: str, trait: str, space: str, target: str, pays: tuple[tuple[int, ...], ...]
) -> None:
    """``trait WHO TRAIT SPACE TARGET D...`` for every payment of ``pays`` into ``out``, built as
    the tuples they are. Not kept: a turn's uses seldom come again (new dice, a new space, the
    zombies moved), and kept actions are objects every full garbage collection walks."""
    first = (_TRAIT, who, trait, space, target)
    for pay in pays:
        out.append(_NEW(_USE_TRAIT, first + pay))


#: ``tuple.__new__`` and the class of ``trait`` actions, held as C statics by the compiled build
#: (read otherwise as an attribute of ``tuple`` and from the module's dict at each use)
_NEW: Final = tuple.__new__
_USE_TRAIT: Final = UseTrait


def _night_targets(
    state: ZState, q: Squad, p: Person, t: TraitCard, view: Standing | None
) -> Sequence[tuple[str, str]]:
    board = state.board
    if t.effect == "sprint":
        # paid first; the space is chosen next (:class:`Sprint`)
        return [("-", "-")] if can_move(state, q, t.value, free=True) else []
    if t.effect == "patch":
        tops = night_cards(state).top_hp
        return [("-", o.card) for o in q.people if o.hp < tops[o.card]]
    if t.effect == "shove":
        if view is None:
            view = standing(state)
        shoves = view.shoves.get(q.space)
        if shoves is None:
            near = {q.space, *board.neighbours[q.space]}
            found = sorted(
                {
                    (z.space, "fresh" if z.fresh else "weak")
                    for z in state.zombies
                    if z.space in near and not z.down
                }
            )
            shoves = view.shoves[q.space] = tuple(
                [(board.name(i), kind) for i, kind in found if board.sight(q.space, i, zombie=False)]
            )
        return shoves
    return ()


def use_trait(state: ZState, q: Squad, action: UseTrait) -> tuple[Step[ZState], ...]:
    """Pay the trait's dice and resolve it."""
    t = night_cards(state).traits[action.trait]
    p = next(x for x in q.people if x.card == action.who)
    dice = action.dice
    state.spend_dice(dice)
    state.turn_used[(p.card, t.id)] = len(dice)
    if t.per == "day":
        state.marks.add((p.card, t.id))
    board = state.board
    state.emit("trait", f"{phrases.name(state, p.card)} uses {t.name}", {"dice": list(dice)})
    if t.effect == "sprint":
        return (Sprint(q.seat, t.value),)
    if t.effect == "patch":
        o = next(x for x in q.people if x.card == action.target)
        o.hp = min(state.content.survivor_by_id[o.card].hp, o.hp + t.value)
        return ()
    space = board.by_name[action.space]
    if t.effect == "shove":
        fresh = action.target == "fresh"
        for k, z in enumerate(state.zombies):
            if z.space == space and z.fresh == fresh and not z.down:
                state.zombies[k] = z._replace(down=True)
                break
        return ()
    state.actor = p.card
    if t.effect == "hard-hit":
        damage(state, q, space, action.target, t.value)
    else:  # spread: every zombie on the space
        for k in sorted((k for k, z in enumerate(state.zombies) if z.space == space), reverse=True):
            hit_zombie(state, q, k, t.value)
        for card in [m.card for m in state.mutates if m.space == space]:
            damage(state, q, space, card, t.value)
    state.actor = ""
    return ()
