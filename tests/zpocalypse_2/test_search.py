"""Search in Zpocalypse 2: a squad's turn offers its plans to search by playouts, a playout stops at
the end of its night and the value function prices the morning (docs/simulation.md)."""

from __future__ import annotations

from deadboard.bots.mcts import MCTSBot, hint
from deadboard.core import Setup, get_game
from deadboard.core.dice import DicePool
from deadboard.core.kernel import advance
from deadboard.games.zpocalypse_2.actions import Attack
from deadboard.games.zpocalypse_2.bot import HeuristicBot
from deadboard.games.zpocalypse_2.evaluate import evaluate, features, time_left
from deadboard.games.zpocalypse_2.night import Turn
from deadboard.games.zpocalypse_2.state import ZD6, Zombie, ZState

GAME = get_game("zpocalypse-2")


def first_turn(faces: list[int], zombies: list[tuple[str, bool]]) -> ZState:
    """A solo prologue's first turn: the squad where it began, the pool ``faces``, ``zombies``."""
    state = GAME.new(Setup("prologue", players=1), 1)
    assert isinstance(state, ZState)
    GAME.apply(state, GAME.legal_actions(state)[0].text)
    b = state.board
    state.zombies = [Zombie(b.by_name[space], fresh) for space, fresh in zombies]
    state.mutates = []
    state.pool = DicePool.of(ZD6, faces)
    state.turn_moved = 0
    state.steps[-1] = Turn(0)
    advance(state)
    return state


def test_a_turn_offers_one_attack_for_each_target_and_ending_and_moves() -> None:
    before = first_turn([2, 3, 4, 5, 6, 6], [])
    near = next(before.board.name(j) for j in before.board.neighbours[before.squads[0].space])
    state = first_turn([2, 3, 4, 5, 6, 6], [(near, False), (near, True)])
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(view)
    plans = GAME.search_candidates(view, legal)
    kinds = [a.kind for a in plans]
    assert kinds.count("end") == 1
    attacks = [a for a in plans if isinstance(a, Attack)]
    all_attacks = [a for a in legal if isinstance(a, Attack)]
    assert len(all_attacks) > len(attacks) >= 1
    assert len({(a.space, a.target) for a in attacks}) == len(attacks)
    assert 1 <= kinds.count("move") <= 3
    assert len(plans) < len(legal)


def test_decisions_other_than_a_turn_are_not_searched() -> None:
    state = GAME.new(Setup("prologue", players=1), 1)
    view = GAME.view(state, 0)
    assert view.decision is not None and view.decision.kind == "place"
    assert GAME.search_candidates(view, GAME.legal_actions(view)) == []


def test_a_playout_stops_when_the_night_is_over() -> None:
    state = GAME.new(Setup("prologue", players=1), 3)
    assert isinstance(state, ZState)
    start = GAME.search_horizon(state)
    bot = HeuristicBot(GAME, 0, 3)
    while GAME.search_horizon(state) == start:
        assert state.decision is not None
        GAME.apply(state, bot.choose(GAME, GAME.view(state, 0), GAME.legal_actions(state)))
    assert state.night == 1 and state.phase not in ("dusk", "midnight")
    assert time_left(state) == state.scenario.nights - 1


def test_the_value_is_a_chance_and_falls_with_the_goal_still_to_do() -> None:
    state = first_turn([2, 3, 4, 5, 6, 6], [])
    assert 0.0 <= evaluate(GAME, state, 0) <= 1.0
    more = state.clone()
    more.squads[0].kills = 5
    assert evaluate(GAME, more, 0) > evaluate(GAME, state, 0)
    assert features(more)[1] < features(state)[1]
    hurt = state.clone()
    for p in hurt.squads[0].people:
        p.hp = 1
    assert evaluate(GAME, hurt, 0) < evaluate(GAME, state, 0)


def test_the_search_bot_plays_a_seeded_prologue_to_its_end_the_same_twice() -> None:
    def play() -> list[str]:
        state = GAME.new(Setup("prologue", players=1), 5)
        bot = MCTSBot(GAME, 0, 5, "12+heuristic@heuristic")
        texts = []
        while (d := state.decision) is not None:
            legal = GAME.legal_actions(state)
            a = legal[0] if len(legal) == 1 else bot.choose(GAME, GAME.view(state, d.seat), legal)
            texts.append(a.text)
            GAME.apply(state, a)
        return texts

    assert play() == play()


def test_a_hint_at_a_turn_is_one_of_its_plans_or_the_heuristics_choice() -> None:
    state = first_turn([2, 3, 4, 5, 6, 6], [("e5", False), ("e6", True)])
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(view)
    offered = GAME.search_candidates(view, legal)
    mine = HeuristicBot(GAME, 0, 1).choose(GAME, view.clone(), legal)
    h = hint(GAME, state, 0, 30, seed=1)
    assert h.action in [*offered, mine]
    assert 0.0 <= h.win_estimate <= 1.0
