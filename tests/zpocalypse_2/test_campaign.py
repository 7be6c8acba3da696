"""Campaign play (rulebook §Campaign Play, §Losing): the campaign sheet carries survivors, items,
perks and VP from one chapter to the next."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deadboard.core import Setup, get_game
from deadboard.core.errors import SetupError
from deadboard.core.rng import Rng
from deadboard.games.zpocalypse_2.campaign import next_record
from deadboard.games.zpocalypse_2.state import ZState

GAME = get_game("zpocalypse-2")


def played(scenario: str, seed: int, options: dict[str, object] | None = None) -> ZState:
    state = GAME.new(Setup(scenario, dict(options or {}), players=1), seed)
    assert isinstance(state, ZState)
    rng = Rng(seed)
    while state.decision is not None:
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[rng.below(len(legal))])
    return state


def test_the_campaign_sheet_carries_survivors_items_perks_and_vp_into_the_next_chapter() -> None:
    """ "Use the campaign sheet to record all the important details of your play session ... which
    players were controlling which survivors, your VP status, item cards, perk cards\""""
    for seed in range(1, 40):
        state = played("prologue", seed)
        if GAME.outcome(state).result.value == "win":  # type: ignore[union-attr]
            break
    else:
        pytest.skip("no seed won the prologue")
    state.squads[0].people[0].perks.append("cardio")
    record = next_record(GAME, state)
    assert record.chapter == "chapter-1" and record.history[0].chapter == "prologue"
    nxt = GAME.new(Setup("chapter-1", {"campaign": record.to_json()}, players=1), 5)
    assert isinstance(nxt, ZState)
    before = {p.card: p.hp for p in state.squads[0].people}
    after = {p.card: p.hp for p in nxt.squads[0].people}
    assert after == before
    assert nxt.squads[0].vp == state.squads[0].vp
    assert "cardio" in nxt.squads[0].people[0].perks


def test_a_lost_chapter_is_played_again_without_the_stashes() -> None:
    """ "Discard all items that are stashed ... You must restart your current chapter.\""""
    state = played("prologue", 3)
    state.lost = "overrun: the night began with the Doom Track at 30"
    state.squads[0].stash = ["scrap"]
    state.public = ["granola"]
    record = next_record(GAME, state)
    assert record.chapter == "prologue" and record.stash == ()
    assert record.data["stashes"] == [[]]


def test_a_record_for_another_chapter_is_a_clear_setup_error() -> None:
    state = played("prologue", 3)
    record = next_record(GAME, state)
    wrong = "chapter-1" if record.chapter == "prologue" else "prologue"
    with pytest.raises(SetupError, match="next chapter"):
        GAME.new(Setup(wrong, {"campaign": record.to_json()}, players=1), 1)


def test_each_chapter_has_a_set_up_for_starting_without_a_saved_game() -> None:
    """ "that player may join the game by using the instructions in each chapter for starting without
    a saved game.\""""
    for chapter in ("chapter-2", "chapter-3", "chapter-4"):
        state = GAME.new(Setup(chapter, players=2), 1)
        assert isinstance(state, ZState)
        sc = state.scenario
        assert sc.doom == state.doom.value
        for card in sc.fresh_upgrades:
            assert card in state.structures.values()
        for q in state.squads:
            assert all(len(p.perks) == sc.fresh_perks for p in q.people)
            top = {p.card: state.content.survivor_by_id[p.card].hp for p in q.people}
            assert all(p.hp == max(1, top[p.card] - sc.fresh_hp_loss) for p in q.people)


def test_a_chapter_whose_goal_is_missed_by_its_last_night_is_lost() -> None:
    """ "Victory conditions are clearly outlined in each story chapter": chapter 3 asks for kills."""
    from deadboard.core.kernel import advance
    from deadboard.games.zpocalypse_2.turn import Sunrise

    state = GAME.new(Setup("chapter-3", players=1), 1)
    assert isinstance(state, ZState)
    state.night = state.scenario.nights
    state.zombies, state.mutates = [], []
    state.steps[:] = []
    state.push(*Sunrise().run(state))
    advance(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.result.value == "loss" and "zombies killed" in outcome.reason


def test_a_night_beginning_at_the_chapters_doom_limit_loses_it() -> None:
    """ "See each chapter for additional set up instructions and other loss conditions.\""""
    from deadboard.games.zpocalypse_2.turn import Dusk

    state = GAME.new(Setup("chapter-3", players=1), 1)
    assert isinstance(state, ZState)
    state.doom = state.doom.at(state.scenario.doom_limit)
    Dusk().run(state)
    assert state.lost.startswith("the night began")


def test_a_won_chapter_keeps_the_house_as_it_stands_and_a_lost_one_clears_it() -> None:
    """ "Discard all items that are stashed, and remove any fortifications from the board and crafted
    upgrades on the action board. You must restart your current chapter.\""""
    state = GAME.new(Setup("chapter-3", players=1), 1)
    assert isinstance(state, ZState)
    state.end()
    won = next_record(GAME, state)
    assert won.data["upgrades"] == state.upgrades and won.data["structures"]
    state.lost = "every squad is dead"
    lost = next_record(GAME, state)
    assert lost.data["upgrades"] == [] and lost.data["structures"] == {}


def test_whole_campaigns_report_how_far_the_squads_get() -> None:
    """ "Campaign play refers to playing the Defend the Burbs story continuously, in numerical order,
    over multiple sessions.\""""
    from deadboard.sim.campaign import run_campaigns

    summary = run_campaigns("zpocalypse-2", 2, ["heuristic"], 2, seed=3)
    chapters = [c["chapter"] for c in summary["chapters"]]
    assert chapters == ["prologue", "chapter-1", "chapter-2", "chapter-3", "chapter-4"]
    won = [c["won"] for c in summary["chapters"]]
    assert won == sorted(won, reverse=True)  # a chapter is reached only through the one before
    assert sum(summary["stopped"].values()) == 2


def test_play_with_a_campaign_file_starts_and_continues_it(tmp_path: Path) -> None:
    """`deadboard play zpocalypse-2 --campaign FILE` starts or continues a campaign file."""
    from typer.testing import CliRunner

    from deadboard.cli import app

    path = tmp_path / "burbs.json"
    args = ["play", "zpocalypse-2", "--campaign", str(path), "--bot", "heuristic", "--plain", "--seed", "3"]
    run = CliRunner().invoke(app, [*args, "--players", "2"])
    assert run.exit_code == 0, run.output
    first = json.loads(path.read_text())
    assert first["history"][0]["chapter"] == "prologue"
    run = CliRunner().invoke(app, args)
    assert run.exit_code == 0, run.output
    second = json.loads(path.read_text())
    assert second["history"][1]["chapter"] == first["chapter"]


def test_a_squad_wiped_out_in_a_lost_chapter_rejoins_with_the_chapters_set_up() -> None:
    """ "that player may join the game by using the instructions in each chapter for starting without
    a saved game": a squad with nobody left on the sheet starts the replayed chapter afresh."""
    state = played("prologue", 3)
    state.lost = "every squad is dead"
    state.squads[0].people = []
    record = next_record(GAME, state)
    again = GAME.new(Setup("prologue", {"campaign": record.to_json()}, players=1), 2)
    assert isinstance(again, ZState)
    assert len(again.squads[0].people) == again.scenario.survivors_per_squad
