"""Response windows: out-of-turn play after an action (DESIGN.md, "Out-of-turn play").

After a seat acts, the other seats get the chance to respond, one after another in a fixed order
(usually clockwise from the seat that acted). Each seat in its turn decides among actions that
always include ``pass``; a seat that responds keeps the floor and may respond again, and the window
moves on when it passes.

Two layers. :class:`Window` is the window as a value — who is asked, in what order, what was done
in it — so it can live inside any state and be cloned by reference::

    w = open_window(actor=0, seats=4, trigger="move Ben c5")   # asks seats 1, 2, 3 in that order
    w.seat                                                      # -> 1: seat 1 decides now
    w = w.passed()                                              # seat 1 passes -> seat 2 decides
    w = w.responded()                                           # seat 2 played: it keeps the floor
    w = w.passed().passed()                                     # seats 2 and 3 pass
    w.closed                                                    # -> True

:class:`ResponseWindow` is the window as a step of the kernel (:mod:`deadboard.core.kernel`): a game
subclasses it with what a seat may respond (:meth:`~ResponseWindow.offers`) and what a response does
(:meth:`~ResponseWindow.respond`), and pushes it after the action that opens it. The kernel asks
each seat in turn with a :class:`Respond` decision whose first action is ``pass``; seats with nothing
to play but ``pass`` are skipped without a decision (:meth:`~ResponseWindow.may_respond`). A response
returns steps like any rule; they run before the window resumes, so a response that opens a window of
its own is answered first (responses to responses), with no separate stack of windows.

Free responses (passing an item between one's own pieces, an offer to another player) cost nothing,
so a game must bound them or random play could go on answering forever. A window keeps *marks*,
hashable keys the game records for what was done in it (:meth:`ResponseWindow.marks_of`,
:meth:`Window.marked`): "each item moves at most once per window" is a mark per item moved. Marks
belong to their window, so a nested window starts with none and the outer one keeps its own::

    w = w.responded().mark(("item", 7))                         # item 7 moved in this window
    w.marked(("item", 7))                                       # -> True: not again here
"""

from __future__ import annotations

import dataclasses
from abc import abstractmethod
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, NamedTuple, TypeVar

from deadboard.core.action import Action
from deadboard.core.kernel import Auto, Choice, KernelState, Steps
from deadboard.core.typed_actions import PASS, Pass

__all__ = [
    "PASS",
    "Pass",
    "Respond",
    "ResponseWindow",
    "Window",
    "clockwise",
    "open_window",
]

S = TypeVar("S", bound=KernelState)


def clockwise(start: int, seats: int, *, include_start: bool = False) -> tuple[int, ...]:
    """Seats in clockwise order (rising seat numbers, wrapping) beginning after ``start``, or at it
    when ``include_start`` is set: ``clockwise(2, 4) == (3, 0, 1)``."""
    if not 0 <= start < seats:
        raise ValueError(f"seat {start} is not one of {seats} seats")
    first = 0 if include_start else 1
    return tuple((start + k) % seats for k in range(first, seats))


