"""What a seat sees, for every registered game (DESIGN.md: "A view carries nothing that reveals hidden
state: no seed, no RNG state, no deck order, no other seat's hand. Bots get views only").

Views are compared whole — every slot and attribute of the state object and of everything it holds,
recursively — never through a snapshot, which could leave out the very field that leaks. Two true
states are built that a seat cannot tell apart: the same game with another seed and chance stream,
and the same game with everything the seat cannot see redrawn (``determinize`` run on the true state
for that seat). Their views must be identical, and no value of the true seed or chance stream may
appear anywhere in a view.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any

import pytest

from deadboard.core import Game, Rng, Setup, State, get_game, list_games
from deadboard.core.game import VIEW_SEED

#: seeds far from any small number a state holds, so that finding one in a view is no coincidence
SEEDS = (0x5EED_C0FF_EE12_3456, 0x2BAD_F00D_7777_0001)

_ATOMS = (int, float, str, bytes, bool, type(None), complex, enum.Enum, range)


def _attributes(obj: object) -> dict[str, Any]:
    """Every slot (from the whole class hierarchy) and instance attribute of ``obj``."""
    out: dict[str, Any] = {}
    for cls in type(obj).__mro__:
        # a class compiled by mypyc (docs/building.md) lists its attributes in __mypyc_attrs__
        slots = cls.__dict__.get("__slots__", ()) or cls.__dict__.get("__mypyc_attrs__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and hasattr(obj, name):
                out[name] = getattr(obj, name)
    out.update(getattr(obj, "__dict__", {}))
    return out


def difference(a: object, b: object, path: str = "view", seen: set[tuple[int, int]] | None = None) -> str | None:
    """Where two objects first differ (a path such as ``view.groups[1].hand[0]``), or None when they
    are equal in every slot, attribute and element, all the way down."""
    if a is b:
        return None
    if seen is None:
        seen = set()
    key = (id(a), id(b))
    if key in seen:
        return None
    seen.add(key)
    if type(a) is not type(b):
        return f"{path}: {type(a).__name__} vs {type(b).__name__}"
    if isinstance(a, _ATOMS) or callable(a):
        return None if a == b else f"{path}: {a!r} vs {b!r}"
    if isinstance(a, list | tuple):
        assert isinstance(b, list | tuple)
        if len(a) != len(b):
            return f"{path}: {len(a)} vs {len(b)} elements"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if (d := difference(x, y, f"{path}[{i}]", seen)) is not None:
                return d
        return None
    if isinstance(a, dict):
        assert isinstance(b, dict)
        if a.keys() != b.keys():
            return f"{path}: keys {sorted(map(str, a.keys() ^ b.keys()))} differ"
        for k in a:
            if (d := difference(a[k], b[k], f"{path}[{k!r}]", seen)) is not None:
                return d
        return None
    if isinstance(a, set | frozenset):
        assert isinstance(b, set | frozenset)
        return None if a == b else f"{path}: {sorted(map(repr, a ^ b))[:5]} differ"
    fa, fb = _attributes(a), _attributes(b)
    if not fa and not fb:
        return None if a == b else f"{path}: {a!r} vs {b!r}"
    if fa.keys() != fb.keys():
        return f"{path}: attributes {sorted(fa.keys() ^ fb.keys())} differ"
    for name in fa:
        if (d := difference(fa[name], fb[name], f"{path}.{name}", seen)) is not None:
            return d
    return None


def integers(obj: object, path: str = "view", seen: set[int] | None = None) -> Iterator[tuple[str, int]]:
    """Every integer held anywhere in ``obj`` (slots, attributes, elements, keys), with its path."""
    if seen is None:
        seen = set()
    if isinstance(obj, bool) or obj is None or isinstance(obj, float | str | bytes | complex):
        return
    if isinstance(obj, int):
        yield path, int(obj)
        return
    if id(obj) in seen or callable(obj):
        return
    seen.add(id(obj))
    if isinstance(obj, list | tuple | set | frozenset):
        for i, x in enumerate(obj):
            yield from integers(x, f"{path}[{i}]", seen)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from integers(k, f"{path}<key>", seen)
            yield from integers(v, f"{path}[{k!r}]", seen)
    else:
        for name, v in _attributes(obj).items():
            yield from integers(v, f"{path}.{name}", seen)


def _positions(game: Game, setup: Setup, seed: int, every: int = 17, limit: int = 6) -> Iterator[State]:
    """States along a seeded random game (a few of them, spread out)."""
    state = game.new(setup, seed)
    rng = Rng(seed ^ 0xF00D)
    step = kept = 0
    while state.decision is not None and kept < limit:
        if step % every == 0:
            kept += 1
            yield state
        legal = game.legal_actions(state)
        game.apply_unchecked(state, legal[rng.below(len(legal))])
        step += 1
    if state.decision is None:
        yield state


def _reseeded(state: State, seed: int) -> State:
    """The same position in a game that was dealt from another seed: what nobody sees is the same
    here, but the seed and the chance stream are not."""
    t = state.clone()
    t.seed = seed
    t.rng = Rng(seed * 3 + 1)
    return t


def _redrawn(game: Game, state: State, seat: int, k: int) -> State:
    """A true state ``seat`` cannot tell from ``state``: everything it cannot see redrawn."""
    t = state.clone()
    t.viewer = seat
    game.determinize(t, Rng(k))
    t.viewer = None
    t.seed = SEEDS[1]
    return t


CASES = [(gid, i) for gid in list_games() for i in range(len(get_game(gid).test_setups()))]


@pytest.mark.parametrize(("gid", "i"), CASES)
def test_no_view_carries_the_seed_or_the_chance_stream(gid: str, i: int) -> None:
    game = get_game(gid)
    setup = game.test_setups()[i]
    for state in _positions(game, setup, SEEDS[0]):
        secrets = {state.seed: "the seed", state.rng.s: "the state of the chance stream"}
        for seat in range(game.seats(state.setup)):
            v = game.view(state, seat)
            assert v.seed == VIEW_SEED
            assert v.rng is not state.rng and v.rng.s != state.rng.s
            leaks = [f"{where} holds {secrets[n]}" for where, n in integers(v) if n in secrets]
            assert not leaks, f"{gid}: {leaks[:3]}"


@pytest.mark.parametrize(("gid", "i"), CASES)
def test_states_differing_only_in_seed_and_chance_give_equal_whole_views(gid: str, i: int) -> None:
    game = get_game(gid)
    setup = game.test_setups()[i]
    for state in _positions(game, setup, SEEDS[0]):
        other = _reseeded(state, SEEDS[1])
        for seat in range(game.seats(state.setup)):
            d = difference(game.view(state, seat), game.view(other, seat))
            assert d is None, f"{gid}: seat {seat} can tell the seed or the dice to come: {d}"


@pytest.mark.parametrize(("gid", "i"), CASES)
def test_states_differing_only_in_hidden_information_give_equal_whole_views(gid: str, i: int) -> None:
    game = get_game(gid)
    setup = game.test_setups()[i]
    for n, state in enumerate(_positions(game, setup, SEEDS[0] + i)):
        for seat in range(game.seats(state.setup)):
            other = _redrawn(game, state, seat, n * 31 + seat)
            d = difference(game.view(state, seat), game.view(other, seat))
            assert d is None, f"{gid}: seat {seat} can tell apart two states differing only in what it cannot see: {d}"


def test_the_comparison_sees_a_difference_deep_inside_a_state() -> None:
    game = get_game("zombie-dawn")
    state = game.new(Setup("standard", players=2), 5)
    other = state.clone()
    assert difference(state, other) is None
    other.groups[1].hand.append(-7)  # type: ignore[attr-defined]
    d = difference(state, other)
    assert d is not None and d.startswith("view.groups[1].hand")
