"""The Night's value function: a seat's chance of winning from a position, for search.

Search calls this thousands of times a second on determinized views, so it reads only what a seat
sees and costs a few dozen operations per human. The model:

* each live human's chance of being alive at dawn is a logistic function of its own danger
  (zombies that can attack it next Zombie Action Phase, zombies within 3 and within 6 squares,
  counted without walls), its fighting power (strength, best weapon, a loaded firearm), whether it
  is in the house, the zombies on the map and still in the draw container, and the share of Zombie
  Action Phases still to come (:data:`HUMAN_WEIGHTS`);
* humans are taken as independent, and the humans' side wins when the survivors' points reach the
  scenario's threshold: one survivor in the basic game and the survival scenarios, 3 Zombie Player
  points (3 per hero, 1 per other human) with a Zombie Player; Make Your Own Story scales that by
  the share of the goal items already carried;
* in Take the House the side wins by clearing the house: a second logistic model over the zombies
  left, the Zombie Action Phases left, and the humans' numbers and fighting power
  (:data:`TAKE_WEIGHTS`);
* the Zombie Player's value is one minus the humans' side's; a Hidden Hero player's value is the
  chance that its secret human survives, shared with the other players whose secret humans may
  survive with at least as many kills.

The weights are fitted on positions from seeded games (``python -m
deadboard.games.the_night.evaluate`` refits them and prints the constants to paste below).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from typing import Any

from deadboard.core.game import Game, Setup, State
from deadboard.core.grid import OPEN
from deadboard.games.the_night.board import CLOSED, best_weapon, is_firearm_ready
from deadboard.games.the_night.combat import human_strength
from deadboard.games.the_night.content import NightContent
from deadboard.games.the_night.state import (
    ARRIVAL,
    CARRIED,
    ESCAPED,
    LIVE,
    ON_OPENING,
    OVER,
    REANIMATION,
    SETUP,
    ZOMBIES,
    NightState,
)

#: per-human survival model (see :func:`human_features` for the order of the features)
HUMAN_WEIGHTS: tuple[float, ...] = (-0.4992, -2.1797, -1.5223, -0.4419, -0.0268, 0.0061, 1.9149, 0.0000, 0.7768, -0.5017, -0.5942, -0.1742, -0.3787, 0.5387, 0.0000)
#: Take the House model (see :func:`take_features`)
TAKE_WEIGHTS: tuple[float, ...] = (0.0, 3.0, -2.0, 2.0, 1.0, 1.0, 0.0)

_BEFORE_ZOMBIES = frozenset({SETUP, ARRIVAL, REANIMATION, ZOMBIES})
_coords: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _xy(c: NightContent) -> tuple[tuple[int, ...], tuple[int, ...]]:
    xy = _coords.get(id(c))
    if xy is None:
        w = c.grid.width
        xy = _coords[id(c)] = (tuple(i % w for i in range(c.grid.n)), tuple(i // w for i in range(c.grid.n)))
    return xy


def phases_left(state: NightState) -> float:
    """The share of the game's Zombie Action Phases still to come (1 before the first, 0 after the
    last)."""
    turns = state.cfg.turns
    left = turns - state.turn + (1 if state.phase in _BEFORE_ZOMBIES else 0)
    return max(0, min(turns, left)) / turns


def human_features(state: NightState, h: int, t: float) -> list[float]:
    """The features of live human ``h``: 1, t, t², attackers, zombies within 3, within 6, fighting
    power, loaded firearm, in the house, zombies on the map, t × zombies to come, injured,
    t × in the house, t × fighting power, t × loaded firearm."""
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
    xs, ys = _xy(c)
    hx, hy = xs[sq], ys[sq]
    near3 = near6 = 0
    for zq in state.zsq.values():
        d = abs(xs[zq] - hx) + abs(ys[zq] - hy)
        if d <= 3:
            near3 += 1
        elif d <= 6:
            near6 += 1
    w = best_weapon(state, h)
    power = (human_strength(state, h) + (c.items[w].bonus if w >= 0 else 0)) / 10
    tag = CARRIED + h
    gun = 0.0
    for i, where in enumerate(state.item_where):
        if where == tag and c.items[i].kind == "firearm" and is_firearm_ready(state, h, i):
            gun = 1.0
            break
    inside = 1.0 if c.inside[sq] else 0.0
    zmap = len(state.zsq) / 10
    cup = len(state.cup) / 35
    return [1.0, t, t * t, float(adj), float(near3), float(near6), power, gun, inside, zmap, t * cup,
            1.0 if hu.injured else 0.0, t * inside, t * power, t * gun]


def take_features(state: NightState, t: float) -> list[float]:
    """Take the House: 1, t, zombies left, live humans, fighting power, loaded firearms,
    t × zombies left."""
    live = [h for h in state.humans if h.status == LIVE]
    c = state.c
    power = sum(human_strength(state, h.idx) for h in live) / 35
    guns = 0
    for i, where in enumerate(state.item_where):
        if CARRIED <= where < ON_OPENING and c.items[i].kind == "firearm" and state.humans[where - CARRIED].status == LIVE \
                and is_firearm_ready(state, where - CARRIED, i):
            guns += 1
    zleft = (len(state.zsq) + len(state.cup)) / 10
    return [1.0, t, zleft, len(live) / 7, power, guns / 3, t * zleft]


def _logistic(weights: Sequence[float], x: Sequence[float]) -> float:
    z = 0.0
    for wi, xi in zip(weights, x):
        z += wi * xi
    if z < -30:
        return 0.0
    if z > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))


def survival(state: NightState) -> dict[int, float]:
    """Each human's chance of being alive at dawn (0 for the dead, 1 for the escaped)."""
    t = phases_left(state)
    out: dict[int, float] = {}
    for hu in state.humans:
        if hu.status == LIVE:
            out[hu.idx] = 1.0 if t == 0 else _logistic(HUMAN_WEIGHTS, human_features(state, hu.idx, t))
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


