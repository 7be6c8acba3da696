"""A careful heuristic player for District-Z.

It looks for the LOCATION OBJECTIVE among the cards it has not seen, then takes the shortest way to
its CITY'S EDGE, preferring cards whose event tables it knows to be quiet when it is hurt. In
combat it weighs zombies destroyed against wounds taken by how much health it has left, escapes
when a fight would likely kill it, and heals with items (or by staying, in multiplayer) before it
is in danger. Meeting other survivors, it values each side's items under the one-modifier-at-a-time
rule (:func:`kit_value`): it proposes trades that improve its own kit and the partner's (so that a
sensible partner agrees), favouring those that help it more than the rival, gives away what it
cannot use, never the objective, and accepts only trades that improve its kit and leave it alive.
It reads only its seat's view of the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from deadboard.core.action import Action
from deadboard.core.game import Game
from deadboard.core.heuristic import HeuristicBot as HeuristicBase
from deadboard.core.heuristic import decides
from deadboard.core.kernel import Choice
from deadboard.games.district_z.actions import (
    ACCEPT,
    CANCEL,
    DECLINE,
    DODGE,
    DONE,
    ESCAPE,
    HEAL,
    KEEP,
    NOTHING,
    PROPOSE,
    ROLL,
    STAY,
    STEAL_OBJECTIVE,
    WOUND,
    AskItem,
    Attack,
    Choose,
    Drop,
    FightTogether,
    FightWith,
    JoinWith,
    Move,
    OfferItem,
    ReplaceBase,
    Steal,
    Take,
    Trade,
    Unask,
    Unoffer,
    Use,
    With,
)
from deadboard.games.district_z.combat import FightChoice, PairDice
from deadboard.games.district_z.content import DistrictContent, Effect
from deadboard.games.district_z.events import EventChoice, ReplaceUnique
from deadboard.games.district_z.flow import has_objective
from deadboard.games.district_z.items import MAX_HANDS, DropExcess, Equip, TakeDropped
from deadboard.games.district_z.meeting import Answer, Arm, Defend, Engage, Meet, Offer, Spoils
from deadboard.games.district_z.ratings import (
    AGILITY,
    COMBAT,
    hands_used,
    rating,
)
from deadboard.games.district_z.setup import ChooseCorner, ChooseSurvivor, SwapIn, SwapLocation
from deadboard.games.district_z.state import LIVE, NO_CARD, OBJ, DistrictState

#: survivors in order of preference (found with the simulator)
from deadboard.games.district_z.tactics import (
    PREFERENCE,
    after_trade,
    distances,
    item_value,
    kit_value,
    location_danger,
    p_beats,
    p_sum_greater,
    survives,
)
from deadboard.games.district_z.turn import Turn
from deadboard.games.district_z.wounds import health
from deadboard.games.district_z.zombie_survivors import Join, ZombieDefend, ZombieMove


class HeuristicBot(HeuristicBase[DistrictState]):
    """District-Z's heuristic player: a method per decision step; a decision without one, or a choice
    that is not legal, takes the first legal action."""

    check_choices = True

    def __init__(self, game: Game[DistrictState], seat: int, seed: int) -> None:
        super().__init__(game, seat, seed)
        self._avg_danger: float | None = None
        self.escapes = 0  # escapes so far: a careful player does not run in circles forever
        self.visits: dict[int, int] = {}  # moves onto each card, so that caution never becomes a loop
        self._plans: dict[tuple[object, ...], tuple[float, tuple[int, ...], tuple[int, ...]] | None] = {}

    def otherwise(self, state: DistrictState, legal: Sequence[Action]) -> Action:
        return legal[0]

    # ----- helpers ----------------------------------------------------------------------------------
    def _me(self, st: DistrictState) -> int:
        step = st.steps[-1]
        assert isinstance(step, Choice)
        return step.seat

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
    @decides(ChooseSurvivor)
    def _survivor(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        by = {a.label: a for a in legal if isinstance(a, Choose)}
        for name in PREFERENCE:
            if name in by:
                return by[name]
        return None

    @decides(ChooseCorner)
    def _corner(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        return legal[self.rng.below(len(legal))]

    @decides(Turn)
    def _turn(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        seat = self._me(st)
        p = st.players[seat]
        c = st.c
        rem = self._remaining(st, seat)
        uses = [a for a in legal if isinstance(a, Use)]
        if uses and (rem <= 2 or p.wounds >= 2):
            return max(uses, key=lambda a: c.items[c.item_index[a.item]].heal)
        if not st.cfg.single:
            others = st.live_at(p.pos, but=seat)
            for o in others:
                if has_objective(st, o) and not has_objective(st, seat) and self._stronger(st, seat, o):
                    return Attack(st.name(o))
            heal = HEAL
            if heal in legal and (rem <= 2 or (p.wounds and rem <= 3 and not has_objective(st, seat))):
                return heal
            deal = self._best_partner(st, seat, others)
            if deal is not None and deal[0] >= 3.0:
                return Trade(st.name(deal[1]))
        moves = [a for a in legal if isinstance(a, Move)]
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

    def _best_move(self, st: DistrictState, seat: int, moves: Sequence[Move]) -> Action:
        p = st.players[seat]
        lay = st.lay
        dist = distances(lay)
        targets = self._targets(st, seat)
        rem = self._remaining(st, seat)
        best = None
        best_score = -1e9
        for a in moves:
            to = next(q for d, q in lay.nbr[p.pos] if d == a.direction)
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
        to = next(q for d, q in lay.nbr[p.pos] if d == best.direction)
        self.visits[to] = self.visits.get(to, 0) + 1
        return best

    @decides(FightChoice)
    def _fight(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        seat = self._me(st)
        p = st.players[seat]
        c = st.c
        rem = self._remaining(st, seat)
        uses = [a for a in legal if isinstance(a, Use)]
        if uses and rem <= 2:
            return uses[0]
        fights = [a for a in legal if isinstance(a, FightWith)]
        n = st.cb_n
        s = c.survivors[p.surv]
        best = fights[0]
        lo = self._lo(st, best)
        cr = s.combat + sum(c.items[i].combat for i in lo)
        threat = max(0, n - cr) + 0.42 * min(n, cr)
        escape = ESCAPE
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

    def _lo(self, st: DistrictState, a: FightWith | FightTogether | JoinWith) -> tuple[int, ...]:
        t = a.loadout
        return () if t == "bare-handed" else tuple(st.c.item_index[x] for x in t.split("+"))

    @decides(PairDice)
    def _pair(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        seat = self._me(st)
        rem = self._remaining(st, seat)
        opts = st.cb_opts
        safe = [i for i, o in enumerate(opts) if o[1] < rem] or list(range(len(opts)))
        weight = 1.0 if rem >= 4 else (1.6 if rem >= 3 else 2.5)
        i = max(safe, key=lambda j: opts[j][0] - weight * opts[j][1])
        return legal[i]

    @decides(Equip)
    def _equip(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        return legal[0]

    @decides(DropExcess)
    def _drop_excess(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        c = st.c
        drops = [a for a in legal if isinstance(a, Drop)]
        return min(drops, key=lambda a: item_value(c.items[c.item_index[a.item]]))

    @decides(TakeDropped)
    def _take(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        c = st.c
        takes = [a for a in legal if isinstance(a, Take)]
        seat = self._me(st)
        p = st.players[seat]
        have = sorted((item_value(c.items[i]) for i in p.items if c.items[i].hands), reverse=False)
        for a in sorted(takes, key=lambda a: -item_value(c.items[c.item_index[a.item]])):
            it = c.items[c.item_index[a.item]]
            if it.objective or it.hands == 0:
                return a
            free = 4 - sum(c.items[i].hands for i in p.items)
            if free >= it.hands or (have and item_value(it) > have[0] + 0.5):
                return a
        return legal[-1]

    @decides(EventChoice)
    def _choice(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        seat = self._me(st)
        step = st.steps[-1]
        assert isinstance(step, EventChoice)
        opts = dict(step.options)
        choices = [a for a in legal if isinstance(a, Choose)]
        return max(choices, key=lambda a: self._value(st, seat, opts[a.label]))

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

    @decides(ReplaceUnique)
    def _replace(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        return KEEP

    @decides(Meet)
    def _meet(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        seat = self._me(st)
        p = st.players[seat]
        attack = self._attack(st, seat, legal)
        if attack is not None:
            return attack
        deal = self._best_partner(st, seat, [_seat_of(st, a.survivor) for a in legal if isinstance(a, Trade)])
        if deal is not None and deal[0] >= 1.5:
            return Trade(st.name(deal[1]))
        if self._remaining(st, seat) >= 3 or (st.counters[p.pos] == 0 and self._danger(st, p.pos) < 1.0):
            return ROLL
        return NOTHING

    @decides(Engage)
    def _engage(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        seat = self._me(st)
        attack = self._attack(st, seat, legal)
        if attack is not None:
            return attack
        deal = self._best_partner(st, seat, [_seat_of(st, a.survivor) for a in legal if isinstance(a, Trade)])
        if deal is not None and deal[0] >= 1.0:
            return Trade(st.name(deal[1]))
        return DONE

    def _attack(self, st: DistrictState, seat: int, legal: Sequence[Action]) -> Action | None:
        """Attack a survivor who carries an objective when this one carries none and is stronger."""
        for a in legal:
            if isinstance(a, Attack):
                o = _seat_of(st, a.survivor)
                if has_objective(st, o) and not has_objective(st, seat) and self._stronger(st, seat, o):
                    return a
        return None

    # ----- trade -------------------------------------------------------------------------------------
    def _best_partner(self, st: DistrictState, seat: int, others: Sequence[int]) -> tuple[float, int] | None:
        best: tuple[float, int] | None = None
        for o in others:
            plan = self._plan(st, seat, o)
            if plan is not None and (best is None or plan[0] > best[0]):
                best = (plan[0], o)
        return best

    def _plan(self, st: DistrictState, seat: int, other: int) -> tuple[float, tuple[int, ...], tuple[int, ...]] | None:
        """The trade worth proposing to ``other``: it must improve this survivor's kit and the other's
        too (so that a sensible partner agrees), never gives the objective away, and favours what
        helps this survivor more than the rival. (gain, gives, asks), or None."""
        c = st.c
        mine, theirs = st.players[seat].items, st.players[other].items
        key = (seat, other, tuple(sorted(mine)), tuple(sorted(theirs)), st.players[seat].wounds, st.players[other].wounds)
        if key in self._plans:
            return self._plans[key]
        its = c.items
        v_me, v_them = kit_value(c, mine), kit_value(c, theirs)
        hands_me, hands_them = hands_used(c, mine), hands_used(c, theirs)

        # Kits never gain value by losing items, so a trade can only help this survivor if it asks
        # for something, and the partner only if it is given something: bound each side's gain by
        # what it would be worth to receive without giving, and skip what cannot help.
        def subsets(pool: list[int], after: Sequence[int], base: float) -> list[tuple[tuple[int, ...], float]]:
            out = []
            for n in (1, 2):
                for sub in combinations(pool, n):
                    bound = kit_value(c, [*after, *sub]) - base
                    if bound > 0.05:
                        out.append((sub, bound))
            return out

        gives_all = subsets([i for i in sorted(set(mine)) if not its[i].objective], theirs, v_them)
        asks_all = subsets([i for i in sorted(set(theirs)) if not its[i].objective], mine, v_me)
        asks_all.sort(key=lambda t: -t[1])
        best: tuple[float, tuple[int, ...], tuple[int, ...]] | None = None
        best_score = 0.0
        for asks, bound in asks_all:
            if bound <= best_score + 1e-9:
                break
            h_asks = sum(its[i].hands for i in asks)
            for gives, _ in gives_all:
                h_gives = sum(its[i].hands for i in gives)
                if hands_me - h_gives + h_asks > MAX_HANDS or hands_them - h_asks + h_gives > MAX_HANDS:
                    continue
                after_me, after_them = after_trade(mine, gives, asks), after_trade(theirs, asks, gives)
                gain = kit_value(c, after_me) - v_me
                if gain <= 0.05:
                    continue
                their = kit_value(c, after_them) - v_them
                if their <= 0.05:
                    continue
                score = gain - 0.3 * their
                if score > best_score + 1e-9 and survives(st, seat, after_me) and survives(st, other, after_them):
                    best, best_score = (gain, gives, asks), score
        self._plans[key] = best
        return best

    @decides(Offer)
    def _offer(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        step = st.steps[-1]
        assert isinstance(step, Offer)
        seat, other, gives, asks = step.seat, step.other, step.gives, step.asks
        plan = self._plan(st, seat, other)
        if plan is None:
            return CANCEL
        its = st.c.items
        _, want_g, want_a = plan
        for i in want_g:
            if gives.count(i) < want_g.count(i):
                return OfferItem(its[i].id)
        for i in want_a:
            if asks.count(i) < want_a.count(i):
                return AskItem(its[i].id)
        for i in gives:
            if gives.count(i) > want_g.count(i):
                return Unoffer(its[i].id)
        for i in asks:
            if asks.count(i) > want_a.count(i):
                return Unask(its[i].id)
        return PROPOSE

    @decides(Answer)
    def _answer(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        c = st.c
        step = st.steps[-1]
        assert isinstance(step, Answer)
        seat = step.seat
        gives, asks = step.gives, step.asks  # what the proposer gives, what it asks of this survivor
        mine = st.players[seat].items
        after = after_trade(mine, asks, gives)
        if any(c.items[i].objective for i in asks) or not survives(st, seat, after) or hands_used(c, after) > MAX_HANDS:
            return DECLINE
        gain = kit_value(c, after) - kit_value(c, mine)
        return ACCEPT if gain > 0.05 else DECLINE

    # ----- survivor combat ---------------------------------------------------------------------------
    def _dice(self, st: DistrictState, seat: int, a: FightWith | FightTogether | JoinWith) -> int:
        return st.c.survivors[st.players[seat].surv].combat + sum(st.c.items[i].combat for i in self._lo(st, a))

    @decides(Arm)
    def _arm(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        return legal[0]

    @decides(Defend)
    def _defend(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        seat = self._me(st)
        step = st.steps[-1]
        assert isinstance(step, Defend)
        attacker, alo = step.other, step.loadout
        c = st.c
        p = st.players[seat]
        fight = legal[0]
        assert isinstance(fight, FightWith)
        mine = self._dice(st, seat, fight)
        theirs = c.survivors[st.players[attacker].surv].combat + sum(c.items[i].combat for i in alo)
        ag = rating(c, p.surv, p.items, AGILITY)
        # fighting: a win takes spoils, a loss gives them (the objective if the attacker has none);
        # dodging: a failure costs only a wound
        loss = 4.0 if has_objective(st, seat) and not has_objective(st, attacker) else 1.5
        v_fight = p_beats(mine, theirs) * 1.5 - p_beats(theirs, mine) * loss
        v_dodge = -p_beats(theirs, ag) * 1.0
        if self._remaining(st, seat) <= 1:
            v_fight -= p_beats(theirs, mine) * 10
            v_dodge -= p_beats(theirs, ag) * 10
        return fight if v_fight >= v_dodge else DODGE

    @decides(Spoils)
    def _spoils(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        c = st.c
        if STEAL_OBJECTIVE in legal:
            return STEAL_OBJECTIVE
        steals = [a for a in legal if isinstance(a, Steal)]
        if steals:
            best = max(steals, key=lambda a: item_value(c.items[c.item_index[a.item]]))
            if item_value(c.items[c.item_index[best.item]]) >= 2.5:
                return best
        return WOUND

    @decides(ZombieDefend)
    def _zdefend(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        together = [a for a in legal if isinstance(a, FightTogether)]
        if together:
            return together[0]
        seat = self._me(st)
        p = st.players[seat]
        step = st.steps[-1]
        assert isinstance(step, ZombieDefend)
        zs = st.players[step.zombie]
        fight = legal[0]
        assert isinstance(fight, FightWith)
        my_c = self._dice(st, seat, fight)
        my_a = rating(st.c, p.surv, p.items, AGILITY)
        zc = st.c.survivors[zs.surv].combat
        # a fight may wound the zombie survivor; a dodge never does, but fails only as often
        if p_beats(my_c, zc) + 0.3 >= p_beats(my_a, zc) or p_beats(zc, my_c) <= p_beats(zc, my_a):
            return fight
        return DODGE

    @decides(Join)
    def _join(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        return legal[0]

    # ----- setup --------------------------------------------------------------------------------------
    @decides(SwapLocation)
    def _swap(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        """Replace the most dangerous base cards with the quietest additional ones, while that helps."""
        c = st.c
        step = st.steps[-1]
        assert isinstance(step, SwapLocation)
        deck = step.deck
        outs = [a for a in legal if isinstance(a, ReplaceBase)]
        if not outs:
            return DONE
        worst = max(outs, key=lambda a: (location_danger(c.locations[c.location_index[a.location]]), a.location))
        have = set(deck)
        spare = [location_danger(c.locations[x]) for x in c.additional if x not in have]
        if location_danger(c.locations[c.location_index[worst.location]]) > min(spare) + 0.05:
            return worst
        return DONE

    @decides(SwapIn)
    def _swap_in(self, st: DistrictState, legal: Sequence[Action]) -> Action | None:
        c = st.c
        withs = [a for a in legal if isinstance(a, With)]
        return min(withs, key=lambda a: (location_danger(c.locations[c.location_index[a.location]]), a.location))

    @decides(ZombieMove)
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
            return STAY
        best = None
        best_d = 1 << 30
        for a in legal:
            if not isinstance(a, Move):
                continue
            to = next(q for d, q in st.lay.nbr[p.pos] if d == a.direction)
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
