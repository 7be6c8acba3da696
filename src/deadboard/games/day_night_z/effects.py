"""The effects of travel events, shelter events, facility actions and the campaign book, resolved
for the group ("Survivors travel together, not individually, so the event cards affect the whole
group", §6; "Survivors will face a Shelter event as a group", §7) or for the survivor who acts.

A group decision is a vote ("many cards ... force the group to vote for a decision; if a draw
persists after voting, the leading player can decide which option wins", §3.8): each living
survivor's seat votes in turn, then the votes are counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.core.typed_actions import TypedAction
from deadboard.games.day_night_z import phrases
from deadboard.games.day_night_z.campaign_content import CampaignEffect
from deadboard.games.day_night_z.campaign_state import CampaignState, Hero
from deadboard.games.day_night_z.growth import attribute, check, damage, gain_sp, gain_stress, heal, infect


class Vote(TypedAction):
    KIND = "vote"
    option: int


class Spend(TypedAction):
    """Spend a survival point on the check about to be rolled (``spend yes``) or not."""
    KIND = "spend"

    sp: bool


def targets(state: CampaignState, e: CampaignEffect, actor: str) -> list[Hero]:
    if actor:
        return [state.hero(actor)] if state.hero(actor).alive else []
    if e.who == "leader":
        h = state.leader_hero()
        return [h] if h is not None else []
    return state.living()


def draw_ally(state: CampaignState) -> str:
    """An ally from those not yet with the group (at random), or "" when none is left."""
    taken = {a for h in state.heroes for a in h.allies}
    free = [a for a in state.content.allies if a not in taken]
    return free[state.rng.below(len(free))] if free else ""


def apply_one(state: CampaignState, e: CampaignEffect, actor: str, time: str) -> Steps:
    """Resolve one effect; return the steps it needs (a vote), else nothing."""
    kind = e.kind
    if kind == "vote":
        return (OpenVote(e, actor, time),)
    if kind == "check":
        return _check(state, e, actor, time)
    if kind == "block":
        if state.on_path:
            state.blocked.add(state.on_path)
            state.emit("block", f"The path along {phrases.path_name(state.on_path)} is blocked", {"path": state.on_path})
        return ()
    if kind == "reveal":
        state.revealed.add(e.path)
        state.blocked.discard(e.path)
        state.emit("reveal", f"The path along {phrases.path_name(e.path)} is now a known path", {"path": e.path})
        return ()
    if kind == "forage":
        room = capacity(state) - state.store
        n = max(0, min(e.n, room))
        state.store += n
        state.emit("store", f"{phrases.count(n, 'supply', 'supplies')} go to the warehouse ({state.store} in it)", {"n": n})
        return ()
    if kind == "spoil":
        lost = (state.store + 1) // 2
        state.store -= lost
        state.emit("store", f"The warehouse loses {phrases.count(lost, 'supply', 'supplies')} ({state.store} left)", {"n": -lost})
        return ()
    if kind == "loot":
        lost = min(e.n, state.store)
        state.store -= lost
        state.emit("store", f"The warehouse loses {phrases.count(lost, 'supply', 'supplies')} ({state.store} left)", {"n": -lost})
        return ()
    if kind == "wreck":
        wreck(state, e.facility)
        return ()
    for h in targets(state, e, actor):
        _on_hero(state, h, e)
    return ()


def wreck(state: CampaignState, facility: str) -> None:
    """A facility (or the fence) loses a level: an advanced one becomes basic, a basic one is lost
    and its space on the Shelter map freed. Without a name, one of the built facilities at random."""
    if not facility:
        built = sorted(state.facilities)
        if not built:
            return
        facility = built[state.rng.below(len(built))]
    if facility == "fence":
        if state.fence:
            state.fence = "basic" if state.fence == "advanced" else ""
            state.emit(
                "wreck", f"The perimeter fence is damaged ({'now basic' if state.fence else 'gone'})", {"facility": "fence"}
            )
        return
    level = state.facilities.get(facility, "")
    if level == "advanced":
        state.facilities[facility] = "basic"
    elif level == "basic":
        del state.facilities[facility]
        state.spaces.pop(facility, None)
    else:
        return
    state.store = min(state.store, capacity(state))  # what no longer fits is lost
    state.emit(
        "wreck",
        f"{phrases.facility(state, facility).capitalize()} is wrecked"
        + (" (now basic)" if state.facilities.get(facility) else " (gone)"),
        {"facility": facility},
    )


def capacity(state: CampaignState) -> int:
    level = state.facilities.get("warehouse", "")
    if not level:
        return 0
    cap = state.content.facilities["warehouse"].capacity
    return cap[1] if level == "advanced" else cap[0]


def _on_hero(state: CampaignState, h: Hero, e: CampaignEffect) -> None:
    kind, n = e.kind, e.n
    if kind == "damage":
        damage(state, h, n, "event")
    elif kind == "heal":
        heal(state, h, n)
    elif kind == "stress":
        gain_stress(state, h, n)
    elif kind == "relax":
        gain_stress(state, h, -n)
    elif kind == "sp":
        gain_sp(state, h, n)
    elif kind == "supplies":
        h.supplies = max(0, h.supplies + n)  # he gives what he has
    elif kind == "ammo":
        h.ammo = max(0, h.ammo + n)
    elif kind == "battery":
        h.battery = max(0, h.battery + n)
    elif kind == "infection":
        infect(state, h, n, "event")
    elif kind == "cure":
        h.infection = max(0, h.infection - n)
    elif kind == "item":
        h.items.append(e.item)
        state.emit("item", f"{h.name} takes {state.content.adventure.search[e.item].name}", {"who": h.id})
    elif kind == "ally":
        ally = e.ally if e.ally and not any(e.ally in x.allies for x in state.heroes) else draw_ally(state)
        if ally:
            h.allies.append(ally)
            state.emit(
                "ally", f"{state.content.allies[ally].name} joins {h.name}", {"who": h.id, "ally": ally}
            )
    elif kind == "store":
        n = max(0, min(h.supplies, capacity(state) - state.store))
        h.supplies -= n
        state.store += n
        state.emit("store", f"{h.name} stores {phrases.count(n, 'supply', 'supplies')} ({state.store} in the warehouse)", {"who": h.id})
    elif kind == "take":
        n = min(n, state.store)
        state.store -= n
        h.supplies += n
        state.emit("store", f"{h.name} takes {phrases.count(n, 'supply', 'supplies')} from the warehouse ({state.store} left)", {"who": h.id})
    state.emit("effect", phrases.hero_effect(h.name, kind, n), {"who": h.id, "kind": kind, "n": n})


def _check(state: CampaignState, e: CampaignEffect, actor: str, time: str) -> Steps:
    """``by``: each survivor checks and bears his own outcome; ``best``: the survivor best at it
    checks for the group, whose outcome affects everyone; ``infected``: each infected survivor."""
    if actor:
        return [CheckFor(e, h.id, time, False) for h in targets(state, e, actor)]
    if e.by == "best":
        best = max(state.in_turn_order(), key=lambda h: attribute(state, h, e.attribute, time), default=None)
        return (CheckFor(e, best.id, time, True),) if best is not None else ()
    makers = [h for h in state.living() if h.infection > 0] if e.by == "infected" else state.living()
    return [CheckFor(e, h.id, time, False) for h in makers]


def roll_check(
    state: CampaignState, e: CampaignEffect, who: str, time: str, group: bool, spend: bool
) -> Steps:
    h = state.hero(who)
    if spend:
        h.sp -= 1
    ok = check(state, h, e.attribute, time, e.penalty, 1 if spend else 0)
    follow = e.success if ok else e.fail
    return (Resolve(follow, "" if group else who, time),) if follow else ()


@dataclass(slots=True)
class CheckFor(Auto[CampaignState]):
    """A survivor's check: he is asked first whether he spends a survival point on it ("It must be
    decided before rolling. You can spend a maximum of 1 survival point.", §3.5)."""

    effect: CampaignEffect
    who: str
    time: str
    group: bool

    def run(self, state: CampaignState) -> Steps:
        h = state.hero(self.who)
        if not h.alive:
            return ()
        if h.sp > 0:
            return (AskSpend(h.seat, self.effect, self.who, self.time, self.group),)
        return roll_check(state, self.effect, self.who, self.time, self.group, False)


