"""The Zombie Player (Optional Rules): the zombies moved by a player, with the automated zombies'
moves, costs and restrictions and without their priorities."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deadboard.core.action import Action
from deadboard.core.grid import OPEN, WINDOW
from deadboard.core.kernel import Choice, Steps, classvars
from deadboard.games.the_night import ai
from deadboard.games.the_night.actions import (
    ZAttack,
    ZBreak,
    ZDone,
    ZMove,
)
from deadboard.games.the_night.board import (
    CLOSED,
    human_by_name,
    human_squares,
    zombie_name,
)
from deadboard.games.the_night.combat import hand_to_hand
from deadboard.games.the_night.flow import StepForm
from deadboard.games.the_night.state import (
    NightState,
)


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


def _zombie_prompt(state: NightState, z: int) -> str:
    return f"Zombie player: {zombie_name(state, z)} on {state.c.grid.names[state.zsq[z]]} has {state.zap_left} AP"


@classvars(kind="zombie")
@dataclass(slots=True)
class ZombieAct(StepForm, Choice[NightState, Action]):
    """The Zombie Player moves the acting zombie (Optional Rules, Zombie Player)."""

    seat: int

    def actions(self, state: NightState) -> Sequence[Action]:
        return zombie_player_actions(state)

    def apply(self, state: NightState, action: Action) -> Steps:
        pushed = len(state.steps)
        apply_zombie_action(state, action)
        z = state.zact
        if z and z in state.zsq and state.zap_left > 0:  # the zombie acts on
            if len(state.steps) == pushed:
                return (self,)
            state.steps.insert(pushed, self)  # after what the action pushed
        return ()

    def prompt(self, state: NightState) -> str:
        return _zombie_prompt(state, state.zact)


@classvars(TAG="zturn", kind="zturn")
@dataclass(slots=True)
class ZTurn(StepForm, Choice[NightState, Action]):
    """Brains!: the nearest zombie moves at once, at the Zombie Player's command."""

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
