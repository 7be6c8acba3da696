"""The turn sequence (rulebook §Turn Sequence) on the step kernel: the round is
:class:`~deadboard.core.phases.Phases` of four phases, the optional Random Event Phase and the end of
the turn, and the ends of the game that cannot wait for the end of the turn::

    Zombie Arrival -> Dead Human Reanimation -> Zombie Action -> Live Human Action [-> Random Event]
        -> end of the turn (dawn?)

A phase's steps lie above the phases still to come, so what a phase pushes (a placement, an event's
choice, Dodge's fight) runs before the next phase begins. Each automated zombie's activation is a
step of its own (:class:`ai.Activation`); with a Zombie Player, each zombie's turn is a
:class:`ZombieTurn` step followed by the player's decisions for it. ``state.phase`` is the phase's
name for the drawing, the bot and the snapshot only: no rule reads it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deadboard.core.kernel import Auto, Choice, Steps
from deadboard.core.kernel import advance as kernel_advance
from deadboard.core.phases import Phase, Phases
from deadboard.games.the_night import ai, arrival
from deadboard.games.the_night.board import (
    zombie_name,
)
from deadboard.games.the_night.combat import hand_to_hand, kill_human
from deadboard.games.the_night.events import _event_phase
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
    ZOMBIE,
    ZOMBIES,
    NightState,
)
from deadboard.games.the_night.zombie_player import ZombieAct
from deadboard.games.the_night.zombie_ways import Fields

END_TURN = "end-of-turn"


# ==================================================================================================
# the round: its phases
# ==================================================================================================
class ZombieArrival(Phase[NightState]):
    """A new turn begins; Zombie Arrival Phase (none on the first turn)."""

    __slots__ = ()
    name = ARRIVAL

    def run(self, state: NightState) -> Steps:
        _start_turn(state)
        _arrival(state)
        return ()


class Reanimation(Phase[NightState]):
    """Dead Human Reanimation Phase; then a risen zombie sharing a square with another steps aside
    (ruling, :func:`ai.unstack`). The automated zombies act without a stop: what this phase's
    fights bring into the game (Unreliable Weapons' replacement item) is placed once they have all
    acted, as what their own fights bring in is (:class:`ai.Activation`)."""

    __slots__ = ()
    name = REANIMATION

    def run(self, state: NightState) -> Steps:
        state.phase = REANIMATION
        stack = state.steps
        mark = len(stack)  # the next phase, Zombie Action, lies on top
        _reanimation(state)
        ai.unstack(state)
        if len(stack) > mark and not state.cfg.zombie_player:
            # beneath the Zombie Action Phase: placed when the zombies are done
            pushed = stack[mark:]
            del stack[mark:]
            stack[mark - 1 : mark - 1] = pushed
        return ()


class ZombieAction(Phase[NightState]):
    """Zombie Action Phase: each zombie in turn, human zombies first, then by number (§Zombie
    Actions), one :class:`ai.Activation` step each, or the Zombie Player's :class:`ZombieTurn`s."""

    __slots__ = ()
    name = ZOMBIES

    def run(self, state: NightState) -> Steps:
        state.phase = ZOMBIES
        if state.turn == 1 and state.cfg.skip_first_zombie_phase:
            state.emit("phase", "No Zombie Action Phase on the first turn", None)
            return ()
        order = tuple(ai.activation_order(state))
        if state.cfg.zombie_player:
            state.zact = 0
            return (ZombieTurn(order, 0),)
        if not order:
            return ()
        return (ai.Activation(order, 0, Fields()),)


class HumanAction(Phase[NightState]):
    """Live Human Action Phase: D6 humans may act (all on the first turn where a scenario says so),
    picked one after another (:class:`HumanTurn`)."""

    __slots__ = ()
    name = HUMANS

    def run(self, state: NightState) -> Steps:
        _start_human_phase(state)
        return (HUMAN_TURN,)


class RandomEvent(Phase[NightState]):
    """Random Event Phase (optional rule; :func:`events._event_phase` skips it when it is off)."""

    __slots__ = ()
    name = EVENTS

    def run(self, state: NightState) -> Steps:
        state.phase = EVENTS
        state.active = -1
        _event_phase(state)
        return ()


class EndOfTurn(Phase[NightState]):
    """The end of a turn: survival points, dawn after the last turn, an early end."""

    __slots__ = ()
    name = END_TURN

    def run(self, state: NightState) -> Steps:
        state.phase = END_TURN
        _end_turn(state)
        return ()


#: the round, one shared instance of each phase; it goes on until a rule ends the game
ROUND: tuple[Phase[NightState], ...] = (ZombieArrival(), Reanimation(), ZombieAction(), HumanAction(),
                                        RandomEvent(), EndOfTurn())


def night() -> Phases[NightState]:
    """The game's rounds, from the first turn (pushed under the setup's steps)."""
    return Phases(ROUND)


# ==================================================================================================
# the steps of the phases
# ==================================================================================================
@dataclass(slots=True)
class ZombieTurn(Auto[NightState]):
    """With a Zombie Player: the next zombie of ``order[i:]`` still on the map acts, a run of the
    player's decisions (:class:`ZombieAct`) until it is done; then the zombie after it."""

    order: tuple[int, ...]
    i: int

    def run(self, state: NightState) -> Steps:
        order = self.order
        i = self.i
        zsq = state.zsq
        while i < len(order) and order[i] not in zsq:
            i += 1
        if i == len(order) or not any(h.status == LIVE for h in state.humans):
            return ()
        z = order[i]
        state.zact = z
        state.zap_left = state.cfg.zap[z]
        return (ZombieAct(state.cfg.zombie_seat), ZombieTurn(order, i + 1))


@dataclass(slots=True)
class HumanTurn(Auto[NightState]):
    """The Live Human Action Phase between decisions: the acting human acts on, or the next human is
    picked, until as many as the roll allows have acted (or nobody can or will)."""

    def run(self, state: NightState) -> Steps:
        step = _human_phase_decision(state)
        if step is None:
            return ()
        return (step, self)


HUMAN_TURN = HumanTurn()


def advance(state: NightState) -> None:
    """Resolve everything automatic until a seat must decide or the game is over."""
    kernel_advance(state, sudden_end)


def sudden_end(state: NightState) -> bool:
    """Checked before every step once setup is done (see :func:`_check_sudden_end`)."""
    if state.turn == 0 or state.over:
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
    for h in state.humans:  # a loop, not any(): asked before every step
        if h.status == LIVE:
            break
    else:
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
    state.phase = ARRIVAL
    state.emit("turn", f"— Turn {state.turn} of {state.cfg.turns} —", {"turn": state.turn})


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


