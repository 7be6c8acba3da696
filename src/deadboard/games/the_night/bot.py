"""A heuristic player for The Night that plays like a careful person.

It gathers weapons, guns with their ammo, the Keys and boards; boards and locks the way in; shoots
before the zombies close in; fights hand-to-hand only with good odds; keeps the humans together and
out of the zombies' reach. In Take the House, won only by clearing the house, it hunts the zombies
down instead: it closes in, shoots at any fair chance and takes any fair fight. In a story won by
leaving (Make Your Own Story), everyone heads for the exit and escapes, except the human nearest to
a goal item still to fetch, who fetches it first. It looks one action ahead: every non-random action
is tried on a copy of its view and the result scored by :func:`evaluate`; shots and fights are
judged by their odds.

What it sees in a position (the threat field, routes, the score) is :mod:`deadboard.games.the_night.tactics`.
"""

from __future__ import annotations

from collections.abc import Sequence

from deadboard.core.action import Action
from deadboard.core.heuristic import HeuristicBot as HeuristicBase
from deadboard.core.heuristic import decides
from deadboard.games.the_night import zombie_ways
from deadboard.games.the_night.board import (
    best_weapon,
    human_by_name,
    is_firearm_ready,
    sees,
    zombie_by_name,
)
from deadboard.games.the_night.combat import human_strength, rcp_index
from deadboard.games.the_night.events import DashChoice, LatchChoice, LightningChoice, OpportunityChoice
from deadboard.games.the_night.flow import PlaceItem
from deadboard.games.the_night.humans import (
    Act,
    ActivateChoice,
    DodgeFight,
    activate_human,
    apply_human_action,
    human_actions,
    step_cost,
)
from deadboard.games.the_night.setup import Arm, PickHuman, PlaceHuman, TakeItems
from deadboard.games.the_night.state import (
    BOARDED,
    BROKEN,
    LIVE,
    LOCKED,
    NightState,
)
from deadboard.games.the_night.tactics import (
    ATTACK_ODDS,
    HUNT_ATTACK_ODDS,
    Scorer,
    carries_goal,
    evaluate,
    fetcher,
    p_hit,
    p_human_wins,
    static_distances,
    threat_field,
    unsecured_goal,
)
from deadboard.games.the_night.zombie_player import ZombieAct, ZTurn


class HeuristicBot(HeuristicBase[NightState]):
    """The Night's heuristic player: a method per decision step (a decision without one is chosen at
    random)."""

    # ----- the Live Human Action Phase --------------------------------------------------------
    @decides(ActivateChoice)
    def _activate(self, state: NightState, legal: Sequence[Action]) -> Action:
        """Activate first the human who can gain most: in danger, with a shot, or with something to
        fetch or barricade nearby (judged by the best first action it could take)."""
        threat = threat_field(state)
        dist = static_distances(state)
        # activating a human changes nothing a score reads (where everyone stands, who carries
        # what, the doors and windows): one Scorer of this position scores every candidate's moves
        scorer = Scorer(state, threat, dist)
        base = scorer.score()
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
        dist = static_distances(state)
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
        dist = static_distances(state)
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
        dist = static_distances(state)
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
            v = float(min(threat[grid.index[str(a[2])]], 6) - min(threat[state.humans[h].sq], 6))
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
        field = zombie_ways.field_for(state, tuple(sorted(hsq)))
        z = state.zact
        here = field[state.zsq[z]]
        grid = state.c.grid
        best, best_v = legal[-1], float(here)
        for a in legal:
            v: float
            if a[0] == "zmove":
                v = float(field[grid.index[str(a[2])]])
            elif a[0] == "zbreak":
                o = grid.opening_by_name[str(a[2])]
                other = o.b if o.a == state.zsq[z] else o.a
                v = field[other] + 0.5
            else:
                continue
            if v < best_v:
                best, best_v = a, v
        return best



__all__ = ["HeuristicBot"]
