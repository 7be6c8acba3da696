"""Response windows (core): order, passing, responding, skipping, nesting — independent of any game.

The window as a value (:class:`Window`) and the window as a step of the kernel (:class:`ResponseWindow`,
asked through :class:`Respond` decisions, nested through the kernel's one stack)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deadboard.core.action import Action
from deadboard.core.game import Setup
from deadboard.core.kernel import KernelState, Steps, advance, apply_action
from deadboard.core.responses import PASS, ResponseWindow, clockwise, open_window
from deadboard.core.typed_actions import TypedAction


def test_clockwise_starts_after_the_seat_and_wraps() -> None:
    assert clockwise(2, 4) == (3, 0, 1)
    assert clockwise(0, 4) == (1, 2, 3)
    assert clockwise(2, 4, include_start=True) == (2, 3, 0, 1)
    assert clockwise(0, 1) == ()


def test_clockwise_rejects_a_seat_outside_the_table() -> None:
    with pytest.raises(ValueError):
        clockwise(4, 4)


def test_window_asks_every_other_seat_clockwise_from_the_actor() -> None:
    w = open_window(actor=2, seats=4, trigger="move")
    assert w.queue == (3, 0, 1)
    assert w.seat == 3
    assert not w.closed


def test_window_can_start_from_another_seat_and_exclude_seats() -> None:
    # a combat window: the opponents of the fighting group (seat 3), clockwise from the active seat 1
    w = open_window(actor=3, seats=4, trigger="combat", start=1)
    assert w.queue == (1, 2, 0)
    w = open_window(actor=3, seats=4, trigger="combat", start=1, exclude=(2,))
    assert w.queue == (1, 0)


def test_passing_moves_the_floor_to_the_next_seat_until_the_window_closes() -> None:
    w = open_window(actor=0, seats=3, trigger="search")
    w = w.passed()
    assert w.seat == 2
    w = w.passed()
    assert w.closed and w.seat is None
    with pytest.raises(ValueError):
        w.passed()
    with pytest.raises(ValueError):
        w.responded()


def test_a_responding_seat_keeps_the_floor() -> None:
    w = open_window(actor=0, seats=3, trigger="move").responded()
    assert w.seat == 1 and w.responses == 1
    w = w.responded().passed()
    assert w.seat == 2 and w.responses == 2


def test_reopen_asks_seats_that_passed_again_after_a_response() -> None:
    w = open_window(actor=0, seats=4, trigger="x", reopen=True)  # 1, 2, 3
    w = w.passed()  # 1 passes
    w = w.responded()  # 2 responds: 1 is asked again after 3
    assert w.queue == (2, 3, 1)
    w = w.passed().passed().passed()
    assert w.closed


def test_skip_drops_seats_with_nothing_to_play_without_a_decision() -> None:
    w = open_window(actor=0, seats=4, trigger="x")
    assert w.skip(lambda s: s == 3).queue == (3,)
    assert w.skip(lambda s: False).closed
    assert w.skip(lambda s: True) is w


def test_without_removes_seats() -> None:
    w = open_window(actor=0, seats=4, trigger="x").without([2])
    assert w.queue == (1, 3)


def test_windows_are_values() -> None:
    a = open_window(actor=1, seats=3, trigger="t", tag="after", data=("red",))
    b = open_window(actor=1, seats=3, trigger="t", tag="after", data=("red",))
    assert a == b and hash(a) == hash(b)
    assert a.to_json()["queue"] == [2, 0]


@given(
    st.integers(1, 8).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1), st.integers(0, n - 1)))
)
def test_every_other_seat_is_asked_once_in_clockwise_order(args: tuple[int, int, int]) -> None:
    seats, actor, start = args
    w = open_window(actor=actor, seats=seats, trigger="x", start=start)
    asked = []
    while not w.closed:
        assert w.seat is not None
        asked.append(w.seat)
        w = w.passed()
    assert sorted(asked) == sorted(set(range(seats)) - {actor})
    # clockwise: each next seat is the nearest following one
    ring = [(s - start) % seats for s in asked]
    assert ring == sorted(ring)


def test_marks_record_what_was_done_in_a_window_and_survive_passing_and_responding() -> None:
    w = open_window(actor=0, seats=3, trigger="move")
    assert not w.marked(("item", 7))
    w = w.responded().mark(("item", 7))
    assert w.marked(("item", 7)) and not w.marked(("item", 8))
    w = w.responded().passed()
    assert w.seat == 2 and w.marked(("item", 7)) and w.responses == 2
    assert w.mark() is w
    assert w.to_json()["marks"] == ["('item', 7)"]


# ----- windows as kernel steps ----------------------------------------------------------------
class Counter(TypedAction):
    """Answer the action with a counter of one's own (opens a window of its own)."""

    KIND = "counter"


