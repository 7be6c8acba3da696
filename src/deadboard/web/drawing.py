"""Drawing a game for the browser, and the interface a game's drawing module follows.

A game is drawn by the browser drawing its descriptor names
(:class:`~deadboard.core.descriptor.BrowserDrawing`, by convention its ``svg.py``), whose ``draw``
is::

    def draw(game: Game[S], view: S, seat: int | None, legal: Sequence[Action]) -> Drawing

- ``view`` is ``game.view(state, seat)``: the only state a page ever sees; the module must draw
  nothing that is not in it (another seat's hidden cards are already gone from a view).
- ``legal`` are the legal actions of ``seat`` now (empty when another seat decides).
- It returns a :class:`Drawing` (a dict):

  ``svg``      one ``<svg>`` element with a ``viewBox`` (it is scaled to the page width); every
               element a player can click carries ``data-target="ID"`` and is drawn with (or
               covered by) a shape of class ``sq`` (:func:`deadboard.core.drawing.hit_rect`) whose
               ``<title>`` says what clicking does (:func:`~deadboard.core.drawing.hover_text` of
               the game's :func:`~deadboard.core.drawing.sentences`); the page marks the ones with
               actions ``live`` and the style sheet highlights them alike in every game. All text
               is escaped.
  ``targets``  ``{ID: [action text, ...]}``: the legal actions that belong to each clickable thing
               (a square, a counter, a door, a card). Clicking it shows these actions; every text
               must be one of ``legal``. Actions in no target are shown as buttons.
  ``panels``   ``[{"title": str, "lines": [str | {"text": str, "cls": str}], "svg": str?}]``:
               boxes of text beside the board (status, hands, tableau); one titled "Legend"
               shows what the board's marks mean, drawn as the board draws them (every game has
               one: the browser tests check it).
  ``labels``   no longer read: an action's label is the game's words (``descriptor.describe``).
  ``caption``  one line over the board (optional): turn, phase, whose move.
  ``picks``    (optional) ``{pick: {target: action text}}``: a choice made on the board before a
               click acts (Zombie Dawn's zone turned one way). A pick is itself a target; clicking
               it picks it (the page keeps the pick, the first by default), the targets of the
               picked one are then the ones highlighted, and clicking one takes its action at
               once, without a menu. An element ``data-rotate="G"`` steps the pick to the next of
               the picks whose elements carry ``data-pick-group="G"``; an element
               ``data-preview="PICK"`` is shown while that pick is picked.

A game without a browser drawing gets :func:`fallback`: its terminal rendering (if it has one) and
panels built from ``game.snapshot(view)``, so every registered game is playable in the browser.

Events are shown beside the board; :func:`dice_of` reads the dice out of an event's ``data``
(``roll`` / ``*_roll`` / ``dice`` and what they were compared against: ``need``, ``total``,
``*_total``, ``success``/``hit``). A game that records dice otherwise gives its browser drawing
``dice(data) -> [{"label": str, "values": [int], "total"?, "need"?, "against"?, "success"?}]``.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from deadboard.core.action import Action
from deadboard.core.descriptor import BrowserDrawing
from deadboard.core.drawing import Drawing, Panel, dice_of
from deadboard.core.game import Game, State
from deadboard.core.log import Event
from deadboard.core.registry import find_descriptor

log = logging.getLogger("deadboard.web")


def browser_drawing(game: Game) -> BrowserDrawing[Any] | None:
    """The game's browser drawing (from its descriptor), or None."""
    found = find_descriptor(game)
    return found.browser_drawing() if found is not None else None