@classvars(kind="spend")
@dataclass(slots=True)
class AskSpend(Choice[CampaignState, Spend]):
    seat: int
    effect: CampaignEffect
    who: str
    time: str
    group: bool

    def actions(self, state: CampaignState) -> Sequence[Spend]:
        return [*_SPENDS]

    def apply(self, state: CampaignState, action: Spend) -> Steps:
        return roll_check(state, self.effect, self.who, self.time, self.group, action.sp)

    def prompt(self, state: CampaignState) -> str:
        e = self.effect
        return (
            f"{state.hero(self.who).name}: spend a survival point on the {e.attribute.replace('_', ' ')} check"
            f"{' for the group' if self.group else ''}?"
        )


#: the two answers (actions are values; a Spend, with its yes/no field, is slow to make)
_SPENDS: Final = (Spend(False), Spend(True))


@dataclass(slots=True)
class Resolve(Auto[CampaignState]):
    """Resolve ``effects`` in order (for ``actor`` alone when given, else for the group); a vote
    stops here and the rest resolve once it is decided."""

    effects: tuple[CampaignEffect, ...]
    actor: str
    time: str

    def run(self, state: CampaignState) -> Steps:
        for i, e in enumerate(self.effects):
            more = apply_one(state, e, self.actor, self.time)
            if more:
                rest = self.effects[i + 1 :]
                return (*more, Resolve(rest, self.actor, self.time)) if rest else more
        return ()


