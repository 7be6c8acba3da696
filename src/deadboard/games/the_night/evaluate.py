"""The Night's value function: a seat's chance of winning from a position, for search.

Search calls this thousands of times a second on determinized views, so it reads only what a seat
sees and costs a few dozen operations per human. The model:

* each live human's chance of being alive at dawn is a logistic function of its own danger
  (its chance of dying in the next Zombie Action Phase, the zombies that can attack it now,
  zombies within 3 and within 6 AP of route), its fighting power (strength, best weapon, a loaded firearm), whether it
  is in the house, the zombies on the map and still in the draw container, and the share of Zombie
  Action Phases still to come (:data:`HUMAN_WEIGHTS`);
* humans are taken as independent, and the humans' side wins when the survivors' points reach the
  scenario's threshold: one survivor in the basic game and the survival scenarios, 3 Zombie Player
  points (3 per hero, 1 per other human) with a Zombie Player; Make Your Own Story scales that by
  the share of the goal items already carried;
* that chance is recalibrated on games of the heuristic player (:data:`CALIBRATION`): the
  survival model is fitted on games of a weaker player;
* in Take the House the side wins by clearing the house: a second logistic model over the zombies
  left, the Zombie Action Phases left, and the humans' numbers and fighting power
  (:data:`TAKE_WEIGHTS`);
* the Zombie Player's value is one minus the humans' side's; a Hidden Hero player's value is the
  chance that its secret human survives, shared with the other players whose secret humans may
  survive with at least as many kills.

The weights are fitted on positions from seeded games: ``python -m
deadboard.sim.fits.the_night 40 mcts:100 2`` refits the survival model on games of MCTS
(100 iterations, 2 processes), ``... take 150 heuristic 2`` the Take the House model on games of
the heuristic player (with and without guns, 20 and 35 zombies), ``... calibration 40 heuristic 2``
the calibration; each prints the constants to paste below.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from deadboard.core.game import Game
from deadboard.core.grid import OPEN
from deadboard.core.value import logistic
from deadboard.games.the_night import zombie_ways
from deadboard.games.the_night.board import CLOSED, best_weapon, goal_keys_held, is_firearm_ready
from deadboard.games.the_night.combat import human_strength
from deadboard.games.the_night.state import (
    ARRIVAL,
    CARRIED,
    ESCAPED,
    LIVE,
    ON_OPENING,
    REANIMATION,
    SETUP,
    ZOMBIES,
    NightState,
)

#: per-human survival model (see :func:`human_features` for the order of the features)
HUMAN_WEIGHTS: tuple[float, ...] = (0.5004, -2.7478, -1.0072, 0.1325, -0.3459, -0.3194, 2.4498, 0.0253, 0.9701, -0.2344, -0.4405, -0.0135, -0.4518, 0.7294, 0.0126, -0.9733)
#: the side's chance recalibrated on games of the heuristic player (see
#: :func:`calibration_features`): the survival model is fitted on weaker play
CALIBRATION: tuple[float, ...] = (0.7524, 1.0116, 1.2200)
#: Take the House model (see :func:`take_features`)
TAKE_WEIGHTS: tuple[float, ...] = (0.4267, 2.2062, -2.2477, 0.5993, 0.4087, 1.4709, 1.4726)

_BEFORE_ZOMBIES = frozenset({SETUP, ARRIVAL, REANIMATION, ZOMBIES})


def _routes(state: NightState) -> list[list[int]]:
    """What a zombie's route between two squares costs in AP with every door and window open (the
    zombie AI's own table, computed once per map)."""
    return zombie_ways.route_table(state)


def phases_left(state: NightState) -> float:
    """The share of the game's Zombie Action Phases still to come (1 before the first, 0 after the
    last)."""
    turns = state.cfg.turns
    left = turns - state.turn + (1 if state.phase in _BEFORE_ZOMBIES else 0)
    return max(0, min(turns, left)) / turns


#: _LOSE[d] = P(zombie's D6 > human's D6 + d): the chance that a zombie d weaker than the human
#: (strength plus weapon) wins a hand-to-hand combat (the human wins ties)
_LOSE = {d: sum(1 for a in range(1, 7) for b in range(1, 7) if b > a + d) / 36 for d in range(-12, 13)}


def attack_risk(state: NightState) -> dict[int, float]:
    """Each live human's chance of dying in the next Zombie Action Phase: every zombie that can
    reach a human with its AP (counted without walls) attacks the nearest one once."""
    live = [h for h in state.humans if h.status == LIVE]
    if not live or not state.zsq:
        return {}
    routes = _routes(state)
    items = state.c.items
    zstr = state.cfg.zstr
    zap = state.cfg.zap
    survive = {h.idx: 1.0 for h in live}
    for z, zq in state.zsq.items():
        row = routes[zq]
        best = -1
        best_d = 1 << 30
        for hu in live:
            d = row[hu.sq]
            if d < best_d:
                best, best_d = hu.idx, d
        if best_d > zap.get(z, 2):
            continue
        w = best_weapon(state, best, attacked=True)
        power = human_strength(state, best) + (items[w].bonus if w >= 0 else 0)
        survive[best] *= 1.0 - _LOSE[max(-12, min(12, power - zstr.get(z, 3)))]
    return {h: 1.0 - p for h, p in survive.items() if p < 1.0}


