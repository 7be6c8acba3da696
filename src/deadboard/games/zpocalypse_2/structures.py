"""Crafted things on the board at night (rulebook §Fortification Tokens (Basic), §Placing Crafted
Upgrade Tokens, §Craftable Explosives, §The Bunker Tunnels, and rule 10 of §Pathing - Zombie
Movement).

- Fortification tokens stop squads and zombies. "If zombies have LOS on an unobstructed path
  towards their target (no fortifications or impassable spaces in their way), they will always take
  the open path. If the only path ... is blocked by a fortification, they will move towards and then
  stop and attack that fortification": :func:`open_distances` is the open path's distance field.
- "When attacking a crafted fortification or upgrade, zombies roll 2d6. If they roll an 8 or
  higher, the fortification is destroyed": :class:`StructuresAttacked`, once per structure an hour.
- Explosives: a Molotov Cocktail (1 damage within range 2) and a Bomb (2 damage within range 1) hit
  every zombie and squad in range and in sight of the space (the blast is combat.py's
  :func:`~deadboard.games.zpocalypse_2.combat.explode`, which a mutate's burst sets off too).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Final

from deadboard.core.dice import DicePool
from deadboard.core.kernel import Auto, Step, Steps
from deadboard.games.zpocalypse_2.combat import explode
from deadboard.games.zpocalypse_2.state import ZD6, Squad, ZState

_open: Final[dict[tuple[int, int, frozenset[int]], list[int]]] = {}


def open_distances(state: ZState, goal: int) -> list[int]:
    """Steps from every space to ``goal`` without crossing a fortification token (-1: no open
    path); the board's own field when no token stands. Kept per (board, goal, tokens)."""
    board = state.board
    forts = state.forts
    if not forts:
        return board.distances(goal)
    key = (id(board), goal, forts)
    found = _open.get(key)
    if found is None:
        if len(_open) > 4096:
            _open.clear()
        found = [-1] * len(board.spaces)
        if goal not in forts:
            found[goal] = 0
            queue = deque([goal])
            nb = board.neighbours
            while queue:
                i = queue.popleft()
                d = found[i] + 1
                for j in nb[i]:
                    if found[j] < 0 and j not in forts:
                        found[j] = d
                        queue.append(j)
        _open[key] = found
    return found


def siege_target(state: ZState, space: int, goal: int) -> int | None:
    """Rule 10: with no open path to ``goal``, the fortification token next to ``space`` on the
    shortest path through the tokens (None when none is next to it)."""
    dist = state.board.distances(goal)
    best = None
    for j in state.board.neighbours[space]:
        if j in state.forts and dist[j] >= 0 and (best is None or (dist[j], j) < best):
            best = (dist[j], j)
    return None if best is None else best[1]


def step_blocked(state: ZState, space: int, goal: int, squads: set[int]) -> int | None:
    """With no open path: one step nearer ``goal`` counting fortifications as passable, never onto
    one (the zombie moves towards the fortification that blocks it)."""
    dist = state.board.distances(goal)
    here = dist[space]
    best = None
    for j in state.board.neighbours[space]:
        if j in squads or j in state.forts:
            continue
        d = dist[j]
        if d >= 0 and d < here and (best is None or (d, j) < best):
            best = (d, j)
    return None if best is None else best[1]


def destroy(state: ZState, space: int) -> None:
    """ "If a structure becomes destroyed, remove the corresponding card from the upgrade slot on the
    action board, and return it to the crafting deck." An upgrade's other tokens go with its card."""
    card = state.structures.pop(space)
    craft = state.content.craft_by_id[card]
    state.emit("destroyed", f"The zombies destroy the {craft.name} at {state.board.name(space)}")
    if craft.kind == "upgrade":
        if card in state.upgrades:
            state.upgrades.remove(card)
        for i in [i for i, c in state.structures.items() if c == card]:
            del state.structures[i]
    state.structures_changed()


