"""Response windows: out-of-turn play after an action (DESIGN.md, "Out-of-turn play").

After a seat acts, the other seats get the chance to respond, one after another in a fixed order
(usually clockwise from the seat that acted). Each seat in its turn decides among actions that
always include ``pass``; a seat that responds keeps the floor and may respond again, and the window
moves on when it passes. A window is a small immutable value, so it can live inside any game's
state (and be cloned by reference)::

    w = open_window(actor=0, seats=4, trigger="move Ben c5")   # asks seats 1, 2, 3 in that order
    w.seat                                                      # -> 1: seat 1 decides now
    w = w.passed()                                              # seat 1 passes -> seat 2 decides
    w = w.responded()                                           # seat 2 played: it keeps the floor
    w = w.passed().passed()                                     # seats 2 and 3 pass
    w.closed                                                    # -> True

Windows stay cheap for random play and search: :meth:`Window.skip` drops, without a decision, the
seats that have nothing to play but ``pass`` (the game supplies the test). Responses to responses
are nested windows: :class:`ResponseStack` holds the open windows, innermost last, so that the seat
deciding now is always the innermost window's current seat.

Free responses (passing an item between one's own pieces, an offer to another player) cost nothing,
so a game must bound them or random play could go on answering forever. A window keeps *marks*,
hashable keys the game records for what was done in it (:meth:`Window.mark`, :meth:`Window.marked`):
"each item moves at most once per window" is a mark per item moved. Marks belong to their window, so
a nested window starts with none and the outer one keeps its own::

    w = w.responded().mark(("item", 7))                         # item 7 moved in this window
    w.marked(("item", 7))                                       # -> True: not again here
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from functools import lru_cache
from typing import Any, NamedTuple

__all__ = [
    "PASS",
    "ResponseStack",
    "Window",
    "clockwise",
    "open_window",
]

#: the text of the action every window decision offers
PASS = "pass"


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
            Window, (self.actor, self.trigger, self.queue[1:], self.tag, self.order, self.responses, self.reopen, self.data, self.marks)
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
            Window, (self.actor, self.trigger, queue, self.tag, self.order, self.responses + 1, self.reopen, self.data, self.marks)
        )

    def mark(self, *keys: Hashable) -> Window:
        """The window with ``keys`` recorded (what was just done in it: an item moved, an offer
        made), so that the game can refuse doing it again in this window."""
        if not keys:
            return self
        return _new_window(
            Window, (self.actor, self.trigger, self.queue, self.tag, self.order, self.responses, self.reopen, self.data, self.marks + keys)
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
    order = _order(actor, seats, actor if start is None else start, frozenset(exclude) if exclude else _NOBODY)
    return _new_window(Window, (actor, trigger, order, tag, order, 0, reopen, data, ()))


_NOBODY: frozenset[int] = frozenset()


@lru_cache(maxsize=1024)
def _order(actor: int, seats: int, first: int, exclude: frozenset[int]) -> tuple[int, ...]:
    """The seats a window asks, in order (a handful of tables, remembered: windows open all the time)."""
    return tuple(s for s in clockwise(first, seats, include_start=first != actor) if s != actor and s not in exclude)


class ResponseStack:
    """Nested windows, innermost last: a response may open a window of its own (responses to
    responses); the innermost open window decides who acts, and when it closes the one beneath it
    carries on where it stopped. Copying is one list copy (windows are immutable)."""

    __slots__ = ("windows",)

    def __init__(self, windows: Iterable[Window] = ()) -> None:
        self.windows: list[Window] = list(windows)

    def open(self, window: Window) -> None:
        """Push a window (a response to the current one, or the first window)."""
        self.windows.append(window)

    @property
    def top(self) -> Window | None:
        return self.windows[-1] if self.windows else None

    @property
    def seat(self) -> int | None:
        """The seat that decides now (the innermost window's), after dropping closed windows."""
        self.prune()
        top = self.top
        return None if top is None else top.seat

    def prune(self) -> list[Window]:
        """Pop the closed windows at the top; return them, innermost first."""
        done: list[Window] = []
        while self.windows and self.windows[-1].closed:
            done.append(self.windows.pop())
        return done

    def passed(self) -> None:
        """The deciding seat passes in the innermost window."""
        self._replace(self._require().passed())

    def responded(self, nested: Window | None = None, marks: tuple[Hashable, ...] = ()) -> None:
        """The deciding seat responded in the innermost window (``marks`` recorded in it); ``nested``
        is the window its response opens, if any (it is asked first)."""
        self._replace(self._require().responded().mark(*marks))
        if nested is not None:
            self.windows.append(nested)

    def skip(self, may_respond: Callable[[int], bool]) -> None:
        """Skip seats with nothing to play, in every window from the innermost out, until a seat
        that may respond is found or no window is left open."""
        while self.windows:
            w = self.windows[-1].skip(may_respond)
            self.windows[-1] = w
            if not w.closed:
                return
            self.windows.pop()

    def copy(self) -> ResponseStack:
        s = ResponseStack.__new__(ResponseStack)
        s.windows = self.windows.copy()
        return s

    def _require(self) -> Window:
        self.prune()
        top = self.top
        if top is None:
            raise ValueError("no response window is open")
        return top

    def _replace(self, window: Window) -> None:
        self.windows[-1] = window

    def __len__(self) -> int:
        return len(self.windows)

    def __iter__(self) -> Iterator[Window]:
        return iter(self.windows)

    def __bool__(self) -> bool:
        return any(not w.closed for w in self.windows)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ResponseStack) and other.windows == self.windows

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"ResponseStack({self.windows!r})"

    def to_json(self) -> list[dict[str, Any]]:
        return [w.to_json() for w in self.windows]
