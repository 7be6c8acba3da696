"""Rulebook §4: a survivor's activation — the Turn decision and every action of the Action summary
(move on the city board and on tiles, enter and leave locations, explore, combat, search, rest, hide,
defensive position, inventory, traps, supplies, lowering the threat)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deadboard.core.action import Action
from deadboard.core.kernel import Choice, Steps
from deadboard.games.day_night_z import actions as A
from deadboard.games.day_night_z.cards import resolve
from deadboard.games.day_night_z.combat import (
    attack_options,
    perform_attack,
    sweep_targets,
    throw,
    throw_targets,
)
from deadboard.games.day_night_z.concepts import (
    add_noise,
    check,
    cure,
    gain_stress,
    heal,
    lower_cost,
    roll,
)
from deadboard.games.day_night_z.geometry import CELLS, INDEX
from deadboard.games.day_night_z.spawn import deploy, draw_spawn, enemy_profile, leave_check, move_onto
from deadboard.games.day_night_z.state import DNZState, Survivor, TileInPlay


def spot_name(tile: str, cell: int) -> str:
    return f"{tile}-{CELLS[cell]}"


def parse_spot(name: str) -> tuple[str, int]:
    tile, _, cell = name.partition("-")
    return tile, INDEX[cell]


@dataclass(slots=True)
class Turn(Choice[DNZState, Any]):
    """A survivor's activation: his actions until he stops or his AP are spent."""

    kind = "turn"
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
            finish(state, s)
            return ()
        if s.ap <= 0 and not after:
            finish(state, s)
            return ()
        return (*after, self) if after else (self,)

    def prompt(self, state: DNZState) -> str:
        s = state.survivor(self.who)
        where = s.where
        return f"{s.name} ({where}, {s.ap} AP{' from the reserve' if self.reserve else ''}): what now?"


def finish(state: DNZState, s: Survivor) -> None:
    """The activation ends: AP left go to the reserve; a survivor whose movement ended in a street
    zone free of creatures and without a tile draws a city encounter card."""
    s.reserve, s.ap = s.ap, 0
    if s.encounter and not s.tile and not s.dead:
        state.pending.append(s.id)
        state.emit("encounter-drawn", f"{s.name} draws a city encounter card", {"who": s.id})
    s.encounter = False


def others_in_zone(state: DNZState, s: Survivor, zone: str) -> bool:
    return any(o is not s and not o.dead and not o.tile and o.zone == zone for o in state.survivors)


def tile_in_zone(state: DNZState, zone: str) -> TileInPlay | None:
    for t in state.tiles.values():
        if not t.slot and t.zone == zone:
            return t
    return None


def needs_escape(state: DNZState, s: Survivor) -> bool:
    return bool(s.tile) and not s.hidden and bool(state.enemies_at(s.tile, s.cell))


