"""Fixtures for the web tests: an app on a fresh games file, helpers to start games and act."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from deadboard.core import registry
from deadboard.web import create_app


class Api:
    """A thin client: ``api.new(...)`` starts a game, ``api.page(gid, token)`` reads a seat's page."""

    def __init__(self, client: TestClient) -> None:
        self.c = client

    @staticmethod
    def auth(token: str | None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"} if token else {}

    def new(self, claim: bool = True, **body: Any) -> dict[str, Any]:
        """A new game; with ``claim``, every seat's invitation is opened at once, so that each link
        carries its seat's own token (as after each player opened theirs)."""
        body.setdefault("game", "the-night")
        r = self.c.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        made: dict[str, Any] = dict(r.json())
        if claim:
            claim_all(self.c, made)
        return made

    def solo(self, **body: Any) -> tuple[str, str]:
        made = self.new(**body)
        return made["id"], made["links"][0]["token"]

    def page(self, gid: str, token: str | None, **params: Any) -> dict[str, Any]:
        r = self.c.get(f"/api/games/{gid}", headers=self.auth(token), params=params)
        assert r.status_code == 200, r.text
        return r.json()

    def act(self, gid: str, token: str | None, action: str, **extra: Any) -> Any:
        return self.c.post(f"/api/games/{gid}/actions", headers=self.auth(token), json={"action": action, **extra})

    def save(self, gid: str, token: str | None) -> Any:
        return self.c.get(f"/api/games/{gid}/save", headers=self.auth(token))


def claim_all(client: Any, made: dict[str, Any], base: str = "") -> dict[str, Any]:
    """Open every invitation of a new game (``client`` an httpx client or module, ``base`` the
    server's URL): each link then holds its seat's token and the URL with it."""
    for link in made["links"]:
        if "invite" in link:
            r = client.post(f"{base}/api/games/{made['id']}/claim", json={"invite": link.pop("invite")})
            assert r.status_code == 200, r.text
            link["token"], link["url"] = r.json()["token"], r.json()["url"]
    made["open"] = made["links"][0]["url"]
    return made


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    app = create_app(db, long_poll=0.3)
    with TestClient(app) as c:
        yield c


@pytest.fixture
def api(client: TestClient) -> Api:
    return Api(client)


@pytest.fixture
def toy_game() -> Iterator[str]:
    """A registered game without a drawing module (removed again afterwards)."""
    registry.register("toy-race", "tests.web.toy:GAME")
    try:
        yield "toy-race"
    finally:
        registry.unregister("toy-race")
        registry._loaded.pop("toy-race", None)
