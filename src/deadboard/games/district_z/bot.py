"""A careful heuristic player for District-Z.

It looks for the LOCATION OBJECTIVE among the cards it has not seen, then takes the shortest way to
its CITY'S EDGE, preferring cards whose event tables it knows to be quiet when it is hurt. In
combat it weighs zombies destroyed against wounds taken by how much health it has left, escapes
when a fight would likely kill it, and heals with items (or by staying, in multiplayer) before it
is in danger. It reads only its seat's view of the game.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import lru_cache

from deadboard.core.action import Action
from deadboard.core.game import Game, State
from deadboard.core.rng import Rng
from deadboard.games.district_z.combat import AGILITY, COMBAT, HEALTH, PERCEPTION, rating
from deadboard.games.district_z.content import DistrictContent, Effect, Item, Location
from deadboard.games.district_z.rules import has_objective, health
from deadboard.games.district_z.state import LIVE, NO_CARD, OBJ, DistrictState, Layout

#: survivors in order of preference (found with the simulator)
PREFERENCE = ("TOMAS", "ROSA", "HOPE", "DANA", "MARCUS", "EZRA")


_DIST: dict[tuple[int, int, tuple[bool, ...]], tuple[tuple[int, ...], ...]] = {}


def distances(lay: Layout) -> tuple[tuple[int, ...], ...]:
    """All-pairs distances in moves between the CITY's cards (computed once per layout)."""
    key = (lay.width, lay.height, lay.cells)
    got = _DIST.get(key)
    if got is None:
        got = _DIST[key] = _distances(lay)
    return got


def _distances(lay: Layout) -> tuple[tuple[int, ...], ...]:
    n = lay.n
    out = []
    for s in range(n):
        dist = [1 << 20] * n
        if lay.cells[s]:
            dist[s] = 0
            q = deque([s])
            while q:
                u = q.popleft()
                for _, v in lay.nbr[u]:
                    if dist[v] > dist[u] + 1:
                        dist[v] = dist[u] + 1
                        q.append(v)
        out.append(tuple(dist))
    return tuple(out)


@lru_cache(maxsize=4096)
def p_sum_greater(n: int, target: int) -> float:
    """P(the sum of n d6 > target)."""
    if n <= 0:
        return 1.0 if target < 0 else 0.0
    dist = {0: 1.0}
    for _ in range(n):
        nd: dict[int, float] = {}
        for s, p in dist.items():
            for f in range(1, 7):
                nd[s + f] = nd.get(s + f, 0.0) + p / 6
        dist = nd
    return sum(p for s, p in dist.items() if s > target)


def item_value(it: Item) -> float:
    if it.objective:
        return 100.0
    v = it.mods[COMBAT] * 3.0 + it.mods[AGILITY] * 1.0 + it.mods[PERCEPTION] * 0.5 + it.mods[HEALTH] * 2.5 + it.heal * 1.5
    if it.ammo or it.breaks:
        v *= 1.0 - 0.08 * max(it.ammo, it.breaks)
    return v


@lru_cache(maxsize=256)
def location_danger(loc: Location) -> float:
    """Expected zombies of a visit (the table's average, or the unique event)."""
    events = loc.table if loc.table is not None else (loc.unique,)
    total = 0.0
    for ev in events:
        assert ev is not None
        total += sum(e[1] for e in ev.effects if e[0] == "zombies")
        total += sum(e[1] * 0.8 for e in ev.effects if e[0] == "wound")
    return total / len(events)


