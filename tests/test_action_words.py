"""Every action in words for people, written once per game (``games/<game>/words.py``, the
descriptor's ``words``) and read by the browser, the terminal, hints and the research adapters.

- through the web API, the actions offered over 120 random decisions of each game are labelled by
  a sentence, not by their text (the browser issue's measure: at least 95% of the distinct ones);
- every kind of action a game declares has a sentence, and no action offered in seeded random
  games of every scenario falls back to its text;
- representative sentences of each game, with the names people read (figures, weapons, cards,
  squares by their display names from the content).
"""

from __future__ import annotations

import importlib
import pkgutil
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from deadboard.core import Action, Rng, Setup, get_game
from deadboard.core.game import Game, State
from deadboard.core.registry import descriptor
from deadboard.core.typed_actions import TypedAction
from deadboard.web import create_app
from tests.web.conftest import Api

GAME_IDS = ["the-night", "district-z", "zombie-dawn", "zpocalypse-2", "day-night-z", "day-night-z-campaign"]
#: each game's package and the modules holding its sentences
WORDS = {
    "the-night": ("the_night", ["words"]),
    "district-z": ("district_z", ["words"]),
    "zombie-dawn": ("zombie_dawn", ["words"]),
    "zpocalypse-2": ("zpocalypse_2", ["words"]),
    "day-night-z": ("day_night_z", ["words", "campaign_words"]),
}


def said(game: Game[Any], view: State, seat: int | None, text: str) -> str:
    return descriptor(game.id).describe(view, seat, Action.parse(text))


# ----- through the web API ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    app = create_app(Path(tmp_path_factory.mktemp("words")) / "games.sqlite3", long_poll=0.3)
    with TestClient(app) as client:
        yield Api(client)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_the_actions_a_page_offers_are_labelled_in_words(api: Api, gid: str) -> None:
    rng = random.Random(7)
    labels: dict[str, str] = {}
    decisions = seed = 0
    while decisions < 120:
        made = api.new(game=gid, seed=seed, hotseat=True)
        seed += 1
        gid_, token = made["id"], made["links"][-1]["token"]
        while decisions < 120:
            legal = api.page(gid_, token)["legal"]
            if not legal:
                break
            labels.update((a["text"], a["label"]) for a in legal)
            r = api.act(gid_, token, rng.choice(legal)["text"])
            assert r.status_code == 200, r.text
            decisions += 1
    same = [text for text, label in labels.items() if label == text]
    assert len(same) <= 0.05 * len(labels), f"{gid}: labelled by their text: {same[:10]}"
    assert all(labels.values())


# ----- every kind, every scenario -----------------------------------------------------------------
def _kinds_declared(package: str) -> set[str]:
    """The kinds of every typed action the game's modules declare (the drawings aside)."""
    pkg = importlib.import_module(f"deadboard.games.{package}")
    for mod in pkgutil.iter_modules(pkg.__path__):
        if "svg" not in mod.name and "render" not in mod.name:
            importlib.import_module(f"deadboard.games.{package}.{mod.name}")

    def subclasses(cls: type[TypedAction]) -> Iterator[type[TypedAction]]:
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    return {c.KIND for c in subclasses(TypedAction) if c.__module__.startswith(f"deadboard.games.{package}.")}


@pytest.mark.parametrize("gid", sorted(WORDS))
def test_every_kind_of_action_a_game_declares_has_a_sentence(gid: str) -> None:
    package, modules = WORDS[gid]
    written: set[str] = set()
    for name in modules:
        written |= set(importlib.import_module(f"deadboard.games.{package}.{name}").SENTENCES)
    written.add("pass")  # the kernel's own pass, where a game offers one, is in its table or the window's
    missing = _kinds_declared(package) - written
    assert not missing, f"{gid}: no sentence for {sorted(missing)}"


def _setups(game: Game[Any]) -> list[Setup]:
    """The game's test set-ups and every scenario with its defaults (one that needs a file aside)."""
    setups = list(game.test_setups())
    for scenario in game.scenarios:
        if all(s.scenario != scenario.id for s in setups):
            setups.append(game.normalize_setup(Setup(scenario.id, players=game.default_setup().players)))
    return setups


@pytest.mark.parametrize("gid", GAME_IDS)
def test_no_action_of_a_seeded_game_falls_back_to_its_text(gid: str) -> None:
    game = get_game(gid)
    words = descriptor(gid).action_words()
    assert words is not None
    fallbacks: dict[str, str] = {}
    for setup in _setups(game):
        for seed in range(2):
            state = game.new(setup, seed)
            rng = Rng(seed)
            for _ in range(1500):
                d = state.decision
                if d is None:
                    break
                legal = game.legal_actions(state)
                view = game.view(state, d.seat)
                for a in legal:
                    sentence = words.describe(game, view, d.seat, a)
                    if not sentence or sentence == a.text:
                        fallbacks.setdefault(a.kind, a.text)
                game.apply(state, legal[rng.below(len(legal))])
    assert not fallbacks, f"{gid}: actions shown as their text: {fallbacks}"


