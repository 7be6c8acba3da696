"""Rulebook §7, the Shelter Phase, day after day:

    day:   each survivor in turn visits one facility (if he wishes) and makes one action there
    night: each survivor in turn visits one facility (if he wishes) and makes one action there
    the group faces one Shelter event (one roll on the table)
    each survivor makes a feeding check
    the leader keeps the time; the group stays another day or leaves together

In his turn a survivor may also spend the group's victory points (build, upgrade), his own
survival points (skills) and his health cards (campaign_cards.py) before his action; none takes his
visit. Checks by day use the yellow values, by night the white ones. At the end of the day the
survivors' skills and allies do their day's work (skill_effects.py). With the ``overstay`` option,
each day the group stays longer than the next adventure allows (its days in the campaign book) rolls
on the overstay events instead of the daily table. The second kind of shelter event, the adventure
phase events, strikes while the group is in the city (campaign.EndAdventure).

This module holds the rules of each part of the day; the campaign lays out the days and what follows
them (``campaign.ShelterDay``, ``AskDepart``, ``Depart``: the group leaves for the next chapter).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from deadboard.core.action import Action
from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.core.typed_actions import TypedAction
from deadboard.games.day_night_z import facilities as F
from deadboard.games.day_night_z import phrases
from deadboard.games.day_night_z.campaign_cards import UseCard, card_actions, use_card
from deadboard.games.day_night_z.campaign_state import CampaignState
from deadboard.games.day_night_z.effects import Resolve, capacity
from deadboard.games.day_night_z.growth import buy_skill, buyable, damage, heal, sheet
from deadboard.games.day_night_z.skill_effects import total

#: days over the adventure's allowance after which the group must leave (a finite campaign)
MOST_DAYS_OVER: Final = 3


class Stay(TypedAction):
    """The group stays another day in the shelter."""
    KIND = "stay"


class Leave(TypedAction):
    """The group leaves the shelter together for the next adventure."""
    KIND = "leave"


@classvars(kind="visit")
@dataclass(slots=True)
class Visit(Choice[CampaignState, Action]):
    """A survivor's turn in the shelter by day or by night."""

    seat: int
    who: str
    time: str

    def actions(self, state: CampaignState) -> Sequence[Action]:
        h = state.hero(self.who)
        if not h.alive:
            return []
        out: list[Action] = [*F.usable(state)]
        out += [F.Build(f) for f in F.buildable(state)]
        out += [F.Upgrade(f) for f in F.upgradable(state)]
        out += [F.Learn(s) for s in buyable(state.content, h)]
        out += card_actions(state, h, shelter=True)
        out.append(F.Idle())
        return out

    def apply(self, state: CampaignState, action: Action) -> Steps:
        h = state.hero(self.who)
        if isinstance(action, F.Build):
            F.build(state, action.facility, h.id)
            return (self,)
        if isinstance(action, F.Upgrade):
            F.upgrade(state, action.facility, h.id)
            return (self,)
        if isinstance(action, F.Learn):
            buy_skill(state, h, action.skill)
            return (self,)
        if isinstance(action, UseCard):
            return (*use_card(state, h, action.item, self.time), self)
        if isinstance(action, F.Use):
            act = F.facility_action(state, action.facility, action.action)
            if act.vp:
                F.spend(state, act.vp, f"{action.facility} {act.id}", h.id)
            state.emit("visit", f"{h.name} visits {phrases.facility(state, action.facility)} by {self.time}: {act.text}", {"who": h.id})
            return (Resolve(act.effects, h.id, self.time),)
        return ()

    def prompt(self, state: CampaignState) -> str:
        return f"{state.hero(self.who).name}: visit a facility by {self.time} ({state.vp} VP)"


#: the shelter event tables and their names in the log
TABLES: Final = {
    "event": "the shelter events",
    "adventure": "the adventure phase events",
    "overrun": "the overstay events",
}


@dataclass(slots=True)
class ShelterEvent(Auto[CampaignState]):
    """ "Survivors will face a Shelter event as a group ... roll once in the Shelter events table."
    With the ``overstay`` option, a day beyond the next adventure's allowance rolls on the overstay
    table instead (authored). ``table`` "adventure": an adventure phase event (§7, AdventureEvent)."""

    table: str = ""

    def run(self, state: CampaignState) -> Steps:
        table = self.table or ("overrun" if overstaying(state) else "event")
        face = state.rng.roll_die(state.die)
        event = state.content.event(face, table)
        effects = event.effects
        if state.fence == "advanced" and event.fence_advanced is not None:
            effects = event.fence_advanced
        elif state.fence and event.fence is not None:
            effects = event.fence
        state.emit(
            "event",
            f"{TABLES[table].capitalize()}: the die shows {phrases.faces([face])} — {event.name}: {event.text}",
            {"face": face, "table": table, "over": table == "overrun"},
        )
        return (Resolve(effects, "", "day"),)


def overstaying(state: CampaignState) -> bool:
    """The ``overstay`` option: the group is in the shelter longer than the next adventure allows."""
    if not state.setup.options.get("overstay") or state.chapter >= len(state.content.chapters):
        return False
    return state.days > state.content.chapters[state.chapter].days


@dataclass(slots=True)
class Feeding(Auto[CampaignState]):
    """ "Each survivor makes a feeding check": as at 03:00 PM (§3.1), he spends as many supplies as his
    sheet shows — his own, then the warehouse's — losing 1 health per supply not satisfied; each
    supply eaten grants 1 health point."""

    def run(self, state: CampaignState) -> Steps:
        for h in state.in_turn_order():
            need = sheet(state, h).supply_use
            own = min(h.supplies, need)
            h.supplies -= own
            stored = min(state.store, need - own)
            state.store -= stored
            short = need - own - stored
            state.emit(
                "feed",
                f"{h.name} eats {own + stored} of the {phrases.count(need, 'supply', 'supplies')} needed ({stored} from the warehouse)",
                {"who": h.id, "eaten": own + stored, "short": short},
            )
            heal(state, h, own + stored)
            if short:
                damage(state, h, short, "hunger")
        return ()


@dataclass(slots=True)
class AlliesAndSkills(Auto[CampaignState]):
    """The day's work of the survivors' skills and allies (authored, skill_effects.py): a medic's
    ``rounds`` heal every wounded survivor of the group (the best medic's, once a day); a ``daily``
    perk heals its survivor, gives him ammo or puts supplies in the warehouse."""

    def run(self, state: CampaignState) -> Steps:
        living = state.in_turn_order()
        rounds = max((total(sheet(state, h).perks, "rounds", False) for h in living), default=0)
        if rounds:
            for h in living:
                if h.health < sheet(state, h).health:
                    heal(state, h, rounds)
                    state.emit("rounds", f"the medic's rounds: {h.name} heals to {h.health}", {"who": h.id})
        for h in living:
            for p in sheet(state, h).perks:
                if p.kind != "daily":
                    continue
                if p.gain == "heal" and h.health < sheet(state, h).health:
                    heal(state, h, p.n)
                    state.emit("daily", f"{h.name} heals to {h.health} (an ally)", {"who": h.id})
                elif p.gain == "ammo":
                    h.ammo += p.n
                    state.emit("daily", f"{h.name} gains {p.n} ammo (an ally)", {"who": h.id})
                elif p.gain == "forage":
                    n = max(0, min(p.n, capacity(state) - state.store))
                    state.store += n
                    state.emit("daily", f"{n} supplies go to the warehouse (an ally)", {"who": h.id})
        return ()
