"""Combat (rulebook §Combat): zombies against a group, and one group against another.

A combat against zombies runs in attack phases until all zombie dice are eliminated, the group is
wiped out or it flees. Each point of it is a step on the stack, the one that comes next beneath
what the current one calls for (a window, damage to place, Life or Death rolls)::

    AttackPhase   the window: every opponent, clockwise from the active player, may add zombies or
                  play cards against the group (rulebook §Attack: "While any Zombie Die remains ...")
    Decide        CombatChoice, the group's owner: shoot (ranged, no response), fight or brawl
                  (melee, simultaneous), flee, unblock, use items, pass items between Pjs; a group
                  with nothing to choose fights
    Roll          group dice hit on 5-6, zombie dice on 6, after modifiers; hits remove zombie dice;
                  zombie hits are Damage cards placed by the group's owner (then zombies that made
                  their first attack and call for Life or Death rolls: Tough)
    Noise         weapons used for the first time in this combat make their Noise (rulebook §Noise)
    Check         no zombie dice left: the group wins and keeps the zombie cards as trophies;
                  otherwise the next AttackPhase
    Close         a combat that has ended (won, lost, fled: ``Combat.ended``) is closed once what
                  its end called for is settled

How zombies start a combat or join one (their dice, their effects, their Initial Attack, which ends
ranged attacks) and Noise are in :mod:`.zombies`. A combat that must wait for the running one
(:class:`.zombies.ZombiesWait`, an attack between groups :class:`.anytime.AttackWaits`) lies beneath
the running combat's step and begins when it is reached, the first to wait first. A combat between
groups is in :mod:`.duel`, fleeing in :mod:`.flight`.
"""

from __future__ import annotations

from dataclasses import dataclass

from deadboard.core.action import Action
from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.core.responses import open_window
from deadboard.games.zombie_dawn import anytime, flight, wounds
from deadboard.games.zombie_dawn.actions import (
    BRAWL,
    FIGHT,
    FLEE_XP,
    SHOOT,
    UNBLOCK,
    Brawl,
    Fight,
    Flee,
    Shoot,
    Unblock,
)
from deadboard.games.zombie_dawn.content import COLOURS
from deadboard.games.zombie_dawn.effects import (
    TITLES,
    armed,
    best_weapon,
    char_modifier,
    end_combat,
    group_modifier,
    hand_kinds,
    season_fx,
    title,
)
from deadboard.games.zombie_dawn.flow import COMBAT, CombatForm, push
from deadboard.games.zombie_dawn.state import Combat as CombatState
from deadboard.games.zombie_dawn.state import DawnState
from deadboard.games.zombie_dawn.zombies import ZOMBIE_HIT, DiceText, make_noise

#: what a group die must show (with the group's modifiers) to hit
GROUP_HIT = 5


# ==================================================================================================
# the attack phase
# ==================================================================================================
@dataclass(slots=True)
class AttackPhase(CombatForm, Auto[DawnState]):
    """An attack phase begins: with zombie dice left, every opponent, clockwise from the active
    player, may add zombies or play cards against the group (rulebook §Attack: "While any Zombie Die
    remains, any player can add more Zombie Cards to the combat"), then the group's owner chooses;
    with none left the group has won."""

    def run(self, state: DawnState) -> Steps:
        cb = state.combat
        if cb is None or cb.ended:
            return close(state)
        if cb.dice <= 0:
            return win(state, cb)
        push(state, DECIDE)
        g = state.groups[cb.group]
        g.given = ()  # items may change hands, and offers be made, once per attack phase
        g.talked = 0
        players = state.cfg.players
        if players > 1:
            key = (cb.group, players, state.active)
            window = _WINDOWS.get(key)
            if window is None:
                w = open_window(actor=cb.group, seats=players, trigger="combat", tag="combat", start=state.active)
                window = _WINDOWS[key] = anytime.AfterAction(w)
            push(state, window)
        return ()

    def stage(self, state: DawnState) -> str:
        return "open"


@dataclass(slots=True)
class Decide(CombatForm, Auto[DawnState]):
    """The group's owner chooses (:class:`CombatChoice`), or, when the group has nothing to choose
    but to fight (the rulebook gives no choice there), it fights."""

    def run(self, state: DawnState) -> Steps:
        cb = state.combat
        if cb is None or cb.ended:
            return close(state)
        if cb.dice <= 0:
            return win(state, cb)
        if not combat_has_choice(state):  # nothing but fight
            return ROLLS["fight"]
        asked = _CHOICES.get(cb.group)
        if asked is None:
            asked = _CHOICES[cb.group] = (CombatChoice(cb.group),)
        return asked

    def stage(self, state: DawnState) -> str:
        return "decide"


@dataclass(slots=True)
class Roll(CombatForm, Auto[DawnState]):
    """The group attacks as chosen (``fight``, ``brawl`` or ``shoot``): :func:`attack`; its Noise
    comes next, beneath the damage and Life or Death rolls the attack calls for."""

    how: str

    def run(self, state: DawnState) -> Steps:
        stack = state.steps
        depth = len(stack)
        attack(state, self.how)
        if len(stack) == depth:
            return NOISE.run(state)
        stack.insert(depth, NOISE)
        return ()

    def stage(self, state: DawnState) -> str:
        return "decide"


