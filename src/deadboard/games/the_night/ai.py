"""The rulebook's automated zombies (rulebook §Zombie Actions - What Do They Do?).

Each zombie, in turn (human zombies first, then by number), spends its AP on:

1. attacking an orthogonally adjacent live human (1 AP, 2 through a window) — this ends its turn;
2. moving adjacent to a live human so it can attack this turn or the next;
3. moving towards a live human it can see;
4. moving to a window or door by which it can get in to a human (breaking it if it must);
5. inside the house, moving to the nearest room with a human, or out towards the nearest human.

Priorities 2-5 are one mechanism here: a distance field, computed from the squares of the target
humans, of what it costs a zombie to reach them (1 per square, 2 through a window, a barricade
counted as BARRICADE extra steps for the breaking it needs). A zombie that sees humans follows the
field of the humans it sees (priority 3); otherwise the field of all live humans, which leads the
yard's zombies to the doors and windows on the cheapest way in (4) and the house's zombies to the
nearest human, inside or out (2, 5). Each step must bring the zombie strictly closer; a step
blocked by another zombie falls back to the next best free square ("a second or even third
closest entry"); ties are broken at random, as the rulebook suggests.
"""

from __future__ import annotations

from deadboard.core.grid import DOOR, INF, OPEN, WINDOW
from deadboard.core.log import Event
from deadboard.games.the_night.board import (
    CLOSED,
    best_weapon,
    human_squares,
    vacate,
    zombie_name,
    zombie_reach,
    zombie_steps,
)
from deadboard.games.the_night.combat import hand_to_hand
from deadboard.games.the_night.state import (
    BOARDED,
    BROKEN,
    HUMAN_ZOMBIE,
    LIVE,
    LOCKED,
    ON_OPENING,
    REMOVED,
    NightState,
)

BARRICADE = 4  # extra cost a zombie's route counts for breaking through a locked or boarded opening


class Fields:
    """Distance fields for one Zombie Action Phase, cached by target set; cleared when a barricade
    falls (the costs change)."""

    __slots__ = ("cache",)

    def __init__(self) -> None:
        self.cache: dict[tuple[int, ...], tuple[list[int], list[int] | None]] = {}

    def get(self, state: NightState, targets: tuple[int, ...]) -> tuple[list[int], list[int] | None]:
        """(distance, nearest target or None) per square; see :func:`field_for`."""
        f = self.cache.get(targets)
        if f is None:
            f = field_for(state, targets)
            self.cache[targets] = f
        return f

    def clear(self) -> None:
        self.cache.clear()


class _Steps:
    """Per map: each square's open steps and its steps through doors and windows, split so the
    field's inner loop needs no branching for the common case."""

    __slots__ = ("_all_open", "open", "openings")

    def __init__(self, state: NightState) -> None:
        grid = state.c.grid
        self.open: list[tuple[int, ...]] = [tuple(t for t, k, _o in grid.orth[s] if k == OPEN) for s in range(grid.n)]
        self.openings: list[tuple[tuple[int, int, int], ...]] = [
            tuple((t, o, 1 if k == DOOR else 2) for t, k, o in grid.orth[s] if k != OPEN) for s in range(grid.n)
        ]
        self._all_open: list[list[int]] | None = None

    def all_open(self, state: NightState) -> list[list[int]]:
        """Zombie route costs between every pair of squares while no door or window is closed:
        the common case, answered by a table lookup instead of a search."""
        if self._all_open is None:
            probe = state.clone()
            probe.op = [0] * len(probe.op)
            probe.cfg = _unconfined(state)
            self._all_open = [zombie_field(probe, (s,))[0] for s in range(state.c.grid.n)]
        return self._all_open


_steps_cache: dict[int, _Steps] = {}


def _steps(state: NightState) -> _Steps:
    st = _steps_cache.get(id(state.c.grid))
    if st is None:
        st = _steps_cache[id(state.c.grid)] = _Steps(state)
    return st


def _unconfined(state: NightState):  # type: ignore[no-untyped-def]
    from dataclasses import replace

    return replace(state.cfg, confine=False)


def field_for(state: NightState, targets: tuple[int, ...]) -> tuple[list[int], list[int] | None]:
    """The distance field of ``targets``; the nearest-target list is None when it must be asked of
    :func:`nearest_target` (the table case)."""
    if not state.cfg.confine and not any(f & CLOSED for f in state.op):
        table = _steps(state).all_open(state)
        if len(targets) == 1:
            return table[targets[0]], None
        return list(map(min, *(table[t] for t in targets))), None
    return zombie_field(state, targets)


def route_table(state: NightState) -> list[list[int]]:
    """Zombie route costs between every pair of squares with every door and window open."""
    return _steps(state).all_open(state)


