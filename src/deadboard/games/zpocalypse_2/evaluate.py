"""Zpocalypse 2's value function: the squads' chance of winning the chapter from a position, for
search (:meth:`deadboard.core.game.Game.evaluate`). Every squad wins or loses together, so the
estimate is the same for every seat.

A logistic model (:func:`deadboard.core.value.logistic`) of what decides a chapter: how much of its
goal is still to do (the kills or mutates wanted, or the goal card not yet built) and how much of
it is left for each night still to come, the time left, the squads' health and numbers, the Doom
Track against the chapter's limit (the size of the next night's horde), the zombies standing on the
board now, and the survivors without a weapon. Search by playouts (``mcts:N+heuristic``) stops at
the end of the night (:meth:`Zpocalypse2.search_horizon`) and prices the morning with it: the
morning's features are the ones that matter most. Fitted on the heuristic player's games
(``python -m deadboard.sim.valuefit zpocalypse-2``, the setups of :mod:`.valuefit`), weights in
:data:`WEIGHTS`.

    column  feature
    0       1
    1       the goal still to do, as a share of the goal (kills, mutates; 1 or 0 for a card)
    2       the goal still to do for each night left (the nights' share still to play)
    3       nights left (the current one by its hours still to play)
    4       the squads' HP as a share of their survivors' full HP
    5       survivors alive, a share of the squads' starting number
    6       the Doom Track's share of the chapter's limit
    7       zombies on the board (fresh ones twice), a tenth each, times the night's share left
    8       survivors without a weapon, a share of those alive
"""

from __future__ import annotations

from deadboard.core.game import Game
from deadboard.core.value import logistic
from deadboard.games.zpocalypse_2.state import ZState
from deadboard.games.zpocalypse_2.turn import goal_progress

#: fitted on the heuristic player's games (see the module's docstring for the columns)
WEIGHTS: tuple[float, ...] = (-1.1711, -1.2616, -1.4014, -0.4095, 2.6427, 1.1639, -2.2972, -0.2739, 0.0000)


def time_left(state: ZState) -> float:
    """Nights still to play, the current night counted by its hours still to come."""
    nights = state.scenario.nights
    hours = state.content.rules.hours
    if state.phase in ("dusk", "midnight"):
        done = state.night - 1 + max(0, state.hour - 1) / hours
    else:
        done = float(state.night)
    return max(0.0, nights - done)


def features(state: ZState) -> list[float]:
    sc = state.scenario
    if sc.goal == "hold":
        todo = 0.0
    elif sc.goal == "craft":
        todo = 0.0 if goal_progress(state) >= 1 else 1.0
    else:
        wanted = sc.goal_for(len(state.squads))
        todo = max(0, wanted - goal_progress(state)) / max(wanted, 1)
    left = time_left(state)
    tops = state.content.survivor_by_id
    people = [p for q in state.squads for p in q.people]
    full = sum(tops[p.card].hp for p in people)
    hp = sum(max(0, p.hp) for p in people) / full if full else 0.0
    alive = len(people) / (sc.survivors_per_squad * len(state.squads))
    doom = state.doom.value / sc.doom_limit
    night_left = min(1.0, left - (sc.nights - state.night)) if state.phase in ("dusk", "midnight") else 0.0
    horde = (sum(2 if z.fresh else 1 for z in state.zombies) + 2 * len(state.mutates)) / 10 * night_left
    unarmed = sum(1 for p in people if p.weapon is None) / len(people) if people else 1.0
    return [1.0, todo, todo / max(left, 0.2), left, hp, alive, doom, horde, unarmed]


def evaluate(game: Game[ZState], state: ZState, seat: int) -> float:
    """The chance that the squads win the chapter from ``state`` (read as every seat sees it)."""
    if state.lost:
        return 0.0
    if not any(q.people for q in state.squads):
        return 0.0
    return logistic(WEIGHTS, features(state))
