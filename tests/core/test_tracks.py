"""Tracks (doom, threat, noise) and the day/night clock with hourly effects (core)."""

from __future__ import annotations

import pytest

from deadboard.core.tracks import Clock, Track


def test_a_track_stops_at_its_ends_and_reports_milestones_reached_going_up() -> None:
    doom = Track("doom", 3, hi=30, milestones=(5, 10, 15, 20, 25))
    doom, crossed = doom.moved(8)
    assert doom.value == 11 and crossed == (5, 10)
    doom, crossed = doom.moved(-20)
    assert doom.value == 0 and crossed == () and doom.at_bottom
    doom, crossed = doom.moved(99)
    assert doom.at_top and doom.value == 30 and crossed == (5, 10, 15, 20, 25)
    assert doom.passed() == (5, 10, 15, 20, 25)


def test_track_levels_name_the_band_the_marker_is_in() -> None:
    threat = Track("threat", 0, hi=11, levels=((0, "green"), (4, "yellow"), (8, "red")))
    assert threat.level == "green"
    assert threat.at(5).level == "yellow" and threat.at(8).level == "red"
    assert threat.at(5).to_json() == {"name": "threat", "value": 5, "level": "yellow"}


def test_a_track_refuses_a_marker_off_the_track_and_unordered_milestones() -> None:
    with pytest.raises(ValueError):
        Track("doom", 31, hi=30)
    with pytest.raises(ValueError):
        Track("doom", 0, milestones=(10, 5))


def test_the_clock_runs_hour_by_hour_with_the_effects_of_each_hour_reached() -> None:
    # Day Night Z's counter: 07:00 +1 SP; 12:00 infection tests; 15:00 eating; 21:00 and 06:00 threat
    effects = ((7, "survival-point"), (12, "infection-test"), (15, "eat"), (21, "threat"), (6, "threat"))
    clock = Clock(hour=6, night=(21, 7), effects=effects, start=7)
    assert clock.is_night and clock.day == 1
    clock, happened = clock.tick()
    assert clock.text == "07:00" and not clock.is_night and happened == ("survival-point",) and clock.day == 2
    clock, happened = clock.tick(14)
    assert clock.text == "21:00" and clock.is_night and happened == ("infection-test", "eat", "threat")
    clock, happened = clock.tick(9)
    assert clock.text == "06:00" and happened == ("threat",) and clock.day == 2
    with pytest.raises(ValueError):
        clock.tick(-1)
    with pytest.raises(ValueError):
        Clock(hour=24)
