"""The information-set MCTS bot: legal answers on every game, no peeking, budgets, hints."""

from __future__ import annotations

import pickle

import pytest

from deadboard.bots.base import bot_names, make_bot
from deadboard.bots.mcts import Budget, MCTSBot, analyse, hint, outcome_key, position_key, search
from deadboard.bots.tree import ActionStats, SearchResult
from deadboard.core import Game, NullLog, Rng, Setup, SetupError, State, get_game, list_games
from deadboard.core.log import Event
from deadboard.core.registry import descriptor
from deadboard.sim.play import play_game
from tests.conformance import check_tiny_search


def _positions(game: Game, setup_index: int, seed: int, count: int = 3) -> list[State]:
    """States of a seeded random game at decisions with more than one legal action."""
    setup = game.test_setups()[setup_index]
    state = game.new(setup, seed)
    rng = Rng(seed)
    out: list[State] = []
    step = 0
    while (d := state.decision) is not None and len(out) < count:
        legal = game.legal_actions(state)
        if len(legal) > 1 and step % 5 == 0:
            out.append(state.clone())
        game.apply_unchecked(state, legal[rng.below(len(legal))])
        step += 1
        assert d is not None
    return out


CASES = [(gid, i) for gid in list_games() for i in range(len(get_game(gid).test_setups()))]


@pytest.mark.parametrize(("gid", "i"), CASES)
def test_tiny_budget_finishes_with_a_legal_action(gid: str, i: int) -> None:
    game = get_game(gid)
    for state in _positions(game, i, 11, count=2):
        check_tiny_search(game, state, 5, 8)


@pytest.mark.parametrize("gid", list_games())
def test_whole_game_with_mcts_in_every_seat(gid: str) -> None:
    game = get_game(gid)
    setup = game.normalize_setup(game.default_setup())
    played = play_game(game, setup, 3, "mcts:4")
    assert played.outcome is not None


def _choice(game: Game, state: State, seat: int, seed: int = 9, iterations: int = 60) -> tuple[str, list[tuple[str, int]]]:
    bot = MCTSBot(game, seat, seed, budget=iterations)
    legal = game.legal_actions(state)
    action = bot.choose(game, game.view(state, seat), legal)
    assert bot.last is not None
    return action.text, [(a.action.text, a.visits) for a in bot.last.actions]


def test_cannot_peek_at_the_game_chance_stream() -> None:
    """Two states that differ only in their dice to come: the bot's search is the same."""
    game = get_game("the-night")
    for state in _positions(game, 0, 21):
        twin = state.clone()
        twin.rng = Rng(state.rng.s ^ 0xDEADBEEF)
        d = state.decision
        assert d is not None
        assert _choice(game, state, d.seat) == _choice(game, twin, d.seat)


def test_cannot_peek_at_another_players_secret_human() -> None:
    """Hidden Hero: what the other player secretly picked does not change seat 1's search."""
    game = get_game("the-night")
    state = game.new(Setup("standard", {"hidden-hero": True}, players=2), 4)
    rng = Rng(4)
    while state.decision is not None and (state.decision.kind != "activate" or state.decision.seat != 0):
        legal = game.legal_actions(state)
        game.apply_unchecked(state, legal[rng.below(len(legal))])
    assert state.decision is not None
    live = [h.idx for h in state.humans if h.status == 1]
    others = [h for h in live if h != state.secret[1]]
    twin = state.clone()
    twin.secret[1] = others[0]
    assert _choice(game, state, 0) == _choice(game, twin, 0)


@pytest.mark.parametrize("gid", list_games())
def test_cannot_peek_at_anything_hidden(gid: str) -> None:
    """Every game: a twin of the true state with everything the seat cannot see redrawn (unseen
    cards shuffled, hidden hands and chance resampled) gives the same search."""
    game = get_game(gid)
    for k, state in enumerate(_positions(game, 0, 31)):
        d = state.decision
        assert d is not None
        twin = state.clone()
        twin.viewer = d.seat  # redraw what this seat cannot see, from its side
        game.determinize(twin, Rng(1000 + k))
        twin.viewer = None
        assert _choice(game, state, d.seat) == _choice(game, twin, d.seat)


