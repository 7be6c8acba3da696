"""Rulebook §2: the game turn — the Actions phase (the leader orders the activations; AP from the
health level; AP kept in reserve), the City Encounter phase, the Threat phase (a threat card from the
bottom of the deck: zombie activation by side A, the threat of side B, the adjustments), and §3.1's
hourly effects of the Day-Night counter.

    stack (top on the right)
    [Round]                          -> [Round', CityPhase, Activate(b), Activate(a)]
    [..., Activate(a)]               -> [..., Turn(a)]          a's decisions until the AP run out
    [..., CityPhase]                 -> [..., ThreatPhase, Encounter(a)]: a survivor with reserve AP
                                        may act on after his encounter (Turn); no encounter: the
                                        Threat phase at once, within the step
    [..., ThreatPhase]               -> card, zombies, threat, adjustments, fire, end of turn
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.core.tracks import Clock
from deadboard.games.day_night_z import phrases, skill_effects
from deadboard.games.day_night_z import survivor_actions as acts
from deadboard.games.day_night_z.actions import First, LowerThreat, Stay, Unhide, made_once
from deadboard.games.day_night_z.adventure import check_end
from deadboard.games.day_night_z.cards import ResolveEffects, draw_card, meets, resolve
from deadboard.games.day_night_z.concepts import (
    corpse_roll,
    damage,
    disperse_noise,
    gain_sp,
    heal,
    health_level,
    raise_threat,
    roll,
    skulls,
)
from deadboard.games.day_night_z.content import Effect
from deadboard.games.day_night_z.enemies import activate_all, hurt_enemy
from deadboard.games.day_night_z.inventory import MakeRoom, overloaded, set_out
from deadboard.games.day_night_z.lowering import lower, offer, offer_for_seat
from deadboard.games.day_night_z.records import Threat
from deadboard.games.day_night_z.spawn import hunter_icon
from deadboard.games.day_night_z.state import DNZState, Survivor


@dataclass(slots=True)
class SetOut(Auto[DNZState]):
    """Before the first turn each survivor's cards are in his hands, on his body or in his
    backpack; one who carries more than the backpack holds lets go of cards first (a campaign's
    survivors bring what they had)."""

    def run(self, state: DNZState) -> Steps:
        out: list[Any] = []
        for s in state.living():
            set_out(state, s)
            if overloaded(state, s):
                out.append(MakeRoom(s.seat, s.id))
        return out


@dataclass(slots=True)
class Round(Auto[DNZState]):
    """The start of a game turn: the leader orders the activations (no decision with one survivor)."""

    def run(self, state: DNZState) -> Steps:
        state.turn += 1
        living = state.living()
        if len(living) == 1:
            return (*activate(state, living[0]), *_REST_OF_ROUND)
        return (Order(state.leader, ()), *_REST_OF_ROUND)


@classvars(kind="order")
@dataclass(slots=True)
class Order(Choice[DNZState, First | LowerThreat]):
    """BENEFITS OF LEADERSHIP: the leader chooses the survivors' activation order (§3.8); the
    leader's survivor may lower the threat first (lowering.py)."""

    seat: int
    chosen: tuple[str, ...]

    def actions(self, state: DNZState) -> list[First | LowerThreat]:
        out: list[First | LowerThreat] = [_first(s.id) for s in state.living() if s.id not in self.chosen]
        lowering = offer_for_seat(state, self.seat)
        if lowering is not None:
            out.append(lowering)
        return out

    def apply(self, state: DNZState, action: First | LowerThreat) -> Steps:
        if isinstance(action, LowerThreat):
            return (*lower(state, state.survivor(action.who)), self)
        chosen = (*self.chosen, action.who)
        left = [s.id for s in state.living() if s.id not in chosen]
        if len(left) > 1:
            return (Order(self.seat, chosen),)
        order = (*chosen, *left)
        state.order = order
        state.emit(
            "order",
            "Activation order: " + ", ".join(state.survivor(x).name for x in order),
            {"order": list(order)},
        )
        return tuple(Activate(x) for x in order)

    def prompt(self, state: DNZState) -> str:
        return f"Leader: which survivor activates {'first' if not self.chosen else 'next'}?"


def _first(who: str) -> First:
    """The leader's choice of a survivor (actions are immutable values: made once and shared)."""
    return made_once(_FIRST_MADE, First, who)


_FIRST_MADE: Final[dict[str, First]] = {}


