"""Campaigns kept by the server: started (Zpocalypse 2 from the prologue or any chapter's "starting
without a saved game" set-up; Day Night Z's campaign game), where each stands, continued exactly
where it was (after a restart too), the next chapter from the finished chapter's campaign sheet (a
lost chapter played again), the campaign file exported and imported as the command line writes and
reads it, deletion, expiry; and every bad request a clear 4xx."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from deadboard.core import get_game
from deadboard.core.campaign import CampaignRecord
from deadboard.core.game import Setup
from deadboard.core.rng import derive_seed
from deadboard.sim.campaign import campaign_file_setup, save_campaign_file
from deadboard.sim.play import play_game
from deadboard.web import create_app
from deadboard.web.service import Service
from deadboard.web.store import SCHEMA_VERSION, Store
from tests.web.test_api import error

ZP2 = get_game("zpocalypse-2")
DNZ = get_game("day-night-z-campaign")

# seeds whose first chapter ends as the test needs (the games are the same on every machine)
PROLOGUE_WON = {"game": "zpocalypse-2", "seed": 3, "seats": [{"player": "bot", "bot": "heuristic"}]}
PROLOGUE_LOST = {"game": "zpocalypse-2", "seed": 3, "seats": [{"player": "bot", "bot": "random"}]}
LAST_CHAPTER_WON = {
    "game": "zpocalypse-2",
    "start": "chapter-4",
    "players": 2,
    "seed": 1,
    "seats": [{"player": "bot", "bot": "heuristic"}] * 2,
}


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def game_of(url: str) -> tuple[str, str]:
    """(game id, token) of a ``/play/GID#TOKEN`` link."""
    path, _, token = url.partition("#")
    return path.rsplit("/", 1)[1], token


def start(c: TestClient, **body: Any) -> dict[str, Any]:
    r = c.post("/api/campaigns", json=body)
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def summary(c: TestClient, made: dict[str, Any]) -> dict[str, Any]:
    r = c.get(f"/api/campaigns/{made['id']}", headers=auth(made["token"]))
    assert r.status_code == 200, r.text
    got: dict[str, Any] = r.json()
    return got


def finished(c: TestClient, made: dict[str, Any]) -> dict[str, Any]:
    """Where the campaign stands once the bots have played its current game out."""
    service: Service = c.app.state.service  # type: ignore[attr-defined]
    service.wait_idle(game_of(summary(c, made)["play"])[0], timeout=60)
    return summary(c, made)


def next_chapter(c: TestClient, made: dict[str, Any]) -> dict[str, Any]:
    r = c.post(f"/api/campaigns/{made['id']}/next", headers=auth(made["token"]))
    assert r.status_code == 200, r.text
    got: dict[str, Any] = r.json()
    return got


def stored(c: TestClient, url: str) -> tuple[Any, list[Any]]:
    """The stored row and actions of a campaign's game."""
    service: Service = c.app.state.service  # type: ignore[attr-defined]
    loaded = service.store.load(game_of(url)[0])
    assert loaded is not None
    return loaded


@pytest.fixture
def served(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db, long_poll=0.3, warm=False)) as c:
        yield c


# ----- starting ----------------------------------------------------------------------------------
def test_the_catalogue_names_the_games_that_play_as_campaigns_and_where_they_start(
    served: TestClient,
) -> None:
    kinds = {k["game"]: k for k in served.get("/api/campaigns/catalog").json()["campaigns"]}
    assert set(kinds) == {"zpocalypse-2", "day-night-z-campaign"}
    zp2 = kinds["zpocalypse-2"]
    assert zp2["kind"] == "chapters"
    assert [s["id"] for s in zp2["starts"]] == list(ZP2.campaign_chapters)  # type: ignore[attr-defined]
    assert all(s["help"] == "starting without a saved game" for s in zp2["starts"][1:])
    assert kinds["day-night-z-campaign"]["kind"] == "one game"
    assert kinds["day-night-z-campaign"]["seats"][0] == "Kevin Swift"


def test_a_new_zpocalypse_campaign_starts_with_the_prologue(served: TestClient) -> None:
    made = start(served, game="zpocalypse-2", players=2, seed=5)
    c = made["campaign"]
    assert c["status"] == "playing" and c["games"] == 1 and c["history"] == []
    assert c["standing"]["chapter"] == "prologue" and c["standing"]["number"] == 1
    assert c["standing"]["survivors"] > 0 and c["standing"]["vp"] == 0
    assert [s["name"] for s in c["seats"]] == ["Squad 1", "Squad 2"]
    assert made["open"] == c["play"]
    # the chapter is dealt from the campaign's seed, which no page receives
    row, _ = stored(served, made["open"])
    assert row.seed == derive_seed(5, "chapter", 0)
    assert "seed" not in json.dumps(c)


