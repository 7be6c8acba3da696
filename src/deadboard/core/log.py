"""The event log: every roll, draw and rule resolution, in order, as data and as text."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple, SupportsIndex

#: the kind of an audit-trail event (how the automated enemy chose and moved, a move's route; see
#: docs/api.md): kept in the log for anyone checking the rules, not shown among the sentences that
#: the front ends' logs show players
TRACE = "trace"


class Event(NamedTuple):
    """One thing that happened.

    ``kind`` is a short machine tag (``roll``, ``combat``, ``move``, ``phase`` ...), ``text`` the
    sentence a player reads, ``data`` the figures behind it (each roll with what it was compared
    against: ``{"roll": 5, "need": 6, "success": False}``).
    """

    kind: str
    text: str
    data: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.data:
            out["data"] = self.data
        return out


class FormattedEvent(Event):
    """An event whose text is written when read: ``text`` is ``fmt.format(*args)``, so the rules
    keep a format and its arguments (``"{} moves to {}"``, ``(name, square)``) and a game nobody
    reads the log of never writes a sentence. The arguments are values (names, numbers), so the
    text reads the same whenever it is read. To every reader it is the event ``(kind, text,
    data)``: unpacking, indexing, equality, JSON and pickling see the written text.

    Made by :meth:`deadboard.core.game.State.emit_format`; the tuple holds ``(kind, fmt, data,
    args)``."""

    __slots__ = ()

    @property
    def text(self) -> str:
        fmt: str = _item(self, 1)
        return fmt.format(*_item(self, 3))

    def _event(self) -> tuple[str, str, dict[str, Any] | None]:
        return (_item(self, 0), self.text, _item(self, 2))

    def __iter__(self) -> Iterator[Any]:
        return iter(self._event())

    def __len__(self) -> int:
        return 3

    def __getitem__(self, index: Any) -> Any:
        return self._event()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FormattedEvent):
            return self._event() == other._event()
        if isinstance(other, tuple):
            return self._event() == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(self._event())

    def __repr__(self) -> str:
        kind, text, data = self._event()
        return f"Event(kind={kind!r}, text={text!r}, data={data!r})"

    def __reduce__(self) -> tuple[type[Event], tuple[str, str, dict[str, Any] | None]]:
        return (Event, self._event())

    def __getnewargs__(self) -> tuple[str, str, dict[str, Any] | None]:
        return self._event()

    def _asdict(self) -> dict[str, Any]:
        kind, text, data = self._event()
        return {"kind": kind, "text": text, "data": data}

    def _replace(self, **changes: Any) -> Event:  # type: ignore[override]
        return Event(*self._event())._replace(**changes)


#: a tuple's own item (a formatted event's ``__getitem__`` shows the written event)
_item: Any = tuple.__getitem__


class NullLog(list[Event]):
    """An event log that keeps nothing: search clones a state thousands of times per second, and
    copying a growing log would cost more than the rules. ``copy()`` returns the same (empty) log,
    so a state whose log is a NullLog clones in constant time for it."""

    __slots__ = ()

    def append(self, event: Event, /) -> None:
        return None

    def extend(self, events: Iterable[Event], /) -> None:
        return None

    def insert(self, index: SupportsIndex, event: Event, /) -> None:
        return None

    def copy(self) -> NullLog:
        return self

    def __copy__(self) -> NullLog:
        return self

    def __reduce__(self) -> tuple[type[NullLog], tuple[()]]:
        return (NullLog, ())
