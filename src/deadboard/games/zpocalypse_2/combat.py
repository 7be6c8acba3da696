"""Attacking at night (rulebook §Basic Attacking, §Combining Dice, §Fluid Actions, §How Skills Affect
Combat, §Unarmed Combat, §Ammo/Click Dice), zombies hurt and killed (§Zombies, §Horde Zombies That
Are Defeated, §Mutates That Are Defeated), and blasts: every zombie and squad in range and in sight
of an explosion hit (§Craftable Explosives, a mutate's burst)."""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from typing import Any, Final

from mypy_extensions import mypyc_attr

from deadboard.core.dice import DicePool, Die, minimal_sets
from deadboard.core.kernel import Step
from deadboard.games.zpocalypse_2 import phrases
from deadboard.games.zpocalypse_2.actions import Attack
from deadboard.games.zpocalypse_2.board import Board
from deadboard.games.zpocalypse_2.levelup import gain_vp
from deadboard.games.zpocalypse_2.objectives import advance_goal
from deadboard.games.zpocalypse_2.state import Squad, Z, Zombie, ZState
from deadboard.games.zpocalypse_2.survivors import allocate, hurt_person, person

UNARMED: Final = "unarmed"
UNARMED_COST: Final = 6  # "The basic attack cost for unarmed combat is 6 AP, range 1, melee."


def pool_faces(pool: DicePool) -> tuple[int, ...]:
    return pool.faces


def spend_face(pool: DicePool, face: int) -> DicePool:
    """The pool without its first die showing ``face`` (:meth:`DicePool.spend_face`'s dice left,
    the order kept); ValueError if none shows it."""
    dice = pool.dice
    for i, r in enumerate(dice):
        if r.face == face:
            return DicePool(dice[:i] + dice[i + 1 :])
    raise ValueError(f"the pool shows no {face!r}")


def spend_faces(pool: DicePool, faces: tuple[int, ...]) -> DicePool:
    left = pool
    for f in faces:
        left = spend_face(left, f)
    return left


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class Standing:
    """What the zombies, mutates and fortifications standing on a board allow while they stay where
    they are: the zombies that may be targeted, the upright zombies a shove may reach, and the
    reach entry of each start of a move (``movement._entry``). Kept for the last board seen and
    checked against the state's pieces by value at every ask (:func:`standing`), so a state changed
    anywhere, copied or searched reads only what its own pieces give."""

    __slots__ = ("blockers", "board", "entries", "forts", "mutates", "pairs", "shoves", "zombies")

    def __init__(self, state: ZState) -> None:
        self.board = state.board
        self.zombies = list(state.zombies)
        self.mutates = list(state.mutates)
        self.forts = state.forts
        #: (budget * 65536 + spaces left to move) * 65536 + start -> the reach entry
        #: (``movement.ReachEntry``)
        self.entries: dict[int, Any] = {}
        self.shoves: dict[int, tuple[tuple[str, str], ...]] = {}  # space -> upright zombies beside it
        #: (space, kind) of every zombie that may be targeted (kinds ``weak``, ``fresh``, mutates'
        #: ids), by space then kind: made at the first ask for targets (:func:`targets_in_range`)
        self.pairs: tuple[tuple[int, str], ...] | None = None
        #: the spaces a move cannot enter: zombies', mutates' and fortifications'
        blockers = {z.space for z in self.zombies}
        for m in self.mutates:
            blockers.add(m.space)
        blockers.update(self.forts)
        self.blockers = frozenset(blockers)


#: the last :class:`Standing` made, replaced as one value (threads may ask at once)
_standing: Final[list[Standing | None]] = [None]


def standing(state: ZState) -> Standing:
    """The :class:`Standing` of the state's board, zombies, mutates and fortifications."""
    found = _standing[0]
    if (
        found is None
        or found.board is not state.board
        or found.zombies != state.zombies
        or found.mutates != state.mutates
        or (found.forts is not state.forts and found.forts != state.forts)
    ):
        made = Standing(state)
        if found is not None and found.board is made.board and found.blockers == made.blockers:
            # a zombie hurt, or one of two on a space killed: the reach entries, which depend on
            # the blocked spaces alone, stay true
            made.entries = found.entries
        found = _standing[0] = made
    return found


def targets_in_range(state: ZState, origin: int, rng: int) -> tuple[tuple[int, str], ...]:
    """(space, kind) of every zombie a squad at ``origin`` may target at range ``rng``, in sight. A
    squad at a second-floor window also shoots the yard, counting range from the landing space."""
    return in_range(standing(state), origin, rng)


def in_range(view: Standing, origin: int, rng: int) -> tuple[tuple[int, str], ...]:
    """:func:`targets_in_range` from the pieces' :class:`Standing`. Not kept: the squad has moved
    or a zombie has fallen since the last ask nine times in ten, so each ask filters the pieces'
    (space, kind) pairs by the least range each space is shot at from ``origin`` (read by index)."""
    pairs = view.pairs
    if pairs is None:
        pairs = view.pairs = _pairs(view)
    if not pairs:
        return ()
    least = view.board.shot_ranges(origin)
    return tuple([pair for pair in pairs if least[pair[0]] <= rng])


