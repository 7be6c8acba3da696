"""A heuristic player for Day Night Z: heal when hurt, fight what stands in reach with the best odds,
keep the threat down with spare survival points, then walk the adventure's objective — into the
location, explore it, search it — and out to the exit; search cards for weapons and armour and
equips them; out of danger, gives companions in an exchange what serves them better (a spare weapon
to the one who fights better with it, ammo to a gun, healing to the wounded, a full backpack's
surplus); defends when cornered, hides when nothing else helps."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from deadboard.core.action import Action
from deadboard.core.heuristic import HeuristicBot as HeuristicBase
from deadboard.core.heuristic import decides
from deadboard.games.day_night_z import actions as A
from deadboard.games.day_night_z.adventure import objective_met, supplies_wanted
from deadboard.games.day_night_z.board import CELLS
from deadboard.games.day_night_z.cards import SpendOnCheck
from deadboard.games.day_night_z.combat import SweepChoice
from deadboard.games.day_night_z.concepts import attribute, health_level, lower_cost
from deadboard.games.day_night_z.inventory import (
    MakeRoom,
    Reorganizing,
    backpack,
    companions,
    free_hands,
    gifts,
    held,
    load,
    room,
)
from deadboard.games.day_night_z.lowering import PayThreat
from deadboard.games.day_night_z.movement import unexplored
from deadboard.games.day_night_z.paths import distances
from deadboard.games.day_night_z.search import KeepSearch
from deadboard.games.day_night_z.spawn import enemy_profile
from deadboard.games.day_night_z.state import DNZState, Survivor, TileInPlay
from deadboard.games.day_night_z.survivor_actions import Turn
from deadboard.games.day_night_z.turn import Order, StayHidden


class HeuristicBot(HeuristicBase[DNZState]):
    """Day Night Z's heuristic player: a method per decision step (a decision without one is
    chosen at random)."""

    @decides(Order)
    def _order(self, st: DNZState, legal: Sequence[Action]) -> Action:
        """The survivors act in the order they are listed."""
        return legal[0]

    @decides(StayHidden)
    def _hidden(self, st: DNZState, legal: Sequence[Action]) -> Action:
        return _first(legal, A.Unhide) or legal[0]

    @decides(KeepSearch)
    def _keep(self, st: DNZState, legal: Sequence[Action]) -> Action:
        """The searched card worth most."""
        return max((a for a in legal if isinstance(a, A.Keep)), key=lambda a: _worth(st, a.card))

    @decides(SpendOnCheck)
    def _spend(self, st: DNZState, legal: Sequence[Action]) -> Action:
        """A survival point on a check while three or more are left."""
        step = st.steps[-1]
        assert isinstance(step, SpendOnCheck)
        s = st.survivor(step.who)
        return next((a for a in legal if isinstance(a, A.Spend) and a.sp == (s.sp >= 3)), legal[0])

    @decides(PayThreat)
    def _pay(self, st: DNZState, legal: Sequence[Action]) -> Action:
        """The survivor with the most survival points pays."""
        return max(legal, key=lambda a: st.survivor(a.by).sp if isinstance(a, A.Pay) else -1)

    @decides(SweepChoice)
    def _sweep(self, st: DNZState, legal: Sequence[Action]) -> Action:
        return _first(legal, A.Sweep) or legal[0]

    @decides(Reorganizing, MakeRoom)
    def _reorganize(self, st: DNZState, legal: Sequence[Action]) -> Action:
        """The best weapon in the main hand, a light or a second one-handed weapon in the off hand,
        armour worn; over the backpack's room, let go of the card worth least for its space."""
        step = st.steps[-1]
        assert isinstance(step, Reorganizing | MakeRoom)
        s = st.survivor(step.who)
        search = st.content.search
        drops = [a for a in legal if isinstance(a, A.Discard)]
        if drops:
            # a companion with room keeps for the group what would otherwise be let go
            pack = backpack(s)
            handed = [a for a in legal if isinstance(a, A.Give) and a.item in pack]
            return min(handed or drops, key=lambda a: _worth(st, a.item) / max(1, search[a.item].space))
        pack = backpack(s)
        best = _best_weapon(st, s, [*held(s), *pack])
        for a in legal:
            if isinstance(a, A.Equip) and a.item == best and best != s.weapon:
                return a
        for a in legal:
            if isinstance(a, A.Wear) and search[a.item].body not in s.worn:
                return a
        if not s.off and free_hands(st, s):
            for a in legal:
                if isinstance(a, A.Hold) and (search[a.item].light or search[a.item].kind):
                    return a
        gift = _helpful_gift(st, s, [a for a in legal if isinstance(a, A.Give)])
        if gift is not None:
            return gift
        return _first(legal, A.Done) or legal[0]

    @decides(Turn)
    def _turn(self, st: DNZState, legal: Sequence[Action]) -> Action:
        step = st.steps[-1]
        assert isinstance(step, Turn)
        s = st.survivor(step.who)
        full = st.content.survivor(s.id).health
        for a in legal:
            if isinstance(a, A.Use) and (
                (st.content.search[a.item].heal and s.health <= full - 3)
                or st.content.search[a.item].cure
                or st.content.search[a.item].supply
                or st.content.search[a.item].ammo_gain
            ):
                return a
        sup = _first(legal, A.Supply)
        hungry = not supplies_wanted(st) or s.health <= 3
        if sup is not None and s.health <= full - 2 and s.supplies > 1 and hungry:
            return sup
        low = _first(legal, A.LowerThreat)
        if low is not None and s.sp >= (lower_cost(st) or 99) + 3:
            return low
        reorg = _first(legal, A.Reorganize)
        if reorg is not None and (_wants_reorganize(st, s) or (_safe(st, s) and _wants_to_give(st, s))):
            return reorg
        flee = self._flee(st, s, legal)
        if flee is not None:
            return flee
        passing = self._passing_through(st, s, legal)
        if passing is not None:
            return passing
        attacks = [
            a
            for a in legal
            if isinstance(a, A.Throw)
            or (isinstance(a, A.Attack) and a.target not in {o.id for o in st.survivors})
        ]
        if attacks:
            return max(attacks, key=lambda a: _attack_value(st, s, a))
        light = _first(legal, A.Light)
        if light is not None:
            return light
        goal = _goal(st, s, legal)
        if goal is not None:
            return goal
        if s.tile and st.enemies and health_level(st, s)[0] != "green":
            d = _first(legal, A.Defend)
            if d is not None:
                return d
        return _first(legal, A.End) or legal[0]

    def _flee(self, st: DNZState, s: Survivor, legal: Sequence[Action]) -> Action | None:
        """Badly hurt with enemies on the tile: hide, leave the tile, or step away from them."""
        if not s.tile or health_level(st, s)[0] != "red":
            return None
        foes = [e for e in st.enemies if e.tile == s.tile]
        if not foes:
            return None
        hide = _first(legal, A.Hide)
        if hide is not None:
            return hide
        leave = [a for a in legal if isinstance(a, A.Leave)]
        if leave:
            return min(leave, key=lambda a: st.board.graph.distance(a.to, st.adventure.exit))
        here = sum(1 for e in foes if max(abs(e.cell % 4 - s.cell % 4), abs(e.cell // 4 - s.cell // 4)) <= 1)
        best, best_near = None, here
        for a in legal:
            if isinstance(a, A.Move) and a.to.startswith(s.tile + "-"):
                c = CELLS.index(a.to.partition("-")[2])
                near = sum(1 for e in foes if max(abs(e.cell % 4 - c % 4), abs(e.cell // 4 - c // 4)) <= 1)
                if near < best_near:
                    best, best_near = a, near
        return best

    def _passing_through(self, st: DNZState, s: Survivor, legal: Sequence[Action]) -> Action | None:
        """On a tile that holds nothing more for the objective (a street tile, or any tile once the
        objective is met): step off it toward the goal rather than stay and fight what comes."""
        if not s.tile:
            return None
        tile = st.tiles[s.tile]
        done = objective_met(st)
        if tile.slot and not done and tile.slot == _target_slot(st, s):
            return None
        goal = _goal(st, s, legal)
        if isinstance(goal, A.Leave | A.Enter):
            return goal
        if isinstance(goal, A.Move) and not any(
            isinstance(a, A.Attack) and a.mode in {"melee", "ranged", "rapid", "burst"} for a in legal
        ):
            return goal
        return None


def _goal(st: DNZState, s: Survivor, legal: Sequence[Action]) -> Action | None:
    adv = st.adventure
    done = objective_met(st)
    target_slot = "" if done else _target_slot(st, s)
    if s.tile:
        tile = st.tiles[s.tile]
        if tile.slot and tile.slot == target_slot:
            inside = _inside(st, s, tile, legal)
            if inside is not None or not _location_finished(st, s, tile):
                return inside
        return _way_out(st, s, tile, legal, target_slot, adv.exit if done else "")
    if not done:
        e = _first(legal, A.Enter)
        if e is not None and e.slot == target_slot:
            return e
        goal_zone = st.board.slot_zone[target_slot]
    else:
        goal_zone = adv.exit
    moves = [a for a in legal if isinstance(a, A.Move)]
    if moves and s.zone != goal_zone:
        return min(moves, key=lambda a: st.board.graph.distance(a.to, goal_zone))
    return None

def _inside(st: DNZState, s: Survivor, tile: TileInPlay, legal: Sequence[Action]) -> Action | None:
    """In the location of the objective: search the zone wanted, pick up what lies near,
    explore on, and walk to the next zone."""
    adv = st.adventure
    loc = st.locations[tile.slot]
    wants_search = not adv.explore and (not adv.search or tile.geo.id == adv.search)
    if wants_search and tile.index not in loc.searched:
        search = _first(legal, A.SearchZone)
        if search is not None:
            return search
        # the zone must be free of enemies: go and fight them while the health holds
        foes = [e for e in st.enemies if e.tile == s.tile]
        if foes and health_level(st, s)[0] != "red":
            dist = distances(st, (s.tile, s.cell))
            nearest = min(foes, key=lambda e: dist.get((e.tile, e.cell), 99))
            return _toward_cell(st, s, legal, nearest.cell, s.tile)
        return None
    for a in legal:
        if isinstance(a, A.SearchItem | A.SearchCorpse | A.Retrieve):
            return a
    if _first(legal, A.Explore) is not None:
        return _first(legal, A.Explore)
    nxt = tile.links.get(tile.geo.exit)
    if unexplored(st, tile) or (
        nxt is not None and nxt[0] in st.tiles and _zone_open(st, st.tiles[nxt[0]])
    ):
        if s.cell == tile.geo.exit and nxt is not None:
            step = next(
                (a for a in legal if isinstance(a, A.Move) and a.to == f"{nxt[0]}-{CELLS[nxt[1]]}"), None
            )
            if step is not None:
                return step
        return _toward_cell(st, s, legal, tile.geo.exit, s.tile)
    return None


def goal_step(st: DNZState, legal: Sequence[Action]) -> Action | None:
    """At a survivor's turn, the bot's step toward the objective (or the exit once it is met) as
    if nothing stood in the way: no fight, no flight, no rest (search's plan "walk on",
    :mod:`.tactics`); None elsewhere or with no such step."""
    step = st.steps[-1] if st.steps else None
    if not isinstance(step, Turn):
        return None
    return _goal(st, st.survivor(step.who), legal)


class HurryBot(HeuristicBot):
    """The heuristic in a hurry: at its turn, a survivor walks on toward the objective and then the
    exit (:func:`goal_step`) past the enemies and the corpses he would stop for; everything else as
    the heuristic. A way of playing that search compares with the heuristic's own
    (``mcts:N+heuristic+hurry``): it beats the clock where fights cost the hours the adventure
    lacks, and loses the survivor where the enemies are many."""

    @decides(Turn)
    def _turn(self, st: DNZState, legal: Sequence[Action]) -> Action:
        walk = goal_step(st, legal)
        if walk is not None and not isinstance(walk, A.SearchCorpse | A.SearchItem):
            return walk
        return super()._turn(st, legal)


def _zone_open(st: DNZState, tile: TileInPlay) -> bool:
    """Whether a zone of the objective's location still wants a visit."""
    adv = st.adventure
    loc = st.locations[tile.slot]
    if adv.explore:
        return bool(unexplored(st, tile))
    if adv.search:
        return tile.geo.id == adv.search or bool(unexplored(st, tile))
    return tile.index not in loc.searched or bool(unexplored(st, tile))


def _location_finished(st: DNZState, s: Survivor, tile: TileInPlay) -> bool:
    loc = st.locations[tile.slot]
    return not any(_zone_open(st, st.tiles[t]) for t in loc.tiles if t in st.tiles)


def _target_slot(st: DNZState, s: Survivor) -> str:
    adv = st.adventure
    if adv.explore:
        return next(k for k, v in adv.locations.items() if v == adv.explore)
    if adv.search:
        return next(
            k
            for k, v in adv.locations.items()
            if any(z.tile == adv.search for z in st.content.locations[v].zones)
        )
    fresh = [
        k
        for k, v in adv.locations.items()
        if len(st.locations[k].searched) < len(st.content.locations[v].zones)
    ]
    here = s.zone or adv.start_zone
    return min(
        fresh or list(adv.locations), key=lambda k: st.board.graph.distance(here, st.board.slot_zone[k])
    )


def _way_out(
    st: DNZState, s: Survivor, tile: TileInPlay, legal: Sequence[Action], target_slot: str, exit_zone: str
) -> Action | None:
    """Off the tile toward the next goal: back through the location's tiles to its access tile,
    then out of its exit subzone (into the target location if it is next door)."""
    if tile.slot and st.locations[tile.slot].tiles and st.locations[tile.slot].tiles[0] != tile.id:
        back = tile.links.get(tile.geo.access)
        if back is not None and s.cell == tile.geo.access:
            spot = f"{back[0]}-{CELLS[back[1]]}"
            step = next((a for a in legal if isinstance(a, A.Move) and a.to == spot), None)
            if step is not None:
                return step
        return _toward_cell(st, s, legal, tile.geo.access, s.tile)
    for a in legal:
        if isinstance(a, A.Enter) and a.slot == target_slot:
            return a
    leave = [a for a in legal if isinstance(a, A.Leave)]
    goal_zone = exit_zone or (st.board.slot_zone[target_slot] if target_slot else st.adventure.exit)
    if leave:
        return min(leave, key=lambda a: st.board.graph.distance(a.to, goal_zone))
    return _toward_cell(st, s, legal, tile.geo.exit, s.tile)


def _toward_cell(st: DNZState, s: Survivor, legal: Sequence[Action], cell: int, tile: str) -> Action | None:
    dist = distances(st, (tile, cell))
    here = dist.get((s.tile, s.cell), 99)
    best, best_d = None, here
    for a in legal:
        if isinstance(a, A.Move) and not a.sp:
            t, _, name = a.to.partition("-")
            d = dist.get((t, CELLS.index(name)), 99)
            if d < best_d:
                best, best_d = a, d
    return best


T = TypeVar("T")


def _first(legal: Sequence[Action], cls: type[T]) -> T | None:
    for a in legal:
        if isinstance(a, cls):
            return a
    return None


def _worth(st: DNZState, cid: str) -> float:
    card = st.content.search[cid]
    value = card.search * 2.0
    if card.weapon:
        value += 3 + card.damage + (max(card.strength_damage) if card.strength_damage else 0)
    if card.body:
        value += 2
    if card.heal or card.supply:
        value += 1.5
    if card.supply and supplies_wanted(st):
        value += 6 * card.supply
    return value


def _best_weapon(st: DNZState, s: Survivor, cards: Sequence[str]) -> str:
    return max((i for i in cards if _is_weapon(st, i)), key=lambda i: _use_value(st, s, i), default="")


def _wants_reorganize(st: DNZState, s: Survivor) -> bool:
    search = st.content.search
    pack = backpack(s)
    best = _best_weapon(st, s, [*held(s), *pack])
    if best and best != s.weapon and best in pack:
        return True
    if any(search[i].body and search[i].body not in s.worn for i in pack):
        return True
    return (
        not s.off
        and free_hands(st, s) > 0
        and any(search[i].hands == 1 and (search[i].light or search[i].kind) for i in pack)
    )


def _safe(st: DNZState, s: Survivor) -> bool:
    """No enemy on the survivor's tile: an AP spent on others costs him nothing in a fight."""
    return not s.tile or not any(e.tile == s.tile for e in st.enemies)


def _wants_to_give(st: DNZState, s: Survivor) -> bool:
    offers = [g for o in companions(st, s) for g in gifts(st, s, o)]
    return _helpful_gift(st, s, offers) is not None


def _helpful_gift(st: DNZState, s: Survivor, offers: Sequence[A.Give]) -> A.Give | None:
    """The first of ``offers`` (gifts ``s`` can make) that serves the group: healing to a wounded
    companion when ``s`` is not, a spare weapon to one who fights better with it than with his own,
    ammo or batteries to one whose gun or light uses them when ``s`` has none, armour for a body
    location ``s`` already covers, and out of a full backpack a card to one with room to spare
    (supplies stay with who carries them). Each gift makes the receiver better off without making
    ``s`` worse off, and none is ever worth giving back, so an exchange cannot go round in circles."""
    if not offers:
        return None
    search = st.content.search
    pack = backpack(s)
    spare = _spare_weapons(st, s)
    full = load(st, s) >= room(st)
    for a in offers:
        o = st.survivor(a.to)
        if a.item in ("ammo", "battery"):
            # a gun takes ammo, a light batteries
            uses = {i for i in search if (search[i].ammo if a.item == "ammo" else search[i].light)}
            if uses.isdisjoint(s.items) and not uses.isdisjoint(o.items):
                return a
            continue
        if a.item == "supplies":
            # kept where they are: shared out evenly, more of them are eaten at 15:00 and fewer
            # are left for an adventure that asks for supplies carried out
            continue
        card = search[a.item]
        if card.heal:
            if _wounded(st, o) and not _wounded(st, s) and not any(search[i].heal for i in o.items):
                return a
            continue
        if a.item in spare:
            mine = max((_use_value(st, o, i) for i in o.items if _is_weapon(st, i)), default=0.0)
            if _use_value(st, o, a.item) > mine + 0.5:
                return a
        elif card.weapon:
            continue  # the weapon he fights best with stays with him
        if a.item not in pack:
            continue
        if card.body and card.body in s.worn and card.body not in o.worn:
            return a
        if full and load(st, o) + card.space <= room(st) - 2:
            return a
    return None


def _wounded(st: DNZState, s: Survivor) -> bool:
    """Hurt enough for the bot to use a healing card (``_turn``)."""
    return s.health <= st.content.survivor(s.id).health - 3


def _is_weapon(st: DNZState, cid: str) -> bool:
    card = st.content.search[cid]
    return card.weapon and "mobile-grenade" not in card.traits


def _use_value(st: DNZState, s: Survivor, cid: str) -> float:
    """How well ``s`` fights with the weapon: his attack attribute times its damage (a gun without
    ammo hardly counts)."""
    card = st.content.search[cid]
    if card.kind == "ranged":
        return (
            attribute(st, s, "ranged") * (card.damage + 1.0) * (1.0 if s.ammo > 0 or not card.ammo else 0.2)
        )
    return attribute(st, s, "hand") * (card.melee_damage(attribute(st, s, "strength")) + 0.5)


def _spare_weapons(st: DNZState, s: Survivor) -> list[str]:
    """The weapons ``s`` carries besides the one he fights best with."""
    weapons = [i for i in s.items if _is_weapon(st, i)]
    if weapons:
        weapons.remove(_best_weapon(st, s, weapons))
    return weapons


def _attack_value(st: DNZState, s: Survivor, a: Action) -> float:
    if isinstance(a, A.Throw):
        return (
            2.0
            + sum(1 for e in st.enemies if f"{e.tile}-{CELLS[e.cell]}" == a.at)
            - (5 if s.where == a.at else 0)
        )
    assert isinstance(a, A.Attack)
    e = st.enemy(a.target)
    left = enemy_profile(st, e.kind).health - e.damage
    mode = {"melee": 2.0, "ranged": 2.5, "rapid": 3.0, "burst": 3.2, "butt": 0.5}[a.mode]
    sp = 0.4 if a.sp and s.sp > 4 else (-0.6 if a.sp else 0.0)
    return float(mode - 0.3 * left + 0.2 * st.content.enemies[e.kind].sp + sp)

