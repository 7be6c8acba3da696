"""The cycle of time (rulebook §Overview - Time Cycles, §Night Phase: §Dusk Step, §Midnight Step,
§Sunrise Step; §The Level-Up Phase; §Day Phase: §Morning, §Afternoon, §Neighborhood Meeting), and
the end of a chapter after its last night::

    Dusk       the chapter lost if the Doom Track is too high; spawn from the Doom Track
               (horde.py); defence wheels reset; squads placed in the house (night.py)
    Hour 1-5   each squad's turn (night.py: action pool 2d6 per survivor, Z = 6), the mutates'
               turn, the horde moves (the ten pathing rules), the horde attacks (horde.py)
    Sunrise    the zombies left flee and raise the Doom Track; a wiped-out squad rejoins
               (recruiting.py); the Level-Up phase (levelup.py); the chapter ends after its last night
    Morning    each squad assigns survivors to tasks, then the tasks are done (day.py, with
               scavenge.py and crafting.py)
    Afternoon  Bio damage, then feeding (day.py)
    Meeting    with more than one squad, the contest for the first player and trading survivors
    NextDay    the day counter moves on; each squad may rearrange its cards; the next Dusk

This module lays the phases out, one step leading to the next: it is the only one that knows the
whole round, so the rule modules beneath it never name the phase that follows theirs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from deadboard.core.kernel import Auto, Step, Steps
from deadboard.games.zpocalypse_2 import phrases
from deadboard.games.zpocalypse_2.day import Arrange, AssignTask, Feeding, PickContest
from deadboard.games.zpocalypse_2.horde import ZOMBIES_TURN, horde_attacks, spawn_night
from deadboard.games.zpocalypse_2.levelup import LevelUp
from deadboard.games.zpocalypse_2.night import Place, begin_turn
from deadboard.games.zpocalypse_2.recruiting import TradeSurvivors, rejoin
from deadboard.games.zpocalypse_2.state import ZState
from deadboard.games.zpocalypse_2.survivors import hurt_person
from deadboard.games.zpocalypse_2.traits import passive

__all__ = [
    "Afternoon",
    "ChapterEnd",
    "Dusk",
    "Hour",
    "Meeting",
    "Morning",
    "NextDay",
    "Sunrise",
    "goal_missed",
    "goal_progress",
]


# ----- the Night phase ----------------------------------------------------------------------------
@dataclass(slots=True)
class Dusk(Auto[ZState]):
    """Rulebook §Dusk Step and §Spawning Zombies."""

    def run(self, state: ZState) -> Steps:
        if state.doom.value >= state.content.rules.doom_top:
            state.lost = "overrun: the night began with the Doom Track at 30"
            state.emit("overrun", "The Night begins with the Doom Track at 30: the house is overrun")
            state.end()
            return ()
        limit = state.scenario.doom_limit
        if state.doom.value >= limit:
            state.lost = f"the night began with the Doom Track at {limit} or more"
            state.emit(
                "overrun", f"The Night begins with the Doom Track at {state.doom.value}: the chapter is lost"
            )
            state.end()
            return ()
        state.night += 1
        state.phase = "dusk"
        state.searched = set()
        state.emit("dusk", f"Dusk of night {state.night}")
        spawn_night(state)
        state.marks = set()
        for q in state.living():
            # "Add up all of the defense values on every survivor in your squad"; passive "tough"
            q.defence = sum(p.stats["defence"] + passive(state, p, "tough") for p in q.people)
            q.space = -1
            for p in q.people:
                p.kills = 0
        return [*(Place(q.seat) for q in state.living()), _hour(1)]


@dataclass(slots=True)
class Hour(Auto[ZState]):
    """Rulebook §Midnight Step: "Starting with the first player, each player takes a turn. When each
    player has had a turn, the zombies take their turn. After the zombies' turn is over, move the
    turn clock forward 1 place. At the end of hour five, move to the sunrise step.\""""

    hour: int

    def run(self, state: ZState) -> Steps:
        state.hour = self.hour
        state.phase = "midnight"
        state.emit("hour", f"Hour {self.hour}")
        steps: list[Step[ZState]] = [begin_turn(q.seat) for q in state.living()]
        steps.extend(ZOMBIES_TURN)
        steps.append(horde_attacks(0))
        steps.append(_hour(self.hour + 1) if self.hour < state.content.rules.hours else Sunrise())
        return steps


#: the hours of a night, shared (a step is a value, never changed once made)
_HOURS: Final = tuple([Hour(hour) for hour in range(9)])


def _hour(hour: int) -> Hour:
    return _HOURS[hour] if hour < len(_HOURS) else Hour(hour)


@dataclass(slots=True)
class Sunrise(Auto[ZState]):
    """ "Remove all zombies from the map. For each weak zombie removed, add +1 to the Doom Track. For
    each fresh zombie removed, add +2. For each mutate removed, increase the Doom Track by +1 for
    each point of HP remaining on that mutate.\""""

    def run(self, state: ZState) -> Steps:
        state.phase = "sunrise"
        weak = sum(1 for z in state.zombies if not z.fresh)
        fresh = len(state.zombies) - weak
        hp = sum(m.hp for m in state.mutates)
        state.fled = [(m.card, m.hp) for m in state.mutates]
        state.zombies, state.mutates = [], []
        if state.dropped:
            # "If Night ends and no squad has picked up the dropped items, they are all discarded."
            lost = sum(len(pile) for pile in state.dropped.values())
            state.emit("discard", "The dropped items nobody picked up are lost", {"cards": -lost})
            state.dropped = {}
        for q in state.squads:
            if q.stash_token >= 0:
                # the private stash token leaves the board with the night: "At anytime during the
                # Day phase, you have access to all your items"
                state.emit("stash-home", f"Squad {q.seat + 1}'s private stash token comes off the board")
            q.space, q.underground, q.stash_token = -1, False, -1
        state.emit(
            "sunrise",
            f"Sunrise: {weak} weak and {fresh} fresh zombies and {phrases.count(len(state.fled), 'mutate')} flee",
            {"zombies": -(weak + fresh + len(state.fled))},
        )
        state.move_doom(weak + 2 * fresh + hp, "zombies fled")
        if not state.living():
            state.lost = "every squad is dead"
            state.end()
            return ()
        rejoin(state)
        # "If any player reached a milestone during the Night, move to a level-up phase": the
        # chapter's last night too, before the chapter ends
        if state.night >= state.scenario.nights:
            return (LevelUp(), ChapterEnd())
        return (LevelUp(), Morning())


@dataclass(slots=True)
class ChapterEnd(Auto[ZState]):
    """The chapter's last night is over (and its level-up): won if its goal is met."""

    def run(self, state: ZState) -> Steps:
        missed = goal_missed(state)
        if missed:
            state.lost = missed
            state.emit("defeat", f"The chapter is lost: {missed}")
        else:
            state.emit("victory", f"The squads held the house for {state.night} nights")
        state.end()
        return ()


