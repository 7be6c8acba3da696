"""What The Night's heuristic player sees in a position: the odds of a fight and a shot, the
zombies' threat field, the routes and ways in, where the goal items are, and the score of a position
(:class:`Scorer`, :func:`evaluate`) that :mod:`deadboard.games.the_night.bot` looks one action ahead
with.

The threat of the zombies is one distance field per decision: for every square, how many AP short
(negative) or spare the nearest zombie would be to attack a human standing there, following the
zombies' own route costs (windows 2) and the time a barricade holds them up.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any, TypeVar

import numpy as np

from deadboard.core.grid import DOOR, INF, OPEN
from deadboard.games.the_night import zombie_ways
from deadboard.games.the_night.board import (
    CLOSED,
    capacity,
    goal_keys_held,
    is_firearm_ready,
    is_goal_item,
    load_of,
    zombie_entry_squares,
)
from deadboard.games.the_night.combat import human_strength
from deadboard.games.the_night.content import UNLIMITED
from deadboard.games.the_night.state import (
    BOARDED,
    BROKEN,
    CARRIED,
    ESCAPED,
    LIVE,
    LOCKED,
    ON_OPENING,
    Human,
    NightState,
)


@lru_cache(maxsize=64)
def p_human_wins(diff: int) -> float:
    """P(D6 + diff >= D6): the human's chance in hand-to-hand with a total advantage of ``diff``."""
    wins = sum(1 for a in range(1, 7) for b in range(1, 7) if a + diff >= b)
    return wins / 36


def p_hit(rcp: int, modifier: int = 0) -> float:
    need = 6 - rcp - modifier
    return min(1.0, max(0.0, (7 - max(1, need)) / 6))


def static_distances(state: NightState) -> list[list[int]]:
    """Human step counts between all squares (8-way, doors and windows open), built once per map."""
    m = _memo(state)
    if m.dist is None:
        grid = state.c.grid
        m.dist = [grid.bfs((s,), grid.adjacent8) for s in range(grid.n)]
    return m.dist


def exit_squares(state: NightState) -> tuple[int, ...]:
    """Make Your Own Story: the squares of the Map Entry Point the humans escape by (none without one)."""
    e = state.cfg.victory_exit
    return () if e is None else zombie_entry_squares(state, e)


def unsecured_goal(state: NightState) -> list[str]:
    """Make Your Own Story: the goal items (ids or kinds) that no live or escaped human carries."""
    want = state.cfg.victory_collect
    if not want:
        return []
    have = goal_keys_held(state, {h.idx for h in state.humans if h.status in (LIVE, ESCAPED)})
    return [k for k in want if k not in have]


def fetcher(state: NightState, missing: list[str], dist: list[list[int]]) -> tuple[int, int] | None:
    """Make Your Own Story: the live human nearest to a goal item still lying on the map, and that
    item's square (None when no goal item lies on the map)."""
    if not missing:
        return None
    n = state.c.grid.n
    spots = [w for i, w in enumerate(state.item_where) if 0 <= w < n and is_goal_item(state, i, missing)]
    best: tuple[int, int] | None = None
    best_d = INF
    for hu in state.humans:
        if hu.status != LIVE:
            continue
        row = dist[hu.sq]
        for w in spots:
            if row[w] < best_d:
                best, best_d = (hu.idx, w), row[w]
    return best


def carries_goal(state: NightState, h: int) -> bool:
    return any(is_goal_item(state, i, state.cfg.victory_collect) for i in state.carried(h))


