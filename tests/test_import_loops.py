"""Every game package imports cleanly whichever of its modules is imported first, and has no import
loop: "rules that need each other share a lower module"
(docs/architecture.md, one shape for a game package). An import inside a function or under
``TYPE_CHECKING`` counts: it only hides the loop."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[1] / "src" / "deadboard" / "games"
PACKAGES = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").exists())

def imports(package: str) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports, anywhere in it (``__init__``, the
    package's descriptor that loads its parts on demand, left out)."""
    folder = GAMES / package
    modules = {p.stem for p in folder.glob("*.py")} - {"__init__"}
    prefix = f"deadboard.games.{package}"
    graph: dict[str, set[str]] = {}
    for name in modules:
        deps: set[str] = set()
        for node in ast.walk(ast.parse((folder / f"{name}.py").read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == prefix:
                    deps.update(a.name for a in node.names)
                elif node.module.startswith(prefix + "."):
                    deps.add(node.module[len(prefix) + 1 :].split(".")[0])
            elif isinstance(node, ast.Import):
                deps.update(a.name[len(prefix) + 1 :].split(".")[0] for a in node.names if a.name.startswith(prefix + "."))
        graph[name] = (deps & modules) - {name}
    return graph


def loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_loop_finder_finds_a_loop_and_only_loops() -> None:
    assert loops({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert loops({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_a_game_package_has_no_import_loop(package: str) -> None:
    assert loops(imports(package)) == []


_IMPORT_EACH_FIRST = """
import importlib, sys
failed = []
for name in sys.argv[2:]:
    for loaded in [m for m in sys.modules if m.startswith("deadboard.games." + sys.argv[1])]:
        del sys.modules[loaded]
    try:
        importlib.import_module(f"deadboard.games.{sys.argv[1]}.{name}")
    except Exception as e:  # noqa: BLE001 - reported by the test
        failed.append(f"{name}: {type(e).__name__}: {e}")
print("\\n".join(failed))
"""


@pytest.mark.parametrize("package", PACKAGES)
def test_each_module_of_a_game_package_imports_when_imported_first(package: str) -> None:
    names = sorted(p.stem for p in (GAMES / package).glob("*.py") if p.stem != "__init__")
    # this tree's code, not an installed one, run from source: the order of imports is the sources'
    # (a compiled extension module cannot be imported afresh twice in one interpreter)
    env = {**os.environ, "PYTHONPATH": str(GAMES.parents[1]), "DEADBOARD_PURE": "1"}
    done = subprocess.run([sys.executable, "-c", _IMPORT_EACH_FIRST, package, *names],
                          capture_output=True, text=True, timeout=300, check=True, env=env)
    assert done.stdout.strip() == ""