def legal(state: DNZState, s: Survivor, turn: Turn) -> list[Any]:
    out: list[Any] = [A.End(s.id)]
    who = s.id
    yes = (False, True) if s.sp > 0 else (False,)
    untouched = s.ap == turn.full and not turn.reserve
    if s.ap > 0:
        if not s.tile:
            for z in state.board.neighbours(s.zone):
                out.append(A.Move(who, z, False))
            slot = state.board.zones[s.zone].slot
            if slot:
                out.append(A.Enter(who, slot))
        else:
            tile = state.tiles[s.tile]
            escape = needs_escape(state, s)
            obstacles = state.move_obstacles(s.tile)
            for c in tile.geo.moves(s.cell, obstacles):
                for sp in yes if escape else (False,):
                    out.append(A.Move(who, spot_name(s.tile, c), sp))
            link = tile.links.get(s.cell)
            if link is not None and link[0] in state.tiles and link[1] not in state.move_obstacles(link[0]):
                for sp in yes if escape else (False,):
                    out.append(A.Move(who, spot_name(*link), sp))
            if s.cell == tile.geo.exit and (not tile.slot or tile.index == 0):
                if tile.slot:
                    out.append(A.Leave(who, tile.zone))
                else:
                    for z in state.board.neighbours(tile.zone):
                        out.append(A.Leave(who, z))
                    slot = state.board.zones[tile.zone].slot
                    if slot and not state.locations[slot].tiles:
                        out.append(A.Enter(who, slot))
            out.extend(attack_options(state, s, yes))
            out.extend(A.Throw(who, at, sp) for at in throw_targets(state, s) for sp in yes)
            if not s.defensive:
                out.append(A.Defend(who))
            if tile.geo.terrain[s.cell] == "j":
                out.extend(A.Jump(who, sp) for sp in yes)
            near = [s.cell, *tile.geo.neighbours[s.cell]]
            zombies_here = bool(state.enemies_at(s.tile, s.cell))
            for c in near:
                if tile.corpses.get(c):
                    out.append(A.SearchCorpse(who, spot_name(s.tile, c)))
                    if not s.hidden and not zombies_here and not state.enemies_at(s.tile, c):
                        out.append(A.Hide(who, spot_name(s.tile, c)))
                if c in tile.search_marks or (tile.geo.terrain[c] == "s" and c not in tile.searched):
                    out.extend(A.SearchItem(who, spot_name(s.tile, c), sp) for sp in yes)
                if tile.crossed.get(c):
                    out.append(A.Retrieve(who, spot_name(s.tile, c)))
            searchable = untouched and tile.slot and tile.index not in state.locations[tile.slot].searched
            if searchable and not any(e.tile == s.tile for e in state.enemies):
                out.extend(A.SearchZone(who, sp) for sp in yes)
            if "stuff-for-traps" in s.items:
                for item in s.items:
                    if state.content.search[item].traps:
                        for c in (s.cell, *tile.geo.moves(s.cell, set())):
                            out.extend(A.Trap(who, item, spot_name(s.tile, c), sp) for sp in yes)
        if untouched:
            out.append(A.Rest(who))
        if reorganizable(state, s):
            out.append(A.Reorganize(who))
        for cid, card in state.content.search.items():
            if card.components and all(c in s.items for c in card.components):
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
            out.append(A.Explore(who))
    for item in dict.fromkeys(s.items):
        card = state.content.search[item]
        if card.consumable and not card.weapon and usable(state, s, item):
            out.append(A.Use(who, item))
    if s.supplies > 0 and s.health < state.content.survivor(s.id).health:
        out.append(A.Supply(who))
    cost = lower_cost(state)
    if cost is not None and s.sp > 0 and sum(o.sp for o in state.living()) >= cost:
        out.append(A.LowerThreat(who))
    if state.night and s.lit <= 0 and s.battery > 0 and any(state.content.search[i].light for i in s.items):
        out.append(A.Light(who))
    return out


def usable(state: DNZState, s: Survivor, item: str) -> bool:
    card = state.content.search[item]
    full = state.content.survivor(s.id).health
    return bool(
        (card.heal and s.health < full)
        or (card.stress and s.stress > 0)
        or (card.cure and s.infection > 0)
        or card.supply
        or card.ammo_gain
        or card.battery_gain
    )


def reorganizable(state: DNZState, s: Survivor) -> bool:
    return bool(reorg_actions(state, s))


def reorg_actions(state: DNZState, s: Survivor) -> list[Any]:
    out: list[Any] = []
    for item in dict.fromkeys(s.items):
        card = state.content.search[item]
        if card.weapon and item != s.weapon:
            out.append(A.Equip(s.id, item))
        if card.body and s.worn.get(card.body) != item:
            out.append(A.Wear(s.id, item))
    for o in state.living():
        if o is s or (o.tile, o.cell if o.tile else o.zone) != (s.tile, s.cell if s.tile else s.zone):
            continue
        for item in dict.fromkeys(s.items):
            out.append(A.Give(s.id, item, o.id))
        for stock in ("ammo", "supplies", "battery"):
            if getattr(s, stock) > 0:
                out.append(A.Give(s.id, stock, o.id))
    return out


def unexplored(state: DNZState, tile: TileInPlay) -> list[int]:
    loc = state.locations[tile.slot]
    card = state.content.locations[loc.card]
    deployed = {state.tiles[t].index for t in loc.tiles if t in state.tiles}
    return [i for i in range(len(card.zones)) if i not in deployed]


