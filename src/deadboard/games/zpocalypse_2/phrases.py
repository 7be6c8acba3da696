"""The small parts of Zpocalypse 2's log sentences: a survivor, a weapon, a supply, a crafting card,
a perk or a mutate by its printed name (``Dwayne``, ``Ammo Box``), never by its content id
(``dwayne``, ``ammo-box``). The rules write their events with these; nothing here decides anything."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from deadboard.games.zpocalypse_2.content import Content
from deadboard.games.zpocalypse_2.state import ZState


def name(state: ZState, token: str | None) -> str:
    """A survivor's or a card's printed name, without an article: ``Priya Raman``, ``Nail Gun``
    (no card at all: ``nothing``). Each found once per content (:data:`_names`)."""
    if token is None:
        return "nothing"
    c = state.content
    kept = _names.get(id(c))
    if kept is None or kept[0] is not c:
        kept = _names[id(c)] = (c, {})
    found = kept[1].get(token)
    if found is None:
        found = kept[1][token] = _name(c, token)
    return found


#: each content's names found, by token (held with the content, so that its id is never another's):
#: a content record is a pydantic model, each attribute read a lookup through it
_names: Final[dict[int, tuple[Content, dict[str, str]]]] = {}


def _name(c: Content, token: str) -> str:
    survivor = c.survivor_by_id.get(token)
    if survivor is not None:
        return str(survivor.name)
    if token == "unarmed":
        return "bare hands"
    for table in (c.weapon_by_id, c.supply_by_id, c.craft_by_id, c.perk_by_id, c.mutate_by_id):
        rec = table.get(token)
        if rec is not None:
            return str(rec.name)
    return token.replace("-", " ").replace("_", " ")


def names(state: ZState, tokens: Iterable[str]) -> str:
    """Several names: ``Cardio, Handy and Third Eye``."""
    out = [name(state, t) for t in tokens]
    if not out:
        return "none"
    return out[0] if len(out) == 1 else ", ".join(out[:-1]) + " and " + out[-1]


def count(n: int, word: str, many: str = "") -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} {word if n == 1 else many or word + 's'}"


__all__ = ["count", "name", "names"]
