"""Zombies coming onto the map (rulebook §Zombie Arrival Phase, and the zombies of Setting Up the
Game): the draw container, the Map Entry Points rolled for, and a zombie placed on a free square of
one. Setup, the Zombie Arrival Phase and the random events that bring zombies all use these."""

from __future__ import annotations

from deadboard.games.the_night.board import zombie_name
from deadboard.games.the_night.state import HUMAN_ZOMBIE, LIVE, NightState


def fill_cup(state: NightState) -> None:
    state.cup = [z.number for z in state.c.zombies] + list(state.cfg.cup_extra)


def draw_zombie(state: NightState) -> int:
    cup = state.cup
    if not cup:
        return 0
    i = state.rng.below(len(cup))
    cup[i], cup[-1] = cup[-1], cup[i]
    return cup.pop()


def place_zombie(state: NightState, z: int, sq: int, text: str) -> None:
    state.zsq[z] = sq
    state.zocc[sq] = z
    name, square = zombie_name(state, z), state.c.grid.names[sq]
    state.emit_format("arrive", "{} {} on {}", (name, text, square), {"zombie": name, "square": square})


def entry_squares_for(state: NightState, z: int, n: int | str, rule: str) -> list[int]:
    """Free squares of Map Entry Point n (or, in a story, of the area named n) for an arriving zombie.

    rule "arrival": a human in the entry point -> the other square, if it is empty.
    rule "first": any human in the entry point -> none (roll again).
    Human zombies of The Coopers alternative 1 need an entry point with no zombie in it."""
    sqs = state.c.entries[n - 1].squares if isinstance(n, int) else state.c.areas[n]
    humans_at = {h.sq for h in state.humans if h.status == LIVE}
    if rule == "first" and any(s in humans_at for s in sqs):
        return []
    if z >= HUMAN_ZOMBIE and any(state.zocc[s] for s in sqs):
        return []
    return [s for s in sqs if s not in humans_at and not state.zocc[s]]


def _entry_name(n: int | str) -> str:
    return f"Map Entry Point {n}" if isinstance(n, int) else f"the {n}"


def arrive(state: NightState, z: int, rule: str = "arrival") -> bool:
    """Roll a Map Entry Point for the zombie until one has room. If none can take it, it goes back
    in the container (ruling). A story's own list of entries is drawn from evenly."""
    entries = state.cfg.entries
    if not any(entry_squares_for(state, z, n, rule) for n in entries):
        state.cup.append(z)
        state.emit("arrive", f"{zombie_name(state, z)} finds no free Map Entry Point and goes back in the container", None)
        return False
    rng = state.rng
    d6 = entries == (1, 2, 3, 4, 5, 6)
    while True:
        if d6:
            n: int | str = rng.d6()
            how = f" (D6 = {n})"
        else:
            n = entries[rng.below(len(entries))]
            how = ""
        free = entry_squares_for(state, z, n, rule)
        if free:
            sq = free[0] if len(free) == 1 else free[rng.below(len(free))]
            place_zombie(state, z, sq, f"arrives at {_entry_name(n)}{how}")
            return True
        state.emit("roll", f"{zombie_name(state, z)}: {_entry_name(n)} is full — roll again", {"entry": n})