class Window(NamedTuple):
    """An open response window.

    ``actor`` is the seat whose action opened it, ``trigger`` names that action (its text or a tag
    the game chooses), ``queue`` the seats still to be asked, in order: ``queue[0]`` decides now.
    ``tag`` is the game's kind of window (``"after-action"``, ``"combat"`` ...), ``order`` every seat
    the window asks, in order. ``responses`` counts the responses made in this window; ``reopen``
    says whether a response gives the seats that already passed another chance (they are asked
    again, after the responding seat, in the original order). ``data`` is a small hashable payload
    for the game (a target, a square, a path); ``marks`` the keys the game recorded for what was
    done in this window (once-per-window limits).

    A window is a named tuple: immutable, hashable, and as cheap to make as a tuple (search and
    random play open thousands of them per game).
    """

    actor: int
    trigger: str
    queue: tuple[int, ...]
    tag: str = ""
    order: tuple[int, ...] = ()
    responses: int = 0
    reopen: bool = False
    data: tuple[Any, ...] = ()
    marks: tuple[Hashable, ...] = ()

    @property
    def seat(self) -> int | None:
        """The seat that decides now, or None once everyone has passed."""
        return self.queue[0] if self.queue else None

    @property
    def closed(self) -> bool:
        return not self.queue

    def passed(self) -> Window:
        """The current seat passes: the next seat in the queue decides."""
        if not self.queue:
            raise ValueError("nobody may pass in a closed window")
        return _new_window(
            Window,
            (
                self.actor,
                self.trigger,
                self.queue[1:],
                self.tag,
                self.order,
                self.responses,
                self.reopen,
                self.data,
                self.marks,
            ),
        )

    def responded(self) -> Window:
        """The current seat responded. It keeps the floor (it may respond again or pass); with
        ``reopen`` the seats that already passed are queued again behind it."""
        if not self.queue:
            raise ValueError("nobody may respond in a closed window")
        queue = self.queue
        if self.reopen:
            seat = queue[0]
            waiting = set(queue)
            again = tuple(s for s in _after(self.order, seat) if s not in waiting)
            queue = (*queue, *again)
        return _new_window(
            Window,
            (
                self.actor,
                self.trigger,
                queue,
                self.tag,
                self.order,
                self.responses + 1,
                self.reopen,
                self.data,
                self.marks,
            ),
        )

    def mark(self, *keys: Hashable) -> Window:
        """The window with ``keys`` recorded (what was just done in it: an item moved, an offer
        made), so that the game can refuse doing it again in this window."""
        if not keys:
            return self
        return _new_window(
            Window,
            (
                self.actor,
                self.trigger,
                self.queue,
                self.tag,
                self.order,
                self.responses,
                self.reopen,
                self.data,
                self.marks + keys,
            ),
        )

    def marked(self, key: Hashable) -> bool:
        """Whether ``key`` was recorded in this window."""
        return key in self.marks

    def skip(self, may_respond: Callable[[int], bool]) -> Window:
        """Drop, from the front of the queue, every seat for which ``may_respond`` is false (a seat
        with nothing to play but pass costs no decision). Returns ``self`` when nothing changes."""
        queue = self.queue
        i = 0
        while i < len(queue) and not may_respond(queue[i]):
            i += 1
        return self if i == 0 else self._replace(queue=queue[i:])

    def without(self, seats: Iterable[int]) -> Window:
        """The window with some seats no longer asked (a seat that left the game, a seat that a rule
        forbids to respond)."""
        gone = set(seats)
        return self._replace(queue=tuple(s for s in self.queue if s not in gone))

    def to_json(self) -> dict[str, Any]:
        return {
            "actor": self.actor,
            "trigger": self.trigger,
            "tag": self.tag,
            "queue": list(self.queue),
            "responses": self.responses,
            "reopen": self.reopen,
            "data": [str(x) for x in self.data],
            "marks": [str(x) for x in self.marks],
        }


#: builds a Window from a full tuple of its fields without keyword handling (windows are made in
#: hot loops: each pass and each response is a new value)
_new_window = tuple.__new__


