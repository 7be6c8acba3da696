"""The horde: zombies and mutates spawned at dusk (rulebook §Spawning Zombies, §The Doom Track) and
their part of each hour (§Pathing - Zombie Movement, §Knocked Down Zombies, §Horde Attacking,
§Critical Wounds, §Mutate's Turn). The damage they deal is allocated by the squad hurt
(survivors.py); their flight at sunrise is turn.py's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from deadboard.core.kernel import Auto, Step, Steps
from deadboard.games.zpocalypse_2 import phrases
from deadboard.games.zpocalypse_2.audit import hunt_rule, names, squads_seen, tracing, zombie_entry
from deadboard.games.zpocalypse_2.board import Board
from deadboard.games.zpocalypse_2.state import ZD6, MutateOnBoard, Squad, Z, ZState, new_zombie, zombie
from deadboard.games.zpocalypse_2.structures import (
    StructuresAttacked,
    bombs_on,
    open_distances,
    siege_target,
    step_blocked,
)
from deadboard.games.zpocalypse_2.survivors import PickSurvivor, allocate

#: pieces replaced as they move are built as the tuples they are (a named tuple's own constructor
#: and ``_replace`` are Python-level calls)
_new: Final = tuple.__new__


def spawn_night(state: ZState) -> None:
    """ "Each Night phase begins by spawning fresh zombies equal to the current position on the Doom
    Track. For each milestone passed the previous Day, replace a fresh zombie with a Mutate." Mutates
    first; mutates that fled come back in addition, with the HP they fled with; "If more than 20
    fresh zombies would be placed on the map at any time, spawn the remainder as weak zombies.\""""
    rules = state.content.rules
    n = state.doom.value
    pieces: list[tuple[str, int]] = []  # ("mutate", hp) by card / ("fresh"|"weak", 0)
    cards: list[tuple[str, int]] = list(state.fled)
    state.fled = []
    for _ in range(min(state.milestones, n)):
        if not state.mutate_deck:
            break
        card = state.mutate_deck.pop(state.rng.below(len(state.mutate_deck)))
        hp = state.content.mutate_by_id[card].hp[min(len(state.squads), 4) - 1]
        cards.append((card, hp))
        n -= 1
    state.milestones = 0
    fresh_on_map = sum(1 for z in state.zombies if z.fresh)
    for card, hp in cards:
        pieces.append((card, hp))
    cap = rules.fresh_cap  # read once: a content record is a pydantic model
    for _ in range(n):
        if fresh_on_map < cap:
            pieces.append(("fresh", 0))
            fresh_on_map += 1
        else:
            pieces.append(("weak", 0))
    board = state.board
    order = [board.spawn[d] for d in "NESW" if d in board.spawn]
    placed = 0
    count = zombie_counts(state)
    squads = {q.space for q in state.squads if q.alive}
    forts = state.forts
    # :func:`spawn_space` for each piece, each token's search going on where its last one stopped:
    # the spaces before were full or taken then and stay so (spaces only fill while spawning)
    scan: dict[int, int] = {}
    for k, (kind, hp) in enumerate(pieces):
        token = order[k % len(order)]
        near = board.nearest(token)
        at = scan.get(token, 0)
        while at < len(near):
            i = near[at]
            if i not in squads and i not in forts and count.get(i, 0) < 2:
                break
            at += 1
        if at == len(near):
            break
        scan[token] = at
        space = near[at]
        placed += 1
        count[space] = count.get(space, 0) + 1
        if kind in ("fresh", "weak"):
            state.zombies.append(new_zombie(space, kind == "fresh"))
        else:
            state.mutates.append(MutateOnBoard(kind, space, hp))
    state.emit(
        "spawn",
        f"{sum(1 for z in state.zombies if z.fresh)} fresh, {sum(1 for z in state.zombies if not z.fresh)} weak"
        f" zombies and {phrases.count(len(state.mutates), 'mutate')} on the map",
        {"zombies": placed},
    )


def zombie_counts(state: ZState) -> dict[int, int]:
    """Zombies (mutates included) on each space."""
    count: dict[int, int] = {}
    for z in state.zombies:
        count[z.space] = count.get(z.space, 0) + 1
    for m in state.mutates:
        count[m.space] = count.get(m.space, 0) + 1
    return count


def spawn_space(state: ZState, token: int, count: dict[int, int] | None = None) -> int | None:
    """A space for one zombie from the spawn token ``token``: a space around the token with room
    (two per space), else spilled over to the nearest space with room (nearest first, then by
    space number)."""
    if count is None:
        count = zombie_counts(state)
    squads = {q.space for q in state.squads if q.alive}
    forts = state.forts
    for i in state.board.nearest(token):
        if i not in squads and i not in forts and count.get(i, 0) < 2:
            return i
    return None


def target_squad(state: ZState, space: int, sees_all: bool = False) -> Squad | None:
    """ "Zombies always prioritize moving towards the closest squad they can see within line of
    sight" (zombie LOS: doubt favours the zombies); "If two squads are equally distant ... the
    zombie goes after the player with the most VP" (ties then go to the first player)."""
    board = state.board
    best: tuple[int, int, int] | None = None
    found = None
    for q in state.squads:
        if not q.alive or q.space < 0:
            continue
        if not sees_all and not board.sight(space, q.space, zombie=True):
            continue
        d = board.distances(q.space)[space]
        if d < 0:
            continue
        key = (d, -q.vp, q.seat)
        if best is None or key < best:
            best, found = key, q
    return found