def test_a_campaign_may_start_at_any_chapter_as_it_starts_without_a_saved_game(served: TestClient) -> None:
    made = start(served, game="zpocalypse-2", start="chapter-3", seed=8)
    assert made["campaign"]["standing"]["chapter"] == "chapter-3"
    row, _ = stored(served, made["open"])
    # "starting without a saved game": the chapter's own set-up, no campaign sheet
    assert row.setup["scenario"] == "chapter-3" and "campaign" not in row.setup["options"]
    fresh = ZP2.new(ZP2.normalize_setup(Setup("chapter-3", {}, 1)), derive_seed(8, "chapter", 0))
    page = served.get(f"/api/games/{game_of(made['open'])[0]}", headers=auth(game_of(made["open"])[1])).json()
    assert page["setup"]["scenario"] == "chapter-3" and page["steps"] == 0
    assert row.seed == fresh.seed


def test_the_people_of_a_campaign_play_on_one_screen_in_turn(served: TestClient) -> None:
    made = start(
        served,
        game="zpocalypse-2",
        players=3,
        seed=1,
        seats=[{"player": "person"}, {"player": "bot", "bot": "random"}, {"player": "person"}],
    )
    gid, token = game_of(made["open"])
    page = served.get(f"/api/games/{gid}", headers=auth(token)).json()
    assert page["you"] == [0, 2] and page["label"] == "hot-seat"
    assert [s["player"] for s in made["campaign"]["seats"]] == ["person", "bot", "person"]


def test_a_day_night_z_campaign_is_its_campaign_game(served: TestClient) -> None:
    made = start(served, game="day-night-z", players=2, seed=4)
    c = made["campaign"]
    assert c["game"] == "day-night-z-campaign" and c["kind"] == "one game"
    assert c["standing"]["number"] == 1 and c["standing"]["chapters"] == 6
    assert c["standing"]["phase"] == "travel-out" and c["standing"]["survivors"] == 2
    assert [s["name"] for s in c["seats"]] == ["Kevin Swift", "Marie Lebeu"]


# ----- continuing --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "body",
    [{"game": "zpocalypse-2", "seed": 2}, {"game": "day-night-z", "seed": 2}],
    ids=["zpocalypse-2", "day-night-z"],
)
def test_continue_resumes_exactly_where_the_campaign_was_after_a_restart(
    db: Path, body: dict[str, Any]
) -> None:
    with TestClient(create_app(db, long_poll=0.3, warm=False)) as c:
        made = start(c, **body)
        gid, token = game_of(made["open"])
        for _ in range(4):
            page = c.get(f"/api/games/{gid}", headers=auth(token)).json()
            r = c.post(
                f"/api/games/{gid}/actions", headers=auth(token), json={"action": page["legal"][0]["text"]}
            )
            assert r.status_code == 200, r.text
        before = r.json()
        standing = summary(c, made)
    # a new server on the same games file
    with TestClient(create_app(db, long_poll=0.3, warm=False)) as c:
        again = summary(c, made)
        assert again == standing
        assert again["play"] == made["open"] and again["steps"] == 4
        gid, token = game_of(again["play"])
        page = c.get(f"/api/games/{gid}", headers=auth(token)).json()
        assert page["campaign"] == made["id"]
        for key in ("steps", "legal", "decision", "drawing", "setup"):
            assert page[key] == before[key], key


def test_a_games_page_names_its_campaign(served: TestClient) -> None:
    made = start(served, game="zpocalypse-2", seed=1)
    gid, token = game_of(made["open"])
    assert served.get(f"/api/games/{gid}", headers=auth(token)).json()["campaign"] == made["id"]
    r = served.post("/api/games", json={"game": "zpocalypse-2", "seed": 1})
    solo = r.json()["links"][0]
    assert served.get(f"/api/games/{r.json()['id']}", headers=auth(solo["token"])).json()["campaign"] is None


