"""How hints agree with a game's heuristic bot, and how long they take (docs/simulation.md).

    python scripts/hint_agreement.py GAME POSITIONS CONFIG[,CONFIG...] [BUDGET]

Positions: every seventh decision with a choice of seeded heuristic games (seeds 100, 101, … of
the game's first test setup). Configurations: ``plain`` (tree search, no anchor), ``anchor`` (tree
search anchored to the heuristic), ``playouts`` (the heuristic's playouts, anchored to it), ``hurry``
(the same, with the hurried heuristic's own playouts compared too: Day Night Z's); the
game's descriptor is replaced by one with those hint settings for the measurement. For each:
positions, agreements with the heuristic's choice, hints that end a turn where the heuristic acts,
the median and longest time of a hint (wall clock), the mean win estimate and the median number
of iterations (tree) or playouts a hint made.
"""

from __future__ import annotations

import dataclasses
import sys
import time

import deadboard.bots.mcts as mcts
from deadboard.bots.base import make_bot
from deadboard.core import State, get_game
from deadboard.core.registry import descriptor
from deadboard.sim.play import seat_bots

#: name -> (hint_anchor, hint_playouts)
CONFIGS: dict[str, tuple[str | None, str | None]] = {
    "plain": (None, None),
    "anchor": ("heuristic", None),
    "playouts": ("heuristic", "heuristic"),
    "hurry": ("heuristic", "heuristic+hurry"),
}


def positions(game_id: str, n: int) -> list[tuple[State, int]]:
    game = get_game(game_id)
    setup = game.normalize_setup(game.test_setups()[0])
    found: list[tuple[State, int]] = []
    seed = 100
    while len(found) < n:
        state = game.new(setup, seed)
        bots = seat_bots(game, setup, "heuristic", seed)
        k = 0
        while (d := state.decision) is not None:
            legal = game.legal_actions(state)
            if len(legal) > 1:
                k += 1
                if k % 7 == 3 and len(found) < n:
                    found.append((state.clone(), d.seat))
            a = legal[0] if len(legal) == 1 else bots[d.seat].choose(game, game.view(state, d.seat), legal)
            game.apply_unchecked(state, a)
        seed += 1
    return found


def main(argv: list[str]) -> None:
    game_id, n, configs = argv[0], int(argv[1]), argv[2].split(",")
    budget = argv[3] if len(argv) > 3 else "0.8s"
    game = get_game(game_id)
    points = positions(game_id, n)
    for name in configs:
        anchor, playouts = CONFIGS[name]
        settings = dataclasses.replace(descriptor(game_id), hint_anchor=anchor, hint_playouts=playouts)
        mcts.find_descriptor = lambda g, settings=settings: settings  # type: ignore[attr-defined,misc]
        agree = ends = 0
        times: list[float] = []
        estimates: list[float] = []
        searched: list[int] = []
        for state, seat in points:
            view = game.view(state, seat)
            legal = game.legal_actions(view)
            mine = make_bot("heuristic", game, seat, 1).choose(game, view.clone(), legal)
            t0 = time.perf_counter()
            r = mcts.analyse(game, state, seat, budget)
            times.append(time.perf_counter() - t0)
            agree += r.action == mine
            ends += r.action.kind == "end" and mine.kind != "end"
            estimates.append(r.win_estimate)
            searched.append(r.iterations)
        times.sort()
        print(f"{game_id} {name}: {len(points)} positions, agrees {agree}, ends instead of acting {ends}, "
              f"median {times[len(times) // 2]:.2f} s, longest {times[-1]:.2f} s, "
              f"mean estimate {sum(estimates) / len(estimates):.2f}, "
              f"median iterations or playouts {sorted(searched)[len(searched) // 2]}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
