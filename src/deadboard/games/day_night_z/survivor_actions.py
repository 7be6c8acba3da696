"""Rulebook §4: a survivor's activation — the Turn decision, the legal actions of the Action summary
and their resolution (moving and exploring in movement.py, searching in searching.py, the inventory in
inventory.py, combat in combat.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Final

from deadboard.core.action import Action
from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.games.day_night_z import actions as A
from deadboard.games.day_night_z import phrases, skill_effects
from deadboard.games.day_night_z.adventure import check_end
from deadboard.games.day_night_z.cards import CARD_STEPS
from deadboard.games.day_night_z.combat import (
    SweepChoice,
    attack_options,
    perform_attack,
    sweep_targets,
    throw,
    throw_targets,
)
from deadboard.games.day_night_z.concepts import check, corpse_roll, gain_stress, heal
from deadboard.games.day_night_z.enemies import tracing
from deadboard.games.day_night_z.inventory import (
    MakeRoom,
    Reorganizing,
    held,
    overloaded,
    place,
    release,
    reorganizable,
)
from deadboard.games.day_night_z.lowering import lower, offer
from deadboard.games.day_night_z.movement import (
    MOVES,
    enter_location,
    explore,
    leave,
    move,
    parse_spot,
    spot_name,
    trace_move,
    unexplored,
)
from deadboard.games.day_night_z.offers import (
    at_spot,
    carried,
    city_moves,
    enter_action,
    leave_action,
    leaves,
    open_moves,
    own,
    search_item_action,
    tile_moves,
    use_action,
)
from deadboard.games.day_night_z.search import search_corpse, search_item, search_zone, use
from deadboard.games.day_night_z.spawn import enemy_profile, leave_check
from deadboard.games.day_night_z.state import DNZState, Survivor, TileInPlay


@classvars(kind="turn")
@dataclass(slots=True)
class Turn(Choice[DNZState, Any]):
    """A survivor's activation: his actions until he stops or his AP are spent."""

    seat: int
    who: str
    full: int  # the AP he began with (complete-turn actions need them all unspent)
    reserve: bool = False

    def actions(self, state: DNZState) -> list[Any]:
        s = state.survivor(self.who)
        if s.dead:
            return []
        return legal(state, s, self)

    def apply(self, state: DNZState, action: Any) -> Steps:
        s = state.survivor(self.who)
        after = perform(state, s, action, self)
        check_end(state)
        if state.over or s.dead:
            return ()
        if after is None:  # the activation is over
            finish(state, s, self.reserve)
            return ()
        if s.ap <= 0 and not after:
            finish(state, s, self.reserve)
            return ()
        if after and isinstance(after[0], CARD_STEPS):
            return (*after, Resume(self))
        return (*after, self) if after else (self,)

    def prompt(self, state: DNZState) -> str:
        return phrases.activation_prompt(state, state.survivor(self.who), self.reserve)


def turn_step(seat: int, who: str, full: int, reserve: bool = False) -> Turn:
    """A survivor's activation with ``full`` AP, one Turn for each: steps are values, never changed
    once made, and a step class is made in Python (each one made costs as much as a prompt)."""
    key = (seat, who, full, reserve)
    found = _TURNS.get(key)
    if found is None:
        found = _TURNS[key] = Turn(seat, who, full, reserve)
    return found


_TURNS: Final[dict[tuple[int, str, int, bool], Turn]] = {}


@dataclass(slots=True)
class Resume(Auto[DNZState]):
    """The activation after a card's effects that waited for a decision: it ends if the card ended
    it or the AP are spent, else goes on."""

    turn: Turn

    def run(self, state: DNZState) -> Steps:
        s = state.survivor(self.turn.who)
        check_end(state)
        if state.over or s.dead:
            return ()
        if s.halted or s.ap <= 0:
            s.halted = False
            finish(state, s, self.turn.reserve)
            return ()
        return (self.turn,)