@dataclass(slots=True)
class Activate(Auto[DNZState]):
    """A survivor's activation begins: his AP are the health level's (§2)."""

    who: str

    def run(self, state: DNZState) -> Steps:
        s = state.survivor(self.who)
        if s.dead:
            return ()
        return activate(state, s)


def activate(state: DNZState, s: Survivor) -> Steps:
    """A living survivor's activation begins (Activate)."""
    colour, s.ap = health_level(state, s)
    s.ap += skill_effects.extra_ap(state, s, colour)
    s.reserve = 0
    s.encounter = False
    s.halted = False
    if s.hidden:
        return (StayHidden(s.seat, s.id),)
    return (acts.turn_step(s.seat, s.id, s.ap),)


@classvars(kind="hidden")
@dataclass(slots=True)
class StayHidden(Choice[DNZState, Stay | Unhide | LowerThreat]):
    """At the beginning of his activation a hidden survivor declares whether he stays hidden among
    corpses; staying, he rolls 3 dice: any infection icon raises his infection 1 level (§4.13)."""

    seat: int
    who: str

    def actions(self, state: DNZState) -> list[Stay | Unhide | LowerThreat]:
        out: list[Stay | Unhide | LowerThreat] = [Stay(self.who), Unhide(self.who)]
        lowering = offer(state, state.survivor(self.who))
        if lowering is not None:
            out.append(lowering)
        return out

    def apply(self, state: DNZState, action: Stay | Unhide | LowerThreat) -> Steps:
        s = state.survivor(self.who)
        if isinstance(action, LowerThreat):
            return (*lower(state, s), self)
        if isinstance(action, Unhide):
            s.hidden = False
            state.emit("hide", f"{s.name} comes out of hiding", {"who": s.id})
        else:
            corpse_roll(state, s, "staying hidden among corpses")
        if s.dead:
            return ()
        return (acts.turn_step(s.seat, s.id, s.ap),)

    def prompt(self, state: DNZState) -> str:
        return f"{state.survivor(self.who).name}: stay hidden among corpses?"


@dataclass(slots=True)
class CityPhase(Auto[DNZState]):
    """2) City Encounter Phase: each city encounter card drawn is resolved now; a survivor with AP
    in reserve may spend them after it."""

    def run(self, state: DNZState) -> Steps:
        pending, state.pending = state.pending, []
        if pending:
            return (*[_encounter(sid) for sid in pending], _THREAT_PHASE)
        if not _goes_on(state):
            return (_THREAT_PHASE,)  # for the kernel to end the game first
        return _THREAT_PHASE.run(state)  # no encounter (most turns): on at once


@dataclass(slots=True)
class Encounter(Auto[DNZState]):
    who: str

    def run(self, state: DNZState) -> Steps:
        s = state.survivor(self.who)
        if s.dead:
            return ()
        cid = draw_card(state, "encounter")
        card = state.content.encounter_cards[cid]
        state.emit("encounter", f"{s.name}'s city encounter: {card.name}", {"who": s.id, "card": cid})
        steps: Steps = ()
        if card.evade and s.reserve > 0:
            s.reserve -= 1
            state.emit("evade", f"{s.name} spends 1 reserve AP to avoid it", {"who": s.id})
        else:
            steps = resolve(state, s, card.effects)
        return (*steps, _after_encounter(self.who))


def _encounter(who: str) -> Encounter:
    """A survivor's city encounter card to resolve (steps are values, made once and shared: a step
    class is made in Python)."""
    return made_once(_ENCOUNTER_MADE, Encounter, who)


_ENCOUNTER_MADE: Final[dict[str, Encounter]] = {}


def _after_encounter(who: str) -> AfterEncounter:
    return made_once(_AFTER_ENCOUNTER_MADE, AfterEncounter, who)


_AFTER_ENCOUNTER_MADE: Final[dict[str, AfterEncounter]] = {}


@dataclass(slots=True)
class AfterEncounter(Auto[DNZState]):
    """After a city encounter card: a survivor with AP in reserve may spend them now."""

    who: str

    def run(self, state: DNZState) -> Steps:
        s = state.survivor(self.who)
        s.halted = False
        if s.dead or s.reserve <= 0:
            return ()
        s.ap, s.reserve = s.reserve, 0
        return (acts.turn_step(s.seat, s.id, s.ap, reserve=True),)


