"""A heuristic player for The Night that plays like a careful person.

It gathers weapons, guns with their ammo, the Keys and boards; boards and locks the way in; shoots
before the zombies close in; fights hand-to-hand only with good odds; keeps the humans together and
out of the zombies' reach. In Take the House, won only by clearing the house, it hunts the zombies
down instead: it closes in, shoots at any fair chance and takes any fair fight. In a story won by
leaving (Make Your Own Story), everyone heads for the exit and escapes, except the human nearest to
a goal item still to fetch, who fetches it first. It looks one action ahead: every non-random action
is tried on a copy of its view and the result scored by :func:`evaluate`; shots and fights are
judged by their odds.

The threat of the zombies is one distance field per decision: for every square, how many AP short
(negative) or spare the nearest zombie would be to attack a human standing there, following the
zombies' own route costs (windows 2) and the time a barricade holds them up.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, TypeVar

import numpy as np

from deadboard.core.action import Action
from deadboard.core.grid import DOOR, INF, OPEN
from deadboard.core.heuristic import HeuristicBot as HeuristicBase
from deadboard.core.heuristic import decides
from deadboard.games.the_night import ai
from deadboard.games.the_night.board import (
    CLOSED,
    best_weapon,
    capacity,
    goal_keys_held,
    human_by_name,
    is_firearm_ready,
    is_goal_item,
    load_of,
    sees,
    zombie_by_name,
    zombie_entry_squares,
)
from deadboard.games.the_night.combat import human_strength, rcp_index
from deadboard.games.the_night.content import UNLIMITED
from deadboard.games.the_night.events import DashChoice, LatchChoice, LightningChoice, OpportunityChoice
from deadboard.games.the_night.humans import (
    Act,
    ActivateChoice,
    DodgeFight,
    activate_human,
    apply_human_action,
    human_actions,
    step_cost,
)
from deadboard.games.the_night.setup import Arm, PickHuman, PlaceHuman, PlaceItem, TakeItems
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
from deadboard.games.the_night.zombie_player import ZombieAct, ZTurn


@lru_cache(maxsize=64)
def p_human_wins(diff: int) -> float:
    """P(D6 + diff >= D6): the human's chance in hand-to-hand with a total advantage of ``diff``."""
    wins = sum(1 for a in range(1, 7) for b in range(1, 7) if a + diff >= b)
    return wins / 36


def p_hit(rcp: int, modifier: int = 0) -> float:
    need = 6 - rcp - modifier
    return min(1.0, max(0.0, (7 - max(1, need)) / 6))


def _static_distances(state: NightState) -> list[list[int]]:
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
            self.route = np.array(ai.map_info(state).table(False), dtype=np.int64)
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

    __slots__ = ("barricaded", "dist", "exits", "humans", "hunt", "inside", "live", "lock_spots", "lying",
                 "missing", "open_spots", "state", "threat", "with_room", "zombies")

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

    def score(self) -> float:
        state = self.state
        threat = self.threat
        dist = self.dist
        hunt = self.hunt
        exits = self.exits
        open_spots = self.open_spots
        lock_spots = self.lock_spots
        fetch = fetcher(state, self.missing, dist) if exits else None
        score = 0.0
        # equipment and danger, human by human
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
        # go and fetch what lies around: weapons, guns and their ammo, the Keys, boards
        if not self.lying:
            return score
        missing = self.missing
        live_rows = [dist[h.sq] for h in live]
        room_rows = [dist[h.sq] for h in self.with_room]
        for i, x, value, unlimited in self.lying:
            goal = bool(missing) and is_goal_item(state, i, missing)
            if goal:
                value = GOAL_ITEM
            if value <= 0 or not (threat[x] > 0 or goal):
                continue
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
            return self.score()
        finally:
            hu.sq = home