def test_search_is_seeded() -> None:
    game = get_game("the-night")
    state = _positions(game, 0, 5)[1]
    d = state.decision
    assert d is not None
    assert _choice(game, state, d.seat, seed=3) == _choice(game, state, d.seat, seed=3)


def test_search_leaves_the_view_untouched_and_copies_no_log() -> None:
    game = get_game("the-night")
    state = _positions(game, 0, 5)[1]
    view = game.view(state, 0)
    before = game.snapshot(view)
    log_len = len(view.log)
    search(game, view, 0, Budget(30), Rng(1))
    assert game.snapshot(view) == before
    assert len(view.log) == log_len


def test_null_log_keeps_nothing_and_copies_to_itself() -> None:
    log = NullLog()
    log.append(Event("roll", "a 6"))
    log.extend([Event("roll", "a 1")])
    log.insert(0, Event("roll", "a 2"))
    assert len(log) == 0
    assert log.copy() is log


def test_budgets() -> None:
    assert Budget.parse("500") == Budget(500, None)
    assert Budget.parse("0.25s") == Budget(None, 0.25)
    assert Budget.parse(7) == Budget(7, None)
    assert Budget.parse(0.5) == Budget(None, 0.5)
    assert Budget.parse(None) == Budget()
    for bad in ("fast", "0", "-3", "0s", True):
        with pytest.raises(SetupError):
            Budget.parse(bad)  # type: ignore[arg-type]


def test_time_budget_searches_at_least_once() -> None:
    game = get_game("the-night")
    state = _positions(game, 0, 5)[0]
    r = search(game, game.view(state, 0), 0, Budget(None, 0.01), Rng(1))
    assert r.iterations >= 1
    assert r.action in game.legal_actions(state)


def test_mcts_is_selectable_everywhere_a_bot_is() -> None:
    for gid in list_games():
        game = get_game(gid)
        assert "mcts" in bot_names(game)
        bot = make_bot("mcts:25", game, 0, 1)
        assert isinstance(bot, MCTSBot) and bot.budget == Budget(25, None)
        assert bot.needs_view
    with pytest.raises(SetupError, match="takes no parameters"):
        make_bot("random:5", get_game("the-night"), 0, 1)
    with pytest.raises(SetupError, match="MCTS budget"):
        make_bot("mcts:lots", get_game("the-night"), 0, 1)


def test_hint_recommends_a_legal_action_with_a_chance_of_winning() -> None:
    game = get_game("the-night")
    state = _positions(game, 0, 8)[1]
    h = hint(game, state, 0, 50)
    assert h.action in game.legal_actions(state)
    assert 0.0 <= h.win_estimate <= 1.0
    assert hint(game, state, 0, 50) == h  # the same question, the same answer
    action, estimate = h
    assert (action, estimate) == (h.action, h.win_estimate)
    r = analyse(game, state, 0, "40")
    assert r.iterations == 40 and r.to_json()["action"] == r.action.text


