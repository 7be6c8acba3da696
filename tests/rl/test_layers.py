"""Imports point down only: the layers above the games (adapters, simulator, bots, front ends) know a
game through the registry, its ``Game`` and its descriptor, never by importing a module of a game's
package; what is specific to a game (its research encoding, its value-fit features) is the game's
own and reached through its descriptor."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from deadboard.core.registry import descriptor, list_games

SRC = Path(__file__).resolve().parents[2] / "src" / "deadboard"
ABOVE = ("rl", "sim", "bots", "web", "cli")


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
    return out


@pytest.mark.parametrize("layer", ABOVE)
def test_no_layer_above_the_games_imports_a_game_module(layer: str) -> None:
    found = [f"{p.relative_to(SRC)}: {m}" for p in sorted((SRC / layer).rglob("*.py"))
             for m in _imports(p) if m.startswith("deadboard.games")]
    assert not found, found


@pytest.mark.parametrize("gid", list_games())
def test_every_game_names_its_research_encoding_in_its_descriptor(gid: str) -> None:
    d = descriptor(gid)
    spec = d.research_spec()
    assert spec is not None and spec.__module__.startswith("deadboard.games.")


def test_the_games_with_a_fitted_value_function_name_what_it_is_fitted_on() -> None:
    fitted = {gid for gid in list_games() if descriptor(gid).value_models()}
    assert {"the-night", "district-z", "zombie-dawn"} <= fitted
