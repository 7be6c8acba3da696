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

``python -m deadboard.games.zombie_dawn.evaluate [GAMES [BOT [JOBS]]]`` refits both models on
positions from seeded games (GAMES per number of players, 1 to 4) and prints the constants to paste
below.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from typing import Any

from deadboard.core.game import Game, Setup, State
from deadboard.core.value import logistic
from deadboard.games.zombie_dawn.effects import token_zones
from deadboard.games.zombie_dawn.setup import MISSIONS_EACH
from deadboard.games.zombie_dawn.state import OVER, DawnState

#: with opponents: see :func:`features` for the order. Fitted on 300 games of the heuristic player
#: for each number of players: 78,973 positions (a row per seat), log-loss 0.4613 (0.6008 for the
#: baseline of 1/players alone); a weight of 0 was fitted with the wrong sign and dropped (:data:`SIGNS`)
WEIGHTS: tuple[float, ...] = (-0.0554, 0.8571, 0.0000, 0.3801, 0.0910, 0.1389, 0.1047, 0.0000, -0.1443, 0.3042, 0.0000, 0.3439)
#: alone: see :func:`solo_features` for the order; 9,595 positions (won 0.49), log-loss 0.5407 (0.6931
#: for the win rate alone)
SOLO_WEIGHTS: tuple[float, ...] = (-2.5355, 0.4383, -0.9264, 1.5154, 0.5406, 0.0000, -0.2125, 0.1147, 0.0633)


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
    cskills, citems, cdmg = state.cskills, state.citems, state.cdmg
    wdice = c.item_weapon
    char_mods, skill_mods, inst_mods = c.char_mods, c.skill_mods, c.inst_mods
    vp = sum(c.missions[m].vp for m in g.done) + sum(skill_vp[s].vp for s in g.vp_skills) - len(g.dead)
    dice = 1.0
    damage = items = 0
    for ch in g.chars:
        best = 1
        die = char_mods[ch].get("die", 0)
        for s in cskills[ch]:
            vp += skill_vp[s].vp
            die += skill_mods[s].get("die", 0)
        for it in citems[ch]:
            items += 1
            if wdice[it] > best:
                best = wdice[it]
            die += inst_mods[it].get("die", 0)
        dice += best + die
        damage += len(cdmg[ch])
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
    if state.phase == OVER:
        o = game.outcome(state)
        if o is None or seat not in o.winners:
            return 0.0
        return 1.0 / len(o.winners)
    if state.cfg.solo:
        return logistic(SOLO_WEIGHTS, solo_features(state))
    return logistic(WEIGHTS, features(state, seat))


# ----- fitting ----------------------------------------------------------------------------------
Rows = tuple[list[list[float]], list[float]]

#: the sign the rules give a feature's weight (more Victory Points, characters, dice, Xp or items
#: never hurt, damage never helps): a fitted weight of the other sign (the heuristic player's habits
#: confound some features, e.g. it carries weapons because it fights) is set to 0 and the rest refitted
SIGNS: dict[int, int] = {2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: -1, 9: 1, 10: 1, 11: 1}
SOLO_SIGNS: dict[int, int] = {1: 1, 2: -1, 3: 1, 4: 1, 5: 1, 6: -1, 7: 1, 8: 1}


def fit_signed(rows: list[list[float]], labels: list[float], signs: dict[int, int]) -> list[float]:
    """:func:`~deadboard.sim.valuefit.fit_logistic`, dropping (weight 0) the feature whose fitted
    weight is most against its sign in ``signs`` until none is."""
    from deadboard.sim.valuefit import fit_logistic

    active = list(range(len(rows[0])))
    while True:
        w = fit_logistic([[r[j] for j in active] for r in rows], labels)
        wrong = [(w[k] * signs[j], j) for k, j in enumerate(active) if w[k] * signs.get(j, 0) < 0]
        if not wrong:
            full = [0.0] * len(rows[0])
            for k, j in enumerate(active):
                full[j] = w[k]
            return full
        active.remove(min(wrong)[1])


def positions(task: tuple[int, str, int, int, float]) -> tuple[bool, Rows]:
    """One game's training rows and labels: with opponents, every seat's features at seat 0's
    sampled views (they read only public counters) labelled with its share of the win; alone, the
    group's features labelled with the win. ``task`` is (players, bot, seed, index, sampling rate)."""
    from deadboard.core.registry import get_game
    from deadboard.sim.valuefit import sample_positions

    players, bot, seed, index, every = task
    game = get_game("zombie-dawn")
    rows: list[list[float]] = []
    labels: list[float] = []
    for played in sample_positions(game, [Setup("standard", players=players)], bot, 1, seed + index, every):
        outcome = game.outcome(played.final)
        winners = outcome.winners if outcome is not None else ()
        for v in played.positions:
            assert isinstance(v, DawnState)
            if v.phase == OVER:
                continue
            if players == 1:
                rows.append(solo_features(v))
                labels.append(1.0 if 0 in winners else 0.0)
                continue
            stats = _stats(v)
            t = played_share(v)
            for s in range(players):
                rows.append(_row(stats, s, t))
                labels.append(1.0 / len(winners) if s in winners else 0.0)
    return players == 1, (rows, labels)


def fit(games: int = 300, seed: int = 1, bots: str = "heuristic", every: float = 0.05, jobs: int = 1) -> dict[str, Any]:
    """Refit both models on positions from ``games`` seeded games for each number of players (the
    one-player games, which are shorter and give one row a position, are sampled 6 times as
    often)."""
    from deadboard.sim.backends import execute
    from deadboard.sim.valuefit import summary

    tasks = [(n, bots, seed * 1_000_003 + n * 10_007, i, min(1.0, every * (6 if n == 1 else 1)))
             for n in (1, 2, 3, 4) for i in range(games)]
    data: dict[bool, Rows] = {False: ([], []), True: ([], [])}
    for solo, (rows, labels) in execute(positions, tasks, jobs=jobs):
        data[solo][0].extend(rows)
        data[solo][1].extend(labels)
    return {"solo" if solo else "multi": summary(rows, labels, fit_signed(rows, labels, SOLO_SIGNS if solo else SIGNS))
            for solo, (rows, labels) in data.items()}


def main(argv: Sequence[str]) -> None:
    from deadboard.core.registry import get_game
    from deadboard.sim.valuefit import constant, fit_args

    games, bot, jobs = fit_args(argv, get_game("zombie-dawn"), 300, "heuristic")
    r = fit(games, bots=bot, jobs=jobs)
    multi, solo = r["multi"], r["solo"]
    print(f"# fitted on {games} games per number of players played by {bot}: {multi['rows']} positions "
          f"with opponents (wins {multi['rate']:.2f}, log-loss {multi['loss']:.4f}); {solo['rows']} alone "
          f"(wins {solo['rate']:.2f}, log-loss {solo['loss']:.4f})")
    print(constant("WEIGHTS", multi["weights"]))
    print(constant("SOLO_WEIGHTS", solo["weights"]))


if __name__ == "__main__":
    main(sys.argv[1:])
