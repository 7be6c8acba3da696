"""``deadboard play`` full screen, driven headless by Textual's pilot: every game at 80 × 24 and in a
larger window, typing and filtering actions, groups, clicks on squares, save, undo, help, hint, quit,
a finished game that stays on screen."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.widgets import Input, OptionList, Static

from deadboard.bots.base import make_bot
from deadboard.cli.session import Session
from deadboard.cli.tui import PlayApp
from deadboard.core import get_game, list_games
from deadboard.core.rng import derive_seed
from deadboard.core.table import Table

SIZES = [(80, 24), (160, 50)]


def make_app(game_id: str, seed: int = 3, players: int | None = None, bots: str = "random", scenario: str = "") -> PlayApp:
    game = get_game(game_id)
    setup = game.default_setup()
    if players is not None:
        setup = dataclasses.replace(setup, players=players)
    if scenario:
        setup = dataclasses.replace(setup, scenario=scenario)
    setup = game.normalize_setup(setup)
    state = game.new(setup, seed)
    seats = game.seats(setup)
    specs = {s: bots for s in range(1, seats)}
    bot_seats = {s: make_bot(name, game, s, derive_seed(seed, "bot", s)) for s, name in specs.items()}
    return PlayApp(Session(game, state, bot_seats), specs)


def drive(app: PlayApp, size: tuple[int, int], script: Callable[[Any], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await script(pilot)

    asyncio.run(main())


async def settle(pilot: Any) -> None:
    """Wait until the bots have played up to a person's decision (or the end)."""
    app = pilot.app
    for _ in range(400):
        await pilot.pause()
        d = app.session.state.decision
        if (d is None or d.seat not in app.session.bots) and not app.waiting:
            await pilot.pause()
            return
    raise AssertionError("the bots did not reach a person's decision")


def status(app: PlayApp) -> str:
    """The status line and, on its own row, the message line."""
    return str(app.query_one("#status", Static).render()) + "\n" + str(app.query_one("#message", Static).render())


def options(app: PlayApp) -> list[str]:
    """The lines of the action list as text (an action's number and sentence, a group)."""
    ol = app.query_one("#actions", OptionList)
    console = Console(width=200, file=io.StringIO(), legacy_windows=False)
    out = []
    for i in range(ol.option_count):
        with console.capture() as shown:
            console.print(ol.get_option_at_index(i).prompt)
        out.append(" ".join(shown.get().split()))
    return out


def inside(app: PlayApp, selector: str) -> bool:
    region = app.query_one(selector).region
    return region.width > 0 and region.height > 0 and region.right <= app.size.width and region.bottom <= app.size.height


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", list_games())
def test_every_game_is_played_by_typing_and_everything_fits_the_screen(game_id: str, size: tuple[int, int]) -> None:
    app = make_app(game_id, players=2 if game_id == "zombie-dawn" else None)

    async def script(pilot: Any) -> None:
        for part in ("#status", "#board", "#filter", "#actions", "#log"):
            assert inside(app, part), f"{part} is not on the {size} screen"
        assert app.session.game.name in status(app)
        assert app.query_one("#board").text().strip(), "the board is drawn"
        taken = 0
        for _ in range(12):
            if app.over:
                break
            before = len(app.session.actions)
            assert app.legal and options(app)
            if app.groups:  # a grouped list: open groups until an action is highlighted
                while app.shown[app.query_one("#actions", OptionList).highlighted or 0].action is None:
                    await pilot.press("enter")
                    await pilot.pause()
            await pilot.press("enter")
            await settle(pilot)
            assert len(app.session.actions) > before
            taken += 1
        assert taken >= 5 or app.over
        assert inside(app, "#status") and inside(app, "#actions")
        assert app.query_one("#log").virtual_size.height > 0

    drive(app, size, script)


def test_typing_filters_the_actions_by_words_and_by_number() -> None:
    app = make_app("the-night", scenario="quick-game")

    async def script(pilot: Any) -> None:
        legal = list(app.legal)
        square = str(legal[-1][-1])
        await pilot.press(*square)
        await pilot.pause()
        shown = options(app)
        assert shown and all(square in line for line in shown)
        assert len(shown) < len(legal)
        app.query_one("#filter", Input).value = ""
        await pilot.pause()
        await pilot.press("2", "enter")
        await settle(pilot)
        assert app.session.actions[0] == legal[1].text
        await pilot.press("x", "y", "z", "z", "y", "enter")
        await pilot.pause()
        assert "not a legal action" in status(app)

    drive(app, (80, 24), script)


def test_a_click_on_a_square_offers_the_actions_that_name_it() -> None:
    app = make_app("the-night", scenario="quick-game")

    async def script(pilot: Any) -> None:
        board = app.query_one("#board")
        target = str(app.legal[0][-1])  # place a human: the square is named
        assert target in board.squares
        y, x, _ = board.squares[target]
        offset = (x - int(board.scroll_x) + 1, y - int(board.scroll_y))
        await pilot.click("#board", offset=offset)
        await pilot.pause()
        assert app.square == target
        shown = options(app)
        assert shown and all(target in line for line in shown)
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.actions[0].endswith(" " + target)

    drive(app, (80, 24), script)