# ----- the next chapter --------------------------------------------------------------------------
def test_the_next_chapter_is_set_up_from_the_finished_chapters_campaign_sheet(served: TestClient) -> None:
    made = start(served, **PROLOGUE_WON)
    c = finished(served, made)
    assert c["status"] == "chapter-over" and c["outcome"]["result"] == "win", "the seed's prologue is won"
    assert c["next"] == {"chapter": "chapter-1", "name": "Chapter 1: Lights Out", "restart": False}
    assert c["history"] == [
        {"chapter": "prologue", "name": "Prologue: The Block Party", "result": "win", "level": "held"}
    ]
    # the sheet is the one the command line writes after the same chapter
    row, actions = stored(served, c["play"])
    final = ZP2.new(ZP2.normalize_setup(Setup.from_json(row.setup)), row.seed)
    for a in actions:
        ZP2.apply(final, a.text)
    sheet = ZP2.campaign_next(final, None)  # type: ignore[attr-defined]

    went = next_chapter(served, made)
    c2 = went["campaign"]
    assert c2["status"] == "playing" and c2["games"] == 2 and c2["standing"]["chapter"] == "chapter-1"
    assert went["open"] == c2["play"] != c["play"]
    row2, _ = stored(served, went["open"])
    assert row2.setup == ZP2.campaign_setup(sheet, 1).to_json()  # type: ignore[attr-defined]
    assert row2.seed == derive_seed(PROLOGUE_WON["seed"], "chapter", 1)
    # the squads go on as the prologue left them
    names = {s.id for s in sheet.living()}
    assert c2["standing"]["survivors"] == len(names)
    # the first chapter stays where it ended
    gid, token = game_of(c["play"])
    assert served.get(f"/api/games/{gid}", headers=auth(token)).json()["decision"] is None


def test_a_chapter_the_campaign_went_on_from_cannot_be_undone(served: TestClient) -> None:
    made = start(served, game="zpocalypse-2", seed=3)
    gid, token = game_of(made["open"])
    page = served.get(f"/api/games/{gid}", headers=auth(token)).json()
    for _ in range(400):
        if page["decision"] is None:
            break
        page = served.post(
            f"/api/games/{gid}/actions", headers=auth(token), json={"action": page["legal"][-1]["text"]}
        ).json()
    assert page["decision"] is None and page["can_undo"], (
        "the chapter is over; until the next starts it can be undone"
    )
    next_chapter(served, made)
    page = served.get(f"/api/games/{gid}", headers=auth(token)).json()
    assert page["can_undo"] is False
    assert "gone on" in error(served.post(f"/api/games/{gid}/undo", headers=auth(token)), 409)


def test_a_lost_chapter_is_played_again_without_the_stashes(served: TestClient) -> None:
    """Rulebook §Campaign Play: "You must restart your current chapter" and "Discard all items that
    are stashed"; the survivors stay as the lost chapter left them."""
    made = start(served, **PROLOGUE_LOST)
    c = finished(served, made)
    assert c["outcome"]["result"] == "loss", "the seed's prologue is lost"
    assert c["next"] == {"chapter": "prologue", "name": "Prologue: The Block Party", "restart": True}
    went = next_chapter(served, made)
    row, _ = stored(served, went["open"])
    record = CampaignRecord.from_json(row.setup["options"]["campaign"])
    assert row.setup["scenario"] == "prologue" and record.chapter == "prologue"
    assert record.stash == () and all(s == [] for s in record.data["stashes"])
    assert record.data["structures"] == {} and record.data["upgrades"] == []
    assert [h.result for h in record.history] == ["loss"]


def test_a_campaign_in_one_game_has_no_next_chapter(served: TestClient) -> None:
    made = start(served, game="day-night-z", seed=1)
    r = served.post(f"/api/campaigns/{made['id']}/next", headers=auth(made["token"]))
    assert "one game" in error(r, 409)


def test_the_next_chapter_waits_for_the_chapter_to_end(served: TestClient) -> None:
    made = start(served, game="zpocalypse-2", seed=1)
    r = served.post(f"/api/campaigns/{made['id']}/next", headers=auth(made["token"]))
    assert "still being played" in error(r, 409)
    assert summary(served, made)["games"] == 1


# ----- a finished campaign ------------------------------------------------------------------------
def test_a_campaign_whose_last_chapter_is_won_is_over_and_cannot_go_on(served: TestClient) -> None:
    made = start(served, **LAST_CHAPTER_WON)
    c = finished(served, made)
    assert c["status"] == "over" and c["outcome"]["result"] == "win", "the seed's chapter 4 is won"
    assert c["next"] is None
    r = served.post(f"/api/campaigns/{made['id']}/next", headers=auth(made["token"]))
    assert "the campaign is over" in error(r, 409)
    gid, token = game_of(c["play"])
    r = served.post(f"/api/games/{gid}/actions", headers=auth(token), json={"action": "end"})
    assert "over" in error(r, 409)
    # its file cannot be continued either
    sheet = served.get(f"/api/campaigns/{made['id']}/export", headers=auth(made["token"]))
    assert sheet.status_code == 200
    r = served.post("/api/campaigns/import", json={"campaign": sheet.text})
    assert "over" in error(r, 400)