def goal_progress(state: ZState) -> int:
    """How far the squads are towards the chapter's goal."""
    goal = state.scenario.goal
    if goal == "kills":
        return sum(q.kills for q in state.squads)
    if goal == "mutates":
        return state.tally.get("mutates", 0)
    if goal == "craft":
        return state.tally.get(f"craft:{state.scenario.goal_card}", 0)
    return 0


def goal_missed(state: ZState) -> str:
    """What the squads failed at by the chapter's last night ("" when the chapter is won)."""
    sc = state.scenario
    wanted = sc.goal_for(len(state.squads))
    if sc.goal == "hold" or goal_progress(state) >= wanted:
        return ""
    if sc.goal == "kills":
        return f"only {goal_progress(state)} of {wanted} zombies killed"
    if sc.goal == "mutates":
        return f"only {goal_progress(state)} of {wanted} mutates defeated"
    return f"the {state.content.craft_by_id[sc.goal_card].name} was never built"


# ----- the Day phase ------------------------------------------------------------------------------
@dataclass(slots=True)
class Morning(Auto[ZState]):
    """ "Beginning with the first player, each player assigns a survivor in their squad to a task
    ... Tasks are then completed in order.\""""

    def run(self, state: ZState) -> Steps:
        state.phase = "morning"
        state.emit("morning", f"Morning of day {state.day}")
        order = [q.seat for q in state.living()]
        return (AssignTask(tuple(order), (), 0), Afternoon())


@dataclass(slots=True)
class Afternoon(Auto[ZState]):
    """ "When the afternoon step begins, all survivors lose 1 HP for each Bio token they have. Then
    every survivor needs to eat.\""""

    def run(self, state: ZState) -> Steps:
        state.phase = "afternoon"
        for q in state.living():
            for p in list(q.people):
                if p.bio:
                    state.emit("bio", f"{phrases.name(state, p.card)} loses {p.bio} HP to Bio")
                    hurt_person(state, q, p, p.bio, "Bio")
            # a passive "nurse" day trait: the most hurt survivor of the squad regains HP
            care = sum(passive(state, p, "nurse") for p in q.people)
            if care and q.people:
                tops = state.content.survivor_by_id
                # the first most hurt (a loop, not max(key=lambda): mypyc cannot compile a closure
                # in a method of a step class)
                p = q.people[0]
                for x in q.people[1:]:
                    if tops[x.card].hp - x.hp > tops[p.card].hp - p.hp:
                        p = x
                if p.hp < tops[p.card].hp:
                    p.hp = min(tops[p.card].hp, p.hp + care)
                    state.emit("nurse", f"{phrases.name(state, p.card)} is tended (+{care} HP)")
        return (*(Feeding(q.seat, ()) for q in state.living()), Meeting())


@dataclass(slots=True)
class Meeting(Auto[ZState]):
    """Rulebook §Neighborhood Meeting: with more than one squad, the player who went last picks a
    skill and every player enters one survivor in the contest; then the day counter moves on."""

    def run(self, state: ZState) -> Steps:
        state.phase = "meeting"
        living = state.living()
        nxt: list[Step[ZState]] = [NextDay()]
        if len(living) > 1:
            # "Players may also choose to trade survivors between squads."
            trade = TradeSurvivors(tuple(q.seat for q in living), 0)
            return (PickContest(living[-1].seat), trade, *nxt)
        return nxt


@dataclass(slots=True)
class NextDay(Auto[ZState]):
    """ "move the day tracker forward"; "If ... the day counter reaches 30, your party is overrun.\""""

    def run(self, state: ZState) -> Steps:
        if not state.living():
            state.lost = "every squad is dead"
            state.end()
            return ()
        rejoin(state)
        state.day += 1
        if state.day >= state.content.rules.day_limit:
            state.lost = "overrun: the day counter reached 30"
            state.end()
            return ()
        arrange = [Arrange(q.seat) for q in state.living() if q.items or q.stash]
        return (*arrange, Dusk())
