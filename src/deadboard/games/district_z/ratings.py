"""Attribute ratings with item modifiers, weapon loadouts, and the dice pairing of zombie combat.

Item modifiers (rulebook §Card Types, ITEM cards): a survivor uses the modifier of one item at a
time, or the combined modifiers of two DUAL-WIELDABLE items. For agility, perception and health the
best choice is taken automatically (it has no drawback); for zombie combat the survivor chooses a
*loadout* each round, because weapons that are used risk running OUT OF AMMO or BREAKING.

Dice pairing (rulebook §Combat): each survivor die may face one zombie die; equal dice negate each
other, a higher survivor die destroys the zombie, a higher zombie die wounds, and every zombie die
left unfaced wounds. A survivor always faces as many zombie dice as they can (leaving one unfaced
can only add a wound), so with n zombie dice the wounds are ``n - kills - ties``: a pairing is
judged by its kills and its ties. :func:`pairing_options` returns one pairing for each outcome that
no other outcome beats in both zombies destroyed and wounds taken, best first.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from deadboard.games.district_z.content import DistrictContent, Item

COMBAT, AGILITY, PERCEPTION, HEALTH = 0, 1, 2, 3


def best_modifier(items: Sequence[Item], attr: int) -> int:
    """The best usable modifier to ``attr``: one item's, or two dual-wieldable items' combined."""
    best = 0
    d1 = d2 = 0
    for it in items:
        m = it.mods[attr]
        if m > best:
            best = m
        if it.dual and m > 0:
            if m > d1:
                d1, d2 = m, d1
            elif m > d2:
                d2 = m
    return max(best, d1 + d2)


def rating(c: DistrictContent, surv: int, items: Sequence[int], attr: int) -> int:
    s = c.survivors[surv]
    its = c.items
    return s.base(attr) + best_modifier([its[i] for i in items], attr)


def hands_used(c: DistrictContent, items: Sequence[int]) -> int:
    its = c.items
    return sum(its[i].hands for i in items)


Loadout = tuple[int, ...]  # item indices used together (0, 1 or 2 dual-wieldable)


def loadouts(c: DistrictContent, items: Sequence[int]) -> list[tuple[int, Loadout]]:
    """Weapon loadouts worth offering, as (combat modifier, items), strongest first.

    A loadout is left out when another is at least as strong and risks only a subset of its
    checked items (ammo or breaking), so "no weapon" is offered only against risky weapons.
    """
    key = ("loadouts", *sorted(items))
    got = c.memo.get(key)
    if got is None:
        got = c.memo[key] = _loadouts(c, items)
    return got


def _loadouts(c: DistrictContent, items: Sequence[int]) -> list[tuple[int, Loadout]]:
    its = c.items
    weapons = sorted({i for i in items if its[i].combat > 0})
    cands: list[tuple[int, Loadout]] = [(0, ())]
    for i in weapons:
        cands.append((its[i].combat, (i,)))
    duals = [i for i in items if its[i].dual and its[i].combat > 0]
    duals.sort()
    seen: set[Loadout] = set()
    for a in range(len(duals)):
        for b in range(a + 1, len(duals)):
            pair = (duals[a], duals[b])
            if pair in seen:
                continue
            seen.add(pair)
            cands.append((its[pair[0]].combat + its[pair[1]].combat, pair))

    def risk(lo: Loadout) -> tuple[int, ...]:
        return tuple(sorted(i for i in lo if its[i].ammo or its[i].breaks))

    out: list[tuple[int, Loadout]] = []
    for m, lo in cands:
        r = risk(lo)
        dominated = False
        for m2, lo2 in cands:
            if lo2 == lo:
                continue
            r2 = risk(lo2)
            if m2 >= m and _submultiset(r2, r) and (m2 > m or len(r2) < len(r) or (len(r2) == len(r) and lo2 < lo)):
                dominated = True
                break
        if not dominated:
            out.append((m, lo))
    out.sort(key=lambda t: (-t[0], len(risk(t[1])), t[1]))
    return out


def _submultiset(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    rest = list(b)
    for x in a:
        if x in rest:
            rest.remove(x)
        else:
            return False
    return True


def loadout_text(c: DistrictContent, lo: Loadout) -> str:
    return "+".join(c.items[i].id for i in lo) if lo else "bare-handed"


# ----- dice pairing -------------------------------------------------------------------------------------
Pairing = tuple[tuple[int, int], ...]  # (survivor die, zombie die) for each kill or tie


@lru_cache(maxsize=65536)
def _frontier(zs: tuple[int, ...], counts: tuple[int, ...], brawler: bool) -> dict[int, tuple[int, Pairing]]:
    """kills -> (most ties, a pairing) for zombie dice ``zs`` (descending) against survivor dice
    given as counts per face (index 1..6)."""
    if not zs or not any(counts):
        return {0: (0, ())}
    z, rest = zs[0], zs[1:]
    out: dict[int, tuple[int, Pairing]] = {}

    def offer(k: int, t: int, p: Pairing) -> None:
        old = out.get(k)
        if old is None or t > old[0]:
            out[k] = (t, p)

    for k, (t, p) in _frontier(rest, counts, brawler).items():  # leave this zombie die unfaced
        offer(k, t, p)
    lo = z if brawler else z + 1
    for v in range(lo, 7):  # destroy it with the smallest die of each face that beats it
        if counts[v]:
            nc = (*counts[:v], counts[v] - 1, *counts[v + 1 :])
            for k, (t, p) in _frontier(rest, nc, brawler).items():
                offer(k + 1, t, ((v, z), *p))
    if not brawler and counts[z]:  # negate it with an equal die
        nc = (*counts[:z], counts[z] - 1, *counts[z + 1 :])
        for k, (t, p) in _frontier(rest, nc, brawler).items():
            offer(k, t + 1, ((z, z), *p))
    return out


def pairing_options(survivor: Sequence[int], zombies: Sequence[int], brawler: bool = False) -> list[tuple[int, int, Pairing]]:
    """(kills, wounds, pairing) for every outcome on the Pareto front, best first: the most
    zombies destroyed net of wounds taken, then the fewest wounds."""
    counts = [0] * 7
    for s in survivor:
        counts[s] += 1
    zs = tuple(sorted(zombies, reverse=True))
    n = len(zs)
    front = _frontier(zs, tuple(counts), brawler)
    opts = [(k, n - k - t, p) for k, (t, p) in front.items()]
    keep = [o for o in opts if not any((q[0] >= o[0] and q[1] <= o[1]) and (q[0], q[1]) != (o[0], o[1]) for q in opts)]
    keep.sort(key=lambda o: (-(o[0] - o[1]), o[1]))
    return keep


def pairing_text(p: Pairing) -> str:
    if not p:
        return "none"
    return " ".join(f"{s}{'>' if s > z else '='}{z}" for s, z in sorted(p))


#: (survivor dice, zombie dice, brawler) -> :func:`pairings` (a few thousand throws recur all game long)
_PAIRINGS: dict[tuple[tuple[int, ...], tuple[int, ...], bool], tuple[tuple[int, int, str], ...]] = {}


def pairings(survivor: Sequence[int], zombies: Sequence[int], brawler: bool = False) -> tuple[tuple[int, int, str], ...]:
    """:func:`pairing_options` as (kills, wounds, :func:`pairing_text`), remembered by the dice
    thrown (``survivor`` and ``zombies`` sorted, so that a throw has one key)."""
    key = (tuple(survivor), tuple(zombies), brawler)
    got = _PAIRINGS.get(key)
    if got is None:
        if len(_PAIRINGS) >= 65536:
            _PAIRINGS.clear()
        got = _PAIRINGS[key] = tuple((k, w, pairing_text(p)) for k, w, p in pairing_options(survivor, zombies, brawler))
    return got
