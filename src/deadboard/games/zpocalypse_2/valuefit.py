"""What Zpocalypse 2's value function (:mod:`deadboard.games.zpocalypse_2.evaluate`) is refitted
on: positions of the heuristic player's games of every chapter with one squad and of the prologue
and chapter 1 with two, each labelled with whether the chapter was won. ``python -m
deadboard.sim.valuefit zpocalypse-2 [GAMES [BOT [JOBS]]]`` refits it and prints the constant to
paste there."""

from __future__ import annotations

from typing import Any

from deadboard.core.descriptor import ValueModel
from deadboard.core.game import Outcome, Setup
from deadboard.games.zpocalypse_2.evaluate import features
from deadboard.games.zpocalypse_2.state import ZState

Rows = list[tuple[list[float], float]]

#: the sign the rules give a feature's weight (goal still to do, the Doom Track and the horde on the
#: board never help; health and survivors never hurt): a fitted weight of the other sign is set to 0
SIGNS: dict[int, int] = {1: -1, 2: -1, 4: 1, 5: 1, 6: -1, 7: -1, 8: -1}


def won_rows(v: ZState, final: Any, outcome: Outcome) -> Rows:
    if v.over or v.lost:
        return []
    return [(features(v), 1.0 if 0 in outcome.winners else 0.0)]


SETUPS = (
    *(Setup(s, players=1) for s in ("prologue", "chapter-1", "chapter-2", "chapter-3", "chapter-4")),
    Setup("prologue", players=2),
    Setup("chapter-1", players=2),
)

MODELS: tuple[ValueModel, ...] = (ValueModel("chapter", "WEIGHTS", SETUPS, won_rows, games=300, every=0.3, signs=SIGNS),)
