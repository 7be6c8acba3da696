"""Group decisions (§3.8), allies joining, what the campaign book carries forward, supply use and
the content's checks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from deadboard.core.errors import ContentError
from deadboard.games.day_night_z.campaign import EndAdventure, ShelterDay, StartAdventure
from deadboard.games.day_night_z.campaign_content import CampaignEffect, load_campaign
from deadboard.games.day_night_z.content import PACKAGE_DIR
from deadboard.games.day_night_z.effects import Resolve
from deadboard.games.day_night_z.growth import sheet
from deadboard.games.day_night_z.shelter import Feeding
from deadboard.games.day_night_z.travel import known
from tests.day_night_z.campaign_helpers import GAME, at, campaign, log_kinds, script, texts

STRANGER = load_campaign().travel[3].wood.effects  # "take the child along" or "leave"


def test_the_group_votes_and_the_majority_wins() -> None:
    """ "many cards (city encounters, threats, exploration, travel, etc.), force the group to vote for a
    decision" — every survivor votes, the leader first."""
    state = campaign(3)
    at(state, Resolve(STRANGER, "", "day"))
    voters = []
    for option in (2, 1, 1):
        assert state.decision is not None and state.decision.kind == "vote"
        voters.append(state.decision.seat)
        GAME.apply(state, f"vote {option}")
    assert voters[0] == state.leader and sorted(voters) == [0, 1, 2]
    assert log_kinds(state, "vote")[0].startswith("The group decides: take the child")
    assert sum(len(h.allies) for h in state.heroes) == 1


def test_a_draw_after_voting_is_the_leaders_call() -> None:
    """ "if a draw persists after voting, the leading player can decide which option wins." """
    state = campaign(2)
    at(state, Resolve(STRANGER, "", "day"))
    GAME.apply(state, "vote 2")  # the leader
    GAME.apply(state, "vote 1")
    assert log_kinds(state, "vote")[0].startswith("The group decides: leave")
    assert [h.stress for h in state.heroes] == [2, 2]


def test_an_ally_joins_one_survivor_and_brings_his_leadership() -> None:
    """ "Leadership points are granted by the survivor's allies joining him." An ally named by the
    book joins the leader; one not with the group is drawn otherwise."""
    state = campaign(1)
    ally = CampaignEffect(kind="ally", ally="war-veteran", who="leader")
    at(state, Resolve((ally, CampaignEffect(kind="ally", who="leader")), "", "day"))
    h = state.heroes[0]
    assert h.allies[0] == "war-veteran" and len(h.allies) == 2 and h.allies[1] != "war-veteran"


def test_the_advanced_rest_zone_welcomes_an_ally_for_a_victory_point() -> None:
    state = campaign(1)
    state.facilities["rest-zone"] = "advanced"
    state.vp = 1
    at(state, ShelterDay())
    GAME.apply(state, "use rest-zone welcome")
    assert state.vp == 0 and len(state.heroes[0].allies) == 1
    assert state.spent == {"rest-zone welcome": 1} and state.heroes[0].spent == 1


def test_the_book_carries_forward_what_an_accomplished_adventure_gives() -> None:
    """The Radio accomplished: two unknown paths become known and a war veteran joins the leader."""
    state = campaign(1)
    state.chapter = 2
    at(state, StartAdventure())
    assert state.inner is not None
    state.inner.won = True
    at(state, EndAdventure())
    assert known(state, "bog-path") and known(state, "cliff-walk")
    assert "war-veteran" in state.heroes[0].allies
    assert state.decision is not None and state.decision.kind == "route"
    assert any("bog-path" in t for t in texts(state))


def test_the_last_chapter_ends_the_campaign() -> None:
    state = campaign(1)
    state.chapter = len(state.content.chapters) - 1
    at(state, StartAdventure())
    assert state.inner is not None
    state.inner.won = True
    at(state, EndAdventure())
    out = GAME.outcome(state)
    assert out is not None and out.result.value == "win" and out.level == "1/6"


def test_supply_use_follows_the_grown_sheet() -> None:
    """The feeding check spends "as many supplies as indicated in their survivor sheet": the dog (an
    ally) eats one more."""
    state = campaign(1)
    h = state.heroes[0]
    base = sheet(state, h).supply_use
    h.allies = ["dog"]
    h.supplies = 5
    at(state, Feeding())
    assert h.supplies == 5 - (base + 1)


def test_content_errors_name_the_file_and_the_record(tmp_path: Path) -> None:
    src = PACKAGE_DIR / "content"
    pack = tmp_path / "pack"
    shutil.copytree(src, pack)
    book = pack / "campaign_book.toml"
    book.write_text(book.read_text().replace('city = "greyhaven"', 'city = "atlantis"', 1))
    with pytest.raises(
        ContentError, match=r"campaign_book\.toml: chapter the-radio: 'atlantis' is not a city"
    ):
        load_campaign(str(pack))


def test_a_survivor_may_spend_one_survival_point_on_a_check() -> None:
    """ "The survivors may try to improve the success chance of any roll ... It must be decided before
    rolling. You can spend a maximum of 1 survival point. The bonus is applied before the rule
    'Minimum 1 die'." Kevin Swift (Agility 2 by day) spends one: three dice."""
    state = campaign(1)
    h = state.heroes[0]
    h.sp = 2
    rockslide = load_campaign().travel[0].wood.effects
    at(state, Resolve(rockslide, "", "day"))
    assert state.decision is not None and state.decision.kind == "spend"
    assert texts(state) == ["spend no", "spend yes"]
    script(state, "skull", "skull", "gold")
    GAME.apply(state, "spend yes")
    check = next(e for e in state.log if e.kind == "check")
    assert check.data is not None and check.data["dice"] == 3 and check.data["success"]
    assert h.sp == 2  # one spent, one earned by the success


def test_without_survival_points_the_check_is_rolled_at_once() -> None:
    state = campaign(1)
    state.heroes[0].sp = 0
    script(state, "skull", "skull")
    at(state, Resolve(load_campaign().travel[0].wood.effects, "", "day"))
    assert state.decision is None and state.heroes[0].sp == 0