def finish(state: DNZState, s: Survivor, reserve: bool = False) -> None:
    """The activation ends: AP left go to the reserve; a survivor whose movement ended in a street
    zone free of creatures and without a tile draws a city encounter card. The reserve spent in the
    City Encounter phase (``reserve``) is no activation: what is left of it is lost and no card is
    drawn ("If any survivor drew a City Encounter card during his activation, it is time to solve
    it")."""
    if reserve:
        s.reserve = s.ap = 0
        s.encounter = False
        return
    s.reserve, s.ap = s.ap, 0
    if s.encounter and not s.tile and not s.dead:
        state.pending.append(s.id)
        state.emit("encounter-drawn", f"{s.name} draws a city encounter card", {"who": s.id})
    s.encounter = False


def legal(state: DNZState, s: Survivor, turn: Turn) -> list[Any]:
    who = s.id
    mine = own(who)
    out: list[Any] = [mine.end]
    yes = (False, True) if s.sp > 0 else (False,)
    untouched = s.ap == turn.full and not turn.reserve
    cards = carried(state.content)
    if s.ap > 0:
        if not s.tile:
            out.extend(city_moves(state.board, who, s.zone))
        else:
            tile = state.tiles[s.tile]
            _tile_moves_and_fights(state, s, tile, yes, out)
            _tile_searches(state, s, tile, yes, untouched, out)
        if untouched:
            out.append(mine.rest)
        if reorganizable(state, s):
            out.append(mine.reorganize)
        recipes = cards.recipes
        if recipes and _carries_any(s, cards.components):
            items = set(s.items)
            for cid, components in recipes:
                if components <= items:
                    out.append(A.Combine(who, cid))
    # free actions
    if s.tile:
        tile = state.tiles[s.tile]
        # the zones of a location are a chain: each explored from the exit of the one before
        if (
            tile.slot
            and s.cell == tile.geo.exit
            and tile.geo.exit not in tile.links
            and unexplored(state, tile)
        ):
            out.append(mine.explore)
    consumables = cards.consumables
    if _carries_any(s, consumables):
        for item in dict.fromkeys(s.items):
            if item in consumables and usable(state, s, item):
                out.append(use_action(who, item))
    if s.supplies > 0 and s.health < state.sheets[who].health:
        out.append(mine.supply)
    if s.sp > 0:
        lowering = offer(state, s)
        if lowering is not None:
            out.append(lowering)
    if s.battery > 0 and s.lit <= 0 and state.night:
        lights = cards.lights
        if s.weapon in lights or s.off in lights:
            out.append(mine.light)
    return out


def _carries_any(s: Survivor, cards: frozenset[str]) -> bool:
    """Whether the survivor carries one of ``cards`` (a loop over his few cards: asked at every
    decision, where a method call on the set costs more)."""
    for item in s.items:  # noqa: SIM110
        if item in cards:
            return True
    return False


def _tile_moves_and_fights(
    state: DNZState, s: Survivor, tile: TileInPlay, yes: tuple[bool, ...], out: list[Any]
) -> None:
    """On a tile: to a subzone, across a link to the next tile or out by the exit; attack, throw,
    take a defensive position, jump."""
    who, here, cell, geo = s.id, s.tile, s.cell, tile.geo
    obstacles = state.move_obstacles(here)
    if s.hidden or not state.enemy_at(here, cell):  # no enemy to leave (movement.needs_escape)
        sps: tuple[bool, ...] = (False,)
        if obstacles:
            row = tile_moves(who, here, False)
            out.extend([row[c] for c in geo.moves(cell, obstacles)])
        else:
            out.extend(open_moves(who, here, geo, cell))
    else:
        sps = yes
        rows = [tile_moves(who, here, sp) for sp in sps]
        for c in geo.moves(cell, obstacles):
            for row in rows:
                out.append(row[c])
    link = tile.links.get(cell)
    if link is not None and link[0] in state.tiles and link[1] not in state.move_obstacles(link[0]):
        for sp in sps:
            out.append(tile_moves(who, link[0], sp)[link[1]])
    if cell == geo.exit and (not tile.slot or tile.index == 0):
        if tile.slot:
            out.append(leave_action(who, tile.zone))
        else:
            out.extend(leaves(state.board, who, tile.zone))
            slot = state.board.zones[tile.zone].slot
            if slot and not state.locations[slot].tiles:
                out.append(enter_action(who, slot))
    out.extend(attack_options(state, s, yes))
    for at in throw_targets(state, s):
        for sp in yes:
            out.append(A.Throw(who, at, sp))
    if not s.defensive:
        out.append(own(who).defend)
    if tile.geo.terrain[s.cell] == "j":
        jump = own(who).jump
        out.extend([jump[sp] for sp in yes])