def draw(game: Game, view: State, seat: int | None, legal: Sequence[Action]) -> Drawing:
    """The game's drawing (or the fallback), with its targets checked against ``legal``."""
    drawn_by = browser_drawing(game)
    drawing: Drawing
    if drawn_by is None:
        drawing = fallback(game, view, seat, legal)
    else:
        try:
            drawing = drawn_by.draw(game, view, seat, legal)
        except Exception:  # a fault of the drawing must not make the game unplayable
            log.exception("the drawing module of %s failed; showing the text panels instead", game.id)
            drawing = fallback(game, view, seat, legal)
    allowed = {a.text for a in legal}
    targets = {k: [t for t in v if t in allowed] for k, v in drawing.get("targets", {}).items()}
    drawing["targets"] = {k: v for k, v in targets.items() if v}
    if "picks" in drawing:
        picks = {k: {t: a for t, a in v.items() if a in allowed} for k, v in drawing["picks"].items()}
        drawing["picks"] = {k: v for k, v in picks.items() if v}
    return drawing


# ----- the fallback ------------------------------------------------------------------------------
def _scalar(v: Any) -> str:
    if v is None:
        return "—"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)


def _compact(v: Any) -> str:
    if isinstance(v, Mapping):
        return ", ".join(f"{k}: {_compact(x)}" for k, x in v.items())
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_compact(x) for x in v) + "]"
    return _scalar(v)


def snapshot_panels(snap: Mapping[str, Any]) -> list[Panel]:
    """A readable panel per part of a snapshot: scalars together, then one box per list or dict."""
    general: list[Any] = []
    boxes: list[Panel] = []
    for key, value in snap.items():
        title = str(key).replace("_", " ")
        if isinstance(value, Mapping):
            lines = [f"{k}: {_compact(v)}" for k, v in value.items()] or ["—"]
            boxes.append({"title": title, "lines": lines})
        elif isinstance(value, list | tuple):
            lines = [_compact(v) for v in value] or ["—"]
            boxes.append({"title": title, "lines": lines})
        else:
            general.append(f"{title}: {_scalar(value)}")
    out: list[Panel] = []
    if general:
        out.append({"title": "State", "lines": general})
    return out + boxes


def terminal_text(game: Game, view: State, seat: int | None) -> str | None:
    """The game's terminal rendering as plain text, if it has one."""
    found = find_descriptor(game)
    terminal = found.terminal_drawing() if found is not None else None
    if terminal is None:
        return None
    from rich.console import Console

    console = Console(file=io.StringIO(), width=140, record=True, color_system=None, force_terminal=False)
    console.print(terminal.render(game, view, seat))
    return console.export_text(styles=False)


def fallback(game: Game, view: State, seat: int | None, legal: Sequence[Action]) -> Drawing:
    panels: list[Panel] = []
    text = terminal_text(game, view, seat)
    if text is not None:
        panels.append({"title": "Board", "lines": text.rstrip("\n").split("\n"), "pre": True})
    panels.extend(snapshot_panels(game.snapshot(view)))
    d = view.decision
    caption = f"{game.name} — {d.prompt}" if d is not None else f"{game.name} — game over"
    return {"svg": "", "targets": {}, "panels": panels, "caption": caption}


# ----- events and dice ---------------------------------------------------------------------------
def event_json(ev: Event, game: Game | None = None) -> dict[str, Any]:
    """An event for a page, with its dice read by the game's browser drawing (its optional
    ``dice(data) -> list``) or by :func:`dice_of`."""
    out = ev.to_json()
    drawn_by = browser_drawing(game) if game is not None else None
    reader = drawn_by.dice if drawn_by is not None else None
    dice = reader(ev.data) if reader is not None and ev.data else dice_of(ev.data)
    if dice:
        out["dice"] = dice
    return out


def log_rules(game: Game, events: Sequence[Event]) -> dict[str, dict[str, str]]:
    """The rulebook section each kind of event in ``events`` follows (``{kind: {label, section}}``):
    the page puts a "?" on each log entry that opens the Rules panel at it."""
    found = find_descriptor(game)
    if found is None:
        return {}
    known = found.rule_index().events
    out: dict[str, dict[str, str]] = {}
    for ev in events:
        kind = ev.kind  # (an event's kind, read without writing its text)
        if kind not in out and kind in known:
            out[kind] = known[kind].to_json()
    return out


__all__ = ["Drawing", "Panel", "browser_drawing", "dice_of", "draw", "event_json", "fallback", "log_rules", "snapshot_panels"]
