"""Activated abilities of characters and skills (rulebook §Activate the effect of an Item,
Character or Skill): each effect's targets and resolution side by side, in a registry keyed by the
content's effect id. Using an ability turns its card; it is straightened at the start of the next
round."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from deadboard.core.action import Action
from deadboard.games.zombie_dawn import flight, words
from deadboard.games.zombie_dawn.actions import VEHICLE, Activate, ActivateOn
from deadboard.games.zombie_dawn.cards import live_combat, movement_squares
from deadboard.games.zombie_dawn.content import COLOURS, Ability
from deadboard.games.zombie_dawn.death import leave_in_peace
from deadboard.games.zombie_dawn.effects import (
    ANY_HEAL,
    colour,
    discard_from_hand,
    heal,
    removable,
    title,
    turnable_targets,
)
from deadboard.games.zombie_dawn.flow import COMBAT, DUEL, TURN
from deadboard.games.zombie_dawn.state import NO_VEHICLE, DawnState
from deadboard.games.zombie_dawn.zombies import make_noise

#: which table of the content an ability comes from (``DawnContent.ability_index``)
CHARACTER = 0


# ==================================================================================================
# the registry
# ==================================================================================================
#: targets(state, seat, ability, ident, out, ctx): append the activations to ``out``
Targets = Callable[[DawnState, int, Ability, str, "list[Action]", str], None]
#: resolve(state, seat, ability, name, action, info): the card is turned already
Resolve = Callable[[DawnState, int, Ability, str, Action, dict[str, object]], None]


@dataclass(frozen=True, slots=True)
class AbilityEffect:
    targets: Targets
    resolve: Resolve


def _heal_targets(state: DawnState, seat: int, ab: Ability, ident: str, out: list[Action], ctx: str) -> None:
    for ch in state.groups[seat].chars:
        if removable(state, ch, ANY_HEAL):
            out.append(ActivateOn(ident, state.c.char_ids[ch]))


def _heal(state: DawnState, seat: int, ab: Ability, name: str, action: Action, info: dict[str, object]) -> None:
    assert isinstance(action, ActivateOn)
    c = state.c
    ch = c.char_index[action.target]
    gone = heal(state, ch, ANY_HEAL, ab.value)
    state.emit("ability", f"{title(seat)}: {name} — {c.characters[ch].name} loses "
               f"{', '.join(c.damages[c.damage_cards[d]].name for d in gone)}", info)


def _straighten_targets(state: DawnState, seat: int, ab: Ability, ident: str, out: list[Action], ctx: str) -> None:
    """A turned card of the ability's icon (or, without an icon, the group's vehicle)."""
    g = state.groups[seat]
    if ab.icon is None:
        if g.vehicle != NO_VEHICLE and g.vehicle_turned:
            out.append(ActivateOn(ident, VEHICLE))
    else:
        for target in turnable_targets(state, seat, ab.icon, turned=True):
            out.append(ActivateOn(ident, target))


def _repair_targets(state: DawnState, seat: int, ab: Ability, ident: str, out: list[Action], ctx: str) -> None:
    """Any turned item with an icon."""
    names = state.c.item_names
    icons = state.c.item_icons
    for it in state.carried(seat):
        if icons[it] and state.is_turned(it):
            out.append(ActivateOn(ident, names[it]))


def _straighten(state: DawnState, seat: int, ab: Ability, name: str, action: Action, info: dict[str, object]) -> None:
    assert isinstance(action, ActivateOn)
    c = state.c
    g = state.groups[seat]
    if action.target == VEHICLE:
        g.vehicle_turned = False
        what = c.action_recs[g.vehicle].name
    else:
        it = c.item_index[action.target]
        state.set_turned(it, False)
        what = c.item_recs[it].name
    state.emit("ability", f"{title(seat)}: {name} straightens the {what}", info)


def _always(state: DawnState, seat: int, ab: Ability, ident: str, out: list[Action], ctx: str) -> None:
    out.append(Activate(ident))


def _rally(state: DawnState, seat: int, ab: Ability, name: str, action: Action, info: dict[str, object]) -> None:
    state.groups[seat].adrenaline += ab.value
    state.emit("ability", f"{title(seat)}: {name} — +{ab.value} dice in the next attack", info)


def _escape(state: DawnState, seat: int, ab: Ability, name: str, action: Action, info: dict[str, object]) -> None:
    state.emit("ability", f"{title(seat)}: {name}", info)
    flight.flee(state, seat, name)


def _shove_targets(state: DawnState, seat: int, ab: Ability, ident: str, out: list[Action], ctx: str) -> None:
    if ctx == COMBAT and state.combat is not None and state.combat.dice > 0:
        out.append(Activate(ident))


def _shove(state: DawnState, seat: int, ab: Ability, name: str, action: Action, info: dict[str, object]) -> None:
    combat = state.combat
    assert combat is not None
    combat.dice = max(0, combat.dice - ab.value)
    state.emit("ability", f"{title(seat)}: {name} — {ab.value} zombie die eliminated, {combat.dice} left", info)


def _unblock_targets(state: DawnState, seat: int, ab: Ability, ident: str, out: list[Action], ctx: str) -> None:
    if ctx == COMBAT and state.combat is not None and state.combat.blocked:
        out.append(Activate(ident))


def _unblock(state: DawnState, seat: int, ab: Ability, name: str, action: Action, info: dict[str, object]) -> None:
    combat = state.combat
    assert combat is not None
    combat.blocked = False
    state.emit("ability", f"{title(seat)}: {name} — the group is unblocked", info)


def _lure_targets(state: DawnState, seat: int, ab: Ability, ident: str, out: list[Action], ctx: str) -> None:
    for t in range(state.cfg.players):
        if t != seat and state.groups[t].chars:
            out.append(ActivateOn(ident, COLOURS[t]))


def _lure(state: DawnState, seat: int, ab: Ability, name: str, action: Action, info: dict[str, object]) -> None:
    assert isinstance(action, ActivateOn)
    target = COLOURS.index(action.target)
    state.emit("ability", f"{title(seat)}: {name} against the {colour(target)} group", info)
    make_noise(state, target, ab.value, seat, name)


def _pickpocket_targets(state: DawnState, seat: int, ab: Ability, ident: str, out: list[Action], ctx: str) -> None:
    """A group next to this one with cards in hand."""
    b = state.board
    assert b is not None
    sq = state.groups[seat].sq
    for t in range(state.cfg.players):
        tg = state.groups[t]
        if t != seat and tg.chars and tg.hand and b.adjacent(sq, tg.sq):
            out.append(ActivateOn(ident, COLOURS[t]))


def _pickpocket(state: DawnState, seat: int, ab: Ability, name: str, action: Action, info: dict[str, object]) -> None:
    assert isinstance(action, ActivateOn)
    target = COLOURS.index(action.target)
    hand = state.groups[target].hand
    for _ in range(min(ab.value, len(hand))):
        lost = hand[state.rng.below(len(hand))]
        discard_from_hand(state, target, lost)
        state.emit("ability", f"{title(seat)}: {name} — the {colour(target)} player discards {state.c.action_recs[lost].name}", info)


def _last_rites_targets(state: DawnState, seat: int, ab: Ability, ident: str, out: list[Action], ctx: str) -> None:
    """A Pj with at least ``value`` damage leaves a group of two or more in peace."""
    chars = state.groups[seat].chars
    if len(chars) >= 2:
        for ch in chars:
            if len(state.char_damage[ch]) >= ab.value:
                out.append(ActivateOn(ident, state.c.char_ids[ch]))


def _last_rites(state: DawnState, seat: int, ab: Ability, name: str, action: Action, info: dict[str, object]) -> None:
    assert isinstance(action, ActivateOn)
    ch = state.c.char_index[action.target]
    state.emit("ability", f"{title(seat)}: {name} — {state.c.characters[ch].name} leaves the group in peace", info)
    leave_in_peace(state, seat, ch)


def _dash_targets(state: DawnState, seat: int, ab: Ability, ident: str, out: list[Action], ctx: str) -> None:
    if state.groups[seat].searching or live_combat(state) is not None:
        return
    b = state.board
    assert b is not None
    for sq in movement_squares(state, seat, ab.value):
        out.append(ActivateOn(ident, b.names[sq]))


def _dash(state: DawnState, seat: int, ab: Ability, name: str, action: Action, info: dict[str, object]) -> None:
    assert isinstance(action, ActivateOn)
    b = state.board
    assert b is not None
    dest = b.index[action.target]
    state.groups[seat].sq = dest
    state.emit("move", f"{title(seat)}: {name} — the group moves to {words.on_map(state, b.names[dest])}", {**info, "square": b.names[dest]})


#: the content's ability effect id -> its targets and resolution
ABILITY_EFFECTS: dict[str, AbilityEffect] = {
    "heal": AbilityEffect(_heal_targets, _heal),
    "straighten": AbilityEffect(_straighten_targets, _straighten),
    "repair": AbilityEffect(_repair_targets, _straighten),
    "rally": AbilityEffect(_always, _rally),
    "escape": AbilityEffect(_always, _escape),
    "shove": AbilityEffect(_shove_targets, _shove),
    "unblock": AbilityEffect(_unblock_targets, _unblock),
    "lure": AbilityEffect(_lure_targets, _lure),
    "pickpocket": AbilityEffect(_pickpocket_targets, _pickpocket),
    "last-rites": AbilityEffect(_last_rites_targets, _last_rites),
    "dash": AbilityEffect(_dash_targets, _dash),
}


# ==================================================================================================
# options and activation
# ==================================================================================================
def ability_actions(state: DawnState, seat: int, out: list[Action] | None, ctx: str) -> bool:
    """The activated abilities of the group's characters and skills whose cards are straightened,
    where their text allows (``when``: in a combat only, in the owner's turn only, or at any
    moment). With ``out`` None, only whether there is one."""
    g = state.groups[seat]
    if not g.chars:
        return False
    c = state.c
    char_abilities, skill_abilities = c.char_ability, c.skill_ability
    chars_used, skills_used = state.used_characters, state.used_skills
    probe: list[Action] = []
    dest = probe if out is None else out
    in_combat = ctx in (COMBAT, DUEL)
    own_turn = ctx == TURN
    for ch in g.chars:
        ab = char_abilities[ch]
        if ab is not None and not chars_used >> ch & 1 and (in_combat if ab.when == "combat" else own_turn or ab.when != "turn"):
            ABILITY_EFFECTS[ab.effect].targets(state, seat, ab, c.char_ids[ch], dest, ctx)
            if probe:
                return True
        for sk in state.char_skills[ch]:
            ab = skill_abilities[sk]
            if ab is not None and not skills_used >> sk & 1 and (in_combat if ab.when == "combat" else own_turn or ab.when != "turn"):
                ABILITY_EFFECTS[ab.effect].targets(state, seat, ab, c.skills[sk].id, dest, ctx)
                if probe:
                    return True
    return False


def activate(state: DawnState, seat: int, action: Activate | ActivateOn) -> None:
    """The card is turned (straightened at the start of the next round) and its text applied."""
    c = state.c
    ident = action.ability
    table, idx = c.ability_index[ident]
    if table == CHARACTER:
        state.used_characters |= 1 << idx
        name = c.characters[idx].name
    else:
        state.used_skills |= 1 << idx
        name = c.skills[idx].name
    ab = c.ability_of[ident]
    ABILITY_EFFECTS[ab.effect].resolve(state, seat, ab, name, action, {"seat": seat, "ability": ident})