def goal_without_sight(state: ZState, space: int) -> int:
    """ "If zombies cannot see any squads, they will move towards the staircase and up to the second
    floor. Then they move to the public stash token.\""""
    board = state.board
    if space == board.stairs or (2 in board.floors(space) and 1 not in board.floors(space)):
        return board.stash
    return board.stairs


def in_reach(state: ZState, space: int, rng: int) -> list[Squad]:
    """Squads within range ``rng`` of ``space`` as a zombie counts it (:meth:`Board.around`: the
    larger coordinate difference on a floor both spaces lie on, in the zombies' sight). Range 1 is
    no exception: "The Horde always attacks any and all survivors within range 1" — a diagonal
    across the corner of an impassable space is within range 1 and in the zombies' sight."""
    near = state.board.around_set(space, rng, zombie=True)
    return [q for q in state.squads if q.alive and q.space >= 0 and q.space in near]


def step_toward(state: ZState, space: int, goal: int, squads: set[int]) -> int | None:
    """The neighbouring space one step nearer ``goal`` on the open path (rule 9: impassable spaces
    and fortification tokens are never on it; squads' spaces are not entered); None when there is
    none."""
    dist = open_distances(state, goal)
    here = dist[space]
    best = None
    for j in state.board.neighbours[space]:
        if j in squads:
            continue
        d = dist[j]
        if d >= 0 and (here < 0 or d < here) and (best is None or (d, j) < best):
            best = (d, j)
    return None if best is None else best[1]


def next_step(state: ZState, space: int, goal: int, squads: set[int]) -> tuple[int | None, int | None]:
    """(the next space, the fortification attacked): the open path first (rule 9); with none, rule
    10 — towards the fortification that blocks the way, stopping beside it to attack it."""
    if not state.forts or open_distances(state, goal)[space] >= 0:
        return step_toward(state, space, goal, squads), None
    fort = siege_target(state, space, goal)
    if fort is not None:
        return None, fort
    return step_blocked(state, space, goal, squads), None