def test_a_day_night_z_campaign_played_to_its_end_is_over(served: TestClient) -> None:
    made = start(served, game="day-night-z", seed=2, seats=[{"player": "bot", "bot": "random"}])
    c = finished(served, made)
    assert c["status"] == "over" and c["outcome"] is not None and c["next"] is None
    gid, token = game_of(c["play"])
    r = served.post(f"/api/games/{gid}/actions", headers=auth(token), json={"action": "idle"})
    assert "over" in error(r, 409)
    r = served.post(f"/api/campaigns/{made['id']}/next", headers=auth(made["token"]))
    error(r, 409)
    sheet = CampaignRecord.loads(
        served.get(f"/api/campaigns/{made['id']}/export", headers=auth(made["token"])).text
    )
    r = served.post("/api/campaigns/import", json={"campaign": sheet.to_json()})
    assert "this campaign is over" in error(r, 400)


# ----- the campaign file -------------------------------------------------------------------------
def test_an_exported_campaign_continues_in_the_terminal_and_a_terminal_file_here(
    served: TestClient, tmp_path: Path
) -> None:
    made = start(served, **PROLOGUE_WON)
    finished(served, made)
    r = served.get(f"/api/campaigns/{made['id']}/export", headers=auth(made["token"]))
    assert r.status_code == 200
    assert r.headers["content-disposition"] == 'attachment; filename="burbs-chapter-1.json"'
    path = tmp_path / "burbs.json"
    path.write_text(r.text)
    # the command line's --campaign reads the file and sets up the next chapter from it
    cli_setup = campaign_file_setup(ZP2, str(path), None, None)
    assert cli_setup.scenario == "chapter-1"
    # and the browser's next chapter is the same set-up
    row, _ = stored(served, next_chapter(served, made)["open"])
    assert row.setup == cli_setup.to_json()

    # a file the command line wrote after its chapter continues here
    played = play_game(ZP2, ZP2.normalize_setup(Setup("prologue", {}, 1)), 7, ["heuristic"])
    assert save_campaign_file(ZP2, played.state, str(path)) is not None
    r = served.post("/api/campaigns/import", json={"campaign": path.read_text()})
    assert r.status_code == 201, r.text
    imported = r.json()
    want = CampaignRecord.read(path)
    assert imported["campaign"]["standing"]["chapter"] == want.chapter
    row, _ = stored(served, imported["open"])
    assert row.setup["options"]["campaign"] == want.to_json()
    assert [s["player"] for s in imported["campaign"]["seats"]] == ["person"]


def test_a_first_chapter_has_no_campaign_sheet_to_export_yet(served: TestClient) -> None:
    made = start(served, game="zpocalypse-2", seed=1)
    r = served.get(f"/api/campaigns/{made['id']}/export", headers=auth(made["token"]))
    assert "no campaign sheet yet" in error(r, 409)


def test_a_day_night_z_campaign_file_round_trips(served: TestClient) -> None:
    made = start(served, game="day-night-z", seed=6)
    gid, token = game_of(made["open"])
    page = served.get(f"/api/games/{gid}", headers=auth(token)).json()
    route = next(a["text"] for a in page["legal"] if a["text"].startswith("travel "))
    assert (
        served.post(f"/api/games/{gid}/actions", headers=auth(token), json={"action": route}).status_code
        == 200
    )
    r = served.get(f"/api/campaigns/{made['id']}/export", headers=auth(made["token"]))
    assert r.status_code == 200
    sheet = CampaignRecord.loads(r.text)
    assert sheet.game == "day-night-z-campaign" and sheet.chapter == "medicine"
    imported = served.post("/api/campaigns/import", json={"campaign": sheet.to_json(), "seed": 6})
    assert imported.status_code == 201, imported.text
    got = imported.json()["campaign"]
    assert got["game"] == "day-night-z-campaign" and got["standing"]["chapter"] == "medicine"
    row, _ = stored(served, imported.json()["open"])
    assert row.setup["options"]["campaign"] == sheet.to_json()


