"""Following the zombies through the event log.

Each automated zombie's activation is a step of its own (:class:`~deadboard.games.the_night.ai.
Activation`), and the kernel asks the game's ``interrupt`` before every step: :class:`WatchedNight`
notes there where the zombie about to act stands, and once its step is done reads what it did from
the events it wrote — each move (``"to"``, ``"ap_left"``), break attempt and attack. Nothing of the
rules is wrapped, so the rules may be compiled."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deadboard.core.grid import WALL, WINDOW
from deadboard.games.the_night.ai import Activation
from deadboard.games.the_night.board import CLOSED, human_by_name, zombie_name
from deadboard.games.the_night.rules import TheNight
from deadboard.games.the_night.state import NightState


@dataclass
class Moves:
    """What one zombie did, read from the log: the squares it stood on (the first where it began)
    and the AP its moves, break attempts and attacks cost."""

    squares: list[int]
    spent: int


def read_moves(state: NightState, events: list[Any], z: int, start: int, zocc: list[int], op: list[int],
               problems: list[str]) -> Moves:
    """Replay zombie ``z``'s events from ``start`` with the zombies' squares ``zocc`` and the
    openings ``op`` as they were before them; append each broken rule to ``problems``."""
    grid = state.c.grid
    name = zombie_name(state, z)
    op = list(op)
    moves = Moves([start], 0)
    for e in events:
        d = e.data
        if not d or d.get("zombie") != name:
            continue
        frm = moves.squares[-1]
        if e.kind == "break":
            moves.spent += 1  # "1 AP: attempt to break …"
            if d["success"]:
                op[grid.opening_by_name[d["opening"]].id] &= ~CLOSED
        elif e.kind == "move" and "ap_left" in d:
            to = grid.index[d["to"]]
            kind = grid.edge_kind(frm, to)
            # "1 AP: Move to an orthogonally adjacent square. 2 AP: Move through an un-boarded
            # window to an orthogonally adjacent square."
            if to not in grid.orth_squares[frm] or kind == WALL:
                problems.append("a zombie moves other than orthogonally")
            o = grid.opening_between(frm, to)
            if o >= 0 and op[o] & CLOSED:
                problems.append("a zombie passes a locked or boarded opening")
            # "Only one zombie can occupy a single square."
            if zocc[to] not in (0, z):
                problems.append("a zombie moves onto another zombie")
            moves.spent += 2 if kind == WINDOW else 1
            moves.squares.append(to)
        elif e.kind == "combat" and d.get("started_by") == "zombie":
            to = state.humans[human_by_name(state, d["human"])].sq
            # "1 AP: Attack an orthogonally adjacent human"; "2 AP: Attack through an un-boarded
            # window"
            if to not in grid.orth_squares[frm]:
                problems.append("a zombie attacks other than orthogonally")
            moves.spent += 2 if grid.edge_kind(frm, to) == WINDOW else 1
    return moves


class ActivationWatch:
    """Checks each automated zombie's activation: it never revisits a square, spends no more AP
    than its counter prints, and moves and attacks by the rules (:func:`read_moves`)."""

    def __init__(self) -> None:
        self.where = ""
        self.activations = 0
        self.violations: list[str] = []
        self._current: tuple[int, int, int, list[int], list[int]] | None = None

    def before_step(self, state: NightState) -> None:
        if self._current is not None:
            self.finish(state)
        if state.steps:
            top = state.steps[-1]
            if isinstance(top, Activation) and top.order[top.i] in state.zsq:
                self.begin(state, top.order[top.i])

    def begin(self, state: NightState, z: int) -> None:
        self._current = (z, state.zsq[z], len(state.log), state.zocc.copy(), state.op.copy())

    def finish(self, state: NightState) -> None:
        assert self._current is not None
        z, start, logged, zocc, op = self._current
        self._current = None
        self.activations += 1
        problems: list[str] = []
        moves = read_moves(state, state.log[logged:], z, start, zocc, op, problems)
        # "A zombie never undoes its own progress within one activation" (rulebook: a zombie moves
        # towards its priority; "a second or even third closest entry can be moved to"; "A zombie
        # does not need to use all of its APs if using further APs would be detrimental to its
        # priorities")
        if len(moves.squares) != len(set(moves.squares)):
            problems.append("a zombie revisits a square in one activation")
        # "The number of Action Points ("AP") an individual zombie has available in this phase is
        # printed on its counter."
        if moves.spent > state.cfg.zap[z]:
            problems.append(f"a zombie spends {moves.spent} AP of {state.cfg.zap[z]}")
        where = f"{self.where} turn {state.turn} Z{z} {[state.c.grid.names[s] for s in moves.squares]}"
        self.violations.extend(f"{where}: {p}" for p in problems)


class WatchedNight(TheNight):
    """The Night with ``watch`` told before every step (the kernel's interrupt)."""

    def __init__(self, watch: ActivationWatch) -> None:
        super().__init__()
        self.watch = watch

    def interrupt(self, state: NightState) -> bool:
        self.watch.before_step(state)
        return super().interrupt(state)