def _after(order: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The seats of ``order`` after ``seat``, wrapping round (``seat`` itself excluded)."""
    if seat not in order:
        return order
    i = order.index(seat)
    return order[i + 1 :] + order[:i]


def open_window(
    actor: int,
    seats: int,
    trigger: str,
    *,
    tag: str = "",
    start: int | None = None,
    exclude: Iterable[int] = (),
    reopen: bool = False,
    data: tuple[Any, ...] = (),
) -> Window:
    """A window after ``actor``'s action: every other seat, clockwise from ``start`` (default: the
    actor; the start seat itself is asked first only when it is not the actor), minus ``exclude``."""
    if not 0 <= actor < seats:
        raise ValueError(f"seat {actor} is not one of {seats} seats")
    order = _order(
        actor, seats, actor if start is None else start, frozenset(exclude) if exclude else _NOBODY
    )
    return _new_window(Window, (actor, trigger, order, tag, order, 0, reopen, data, ()))


_NOBODY: frozenset[int] = frozenset()


@lru_cache(maxsize=1024)
def _order(actor: int, seats: int, first: int, exclude: frozenset[int]) -> tuple[int, ...]:
    """The seats a window asks, in order (a handful of tables, remembered: windows open all the time)."""
    return tuple(
        s for s in clockwise(first, seats, include_start=first != actor) if s != actor and s not in exclude
    )


W = TypeVar("W", bound="ResponseWindow[Any]")

#: window step class -> its fields other than ``window`` (copied when the floor moves on)
_FIELDS: dict[type, tuple[str, ...]] = {}


@dataclass(slots=True)
class ResponseWindow(Auto[S]):
    """A response window as a kernel step. Subclasses (slotted dataclasses, which may add
    fields: the target of the action responded to, a combat) say what a seat may respond and what
    a response does; the kernel does the asking, skipping, passing and nesting.

    ``window`` is the :class:`Window` value (order, queue, marks). When run, the window skips the
    seats that may not respond, then pushes a :class:`Respond` decision for the first seat that may,
    with itself beneath it; once everyone has passed it returns :meth:`on_close`."""

    window: Window

    @abstractmethod
    def offers(self, state: S, seat: int) -> Sequence[Action]:
        """What ``seat`` may play in this window now, ``pass`` left out (deterministic order)."""

    @abstractmethod
    def respond(self, state: S, seat: int, action: Action) -> Steps:
        """Resolve ``seat``'s response ``action``; return the steps it leads to (they run before
        the window goes on)."""

    def choices(self, state: S, seat: int) -> list[Action]:
        """The actions of ``seat``'s :class:`Respond` decision: ``pass``, then :meth:`offers` (a
        game may build the list at once instead of copying its offers behind ``pass``)."""
        return [PASS, *self.offers(state, seat)]

    def may_respond(self, state: S, seat: int) -> bool:
        """Whether ``seat`` has anything but ``pass`` (override with a cheaper test if offers are
        costly to list)."""
        return bool(self.offers(state, seat))

    def stops(self, state: S, seat: int) -> bool:
        """Whether ``seat`` is asked here when its player wants to be stopped only where it can play
        something that changes the outcome (the table's ``auto`` setting, :mod:`deadboard.core.table`).
        Default: whatever it may respond counts. A game narrows it (Zombie Dawn: an action card the
        seat holds can be played)."""
        return self.may_respond(state, seat)

    def marks_of(self, state: S, seat: int, action: Action) -> tuple[Hashable, ...]:
        """The marks ``action`` leaves on this window (what may not be done again in it)."""
        return ()

    def on_close(self, state: S) -> Steps:
        """The steps that follow once every seat has passed (default: none)."""
        return ()

    def prompt(self, state: S, seat: int) -> str:
        return f"Player {seat + 1}: respond to {self.window.trigger}, or pass"

    def with_window(self: W, window: Window) -> W:
        """A copy of this step with another window value (its other fields kept)."""
        cls = type(self)
        names = _FIELDS.get(cls)
        if names is None:
            names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.name != "window")
        new = object.__new__(cls)
        for name in names:
            setattr(new, name, getattr(self, name))
        new.window = window
        return new

    def run(self, state: S) -> Steps:
        w = self.window
        queue = w.queue
        may_respond = self.may_respond
        i = 0  # Window.skip, written out: every window runs this for each seat it asks
        while i < len(queue) and not may_respond(state, queue[i]):
            i += 1
        if i == len(queue):
            return self.on_close(state)
        step = self if i == 0 else self.with_window(w._replace(queue=queue[i:]))
        return (Respond(step, queue[i]),)


@dataclass(slots=True)
class Respond(Choice[S, Action]):
    """The decision of the seat that has the floor in a window: ``pass`` first, then its offers."""

    kind: ClassVar[str] = "respond"

    window: ResponseWindow[S]
    seat: int

    def actions(self, state: S) -> list[Action]:
        return self.window.choices(state, self.seat)

    def apply(self, state: S, action: Action) -> Steps:
        step = self.window
        w = step.window
        if isinstance(action, Pass) or action == PASS:
            return (step.with_window(w.passed()),)
        marks = step.marks_of(state, self.seat, action)
        after = step.respond(state, self.seat, action)
        return (*after, step.with_window(w.responded().mark(*marks)))

    def prompt(self, state: S) -> str:
        return self.window.prompt(state, self.seat)
