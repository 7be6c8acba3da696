"""The table driver (core/table.py): seats, checked apply and record, forced decisions, bots, replay,
undo — tested on Last Stand (tests/core/toy.py), whose weapon choice with one ammo left is a decision
with a single legal action."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from deadboard.core import Action, IllegalActionError, Rng, SaveError, Setup
from deadboard.core.table import Entry, Table
from deadboard.sim.play import play_game
from tests.core.toy import GAME, StandState


class First:
    """A bot that takes the first legal action and counts how often it is asked."""

    needs_view = True

    def __init__(self) -> None:
        self.asked = 0
        self.views: list[Any] = []

    def choose(self, game: Any, view: Any, legal: Sequence[Action]) -> Action:
        self.asked += 1
        self.views.append(view)
        return legal[0]


class Seeded:
    """A random bot of its own seed that reads no view."""

    needs_view = False

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Any, view: Any, legal: Sequence[Action]) -> Action:
        assert view is None
        return legal[self.rng.below(len(legal))]


def table(players: int = 1, bots: dict[int, Any] | None = None, seed: int = 3) -> Table[StandState]:
    return Table.new(GAME, Setup("standard", players=players), seed, bots)


def to_forced(t: Table[StandState]) -> None:
    """Play the person's seat until its decision has a single legal action (fire with one ammo)."""
    rng = Rng(11)
    for _ in range(2000):
        legal = t.legal()
        if len(legal) == 1:
            return
        shoot = [a for a in legal if a.text in ("shoot",) or a.text.startswith("aim")]
        t.apply(shoot[0] if shoot else legal[rng.below(len(legal))])
    pytest.fail("no forced decision reached")


def test_a_persons_action_is_applied_checked_and_recorded_as_the_engine_spells_it() -> None:
    t = table()
    seat = t.state.decision.seat  # type: ignore[union-attr]
    first = t.legal()[0]
    got = t.apply("  " + first.text.upper() + " ")
    assert got == first and t.record == [Entry(first.text, seat, False)]


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    t = table()
    before = GAME.state_hash(t.state)
    with pytest.raises(IllegalActionError):
        t.apply("teleport home")
    assert GAME.state_hash(t.state) == before and t.record == []


def test_a_failed_commit_leaves_the_table_as_it_was() -> None:
    t = table()
    before = GAME.state_hash(t.state)

    def refuse(entries: list[Entry], new: StandState) -> None:
        assert new is not t.state and entries[0].text == t.legal()[0].text
        raise RuntimeError("the database is gone")

    with pytest.raises(RuntimeError):
        t.apply(t.legal()[0], commit=refuse)
    assert GAME.state_hash(t.state) == before and t.record == []
    kept: list[Entry] = []
    t.apply(t.legal()[0], commit=lambda entries, new: kept.extend(entries))
    assert t.record == kept


def test_a_bot_seats_forced_decision_is_taken_without_asking_the_bot() -> None:
    t = table()
    to_forced(t)
    seat = t.state.decision.seat  # type: ignore[union-attr]
    bot = First()
    t.bots[seat] = bot
    turn = t.next_bot()
    assert turn is not None and turn.forced and turn.view is None
    only = t.legal()[0]
    assert t.bot_move() == only and bot.asked == 0
    assert t.record is not None and t.record[-1] == Entry(only.text, seat, True)


def test_a_persons_forced_decision_is_asked_and_recorded() -> None:
    t = table()
    to_forced(t)
    assert t.next_bot() is None and len(t.legal()) == 1  # a person's seat: the front end asks
    only = t.legal()[0]
    t.apply(only)
    assert t.record is not None and t.record[-1].text == only.text and not t.record[-1].by_bot


def test_bots_play_until_a_person_decides_and_see_only_their_view() -> None:
    bot = First()
    t = table(players=2, bots={1: bot})
    while t.state.decision is not None and t.state.decision.seat != 1:
        t.apply(t.legal()[0])
    played = t.play_bots()
    assert played >= 1 and (t.state.decision is None or t.state.decision.seat == 0)
    assert all(v.viewer == 1 for v in bot.views)
    assert t.record is not None and all(e.by_bot == (e.seat == 1) for e in t.record)


def test_play_out_is_the_simulators_game() -> None:
    setup = GAME.normalize_setup(Setup("standard", players=3))
    played = play_game(GAME, setup, 5, "random", record=True)
    again = Table.replay(GAME, setup, 5, played.actions or [])
    assert isinstance(played.state, StandState)
    assert GAME.state_hash(again.state) == GAME.state_hash(played.state)
    t = Table.new(GAME, setup, 9, {s: Seeded(s) for s in range(3)}, keep_record=False)
    n = t.play_out()
    assert n > 0 and t.over and t.record is None