@dataclass(slots=True)
class Noise(CombatForm, Auto[DawnState]):
    """Weapons used for the first time in this combat make their Noise (rulebook §Noise: "The Noise
    of each weapon is applied only once per Combat"); zombies revealed join the combat."""

    def run(self, state: DawnState) -> Steps:
        cb = state.combat
        if cb is None or cb.ended:
            return close(state)
        recs = state.c.item_recs
        noise = 0
        for weapon in cb.used:
            if weapon not in cb.noise_done:
                cb.noise_done = (*cb.noise_done, weapon)
                noise += recs[weapon].noise
        cb.used = ()
        if noise and state.groups[cb.group].chars:
            push(state, CHECK)  # beneath the zombies the Noise brings
            make_noise(state, cb.group, noise, cb.starter, "weapons", own=True)
            return ()
        return CHECK.run(state)

    def stage(self, state: DawnState) -> str:
        return "noise"


@dataclass(slots=True)
class Check(CombatForm, Auto[DawnState]):
    """No zombie dice left: the group wins ("Only when the Player eliminates all the Zombie Dice do
    they keep the Zombie cards as a Trophy"); otherwise a new attack phase. The attack phase's own
    first checks are these, so the check runs it at once."""

    def run(self, state: DawnState) -> Steps:
        return ATTACK_PHASE.run(state)

    def stage(self, state: DawnState) -> str:
        return "check"


@dataclass(slots=True)
class Close(CombatForm, Auto[DawnState]):
    """The combat has ended: once what its end called for is settled, it is closed, and the first
    combat waiting beneath it begins."""

    def run(self, state: DawnState) -> Steps:
        return close(state)

    def stage(self, state: DawnState) -> str:
        return "over"


#: steps are values, never changed: one of each of the combat's steps serves every combat
ATTACK_PHASE, DECIDE, NOISE, CHECK, CLOSE = AttackPhase(), Decide(), Noise(), Check(), Close()
ROLLS = {how: (Roll(how),) for how in ("fight", "brawl", "shoot")}


#: (group, players, active player) -> the window that opens an attack phase, and group -> its
#: combat decision: steps are values, made once (every attack phase of every combat pushes them)
_WINDOWS: dict[tuple[int, int, int], anytime.AfterAction] = {}
_CHOICES: dict[int, tuple[CombatChoice]] = {}

#: (seat, zombie dice) -> the combat's question (the same few in every game)
_ASKED: dict[tuple[int, int], str] = {}


def close(state: DawnState) -> Steps:
    state.combat = None
    return ()


def win(state: DawnState, cb: CombatState) -> Steps:
    """The group has eliminated every zombie die: trophies, a Clear a Location mission; the combat
    closes after what that calls for."""
    push(state, CLOSE)
    pts = sum(state.c.action_recs[z].trophy for z in cb.zombies)
    state.emit_format("combat", "The {} group wins the combat ({} trophy points)", (COLOURS[cb.group], pts), {"seat": cb.group, "trophy": pts})
    end_combat(state, won=True)
    return ()


def can_shoot(state: DawnState, seat: int, cb: CombatState) -> bool:
    if cb.melee or season_fx(state).no_ranged or (not cb.duel and cb.fx[4]):
        return False
    return armed(state, seat, ranged_only=True)


def has_weapon(state: DawnState, seat: int) -> bool:
    return armed(state, seat)


def can_flee_by_card(state: DawnState, seat: int, cb: CombatState) -> bool:
    if not state.groups[seat].hand:
        return False
    if cb.duel:
        return True
    if cb.fx[3]:
        return False
    return not cb.blocked or group_modifier(state, seat, "flee_blocked") > 0


def group_dice(state: DawnState, seat: int, how: str, used: list[int]) -> int:
    """Dice the group rolls: ``shoot`` fires every straightened ranged weapon (only their dice),
    ``fight`` is melee with each Pj's best straightened weapon replacing its die, ``brawl`` melee
    with bare hands. Weapons fired are turned (melee weapons only when they say so)."""
    recs = state.c.item_recs
    g = state.groups[seat]
    n = 0 if how == "shoot" else 1  # the Group die
    n += g.adrenaline
    g.adrenaline = 0
    for ch in g.chars:
        if how == "shoot":
            w = best_weapon(state, ch, ranged_only=True)
            if w < 0:
                continue
        elif how == "fight":
            w = best_weapon(state, ch)
        else:
            w = -1
        if w >= 0:
            r = recs[w]
            n += r.dice + (char_modifier(state, ch, "ranged") if r.ranged else 0)
            if r.ranged or r.turns:
                state.set_turned(w, True)
            used.append(w)
        else:
            n += 1
        if how != "shoot":
            n += char_modifier(state, ch, "die")
    return n