class Give(TypedAction):
    """Hand an item over (free: once per item and window)."""

    KIND = "give"

    item: int


COUNTER = Counter()


class Table(KernelState):
    __slots__ = ("counters", "items", "played", "seats")

    def __init__(self, seats: int, counters: list[int], items: tuple[int, ...] = ()) -> None:
        self.init_common(Setup(), 0)
        self.seats = seats
        self.counters = counters
        self.items = items
        self.played: list[str] = []
        self.init_kernel()

    def clone(self) -> Table:
        t = Table.__new__(Table)
        self.copy_common(t)
        self.copy_kernel(t)
        t.seats, t.counters, t.items, t.played = (
            self.seats,
            self.counters.copy(),
            self.items,
            self.played.copy(),
        )
        return t


@dataclass(slots=True)
class After(ResponseWindow[Table]):
    """Seats may counter (if they hold counters) or give an item not yet given in this window."""

    def offers(self, state: Table, seat: int) -> list[Action]:
        out: list[Action] = [COUNTER] if state.counters[seat] else []
        out.extend(Give(i) for i in state.items if not self.window.marked(("item", i)))
        return out

    def respond(self, state: Table, seat: int, action: Action) -> Steps:
        state.played.append(f"{seat} {action.text} in {self.window.trigger}")
        if isinstance(action, Counter):
            state.counters[seat] -= 1
            return (After(open_window(actor=seat, seats=state.seats, trigger=f"counter-{seat}")),)
        return ()

    def marks_of(self, state: Table, seat: int, action: Action) -> tuple[Hashable, ...]:
        return (("item", action.item),) if isinstance(action, Give) else ()


def _asked(state: Table) -> int | None:
    return None if state.decision is None else state.decision.seat


def _play(state: Table, action: Action) -> None:
    apply_action(state, action)


def test_nested_windows_answer_the_innermost_first_then_resume() -> None:
    state = Table(3, [0, 1, 0])
    state.push(After(open_window(actor=0, seats=3, trigger="attack")))
    advance(state)
    assert _asked(state) == 1 and state.legal == [PASS, COUNTER]
    # seat 1 counters: its counter opens a window of its own for seats 2 and 0 — who have nothing
    # to play but pass, so they are not asked; seat 1 has the floor again in the outer window
    _play(state, COUNTER)
    assert state.played == ["1 counter in attack"]
    assert _asked(state) is None  # seat 1 has no counter left either: every window closed


def test_an_inner_window_asks_its_seats_before_the_outer_one_goes_on() -> None:
    state = Table(3, [0, 1, 1])
    state.push(After(open_window(actor=0, seats=3, trigger="attack")))
    advance(state)
    _play(state, COUNTER)  # seat 1 counters: the inner window asks seat 2 (then 0)
    assert _asked(state) == 2 and state.steps[-1].window.window.trigger == "counter-1"  # type: ignore[attr-defined]
    _play(state, PASS)
    # the inner window closed: the outer one resumes where it stopped, with seat 1 out of counters
    # skipped, and seat 2 asked in it
    assert _asked(state) == 2 and state.steps[-1].window.window.trigger == "attack"  # type: ignore[attr-defined]
    _play(state, PASS)
    assert _asked(state) is None


def test_a_state_clone_is_independent_of_the_original_window() -> None:
    state = Table(3, [1, 1, 1])
    state.push(After(open_window(actor=0, seats=3, trigger="x")))
    advance(state)
    copy = state.clone()
    _play(copy, PASS)
    assert _asked(state) == 1 and _asked(copy) == 2


def test_marks_belong_to_their_window_a_nested_one_starts_without_any() -> None:
    state = Table(3, [0, 1, 0], items=(7,))
    state.push(After(open_window(actor=0, seats=3, trigger="outer")))
    advance(state)
    _play(state, Give(7))  # seat 1 gives item 7 in the outer window: not again there
    assert _asked(state) == 1 and state.legal == [PASS, COUNTER]
    _play(state, COUNTER)  # the inner window starts without marks: seat 2 may give item 7 in it
    assert _asked(state) == 2 and state.legal == [PASS, Give(7)]
    _play(state, PASS)
    assert _asked(state) == 0 and state.legal == [PASS, Give(7)]
    _play(state, PASS)  # seat 0 passes too: the inner window closes
    # the outer window resumes, and its mark still holds: item 7 was given in it, so seats 1 and 2
    # have nothing left to play there and are not asked
    assert _asked(state) is None
