"""The event log: every roll, draw and rule resolution, in order, as data and as text."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple, SupportsIndex


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
