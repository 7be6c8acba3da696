"""The plain copies of the content records (records.py): a pickled content takes its copies along
(the simulator's processes pickle states, and a state holds its content), and they come back with
every attribute, in the compiled build as from source."""

from __future__ import annotations

import pickle

from deadboard.core.registry import get_game
from deadboard.core.rng import Rng
from deadboard.games.day_night_z.records import Foe, Item, Numbers, PerkRow, Sheet, Threat


def _fields(obj: object) -> dict[str, object]:
    """Every attribute: a class's slots from source, its ``__mypyc_attrs__`` compiled."""
    names = type(obj).__dict__.get("__slots__") or type(obj).__dict__["__mypyc_attrs__"]
    return {name: getattr(obj, name) for name in names}


def test_a_pickled_state_brings_back_its_contents_copies_whole_and_plays_on_alike() -> None:
    game = get_game("day-night-z")
    state = game.new(game.normalize_setup(game.default_setup()), 15)
    rng = Rng(15)
    for _ in range(20):  # far enough that play has read the copies
        assert state.decision is not None
        legal = game.legal_actions(state)
        game.apply_unchecked(state, legal[rng.below(len(legal))])
    content = state.content
    copies: list[object] = [content.numbers, *content.items.values(), *content.threat_rows.values()]
    copies += [*content.plain_sheets.values(), *(p for s in content.plain_sheets.values() for p in s.perks)]
    copies += [foe for sides in content.enemy_sides for foe in sides.values()]
    assert {type(c) for c in copies} >= {Numbers, Item, Threat, Sheet, Foe}  # PerkRow: grown sheets
    assert all(isinstance(p, PerkRow) for s in content.plain_sheets.values() for p in s.perks)
    copy = pickle.loads(pickle.dumps(state))
    again: list[object] = [copy.content.numbers, *copy.content.items.values(), *copy.content.threat_rows.values()]
    again += [*copy.content.plain_sheets.values(), *(p for s in copy.content.plain_sheets.values() for p in s.perks)]
    again += [foe for sides in copy.content.enemy_sides for foe in sides.values()]
    assert len(again) == len(copies)
    for a, b in zip(copies, again, strict=True):
        assert type(a) is type(b)
        fa, fb = _fields(a), _fields(b)
        if isinstance(a, Sheet):  # its perks are compared one by one below
            fa.pop("perks"), fb.pop("perks")
        assert fa == fb
    for _ in range(40):
        if state.decision is None:
            break
        action = game.legal_actions(state)[0]
        game.apply_unchecked(state, action)
        game.apply_unchecked(copy, action)
        assert game.state_hash(copy) == game.state_hash(state)
