"""Zombie Dawn's search by playouts of the heuristic player (``mcts:N+heuristic``, and the hint):
plans compared at the turn's and the fight's decisions, each playout played by every seat's own
heuristic, stopped when the turn is over and scored by the value function."""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import cache

from deadboard.bots.base import Bot, make_bot
from deadboard.bots.mcts import Budget, MCTSBot, analyse, playout_bots, playout_search
from deadboard.core import Action, Game, Rng, Setup, State, get_game

GAME = get_game("zombie-dawn")


@cache
def _turn_position(seed: int = 5, candidates: int = 3) -> State:
    """Seat 1's first turn decision with at least ``candidates`` plans to compare, in a game of four
    heuristic players."""
    state: State = GAME.new(Setup("standard", players=4), seed)
    bots = [make_bot("heuristic", GAME, s, seed + s) for s in range(4)]
    while (d := state.decision) is not None:
        legal = GAME.legal_actions(state)
        if d.seat == 0 and d.kind == "turn" and len(GAME.search_candidates(GAME.view(state, 0), legal)) >= candidates:
            return state
        GAME.apply(state, legal[0] if len(legal) == 1 else bots[d.seat].choose(GAME, GAME.view(state, d.seat), legal))
    raise AssertionError("the seeded game has no such decision any more: pick another seed")


def test_candidates_are_plans_not_squares_or_cards() -> None:
    state = GAME.new(Setup("standard", players=4), 3)
    bots = [make_bot("heuristic", GAME, s, s) for s in range(4)]
    offered = {"turn": 0, "combat": 0}
    while (d := state.decision) is not None and state.round <= 4:
        legal = GAME.legal_actions(state)
        candidates = GAME.search_candidates(GAME.view(state, d.seat), legal)
        if d.kind in offered and candidates:
            offered[d.kind] += 1
            assert len(candidates) >= 2 and all(a in legal for a in candidates)
            kinds = [a.kind for a in candidates]
            assert "move" not in kinds and "play" not in kinds  # where to walk, which card: the bot's
            assert kinds.count("search") <= 1 and kinds.count("stop") <= 1
            attacked = [a.text.split()[1] for a in candidates if a.kind == "attack"]  # attack COLOUR CARD
            assert len(attacked) == len(set(attacked))  # one attack on each group
            if d.kind == "turn":
                assert any(a.kind in ("end", "stop") for a in candidates)
        elif d.kind not in offered:
            assert candidates == []  # answers, damage, items: the heuristic's choice
        GAME.apply(state, legal[0] if len(legal) == 1 else bots[d.seat].choose(GAME, GAME.view(state, d.seat), legal))
    assert offered["turn"] >= 5


class _Spy:
    """The heuristic bot of one seat that notes every decision it is asked, and whose it was."""

    name = "spy"
    needs_view = True

    def __init__(self, bot: Bot, seat: int, asked: list[tuple[int, int, tuple[int, int]]]) -> None:
        self.bot, self.seat, self.asked = bot, seat, asked

    def choose(self, game: Game, view: State | None, legal: Sequence[Action]) -> Action:
        assert view is not None and view.decision is not None
        self.asked.append((self.seat, view.decision.seat, GAME.search_horizon(view)))  # type: ignore[arg-type]
        return self.bot.choose(game, view, legal)


def test_playouts_are_played_by_each_seats_own_bot_and_stop_when_the_turn_is_over() -> None:
    state = _turn_position()
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(view)
    candidates = GAME.search_candidates(view, legal)
    asked: list[tuple[int, int, tuple[int, int]]] = []
    bots = [_Spy(b, s, asked) for s, b in enumerate(playout_bots(GAME, view, "heuristic", 0, 7))]
    assert [b.bot.seat for b in bots] == [0, 1, 2, 3]  # type: ignore[attr-defined]
    t0 = time.process_time()
    r = playout_search(GAME, view, 0, Budget(4 * len(candidates)), Rng(2), candidates, bots)
    assert time.process_time() - t0 < 10  # a turn's playouts, not whole games
    assert r.iterations == 4 * len(candidates) and r.action in candidates
    assert asked and all(mine == deciding for mine, deciding, _ in asked)
    assert {where for _, _, where in asked} == {GAME.search_horizon(view)}
    # scored by the value function, not by who won a finished game
    assert any(0.0 < st.mean < 1.0 and st.mean != 0.5 for st in r.actions)


def test_the_search_bot_plays_the_heuristics_choice_unless_a_plan_is_clearly_better() -> None:
    state = _turn_position()
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(view)
    bot = MCTSBot(GAME, 0, 11, "40+heuristic@heuristic")
    mine = make_bot("heuristic", GAME, 0, 11).choose(GAME, view.clone(), legal)
    a = bot.choose(GAME, view, legal)
    assert bot.last is not None
    stats = {st.action: st for st in bot.last.actions}
    assert mine in stats
    if a != mine:
        assert stats[mine].visits >= 10 and stats[a].mean >= stats[mine].mean + 0.02


def test_the_hint_compares_the_plans_by_playouts_within_its_time() -> None:
    state = _turn_position()
    t0 = time.perf_counter()
    r = analyse(GAME, state, 0, 0.5, seed=1)
    assert time.perf_counter() - t0 < 2.0
    legal = GAME.legal_actions(GAME.view(state, 0))
    offered = set(GAME.search_candidates(GAME.view(state, 0), legal))
    considered = {st.action for st in r.actions}
    assert r.action in legal and r.action in considered
    assert len(considered - offered) <= 1  # the plans offered, and the heuristic's own choice
    assert len(r.actions) >= 2 and r.iterations >= len(r.actions)
    assert 0.0 < r.win_estimate < 1.0
