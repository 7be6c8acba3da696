"""What a game's drawing module returns, below the front ends so that games can import it.

A game draws itself for the browser in its own ``svg.py`` (the interface is described in
:mod:`deadboard.web.drawing`): a :class:`Drawing` of an SVG, its clickable targets and
:class:`Panel` boxes beside it. :func:`dice_of` reads the dice an event's data records, so a game's
drawing can show its own dice the same way."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

if TYPE_CHECKING:
    from deadboard.core.action import Action
    from deadboard.core.game import Game


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
    #: a choice picked on the board before a click acts: ``{pick: {target: action}}``; a click on a
    #: pick (itself a target) picks it, a click on a target of the picked one takes its action at once
    picks: NotRequired[dict[str, dict[str, str]]]


# ----- what can be clicked --------------------------------------------------------------------
#: every clickable part of every game's board is drawn (or overlaid) with a shape of this class;
#: the page adds ``live`` to the targets that have actions now, and the shared style sheet's
#: highlight section gives them one look in every game
HIGHLIGHT = "sq"


def sentences(game: Game[Any], view: Any, seat: int | None, legal: Sequence[Action],
              fallback: Mapping[str, str] | None = None) -> dict[str, str]:
    """``{action text: sentence}`` for ``legal``, from the game's descriptor (its words for
    people); where it has none, ``fallback``'s sentence (a drawing's own), else the text."""
    from deadboard.core.registry import find_descriptor

    found = find_descriptor(game)
    out: dict[str, str] = {}
    for a in legal:
        said = found.describe(view, seat, a) if found is not None else a.text
        if said == a.text and fallback is not None:
            said = fallback.get(a.text, said)
        out[a.text] = said
    return out


def hover_text(what: str, texts: Sequence[str], said: Mapping[str, str], most: int = 8) -> str:
    """The tooltip of a clickable thing: what it is, then what clicking it does (one sentence
    per action, the first ``most`` of them)."""
    lines = [what] if what else []
    lines += [f"▸ {said.get(t, t)}" for t in texts[:most]]
    if len(texts) > most:
        lines.append(f"… and {len(texts) - most} more")
    return "\n".join(lines)


def hit_rect(target: str, x: float, y: float, w: float, h: float, title: str, rx: float = 0) -> str:
    """A highlight shape over a clickable thing: transparent (without the page's style sheet too)
    until the page marks it ``live``, carrying the click target (none: it lies inside a group that
    carries it) and the tooltip."""
    r = f' rx="{rx:g}"' if rx else ""
    at = f' data-target="{escape(target, quote=True)}"' if target else ""
    return (f'<rect class="{HIGHLIGHT}"{at} fill="transparent" x="{x:g}" y="{y:g}" '
            f'width="{w:g}" height="{h:g}"{r}><title>{tooltip(title)}</title></rect>')


def tooltip(text: str) -> str:
    """A tooltip's text for an SVG ``<title>``: escaped, its line breaks as character references
    (one line of markup, several in the tooltip)."""
    return escape(text, quote=False).replace("\n", "&#10;")


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
