"""Content files load, validate, and fail with errors that name file, record and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from deadboard.core import ContentError
from deadboard.games.district_z.content import PACKAGE_DIR, load_content, parse_event


def _pack(tmp_path: Path, file: str, old: str, new: str) -> str:
    dst = tmp_path / "pack"
    shutil.copytree(PACKAGE_DIR / "content", dst)
    text = (dst / file).read_text()
    assert old in text
    (dst / file).write_text(text.replace(old, new, 1))
    return str(dst)


def test_every_record_says_where_it_comes_from() -> None:
    import tomllib

    for f in (PACKAGE_DIR / "content").glob("*.toml"):
        data = tomllib.loads(f.read_text())
        for table, records in data.items():
            for r in records:
                assert r["source"] == "authored" or r["source"].startswith("rulebook"), (f.name, table, r.get("id"))


def test_the_event_language() -> None:
    items = {"pistol": 0}
    ev = parse_event("check perception+agility 8 { item pistol; heal 1 } else { zombies 2 no-escape } -- Look around.", items)
    assert ev.kind == "special" and ev.text == "Look around."
    assert ev.effects == (("check", (2, 1), 8, (("item", 0), ("heal", 1)), (("zombies", 2, False),)),)
    assert parse_event("zombies 3", items).kind == "zombies"
    assert parse_event("choice a { nothing } b { wound 1 }", items).effects[0][0] == "choice"


@pytest.mark.parametrize(("text", "message"), [
    ("zombie 3", "unknown effect 'zombie'"),
    ("item laser", "unknown item 'laser'"),
    ("check luck 7 { nothing }", "unknown attribute 'luck'"),
    ("check perception 7 { nothing", "never closed"),
    ("zombies x", "a number"),
    ("choice only { nothing }", "at least two options"),
])
def test_bad_events_are_explained(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_event(text, {"pistol": 0})


def test_a_bad_event_in_a_pack_names_file_record_and_field(tmp_path: Path) -> None:
    pack = _pack(tmp_path, "locations.toml", '"item crowbar -- A crowbar wedged in a crate."', '"item crowbarr"')
    with pytest.raises(ContentError, match=r"locations.toml: location\[0\] \(id 'warehouse'\): table\[1\]: unknown item 'crowbarr'"):
        load_content(pack)


def test_a_bad_field_in_a_pack_is_named(tmp_path: Path) -> None:
    pack = _pack(tmp_path, "items.toml", "hands = 1\ncombat = 1\nammo = 3", "hands = 3\ncombat = 1\nammo = 3")
    with pytest.raises(ContentError, match=r"items.toml: item\[0\] \(id 'pistol'\): hands"):
        load_content(pack)
