"""Phases (core): a round's phases in order, round after round, ended early by unwinding."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from deadboard.core.game import Setup
from deadboard.core.kernel import Auto, KernelState, Steps, advance
from deadboard.core.phases import Phase, Phases, current_phase, end_phase


class Day(KernelState):
    __slots__ = ("log_", "stop")

    def __init__(self, rounds: int | None, stop: bool = False) -> None:
        self.init_common(Setup(), 0)
        self.log_: list[str] = []
        self.stop = stop
        self.init_kernel(Phases((Morning(), Evening()), rounds=rounds))

    def clone(self) -> Day:
        d = Day.__new__(Day)
        self.copy_common(d)
        self.copy_kernel(d)
        d.log_, d.stop = self.log_.copy(), self.stop
        return d


@dataclass(slots=True)
class Chore(Auto[Day]):
    text: str

    def run(self, state: Day) -> Steps:
        state.log_.append(f"{current_phase(state)} {self.text}")
        if state.stop and self.text == "a":
            end_phase(state)
        return ()


class Morning(Phase[Day]):
    name: ClassVar[str] = "morning"

    def run(self, state: Day) -> Steps:
        return (Chore("a"), Chore("b"))


class Evening(Phase[Day]):
    name: ClassVar[str] = "evening"

    def run(self, state: Day) -> Steps:
        if len(state.log_) > 20:
            state.end()
        return (Chore("c"),)


def test_phases_run_in_order_round_after_round_until_the_last_round() -> None:
    state = Day(rounds=2)
    advance(state)
    assert state.log_ == [
        "(1, 'morning') a",
        "(1, 'morning') b",
        "(1, 'evening') c",
        "(2, 'morning') a",
        "(2, 'morning') b",
        "(2, 'evening') c",
    ]
    assert state.decision is None and state.steps == [] and current_phase(state) is None


def test_ending_a_phase_early_drops_its_remaining_steps_only() -> None:
    state = Day(rounds=1, stop=True)
    advance(state)
    assert state.log_ == ["(1, 'morning') a", "(1, 'evening') c"]


def test_without_a_round_limit_a_rule_ends_the_game() -> None:
    state = Day(rounds=None)
    advance(state)
    assert state.over and len(state.log_) == 23 and state.log_[-1] == "(8, 'morning') b"
