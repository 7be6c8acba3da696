"""Action cards (rulebook §Play an Action card): what each card does, in a registry keyed by the
content's effect id — an event's effect (``heal``, ``blocked``, ``breakdown`` ...), or the card's kind
for zombies, vehicles and special movements — so each card's legality (``options``) and resolution
(``resolve``) live together.

Cards of the same kind in a hand are interchangeable, so actions name the kind (``trio``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from deadboard.core.action import Action
from deadboard.core.kernel import Choice, Steps, classvars
from deadboard.games.zombie_dawn import words
from deadboard.games.zombie_dawn.actions import VEHICLE, Discard, Play, PlayAt, PlayOn
from deadboard.games.zombie_dawn.board import ROADS, WADE, WALK
from deadboard.games.zombie_dawn.content import COLOURS, ActionRec
from deadboard.games.zombie_dawn.death import life_or_death
from deadboard.games.zombie_dawn.effects import (
    ANY_HEAL,
    TITLES,
    colour,
    discard_from_hand,
    draw_actions,
    hand_card,
    hand_kinds,
    heal,
    removable,
    season_fx,
    title,
    turnable_targets,
)
from deadboard.games.zombie_dawn.flow import ForGroup, plain, push
from deadboard.games.zombie_dawn.state import NO_VEHICLE, Combat, DawnState
from deadboard.games.zombie_dawn.zombies import discard_zombie, noise_until_zombie, start_combat

#: how an action card may be played (DawnContent.card_play): at any time, or (zombies) on a group
ALWAYS, ZOMBIE = 1, 2


def live_combat(state: DawnState) -> Combat | None:
    """The running combat, or None (also while a finished one is being closed)."""
    combat = state.combat
    return combat if combat is not None and not combat.ended else None


def in_combat(state: DawnState, seat: int) -> bool:
    combat = live_combat(state)
    return combat is not None and (combat.group == seat or (combat.duel and combat.enemy == seat))


def victims(state: DawnState) -> list[int]:
    """The groups a zombie card may be played against now: any with a Pj, except a group whose
    combat has no zombie die left, or one moving in a vehicle that protects it (the Car)."""
    combat = live_combat(state)
    drive = state.last_drive
    skip = combat.group if combat is not None and not combat.duel and combat.dice <= 0 else -1
    protected = drive.seat if drive is not None and drive.protect else -1
    return [t for t, g in enumerate(state.groups) if g.chars and t != skip and t != protected]


def stop_squares(state: DawnState, seat: int, trip: tuple[int, ...]) -> list[int]:
    """The squares of a vehicle's trip where zombies may stop the group (rulebook §Play an Action
    card: "at any point of the trip at the choice of the Player who interrupts"): not one where
    another group stands — "You can never be on the same square as another Group, although you may
    move through it" (§Move)."""
    taken = {g.sq for g in state.groups if g.seat != seat and g.chars}
    return [sq for sq in trip if sq not in taken]


def movement_squares(state: DawnState, seat: int, squares: int, roads: bool = False, water: bool = False) -> list[int]:
    """The free squares the group reaches moving ``squares`` (by road only, or wading)."""
    b = state.board
    assert b is not None
    mode = ROADS if roads else WADE if water or season_fx(state).frozen else WALK
    sq = state.groups[seat].sq
    taken = state.occupied()
    return [o for o in b.reach(sq, squares, mode) if o not in taken]


def zombie_kinds(state: DawnState, combat: Combat) -> list[str]:
    """The kinds of the zombie cards in a combat, each once, in the order they joined."""
    recs = state.c.action_recs
    return list(dict.fromkeys(recs[z].id for z in combat.zombies))


# ==================================================================================================
# the registry: options and resolution of each card
# ==================================================================================================
#: options(state, seat, card, rec, out, own_turn): append the plays to ``out`` (with ``out`` None,
#: only say whether there is one)
Options = Callable[[DawnState, int, int, ActionRec, "list[Action] | None", bool], bool]
#: resolve(state, seat, card, rec, action): the card has left the hand (an event is discarded)
Resolve = Callable[[DawnState, int, int, ActionRec, Action], None]


