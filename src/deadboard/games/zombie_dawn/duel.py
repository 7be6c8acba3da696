"""Combat between groups (rulebook §Combat between Groups): each attack phase opens, as against
zombies, with a window for every other seat; then the attacker, then the defender, choose shoot,
fight or brawl, and both roll at once; each hit is a Damage on the other group. No Noise. A dead
Pj's items may be kept by the opponent. Either side may first negotiate (once per phase): an offer
of items that the other accepts (the fight ends) or declines (:mod:`.negotiation`). How the fight begins
(an attack at any moment, at once or after the running combat) is in :mod:`.anytime`."""

from __future__ import annotations

from dataclasses import dataclass

from deadboard.core.action import Action
from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.core.responses import open_window
from deadboard.games.zombie_dawn import anytime, flight, wounds
from deadboard.games.zombie_dawn import combat as combat_rules
from deadboard.games.zombie_dawn.actions import (
    BRAWL,
    FIGHT,
    FLEE_XP,
    SHOOT,
    Brawl,
    Fight,
    Flee,
    Negotiate,
    Shoot,
)
from deadboard.games.zombie_dawn.content import COLOURS
from deadboard.games.zombie_dawn.effects import colour, end_combat, group_modifier, hand_kinds, title
from deadboard.games.zombie_dawn.flow import DUEL, CombatForm, push
from deadboard.games.zombie_dawn.negotiation import DUEL as FOR_THE_FIGHT
from deadboard.games.zombie_dawn.negotiation import offerable, start_offer
from deadboard.games.zombie_dawn.state import Combat as CombatState
from deadboard.games.zombie_dawn.state import DawnState
from deadboard.games.zombie_dawn.zombies import dice_text


def _fighting(state: DawnState, cb: CombatState) -> bool:
    """Both groups still have characters; otherwise the fight ends (and closes)."""
    if state.groups[cb.group].chars and state.groups[cb.enemy].chars:
        return True
    push(state, combat_rules.CLOSE)
    end_combat(state, won=False)
    return False


@dataclass(slots=True)
class DuelPhase(CombatForm, Auto[DawnState]):
    """An attack phase between groups opens, as against zombies, with a window: every other seat,
    clockwise from the active player, may play cards (rulebook §At any moment, "Play an Action
    card"); then the attacker chooses, then the defender."""

    def run(self, state: DawnState) -> Steps:
        cb = state.combat
        if cb is None or cb.ended:
            return combat_rules.close(state)
        if not _fighting(state, cb):
            return ()
        state.groups[cb.enemy].given = ()  # items may change hands once per attack phase
        state.groups[cb.group].given = ()
        if state.cfg.players > 2:
            push(state, DuelTurn(cb.enemy))
            w = open_window(actor=cb.enemy, seats=state.cfg.players, trigger="combat", tag="combat",
                            start=state.active, exclude=(cb.group,))
            push(state, anytime.AfterAction(w))
            return ()
        return (DuelChoice(cb.enemy),)

    def stage(self, state: DawnState) -> str:
        return "open"


@dataclass(slots=True)
class DuelTurn(CombatForm, Auto[DawnState]):
    """The attacker's or the defender's turn to choose, while both groups still stand."""

    seat: int

    def run(self, state: DawnState) -> Steps:
        cb = state.combat
        if cb is None or cb.ended:
            return combat_rules.close(state)
        if not _fighting(state, cb):
            return ()
        return (DuelChoice(self.seat),)

    def stage(self, state: DawnState) -> str:
        cb = state.combat
        return "attacker" if cb is not None and self.seat == cb.enemy else "defender"


@dataclass(slots=True)
class DuelRoll(CombatForm, Auto[DawnState]):
    """Both groups roll at once (:func:`duel_roll`); the next attack phase comes after the damage."""

    def run(self, state: DawnState) -> Steps:
        cb = state.combat
        assert cb is not None
        push(state, DuelPhase())
        duel_roll(state, cb)
        cb.talks = 0
        return ()

    def stage(self, state: DawnState) -> str:
        return "resolve"


