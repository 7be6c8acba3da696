"""The ITEM card pile (rulebook §Card Types: ITEM cards): "To equip an ITEM, find its card in the ITEM
card pile"; "To unequip an ITEM, simply put that ITEM back into the ITEM CARD PILE." Which cards are
in it, which UNIQUE ITEMS are in the CITY, and drawing one. Beneath the rules that move cards in and
out of it (items, setup, events), so that each of them may ask.
"""

from __future__ import annotations

from deadboard.games.district_z.state import LIVE, DistrictState


class FoundItem:
    """A step holding an ITEM card just found (:class:`~deadboard.games.district_z.items.Equip`):
    the card is out of the pile until it is equipped or left."""

    __slots__ = ()

    item: int


def unique_in_city(state: DistrictState, item: int) -> bool:
    """Whether the item is "in the CITY": carried by a survivor there or dropped on a LOCATION card
    (an escaped survivor carried its items out of the CITY)."""
    for p in state.players:
        if p.status == LIVE and item in p.items:
            return True
    return any(item in d for d in state.dropped if d)


def card_in_pile(state: DistrictState, item: int) -> bool:
    """Whether the item's card is in the ITEM card pile: not carried (in the CITY or out of it), not
    dropped, not just found. With the option item-copies items are kinds and every kind is always
    there to be found."""
    if state.cfg.item_copies:
        return True
    return item not in out_of_pile(state)


def out_of_pile(state: DistrictState) -> set[int]:
    """The ITEM cards not in the pile: carried (in the CITY or out of it), dropped, just found."""
    out: set[int] = set()
    for p in state.players:
        out.update(p.items)
    for d in state.dropped:
        if d:
            out.update(d)
    out.update(s.item for s in state.steps if isinstance(s, FoundItem))
    return out


def draw_item(state: DistrictState, pool_name: str) -> int:
    """A random ITEM of the pool: a random card of the pool among those in the ITEM card pile (-1 when
    none is left), or with item-copies a random kind of the pool."""
    pool = state.c.pools[pool_name]
    if not state.cfg.item_copies:
        out = out_of_pile(state)
        pool = tuple(i for i in pool if i not in out)
        if not pool:
            return -1
    return pool[state.rng.below(len(pool))]
