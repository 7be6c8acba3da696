"""The enemy and the survivors' moves can be audited: trace events (docs/api.md, "Trace events")
name each enemy's card line applied, its target and its way, and the route of every move."""

from __future__ import annotations

from deadboard.games.day_night_z.board import INDEX
from deadboard.games.day_night_z.enemies import act, activate_all
from deadboard.games.day_night_z.records import Threat
from deadboard.games.day_night_z.state import DNZState

from .helpers import act as apply_text
from .helpers import enemy, fresh, put, script, tile


def _card(state: DNZState, **changes: object) -> Threat:
    """The first threat card with ``changes``, as the rules read it (its plain copy, records.py)."""
    return Threat(state.content.threats[0].model_copy(update=changes))


def _traces(state: DNZState, who: str) -> list[dict[str, object]]:
    return [e.data for e in state.log if e.kind == "trace" and e.data and who in (e.data.get("enemy"), e.data.get("who"))]


def test_each_action_of_an_enemy_names_the_line_met_its_target_and_its_way() -> None:
    """ "For its first action he starts with the condition described in the upper part and descends
    until meeting one of them ... For its second action, he starts again from the first condition":
    the howler's first action meets line 2 (it moves towards Swift, on its way to a1), its second
    line 1 (it attacks and advances into Swift's subzone)."""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b", "s1")
    put(state, swift, t, "a1")
    howler = enemy(state, "howler", t, "c3")
    c = _card(state, ai=("attack-advance", "move-los"))
    script(state, "green")
    activate_all(state, c)
    first, second = _traces(state, howler.id)
    a1, b2, c3 = f"{t.id}-a1", f"{t.id}-b2", f"{t.id}-c3"
    assert first["action"] == 1 and first["line"] == 1 and first["rule"] == "move-los"
    assert first["target"] == "swift" and first["path"] == [c3, b2] and first["route"] == [c3, b2, a1]
    assert second["action"] == 2 and second["line"] == 0 and second["rule"] == "attack-advance"
    assert second["path"] == [b2, a1] and second["goal"] == a1 and second["card"] == c.id


def test_an_enemy_that_meets_no_line_says_so() -> None:
    """ "A condition that cannot be carried out is not met": with nobody in reach or in sight and no
    noise the walker meets no line of an attack-only card."""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b", "s1")
    put(state, swift, t, "a1")
    w = enemy(state, "walker", t, "d4")
    assert not act(state, w, _card(state, ai=("attack",)))
    (trace,) = _traces(state, w.id)
    assert trace["line"] == -1 and trace["rule"] == "" and trace["target"] is None
    assert trace["path"] == [f"{t.id}-d4"]


def test_rallied_enemies_leave_their_own_trace() -> None:
    """Rally (authored): each enemy the Leader moves says who moved it and towards whom."""
    state = fresh()
    swift = state.survivor("swift")
    t = tile(state, "10b")
    put(state, swift, t, "a1")
    boss = enemy(state, "leader", t, "d1")
    w = enemy(state, "walker", t, "d4")
    ability = next(c for c in state.content.threat_rows.values() if c.ai and c.ai[0] == "ability")
    act(state, boss, ability)
    (moved,) = _traces(state, w.id)
    assert moved["rule"] == "rallied" and moved["by"] == boss.id and moved["target"] == "swift"
    assert moved["path"] == [f"{t.id}-d4", f"{t.id}-c3"] and w.cell == INDEX["c3"]


def test_every_survivor_move_leaves_its_route() -> None:
    """A move names its destination; the trace gives the route: where he stood, where he ended (a
    deployed tile's access subzone when he walks into its zone) and the AP it cost."""
    state = fresh()
    apply_text(state, "move swift s1 no")
    (city,) = _traces(state, "swift")
    assert city["route"] == ["A", "s1"] and city["ap"] == 1 and city["moved"]
    t = tile(state, "08a", "s2")
    apply_text(state, "move swift s2 no")
    onto = _traces(state, "swift")[-1]
    assert onto["route"] == ["s1", "s2", f"{t.id}-{'abcd'[t.geo.access % 4]}{t.geo.access // 4 + 1}"]
