"""Missions completed by a choice (rulebook §Complete missions): those that cost something — items
discarded, Xp spent, a Pj left behind, an item given away, a Searched token burnt. Each kind's
options and resolution side by side, in a registry keyed by the content's mission kind. Missions that
cost nothing are completed as soon as they are met (:func:`effects.auto_missions`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from deadboard.core.action import Action
from deadboard.games.zombie_dawn.actions import Complete, CompleteGive, CompleteWith
from deadboard.games.zombie_dawn.content import COLOURS, MissionRec
from deadboard.games.zombie_dawn.death import release_character
from deadboard.games.zombie_dawn.effects import (
    can_part_with,
    colour,
    complete_mission,
    discard_item,
    give,
    has_room,
    holder,
    matches_tag,
    mission_met,
    take_away,
    title,
)
from deadboard.games.zombie_dawn.state import DawnState

#: options(state, seat, mission, rec, carried, out): the ways to complete it now
Options = Callable[[DawnState, int, int, MissionRec, "list[int]", "list[Action]"], None]
#: resolve(state, seat, rec, action): pay what it costs (the mission is then completed)
Resolve = Callable[[DawnState, int, MissionRec, Action], None]


@dataclass(frozen=True, slots=True)
class MissionKind:
    options: Options
    resolve: Resolve


def _met_options(state: DawnState, seat: int, m: int, rec: MissionRec, carried: list[int], out: list[Action]) -> None:
    if mission_met(state, seat, m, carried):
        out.append(Complete(rec.id))


def _discard(state: DawnState, seat: int, rec: MissionRec, action: Action) -> None:
    """Discard ``n`` carried items of the mission's tag."""
    assert rec.tag is not None
    c = state.c
    for it in [it for it in state.carried(seat) if matches_tag(c.item_recs[it], rec.tag)][: rec.n]:
        take_away(state, holder(state, it), it)
        discard_item(state, it)


def _spend_xp(state: DawnState, seat: int, rec: MissionRec, action: Action) -> None:
    state.groups[seat].xp -= rec.n


def _release_options(state: DawnState, seat: int, m: int, rec: MissionRec, carried: list[int], out: list[Action]) -> None:
    """At the mission's site, a group of two or more leaves one Pj behind."""
    b = state.board
    assert b is not None
    g = state.groups[seat]
    if b.site[g.sq] == rec.site and len(g.chars) >= 2:
        for ch in g.chars:
            out.append(CompleteWith(rec.id, state.c.characters[ch].id))


def _release(state: DawnState, seat: int, rec: MissionRec, action: Action) -> None:
    assert isinstance(action, CompleteWith)
    c = state.c
    ch = c.char_index[action.target]
    place = state.board.loc_name[state.groups[seat].sq] if state.board else ""
    state.emit("mission", f"{c.characters[ch].name} stays behind at the {place}", {"seat": seat})
    release_character(state, seat, ch)


def _give_options(state: DawnState, seat: int, m: int, rec: MissionRec, carried: list[int], out: list[Action]) -> None:
    """An item the group can part with, to a group next to it with room for it."""
    b = state.board
    assert b is not None
    c = state.c
    sq = state.groups[seat].sq
    for it in carried:
        if not can_part_with(state, holder(state, it), it):
            continue
        for t in range(state.cfg.players):
            tg = state.groups[t]
            if t != seat and tg.chars and b.adjacent(sq, tg.sq) and any(has_room(state, ch, it) for ch in tg.chars):
                out.append(CompleteGive(rec.id, c.item_names[it], COLOURS[t]))


def _give(state: DawnState, seat: int, rec: MissionRec, action: Action) -> None:
    assert isinstance(action, CompleteGive)
    c = state.c
    it = c.item_index[action.item]
    target = COLOURS.index(action.colour)
    take_away(state, holder(state, it), it)
    to = next(ch for ch in state.groups[target].chars if has_room(state, ch, it))
    give(state, to, it)
    state.emit("mission", f"{title(seat)} gives the {c.item_recs[it].name} to {c.characters[to].name} ({colour(target)})", {"seat": seat})


def _burn_options(state: DawnState, seat: int, m: int, rec: MissionRec, carried: list[int], out: list[Action]) -> None:
    """In a location, with fuel: another group's Searched token there."""
    b = state.board
    assert b is not None
    sq = state.groups[seat].sq
    if b.loc_count[sq] and any("fuel" in state.c.item_tags[it] for it in carried):
        for t in range(state.cfg.players):
            if t != seat and state.searched[sq] >> t & 1:
                out.append(CompleteWith(rec.id, COLOURS[t]))


def _burn(state: DawnState, seat: int, rec: MissionRec, action: Action) -> None:
    assert isinstance(action, CompleteWith)
    target = COLOURS.index(action.target)
    fuel = next(it for it in state.carried(seat) if matches_tag(state.c.item_recs[it], "fuel"))
    take_away(state, holder(state, fuel), fuel)
    discard_item(state, fuel)
    state.searched[state.groups[seat].sq] &= ~(1 << target)
    state.emit("mission", f"{title(seat)} burns the {colour(target)} group's Searched token", {"seat": seat})


#: the content's mission kind (those with a cost) -> its options and what it costs
MISSION_KINDS: dict[str, MissionKind] = {
    "discard": MissionKind(_met_options, _discard),
    "spend-xp": MissionKind(_met_options, _spend_xp),
    "release": MissionKind(_release_options, _release),
    "give": MissionKind(_give_options, _give),
    "burn": MissionKind(_burn_options, _burn),
}


def mission_actions(state: DawnState, seat: int, out: list[Action]) -> None:
    """Missions completed by a choice (they cost something)."""
    g = state.groups[seat]
    if not g.chars:
        return
    c = state.c
    costly = c.mission_costly
    carried: list[int] | None = None
    for m in g.missions:
        if not costly[m]:
            continue
        rec = c.missions[m]
        if carried is None and rec.kind != "release":
            carried = state.carried(seat)
        MISSION_KINDS[rec.kind].options(state, seat, m, rec, carried or [], out)


def complete(state: DawnState, seat: int, action: Complete | CompleteWith | CompleteGive) -> None:
    m = state.c.mission_index[action.mission]
    rec = state.c.missions[m]
    MISSION_KINDS[rec.kind].resolve(state, seat, rec, action)
    complete_mission(state, seat, m)