def threat_field(state: NightState) -> list[int]:
    """For each square: the least (route cost - AP) of any zombie to reach it; <= 0 means a zombie
    could attack a human there in its next activation. The zombies stand still while the humans
    act, so a field is worked out once and then looked up (see :class:`_MapMemo`); the list
    returned is shared and must not be changed."""
    zs = state.zsq
    if not zs:
        return [INF] * state.c.grid.n
    zap = state.cfg.zap
    confine = state.cfg.confine
    op = state.op
    barricades = confine or any(f & CLOSED for f in op)
    sources: dict[int, int] = {}
    for z, sq in zs.items():
        v = -zap[z]
        if v < sources.get(sq, INF):
            sources[sq] = v
    key = (confine, tuple(sorted(sources.items())), tuple(op) if barricades else None)
    m = _memo(state)
    field = m.threats.get(key)
    if field is None:
        if barricades:
            field = _multi_field(state, sources)
        else:  # no barricade anywhere: the rows of the route table, no search (zombies of one AP
            # share one shift: the nearest of them first, then the shift)
            table = m.route_array(state)
            by_ap: dict[int, list[int]] = {}
            for sq, v in sources.items():
                by_ap.setdefault(v, []).append(sq)
            field = np.minimum.reduce([table[sqs].min(axis=0) + v for v, sqs in by_ap.items()]).tolist()
        _keep(m.threats, key, field)
    return field


#: how many threat fields (and states of the openings) a map keeps: a night asks for a few hundred
MEMO_SIZE = 4096


class _MapMemo:
    """What the bot works out once per map and looks up after: the step counts between squares, the
    openings between the house and the outside, the threat fields by where the zombies stand (and
    the AP of each) and, when something is barricaded, by the state of every opening; the ways in
    by that state; who carries what and what lies around, by where every item is."""

    __slots__ = ("c", "crossings", "dist", "items", "route", "threats", "ways")

    def __init__(self, state: NightState) -> None:
        c = self.c = state.c
        inside = c.inside
        #: (opening, its square on the inside, lockable) of each opening between inside and out
        self.crossings = tuple((o.id, o.a if inside[o.a] else o.b, o.lockable)
                               for o in c.grid.openings if inside[o.a] != inside[o.b])
        self.threats: dict[tuple[object, ...], list[int]] = {}
        self.ways: dict[tuple[int, ...], tuple[list[int], list[int], int]] = {}
        self.items: dict[tuple[int, ...], Whereabouts] = {}
        self.route: np.ndarray | None = None
        self.dist: list[list[int]] | None = None

    def route_array(self, state: NightState) -> np.ndarray:
        """The zombies' route table (every door and window counted open, any square reached from
        any: not Take the House) as one array."""
        if self.route is None:
            self.route = np.array(zombie_ways.map_info(state).table(False), dtype=np.int64)
        return self.route


_MEMOS: dict[int, _MapMemo] = {}
_T = TypeVar("_T")


def _keep(table: dict[Any, _T], key: Any, value: _T) -> _T:
    """Store ``value`` in one of a map's memo tables, emptied when full (:data:`MEMO_SIZE`)."""
    if len(table) >= MEMO_SIZE:
        table.clear()
    table[key] = value
    return value


def _memo(state: NightState) -> _MapMemo:
    m = _MEMOS.get(id(state.c))
    if m is None or m.c is not state.c:
        m = _MEMOS[id(state.c)] = _MapMemo(state)
    return m


