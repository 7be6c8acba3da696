"""What Zombie Dawn's value function (:mod:`deadboard.games.zombie_dawn.evaluate`) is refitted on:
with opponents, every seat's features at seat 0's sampled views (they read only public counters),
labelled with its share of the win; alone, the group's features labelled with the win. ``python -m
deadboard.sim.valuefit zombie-dawn [multi|solo] [GAMES [BOT [JOBS]]]`` refits both (or one) and
prints the constants to paste there."""

from __future__ import annotations

from typing import Any

from deadboard.core.descriptor import ValueModel
from deadboard.core.game import Outcome, Setup
from deadboard.games.zombie_dawn.evaluate import _row, _stats, played_share, solo_features
from deadboard.games.zombie_dawn.state import DawnState

Rows = list[tuple[list[float], float]]

#: the sign the rules give a feature's weight (more Victory Points, characters, dice, Xp or items
#: never hurt, damage never helps): a fitted weight of the other sign (the heuristic player's habits
#: confound some features, e.g. it carries weapons because it fights) is set to 0 and the rest refitted
SIGNS: dict[int, int] = {2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: -1, 9: 1, 10: 1, 11: 1}
SOLO_SIGNS: dict[int, int] = {1: 1, 2: -1, 3: 1, 4: 1, 5: 1, 6: -1, 7: 1, 8: 1}


def multi_rows(v: DawnState, final: Any, outcome: Outcome) -> Rows:
    if v.over:
        return []
    winners = outcome.winners
    stats = _stats(v)
    t = played_share(v)
    return [(_row(stats, s, t), 1.0 / len(winners) if s in winners else 0.0) for s in range(v.setup.players)]


def solo_rows(v: DawnState, final: Any, outcome: Outcome) -> Rows:
    if v.over:
        return []
    return [(solo_features(v), 1.0 if 0 in outcome.winners else 0.0)]


MODELS: tuple[ValueModel, ...] = (
    ValueModel("multi", "WEIGHTS", tuple(Setup("standard", players=n) for n in (2, 3, 4)), multi_rows,
               every=0.05, signs=SIGNS),
    # one-player games are shorter and give one row a position: sampled 6 times as often
    ValueModel("solo", "SOLO_WEIGHTS", (Setup("standard", players=1),), solo_rows, every=0.3, signs=SOLO_SIGNS),
)
