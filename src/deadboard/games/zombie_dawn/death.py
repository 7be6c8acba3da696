"""Life or Death and the death of characters (rulebook §Life or Death, §Death of Characters): the
roll, a Pj's death and the share-out of its items, a wiped-out group's new start, and a Pj leaving
its group alive (a mission's, or Last Rites). The damage that kills, and the save of a Pj taking its
4th, are in :mod:`.wounds`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from mypy_extensions import mypyc_attr

from deadboard.core.kernel import Choice, Steps, classvars
from deadboard.games.zombie_dawn import words
from deadboard.games.zombie_dawn.actions import Camp
from deadboard.games.zombie_dawn.content import COLOURS
from deadboard.games.zombie_dawn.effects import colour, discard_item, end_combat, give, lod_modifier, title
from deadboard.games.zombie_dawn.flow import FOR_GROUP, ForGroup, StepForm, plain, push
from deadboard.games.zombie_dawn.items import TakeItems
from deadboard.games.zombie_dawn.state import NO_VEHICLE, OVER, DawnState, Group


@mypyc_attr(native_class=False)  # a mixin of steps, which are ordinary Python classes where compiled
class Dying(ForGroup):
    """A decision about a Pj that has taken its 4th damage and dies unless its group saves it
    (``character``; :class:`.wounds.SaveCharacter`): it goes away when the Pj leaves its group in
    peace meanwhile (:func:`leave_in_peace`)."""

    __slots__ = ()

    character: int


#: Dying for ``isinstance`` in compiled code (as :data:`.flow.FOR_GROUP`)
_DYING: type = Dying


def life_or_death(state: DawnState, ch: int, why: str) -> bool:
    """Roll 1D6 plus the modifiers; zero or less and the character dies. True if it survived."""
    mod = lod_modifier(state, ch)
    roll = state.rng.d6()
    total = roll + mod
    name = state.c.characters[ch].name
    ok = total > 0
    state.emit_format("roll", "Life or Death ({}): {} rolls {}{:+d} = {}: {}", (why, name, roll, mod, total, "survives" if ok else "dies"),
                      {"roll": roll, "modifier": mod, "total": total, "success": ok})
    if not ok:
        kill(state, ch, "Life or Death")
    return ok


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
    state.emit_format("death", "{} ({}) dies: {}", (c.characters[ch].name, COLOURS[seat], cause), {"character": c.characters[ch].id, "seat": seat})
    if killer >= 0:
        if items:
            push(state, TakeItems(killer, "loot", tuple(items), 0))
    elif g.chars and items:
        push(state, TakeItems(seat, "death", tuple(items), 0))
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
    state.drop(lambda step: isinstance(step, FOR_GROUP) and cast(Any, step).void(state, seat))
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
        if isinstance(step, FOR_GROUP):
            cast(Any, step).discard_held(state)
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
        push(state, TakeItems(seat, "death", tuple(items), 0))
    state.char_deck.put_bottom(ch)
    state.rng.shuffle(state.char_deck.cards)


def leave_in_peace(state: DawnState, seat: int, ch: int) -> None:
    """A Pj leaves its group alive (Last Rites): a save of it still to decide goes away, and it is
    released as by a mission (:func:`release_character`)."""
    state.drop(lambda step: isinstance(step, _DYING) and cast(Any, step).character == ch)
    release_character(state, seat, ch)


# ==================================================================================================
# a wiped-out group starts again
# ==================================================================================================
@classvars(kind="respawn")
@dataclass(slots=True)
class Respawn(StepForm, Choice[DawnState, Camp]):
    """A wiped-out group's new character starts from the tent or a location it searched."""

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
        state.emit_format("move", "The new {} group starts from {}", (COLOURS[seat], words.OnMap(b, sq)), {"seat": seat, "square": b.names[sq]})
        return ()

    def prompt(self, state: DawnState) -> str:
        return f"{title(self.seat)}: where does your new group start?"

    def old(self) -> list[Any]:
        return plain("respawn", self.seat)