class Whereabouts:
    """What the position of every item tells the bot, worked out once per position (shared: not to
    be changed): ``kit``, by human carrying something, (best weapon bonus, guns ready to fire,
    firearms, boards and Keys, boards, has the Keys, load); ``lying``, (item, square, worth
    fetching, counts against no limit) for every item on the map, in the order of the items."""

    __slots__ = ("kit", "lying")

    def __init__(self, state: NightState) -> None:
        c = state.c
        items = c.items
        where = state.item_where
        held: dict[int, list[int]] = {}
        on_map: list[tuple[int, int]] = []
        n = c.grid.n
        for i, x in enumerate(where):
            if CARRIED <= x < ON_OPENING:
                held.setdefault(x - CARRIED, []).append(i)
            elif 0 <= x < n:
                on_map.append((i, x))
        self.kit: dict[int, tuple[int, int, float, int, int, bool, int]] = {}
        for h, carried in held.items():
            kinds = [items[i].kind for i in carried]
            guns = sum(1 for i in carried if items[i].kind == "firearm" and is_firearm_ready(state, h, i))
            self.kit[h] = (max(items[i].bonus for i in carried), guns, float(kinds.count("firearm")),
                           kinds.count("board") + kinds.count("keys"), kinds.count("board"), "keys" in kinds,
                           load_of(state, carried))
        need_keys = not any(CARRIED <= where[i] < ON_OPENING for i in c.kind_items["keys"])
        loaded = {items[g].ammo for g in itertools.chain.from_iterable(held.values()) if items[g].kind == "firearm"}
        self.lying: list[tuple[int, int, float, bool]] = []
        for i, x in on_map:
            it = items[i]
            kind = it.kind
            if kind == "firearm":
                value = 6.0
            elif kind == "melee":
                value = 1.5 * it.bonus
            elif kind == "board":
                value = 2.0
            elif kind == "keys":
                value = 3.0 if need_keys else 0.0
            elif kind == "ammo":
                value = 4.0 if it.kind_id in loaded else 1.0
            else:
                value = 0.0
            self.lying.append((i, x, value, kind in UNLIMITED))


def whereabouts(state: NightState) -> Whereabouts:
    """The :class:`Whereabouts` of the items of ``state``, looked up by where every item is."""
    m = _memo(state)
    key = tuple(state.item_where)
    found = m.items.get(key)
    return found if found is not None else _keep(m.items, key, Whereabouts(state))


def ways_in(state: NightState) -> tuple[list[int], list[int], int]:
    """The ways into the house: the inside squares of the openings still open to a board, of those
    still to be locked, and how many are barricaded (shared lists: not to be changed)."""
    m = _memo(state)
    op = state.op
    key = tuple(op)
    found = m.ways.get(key)
    if found is None:
        open_spots: list[int] = []
        lock_spots: list[int] = []
        barricaded = 0
        for o, spot, lockable in m.crossings:
            f = op[o]
            if not f & BOARDED:
                open_spots.append(spot)
            if lockable and not f & (LOCKED | BROKEN):
                lock_spots.append(spot)
            if f & (BOARDED | LOCKED):
                barricaded += 1
        found = _keep(m.ways, key, (open_spots, lock_spots, barricaded))
    return found


#: AP a locked or boarded opening is reckoned to hold a zombie up (a normal zombie needs a 6 to break
#: it, a BREAKER 4-6): the zombies walk straight at barricades, but the bot counts the delay
BARRICADE = 4


def edge_cost(state: NightState, kind: int, o: int) -> int:
    """AP a step across this edge is expected to cost a zombie, breaking included."""
    if kind == OPEN:
        return 1
    f = state.op[o]
    if kind == DOOR:
        return 1 + BARRICADE if f & CLOSED else 1
    return 2 + BARRICADE if f & BOARDED else 2


def _multi_field(state: NightState, sources: dict[int, int]) -> list[int]:
    grid = state.c.grid

    def cost(frm: int, to: int, kind: int, o: int) -> int:
        return edge_cost(state, kind, o)

    base = min(sources.values())
    shifted = {s: v - base for s, v in sources.items()}
    dist = grid.distance_field(shifted, cost)
    return [d + base if d < INF else INF for d in dist]


#: Take the House: what a square of distance between a human and the nearest zombie costs
HUNT_PULL = 0.3
#: Make Your Own Story: what a square of distance from the exit costs, and a goal item lying around
EXIT_PULL = 2.0
GOAL_ITEM = 15.0
#: the least chance of winning a hand-to-hand combat the bot seeks out (Take the House: any fair
#: fight, since the house must be cleared; otherwise only good odds)
ATTACK_ODDS = 0.72
HUNT_ATTACK_ODDS = 0.58


def evaluate(state: NightState, threat: list[int], dist: list[list[int]]) -> float:
    """Score a position for the human side (higher is better). In Take the House (zombies confined
    to the house, which must be cleared) the humans close in on the zombies instead of keeping away."""
    return Scorer(state, threat, dist).score()


