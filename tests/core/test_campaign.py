"""Campaign records: what one game carries into the next, saved and loaded like a save (core)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deadboard.core.campaign import FORMAT, CampaignRecord, CampaignSurvivor
from deadboard.core.errors import SaveError
from deadboard.core.game import Outcome, Result


def _record() -> CampaignRecord:
    return CampaignRecord(
        game="zpocalypse-2",
        version="1",
        campaign="burbs",
        chapter="prologue",
        players=2,
        survivors=(
            CampaignSurvivor(
                "ruth", seat=0, health=5, items=("shotgun",), perks=("medic",), vp=2, stats={"radiation": 1}
            ),
            CampaignSurvivor("otto", seat=1, health=3),
        ),
        stash=("canned-food",),
    )


def test_a_chapter_outcome_carries_survivors_items_perks_vp_and_places_into_the_next() -> None:
    rec = _record()
    ruth = rec.survivors[0]
    after = rec.after(
        Outcome(Result.WIN, (0, 1), 9.0),
        next_chapter="chapter-1",
        survivors=(ruth, CampaignSurvivor("otto", seat=1, health=0, alive=False)),
        vp=9,
        unlock=("hardware-store",),
        seed=17,
    )
    assert after.chapter == "chapter-1" and after.vp == 9 and after.unlocked == ("hardware-store",)
    assert (
        after.history[0].chapter == "prologue"
        and after.history[0].result == "win"
        and after.history[0].seed == 17
    )
    assert after.living() == (ruth,) and after.living(seat=1) == ()
    assert after.stash == ("canned-food",)  # kept when the game hands over nothing new
    assert rec.chapter == "prologue"  # records are values


def test_a_campaign_file_round_trips(tmp_path: Path) -> None:
    rec = _record().after(Outcome(Result.LOSS, (), 2.0), next_chapter="prologue", unlock=("park",))
    path = tmp_path / "burbs.json"
    rec.write(path)
    assert json.loads(path.read_text())["format"] == FORMAT
    assert CampaignRecord.read(path) == rec


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("game"), "missing field game"),
        (
            lambda d: d.update(format="deadboard-campaign/9"),
            "campaign format deadboard-campaign/9 is not known",
        ),
        (lambda d: d.update(format="x"), "not a campaign file"),
        (lambda d: d.update(vp="many"), "vp must be an integer"),
        (lambda d: d["survivors"][1].update(items="axe"), r"survivors\[1\]\.items must be a list of strings"),
        (
            lambda d: d["survivors"][0].update(stats={"radiation": "lots"}),
            r"survivors\[0\]\.stats\.radiation",
        ),
        (lambda d: d.update(colour="red"), r"unknown field\(s\) colour"),
        (lambda d: d.update(players=0), "players must be at least 1"),
        (
            lambda d: d.update(history=[{"chapter": "x", "result": "maybe"}]),
            "result must be win, loss or draw",
        ),
    ],
)
def test_a_malformed_campaign_file_gets_a_one_line_error_naming_the_field(change, message) -> None:  # type: ignore[no-untyped-def]
    data = _record().to_json()
    change(data)
    with pytest.raises(SaveError, match=message) as e:
        CampaignRecord.loads(json.dumps(data), "burbs.json")
    assert "\n" not in str(e.value) and str(e.value).startswith("burbs.json: ")


def test_unreadable_campaign_files_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no such file"):
        CampaignRecord.read(tmp_path / "missing.json")
    with pytest.raises(SaveError, match="not valid JSON"):
        CampaignRecord.loads("{", "x.json")
    with pytest.raises(SaveError, match="must be a JSON object"):
        CampaignRecord.loads("[]", "x.json")
