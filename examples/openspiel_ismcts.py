"""OpenSpiel's own IS-MCTS bot plays a deadboard game through the OpenSpiel adapter, beside
deadboard's ``mcts`` bot on the same seeds and the same number of simulations per decision.

    python examples/openspiel_ismcts.py district-z --games 20 --simulations 50
    python examples/openspiel_ismcts.py the-night --scenario quick-game --games 10 --simulations 20

Both search from what the seat sees: IS-MCTS redraws the hidden part of the state before every
simulation (``resample_from_infostate``: ``game.view`` then ``game.determinize``) and values a leaf
by one random playout (``--leaf value``: by the game's value function instead); deadboard's
``mcts:N`` does the same with its own tree policy and the game's value function. Prints one JSON line per bot: wins, games, the win rate with its 95% Wilson interval
and the seconds spent.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from deadboard.core.game import Game
from deadboard.core.registry import get_game
from deadboard.rl.openspiel import load
from deadboard.sim.play import play_game
from deadboard.sim.stats import wilson


class ValueEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Values a leaf by deadboard's value function of the game (``game.evaluate`` of the seat's view),
    as deadboard's ``mcts`` does, instead of a random playout; uniform priors."""

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        engine = state.engine_state
        game = _GAME[0]
        n = state.num_players()
        values = []
        for seat in range(n):
            v = game.evaluate(game.view(engine, seat), seat)
            values.append(0.5 if v is None else float(v))
        return np.array(values)

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


_GAME: list[Game] = []  # the deadboard game being played


def ismcts_games(game_id: str, scenario: str | None, games: int, simulations: int, seed: int,
                 leaf: str = "rollout") -> dict[str, object]:
    params = {"players": 1}
    if scenario:
        params["scenario"] = scenario  # type: ignore[assignment]
    game = load(game_id, **params)
    _GAME[:] = [get_game(game_id)]
    rng = np.random.RandomState(seed)
    evaluator = ValueEvaluator() if leaf == "value" else mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rng)
    wins = 0
    t0 = time.perf_counter()
    for g in range(games):
        state = game.new_initial_state(seed + g)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[0] if len(legal) == 1 else bot.step(state))
        # a win is the engine's verdict (a graded game's return can be below 1 for a win)
        engine = state.engine_state
        wins += 0 in _GAME[0].outcome(engine).winners
    name = "OpenSpiel IS-MCTS" + (" (deadboard value at the leaves)" if leaf == "value" else " (random rollouts)")
    return _row(name, game_id, wins, games, simulations, time.perf_counter() - t0)


def deadboard_games(game_id: str, scenario: str | None, games: int, simulations: int, seed: int) -> dict[str, object]:
    game = get_game(game_id)
    setup = game.default_setup()
    if scenario:
        setup = type(setup)(scenario, setup.options, 1, setup.content)
    setup = game.normalize_setup(type(setup)(setup.scenario, setup.options, 1, setup.content))
    wins = 0
    t0 = time.perf_counter()
    for g in range(games):
        played = play_game(game, setup, seed + g, [f"mcts:{simulations}"])
        wins += 0 in played.outcome.winners
    return _row("deadboard mcts", game_id, wins, games, simulations, time.perf_counter() - t0)


def _row(bot: str, game_id: str, wins: int, games: int, simulations: int, seconds: float) -> dict[str, object]:
    lo, hi = wilson(wins, games)
    return {"bot": bot, "game": game_id, "simulations": simulations, "games": games, "wins": int(wins),
            "win_rate": wins / games, "ci95": [round(lo, 3), round(hi, 3)], "seconds": round(seconds, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=["the-night", "district-z", "zombie-dawn"])
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--simulations", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--only", choices=["ismcts", "mcts"], default=None)
    ap.add_argument("--leaf", choices=["rollout", "value"], default="rollout",
                    help="how IS-MCTS values a leaf: a random playout (OpenSpiel's own) or the game's value function")
    a = ap.parse_args()
    if a.only != "mcts":
        print(json.dumps(ismcts_games(a.game, a.scenario, a.games, a.simulations, a.seed, a.leaf)), flush=True)
    if a.only != "ismcts":
        print(json.dumps(deadboard_games(a.game, a.scenario, a.games, a.simulations, a.seed)), flush=True)


if __name__ == "__main__":
    pyspiel.registered_names()
    main()
