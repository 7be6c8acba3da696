"""A refused action and a log entry name the rulebook section they follow ("§3.11 Line of Sight").

Each game's quick reference (``content/quickref.toml``) links rulebook sections, by their headings,
to the kinds of actions and of logged events that follow them (``[section.rulebook]``): written once
per game. Here, for every game id: every kind of action the game declares and every kind of action
and of event that seeded random games of every scenario produce has a section; every heading named
is a heading of the rulebook, word for word; and a refused action's message names its section
where the front ends show it (the web API and the terminal)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from deadboard.core import Rng, get_game
from deadboard.core.descriptor import RuleIndex, RuleLink, RuleSection
from deadboard.core.log import TRACE
from deadboard.core.registry import descriptor
from tests.test_action_words import GAME_IDS, WORDS, _kinds_declared, _setups
from tests.test_rulings_quotes import RULEBOOK_OF, _rulebooks


def _seen_kinds(gid: str) -> tuple[set[str], set[str]]:
    """The kinds of the actions taken and of the events logged in seeded random games."""
    game = get_game(gid)
    actions: set[str] = set()
    events: set[str] = set()
    for setup in _setups(game):
        for seed in range(2):
            state: Any = game.new(setup, seed)
            rng = Rng(seed)
            for _ in range(1500):
                if state.decision is None:
                    break
                legal = game.legal_actions(state)
                actions.update(a.kind for a in legal)
                game.apply(state, legal[rng.below(len(legal))])
            events.update(e.kind for e in state.log if e.kind != TRACE)
    return actions, events


@pytest.mark.parametrize("gid", GAME_IDS)
def test_every_kind_of_action_and_event_follows_a_rulebook_section(gid: str) -> None:
    index = descriptor(gid).rule_index()
    actions, events = _seen_kinds(gid)
    package = WORDS.get(gid, WORDS["day-night-z"])[0]
    actions |= _kinds_declared(package)
    if gid == "day-night-z":  # the campaign's travel and shelter are in its own reference
        actions -= set(_campaign_only())
    assert not sorted(actions - set(index.actions)), f"{gid}: actions with no rulebook section"
    assert not sorted(events - set(index.events)), f"{gid}: events with no rulebook section"


def _campaign_only() -> set[str]:
    adventure = descriptor("day-night-z").rule_index()
    campaign = descriptor("day-night-z-campaign").rule_index()
    return set(campaign.actions) - set(adventure.actions)


def _headings(book: str) -> set[str]:
    """The rulebook's lines, stripped of list bullets: a heading is one of them."""
    return {line.strip().lstrip("•").strip() for line in book.splitlines() if line.strip()}


@pytest.mark.parametrize("gid", GAME_IDS)
def test_the_sections_named_are_headings_of_the_rulebook(gid: str) -> None:
    folder = _rulebooks()
    if folder is None:
        pytest.skip("the rulebooks are not beside this checkout")
    lines = _headings((folder / f"{RULEBOOK_OF[gid]}.txt").read_text())
    for section in descriptor(gid).rules_reference():
        for link in section.follows:
            h = link.heading
            # a heading may leave out what the rulebook adds after it in brackets: "(1 AP)"
            assert h in lines or any(line.startswith(h + " (") for line in lines), f"{gid}: {h!r} is no heading"


def test_a_section_is_named_by_its_number_where_the_rulebook_numbers_it() -> None:
    assert RuleLink("3.11 Line of Sight").label == "§3.11 Line of Sight"
    assert RuleLink("4. Live Human Action Phase").label == "§4 Live Human Action Phase"
    assert RuleLink("Shooting Combat").label == "“Shooting Combat”"
    assert RuleLink("2+ Players - Hidden Hero").label == "“2+ Players - Hidden Hero”"


def test_a_refusal_follows_the_section_of_the_kind_it_names_else_of_the_decision() -> None:
    sections = [RuleSection("Shooting", "x", "t", (RuleLink("Shooting Combat", ("shoot",)),)),
                RuleSection("People", "x", "t", (RuleLink("4. Live Human Action Phase", ("move", "done")),))]
    index = RuleIndex(sections)
    assert index.refusal("shoot Z3 pistol", ["move"]).label == "“Shooting Combat”"
    assert index.refusal("fly away", ["done", "move", "move"]).section == "People"
    assert index.refusal("", []) is None


def test_the_night_names_line_of_fire_for_a_refused_shot() -> None:
    index = descriptor("the-night").rule_index()
    assert index.actions["shoot"].label == "“Shooting Combat”"
    assert index.events["combat"].section == "Hand-to-hand combat"


def test_a_quick_reference_section_may_link_rulebook_sections(tmp_path: Path) -> None:
    from deadboard.core.quickref import load_quickref

    f = tmp_path / "quickref.toml"
    f.write_text('[[section]]\ntitle = "Shooting"\nref = "Shooting Combat"\nsource = "authored"\ntext = "t"\n'
                 '[section.rulebook]\n"Shooting Combat" = { actions = ["shoot"], events = ["shot"] }\n')
    (s,) = load_quickref(f)
    assert s.follows == (RuleLink("Shooting Combat", ("shoot",), ("shot",)),)


# ----- where players read it ----------------------------------------------------------------------
def test_a_refused_action_typed_in_the_terminal_names_its_rulebook_section() -> None:
    from tests.test_cli import run

    r = run("play", "the-night", "--scenario", "quick-game", "--seed", "3", stdin="shoot Ben Z1 shotgun\nquit\n")
    assert r.returncode == 0, r.stderr
    assert "— rulebook “Shooting Combat”" in r.stdout