def perform(state: DNZState, s: Survivor, a: Action, turn: Turn) -> Steps | None:
    """Apply one action; return the nested steps to run before the turn goes on (empty: none), or
    None when the activation is over."""
    if isinstance(a, A.End):
        return None
    if isinstance(a, A.Move):
        return move(state, s, a)
    if isinstance(a, A.Enter):
        return enter_location(state, s, a.slot)
    if isinstance(a, A.Leave):
        return leave(state, s, a.to)
    if isinstance(a, A.Explore):
        return explore(state, s)
    if isinstance(a, A.Attack):
        s.ap -= 1
        killed = perform_attack(state, s, a)
        if killed is not None and not s.dead:
            targets = sweep_targets(state, s, a, killed)
            if targets:
                return (SweepChoice(s.seat, s.id, a.weapon, tuple(targets)),)
        return ()
    if isinstance(a, A.Throw):
        s.ap -= 1
        throw(state, s, a)
        return ()
    if isinstance(a, A.Rest):
        s.ap = 0
        gain_stress(state, s, -1)
        state.emit("rest", f"{s.name} rests: stress {s.stress}", {"who": s.id})
        return None
    if isinstance(a, A.Defend):
        s.ap -= 1
        s.defensive = True
        state.emit("defend", f"{s.name} takes a defensive position", {"who": s.id})
        return ()
    if isinstance(a, A.Jump):
        s.ap -= 1
        tile = state.tiles[s.tile]
        evasion = min(
            (enemy_profile(state, e.kind).evasion for e in state.enemies_at(s.tile, s.cell)), default=0
        )
        if check(state, s, "agility", -2 + evasion, a.sp, "jump (agility)"):
            zone = tile.zone
            old = s.tile
            s.tile, s.cell, s.zone = "", -1, zone
            s.hidden = False
            leave_check(state, old)
        return ()
    if isinstance(a, A.Hide):
        s.ap -= 1
        tile_id, cell = parse_spot(a.at)
        tile = state.tiles[tile_id]
        tile.corpses[cell].pop()
        if not tile.corpses[cell]:
            del tile.corpses[cell]
        s.hidden = True
        state.emit("hide", f"{s.name} hides among corpses", {"who": s.id})
        from deadboard.games.day_night_z.turn import corpse_roll

        corpse_roll(state, s, "hiding among corpses")
        return ()
    if isinstance(a, A.SearchZone):
        return search_zone(state, s, a.sp)
    if isinstance(a, A.SearchCorpse):
        s.ap -= 1
        search_corpse(state, s, a.at)
        return ()
    if isinstance(a, A.SearchItem):
        s.ap -= 1
        search_item(state, s, a.at, a.sp)
        return ()
    if isinstance(a, A.Retrieve):
        s.ap -= 1
        tile_id, cell = parse_spot(a.at)
        tile = state.tiles[tile_id]
        _, items, ammo, supplies, battery = tile.crossed[cell].pop()
        if not tile.crossed[cell]:
            del tile.crossed[cell]
        s.items.extend(items)
        s.ammo += ammo
        s.supplies += supplies
        s.battery += battery
        state.emit("retrieve", f"{s.name} recovers the equipment of the fallen", {"who": s.id})
        return ()
    if isinstance(a, A.Use):
        use(state, s, a.item)
        return ()
    if isinstance(a, A.Supply):
        s.supplies -= 1
        heal(state, s, 1)
        state.emit(
            "supply", f"{s.name} spends 1 supply to recover 1 health point ({s.health})", {"who": s.id}
        )
        return ()
    if isinstance(a, A.LowerThreat):
        cost = lower_cost(state) or 0
        if s.sp >= cost or len(state.living()) == 1:
            s.sp -= cost
            lowered(state, cost)
            return ()
        s.sp -= 1
        return (PayThreat(s.seat, s.id, cost - 1),)
    if isinstance(a, A.Light):
        s.battery -= 1
        card = next(state.content.search[i] for i in s.items if state.content.search[i].light)
        s.lit = card.duration
        state.emit("light", f"{s.name} switches on a light ({card.duration} turns)", {"who": s.id})
        return ()
    if isinstance(a, A.Reorganize):
        s.ap -= 1
        return (Reorganizing(s.seat, s.id),)
    if isinstance(a, A.Combine):
        s.ap -= 1
        card = state.content.search[a.result]
        for c in card.components:
            s.items.remove(c)
            if s.weapon == c:
                s.weapon = ""
        s.items.append(a.result)
        state.emit("combine", f"{s.name} makes a {card.name}", {"who": s.id})
        return ()
    if isinstance(a, A.Trap):
        s.ap -= 1
        if check(state, s, "mechanisms", 0, a.sp, "set traps (mechanisms)"):
            tile_id, cell = parse_spot(a.at)
            s.items.remove("stuff-for-traps")
            s.items.remove(a.item)
            if s.weapon == a.item:
                s.weapon = ""
            state.tiles[tile_id].traps[cell] = state.content.search[a.item].trap_damage
            state.emit("trap", f"{s.name} sets a trap in {a.at}", {"who": s.id})
        return ()
    raise AssertionError(f"unhandled action {a.text}")


