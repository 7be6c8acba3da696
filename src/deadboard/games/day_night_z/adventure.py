"""The adventure's end: its objective, and the loss when every survivor is dead."""

from __future__ import annotations

from deadboard.games.day_night_z.state import DNZState


def check_end(state: DNZState) -> None:
    """The adventure ends: lost when every survivor is dead; won when the objective is met and a
    living survivor stands in the exit zone."""
    if state.over:
        return
    living = at_exit = False
    for s in state.survivors:  # asked after every action: a plain loop
        if not s.dead:
            living = True
            if not at_exit and not s.tile:
                at_exit = s.zone == state.exit_zone
    if not living:
        state.lost = "every survivor is dead"
        state.emit("end", f"The adventure is lost: {state.lost}", {})
        state.end()
        return
    if at_exit and objective_met(state):
        state.won = True
        state.emit("end", f"{state.adventure.name}: the adventure is accomplished", {})
        state.end()


def objective_met(state: DNZState) -> bool:
    a = state.adventure
    if a.explore:
        slot = next(k for k, v in a.locations.items() if v == a.explore)
        card = state.content.locations[a.explore]
        if len(state.locations[slot].explored) < len(card.zones):
            return False
    wanted = supplies_wanted(state)
    if wanted and sum(s.supplies for s in state.living()) < wanted:
        return False
    if a.search:
        done = False
        for loc in state.locations.values():
            card = state.content.locations[loc.card]
            done = done or any(card.zones[i].tile == a.search for i in loc.searched)
        if not done:
            return False
    return True


def supplies_wanted(state: DNZState) -> int:
    """The supplies the group must carry out: the adventure's own number plus its number for each
    survivor who started it."""
    a = state.adventure
    return a.supplies + a.supplies_per_survivor * len(state.survivors)
