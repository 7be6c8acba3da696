"""The rulebook's automated zombies (rulebook §Zombie Actions - What Do They Do?).

Each zombie, in turn (human zombies first, then by number), spends its AP on the first of these
priorities that applies, looked at before every AP it spends — but it never steps back onto a
square it has stood on in the same activation, it keeps the entry it chose, and it halts with AP
left when no step serves its priority ("A zombie does not need to use all of its APs if using
further APs would be detrimental to its priorities"):

1. attack an orthogonally adjacent live human (1 AP, 2 through a window) — this ends its turn;
2. move adjacent to a live human it can reach this turn, so it can attack this turn or the next
   (open ways only: the nearest such human by route);
3. move towards the nearest live human it can see;
4. outside the house: move to the closest window or door into a room with a live human in it,
   irrespective of whether it is boarded or locked, and break it or climb through; if that entry
   is blocked by other zombies, the second or third closest (a zombie with 1 AP, which can never
   climb through a window, takes doors only);
5. inside the house: move to the nearest room with a live human in it; with nobody in the house,
   leave by the way nearest to a live human.

Routes are measured in zombie AP (1 a square, 2 through a window) with every door and window
counted open: the zombies do not go round boards and locks, they break them (a step across a
closed opening is a break attempt). The route costs between every pair of squares are one table
per map, built once; a zombie's move is a step to a free square that brings it strictly closer
to its goal, ties broken at random ("assign randomly with a D6").
"""

from __future__ import annotations

from dataclasses import dataclass

from deadboard.core.grid import INF, OPEN, WINDOW
from deadboard.core.kernel import Auto, Steps
from deadboard.games.the_night.board import (
    CLOSED,
    best_weapon,
    human_squares,
    vacate,
    zombie_name,
    zombie_steps,
)
from deadboard.games.the_night.combat import hand_to_hand
from deadboard.games.the_night.state import (
    BOARDED,
    BROKEN,
    HUMAN_ZOMBIE,
    LOCKED,
    ON_OPENING,
    REMOVED,
    NightState,
)
from deadboard.games.the_night.zombie_steps import reach_step, sight_step
from deadboard.games.the_night.zombie_ways import Entry, Fields, field_for


def choose_target(state: NightState, candidates: list[int]) -> int:
    """Of several humans a zombie could attack, the weakest defender (strength + best weapon);
    ties at random. (Ruling: the choice least favourable to the survivors.)"""
    def defence(h: int) -> int:
        w = best_weapon(state, h, attacked=True)
        return state.cfg.hstr[h] + (state.c.items[w].bonus if w >= 0 else 0)

    low = min(defence(h) for h in candidates)
    best = [h for h in candidates if defence(h) == low]
    return best[0] if len(best) == 1 else best[state.rng.below(len(best))]


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
    order = sorted(state.zsq)
    return [z for z in order if z >= HUMAN_ZOMBIE] + [z for z in order if z < HUMAN_ZOMBIE]


def activate(state: NightState, z: int, fields: Fields) -> None:
    """Run one zombie's whole activation by the rulebook's priorities.

    A zombie never undoes its own progress within one activation: it never steps back onto a
    square it has already stood on this activation, the entry it heads for (priority 4) is chosen
    once, and it halts, AP unspent, when no step is left that serves its priority ("A zombie does
    not need to use all of its APs if using further APs would be detrimental to its
    priorities")."""
    if fields.hsq is None:
        fields.refresh(state)
    hsq = fields.hsq
    if not hsq:
        return
    assert hsq is not None
    grid = state.c.grid
    orth = grid.orth
    full = state.cfg.zap[z]
    slow = full < 2
    routes = fields.routes(state, slow)
    ap = full
    zsq = state.zsq
    op = state.op
    live = fields.live
    visited = {zsq[z]}
    plan: list[tuple[Entry, list[int] | None]] = []  # priority 4: the entry chosen, and the way to it
    while ap > 0:
        sq = zsq[z]
        # 1. attack an adjacent live human (1 AP, 2 through a window; never through a closed opening)
        targets: list[int] = []
        halt = False
        for t, kind, o in orth[sq]:
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
            elif cost <= full:
                halt = True
        if targets:
            h = targets[0] if len(targets) == 1 else choose_target(state, targets)
            hand_to_hand(state, h, z, "zombie")
            fields.hsq = None
            return
        if halt:
            return  # next to a human across a window with 1 AP left: wait there to attack next turn
        # 2. get adjacent to a human it can reach this turn (a lower bound rules most zombies out)
        step = None
        if routes.near(sq) <= ap + 2:
            step = reach_step(state, sq, ap, full, hsq, visited)
        if step is None:
            # 3. towards the nearest human it sees (and can get to); 4. outside, to a way into a
            # room with a human; 5. inside, to the nearest human in the house, else out towards the
            # nearest human
            step = sight_step(state, sq, fields, routes, hsq, live, visited, plan)
        if step is None:
            return  # nothing free serves its priority: it waits
        t, kind, o = step
        if kind != OPEN and op[o] & CLOSED:
            ap -= 1
            break_attempt(state, z, o)
            continue
        cost = 2 if kind == WINDOW else 1
        if cost > ap:
            return  # at the window with 1 AP: halt there
        move_zombie(state, z, t)
        visited.add(t)
        ap -= cost
        name = zombie_name(state, z)
        to = grid.names[t]
        state.emit_format("move", "{} moves to {}", (name, to), {"zombie": name, "to": to, "ap_left": ap})


@dataclass(slots=True)
class Activation(Auto[NightState]):
    """One automated zombie's activation (:func:`activate`): ``order[i]``, which is on the map
    (zombies removed meanwhile are passed over). The next zombie's activation is returned, so a step its fight pushes (an item to place)
    lies beneath the rest of the phase and runs once every zombie has acted. ``fields`` is what the
    zombies of this phase know of the humans, worked out once (:class:`~.zombie_ways.Fields`). When
    the last human falls, the game's interrupt ends the game before the next activation."""

    order: tuple[int, ...]
    i: int
    fields: Fields

    def run(self, state: NightState) -> Steps:
        order = self.order
        activate(state, order[self.i], self.fields)
        i = self.i + 1
        zsq = state.zsq
        while i < len(order) and order[i] not in zsq:  # removed meanwhile: it does not act
            i += 1
        if i < len(order):
            return (Activation(order, i, self.fields),)
        return ()


def nearest_zombie(state: NightState) -> int:
    """Brains!: the zombie closest to a live human (by zombie route), ties at random; 0 if none."""
    hsq = human_squares(state)
    if not hsq or not state.zsq:
        return 0
    field = field_for(state, tuple(sorted(hsq)))
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


