"""What a game's drawing module returns, below the front ends so that games can import it.

A game draws itself for the browser in its own ``svg.py`` (the interface is described in
:mod:`deadboard.web.drawing`): a :class:`Drawing` of an SVG, its clickable targets and
:class:`Panel` boxes beside it. :func:`dice_of` reads the dice an event's data records, so a game's
drawing can show its own dice the same way."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict


class Panel(TypedDict):
    title: str
    lines: list[Any]
    svg: NotRequired[str]
    pre: NotRequired[bool]


class Drawing(TypedDict):
    svg: str
    targets: dict[str, list[str]]
    panels: list[Panel]
    labels: NotRequired[dict[str, str]]
    caption: NotRequired[str]


_COMPARE = ("need", "total", "against", "target", "success", "hit", "result")


def dice_of(data: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """The dice an event's data records: ``[{"label", "value" | "values", ...compared against}]``."""
    if not data:
        return []
    out: list[dict[str, Any]] = []
    for key, value in data.items():
        if key == "roll" or key.endswith("_roll") or key == "dice":
            values = _dice_values(value)
            if values is None:
                continue
            label = "" if key in ("roll", "dice") else key[: -len("_roll")].replace("_", " ")
            entry: dict[str, Any] = {"label": label, "values": values}
            prefix = "" if key in ("roll", "dice") else key[: -len("roll")]
            for c in _COMPARE:
                if prefix + c in data and data[prefix + c] is not None:
                    entry[c] = data[prefix + c]
                elif not prefix and c in data and data[c] is not None:
                    entry[c] = data[c]
            out.append(entry)
    return out


def _dice_values(value: Any) -> list[int] | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return [value]
    if isinstance(value, list | tuple) and value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return list(value)
    return None