@dataclass(slots=True)
class ThreatPhase(Auto[DNZState]):
    """3) Threat Phase."""

    def run(self, state: DNZState) -> Steps:
        deck = state.deck("threat")
        discards = state.deck("threat-discard")
        if not deck:
            deck.extend(discards)
            discards.clear()
            state.rng.shuffle(deck)
        cid = deck.pop(0)  # from the lower part of the deck
        discards.append(cid)
        card = state.content.threat_rows[cid]
        state.last_threat = cid
        state.emit("threat-card", f"Threat card: {card.attack} (A) / {card.name} (B)", {"card": cid})
        # 3.1 zombie activation
        activate_all(state, card)
        if not _goes_on(state):
            return ()
        # 3.2 threat, then 3.3 adjustments
        steps = threat_b(state, card)
        if steps:
            return (*steps, Adjust(card))
        return adjust(state, card)  # nothing waits for a decision: on at once


def threat_b(state: DNZState, card: Threat) -> Steps:
    """The threat of side B: a rise of the threat once; every other effect for each survivor who
    meets the conditions, one after the other (a check may wait for its survivor's decision)."""
    affected = [s for s in state.living() if meets(state, s, card)]
    if not affected:
        return ()
    state.emit(
        "threat-b",
        f"{card.name}: the threat is activated for {', '.join(s.name for s in affected)}",
        {"card": card.id},
    )
    once = [e for e in card.effects if e.kind == "threat"]
    each = tuple(e for e in card.effects if e.kind != "threat")
    for e in once:
        raise_threat(state, e.n, card.name)
    return tuple(ResolveEffects(s.id, each, "") for s in affected) if each else ()


@dataclass(slots=True)
class Adjust(Auto[DNZState]):
    """3.3 Adjustments: the hourglass (the Day-Night counter's hour may ask for checks) ..."""

    card: Threat

    def run(self, state: DNZState) -> Steps:
        return adjust(state, self.card)


def adjust(state: DNZState, card: Threat) -> Steps:
    """Adjust's work (run inside the step before it when nothing waits for a decision)."""
    steps = advance_clock(state) if card.hourglass else ()
    if steps or not _goes_on(state):
        return (*steps, AdjustIcons(card))
    return adjust_icons(state, card)


@dataclass(slots=True)
class AdjustIcons(Auto[DNZState]):
    """... then the Hunter icon, the infection icon (each infected survivor draws an infection
    card), then noise, fire and the end of the turn."""

    card: Threat

    def run(self, state: DNZState) -> Steps:
        return adjust_icons(state, self.card)


def adjust_icons(state: DNZState, card: Threat) -> Steps:
    """AdjustIcons' work (run inside the step before it when nothing waits for a decision)."""
    if card.hunter:
        hunter_icon(state)
    draws = [DrawInfection(s.id) for s in state.living() if s.infection > 0] if card.infection else []
    if draws or not _goes_on(state):
        return (*draws, _END_THREAT_PHASE)
    end_threat_phase(state)
    return ()


def _goes_on(state: DNZState) -> bool:
    """Whether the next step of the phase may run at once, inside the one before: the game goes on
    and a survivor lives (else the step is returned, for the kernel to end the game first)."""
    if state.over:
        return False
    for s in state.survivors:  # noqa: SIM110 (asked every turn: no generator)
        if not s.dead:
            return True
    return False


@dataclass(slots=True)
class DrawInfection(Auto[DNZState]):
    who: str

    def run(self, state: DNZState) -> Steps:
        s = state.survivor(self.who)
        if s.dead or s.infection <= 0:
            return ()
        return draw_infection(state, s)


@dataclass(slots=True)
class EndThreatPhase(Auto[DNZState]):
    def run(self, state: DNZState) -> Steps:
        end_threat_phase(state)
        return ()


def end_threat_phase(state: DNZState) -> None:
    disperse_noise(state)
    fire(state)
    end_of_turn(state)


#: steps without fields are values every game shares (steps are never changed once made)
_REST_OF_ROUND: Final = (CityPhase(), Round())
_THREAT_PHASE: Final = ThreatPhase()
_END_THREAT_PHASE: Final = EndThreatPhase()


def draw_infection(state: DNZState, s: Survivor) -> Steps:
    cid = draw_card(state, "infection")
    card = state.content.infection_cards[cid]
    level = min(3, s.infection)
    state.emit(
        "infection-card", f"{s.name} draws the infection card {card.name} (level {level})", {"who": s.id}
    )
    return resolve(state, s, getattr(card, f"level{level}"))


