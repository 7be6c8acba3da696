"""Phases: the named parts of a round, in order, round after round — as steps of the kernel.

A round of most games is a fixed sequence of phases (The Night: Zombie Arrival, Dead Human
Reanimation, Zombie Action, Live Human Action; Zpocalypse 2: Dusk, Midnight, Sunrise, then the day's
tasks; Day Night Z: actions, city encounter, threat). A :class:`Phase` is an automatic step that
names one and, when it begins, returns the phase's steps; :class:`Phases` is the step that lays out a
round's phases and then the next round::

    stack (top on the right)

    [Phases(round=1)]                                  run: round 1's phases are laid out
    [Phases(round=2), Tally, Attack, Turns, Arrival]   Arrival begins (returns its steps)
    [Phases(round=2), Tally, Attack, Turns]            Turns begins: a Turn decision for each seat
    [Phases(round=2), Tally, Attack, Turn, Turn]       ...

A phase's steps lie above the phases still to come, so a rule that ends the phase at once (the "end
if" of boardgame.io) unwinds the stack to the next phase: :func:`end_phase`. A phase with nothing to
do returns no step. ``rounds`` bounds the rounds (None: until a rule ends the game, ``state.end()``);
:func:`current_phase` says which phase is being played, for the log and the front ends. Phases are
values with no fields (one shared instance each), so laying out a round allocates one step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from deadboard.core.kernel import Auto, KernelState, Steps

__all__ = ["Phase", "Phases", "current_phase", "end_phase"]

S = TypeVar("S", bound=KernelState)


class Phase(Auto[S]):
    """One phase of a round: ``run(state)`` begins it and returns its steps (none to skip it).
    Subclasses set ``name`` and are used as one shared instance each."""

    __slots__ = ()

    name: ClassVar[str] = ""


@dataclass(slots=True)
class Phases(Auto[S]):
    """The phases of a round in ``order``; ``round`` is the round laid out when this step runs
    (from 1), ``rounds`` the last round (None: no limit)."""

    order: tuple[Phase[S], ...]
    round: int = 1
    rounds: int | None = None

    def run(self, state: S) -> Steps:
        if self.rounds is not None and self.round > self.rounds:
            return ()  # the last round is over
        return (*self.order, Phases(self.order, self.round + 1, self.rounds))


def current_phase(state: KernelState) -> tuple[int, str] | None:
    """``(round, phase name)`` of the phase being played, or None outside any phase."""
    stack = state.steps
    for i in range(len(stack) - 1, -1, -1):
        step: Any = stack[i]
        if isinstance(step, Phases):
            # the phases still to come lie just above the round step; the one played precedes them
            waiting = 0
            while i + 1 + waiting < len(stack) and isinstance(stack[i + 1 + waiting], Phase):
                waiting += 1
            if waiting == len(step.order):
                return None  # the round is laid out but its first phase has not begun
            return step.round - 1, step.order[len(step.order) - waiting - 1].name
    return None


def end_phase(state: KernelState) -> None:
    """End the phase being played now: its remaining steps are dropped, the next phase begins."""
    state.unwind((Phase, Phases))
