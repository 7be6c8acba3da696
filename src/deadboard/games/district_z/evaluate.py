"""District-Z's value function: a seat's chance of winning from a position, for search.

It reads only what the seat sees (which cards have been face up, its own survivor, public
counters), so that it gives the same answer on every determinization of a view. The model is a
logistic function of the survivor's state (health left, infection, combat, agility and perception
ratings with its items), of the way still to go (to the nearest card that may hide the LOCATION
OBJECTIVE and on to the CITY'S EDGE, or straight to the edge once the objective is equipped), of the
ZOMBIE counters on its card and the neighbouring ones, and of the share of the turn limit used
(:data:`WEIGHTS`). The weight of the rounds played is set by hand (:data:`TIME_COST`): the fitted
one says nothing (the heuristic player whose games it is fitted on never dawdles), and without a
cost of time search finds that a survivor who keeps picking up and dropping items never meets a
zombie. In multiplayer games each seat's chance of escaping first is discounted by the
others' chances.

``python -m deadboard.sim.fits.district_z [GAMES [BOT [JOBS]]]`` refits the weights on
positions from seeded games and prints the constant to paste below.
"""

from __future__ import annotations

import math

from deadboard.core.game import Game
from deadboard.games.district_z.flow import has_objective
from deadboard.games.district_z.ratings import AGILITY, COMBAT, PERCEPTION, rating
from deadboard.games.district_z.state import ESCAPED, LIVE, DistrictState
from deadboard.games.district_z.tactics import distances
from deadboard.games.district_z.wounds import health

#: see :func:`features` for the order
WEIGHTS: tuple[float, ...] = (-1.3726, 0.2118, -0.1217, 0.7024, -1.0524, 0.2260, 0.2162, 0.0934, 0.0000, 0.0429, 0.1224, -0.0178)

#: the log-odds a round costs (replaces the fitted weight of the rounds played)
TIME_COST = -0.5

_FAR = 20


def _way(st: DistrictState, seat: int) -> tuple[int, bool]:
    """Moves still to make to escape (through the nearest card that may hide an objective when the
    survivor has none), and whether the survivor has the objective."""
    p = st.players[seat]
    lay = st.lay
    dist = distances(lay)
    edge = p.edge if p.edge >= 0 else lay.edge
    here = dist[p.pos]
    if has_objective(st, seat):
        return min(_FAR, here[edge]) if edge >= 0 else _FAR, True
    cells = lay.objective_cells if st.cfg.single else lay.positions()
    best = _FAR * 2
    for q in cells:
        if not st.seen[q] and lay.cells[q]:
            d = here[q] + (dist[q][edge] if edge >= 0 else 0)
            if d < best:
                best = d
    return min(best, _FAR * 2), False


def features(st: DistrictState, seat: int) -> list[float]:
    """1, health left, wounds, objective equipped, moves still to make, combat, agility, perception,
    infection, ZOMBIE counters here, rounds played / 10, ZOMBIE counters next door."""
    p = st.players[seat]
    c = st.c
    hp = health(st, seat)
    moves, got = _way(st, seat)
    near = sum(st.counters[q] for _, q in st.lay.nbr[p.pos]) if p.pos >= 0 else 0
    here = st.counters[p.pos] if p.pos >= 0 else 0
    return [1.0, float(hp - p.wounds), float(p.wounds), 1.0 if got else 0.0, moves / 10,
            float(rating(c, p.surv, p.items, COMBAT)), float(rating(c, p.surv, p.items, AGILITY)),
            float(rating(c, p.surv, p.items, PERCEPTION)), p.infection / max(1, hp), float(here),
            st.rounds / 10, float(near)]


def escape_chance(st: DistrictState, seat: int) -> float:
    p = st.players[seat]
    if p.status == ESCAPED:
        return 1.0
    if p.status != LIVE or p.surv < 0 or p.pos < 0:
        return 0.0
    x = features(st, seat)
    z = sum(w * v for w, v in zip(WEIGHTS, x)) - WEIGHTS[10] * x[10] + TIME_COST * x[10]
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def evaluate(game: Game[DistrictState], state: DistrictState, seat: int) -> float:
    """``seat``'s chance of winning from ``state`` (a view or a determinized view)."""
    if state.over:
        return 1.0 if seat in state.winners else 0.0
    mine = escape_chance(state, seat)
    for other in range(len(state.players)):
        if other != seat:
            mine *= 1.0 - 0.5 * escape_chance(state, other)
    return mine