# ----- sentences, game by game --------------------------------------------------------------------
def test_the_nights_sentences_name_items_and_openings() -> None:
    game = get_game("the-night")
    state = game.new(Setup("standard"), 3)
    assert said(game, state, 0, "lock Ben front-door") == "Ben locks the Front door"
    assert said(game, state, 0, "place Ben j4") == "Place Ben on j4"
    assert said(game, state, 0, "place poker d10") == "Place the Fire Poker on d10"
    assert said(game, state, 0, "shoot Ben Z3 pistol") == "Ben shoots Z3 with the 1950 Colt 38 Special Pistol"
    assert said(game, state, 0, "end") == "End the activations for this turn"


def test_district_z_names_survivors_items_and_pairs_the_dice_in_words() -> None:
    game = get_game("district-z")
    state = game.new(Setup("standard"), 1)
    assert said(game, state, 0, "choose HOPE") == "Play Hope (COMBAT 2, AGILITY 3, PERCEPTION 3, HEALTH 6)"
    assert said(game, state, 0, "fight pistol+crowbar") == "Fight with the Pistol and the Crowbar"
    assert said(game, state, 0, "fight bare-handed") == "Fight bare-handed"
    assert said(game, state, 0, "use first-aid-kit") == "Use the First-Aid Kit (heals 2 WOUNDS)"
    state.cb_opts = ((1, 1, "2=2 6>3"),)
    assert said(game, state, 0, "pair 2=2 6>3") == "Pair the dice: your 2 ties their 2, your 6 beats their 3 (1 kill, 1 wound)"


def test_district_z_names_the_square_a_move_leads_to() -> None:
    game = get_game("district-z")
    state = game.new(Setup("standard"), 1)
    rng = Rng(1)
    while not any(a.kind == "move" for a in game.legal_actions(state)):
        legal = game.legal_actions(state)
        game.apply(state, legal[rng.below(len(legal))])
    move = next(a for a in game.legal_actions(state) if a.kind == "move")
    sentence = said(game, state, state.decision.seat, move.text)
    assert sentence.startswith(f"Move {move.args[0]} to ") and sentence != move.text


def test_zombie_dawn_places_a_zone_by_its_slot_and_names_cards() -> None:
    game = get_game("zombie-dawn")
    state = game.new(game.default_setup(), 1)
    assert said(game, state, 0, "place crossroads 1 -1 90") == "Place the Dusty Crossroads at the north-east slot (1, -1), turned 90°"
    assert said(game, state, 0, "play blocked-access red trio") == "Play Blocked Access on the red group, discarding their Trio"
    assert said(game, state, 0, "flee xp") == "Flee, paying one Xp"
    assert said(game, state, 0, "discard in-pairs") == "Discard an In Pairs"
    assert said(game, state, 0, "learn silent-step veteran") == "The Veteran learns Silent Step"


def test_zpocalypse_2_names_survivors_weapons_and_dice() -> None:
    game = get_game("zpocalypse-2")
    state = game.new(game.default_setup(), 1)
    assert said(game, state, 0, "start h4") == "Begin the night at h4"
    assert said(game, state, 0, "attack priya nail-gun j1 fresh 4") == "Priya Raman attacks a fresh zombie at j1 with the Nail Gun (4)"
    assert said(game, state, 0, "assign bernie guard") == "Assign Bernie Sharpe to guard (−1 Doom)"
    assert said(game, state, 0, "craft molotov 5 6") == "Craft the Molotov Cocktail (5 + Z)"
    assert said(game, state, 0, "trait tess shoulder-charge 2c3 weak 1 1 1") == (
        "Tess Okafor uses Shoulder Charge on a weak zombie at 2c3 (1 + 1 + 1)")


def test_day_night_z_names_survivors_enemies_weapons_and_places() -> None:
    from deadboard.games.day_night_z.state import Enemy

    game = get_game("day-night-z")
    state = game.new(game.default_setup(), 1)
    state.enemies.append(Enemy("walker1", "walker", "", -1))
    assert said(game, state, 0, "attack swift walker1 colt-1911 butt no") == "Kevin Swift attacks Walker 1 with the Colt 1911 (butt)"
    assert said(game, state, 0, "attack swift walker1 colt-1911 ranged yes") == (
        "Kevin Swift attacks Walker 1 with the Colt 1911 (a shot), spending a survival point")
    ap = state.survivors[0].ap
    assert said(game, state, 0, "end swift") == f"End Kevin Swift's turn ({ap} AP left)"
    assert said(game, state, 0, "move swift s1 no") == "Kevin Swift moves to the street s1"
    assert said(game, state, 0, "enter swift L1") == "Kevin Swift enters the Pharmacy"