@dataclass(frozen=True, slots=True)
class CardEffect:
    options: Options
    resolve: Resolve
    solo: bool  # whether it may be played in the solo game (rulebook §Rules for 1 Player)


def _zombie_options(state: DawnState, seat: int, card: int, rec: ActionRec, out: list[Action] | None, own_turn: bool) -> bool:
    """A zombie card against a group (not in the solo game): it attacks the group or joins its
    combat; a group moving in a vehicle may be stopped at any square of its trip."""
    return zombie_plays(state, card, rec, out, victims(state))


def zombie_plays(state: DawnState, card: int, rec: ActionRec, out: list[Action] | None, targets: list[int]) -> bool:
    """:func:`_zombie_options` with the groups it may attack (:func:`victims`) known."""
    if not targets:
        return False
    if out is None:
        return True
    plays = state.c.play_at[state.c.action_cards[card]]
    drive = state.last_drive
    b = state.board
    assert b is not None
    for t in targets:
        if drive is not None and drive.seat == t:
            for sq in stop_squares(state, t, drive.path):
                out.append(PlayAt(rec.id, COLOURS[t], b.names[sq]))
        else:
            out.append(plays[t])
    return False


def _zombie(state: DawnState, seat: int, card: int, rec: ActionRec, action: Action) -> None:
    assert isinstance(action, PlayOn | PlayAt)
    target = COLOURS.index(action.target)
    if isinstance(action, PlayAt):  # interrupting a vehicle movement at a square of the trip
        b = state.board
        assert b is not None
        sq = b.index[action.what]
        tg = state.groups[target]
        if sq != tg.sq:
            tg.sq = sq
            state.emit_format("move", "{} stops the {} group's vehicle at {}", (TITLES[seat], COLOURS[target], words.OnMap(b, sq)))
        state.last_drive = None
    state.emit_format("card", "{} plays {} against the {} group", (TITLES[seat], rec.name, COLOURS[target]), {"seat": seat, "card": rec.id})
    start_combat(state, target, seat, [card])


def _vehicle_options(state: DawnState, seat: int, card: int, rec: ActionRec, out: list[Action] | None, own_turn: bool) -> bool:
    if out is None:
        return True
    out.append(Play(rec.id))
    return False


def _vehicle(state: DawnState, seat: int, card: int, rec: ActionRec, action: Action) -> None:
    """Into play (the vehicle the group had before is discarded)."""
    g = state.groups[seat]
    if g.vehicle != NO_VEHICLE:
        state.actions.discard(g.vehicle)
    g.vehicle = card
    g.vehicle_turned = False
    state.emit_format("card", "{} puts a {} into play", (TITLES[seat], rec.name), {"seat": seat, "card": rec.id})


def _movement_options(state: DawnState, seat: int, card: int, rec: ActionRec, out: list[Action] | None, own_turn: bool) -> bool:
    """A special movement: in one's own turn, out of a combat and of a search."""
    g = state.groups[seat]
    if not own_turn or live_combat(state) is not None or g.searching or not g.chars:
        return False
    squares = movement_squares(state, seat, rec.squares, rec.roads, rec.water)
    if squares and out is None:
        return True
    if out is not None:
        b = state.board
        assert b is not None
        for sq in squares:
            out.append(PlayOn(rec.id, b.names[sq]))
    return False


def _movement(state: DawnState, seat: int, card: int, rec: ActionRec, action: Action) -> None:
    assert isinstance(action, PlayOn)
    b = state.board
    assert b is not None
    dest = b.index[action.target]
    state.groups[seat].sq = dest
    state.actions.discard(card)
    state.emit_format("move", "{} plays {} and moves to {}", (TITLES[seat], rec.name, words.OnMap(b, dest)), {"seat": seat, "square": b.names[dest]})


def _heal_options(state: DawnState, seat: int, card: int, rec: ActionRec, out: list[Action] | None, own_turn: bool) -> bool:
    """Second Wind: on a Pj of the group with a damage it removes."""
    for ch in state.groups[seat].chars:
        if removable(state, ch, ANY_HEAL):
            if out is None:
                return True
            out.append(PlayOn(rec.id, state.c.char_ids[ch]))
    return False


