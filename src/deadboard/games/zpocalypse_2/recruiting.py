"""Recruiting new survivors, survivor overflow, trading survivors and a wiped-out squad rejoining
(rulebook §Recruiting New Survivors, §Survivor Overflow, §Trading Survivors, §Squad Death).

"Whenever the story booklet indicates that one or more new survivors are available, draw a number of
survivors indicated by the story booklet." Found survivors are "recruited last, after the items",
drafted in the order of the scavenging party's tokens by squads with room (a squad holds at most
``squad_size`` survivors). "If survivors are drawn and no squad has room for them, discard that
survivor, and increase the Doom Track by +1."

"Players may trade survivors between squads during the Neighborhood meeting. There is no cost for
giving a survivor from one squad to the next; however, that survivor transfers with their current
HP, and with any perks or wounds attached." A squad keeps at least one survivor; the survivor keeps
the weapon it holds.
"""

from __future__ import annotations

from dataclasses import dataclass

from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.core.typed_actions import TypedAction
from deadboard.games.zpocalypse_2 import phrases
from deadboard.games.zpocalypse_2.content import STATS
from deadboard.games.zpocalypse_2.state import Person, Squad, ZState
from deadboard.games.zpocalypse_2.survivors import overflow


class Recruit(TypedAction):
    KIND = "recruit"
    who: str


class Hand(TypedAction):
    """Give a survivor to another squad at the neighbourhood meeting."""

    KIND = "hand"

    who: str
    seat: int


class Settled(TypedAction):
    """No more survivors to give."""

    KIND = "settled"


SETTLED = Settled()


def room(state: ZState, q: Squad) -> bool:
    return q.alive and len(q.people) < state.content.rules.squad_size


def new_person(state: ZState, card_id: str) -> Person:
    card = state.content.survivor_by_id[card_id]
    return Person(card.id, card.hp, {k: getattr(card, k) for k in STATS}, card.weapon)


def draw_survivors(state: ZState, n: int) -> tuple[str, ...]:
    deck = state.decks["survivor"]
    drawn = tuple(deck[: min(n, len(deck))])
    del deck[: len(drawn)]
    return drawn


@dataclass(slots=True)
class Recruiting(Auto[ZState]):
    """The survivors ``found`` are offered to the squads in ``order`` (seats, repeating)."""

    order: tuple[int, ...]
    found: tuple[str, ...]
    at: int = 0

    def run(self, state: ZState) -> Steps:
        if not self.found:
            return ()
        order = self.order
        # "no squad has room": after the party's squads, every other squad in turn order
        rest = tuple(q.seat for q in state.in_order() if q.seat not in order)
        if rest:
            return (Recruiting((*order, *rest), self.found, self.at),)
        n = len(self.order)
        for k in range(n):
            seat = self.order[(self.at + k) % n]
            if room(state, state.squads[seat]):
                return (ChooseRecruit(self.order, self.found, self.at + k, seat),)
        for card in self.found:
            state.emit("overflow", f"No squad has room for {phrases.name(state, card)}: the survivor is lost")
            state.move_doom(1, f"{phrases.name(state, card)} could not be taken in")
        return ()


@classvars(kind="recruit")
@dataclass(slots=True)
class ChooseRecruit(Choice[ZState, Recruit]):
    order: tuple[int, ...]
    found: tuple[str, ...]
    at: int
    seat: int

    def actions(self, state: ZState) -> list[Recruit]:
        return [Recruit(c) for c in sorted(set(self.found))]

    def apply(self, state: ZState, action: Recruit) -> Steps:
        q = state.squads[self.seat]
        p = new_person(state, action.who)
        q.people.append(p)
        # the survivor comes with the weapon printed on the card (not from the armory deck)
        state.emit(
            "recruit", f"Squad {self.seat + 1} takes in {phrases.name(state, action.who)}", {"cards": int(p.weapon is not None)}
        )
        left = list(self.found)
        left.remove(action.who)
        return (Recruiting(self.order, tuple(left), self.at + 1),)

    def prompt(self, state: ZState) -> str:
        return f"Squad {self.seat + 1}: which survivor joins your squad?"


@classvars(kind="hand")
@dataclass(slots=True)
class TradeSurvivors(Choice[ZState, TypedAction]):
    """Each player in turn order may give survivors to other squads, then says it is settled."""

    seats: tuple[int, ...]
    at: int

    @property
    def seat(self) -> int:  # type: ignore[override]
        return self.seats[self.at]

    def actions(self, state: ZState) -> list[TypedAction]:
        q = state.squads[self.seat]
        out: list[TypedAction] = []
        if len(q.people) > 1:
            for o in state.in_order():
                if o is not q and room(state, o):
                    out.extend(Hand(p.card, o.seat) for p in q.people)
        out.append(SETTLED)
        return out

    def apply(self, state: ZState, action: TypedAction) -> Steps:
        if isinstance(action, Hand):
            q = state.squads[self.seat]
            p = next(x for x in q.people if x.card == action.who)
            q.people.remove(p)
            state.squads[action.seat].people.append(p)
            state.emit("hand", f"Squad {self.seat + 1} gives {phrases.name(state, p.card)} to squad {action.seat + 1}")
            return (*overflow(state, q), self)
        if self.at + 1 < len(self.seats):
            return (TradeSurvivors(self.seats, self.at + 1),)
        return ()

    def prompt(self, state: ZState) -> str:
        return f"Squad {self.seat + 1}: give a survivor to another squad, or settle?"


def rejoin(state: ZState) -> None:
    """ "A player who's entire squad was eliminated will rejoin the game at the end of the phase with
    two random survivors, each with two random armory cards. Subtract your current chapter number
    from each new survivor's HP wheels." The first armory card is equipped, the second carried."""
    if not state.living():
        return
    for q in state.squads:
        if q.alive:
            continue
        for _ in range(2):
            deck = state.decks["survivor"]
            if not deck:
                break
            card = state.content.survivor(deck.pop(state.rng.below(len(deck))))
            armory = state.decks["armory"]
            drawn = [armory.pop(0) for _ in range(min(2, len(armory)))]
            stats = {k: getattr(card, k) for k in STATS}
            hp = max(1, card.hp - state.scenario.chapter)
            q.people.append(Person(card.id, hp, stats, drawn[0] if drawn else None))
            q.items.extend(drawn[1:])
        if q.people:
            state.emit("rejoin", f"Squad {q.seat + 1} rejoins with {phrases.names(state, [p.card for p in q.people])}")