def human_features(state: NightState, h: int, t: float, risk: float = 0.0) -> list[float]:
    """The features of live human ``h``: 1, t, t², attackers, zombies within 3, within 6, fighting
    power, loaded firearm, in the house, zombies on the map, t × zombies to come, injured,
    t × in the house, t × fighting power, t × loaded firearm, chance of dying in the coming Zombie
    Action Phase."""
    c = state.c
    grid = c.grid
    hu = state.humans[h]
    sq = hu.sq
    zocc = state.zocc
    op = state.op
    adj = 0
    for to, kind, o in grid.orth[sq]:
        if zocc[to] and (kind == OPEN or not op[o] & CLOSED):
            adj += 1
    row = _routes(state)[sq]
    near3 = near6 = 0
    for zq in state.zsq.values():
        d = row[zq]
        if d <= 3:
            near3 += 1
        elif d <= 6:
            near6 += 1
    w = best_weapon(state, h, attacked=True)
    power = (human_strength(state, h) + (c.items[w].bonus if w >= 0 else 0)) / 10
    tag = CARRIED + h
    gun = 0.0
    where = state.item_where
    for i in zombie_ways.map_info(state).firearms:
        if where[i] == tag and is_firearm_ready(state, h, i):
            gun = 1.0
            break
    inside = 1.0 if c.inside[sq] else 0.0
    zmap = len(state.zsq) / 10
    cup = len(state.cup) / 35
    return [1.0, t, t * t, float(adj), float(near3), float(near6), power, gun, inside, zmap, t * cup,
            1.0 if hu.injured else 0.0, t * inside, t * power, t * gun, risk]


def take_features(state: NightState, t: float) -> list[float]:
    """Take the House: 1, t, zombies left, live humans, fighting power, loaded firearms,
    t × zombies left."""
    live = [h for h in state.humans if h.status == LIVE]
    power = sum(human_strength(state, h.idx) for h in live) / 35
    guns = 0
    item_where = state.item_where
    for i in zombie_ways.map_info(state).firearms:
        where = item_where[i]
        if CARRIED <= where < ON_OPENING and state.humans[where - CARRIED].status == LIVE \
                and is_firearm_ready(state, where - CARRIED, i):
            guns += 1
    zleft = len(state.zsq) / 10  # no zombie arrives or rises in this scenario
    return [1.0, t, zleft, len(live) / 7, power, guns / 3, t * zleft]


def survival(state: NightState) -> dict[int, float]:
    """Each human's chance of being alive at dawn (0 for the dead, 1 for the escaped)."""
    t = phases_left(state)
    risk = attack_risk(state) if t > 0 else {}
    out: dict[int, float] = {}
    for hu in state.humans:
        if hu.status == LIVE:
            r = risk.get(hu.idx, 0.0)
            out[hu.idx] = 1.0 if t == 0 else logistic(HUMAN_WEIGHTS, human_features(state, hu.idx, t, r))
        elif hu.status == ESCAPED:
            out[hu.idx] = 1.0
    return out


def _at_least(chances: Sequence[tuple[float, int]], need: int) -> float:
    """P(sum of points of the independent successes >= need), each (chance, points)."""
    if need <= 0:
        return 1.0
    dist = [1.0] + [0.0] * need  # dist[k]: P(k points so far), k capped at need
    for p, pts in chances:
        new = [0.0] * (need + 1)
        for k, q in enumerate(dist):
            if q:
                new[k] += q * (1 - p)
                new[min(need, k + pts)] += q * p
        dist = new
    return dist[need]


def calibration_features(state: NightState, p: float) -> list[float]:
    """1, the survival model's log-odds, the share of the night left."""
    p = min(1 - 1e-6, max(1e-6, p))
    return [1.0, math.log(p / (1 - p)), phases_left(state)]


def side_value(state: NightState, surv: dict[int, float]) -> float:
    """The humans' side's chance of winning."""
    cfg = state.cfg
    if cfg.scenario == "take-the-house":
        return logistic(TAKE_WEIGHTS, take_features(state, phases_left(state)))
    return logistic(CALIBRATION, calibration_features(state, survival_side(state, surv)))


def survival_side(state: NightState, surv: dict[int, float]) -> float:
    """The humans' side's chance of winning by the survival model alone."""
    cfg = state.cfg
    if cfg.zombie_player:
        return _at_least([(p, 3 if h in state.heroes else 1) for h, p in surv.items()], 3)
    need = cfg.victory_survivors if (cfg.victory_exit is not None or cfg.victory_collect) else 1
    p = _at_least([(p, 1) for p in surv.values()], max(1, need))
    if cfg.victory_collect:
        carried = goal_keys_held(state, {h.idx for h in state.humans if h.status in (LIVE, ESCAPED)})
        share = sum(1 for k in cfg.victory_collect if k in carried) / len(cfg.victory_collect)
        p *= 0.25 + 0.75 * share
    return p


def evaluate(game: Game[NightState], state: NightState, seat: int) -> float:
    """``seat``'s chance of winning from ``state`` (a view or a determinized view)."""
    cfg = state.cfg
    if state.over:
        o = game.outcome(state)
        return 1.0 if o is not None and seat in o.winners else 0.0
    surv = survival(state)
    if cfg.zombie_player and seat == cfg.zombie_seat:
        return 1.0 - side_value(state, surv)
    if cfg.hidden_hero:
        secret = state.secret[seat] if seat < len(state.secret) else -1
        mine = surv.get(secret, 0.0)
        if mine == 0.0:
            return 0.0
        rivals = 0.0
        for s, other in enumerate(state.secret):
            if s != seat and other >= 0 and state.kills[s] >= state.kills[seat]:
                rivals += surv.get(other, 0.0)
        side = side_value(state, surv) if cfg.zombie_player else 1.0
        return mine * side / (1.0 + rivals)
    return side_value(state, surv)
