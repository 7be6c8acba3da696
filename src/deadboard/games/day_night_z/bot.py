"""A heuristic player for Day Night Z: heal when hurt, fight what stands in reach with the best odds,
keep the threat down with spare survival points, then walk the adventure's objective — into the
location, explore it, search it — and out to the exit; search cards for weapons and armour and
equips them; defends when cornered, hides when nothing else helps."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from deadboard.core.action import Action
from deadboard.core.game import Game, State
from deadboard.core.rng import Rng
from deadboard.games.day_night_z import actions as A
from deadboard.games.day_night_z.concepts import health_level, lower_cost
from deadboard.games.day_night_z.enemies import distances
from deadboard.games.day_night_z.geometry import CELLS
from deadboard.games.day_night_z.spawn import enemy_profile
from deadboard.games.day_night_z.state import DNZState, Survivor


class HeuristicBot:
    name = "heuristic"
    needs_view = True

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.rng = Rng(seed)
        self.seat = seat

    def choose(self, game: Game, view: State | None, legal: Sequence[Action]) -> Action:
        assert isinstance(view, DNZState)
        st = view
        kind = st.decision.kind if st.decision else ""
        if kind == "order":
            return legal[0]
        if kind == "hidden":
            return _first(legal, A.Unhide) or legal[0]
        if kind == "keep":
            return max(legal, key=lambda a: _worth(st, str(a[2])))
        if kind == "reorganize":
            return self._reorganize(st, legal)
        if kind == "sweep":
            return _first(legal, A.Sweep) or legal[0]
        return self._turn(st, legal)

    def _reorganize(self, st: DNZState, legal: Sequence[Action]) -> Action:
        step = st.steps[-1]
        s = st.survivor(getattr(step, "who", ""))
        best = max(
            (i for i in s.items if st.content.search[i].weapon),
            key=lambda i: _weapon_value(st, s, i),
            default="",
        )
        for a in legal:
            if isinstance(a, A.Equip) and a.item == best and best != s.weapon:
                return a
            if isinstance(a, A.Wear) and a.item not in s.worn.values():
                return a
        return _first(legal, A.Done) or legal[0]

    def _turn(self, st: DNZState, legal: Sequence[Action]) -> Action:
        who = str(legal[0][1])
        s = st.survivor(who)
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
        if sup is not None and s.health <= full - 2 and s.supplies > 1:
            return sup
        low = _first(legal, A.LowerThreat)
        if low is not None and s.sp >= (lower_cost(st) or 99) + 3:
            return low
        reorg = _first(legal, A.Reorganize)
        if reorg is not None and _wants_reorganize(st, s):
            return reorg
        attacks = [
            a
            for a in legal
            if isinstance(a, A.Throw) or (isinstance(a, A.Attack) and a.target.startswith("e"))
        ]
        if attacks:
            return max(attacks, key=lambda a: _attack_value(st, s, a))
        light = _first(legal, A.Light)
        if light is not None:
            return light
        goal = self._goal(st, s, legal)
        if goal is not None:
            return goal
        if s.tile and st.enemies and health_level(st, s)[0] != "green":
            d = _first(legal, A.Defend)
            if d is not None:
                return d
        return _first(legal, A.End) or legal[0]

    def _goal(self, st: DNZState, s: Survivor, legal: Sequence[Action]) -> Action | None:
        from deadboard.games.day_night_z.survivor_actions import objective_met

        adv = st.adventure
        done = objective_met(st)
        target_slot = ""
        if not done:
            if adv.explore:
                target_slot = next(k for k, v in adv.locations.items() if v == adv.explore)
            elif adv.search:
                target_slot = next(
                    k
                    for k, v in adv.locations.items()
                    if any(z.tile == adv.search for z in st.content.locations[v].zones)
                )
            else:
                fresh = [
                    k
                    for k, v in adv.locations.items()
                    if len(st.locations[k].searched) < len(st.content.locations[v].zones)
                ] or list(adv.locations)
                target_slot = min(
                    fresh,
                    key=lambda k: st.board.graph.distance(s.zone or adv.start_zone, st.board.slot_zone[k]),
                )
        if s.tile:
            tile = st.tiles[s.tile]
            if not done and tile.slot == target_slot:
                sz = _first(legal, A.SearchZone)
                wanted = (not adv.explore) and (not adv.search or tile.geo.id == adv.search)
                if sz is not None and wanted:
                    return sz
                ex = _first(legal, A.Explore)
                if ex is not None and (
                    adv.explore or adv.supplies or (adv.search and tile.geo.id != adv.search)
                ):
                    return ex
                for a in legal:
                    if isinstance(a, A.SearchItem | A.SearchCorpse):
                        return a
                if (adv.search and tile.geo.id != adv.search) or adv.explore:
                    return _toward_cell(st, s, legal, tile.geo.exit, s.tile)
                if tile.index not in st.locations[tile.slot].searched:
                    return None
            # leave toward the goal
            leave = [a for a in legal if isinstance(a, A.Leave | A.Enter)]
            goal_zone = adv.exit if done else st.board.slot_zone.get(target_slot, adv.exit)
            for a in leave:
                if isinstance(a, A.Enter) and a.slot == target_slot and not done:
                    return a
            if leave:
                return min(
                    leave,
                    key=lambda a: (
                        st.board.graph.distance(str(a[2]), goal_zone) if isinstance(a, A.Leave) else 99
                    ),
                )
            if tile.slot and tile.index > 0:
                back = next(
                    (
                        c
                        for c, link in tile.links.items()
                        if link[0] in st.tiles and st.tiles[link[0]].index < tile.index
                    ),
                    tile.geo.access,
                )
                return _toward_cell(st, s, legal, back, s.tile)
            return _toward_cell(st, s, legal, tile.geo.exit, s.tile)
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
    return value


def _weapon_value(st: DNZState, s: Survivor, cid: str) -> float:
    card = st.content.search[cid]
    if card.kind == "ranged":
        return (card.damage + 1) * (1.0 if s.ammo > 0 or not card.ammo else 0.2)
    return card.melee_damage(3) + 0.5


def _wants_reorganize(st: DNZState, s: Survivor) -> bool:
    best = max(
        (i for i in s.items if st.content.search[i].weapon), key=lambda i: _weapon_value(st, s, i), default=""
    )
    if best and best != s.weapon:
        return True
    return any(st.content.search[i].body and i not in s.worn.values() for i in s.items)


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