class Scorer:
    """:func:`evaluate` in two steps: what does not depend on where the humans stand, worked out
    once for a position, then :meth:`score` for the squares the humans stand on now. A bot trying
    the moves of one human puts him on each square in turn and scores (see :meth:`moved`)."""

    __slots__ = ("_others", "barricaded", "dist", "exits", "fetch_items", "humans", "hunt", "inside", "live",
                 "lock_spots", "lying", "missing", "open_spots", "state", "threat", "with_room", "zombies")

    def __init__(self, state: NightState, threat: list[int], dist: list[list[int]]) -> None:
        self.state = state
        self.threat = threat
        self.dist = dist
        self.inside = state.c.inside
        self.live = live = [h for h in state.humans if h.status == LIVE]
        hero = set(state.heroes)
        self.hunt = state.cfg.confine
        self.zombies = list(state.zsq.values())
        self.exits = exit_squares(state)
        self.missing = unsecured_goal(state)
        # the ways into the house: still open to a board, still to be locked, and barricaded
        self.open_spots, self.lock_spots, self.barricaded = ways_in(state)
        wb = whereabouts(state)
        kits = wb.kit
        self.lying = wb.lying
        # what lies around worth fetching (what the humans' squares do not change: :meth:`_fetching`)
        self.fetch_items: list[tuple[int, float, bool]] = []
        #: by human trying squares (:meth:`moved`): for each item worth fetching, how near the others
        #: are to it, and whether his own distance counts (:meth:`_fetching`)
        self._others: dict[int, list[tuple[int, bool]]] = {}
        if self.lying:
            missing = self.missing
            for i, x, value, unlimited in self.lying:
                goal = bool(missing) and is_goal_item(state, i, missing)
                if goal:
                    value = GOAL_ITEM
                if value > 0 and (threat[x] > 0 or goal):
                    self.fetch_items.append((x, value, unlimited))
        self.with_room = [h for h in live if h.idx not in kits or kits[h.idx][6] < capacity(state, h.idx)]
        # by live human: his weight (the hero counts double), what his kit adds, what being within
        # a zombie's reach costs, the chance of losing a fight there, and his boards and Keys
        self.humans: list[tuple[Human, float, tuple[float, float, float] | None, float, float, int, bool]] = []
        for h in live:
            w = 10.0 if h.idx in hero else 5.0
            kit = kits.get(h.idx)
            bonus = boards = 0
            keys = False
            adds = None
            if kit is not None:  # most humans carry nothing
                bonus, guns, firearms, kept, boards, keys, _ = kit
                adds = (1.2 * bonus + 3.0 * guns, firearms - 0.5 * guns, 0.3 * kept)
            p_lose = 1 - p_human_wins(human_strength(state, h.idx) + bonus - 4)
            self.humans.append((h, w, adds, w * (0.6 + 1.2 * p_lose), p_lose, boards, keys))

    def score(self, mover: int = -1) -> float:
        """The score of the position (``mover``: the one human put on another square since the
        Scorer was made, if any)."""
        state = self.state
        threat = self.threat
        dist = self.dist
        hunt = self.hunt
        exits = self.exits
        open_spots = self.open_spots
        lock_spots = self.lock_spots
        fetch = fetcher(state, self.missing, dist) if exits else None
        score = 0.0
        # equipment and danger, human by human (inline: this is the bot's hottest loop; each part
        # below adds to the running score in the same order as ever, the score being a float sum)
        for h, w, adds, in_reach, p_lose, boards, keys in self.humans:
            sq = h.sq
            score += w
            if adds is not None:
                score += adds[0]
                score += adds[1]
                score += adds[2]
            t = threat[sq]
            if hunt:
                # Take the House: close in on the zombies, but not where several can strike at once
                score -= HUNT_PULL * min(min((dist[sq][zq] for zq in self.zombies), default=0), 15)
                score -= w * 0.2 * (p_lose if t <= 0 else 0.0)
            elif t <= 0:
                score -= in_reach
            elif t <= 2:
                score -= w * 0.25
            elif t < 12:
                score -= w * 0.02 * (12 - t)  # the further from the zombies' reach, the better
            if boards and open_spots:
                score -= 1.5 * boards * min(min(dist[sq][x] for x in open_spots), 15) / 15.0
            if keys and lock_spots:
                score -= 2.0 * min(min(dist[sq][x] for x in lock_spots), 15) / 15.0
            if exits:
                # a story won by leaving: head for the exit, by way of the goal item for its fetcher
                if fetch is not None and fetch[0] == h.idx:
                    score -= EXIT_PULL * (dist[sq][fetch[1]] + min(dist[fetch[1]][x] for x in exits))
                else:
                    score -= EXIT_PULL * min(dist[sq][x] for x in exits)
            elif not self.inside[sq] and not hunt:
                score -= 1.5
        # keep together (humans near each other help and are easier to defend), but never on one square
        live = self.live
        for i, a in enumerate(live):
            for b in live[i + 1 :]:
                if a.sq == b.sq:
                    score -= 5.0
                elif dist[a.sq][b.sq] <= 2:
                    score += 0.15
        # barricades on the way in (added one by one, as the score always summed them)
        for _ in range(self.barricaded):
            score += 0.8
        if not self.fetch_items:
            return score
        if mover >= 0:
            return self._fetching_moved(score, mover)
        return self._fetching(score)

    def _fetching_moved(self, score: float, mover: int) -> float:
        """:meth:`_fetching` when only ``mover`` stands elsewhere: the other humans' distances to
        each item are taken once per mover (the nearest distance, so the same terms)."""
        others = self._others.get(mover)
        if others is None:
            others = self._others[mover] = self._nearest_others(mover)
        row = self.dist[self.state.humans[mover].sq]
        for (x, value, _unlimited), (best, counts) in zip(self.fetch_items, others):
            if counts and row[x] < best:
                best = row[x]
            score -= value * (0.3 + 0.7 * min(best, 15) / 15.0)
        return score

    def _nearest_others(self, mover: int) -> list[tuple[int, bool]]:
        dist = self.dist
        live_rows = [dist[h.sq] for h in self.live if h.idx != mover]
        room_rows = [dist[h.sq] for h in self.with_room if h.idx != mover]
        in_live = any(h.idx == mover for h in self.live)
        in_room = any(h.idx == mover for h in self.with_room)
        out = []
        for x, _value, unlimited in self.fetch_items:
            rows = live_rows if unlimited else room_rows
            out.append((min([row[x] for row in rows]) if rows else INF, in_live if unlimited else in_room))
        return out

    def _fetching(self, score: float) -> float:
        """Go and fetch what lies around: weapons, guns and their ammo, the Keys, boards."""
        dist = self.dist
        live_rows = [dist[h.sq] for h in self.live]
        room_rows = [dist[h.sq] for h in self.with_room]
        for x, value, unlimited in self.fetch_items:
            rows = live_rows if unlimited else room_rows
            best = min([row[x] for row in rows]) if rows else INF
            score -= value * (0.3 + 0.7 * min(best, 15) / 15.0)
        return score

    def moved(self, h: int, to: int) -> float:
        """The score after human ``h`` moves to square ``to`` (without Dodge a move changes only
        where he stands and the AP left, which the score does not read): he is put there and back
        instead of the move being played on a copy of the position."""
        hu = self.state.humans[h]
        home = hu.sq
        hu.sq = to
        try:
            return self.score(h)
        finally:
            hu.sq = home


__all__ = ["ATTACK_ODDS", "HUNT_ATTACK_ODDS", "Scorer", "carries_goal", "evaluate", "fetcher", "p_hit", "p_human_wins",
           "static_distances", "threat_field", "unsecured_goal"]