def _tile_searches(
    state: DNZState, s: Survivor, tile: TileInPlay, yes: tuple[bool, ...], untouched: bool, out: list[Any]
) -> None:
    """On a tile: corpses (search, hide), search markers, the fallen's equipment, the zone, traps."""
    who = s.id
    # most tiles have no corpse, search marker, searchable terrain, vehicle or fallen's equipment
    if tile.corpses or tile.search_marks or tile.crossed or tile.markers or tile.geo.searchable:
        _searches_near(state, s, tile, yes, out)
    searchable = untouched and tile.slot and tile.index not in state.locations[tile.slot].searched
    if searchable and not any(e.tile == s.tile for e in state.enemies):
        search_zone = own(who).search_zone
        out.extend([search_zone[sp] for sp in yes])
    if TRAP_BASE in s.items:
        cells = (s.cell, *tile.geo.moves(s.cell, set()))
        for combo in trap_combinations(state, s):
            for c in cells:
                out.extend(A.Trap(who, combo, spot_name(s.tile, c), sp) for sp in yes)


def _searches_near(
    state: DNZState, s: Survivor, tile: TileInPlay, yes: tuple[bool, ...], out: list[Any]
) -> None:
    """In the survivor's subzone and the adjacent ones: corpses to search or hide among, items to
    search (markers, searchable terrain, vehicles) and the equipment of the fallen."""
    who = s.id
    corpses, marks, crossed, markers = tile.corpses, tile.search_marks, tile.crossed, tile.markers
    if not corpses and not marks and not crossed and not markers:  # searchable terrain alone (most)
        searched = tile.searched
        for c in tile.geo.searchable_around[s.cell]:
            if c not in searched:
                out.extend([search_item_action(who, s.tile, c, sp) for sp in yes])
        return
    zombies_here = state.enemy_at(s.tile, s.cell)
    searchable = tile.geo.searchable
    for c in tile.geo.around[s.cell]:
        if corpses and corpses.get(c):
            out.append(at_spot("search-corpse", who, s.tile, c))
            if not s.hidden and not zombies_here and not state.enemy_at(s.tile, c):
                out.append(at_spot("hide", who, s.tile, c))
        if c in marks or (
            (c in searchable or (markers and markers.get(c) == "vehicle")) and c not in tile.searched
        ):
            out.extend([search_item_action(who, s.tile, c, sp) for sp in yes])
        if crossed and crossed.get(c):
            out.append(at_spot("retrieve", who, s.tile, c))


#: the search card other cards are combined with to make a trap (§4.4)
TRAP_BASE: Final = "stuff-for-traps"


def trap_combinations(state: DNZState, s: Survivor) -> list[str]:
    """SET TRAPS (§4.4): "The only search cards that can be combined with "stuff for traps" are those
    with the corresponding icon. The maximum number of cards to combine is limited by the free black
    and green strips on the "stuff for traps" card": every set of 1 to that many of the survivor's
    trap cards, named ``knife+machete`` (in the order of the search cards' content)."""
    search = state.items
    strips = search[TRAP_BASE].capacity
    order = state.content.card_order
    usable = sorted((i for i in s.items if search[i].traps), key=order.__getitem__)
    out: dict[str, None] = {}
    for n in range(1, min(strips, len(usable)) + 1):
        for combo in combinations(usable, n):
            out["+".join(combo)] = None
    return list(out)


