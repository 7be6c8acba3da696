"""What Zpocalypse 2's heuristic player and its search read of a night position: the danger the horde
poses to a space, how good a space is to stand on and to move to, what a Molotov Cocktail would
hit, where a stash holds a weapon the squad needs; and the turn's *plans* that search by playouts
compares (:func:`plans`: end the turn, attack each target, throw, search, take the tunnels, move
to the best space, to the safest, to the one with the most shots). The rules do not import it; the
game's :meth:`~deadboard.games.zpocalypse_2.rules.Zpocalypse2.search_candidates` and the bot do."""

from __future__ import annotations

from collections.abc import Sequence

from deadboard.core.action import Action
from deadboard.games.zpocalypse_2.actions import Attack, End, Move, Search, Start, Throw, Tunnel, UseTrait
from deadboard.games.zpocalypse_2.combat import targets_in_range
from deadboard.games.zpocalypse_2.state import Squad, ZState


def danger(st: ZState, space: int) -> int:
    """The damage the horde and the mutates could deal a squad at ``space`` this hour: every zombie
    that could walk into range (three spaces and one more) counts its damage."""
    dist = st.board.distances(space)
    hurt = sum((2 if z.fresh else 1) for z in st.zombies if 0 <= dist[z.space] <= 4)
    mutates = st.content.mutate_by_id
    for m in st.mutates:
        card = mutates[m.card]
        if 0 <= dist[m.space] <= card.speed + card.range:
            hurt += card.damage
    return hurt


def in_danger(st: ZState, q: Squad, space: int) -> bool:
    """The horde could take a third of the squad's health (defence wheel and HP) at ``space``."""
    health = q.defence + sum(p.hp for p in q.people)
    return danger(st, space) * 3 >= max(health, 6)


def standing(st: ZState, q: Squad, space: int) -> float:
    """How good a space is to stand on: zombies in reach of the squad's longest weapon, less the
    danger there."""
    rng = max((st.content.weapon(p.weapon).range for p in q.people if p.weapon), default=1)
    return len(targets_in_range(st, space, rng)) - danger(st, space)


def wanted_stash(st: ZState, q: Squad) -> int:
    """Where a card the squad needs lies: its own private stash token with a weapon in it, else the
    public stash token with one, while a survivor of the squad is unarmed (-1: nowhere)."""
    if q.space < 0 or all(p.weapon is not None for p in q.people):
        return -1
    weapons = st.content.weapon_by_id
    if q.stash_token >= 0 and any(c in weapons for c in q.stash):
        return q.stash_token
    if any(c in weapons for c in st.public):
        return st.board.stash
    return -1


#: what one point of :func:`danger` (the horde's damage that could reach a space this hour) costs a
#: space in the move's score: of two spaces with the same shots, the one further from the horde
DANGER_WEIGHT = 0.05


def move_scores(st: ZState, q: Squad, moves: Sequence[Move | Start]) -> tuple[list[float], float]:
    """Each move's score, and the score of staying where the squad stands: zombies that can be hit
    from the space (each kind of zombie and each mutate in reach once), less 1.5 for each zombie on
    or beside it, a tenth of the die it costs, half a point for a search space not searched this
    night, 2 for an entrance of the bunker tunnels when the horde threatens and the dice pay the
    way down, 1 for a space on or beside a stash holding a weapon for an unarmed survivor, and
    :data:`DANGER_WEIGHT` for each point of :func:`danger` there."""
    board = st.board
    rng = max((st.content.weapon(p.weapon).range for p in q.people if p.weapon), default=1)
    # fleeing: an entrance of the bunker tunnels is worth reaching when the horde threatens
    flee = set(st.tunnels()) if st.structures and q.space >= 0 and in_danger(st, q, q.space) else set()
    # reaching a stash with a weapon for an unarmed survivor: a space on or beside it
    goal = wanted_stash(st, q) if moves and isinstance(moves[0], Move) else -1
    beside = {goal, *board.neighbours[goal]} if goal >= 0 else set()

    seen: dict[int, tuple[int, int]] = {}  # space -> (zombies in reach, zombies beside it)
    # zombies on each space, and the targets (kinds of zombie, each mutate) each space offers
    count: dict[int, int] = {}
    kinds: dict[int, set[str]] = {}
    for z in st.zombies:
        count[z.space] = count.get(z.space, 0) + 1
        kinds.setdefault(z.space, set()).add("fresh" if z.fresh else "weak")
    for m in st.mutates:
        kinds.setdefault(m.space, set()).add(m.card)
    offered = [(space, len(k)) for space, k in kinds.items()]
    dice = sum(st.faces)

    def worth(i: int, cost: int) -> float:
        found = seen.get(i)
        if found is None:
            near = count.get(i, 0) + sum(count.get(j, 0) for j in board.neighbours[i])
            shots = board.shots(i, rng)
            found = seen[i] = (sum(n for space, n in offered if space in shots), near)
        hit, near = found
        tunnel = 2.0 if i in flee and dice - cost >= len(q.people) else 0.0
        return (
            hit
            - 1.5 * near
            - 0.1 * cost
            + (0.5 if i in board.search and i not in st.searched else 0)
            + tunnel
            + (1.0 if i in beside else 0.0)
            - DANGER_WEIGHT * danger(st, i)
        )

    scores = [worth(board.by_name[a.space], a.die if isinstance(a, Move) else 0) for a in moves]
    return scores, (worth(q.space, 0) if q.space >= 0 else 0.0)


