"""``deadboard play`` full screen, the keyboard: focus always comes back to the filter line, what
Enter takes, the question before a turn with points left is ended, the hot-seat curtain that leaves
nothing of the last seat on the screen."""

from __future__ import annotations

import dataclasses
from typing import Any

from textual.widgets import Input, OptionList

from deadboard.cli.session import Session
from deadboard.cli.tui import PlayApp
from deadboard.cli.tui_actions import Entry, points_left, question, resolve
from deadboard.core import get_game
from deadboard.core.action import Action
from tests.test_tui import drive, make_app, settle, status
from tests.test_tui_snapshots import screen_text


def highlighted(app: PlayApp) -> int:
    return app.query_one("#actions", OptionList).highlighted or 0


def test_after_tab_tab_esc_typing_1_and_enter_takes_action_1() -> None:
    app = make_app("the-night", scenario="quick-game")

    async def script(pilot: Any) -> None:
        first = app.legal[0].text
        await pilot.press("tab", "tab", "escape")
        assert isinstance(app.focused, Input)
        await pilot.press("1", "enter")
        await settle(pilot)
        assert app.session.actions == [first]

    drive(app, (120, 40), script)


def test_a_character_typed_in_any_pane_goes_to_the_filter_line() -> None:
    app = make_app("the-night", scenario="quick-game")

    async def script(pilot: Any) -> None:
        for _ in range(4):  # round the panes and back
            await pilot.press("tab")
            if not isinstance(app.focused, Input):
                await pilot.press("2")
                assert isinstance(app.focused, Input) and app.field.value == "2"
                app.field.value = ""
                await pilot.press("tab")
        second = app.legal[1].text
        await pilot.press("tab", "2", "enter")
        await settle(pilot)
        assert app.session.actions == [second]

    drive(app, (80, 24), script)


def test_the_highlight_starts_on_the_first_action_that_does_not_end_a_turn_and_enter_takes_it() -> None:
    app = make_app("day-night-z")

    async def script(pilot: Any) -> None:
        assert app.legal[0].text.startswith("end ")
        k = highlighted(app)
        assert k > 0 and app.shown[k].action is not None and str(app.shown[k].action[0]) != "end"
        taken = app.shown[k].action.text
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.actions == [taken]

    drive(app, (100, 30), script)


def test_ending_a_turn_with_points_left_asks_once_y_takes_it_n_keeps_playing() -> None:
    app = make_app("day-night-z")

    async def script(pilot: Any) -> None:
        await pilot.press("1", "enter")
        await pilot.pause()
        assert "end Swift's turn with 3 AP left? y/n" in status(app)
        assert app.session.actions == []
        await pilot.press("n")
        await pilot.pause()
        assert app.session.actions == [] and app.asking is None
        assert "not taken" in status(app)
        await pilot.press("1", "enter", "y")
        await settle(pilot)
        assert app.session.actions == ["end swift"]

    drive(app, (100, 30), script)


def test_a_partial_filter_takes_an_action_only_when_exactly_one_matches() -> None:
    app = make_app("the-night", scenario="quick-game")

    async def script(pilot: Any) -> None:
        legal = [a.text for a in app.legal]
        await pilot.press(*"place", "enter")
        await pilot.pause()
        assert app.session.actions == []
        assert f"{len(legal)} actions match" in status(app)
        app.field.value = ""
        await pilot.pause()
        square = legal[2].split()[-1]
        await pilot.press(*square, "enter")
        await settle(pilot)
        assert app.session.actions == [legal[2]]

    drive(app, (80, 24), script)


def test_enter_rules_on_the_list() -> None:
    legal = [Action.parse(t) for t in ("end swift", "move swift s1 no", "move swift s2 no", "rest swift")]
    entries = [Entry(k + 1, a, f"sentence {k + 1} for {a.text}") for k, a in enumerate(legal)]
    assert resolve("2", entries).entry == entries[1]
    assert resolve("9", entries).error.startswith("choose a number from 1 to 4")
    assert resolve("move swift s2 no", entries).entry == entries[2]
    assert resolve("sentence 4 for rest swift", entries).entry == entries[3]
    assert resolve("move", entries).count == 2 and resolve("move", entries).entry is None
    assert resolve("s2", entries).entry == entries[2]  # one match
    assert resolve("sentence 3", entries).entry == entries[2]  # the sentence's words match too
    assert resolve("nothing", entries).error


def test_points_left_are_read_from_the_prompt_and_the_question_names_the_turn() -> None:
    assert points_left("Kevin Swift (A, 2 AP): what now?") == "2 AP"
    assert points_left("Judy acts: 0 AP left") == ""
    assert points_left("Squad 1, hour 1: action pool 2 3 Z Z") == "2 dice"
    assert points_left("Red: your turn (round 1)") is None
    end, move, done, passing = (Action.parse(t) for t in ("end swift", "move swift s1 no", "done Judy", "pass"))
    assert question(end, "Kevin Swift", "2 AP", [end, move]) == "end Swift's turn with 2 AP left? y/n"
    assert question(done, "Humans", "", [done, move]) is None  # nothing left
    assert question(end, "Kevin Swift", "2 AP", [end]) is None  # nothing else to do
    assert question(move, "Kevin Swift", "2 AP", [end, move]) is None
    assert question(passing, "Yellow", None, [passing, move]) is None  # a response window's pass
    assert question(Action.parse("end"), "Red", None, [Action.parse("end"), move]) == "end Red's turn? y/n"


def test_hot_seat_clears_the_screen_for_the_curtain_hidden_hero_pick_not_left_on_it() -> None:
    game = get_game("the-night")
    setup = game.normalize_setup(dataclasses.replace(game.default_setup(), options={"hidden-hero": True}, players=2))
    app = PlayApp(Session(game, game.new(setup, 3), {}))

    async def script(pilot: Any) -> None:
        picked = ""
        for _ in range(40):
            d = app.session.state.decision
            picks = [a for a in app.legal if str(a[0]) == "pick"]
            if d.seat == 0 and picks:
                picked = picks[0].text
                app.field.value = picked
                await pilot.press("enter")
                await settle(pilot)
                break
            await pilot.press("enter")
            if app.asking is not None:
                await pilot.press("y")
            await settle(pilot)
            if app.screen is not app.screen_stack[0]:
                await pilot.press("space")
                await pilot.pause()
        assert picked, "Player 1 picked a human"
        assert app.session.state.decision.seat == 1
        shown = screen_text(app)
        assert "Pass the screen to" in shown
        assert picked.split()[-1] not in shown and "you:" not in shown
        await pilot.press("space")
        await pilot.pause()
        assert "Pass the screen" not in screen_text(app)
        assert picked not in status(app)

    drive(app, (100, 30), script)
