"""Campaign play (rulebook §Campaign Play, §Losing): the campaign sheet carries survivors, items,
perks and VP from one chapter to the next."""

from __future__ import annotations

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