class HeuristicBot:
    name = "heuristic"
    needs_view = True

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.rng = Rng(seed)
        self.seat = seat
        self._avg_danger: float | None = None
        self.escapes = 0  # escapes so far: a careful player does not run in circles forever
        self.visits: dict[int, int] = {}  # moves onto each card, so that caution never becomes a loop

    # ----- entry point -----------------------------------------------------------------------------
    def choose(self, game: Game, view: State | None, legal: Sequence[Action]) -> Action:
        assert isinstance(view, DistrictState)
        st = view
        kind = st.pending[0][0] if st.pending else ""
        fn = getattr(self, "_" + kind.replace("-", "_"), None)
        if fn is not None:
            choice: Action | None = fn(st, legal)
            if choice is not None and choice in legal:
                return choice
        return legal[0]

    # ----- helpers ----------------------------------------------------------------------------------
    def _me(self, st: DistrictState) -> int:
        return int(st.pending[0][1])

    def _remaining(self, st: DistrictState, seat: int) -> int:
        return health(st, seat) - st.players[seat].wounds

    def _avg(self, c: DistrictContent) -> float:
        if self._avg_danger is None:
            ds = [location_danger(loc) for loc in c.locations]
            self._avg_danger = sum(ds) / len(ds)
        return self._avg_danger

    def _danger(self, st: DistrictState, pos: int) -> float:
        card = st.card[pos]
        if not st.seen[pos] or card == NO_CARD or card >= OBJ:
            return self._avg(st.c)
        loc = st.c.locations[card]
        if loc.unique is not None and st.used_unique[loc.index]:
            return 0.0
        return location_danger(loc)

    # ----- decisions --------------------------------------------------------------------------------
    def _survivor(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        by = {str(a[1]): a for a in legal if a[0] == "choose"}
        for name in PREFERENCE:
            if name in by:
                return by[name]
        return None

    def _corner(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        return legal[self.rng.below(len(legal))]

    def _turn(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        seat = self._me(st)
        p = st.players[seat]
        c = st.c
        rem = self._remaining(st, seat)
        uses = [a for a in legal if a[0] == "use"]
        if uses and (rem <= 2 or p.wounds >= 2):
            return max(uses, key=lambda a: c.items[c.item_index[str(a[1])]].heal)
        if not st.cfg.single:
            others = st.live_at(p.pos, but=seat)
            for o in others:
                if has_objective(st, o) and not has_objective(st, seat) and self._stronger(st, seat, o):
                    return Action("attack", st.name(o))
            heal = Action("heal")
            if heal in legal and (rem <= 2 or (p.wounds and rem <= 3 and not has_objective(st, seat))):
                return heal
        moves = [a for a in legal if a[0] == "move"]
        if not moves:
            return None
        return self._best_move(st, seat, moves)

    def _stronger(self, st: DistrictState, a: int, b: int) -> bool:
        pa, pb = st.players[a], st.players[b]
        return rating(st.c, pa.surv, pa.items, COMBAT) >= rating(st.c, pb.surv, pb.items, COMBAT)

    def _targets(self, st: DistrictState, seat: int) -> list[int]:
        p = st.players[seat]
        if has_objective(st, seat):
            return [p.edge]
        lay = st.lay
        out = []
        # objectives seen face down, or lying dropped
        for q in lay.positions():
            if (st.seen[q] and st.card[q] >= OBJ) or any(st.c.items[i].objective for i in st.dropped[q]):
                out.append(q)
        for o in st.players:
            if o.seat != seat and o.status == LIVE and has_objective(st, o.seat) and self._stronger(st, seat, o.seat):
                out.append(o.pos)
        if out:
            return out
        cells = lay.objective_cells if st.cfg.single else lay.positions()
        return [q for q in cells if not st.seen[q]] or [p.edge]

    def _best_move(self, st: DistrictState, seat: int, moves: Sequence[Action]) -> Action:
        p = st.players[seat]
        lay = st.lay
        dist = distances(lay)
        targets = self._targets(st, seat)
        rem = self._remaining(st, seat)
        best = None
        best_score = -1e9
        for a in moves:
            to = next(q for d, q in lay.nbr[p.pos] if d == a[1])
            d = min(dist[to][t] for t in targets)
            danger = self._danger(st, to) + st.counters[to] * 1.2
            score = -3.0 * d - danger * (2.0 if rem <= 2 else 0.8)
            if not st.seen[to]:
                score += 0.6  # a new card may hold the objective or an item
            if st.dropped[to]:
                score += 1.0
            if st.cfg.zs_combat and st.zombies_at(to):
                score -= 4.0
            score -= 1.5 * self.visits.get(to, 0)
            score += self.rng.random() * 0.01
            if score > best_score:
                best, best_score = a, score
        assert best is not None
        to = next(q for d, q in lay.nbr[p.pos] if d == best[1])
        self.visits[to] = self.visits.get(to, 0) + 1
        return best

    def _fight(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        seat = self._me(st)
        p = st.players[seat]
        c = st.c
        rem = self._remaining(st, seat)
        uses = [a for a in legal if a[0] == "use"]
        if uses and rem <= 2:
            return uses[0]
        fights = [a for a in legal if a[0] == "fight"]
        n = st.cb_n
        s = c.survivors[p.surv]
        best = fights[0]
        lo = self._lo(st, best)
        cr = s.combat + sum(c.items[i].combat for i in lo)
        threat = max(0, n - cr) + 0.42 * min(n, cr)
        escape = Action("escape")
        at_goal = p.pos == p.edge and has_objective(st, seat)
        if escape in legal and threat >= rem - 0.3 and not at_goal and self.escapes < 8:
            ag = rating(c, p.surv, p.items, AGILITY)
            zd = min(n, 2 if s.ability == "runner" else 3)
            # escaping fails often with a small agility against many zombie dice
            if ag >= zd or rem <= 1:
                self.escapes += 1
                return escape
        # keep risky weapons for fights that need them
        for a in fights[1:]:
            lo2 = self._lo(st, a)
            if any(c.items[i].ammo or c.items[i].breaks for i in lo2):
                continue
            cr2 = s.combat + sum(c.items[i].combat for i in lo2)
            if cr2 >= n + 1 and rem >= 3:
                return a
        return best

    def _lo(self, st: DistrictState, a: Action) -> tuple[int, ...]:
        t = str(a[1])
        return () if t == "bare-handed" else tuple(st.c.item_index[x] for x in t.split("+"))

    def _pair(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        seat = self._me(st)
        rem = self._remaining(st, seat)
        opts = st.cb_opts
        safe = [i for i, o in enumerate(opts) if o[1] < rem] or list(range(len(opts)))
        weight = 1.0 if rem >= 4 else (1.6 if rem >= 3 else 2.5)
        i = max(safe, key=lambda j: opts[j][0] - weight * opts[j][1])
        return legal[i]

    def _equip(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        return legal[0]

    def _drop_excess(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        c = st.c
        return min(legal, key=lambda a: item_value(c.items[c.item_index[str(a[1])]]))

    def _take(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        c = st.c
        takes = [a for a in legal if a[0] == "take"]
        seat = self._me(st)
        p = st.players[seat]
        have = sorted((item_value(c.items[i]) for i in p.items if c.items[i].hands), reverse=False)
        for a in sorted(takes, key=lambda a: -item_value(c.items[c.item_index[str(a[1])]])):
            it = c.items[c.item_index[str(a[1])]]
            if it.objective or it.hands == 0:
                return a
            free = 4 - sum(c.items[i].hands for i in p.items)
            if free >= it.hands or (have and item_value(it) > have[0] + 0.5):
                return a
        return legal[-1]

    def _choice(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        seat = self._me(st)
        opts = dict(st.pending[0][2])
        return max(legal, key=lambda a: self._value(st, seat, opts[str(a[1])]))

    def _value(self, st: DistrictState, seat: int, effects: Sequence[Effect]) -> float:
        rem = self._remaining(st, seat)
        p = st.players[seat]
        v = 0.0
        for e in effects:
            k = e[0]
            if k == "item":
                v += 1.0
            elif k == "heal":
                v += min(e[1], p.wounds) * 1.2
            elif k == "zombies":
                v -= e[1] * (0.5 if rem >= 4 else 1.2)
            elif k in ("wound", "infect"):
                v -= e[1] * (1.0 if rem >= 3 else 3.0)
            elif k == "lose-item":
                v -= 1.0
            elif k == "check":
                n = sum(rating(st.c, p.surv, p.items, a) for a in e[1])
                q = p_sum_greater(n, e[2])
                v += q * self._value(st, seat, e[3]) + (1 - q) * self._value(st, seat, e[4])
            elif k == "choice":
                v += max(self._value(st, seat, x) for _, x in e[1])
        return v

    def _replace(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        return Action("keep")

    def _meet(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        seat = self._me(st)
        p = st.players[seat]
        for a in legal:
            if a[0] == "attack":
                o = _seat_of(st, str(a[1]))
                if has_objective(st, o) and not has_objective(st, seat) and self._stronger(st, seat, o):
                    return a
        if self._remaining(st, seat) >= 3 or (st.counters[p.pos] == 0 and self._danger(st, p.pos) < 1.0):
            return Action("roll")
        return Action("nothing")

    def _offer(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        return Action("cancel")

    def _answer(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        c = st.c
        step = st.pending[0]
        g, t = step[3], step[4]
        gain = (item_value(c.items[g]) if g is not None else 0.0) - (item_value(c.items[t]) if t is not None else 0.0)
        return Action("accept") if gain > 0 else Action("refuse")

    def _defend(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        seat = self._me(st)
        attacker = st.pending[0][2]
        p = st.players[seat]
        my_c = rating(st.c, p.surv, p.items, COMBAT)
        my_a = rating(st.c, p.surv, p.items, AGILITY)
        pa = st.players[attacker]
        their = rating(st.c, pa.surv, pa.items, COMBAT)
        if my_c >= their or my_c >= my_a:
            return Action("fight")
        return Action("dodge")

    def _spoils(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        c = st.c
        if Action("steal-objective") in legal:
            return Action("steal-objective")
        steals = [a for a in legal if a[0] == "steal"]
        if steals:
            best = max(steals, key=lambda a: item_value(c.items[c.item_index[str(a[1])]]))
            if item_value(c.items[c.item_index[str(best[1])]]) >= 2.5:
                return best
        return Action("wound")

    def _zdefend(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        if Action("fight-together") in legal:
            return Action("fight-together")
        seat = self._me(st)
        p = st.players[seat]
        zs = st.players[st.pending[0][2]]
        my_c = rating(st.c, p.surv, p.items, COMBAT)
        my_a = rating(st.c, p.surv, p.items, AGILITY)
        zc = st.c.survivors[zs.surv].combat
        if my_c > zc or my_c >= my_a:
            return Action("fight")
        return Action("dodge")

    def _join(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        return Action("join")

    def _zmove(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        seat = self._me(st)
        p = st.players[seat]
        if not st.cfg.zs_combat:
            return legal[self.rng.below(len(legal))]
        live = [o.pos for o in st.players if o.status == LIVE and o.pos >= 0]
        if not live:
            return None
        dist = distances(st.lay)
        if p.pos in live:
            return Action("stay")
        best = None
        best_d = 1 << 30
        for a in legal:
            if a[0] != "move":
                continue
            to = next(q for d, q in st.lay.nbr[p.pos] if d == a[1])
            d = min(dist[to][t] for t in live)
            if d < best_d:
                best, best_d = a, d
        return best


def _seat_of(st: DistrictState, name: str) -> int:
    for p in st.players:
        if p.surv >= 0 and st.c.survivors[p.surv].id == name:
            return p.seat
    return -1


__all__ = ["HeuristicBot"]
