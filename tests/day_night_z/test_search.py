"""What search works with in Day Night Z and its campaign: the turn's plans, the heuristic in a
hurry, the value functions and the campaign's horizon (docs/simulation.md)."""

from __future__ import annotations

import pytest

from deadboard.bots.base import make_bot
from deadboard.bots.mcts import Budget, MCTSBot, playout_bots, playout_search
from deadboard.core import Rng, Setup, get_game
from deadboard.core.errors import SetupError
from deadboard.games.day_night_z import actions as A
from deadboard.games.day_night_z.campaign import GAME as CAMPAIGN_RULES
from deadboard.games.day_night_z.campaign_state import CampaignState
from deadboard.games.day_night_z.evaluate import campaign_evaluate, evaluate
from deadboard.games.day_night_z.state import DNZState

GAME = get_game("day-night-z")
CAMPAIGN = get_game("day-night-z-campaign")


def _fight(seed: int = 5) -> DNZState:
    """The first turn of a heuristic game of First Steps where the heuristic attacks and the
    hurried heuristic walks on."""
    state = GAME.new(Setup("first-steps", players=1), seed)
    bot = make_bot("heuristic", GAME, 0, 1)
    hurry = make_bot("hurry", GAME, 0, 1)
    while state.decision is not None:
        legal = GAME.legal_actions(state)
        view = GAME.view(state, 0)
        mine = bot.choose(GAME, view.clone(), legal) if len(legal) > 1 else legal[0]
        if isinstance(mine, A.Attack) and isinstance(hurry.choose(GAME, view.clone(), legal), A.Move):
            assert isinstance(state, DNZState)
            return state
        GAME.apply(state, mine)
    raise AssertionError("the seeded game has no such fight any more; pick another seed")


def test_a_turns_plans_are_its_actions_but_the_steps_and_the_walk_on() -> None:
    state = _fight()
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(view)
    plans = GAME.search_candidates(view, legal)
    walk = make_bot("hurry", GAME, 0, 1).choose(GAME, view.clone(), legal)
    assert [a for a in plans if a.kind == "move"] == [walk]
    assert {a for a in legal if a.kind != "move"} <= set(plans)


def test_decisions_other_than_a_turn_are_not_searched() -> None:
    state = GAME.new(Setup("night-watch", players=1), 2)
    bot = make_bot("heuristic", GAME, 0, 2)
    seen = 0
    while (d := state.decision) is not None:
        legal = GAME.legal_actions(state)
        if d.kind != "turn" and len(legal) > 1:
            seen += 1
            assert GAME.search_candidates(GAME.view(state, 0), legal) == []
        GAME.apply(state, bot.choose(GAME, GAME.view(state, 0), legal) if len(legal) > 1 else legal[0])
    assert seen


def test_the_hurried_heuristics_playouts_are_compared_as_one_more_candidate() -> None:
    """Policy switching: the hurried heuristic's step is played out by the hurried heuristic, and
    the search's figures give one line an action."""
    state = _fight()
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(view)
    keep = make_bot("heuristic", GAME, 0, 1).choose(GAME, view.clone(), legal)
    walk = make_bot("hurry", GAME, 0, 1).choose(GAME, view.clone(), legal)
    policy = playout_bots(GAME, view, "heuristic", 0, 3)
    r = playout_search(GAME, view, 0, Budget(60), Rng(4), [keep], policy, keep=keep,
                       plans=[make_bot("hurry", GAME, 0, 3)])
    actions = [st.action for st in r.actions]
    assert walk in actions and keep in actions
    assert len(actions) == len(set(actions))


def test_results_all_won_or_lost_are_not_called_twins_after_two_rounds() -> None:
    state = _fight()
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(view)
    cands = GAME.search_candidates(view, legal)
    policy = playout_bots(GAME, view, "heuristic", 0, 3)
    r = playout_search(GAME, view, 0, Budget(3 * len(cands)), Rng(4), cands, policy)
    assert sorted(st.visits for st in r.actions) == [3] * len(cands)


def test_the_bot_names_its_ways_of_playing_on_after_a_plus() -> None:
    bot = MCTSBot(GAME, 0, 1, "200+heuristic+hurry@heuristic")
    assert bot.budget.iterations == 200 and len(bot.plans) == 1
    with pytest.raises(SetupError):
        MCTSBot(GAME, 0, 1, "200+heuristic+mcts")


def test_the_hurried_heuristic_plays_whole_games() -> None:
    for gid, setup in (("day-night-z", Setup("night-watch", players=2)), ("day-night-z-campaign", Setup("road-to-ashford"))):
        game = get_game(gid)
        state = game.new(setup, 3)
        bots = [make_bot("hurry", game, s, 3 + s) for s in range(setup.players)]
        while (d := state.decision) is not None:
            legal = game.legal_actions(state)
            game.apply(state, bots[d.seat].choose(game, game.view(state, d.seat), legal) if len(legal) > 1 else legal[0])
        assert game.outcome(state) is not None


def test_the_value_functions_read_only_what_the_seat_sees() -> None:
    """A chance in [0, 1], the same on two determinizations of one view."""
    for game, fn, setup in ((GAME, evaluate, Setup("night-watch", players=1)),
                            (CAMPAIGN, campaign_evaluate, Setup("road-to-ashford", players=1))):
        state = game.new(setup, 7)
        bot = make_bot("heuristic", game, 0, 7)
        for k in range(120):
            if state.decision is None:
                break
            legal = game.legal_actions(state)
            if k % 10 == 0:
                view = game.view(state, 0)
                a, b = view.clone(), view.clone()
                game.determinize(a, Rng(1))
                game.determinize(b, Rng(2))
                assert 0.0 <= fn(game, a, 0) <= 1.0
                assert fn(game, a, 0) == fn(game, b, 0)
            game.apply(state, bot.choose(game, game.view(state, 0), legal) if len(legal) > 1 else legal[0])


def test_the_campaigns_playouts_stop_where_the_adventure_ends() -> None:
    state = CAMPAIGN.new(Setup("road-to-ashford", players=1), 4)
    bot = make_bot("heuristic", CAMPAIGN, 0, 4)
    keys: list[tuple[int, bool]] = []
    while state.decision is not None and len({k for k in keys if k[1]}) < 2:
        assert isinstance(state, CampaignState)
        keys.append(CAMPAIGN_RULES.search_horizon(state))
        legal = CAMPAIGN.legal_actions(state)
        CAMPAIGN.apply(state, bot.choose(CAMPAIGN, CAMPAIGN.view(state, 0), legal) if len(legal) > 1 else legal[0])
    first = next(k for k in keys if k[1])
    after = keys[keys.index(first):]
    assert after[-1] != first and any(not k[1] for k in after)  # the adventure ended: a new key