def best_move(st: ZState, q: Squad, legal: Sequence[Action]) -> Action | None:
    """The reachable space from which the most zombies can be hit and the fewest stand next to the
    squad, further from the horde (a search space not searched this night counts a little), if it is
    worth a die and better than where the squad stands: every move is made for a reason the score
    names, so the squad never walks back and forth over the same spaces spending dice for nothing
    (the score of the space it left is the score it just beat)."""
    moves = [a for a in legal if isinstance(a, Move | Start)]
    if not moves:
        return None
    scores, here = move_scores(st, q, moves)
    k = max(range(len(moves)), key=lambda j: scores[j])  # the first of the best, as max() gives
    best = moves[k]
    if isinstance(best, Start):
        return best
    gain = scores[k]
    return best if gain > 0.5 and gain > here else None


def blast(st: ZState, space: str, own: int) -> int:
    """Zombies a Molotov Cocktail at ``space`` would hit, less three for the squad's own space."""
    board = st.board
    i = board.by_name[space]
    hit = set(board.around(i, 2, zombie=False))
    n = sum(1 for z in st.zombies if z.space in hit) + sum(2 for m in st.mutates if m.space in hit)
    return n - (3 if own in set(board.around(i, 2, zombie=True)) else 0)


def _cheapest(actions: Sequence[Attack | Throw | Tunnel | UseTrait]) -> Attack | Throw | Tunnel | UseTrait:
    return min(actions, key=lambda a: (len(a.dice), sum(a.dice)))


def plans(st: ZState, legal: Sequence[Action]) -> list[Action]:
    """A squad's plans at a turn decision, one action each (how to pay and who fights are the
    heuristic's way, the fewest and lowest dice): end the turn; attack each target in reach (a kind
    of zombie or a mutate on a space; no bare hands below 3 HP); a Molotov Cocktail at the space it
    hits most; search with the highest die; down the tunnels; a weapon trait; and moves — to the
    space the heuristic's move score ranks first (even where the heuristic would stay), to the
    safest space (least :func:`danger`, then the best score), to the space with the most shots.
    Equipping, reloading, stashing and taking are left to the heuristic (its own choice is searched
    beside these)."""
    d = st.decision
    if d is None or not legal:
        return []
    q = st.squads[d.seat]
    hp = {p.card: p.hp for p in q.people}
    out: list[Action] = [a for a in legal if isinstance(a, End)]
    attacks: dict[tuple[str, str], list[Attack]] = {}
    for a in legal:
        if isinstance(a, Attack) and (a.weapon != "unarmed" or hp.get(a.who, 0) > 2):
            attacks.setdefault((a.space, a.target), []).append(a)
    for group in attacks.values():
        out.append(_cheapest(group))
    throws = [a for a in legal if isinstance(a, Throw)]
    if throws:
        out.append(max(throws, key=lambda a: (blast(st, a.space, q.space), -sum(a.dice))))
    searches = [a for a in legal if isinstance(a, Search)]
    if searches:
        out.append(max(searches, key=lambda a: a.die))
    for kind in (Tunnel, UseTrait):
        these = [a for a in legal if isinstance(a, kind)]
        if these:
            out.append(_cheapest(these))
    moves = [a for a in legal if isinstance(a, Move | Start)]
    if moves:
        scores, _ = move_scores(st, q, moves)
        board = st.board
        rng = max((st.content.weapon(p.weapon).range for p in q.people if p.weapon), default=1)
        order = range(len(moves))
        best = max(order, key=lambda j: scores[j])
        safest = min(order, key=lambda j: (danger(st, board.by_name[moves[j].space]), -scores[j]))
        shots = max(order, key=lambda j: (len(targets_in_range(st, board.by_name[moves[j].space], rng)), scores[j]))
        for j in (best, safest, shots):
            if moves[j] not in out:
                out.append(moves[j])
    return out if len(out) > 1 else []