def move(state: DNZState, s: Survivor, a: A.Move) -> Steps | None:
    if not s.tile:
        return city_move(state, s, a.to)
    tile_id, cell = parse_spot(a.to)
    s.ap -= 1
    if needs_escape(state, s):
        evasion = min(enemy_profile(state, e.kind).evasion for e in state.enemies_at(s.tile, s.cell))
        if not check(state, s, "agility", evasion, a.sp, "escape (agility)"):
            return ()
    tile = state.tiles[tile_id]
    if tile.geo.terrain[cell] in "fo" or tile.markers.get(cell) in ("flooded", "hollow"):
        if s.ap >= 1:
            s.ap -= 1
        else:
            gain_stress(state, s, 1)
            state.emit("stress", f"{s.name} wades in short of AP: 1 stress point", {"who": s.id})
    s.tile, s.cell = tile_id, cell
    if tile.markers.get(cell) == "noisy":
        add_noise(state, spot_name(tile_id, cell), 1, s)
    return ()


def city_move(state: DNZState, s: Survivor, to: str) -> Steps | None:
    """CITY BOARD LEVEL MOVEMENT (§4.9): 1 AP a zone; into or out of an alley (STOP) the
    activation ends; a surprise zone is resolved at once; a zone with a deployed city tile puts the
    survivor on its access subzone."""
    from_alley = state.board.zones[s.zone].kind == "alley"
    s.ap -= 1
    s.zone = to
    zone = state.board.zones[to]
    state.emit("move", f"{s.name} moves to {to}", {"who": s.id, "to": to})
    tile = tile_in_zone(state, to)
    if tile is not None:
        s.encounter = False
        move_onto(state, s, tile, tile.geo.access)
        return ()
    if zone.kind == "surprise" and to in state.surprises:
        card = state.content.surprises[state.surprises.pop(to)]
        state.emit("surprise", f"{s.name} finds a surprise: {card.name}", {"who": s.id, "card": card.id})
        s.encounter = False
        go_on = resolve(state, s, card.effects)
        return () if go_on else None
    free = not others_in_zone(state, s, to)
    s.encounter = free
    if zone.kind == "alley" or from_alley:
        return None
    return ()


def enter_location(state: DNZState, s: Survivor, slot: str) -> Steps | None:
    """Moving from a street zone (or its deployed city tile) into a location (§4.9): the location
    card is turned, its access tile deployed, 1 AP places the survivor in its access subzone; the
    first visit draws an exploration card, a later one the location card's spawn cards."""
    s.ap -= 1
    loc = state.locations[slot]
    card = state.content.locations[loc.card]
    old = s.tile
    if loc.tiles:
        tile = state.tiles[loc.tiles[0]]
        move_onto(state, s, tile, tile.geo.access)
        if old:
            leave_check(state, old)
        return ()
    tile = deploy(state, card.zones[0].tile, state.board.slot_zone[slot], slot, 0)
    loc.tiles.append(tile.id)
    move_onto(state, s, tile, tile.geo.access)
    s.encounter = False
    if old:
        leave_check(state, old)
    state.emit("enter", f"{s.name} enters the {card.name}", {"who": s.id, "location": card.id})
    if not loc.visited:
        loc.visited = True
        loc.explored.add(0)
        return () if exploration(state, s) else None
    draw_spawn(state, tile, card.zones[0].spawn[min(3, state.setup.players - 1)])
    return ()


def exploration(state: DNZState, s: Survivor) -> bool:
    deck = state.decks["exploration"]
    if not deck:
        deck.extend(state.decks["exploration-discard"])
        state.decks["exploration-discard"].clear()
        state.rng.shuffle(deck)
    cid = deck.pop()
    state.decks["exploration-discard"].append(cid)
    card = next(c for c in state.content.explorations if c.id == cid)
    state.emit("exploration", f"exploration card: {card.name}", {"card": cid})
    return resolve(state, s, card.effects)


