"""The Random Event Phase (Optional Rules, Random Events): the 2D6 table and the events that ask the
humans for a choice (Lightning strike, Dash!, Opportunity shot, Latch fall)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from deadboard.core.action import Action
from deadboard.core.kernel import Choice, Steps, classvars
from deadboard.games.the_night import ai, arrival, zombie_ways
from deadboard.games.the_night import setup as su
from deadboard.games.the_night.actions import (
    PASS,
    Dash,
    Distract,
    Latch,
    OpportunityShot,
)
from deadboard.games.the_night.board import (
    human_by_name,
    human_squares,
    zombie_by_name,
    zombie_name,
    zombie_steps,
)
from deadboard.games.the_night.combat import shoot
from deadboard.games.the_night.flow import StepForm, queue_item_with_ammo
from deadboard.games.the_night.humans import _shoot_actions, human_moves
from deadboard.games.the_night.state import (
    BROKEN,
    LIVE,
    LOCKED,
    Human,
    NightState,
)
from deadboard.games.the_night.zombie_player import ZTurn


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
    effect = _EVENTS.get(ev.id)
    if effect is not None:
        effect(state, [h for h in state.humans if h.status == LIVE])


def _fell_over(state: NightState, live: list[Human]) -> None:
    if live:
        h = live[state.rng.below(len(live))]
        h.fell_turn = state.turn + 1
        state.emit("event", f"{h.name} fell over and cannot be activated next turn", None)


def _injury(state: NightState, live: list[Human]) -> None:
    if not live:
        return
    h = live[state.rng.below(len(live))]
    if h.injured:
        state.emit("event", f"{h.name} is already injured: no effect", None)
    else:
        h.injured = True
        state.emit("event", f"{h.name} is injured: only 3 AP from now on", None)


def _new_weapon(state: NightState, live: list[Human]) -> None:
    pool = su.draw_pool(state)
    if pool:
        w = pool[state.rng.below(len(pool))]
        state.emit("event", f"A {state.c.items[w].name} is found", None)
        queue_item_with_ammo(state, w)


def _fear_of_the_dark(state: NightState, live: list[Human]) -> None:
    for h in live:
        h.fear_turn = state.turn + 1


def _lightning(state: NightState, live: list[Human]) -> None:
    if lightning_actions(state):
        state.push(LightningChoice())


def _brains(state: NightState, live: list[Human]) -> None:
    cfg = state.cfg
    z = ai.nearest_zombie(state)
    if not z:
        return
    state.emit("event", f"{zombie_name(state, z)} smells brains and moves at once", None)
    if cfg.zombie_player:
        state.zact = z
        state.zap_left = cfg.zap[z]
        state.push(ZTurn(z, cfg.zombie_seat))
    else:
        state.push(ai.Activation((z,), 0, zombie_ways.Fields()))


def _dash(state: NightState, live: list[Human]) -> None:
    if len(dash_actions(state)) > 1:
        state.push(DashChoice())


def _opportunity_shot(state: NightState, live: list[Human]) -> None:
    if len(opportunity_actions(state)) > 1:
        state.push(OpportunityChoice())


def _latch_fall(state: NightState, live: list[Human]) -> None:
    if len(latch_actions(state)) > 1:
        state.push(LatchChoice())


def _second_wind(state: NightState, live: list[Human]) -> None:
    rng = state.rng
    hurt = [h for h in live if h.injured]
    if hurt:
        h = hurt[rng.below(len(hurt))]
        h.injured = False
        state.emit("event", f"{h.name} recovers from the injury", None)
    elif live:
        h = live[rng.below(len(live))]
        h.ap_bonus_next += 1
        state.emit("event", f"{h.name} gets 1 extra AP next turn", None)


def _no_event(state: NightState, live: list[Human]) -> None:
    state.emit("event", "Nothing happens", None)


def _more_of_them(state: NightState, live: list[Human]) -> None:
    z = arrival.draw_zombie(state)
    if z:
        arrival.arrive(state, z)
    else:
        state.emit("event", "No zombie is left to come: nothing happens", None)


#: a random event's id -> what it does (with the live humans)
_EVENTS: dict[str, Callable[[NightState, list[Human]], None]] = {
    "fell-over": _fell_over,
    "injury": _injury,
    "new-weapon": _new_weapon,
    "fear-of-the-dark": _fear_of_the_dark,
    "lightning": _lightning,
    "brains": _brains,
    "dash": _dash,
    "opportunity-shot": _opportunity_shot,
    "latch-fall": _latch_fall,
    "second-wind": _second_wind,
    "no-event": _no_event,
    "more-of-them": _more_of_them,
}


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
        for t, _cost in human_moves(state, h.idx, 99):
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


@classvars(TAG="lightning", kind="lightning", seat=0)
@dataclass(slots=True)
class LightningChoice(StepForm, Choice[NightState, Distract]):
    """Lightning strike: "Move any one zombie of your choice 2 squares in any direction"."""


    def actions(self, state: NightState) -> Sequence[Distract]:
        return lightning_actions(state)

    def apply(self, state: NightState, action: Distract) -> Steps:
        z = zombie_by_name(state, action.zombie)
        ai.relocate(state, z, state.c.grid.index[action.square])
        state.emit("event", f"Lightning: {action.zombie} is distracted to {action.square}", None)
        return ()

    def prompt(self, state: NightState) -> str:
        return "Lightning strike: move any one zombie 2 squares"


@classvars(TAG="dash", kind="dash", seat=0)
@dataclass(slots=True)
class DashChoice(StepForm, Choice[NightState, Action]):
    """Dash!: one live human may move a single square."""


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


@classvars(TAG="opportunity", kind="opportunity", seat=0)
@dataclass(slots=True)
class OpportunityChoice(StepForm, Choice[NightState, Action]):
    """Opportunity shot: a human with a firearm may shoot at -1."""


    def actions(self, state: NightState) -> Sequence[Action]:
        return opportunity_actions(state)

    def apply(self, state: NightState, action: Action) -> Steps:
        if type(action) is OpportunityShot:
            h = human_by_name(state, action.human)
            shoot(state, h, zombie_by_name(state, action.zombie), state.c.item_index[action.item], -1)
        return ()

    def prompt(self, state: NightState) -> str:
        return "Opportunity shot: a human with a firearm may shoot at -1"


@classvars(TAG="latch", kind="latch", seat=0)
@dataclass(slots=True)
class LatchChoice(StepForm, Choice[NightState, Action]):
    """Latch fall: the humans may lock one unlocked door."""


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
