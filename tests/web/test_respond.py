"""The web's setting for response windows (core.table, issue 37): ``respond`` in a game's creation
request, validated, kept with the seats, and the windows it skips answered and written like any
action."""

from __future__ import annotations

from typing import Any

from deadboard.core.save import SaveFile, replay
from deadboard.web.service import Service
from tests.web.conftest import Api


def error(r: Any, status: int) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error"} and body["error"]["message"], body
    return str(body["error"]["message"])

def test_the_respond_setting_is_validated_and_kept_with_the_seats(api: Api) -> None:
    bot = {"player": "bot", "bot": "heuristic"}
    assert "'respond' must be one of auto, always, never" in error(
        api.c.post("/api/games", json={"game": "zombie-dawn", "players": 2, "respond": "sometimes",
                                       "seats": [{"player": "person"}, bot]}), 400)
    assert "a person's setting" in error(
        api.c.post("/api/games", json={"game": "zombie-dawn", "players": 2,
                                       "seats": [{"player": "person"}, {**bot, "respond": "never"}]}), 400)
    made = api.new(game="zombie-dawn", players=2, seed=3, respond="never",
                   seats=[{"player": "person"}, bot])
    default = api.new(game="zombie-dawn", players=2, seed=3, seats=[{"player": "person"}, bot])
    people = api.new(game="zombie-dawn", players=2, seed=3)
    service: Service = api.c.app.state.service  # type: ignore[attr-defined]
    for gid, mode in ((made["id"], "never"), (default["id"], "auto"), (people["id"], "always")):
        with service.lock(gid):
            assert service._session(gid).table.respond_mode(0) == mode  # type: ignore[attr-defined]


def test_a_window_the_setting_skips_is_passed_and_written_like_any_action(api: Api) -> None:
    made = api.new(game="zombie-dawn", players=2, seed=5, respond="never",
                   seats=[{"player": "person"}, {"player": "bot", "bot": "random"}])
    gid, token = made["id"], made["links"][0]["token"]
    service: Service = api.c.app.state.service  # type: ignore[attr-defined]
    for _ in range(120):
        service.wait_idle(gid, timeout=60)
        page = api.page(gid, token)
        if page["decision"] is None:
            break
        assert page["decision"]["kind"] != "respond"
        api.act(gid, token, str(page["legal"][0]["text"]))
    save = SaveFile.loads(api.save(gid, token).text)
    assert "pass" in save.actions and replay(save).hash_ok is True
