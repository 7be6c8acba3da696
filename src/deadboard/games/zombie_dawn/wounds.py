"""Damage (rulebook §Damage, §Attack, §Life or Death): the damage cards a group places on its Pjs, the
Life or Death rolls it chooses who makes (Tough zombies), and the save of a Pj taking its 4th damage
("it dies immediately unless it is cancelled or avoided by some means (Ex. Medicine)") — with an item,
a card or an ability, or death. The rolls themselves and death are in :mod:`.death`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deadboard.core.action import Action
from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.games.zombie_dawn import abilities as ability_rules
from deadboard.games.zombie_dawn import cards as card_rules
from deadboard.games.zombie_dawn import items as items_rules
from deadboard.games.zombie_dawn.actions import DIE, ActivateOn, Die, PlayOn, Roll, UseOn, Wound
from deadboard.games.zombie_dawn.death import Dying, kill, life_or_death
from deadboard.games.zombie_dawn.effects import (
    ANY_HEAL,
    DEATH_DAMAGE,
    hand_kinds,
    removable,
    title,
)
from deadboard.games.zombie_dawn.flow import WINDOW, ForGroup, plain, push
from deadboard.games.zombie_dawn.state import DawnState


def place_damage(state: DawnState, seat: int, ch: int, d: int, killer: int = -1) -> None:
    """A damage card on a character (chosen by the group's owner). The 4th kills unless the group
    removes one at once with Food or Medicine (the ``save`` decision)."""
    c = state.c
    state.char_damage[ch] = (*state.char_damage[ch], d)
    rec = c.damages[c.damage_cards[d]]
    state.emit_format("damage", "{} takes {} ({} damage)", (c.characters[ch].name, rec.name, len(state.char_damage[ch])),
                      {"character": c.characters[ch].id, "damage": rec.id})
    if len(state.char_damage[ch]) >= DEATH_DAMAGE:
        if save_options(state, seat, ch):
            push(state, SaveCharacter(seat, ch, killer))
        else:
            kill(state, ch, "a 4th damage", killer)


def save_options(state: DawnState, seat: int, ch: int) -> bool:
    """Whether anything could keep a dying character alive: an item or a card (Second Wind) that
    removes one of its damages, or a ready ability that heals it or lets it leave in peace."""
    c = state.c
    recs = c.item_recs
    for it in state.carried(seat):
        r = recs[it]
        if r.kind == "heal" and removable(state, ch, r.heals):
            return True
    curable = bool(removable(state, ch, ANY_HEAL))
    if curable:
        arecs = c.action_recs
        if any(arecs[k].effect == "heal" for k in state.groups[seat].hand):
            return True
    chars = state.groups[seat].chars
    for other in chars:
        abilities = [(c.char_ability[other], state.used_characters >> other & 1)]
        abilities.extend((c.skill_ability[sk], state.used_skills >> sk & 1) for sk in state.char_skills[other])
        for ab, used in abilities:
            if ab is None or used or ab.when != "any":
                continue
            if (ab.effect == "heal" and curable) or (ab.effect == "last-rites" and len(chars) >= 2
                                                      and len(state.char_damage[ch]) >= ab.value):
                return True
    return False


# ==================================================================================================
# the decisions
# ==================================================================================================
@dataclass(slots=True)
class Damage(ForGroup, Auto[DawnState]):
    """``count`` damage cards for the group to place, the next one drawn when the step is reached
    (``killer``: the group that dealt them in a combat between groups, else -1)."""

    seat: int
    count: int
    killer: int = -1

    def run(self, state: DawnState) -> Steps:
        if not state.groups[self.seat].chars:
            return ()
        card = state.damage.draw(state.rng)
        if card is None:
            return ()
        return (PlaceDamage(self.seat, self.count, self.killer, card),)

    def old(self) -> list[Any]:
        return plain("damage", self.seat, self.count, self.killer, -1)


@classvars(kind="damage")
@dataclass(slots=True)
class PlaceDamage(ForGroup, Choice[DawnState, Wound]):
    """The group's owner places the damage card drawn on one of its Pjs (rulebook §Attack)."""

    seat: int
    count: int
    killer: int
    card: int

    def actions(self, state: DawnState) -> list[Wound]:
        ids = state.c.char_ids
        return [Wound(ids[ch]) for ch in state.groups[self.seat].chars]

    def apply(self, state: DawnState, action: Wound) -> Steps:
        if self.count > 1:
            push(state, Damage(self.seat, self.count - 1, self.killer))
        place_damage(state, self.seat, state.c.char_index[action.character], self.card, self.killer)
        return ()

    def prompt(self, state: DawnState) -> str:
        c = state.c
        return f"{title(self.seat)}: place the {c.damages[c.damage_cards[self.card]].name} on a Pj ({self.count} to place)"

    def old(self) -> list[Any]:
        return plain("damage", self.seat, self.count, self.killer, self.card)

    def discard_held(self, state: DawnState) -> None:
        state.damage.discard(self.card)


@classvars(kind="lodpick")
@dataclass(slots=True)
class LifeOrDeathPick(ForGroup, Choice[DawnState, Roll]):
    """Zombies that call for Life or Death rolls (Tough): the owner picks who rolls, one at a time."""

    seat: int
    count: int

    def actions(self, state: DawnState) -> list[Roll]:
        ids = state.c.char_ids
        return [Roll(ids[ch]) for ch in state.groups[self.seat].chars]

    def apply(self, state: DawnState, action: Roll) -> Steps:
        if self.count > 1:
            push(state, LifeOrDeathPick(self.seat, self.count - 1))
        life_or_death(state, state.c.char_index[action.character], "Tough")
        return ()

    def prompt(self, state: DawnState) -> str:
        return f"{title(self.seat)}: which Pj makes the Life or Death roll?"

    def old(self) -> list[Any]:
        return plain("lodpick", self.seat, self.count)


@classvars(kind="save")
@dataclass(slots=True)
class SaveCharacter(Dying, Choice[DawnState, Action]):
    """A Pj takes its 4th damage: it dies "unless it is cancelled or avoided by some means (Ex.
    Medicine)" (rulebook §Attack) — an item, a card (Second Wind) or an ability that removes a
    damage from it (or the Preacher's Last Rites) — or ``die``."""

    seat: int
    character: int
    killer: int

    def actions(self, state: DawnState) -> list[Action]:
        seat, ch = self.seat, self.character
        c = state.c
        cid = c.char_ids[ch]
        out: list[Action] = []
        recs = c.item_recs
        for it in state.carried(seat):
            r = recs[it]
            if r.kind == "heal" and removable(state, ch, r.heals):
                out.append(UseOn(c.item_names[it], cid))
        if removable(state, ch, ANY_HEAL):
            arecs = c.action_recs
            for k in hand_kinds(state, seat):
                if arecs[k].effect == "heal":
                    out.append(PlayOn(arecs[k].id, cid))
        abilities: list[Action] = []
        ability_rules.ability_actions(state, seat, abilities, WINDOW)
        for a in abilities:
            if isinstance(a, ActivateOn) and a.target == cid and c.ability_of[a.ability].effect in ("heal", "last-rites"):
                out.append(a)
        out.append(DIE)
        return out

    def apply(self, state: DawnState, action: Action) -> Steps:
        seat = self.seat
        if isinstance(action, Die):
            kill(state, self.character, "a 4th damage", self.killer)
        elif isinstance(action, PlayOn):
            card_rules.play_card(state, seat, action)
        elif isinstance(action, ActivateOn):
            ability_rules.activate(state, seat, action)
        else:
            assert isinstance(action, UseOn)
            items_rules.use_item(state, seat, action, ())
        return ()

    def prompt(self, state: DawnState) -> str:
        return f"{title(self.seat)}: {state.c.characters[self.character].name} has 4 damage — remove one now or die"

    def old(self) -> list[Any]:
        return plain("save", self.seat, self.character, self.killer)
