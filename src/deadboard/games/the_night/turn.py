"""The turn sequence (rulebook §Turn Sequence) on the step kernel: four phases, then the optional
Random Event Phase, and the ends of the game that cannot wait for the end of the turn::

    Zombie Arrival -> Dead Human Reanimation -> Zombie Action -> Live Human Action [-> Random Event]

:class:`Night` lies at the bottom of the stack; the steps a phase pushes (placements, events, Dodge,
the decisions of the phase) run above it before the turn goes on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deadboard.core.kernel import Auto, Choice, Steps
from deadboard.core.kernel import advance as kernel_advance
from deadboard.games.the_night import ai, arrival, zombie_ways
from deadboard.games.the_night.board import (
    zombie_name,
)
from deadboard.games.the_night.combat import hand_to_hand, kill_human
from deadboard.games.the_night.events import _event_phase
from deadboard.games.the_night.flow import StepForm
from deadboard.games.the_night.humans import Act, ActivateChoice, activatable, picking_seat
from deadboard.games.the_night.state import (
    ARRIVAL,
    DEAD,
    ESCAPED,
    EVENTS,
    HUMAN_ZOMBIE,
    HUMANS,
    LIVE,
    OVER,
    REANIMATION,
    SETUP,
    ZOMBIE,
    ZOMBIES,
    NightState,
)
from deadboard.games.the_night.zombie_player import ZombieAct

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
        z = arrival.draw_zombie(state)
        if not z:
            state.emit("arrive", "The zombie draw container is empty", None)
            break
        arrival.arrive(state, z)


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
    fields = zombie_ways.Fields()
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


