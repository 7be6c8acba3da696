"""A game as a research environment: its spec (action encoding and observation) for a setup.

A game's spec is its own (:class:`~deadboard.core.research.GameSpec`, in the game's package, named by
its descriptor's ``research`` loader); this module finds it through the registry and makes it once
per setup. :data:`SPECS` lists the games that have one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from deadboard.core.errors import SetupError, UnknownGameError
from deadboard.core.game import Game, Setup
from deadboard.core.registry import descriptor, find_descriptor, get_game, list_games
from deadboard.core.research import OBS_HIGH, GameSpec, Layout, one_hot


class _Specs(Mapping[str, "type[GameSpec]"]):
    """Game id -> the class of its spec, for every registered game that has one (read from the
    descriptors on use: a game registered later is listed too)."""

    def __getitem__(self, game_id: str) -> type[GameSpec]:
        try:
            found = descriptor(game_id).research_spec()
        except UnknownGameError:
            raise KeyError(game_id) from None
        if found is None:
            raise KeyError(game_id)
        return found

    def __iter__(self) -> Iterator[str]:
        return (gid for gid in list_games() if descriptor(gid).research is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: game id -> the class of its spec
SPECS: Mapping[str, type[GameSpec]] = _Specs()

_specs: dict[tuple[str, str], GameSpec] = {}


def spec_for(game: Game | str, setup: Setup | None = None) -> GameSpec:
    """The spec of a game and setup (made once, then shared)."""
    g = get_game(game) if isinstance(game, str) else game
    setup = g.normalize_setup(setup or g.default_setup())
    key = (g.id, json.dumps(setup.to_json(), sort_keys=True, default=str))
    spec = _specs.get(key)
    if spec is None:
        found = find_descriptor(g)
        cls = found.research_spec() if found is not None else None
        if cls is None:
            raise SetupError(f"{g.name} has no research-environment spec (its descriptor's research=)")
        spec = cls(g, setup)
        _specs[key] = spec
    return spec


def make_setup(game: Game, players: int | None = None, scenario: str | None = None,
               options: Mapping[str, Any] | None = None, setup: Setup | None = None) -> Setup:
    """A normalized setup from keyword arguments (a clear SetupError on anything wrong)."""
    base = setup or game.default_setup()
    if scenario is not None:
        base = Setup(scenario, base.options, base.players, base.content)
    if options:
        base = Setup(base.scenario, {**base.options, **options}, base.players, base.content)
    if players is not None:
        base = Setup(base.scenario, base.options, players, base.content)
    return game.normalize_setup(base)


__all__ = ["OBS_HIGH", "SPECS", "GameSpec", "Layout", "make_setup", "one_hot", "spec_for"]