@dataclass(slots=True)
class MutatesTurn(Auto[ZState]):
    """ "After all players have taken a turn, but before regular zombies move and attack, any
    mutates on the map take their turn. Mutates cannot be knocked down, and are not slowed by
    arduous terrain." They attack every squad within their range, each with its own 2d6."""

    def run(self, state: ZState) -> Steps:
        out: list[Step[ZState]] = []
        squads = {q.space for q in state.living()}
        # the squads as the mutates plan (none moves in the mutates' turn): read once for the traces
        seen_squads: list[dict[str, Any]] | None = None
        for mid in [m.card for m in state.mutates]:
            k = next((i for i, m in enumerate(state.mutates) if m.card == mid), -1)
            if k < 0:
                continue  # killed by a bomb meanwhile
            m = state.mutates[k]
            card = state.content.mutate_by_id[m.card]
            # read once: a card is a pydantic record, each attribute read a lookup through it
            ability, reach, speed, name = card.ability, card.range, card.speed, card.name
            space = m.space
            if ability == "howl" and ("howl", m.card) not in state.marks:
                # "howl": once a night, a weak zombie appears beside it
                near = state.board.around(space, 1, zombie=True)
                free = [j for j in near if j != space and j not in squads and j not in state.forts]
                free = [j for j in free if state.zombies_at(j) < 2]
                if free:
                    state.marks.add(("howl", m.card))
                    state.zombies.append(new_zombie(free[0], False))
                    state.emit("howl", f"{name} howls: a weak zombie joins it", {"zombies": 1})
            hunter = ability == "hunter"
            target = target_squad(state, space, sees_all=hunter)
            goal = target.space if target is not None else goal_without_sight(state, space)
            start, path, stop, besieged = space, [space], "speed", -1
            for _ in range(speed):
                if in_reach(state, space, reach):
                    stop = "in range"
                    break
                nxt, fort = next_step(state, space, goal, squads)
                if fort is not None:
                    state.siege[fort] = state.siege.get(fort, 0) + 1
                    if ability == "wrecker":
                        state.wreck.add(fort)
                    stop, besieged = "fortification", fort
                    break
                if nxt is None or state.zombies_at(nxt) >= 2:
                    stop = "no way" if nxt is None else "full space"
                    break  # two zombies fill a space: the mutate waits behind them
                space = nxt
                path.append(space)
                if space in state.bombs:
                    # "If a mutate triggers the bomb ... resolve the area of effect before moving zombies."
                    state.mutates[k] = _new(MutateOnBoard, (m.card, space, m.hp))
                    out.extend(bombs_on(state, [space]))
                    out.extend(state.take_pending())
                    seen_squads = None  # a blast's kills may have given a squad VP
                    if k >= len(state.mutates) or state.mutates[k].card != m.card:
                        stop = "killed"
                        break
                    m = state.mutates[k]
            else:
                if in_reach(state, space, reach):
                    stop = "in range"
            alive = k < len(state.mutates) and state.mutates[k].card == m.card
            hit = in_reach(state, space, reach) if alive else []
            if tracing(state):
                seat = target.seat if target is not None else -1
                entry = {
                    "mutate": m.card,
                    "from": state.board.name(start),
                    "target": seat if seat >= 0 else None,
                    "goal": state.board.name(goal),
                    "rule": hunt_rule(state, start, seat, goal, bool(in_reach(state, start, reach)), hunter),
                    "path": names(state, path),
                    "speed": speed,
                    "range": reach,
                    "stop": stop,
                    "siege": state.board.name(besieged) if besieged >= 0 else None,
                    "attacks": [q.seat for q in hit],
                }
                if seen_squads is None:
                    seen_squads = squads_seen(state)
                went = "moves to" if space != start else "stays at"
                state.emit(
                    "mutate-turn",
                    f"{name} {went} {state.board.name(space)}",
                    {"trace": [entry], "squads": seen_squads, "forts": names(state, sorted(state.forts))},
                )
            if not alive:
                continue
            state.mutates[k] = _new(MutateOnBoard, (m.card, space, m.hp))
            for q in hit:
                out.extend(strike(state, q, card.damage, name, direct=ability == "acid"))
        return out


def strike(state: ZState, q: Squad, dmg: int, who: str, direct: bool = False) -> list[Step[ZState]]:
    """ "Roll 2d6. If any Z are rolled, your squad immediately suffers a critical wound for each Z.
    Regardless ... your squad suffers damage equal to the number of horde zombies attacking.\""""
    rng = state.rng
    faces = [rng.roll_die(ZD6), rng.roll_die(ZD6)]
    crits = faces.count(Z)
    state.emit(
        "horde-attack",
        f"{who} attacks squad {q.seat + 1}: {dmg} damage, {phrases.count(crits, 'critical wound')}",
        {"dice": faces, "damage": dmg},
    )
    out: list[Step[ZState]] = [PickSurvivor(q.seat, "wound") for _ in range(crits)]
    if dmg:
        out.append(allocate(q.seat, dmg, direct))
    return out


def _downhill(board: Board, goal: int) -> tuple[tuple[int, ...], ...]:
    """For each space, its neighbours nearer ``goal`` (any reachable one from a space the goal
    cannot be reached from), nearest first, then in neighbour order: a zombie on an open board
    steps onto the first of them no squad stands on. Built once per board and goal."""
    found: dict[int, tuple[tuple[int, ...], ...]] | None = board.memo.get("downhill")
    if found is None:
        found = board.memo["downhill"] = {}
    ways = found.get(goal)
    if ways is None:
        dist = board.distances(goal)
        ways = found[goal] = tuple(
            tuple(
                sorted(
                    (j for j in board.neighbours[i] if dist[j] >= 0 and (dist[i] < 0 or dist[j] < dist[i])),
                    key=dist.__getitem__,
                )
            )
            for i in range(len(board.spaces))
        )
    return ways


