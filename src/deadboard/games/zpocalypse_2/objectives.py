"""Personal objectives (rulebook §Survivor Card - Day Side).

"Each survivor has a unique objective - a mini quest for that survivor to accomplish. Each objective
is worth its own amount of VP. When an objective is completed, immediately: Move your squad forward
on the progress track equal to that objective's VP reward. Flip the survivor token ... over to the
'finished side'." A finished objective stays finished (it is done once)."""

from __future__ import annotations

from deadboard.games.zpocalypse_2 import phrases
from deadboard.games.zpocalypse_2.levelup import gain_vp
from deadboard.games.zpocalypse_2.state import Person, Squad, ZState


def owner(state: ZState, card: str) -> tuple[Squad, Person] | None:
    for q in state.squads:
        for p in q.people:
            if p.card == card:
                return q, p
    return None


def advance_goal(state: ZState, card: str, goal: str, by: int = 1) -> None:
    """Count ``by`` towards ``card``'s objective if its goal is ``goal``; finish it when reached."""
    found = owner(state, card)
    if found is None:
        return
    q, p = found
    if p.done:
        return
    survivor = state.content.survivor_by_id[card]
    if survivor.goal != goal:
        return
    if goal == "kills":
        p.kills += by
        reached = p.kills >= survivor.goal_count
    else:
        p.progress += by
        reached = p.progress >= survivor.goal_count
    if reached:
        p.done = True
        gain_vp(state, q, survivor.goal_vp)
        state.emit(
            "objective",
            f"{phrases.name(state, card)} completes the personal objective \u201c{survivor.objective}\u201d (+{survivor.goal_vp} VP)",
        )
