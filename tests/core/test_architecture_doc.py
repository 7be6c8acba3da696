"""docs/architecture.md runs as written: its worked example is a small game played on the kernel."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

from tests import conformance

DOC = (Path(__file__).resolve().parents[2] / "docs" / "architecture.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", DOC, re.S)


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_the_examples_of_the_architecture_page_run(index: int) -> None:
    name = f"architecture_doc_{index}"
    module = types.ModuleType(name)
    sys.modules[name] = module
    try:
        exec(compile(BLOCKS[index], f"docs/architecture.md block {index + 1}", "exec"), module.__dict__)
    finally:
        sys.modules.pop(name, None)


def test_the_worked_example_keeps_the_contract_of_every_game() -> None:
    name = "architecture_doc_game"
    module = types.ModuleType(name)
    sys.modules[name] = module
    try:
        block = next(b for b in BLOCKS if "class Scavengers" in b)
        exec(compile(block, "docs/architecture.md", "exec"), module.__dict__)
        game = module.game
        setup = game.default_setup()
        for seed in (1, 2):
            conformance.random_playthrough(game, setup, seed)
        conformance.check_pickle_roundtrip(game, setup, 3)
        conformance.check_views(game, setup, 4)
        conformance.check_illegal_action_leaves_state(game, setup, 5)
    finally:
        sys.modules.pop(name, None)


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "scavengers.py"


def test_the_page_shows_the_teaching_game_whole() -> None:
    assert EXAMPLE.read_text(encoding="utf-8") in BLOCKS


def test_the_teaching_game_registers_plays_and_walks_through(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from deadboard.core import registry

    monkeypatch.syspath_prepend(str(EXAMPLE.parent))
    registry.register("scavengers", "scavengers:game")
    try:
        game = registry.get_game("scavengers")
        sys.modules["scavengers"].walkthrough()
        setup = game.default_setup()
        for seed in (1, 2, 3):
            conformance.random_playthrough(game, setup, seed)
        conformance.check_pickle_roundtrip(game, setup, 4)
        conformance.check_views(game, setup, 5)
        conformance.check_illegal_action_leaves_state(game, setup, 6)
    finally:
        registry.unregister("scavengers")
        sys.modules.pop("scavengers", None)
