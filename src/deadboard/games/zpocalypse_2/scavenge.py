"""Task #1 — Scavenge (rulebook §Assigning Day Tasks).

"Whichever player assigned a survivor to the first slot in the scavenging party is the party leader
... Once a location is found, and the narrative is read, players will be faced with a choice. Once a
choice has been made, the party leader creates the action pool rolling 2d6 for each survivor in the
scavenging party ... each challenge must be completed by a single survivor, and each survivor can
only allocate as many dice as they have in the associated skill." The location is found with a D6
among the chapter's locations; the survivor who tries puts in the highest dice of the pool (never
worse). "Players draft cards from the loot pool, one card per player at a time, following the order
of tokens in the scavenging party." Loot goes to the drafting squad's carried items."""

from __future__ import annotations

from dataclasses import dataclass

from deadboard.core.dice import D6, DicePool
from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.core.typed_actions import TypedAction
from deadboard.games.zpocalypse_2 import phrases
from deadboard.games.zpocalypse_2.content import Location
from deadboard.games.zpocalypse_2.objectives import advance_goal
from deadboard.games.zpocalypse_2.recruiting import Recruiting, draw_survivors
from deadboard.games.zpocalypse_2.state import ZD6, ZState
from deadboard.games.zpocalypse_2.survivors import hurt_person, overflow, person
from deadboard.games.zpocalypse_2.traits import passive


class Choose(TypedAction):
    KIND = "option"
    number: int


class Try(TypedAction):
    KIND = "try"
    who: str


class Loot(TypedAction):
    KIND = "loot"
    card: str


def location_for(state: ZState) -> Location:
    here = [loc for loc in state.content.locations if state.scenario.id in loc.chapters]
    return here[(D6.roll(state.rng) - 1) % len(here)]


def owner(state: ZState, who: str) -> int:
    for q in state.squads:
        if any(p.card == who for p in q.people):
            return q.seat
    raise KeyError(who)


@dataclass(slots=True)
class Scavenge(Auto[ZState]):
    party: tuple[str, ...]  # survivors in the order of their tokens

    def run(self, state: ZState) -> Steps:
        party = tuple(w for w in self.party if any(p.card == w for q in state.squads for p in q.people))
        if not party:
            return ()
        loc = location_for(state)
        state.emit("scavenge", f"The scavenging party reaches {loc.name}. {loc.text}")
        return (PickOption(owner(state, party[0]), party, loc.id),)


@classvars(kind="option")
@dataclass(slots=True)
class PickOption(Choice[ZState, Choose]):
    seat: int
    party: tuple[str, ...]
    location: str

    def _loc(self, state: ZState) -> Location:
        return next(loc for loc in state.content.locations if loc.id == self.location)

    def actions(self, state: ZState) -> list[Choose]:
        return [Choose(i + 1) for i in range(len(self._loc(state).option))]

    def apply(self, state: ZState, action: Choose) -> Steps:
        opt = self._loc(state).option[action.number - 1]
        state.emit("scavenge-choice", f"The party leader chooses: {opt.text} ({opt.skill.replace('_', ' ')} {opt.target})")
        pool = DicePool.roll(state.rng, [ZD6] * (2 * len(self.party))).sorted(reverse=True)
        state.emit(
            "scavenge-pool", "The party rolls " + " ".join(map(str, pool.faces)), {"dice": list(pool.faces)}
        )
        return (PickTrier(self.seat, self.party, self.location, action.number, pool.faces),)

    def prompt(self, state: ZState) -> str:
        loc = self._loc(state)
        opts = "; ".join(f"{i + 1}: {o.text} ({o.skill.replace('_', ' ')} {o.target})" for i, o in enumerate(loc.option))
        return f"Squad {self.seat + 1}, party leader at {loc.name}: {opts}"


@classvars(kind="try")
@dataclass(slots=True)
class PickTrier(Choice[ZState, Try]):
    seat: int
    party: tuple[str, ...]
    location: str
    option: int
    faces: tuple[int, ...]  # highest first

    def actions(self, state: ZState) -> list[Try]:
        return [Try(w) for w in self.party]

    def apply(self, state: ZState, action: Try) -> Steps:
        loc = next(loc for loc in state.content.locations if loc.id == self.location)
        opt = loc.option[self.option - 1]
        q = state.squads[owner(state, action.who)]
        p = person(q, action.who)
        # a passive "scrounge" day trait adds its AP to the survivor's dice
        total = sum(self.faces[: p.stats[opt.skill]]) + passive(state, p, "scrounge")
        if total >= opt.target:
            state.emit(
                "scavenge-success",
                f"{phrases.name(state, p.card)} puts up {total} AP: success",
                {"total": total, "need": opt.target},
            )
            advance_goal(state, p.card, "scavenge")
            cards: list[str] = []
            for deck_name, n in (("armory", opt.armory), ("food", opt.food), ("resource", opt.resource)):
                deck = state.decks[deck_name]
                cards.extend(deck[:n])
                del deck[:n]
            order = tuple(owner(state, w) for w in self.party)
            # "Any survivors found must be recruited last, after the items."
            found = draw_survivors(state, opt.survivors)
            after = (Recruiting(order, found),) if found else ()
            if not cards:
                return after
            return (Draft(order, 0, tuple(cards)), *after)
        state.emit(
            "scavenge-failure", f"{phrases.name(state, p.card)} puts up {total} AP: failure", {"total": total, "need": opt.target}
        )
        if opt.doom:
            state.move_doom(opt.doom, "a failed scavenging run")
        if opt.hurt:
            hurt_person(state, q, p, opt.hurt, "a failed scavenging run")
        return ()

    def prompt(self, state: ZState) -> str:
        return f"Squad {self.seat + 1}: who takes on the challenge (pool {' '.join(map(str, self.faces))})?"


@classvars(kind="loot")
@dataclass(slots=True)
class Draft(Choice[ZState, Loot]):
    order: tuple[int, ...]
    at: int
    cards: tuple[str, ...]

    @property
    def seat(self) -> int:  # type: ignore[override]
        return self.order[self.at % len(self.order)]

    def actions(self, state: ZState) -> list[Loot]:
        return [Loot(c) for c in sorted(set(self.cards))]

    def apply(self, state: ZState, action: Loot) -> Steps:
        q = state.squads[self.seat]
        q.items.append(action.card)
        state.emit("loot", f"Squad {self.seat + 1} takes the {phrases.name(state, action.card)}")
        after = overflow(state, q)
        left = list(self.cards)
        left.remove(action.card)
        if not left:
            return after
        at = self.at + 1
        for _ in range(len(self.order)):
            if state.squads[self.order[at % len(self.order)]].alive:
                break
            at += 1
        return (*after, Draft(self.order, at, tuple(left)))

    def prompt(self, state: ZState) -> str:
        return f"Squad {self.seat + 1}: take a card from the loot"