def test_the_campaign_speaks_of_travel_and_the_shelter_and_of_the_adventure_inside_it() -> None:
    game = get_game("day-night-z-campaign")
    state = game.new(game.default_setup(), 0)
    travel = next(a for a in game.legal_actions(state) if a.kind == "travel")
    assert said(game, state, 0, travel.text).startswith("Travel The Shelter → ")
    rng = Rng(0)
    while state.inner is None:
        legal = game.legal_actions(state)
        game.apply(state, legal[rng.below(len(legal))])
    inner = next(a for a in game.legal_actions(state))
    assert said(game, state, state.decision.seat, inner.text) == (
        descriptor("day-night-z").describe(state.inner, state.decision.seat, inner))


# ----- where the sentences are read ---------------------------------------------------------------
def test_the_terminal_lists_an_action_as_its_sentence_with_the_text_to_type() -> None:
    from deadboard.cli.session import action_line

    game = get_game("the-night")
    state = game.new(Setup("standard"), 3)
    assert action_line(game, state, 0, Action.parse("lock Ben front-door")) == "Ben locks the Front door  [lock Ben front-door]"


def test_a_game_without_words_is_listed_by_its_text(monkeypatch: pytest.MonkeyPatch) -> None:
    from deadboard.cli import session

    game = get_game("the-night")
    state = game.new(Setup("standard"), 3)
    monkeypatch.setattr(session, "find_descriptor", lambda g: None)
    assert session.action_line(game, state, 0, Action.parse("lock Ben front-door")) == "lock Ben front-door"


def test_the_research_adapters_render_lists_the_seats_actions_in_words() -> None:
    from deadboard.rl.spec import spec_for

    game = get_game("the-night")
    spec = spec_for(game)
    state = game.new(game.default_setup(), 1)
    seat = state.decision.seat
    text = spec.text(state, seat)
    first = game.legal_actions(state)[0]
    code = spec.actions.encode(first)
    line = f"{code:>6}: {descriptor('the-night').describe(game.view(state, seat), seat, first)}  [{first.text}]"
    assert "legal actions:" in text and line in text.splitlines()


RARE = {  # kinds that short random games seldom reach, each with a sentence all the same
    "the-night": ["unlock Ben front-door", "fight Ben Z3", "opportunity Ben Z3 pistol", "zbreak Z3 front-door",
                  "latch front-door", "distract Z3 c5", "dash Ben c5", "give Ben Harry knife", "escape Ben"],
    "district-z": ["offer pistol", "ask crowbar", "unoffer pistol", "unask crowbar", "propose", "accept", "decline",
                   "steal-objective", "fight-together pistol+crowbar", "join bare-handed", "keep", "retire", "replace"],
    "zombie-dawn": ["drop axe-1", "give axe-1 kid", "camp r.a1", "wound kid", "roll kid", "unblock", "die",
                    "complete offering", "activate mechanic vehicle"],
    "zpocalypse-2": ["equip priya nail-gun", "pickup 3", "throw priya 2c3 4", "bomb 2c3 5", "emerge h4", "refuel gus 4",
                     "recruit gus", "hold", "reload priya", "tunnel 3 2", "jump"],
    "day-night-z": ["explore swift", "throw swift t1-b2 no", "jump swift yes", "retrieve swift t1-b2",
                    "combine swift nailed-bat", "trap swift nails+knife t1-b2 no", "wear swift biker-gloves",
                    "discard swift knife", "keep swift knife", "sweep swift walker1", "pass swift", "light swift"],
}


@pytest.mark.parametrize(("gid", "text"), [(g, t) for g, texts in RARE.items() for t in texts])
def test_a_rarely_offered_action_has_a_sentence_too(gid: str, text: str) -> None:
    game = get_game(gid)
    state = game.new(game.default_setup(), 1)
    assert said(game, state, 0, text) != text


def test_zombie_dawns_response_window_asks_in_words_about_the_action_it_follows() -> None:
    """The question of a response window says in words what it answers ("Yellow discards a
    Shambler and moves to g10 on Yellow's map. Red, play something in response?"), its squares as
    the maps label them, never an action's text or a map-prefixed square (``y.g10``)."""
    game = get_game("zombie-dawn")
    state = game.new(game.normalize_setup(Setup("standard", players=2)), 3)
    rng = Rng(3)
    asked: list[str] = []
    for _ in range(1500):
        d = state.decision
        if d is None:
            break
        if d.kind == "respond":
            asked.append(game.view(state, d.seat).decision.prompt)
        legal = game.legal_actions(state)
        game.apply(state, legal[rng.below(len(legal))])
    assert asked
    for question in asked:
        assert question.endswith("play something in response?") and "action 1" not in question, question
        assert not re.search(r"\b[a-z]\.[a-z]\d", question), question
    assert any(" moves to " in q or " discards " in q for q in asked), asked