def attack(state: DawnState, how: str) -> None:
    """One attack phase against zombies."""
    cb = state.combat
    assert cb is not None
    seat = cb.group
    used: list[int] = []
    n = group_dice(state, seat, how, used)
    cb.used = tuple(used)
    ghit, zhit = cb.fx[2], cb.fx[1]
    rolls = state.rng.roll(n)
    hits = sum(1 for r in rolls if r + ghit >= GROUP_HIT)
    cb.phases += 1
    name = TITLES[seat]
    if how == "shoot":
        state.emit_format("roll", "{} shoots: {} — {} hit{} (ranged, no response)", (name, DiceText(rolls), hits, "s" if hits != 1 else ""),
                          {"rolls": rolls, "need": GROUP_HIT - ghit, "hits": hits})
        cb.dice = max(0, cb.dice - hits)
        if not armed(state, seat, ranged_only=True):
            cb.melee = True
        return
    cb.melee = True
    zrolls = state.rng.roll(cb.dice)
    zhits = sum(1 for r in zrolls if r + zhit >= ZOMBIE_HIT)
    state.emit_format("roll", "{} {}: {} — {} hit{}; zombies: {} — {} hit{}",
                      (name, "fights" if how == "fight" else "brawls", DiceText(rolls), hits, "s" if hits != 1 else "",
                       DiceText(zrolls), zhits, "s" if zhits != 1 else ""),
                      {"rolls": rolls, "need": GROUP_HIT - ghit, "hits": hits, "zombie_rolls": zrolls,
                       "zombie_need": ZOMBIE_HIT - zhit, "zombie_hits": zhits})
    cb.dice = max(0, cb.dice - hits)
    # zombies making their first attack that call for Life or Death rolls (Tough) roll after the
    # damage of this attack is placed: pushed first, resolved after the damage above it
    recs = state.c.action_recs
    lod_rolls = sum(recs[z].fx.lod_roll for z in cb.zombies if z not in cb.attacked)
    cb.attacked = tuple(cb.zombies)
    if lod_rolls:
        push(state, wounds.LifeOrDeathPick(seat, lod_rolls))
    if zhits:
        push(state, wounds.Damage(seat, zhits))



# ==================================================================================================
# the combat as a step, and the group's decision in it
# ==================================================================================================
def combat_has_choice(state: DawnState) -> bool:
    """Whether :func:`combat_actions` would offer more than ``fight`` (without building the list):
    a group with nothing else simply fights."""
    cb = state.combat
    assert cb is not None
    seat = cb.group
    g = state.groups[seat]
    if g.xp > 0 or (cb.blocked and not cb.unblock_tried):
        return True
    if has_weapon(state, seat) or can_shoot(state, seat, cb):
        return True
    if g.hand and (can_flee_by_card(state, seat, cb) or anytime.attack_actions(state, seat, None)):
        return True
    return anytime.anytime_any(state, seat, COMBAT, anytime.done_already(g))


def combat_actions(state: DawnState, seat: int) -> list[Action]:
    cb = state.combat
    assert cb is not None
    g = state.groups[seat]
    out: list[Action] = [FIGHT]
    if has_weapon(state, seat):
        out.append(BRAWL)
    if can_shoot(state, seat, cb):
        out.append(SHOOT)
    if can_flee_by_card(state, seat, cb):
        recs = state.c.action_recs
        for k in hand_kinds(state, seat):
            out.append(Flee(recs[k].id))
    if g.xp > 0:
        out.append(FLEE_XP)
    if cb.blocked and not cb.unblock_tried:
        out.append(UNBLOCK)
    anytime.attack_actions(state, seat, out)
    anytime.anytime_actions(state, seat, out, COMBAT, anytime.done_already(g))
    return out


@classvars(kind="combat")
@dataclass(slots=True)
class CombatChoice(CombatForm, Choice[DawnState, Action]):
    """The group's owner in an attack phase against zombies: shoot, fight or brawl, flee, unblock,
    or anything it may do at any moment."""

    seat: int

    def actions(self, state: DawnState) -> list[Action]:
        return combat_actions(state, self.seat)

    def apply(self, state: DawnState, action: Action) -> Steps:
        seat = self.seat
        if isinstance(action, Fight | Brawl | Shoot):
            return ROLLS[action.KIND]
        push(state, DECIDE)  # chosen again after anything else, beneath what it calls for
        if isinstance(action, Flee):
            flight.flee(state, seat, flight.pay_flee(state, seat, action))
        elif isinstance(action, Unblock):
            flight.unblock(state, seat)
        else:
            anytime.apply_anytime(state, seat, action, COMBAT)
        return ()

    def prompt(self, state: DawnState) -> str:
        cb = state.combat
        assert cb is not None
        key = (self.seat, cb.dice)
        asked = _ASKED.get(key)
        if asked is None:
            asked = _ASKED[key] = f"{title(self.seat)}: {cb.dice} zombie {'die' if cb.dice == 1 else 'dice'} — fight, shoot or flee?"
        return asked

    def stage(self, state: DawnState) -> str:
        return "decide"
