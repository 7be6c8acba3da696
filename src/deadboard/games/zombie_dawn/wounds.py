"""Damage, Life or Death and the death of characters (rulebook §Damage, §Life or Death, §Death of
Characters): the damage a group places on its Pjs, the rolls it chooses who makes, the save of a Pj
taking its 4th damage, and a wiped-out group's new start."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from deadboard.core.action import Action
from deadboard.core.kernel import Auto, Choice, Step, Steps
from deadboard.games.zombie_dawn import abilities as ability_rules
from deadboard.games.zombie_dawn import cards as card_rules
from deadboard.games.zombie_dawn import items as items_rules
from deadboard.games.zombie_dawn import words
from deadboard.games.zombie_dawn.actions import DIE, ActivateOn, Camp, Die, PlayOn, Roll, UseOn, Wound
from deadboard.games.zombie_dawn.effects import (
    ANY_HEAL,
    DEATH_DAMAGE,
    colour,
    damage_name,
    discard_item,
    end_combat,
    give,
    hand_kinds,
    lod_modifier,
    removable,
    title,
)
from deadboard.games.zombie_dawn.flow import WINDOW, StepForm, plain, push
from deadboard.games.zombie_dawn.state import NO_VEHICLE, OVER, DawnState, Group


def life_or_death(state: DawnState, ch: int, why: str) -> bool:
    """Roll 1D6 plus the modifiers; zero or less and the character dies. True if it survived."""
    mod = lod_modifier(state, ch)
    roll = state.rng.d6()
    total = roll + mod
    name = state.c.characters[ch].name
    ok = total > 0
    state.emit("roll", f"Life or Death ({why}): {name} rolls {roll}{mod:+d} = {total}: {'survives' if ok else 'dies'}",
               {"roll": roll, "modifier": mod, "total": total, "success": ok})
    if not ok:
        kill(state, ch, "Life or Death")
    return ok


def place_damage(state: DawnState, seat: int, ch: int, d: int, killer: int = -1) -> None:
    """A damage card on a character (chosen by the group's owner). The 4th kills unless the group
    removes one at once with Food or Medicine (the ``save`` decision)."""
    state.char_damage[ch] = (*state.char_damage[ch], d)
    name = state.c.characters[ch].name
    state.emit("damage", f"{name} takes {damage_name(state, d)} ({len(state.char_damage[ch])} damage)",
               {"character": state.c.characters[ch].id, "damage": state.c.damages[state.c.damage_cards[d]].id})
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


def _take_out(state: DawnState, g: Group, ch: int) -> tuple[int, ...]:
    """Take character ``ch`` out of group ``g`` (dead, or discarded by a mission): its damage cards
    to the discard; returns the items it carried, which it no longer holds."""
    g.chars.remove(ch)
    _leave(state, g, ch)
    for d in state.char_damage[ch]:
        state.damage.discard(d)
    state.char_damage[ch] = ()
    items = state.char_items[ch]
    state.char_items[ch] = ()
    return tuple(items)


def kill(state: DawnState, ch: int, cause: str, killer: int = -1) -> None:
    """Rulebook §Death of Characters. ``killer`` is the opposing group in a combat between groups
    (it may keep the dead character's items)."""
    seat = state.owner_of_char(ch)
    if seat < 0:
        return
    g = state.groups[seat]
    c = state.c
    items = _take_out(state, g, ch)
    g.dead.append(ch)
    state.emit("death", f"{c.characters[ch].name} ({colour(seat)}) dies: {cause}", {"character": c.characters[ch].id, "seat": seat})
    if killer >= 0:
        if items:
            push(state, items_rules.TakeItems(killer, "loot", tuple(items), 0))
    elif g.chars and items:
        push(state, items_rules.TakeItems(seat, "death", tuple(items), 0))
    else:
        for it in items:
            discard_item(state, it)
    if not g.chars:
        wipe_out(state, seat)


def _leave(state: DawnState, g: Group, ch: int) -> None:
    """A character leaves its group: its skills go to the Victory Points pile, and its cards are
    straightened (a character drawn again later comes with its ability ready)."""
    skills = state.char_skills[ch]
    g.vp_skills.extend(skills)
    state.used_characters &= ~(1 << ch)
    for sk in skills:
        state.used_skills &= ~(1 << sk)
    state.char_skills[ch] = ()


def wipe_out(state: DawnState, seat: int) -> None:
    """The last character died: the group's combat and search end; items and vehicle are discarded;
    a new character with a special item starts again from the tent or a searched location."""
    g = state.groups[seat]
    # damage still to place on this group, and decisions about its dead, go away: "all its Items
    # ... go to the corresponding discard decks" (rulebook §Death of Characters), and so does a
    # damage card drawn and not yet placed
    state.drop(lambda step: _void(state, step, seat))
    cb = state.combat
    if cb is not None and not cb.ended and (cb.group == seat or (cb.duel and cb.enemy == seat)):
        end_combat(state, won=False)
    for it in g.found:
        discard_item(state, it)
    g.found = []
    g.searching = False
    if g.vehicle != NO_VEHICLE:
        state.actions.discard(g.vehicle)
        g.vehicle = NO_VEHICLE
        g.vehicle_turned = False
    if state.cfg.solo:
        state.phase = OVER
        state.reason = "group-dead"
        clear_stack(state)
        state.emit("end", "The whole group is dead: the game is lost", {"reason": "group-dead"})
        return
    if new_character(state, seat, special=True) < 0:
        g.sq = -1  # no character is left to start again: the group leaves the map
        state.emit("character", f"No character is left for the {colour(seat)} player: its group leaves the map", {"seat": seat})
        return
    push(state, Respawn(seat))


def clear_stack(state: DawnState) -> None:
    """The game is over: what was still to be settled is not, and its cards go to their discard
    piles ("The remaining cards ... are Discarded", rulebook §End of Game)."""
    for step in state.steps:
        if isinstance(step, items_rules.TakeItems):
            for it in step.pool:
                discard_item(state, it)
        elif isinstance(step, PlaceDamage):
            state.damage.discard(step.card)
    state.end()


def new_character(state: DawnState, seat: int, special: bool) -> int:
    """The top character of the deck joins the group (with a special item when ``special``)."""
    ch = state.char_deck.draw()
    if ch is None:
        return -1
    g = state.groups[seat]
    g.chars.append(ch)
    text = f"{state.c.characters[ch].name} joins the {colour(seat)} group"
    if special:
        it = state.specials.draw(state.rng)
        if it is not None:
            give(state, ch, it)
            text += f" with the {state.c.item_recs[it].name}"
    state.emit("character", text, {"seat": seat, "character": state.c.characters[ch].id})
    return ch


def respawn_squares(state: DawnState, seat: int) -> list[int]:
    """The tent or any Location with a Searched token of the group's colour, if free."""
    b = state.board
    assert b is not None
    taken = {g.sq for g in state.groups if g.seat != seat}  # the dead group's token is picked up
    bit = 1 << seat
    out = [sq for sq in b.locations if state.searched[sq] & bit and sq not in taken]
    tent = b.tent_sq[seat]
    if tent not in taken:
        out.insert(0, tent)
    return out


def release_character(state: DawnState, seat: int, ch: int) -> None:
    """A character discarded by a mission: back into the character deck, which is shuffled; its
    skills go to the Victory Points pile, its items to the other characters or the discard."""
    g = state.groups[seat]
    items = _take_out(state, g, ch)
    if items:
        push(state, items_rules.TakeItems(seat, "death", tuple(items), 0))
    state.char_deck.put_bottom(ch)
    state.rng.shuffle(state.char_deck.cards)


# ==================================================================================================
# the decisions
# ==================================================================================================
@dataclass(slots=True)
class Damage(StepForm, Auto[DawnState]):
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


@dataclass(slots=True)
class PlaceDamage(StepForm, Choice[DawnState, Wound]):
    """The group's owner places the damage card drawn on one of its Pjs (rulebook §Attack)."""

    kind: ClassVar[str] = "damage"
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


@dataclass(slots=True)
class LifeOrDeathPick(StepForm, Choice[DawnState, Roll]):
    """Zombies that call for Life or Death rolls (Tough): the owner picks who rolls, one at a time."""

    kind: ClassVar[str] = "lodpick"
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


@dataclass(slots=True)
class SaveCharacter(StepForm, Choice[DawnState, Action]):
    """A Pj takes its 4th damage: it dies "unless it is cancelled or avoided by some means (Ex.
    Medicine)" (rulebook §Attack) — an item, a card (Second Wind) or an ability that removes a
    damage from it (or the Preacher's Last Rites) — or ``die``."""

    kind: ClassVar[str] = "save"
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


@dataclass(slots=True)
class Respawn(StepForm, Choice[DawnState, Camp]):
    """A wiped-out group's new character starts from the tent or a location it searched."""

    kind: ClassVar[str] = "respawn"
    seat: int

    def actions(self, state: DawnState) -> list[Camp]:
        b = state.board
        assert b is not None
        return [Camp(b.names[sq]) for sq in respawn_squares(state, self.seat)]

    def apply(self, state: DawnState, action: Camp) -> Steps:
        seat = self.seat
        b = state.board
        assert b is not None
        sq = b.index[action.square]
        state.groups[seat].sq = sq
        state.emit("move", f"The new {colour(seat)} group starts from {words.on_map(state, b.names[sq])}", {"seat": seat, "square": b.names[sq]})
        return ()

    def prompt(self, state: DawnState) -> str:
        return f"{title(self.seat)}: where does your new group start?"

    def old(self) -> list[Any]:
        return plain("respawn", self.seat)


#: the decisions about a group that go away with it when it is wiped out
_OWN = (Damage, PlaceDamage, SaveCharacter, LifeOrDeathPick)
#: the share-outs of items that go to the discard when the group they were for is wiped out
_LOST_ITEMS = ("death", "search", "flee")


def _void(state: DawnState, step: Step[Any], seat: int) -> bool:
    """Whether ``step`` goes away with group ``seat`` wiped out: damage still to place on it and
    decisions about its dead, "all its Items ... go to the corresponding discard decks" (rulebook
    §Death of Characters), and so does a damage card drawn and not yet placed."""
    if isinstance(step, (*_OWN, card_rules.DiscardCards)):
        if step.seat != seat:
            return False
        if isinstance(step, PlaceDamage):
            state.damage.discard(step.card)
        return True
    if isinstance(step, items_rules.TakeItems) and step.seat == seat and step.context in _LOST_ITEMS:
        for it in step.pool:
            discard_item(state, it)
        return True
    return False
