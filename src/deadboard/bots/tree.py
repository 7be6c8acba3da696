"""The tree search of the ``mcts`` bot (:mod:`deadboard.bots.mcts`, whose docstring describes it):
one search from a seat's view, and the figures it reports. Kept apart from the bot so that the
compiled build (``setup.py``) compiles the loop every iteration runs through; the bot, its budgets
and its playout search stay Python."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deadboard.core.action import Action
from deadboard.core.errors import SetupError
from deadboard.core.game import Game, Result, State, frozen_reduce
from deadboard.core.log import NullLog
from deadboard.core.rng import Rng

if TYPE_CHECKING:
    from deadboard.bots.mcts import Budget

#: iterations a decision when no budget is given
DEFAULT_ITERATIONS = 1000
#: exploration constant for rewards in [0, 1]
DEFAULT_C = 0.7
#: random decisions past the tree before the value function scores the state
DEFAULT_ROLLOUT = 0
#: reward discount per decision (a tie-breaker in favour of shorter lines)
DEFAULT_GAMMA = 0.999
#: estimates closer than this are equal (the prior's choice is recommended among equals)
TIE = 1e-9

class _Node:
    """One decision sequence. ``seat`` decided the action leading here; ``total`` is that seat's
    summed reward over the ``visits`` walks through here; ``avail`` counts the walks at the parent in
    which this action was legal."""

    __slots__ = ("avail", "children", "raw", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 1
        self.total = 0.0  # discounted, for selection
        self.raw = 0.0  # undiscounted, for the estimates reported
        self.children: dict[Action, _Node] = {}


@dataclass(frozen=True)
class ActionStats:
    action: Action
    visits: int
    mean: float

    def to_json(self) -> dict[str, object]:
        return {"action": self.action.text, "visits": self.visits, "win_estimate": self.mean}

    def __reduce__(self) -> tuple[Any, ...]:
        return frozen_reduce(self)


@dataclass(frozen=True)
class SearchResult:
    """The recommended action, the searching seat's estimated chance of winning after it, and the
    figures behind it (root actions by visits)."""

    action: Action
    win_estimate: float
    iterations: int
    seconds: float
    actions: tuple[ActionStats, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "action": self.action.text,
            "win_estimate": self.win_estimate,
            "iterations": self.iterations,
            "seconds": self.seconds,
            "actions": [a.to_json() for a in self.actions],
        }

    def __reduce__(self) -> tuple[Any, ...]:
        # the web server's bot processes send it back pickled
        return frozen_reduce(self)


def search(
    game: Game,
    view: State,
    seat: int,
    budget: Budget,
    rng: Rng,
    c: float = DEFAULT_C,
    rollout: int = DEFAULT_ROLLOUT,
    legal: Sequence[Action] | None = None,
    gamma: float = DEFAULT_GAMMA,
    prior: Action | None = None,
) -> SearchResult:
    """Search from ``view`` (what ``seat`` sees) and recommend one of ``legal`` (default: the legal
    actions of the view): the most visited, or ``prior`` (a bot's own choice) where search values it
    as much, within :data:`TIE` (where every walk loses, visits spread evenly and the most visited
    is whichever action came first, often "end"). Reads nothing but the view and draws all chance
    from ``rng``."""
    t0 = time.perf_counter()
    base = view.clone()
    base.log = NullLog()
    root_legal = list(legal) if legal is not None else game.legal_actions(base)
    if not root_legal:
        raise SetupError("nothing to search: the game is over")
    legal_actions = game.legal_sequence
    apply = game.apply_unchecked
    determinize = game.determinize
    clone = base.clone
    has_value = game.evaluate(base, seat) is not None
    evaluate = game.evaluate
    outcome = game.outcome
    sqrt = math.sqrt
    log = math.log
    below = rng.below
    root = _Node(seat)
    max_iter = budget.iterations if budget.iterations is not None else 1 << 62
    deadline = t0 + budget.seconds if budget.seconds is not None else math.inf
    iterations = 0
    while iterations < max_iter:
        if deadline != math.inf and iterations & 15 == 0 and time.perf_counter() >= deadline and iterations:
            break
        iterations += 1
        s = clone()
        determinize(s, rng)
        node = root
        path: list[_Node] = []
        depth = 0
        # ----- selection and expansion ----------------------------------------------------------
        while (d := s.decision) is not None:
            moves = legal_actions(s)
            depth += 1
            if len(moves) == 1 and path:
                apply(s, moves[0])
                continue
            children = node.children
            mover = d.seat
            fresh: list[Action] | None = None
            best: _Node | None = None
            best_action: Action | None = None
            best_score = -1.0
            for a in moves:
                ch = children.get(a)
                if ch is None:
                    if fresh is None:
                        fresh = [a]
                    else:
                        fresh.append(a)
                    continue
                ch.avail += 1
                if fresh is None:
                    score = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                    if score > best_score:
                        best_score = score
                        best = ch
                        best_action = a
            if fresh is not None:
                a = fresh[below(len(fresh))] if len(fresh) > 1 else fresh[0]
                child = _Node(mover)
                children[a] = child
                apply(s, a)
                path.append(child)
                break
            assert best is not None and best_action is not None
            apply(s, best_action)
            path.append(best)
            node = best
        # ----- rollout ----------------------------------------------------------------------------
        steps = 0
        while s.decision is not None and (not has_value or steps < rollout):
            moves = legal_actions(s)
            apply(s, moves[below(len(moves))] if len(moves) > 1 else moves[0])
            steps += 1
        # ----- backpropagation ----------------------------------------------------------------
        discount = gamma ** (depth + steps)
        values: dict[int, float] = {}
        if s.decision is None:
            o = outcome(s)
            assert o is not None
            draw = o.result is Result.DRAW and not o.winners
            for n in path:
                v = values.get(n.seat)
                if v is None:
                    v = values[n.seat] = 0.5 if draw else (1.0 if n.seat in o.winners else 0.0)
                n.visits += 1
                n.total += v * discount
                n.raw += v
        else:
            for n in path:
                v = values.get(n.seat)
                if v is None:
                    e = evaluate(s, n.seat)
                    v = values[n.seat] = 0.5 if e is None else e
                n.visits += 1
                n.total += v * discount
                n.raw += v
    stats = sorted(
        (ActionStats(a, ch.visits, ch.raw / ch.visits if ch.visits else 0.0)
         for a in root_legal if (ch := root.children.get(a)) is not None),
        key=lambda st: (-st.visits, -st.mean),
    )
    top = recommended(stats, prior)
    return SearchResult(top.action, top.mean, iterations, time.perf_counter() - t0, tuple(stats))


def recommended(stats: Sequence[ActionStats], prior: Action | None) -> ActionStats:
    """The first of ``stats`` (the most visited), or ``prior``'s if it is valued as much."""
    top = stats[0]  # at least one iteration always expands a root action
    for st in stats:
        if st.action == prior and st.mean >= top.mean - TIE:
            return st
    return top


__all__ = [
    "DEFAULT_C",
    "DEFAULT_GAMMA",
    "DEFAULT_ITERATIONS",
    "DEFAULT_ROLLOUT",
    "TIE",
    "ActionStats",
    "SearchResult",
    "recommended",
    "search",
]