# ----- deleting and expiry -----------------------------------------------------------------------
def test_a_deleted_campaign_and_its_games_are_gone(served: TestClient) -> None:
    made = start(served, **PROLOGUE_LOST)
    finished(served, made)
    first = summary(served, made)["play"]
    second = next_chapter(served, made)["open"]
    r = served.delete(f"/api/campaigns/{made['id']}", headers=auth(made["token"]))
    assert r.status_code == 200 and r.json() == {"id": made["id"], "deleted": True, "games": 2}
    assert "no campaign" in error(
        served.get(f"/api/campaigns/{made['id']}", headers=auth(made["token"])), 404
    )
    for url in (first, second):
        gid, token = game_of(url)
        error(served.get(f"/api/games/{gid}", headers=auth(token)), 404)
    error(served.delete(f"/api/campaigns/{made['id']}", headers=auth(made["token"])), 404)


def test_a_campaigns_games_expire_with_the_campaign_never_alone(db: Path) -> None:
    store = Store(db)
    service = Service(store)
    try:
        made = service.create_campaign({"game": "zpocalypse-2", "seed": 1})
        lone = service.create({"game": "zpocalypse-2", "seed": 1})
        gid, _ = game_of(made["open"])
        now = store._conn().execute("SELECT updated FROM games WHERE id = ?", (gid,)).fetchone()[0]
        store._conn().execute("UPDATE campaigns SET updated = ?", (now - 100,))
        store._conn().execute("UPDATE games SET updated = ? WHERE id = ?", (now - 100, lone["id"]))
        # the lone game is old; the campaign's game changed recently, so the campaign stays
        assert store.expire(50, now=now) == [lone["id"]]
        assert store.campaign(made["id"]) is not None
        store._conn().execute("UPDATE games SET updated = ? WHERE id = ?", (now - 100, gid))
        assert store.expire(50, now=now) == [gid]
        assert store.campaign(made["id"]) is None and store.load(gid) is None
    finally:
        service.close()


def test_a_games_file_of_the_previous_schema_gains_the_campaigns(db: Path) -> None:
    Store(db).close()
    conn = sqlite3.connect(db)
    conn.execute("DROP TABLE campaign_games")
    conn.execute("DROP TABLE campaigns")
    conn.execute("UPDATE meta SET value = '1' WHERE key = 'schema'")
    conn.commit()
    conn.close()
    store = Store(db)
    assert store._conn().execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()[0] == str(
        SCHEMA_VERSION
    )
    assert store.campaign("nothing") is None
    store.close()


# ----- bad requests ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("method", "path"),
    [("get", ""), ("post", "/next"), ("get", "/export"), ("delete", "")],
)
def test_an_unknown_campaign_is_404(served: TestClient, method: str, path: str) -> None:
    r = served.request(method.upper(), f"/api/campaigns/nosuchcampaign{path}", headers=auth("whatever"))
    assert "no campaign 'nosuchcampaign'" in error(r, 404)
    service: Service = served.app.state.service  # type: ignore[attr-defined]
    assert not service._campaign_locks  # nothing is kept in memory for a campaign that does not exist


