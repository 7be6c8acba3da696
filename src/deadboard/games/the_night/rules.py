"""The Night: turn sequence, the humans' actions, random events, the zombie player, the end.

A turn (rulebook §Turn Sequence) is four phases, then the optional Random Event Phase:

    Zombie Arrival -> Dead Human Reanimation -> Zombie Action -> Live Human Action [-> Random Event]

:func:`advance` runs everything automatic until a seat must decide; ``state.pending`` holds setup
steps and mid-phase decisions (placements, events, Dodge) that come before the phase resumes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from deadboard.core.action import Action
from deadboard.core.game import Outcome, Result, Setup, State
from deadboard.core.grid import DOOR, OPEN, WINDOW
from deadboard.core.kernel import Auto, Choice, KernelGame, Steps
from deadboard.core.kernel import advance as kernel_advance
from deadboard.core.rng import Rng
from deadboard.games.the_night import ai
from deadboard.games.the_night import setup as su
from deadboard.games.the_night.actions import (
    END,
    PASS,
    Activate,
    Attack,
    Board,
    Dash,
    Distract,
    Done,
    Drop,
    End,
    Escape,
    Fight,
    Give,
    Latch,
    Lock,
    Move,
    OpportunityShot,
    Pickup,
    Shoot,
    Unboard,
    Unlock,
    WildShoot,
    ZAttack,
    ZBreak,
    ZDone,
    ZMove,
)
from deadboard.games.the_night.board import (
    CLOSED,
    can_carry,
    capacity,
    goal_keys_held,
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
    zombie_steps,
    zombies_adjacent_to_human,
)
from deadboard.games.the_night.combat import hand_to_hand, kill_human, shoot
from deadboard.games.the_night.config import OPTIONS, SCENARIOS, build_config
from deadboard.games.the_night.content import UNLIMITED, load_content
from deadboard.games.the_night.flow import StepForm, queue_item_with_ammo
from deadboard.games.the_night.state import (
    ARRIVAL,
    BOARDED,
    BROKEN,
    CARRIED,
    DEAD,
    ESCAPED,
    EVENTS,
    HUMAN_ZOMBIE,
    HUMANS,
    LIVE,
    LOCKED,
    NOT_IN_GAME,
    ON_OPENING,
    OVER,
    REANIMATION,
    SET_ASIDE,
    SETUP,
    STATUS_NAMES,
    ZOMBIE,
    ZOMBIES,
    NightState,
)

END_TURN = "end-of-turn"


# ==================================================================================================
# the turn on the kernel
# ==================================================================================================
@dataclass(slots=True)
class Night(StepForm, Auto[NightState]):
    """The turn sequence (rulebook §Turn Sequence), one piece of a phase at a time. It lies at the
    bottom of the stack for the whole game: the steps a phase pushes (placements, events, Dodge)
    run before it goes on."""

    def run(self, state: NightState) -> Steps:
        state.steps.append(self)  # the turn goes on once what this piece pushes is done
        phase = state.phase
        if phase == OVER:
            state.end()
        elif phase == SETUP:
            _start_turn(state)
        elif phase == ARRIVAL:
            _arrival(state)
            state.phase = REANIMATION
        elif phase == REANIMATION:
            _reanimation(state)
            _start_zombie_phase(state)
        elif phase == ZOMBIES:
            if _zombie_player_decision(state):
                return (ZombieAct(state.cfg.zombie_seat),)
            _start_human_phase(state)
        elif phase == HUMANS:
            step = _human_phase_decision(state)
            if step is not None:
                return (step,)
            state.phase = EVENTS
            state.active = -1
            _event_phase(state)
        elif phase == EVENTS:
            state.phase = END_TURN
        elif phase == END_TURN:
            _end_turn(state)
        return ()


NIGHT = Night()


def advance(state: NightState) -> None:
    """Resolve everything automatic until a seat must decide or the game is over."""
    kernel_advance(state, sudden_end)


def sudden_end(state: NightState) -> bool:
    """Checked before every step once setup is done (see :func:`_check_sudden_end`)."""
    phase = state.phase
    if phase in (SETUP, OVER):
        return False
    return _check_sudden_end(state)


def _end_game(state: NightState, reason: str, text: str) -> None:
    state.phase = OVER
    state.reason = reason
    state.end()
    state.active = -1
    state.emit("end", text, {"reason": reason, "turn": state.turn})


def _check_sudden_end(state: NightState) -> bool:
    """Ends that cannot wait for the end of the turn: every human dead or gone, house cleared."""
    if not any(h.status == LIVE for h in state.humans):
        if any(h.status == ESCAPED for h in state.humans):
            _end_game(state, "escaped", "Every surviving human has escaped.")
        else:
            _end_game(state, "all-dead", "All the humans are dead. You have lost.")
        return True
    if state.cfg.confine and not state.zsq and state.turn >= 1:
        if not state.last_turn_cleared:
            state.last_turn_cleared = state.turn
        _end_game(state, "cleared", f"The house is clear of zombies in turn {state.turn}!")
        return True
    return False


# ==================================================================================================
# phases
# ==================================================================================================
def _start_turn(state: NightState) -> None:
    state.turn += 1
    state.fired = ()
    state.emit("turn", f"— Turn {state.turn} of {state.cfg.turns} —", {"turn": state.turn})
    state.phase = ARRIVAL


def _arrival(state: NightState) -> None:
    """Zombie Arrival Phase: D6 zombies from the container, each to a rolled Map Entry Point."""
    cfg = state.cfg
    if state.turn == 1 or cfg.skip_arrival or not state.cup:
        return
    if cfg.arrivals is not None:
        n = cfg.arrivals
        state.emit("roll", f"Zombie Arrival: {n} zombies (the story's fixed number)", {"count": n})
    else:
        n = state.rng.d6()
        state.emit("roll", f"Zombie Arrival: D6 = {n}", {"roll": n})
    for _ in range(n):
        z = su.draw_zombie(state)
        if not z:
            state.emit("arrive", "The zombie draw container is empty", None)
            break
        su.arrive(state, z)


def _reanimation(state: NightState) -> None:
    """Dead Human Reanimation Phase: each dead human rises on 4-6. Then the bitten may die."""
    cfg = state.cfg
    if state.turn == 1 or cfg.skip_reanimation:
        return
    rng = state.rng
    for h in [h for h in state.humans if h.status == DEAD]:
        roll = rng.d6()
        rises = roll >= 4
        state.emit("roll", f"Reanimation of {h.name}: {roll} vs 4+" + (" — rises as a zombie!" if rises else " — stays dead"),
                   {"human": h.name, "roll": roll, "need": 4, "success": rises})
        if not rises:
            continue
        z = HUMAN_ZOMBIE + h.idx
        h.status = ZOMBIE
        sq = h.sq
        state.zsq[z] = sq
        if state.zocc[sq]:
            state.stacked = (*state.stacked, z)
        else:
            state.zocc[sq] = z
        victim = next((o for o in state.humans if o.status == LIVE and o.sq == sq), None)
        if victim is not None:
            state.emit("combat", f"{zombie_name(state, z)} rises beside {victim.name}: immediate combat", None)
            hand_to_hand(state, victim.idx, z, "reanimation")
    for h in state.humans:
        if h.status != LIVE or not ((cfg.karen == h.idx) or "bitten" in h.attrs):
            continue
        if cfg.karen == h.idx and cfg.karen_2d6:
            a, b = rng.d6(), rng.d6()
            dies = a + b >= 11
            state.emit("roll", f"{h.name} is bitten: 2D6 = {a}+{b} = {a + b} vs 11+" + (" — she dies" if dies else " — she lingers"),
                       {"human": h.name, "roll": a + b, "need": 11, "success": dies})
        else:
            roll = rng.d6()
            dies = roll == 6
            state.emit("roll", f"{h.name} is bitten: {roll} vs 6" + (" — dies" if dies else " — holds on"),
                       {"human": h.name, "roll": roll, "need": 6, "success": dies})
        if dies:
            kill_human(state, h.idx)
            state.emit("death", f"{h.name} dies of the bite", {"human": h.name})


def _start_zombie_phase(state: NightState) -> None:
    state.phase = ZOMBIES
    ai.unstack(state)
    if state.turn == 1 and state.cfg.skip_first_zombie_phase:
        state.emit("phase", "No Zombie Action Phase on the first turn", None)
        state.zorder = ()
        return
    order = ai.activation_order(state)
    if state.cfg.zombie_player:
        state.zorder = tuple(order)
        state.zact = 0
        return
    fields = ai.Fields()
    for z in order:
        if z in state.zsq:
            ai.activate(state, z, fields)
            if not any(h.status == LIVE for h in state.humans):
                break
    state.zorder = ()


def _zombie_player_decision(state: NightState) -> bool:
    """With a Zombie Player, each zombie in order is a run of decisions until it is done."""
    while True:
        if state.zact and state.zact in state.zsq and state.zap_left > 0:
            return True
        state.zact = 0
        if not state.zorder or not any(h.status == LIVE for h in state.humans):
            state.zorder = ()
            return False
        z, state.zorder = state.zorder[0], state.zorder[1:]
        if z in state.zsq:
            state.zact = z
            state.zap_left = state.cfg.zap[z]


def _start_human_phase(state: NightState) -> None:
    state.phase = HUMANS
    if state.turn == 1 and state.cfg.all_act_first_turn:
        state.allowed = 7
        state.emit("phase", "Live Human Action Phase: all humans may act on the first turn", None)
    else:
        state.allowed = state.rng.d6()
        state.emit("roll", f"Live Human Action Phase: D6 = {state.allowed} humans may act", {"roll": state.allowed})
    state.activated = ()
    state.active = -1
    state.picks = 0
    state.passes = 0


def activatable(state: NightState) -> list[int]:
    cfg = state.cfg
    return [
        h.idx
        for h in state.humans
        if h.status == LIVE and h.idx not in state.activated and h.fell_turn != state.turn and h.idx != cfg.karen
    ]


def picking_seat(state: NightState) -> int:
    return (state.turn - 1 + state.picks) % state.cfg.human_seats


def _human_phase_decision(state: NightState) -> Choice[NightState, Any] | None:
    if state.active >= 0:
        hu = state.humans[state.active]
        if hu.status == LIVE and not state.fought:
            return Act(state.active_seat)
        state.active = -1
    if len(state.activated) >= state.allowed or state.passes >= state.cfg.human_seats or not activatable(state):
        return None
    return ActivateChoice(picking_seat(state))


def _end_turn(state: NightState) -> None:
    cfg = state.cfg
    live = [h for h in state.humans if h.status == LIVE]
    if cfg.survival_points and live:
        state.bonus_points += len(live)
        state.emit("score", f"{len(live)} survival point{'s' if len(live) != 1 else ''} for turn {state.turn}", None)
    if state.turn >= cfg.turns:
        if cfg.confine and state.zsq:
            _end_game(state, "time", f"Turn {state.turn} is over and {len(state.zsq)} zombies remain in the house. You have lost.")
        else:
            _end_game(state, "dawn", "Dawn breaks! The zombies retreat.")
        return
    if _nothing_can_come(state):
        state.early_end_turn = state.turn
        _end_game(state, "early", f"No zombie can ever come again: the night ends early, after turn {state.turn}.")
        return
    _start_turn(state)


def _nothing_can_come(state: NightState) -> bool:
    cfg = state.cfg
    if state.zsq:
        return False
    if not cfg.skip_arrival and state.cup:
        return False
    if not cfg.skip_reanimation:
        if any(h.status == DEAD for h in state.humans):
            return False
        if any(h.status == LIVE and (h.idx == cfg.karen or "bitten" in h.attrs) for h in state.humans):
            return False
    return True


# ==================================================================================================
# the Live Human Action Phase
# ==================================================================================================
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
    state.emit("activate", f"{hu.name} acts with {ap} AP", {"human": hu.name, "ap": ap})
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
    kind, o = grid.edge_kind(sq, to), grid.opening_between(sq, to)
    return step_cost_human(state, sq, to, kind if grid.manhattan(sq, to) == 1 else OPEN, o,
                           "injured" in state.humans[h].attrs)


def _zombie_near(state: NightState, sq: int) -> bool:
    zocc = state.zocc
    return any(zocc[t] for t in human_reach(state, sq))


def human_moves(state: NightState, h: int, ap: int, hsq: dict[int, int], squares: int = -1) -> list[tuple[int, int]]:
    """(square, cost) for every single-square move the human can afford now. A human may step onto
    another human's square only with the AP (and, under Fear of the dark, the ``squares`` of
    movement; -1: no limit) to step off it again."""
    out = [(t, cost) for t, cost in _steps(state, h, state.humans[h].sq, ap)
           if (other := hsq.get(t)) is None or other == h or _can_leave(state, h, t, ap - cost, hsq, squares - 1)]
    out.sort()
    return out


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


def _can_leave(state: NightState, h: int, sq: int, ap: int, hsq: dict[int, int], squares: int,
               seen: tuple[int, ...] = ()) -> bool:
    """Whether a human standing on another human's square ``sq`` with ``ap`` (and ``squares``, if
    not negative) left can step off to a square no other human holds, through further humans if
    need be."""
    if squares == 0 or ap <= 0:
        return False
    seen = (*seen, sq)
    for t, cost in _steps(state, h, sq, ap):
        other = hsq.get(t)
        if other is None or other == h:
            return True
        if t not in seen and _can_leave(state, h, t, ap - cost, hsq, squares - 1, seen):
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
        moves = human_moves(state, h, ap, hsq, state.move_limit)
        if "coward" in hu.attrs:
            safe = [(t, cost) for t, cost in moves if not _zombie_near(state, t)]
            if _zombie_near(state, sq) and safe:
                return [Move(name, names[t]) for t, _ in safe]  # must move away
            moves = safe
    for t, _cost in moves:
        out.append(Move(name, names[t]))
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
    board_cost = 0 if "builder" in hu.attrs else 1
    openings = _adjacent_openings(state, sq)
    if ap >= board_cost and openings:
        has_board = any(items[i].kind == "board" for i in carried)
        for o in openings:
            oname = grid.openings[o].name
            if state.op[o] & BOARDED:
                out.append(Unboard(name, oname))
            elif has_board:
                out.append(Board(name, oname))
    if ap >= 1 and openings and _has_keys(state, h):
        for o in openings:
            op = grid.openings[o]
            if op.lockable and not state.op[o] & BROKEN:
                out.append((Unlock if state.op[o] & LOCKED else Lock)(name, op.name))
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
        state.emit("move", f"{hu.name} moves to {grid.names[t]} ({state.ap} AP left)", {"human": hu.name, "to": grid.names[t], "ap_left": state.ap})
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


# ==================================================================================================
# the Random Event Phase
# ==================================================================================================
def _event_phase(state: NightState) -> None:
    cfg = state.cfg
    if not cfg.random_events or state.turn == 1:
        return  # "Skip this phase on the first turn"
    if cfg.confine and state.turn >= cfg.turns:
        # Take the House: "If there are zombies left after the Live Human Action Phase then you
        # have lost" — the last turn is decided before any event (ruling)
        return
    rng = state.rng
    a, b = rng.d6(), rng.d6()
    ev = (state.c.authored_events.get(a + b) if cfg.authored_results else None) or state.c.events[a + b]
    state.emit("event", f"Random event, 2D6 = {a}+{b} = {a + b}: {ev.name} {ev.text}", {"roll": a + b, "event": ev.id})
    live = [h for h in state.humans if h.status == LIVE]
    if ev.id == "fell-over" and live:
        h = live[rng.below(len(live))]
        h.fell_turn = state.turn + 1
        state.emit("event", f"{h.name} fell over and cannot be activated next turn", None)
    elif ev.id == "injury" and live:
        h = live[rng.below(len(live))]
        if h.injured:
            state.emit("event", f"{h.name} is already injured: no effect", None)
        else:
            h.injured = True
            state.emit("event", f"{h.name} is injured: only 3 AP from now on", None)
    elif ev.id == "new-weapon":
        pool = su.draw_pool(state)
        if pool:
            w = pool[rng.below(len(pool))]
            state.emit("event", f"A {state.c.items[w].name} is found", None)
            queue_item_with_ammo(state, w)
    elif ev.id == "fear-of-the-dark":
        for h in live:
            h.fear_turn = state.turn + 1
    elif ev.id == "lightning":
        if lightning_actions(state):
            state.push(LightningChoice())
    elif ev.id == "brains":
        z = ai.nearest_zombie(state)
        if z:
            state.emit("event", f"{zombie_name(state, z)} smells brains and moves at once", None)
            if cfg.zombie_player:
                state.zorder = ()
                state.zact = z
                state.zap_left = cfg.zap[z]
                state.push(ZTurn(z, cfg.zombie_seat))
            else:
                ai.activate(state, z, ai.Fields())
    elif ev.id == "dash":
        if len(dash_actions(state)) > 1:
            state.push(DashChoice())
    elif ev.id == "opportunity-shot":
        if len(opportunity_actions(state)) > 1:
            state.push(OpportunityChoice())
    elif ev.id == "latch-fall":
        if len(latch_actions(state)) > 1:
            state.push(LatchChoice())
    elif ev.id == "second-wind":
        hurt = [h for h in live if h.injured]
        if hurt:
            h = hurt[rng.below(len(hurt))]
            h.injured = False
            state.emit("event", f"{h.name} recovers from the injury", None)
        elif live:
            h = live[rng.below(len(live))]
            h.ap_bonus_next += 1
            state.emit("event", f"{h.name} gets 1 extra AP next turn", None)
    elif ev.id == "no-event":
        state.emit("event", "Nothing happens", None)
    elif ev.id == "more-of-them":
        z = su.draw_zombie(state)
        if z:
            su.arrive(state, z)
        else:
            state.emit("event", "No zombie is left to come: nothing happens", None)


def lightning_actions(state: NightState) -> list[Distract]:
    """Lightning strike: "Move any one zombie of your choice 2 squares in any direction" — two
    single-square moves, each orthogonal or diagonal as a human moves ("in any direction,
    orthogonally or diagonally"; doorways and windows orthogonally), never through walls, closed
    doors or windows, humans or other zombies, to a free square 2 squares away (ruling)."""
    grid = state.c.grid
    hsq = human_squares(state)
    zocc = state.zocc
    out: list[Distract] = []
    for z, sq in sorted(state.zsq.items()):
        dests: set[int] = set()
        for mid in _lightning_steps(state, sq):
            if zocc[mid] or mid in hsq:
                continue
            for t in _lightning_steps(state, mid):
                if t != sq and not zocc[t] and t not in hsq and grid.chebyshev(sq, t) == 2:
                    dests.add(t)
        for t in sorted(dests):
            out.append(Distract(zombie_name(state, z), grid.names[t]))
    return out


def _lightning_steps(state: NightState, sq: int) -> list[int]:
    """Squares one move away in any direction: the open orthogonal steps (kept in the house when the
    scenario confines the zombies) and the diagonal ones a human could take."""
    out = zombie_steps(state, sq)
    if state.cfg.confine:
        inside = state.c.inside
        out.extend(t for t in state.c.grid.diag[sq] if inside[t] == inside[sq])
    else:
        out.extend(state.c.grid.diag[sq])
    return out


def dash_actions(state: NightState) -> list[Action]:
    grid = state.c.grid
    hsq = human_squares(state)
    out: list[Action] = []
    for h in state.humans:
        if h.status != LIVE or h.idx == state.cfg.karen:
            continue
        for t, _cost in human_moves(state, h.idx, 99, hsq):
            if t not in hsq:
                out.append(Dash(h.name, grid.names[t]))
    out.append(PASS)
    return out


def opportunity_actions(state: NightState) -> list[Action]:
    out: list[Action] = []
    for h in state.humans:
        if h.status == LIVE and h.idx != state.cfg.karen:
            out.extend(_shoot_actions(state, h.idx, "opportunity"))
    out.append(PASS)
    return out


def latch_actions(state: NightState) -> list[Action]:
    out: list[Action] = []
    for o in state.c.grid.openings:
        if o.lockable and not state.op[o.id] & (LOCKED | BROKEN):
            out.append(Latch(o.name))
    out.append(PASS)
    return out


# ==================================================================================================
# the Zombie Player
# ==================================================================================================
def zombie_player_actions(state: NightState) -> list[Action]:
    """What the Zombie Player may do with the acting zombie: the same moves, costs and restrictions as
    the automated zombies, without their priorities."""
    z = state.zact
    zn = zombie_name(state, z)
    sq = state.zsq[z]
    ap = state.zap_left
    grid = state.c.grid
    inside = state.c.inside
    confine = state.cfg.confine
    hsq = human_squares(state)
    out: list[Action] = []
    for t, kind, o in grid.orth[sq]:
        closed = kind != OPEN and bool(state.op[o] & CLOSED)
        cost = 2 if kind == WINDOW else 1
        if closed:
            out.append(ZBreak(zn, grid.openings[o].name))
        elif cost <= ap:
            if t in hsq:
                out.append(ZAttack(zn, state.humans[hsq[t]].name))
            elif not state.zocc[t] and not (confine and inside[t] != inside[sq]):
                out.append(ZMove(zn, grid.names[t]))
    out.append(ZDone(zn))
    return out


def apply_zombie_action(state: NightState, a: Action) -> bool:
    """Resolve the Zombie Player's action; whether the acting zombie is done."""
    z = state.zact
    grid = state.c.grid
    if type(a) is ZMove:
        t = grid.index[a.square]
        cost = 2 if grid.edge_kind(state.zsq[z], t) == WINDOW else 1
        ai.move_zombie(state, z, t)
        state.zap_left -= cost
        state.emit("move", f"{a.zombie} moves to {a.square}", {"zombie": a.zombie, "to": a.square, "ap_left": state.zap_left})
    elif type(a) is ZAttack:
        h = human_by_name(state, a.human)
        hand_to_hand(state, h, z, "zombie")
        state.zap_left = 0
    elif type(a) is ZBreak:
        o = grid.opening_by_name[a.opening].id
        state.zap_left -= 1
        ai.break_attempt(state, z, o)
    elif type(a) is ZDone:
        state.zap_left = 0
    if state.zap_left <= 0 or z not in state.zsq:
        state.zact = 0
        return True
    return False


# ==================================================================================================
# the decisions of the turn
# ==================================================================================================
@dataclass(slots=True)
class ActivateChoice(StepForm, Choice[NightState, Any]):
    """§4. Live Human Action Phase: which human acts next, or no more this turn."""

    kind: ClassVar[str] = "activate"
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


@dataclass(slots=True)
class Act(StepForm, Choice[NightState, Action]):
    """The acting human spends its Action Points (§4. Live Human Action Phase)."""

    kind: ClassVar[str] = "act"
    seat: int

    def actions(self, state: NightState) -> Sequence[Action]:
        return human_actions(state)

    def apply(self, state: NightState, action: Action) -> Steps:
        apply_human_action(state, action)
        return ()

    def prompt(self, state: NightState) -> str:
        return f"{state.humans[state.active].name} acts: {state.ap} AP left"


def _zombie_prompt(state: NightState, z: int) -> str:
    return f"Zombie player: {zombie_name(state, z)} on {state.c.grid.names[state.zsq[z]]} has {state.zap_left} AP"


@dataclass(slots=True)
class ZombieAct(StepForm, Choice[NightState, Action]):
    """The Zombie Player moves the acting zombie (Optional Rules, Zombie Player)."""

    kind: ClassVar[str] = "zombie"
    seat: int

    def actions(self, state: NightState) -> Sequence[Action]:
        return zombie_player_actions(state)

    def apply(self, state: NightState, action: Action) -> Steps:
        apply_zombie_action(state, action)
        return ()

    def prompt(self, state: NightState) -> str:
        return _zombie_prompt(state, state.zact)


@dataclass(slots=True)
class ZTurn(StepForm, Choice[NightState, Action]):
    """Brains!: the nearest zombie moves at once, at the Zombie Player's command."""

    TAG: ClassVar[str] = "zturn"
    kind: ClassVar[str] = "zturn"
    z: int
    seat: int

    def old(self) -> list[str] | None:
        return ["zturn", str(self.z)]

    def actions(self, state: NightState) -> Sequence[Action]:
        return zombie_player_actions(state)

    def apply(self, state: NightState, action: Action) -> Steps:
        return () if apply_zombie_action(state, action) else (self,)

    def prompt(self, state: NightState) -> str:
        return _zombie_prompt(state, self.z)


@dataclass(slots=True)
class DodgeFight(StepForm, Choice[NightState, Fight]):
    """Dodge: the caught human must fight one of the adjacent zombies."""

    TAG: ClassVar[str] = "dodge-fight"
    kind: ClassVar[str] = "dodge-fight"
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


@dataclass(slots=True)
class LightningChoice(StepForm, Choice[NightState, Distract]):
    """Lightning strike: "Move any one zombie of your choice 2 squares in any direction"."""

    TAG: ClassVar[str] = "lightning"
    kind: ClassVar[str] = "lightning"
    seat = 0

    def actions(self, state: NightState) -> Sequence[Distract]:
        return lightning_actions(state)

    def apply(self, state: NightState, action: Distract) -> Steps:
        z = zombie_by_name(state, action.zombie)
        ai.relocate(state, z, state.c.grid.index[action.square])
        state.emit("event", f"Lightning: {action.zombie} is distracted to {action.square}", None)
        return ()

    def prompt(self, state: NightState) -> str:
        return "Lightning strike: move any one zombie 2 squares"


@dataclass(slots=True)
class DashChoice(StepForm, Choice[NightState, Action]):
    """Dash!: one live human may move a single square."""

    TAG: ClassVar[str] = "dash"
    kind: ClassVar[str] = "dash"
    seat = 0

    def actions(self, state: NightState) -> Sequence[Action]:
        return dash_actions(state)

    def apply(self, state: NightState, action: Action) -> Steps:
        if type(action) is Dash:
            h = human_by_name(state, action.human)
            state.humans[h].sq = state.c.grid.index[action.square]
            state.emit("event", f"Dash! {action.human} moves to {action.square}", None)
        return ()

    def prompt(self, state: NightState) -> str:
        return "Dash!: one live human may move a single square"


@dataclass(slots=True)
class OpportunityChoice(StepForm, Choice[NightState, Action]):
    """Opportunity shot: a human with a firearm may shoot at -1."""

    TAG: ClassVar[str] = "opportunity"
    kind: ClassVar[str] = "opportunity"
    seat = 0

    def actions(self, state: NightState) -> Sequence[Action]:
        return opportunity_actions(state)

    def apply(self, state: NightState, action: Action) -> Steps:
        if type(action) is OpportunityShot:
            h = human_by_name(state, action.human)
            shoot(state, h, zombie_by_name(state, action.zombie), state.c.item_index[action.item], -1)
        return ()

    def prompt(self, state: NightState) -> str:
        return "Opportunity shot: a human with a firearm may shoot at -1"


@dataclass(slots=True)
class LatchChoice(StepForm, Choice[NightState, Action]):
    """Latch fall: the humans may lock one unlocked door."""

    TAG: ClassVar[str] = "latch"
    kind: ClassVar[str] = "latch"
    seat = 0

    def actions(self, state: NightState) -> Sequence[Action]:
        return latch_actions(state)

    def apply(self, state: NightState, action: Action) -> Steps:
        if type(action) is Latch:
            o = state.c.grid.opening_by_name[action.opening].id
            state.op[o] |= LOCKED
            state.emit("event", f"Latch fall: the {state.c.openings_label[o]} is locked", None)
        return ()

    def prompt(self, state: NightState) -> str:
        return "Latch fall: you may lock one unlocked door"


# ==================================================================================================
# the game
# ==================================================================================================
#: the victory points of an Excellent night (rulebook §Dawn Breaks - Victory Level), where the value
#: of a night to search stops growing
EXCELLENT = 70.0


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


class TheNight(KernelGame[NightState]):
    id = "the-night"
    name = "The Night"
    version = "3"
    min_players = 1
    max_players = 8
    scenarios = SCENARIOS
    options = OPTIONS
    bots = {"heuristic": "deadboard.games.the_night.bot:HeuristicBot"}
    render_module = "deadboard.games.the_night.render"
    evaluator = "deadboard.games.the_night.evaluate:evaluate"
    hint_anchor = "heuristic"  # plain search plays worse than the heuristic bot here (docs/simulation.md)

    def normalize_setup(self, setup: Setup) -> Setup:
        setup = super().normalize_setup(setup)
        content = load_content(setup.content)
        build_config(setup, content)  # raises SetupError on a bad combination
        return setup

    def seats(self, setup: Setup) -> int:
        return setup.players

    def players_for_options(self, option_ids: list[str]) -> int:
        """Seats implied by the options when --players is not given."""
        n = 1
        if "hidden-hero" in option_ids:
            n = 2
        if "zombie-player" in option_ids:
            n += 1
        return n

    def test_setups(self) -> list[Setup]:
        story = {"title": "Conformance", "turns": 6, "stats": {"Ben": {"items": ["chainsaw"]}},
                 "entries": [1, 2], "victory": {"collect": ["keys"], "exit": 3}}
        every_rule = {o: True for o in ("free-placement", "dark-yard", "dark-yard-frozen", "dark-yard-indoors",
                                         "better-shooting", "combat-assistance", "unreliable-weapons",
                                         "random-events", "dodge", "character-attributes", "authored-results")}
        return [
            Setup("standard"),
            Setup("quick-game", {"survival-points": True, "start-zombies": 3}),
            Setup("take-the-house", {"zombies": 12, "guns": 1}),
            Setup("the-coopers", {"ben-and-barbara": True, "karen-lingers": True}),
            Setup("no-chance"),
            Setup("make-your-own-story", {"story": story}),
            Setup("standard", every_rule),
            Setup("standard", {"item-draw": "points", "item-placement": "2d6"}),
            Setup("standard", {"zombie-player": True, "random-events": True}, players=2),
            Setup("the-coopers", {"hidden-hero": True, "zombie-player": True}, players=3),
        ]

    def seat_names(self, setup: Setup) -> list[str]:
        return seat_names(setup)

    def create(self, setup: Setup, seed: int) -> NightState:
        content = load_content(setup.content)
        cfg = build_config(setup, content)
        state = NightState(content, cfg, setup, seed)
        state.init_kernel(*su.initial_steps(state), NIGHT)
        title = {s.id: s.name for s in SCENARIOS}[cfg.scenario]
        state.emit("setup", f"The Night — {title}" + (f": {cfg.story_title}" if cfg.story_title else ""), {"scenario": cfg.scenario})
        return state

    def interrupt(self, state: NightState) -> bool:
        return sudden_end(state)

    # ----- results -------------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        ns: NightState = state  # type: ignore[assignment]
        if ns.phase != OVER:
            return None
        return night_outcome(ns, seat_names(ns.setup))

    def result(self, state: NightState) -> Outcome:
        return night_outcome(state, seat_names(state.setup))

    def victory_levels(self, setup: Setup) -> list[str]:
        """The content's table (rulebook §Dawn Breaks - Victory Level, or a content pack's own)."""
        return [name for _, name in load_content(self.normalize_setup(setup).content).levels]

    def result_value(self, outcome: Outcome, seat: int) -> float:
        """The humans alone (one seat): half for surviving the night (the scenario's victory), half
        for the victory points, up to the 70 of an Excellent night, so that search prefers the
        better of two survivals. With several seats, who won."""
        if len(outcome.per_seat) != 1:
            return super().result_value(outcome, seat)
        won = 1.0 if seat in outcome.winners else 0.0
        return 0.5 * won + 0.5 * min(max(outcome.score, 0.0), EXCELLENT) / EXCELLENT

    def search_candidates(self, view: State, legal: Sequence[Action]) -> list[Action]:
        """Which human to activate next: the choice that decides who acts on whose news, worth
        looking to the end of the night for. The steps of a walk, and whether to fight, are left to
        the bot (played out, fights showed no gain over the heuristic's odds: docs/simulation.md)."""
        d = view.decision
        if d is None or len(legal) < 2 or d.kind != "activate":
            return []
        return list(legal)

    # ----- information ---------------------------------------------------------------------------
    # No decision's legal actions or prompt depend on a secret pick: a view keeps the decision of
    # the state it was made from.
    def redact(self, view: State, seat: int) -> None:
        assert isinstance(view, NightState)
        if view.cfg.hidden_hero:
            view.secret = [s if i == seat else -1 for i, s in enumerate(view.secret)]

    def determinize(self, view: State, rng: Rng) -> None:
        assert isinstance(view, NightState)
        view.rng = Rng(rng.next64())
        if view.cfg.hidden_hero:
            # every pick the viewer cannot see is redrawn, including one drawn by an earlier
            # determinization: the result depends on what the viewer sees and ``rng`` alone
            seat = view.viewer
            live = [h.idx for h in view.humans if h.status != 0]
            view.secret = [s if i == seat or (seat is None and s >= 0) else live[rng.below(len(live))]
                           for i, s in enumerate(view.secret)]

    # ----- snapshots -----------------------------------------------------------------------------
    stack_key: ClassVar[str] = "pending"

    def stack_json(self, state: NightState) -> list[Any]:
        """The stack in the form of the queue of pending steps The Night had before the kernel
        (front first, each step a list of strings; the turn and its decisions are not in it), so
        the hashes of recorded games stay the same."""
        out = []
        for step in reversed(state.steps):
            form = step.old()
            if form is not None:
                out.append(form)
        return out

    def state_json(self, state: NightState) -> dict[str, Any]:
        grid = state.c.grid
        items = state.c.items

        def where(w: int) -> str:
            if w in (NOT_IN_GAME, SET_ASIDE):
                return "not-in-game"
            if w == -2:
                return "removed"
            if w >= ON_OPENING:
                return "on:" + grid.openings[w - ON_OPENING].name
            if w >= CARRIED:
                return "carried:" + state.humans[w - CARRIED].name
            return grid.names[w]

        return {
            "game": self.id,
            "turn": state.turn,
            "turns": state.cfg.turns,
            "phase": state.phase,
            "decision": list(state.decision) if state.decision else None,
            "humans": [h.to_json() | {"square": grid.names[h.sq] if h.sq >= 0 else None} for h in state.humans],
            "heroes": [state.humans[h].name for h in state.heroes],
            "zombies": {zombie_name(state, z): grid.names[sq] for z, sq in sorted(state.zsq.items())},
            "cup": len(state.cup),
            "items": {items[i].id: where(w) for i, w in enumerate(state.item_where)},
            "openings": {o.name: {"boarded": bool(state.op[o.id] & BOARDED), "locked": bool(state.op[o.id] & LOCKED),
                                  "broken": bool(state.op[o.id] & BROKEN)} for o in grid.openings},
            "zombies_removed": state.zombies_removed,
            "kills": list(state.kills),
            "secret": [state.humans[s].name if s >= 0 else None for s in state.secret],
            "bonus_points": state.bonus_points,
            "allowed": state.allowed,
            "activated": [state.humans[h].name for h in state.activated],
            "active": state.humans[state.active].name if state.active >= 0 else None,
            "ap": state.ap,
            "shots": state.shots,
            "wild": state.wild,
            "fought": state.fought,
            "pending": None,  # the stack, in its old form: filled in by TheNight.stack_json
            "zombie_acting": zombie_name(state, state.zact) if state.zact else None,
            "zombie_ap": state.zap_left,
            "reason": state.reason,
            "rng": state.rng.s if state.viewer is None else None,
            "events": len(state.log),
        }


def victory_level(state: NightState, score: int) -> str:
    level = state.c.levels[0][1]
    for lo, name in state.c.levels:
        if score >= lo:
            level = name
    return level


def night_outcome(state: NightState, seat_names: list[str]) -> Outcome:
    cfg = state.cfg
    humans = state.humans
    survivors = [h for h in humans if h.status in (LIVE, ESCAPED)]
    if cfg.dark_yard_indoors:
        zone = state.c.zone_of
        survivors = [h for h in survivors if h.status == ESCAPED or zone[h.sq] in ("house", "outbuilding")]
    details: dict[str, Any] = {
        "survivors": [h.name for h in survivors],
        "dead": [h.name for h in humans if h.status in (DEAD, ZOMBIE, 4)],
        "zombies_removed": state.zombies_removed,
        "heroes": [humans[h].name for h in state.heroes],
    }
    sc = cfg.scenario
    lost = not any(h.status in (LIVE, ESCAPED) for h in humans)
    if sc == "quick-game":
        score = 10 * len(survivors) + 5 * state.zombies_removed + state.bonus_points
    elif sc == "take-the-house":
        cleared = state.reason == "cleared"
        score = (10 * (cfg.turns - state.last_turn_cleared) if cleared else 0) + 10 * len(survivors)
        lost = lost or not cleared
    else:
        score = sum(10 if h.idx in state.heroes else 5 for h in survivors) + state.zombies_removed
        if state.early_end_turn:
            score += 2 * (cfg.turns - state.early_end_turn)
        if sc == "the-coopers":
            others = [h for h in humans if h.status != 0 and h.idx != cfg.karen]
            if others and all(h.status == LIVE for h in others):
                score += 10
                details["coopers_bonus"] = 10
    if cfg.victory_exit is not None or cfg.victory_collect:
        escaped = [h for h in humans if h.status == ESCAPED]
        # the items must leave with the escaping humans; with no exit, be carried by survivors at dawn
        carried = goal_keys_held(state, {h.idx for h in (escaped if cfg.victory_exit is not None else survivors)})
        goal = all(k in carried for k in cfg.victory_collect)
        need = cfg.victory_survivors
        got = len(escaped) if cfg.victory_exit is not None else len(survivors)
        lost = not (goal and got >= need)
        details["story_goal_met"] = not lost
    level = victory_level(state, score)
    winners: tuple[int, ...]
    per_seat: list[dict[str, Any]] = []
    if cfg.zombie_player or cfg.hidden_hero:
        human_seats = list(range(cfg.human_seats))
        if cfg.zombie_player:
            zp = sum(3 if h.idx in state.heroes else 1 for h in survivors)
            details["zombie_player_points"] = zp
            humans_win = zp >= 3
        else:
            humans_win = not lost
        if cfg.hidden_hero:
            alive_idx = {h.idx for h in survivors}
            ok = [s for s in human_seats if state.secret[s] in alive_idx]
            if len(ok) > 1:
                best = max(state.kills[s] for s in ok)
                ok = [s for s in ok if state.kills[s] == best]
            side_winners = tuple(ok)
        else:
            side_winners = tuple(human_seats)
        winners = side_winners if humans_win else ((cfg.zombie_seat,) if cfg.zombie_player else ())
        for s in human_seats:
            per_seat.append({"seat": seat_names[s], "kills": state.kills[s],
                             "secret": humans[state.secret[s]].name if cfg.hidden_hero and state.secret[s] >= 0 else None})
        if cfg.zombie_player:
            per_seat.append({"seat": "Zombies", "humans_killed": len(details["dead"])})
        result = Result.WIN if 0 in winners else Result.LOSS
    else:
        winners = () if lost else (0,)
        result = Result.LOSS if lost else Result.WIN
        per_seat = [{"seat": "Humans", "score": score, "survivors": len(survivors)}]
    return Outcome(
        result=result, winners=winners, score=float(score), level=level, turns=state.turn,
        reason=state.reason, per_seat=tuple(per_seat), details=details,
    )


__all__ = ["STATUS_NAMES", "TheNight", "advance"]