def side_value(state: NightState, surv: dict[int, float]) -> float:
    """The humans' side's chance of winning."""
    cfg = state.cfg
    if cfg.scenario == "take-the-house":
        return _logistic(TAKE_WEIGHTS, take_features(state, phases_left(state)))
    if cfg.zombie_player:
        return _at_least([(p, 3 if h in state.heroes else 1) for h, p in surv.items()], 3)
    need = cfg.victory_survivors if (cfg.victory_exit is not None or cfg.victory_collect) else 1
    p = _at_least([(p, 1) for p in surv.values()], max(1, need))
    if cfg.victory_collect:
        carried = set()
        items = state.c.items
        for i, where in enumerate(state.item_where):
            if CARRIED <= where < ON_OPENING and state.humans[where - CARRIED].status in (LIVE, ESCAPED):
                carried.add(items[i].kind_id)
                carried.add(items[i].id)
        share = sum(1 for k in cfg.victory_collect if k in carried) / len(cfg.victory_collect)
        p *= 0.25 + 0.75 * share
    return p


def evaluate(game: Game, state: State, seat: int) -> float:
    """``seat``'s chance of winning from ``state`` (a view or a determinized view)."""
    assert isinstance(state, NightState)
    cfg = state.cfg
    if state.phase == OVER:
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


# ----- fitting ----------------------------------------------------------------------------------
def fit(games: int = 300, seed: int = 1, bots: str = "random", every: float = 0.15) -> dict[str, Any]:
    """Refit both models on positions from seeded games; returns the weights and their log-loss."""
    from deadboard.core.registry import get_game
    from deadboard.sim.valuefit import fit_logistic, log_loss, sample_positions

    game = get_game("the-night")
    survive_setups = [Setup("standard"), Setup("quick-game"), Setup("the-coopers"), Setup("no-chance"),
                      Setup("standard", {"random-events": True, "dodge": True})]
    rows: list[list[float]] = []
    labels: list[float] = []
    for played in sample_positions(game, survive_setups, bots, games, seed, every):
        final = played.final
        assert isinstance(final, NightState)
        for v in played.positions:
            assert isinstance(v, NightState)
            t = phases_left(v)
            if t == 0:
                continue
            for hu in v.humans:
                if hu.status == LIVE:
                    rows.append(human_features(v, hu.idx, t))
                    labels.append(1.0 if final.humans[hu.idx].status in (LIVE, ESCAPED) else 0.0)
    human = fit_logistic(rows, labels)
    take_rows: list[list[float]] = []
    take_labels: list[float] = []
    for played in sample_positions(game, [Setup("take-the-house")], bots, games, seed, every):
        o = game.outcome(played.final)
        assert o is not None
        for v in played.positions:
            assert isinstance(v, NightState)
            take_rows.append(take_features(v, phases_left(v)))
            take_labels.append(1.0 if 0 in o.winners else 0.0)
    take = fit_logistic(take_rows, take_labels)
    return {"human": human, "human_loss": log_loss(rows, labels, human), "human_rows": len(rows),
            "take": take, "take_loss": log_loss(take_rows, take_labels, take), "take_rows": len(take_rows)}


def main(argv: Sequence[str]) -> None:
    """``python -m deadboard.games.the_night.evaluate [GAMES] [BOT]``: refit and print the weights."""
    games = int(argv[0]) if argv else 300
    bot = argv[1] if len(argv) > 1 else "random"
    r = fit(games, bots=bot)
    print(f"# {r['human_rows']} human positions, log-loss {r['human_loss']:.4f}; "
          f"{r['take_rows']} Take the House positions, log-loss {r['take_loss']:.4f}")
    print("HUMAN_WEIGHTS: tuple[float, ...] = (" + ", ".join(f"{w:.4f}" for w in r["human"]) + ")")
    print("TAKE_WEIGHTS: tuple[float, ...] = (" + ", ".join(f"{w:.4f}" for w in r["take"]) + ")")


if __name__ == "__main__":
    main(sys.argv[1:])
