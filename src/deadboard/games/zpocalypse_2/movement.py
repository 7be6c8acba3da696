"""Moving a squad (rulebook §Moving, §Additional Movement Rules, §Points Of Interest, §How Windows
Work)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from heapq import heappop, heappush
from typing import Any, Final

from mypy_extensions import mypyc_attr

from deadboard.core.kernel import Choice, Step, Steps, classvars
from deadboard.games.zpocalypse_2 import phrases
from deadboard.games.zpocalypse_2.actions import Dash, Emerge, Move
from deadboard.games.zpocalypse_2.audit import names, tracing
from deadboard.games.zpocalypse_2.board import Board
from deadboard.games.zpocalypse_2.combat import damage, standing
from deadboard.games.zpocalypse_2.state import Squad, ZState
from deadboard.games.zpocalypse_2.structures import bombs_on
from deadboard.games.zpocalypse_2.survivors import PickSurvivor, hurt_person


def occupied_by_zombies(state: ZState) -> set[int]:
    out = {z.space for z in state.zombies}
    out.update(m.space for m in state.mutates)
    return out


def reachable(state: ZState, q: Squad, budget: int) -> dict[int, int]:
    """Spaces the squad may stop on paying at most ``budget`` AP and moving at most its speed left
    (rulebook §Moving): 8-way; through other squads but not stopping on them; never through zombies
    or impassable spaces; arduous spaces (and knocked-down zombies' spaces) cost 2. -> space: spaces
    moved."""
    return {i: s for i, (c, s) in reach_table(state, q, budget).items() if c <= budget}


#: reach tables already found, by board, start, budget, spaces left to move and what stands in the
#: way near enough to matter; each with the ``move`` actions it offers, by die (:func:`reach_moves`)
_reach: Final[dict[tuple[object, ...], ReachEntry]] = {}


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class ReachEntry:
    """A reach table (space -> (AP, spaces moved)) and, once asked for, its moves by die face and
    its trait moves (``dash SPACE``)."""

    __slots__ = ("blocked", "dashes", "moves", "offered", "routes", "table")

    def __init__(self, table: dict[int, tuple[int, int]], blocked: frozenset[int]) -> None:
        self.table = table
        #: the spaces near enough to matter that a move cannot enter (zombies', mutates',
        #: fortifications'): part of the table's key
        self.blocked = blocked
        self.moves: list[tuple[Move, ...]] | None = None
        self.dashes: tuple[Dash, ...] | None = None
        #: the moves offered for a pool's distinct faces (no other squad in the table)
        self.offered: dict[tuple[int, ...], tuple[Move, ...]] = {}
        #: target -> the way there (:func:`route`) with no bomb near the start
        self.routes: dict[int, tuple[int, ...]] = {}


_NONE: Final[frozenset[int]] = frozenset()


def _entry(state: ZState, q: Squad, budget: int, free: bool) -> ReachEntry:
    """The shared reach entry for the squad's space and ``budget``. Only what stands within the
    spaces the squad could move (ignoring what blocks) can change the table, so the key holds only
    the zombies, mutates and fortifications that near, and a budget above the spaces left to move
    counts as that many (every step costs at least 1 AP)."""
    board = state.board
    steps_left = budget if free else state.speed(q) - state.turn_moved
    if steps_left > budget:
        steps_left = budget
    start = q.space
    view = None
    blocked: frozenset[int] = _NONE
    if steps_left > 0:
        view = standing(state)
        # (budget, spaces left, start) as one number: spaces left and a space's index are below 65536
        entry_key = (budget * 65536 + steps_left) * 65536 + start
        kept: ReachEntry | None = view.entries.get(entry_key)
        if kept is not None:
            return kept
        dist = board.distances(start)
        blocked = frozenset([s for s in view.blockers if 0 <= dist[s] <= steps_left])
    key = (id(board), start, budget, steps_left, blocked)
    found = _reach.get(key)
    if found is None:
        if len(_reach) > 1 << 14:
            _reach.clear()
        ways = board.memo.get("ways")
        if ways is None:
            ways = board.memo["ways"] = tuple(
                (tuple(j for j in nb if j not in board.arduous), tuple(j for j in nb if j in board.arduous))
                for nb in board.neighbours
            )
        found = _reach[key] = ReachEntry(_cheapest(ways, blocked, start, budget, steps_left), blocked)
    if view is not None:
        view.entries[entry_key] = found
    return found


def reach_table(state: ZState, q: Squad, budget: int, free: bool = False) -> dict[int, tuple[int, int]]:
    """Space -> (AP, spaces moved) of the cheapest way there within ``budget`` and the speed left
    (``free``: a trait's move, "unrestricted of your squad's speed limitation"). Cheapest first,
    then fewest spaces. The table is shared: do not change it.

    A space's entry in a table for a larger budget is the same as in a smaller one whenever it fits
    the smaller budget (the cheapest way is found first), so a move's spaces are read from the table
    its choice was offered from."""
    return _without_others(state, q, _entry(state, q, budget, free).table)


def _without_others(state: ZState, q: Squad, found: dict[int, tuple[int, int]]) -> dict[int, tuple[int, int]]:
    """A shared reach table without the other squads' spaces (a copy only when one is in it)."""
    others = [o.space for o in state.squads if o is not q and o.people and o.space in found]
    if others:
        found = dict(found)
        for i in others:
            del found[i]
    return found


def reach_moves(state: ZState, q: Squad, faces: tuple[int, ...]) -> Sequence[Move]:
    """``move D SPACE`` for every distinct die face ``D`` of ``faces`` (rising, each once) and every
    space the squad may stop on for at most ``D`` AP (in space order). Shared: do not change it."""
    budget = faces[-1]
    entry = _entry(state, q, budget, False)
    table = entry.table
    others = [o.space for o in state.squads if o is not q and o.people and o.space in table]
    if not others:
        found = entry.offered.get(faces)
        if found is not None:
            return found
    by_face = entry.moves
    if by_face is None:
        by_face = entry.moves = _moves_by_face(state.board, table, budget)
    out: list[Move] = []
    if others:
        names = {state.board.name(i) for i in others}
        for f in faces:
            out.extend(m for m in by_face[f] if m.space not in names)
        return out
    for f in faces:
        out.extend(by_face[f])
    found = entry.offered[faces] = tuple(out)
    return found


def reach_dashes(state: ZState, q: Squad, spaces: int) -> list[Dash]:
    """``dash SPACE`` for every space a trait's move of up to ``spaces`` spaces may stop on (in
    space order)."""
    entry = _entry(state, q, spaces, True)
    dashes = entry.dashes
    if dashes is None:
        name = state.board.name
        dashes = entry.dashes = tuple([Dash(name(i)) for i in sorted(entry.table)])
    others = {
        state.board.name(o.space) for o in state.squads if o is not q and o.people and o.space in entry.table
    }
    if others:
        return [d for d in dashes if d.space not in others]
    return list(dashes)


def _moves_by_face(board: Board, table: dict[int, tuple[int, int]], budget: int) -> list[tuple[Move, ...]]:
    """For each face D up to ``budget`` (index D), the moves costing at most D, in space order."""
    made: list[tuple[Move, ...]] | None = board.memo.get("moves")
    if made is None:
        made = board.memo["moves"] = [
            (Move(1, s.name), *(Move(f, s.name) for f in range(1, 7))) for s in board.spaces
        ]
    # each space's moves go to the faces from its cost up, the spaces taken in order
    by_face: list[list[Move]] = [[] for _ in range(budget + 1)]
    for i in sorted(table):
        m = made[i]
        for f in range(max(table[i][0], 1), budget + 1):  # index 0 stays empty
            by_face[f].append(m[f])
    return [tuple(moves) for moves in by_face]


def _cheapest(
    ways: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...],
    blocked: frozenset[int],
    start: int,
    budget: int,
    steps_left: int,
) -> dict[int, tuple[int, int]]:
    """Bucket by bucket of AP spent (a step costs 1, or 2 onto arduous ground, so every way into a
    bucket comes from a cheaper one): space -> (AP, spaces moved), the start left out. ``ways``:
    each space's neighbours on open ground and on arduous ground. A knocked-down zombie's space is a
    zombie's space, never entered, so only arduous ground costs 2.

    A way's (AP, spaces) is kept as one number, ``AP * k + spaces`` with ``k`` above any number of
    spaces (at most the budget): numbers compare as the pairs do, without a pair made for each look.
    The table lists the spaces in the order they were first reached."""
    k = budget + 2
    best = [-1] * len(ways)
    # a blocked space is marked as reached for nothing, so no way is ever better: never entered
    for j in blocked:
        best[j] = 0
    best[start] = 0
    reached: list[int] = []
    # each bucket: the spaces entered for that many AP, as ``space * k + spaces moved``
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start * k)
    for cost in range(budget + 1):
        spent = cost * k
        for entry in buckets[cost]:
            i = entry // k
            steps = entry - i * k
            if best[i] != spent + steps:
                continue  # a way with fewer spaces was found since
            s = steps + 1
            if s > steps_left:
                continue
            plain, rough = ways[i]
            if plain and cost < budget:
                _enter(plain, spent + k + s, s, k, best, reached, buckets[cost + 1])
            if rough and cost + 2 <= budget:
                _enter(rough, spent + 2 * k + s, s, k, best, reached, buckets[cost + 2])
    table: dict[int, tuple[int, int]] = {}
    for j in reached:
        way = best[j]
        table[j] = (way // k, way % k)
    return table


def _enter(spaces: tuple[int, ...], way: int, s: int, k: int, best: list[int], reached: list[int],
           into: list[int]) -> None:
    """Enter each of ``spaces`` by ``way`` (AP × ``k`` + spaces moved) where that is better than
    the way it was reached by so far, into the bucket ``into``."""
    for j in spaces:
        old = best[j]
        if old < 0 or way < old:
            if old < 0:
                reached.append(j)
            best[j] = way
            into.append(j * k + s)


def can_move(state: ZState, q: Squad, budget: int, free: bool = False) -> bool:
    """Whether the squad may stop anywhere for at most ``budget`` AP: a free neighbour within the
    budget settles it; else the whole table is looked at."""
    board = state.board
    if budget >= 1 and (free or state.speed(q) - state.turn_moved >= 1):
        blockers = standing(state).blockers  # zombies', mutates' and fortifications' spaces
        squads = [o.space for o in state.squads if o.people]
        for j in board.neighbours[q.space]:
            if j not in blockers and j not in squads and (budget >= 2 or j not in board.arduous):
                return True
    return bool(reach_table(state, q, budget, free))


def jump(state: ZState, q: Squad) -> tuple[Step[ZState], ...]:
    """ "If you jump from a window, land your squad on the corresponding numbered space directly
    below the window. Each survivor in your squad takes 2 direct damage. If you land on the same
    space as another squad or zombie, each survivor and zombie on that space also takes 2 damage, and
    your squad lands on any adjacent empty space." Direct damage goes to HP, not the defence wheel;
    the adjacent empty space is the first in space order."""
    board = state.board
    window = q.space
    landing = board.window_landing[window]
    data: dict[str, Any] | None = {"landing": board.name(landing)} if tracing(state) else None
    state.emit("jump", f"Squad {q.seat + 1} jumps out of the window to {board.name(landing)}", data)
    other = state.squad_at(landing)
    hit = [z for z in state.zombies if z.space == landing]
    hit_mutates = [m.card for m in state.mutates if m.space == landing]
    for z in hit:
        damage(state, q, landing, "fresh" if z.fresh else "weak", 2)
    for card in hit_mutates:
        damage(state, q, landing, card, 2)
    out: list[Step[ZState]] = []
    if other is not None:
        for p in list(other.people):
            out.extend(hurt_person(state, other, p, 2, "a squad landed on them"))
    space = landing
    if other is not None or hit or hit_mutates:
        taken = {o.space for o in state.squads if o.alive}
        free = [
            j
            for j in board.neighbours[landing]
            if j not in taken and j not in state.forts and state.zombies_at(j) == 0
        ]
        space = free[0] if free else landing
    if data is not None:
        data["route"] = names(state, [window, space])  # the window, then where the squad lands
    q.space = space
    for p in list(q.people):
        out.extend(hurt_person(state, q, p, 2, "the jump"))
    return (*out, *enter(state, q, space)) if q.alive else tuple(out)


def move(state: ZState, q: Squad, action: Move) -> tuple[Step[ZState], ...]:
    die = action.die
    space = action.space
    target = state.board.by_name[space]
    # the table the move was offered from (the pool's highest die): the same way there
    budget = die
    for f in state.faces:
        if f > budget:
            budget = f
    ap, steps, way = route(state, q, target, budget)
    state.spend_dice((die,))
    state.turn_moved += steps
    data: dict[str, Any] = {"die": die}
    if tracing(state):
        data["route"] = names(state, way)
        data["cost"] = ap
        data["moved"] = state.turn_moved
    state.emit("move", f"Squad {q.seat + 1} moves to {space}", data)
    return walk(state, q, way)


def route(state: ZState, q: Squad, target: int, budget: int, free: bool = False) -> tuple[int, int, list[int]]:
    """(AP, spaces moved, the way) of the squad's move to ``target`` as its reach table for
    ``budget`` offered it (``free``: a trait's move, :func:`reach_table`). The way, its start first:
    the cheapest in AP, then the fewest spaces (the reach table's way), then the fewest Bio,
    Radiation and bomb spaces stepped onto, then the first found. Only ``[start, target]`` when
    nothing on the way can matter: no such space within the spaces moved of the start and the log
    not kept (a search's copy).

    Only what lies within the spaces moved of the start can be on the way, so a way found is kept
    by the zombies, mutates and fortifications that near (of those the reach table was kept by)
    and the bombs that near (the Bio and Radiation spaces near are the board's, the same for every
    way from the start as long)."""
    entry = _entry(state, q, budget, free)
    ap, steps = _without_others(state, q, entry.table)[target]
    board = state.board
    start = q.space
    dist = board.distances(start)
    hazards: tuple[int, ...] | None = board.memo.get("hazards")
    if hazards is None:
        hazards = board.memo["hazards"] = tuple(sorted(board.bio | board.radiation))
    near = [h for h in hazards if 0 < dist[h] <= steps]
    bombs = [h for h in state.bombs if 0 < dist[h] <= steps] if state.bombs else []
    if not near and not bombs and not tracing(state):
        return ap, steps, [start, target]
    if not bombs:
        # the entry's start, budget and blockers and the target fix the way (the hazards near are
        # the board's, within the spaces moved, which the entry's table gives)
        found = entry.routes.get(target)
        if found is None:
            found = entry.routes[target] = _route(state, entry, start, target, ap, steps, near, bombs)
        return ap, steps, list(found)
    return ap, steps, list(_route(state, entry, start, target, ap, steps, near, bombs))


def _route(
    state: ZState, entry: ReachEntry, start: int, target: int, ap: int, steps: int, near: list[int], bombs: list[int]
) -> tuple[int, ...]:
    """:func:`route`'s way, kept by the blockers and bombs near enough to matter."""
    board = state.board
    dist = board.distances(start)
    blocked = entry.blocked
    if blocked:
        blocked = frozenset([s for s in blocked if dist[s] <= steps])
    key = (id(board), start, target, ap, steps, blocked, frozenset(bombs) if bombs else _NONE)
    found = _routes.get(key)
    if found is None:
        if len(_routes) > 1 << 14:
            _routes.clear()
        way = _cheapest_way(board, start, target, ap, steps, standing(state).blockers, frozenset([*near, *bombs]))
        found = _routes[key] = tuple(way)
    return found


#: ways already found (:func:`route`), by board, start, target, AP, spaces moved, what blocks near
#: enough to matter and the bombs near enough to step onto
_routes: Final[dict[tuple[object, ...], tuple[int, ...]]] = {}


#: a bad space's mark in :func:`_cheapest_way`'s step costs (above any step's AP)
_BAD: Final = 4


def _cheapest_way(
    board: Board, start: int, target: int, ap: int, steps: int, blocked: frozenset[int], bad: frozenset[int]
) -> list[int]:
    """:func:`route`'s search: (AP, spaces, ``bad`` spaces stepped onto) the least, then the first
    found. It stops once the target is taken off the heap: every step adds to AP and spaces, so no
    way found later could be less.

    A way's (AP, spaces, ``bad`` spaces) is kept as one number, and a heap entry as that number and
    the space (``way * n + space``): numbers compare as the tuples do, since spaces moved and bad
    spaces never reach ``k`` nor a space ``n``."""
    n = len(board.spaces)
    # a step onto each space, read by index rather than looked up in three sets: its AP (1, or 2
    # onto arduous ground), plus _BAD when it is a ``bad`` space; 0 where ``blocked``
    onto = list(board.step_costs())
    for j in bad:
        onto[j] += _BAD
    for j in blocked:
        onto[j] = 0
    pop, push = heappop, heappush
    k = steps + 2
    best = [-1] * n
    parent = [-1] * n
    best[start] = 0
    heap: list[int] = [start]
    while heap:
        entry = pop(heap)
        code = entry // n
        i = entry - code * n
        if best[i] != code:
            continue
        if i == target:
            break
        moved = code // k % k
        if moved + 1 > steps:
            continue
        cost = code // (k * k)
        for j in board.neighbours[i]:
            step = onto[j]
            if step == 0:
                continue
            ap_step = step & 3
            if cost + ap_step > ap:
                continue
            way = code + ap_step * k * k + k + (1 if step >= _BAD else 0)
            old = best[j]
            if old < 0 or way < old:
                best[j] = way
                parent[j] = i
                push(heap, way * n + j)
    if parent[target] < 0:
        return [start, target]
    way_back = [target]
    while way_back[-1] != start:
        way_back.append(parent[way_back[-1]])
    return way_back[::-1]


def walk(state: ZState, q: Squad, way: list[int]) -> tuple[Step[ZState], ...]:
    """The squad goes along ``way`` (its start first) and stops on its last space. "If your squad
    steps onto a Bio space" and "If your squad enters a Radiation space": a token for every such
    space entered on the way, the last one included. "When a zombie or survivor moves onto the same
    space as the bomb token, it explodes": a bomb on the way goes off with the squad on it."""
    out: list[Step[ZState]] = []
    for i in way[1:]:
        out.extend(enter(state, q, i))
        if i in state.bombs:
            q.space = i
            out.extend(bombs_on(state, [i]))
    q.space = way[-1]
    return tuple(out)


def enter(state: ZState, q: Squad, space: int) -> tuple[Step[ZState], ...]:
    """Bio and Radiation spaces: "take a Bio token and attach it to a single survivor"; "Survivors
    who suffer a Radiation token lose 1 HP immediately.\""""
    board = state.board
    if space in board.bio:
        return (PickSurvivor(q.seat, "bio"),)
    if space in board.radiation:
        return (PickSurvivor(q.seat, "radiation"),)
    return ()


def enter_tunnel(state: ZState, q: Squad) -> None:
    """ "Entering the tunnels costs 1 AP per survivor in your squad ... Once you have entered a
    tunnel, your turn is immediately over. Place your Squad onto the Tunnel Card.\""""
    state.emit("tunnel", f"Squad {q.seat + 1} goes down into the bunker tunnels")
    q.space = -1
    q.underground = True


@classvars(kind="emerge")
@dataclass(slots=True)
class Emerging(Choice[ZState, Emerge]):
    """ "At the beginning of the following turn, before you roll to create your action pool, you may
    choose any tunnel entrance for your squad to emerge from (at no AP cost)." An entrance with a
    squad or a zombie on it is not free; with none free the squad stays below this turn."""

    seat: int

    def actions(self, state: ZState) -> list[Emerge]:
        taken = {o.space for o in state.squads if o.alive}
        taken.update(z.space for z in state.zombies)
        taken.update(m.space for m in state.mutates)
        return [Emerge(state.board.name(i)) for i in state.tunnels() if i not in taken]

    def apply(self, state: ZState, action: Emerge) -> Steps:
        q = state.squads[self.seat]
        q.space = state.board.by_name[action.space]
        q.underground = False
        state.emit("emerge", f"Squad {q.seat + 1} comes out of the tunnels at {action.space}")
        return ()

    def prompt(self, state: ZState) -> str:
        return f"Squad {self.seat + 1}: which tunnel entrance do you come out of?"


def refuel(state: ZState, q: Squad, who: str) -> None:
    """ "Refuel: Spend 4 AP to reload a gas powered weapon.\""""
    p = next(x for x in q.people if x.card == who)
    p.loaded = True
    state.emit("refuel", f"{phrases.name(state, who)} refuels the {phrases.name(state, p.weapon)}")
