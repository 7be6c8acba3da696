"""The Day phase's tasks and decisions (rulebook §Day Phase, §Morning, §Assigning Day Tasks,
§Afternoon, §Neighborhood Meeting): assigning survivors to the morning's tasks and doing them (guard
duty, rest), feeding in the afternoon, the neighbourhood meeting's contest for the first player, and
rearranging cards at the day's end. The phase's steps in their order are turn.py's.

The action board offers scavenging (scavenge.py), crafting (crafting.py), guard duty, idle rest and,
with a crafted bed free, bed rest."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from deadboard.core.dice import DicePool
from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.core.typed_actions import TypedAction
from deadboard.games.zpocalypse_2 import phrases
from deadboard.games.zpocalypse_2.actions import Stash, Unstash
from deadboard.games.zpocalypse_2.crafting import Crafting
from deadboard.games.zpocalypse_2.objectives import advance_goal
from deadboard.games.zpocalypse_2.scavenge import Scavenge
from deadboard.games.zpocalypse_2.state import ZD6, ZState
from deadboard.games.zpocalypse_2.survivors import hurt_person, move_stashed, person
from deadboard.games.zpocalypse_2.traits import passive

TASKS: Final = ("scavenge", "craft", "guard", "rest", "bed")
CONTEST_SKILLS = ("firearms", "melee", "first_aid", "sneak", "mechanics", "talk")


class Assign(TypedAction):
    KIND = "assign"
    who: str
    task: str


class Feed(TypedAction):
    KIND = "feed"
    who: str
    food: str


class Fed(TypedAction):
    """Done feeding: survivors not fed lose 2 HP."""

    KIND = "fed"


class Contest(TypedAction):
    KIND = "contest"
    skill: str


class Champion(TypedAction):
    KIND = "champion"
    who: str


class Arranged(TypedAction):
    """Done moving cards between the carried items and the private stash."""

    KIND = "arranged"


ARRANGED = Arranged()


class Contribute(TypedAction):
    """Give a card to the public stash: +1 AP in the meeting's contest."""

    KIND = "contribute"

    card: str


FED = Fed()


#: each survivor's ``assign WHO TASK`` actions, one for each of :data:`TASKS` in its order, made once
#: (actions are values; making one costs more than finding it)
_ASSIGNS: Final[dict[str, tuple[Assign, ...]]] = {}


def _assigns(who: str) -> tuple[Assign, ...]:
    found = _ASSIGNS.get(who)
    if found is None:
        if len(_ASSIGNS) > 1 << 12:
            _ASSIGNS.clear()
        found = _ASSIGNS[who] = tuple([Assign(who, t) for t in TASKS])
    return found


@classvars(kind="assign")
@dataclass(slots=True)
class AssignTask(Choice[ZState, Assign]):
    """Players take turns assigning one survivor each; ``done`` holds (survivor, task)."""

    order: tuple[int, ...]
    done: tuple[tuple[str, str], ...]
    at: int

    @property
    def seat(self) -> int:  # type: ignore[override]
        return self.order[self.at % len(self.order)]

    def _free(self, state: ZState, seat: int) -> list[str]:
        taken = {who for who, _ in self.done}
        return [p.card for p in state.squads[seat].people if p.card not in taken]

    def actions(self, state: ZState) -> list[Assign]:
        beds = state.beds() - sum(1 for _, t in self.done if t == "bed")
        tasks = TASKS if beds > 0 else TASKS[:-1]
        return [a for who in self._free(state, self.seat) for a in _assigns(who)[: len(tasks)]]

    def apply(self, state: ZState, action: Assign) -> Steps:
        done = (*self.done, (action.who, action.task))
        at = self.at + 1
        for _ in range(len(self.order)):
            nxt = AssignTask(self.order, done, at)
            if nxt._free(state, nxt.seat):
                return (nxt,)
            at += 1
        return (DoTasks(done),)

    def prompt(self, state: ZState) -> str:
        return (
            f"Squad {self.seat + 1}: assign a survivor to a task "
            "(scavenge; craft; guard: -1 Doom; rest: +2 HP, +1 Doom; bed: +3 HP, -1 Bio)"
        )