def _heal(state: DawnState, seat: int, card: int, rec: ActionRec, action: Action) -> None:
    assert isinstance(action, PlayOn)
    c = state.c
    ch = c.char_index[action.target]
    gone = heal(state, ch, ANY_HEAL, rec.value)
    state.emit("card", f"{title(seat)} plays {rec.name}: {c.characters[ch].name} loses "
               f"{', '.join(c.damages[c.damage_cards[d]].name for d in gone)}", {"seat": seat, "card": rec.id})


def _adrenaline_options(state: DawnState, seat: int, card: int, rec: ActionRec, out: list[Action] | None, own_turn: bool) -> bool:
    """Adrenaline: in one's own combat."""
    if in_combat(state, seat):
        if out is None:
            return True
        out.append(Play(rec.id))
    return False


def _adrenaline(state: DawnState, seat: int, card: int, rec: ActionRec, action: Action) -> None:
    state.groups[seat].adrenaline += rec.value
    state.emit("card", f"{title(seat)} plays {rec.name}: +{rec.value} dice in the next attack", {"seat": seat, "card": rec.id})


def _draw_options(state: DawnState, seat: int, card: int, rec: ActionRec, out: list[Action] | None, own_turn: bool) -> bool:
    if out is None:
        return True
    out.append(Play(rec.id))
    return False


def _draw(state: DawnState, seat: int, card: int, rec: ActionRec, action: Action) -> None:
    n = draw_actions(state, seat, rec.value)
    state.emit("card", f"{title(seat)} plays {rec.name} and draws {n} action cards", {"seat": seat, "card": rec.id})


def _blocked_options(state: DawnState, seat: int, card: int, rec: ActionRec, out: list[Action] | None, own_turn: bool) -> bool:
    """Blocked Access, "In a Location: Discard a Zombie card in Combat, or, you cannot Flee": either
    clause, on a group fighting zombies on a location."""
    combat = live_combat(state)
    b = state.board
    assert b is not None
    if combat is None or combat.duel or combat.dice <= 0 or not b.loc_count[state.groups[combat.group].sq]:
        return False
    block = combat.group != seat and not combat.blocked
    if out is None:
        return block or bool(combat.zombies)
    group = COLOURS[combat.group]
    if block:
        out.append(PlayOn(rec.id, group))
    for zombie in zombie_kinds(state, combat):
        out.append(PlayAt(rec.id, group, zombie))
    return False


def _blocked(state: DawnState, seat: int, card: int, rec: ActionRec, action: Action) -> None:
    combat = state.combat
    assert combat is not None
    if isinstance(action, PlayAt):
        zombie = discard_zombie(state, combat, action.what)
        state.emit("card", f"{title(seat)} plays {rec.name}: the {zombie} is discarded from the {colour(combat.group)} group's "
                   f"combat, {combat.dice} zombie {'die' if combat.dice == 1 else 'dice'} left", {"seat": seat, "card": rec.id})
        return
    combat.blocked = True
    combat.unblock_tried = False
    state.emit("card", f"{title(seat)} plays {rec.name}: the {colour(combat.group)} group cannot flee (Unblock 6+)",
               {"seat": seat, "card": rec.id})


def _lod_options(state: DawnState, seat: int, card: int, rec: ActionRec, out: list[Action] | None, own_turn: bool) -> bool:
    """Does It Hurt?: a Life or Death roll for any opponent's Pj."""
    for t in range(state.cfg.players):
        if t != seat:
            for ch in state.groups[t].chars:
                if out is None:
                    return True
                out.append(PlayOn(rec.id, state.c.char_ids[ch]))
    return False


def _lod(state: DawnState, seat: int, card: int, rec: ActionRec, action: Action) -> None:
    assert isinstance(action, PlayOn)
    ch = state.c.char_index[action.target]
    state.emit_format("card", "{} plays {} on {}", (TITLES[seat], rec.name, state.c.characters[ch].name), {"seat": seat, "card": rec.id})
    life_or_death(state, ch, rec.name)