def _plan(state: ZState) -> list[tuple[int, int, int]]:
    """(zombie index, goal, seat hunted or -1) for every upright zombie: :func:`target_squad`'s
    squad for each, each squad's zombie sight and distances read once, else
    :func:`goal_without_sight`."""
    board = state.board
    hunted = [
        (board.seen_from(q.space, zombie=True), board.distances(q.space), (-q.vp, q.seat), q.space)
        for q in state.squads
        if q.alive and q.space >= 0
    ]
    plan = []
    for k, z in enumerate(state.zombies):
        if z.down:
            continue
        at = z.space
        best: tuple[int, tuple[int, int]] | None = None
        goal = -1
        for seen, dist, tie, where in hunted:
            if at in seen and (d := dist[at]) >= 0 and (best is None or (d, tie) < best):
                best, goal = (d, tie), where
        if best is None:
            plan.append((k, goal_without_sight(state, at), -1))
        else:
            plan.append((k, goal, best[1][1]))
    return plan


def _walk(
    state: ZState,
    start: int,
    goal: int,
    squads: set[int],
    engaged: set[int],
    lying: dict[int, int],
    moves: int = -1,
    downhill: tuple[tuple[int, ...], ...] | None = None,
) -> tuple[list[int], int, bool, int]:
    """One horde zombie's move from ``start`` towards ``goal``: (its path, the start first; the
    movement points left; knocked down; the fortification it stopped to attack, or -1). It stops
    within range 1 of a squad (``engaged``); arduous ground and knocked-down zombies' spaces
    (``lying``) cost 2; ``moves``: the movement points of a zombie (-1: read from the rules);
    ``downhill``: :func:`_downhill` of the goal, if already found (only with no fortification)."""
    board = state.board
    if moves < 0:
        moves = state.content.rules.zombie_moves
    space, left, down, path = start, moves, False, [start]
    # with no fortification on the board every path is open (rule 9): one step nearer the goal each
    # time, as :func:`step_toward` takes it
    if state.forts:
        downhill = None
    elif downhill is None:
        downhill = _downhill(board, goal)
    costs = board.step_costs()  # 2 onto arduous ground, else 1
    while left > 0 and space not in engaged:
        if downhill is None:
            nxt, fort = next_step(state, space, goal, squads)
            if fort is not None:
                state.siege[fort] = state.siege.get(fort, 0) + 1
                return path, left, down, fort
        else:
            nxt = None
            for j in downhill[space]:
                if j not in squads:
                    nxt = j
                    break
        if nxt is None:
            break
        cost = costs[nxt]
        if cost == 1 and lying and nxt in lying:
            cost = 2
        if cost > left:
            # "If a zombie has moved two spaces and the last space they would land on is arduous
            # terrain, they may still move onto that space but become knocked down."
            down = True
        left -= cost
        space = nxt
        path.append(space)
    return path, left, down, -1


def _shuffle(state: ZState, start: int, path: list[int], squads: set[int], count: dict[int, int]) -> int:
    """Where a zombie that walked ``path`` ends: its last space, or with two zombies there already
    the zombie shuffle, "take the overflow zombie and place it on an adjacent open space" (adjacent:
    range 1); with none open, the last space of its path with room."""
    space = path[-1]
    if count.get(space, 0) < 2 or space == start:
        return space
    for j in state.board.around(space, 1, zombie=True):
        if j != space and j not in squads and j not in state.forts and count.get(j, 0) < 2:
            return j
    return next((s for s in reversed(path[:-1]) if s == start or count.get(s, 0) < 2), start)