def duel_roll(state: DawnState, cb: CombatState) -> None:
    """Both groups roll at once. In ranged play only the sides that shoot roll; once a side
    chooses melee (fight or brawl) the groups close in and melee goes on to the end."""
    a_how, d_how = cb.stances
    melee_now = cb.melee or (a_how != "shoot" and d_how != "shoot")
    rolls_by: dict[int, list[int]] = {}
    for seat, how in ((cb.enemy, a_how), (cb.group, d_how)):
        if not melee_now and how != "shoot":
            continue
        used: list[int] = []
        n = combat_rules.group_dice(state, seat, "fight" if melee_now and how == "shoot" else how, used)
        n += group_modifier(state, seat, "duel")
        rolls_by[seat] = state.rng.roll(n)
    if a_how != "shoot" or d_how != "shoot":
        cb.melee = True
    cb.phases += 1
    parts = []
    for seat, other in ((cb.enemy, cb.group), (cb.group, cb.enemy)):
        rolls = rolls_by.get(seat)
        if rolls is None:
            parts.append(f"{colour(seat)} closes in")
            continue
        hits = sum(1 for r in rolls if r >= combat_rules.GROUP_HIT)
        parts.append(f"{colour(seat)}: {dice_text(rolls)} — {hits} hit{'s' if hits != 1 else ''}")
        if hits:
            push(state, wounds.Damage(other, hits, seat))
    state.emit("roll", "Groups fight: " + "; ".join(parts), None)


def duel_actions(state: DawnState, seat: int) -> list[Action]:
    cb = state.combat
    assert cb is not None
    other = cb.group if seat == cb.enemy else cb.enemy
    g = state.groups[seat]
    out: list[Action] = [FIGHT]
    if combat_rules.has_weapon(state, seat):
        out.append(BRAWL)
    if combat_rules.can_shoot(state, seat, cb):
        out.append(SHOOT)
    recs = state.c.action_recs
    for k in hand_kinds(state, seat):
        out.append(Flee(recs[k].id))
    if g.xp > 0:
        out.append(FLEE_XP)
    if not cb.talks >> seat & 1 and offerable(state, seat, other, ()):
        out.append(Negotiate(COLOURS[other]))
    anytime.attack_actions(state, seat, out, foe=other)
    anytime.anytime_actions(state, seat, out, DUEL, g.given)
    return out


@classvars(kind="duel")
@dataclass(slots=True)
class DuelChoice(CombatForm, Choice[DawnState, Action]):
    """The attacker's, then the defender's choice in an attack phase between groups."""

    seat: int

    def actions(self, state: DawnState) -> list[Action]:
        return duel_actions(state, self.seat)

    def apply(self, state: DawnState, action: Action) -> Steps:
        cb = state.combat
        assert cb is not None
        seat = self.seat
        if isinstance(action, Fight | Brawl | Shoot):
            if seat == cb.enemy:
                cb.stances = (action.KIND, "")
                return (DuelTurn(cb.group),)
            cb.stances = (cb.stances[0], action.KIND)
            return (DuelRoll(),)
        push(state, DuelTurn(seat))  # chosen again after anything else, beneath what it calls for
        if isinstance(action, Flee):
            flight.flee(state, seat, flight.pay_flee(state, seat, action))
        elif isinstance(action, Negotiate):
            cb.talks |= 1 << seat
            start_offer(state, seat, COLOURS.index(action.colour), FOR_THE_FIGHT)
        else:
            anytime.apply_anytime(state, seat, action, DUEL)
        return ()

    def prompt(self, state: DawnState) -> str:
        cb = state.combat
        assert cb is not None
        seat = self.seat
        return f"{title(seat)}: fight against the {COLOURS[cb.group if seat == cb.enemy else cb.enemy]} group"

    def stage(self, state: DawnState) -> str:
        cb = state.combat
        return "attacker" if cb is not None and self.seat == cb.enemy else "defender"
