"""Information-set Monte Carlo tree search for any registered game, through the core API only.

The bot is handed ``game.view(state, seat)``, never the true state. Each iteration draws one
*determinization* of that view (``game.determinize``: unseen cards shuffled, chance re-seeded), walks
the tree with it, and scores the end of the walk. The tree is single-observer and open-loop (Cowling,
Powley & Whitehouse, "Information Set Monte Carlo Tree Search", 2012): a node is a sequence of
decisions, whatever chance did in between, so every determinization shares one tree. A child that is
illegal in the current determinization is skipped, and selection weighs each child by how often it was
*available* rather than by its parent's visits::

    UCB(child) = mean(child) + c * sqrt(ln(available(child)) / visits(child))

Decisions with one legal action are played without a node. Every node keeps the reward of the seat
that decided there, so opponents' decisions are searched from their own side. A walk ends at the end
of the game (reward 1 for a winning seat, 0 otherwise, 1/2 each in a draw), or after ``rollout``
random decisions past the tree when the game has a value function (:meth:`Game.evaluate`), which then
scores the state; a game without one is played out at random.

Rewards are discounted by ``gamma`` per decision between the root and the scored state, so that of
two lines worth the same the shorter is preferred: without it, rules that let a seat repeat free
actions (pick up, drop, pick up …) would let a position already won or lost be circled forever.
The win estimates reported are undiscounted.

Budgets are iterations (deterministic for a given seed) or seconds (as many as fit). The searched
copies carry a :class:`~deadboard.core.log.NullLog`, so cloning does not copy the event log.

With another bot to play the games out (``mcts:N+BOT``) the search is flat instead
(:func:`playout_search`): the candidates the game offers are compared by playouts of that bot to
the end of the game, on common random numbers.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from deadboard.bots.tree import (
    DEFAULT_C,
    DEFAULT_GAMMA,
    DEFAULT_ITERATIONS,
    DEFAULT_ROLLOUT,
    TIE,
    ActionStats,
    SearchResult,
    search,
)
from deadboard.core.action import Action
from deadboard.core.errors import SetupError
from deadboard.core.game import Game, State
from deadboard.core.log import NullLog
from deadboard.core.registry import find_descriptor
from deadboard.core.rng import Rng, derive_seed

if TYPE_CHECKING:
    from deadboard.bots.base import Bot

#: the name of a game's own heuristic bot (its descriptor's), the prior of search where it has one
HEURISTIC = "heuristic"
#: decisions free of chance in a row after which the bot takes an action involving chance
STREAK_LIMIT = 100
#: an anchored bot (``mcts:N@BOT``) overrules its anchor only when search finds its own choice at
#: least this much more likely to win, with the anchor's choice searched this many times
ANCHOR_MARGIN = 0.02
ANCHOR_VISITS = 10
#: the rounds of playouts after which a candidate with the same results as an earlier one in every
#: round is dropped as the same choice: after the first, when its results are graded (victory
#: points, a value function); when they are all won or lost (1 or 0), after the last only — two
#: different choices won and lost on the same two nights as often as not
TWIN_ROUNDS = (2, 8)


#: the largest budget of one decision (a budget from a command line or a page is bounded)
MOST_ITERATIONS = 100_000_000
MOST_SECONDS = 3600.0


class Budget(NamedTuple):
    """How long to search: a number of iterations, or a number of seconds (``iterations`` None)."""

    iterations: int | None = DEFAULT_ITERATIONS
    seconds: float | None = None

    @classmethod
    def parse(cls, spec: str | int | float | Budget | None) -> Budget:
        """``500`` or ``"500"``: iterations; ``0.5`` or ``"0.5s"``: seconds; None: the default."""
        if spec is None or spec == "":
            return cls()
        if isinstance(spec, Budget):
            return spec
        if isinstance(spec, bool):
            raise SetupError(f"MCTS budget: {spec!r} is neither iterations nor seconds")
        if isinstance(spec, int):
            return cls._checked(spec, None)
        if isinstance(spec, float):
            return cls._checked(None, spec)
        text = spec.strip().lower()
        try:
            if text.endswith("s"):
                return cls._checked(None, float(text[:-1]))
            return cls._checked(int(text), None)
        except ValueError:
            raise SetupError(
                f"MCTS budget {spec!r}: give iterations (mcts:500) or seconds (mcts:0.5s)"
            ) from None

    @classmethod
    def _checked(cls, iterations: int | None, seconds: float | None) -> Budget:
        if iterations is not None and iterations < 1:
            raise SetupError(f"MCTS budget: at least 1 iteration (got {iterations})")
        if seconds is not None and not seconds > 0:
            raise SetupError(f"MCTS budget: a positive number of seconds (got {seconds})")
        if iterations is not None and iterations > MOST_ITERATIONS:
            raise SetupError(f"MCTS budget: at most {MOST_ITERATIONS:,} iterations (got {iterations:,})")
        if seconds is not None and seconds > MOST_SECONDS:
            raise SetupError(f"MCTS budget: at most {MOST_SECONDS:g} seconds a decision (got {seconds:g})")
        return cls(iterations, seconds)


class Hint(NamedTuple):
    action: Action
    win_estimate: float


def playout_search(
    game: Game,
    view: State,
    seat: int,
    budget: Budget,
    rng: Rng,
    candidates: Sequence[Action],
    policy: Bot | Sequence[Bot],
    keep: Action | None = None,
    plans: Sequence[Bot] = (),
) -> SearchResult:
    """Compare ``candidates`` by playing each out to the end of the game with ``policy`` (Tesauro
    and Galperin's rollouts of a base player), scored by :meth:`Game.result_value`. The search is
    flat: a tree over the steps after the candidate would only put random actions into the
    playouts. Candidates are compared on common random numbers: playouts go in rounds, and in each
    round every candidate is played on the same determinization of the view (the same hidden
    information and the same chance stream), so that the differences between candidates are not
    drowned by the dice. After two rounds a candidate whose results equal an earlier one's in both
    is dropped as the same choice (which human to activate first rarely matters early in the
    night), except ``keep``; results that are all 1 or 0 (won, lost) are compared so only after
    eight rounds (:data:`TWIN_ROUNDS`). The budget counts playouts: a number of them plays at least one round;
    a time budget stops at its deadline, in the first round too (``keep`` is played first, so that
    a search cut short has played the policy's own choice; a candidate not played is not
    recommended). Among equally valued candidates ``keep`` is recommended.

    ``policy`` is one bot for every seat, or a bot for each seat by index (in a game of several
    seats each seat's playouts must be played from that seat's side: :func:`playout_bots`). A game
    with a value function and a :meth:`Game.search_horizon` (Zombie Dawn: the end of the turn)
    stops each playout at the horizon and scores it with :meth:`Game.evaluate`, so that every
    candidate is compared at the same point of the game, for a fraction of a whole game's cost.

    ``plans`` are other bots for ``seat`` (*policy switching*, Chang, Givan and Chong 2004): each
    one's choice at ``view`` is one more candidate, played out by that bot for ``seat`` (the other
    seats as before), so that a way of playing the rest of the game is compared with the policy's
    own, not only one action followed by the policy."""
    t0 = time.perf_counter()
    base = view.clone()
    base.log = NullLog()
    policies = [policy] if not isinstance(policy, Sequence) else list(policy)
    horizon = game.search_horizon(base) if game.evaluate(base, seat) is not None else None
    search_horizon = game.search_horizon
    # a candidate is an action and the bot that plays ``seat``'s part of its playouts (0: policy)
    pairs = [(a, 0) for a in dict.fromkeys(candidates)]
    if not pairs:
        raise SetupError("nothing to search: no candidate action")
    # ``keep`` is played first: a search cut short by its deadline has played it
    if keep is not None and (keep, 0) in pairs:
        pairs.remove((keep, 0))
        pairs.insert(0, (keep, 0))
    legal = game.legal_actions(base) if plans else []
    pairs += [(plan.choose(game, base.clone(), legal), k + 1) for k, plan in enumerate(plans)]
    cands = [a for a, _ in pairs]
    legal_actions = game.legal_actions
    apply = game.apply_unchecked
    n = len(cands)
    results: list[list[float]] = [[] for _ in range(n)]
    active = list(range(n))
    max_iter = budget.iterations if budget.iterations is not None else 1 << 62
    deadline = t0 + budget.seconds if budget.seconds is not None else math.inf
    iterations = rounds = 0
    done = False
    while not done:
        world = rng.next64()
        for i in active:
            if (rounds and iterations >= max_iter) or (iterations and time.perf_counter() >= deadline):
                done = True
                break
            s = base.clone()
            game.determinize(s, Rng(world))
            apply(s, cands[i])
            plan = plans[pairs[i][1] - 1] if pairs[i][1] else None
            while (d := s.decision) is not None and (horizon is None or search_horizon(s) == horizon):
                moves = legal_actions(s)
                bot = policies[d.seat] if len(policies) > 1 else policies[0]
                if plan is not None and d.seat == seat:
                    bot = plan
                apply(s, bot.choose(game, s, moves) if len(moves) > 1 else moves[0])
            if s.decision is None:
                o = game.outcome(s)
                assert o is not None
                results[i].append(game.result_value(o, seat))
            else:
                e = game.evaluate(s, seat)
                results[i].append(0.5 if e is None else e)
            iterations += 1
        rounds += 1
        if rounds in TWIN_ROUNDS and not done:
            seen: dict[tuple[float, ...], int] = {}
            kept = []
            for i in active:
                sig = tuple(results[i])
                if rounds < TWIN_ROUNDS[-1] and all(r in (0.0, 1.0) for r in sig):
                    kept.append(i)  # only won and lost so far: too coarse to call them the same
                    continue
                j = seen.get(sig)
                if j is None:
                    seen[sig] = i
                    kept.append(i)
                elif pairs[i] == (keep, 0):  # keep the named candidate, drop its twin
                    kept[kept.index(j)] = i
                    seen[sig] = i
            active = kept
        if iterations >= max_iter or time.perf_counter() >= deadline:
            done = True
    means = {i: sum(r) / len(r) for i, r in enumerate(results) if r}
    # the best of the candidates still in play (a dropped one is a twin of one of them); among
    # equally valued ones the policy's own choice ``keep``, never merely the first offered (where
    # every playout loses, every candidate is worth 0 and the first legal action is often "end")
    top = max(means[i] for i in active if i in means)
    b = min((i for i in active if i in means and means[i] >= top - TIE), key=lambda i: (pairs[i] != (keep, 0), i))
    # one line an action: its best way of playing on (an action two plans chose is one choice)
    best: dict[Action, int] = {}
    for i in means:
        j = best.get(cands[i])
        if j is None or i == b or (j != b and means[i] > means[j]):
            best[cands[i]] = i
    stats = sorted(
        (ActionStats(cands[i], len(results[i]), means[i]) for i in best.values()),
        key=lambda st: (st.action != cands[b], -st.mean, -st.visits),
    )
    return SearchResult(cands[b], stats[0].mean, iterations, time.perf_counter() - t0, tuple(stats))


def playout_bots(game: Game, view: State, name: str, seat: int, seed: int) -> list[Bot]:
    """The bot ``name`` for every seat of the game ``view`` is of, to play the playouts of
    :func:`playout_search` from each seat's own side (a heuristic bot made for one seat reads the
    position as that seat: it cannot choose for the others). ``seat``'s gets ``seed``."""
    from deadboard.bots.base import make_bot

    if name.split(":")[0] == "mcts":
        raise SetupError("the playouts of an mcts bot cannot be played by another mcts bot")
    n = game.seats(view.setup)
    return [make_bot(name, game, s, seed if s == seat else derive_seed(seed, "seat", s)) for s in range(n)]