class HeuristicBot(HeuristicBase[NightState]):
    """The Night's heuristic player: a method per decision step (a decision without one is chosen at
    random)."""

    # ----- the Live Human Action Phase --------------------------------------------------------
    @decides(ActivateChoice)
    def _activate(self, state: NightState, legal: Sequence[Action]) -> Action:
        """Activate first the human who can gain most: in danger, with a shot, or with something to
        fetch or barricade nearby (judged by the best first action it could take)."""
        threat = threat_field(state)
        dist = _static_distances(state)
        base = evaluate(state, threat, dist)
        dodge = state.cfg.dodge  # a move may then be stopped: tried on a copy, dice and all
        index = state.c.grid.index
        best, best_v = legal[-1], -1e9
        for a in legal:
            if a[0] != "activate":
                continue
            h = human_by_name(state, str(a[1]))
            sq = state.humans[h].sq
            t = threat[sq]
            v = 6.0 if t <= 0 else 3.0 if t <= 3 else 0.0
            if any(is_firearm_ready(state, h, i) for i in state.carried(h)):
                v += 4.0 if any(sees(state, sq, zs) for zs in state.zsq.values()) else 0.5
            trial = state.clone()
            trial.log = []
            activate_human(trial, h)
            scorer = Scorer(trial, threat, dist)
            gain = 0.0
            for b in human_actions(trial):
                if b[0] == "move" and not dodge:
                    score = scorer.moved(h, index[str(b[2])])
                elif b[0] in ("move", "pickup", "board", "lock", "give"):
                    t2 = trial.clone()
                    t2.log = []
                    apply_human_action(t2, b)
                    score = evaluate(t2, threat, dist)
                else:
                    continue
                gain = max(gain, score - base)
            v += 10.0 * gain + (0.5 if h in state.heroes else 0.0)
            if v > best_v:
                best, best_v = a, v
        return best

    @decides(Act)
    def _act(self, state: NightState, legal: Sequence[Action]) -> Action:
        threat = threat_field(state)
        dist = _static_distances(state)
        h = state.active
        hu = state.humans[h]
        hunt = state.cfg.confine
        # 0. a story won by leaving: go, unless a goal item is still to fetch and this human is the
        #    one nearest to it
        if any(a[0] == "escape" for a in legal) and (
                (f := fetcher(state, unsecured_goal(state), dist)) is None or f[0] != h):
            return next(a for a in legal if a[0] == "escape")
        # 1. a good shot first (any fair one when the house must be cleared)
        shots = [a for a in legal if a[0] == "shoot"]
        if shots:
            a, p = self._best_shot(state, shots, h)
            if a is not None and p >= (0.34 if hunt else 0.5):
                return a
        # 2. hand-to-hand only with good odds, or when cornered
        attacks = [a for a in legal if a[0] == "attack"]
        weapon = best_weapon(state, h)
        wb = state.c.items[weapon].bonus if weapon >= 0 else 0
        best_attack, best_p = None, 0.0
        for a in attacks:
            z = zombie_by_name(state, str(a[2]))
            p = p_human_wins(human_strength(state, h) + wb - state.cfg.zstr[z])
            if p > best_p:
                best_attack, best_p = a, p
        # 3. barricade: lock the way in with the Keys, board it up with boards carried
        task = self._barricade(state, legal, threat, dist)
        if task is not None:
            return task
        # 4. everything deterministic, one action ahead
        scorer = Scorer(state, threat, dist)
        base = scorer.score()
        index = state.c.grid.index
        best, best_v = None, base  # "done" keeps the position as it is
        for a in legal:
            k = a[0]
            if k in ("shoot", "attack", "done", "escape"):
                continue
            if k == "drop" and state.c.items[state.c.item_index[str(a[2])]].kind != "board":
                continue
            if k == "move" and not state.cfg.dodge:
                to = index[str(a[2])]
                v = scorer.moved(h, to) - 0.01
                if state.ap - step_cost(state, h, to) <= 0:
                    v -= 0.1
            else:
                trial = state.clone()
                trial.log = []
                apply_human_action(trial, a)
                t = threat_field(trial) if k in ("board", "unboard", "lock", "unlock") else threat
                v = evaluate(trial, t, dist) - (0.01 if k == "move" else 0.0)
                if k == "move" and trial.ap <= 0:
                    v -= 0.1
            if v > best_v + 1e-9:
                best, best_v = a, v
        if best_attack is not None and (best_p >= (HUNT_ATTACK_ODDS if hunt else ATTACK_ODDS) or (best is None and threat[hu.sq] <= 0 and best_p >= 0.45)):
            return best_attack
        if best is not None:
            return best
        if shots:
            a, p = self._best_shot(state, shots, h)
            if a is not None and p >= 0.34:
                return a
        for a in legal:
            if a[0] == "escape":
                return a
        done = [a for a in legal if a[0] == "done"]
        return done[0] if done else legal[0]

    def _barricade(self, state: NightState, legal: Sequence[Action], threat: list[int], dist: list[list[int]]) -> Action | None:
        """Lock and board the openings between the house and the outside: do it when next to one,
        walk towards the nearest one when carrying the Keys or boards and the way is safe."""
        c = state.c
        grid = c.grid
        inside = c.inside
        h = state.active
        sq = state.humans[h].sq
        if not inside[sq] or (state.cfg.victory_exit is not None and carries_goal(state, h)):
            return None  # outside, or carrying what must leave by the story's exit
        for a in legal:
            if a[0] in ("lock", "board"):
                o = grid.opening_by_name[str(a[2])]
                if inside[o.a] != inside[o.b]:
                    return a
        carried = state.carried(h)
        has_keys = any(c.items[i].kind == "keys" for i in carried)
        has_board = any(c.items[i].kind == "board" for i in carried)
        spots = []
        for o in grid.openings:
            if inside[o.a] == inside[o.b]:
                continue
            spot = o.a if inside[o.a] else o.b
            f = state.op[o.id]
            if (has_keys and o.lockable and not f & (LOCKED | BROKEN)) or (has_board and not f & BOARDED):
                spots.append(spot)
        spots = [x for x in spots if threat[x] > 1]
        if not spots:
            return None
        target = min(spots, key=lambda x: dist[sq][x])
        here = dist[sq][target]
        best, best_d = None, here
        for a in legal:
            if a[0] != "move":
                continue
            t = grid.index[str(a[2])]
            if threat[t] <= 0:
                continue
            d = dist[t][target]
            if d < best_d:
                best, best_d = a, d
        return best

    def _best_shot(self, state: NightState, shots: Sequence[Action], h: int) -> tuple[Action | None, float]:
        grid = state.c.grid
        hsq = state.humans[h].sq
        humans = [x.sq for x in state.humans if x.status == LIVE]
        best, best_v, best_p = None, -1.0, 0.0
        for a in shots:
            z = zombie_by_name(state, str(a[2]))
            g = state.c.item_index[str(a[3])]
            rcp = state.c.items[g].rcp
            assert rcp is not None
            zs = state.zsq[z]
            mod = -1 if a[-1] == "wild" else (-1 - state.shots if state.wild else 0)
            p = p_hit(rcp[rcp_index(grid.chebyshev(hsq, zs))], mod)
            near = min(grid.manhattan(zs, s) for s in humans)
            v = p * (1.0 + 6.0 / (1 + near) + 0.3 * state.cfg.zstr[z])
            if v > best_v:
                best, best_v, best_p = a, v, p
        return best, best_p

    # ----- setup and events -------------------------------------------------------------------
    @decides(PlaceHuman)
    def _place_human(self, state: NightState, legal: Sequence[Action]) -> Action:
        dist = _static_distances(state)
        c = state.c
        goods = [x for x in state.item_where if 0 <= x < c.grid.n]

        def value(a: Action) -> float:
            sq = c.grid.index[str(a[2])]
            v = 2.0 if c.inside[sq] else 0.0
            v -= 0.1 * min((dist[sq][g] for g in goods), default=0)
            v -= 0.05 * sum(1 for e in c.entries for s in e.squares if dist[sq][s] < 5)
            return v

        return max(legal, key=value)

    @decides(PlaceItem)
    def _place_item(self, state: NightState, legal: Sequence[Action]) -> Action:
        dist = _static_distances(state)
        c = state.c
        humans = [h.sq for h in state.humans if h.status == LIVE]
        return min(legal, key=lambda a: min((dist[c.grid.index[str(a[2])]][s] for s in humans), default=0))

    @decides(TakeItems)
    def _take(self, state: NightState, legal: Sequence[Action]) -> Action:
        order = ["shotgun", "rifle", "pistol", "chainsaw", "axe", "machete", "bat", "crowbar", "pitchfork"]
        for want in order:
            for a in legal:
                if a[0] == "take" and a[1] == want:
                    return a
        takes = [a for a in legal if a[0] == "take"]
        return takes[0] if takes else legal[-1]

    @decides(Arm)
    def _arm(self, state: NightState, legal: Sequence[Action]) -> Action:
        items = state.c.items
        idx = state.c.item_index

        def value(a: Action) -> float:
            if a[2] == "nothing":
                return -1
            it = items[idx[str(a[2])]]
            return 10 + (it.rcp[0] if it.rcp else 0) if it.kind == "firearm" else it.bonus

        return max(legal, key=value)

    @decides(PickHuman)
    def _pick(self, state: NightState, legal: Sequence[Action]) -> Action:
        return max(legal, key=lambda a: (state.cfg.hstr[human_by_name(state, str(a[1]))], state.cfg.hap[human_by_name(state, str(a[1]))]))

    @decides(DodgeFight)
    def _dodge_fight(self, state: NightState, legal: Sequence[Action]) -> Action:
        return min(legal, key=lambda a: state.cfg.zstr[zombie_by_name(state, str(a[2]))])

    @decides(LightningChoice)
    def _lightning(self, state: NightState, legal: Sequence[Action]) -> Action:
        humans = [h.sq for h in state.humans if h.status == LIVE]
        grid = state.c.grid

        def gain(a: Action) -> float:
            z = zombie_by_name(state, str(a[1]))
            to = grid.index[str(a[2])]
            before = min(grid.manhattan(state.zsq[z], s) for s in humans)
            after = min(grid.manhattan(to, s) for s in humans)
            return (after - before) + 3.0 / (1 + before)

        return max(legal, key=gain)

    @decides(DashChoice)
    def _dash(self, state: NightState, legal: Sequence[Action]) -> Action:
        threat = threat_field(state)
        grid = state.c.grid
        best, best_v = legal[-1], 0.0
        for a in legal:
            if a[0] != "dash":
                continue
            h = human_by_name(state, str(a[1]))
            v = min(threat[grid.index[str(a[2])]], 6) - min(threat[state.humans[h].sq], 6)
            if v > best_v:
                best, best_v = a, v
        return best

    @decides(OpportunityChoice)
    def _opportunity(self, state: NightState, legal: Sequence[Action]) -> Action:
        shots = [a for a in legal if a[0] == "opportunity"]
        return shots[0] if shots else legal[-1]

    @decides(LatchChoice)
    def _latch(self, state: NightState, legal: Sequence[Action]) -> Action:
        c = state.c
        outside = any(h.status == LIVE and not c.inside[h.sq] for h in state.humans)
        if outside:
            return legal[-1]
        doors = [a for a in legal if a[0] == "latch"]
        return doors[0] if doors else legal[-1]

    # ----- the Zombie Player ------------------------------------------------------------------
    @decides(ZombieAct, ZTurn)
    def _zombie(self, state: NightState, legal: Sequence[Action]) -> Action:
        for a in legal:
            if a[0] == "zattack":
                return a
        hsq = [h.sq for h in state.humans if h.status == LIVE]
        if not hsq:
            return legal[-1]
        field = ai.field_for(state, tuple(sorted(hsq)))
        z = state.zact
        here = field[state.zsq[z]]
        grid = state.c.grid
        best, best_v = legal[-1], float(here)
        for a in legal:
            v: float
            if a[0] == "zmove":
                v = field[grid.index[str(a[2])]]
            elif a[0] == "zbreak":
                o = grid.opening_by_name[str(a[2])]
                other = o.b if o.a == state.zsq[z] else o.a
                v = field[other] + 0.5
            else:
                continue
            if v < best_v:
                best, best_v = a, v
        return best



__all__ = ["HeuristicBot", "evaluate", "p_human_wins", "threat_field"]
