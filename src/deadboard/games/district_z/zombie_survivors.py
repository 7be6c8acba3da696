"""ZOMBIE SURVIVORS (rulebook §Infection, optional §Zombie Survivor Combat): a turned survivor's piece
moves or stays on its turn; with Zombie Survivor Combat, survivors on its card must fight it or dodge,
alone or together.
"""

from __future__ import annotations

from dataclasses import dataclass

from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.games.district_z.actions import (
    DECLINE,
    DODGE,
    STAY,
    Decline,
    Dodge,
    FightTogether,
    FightWith,
    JoinWith,
    Move,
    Stay,
)
from deadboard.games.district_z.combat import combat_dice, item_checks, loadout_actions, parse_loadout
from deadboard.games.district_z.flow import StepForm, push, roll_dice
from deadboard.games.district_z.ratings import AGILITY, Loadout, rating
from deadboard.games.district_z.state import DIRS, LIVE, ZOMBIE, DistrictState
from deadboard.games.district_z.words import Dice, loadout_words
from deadboard.games.district_z.wounds import after_removal, wound

#: direction -> its Move action (actions are values: one of each is enough)
MOVES: dict[str, Move] = {d: Move(d) for d in DIRS}


def zombie_stay_steps(state: DistrictState, seat: int) -> list[ZombieDefend]:
    """A survivor who stays on a card with a ZOMBIE SURVIVOR fights it (§Zombie Survivor Combat:
    only at the beginning of the turn may the survivor simply move away)."""
    if not state.cfg.zs_combat:
        return []
    return [ZombieDefend(seat, z) for z in state.zombies_at(state.players[seat].pos)]


@classvars(TAG="zmove", kind="zmove")
@dataclass(slots=True)
class ZombieMove(StepForm, Choice[DistrictState, Move | Stay]):
    """A ZOMBIE SURVIVOR's turn: move or stay."""

    seat: int

    def actions(self, state: DistrictState) -> list[Move | Stay]:
        out: list[Move | Stay] = [MOVES[d] for d, _ in state.lay.nbr[state.players[self.seat].pos]]
        out.append(STAY)
        return out

    def apply(self, state: DistrictState, action: Move | Stay) -> Steps:
        seat = self.seat
        p = state.players[seat]
        if isinstance(action, Move):
            to = next(q for d, q in state.lay.nbr[p.pos] if d == action.direction)
            p.pos = to
            state.emit(
                "move",
                f"Zombie {state.names[seat]} shambles {action.direction} to {state.lay.names[to]}",
                {"seat": seat},
            )
        else:
            state.emit("stay", f"Zombie {state.names[seat]} stays", None)
        if state.cfg.zs_combat:
            push(state, *[ZombieDefend(s, seat) for s in state.live_at(p.pos)])
        return ()

    def prompt(self, state: DistrictState) -> str:
        return f"Zombie {state.names[self.seat]}: move or stay"


@classvars(TAG="zdefend", kind="zdefend")
@dataclass(slots=True)
class ZombieDefend(StepForm, Choice[DistrictState, FightWith | Dodge | FightTogether]):
    """A survivor faces ``zombie``: fight, dodge, or fight together with the others on the card."""

    seat: int
    zombie: int

    def involves(self, seat: int) -> bool:
        return seat in (self.seat, self.zombie)

    def actions(self, state: DistrictState) -> list[FightWith | Dodge | FightTogether]:
        seat = self.seat
        out: list[FightWith | Dodge | FightTogether] = [*loadout_actions(state, seat, FightWith), DODGE]
        if len(state.live_at(state.players[seat].pos)) > 1:
            out.extend(loadout_actions(state, seat, FightTogether))
        return out

    def apply(self, state: DistrictState, action: FightWith | Dodge | FightTogether) -> Steps:
        seat, zs = self.seat, self.zombie
        p = state.players[seat]
        if state.players[zs].status != ZOMBIE or state.players[zs].pos != p.pos:
            return ()
        if isinstance(action, FightTogether):
            others = state.live_at(p.pos, but=seat)
            push(state, *[Join(o, seat, zs) for o in others], ZombieTeam(seat, zs))
            state.team = [(seat, parse_loadout(state, action.loadout))]
        elif isinstance(action, Dodge):
            zombie_combat(state, [(seat, ())], zs, dodge=True)
        else:
            zombie_combat(state, [(seat, parse_loadout(state, action.loadout))], zs, dodge=False)
        return ()

    def prompt(self, state: DistrictState) -> str:
        return f"{state.names[self.seat]} faces zombie {state.names[self.zombie]}: fight or dodge"