@dataclass(slots=True)
class DoTasks(Auto[ZState]):
    """ "Task #3 - GUARD DUTY Each survivor on guard duty reduces the Doom Track by 1." "Idle Rest:
    Each survivor that goes on idle rest regains 2 HP, but increases the Doom Track by 1.\""""

    done: tuple[tuple[str, str], ...]

    def run(self, state: ZState) -> Steps:
        party = tuple(who for who, t in self.done if t == "scavenge")
        if party:
            return (Scavenge(party), DoTasks(tuple((w, t) for w, t in self.done if t != "scavenge")))
        team = tuple(who for who, t in self.done if t == "craft")
        if team:
            return (Crafting(team), DoTasks(tuple((w, t) for w, t in self.done if t != "craft")))
        guards = 0
        for who, task in self.done:
            if task != "guard":
                continue
            found = next((p for q in state.living() for p in q.people if p.card == who), None)
            if found is not None:
                guards += 1 + passive(state, found, "lookout")  # a passive "lookout" day trait
                advance_goal(state, who, "guard")
        if guards:
            state.move_doom(-guards, f"{guards} on guard duty")
        for who, task in self.done:
            if task not in ("rest", "bed"):
                continue
            for q in state.living():
                for p in q.people:
                    if p.card != who:
                        continue
                    top = state.content.survivor(p.card).hp
                    if task == "bed":
                        # "Survivors that rest in a bed regain 3 HP, remove 1 Bio token if they have
                        # it, and do not increase the Doom Track."
                        p.hp = min(top, p.hp + 3)
                        p.bio = max(0, p.bio - 1)
                        state.emit("rest", f"{phrases.name(state, who)} rests in a bed (+3 HP)")
                    else:
                        p.hp = min(top, p.hp + 2)
                        state.emit("rest", f"{phrases.name(state, who)} rests (+2 HP)")
                        state.move_doom(1, f"{phrases.name(state, who)} rested")
        return ()


def foods(state: ZState, seat: int) -> list[str]:
    """Food a squad may eat by day: carried, in its private stash, or in the public stash."""
    q = state.squads[seat]
    sup = state.content.supply_by_id
    return [c for c in (*q.items, *q.stash, *state.public) if c in sup and sup[c].kind == "food"]


@classvars(kind="feed")
@dataclass(slots=True)
class Feeding(Choice[ZState, TypedAction]):
    """ "Survivors that are not fed lose 2 HP." Green food has no consequence; red food has its
    drawback (rulebook §Afternoon)."""

    seat: int
    fed: tuple[str, ...]

    def actions(self, state: ZState) -> list[TypedAction]:
        q = state.squads[self.seat]
        if not q.alive:
            return []
        kinds = sorted(set(foods(state, self.seat)))
        out: list[TypedAction] = [Feed(p.card, f) for p in q.people if p.card not in self.fed for f in kinds]
        out.append(FED)
        return out

    def apply(self, state: ZState, action: TypedAction) -> Steps:
        q = state.squads[self.seat]
        if isinstance(action, Fed):
            for p in list(q.people):
                if p.card not in self.fed:
                    state.emit("hunger", f"{phrases.name(state, p.card)} goes hungry (−2 HP)")
                    hurt_person(state, q, p, 2, "hunger")
            return ()
        assert isinstance(action, Feed)
        for pile in (q.items, q.stash, state.public):
            if action.food in pile:
                pile.remove(action.food)
                break
        p = person(q, action.who)
        card = state.content.supply_by_id[action.food]
        state.emit("feed", f"{phrases.name(state, p.card)} eats {card.name}", {"cards": -1})
        if card.drawback == "bio":
            p.bio += 1
        elif card.drawback == "hp":
            hurt_person(state, q, p, 1, card.name)
        return (Feeding(self.seat, (*self.fed, action.who)),)

    def prompt(self, state: ZState) -> str:
        return f"Squad {self.seat + 1}: feed your survivors (unfed: −2 HP)"


@classvars(kind="contest")
@dataclass(slots=True)
class PickContest(Choice[ZState, Contest]):
    seat: int

    def actions(self, state: ZState) -> list[Contest]:
        return [Contest(s) for s in CONTEST_SKILLS]

    def apply(self, state: ZState, action: Contest) -> Steps:
        seats = tuple(q.seat for q in state.living())
        return (RollContest(seats, 0, action.skill, ()),)

    def prompt(self, state: ZState) -> str:
        return f"Squad {self.seat + 1}: pick the skill for the neighbourhood meeting's contest"