def usable(state: DNZState, s: Survivor, item: str) -> bool:
    card = state.items[item]
    full = state.sheets[s.id].health
    return bool(
        (card.heal and s.health < full)
        or (card.stress and s.stress > 0)
        or (card.cure and s.infection > 0)
        or card.supply
        or card.ammo_gain
        or card.battery_gain
    )


def perform(state: DNZState, s: Survivor, a: Action, turn: Turn) -> Steps | None:
    """Apply one action; return the nested steps to run before the turn goes on (empty: none), or
    None when the activation is over."""
    handler = _PERFORM.get(type(a))
    if handler is None:
        raise AssertionError(f"unhandled action {a.text}")
    if type(a) not in MOVES or not tracing(state):
        return handler(state, s, a)
    start, ap = s.where, s.ap
    after = handler(state, s, a)
    trace_move(state, s, a, start, ap)
    return after


def _end(state: DNZState, s: Survivor, a: A.End) -> Steps | None:
    return None


def _move(state: DNZState, s: Survivor, a: A.Move) -> Steps | None:
    return move(state, s, a)


def _enter(state: DNZState, s: Survivor, a: A.Enter) -> Steps | None:
    return enter_location(state, s, a.slot)


def _leave(state: DNZState, s: Survivor, a: A.Leave) -> Steps | None:
    return leave(state, s, a.to)


def _explore(state: DNZState, s: Survivor, a: A.Explore) -> Steps | None:
    return explore(state, s)


def _attack(state: DNZState, s: Survivor, a: A.Attack) -> Steps | None:
    s.ap -= 1
    killed = perform_attack(state, s, a)
    if killed is not None and not s.dead:
        targets = sweep_targets(state, s, a, killed)
        if targets:
            return (SweepChoice(s.seat, s.id, a.weapon, tuple(targets)),)
    return ()


def _throw(state: DNZState, s: Survivor, a: A.Throw) -> Steps | None:
    s.ap -= 1
    throw(state, s, a)
    return ()


def _rest(state: DNZState, s: Survivor, a: A.Rest) -> Steps | None:
    s.ap = 0
    gain_stress(state, s, -1 - skill_effects.bonus(state, s, "rest"))
    state.emit("rest", f"{s.name} rests (stress now {s.stress})", {"who": s.id})
    return None


def _defend(state: DNZState, s: Survivor, a: A.Defend) -> Steps | None:
    s.ap -= 1
    s.defensive = True
    state.emit("defend", f"{s.name} takes a defensive position", {"who": s.id})
    return ()


def _jump(state: DNZState, s: Survivor, a: A.Jump) -> Steps | None:
    s.ap -= 1
    tile = state.tiles[s.tile]
    evasion = min((enemy_profile(state, e.kind).evasion for e in state.enemies_at(s.tile, s.cell)), default=0)
    if check(state, s, "agility", -2 + evasion, a.sp, "jump (agility)"):
        zone = tile.zone
        old = s.tile
        s.tile, s.cell, s.zone = "", -1, zone
        s.hidden = False
        leave_check(state, old)
    return ()


def _hide(state: DNZState, s: Survivor, a: A.Hide) -> Steps | None:
    s.ap -= 1
    tile_id, cell = parse_spot(a.at)
    tile = state.tiles[tile_id]
    tile.corpses[cell].pop()
    if not tile.corpses[cell]:
        del tile.corpses[cell]
    s.hidden = True
    state.emit("hide", f"{s.name} hides among corpses", {"who": s.id})
    corpse_roll(state, s, "hiding among corpses")
    return ()


def _search_zone(state: DNZState, s: Survivor, a: A.SearchZone) -> Steps | None:
    return search_zone(state, s, a.sp)


def _search_corpse(state: DNZState, s: Survivor, a: A.SearchCorpse) -> Steps | None:
    s.ap -= 1
    search_corpse(state, s, a.at)
    return ()


def _search_item(state: DNZState, s: Survivor, a: A.SearchItem) -> Steps | None:
    s.ap -= 1
    return search_item(state, s, a.at, a.sp)