def position_key(game: Game, view: State) -> str:
    """A hash of what a seat sees. The length of the log and the view's chance stream change with
    every action, even one that changes nothing else, and a view redraws what the seat cannot see
    from that stream: the hash is taken of the view determinized from a fixed seed, with no log."""
    v = view.clone()
    v.log = NullLog()
    game.determinize(v, Rng(0))
    v.rng = Rng(0)
    return game.state_hash(v)


def outcome_key(game: Game, view: State, action: Action) -> str | None:
    """The position ``action`` leads to when that is the same whatever the chance stream and the
    hidden information (tried on two determinizations of the view); None when it is not."""
    keys = set()
    for seed in (1, 2):
        v = view.clone()
        v.log = NullLog()
        game.determinize(v, Rng(seed))
        game.apply_unchecked(v, action)
        keys.add(position_key(game, v))
    return keys.pop() if len(keys) == 1 else None


class MCTSBot:
    """The ``mcts`` bot. Parameters after the name: ``mcts:500`` (iterations a decision) or
    ``mcts:0.5s`` (seconds a decision), optionally ``+BOT`` to search by playouts of that bot
    instead of the tree (:func:`playout_search`, at the decisions the game offers for it;
    ``mcts:40+heuristic``: 40 playouts a decision), and/or ``@BOT`` to play what that bot would
    unless search finds a clearly better action (``mcts:200@heuristic``: at least
    :data:`ANCHOR_MARGIN` better, the bot's own choice searched at least :data:`ANCHOR_VISITS`
    times)."""

    name = "mcts"
    needs_view = True

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int,
        params: str | None = None,
        *,
        budget: Budget | int | float | None = None,
        c: float = DEFAULT_C,
        rollout: int = DEFAULT_ROLLOUT,
        gamma: float = DEFAULT_GAMMA,
    ) -> None:
        self.seat = seat
        self.rng = Rng(seed)
        params, at, anchor = (params or "").partition("@")
        spec, plus, policy = params.partition("+")
        policy, _, others = policy.partition("+")
        self.budget = Budget.parse(budget if budget is not None else spec)
        self.policy: Bot | None = None
        #: the playout bot of every seat (made at the first search, from its view's setup)
        self.policy_name = policy
        self.policy_seed = derive_seed(seed, "rollout")
        self.policies: list[Bot] = []
        #: other ways to play the rest of the game compared with the playout bot's (``+BOT+PLAN``)
        self.plans: list[Bot] = []
        if plus:
            from deadboard.bots.base import make_bot

            names = [policy, *(others.split("+") if others else ())]
            if any(n.split(":")[0] == "mcts" for n in names):
                raise SetupError("the playouts of an mcts bot cannot be played by another mcts bot")
            self.policy = make_bot(policy, game, seat, self.policy_seed)
            self.plans = [make_bot(n, game, seat, derive_seed(seed, "plan", n)) for n in names[1:]]
        self.anchor: Bot | None = None
        if at:
            from deadboard.bots.base import make_bot

            if anchor.split(":")[0] == "mcts":
                raise SetupError("an mcts bot cannot be anchored to another")
            self.anchor = make_bot(anchor, game, seat, derive_seed(seed, "anchor"))
        #: the bot whose choice search recommends among equally valued actions: the anchor, else
        #: the playout bot, else the game's heuristic bot if it has one
        self.prior: Bot | None = self.anchor or self.policy
        found = find_descriptor(game)
        if self.prior is None and found is not None and HEURISTIC in found.bots:
            from deadboard.bots.base import make_bot

            self.prior = make_bot(HEURISTIC, game, seat, derive_seed(seed, "prior"))
        self.c = c
        self.rollout = rollout
        self.gamma = gamma
        self.last: SearchResult | None = None
        #: actions chosen since anything happened that the bot did not decide (see :meth:`choose`)
        self.streak: set[Action] = set()
        self.streak_uses: dict[Action, int] = {}
        self.streak_length = 0
        self.expect = ""

    def choose(self, game: Game, view: State | None, legal: Sequence[Action]) -> Action:
        """Search and play the most visited action.

        Rules may let a seat undo an action at no cost (pick up, drop, pick up …), and a position
        whose value search sees no way to change gives it no reason to stop. So the bot keeps the
        *streak* of actions it chose since anything happened that it did not decide: each action of
        the streak involved no chance (the same position follows it whatever the dice and the
        hidden cards), and each decision began where the previous one predictably left off. It does
        not choose an action of the streak again (unless nothing else is legal), and after
        :data:`STREAK_LIMIT` decisions in a streak it takes an action involving chance if there is
        one, else the action it has used least in the streak: it does not circle for ever. An action involving chance, or a position it did not
        foresee, ends the streak."""
        if view is None:
            raise SetupError("the mcts bot needs the seat's view")
        if self.policy is not None:
            return self._choose_by_playouts(game, view, legal)
        if self.streak and position_key(game, view) != self.expect:
            self.streak.clear()
            self.streak_uses.clear()
            self.streak_length = 0
        options = [a for a in legal if a not in self.streak] or list(legal)
        if self.streak_length >= STREAK_LIMIT:
            risky = [a for a in legal if outcome_key(game, view, a) is None]
            if risky:
                options = risky
            else:  # the least used so far (the last of them: games list "end", "done" last)
                least = min(self.streak_uses.get(a, 0) for a in legal)
                options = [[a for a in legal if self.streak_uses.get(a, 0) == least][-1]]
        suggested = self.prior.choose(game, view, options) if self.prior is not None and len(options) > 1 else None
        self.last = search(
            game, view, self.seat, self.budget, self.rng, self.c, self.rollout, options, self.gamma, prior=suggested
        )
        action = self.last.action
        if self.anchor is not None and suggested is not None:
            action = anchored(self.last, suggested).action
        after = outcome_key(game, view, action)
        if after is None:
            self.streak.clear()
            self.streak_uses.clear()
            self.streak_length = 0
        else:
            self.streak.add(action)
            self.streak_uses[action] = self.streak_uses.get(action, 0) + 1
            self.streak_length += 1
            self.expect = after
        return action

    def _choose_by_playouts(self, game: Game, view: State, legal: Sequence[Action]) -> Action:
        """``mcts:N+BOT``: where the game finds the decision worth it
        (:meth:`Game.search_candidates`), compare its candidates and the bot's own choice by
        playouts (:func:`playout_search`); elsewhere play the choice of the anchor, or else of the
        playout bot. Every decision involves the playout bot's judgement, so the streak guard of
        plain search is not needed."""
        assert self.policy is not None
        own = self.anchor if self.anchor is not None else self.policy
        suggested = own.choose(game, view, legal)
        candidates = game.search_candidates(view, legal)
        self.last = None
        if not candidates or candidates == [suggested]:
            return suggested
        if suggested not in candidates:
            candidates.append(suggested)
        if not self.policies:
            self.policies = playout_bots(game, view, self.policy_name, self.seat, self.policy_seed)
            self.policies[self.seat] = self.policy
        self.last = playout_search(
            game, view, self.seat, self.budget, self.rng, candidates, self.policies, keep=suggested, plans=self.plans
        )
        if self.anchor is not None:
            self.last = anchored(self.last, suggested)
        return self.last.action