@dataclass(slots=True)
class StructuresAttacked(Auto[ZState]):
    """Each structure the zombies attack this hour: 2d6, destroyed on 8 or more."""

    def run(self, state: ZState) -> Steps:
        need = state.content.rules.structure_breaks
        for space in sorted(state.siege):
            if space not in state.structures:
                continue
            roll = DicePool.roll(state.rng, (ZD6, ZD6))
            total = sum(roll.faces)
            state.emit(
                "siege",
                f"{state.siege[space]} zombies attack the structure at {state.board.name(space)}: {total}",
                {"dice": list(roll.faces)},
            )
            # "wrecker": a structure a mutate with it attacks falls on 5 or more
            if total >= (5 if space in state.wreck else need):
                destroy(state, space)
        state.siege = {}
        state.wreck = set()
        return ()


def bombs_on(state: ZState, spaces: list[int]) -> list[Step[ZState]]:
    """Set off every bomb on ``spaces``: "When a zombie or survivor moves onto the same space as the
    bomb token, it explodes and deals 2 damage to all zombies and squads within range 1 and within
    LOS. Then discard the token.\""""
    out: list[Step[ZState]] = []
    for i in spaces:
        if i in state.bombs:
            seat = state.bombs.pop(i)
            out.extend(explode(state, i, 2, 1, seat, "bomb"))
    return out


def tokens_left(state: ZState, effect: str) -> int:
    """Molotov or bomb tokens still in the box."""
    rules = state.content.rules
    total = rules.molotov_tokens if effect == "molotov" else rules.bomb_tokens
    used = sum(q.tokens.count(effect) for q in state.squads)
    if effect == "bomb":
        used += len(state.bombs)
    return total - used


def squad_name(q: Squad) -> str:
    return f"Squad {q.seat + 1}"


def throws(state: ZState, q: Squad) -> list[tuple[str, int]]:
    """(thrower, space) of every useful Molotov throw: "thrown by a survivor in your squad, at a
    range equal to that survivor's melee skill. You may target any space within that range, and
    within LOS." The survivor with the best melee skill throws (the thrower changes only the range);
    a space whose blast would reach no zombie is not offered (it would only waste the token)."""
    if "molotov" not in q.tokens or not q.people:
        return []
    p = max(q.people, key=lambda x: x.stats["melee"])
    reach = p.stats["melee"]
    if reach < 1:
        return []
    board = state.board
    zombie_spaces = {z.space for z in state.zombies} | {m.space for m in state.mutates}
    if not zombie_spaces:
        return []
    origins = [q.space]
    landing = board.window_landing.get(q.space)
    if landing is not None:
        origins.append(landing)
    out: set[int] = set()
    for o in origins:
        for i in board.around(o, reach, zombie=False):
            if i not in out and zombie_spaces.intersection(board.around(i, 2, zombie=False)):
                out.add(i)
    return [(p.card, i) for i in sorted(out)]


def bomb_spaces(state: ZState, q: Squad) -> list[int]:
    """ "During Combat, you may place it on any adjacent square" (a square free of zombies, squads,
    fortifications and other bombs)."""
    if "bomb" not in q.tokens:
        return []
    taken = {o.space for o in state.squads if o.alive}
    taken.update(z.space for z in state.zombies)
    taken.update(m.space for m in state.mutates)
    return [
        j
        for j in state.board.neighbours[q.space]
        if j not in taken and j not in state.forts and j not in state.bombs
    ]


def throw(state: ZState, q: Squad, space: int) -> list[Step[ZState]]:
    """ "The explosion does 1 damage to all zombies and squads within range 2 (and within LOS) of the
    targeted location. Discard the token after use.\""""
    q.tokens.remove("molotov")
    state.emit("throw", f"Squad {q.seat + 1} throws a Molotov Cocktail at {state.board.name(space)}")
    return explode(state, space, 1, 2, q.seat, "Molotov Cocktail")


def place_bomb(state: ZState, q: Squad, space: int) -> None:
    q.tokens.remove("bomb")
    state.bombs[space] = q.seat
    state.emit("bomb", f"Squad {q.seat + 1} places a bomb at {state.board.name(space)}")
