"""The Rules panel's endpoint (a game's quick reference and rulings) and what a page learns at the
end of a game (its seed, for a rematch), through the HTTP API."""

from __future__ import annotations

from pathlib import Path

from deadboard.core import Rng, list_games
from deadboard.core.log import TRACE
from deadboard.web.reference import RULINGS, rulings_of
from tests.web.conftest import Api


def test_every_game_serves_its_quick_reference_and_rulings(api: Api) -> None:
    for game_id in list_games():
        r = api.c.get(f"/api/catalog/{game_id}/rules")
        assert r.status_code == 200, r.text
        data = r.json()
        assert data["game"] == game_id and data["name"]
        for section in data["sections"]:
            assert set(section) == {"title", "ref", "text"} and section["title"] and section["text"]
        if (RULINGS / f"{game_id}.md").exists():
            assert data["rulings"]["sections"], game_id
            assert all(s["title"] and s["text"] for s in data["rulings"]["sections"])


def test_the_rules_of_an_unknown_game_are_a_404(api: Api) -> None:
    r = api.c.get("/api/catalog/no-such-game/rules")
    assert r.status_code == 404
    assert "no-such-game" in r.json()["error"]["message"]


def test_a_rulings_file_is_split_at_its_headings_and_absent_docs_are_none(tmp_path: Path) -> None:
    (tmp_path / "toy.md").write_text("# Toy — rulings\n\nWhy these exist.\n\n## Dice\n- **Ties** go to the zombies.\n"
                                     "  (a second line)\n\n## Doors\nA door is a door.\n", encoding="utf-8")
    got = rulings_of("toy", tmp_path)
    assert got == {"title": "Toy — rulings", "intro": "Why these exist.",
                   "sections": [{"title": "Dice", "text": "- **Ties** go to the zombies.\n  (a second line)"},
                                {"title": "Doors", "text": "A door is a door."}]}
    assert rulings_of("absent", tmp_path) is None


def test_a_page_receives_the_seed_only_once_the_game_is_over(api: Api) -> None:
    gid, token = api.solo(game="the-night", seed=3)
    page = api.page(gid, token)
    assert page["outcome"] is None and "seed" not in page


def test_a_finished_game_hands_its_seed_to_the_page_for_a_rematch(api: Api) -> None:
    from deadboard.core import get_game
    from deadboard.core.save import make_save
    from deadboard.sim.play import seat_bots

    game = get_game("day-night-z")
    state = game.new(game.normalize_setup(game.default_setup()), 5)
    bots = seat_bots(game, state.setup, "heuristic", 5)
    actions: list[str] = []
    while (d := state.decision) is not None:
        legal = game.legal_actions(state)
        b = bots[d.seat]
        action = legal[0] if len(legal) == 1 else b.choose(game, game.view(state, d.seat) if b.needs_view else None, legal)
        actions.append(action.text)
        game.apply(state, action)
    r = api.c.post("/api/games/load", json={"save": make_save(game, state, actions).to_json()})
    assert r.status_code == 201, r.text
    page = api.page(r.json()["id"], r.json()["links"][0]["token"])
    assert page["outcome"] is not None and page["seed"] == 5


# ----- a refused action and the log name the rulebook section they follow (tests/test_rule_links.py) --
def test_a_refused_action_in_the_web_api_names_its_rulebook_section(api: Api) -> None:
    gid, token = api.solo(scenario="quick-game", seed=3)
    r = api.act(gid, token, "shoot Ben Z1 shotgun")
    assert r.status_code == 422
    error = r.json()["error"]
    assert error["rule"] == {"label": "“Shooting Combat”", "section": "Shooting"}
    assert error["message"].endswith("— rulebook “Shooting Combat”")
    r = api.act(gid, token, "xyzzy")  # no kind: the section of what the decision offers
    assert r.status_code == 422 and r.json()["error"]["rule"]["label"].startswith(("§", "“"))


def test_a_page_names_the_section_of_every_kind_of_event_in_its_log(api: Api) -> None:
    made = api.new(game="day-night-z", seed=4, hotseat=True)
    gid, token = made["id"], made["links"][-1]["token"]
    rng = Rng(4)
    for _ in range(40):
        legal = api.page(gid, token)["legal"]
        if not legal:
            break
        assert api.act(gid, token, legal[rng.below(len(legal))]["text"]).status_code == 200
    page = api.page(gid, token)
    kinds = {e["kind"] for e in page["log"]} - {TRACE}
    assert kinds and kinds <= set(page["log_rules"])
    assert all(r["label"].startswith("§") for r in page["log_rules"].values())
    assert page["log_rules"]["move"] == {"label": "§4.9 Move", "section": "Moving"}