def anchored(result: SearchResult, suggested: Action) -> SearchResult:
    """``result`` with the anchor bot's ``suggested`` action recommended instead, unless search
    found its own choice at least :data:`ANCHOR_MARGIN` more likely to win with the suggestion
    searched at least :data:`ANCHOR_VISITS` times."""
    stats = {st.action: st for st in result.actions}
    mine, theirs = stats.get(result.action), stats.get(suggested)
    if suggested == result.action or mine is None:
        return result
    if theirs is not None and theirs.visits >= ANCHOR_VISITS and mine.mean >= theirs.mean + ANCHOR_MARGIN:
        return result
    return replace(result, action=suggested, win_estimate=theirs.mean if theirs is not None else result.win_estimate)


def analyse(
    game: Game,
    state: State,
    seat: int,
    budget: Budget | int | float | str | None = None,
    seed: int | None = None,
) -> SearchResult:
    """Search for ``seat`` from ``state`` seen through ``game.view(state, seat)`` (never the state
    itself). The seed defaults to one derived from the game's seed and the number of events so far,
    so asking twice at the same point gives the same answer. A game whose descriptor names a
    ``hint_anchor`` bot gets that bot's choice unless search finds a clearly better one (as
    ``mcts:N@BOT`` plays); one that names a ``hint_playouts`` bot compares the candidates it offers
    (:meth:`Game.search_candidates`) and the anchor's choice by playouts of that bot instead of the
    tree (as ``mcts:N+BOT@ANCHOR`` plays). Among equally valued actions the hint is the choice of
    the anchor, or else of the game's heuristic bot (never merely the first legal action)."""
    d = state.decision
    if d is None:
        raise SetupError("the game is over: there is nothing to recommend")
    view = game.view(state, seat)
    if seed is None:
        seed = derive_seed("hint", game.id, seat, len(state.log))
    legal = game.legal_actions(view)
    if d.seat != seat:
        raise SetupError(f"it is not seat {seat + 1}'s decision (seat {d.seat + 1} decides now)")
    found = find_descriptor(game)
    anchor = found.hint_anchor if found is not None else None
    prior_name = anchor or (HEURISTIC if found is not None and HEURISTIC in found.bots else None)
    suggested: Action | None = None
    if prior_name and len(legal) > 1:
        from deadboard.bots.base import make_bot

        prior = make_bot(prior_name, game, seat, derive_seed(seed, "anchor"))
        suggested = prior.choose(game, view.clone(), legal)
    if found is not None and found.hint_playouts:
        from deadboard.bots.base import make_bot

        name, *others = found.hint_playouts.split("+")
        policy = playout_bots(game, view, name, seat, derive_seed(seed, "rollout"))
        plans = [make_bot(n, game, seat, derive_seed(seed, "plan", n)) for n in others]
        candidates = game.search_candidates(view, legal) or ([suggested] if suggested is not None else list(legal))
        if suggested is not None and suggested not in candidates:
            candidates.append(suggested)
        result = playout_search(
            game, view, seat, Budget.parse(budget), Rng(seed), candidates, policy, keep=suggested, plans=plans
        )
    else:
        result = search(game, view, seat, Budget.parse(budget), Rng(seed), legal=legal, prior=suggested)
    if anchor and suggested is not None:
        result = anchored(result, suggested)
    return result


def hint(
    game: Game,
    state: State,
    seat: int,
    budget: Budget | int | float | str | None = None,
    seed: int | None = None,
) -> Hint:
    """The MCTS recommendation for ``seat`` at ``state`` and its estimated chance of winning (0..1).

    ``budget``: an int is iterations, a float seconds, a string ``"500"`` or ``"0.5s"``; None is
    the default (:data:`DEFAULT_ITERATIONS`)."""
    r = analyse(game, state, seat, budget, seed)
    return Hint(r.action, r.win_estimate)


__all__ = [
    "DEFAULT_C",
    "DEFAULT_GAMMA",
    "DEFAULT_ITERATIONS",
    "DEFAULT_ROLLOUT",
    "ActionStats",
    "Budget",
    "Hint",
    "MCTSBot",
    "SearchResult",
    "analyse",
    "anchored",
    "hint",
    "playout_bots",
    "playout_search",
    "search",
]
