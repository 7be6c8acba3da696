"""Search by playouts of another bot (``mcts:N+BOT``): graded results, the decisions a game offers
for it, common random numbers, twins dropped, no peeking."""

from __future__ import annotations

from deadboard.bots.base import make_bot
from deadboard.bots.mcts import Budget, MCTSBot, playout_search
from deadboard.core import Game, Rng, Setup, State, get_game
from deadboard.core.game import Outcome, Result
from deadboard.sim.play import play_game

NIGHT = get_game("the-night")
HUMANS = ({"seat": "Humans"},)


def _late_activation(seed: int = 3, turn: int = 13) -> State:
    """The first choice of a human to activate, with four or more choices, from ``turn`` on in a
    game of the heuristic player."""
    state = NIGHT.new(Setup("standard"), seed)
    bot = make_bot("heuristic", NIGHT, 0, seed)
    while (d := state.decision) is not None:
        legal = NIGHT.legal_actions(state)
        if d.kind == "activate" and len(legal) >= 4 and state.turn >= turn:  # type: ignore[attr-defined]
            return state
        NIGHT.apply(state, legal[0] if len(legal) == 1 else bot.choose(NIGHT, NIGHT.view(state, 0), legal))
    raise AssertionError("the seeded game has no such activation any more; pick another seed")


def test_result_value_is_who_won_unless_the_game_grades_it() -> None:
    game: Game = get_game("district-z")
    assert game.result_value(Outcome(Result.WIN, (0,), 0.0), 0) == 1.0
    assert game.result_value(Outcome(Result.LOSS, (), 0.0), 0) == 0.0
    assert game.result_value(Outcome(Result.DRAW, (), 0.0), 0) == 0.5
    assert game.result_value(Outcome(Result.WIN, (1,), 0.0), 0) == 0.0


def test_the_night_grades_a_survived_night_by_its_victory_points() -> None:
    def value(won: bool, score: float) -> float:
        return NIGHT.result_value(Outcome(Result.WIN if won else Result.LOSS, (0,) if won else (), score, per_seat=HUMANS), 0)

    assert value(True, 20) < value(True, 40) < value(True, 70) == value(True, 95) == 1.0
    assert value(False, 69) < value(True, 0) == 0.5
    assert value(False, 0) == 0.0
    # with several seats (Hidden Hero, a Zombie Player) it is who won
    two = ({"seat": "Player 1"}, {"seat": "Player 2"})
    assert NIGHT.result_value(Outcome(Result.WIN, (1,), 40.0, per_seat=two), 0) == 0.0


def test_the_night_offers_only_the_choice_of_human_to_activate() -> None:
    state = NIGHT.new(Setup("standard"), 2)
    bot = make_bot("heuristic", NIGHT, 0, 2)
    offered = 0
    while (d := state.decision) is not None and state.turn <= 4:  # type: ignore[attr-defined]
        legal = NIGHT.legal_actions(state)
        candidates = NIGHT.search_candidates(NIGHT.view(state, 0), legal)
        if d.kind == "activate" and len(legal) > 1:
            assert candidates == legal
            offered += 1
        else:
            assert candidates == []
        NIGHT.apply(state, legal[0] if len(legal) == 1 else bot.choose(NIGHT, NIGHT.view(state, 0), legal))
    assert offered >= 4


def test_playouts_compare_candidates_on_the_same_worlds_and_drop_twins() -> None:
    state = _late_activation()
    view = NIGHT.view(state, 0)
    legal = NIGHT.legal_actions(state)
    keep = make_bot("heuristic", NIGHT, 0, 1).choose(NIGHT, view, legal)

    def run(seed: int) -> tuple[str, list[tuple[str, int, float]]]:
        r = playout_search(NIGHT, view, 0, Budget(24), Rng(seed), legal, make_bot("heuristic", NIGHT, 0, 9), keep=keep)
        assert r.iterations == 24 and r.action in legal
        return r.action.text, [(a.action.text, a.visits, a.mean) for a in r.actions]

    first = run(5)
    assert run(5) == first  # seeded
    visits = {text: n for text, n, _ in first[1]}
    assert visits[keep.text] == max(visits.values()) > 2
    # a human with nothing to do is the same choice as ending the phase: same worlds, same
    # results, so after two rounds it is dropped and the rounds go to the real alternatives
    twins = [(text, mean) for text, n, mean in first[1] if n == 2]
    assert twins and len({mean for _, mean in twins}) == 1
    assert NIGHT.state_hash(state) == NIGHT.state_hash(_late_activation())  # the state untouched