def _opponents_with(state: DawnState, seat: int, rec: ActionRec, out: list[Action] | None, hand: bool) -> bool:
    """The card against each opponent's group with a Pj (``hand``: with a card in hand instead)."""
    for t in range(state.cfg.players):
        g = state.groups[t]
        if t != seat and (g.hand if hand else g.chars):
            if out is None:
                return True
            out.append(PlayOn(rec.id, COLOURS[t]))
    return False


def _noise_options(state: DawnState, seat: int, card: int, rec: ActionRec, out: list[Action] | None, own_turn: bool) -> bool:
    return _opponents_with(state, seat, rec, out, hand=False)


def _noise(state: DawnState, seat: int, card: int, rec: ActionRec, action: Action) -> None:
    """You Make Noise: reveal until a zombie appears; it attacks."""
    assert isinstance(action, PlayOn)
    target = COLOURS.index(action.target)
    state.emit_format("card", "{} plays {} against the {} group", (TITLES[seat], rec.name, COLOURS[target]), {"seat": seat, "card": rec.id})
    noise_until_zombie(state, target, seat, rec.name)


def _breakdown_options(state: DawnState, seat: int, card: int, rec: ActionRec, out: list[Action] | None, own_turn: bool) -> bool:
    """Breakdown: turns an opponent's straightened card of its icon (a vehicle on the move too)."""
    assert rec.icon is not None
    drive = state.last_drive
    recs = state.c.action_recs
    for t in range(state.cfg.players):
        if t == seat:
            continue
        targets = turnable_targets(state, t, rec.icon, turned=False)
        if (drive is not None and drive.seat == t and VEHICLE not in targets
                and rec.icon in recs[state.groups[t].vehicle].icons):
            targets.insert(0, VEHICLE)
        if targets and out is None:
            return True
        if out is not None:
            for name in targets:
                out.append(PlayAt(rec.id, COLOURS[t], name))
    return False


def _breakdown(state: DawnState, seat: int, card: int, rec: ActionRec, action: Action) -> None:
    assert isinstance(action, PlayAt)
    c = state.c
    b = state.board
    assert b is not None
    target = COLOURS.index(action.target)
    tg = state.groups[target]
    drive = state.last_drive
    if action.what != VEHICLE:
        it = c.item_index[action.what]
        state.set_turned(it, True)
        state.emit("card", f"{title(seat)} plays {rec.name}: the {c.item_recs[it].name} of the {colour(target)} group is turned",
                   {"seat": seat, "card": rec.id})
        return
    tg.vehicle_turned = True
    vname = c.action_recs[tg.vehicle].name
    if drive is not None and drive.seat == target:
        # back where the trip began; should another group stand there now, on the free square of
        # the trip nearest to it (never on another group's square, §Move)
        free = stop_squares(state, target, (drive.start, *drive.path))
        tg.sq = free[0]
        state.last_drive = None
        state.emit("card", f"{title(seat)} plays {rec.name}: the {vname} breaks down and the {colour(target)} group is back on "
                   f"{b.names[tg.sq]}", {"seat": seat, "card": rec.id})
    else:
        state.emit("card", f"{title(seat)} plays {rec.name}: the {colour(target)} group's {vname} is turned", {"seat": seat, "card": rec.id})


def _exhausted_options(state: DawnState, seat: int, card: int, rec: ActionRec, out: list[Action] | None, own_turn: bool) -> bool:
    return _opponents_with(state, seat, rec, out, hand=True)


def _exhausted(state: DawnState, seat: int, card: int, rec: ActionRec, action: Action) -> None:
    """Exhausted: the target player discards cards of its choice."""
    assert isinstance(action, PlayOn)
    target = COLOURS.index(action.target)
    state.emit_format("card", "{} plays {}: the {} player discards {} cards", (TITLES[seat], rec.name, COLOURS[target], rec.value),
                      {"seat": seat, "card": rec.id})
    push(state, DiscardCards(target, rec.value))


