"""Zombies (rulebook §Combat, §Special Zombies, §Initial Attack, §Noise): zombies attacking a group —
played as a card, revealed by a Noise, a search or a mission — join its combat, wait for the
running one, or begin a combat; their dice, their effects (a special zombie's boxed effect from the
second of its type in the combat, or from the first in a zone showing its icon), their Initial
Attack, resolved at once and without response, and their Noise. Noise reveals action cards: the
zombies among them attack.

A combat begun here opens with the attack phase of :mod:`.combat`, and an Initial Attack deals damage
placed in :mod:`.wounds`: both are steps of modules above this one (:data:`.flow.ABOVE`), for the
cards, items and abilities that bring zombies are played in those steps' windows and decisions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from deadboard.core.kernel import Auto, Steps
from deadboard.games.zombie_dawn.content import COLOURS, SPECIAL_TYPES, ActionRec
from deadboard.games.zombie_dawn.effects import group_modifier, season_fx
from deadboard.games.zombie_dawn.flow import ABOVE, WaitingForm, push, wait, waiting_places
from deadboard.games.zombie_dawn.state import Combat as CombatState
from deadboard.games.zombie_dawn.state import DawnState

#: what a zombie die must show (with the zombies' modifiers) to hit
ZOMBIE_HIT = 6


def start_combat(
    state: DawnState,
    target: int,
    starter: int,
    cards: list[int] | tuple[int, ...],
    mission: int = -1,
    dice: int = 0,
    blocked: bool = False,
) -> None:
    """Zombies against ``target``: they join its combat if it is fighting zombies, wait for the
    running combat to end otherwise (rulebook §Questions: "those combats will be resolved after
    finishing your combat"), or start a combat now. Zombies waiting for a group make one combat
    with those already waiting for it: a group has one combat, in which zombies of one type meet
    (rulebook §Special Zombies: "the second or third Zombie of the same type ... in the same
    combat"). A combat that has just ended but is not closed yet (decisions it left, a window, are
    still being settled) counts as running: what comes meanwhile waits its turn beneath it."""
    cb = state.combat
    if cb is None:
        begin_combat(state, target, starter, tuple(cards), mission, dice, blocked)
        return
    if not cb.ended and not cb.duel and cb.group == target:
        for card in cards:
            join(state, cb, card)
        cb.dice += dice
        return
    stack = state.steps
    places = waiting_places(state)
    for i in places:
        w = stack[i]
        if isinstance(w, ZombiesWait) and w.target == target:
            stack[i] = ZombiesWait(target, w.starter, (*w.cards, *cards), w.mission if w.mission >= 0 else mission,
                                   w.dice + dice, w.blocked or blocked)
            state.emit_format("combat", "More zombies wait for the {} group: they will fight it together", (COLOURS[target],))
            return
    wait(state, ZombiesWait(target, starter, tuple(cards), mission, dice, blocked), places)
    state.emit_format("combat", "Zombies wait for the {} group until the current combat ends", (COLOURS[target],))


def begin_combat(
    state: DawnState, target: int, starter: int, cards: tuple[int, ...], mission: int, dice: int, blocked: bool
) -> None:
    cb = CombatState(target, starter)
    state.combat = cb
    cb.mission = mission
    cb.blocked = blocked
    cb.dice = dice + season_fx(state).zombie_dice
    push(state, ABOVE.attack_phase)
    if mission >= 0:
        state.emit_format("combat", "Combat! Zombies attack the {} group ({})", (COLOURS[target], state.c.missions[mission].name),
                          {"seat": target})
    else:
        state.emit_format("combat", "Combat! Zombies attack the {} group", (COLOURS[target],), {"seat": target})
    if cb.dice:
        state.emit_format("combat", "{} zombie {} to start with", (cb.dice, "die" if cb.dice == 1 else "dice"))
    for card in cards:
        join(state, cb, card)


@dataclass(slots=True)
class ZombiesWait(WaitingForm, Auto[DawnState]):
    """Zombies waiting for the running combat to end before they attack ``target`` (with a mission's
    dice, blocked or not); they are discarded if the group has left the map meanwhile."""

    target: int
    starter: int
    cards: tuple[int, ...]
    mission: int
    dice: int
    blocked: bool

    def run(self, state: DawnState) -> Steps:
        if state.groups[self.target].chars:
            begin_combat(state, self.target, self.starter, self.cards, self.mission, self.dice, self.blocked)
        else:
            for card in self.cards:
                state.actions.discard(card)
        return ()

    def queue_entry(self, state: DawnState) -> list[Any]:
        recs = state.c.action_recs
        return [COLOURS[self.target], self.starter, [recs[k].id for k in self.cards], self.mission, self.dice, self.blocked, False]


def join(state: DawnState, cb: CombatState, card: int) -> None:
    """A zombie card enters the combat: its dice, its effects, its Initial Attack and its Noise."""
    rec = state.c.action_recs[card]
    cb.zombies.append(card)
    boxed = False
    if rec.special is not None:
        t = SPECIAL_TYPES.index(rec.special)
        b = state.board
        assert b is not None
        boxed = cb.types[t] > 0 or b.special[state.groups[cb.group].sq] == t
        cb.types[t] += 1
    dice = rec.dice + rec.fx.dice + (rec.boxed.dice if boxed else 0)
    cb.dice += dice
    cb.fx = _sum_fx(state, cb, card, boxed)
    initial = rec.fx.initial + (rec.boxed.initial if boxed else 0)
    noise = rec.fx.noise + (rec.boxed.noise if boxed else 0)
    state.emit_format("combat", "{} joins the combat against {}: +{} zombie {}, {} in all{}",
                      (rec.name, COLOURS[cb.group], dice, "die" if dice == 1 else "dice", cb.dice, " (boxed effect)" if boxed else ""),
                      {"card": rec.id, "dice": cb.dice})
    if initial:
        initial_attack(state, cb, initial, rec.name)
    if noise:
        make_noise(state, cb.group, noise, cb.starter, rec.name)


def _sum_fx(state: DawnState, cb: CombatState, card: int, boxed: bool) -> tuple[int, int, int, bool, bool]:
    rec = state.c.action_recs[card]
    lod, zhit, ghit, no_flee, no_ranged = cb.fx
    for fx in (rec.fx, rec.boxed) if boxed else (rec.fx,):
        lod += fx.lod
        zhit += fx.zhit
        ghit += fx.ghit
        no_flee = no_flee or fx.no_flee
        no_ranged = no_ranged or fx.no_ranged
    return lod, zhit, ghit, no_flee, no_ranged


def boxed_effects(state: DawnState, cb: CombatState, cards: list[int]) -> list[bool]:
    """Whether each zombie card of ``cards`` (in the order they joined) has its boxed effect: another
    of its type before it in the combat, or the zone's icon of its type (rulebook §Special Zombies)."""
    b = state.board
    assert b is not None
    zone = b.special[state.groups[cb.group].sq]
    recs = state.c.action_recs
    seen = [0, 0, 0, 0, 0]
    out = []
    for card in cards:
        special = recs[card].special
        if special is None:
            out.append(False)
            continue
        t = SPECIAL_TYPES.index(special)
        out.append(seen[t] > 0 or zone == t)
        seen[t] += 1
    return out


def discard_zombie(state: DawnState, cb: CombatState, kind: str) -> str:
    """Blocked Access, "In a Location: Discard a Zombie card in Combat": the last card of that kind
    to join leaves the combat with the dice it brought (as many as are left) and its effects, which
    last only while it is in play; its Initial Attack and Noise have happened already. Returns its
    name."""
    recs = state.c.action_recs
    i = max(j for j, z in enumerate(cb.zombies) if recs[z].id == kind)
    card = cb.zombies[i]
    rec = recs[card]
    boxed = boxed_effects(state, cb, cb.zombies)[i]
    cb.dice = max(0, cb.dice - (rec.dice + rec.fx.dice + (rec.boxed.dice if boxed else 0)))
    del cb.zombies[i]
    cb.attacked = tuple(z for z in cb.attacked if z != card)
    state.actions.discard(card)
    cb.types = [0, 0, 0, 0, 0]
    cb.fx = (0, 0, 0, False, False)
    for z, box in zip(cb.zombies, boxed_effects(state, cb, cb.zombies), strict=True):
        if recs[z].special is not None:
            cb.types[SPECIAL_TYPES.index(recs[z].special)] += 1
        cb.fx = _sum_fx(state, cb, z, box)
    return rec.name


def initial_attack(state: DawnState, cb: CombatState, dice: int, name: str) -> None:
    """Rolled at once, without response; melee from now on (rulebook §Initial Attack)."""
    rolls = state.rng.roll(dice)
    zhit = cb.fx[1]
    hits = sum(1 for r in rolls if r + zhit >= ZOMBIE_HIT)
    cb.melee = True
    state.emit_format("roll", "Initial Attack of the {}: {} — {} hit{}", (name, DiceText(rolls), hits, "s" if hits != 1 else ""),
                      {"rolls": rolls, "need": ZOMBIE_HIT - zhit, "hits": hits})
    if hits:
        push(state, ABOVE.damage(cb.group, hits))


def make_noise(state: DawnState, seat: int, n: int, starter: int, source: str, own: bool = False) -> None:
    """Reveal ``n`` action cards: the zombies among them attack ``seat`` (or join its combat); the
    rest are discarded without effect (rulebook §Noise)."""
    n += season_fx(state).noise
    if own:
        n -= group_modifier(state, seat, "quiet")
    if n <= 0:
        return
    revealed = state.actions.draw_many(n, state.rng)
    recs = state.c.action_recs
    zombies = [card for card in revealed if recs[card].kind == "zombie"]
    for card in revealed:
        if recs[card].kind != "zombie":
            state.actions.discard(card)
    state.emit_format("noise", "Noise {} ({}): revealed {}", (n, source, _Names(recs, tuple(revealed))), {"seat": seat, "zombies": len(zombies)})
    if zombies:
        start_combat(state, seat, starter, zombies)


def noise_until_zombie(state: DawnState, seat: int, starter: int, source: str) -> None:
    """You Make Noise: reveal until a zombie appears; it attacks."""
    recs = state.c.action_recs
    shown = []
    for _ in range(len(state.actions.cards) + len(state.actions.discards)):
        card = state.actions.draw(state.rng)
        if card is None:
            break
        shown.append(recs[card].name)
        if recs[card].kind == "zombie":
            state.emit("noise", f"{source}: revealed {', '.join(shown)}", {"seat": seat})
            start_combat(state, seat, starter, [card])
            return
        state.actions.discard(card)
    state.emit("noise", f"{source}: revealed {', '.join(shown) or 'nothing'} — no zombie comes", {"seat": seat})


def dice_text(rolls: list[int]) -> str:
    return ", ".join(map(str, rolls)) if rolls else "no dice"


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, unpickling (Cls.__new__) then skips __init__
class DiceText:
    """Dice rolled as the log says them (:func:`dice_text`), written when the event is read: the
    rolls are a list nobody changes once rolled (the event's figures hold the same list)."""

    __slots__ = ("rolls",)

    def __init__(self, rolls: list[int]) -> None:
        self.rolls = rolls

    def __format__(self, spec: str) -> str:
        return dice_text(self.rolls)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, unpickling (Cls.__new__) then skips __init__
class _Names:
    """Action cards by their names, ``nothing`` for none, written when the event is read."""

    __slots__ = ("cards", "recs")

    def __init__(self, recs: Sequence[ActionRec], cards: tuple[int, ...]) -> None:
        self.recs = recs
        self.cards = cards

    def __format__(self, spec: str) -> str:
        recs = self.recs
        return ", ".join(recs[card].name for card in self.cards) or "nothing"