def test_the_playout_bot_cannot_peek() -> None:
    state = _late_activation(seed=4)
    twin = state.clone()
    twin.viewer = 0
    NIGHT.determinize(twin, Rng(77))  # the dice to come redrawn
    twin.viewer = None
    legal = NIGHT.legal_actions(state)

    def choice(s: State) -> tuple[str, list[tuple[str, int, float]]]:
        bot = MCTSBot(NIGHT, 0, 4, "16+heuristic@heuristic")
        action = bot.choose(NIGHT, NIGHT.view(s, 0), legal)
        assert bot.last is not None
        return action.text, [(a.action.text, a.visits, a.mean) for a in bot.last.actions]

    assert choice(state) == choice(twin)


def test_the_playout_bot_plays_its_anchor_where_the_game_offers_nothing_to_search() -> None:
    state = _late_activation()
    bot = MCTSBot(NIGHT, 0, 4, "8+heuristic@heuristic")
    heuristic = make_bot("heuristic", NIGHT, 0, 1)
    for _ in range(3):  # the activated human's steps: the anchor's, no search
        legal = NIGHT.legal_actions(state)
        action = bot.choose(NIGHT, NIGHT.view(state, 0), legal)
        if state.decision is not None and state.decision.kind == "act":
            assert bot.last is None
            assert action == heuristic.choose(NIGHT, NIGHT.view(state, 0), legal)
        NIGHT.apply(state, action)


def test_a_quick_game_with_the_playout_bot() -> None:
    setup = NIGHT.normalize_setup(Setup("quick-game"))
    played = play_game(NIGHT, setup, 4, "mcts:3+heuristic@heuristic")
    assert played.outcome is not None


def test_a_time_budget_stops_in_the_first_round_the_policys_choice_played_first() -> None:
    """A hint answers in its time whatever the number of candidates: a seconds budget stops the
    playouts at its deadline, in the first round too, and the playout bot's own choice has been
    played (it is played first)."""
    game = get_game("zpocalypse-2")
    state = game.new(Setup("prologue", players=1), 3)
    bot = make_bot("heuristic", game, 0, 3)
    while len(legal := game.legal_actions(state)) < 30:
        game.apply(state, legal[0] if len(legal) == 1 else bot.choose(game, game.view(state, 0), legal))
    view = game.view(state, 0)
    keep = bot.choose(game, view, legal)
    r = playout_search(game, view, 0, Budget(None, 1e-6), Rng(1), legal, make_bot("heuristic", game, 0, 9), keep=keep)
    assert r.iterations < len(legal)
    assert r.action == keep and [st.action for st in r.actions] == [keep]


def test_the_games_whose_random_playouts_say_nothing_hint_by_the_heuristics_playouts() -> None:
    """Zpocalypse 2, Day Night Z and its campaign: the hint is the heuristic's choice unless its
    playouts find a clearly better one (docs/simulation.md); Day Night Z's compare the hurried
    heuristic's way of playing on too."""
    from deadboard.core.registry import descriptor

    assert (descriptor("zpocalypse-2").hint_anchor, descriptor("zpocalypse-2").hint_playouts) == ("heuristic", "heuristic")
    for gid in ("day-night-z", "day-night-z-campaign"):
        assert (descriptor(gid).hint_anchor, descriptor(gid).hint_playouts) == ("heuristic", "heuristic+hurry")
    assert descriptor("district-z").hint_playouts is None
