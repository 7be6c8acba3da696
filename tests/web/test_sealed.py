"""Sealed stays sealed: a game loaded from a save whose seed this server sealed keeps the seal
through its end and in every later save (its seed is the future of the game it was saved from,
which may still be played); the original game's own end opens it to the original's players."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Api

QUICK: dict[str, Any] = {"scenario": "quick-game", "seed": 11}


def _play_to_end(api: Api, gid: str, token: str) -> None:
    page = api.page(gid, token)
    for _ in range(2000):
        if page["decision"] is None:
            return
        page = api.act(gid, token, page["legal"][-1]["text"]).json()
    raise AssertionError("the game did not end")


def test_a_game_loaded_from_a_sealed_save_keeps_the_seal_through_its_end(api: Api) -> None:
    gid, token = api.solo(game="the-night", **QUICK)
    page = api.page(gid, token)
    for _ in range(3):
        page = api.act(gid, token, page["legal"][0]["text"]).json()
    sealed = api.save(gid, token).json()
    assert "seed" not in sealed and sealed["sealed_seed"]
    made = api.c.post("/api/games/load", json={"save": sealed}).json()
    copy, copy_token = made["id"], made["links"][0]["token"]
    _play_to_end(api, copy, copy_token)
    after = api.save(copy, copy_token).json()
    assert "seed" not in after and after["sealed_seed"] and after["signature"], after
    assert "seed" not in api.page(copy, copy_token), "the finished page offers no rematch of a sealed seed"
    # a later save of it, loaded again, is sealed too, and still resumes here
    again = api.c.post("/api/games/load", json={"save": after})
    assert again.status_code == 201, again.text
    later = api.save(again.json()["id"], again.json()["links"][0]["token"]).json()
    assert "seed" not in later and later["sealed_seed"]
    # the original game's end opens its own save, to its own player
    _play_to_end(api, gid, token)
    assert api.save(gid, token).json()["seed"] == 11
    assert api.page(gid, token)["seed"] == 11