def leave(state: DNZState, s: Survivor, to: str) -> Steps | None:
    """Moving from a deployed tile to a city zone (§4.9): 1 AP from the exit subzone; a zone with a
    deployed tile puts the survivor on its access subzone; an alley ends the activation; the threat
    rises if he was the last survivor on the tile (§3.2)."""
    old = s.tile
    s.ap -= 1
    s.tile, s.cell, s.zone = "", -1, to
    s.hidden = False
    leave_check(state, old)
    state.emit("move", f"{s.name} leaves the tile for {to}", {"who": s.id, "to": to})
    tile = tile_in_zone(state, to)
    if tile is not None:
        move_onto(state, s, tile, tile.geo.access)
        return ()
    s.encounter = not others_in_zone(state, s, to)
    if state.board.zones[to].kind == "alley":
        return None
    return ()


def explore(state: DNZState, s: Survivor) -> Steps | None:
    """EXPLORE (free, §4.11): from a location tile's exit subzone the next zone is deployed — the
    only unexplored one, or the one whose icon the die shows — and an exploration card is drawn (on
    a later visit to an explored zone, its spawn cards only)."""
    tile = state.tiles[s.tile]
    loc = state.locations[tile.slot]
    card = state.content.locations[loc.card]
    options = unexplored(state, tile)
    fresh = [i for i in options if i not in loc.explored]
    pool = fresh or options
    if len(pool) == 1:
        index = pool[0]
    else:
        index = -1
        for _ in range(12):
            face = roll(state, 1)[0]
            hits = [i for i in pool if face in card.zones[i].icons]
            if hits:
                index = hits[0]
                break
        if index < 0:
            index = pool[0]
    new = deploy(state, card.zones[index].tile, tile.zone, tile.slot, index)
    loc.tiles.append(new.id)
    tile.links[tile.geo.exit] = (new.id, new.geo.access)
    new.links[new.geo.access] = (tile.id, tile.geo.exit)
    state.emit(
        "explore",
        f"{s.name} explores: the {new.geo.side.name} of the {card.name}",
        {"who": s.id, "zone": index},
    )
    if index in loc.explored:
        draw_spawn(state, new, card.zones[index].spawn[min(3, state.setup.players - 1)])
        return ()
    loc.explored.add(index)
    return () if resolve_on(state, s, new) else None


def resolve_on(state: DNZState, s: Survivor, new: TileInPlay) -> bool:
    """Resolve an exploration card on the new tile, the explorer staying where he stood."""
    deck = state.decks["exploration"]
    if not deck:
        deck.extend(state.decks["exploration-discard"])
        state.decks["exploration-discard"].clear()
        state.rng.shuffle(deck)
    cid = deck.pop()
    state.decks["exploration-discard"].append(cid)
    card = next(c for c in state.content.explorations if c.id == cid)
    state.emit("exploration", f"exploration card: {card.name}", {"card": cid})
    proxy = _Proxy(s, new)
    return resolve(state, proxy, card.effects)  # type: ignore[arg-type]