def _pairs(view: Standing) -> tuple[tuple[int, str], ...]:
    """(space, kind) of every zombie and mutate on the board, by space, then by kind (each kind
    once a space). Each horde zombie is one number, ``space * 4 + kind`` (kind 1: fresh, 2: weak,
    as their names sort), whose pair the board keeps: no pair made, no tuples compared."""
    made = _horde_pairs(view.board)
    codes = {z.space * 4 + (1 if z.fresh else 2) for z in view.zombies}
    pairs = [made[code] for code in sorted(codes)]
    for m in view.mutates:  # a few: each put in its place
        pair = (m.space, m.card)
        at = bisect_left(pairs, pair)
        if at == len(pairs) or pairs[at] != pair:
            pairs.insert(at, pair)
    return tuple(pairs)


def _horde_pairs(board: Board) -> list[tuple[int, str]]:
    """By ``space * 4 + kind`` (kind 1: fresh, 2: weak), the pair ``(space, kind)`` (made once per
    board)."""
    found: list[tuple[int, str]] | None = board.memo.get("horde-pairs")
    if found is None:
        found = board.memo["horde-pairs"] = [
            (code >> 2, _HORDE_KINDS[code & 3]) for code in range(4 * len(board.spaces))
        ]
    return found


#: the kind of horde zombie of each code's last two bits (1: fresh, 2: weak)
_HORDE_KINDS: Final[tuple[str, ...]] = ("", "fresh", "weak", "")


def payments(pool: DicePool, cost: int, z_cost: bool, most: int) -> list[tuple[int, ...]]:
    """Every way to pay ``cost`` without change with at most ``most`` dice; a Z cost needs one
    natural Z (rulebook §Combining Dice)."""
    if most <= 0:
        return []
    return list(pay_faces(pool.faces, cost, z_cost, most))


_NATURAL_Z: Final[tuple[tuple[int, ...], ...]] = ((Z,),)


#: the payments found for each pool, by its faces: cost * 65536 + most -> payments. The last pool asked
#: about is kept by identity too (a turn's actions ask about one pool many times), replaced as
#: one value (threads may ask at once); holding the faces keeps their identity
_by_faces: Final[dict[tuple[int, ...], dict[int, tuple[tuple[int, ...], ...]]]] = {}
_last_pool: Final[list[tuple[Any, dict[int, tuple[tuple[int, ...], ...]]]]] = [(None, {})]


def pay_faces(faces: tuple[int, ...], cost: int, z_cost: bool, most: int) -> tuple[tuple[int, ...], ...]:
    """:func:`payments` from the pool's faces (a shared tuple)."""
    if most <= 0:
        return ()
    if z_cost:
        return _NATURAL_Z if Z in faces else ()
    if most > len(faces):
        most = len(faces)
    last = _last_pool[0]
    if last[0] is not faces:
        known = _by_faces.get(faces)
        if known is None:
            if len(_by_faces) > 1 << 14:
                _by_faces.clear()
            known = _by_faces[faces] = {}
        last = _last_pool[0] = (faces, known)
    key = cost * 65536 + most  # (cost, dice) as one number: a pool has fewer than 65536 dice
    found = last[1].get(key)
    if found is None:
        found = last[1][key] = _payments(faces, cost, most)
    return found


@lru_cache(maxsize=1 << 12)
def _payments(faces: tuple[int, ...], cost: int, most: int) -> tuple[tuple[int, ...], ...]:
    """:meth:`DicePool.payments` for action dice (each face worth its number): the sets of dice, in
    the order that method lists them, reaching ``cost`` with none that could be left out, one per
    multiset of faces — each as its faces highest first. Counted by face, never by combinations of
    dice (:func:`~deadboard.core.dice.minimal_sets`, each face its die's key and worth), so a pool
    of any size costs little."""
    ways = minimal_sets(faces, faces, cost, min(most, len(faces)))
    return tuple([tuple(sorted([faces[i] for i in items], reverse=True)) for items in ways])


def attack(state: ZState, q: Squad, action: Attack) -> tuple[Step[ZState], ...]:
    p = person(q, action.who)
    dice = action.dice
    wid = action.weapon
    target = action.target
    at = action.space
    state.spend_dice(dice)
    state.turn_used[(p.card, wid)] = len(dice)
    space = state.board.by_name[at]
    out: tuple[Step[ZState], ...] = ()
    state.emit(
        "attack",
        f"{phrases.name(state, p.card)} attacks the {target} zombie at {at} with the {phrases.name(state, wid)}",
        {"dice": list(dice)},
    )
    if wid == UNARMED:
        out = hurt_person(state, q, p, 1, "unarmed attack")
    state.actor = p.card
    damage(state, q, space, target, 1)
    state.actor = ""
    weapon = None if wid == UNARMED else state.content.weapon(wid)
    if (
        weapon is not None
        and weapon.ammo
        and ammo_die(state.content.rules.click_faces).roll(state.rng) == "click"
    ):
        p.loaded = False
        state.emit("click", f"Click: the {phrases.name(state, wid)} is out of ammo")
    return out