#: the content's effect id (an event's effect, or the kind of a zombie, vehicle or movement card)
#: -> what the card does
CARD_EFFECTS: dict[str, CardEffect] = {
    "zombie": CardEffect(_zombie_options, _zombie, solo=False),
    "vehicle": CardEffect(_vehicle_options, _vehicle, solo=True),
    "movement": CardEffect(_movement_options, _movement, solo=True),
    "heal": CardEffect(_heal_options, _heal, solo=True),
    "adrenaline": CardEffect(_adrenaline_options, _adrenaline, solo=True),
    "draw": CardEffect(_draw_options, _draw, solo=True),
    "blocked": CardEffect(_blocked_options, _blocked, solo=True),
    "lod": CardEffect(_lod_options, _lod, solo=False),
    "noise-until-zombie": CardEffect(_noise_options, _noise, solo=False),
    "breakdown": CardEffect(_breakdown_options, _breakdown, solo=False),
    "exhausted": CardEffect(_exhausted_options, _exhausted, solo=False),
}




_ZOMBIE = CARD_EFFECTS["zombie"]


# ==================================================================================================
# playing
# ==================================================================================================
def card_plays(state: DawnState, seat: int, out: list[Action] | None, own_turn: bool) -> bool:
    """The action cards the seat may play now. With ``out`` None, only whether there is one (every
    option generator works both ways, so that a window costs no list when a seat has nothing)."""
    hand = state.groups[seat].hand
    if not hand:
        return False
    solo = state.cfg.solo
    # the groups a zombie card may attack (asked once: None until a zombie card comes)
    zombie_targets: list[int] | None = None
    if out is None:  # a probe: the cards that are always playable, and zombies, answer at once
        kinds = hand
        play = state.c.card_play
        zombies = False
        for card in hand:
            k = play[card]
            if k == ALWAYS:
                return True
            zombies = zombies or k == ZOMBIE
        if zombies and not solo:
            zombie_targets = victims(state)
            if zombie_targets:
                return True
    else:
        kinds = hand_kinds(state, seat)
    recs = state.c.action_recs
    effects = state.c.card_effect
    for card in kinds:
        rec = recs[card]
        effect = CARD_EFFECTS[effects[card]]
        if solo and not effect.solo:
            continue
        if effect is _ZOMBIE:
            if zombie_targets is None:
                zombie_targets = victims(state)
            if zombie_targets:  # (a probe has answered already when there are)
                zombie_plays(state, card, rec, out, zombie_targets)
            continue
        if effect.options(state, seat, card, rec, out, own_turn):
            return True
    return False


def play_card(state: DawnState, seat: int, action: Play | PlayOn | PlayAt) -> None:
    """The card leaves the hand; an event goes to the discard pile before its effect."""
    card = hand_card(state, seat, action.card)
    rec = state.c.action_recs[card]
    state.groups[seat].hand.remove(card)
    if rec.kind == "event":
        state.actions.discard(card)
    CARD_EFFECTS[state.c.card_effect[card]].resolve(state, seat, card, rec, action)


# ==================================================================================================
# Exhausted: the discard it calls for
# ==================================================================================================
@classvars(kind="discard")
@dataclass(slots=True)
class DiscardCards(ForGroup, Choice[DawnState, Discard]):
    """``count`` action cards to discard, one at a time (Exhausted)."""

    seat: int
    count: int

    def actions(self, state: DawnState) -> list[Discard]:
        recs = state.c.action_recs
        return [Discard(recs[k].id) for k in hand_kinds(state, self.seat)]

    def apply(self, state: DawnState, action: Discard) -> Steps:
        seat = self.seat
        card = hand_card(state, seat, action.card)
        discard_from_hand(state, seat, card)
        state.emit_format("card", "{} discards {}", (TITLES[seat], state.c.action_recs[card].name), {"seat": seat})
        if self.count > 1 and state.groups[seat].hand:
            push(state, DiscardCards(seat, self.count - 1))
        return ()

    def prompt(self, state: DawnState) -> str:
        n = self.count
        return f"{title(self.seat)}: discard {n} card{'s' if n > 1 else ''} (Exhausted)"

    def old(self) -> list[Any]:
        return plain("discard", self.seat, self.count)
