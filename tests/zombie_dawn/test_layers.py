"""The rule modules import one another one way, in the order ``rules.py``'s docstring lists ("rules
that need each other share a lower module", docs/architecture.md), and the steps pushed from beneath
the modules that define them are set before any rule runs (``flow.ABOVE``)."""

from __future__ import annotations

import ast
import re

import deadboard.games.zombie_dawn.rules  # noqa: F401  (it sets flow.ABOVE)
from deadboard.games.zombie_dawn.combat import ATTACK_PHASE
from deadboard.games.zombie_dawn.duel import DuelPhase
from deadboard.games.zombie_dawn.flow import ABOVE, Above
from deadboard.games.zombie_dawn.wounds import Damage
from tests.test_import_loops import GAMES, imports


def layers() -> list[str]:
    """The modules as ``rules.py``'s docstring lists them, lowest first (read from its source: a
    module compiled by mypyc keeps no docstring)."""
    doc = ast.get_docstring(ast.parse((GAMES / "zombie_dawn" / "rules.py").read_text())) or ""
    block = doc.split("::\n\n", 1)[1].split("\n\n", 1)[0]
    order: list[str] = []
    for line in block.splitlines():
        names = re.split(r"\s{2,}", line.strip(), maxsplit=1)[0]
        order.extend(name.strip() for name in names.split(","))
    return order


def test_each_rule_module_imports_only_those_listed_before_it() -> None:
    order = layers()
    assert order[0] == "actions" and order[-1] == "rules"
    graph = imports("zombie_dawn")
    for i, name in enumerate(order):
        above = set(graph[name]) - set(order[:i])
        assert not above, f"{name} imports {sorted(above)}, listed after it"


def test_the_steps_pushed_from_beneath_their_modules_are_set() -> None:
    assert ABOVE.attack_phase is ATTACK_PHASE
    assert ABOVE.duel_phase is DuelPhase
    assert ABOVE.damage is Damage
    # compiled by mypyc, a class lists its attributes in __mypyc_attrs__, not __slots__
    slots = Above.__dict__.get("__slots__") or Above.__dict__["__mypyc_attrs__"]
    assert slots and all(hasattr(ABOVE, slot) for slot in slots)
