"""Rulebook §3.2: "The survivors may spend survival points to reduce the Threat level at any moment
within the game turn" — offered at every decision of a survivor in the game turn, not only in his
activation (docs/rulings/day-night-z.md, "Threat")."""

from __future__ import annotations

from deadboard.games.day_night_z.search import KeepSearch
from deadboard.games.day_night_z.survivor_actions import SweepChoice

from .helpers import act, fresh, legal, on_top


def test_the_leader_may_lower_the_threat_before_ordering_the_activations() -> None:
    state = fresh(2)
    leader = next(s for s in state.survivors if s.seat == state.leader)
    state.threat = 3  # 4 GREEN: 2 survival points a unit
    leader.sp = 3
    assert state.decision is not None and state.decision.kind == "order"
    assert f"lower-threat {leader.id}" in legal(state)
    act(state, f"lower-threat {leader.id}")
    assert state.threat == 2 and leader.sp == 1
    assert state.decision is not None and state.decision.kind == "order"  # the order is still his
    assert f"lower-threat {leader.id}" not in legal(state)  # 1 point left, 2 asked


def test_a_hidden_survivor_may_lower_it_before_deciding_to_stay_hidden() -> None:
    state = fresh()
    swift = state.survivor("swift")
    act(state, "end swift")  # to the next turn
    swift.hidden, swift.sp, state.threat = True, 2, 3
    from deadboard.core.kernel import refresh
    from deadboard.games.day_night_z.turn import StayHidden

    state.steps[-1] = StayHidden(0, "swift")
    refresh(state)
    assert legal(state) == ["stay swift", "unhide swift", "lower-threat swift"]
    act(state, "lower-threat swift")
    assert state.threat == 2 and legal(state) == ["stay swift", "unhide swift"]


def test_a_survivor_may_lower_it_before_a_cards_check() -> None:
    """A city encounter's check: before deciding on the survival point, he may lower the threat."""
    state = fresh()
    swift = state.survivor("swift")
    swift.sp = 3
    state.threat = 3
    on_top(state, "encounter", "cry-for-help")
    act(state, "move swift s1 no")
    assert "lower-threat swift" in legal(state)  # in the activation, as before
    act(state, "end swift")
    assert state.decision is not None and state.decision.kind == "spend"
    assert legal(state) == ["spend swift no", "spend swift yes", "lower-threat swift"]
    act(state, "lower-threat swift")
    assert state.threat == 2 and state.decision.kind == "spend"


def test_the_search_card_choice_and_the_sweep_offer_it_too() -> None:
    state = fresh()
    swift = state.survivor("swift")
    swift.sp, state.threat = 2, 3
    state.steps.append(KeepSearch(0, "swift", ("knife", "crowbar"), 0, False))
    assert legal(state)[-1] == "lower-threat swift"
    state.steps[-1] = SweepChoice(0, "swift", "machete", ())
    assert legal(state) == ["pass swift", "lower-threat swift"]


def test_it_is_never_offered_where_the_threat_cannot_be_lowered() -> None:
    """ "it is not possible to reduce the Threat level between levels … nor in red colored units": at
    5 GREEN nothing is offered, whatever the survival points."""
    state = fresh(2)
    for s in state.survivors:
        s.sp = 9
    state.threat = 4  # 5 GREEN
    assert not any(a.startswith("lower-threat") for a in legal(state))