def nearest_target(state: NightState, targets: tuple[int, ...], sq: int) -> int:
    table = _steps(state).all_open(state)
    best, best_d = -1, INF
    for t in targets:
        d = table[t][sq]
        if d < best_d:
            best, best_d = t, d
    return best


def edge_cost(state: NightState, kind: int, o: int) -> int:
    """What a step across this edge costs a zombie's route (not its AP)."""
    if kind == OPEN:
        return 1
    f = state.op[o]
    if kind == DOOR:
        return 1 + BARRICADE if f & CLOSED else 1
    return 2 + BARRICADE if f & BOARDED else 2


def zombie_field(state: NightState, targets: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Dijkstra (with buckets: costs are small integers) from the target humans' squares over
    orthogonal steps with zombie costs. Returns the distance and the nearest target of each square."""
    st = _steps(state)
    open_steps = st.open
    op_steps = st.openings
    n = state.c.grid.n
    op = state.op
    confine = state.cfg.confine
    inside = state.c.inside
    dist = [INF] * n
    near = [-1] * n
    buckets: list[list[int]] = [[] for _ in range(8)]
    for s in targets:
        dist[s] = 0
        near[s] = s
        buckets[0].append(s)
    src = set(targets)
    d = 0
    pending = len(targets)
    while pending:
        while len(buckets) <= d + 7:
            buckets.append([])
        bucket = buckets[d]
        i = 0
        while i < len(bucket):
            s = bucket[i]
            i += 1
            pending -= 1
            if dist[s] != d:
                continue
            lab = near[s]
            nd = d + 1
            ins = inside[s]
            check = confine and s not in src
            for t in open_steps[s]:
                if nd < dist[t]:
                    if check and inside[t] != ins:
                        continue
                    dist[t] = nd
                    near[t] = lab
                    buckets[nd].append(t)
                    pending += 1
            for t, o, base in op_steps[s]:
                c = base + BARRICADE if op[o] & CLOSED else base
                nd2 = d + c
                if nd2 < dist[t]:
                    if check and inside[t] != ins:
                        continue
                    dist[t] = nd2
                    near[t] = lab
                    buckets[nd2].append(t)
                    pending += 1
        d += 1
    return dist, near


def choose_target(state: NightState, candidates: list[int]) -> int:
    """Of several humans a zombie could attack, the weakest defender (strength + best weapon);
    ties at random. (Ruling: the choice least favourable to the survivors.)"""
    def defence(h: int) -> int:
        w = best_weapon(state, h)
        return state.cfg.hstr[h] + (state.c.items[w].bonus if w >= 0 else 0)

    low = min(defence(h) for h in candidates)
    best = [h for h in candidates if defence(h) == low]
    return best[0] if len(best) == 1 else best[state.rng.below(len(best))]


def attack_options(state: NightState, z: int, hsq: dict[int, int]) -> list[tuple[int, int]]:
    """(human, AP cost) for every live human this zombie could attack now."""
    out = []
    for t, cost in zombie_reach(state, state.zsq[z]):
        h = hsq.get(t)
        if h is not None:
            out.append((h, cost))
    return out


def break_attempt(state: NightState, z: int, o: int) -> bool:
    """1 AP: a 6 breaks (4-6 for a BREAKER). Boards are removed from the game; a locked door becomes
    a broken door; locked and boarded go at once (rulebook §Breaking a Door or Window)."""
    breaker = state.cfg.zbrk[z]
    need = 4 if breaker else 6
    roll = state.rng.d6()
    ok = roll >= need
    opening = state.c.grid.openings[o]
    label = state.c.openings_label[o]
    zn = zombie_name(state, z)
    state.emit(
        "break",
        f"{zn} tries to break the {label}: {roll} vs {need}+" + (" — broken!" if ok else " — holds"),
        {"zombie": zn, "opening": opening.name, "roll": roll, "need": need, "success": ok, "breaker": breaker},
    )
    if ok:
        f = state.op[o]
        if f & BOARDED:
            tag = ON_OPENING + o
            for i, w in enumerate(state.item_where):
                if w == tag:
                    state.item_where[i] = REMOVED
        if f & LOCKED:
            f = (f & ~LOCKED) | BROKEN
        state.op[o] = f & ~BOARDED
    return ok


def move_zombie(state: NightState, z: int, to: int) -> None:
    """One step of a zombie's move."""
    relocate(state, z, to)


def relocate(state: NightState, z: int, to: int) -> None:
    """Put a zombie on another square (a step, or the Lightning event's push)."""
    vacate(state, z, state.zsq[z])
    state.zsq[z] = to
    state.zocc[to] = z


def unstack(state: NightState) -> None:
    """A reanimated zombie sharing a square with another zombie steps to the nearest free square
    before zombies act (ruling: the rulebook only says they must be in different squares)."""
    grid = state.c.grid
    hsq = human_squares(state)
    for z in state.stacked:
        sq = state.zsq[z]
        seen = {sq}
        frontier = [sq]
        dest = -1
        while frontier and dest < 0:
            nxt = []
            for s in frontier:
                for t in zombie_steps(state, s):
                    if t in seen:
                        continue
                    seen.add(t)
                    if not state.zocc[t] and t not in hsq:
                        dest = t
                        break
                    nxt.append(t)
                if dest >= 0:
                    break
            frontier = nxt
        if dest >= 0:
            state.zsq[z] = dest
            state.zocc[dest] = z
            state.emit("move", f"{zombie_name(state, z)} shuffles off to {grid.names[dest]}", {"zombie": zombie_name(state, z), "to": grid.names[dest]})
    state.stacked = ()


def activation_order(state: NightState) -> list[int]:
    """Human zombies first, then the others by their printed number."""
    return sorted(state.zsq, key=lambda z: (z < HUMAN_ZOMBIE, z))


def activate(state: NightState, z: int, fields: Fields) -> None:
    """Run one zombie's whole activation by the rulebook's priorities."""
    grid = state.c.grid
    orth = grid.orth
    los_row = grid.los_row
    rng = state.rng
    ap = state.cfg.zap[z]
    confine = state.cfg.confine
    inside = state.c.inside
    zocc = state.zocc
    op = state.op
    zsq = state.zsq
    hsq = human_squares(state)  # nobody moves or dies until this zombie attacks, which ends its turn
    if not hsq:
        return
    live = tuple(sorted(hsq))
    name = zombie_name(state, z)
    while ap > 0:
        sq = zsq[z]
        steps = orth[sq]
        # 1. attack an adjacent live human (1 AP, 2 through a window; never through a closed opening)
        targets: list[int] = []
        halt = False
        for t, kind, o in steps:
            h = hsq.get(t)
            if h is None:
                continue
            if kind == OPEN:
                cost = 1
            elif op[o] & CLOSED:
                continue
            else:
                cost = 2 if kind == WINDOW else 1
            if cost <= ap:
                targets.append(h)
            else:
                halt = True
        if targets:
            h = targets[0] if len(targets) == 1 else choose_target(state, targets)
            hand_to_hand(state, h, z, "zombie")
            return
        if halt:
            return  # next to a human across a window with 1 AP: wait there
        # 2-5. move along the field of the humans it sees, or of all humans
        field, near = fields.get(state, live)
        target = near[sq] if near is not None else nearest_target(state, live, sq)
        row = los_row(sq)
        if target >= 0 and not _clear(row[target], op):
            visible = tuple(s for s in live if _clear(row[s], op))
            if visible:
                vfield, _ = fields.get(state, visible)
                if vfield[sq] < INF:
                    field = vfield
        here = field[sq]
        if here >= INF:
            return
        best_v = here
        best: list[tuple[int, int, int]] = []
        for t, kind, o in steps:
            v = field[t]
            if v >= here or zocc[t] or (confine and inside[t] != inside[sq]):
                continue
            if t in hsq and (kind == OPEN or not op[o] & CLOSED):
                continue  # an open way to a human is an attack, handled above
            if v < best_v:
                best_v = v
                best = [(t, kind, o)]
            elif v == best_v:
                best.append((t, kind, o))
        if not best:
            return  # nothing free brings it closer: it waits
        t, kind, o = best[0] if len(best) == 1 else best[rng.below(len(best))]
        if kind != OPEN and op[o] & CLOSED:
            ap -= 1
            if break_attempt(state, z, o):
                fields.clear()
            continue
        cost = 2 if kind == WINDOW else 1
        if cost > ap:
            return  # at the window with 1 AP: halt there
        move_zombie(state, z, t)
        ap -= cost
        state.log.append(Event("move", f"{name} moves to {grid.names[t]}", {"zombie": name, "to": grid.names[t], "ap_left": ap}))


def _clear(crossed: tuple[int, ...] | None, op: list[int]) -> bool:
    """Whether a line of sight (the openings it crosses) is clear now."""
    if crossed is None:
        return False
    for o in crossed:  # noqa: SIM110  (a plain loop: this is the hottest check of the zombie phase)
        if op[o] & CLOSED:
            return False
    return True


def nearest_zombie(state: NightState) -> int:
    """Brains!: the zombie closest to a live human (by zombie route), ties at random; 0 if none."""
    hsq = human_squares(state)
    if not hsq or not state.zsq:
        return 0
    field, _near = field_for(state, tuple(sorted(hsq)))
    best_d = INF
    best: list[int] = []
    for z, sq in sorted(state.zsq.items()):
        d = field[sq]
        if d < best_d:
            best_d, best = d, [z]
        elif d == best_d:
            best.append(z)
    if not best:
        return 0
    return best[0] if len(best) == 1 else best[state.rng.below(len(best))]


def live_count(state: NightState) -> int:
    return sum(1 for h in state.humans if h.status == LIVE)
