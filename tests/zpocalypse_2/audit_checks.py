"""Checks of the enemy's and the squads' traces (the ``horde-moves``, ``mutate-turn``, ``move`` and
``dash`` events' data, docs/api.md "Auditing the enemy") against the rulebook, worked out from the
map's own squares, not from the engine's pathing."""

from __future__ import annotations

from collections import deque
from itertools import pairwise
from typing import Any

from deadboard.core.log import Event
from deadboard.games.zpocalypse_2.state import ZState
from deadboard.games.zpocalypse_2.survivors import PickSurvivor


def within(state: ZState, a: int, b: int, rng: int) -> bool:
    """Range as the rulebook's rulings count it: the larger coordinate difference, on a floor both
    spaces lie on."""
    wa, wb = state.board.floors(a), state.board.floors(b)
    return any(f in wb and max(abs(x - wb[f][0]), abs(y - wb[f][1])) <= rng for f, (x, y) in wa.items())


def steps_to(state: ZState, goal: int, walls: frozenset[int]) -> list[int]:
    """Steps from every space to ``goal`` over the map's neighbours, never through ``walls``."""
    nb = state.board.neighbours
    dist = [-1] * len(nb)
    if goal in walls:
        return dist
    dist[goal] = 0
    queue = deque([goal])
    while queue:
        i = queue.popleft()
        for j in nb[i]:
            if dist[j] < 0 and j not in walls:
                dist[j] = dist[i] + 1
                queue.append(j)
    return dist


def _target(state: ZState, at: int, squads: list[dict[str, Any]], sees_all: bool) -> int | None:
    """ "Zombies always prioritize moving towards the closest squad they can see within line of
    sight"; "If they cannot agree, the zombie goes after the player with the most VP" (then turn
    order)."""
    board = state.board
    best: tuple[int, int, int] | None = None
    seat = None
    for q in squads:
        space = board.by_name[q["space"]]
        if not sees_all and not board.sight(at, space, zombie=True):
            continue
        d = steps_to(state, space, frozenset())[at]
        if d >= 0 and (best is None or (d, -q["vp"], q["seat"]) < best):
            best, seat = (d, -q["vp"], q["seat"]), q["seat"]
    return seat


def _no_retargeting(state: ZState, path: list[int], goal: int, forts: frozenset[int]) -> None:
    """ "Zombie LOS is calculated before movement, meaning zombies will never pick new targets and
    change directions mid movement": every step nearer the one goal, on the open path (rule 9) or,
    with none, counting fortifications passable (rule 10)."""
    open_way = steps_to(state, goal, forts)
    any_way = steps_to(state, goal, frozenset())
    for a, b in pairwise(path):
        assert b in state.board.neighbours[a], (a, b)
        assert b not in forts
        if open_way[a] >= 0:
            assert 0 <= open_way[b] < open_way[a], ("open path", path, goal)
        else:
            assert 0 <= any_way[b] < any_way[a], ("siege path", path, goal)


def check_horde(state: ZState, event: Event) -> None:
    data = event.data or {}
    board = state.board
    name = board.by_name
    squads = data["squads"]
    squad_spaces = {name[q["space"]] for q in squads}
    forts = frozenset(name[f] for f in data["forts"])
    lying = {name[s] for s in data["lying"]}
    moves = state.content.rules.zombie_moves
    for t in data["trace"]:
        path = [name[s] for s in t["path"]]
        start = name[t["from"]]
        assert path[0] == start
        if t["rule"] == "stands-up":
            # "If a zombie begins its turn knocked down, it will stand up instead of moving."
            assert path == [start] and t["cost"] == 0
            continue
        # "Zombies move up to three spaces a turn, with each arduous symbol taking an additional
        # point of movement"; a knocked-down zombie's space is "arduous terrain for all movement"
        cost = sum(2 if j in board.arduous or j in lying else 1 for j in path[1:])
        assert cost == t["cost"], t
        last = (2 if path[-1] in board.arduous or path[-1] in lying else 1) if len(path) > 1 else 0
        assert cost <= moves or (t["down"] and cost - last < moves), t
        # "they may still move onto that space but become knocked down"
        assert t["down"] == (cost > moves), t
        if t["down"]:
            lying.add(name[t["to"]])
        assert not squad_spaces & set(path[1:]), "zombies do not enter a squad's space"
        # rule 1: "stop moving when they find something to attack"
        for i in path[:-1]:
            assert not any(within(state, i, s, 1) for s in squad_spaces), ("walked past a squad", t)
        # rules 2, 3 and 6: the target, and the goal without one
        seat = _target(state, start, squads, False)
        assert t["target"] == seat, t
        goal = name[t["goal"]]
        if seat is None:
            on_upper = start == board.stairs or 1 not in board.floors(start)
            assert goal == (board.stash if on_upper else board.stairs), t
        else:
            assert goal == next(name[q["space"]] for q in squads if q["seat"] == seat)
        _no_retargeting(state, path, goal, forts)


def check_mutate(state: ZState, event: Event) -> None:
    data = event.data or {}
    board = state.board
    name = board.by_name
    squads = data["squads"]
    for t in data["trace"]:
        card = state.content.mutate_by_id[t["mutate"]]
        path = [name[s] for s in t["path"]]
        # "Mutates each move a different number of spaces towards the closest squad, determined by
        # their speed" and "are not slowed by arduous terrain"
        assert len(path) - 1 <= card.speed, t
        seat = _target(state, path[0], squads, card.ability == "hunter")
        assert t["target"] == seat, t
        _no_retargeting(state, path, name[t["goal"]], frozenset(name[f] for f in data["forts"]))
        # "Mutates attack and deal damage to all squads within their range"
        if t["stop"] != "killed":
            hit = sorted(
                q["seat"]
                for q in squads
                if within(state, path[-1], name[q["space"]], card.range)
                and board.sight(path[-1], name[q["space"]], zombie=True)
            )
            assert sorted(t["attacks"]) == hit, t


def check_route(
    state: ZState, event: Event, seat: int, blockers: set[int], speed: int, new: list[Event]
) -> None:
    """A squad's move: "Moving your squad costs one AP per space"; "Arduous spaces cost players 2 AP
    to move through"; "You may not move through zombies or impassable areas"; "If your squad steps
    onto a Bio space, take a Bio token"; "If your squad enters a Radiation space, take a Radiation
    token"."""
    data = event.data or {}
    board = state.board
    route = [board.by_name[s] for s in data["route"]]
    for a, b in pairwise(route):
        assert b in board.neighbours[a], route
    assert not blockers & set(route[1:]), ("through a zombie or a fortification", data["route"])
    cost = sum(2 if j in board.arduous else 1 for j in route[1:])
    assert cost == data["cost"]
    if event.kind == "move":
        assert cost <= data["die"] and data["moved"] <= speed
    for purpose, spaces in (("bio", board.bio), ("radiation", board.radiation)):
        owed = sum(1 for j in route[1:] if j in spaces)
        taken = sum(1 for e in new if e.kind == purpose)
        waiting = sum(
            1 for s in state.steps if isinstance(s, PickSurvivor) and s.seat == seat and s.purpose == purpose
        )
        assert taken + waiting == owed or not state.squads[seat].alive, (purpose, data["route"])
