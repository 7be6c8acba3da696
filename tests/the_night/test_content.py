"""Rulebook §Map and §Counters as content, and what a broken content file says."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from deadboard.core import ContentError, Setup
from deadboard.games.the_night.content import PACKAGE_DIR, load_content
from tests.the_night.helpers import GAME


def test_the_map_is_22_by_17_with_the_named_areas() -> None:
    c = load_content()
    assert (c.grid.width, c.grid.height) == (22, 17)
    for area in ("Kitchen", "Dining Room", "Office", "Office Closet", "Sitting Room", "Sitting Room Closet",
                 "Living Room", "Hallway", "Pantry", "Attic", "Attic Stairs", "Basement", "Basement Landing",
                 "Basement Stairs", "Front Porch", "Back Porch", "Tool Shed", "Yard"):
        assert c.areas[area], area


def test_five_impassable_squares_fireplaces_and_the_table() -> None:
    c = load_content()
    blocked = [c.grid.names[i] for i in range(c.grid.n) if not c.grid.passable[i]]
    assert len(blocked) == 5
    assert "i11" in blocked  # the middle of the dining room table


def test_six_two_square_map_entry_points_on_the_edges() -> None:
    c = load_content()
    assert [e.number for e in c.entries] == [1, 2, 3, 4, 5, 6]
    g = c.grid
    for e in c.entries:
        assert len(e.squares) == 2
        for q in e.squares:
            x, y = g.xy(q)
            assert x in (0, g.width - 1) or y in (0, g.height - 1)


def test_counters() -> None:
    c = load_content()
    assert len(c.humans) == 7 and len(c.zombies) == 35 and len(c.items) == 25
    ben = next(h for h in c.humans if h.name == "Ben")
    assert (ben.strength, ben.ap) == (5, 6)
    assert [z.number for z in c.zombies] == list(range(1, 36))
    assert all(1 <= z.ap <= 3 for z in c.zombies)
    for rec in [*c.humans, *c.zombies]:
        assert rec.source == "authored" or rec.source.startswith("rulebook")


def test_every_record_names_its_source() -> None:
    import tomllib

    for f in (PACKAGE_DIR / "content").glob("*.toml"):
        data = tomllib.loads(f.read_text())
        for key, value in data.items():
            if isinstance(value, list) and value and isinstance(value[0], dict) and key not in ("decor",):
                for rec in value:
                    assert "source" in rec, (f.name, key, rec)


def broken_pack(tmp_path: Path, file: str, old: str, new: str) -> str:
    pack = tmp_path / "pack"
    shutil.copytree(PACKAGE_DIR / "content", pack)
    p = pack / file
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))
    return str(pack)


def test_broken_content_names_file_record_and_field(tmp_path: Path) -> None:
    pack = broken_pack(tmp_path, "zombies.toml", "number = 4\nstrength = 2\nap = 2", "number = 4\nstrength = 2\nap = 9")
    with pytest.raises(ContentError, match=r"zombies\.toml: zombie\[3\] \(number 4\): ap: .*less than or equal to 6"):
        load_content(pack)


def test_content_errors_for_missing_source_unknown_area_bad_toml(tmp_path: Path) -> None:
    pack = broken_pack(tmp_path / "a", "humans.toml", 'source = "authored"', "")
    with pytest.raises(ContentError, match=r"humans\.toml: human\[1\] \(name 'Barbara'\): source: Field required"):
        load_content(pack)
    pack = broken_pack(tmp_path / "b", "items.toml", '"Sitting Room Closet", "Pantry"', '"Sitting Room Closet", "Garage"')
    with pytest.raises(ContentError, match=r"items\.toml: item 'pistol': locations: unknown area 'Garage'"):
        load_content(pack)
    pack = broken_pack(tmp_path / "c", "map.toml", "width = 22", "width = = 22")
    with pytest.raises(ContentError, match=r"map\.toml: not valid TOML"):
        load_content(pack)


def test_a_content_pack_can_replace_the_counters(tmp_path: Path) -> None:
    pack = broken_pack(tmp_path, "humans.toml", "strength = 5\nap = 6", "strength = 9\nap = 9")
    s = GAME.new(Setup("standard", content=pack), 1)
    assert s.cfg.hstr[0] == 9
    with pytest.raises(ContentError, match="no such folder"):
        GAME.new(Setup("standard", content=str(tmp_path / "nowhere")), 1)