@dataclass(slots=True)
class HordeMoves(Auto[ZState]):
    """Rulebook §Pathing - Zombie Movement, rules 1-9 and the zombie shuffle; §Knocked Down Zombies.
    Upright zombies move first, in the order they came; zombies that began knocked down stand up
    instead of moving. "While a zombie is knocked down, treat that space as though it were arduous
    terrain for all movement": a zombie moving onto a knocked-down zombie's space pays 2. Each
    zombie's goal, path and the rule that chose it go into the ``horde-moves`` event's data
    (:mod:`.audit`)."""

    def run(self, state: ZState) -> Steps:
        board = state.board
        moves = state.content.rules.zombie_moves
        squads = {q.space for q in state.living()}
        count = zombie_counts(state)  # zombies (mutates included) on each space, kept as they move
        # the spaces from which a zombie is within range 1 of a squad (squads stand still meanwhile)
        engaged: set[int] = set()
        for i in squads:
            if i >= 0:
                engaged.update(board.around_set(i, 1, zombie=True))
        # knocked-down zombies' spaces: arduous for every zombie moving onto them
        lying: dict[int, int] = {}
        for z in state.zombies:
            if z.down:
                lying[z.space] = lying.get(z.space, 0) + 1
        trace: list[dict[str, Any]] | None = [] if tracing(state) else None
        seen_squads = squads_seen(state) if trace is not None else []
        lying_before = names(state, sorted(lying)) if trace is not None else []
        # LOS and target are fixed before anyone moves (rule 5)
        triggered: list[int] = []
        plan = _plan(state)
        open_board = not state.forts
        downs: dict[int, tuple[tuple[int, ...], ...]] = {}  # goal -> its downhill, found once a move
        for k, goal, seat in plan:
            z = state.zombies[k]
            downhill = None
            if open_board:
                downhill = downs.get(goal)
                if downhill is None:
                    downhill = downs[goal] = _downhill(board, goal)
            path, left, down, besieged = _walk(state, z.space, goal, squads, engaged, lying, moves, downhill)
            if state.bombs:
                triggered.extend(i for i in path[1:] if i in state.bombs)
            space = _shuffle(state, z.space, path, squads, count)
            if space != z.space or down != z.down:
                state.zombies[k] = zombie(space, z.fresh, down, z.hurt)
                count[z.space] -= 1
                count[space] = count.get(space, 0) + 1
            if down:
                lying[space] = lying.get(space, 0) + 1
            if trace is not None:
                rule = hunt_rule(state, z.space, seat, goal, z.space in engaged)
                trace.append(zombie_entry(state, k, z.fresh, seat, goal, rule, path, moves - left, space, down, besieged))
        planned = {p[0] for p in plan}
        for k, z in enumerate(state.zombies):
            if z.down and k not in planned:
                state.zombies[k] = zombie(z.space, z.fresh, False, z.hurt)
                if trace is not None:
                    trace.append(zombie_entry(state, k, z.fresh, -1, z.space, "stands-up", [z.space], 0, z.space))
        if trace is not None:
            moved = sum(1 for t in trace if t["from"] != t["to"])
            state.emit(
                "horde-moves",
                f"The horde moves: {moved} of {len(trace)} zombies change space",
                {
                    "trace": trace,
                    "squads": seen_squads,
                    "forts": names(state, sorted(state.forts)),
                    "lying": lying_before,
                },
            )
        # "Finish moving all zombies before resolving the bomb tokens area of effect."
        out = bombs_on(state, triggered)
        return (*state.take_pending(), *out)


@dataclass(slots=True)
class HordeAttacks(Auto[ZState]):
    """ "The Horde always attacks any and all survivors within range 1. Players are attacked in turn
    order ... Your squad takes 1 damage per weak zombie, and 2 damage per fresh zombie attacking.\""""

    seat: int  # the position in turn order

    def run(self, state: ZState) -> Steps:
        if self.seat >= len(state.squads):
            return attack_upgrades(state)
        q = state.in_order()[self.seat]
        nxt = horde_attacks(self.seat + 1)
        if not q.alive or q.space < 0:
            return (nxt,)
        reach = state.board.around_set(q.space, 1, zombie=True)
        near = [z for z in state.zombies if z.space in reach]
        if not near:
            return (nxt,)
        dmg = sum(2 if z.fresh else 1 for z in near)
        return (*strike(state, q, dmg, f"The horde ({len(near)})"), nxt)


#: the zombies' part of an hour as shared steps (a step is a value, never changed once made: one
#: serves every hour of every game): the mutates' turn, the horde's moves, the horde's attacks on
#: each squad in turn order and after the last
ZOMBIES_TURN: Final = (MutatesTurn(), HordeMoves())
_ATTACKS: Final = tuple([HordeAttacks(seat) for seat in range(5)])


def horde_attacks(seat: int) -> HordeAttacks:
    """The :class:`HordeAttacks` on the squad ``seat``-th in turn order."""
    return _ATTACKS[seat] if seat < len(_ATTACKS) else HordeAttacks(seat)


def attack_upgrades(state: ZState) -> Steps:
    """ "Just like junk walls, zombies will try to destroy these structures": horde zombies beside an
    upgrade's token with no squad within range 1 attack it; then every structure attacked this hour
    rolls (:class:`StructuresAttacked`)."""
    crafts = state.content.craft_by_id
    board = state.board
    for space, card in state.structures.items():
        if crafts[card].kind != "upgrade":
            continue
        n = 0
        beside = board.around_set(space, 1, zombie=True)
        for z in state.zombies:
            if z.space in beside and not in_reach(state, z.space, 1):
                n += 1
        if n:
            state.siege[space] = state.siege.get(space, 0) + n
    return (StructuresAttacked(),) if state.siege else ()


__all__ = ["ZOMBIES_TURN", "HordeAttacks", "HordeMoves", "MutatesTurn", "horde_attacks", "spawn_night"]
