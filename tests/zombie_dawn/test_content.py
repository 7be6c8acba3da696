"""Content (rulebook §Game Components): the counts, the cards the rulebook names, sources on every
record, and clear errors for a broken content pack."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from deadboard.core import ContentError, Setup
from deadboard.games.zombie_dawn.content import PACKAGE_DIR, build_content, load_content
from tests.zombie_dawn.helpers import GAME


def test_the_components_of_the_box() -> None:
    c = load_content()
    assert len(c.characters) == 24
    assert len(c.action_cards) == 100
    assert sum(1 for r in c.item_recs if r.deck == "green") == 32
    assert sum(1 for r in c.item_recs if r.deck == "blue") == 32
    assert sum(1 for r in c.item_recs if r.deck == "special") == 8
    assert len(c.missions) == 28
    assert len(c.skills) == 20
    assert len(c.seasons) == 24 and all(sum(1 for s in c.seasons if s.season == x) == 6
                                        for x in ("spring", "summer", "autumn", "winter"))
    assert len(c.damage_cards) == 20
    assert sum(1 for z in c.zones if z.tent) == 4 and sum(1 for z in c.zones if not z.tent) == 12


def test_the_cards_the_rulebook_names_are_there() -> None:
    c = load_content()
    names = {a.name for a in c.actions} | {i.name for i in c.items} | {m.name for m in c.missions} | {
        s.name for s in c.seasons} | {d.name for d in c.damages} | {ch.name for ch in c.characters}
    for name in ("Tough", "Nurse", "Trio", "In Pairs", "Stealthy", "Does it hurt?", "You Make Noise",
                 "Blocked Access", "Breakdown", "Exhausted", "Car", "Rifle", "Pistol", "Ammunition", "Fuel",
                 "Food", "Medicine", "Flare Gun", "Batteries", "Axe", "Offering", "Explorer", "Purifying Fire",
                 "Clear the Central Hospital", "Cold Blood", "Hunger", "Cut", "Fracture", "Infection", "Bite",
                 "Gangster", "Kid"):
        assert name in names, name
    specials = {a.special for a in c.actions if a.special}
    assert specials == {"nurse", "policeman", "clown", "worker", "soldier"}


def test_every_record_says_where_it_comes_from() -> None:
    c = load_content()
    for recs in (c.characters, c.actions, c.items, c.damages, c.skills, c.missions, c.seasons, c.zones):
        for r in recs:
            assert r.source == "authored" or r.source.startswith("rulebook")


def test_zone_edges_are_never_water_so_any_layout_stays_connected() -> None:
    for z in load_content().zones:
        edge = z.rows[0] + z.rows[4] + "".join(r[0] + r[4] for r in z.rows)
        assert "~" not in edge, z.id


def _pack(tmp_path: Path) -> Path:
    pack = tmp_path / "pack"
    shutil.copytree(PACKAGE_DIR / "content", pack)
    return pack


def test_a_broken_zone_is_reported_with_its_file_record_and_field(tmp_path: Path) -> None:
    pack = _pack(tmp_path)
    f = pack / "zones.toml"
    f.write_text(f.read_text().replace('rows = ["....H", ".T...", "..~~.", "..~..", "====="]',
                                       'rows = ["....H", ".T..", "..~~.", "..~..", "====="]'))
    with pytest.raises(ContentError) as e:
        build_content(pack)
    assert "zones.toml" in str(e.value) and "lakeside-camp" in str(e.value) and "rows" in str(e.value)


def test_a_record_without_a_source_is_refused(tmp_path: Path) -> None:
    pack = _pack(tmp_path)
    f = pack / "skills.toml"
    f.write_text(f.read_text().replace('text = "+2 to this Pj\'s Life or Death rolls."\nsource = "authored"',
                                       'text = "+2 to this Pj\'s Life or Death rolls."'))
    with pytest.raises(ContentError) as e:
        build_content(pack)
    assert "skills.toml" in str(e.value) and "iron-will" in str(e.value) and "source" in str(e.value)


def test_a_zombie_without_dice_is_refused(tmp_path: Path) -> None:
    pack = _pack(tmp_path)
    f = pack / "actions.toml"
    f.write_text(f.read_text().replace('count = 6\ndice = 3\ntrophy = 3', 'count = 6\ndice = 0\ntrophy = 3'))
    with pytest.raises(ContentError) as e:
        build_content(pack)
    assert "actions.toml" in str(e.value) and "trio" in str(e.value)


def test_a_content_pack_can_replace_the_cards(tmp_path: Path) -> None:
    pack = _pack(tmp_path)
    f = pack / "characters.toml"
    f.write_text(f.read_text().replace('name = "Gangster"', 'name = "Street Boss"'))
    s = GAME.new(Setup("standard", players=2, content=str(pack)), 3)
    assert any(ch.name == "Street Boss" for ch in s.c.characters)
