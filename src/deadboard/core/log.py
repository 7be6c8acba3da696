"""The event log: every roll, draw and rule resolution, in order, as data and as text."""

from __future__ import annotations

from typing import Any, NamedTuple


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