@lru_cache(maxsize=8)
def ammo_die(clicks: int) -> Die[str]:
    """The blue ammo die: ``clicks`` of its six faces show a click."""
    return Die("ammo", ("click",) * clicks + ("bang",) * (6 - clicks))


def damage(state: ZState, q: Squad | None, space: int, target: str, n: int) -> None:
    """Weak zombies die at 1 damage, fresh ones turn weak (rulebook §Zombies); VP (rulebook §Horde
    Zombies That Are Defeated, §Victory Points); mutates lose HP and give 3 VP to all squads.
    ``q`` is the squad dealing the damage (None: nobody's, no VP)."""
    if target in ("weak", "fresh"):
        fresh = target == "fresh"
        for k, z in enumerate(state.zombies):
            if z.space == space and z.fresh == fresh:
                hit_zombie(state, q, k, n)
                return
        return
    for k, m in enumerate(state.mutates):
        if m.space == space and m.card == target:
            hit_mutate(state, q, k, n)
            return


def hit_zombie(state: ZState, q: Squad | None, k: int, n: int) -> None:
    """``n`` damage to the horde zombie ``state.zombies[k]``."""
    z = state.zombies[k]
    who = f"Squad {q.seat + 1}" if q is not None else "The blast"
    if z.fresh:
        # marked with the squad and its turn: "if your squad kills a fresh zombie in a single turn
        # (deals it 2 damage)" — both points from the squad, in one of its turns
        mark = state.hurt_mark(q.seat) if q is not None else -1
        z = tuple.__new__(Zombie, (z.space, False, z.down, mark))
        state.zombies[k] = z
        if q is not None:
            gain_vp(state, q, 1)
            state.emit("weaken", f"{who} weakens a fresh zombie (+1 VP)")
        else:
            state.emit("weaken", f"{who} weakens a fresh zombie")
        n -= 1
        if n <= 0:
            return
    del state.zombies[k]
    if q is not None:
        bonus = 1 if z.hurt >= 0 and z.hurt == state.hurt_mark(q.seat) else 0
        gain_vp(state, q, 1 + bonus)
        q.kills += 1
        state.emit("kill", f"{who} kills a zombie (+{1 + bonus} VP)", {"zombies": -1})
    else:
        state.emit("kill", f"{who} kills a zombie", {"zombies": -1})
    if state.actor:
        advance_goal(state, state.actor, "kills")


def hit_mutate(state: ZState, q: Squad | None, k: int, n: int) -> None:
    """``n`` damage to the mutate ``state.mutates[k]``: "If a mutate is reduced to 0 HP, all squads
    on the map gain 3 VP.\""""
    m = state.mutates[k]
    if m.hp > n:
        state.mutates[k] = m._replace(hp=m.hp - n)
        return
    del state.mutates[k]
    state.tally["mutates"] = state.tally.get("mutates", 0) + 1
    for o in state.living():
        gain_vp(state, o, 3)
    who = f"Squad {q.seat + 1}" if q is not None else "The blast"
    state.emit("kill", f"{who} defeats the {phrases.name(state, m.card)}: +3 VP to every squad", {"zombies": -1})
    if state.actor:
        advance_goal(state, state.actor, "mutate")
    if state.content.mutate_by_id[m.card].ability == "burst":
        # "burst": 1 damage to every zombie and squad within range 1, in sight
        state.pending.extend(explode(state, m.space, 1, 1, None, f"{m.card}'s burst"))


def explode(
    state: ZState, space: int, dmg: int, reach: int, seat: int | None, what: str
) -> list[Step[ZState]]:
    """``dmg`` damage to every zombie and squad within range ``reach`` of ``space`` and in sight of
    it. Doubt favours the zombies: a zombie is hit only on a clear line (the players' sight), a
    squad on the zombies' sight. Kills give VP to the squad of ``seat``."""
    board = state.board

    def near(i: int, zombie: bool) -> bool:
        d = board.reach(space, i)
        return d is not None and d <= reach and board.sight(space, i, zombie=zombie)

    q = state.squads[seat] if seat is not None else None
    owner = q if q is not None and q.alive else None
    state.emit("explosion", f"The {what} explodes at {board.name(space)}")
    for k in sorted((k for k, z in enumerate(state.zombies) if near(z.space, False)), reverse=True):
        hit_zombie(state, owner, k, dmg)
    for m in [m for m in state.mutates if near(m.space, False)]:
        damage(state, owner, m.space, m.card, dmg)
    out: list[Step[ZState]] = []
    for o in state.in_order():
        if o.alive and o.space >= 0 and near(o.space, True):
            out.append(allocate(o.seat, dmg))
    return out