@dataclass(slots=True)
class OpenVote(Auto[CampaignState]):
    effect: CampaignEffect
    actor: str
    time: str

    def run(self, state: CampaignState) -> Steps:
        state.votes = []
        voters = state.in_turn_order()
        return (
            *(CastVote(h.seat, self.effect) for h in voters),
            CountVotes(self.effect, self.actor, self.time),
        )


@classvars(kind="vote")
@dataclass(slots=True)
class CastVote(Choice[CampaignState, Vote]):
    seat: int
    effect: CampaignEffect

    def actions(self, state: CampaignState) -> Sequence[Vote]:
        return [Vote(i + 1) for i in range(len(self.effect.options))]

    def apply(self, state: CampaignState, action: Vote) -> Steps:
        state.votes.append(action.option)
        return ()

    def prompt(self, state: CampaignState) -> str:
        opts = "; ".join(f"{i + 1}: {o.text}" for i, o in enumerate(self.effect.options))
        return f"Vote for the group's decision — {opts}"


@dataclass(slots=True)
class CountVotes(Auto[CampaignState]):
    effect: CampaignEffect
    actor: str
    time: str

    def run(self, state: CampaignState) -> Steps:
        """Most votes win; "if a draw persists after voting, the leading player can decide which
        option wins" — his own vote among the tied options (§3.8)."""
        counts = [state.votes.count(i + 1) for i in range(len(self.effect.options))]
        top = max(counts)
        tied = [i for i, c in enumerate(counts) if c == top]
        choice = tied[0]
        if len(tied) > 1:
            voters = state.in_turn_order()
            leader_vote = state.votes[0] - 1 if voters and state.votes else tied[0]
            choice = leader_vote if leader_vote in tied else tied[0]
        option = self.effect.options[choice]
        state.emit("vote", f"The group decides: {option.text} (votes: "
            + ", ".join(f"{c} for {o.text}" for c, o in zip(counts, self.effect.options, strict=True)) + ")", {"option": choice + 1})
        state.votes = []
        return (Resolve(option.effects, self.actor, self.time),) if option.effects else ()