def test_a_hint_keeps_the_anchor_bots_choice_unless_search_clearly_beats_it() -> None:
    from deadboard.bots.mcts import ANCHOR_MARGIN, ANCHOR_VISITS, ActionStats, SearchResult, anchored

    night = get_game("the-night")
    assert descriptor("the-night").hint_anchor == "heuristic" and descriptor("district-z").hint_anchor is None
    state = next(p for p in _positions(night, 0, 40) if len(night.legal_actions(p)) > 2)
    legal = night.legal_actions(state)
    mine, theirs = legal[0], legal[1]

    def result(mean: float, visits: int) -> SearchResult:
        return SearchResult(mine, 0.9, 100, 0.1, (ActionStats(mine, 60, 0.9), ActionStats(theirs, visits, mean)))

    assert anchored(result(0.9 - 2 * ANCHOR_MARGIN, ANCHOR_VISITS), theirs).action == mine  # clearly better
    kept = anchored(result(0.89, ANCHOR_VISITS), theirs)  # not clearly better: the anchor's choice
    assert kept.action == theirs and kept.win_estimate == 0.89
    assert anchored(result(0.5, ANCHOR_VISITS - 1), theirs).action == theirs  # too few visits to judge
    # one iteration searches the anchor's choice too little: the hint is the heuristic bot's choice
    heuristic = make_bot("heuristic", night, 0, 1).choose(night, night.view(state, 0), legal)
    assert hint(night, state, 0, 1).action == heuristic


def test_hint_refuses_a_seat_that_is_not_deciding_and_a_finished_game() -> None:
    game = get_game("the-night")
    setup = next(s for s in game.test_setups() if s.options.get("zombie-player") and s.players == 2)
    state = game.new(setup, 2)
    d = state.decision
    assert d is not None
    with pytest.raises(SetupError, match="not seat"):
        hint(game, state, 1 - d.seat, 10)
    over = play_game(game, game.default_setup(), 1).state
    with pytest.raises(SetupError, match="over"):
        hint(game, over, 0, 10)


def test_the_bot_does_not_circle_through_free_actions() -> None:
    """Free actions that undo each other (pick up, drop) cannot make the bot circle forever: it does
    not repeat an action of its streak (chosen since anything happened that it did not decide)."""
    game = get_game("the-night")
    state = _positions(game, 0, 5)[1]
    view = game.view(state, 0)
    legal = game.legal_actions(state)
    bot = MCTSBot(game, 0, 1, budget=30)
    free = bot.choose(game, view, legal)
    bot = MCTSBot(game, 0, 1, budget=30)
    bot.streak = {free}
    bot.expect = position_key(game, view)  # back where the streak left off
    again = bot.choose(game, game.view(state, 0), legal)
    assert again != free
    assert (again in bot.streak) == (outcome_key(game, view, again) is not None)


def test_a_position_not_foreseen_ends_the_streak() -> None:
    game = get_game("the-night")
    state = _positions(game, 0, 5)[1]
    legal = game.legal_actions(state)
    bot = MCTSBot(game, 0, 1, budget=30)
    bot.streak = set(legal[1:])
    bot.expect = "somewhere else"  # something happened that the bot did not decide
    chosen = bot.choose(game, game.view(state, 0), legal)
    assert bot.streak <= {chosen}


@pytest.mark.parametrize("setup", [Setup("standard"), Setup("standard", {"hidden-hero": True}, players=2)],
                         ids=["standard", "hidden-hero"])
def test_outcome_keys_tell_chance_from_certainty(setup: Setup) -> None:
    """A step is certain, a fight is rolled. The bot's streak rests on the key: the view that
    follows a certain action has the position key foretold, so a determinization must depend on
    the view alone (with Hidden Hero it once kept the picks an earlier determinization drew, the
    keys never matched, and the bot circled pick up / drop for ever)."""
    game = get_game("the-night")
    state = game.new(game.normalize_setup(setup), 12)
    rng = Rng(12)
    seen_free = seen_chance = False
    while state.decision is not None and not (seen_free and seen_chance):
        legal = game.legal_actions(state)
        view = game.view(state, state.decision.seat)
        for a in legal:
            key = outcome_key(game, view, a)
            if a.kind == "move":
                assert key is not None  # a step is certain, and leads where the key says
                after = state.clone()
                game.apply_unchecked(after, a)
                assert position_key(game, game.view(after, state.decision.seat)) == key
                seen_free = True
            if a.kind == "attack":
                assert key is None  # hand-to-hand is rolled
                seen_chance = True
        game.apply_unchecked(state, legal[rng.below(len(legal))])
    assert seen_free and seen_chance


