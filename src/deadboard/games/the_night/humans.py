"""The Live Human Action Phase (rulebook §4. Live Human Action Phase): which human acts, what it may
do with its Action Points, and Dodge (Optional Rules) when it moves away from a zombie."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from deadboard.core.action import Action
from deadboard.core.game import Setup
from deadboard.core.grid import DOOR, OPEN, WINDOW
from deadboard.core.kernel import Choice, Steps, classvars
from deadboard.games.the_night.actions import (
    END,
    Activate,
    Attack,
    Board,
    Done,
    Drop,
    End,
    Escape,
    Fight,
    Give,
    Lock,
    Move,
    OpportunityShot,
    Pickup,
    Shoot,
    Unboard,
    Unlock,
    WildShoot,
)
from deadboard.games.the_night.board import (
    CLOSED,
    can_carry,
    capacity,
    human_by_name,
    human_reach,
    human_squares,
    is_firearm_ready,
    load_of,
    sees,
    step_aside,
    step_cost_human,
    zombie_by_name,
    zombie_name,
    zombies_adjacent_to_human,
)
from deadboard.games.the_night.combat import hand_to_hand, shoot
from deadboard.games.the_night.content import UNLIMITED
from deadboard.games.the_night.flow import StepForm
from deadboard.games.the_night.state import (
    BOARDED,
    BROKEN,
    CARRIED,
    ESCAPED,
    LIVE,
    LOCKED,
    ON_OPENING,
    NightState,
)


def activatable(state: NightState) -> list[int]:
    cfg = state.cfg
    return [
        h.idx
        for h in state.humans
        if h.status == LIVE and h.idx not in state.activated and h.fell_turn != state.turn and h.idx != cfg.karen
    ]


def picking_seat(state: NightState) -> int:
    return (state.turn - 1 + state.picks) % state.cfg.human_seats


def activate_human(state: NightState, h: int) -> None:
    cfg = state.cfg
    hu = state.humans[h]
    state.active_seat = picking_seat(state)
    state.picks += 1
    state.passes = 0
    state.active = h
    state.activated = (*state.activated, h)
    # Injury!: "This character now has only 3 AP" — Athlete's extra AP does not lift it
    ap = 3 if hu.injured else cfg.hap[h] + (1 if "athlete" in hu.attrs else 0)
    ap += hu.ap_bonus_next
    hu.ap_bonus_next = 0
    state.ap = ap
    state.shots = 0
    state.wild = False
    state.fought = False
    state.moves_made = 0
    state.frozen = False
    state.move_limit = -1
    state.emit_format("activate", "{} acts with {} AP", (hu.name, ap), {"human": hu.name, "ap": ap})
    if cfg.dark_yard_frozen and state.c.yard[hu.sq]:
        roll = state.rng.d6()
        state.frozen = roll == 1
        state.emit("roll", f"{hu.name} in the dark yard: {roll}" + (" — frozen in fear, cannot move this turn" if state.frozen else " — keeps their nerve"),
                   {"human": hu.name, "roll": roll, "frozen": state.frozen})
    if hu.fear_turn == state.turn and not state.c.inside[hu.sq]:
        state.move_limit = 1
        state.emit("event", f"Fear of the dark: {hu.name} can only move 1 square this turn", None)


def max_shots(state: NightState, h: int) -> int:
    """Shots a turn: 1, 2 with Better Shooting or for a Fast but Wild Shooter who chose to shoot
    twice."""
    return 2 if state.cfg.better_shooting or state.wild else 1


def shot_modifier(state: NightState, h: int) -> int:
    """Fast but Wild Shooter shooting twice: -1 on the first shot, -2 on the second."""
    return -1 - state.shots if state.wild else 0


def step_cost(state: NightState, h: int, to: int) -> int:
    """AP human ``h`` spends to move from his square to the square ``to`` next to it."""
    grid = state.c.grid
    sq = state.humans[h].sq
    kind, o = -1, -1
    for t, k, e in grid.orth[sq]:  # the edge as the grid lists it (no call into the grid's module)
        if t == to:
            kind, o = k, e
    if kind < 0:  # not an orthogonal step
        kind, o = grid.edge_kind(sq, to), grid.opening_between(sq, to)
    w = grid.width  # a diagonal step, or stairs between squares apart on the grid, is open
    return step_cost_human(state, sq, to, kind if abs(sq % w - to % w) + abs(sq // w - to // w) == 1 else OPEN, o,
                           "injured" in state.humans[h].attrs)


def _zombie_near(state: NightState, sq: int) -> bool:
    zocc = state.zocc
    return any(zocc[t] for t in human_reach(state, sq))


def human_moves(state: NightState, h: int, ap: int, squares: int = -1) -> list[tuple[int, int]]:
    """(square, cost) for every single-square move the human can afford now. A human may step onto
    another human's square only with the AP (and, under Fear of the dark, the ``squares`` of
    movement; -1: no limit) to step off it again."""
    taken = _others_squares(state, h)
    out = [(t, cost) for t, cost in _steps(state, h, state.humans[h].sq, ap)
           if t not in taken or _can_leave(state, h, t, ap - cost, taken, squares - 1)]
    out.sort()
    return out


def _others_squares(state: NightState, h: int) -> set[int]:
    """The squares live humans other than ``h`` stand on: a square ``h`` shares with another human is
    one of them (``human_squares`` lists such a square once, under the acting human)."""
    return {o.sq for o in state.humans if o.status == LIVE and o.idx != h}


def _steps(state: NightState, h: int, sq: int, ap: int) -> list[tuple[int, int]]:
    """(square, cost) of the single-square moves from ``sq`` that cost at most ``ap``, other humans
    aside: not through walls, zombies, closed doors, boarded windows; doorways and windows only
    orthogonally. A move costs 2 through a window, for the Injured, and under The Dark Yard from or
    to a yard square; else 1 (rulebook §4. Live Human Action Phase, The Dark Yard, Injured; see
    :func:`step_cost_human`)."""
    grid = state.c.grid
    zocc = state.zocc
    op = state.op
    dark = state.cfg.dark_yard
    yard = state.c.yard
    slow = "injured" in state.humans[h].attrs or (dark and yard[sq])
    out = []
    for t, kind, o in grid.orth[sq]:
        if zocc[t]:
            continue
        if kind == OPEN:
            cost = 1
        elif kind == DOOR:
            if op[o] & CLOSED:
                continue
            cost = 1
        else:
            if op[o] & BOARDED:
                continue
            cost = 2
        if slow or (dark and yard[t]):
            cost = 2
        if cost <= ap:
            out.append((t, cost))
    for t in grid.diag[sq]:
        if zocc[t]:
            continue
        cost = 2 if slow or (dark and yard[t]) else 1
        if cost <= ap:
            out.append((t, cost))
    return out


def _can_leave(state: NightState, h: int, sq: int, ap: int, taken: set[int], squares: int,
               seen: tuple[int, ...] = ()) -> bool:
    """Whether a human standing on another human's square ``sq`` with ``ap`` (and ``squares``, if
    not negative) left can step off to a square no other human holds, through further humans if
    need be."""
    if squares == 0 or ap <= 0:
        return False
    seen = (*seen, sq)
    for t, cost in _steps(state, h, sq, ap):
        if t not in taken:
            return True
        if t not in seen and _can_leave(state, h, t, ap - cost, taken, squares - 1, seen):
            return True
    return False


def _adjacent_openings(state: NightState, sq: int) -> list[int]:
    return [o for _t, kind, o in state.c.grid.orth[sq] if kind in (DOOR, WINDOW)]


def _has_keys(state: NightState, h: int) -> bool:
    tag = CARRIED + h
    return any(state.item_where[i] == tag for i in state.c.kind_items["keys"]) or "cat-burglar" in state.humans[h].attrs


def _locked_in_basement(state: NightState, sq: int) -> bool:
    """The Coopers: items in the Basement cannot be taken while Karen lives."""
    k = state.cfg.karen
    return k >= 0 and state.humans[k].status == LIVE and state.c.area_of[sq] == "Basement"


#: the moves offered so far, by human and square name: the same few hundred are offered again and
#: again (an action is an immutable tuple, made in Python)
_MOVES: dict[str, dict[str, Move]] = {}


def _move(name: str, square: str) -> Move:
    mine = _MOVES.get(name)
    if mine is None:
        mine = _MOVES[name] = {}
    a = mine.get(square)
    if a is None:
        a = mine[square] = Move(name, square)
    return a


def human_actions(state: NightState) -> list[Action]:
    h = state.active
    hu = state.humans[h]
    name = hu.name
    sq = hu.sq
    ap = state.ap
    c = state.c
    grid = c.grid
    names = grid.names
    items = c.items
    where = state.item_where
    hsq = human_squares(state)
    out: list[Action] = []

    moves: list[tuple[int, int]] = []
    if not state.frozen and state.move_limit != 0:
        moves = human_moves(state, h, ap, state.move_limit)
        if "coward" in hu.attrs:
            safe = [(t, cost) for t, cost in moves if not _zombie_near(state, t)]
            if _zombie_near(state, sq) and safe:
                return [_move(name, names[t]) for t, _ in safe]  # must move away
            moves = safe
    for t, _cost in moves:
        out.append(_move(name, names[t]))
    sharing = any(o.status == LIVE and o.idx != h and o.sq == sq for o in state.humans)
    if sharing and moves:
        # passing through another human's square: step off before anything else that costs AP
        out.extend(_free_actions(state, h))
        return out

    combat_done = state.fought
    if ap >= 1 and not combat_done and state.shots == 0:
        zocc = state.zocc
        for t in human_reach(state, sq):
            if zocc[t]:
                out.append(Attack(name, zombie_name(state, zocc[t])))
    if ap >= 1 and not combat_done and state.shots < max_shots(state, h):
        out.extend(_shoot_actions(state, h, "shoot"))
    tag = CARRIED + h
    carried = [i for i, w in enumerate(where) if w == tag]
    openings = _adjacent_openings(state, sq)
    if openings:
        _opening_actions(state, h, openings, carried, out)
    out.extend(_free_actions(state, h))
    if ap >= 1 and carried:
        for t in human_reach(state, sq):
            other = hsq.get(t)
            if other is None or other == h:
                continue
            for i in carried:
                if can_carry(state, other, i):
                    out.append(Give(name, state.humans[other].name, items[i].id))
    if c.entry_of[sq] and state.cfg.victory_exit == c.entry_of[sq]:
        out.append(Escape(name))
    out.append(Done(name))
    return out


def _opening_actions(state: NightState, h: int, openings: Sequence[int], carried: list[int], out: list[Action]) -> None:
    """Boarding up or unboarding the doors and windows next to the active human (a board in hand;
    the Builder for free), locking and unlocking them (the Keys in hand)."""
    hu = state.humans[h]
    name = hu.name
    ap = state.ap
    grid = state.c.grid
    board_cost = 0 if "builder" in hu.attrs else 1
    if ap >= board_cost:
        items = state.c.items
        has_board = any(items[i].kind == "board" for i in carried)
        for o in openings:
            oname = grid.openings[o].name
            if state.op[o] & BOARDED:
                out.append(Unboard(name, oname))
            elif has_board:
                out.append(Board(name, oname))
    if ap >= 1 and _has_keys(state, h):
        for o in openings:
            op = grid.openings[o]
            if op.lockable and not state.op[o] & BROKEN:
                out.append((Unlock if state.op[o] & LOCKED else Lock)(name, op.name))


def _free_actions(state: NightState, h: int) -> list[Action]:
    """Picking up (one board at a time: they are all alike) and dropping cost nothing."""
    name = state.humans[h].name
    sq = state.humans[h].sq
    items = state.c.items
    tag = CARRIED + h
    here: list[int] = []
    mine: list[int] = []
    for i, w in enumerate(state.item_where):
        if w == sq:
            here.append(i)
        elif w == tag:
            mine.append(i)
    out: list[Action] = []
    if here and not _locked_in_basement(state, sq):
        room = capacity(state, h) - load_of(state, mine)
        board_offered = False
        for i in here:
            kind = items[i].kind
            if room <= 0 and kind not in UNLIMITED:
                continue
            if kind == "board":
                if board_offered:
                    continue
                board_offered = True
            out.append(Pickup(name, items[i].id))
    out.extend(Drop(name, items[i].id) for i in mine)
    return out


def _shoot_actions(state: NightState, h: int, verb: str) -> list[Action]:
    hu = state.humans[h]
    sq = hu.sq
    tag = CARRIED + h
    items = state.c.items
    grid = state.c.grid
    out: list[Action] = []
    guns = [i for i, w in enumerate(state.item_where) if w == tag and items[i].kind == "firearm" and is_firearm_ready(state, h, i)]
    if not guns:
        return out
    dark = state.cfg.dark_yard and state.c.yard[sq]
    targets = []
    for z, zs in sorted(state.zsq.items()):
        if dark and grid.chebyshev(sq, zs) >= 3:
            continue
        if sees(state, sq, zs):
            targets.append(z)
    if verb == "shoot":
        # "You may only shoot each weapon once per turn": Better Shooting and the Fast but Wild
        # Shooter give a second shot, not a second shot with the same weapon (ruling)
        fired = {item for item, _who in state.fired}
        guns = [g for g in guns if g not in fired]
    # Fast but Wild Shooter: the first shot may open a pair of shots at -1 and -2 (with a second
    # weapon to fire)
    wild = (verb == "shoot" and state.shots == 0 and "wild-shooter" in hu.attrs and not state.cfg.better_shooting
            and len(guns) >= 2)
    kind = Shoot if verb == "shoot" else OpportunityShot
    for g in guns:
        for z in targets:
            out.append(kind(hu.name, zombie_name(state, z), items[g].id))
            if wild:
                out.append(WildShoot(hu.name, zombie_name(state, z), items[g].id, "wild"))
    return out


def _dodge(state: NightState, h: int) -> bool:
    """Dodge: moving away from an adjacent zombie, a 1 means the human is caught and must fight.
    Returns True if the move is stopped."""
    hu = state.humans[h]
    adj = sorted(set(zombies_adjacent_to_human(state, hu.sq)))
    if not adj:
        return False
    roll = state.rng.d6()
    caught = roll == 1
    state.emit("roll", f"Dodge: {hu.name} slips past the zombies on {roll}" if not caught else f"Dodge: {hu.name} rolls 1 — caught!",
               {"human": hu.name, "roll": roll, "caught": caught})
    if not caught:
        return False
    if len(adj) == 1:
        _fight(state, h, adj[0], "dodge")
    else:
        state.push(DodgeFight(h, tuple(adj), state.active_seat))
    return True


def _fight(state: NightState, h: int, z: int, who: str = "human") -> None:
    state.fought = True
    hand_to_hand(state, h, z, who)
    state.ap = 0
    _step_off(state, h)


def _step_off(state: NightState, h: int) -> None:
    """A human caught by Dodge while passing through another human's square ends on the nearest square
    free of humans and zombies (ruling: only one human may occupy a square once movement is over)."""
    hu = state.humans[h]
    if hu.status != LIVE or not any(o.status == LIVE and o.idx != h and o.sq == hu.sq for o in state.humans):
        return
    if step_aside(state, h) >= 0:
        state.emit("move", f"{hu.name} steps aside to {state.c.grid.names[hu.sq]}", {"human": hu.name, "to": state.c.grid.names[hu.sq]})


def apply_human_action(state: NightState, a: Action) -> None:
    h = state.active
    hu = state.humans[h]
    c = state.c
    grid = c.grid
    if type(a) is Move:
        t = grid.index[a.square]
        cost = step_cost(state, h, t)
        if state.cfg.dodge and _dodge(state, h):
            return
        hu.sq = t
        state.ap -= cost
        state.moves_made += 1
        if state.move_limit > 0:
            state.move_limit -= 1
        state.emit_format(
            "move",
            "{} moves to {} ({} AP left)",
            (hu.name, grid.names[t], state.ap),
            {"human": hu.name, "to": grid.names[t], "ap_left": state.ap},
        )
    elif type(a) is Attack:
        z = zombie_by_name(state, a.zombie)
        state.ap -= 1
        _fight(state, h, z)
    elif type(a) is Shoot or type(a) is WildShoot:
        z = zombie_by_name(state, a.zombie)
        g = c.item_index[a.item]
        state.ap -= 1
        if type(a) is WildShoot:
            state.wild = True
        mod = shot_modifier(state, h)
        state.shots += 1
        state.fired = (*state.fired, (g, h))
        shoot(state, h, z, g, mod)
    elif type(a) is Board or type(a) is Unboard:
        o = grid.opening_by_name[a.opening].id
        state.ap -= 0 if "builder" in hu.attrs else 1
        label = c.openings_label[o]
        if type(a) is Board:
            b = next(i for i in state.carried(h) if c.items[i].kind == "board")
            state.item_where[b] = ON_OPENING + o
            state.op[o] |= BOARDED
            state.emit("board", f"{hu.name} boards up the {label}", {"human": hu.name, "opening": grid.openings[o].name})
        else:
            b = next(i for i, w in enumerate(state.item_where) if w == ON_OPENING + o)
            state.op[o] &= ~BOARDED
            if can_carry(state, h, b):
                state.item_where[b] = CARRIED + h
                text = "and takes the boards"
            else:
                state.item_where[b] = hu.sq
                text = "and leaves the boards on the floor"
            state.emit("board", f"{hu.name} removes the boards from the {label} {text}", {"human": hu.name, "opening": grid.openings[o].name})
    elif type(a) is Lock or type(a) is Unlock:
        o = grid.opening_by_name[a.opening].id
        state.ap -= 1
        if type(a) is Lock:
            state.op[o] |= LOCKED
        else:
            state.op[o] &= ~LOCKED
        state.emit("lock", f"{hu.name} {a.kind}s the {c.openings_label[o]}", {"human": hu.name, "opening": grid.openings[o].name})
    elif type(a) is Pickup:
        i = c.item_index[a.item]
        if c.items[i].kind == "board":
            i = next(j for j in c.kind_items["board"] if state.item_where[j] == hu.sq)
        state.item_where[i] = CARRIED + h
        state.emit("item", f"{hu.name} picks up the {c.items[i].name}", {"human": hu.name, "item": c.items[i].id})
    elif type(a) is Drop:
        i = c.item_index[a.item]
        state.item_where[i] = hu.sq
        state.emit("item", f"{hu.name} drops the {c.items[i].name}", {"human": hu.name, "item": c.items[i].id})
    elif type(a) is Give:
        other = human_by_name(state, a.to)
        i = c.item_index[a.item]
        state.ap -= 1
        state.item_where[i] = CARRIED + other
        state.emit("item", f"{hu.name} hands the {c.items[i].name} to {a.to}", {"human": hu.name, "to": a.to, "item": c.items[i].id})
    elif type(a) is Escape:
        hu.status = ESCAPED
        state.ap = 0
        state.emit("escape", f"{hu.name} escapes by Map Entry Point {c.entry_of[hu.sq]}", {"human": hu.name})
        state.active = -1
    elif type(a) is Done:
        state.emit("done", f"{hu.name} is done", {"human": hu.name})
        state.active = -1


@classvars(kind="activate")
@dataclass(slots=True)
class ActivateChoice(StepForm, Choice[NightState, Any]):
    """§4. Live Human Action Phase: which human acts next, or no more this turn."""

    seat: int

    def actions(self, state: NightState) -> Sequence[Action]:
        humans = state.humans
        out: list[Action] = [Activate(humans[h].name) for h in activatable(state)]
        out.append(END)
        return out

    def apply(self, state: NightState, action: Activate | End) -> Steps:
        if type(action) is Activate:
            activate_human(state, human_by_name(state, action.human))
        else:
            state.picks += 1
            state.passes += 1
            state.emit("phase", f"{seat_names(state.setup)[self.seat]} ends the activations" if state.cfg.human_seats > 1 else "No more humans act this turn", None)
        return ()

    def prompt(self, state: NightState) -> str:
        left = state.allowed - len(state.activated)
        return f"Activate a human ({left} more may act this turn) or end the phase"


@classvars(kind="act")
@dataclass(slots=True)
class Act(StepForm, Choice[NightState, Action]):
    """The acting human spends its Action Points (§4. Live Human Action Phase)."""

    seat: int

    def actions(self, state: NightState) -> Sequence[Action]:
        return human_actions(state)

    def apply(self, state: NightState, action: Action) -> Steps:
        pushed = len(state.steps)
        apply_human_action(state, action)
        # the human acts on (what the turn would decide next) unless the action pushed a step
        # (Dodge's fight, an item to place), which must come first: then the turn decides
        h = state.active
        if len(state.steps) == pushed and h >= 0 and state.humans[h].status == LIVE and not state.fought:
            return (self,)
        return ()

    def prompt(self, state: NightState) -> str:
        return f"{state.humans[state.active].name} acts: {state.ap} AP left"


@classvars(TAG="dodge-fight", kind="dodge-fight")
@dataclass(slots=True)
class DodgeFight(StepForm, Choice[NightState, Fight]):
    """Dodge: the caught human must fight one of the adjacent zombies."""

    h: int
    adj: tuple[int, ...]
    seat: int

    def old(self) -> list[str] | None:
        return ["dodge-fight", str(self.h), str(self.adj)]

    def actions(self, state: NightState) -> Sequence[Fight]:
        name = state.humans[self.h].name
        return [Fight(name, zombie_name(state, z)) for z in self.adj if z in state.zsq]

    def apply(self, state: NightState, action: Fight) -> Steps:
        _fight(state, self.h, zombie_by_name(state, action.zombie), "dodge")
        return ()

    def prompt(self, state: NightState) -> str:
        return f"Dodge: {state.humans[self.h].name} is caught and must fight one adjacent zombie"


def seat_names(setup: Setup) -> list[str]:
    o = setup.options
    n = setup.players
    if o.get("hidden-hero"):
        names = [f"Player {i + 1}" for i in range(n - (1 if o.get("zombie-player") else 0))]
    else:
        names = ["Humans"]
    if o.get("zombie-player"):
        names.append("Zombies")
    return names
