"""The enemy's trace (rulebook §Pathing - Zombie Movement, §Mutate's Turn, §Moving): what each horde
zombie and each mutate aimed at, the rule that chose it and the path it took, and the route of every
squad move, kept in the data of the log's events (never in their sentences) so that the pathing can
be checked step by step by anyone (docs/api.md, "Auditing the enemy").

A trace entry is written only when the log is kept: a search's copies log into a
:class:`~deadboard.core.log.NullLog`, and the rules never read what is written here.

=================  ==========================================================================
rule               why the piece went where it went
=================  ==========================================================================
``engaged``        rule 1: a squad within its range already (range 1 for the horde): no move
``closest``        rule 2: the closest squad it sees
``most-vp``        rule 6: two squads equally close in sight: the one with the most VP
``hunter``         a mutate's ``hunter`` ability: the closest squad, seen or not
``stairs``         rule 3: no squad in sight: towards the staircase
``public-stash``   rule 3: no squad in sight, on the second floor: to the public stash token
``stands-up``      §Knocked Down Zombies: began knocked down, stands up instead of moving
=================  ==========================================================================
"""

from __future__ import annotations

from typing import Any, Final

from deadboard.core.log import NullLog
from deadboard.games.zpocalypse_2.state import ZState


#: the class, kept as a C static by the compiled build rather than read from the module's dict at
#: each ask (a move, a horde's move and a mutate's turn each ask)
_NULL_LOG: Final = NullLog


def tracing(state: ZState) -> bool:
    """Whether the log is kept (a trace written into a :class:`NullLog` would be thrown away)."""
    return not isinstance(state.log, _NULL_LOG)


def hunt_rule(state: ZState, space: int, seat: int, goal: int, engaged: bool, sees_all: bool = False) -> str:
    """The rule that chose the goal of a piece on ``space`` hunting squad ``seat`` (-1: none)."""
    board = state.board
    if seat < 0:
        return "stairs" if goal == board.stairs else "public-stash"
    if engaged:
        return "engaged"
    if sees_all:
        return "hunter"
    d = board.distances(state.squads[seat].space)[space]
    tied = sum(
        1
        for q in state.squads
        if q.alive
        and q.space >= 0
        and board.sight(space, q.space, zombie=True)
        and board.distances(q.space)[space] == d
    )
    return "most-vp" if tied > 1 else "closest"


def squads_seen(state: ZState) -> list[dict[str, Any]]:
    """The squads on the board as the zombies planned their moves (space, VP, seat)."""
    name = state.board.name
    return [
        {"seat": q.seat, "space": name(q.space), "vp": q.vp} for q in state.squads if q.alive and q.space >= 0
    ]


def names(state: ZState, spaces: list[int]) -> list[str]:
    board = state.board.spaces
    return [board[i].name for i in spaces]


def path_cost(state: ZState, path: list[int], down: set[int] | None = None) -> int:
    """Movement points a horde zombie spends on ``path``: 1 a space, 2 onto arduous ground or a
    knocked-down zombie's space (``down``)."""
    arduous = state.board.arduous
    lying = down or set()
    return sum(2 if j in arduous or j in lying else 1 for j in path[1:])


def zombie_entry(
    state: ZState,
    k: int,
    fresh: bool,
    seat: int,
    goal: int,
    rule: str,
    path: list[int],
    cost: int,
    to: int,
    down: bool = False,
    siege: int = -1,
) -> dict[str, Any]:
    """A horde zombie's trace entry (docs/api.md): ``k`` its index, ``seat`` the squad hunted (-1:
    none), ``path`` its spaces from where it stood, ``cost`` the movement points spent, ``to`` where
    it ends, ``down`` whether it was knocked down, ``siege`` the fortification it attacks (-1:
    none)."""
    spaces = state.board.spaces
    # filled into a copy of the template: a dict copied from one of the same keys takes their
    # table whole, where a dict built key by key inserts each (a night traces every zombie)
    entry = _ZOMBIE_ENTRY.copy()
    entry["zombie"] = k
    entry["fresh"] = fresh
    entry["from"] = spaces[path[0]].name
    if seat >= 0:
        entry["target"] = seat
    entry["goal"] = spaces[goal].name
    entry["rule"] = rule
    entry["path"] = [spaces[i].name for i in path]
    entry["cost"] = cost
    entry["to"] = spaces[to].name
    entry["down"] = down
    if siege >= 0:
        entry["siege"] = spaces[siege].name
    return entry


#: a horde zombie's trace entry, its keys in their order (:func:`zombie_entry`)
_ZOMBIE_ENTRY: Final[dict[str, Any]] = {
    "zombie": 0,
    "fresh": False,
    "from": "",
    "target": None,
    "goal": "",
    "rule": "",
    "path": None,
    "cost": 0,
    "to": "",
    "down": False,
    "siege": None,
}
