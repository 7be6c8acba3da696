"""What District-Z's heuristic player weighs: distances across the CITY, the odds of a combat, the
value of a kit of items under the one-modifier-at-a-time rule (:func:`kit_value`), what a trade
leaves, how dangerous a location's event table is. :mod:`deadboard.games.district_z.bot` decides
with them; the value function (:mod:`deadboard.games.district_z.evaluate`) reads the distances."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import lru_cache

from deadboard.games.district_z.content import DistrictContent, Item, Location
from deadboard.games.district_z.ratings import (
    AGILITY,
    COMBAT,
    HEALTH,
    PERCEPTION,
    best_modifier,
    loadouts,
    rating,
)
from deadboard.games.district_z.state import DistrictState, Layout

#: survivors in order of preference (found with the simulator)
PREFERENCE = ("TOMAS", "ROSA", "HOPE", "DANA", "MARCUS", "EZRA")


_DIST: dict[tuple[int, int, tuple[bool, ...]], tuple[tuple[int, ...], ...]] = {}


def distances(lay: Layout) -> tuple[tuple[int, ...], ...]:
    """All-pairs distances in moves between the CITY's cards (computed once per layout)."""
    key = (lay.width, lay.height, lay.cells)
    got = _DIST.get(key)
    if got is None:
        got = _DIST[key] = _distances(lay)
    return got


def _distances(lay: Layout) -> tuple[tuple[int, ...], ...]:
    n = lay.n
    out = []
    for s in range(n):
        dist = [1 << 20] * n
        if lay.cells[s]:
            dist[s] = 0
            q = deque([s])
            while q:
                u = q.popleft()
                for _, v in lay.nbr[u]:
                    if dist[v] > dist[u] + 1:
                        dist[v] = dist[u] + 1
                        q.append(v)
        out.append(tuple(dist))
    return tuple(out)


@lru_cache(maxsize=4096)
def p_sum_greater(n: int, target: int) -> float:
    """P(the sum of n d6 > target)."""
    if n <= 0:
        return 1.0 if target < 0 else 0.0
    dist = {0: 1.0}
    for _ in range(n):
        nd: dict[int, float] = {}
        for s, p in dist.items():
            for f in range(1, 7):
                nd[s + f] = nd.get(s + f, 0.0) + p / 6
        dist = nd
    return sum(p for s, p in dist.items() if s > target)


def item_value(it: Item) -> float:
    if it.objective:
        return 100.0
    v = it.mods[COMBAT] * 3.0 + it.mods[AGILITY] * 1.0 + it.mods[PERCEPTION] * 0.5 + it.mods[HEALTH] * 2.5 + it.heal * 1.5
    if it.ammo or it.breaks:
        v *= 1.0 - 0.08 * max(it.ammo, it.breaks)
    return v


@lru_cache(maxsize=4096)
def p_beats(n: int, m: int) -> float:
    """P(the sum of n d6 > the sum of m d6)."""
    if m <= 0:
        return 1.0 if n > 0 else 0.0
    dist = {0: 1.0}
    for _ in range(m):
        nd: dict[int, float] = {}
        for s, p in dist.items():
            for f in range(1, 7):
                nd[s + f] = nd.get(s + f, 0.0) + p / 6
        dist = nd
    return sum(p * p_sum_greater(n, s) for s, p in dist.items())


def _risk(it: Item) -> int:
    return max(it.ammo, it.breaks)


def kit_value(c: DistrictContent, items: Sequence[int]) -> float:
    """What a set of equipped items is worth to a survivor under the one-modifier-at-a-time rule:
    the best weapon loadout (less its risk of running out or breaking) plus a spare weapon for when it
    does, the best agility, perception and health modifiers, every healing item, and the objective.
    Giving an item away never raises it."""
    key = ("kit", *sorted(items))
    got = c.memo.get(key)
    if got is not None:
        return float(got)
    its = c.items
    v = 0.0
    if any(its[i].objective for i in items):
        v += 100.0
    # the best weapon loadout with a spare weapon beside it (a maximum over choices, so that the
    # value never grows when an item is given away)
    best = 0.0
    for m, lo in loadouts(c, items):
        rest = list(items)
        for i in lo:
            rest.remove(i)
        w = m * 3.0 - sum(0.25 * _risk(its[i]) for i in lo) + 0.5 * best_modifier([its[i] for i in rest], COMBAT)
        best = max(best, w)
    v += best
    objs = [its[i] for i in items]
    v += best_modifier(objs, AGILITY) * 1.0 + best_modifier(objs, PERCEPTION) * 0.5 + best_modifier(objs, HEALTH) * 2.5
    v += sum(its[i].heal for i in items) * 1.5
    c.memo[key] = v
    return v


def survives(st: DistrictState, seat: int, items: Sequence[int]) -> bool:
    """Whether the survivor would still be alive with these items (health items count)."""
    p = st.players[seat]
    return rating(st.c, p.surv, items, HEALTH) > p.wounds


def after_trade(mine: Sequence[int], gives: Sequence[int], asks: Sequence[int]) -> list[int]:
    out = list(mine)
    for g in gives:
        out.remove(g)
    out.extend(asks)
    return out


@lru_cache(maxsize=256)
def location_danger(loc: Location) -> float:
    """Expected zombies of a visit (the table's average, or the unique event)."""
    events = loc.table if loc.table is not None else (loc.unique,)
    total = 0.0
    for ev in events:
        assert ev is not None
        total += sum(e[1] for e in ev.effects if e[0] == "zombies")
        total += sum(e[1] * 0.8 for e in ev.effects if e[0] == "wound")
    return total / len(events)


__all__ = ["PREFERENCE", "after_trade", "distances", "item_value", "kit_value", "location_danger", "p_beats",
           "p_sum_greater", "survives"]