@pytest.mark.parametrize(
    ("method", "path"), [("get", ""), ("post", "/next"), ("get", "/export"), ("delete", "")]
)
def test_a_campaign_opens_only_to_its_own_token(served: TestClient, method: str, path: str) -> None:
    made = start(served, game="zpocalypse-2", seed=1)
    other = start(served, game="zpocalypse-2", seed=1)
    url = f"/api/campaigns/{made['id']}{path}"
    assert "secret token" in error(served.request(method.upper(), url), 403)
    assert "does not open" in error(served.request(method.upper(), url, headers=auth(other["token"])), 403)
    # a game's own token is not the campaign's
    assert "does not open" in error(
        served.request(method.upper(), url, headers=auth(game_of(made["open"])[1])), 403
    )
    assert summary(served, made)["games"] == 1


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({}, 400, "name a game"),
        ({"game": "chess"}, 404, "unknown game"),
        ({"game": "the-night"}, 400, "has no campaign"),
        ({"game": "zpocalypse-2", "start": "chapter-9"}, 400, "'start' must be"),
        ({"game": "zpocalypse-2", "players": 9}, 400, "player"),
        ({"game": "zpocalypse-2", "players": "two"}, 400, "'players'"),
        ({"game": "zpocalypse-2", "seed": -1}, 400, "'seed'"),
        ({"game": "zpocalypse-2", "seats": [{"player": "bot", "bot": "nobody"}]}, 400, "unknown bot"),
        ({"game": "zpocalypse-2", "seats": []}, 400, "'seats' must list 1 seat"),
    ],
)
def test_a_bad_new_campaign_is_refused_and_nothing_is_kept(
    served: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    assert words in error(served.post("/api/campaigns", json=body), status)
    service: Service = served.app.state.service  # type: ignore[attr-defined]
    assert service.store.count() == 0
    assert service.store._conn().execute("SELECT COUNT(*) FROM campaigns").fetchone()[0] == 0


def _sheet(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = CampaignRecord("zpocalypse-2", ZP2.version, "burbs", "chapter-1", 1).to_json()
    base.update(changes)
    return base


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({}, "send the campaign file"),
        ({"campaign": 12}, "must be the campaign file"),
        ({"campaign": "{not json"}, "not valid JSON"),
        ({"campaign": "[" * 5000 + "]" * 5000}, "nested too deeply"),
        ({"campaign": {"format": "deadboard-save/1"}}, "not a campaign file"),
        ({"campaign": _sheet(format="deadboard-campaign/9")}, "not known to this version"),
        ({"campaign": _sheet(players="one")}, "players must be an integer"),
        ({"campaign": _sheet(surprise=1)}, "unknown field"),
        ({"campaign": _sheet(game="chess")}, "a game this server does not have"),
        ({"campaign": _sheet(game="the-night")}, "has no campaign"),
        ({"campaign": _sheet(chapter="chapter-9")}, "unknown scenario"),
        ({"campaign": _sheet(players=7)}, "player"),
        ({"campaign": _sheet(survivors=[{"id": "nobody", "seat": 0}])}, "unknown survivor"),
        (
            {"campaign": _sheet(survivors=[{"id": "hank", "seat": 0}], data={"squad_vp": ["lots"]})},
            "data.squad_vp[0]",
        ),
        ({"campaign": _sheet(data={"structures": {"z99": "barricade"}})}, "no space"),
        ({"campaign": _sheet(history=[{"chapter": "chapter-4", "result": "win"}])}, "over"),
        ({"campaign": {**_sheet(game="day-night-z-campaign"), "campaign": "elsewhere"}}, "unknown scenario"),
    ],
)
def test_a_malformed_campaign_file_is_refused_with_a_clear_message(
    served: TestClient, body: dict[str, Any], words: str
) -> None:
    assert words in error(served.post("/api/campaigns/import", json=body), 400)
    service: Service = served.app.state.service  # type: ignore[attr-defined]
    assert service.store.count() == 0


def test_every_state_of_a_continued_campaign_replays_to_the_same_hash(served: TestClient) -> None:
    made = start(served, **PROLOGUE_WON)
    c = finished(served, made)
    row, actions = stored(served, c["play"])
    state = ZP2.new(ZP2.normalize_setup(Setup.from_json(row.setup)), row.seed)
    for a in actions:
        ZP2.apply(state, a.text)
    service: Service = served.app.state.service  # type: ignore[attr-defined]
    with service.lock(game_of(c["play"])[0]):
        live = service._session(game_of(c["play"])[0]).state
    assert ZP2.state_hash(state) == ZP2.state_hash(live)


def test_an_imported_sheet_past_the_games_limits_is_a_400_naming_the_field(served: TestClient) -> None:
    """A squad of 12 survivors (the rules allow ``squad_size``, 4), one survivor listed 50 times, a
    fence the game does not have: refused at once, naming the field, and nothing kept."""
    from deadboard.games.day_night_z.campaign import record_of
    from deadboard.games.zpocalypse_2.content import load_content

    known = [s.id for s in load_content(None).survivors]
    twelve = _sheet(survivors=[{"id": i, "seat": 0} for i in (known * 2)[:12]])
    assert "survivors[4].seat" in error(served.post("/api/campaigns/import", json={"campaign": twelve}), 400)
    fifty = _sheet(survivors=[{"id": known[0], "seat": 0}] * 50)
    assert "survivors[1].id" in error(served.post("/api/campaigns/import", json={"campaign": fifty}), 400)
    dnz = get_game("day-night-z-campaign")
    sheet = record_of(dnz.new(Setup("road-to-ashford", {}, 1), 3)).to_json()
    sheet["data"]["fence"] = "electric"
    message = error(served.post("/api/campaigns/import", json={"campaign": sheet}), 400)
    assert "data.fence" in message and "electric" in message
    service: Service = served.app.state.service  # type: ignore[attr-defined]
    assert service.store.count() == 0
