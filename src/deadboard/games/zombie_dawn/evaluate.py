"""Zombie Dawn's value function: a seat's chance of winning from a position, for search.

It reads only what every seat sees (searched tokens on the map, completed missions and skills,
dead characters, the groups' characters, items, damage and Experience Points, the size of each
hand, the round), never a hand, a mission not yet completed or the order of a deck, so that it
gives the same answer on every determinization of a view. Search calls it thousands of times a
second: it makes one pass over the map's locations and one over each group's characters.

Two logistic models (rulebook §Counting Victory Points, §Rules for 1 Player):

* with opponents (:data:`WEIGHTS`): the seat's *projected* Victory Points (map zones with one of
  its Searched tokens, completed missions, skills whether in the Victory Points pile or still on a
  live character, minus its dead characters) ahead of the best opponent and of the opponents'
  mean, each also scaled by the share of the game played (a lead late in the game is worth more
  than the same lead early), and the seat's live characters, fighting dice, damage, Xp, items and
  hand size, each ahead of the opponents' mean; the baseline is a share of 1/players (its log-odds
  is a feature);
* alone (:data:`SOLO_WEIGHTS`): the missions completed and still to complete, the latter also
  scaled by the share of the game played (five missions must be done before the last round ends),
  the share of rounds left, and the group's live characters, fighting dice, damage, Xp and items.

``python -m deadboard.sim.fits.zombie_dawn [GAMES [BOT [JOBS]]]`` refits both models on
positions from seeded games (GAMES per number of players, 1 to 4) and prints the constants to paste
below.
"""

from __future__ import annotations

import math

from deadboard.core.game import Game, State
from deadboard.core.value import logistic
from deadboard.games.zombie_dawn.effects import token_zones
from deadboard.games.zombie_dawn.state import MISSIONS_EACH, DawnState

#: with opponents: see :func:`features` for the order. Fitted under rules version 3 on 300 games of the
#: heuristic player for each number of players: 78,477 positions (a row per seat), log-loss 0.4652 (0.6008 for the
#: baseline of 1/players alone); a weight of 0 was fitted with the wrong sign and dropped (:data:`SIGNS`)
WEIGHTS: tuple[float, ...] = (-0.0483, 0.8542, 0.0000, 0.3788, 0.0355, 0.1977, 0.2396, 0.0000, -0.1514, 0.2198, 0.0090, 0.3538)
#: alone: see :func:`solo_features` for the order; 9,742 positions (won 0.51), log-loss 0.5169 (0.6931
#: for the win rate alone)
SOLO_WEIGHTS: tuple[float, ...] = (-2.0646, 0.4319, -1.1061, 1.0884, 0.6337, 0.0000, -0.2350, 0.0951, 0.0535)


def played_share(state: DawnState) -> float:
    """The share of the game's turns already played (0 during setup, 1 at the end)."""
    cfg = state.cfg
    if state.round <= 0:
        return 0.0
    done = (state.round - 1) * cfg.players + min(state.turns_done, cfg.players)
    return min(1.0, done / (cfg.rounds * cfg.players))


def _group(state: DawnState, seat: int) -> tuple[int, float, int, int, int]:
    """Projected Victory Points less zones, fighting dice, damage, items and live characters of a
    group."""
    c = state.c
    g = state.groups[seat]
    skill_vp = c.skills
    char_skills, char_items, char_damage = state.char_skills, state.char_items, state.char_damage
    wdice = c.item_weapon
    char_mods, skill_mods, inst_mods = c.char_mods, c.skill_mods, c.inst_mods
    vp = sum(c.missions[m].vp for m in g.done) + sum(skill_vp[s].vp for s in g.vp_skills) - len(g.dead)
    dice = 1.0
    damage = items = 0
    for ch in g.chars:
        best = 1
        die = char_mods[ch].get("die", 0)
        for s in char_skills[ch]:
            vp += skill_vp[s].vp
            die += skill_mods[s].get("die", 0)
        for it in char_items[ch]:
            items += 1
            if wdice[it] > best:
                best = wdice[it]
            die += inst_mods[it].get("die", 0)
        dice += best + die
        damage += len(char_damage[ch])
    return vp, dice, damage, items, len(g.chars)


def features(state: DawnState, seat: int) -> list[float]:
    """With opponents: 1, log-odds of 1/players, VP ahead of the best opponent, the same × share
    played, VP ahead of the opponents' mean, the same × share played, then ahead of the opponents'
    mean: live characters, fighting dice / 3, damage, Xp, items, hand size / 3."""
    return _row(_stats(state), seat, played_share(state))


def _stats(state: DawnState) -> list[tuple[float, ...]]:
    """Each seat's projected VP, live characters, fighting dice / 3, damage, Xp, items, hand size / 3."""
    zones = [len(token_zones(state, s)) for s in range(state.cfg.players)]
    groups = state.groups
    out: list[tuple[float, ...]] = []
    for s in range(state.cfg.players):
        vp, dice, damage, items, chars = _group(state, s)
        g = groups[s]
        out.append((float(vp + zones[s]), float(chars), dice / 3, float(damage), float(g.xp), float(items),
                    len(g.hand) / 3))
    return out


def _row(stats: list[tuple[float, ...]], seat: int, t: float) -> list[float]:
    n = len(stats)
    mine = stats[seat]
    others = [stats[o] for o in range(n) if o != seat]
    k = len(others)
    best = max(o[0] for o in others)
    mean = [sum(o[i] for o in others) / k for i in range(7)]
    lead = mine[0] - best
    ahead = mine[0] - mean[0]
    return [1.0, -math.log(n - 1), lead, lead * t, ahead, ahead * t,
            mine[1] - mean[1], mine[2] - mean[2], mine[3] - mean[3], mine[4] - mean[4],
            mine[5] - mean[5], mine[6] - mean[6]]


def solo_features(state: DawnState) -> list[float]:
    """Alone: 1, missions completed, missions still to complete × share played, share of rounds
    left, live characters, fighting dice / 3, damage, Xp, items."""
    _, dice, damage, items, chars = _group(state, 0)
    g = state.groups[0]
    t = played_share(state)
    done = min(MISSIONS_EACH, len(g.done))
    todo = MISSIONS_EACH - done
    return [1.0, float(done), todo * t, 1.0 - t, float(chars), dice / 3, float(damage), float(g.xp),
            float(items)]


def evaluate(game: Game, state: State, seat: int) -> float:
    """``seat``'s chance of winning from ``state`` (a view or a determinized view)."""
    assert isinstance(state, DawnState)
    if state.over:
        o = game.outcome(state)
        if o is None or seat not in o.winners:
            return 0.0
        return 1.0 / len(o.winners)
    if state.cfg.solo:
        return logistic(SOLO_WEIGHTS, solo_features(state))
    return logistic(WEIGHTS, features(state, seat))
