"""Each game's quick reference (``content/quickref.toml``, the descriptor's ``rules``): it exists for
every game id, loads into RuleSections through the one loader in core, says where in the rulebook
each section comes from, and is in our own words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from deadboard.core.errors import ContentError
from deadboard.core.quickref import load_quickref
from deadboard.core.registry import descriptor

RULEBOOKS = Path(__file__).resolve().parents[1].parent.parent / "shared" / "rulebooks"
BOOK = {"the-night": "the-night", "district-z": "district-z", "zombie-dawn": "zombie-dawn",
        "zpocalypse-2": "zpocalypse-2", "day-night-z": "day-night-z", "day-night-z-campaign": "day-night-z"}


@pytest.mark.parametrize("gid", sorted(BOOK))
def test_every_game_has_a_quick_reference_that_loads(gid: str) -> None:
    sections = descriptor(gid).rules_reference()
    assert len(sections) >= 5
    for s in sections:
        assert s.title and s.ref and len(s.text) > 80, s
    titles = [s.title for s in sections]
    assert len(set(titles)) == len(titles)


def test_the_campaign_adds_travel_and_the_shelter_to_the_adventures_reference() -> None:
    adventure = [s.title for s in descriptor("day-night-z").rules_reference()]
    campaign = [s.title for s in descriptor("day-night-z-campaign").rules_reference()]
    assert campaign[: len(adventure)] == adventure and {"Travel", "The shelter"} <= set(campaign)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


@pytest.mark.parametrize("gid", sorted(BOOK))
def test_a_quick_reference_is_in_our_own_words(gid: str) -> None:
    """No run of seven words of the rulebook is copied into a section."""
    book = RULEBOOKS / f"{BOOK[gid]}.txt"
    if not book.exists():
        pytest.skip("the rulebooks are not beside this checkout")
    words = _words(book.read_text())
    runs = {tuple(words[i:i + 7]) for i in range(len(words) - 6)}
    for s in descriptor(gid).rules_reference():
        mine = _words(s.text)
        copied = [" ".join(mine[i:i + 7]) for i in range(len(mine) - 6) if tuple(mine[i:i + 7]) in runs]
        assert not copied, f"{gid}, {s.title}: {copied}"


def test_paragraphs_are_joined_and_list_items_kept_on_their_lines(tmp_path: Path) -> None:
    f = tmp_path / "quickref.toml"
    f.write_text('[[section]]\ntitle = "A turn"\nref = "Turn Sequence"\nsource = "authored"\n'
                 'text = """\nFirst line\nsame paragraph.\n\n- one item\ngoing on\n- another\n"""\n')
    (section,) = load_quickref(f)
    assert (section.title, section.ref) == ("A turn", "Turn Sequence")
    assert section.text == "First line same paragraph.\n\n- one item going on\n- another"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ('[[section]]\ntitle = "A"\nref = "§1"\nsource = "authored"\n', "section[0]: text: Field required"),
        ('[[section]]\ntitle = "A"\nref = "§1"\ntext = "t"\nsource = "authored"\nextra = 1\n', "extra"),
        ('[[section]]\ntitle = "A"\nref = "§1"\ntext = "t"\nsource = "mine"\n', "source"),
        ('[[section]]\ntitle = "A"\nref = "§1"\ntext = "t"\nsource = "authored"\n' * 2, "two sections titled 'A'"),
        ('title = "no sections"\n', "no [[section]] records"),
    ],
)
def test_a_malformed_quick_reference_is_a_one_line_error_naming_the_file(tmp_path: Path, body: str, words: str) -> None:
    f = tmp_path / "quickref.toml"
    f.write_text(body)
    with pytest.raises(ContentError) as e:
        load_quickref(f)
    assert "quickref.toml" in str(e.value) and words in str(e.value) and "\n" not in str(e.value)