@classvars(TAG="join", kind="join")
@dataclass(slots=True)
class Join(StepForm, Choice[DistrictState, JoinWith | Decline]):
    """Join ``ally``'s fight against ``zombie``, or decline."""

    seat: int
    ally: int
    zombie: int

    def involves(self, seat: int) -> bool:
        return seat in (self.seat, self.ally)

    def actions(self, state: DistrictState) -> list[JoinWith | Decline]:
        return [*loadout_actions(state, self.seat, JoinWith), DECLINE]

    def apply(self, state: DistrictState, action: JoinWith | Decline) -> Steps:
        if isinstance(action, JoinWith):
            seat, zombie = self.seat, self.zombie
            state.team = [*state.team, (seat, parse_loadout(state, action.loadout))]
            state.drop(lambda s: type(s) is ZombieDefend and s.seat == seat and s.zombie == zombie)
            state.emit("meet", f"{state.names[seat]} joins the fight", None)
        return ()

    def prompt(self, state: DistrictState) -> str:
        return (
            f"{state.names[self.seat]}: join {state.names[self.ally]} against zombie {state.names[self.zombie]}?"
        )


@classvars(TAG="zteam")
@dataclass(slots=True)
class ZombieTeam(StepForm, Auto[DistrictState]):
    """Those who joined fight ``zombie`` together."""

    seat: int
    zombie: int

    def run(self, state: DistrictState) -> Steps:
        team = [(s, lo) for s, lo in state.team if state.players[s].status == LIVE]
        state.team = []
        if team and state.players[self.zombie].status == ZOMBIE:
            zombie_combat(state, team, self.zombie, dodge=False)
        return ()


def zombie_combat(state: DistrictState, team: list[tuple[int, Loadout]], zs: int, dodge: bool) -> None:
    """One round of ZOMBIE SURVIVOR COMBAT against ``team`` (survivors with their loadouts)."""
    c = state.c
    z = state.players[zs]
    zsurv = c.survivors[z.surv]
    zd = roll_dice(state.rng, zsurv.combat)
    zt = sum(zd)
    seats = [s for s, _ in team]
    names = " and ".join(state.names[s] for s in seats)
    if dodge:
        s = seats[0]
        p = state.players[s]
        dd = roll_dice(state.rng, rating(c, p.surv, p.items, AGILITY))
        d = sum(dd)
        state.emit(
            "check",
            f"ZOMBIE SURVIVOR COMBAT: zombie {state.names[zs]} rolls {Dice(zd)} = {zt}; {names} dodges with "
            f"{Dice(dd)} = {d}",
            {"zombie": zd, "dodge": dd},
        )
        if d > zt:
            state.emit("meet", f"{names} dodges", None)
        elif d < zt:
            # "Every time you take a WOUND from COMBAT with a ZOMBIE, put an INFECTION counter" (§Infection):
            # the dodge is made in ZOMBIE SURVIVOR COMBAT, as a failed escape is in combat with zombies
            state.emit("wound", f"{names} fails to dodge and takes a wound and an infection counter", None)
            p.infection += 1
            wound(state, s, 1, False, by_zs=True)
        else:
            state.emit("meet", "A tie: nothing happens", None)
        return
    total = 0
    rolls = []
    for s, lo in team:
        sd = combat_dice(state, s, lo)
        rolls.append(sd)
        total += sum(sd)
    arms = ", ".join(f"{state.names[s]} with {loadout_words(state, lo)}" for s, lo in team)
    state.emit(
        "check",
        f"ZOMBIE SURVIVOR COMBAT: {names} ({arms}) roll {'; '.join(str(Dice(r)) for r in rolls)} = {total}; zombie {state.names[zs]} "
        f"rolls {Dice(zd)} = {zt}",
        {"survivors": rolls, "zombie": zd},
    )
    for s, lo in team:
        item_checks(state, s, lo)
    if total > zt:
        z.wounds += 1
        state.emit("wound", f"Zombie {state.names[zs]} takes a wound ({z.wounds}/{zsurv.health})", None)
        if z.wounds >= zsurv.health:
            state.emit("death", f"Zombie {state.names[zs]} is truly dead", {"seat": zs})
            z.ending = "destroyed"
            after_removal(state, zs, "zs-dead")
    elif zt > total:
        for s in seats:
            if state.players[s].status == LIVE:
                state.emit("wound", f"{state.names[s]} takes a wound and an infection counter", None)
                state.players[s].infection += 1
                wound(state, s, 1, False, by_zs=True)
    else:
        state.emit("meet", "The totals are equal: nobody is hurt", None)
