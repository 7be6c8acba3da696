"""The Level-Up phase (rulebook §Victory Points, §The Level-Up Phase, §Perk Cards).

"Each time your squad passes a milestone, you have earned the privilege of gaining a perk card."
Milestones are every 5 spaces of the progress track, which a squad moves along by its VP. "Reveal
cards from the top of the perk deck equal to the number of players plus one. Following turn order,
each player who passed a milestone ... will have the option to select a perk card." A squad that
passed two milestones chooses twice."""

from __future__ import annotations

from dataclasses import dataclass

from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.core.typed_actions import TypedAction
from deadboard.games.zpocalypse_2 import phrases
from deadboard.games.zpocalypse_2.state import Squad, ZState
from deadboard.games.zpocalypse_2.survivors import person


class TakePerk(TypedAction):
    KIND = "perk"
    card: str
    who: str


class SkipPerk(TypedAction):
    """Choose no perk: the milestone is wasted."""

    KIND = "waste"


SKIP = SkipPerk()


def gain_vp(state: ZState, q: Squad, n: int) -> None:
    """Move the squad ``n`` VP along the progress track, noting the milestones it passes."""
    every = state.content.rules.milestone_every
    before = q.vp
    q.vp += n
    q.levels += q.vp // every - before // every


def end_tally(state: ZState, q: Squad) -> dict[str, int]:
    """The squad's end-game victory points, counted when the chapter ends (the progress track is
    not moved by them): each survivor alive ("End game victory point tally for keeping this
    survivor alive"), each weapon equipped, carried or in the private stash ("End game victory
    point value for keeping this weapon in your inventory") and each critical wound on a survivor
    alive ("In the Zpocalypse, battle scars are a mark of pride")."""
    content = state.content
    weapons = content.weapon_by_id
    wounds = {w.id: w.vp for w in content.wounds}
    survivors = sum(content.survivor_by_id[p.card].vp for p in q.people)
    held = [p.weapon for p in q.people if p.weapon is not None] + q.items + q.stash
    armed = sum(weapons[c].vp for c in held if c in weapons)
    scars = sum(wounds.get(w, 0) for p in q.people for w in p.wounds)
    return {"survivors": survivors, "weapons": armed, "wounds": scars, "total": survivors + armed + scars}


@dataclass(slots=True)
class LevelUp(Auto[ZState]):
    """ "Whenever any player passes a milestone, there will be a Level-Up phase immediately after the
    current phase.\""""

    def run(self, state: ZState) -> Steps:
        seats = tuple(q.seat for q in state.living() for _ in range(q.levels))
        for q in state.squads:
            q.levels = 0
        if not seats:
            return ()
        deck = state.decks["perk"]
        shown = tuple(deck[: len(state.squads) + 1])
        del deck[: len(shown)]
        state.phase = "level-up"
        state.emit("level-up", f"Level-up: the perks revealed are {phrases.names(state, shown)}")
        return (ChoosePerk(seats, 0, shown, False),)


def eligible(state: ZState, q: Squad, card: str) -> list[str]:
    """The survivors of ``q`` who may take ``card``: "In order to gain a mutation, you must be able
    to remove one Radiation token from the survivor that perk would be assigned to.\""""
    perk = state.content.perk_by_id[card]
    return [p.card for p in q.people if perk.type != "mutation" or p.rad > 0]


@classvars(kind="perk")
@dataclass(slots=True)
class ChoosePerk(Choice[ZState, TypedAction]):
    seats: tuple[int, ...]
    at: int
    shown: tuple[str, ...]
    redrawn: bool

    @property
    def seat(self) -> int:  # type: ignore[override]
        return self.seats[self.at]

    def actions(self, state: ZState) -> list[TypedAction]:
        q = state.squads[self.seat]
        if not q.alive:
            return []
        out: list[TypedAction] = [
            TakePerk(c, who) for c in sorted(set(self.shown)) for who in eligible(state, q, c)
        ]
        out.append(SKIP)
        return out

    def apply(self, state: ZState, action: TypedAction) -> Steps:
        shown = list(self.shown)
        q = state.squads[self.seat]
        if isinstance(action, TakePerk):
            perk = state.content.perk_by_id[action.card]
            p = person(q, action.who)
            if perk.type == "mutation":
                p.rad -= 1
            p.stats[perk.stat] += perk.change
            p.perks.append(perk.id)
            if perk.stat == "defence":
                q.defence += perk.change
            shown.remove(action.card)
            if state.decks["perk"]:
                shown.append(state.decks["perk"].pop(0))
            state.emit("perk", f"{phrases.name(state, p.card)} gains the perk {perk.name}")
        else:
            state.emit("perk", f"Squad {self.seat + 1} takes no perk")
        if self.at + 1 < len(self.seats):
            nxt = ChoosePerk(self.seats, self.at + 1, tuple(shown), False)
            return (nxt,)
        state.decks["perk"][0:0] = shown  # "put the remaining perks back on top of the deck"
        return ()

    def prompt(self, state: ZState) -> str:
        return f"Squad {self.seat + 1}: choose a perk for one of your survivors, or waste the milestone"
