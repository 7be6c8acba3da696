"""Response windows (core): order, passing, responding, skipping, nesting — independent of any game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deadboard.core.responses import ResponseStack, clockwise, open_window


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


def test_nested_windows_answer_the_innermost_first_then_resume() -> None:
    stack = ResponseStack()
    stack.open(open_window(actor=0, seats=3, trigger="attack"))
    assert stack.seat == 1
    # seat 1 responds; its response opens a window of its own for seats 2 and 0
    stack.responded(open_window(actor=1, seats=3, trigger="counter"))
    assert stack.seat == 2
    stack.passed()
    assert stack.seat == 0
    stack.passed()
    # the inner window is closed: seat 1 has the floor again in the outer one
    assert stack.seat == 1
    stack.passed()
    assert stack.seat == 2
    stack.passed()
    assert stack.seat is None and not stack


def test_stack_copy_is_independent() -> None:
    stack = ResponseStack([open_window(actor=0, seats=3, trigger="x")])
    copy = stack.copy()
    copy.passed()
    assert stack.seat == 1 and copy.seat == 2
    assert stack != copy


def test_stack_skip_closes_windows_where_nobody_may_respond() -> None:
    stack = ResponseStack()
    stack.open(open_window(actor=0, seats=3, trigger="outer"))
    stack.open(open_window(actor=1, seats=3, trigger="inner"))
    stack.skip(lambda s: s == 1)
    assert len(stack) == 1 and stack.seat == 1
    with pytest.raises(ValueError):
        ResponseStack().passed()


@given(st.integers(1, 8).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1), st.integers(0, n - 1))))
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


def test_marks_belong_to_their_window_a_nested_one_starts_without_any() -> None:
    stack = ResponseStack([open_window(actor=0, seats=3, trigger="outer")])
    stack.responded(open_window(actor=1, seats=3, trigger="inner"), marks=("given",))
    assert stack.top is not None and stack.top.marks == ()
    stack.passed()
    stack.passed()
    assert stack.seat == 1  # the inner window closed: seat 1 has the floor in the outer one again
    assert stack.top is not None and stack.top.trigger == "outer" and stack.top.marked("given")
