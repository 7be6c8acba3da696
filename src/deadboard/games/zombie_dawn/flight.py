"""Fleeing a combat (rulebook §Flee from a Combat, Blocked Access): paid with an action card or an
Xp, the combat ends, the zombies are discarded, and the opponent who started it places the group on
an adjacent square; a blocked group must first Unblock."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deadboard.core.kernel import Choice, Steps, classvars
from deadboard.games.zombie_dawn import items as items_rules
from deadboard.games.zombie_dawn import words
from deadboard.games.zombie_dawn.actions import XP, Flee, PlaceGroup
from deadboard.games.zombie_dawn.content import COLOURS
from deadboard.games.zombie_dawn.effects import (
    TITLES,
    colour,
    discard_from_hand,
    end_combat,
    give_search_xp,
    group_modifier,
    hand_card,
    title,
)
from deadboard.games.zombie_dawn.flow import StepForm, plain, push
from deadboard.games.zombie_dawn.state import DawnState
from deadboard.games.zombie_dawn.zombies import make_noise

#: what a die must show (with Unblock bonuses) to unblock
UNBLOCK_ROLL = 6


def flee(state: DawnState, seat: int, how: str) -> None:
    """Rulebook §Flee from a Combat: the combat ends, the zombies are discarded, and the opponent who
    started it places the group on an adjacent square. Fleeing a Location being searched ends the
    search: the token, 1 Xp, and only one found item may be taken."""
    cb = state.combat
    assert cb is not None
    g = state.groups[seat]
    state.emit_format("flee", "{} flees the combat ({})", (TITLES[seat], how), {"seat": seat})
    chooser = cb.enemy if cb.duel and seat == cb.group else cb.group if cb.duel else cb.starter
    end_combat(state, won=False)
    b = state.board
    assert b is not None
    taken = state.occupied()
    options = tuple(sq for sq in b.orth[g.sq] if sq not in taken)
    found: tuple[int, ...] = ()
    if g.searching:  # the location is left: its token and Xp, and one item (taken before moving)
        found = tuple(g.found)
        g.found = []
        give_search_xp(state, seat)
    if options:
        if chooser >= 0 and len(options) > 1:
            push(state, FleePlace(chooser, seat, options))
        else:
            dest = options[0] if len(options) == 1 else options[state.rng.below(len(options))]
            place_fled(state, seat, dest)
    if found:
        push(state, items_rules.TakeItems(seat, "flee", found, 0))


def place_fled(state: DawnState, seat: int, sq: int) -> None:
    b = state.board
    assert b is not None
    state.groups[seat].sq = sq
    state.emit_format("move", "The {} group is driven to {}", (COLOURS[seat], words.OnMap(b, sq)), {"seat": seat, "square": b.names[sq]})


def unblock(state: DawnState, seat: int) -> None:
    """Rulebook §Flee (Blocked Access): 6+ on a die (plus Unblock bonuses) and the group may flee;
    otherwise it must fight to the end. An item used to unblock makes its Noise (rulebook §Noise)."""
    cb = state.combat
    assert cb is not None
    bonus = group_modifier(state, seat, "unblock")
    roll = state.rng.d6()
    ok = roll + bonus >= UNBLOCK_ROLL
    cb.unblock_tried = True
    if ok:
        cb.blocked = False
    state.emit("roll", f"{title(seat)} tries to Unblock: {roll}{bonus:+d} — {'free to flee' if ok else 'still blocked: fight to the end'}",
               {"roll": roll, "modifier": bonus, "need": UNBLOCK_ROLL, "success": ok})
    recs = state.c.item_recs
    tool, best = -1, 0
    for it in state.carried(seat):
        u = state.c.inst_mods[it].get("unblock", 0)
        if u > best:
            tool, best = it, u
    if tool >= 0 and recs[tool].noise and tool not in cb.noise_done:
        cb.noise_done = (*cb.noise_done, tool)
        make_noise(state, seat, recs[tool].noise, cb.starter, recs[tool].name, own=True)




def pay_flee(state: DawnState, seat: int, action: Flee) -> str:
    """Rulebook §Flee from a Combat: an action card discarded, or an Xp. Returns how it was paid."""
    if action.payment == XP:
        state.groups[seat].xp -= 1
        return "an Xp"
    discard_from_hand(state, seat, hand_card(state, seat, action.payment))
    return "a discarded card"


@classvars(kind="flee-place")
@dataclass(slots=True)
class FleePlace(StepForm, Choice[DawnState, PlaceGroup]):
    """The opponent who started the combat places the fleeing group on a free adjacent square."""

    seat: int
    group: int
    options: tuple[int, ...]

    def actions(self, state: DawnState) -> list[PlaceGroup]:
        b = state.board
        assert b is not None
        return [PlaceGroup(b.names[sq]) for sq in self.options]

    def apply(self, state: DawnState, action: PlaceGroup) -> Steps:
        b = state.board
        assert b is not None
        place_fled(state, self.group, b.index[action.square])
        return ()

    def prompt(self, state: DawnState) -> str:
        return f"{title(self.seat)}: where does the fleeing {colour(self.group)} group end up?"

    def old(self) -> list[Any]:
        return plain("flee-place", self.seat, self.group, self.options)