def test_replay_names_the_action_that_does_not_replay() -> None:
    setup = Setup("standard")
    t = Table.new(GAME, setup, 4, {0: Seeded(1)})
    t.play_out()
    texts = t.texts()
    with pytest.raises(SaveError, match=r"action 3 \('teleport home'\) does not replay"):
        Table.replay(GAME, setup, 4, [*texts[:2], "teleport home"])
    with pytest.raises(SaveError, match=rf"action {len(texts) + 1} .* comes after the end of the game"):
        Table.replay(GAME, setup, 4, [*texts, texts[-1]])
    seen: list[int] = []
    back = Table.replay(GAME, setup, 4, texts, on_step=lambda i, text, state: seen.append(i))
    assert seen == list(range(len(texts))) and GAME.state_hash(back.state) == GAME.state_hash(t.state)


def test_undo_takes_back_the_persons_last_action_and_the_bots_after_it() -> None:
    t = table(players=2, bots={1: Seeded(2)})
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        t.undo()
    before: list[tuple[str, int]] = []
    for _ in range(6):
        t.play_bots()
        before.append((GAME.state_hash(t.state), len(t.texts())))
        t.apply(t.legal()[-1])
    t.play_bots()
    t.undo()
    assert (GAME.state_hash(t.state), len(t.texts())) == before[-1]
    several = table(players=2)
    several.apply(several.legal()[0])
    with pytest.raises(IllegalActionError, match="solitaire"):
        several.undo()


# ----- response windows that respect the player ------------------------------------------------------
class Shooter:
    """A bot that shoots whenever it can (each shot opens the others' window for flares)."""

    needs_view = False

    def choose(self, game: Any, view: Any, legal: Sequence[Action]) -> Action:
        return next((a for a in legal if a.text == "shoot"), legal[-1] if legal[0].text != "search" else legal[0])


def _windows(t: Table[StandState], person: int, limit: int = 3000) -> tuple[int, int]:
    """Play the person's seat (the first legal action; ``pass`` in windows) to the end: how many
    window decisions it was asked, and how many passes the table answered for it."""
    asked = 0
    for _ in range(limit):
        t.play_bots()
        d = t.state.decision
        if d is None:
            break
        assert d.seat == person
        asked += d.kind == "respond"
        t.apply(t.legal()[0])
    auto = sum(1 for e in t.record or () if e.seat == person and e.text == "pass" and e.by_bot)
    return asked, auto


def test_never_answers_a_persons_windows_with_a_recorded_pass_and_the_record_replays() -> None:
    t = Table.new(GAME, Setup("standard", players=2), 5, {1: Shooter()}, respond={0: "never"})
    asked, auto = _windows(t, 0)
    assert asked == 0 and auto > 0
    again = Table.replay(GAME, t.state.setup, t.state.seed, t.texts())
    assert GAME.state_hash(again.state) == GAME.state_hash(t.state)


def test_always_asks_every_window_and_auto_asks_where_an_offer_counts() -> None:
    always = Table.new(GAME, Setup("standard", players=2), 5, {1: Shooter()}, respond={0: "always"})
    asked, auto = _windows(always, 0)
    assert asked > 0 and auto == 0
    # Last Stand's flares all count (the window's default ``stops``): auto asks as always does
    table_auto = Table.new(GAME, Setup("standard", players=2), 5, {1: Shooter()})
    assert table_auto.respond_mode(0) == "auto"
    assert _windows(table_auto, 0) == (asked, 0)


def test_the_default_is_auto_against_bots_and_always_among_people() -> None:
    assert Table.new(GAME, Setup("standard", players=2), 5, {1: Shooter()}).respond_mode(0) == "auto"
    assert Table.new(GAME, Setup("standard", players=2), 5).respond_mode(0) == "always"


def test_a_respond_setting_is_one_of_three() -> None:
    with pytest.raises(IllegalActionError, match="respond must be one of auto, always, never"):
        Table.new(GAME, Setup("standard", players=2), 5, respond={0: "sometimes"})


def test_undo_goes_back_past_the_passes_answered_for_the_person() -> None:
    t = Table.new(GAME, Setup("standard", players=2), 5, {1: Shooter()}, respond={0: "never"})
    for _ in range(200):
        t.play_bots()
        if any(e.by_bot and e.seat == 0 for e in t.record or ()) or t.over:
            break
        t.apply(t.legal()[0])
    record = list(t.record or ())
    last = max(i for i, e in enumerate(record) if not e.by_bot)
    t.undo()
    assert t.texts() == [e.text for e in record[:last]]