def _retrieve(state: DNZState, s: Survivor, a: A.Retrieve) -> Steps | None:
    s.ap -= 1
    tile_id, cell = parse_spot(a.at)
    tile = state.tiles[tile_id]
    _, items, ammo, supplies, battery = tile.crossed[cell].pop()
    if not tile.crossed[cell]:
        del tile.crossed[cell]
    for item in items:
        place(state, s, item)
    s.ammo += ammo
    s.supplies += supplies
    s.battery += battery
    state.emit("retrieve", f"{s.name} recovers the equipment of the fallen", {"who": s.id})
    return (MakeRoom(s.seat, s.id),) if overloaded(state, s) else ()


def _use(state: DNZState, s: Survivor, a: A.Use) -> Steps | None:
    return use(state, s, a.item)


def _supply(state: DNZState, s: Survivor, a: A.Supply) -> Steps | None:
    s.supplies -= 1
    heal(state, s, 1 + skill_effects.bonus(state, s, "supply-heal"))
    state.emit("supply", f"{s.name} spends 1 supply to recover 1 health point ({s.health})", {"who": s.id})
    return ()


def _lower_threat(state: DNZState, s: Survivor, a: A.LowerThreat) -> Steps | None:
    return lower(state, s)


def _light(state: DNZState, s: Survivor, a: A.Light) -> Steps | None:
    s.battery -= 1
    card = next(state.items[i] for i in held(s) if state.items[i].light)
    s.lit = card.duration + skill_effects.bonus(state, s, "light")
    state.emit("light", f"{s.name} switches on a light ({s.lit} turns)", {"who": s.id})
    return ()


def _reorganize(state: DNZState, s: Survivor, a: A.Reorganize) -> Steps | None:
    s.ap -= 1
    return (Reorganizing(s.seat, s.id),)


def _combine(state: DNZState, s: Survivor, a: A.Combine) -> Steps | None:
    s.ap -= 1
    card = state.items[a.result]
    for c in card.components:
        release(s, c)
    place(state, s, a.result)
    state.emit("combine", f"{s.name} makes a {card.name}", {"who": s.id})
    return (MakeRoom(s.seat, s.id),) if overloaded(state, s) else ()


def _trap(state: DNZState, s: Survivor, a: A.Trap) -> Steps | None:
    s.ap -= 1
    if check(state, s, "mechanisms", 0, a.sp, "set traps (mechanisms)"):
        tile_id, cell = parse_spot(a.at)
        cards = [TRAP_BASE, *a.item.split("+")]
        for c in cards:
            release(s, c)
        state.deck("search-discard").extend(cards)
        # the trap marker's damage: that of every card combined (§4.4 "with the corresponding damage
        # value"), and what a perk adds
        dmg = sum(state.items[c].trap_damage for c in cards) + skill_effects.bonus(
            state, s, "trap-damage"
        )
        tile = state.tiles[tile_id]
        tile.traps[cell] = tile.traps.get(cell, 0) + dmg
        state.emit("trap", f"{s.name} sets a trap ({dmg} damage) in {phrases.square(state, a.at)}", {"who": s.id, "damage": dmg})
    return ()


#: each action class of an activation and what it does; the handler's steps as perform() returns them
_PERFORM: Final[dict[type[Action], Callable[[DNZState, Survivor, Any], Steps | None]]] = {
    A.End: _end,
    A.Move: _move,
    A.Enter: _enter,
    A.Leave: _leave,
    A.Explore: _explore,
    A.Attack: _attack,
    A.Throw: _throw,
    A.Rest: _rest,
    A.Defend: _defend,
    A.Jump: _jump,
    A.Hide: _hide,
    A.SearchZone: _search_zone,
    A.SearchCorpse: _search_corpse,
    A.SearchItem: _search_item,
    A.Retrieve: _retrieve,
    A.Use: _use,
    A.Supply: _supply,
    A.LowerThreat: _lower_threat,
    A.Light: _light,
    A.Reorganize: _reorganize,
    A.Combine: _combine,
    A.Trap: _trap,
}