class _Proxy:
    """The explorer as the exploration card sees him: on the tile just deployed (markers and
    enemies go there), everything else his own."""

    def __init__(self, s: Survivor, tile: TileInPlay) -> None:
        object.__setattr__(self, "_s", s)
        object.__setattr__(self, "tile", tile.id)
        object.__setattr__(self, "cell", tile.geo.access)

    @property
    def where(self) -> str:
        return spot_name(object.__getattribute__(self, "tile"), object.__getattribute__(self, "cell"))

    def __getattr__(self, name: str) -> Any:
        return getattr(object.__getattribute__(self, "_s"), name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(object.__getattribute__(self, "_s"), name, value)


def draw_search(state: DNZState) -> str:
    deck = state.decks["search"]
    if not deck:
        deck.extend(state.decks["search-discard"])
        state.decks["search-discard"].clear()
        state.rng.shuffle(deck)
    return deck.pop() if deck else ""


def search_zone(state: DNZState, s: Survivor, spend: bool) -> Steps | None:
    """SEARCH ZONE (complete turn, §4.7): draw as many search cards as Perception, keep one to try."""
    from deadboard.games.day_night_z.concepts import attribute

    s.ap = 0
    tile = state.tiles[s.tile]
    state.locations[tile.slot].searched.add(tile.index)
    n = max(1, attribute(state, s, "perception"))
    drawn = tuple(c for c in (draw_search(state) for _ in range(n)) if c)
    state.emit(
        "search",
        f"{s.name} searches the zone and draws {', '.join(drawn)}",
        {"who": s.id, "cards": list(drawn)},
    )
    if not drawn:
        return None
    return (KeepSearch(s.seat, s.id, drawn, tile.geo.side.search, spend),)


def found(state: DNZState, s: Survivor, cid: str) -> None:
    s.items.append(cid)
    card = state.content.search[cid]
    if card.weapon and not s.weapon:
        s.weapon = cid
    if card.body and card.body not in s.worn:
        s.worn[card.body] = cid
    state.emit("found", f"{s.name} finds: {card.name}", {"who": s.id, "card": cid})


def search_corpse(state: DNZState, s: Survivor, at: str) -> None:
    tile_id, cell = parse_spot(at)
    tile = state.tiles[tile_id]
    index = tile.corpses[cell].pop()
    if not tile.corpses[cell]:
        del tile.corpses[cell]
    marker = state.content.corpses[index]
    state.emit(
        "corpse",
        f"{s.name} searches a corpse: {marker.result}{f' x{marker.dice}' if marker.dice else ''}",
        {"who": s.id},
    )
    if marker.result == "ammo":
        s.ammo += 1
    elif marker.result == "battery":
        s.battery += 1
    elif marker.result == "supplies":
        s.supplies += 1
    elif marker.result == "infection":
        faces = roll(state, marker.dice)
        if "skull-infection" in faces:
            from deadboard.games.day_night_z.concepts import infect

            infect(state, s, 1, "searching a corpse")


def search_item(state: DNZState, s: Survivor, at: str, spend: bool) -> None:
    tile_id, cell = parse_spot(at)
    tile = state.tiles[tile_id]
    tile.search_marks.discard(cell)
    tile.searched.add(cell)
    cid = draw_search(state)
    if not cid:
        return
    card = state.content.search[cid]
    if check(state, s, "perception", card.search, spend, f"search item ({card.name})"):
        found(state, s, cid)
    else:
        state.decks["search-discard"].append(cid)


def use(state: DNZState, s: Survivor, item: str) -> None:
    card = state.content.search[item]
    s.items.remove(item)
    state.decks["search-discard"].append(item)
    state.emit("use", f"{s.name} uses {card.name}", {"who": s.id, "card": item})
    ok = True
    if card.check:
        ok = check(state, s, card.check, 0, False, f"{card.name} ({card.check.replace('_', ' ')})")
    if not ok:
        return
    heal(state, s, card.heal)
    gain_stress(state, s, card.stress)
    cure(state, s, card.cure)
    s.supplies += card.supply
    s.ammo += card.ammo_gain
    s.battery += card.battery_gain


def check_end(state: DNZState) -> None:
    """The adventure ends: lost when every survivor is dead; won when the objective is met and a
    living survivor stands in the exit zone."""
    if state.over:
        return
    living = state.living()
    if not living:
        state.lost = "every survivor is dead"
        state.emit("end", state.lost, {})
        state.end()
        return
    if objective_met(state) and any(not s.tile and s.zone == state.adventure.exit for s in living):
        state.won = True
        state.emit("end", f"{state.adventure.name}: the adventure is accomplished", {})
        state.end()


def objective_met(state: DNZState) -> bool:
    a = state.adventure
    if a.explore:
        slot = next(k for k, v in a.locations.items() if v == a.explore)
        card = state.content.locations[a.explore]
        if len(state.locations[slot].explored) < len(card.zones):
            return False
    if a.supplies and sum(s.supplies for s in state.living()) < a.supplies:
        return False
    if a.search:
        done = False
        for loc in state.locations.values():
            card = state.content.locations[loc.card]
            done = done or any(card.zones[i].tile == a.search for i in loc.searched)
        if not done:
            return False
    return True


def lowered(state: DNZState, cost: int) -> None:
    state.threat -= 1
    state.emit("threat", f"{cost} survival points spent: the threat falls by 1", {"cost": cost})


@dataclass(slots=True)
class PayThreat(Choice[DNZState, A.Pay]):
    """Lowering the threat: "This may be done by one survivor or shared among several of them" —
    the survivor who declared it says who pays each further point (§3.2)."""

    kind = "pay"
    seat: int
    who: str
    left: int

    def actions(self, state: DNZState) -> list[A.Pay]:
        return [A.Pay(self.who, o.id) for o in state.living() if o.sp > 0]

    def apply(self, state: DNZState, action: A.Pay) -> Steps:
        state.survivor(action.by).sp -= 1
        if self.left > 1:
            return (PayThreat(self.seat, self.who, self.left - 1),)
        lowered(state, lower_cost(state) or 0)
        return ()

    def prompt(self, state: DNZState) -> str:
        return f"{state.survivor(self.who).name}: who pays the next survival point ({self.left} left)?"


@dataclass(slots=True)
class KeepSearch(Choice[DNZState, A.Keep]):
    """Choose one of the drawn search cards; a Perception check with its and the zone's modifiers
    finds it (§4.7)."""

    kind = "keep"
    seat: int
    who: str
    drawn: tuple[str, ...]
    zone: int
    spend: bool

    def actions(self, state: DNZState) -> list[A.Keep]:
        return [A.Keep(self.who, c) for c in dict.fromkeys(self.drawn)]

    def apply(self, state: DNZState, action: A.Keep) -> Steps:
        s = state.survivor(self.who)
        rest = list(self.drawn)
        rest.remove(action.card)
        state.decks["search-discard"].extend(rest)
        card = state.content.search[action.card]
        if check(state, s, "perception", card.search + self.zone, self.spend, f"search ({card.name})"):
            found(state, s, action.card)
            if reorganizable(state, s):
                return (Reorganizing(s.seat, s.id),)
        else:
            state.decks["search-discard"].append(action.card)
        return ()

    def prompt(self, state: DNZState) -> str:
        return f"{state.survivor(self.who).name}: which search card do you try to find?"


@dataclass(slots=True)
class Reorganizing(Choice[DNZState, Any]):
    """REORGANIZE INVENTORY (§4.6): hands, body and exchanges with survivors in the same subzone or
    zone, as many as wanted for the one AP."""

    kind = "reorganize"
    seat: int
    who: str

    def actions(self, state: DNZState) -> list[Any]:
        s = state.survivor(self.who)
        return [A.Done(self.who), *reorg_actions(state, s)]

    def apply(self, state: DNZState, action: Any) -> Steps:
        s = state.survivor(self.who)
        if isinstance(action, A.Done):
            return ()
        if isinstance(action, A.Equip):
            s.weapon = action.item
        elif isinstance(action, A.Wear):
            card = state.content.search[action.item]
            s.worn[card.body] = action.item
        elif isinstance(action, A.Give):
            o = state.survivor(action.to)
            if action.item in ("ammo", "supplies", "battery"):
                setattr(s, action.item, getattr(s, action.item) - 1)
                setattr(o, action.item, getattr(o, action.item) + 1)
            else:
                s.items.remove(action.item)
                if s.weapon == action.item and action.item not in s.items:
                    s.weapon = ""
                for body, worn in list(s.worn.items()):
                    if worn == action.item and worn not in s.items:
                        del s.worn[body]
                o.items.append(action.item)
        state.emit("reorganize", f"{s.name}: {action.text}", {"who": s.id})
        return (self,)

    def prompt(self, state: DNZState) -> str:
        return f"{state.survivor(self.who).name}: reorganize the inventory (done when finished)"


@dataclass(slots=True)
class SweepChoice(Choice[DNZState, Any]):
    """SWEEP: a free immediate attack when an enemy is eliminated, on a target in the same subzone."""

    kind = "sweep"
    seat: int
    who: str
    weapon: str
    targets: tuple[str, ...]

    def actions(self, state: DNZState) -> list[Any]:
        alive = {e.id for e in state.enemies}
        return [A.PassSweep(self.who), *(A.Sweep(self.who, t) for t in self.targets if t in alive)]

    def apply(self, state: DNZState, action: Any) -> Steps:
        if isinstance(action, A.PassSweep):
            return ()
        s = state.survivor(self.who)
        attack = A.Attack(self.who, action.target, self.weapon, "melee", False)
        killed = perform_attack(state, s, attack)
        if killed is not None and not s.dead:
            targets = sweep_targets(state, s, attack, killed)
            if targets:
                return (SweepChoice(self.seat, self.who, self.weapon, tuple(targets)),)
        return ()

    def prompt(self, state: DNZState) -> str:
        return f"{state.survivor(self.who).name}: sweep on to another enemy?"