def test_zombie_dawn_set_up_is_chosen_zone_then_slot_then_turn_beside_the_growing_map() -> None:
    app = make_app("zombie-dawn", players=2)

    async def script(pilot: Any) -> None:
        board = app.query_one("#board").text()
        assert "open slots" in board and "the map is being laid out" not in board
        top = options(app)
        assert all(line.lstrip().startswith("▸") and "Place the" in line for line in top)
        await pilot.press("enter")  # a zone
        await pilot.pause()
        slots = options(app)
        assert all("at slot" in line for line in slots)
        await pilot.press("escape")  # back to the zones
        await pilot.pause()
        assert options(app) == top
        await pilot.press("enter", "down", "enter")  # a zone, the second slot
        await pilot.pause()
        turns = options(app)
        assert len(turns) == 4 and all("turned" in line for line in turns)
        await pilot.press("down", "enter")  # turned 90°
        await settle(pilot)
        placed = app.session.actions[0].split()
        assert placed[0] == "place" and placed[-1] == "90"

    drive(app, (80, 24), script)


def test_save_undo_help_hint_and_quit_in_the_app(tmp_path: Path) -> None:
    app = make_app("the-night", scenario="quick-game")
    path = tmp_path / "g.json"

    async def script(pilot: Any) -> None:
        await pilot.press("1", "enter")
        await settle(pilot)
        await pilot.press("1", "enter")
        await settle(pilot)
        assert len(app.session.actions) == 2
        await pilot.press("f4")  # undo
        await settle(pilot)
        assert len(app.session.actions) == 1
        await pilot.press("f2")  # save: the file name is offered in the line
        await pilot.pause()
        field = app.query_one("#filter", Input)
        assert field.value.startswith("save ")
        field.value = f"save {path}"
        await pilot.press("enter")
        await pilot.pause()
        assert json.loads(path.read_text())["actions"] == app.session.actions
        await pilot.press("f1")
        await pilot.pause()
        assert "Type the number of an action" in str(app.screen.query_one(Static).render())
        await pilot.press("space")
        await pilot.pause()
        assert app.screen.query("#filter")
        field.value = "hint 30"
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "hint:" in status(app)
        await pilot.press("f10")
        await pilot.pause()

    drive(app, (80, 24), script)
    assert app.return_code == 0 or app.return_code is None


def test_a_finished_game_stays_on_screen_and_can_still_be_saved(tmp_path: Path) -> None:
    from deadboard.sim.play import play_game

    game = get_game("the-night")
    setup = game.normalize_setup(dataclasses.replace(game.default_setup(), scenario="quick-game"))
    played = play_game(game, setup, 2, "random", record=True)
    assert played.actions
    table = Table.replay(game, setup, 2, played.actions[:-1])  # the person takes the last decision
    app = PlayApp(Session(game, table.state, {}, table.record))
    path = tmp_path / "over.json"

    async def script(pilot: Any) -> None:
        app.query_one("#filter", Input).value = played.actions[-1]
        await pilot.press("enter")
        if app.asking is not None:  # the last action ends a turn: y takes it
            await pilot.press("y")
        await settle(pilot)
        assert app.over, (status(app), played.actions[-1], app.asking)
        assert "Game over" in status(app)
        assert app.query_one("#board").text().strip()  # the final board stays
        assert "over" in options(app)[0]
        await pilot.press("1", "enter")  # no action any more: a clear word, no crash
        await pilot.pause()
        assert "the game is over" in status(app)
        app.query_one("#filter", Input).value = f"save {path}"
        await pilot.press("enter")
        await pilot.pause()
        assert "saved to" in status(app)
        assert json.loads(path.read_text())["actions"] == played.actions

    drive(app, (80, 24), script)


def test_hot_seat_passes_the_screen_between_the_players() -> None:
    game = get_game("zombie-dawn")
    setup = game.normalize_setup(dataclasses.replace(game.default_setup(), players=2))
    app = PlayApp(Session(game, game.new(setup, 3), {}))

    async def script(pilot: Any) -> None:
        first = app.session.state.decision.seat
        for _ in range(20):
            if app.session.state.decision.seat != first:
                break
            await pilot.press("enter", "enter", "enter")
            await settle(pilot)
        assert app.session.state.decision.seat != first
        curtain = app.screen.query_one(Static)
        assert "Pass the screen to" in str(curtain.render())
        await pilot.press("space")
        await pilot.pause()
        assert app.screen.query("#filter")

    drive(app, (80, 24), script)


@pytest.mark.parametrize("game_id", list_games())
def test_the_help_names_an_action_of_the_game_being_played(game_id: str) -> None:
    from deadboard.cli.session import help_text

    app = make_app(game_id, players=2 if game_id == "zombie-dawn" else None)
    text = help_text(app.session.game.legal_actions(app.session.state))
    assert "move Ben c5" not in text or game_id == "the-night"
    example = text.split('(e.g. "')[1].split('")')[0]
    assert example in {a.text for a in app.session.game.legal_actions(app.session.state)}