@dataclass(slots=True)
class RollContest(Auto[ZState]):
    """ "Each player creates their action pool (2d6 per survivor in their squad).\""""

    seats: tuple[int, ...]
    at: int
    skill: str
    totals: tuple[int, ...]

    def run(self, state: ZState) -> Steps:
        q = state.squads[self.seats[self.at]]
        pool = DicePool.roll(state.rng, [ZD6] * (2 * len(q.people))).sorted(reverse=True)
        state.emit(
            "contest-pool",
            f"Squad {q.seat + 1} rolls {' '.join(map(str, pool.faces))}",
            {"dice": list(pool.faces)},
        )
        return (EnterContest(self.seats, self.at, self.skill, self.totals, pool.faces, 0),)


@classvars(kind="champion")
@dataclass(slots=True)
class EnterContest(Choice[ZState, TypedAction]):
    """ "Players then choose one survivor from their squad to participate in the contest. That player
    may allocate dice equal to the chosen survivor's skill in the chosen contest." The highest dice
    are allocated (never worse). "players may contribute any number of cards from their carried
    items or private stash to the public stash. For each card contributed this way, that player adds
    +1 to their chosen survivor's AP value" — cards are given one at a time before the survivor is
    named. "The player with the highest total AP spent on the contest is the winner.\""""

    seats: tuple[int, ...]
    at: int
    skill: str
    totals: tuple[int, ...]
    faces: tuple[int, ...]  # the squad's pool, highest first
    bonus: int

    @property
    def seat(self) -> int:  # type: ignore[override]
        return self.seats[self.at]

    def actions(self, state: ZState) -> list[TypedAction]:
        q = state.squads[self.seat]
        out: list[TypedAction] = [Champion(p.card) for p in q.people]
        out.extend(Contribute(c) for c in sorted(set(q.items) | set(q.stash)))
        return out

    def apply(self, state: ZState, action: TypedAction) -> Steps:
        q = state.squads[self.seat]
        if isinstance(action, Contribute):
            (q.items if action.card in q.items else q.stash).remove(action.card)
            state.public.append(action.card)
            state.emit("contribute", f"Squad {self.seat + 1} gives the {phrases.name(state, action.card)} to the public stash (+1)")
            return (EnterContest(self.seats, self.at, self.skill, self.totals, self.faces, self.bonus + 1),)
        assert isinstance(action, Champion)
        p = person(q, action.who)
        total = sum(self.faces[: p.stats[self.skill]]) + self.bonus
        state.emit("contest", f"{phrases.name(state, p.card)} ({self.skill.replace('_', ' ')}) puts up {total} AP", {"total": total})
        totals = (*self.totals, total)
        if self.at + 1 < len(self.seats):
            return (RollContest(self.seats, self.at + 1, self.skill, totals),)
        top = max(totals)
        winner = self.seats[totals.index(top)]
        state.first = winner
        state.emit("leader", f"Squad {winner + 1} wins the contest and leads tomorrow")
        return ()

    def prompt(self, state: ZState) -> str:
        pool = " ".join(map(str, self.faces))
        return f"Squad {self.seat + 1} (pool {pool}, +{self.bonus}): who enters the {self.skill.replace('_', ' ')} contest, or give a card?"


@classvars(kind="arrange")
@dataclass(slots=True)
class Arrange(Choice[ZState, TypedAction]):
    """ "At anytime during the Day phase, you have access to all your items and are free to
    rearrange items you are carrying or stashing." At the day's end, in turn order, each player may
    move cards between the carried side and the private stash — ``stash ITEM``, ``unstash ITEM``
    while the squad has room — then ``arranged``. (An ammo card reloads only from the stash.)"""

    seat: int

    def actions(self, state: ZState) -> list[TypedAction]:
        q = state.squads[self.seat]
        if not q.alive:
            return []
        out: list[TypedAction] = [Stash(item) for item in sorted(set(q.items))]
        if state.carried(q) < state.capacity(q):
            out.extend(Unstash(item) for item in sorted(set(q.stash)))
        out.append(ARRANGED)
        return out

    def apply(self, state: ZState, action: TypedAction) -> Steps:
        if isinstance(action, (Stash, Unstash)):
            move_stashed(state, self.seat, action.item, isinstance(action, Stash))
            return (self,)
        return ()

    def prompt(self, state: ZState) -> str:
        return f"Squad {self.seat + 1}: move cards between your carried items and your private stash, or carry on"
