"""Ties broken by the prior policy: where every playout loses, every action is worth 0, and search
once recommended whichever came first among the legal actions — in Day Night Z that is ``end``, a
survivor's turn thrown away with AP left. Among equally valued actions search now recommends the
heuristic bot's choice (the anchor's, the playout bot's)."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import pytest

from deadboard.bots.base import make_bot
from deadboard.bots.mcts import Budget, hint, playout_search, search
from deadboard.core import Action, Rng, State, get_game
from deadboard.core import game as game_module
from deadboard.sim.play import seat_bots

GAME = get_game("day-night-z")


@cache
def _lost_turn() -> tuple[State, int]:
    """The heuristic player's last decision, in a seeded game it loses, to act with AP left rather
    than end a survivor's turn (three survivors on the night watch, seed 6)."""
    setup = GAME.normalize_setup(GAME.test_setups()[2])
    state = GAME.new(setup, 6)
    bots = seat_bots(GAME, setup, "heuristic", 6)
    found: tuple[State, int] | None = None
    while (d := state.decision) is not None:
        legal = GAME.legal_actions(state)
        a = legal[0] if len(legal) == 1 else bots[d.seat].choose(GAME, GAME.view(state, d.seat), legal)
        if d.kind == "turn" and a.kind != "end" and any(x.kind == "end" for x in legal):
            found = (state.clone(), d.seat)
        GAME.apply(state, a)
    outcome = GAME.outcome(state)
    assert outcome is not None and not outcome.winners, "the seeded game is won now: pick another seed"
    assert found is not None
    return found


class Position(NamedTuple):
    state: State
    seat: int
    view: State
    legal: list[Action]
    mine: Action  # the heuristic bot's choice


def _position() -> Position:
    state, seat = _lost_turn()
    view = GAME.view(state, seat)
    legal = GAME.legal_actions(view)
    mine = make_bot("heuristic", GAME, seat, 1).choose(GAME, view.clone(), legal)
    assert legal[0].kind == "end" and mine.kind != "end"
    return Position(state, seat, view, legal, mine)


def test_where_every_playout_loses_playouts_recommend_the_policys_choice_not_end() -> None:
    p = _position()
    policy = make_bot("heuristic", GAME, p.seat, 9)
    for rounds in (1, 3):  # one round; three, after which twins of the policy's choice are dropped
        r = playout_search(GAME, p.view, p.seat, Budget(rounds * len(p.legal)), Rng(4), p.legal, policy, keep=p.mine)
        assert all(st.mean == 0.0 for st in r.actions)  # every playout lost: every candidate ties
        assert r.action == p.mine
    # without a choice of its own to keep, the tie still goes to the first offered
    assert playout_search(GAME, p.view, p.seat, Budget(len(p.legal)), Rng(4), p.legal, policy).action == p.legal[0]


def test_where_every_walk_loses_the_tree_recommends_the_prior_not_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tree search with random walks to the end (the game's value function set aside: with it the
    walks are priced, not all lost)."""
    monkeypatch.setitem(game_module._evaluators, GAME.id, None)
    p = _position()
    r = search(GAME, p.view, p.seat, Budget(60), Rng(4), legal=p.legal, prior=p.mine)
    assert all(st.mean == 0.0 for st in r.actions)
    assert r.action == p.mine
    assert search(GAME, p.view, p.seat, Budget(60), Rng(4), legal=p.legal, prior=None).action.kind == "end"


def test_the_hint_does_not_say_end_with_ap_left_when_the_heuristic_would_act() -> None:
    p = _position()
    h = hint(GAME, p.state, p.seat, 30)
    assert h.action.kind != "end"
    assert h.action == p.mine and h.win_estimate == 0.0


def test_the_search_bot_does_not_end_a_turn_it_cannot_win_when_its_heuristic_would_act() -> None:
    p = _position()
    bot = make_bot("mcts:60", GAME, p.seat, 3)  # plain search: the game's heuristic breaks its ties
    assert bot.choose(GAME, p.view, p.legal).kind != "end"
