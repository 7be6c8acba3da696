"""The authored adventures' objectives (content/adventures.toml)."""

from __future__ import annotations

from deadboard.games.day_night_z.adventure import objective_met, supplies_wanted

from .helpers import fresh


def test_supply_run_wants_one_supply_for_each_survivor_who_set_out() -> None:
    # authored: "Gather one supply for each survivor who set out and reach exit C before 20:00."
    for players in (1, 2, 4):
        state = fresh(players, "supply-run")
        assert supplies_wanted(state) == players
        for s in state.survivors:
            s.supplies = 0
        assert not objective_met(state)
        for s in state.survivors:
            s.supplies = 1
        assert objective_met(state)


def test_supplies_of_the_dead_do_not_count() -> None:
    state = fresh(2, "supply-run")
    state.survivors[0].supplies, state.survivors[1].supplies = 2, 0
    assert objective_met(state)
    state.survivors[0].dead = True
    assert not objective_met(state)


def test_night_watch_wants_a_supply_for_each_survivor_and_the_radio() -> None:
    # authored: "search its Locker Room for the radio and get out through exit A before 06:00, each
    # survivor carrying a supply for the road" (from 07:00: a 23-hour deadline)
    for players in (1, 3):
        state = fresh(players, "night-watch")
        assert supplies_wanted(state) == players
        assert state.clock.hour == 7 and state.adventure.deadline == 23
