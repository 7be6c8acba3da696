"""Survivors hurt and killed (rulebook §Taking Damage, §Critical Wounds, §Survivor Death, §Squad
Death) and what a squad carries (§Carrying Items, §Your Private Stash)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from deadboard.core.kernel import Choice, Step, Steps
from deadboard.games.zpocalypse_2.actions import Pick
from deadboard.games.zpocalypse_2.state import Person, Squad, Zombie, ZState


def person(q: Squad, card: str) -> Person:
    for p in q.people:
        if p.card == card:
            return p
    raise KeyError(card)


def overflow(state: ZState, q: Squad) -> None:
    """ "If your squad ever gains more items than they can carry, you must drop the excess items in
    your private stash.\""""
    while state.carried(q) > state.capacity(q) and q.items:
        q.stash.append(q.items.pop())


@dataclass(slots=True)
class PickSurvivor(Choice[ZState, Pick]):
    """A token or a critical wound for one survivor of the squad, chosen by its player."""

    kind: ClassVar[str] = "pick"
    seat: int
    purpose: str  # bio | radiation | wound

    def actions(self, state: ZState) -> list[Pick]:
        return [Pick(p.card) for p in state.squads[self.seat].people]

    def apply(self, state: ZState, action: Pick) -> Steps:
        q = state.squads[self.seat]
        p = person(q, action.who)
        if self.purpose == "bio":
            p.bio += 1
            state.emit("bio", f"{p.card} takes a Bio token")
            return ()
        if self.purpose == "radiation":
            p.rad += 1
            state.emit("radiation", f"{p.card} takes a Radiation token and loses 1 HP")
            return hurt_person(state, q, p, 1, "radiation")
        deck = state.decks["wound"]
        if not deck:
            deck.extend(w.id for w in state.content.wounds)
            state.rng.shuffle(deck)
        card = deck.pop(0)
        wound = next(w for w in state.content.wounds if w.id == card)
        p.wounds.append(card)
        state.emit("wound", f"{p.card} suffers a critical wound: {wound.name}")
        out = hurt_person(state, q, p, wound.damage, wound.name)
        if p in q.people:
            p.stats[wound.stat] = max(0 if wound.stat != "speed" else 1, p.stats[wound.stat] + wound.change)
            if wound.stat == "defence":
                q.defence = max(0, q.defence + wound.change)
        return out

    def prompt(self, state: ZState) -> str:
        what = {"bio": "the Bio token", "radiation": "the Radiation token", "wound": "the critical wound"}[
            self.purpose
        ]
        return f"Squad {self.seat + 1}: which survivor takes {what}?"


def hurt_person(state: ZState, q: Squad, p: Person, n: int, why: str) -> tuple[Step[ZState], ...]:
    p.hp -= n
    if p.hp > 0:
        return ()
    return kill_person(state, q, p, why)


def kill_person(state: ZState, q: Squad, p: Person, why: str) -> tuple[Step[ZState], ...]:
    """ "If a survivor's HP wheel ever reaches zero, discard their survivor card and all perks or
    wounds attached to that survivor. Increase the Doom Track by +1. If a survivor dies during the
    Night phase, place a fresh zombie on an empty space adjacent to your squad.\""""
    q.people.remove(p)
    state.emit("death", f"{p.card} dies ({why})")
    if p.weapon is not None:
        q.items.append(p.weapon)
    state.move_doom(1, f"{p.card} died")
    if state.phase in ("dusk", "midnight") and q.space >= 0:
        board = state.board
        dist = board.distances(q.space)
        taken = {o.space for o in state.squads if o.alive}
        best = None
        for i, d in enumerate(dist):
            if (
                d >= 1
                and i not in taken
                and i not in state.forts
                and state.zombies_at(i) == 0
                and (best is None or (d, i) < best)
            ):
                best = (d, i)
        if best is not None:
            state.zombies.append(Zombie(best[1], True))
            state.emit(
                "death-zombie", f"{p.card} rises as a fresh zombie at {board.name(best[1])}", {"zombies": 1}
            )
    if not q.people:
        # "take all items that were in that player's private stash and add them to the public
        # stash"; the carried items nobody picks up are discarded when the Night ends
        state.emit("squad-death", f"Squad {q.seat + 1} is wiped out")
        state.public.extend(q.stash)
        if q.items and q.space >= 0 and state.phase in ("dusk", "midnight"):
            # "Take all items that were carried and equipped by that squad and put them in a pile
            # ... Place the other token on the space where the squad died."
            state.dropped.setdefault(q.space, []).extend(q.items)
        q.stash, q.items, q.space = [], [], -1
    return ()
