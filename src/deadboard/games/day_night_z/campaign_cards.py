"""Cards outside the adventure: health cards (bandages, first aid kits, painkillers, vaccines) used
in the shelter and on the road; food, ammo boxes and batteries used in the shelter.

§4.1: "Many search cards obtained in DNZ are consumables (painkillers, first aid kit, flares,
bandages, etc.). In order to use this kind of card, the survivor only has to declare his intention.
Occasionally, the use will be conditioned by an attribute check (example: first aid kit)". §3.7:
"Healing: During the game, survivors can heal using vaccines, staying in the shelter, etc." §3.3:
"survivors can heal in different ways (using supplies, search cards, ...)".

    in the shelter   in his visit, by day or by night, without taking its action (a free action)
    on the road      at every stop of the route ("players will have to stop at every ... terrain
                     icon"), once the stop's events are resolved, each survivor in turn
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.core.typed_actions import TypedAction
from deadboard.games.day_night_z.campaign_state import CampaignState, Hero
from deadboard.games.day_night_z.content import SearchCard
from deadboard.games.day_night_z.effects import Spend
from deadboard.games.day_night_z.growth import check, gain_stress, heal, perk_total, sheet
from deadboard.games.day_night_z.records import Item


class UseCard(TypedAction):
    """Use a health card the survivor carries (§4.1)."""
    KIND = "use-card"

    item: str


class GoOn(TypedAction):
    """Use no card at this stop."""
    KIND = "go-on"


def usable(state: CampaignState, h: Hero, card: Item) -> bool:
    """A health card that would do something now: heal the wounded, calm the stressed, cure the
    infected (as in the adventure, a card is not wasted)."""
    return card.group == "health" and bool(
        (card.heal and h.health < sheet(state, h).health)
        or (card.stress < 0 and h.stress > 0)
        or (card.cure and h.infection > 0)
    )


def stock(card: Item | SearchCard) -> bool:
    """A card whose use fills the backpack's counters (food: supplies; an ammo box: ammo; batteries:
    battery, §4.2): in the shelter it is always worth something, the counters being carried from
    one adventure to the next and fed on there."""
    return card.consumable and bool(card.supply or card.ammo_gain or card.battery_gain)


def card_actions(state: CampaignState, h: Hero, shelter: bool = False) -> list[UseCard]:
    """The cards the survivor may use now: health cards that would do something, and in the shelter
    also the cards that fill his counters."""
    search = state.content.adventure.items
    return [
        UseCard(i)
        for i in dict.fromkeys(h.items)
        if usable(state, h, search[i]) or (shelter and stock(search[i]))
    ]


def use_card(state: CampaignState, h: Hero, item: str, time: str) -> Steps:
    """The card is spent; its check, if it asks one, uses the values of the time of day (§3.1) and
    waits for the survivor's decision to spend a survival point on it ("The survivors may try to
    improve the success chance of any roll", §3.5, whose own example is a card's check; as in the
    adventure); on a success, or with no check, its effects."""
    card = state.content.adventure.search[item]
    h.items.remove(item)
    state.emit("use", f"{h.name} uses {card.name}", {"who": h.id, "card": item})
    if card.check and h.sp > 0:
        return (AskCardSpend(h.seat, h.id, item, time),)
    card_effects(state, h, item, time, spend=False)
    return ()


def card_effects(state: CampaignState, h: Hero, item: str, time: str, spend: bool) -> None:
    """The card's check (with the survival point if spent), then on a success its effects."""
    card = state.content.adventure.search[item]
    if spend:
        h.sp -= 1
    if card.check and not check(
        state,
        h,
        card.check,
        time,
        spent=1 if spend else 0,
        what=f"{card.name} ({card.check.replace('_', ' ')})",
    ):
        return
    if card.heal:
        heal(state, h, card.heal + perk_total(state, h, "card-heal"))
    gain_stress(state, h, card.stress)
    h.infection = max(0, h.infection - card.cure)
    h.supplies += card.supply
    h.ammo += card.ammo_gain
    h.battery += card.battery_gain


@classvars(kind="spend")
@dataclass(slots=True)
class AskCardSpend(Choice[CampaignState, Spend]):
    """Before a card's check is rolled: spend a survival point on it or not (§3.5)."""

    seat: int
    who: str
    item: str
    time: str

    def actions(self, state: CampaignState) -> Sequence[Spend]:
        return [Spend(False), Spend(True)]

    def apply(self, state: CampaignState, action: Spend) -> Steps:
        card_effects(state, state.hero(self.who), self.item, self.time, action.sp)
        return ()

    def prompt(self, state: CampaignState) -> str:
        card = state.content.adventure.search[self.item]
        return f"{state.hero(self.who).name}: spend a survival point on the {card.name}'s check?"


@dataclass(slots=True)
class TendMore(Auto[CampaignState]):
    """After a card: the survivor is asked again while another card would do something."""

    seat: int
    who: str

    def run(self, state: CampaignState) -> Steps:
        h = state.hero(self.who)
        return (TendChoice(self.seat, self.who),) if h.alive and card_actions(state, h) else ()


@dataclass(slots=True)
class Tend(Auto[CampaignState]):
    """A stop of the route: each survivor in turn may use his health cards."""

    def run(self, state: CampaignState) -> Steps:
        return [TendChoice(h.seat, h.id) for h in state.in_turn_order() if card_actions(state, h)]


@classvars(kind="tend")
@dataclass(slots=True)
class TendChoice(Choice[CampaignState, UseCard | GoOn]):
    seat: int
    who: str

    def actions(self, state: CampaignState) -> Sequence[UseCard | GoOn]:
        h = state.hero(self.who)
        if not h.alive:
            return []
        return [GoOn(), *card_actions(state, h)]

    def apply(self, state: CampaignState, action: UseCard | GoOn) -> Steps:
        if isinstance(action, GoOn):
            return ()
        h = state.hero(self.who)
        return (*use_card(state, h, action.item, state.time), TendMore(self.seat, self.who))

    def prompt(self, state: CampaignState) -> str:
        return f"{state.hero(self.who).name}: use a health card at this stop?"