#: the 12:00 test: "All infected survivors must make a Strength test. Those who fail increase the
#: infection level by 1 point." (a check like a card's: a survival point may be spent on it)
INFECTION_TEST: Final = Effect(
    kind="check", attribute="strength", what="infection (strength)", fail=(Effect(kind="infection"),)
)


def advance_clock(state: DNZState) -> Steps:
    """The Day-Night counter advances 1 hour; the hour's icons act (§3.1). Returns the checks the
    hour asks for (12:00 AM and PM), each waiting for its survivor's decision on a survival point."""
    state.clock, reaches = hour_later(state.clock)
    hour = state.clock.hour
    state.emit("clock", reaches, {"hour": hour})
    if hour == 7:
        for s in state.living():
            gain_sp(state, s, 1)
        if state.hunter == "board":
            state.enemies = [e for e in state.enemies if e.kind != "hunter"]
        if state.hunter:
            state.emit("hunter", "07:00: the Hunter disappears", {})
        state.hunter = ""
    elif hour in (0, 12):
        return tuple(ResolveEffects(s.id, (INFECTION_TEST,), "") for s in state.living() if s.infection > 0)
    elif hour in (21, 6):
        raise_threat(state, 1, "the night " + ("begins" if hour == 21 else "ends"))
        if hour == 21:
            state.hunter_damage = 0  # the Hunter recovers its full health on every night cycle
    elif hour == 15:
        for s in state.living():
            eat(state, s)
    return ()


def hour_later(clock: Clock) -> tuple[Clock, str]:
    """The Day-Night counter one hour on, and the log line of the hour it reaches (clocks are
    values: each is worked out once, found again by the identity of the clock before it, as
    hashing a clock's fields costs more than the rest of the hour)."""
    found = _LATER.get(id(clock))
    if found is None or found[0] is not clock:
        if len(_LATER) > 4096:
            _LATER.clear()
        later = clock.tick(1)[0]
        later = _CLOCKS.setdefault(later, later)  # one object for equal clocks
        found = _LATER[id(clock)] = (clock, later, f"The Day-Night counter reaches {later.text}")
    return found[1], found[2]


#: each clock's next hour and its log line, by the identity of the clock (hour_later); the clocks
#: met, so that equal clocks are one object
_LATER: Final[dict[int, tuple[Clock, Clock, str]]] = {}
_CLOCKS: Final[dict[Clock, Clock]] = {}


def eat(state: DNZState, s: Survivor) -> None:
    """03:00 PM: spend the supplies of the survivor sheet; each one eaten grants 1 health point and
    each one missing costs 1 health point."""
    need = state.content.survivor(s.id).supply_use
    eaten = min(need, s.supplies)
    s.supplies -= eaten
    heal(state, s, eaten)
    state.emit("eat", f"{s.name} eats {eaten} of the {phrases.count(need, 'supply', 'supplies')} needed", {"who": s.id, "eaten": eaten})
    damage(state, s, need - eaten, "hunger")


def fire(state: DNZState) -> None:
    """At the end of the Threat phase every miniature in or adjacent to a fire marker rolls 1 die:
    a skull costs 1 health point."""
    for tile in list(state.tiles.values()):
        if not tile.markers:
            continue
        fires = [c for c, m in tile.markers.items() if m == "fire"]
        if not fires:
            continue
        near = {c for f in fires for c in (f, *tile.geo.neighbours[f])}
        for s in state.living():
            if s.tile == tile.id and s.cell in near:
                face = roll(state, 1)[0]
                if skulls([face]):
                    damage(state, s, 1, "fire")
        for e in [e for e in state.enemies if e.tile == tile.id and e.cell in near]:
            face = roll(state, 1)[0]
            if skulls([face]):
                hurt_enemy(state, e, 1, None)


def end_of_turn(state: DNZState) -> None:
    for s in state.survivors:
        s.defensive = False
        s.fired = False
        s.noise = 0
        s.slow = ()
        if s.lit > 0:
            s.lit -= 1
    check_end(state)
    if state.over:
        return
    hours, deadline = state.hours, state.deadline
    if hours >= deadline:  # (day - 1) * 24 + hour - start >= deadline
        state.lost = f"the deadline was reached ({state.clock.text})"
        state.emit("end", f"The adventure is lost: {state.lost}", {})
        state.end()
