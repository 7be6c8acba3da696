"""The heuristic bot plays much better than the random one, alone and against others."""

from __future__ import annotations

from deadboard.core import Setup
from deadboard.games.district_z import GAME
from deadboard.sim.play import play_game


def test_heuristic_escapes_often_alone_and_random_almost_never() -> None:
    setup = GAME.normalize_setup(Setup("standard"))
    h = sum(1 for seed in range(60) if play_game(GAME, setup, seed, "heuristic").outcome.winners)
    r = sum(1 for seed in range(60) if play_game(GAME, setup, seed, "random").outcome.winners)
    assert h >= 12 and r <= 2


def test_a_heuristic_seat_beats_random_seats() -> None:
    setup = GAME.normalize_setup(Setup("standard", players=3))
    wins = [0, 0, 0]
    for seed in range(30):
        o = play_game(GAME, setup, seed, ["heuristic", "random", "random"]).outcome
        for w in o.winners:
            wins[w] += 1
    assert wins[0] >= 20 and wins[0] > 3 * (wins[1] + wins[2])


def test_heuristic_bots_finish_every_optional_rule_setup() -> None:
    for setup in GAME.test_setups():
        o = play_game(GAME, GAME.normalize_setup(setup), 9, "heuristic").outcome
        assert o.reason in ("escaped", "died", "turned", "devoured", "overrun")


def test_the_sim_summary_tallies_how_each_seat_ended() -> None:
    from deadboard.sim.runner import run_sim, summarize

    setup = GAME.normalize_setup(Setup("standard", players=2))
    records, seconds = run_sim("district-z", setup, ["heuristic", "random"], 6, seed=3)
    summary = summarize("district-z", setup, ["heuristic", "random"], 3, records, seconds)
    for seat in summary["seats"]:
        assert sum(seat["endings"].values()) == 6
        assert set(seat["endings"]) <= {"escaped", "died", "turned", "alive", "out", "destroyed"}
    assert sum(summary["endings"].values()) == 6