@pytest.mark.parametrize(("gid", "i"), CASES)
def test_every_determinization_plays_on(gid: str, i: int) -> None:
    """Search applies actions to determinized views and plays them on: for positions along seeded
    games, every determinization has the same legal actions as the true state, and each of them
    applies and plays on at random to the end."""
    game = get_game(gid)
    setup = game.test_setups()[i]
    state = game.new(setup, 40 + i)
    rng = Rng(40 + i)
    step = 0
    while (d := state.decision) is not None:
        legal = game.legal_actions(state)
        if step % 9 == 0:
            view = game.view(state, d.seat)
            for k in range(2):
                sample = view.clone()
                sample.log = NullLog()
                game.determinize(sample, Rng(step * 7 + k))
                assert game.legal_actions(sample) == legal
                for a in legal[:4]:
                    s = sample.clone()
                    game.apply_unchecked(s, a)
                    while s.decision is not None:
                        moves = game.legal_actions(s)
                        game.apply_unchecked(s, moves[rng.below(len(moves))])
        game.apply_unchecked(state, legal[rng.below(len(legal))])
        step += 1


def test_district_z_determinization_keeps_face_up_cards() -> None:
    """A card left face up (items dropped on it) is public even when its identity was never
    recorded as seen: determinizing a view must not redraw it, or search would play events of
    cards that are not there."""
    game = get_game("district-z")
    state = game.new(Setup(), 57)
    rng = Rng(57)
    for _ in range(11):
        legal = game.legal_actions(state)
        game.apply_unchecked(state, legal[rng.below(len(legal))])
    up = [p for p, (u, seen) in enumerate(zip(state.up, state.seen)) if u and not seen]
    assert up, "the seeded game no longer leaves an unseen card face up; pick another seed"
    for k in range(5):
        sample = game.view(state, 0)
        game.determinize(sample, Rng(k))
        assert [sample.card[p] for p in up] == [state.card[p] for p in up]


def test_rollouts_by_another_bot_and_an_anchor() -> None:
    game = get_game("district-z")
    bot = make_bot("mcts:6+heuristic@heuristic", game, 0, 1)
    assert isinstance(bot, MCTSBot) and bot.policy is not None and bot.anchor is not None
    played = play_game(game, game.normalize_setup(game.default_setup()), 2, "mcts:6+heuristic@heuristic")
    assert played.outcome is not None
    with pytest.raises(SetupError, match="cannot"):
        make_bot("mcts:5+mcts", game, 0, 1)
    with pytest.raises(SetupError, match="cannot"):
        make_bot("mcts:5@mcts:3", game, 0, 1)


def test_an_anchored_bot_plays_its_anchor_unless_search_clearly_disagrees() -> None:
    game = get_game("the-night")
    state = _positions(game, 0, 5)[1]
    legal = game.legal_actions(state)
    anchored = MCTSBot(game, 0, 1, "3@heuristic")  # too few iterations to overrule anything
    heuristic = make_bot("heuristic", game, 0, 1)
    assert anchored.choose(game, game.view(state, 0), legal) == heuristic.choose(game, game.view(state, 0), legal)


@pytest.mark.parametrize("gid", ["the-night", "district-z"])
def test_a_search_result_survives_pickling(gid: str) -> None:
    """The web server's bots think in other processes and send their SearchResult back pickled; a
    compiled bots/tree.py must rebuild it whole (a frozen dataclass refuses field-by-field rebuild)."""
    game = get_game(gid)
    state = _positions(game, 0, 5, count=1)[0]
    result = analyse(game, state, state.decision.seat, 30, seed=4)  # type: ignore[union-attr]
    again = pickle.loads(pickle.dumps(result))
    assert isinstance(again, SearchResult) and all(isinstance(a, ActionStats) for a in again.actions)
    assert again == result and again.to_json() == result.to_json()
