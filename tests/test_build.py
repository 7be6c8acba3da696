"""The build (docs/building.md): which modules setup.py compiles with mypyc, and the guard that keeps
a compiled module older than its source from running."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from deadboard import _build_check

ROOT = Path(__file__).resolve().parents[1]
EXTENSION = "mod.cpython-311-x86_64-linux-gnu.so"


def compiled_list() -> list[str]:
    """setup.py's COMPILED, read without running setup()."""
    text = (ROOT / "setup.py").read_text()
    scope: dict[str, object] = {}
    exec(text[text.index("_ZP2 =") : text.index("def _say")], scope)
    return list(scope["COMPILED"])  # type: ignore[call-overload]


def test_every_compiled_module_exists_and_is_rules_not_front_end() -> None:
    for path in compiled_list():
        assert (ROOT / "src" / path).is_file(), path
        assert not Path(path).stem.endswith(("render", "svg", "bot")), path


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A package ``pkg`` with one module compiled (an extension file beside its source) and the
    manifest of its build."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "mod.py").write_text("VALUE = 1\n")
    (pkg / EXTENSION).write_bytes(b"")
    digest = hashlib.sha256((pkg / "mod.py").read_bytes()).hexdigest()
    manifest = pkg / "_compiled.json"
    manifest.write_text(json.dumps({"modules": {"pkg.mod": digest}}))
    monkeypatch.setattr(_build_check, "_ROOT", tmp_path)
    monkeypatch.setattr(_build_check, "MANIFEST", manifest)
    monkeypatch.setattr(
        _build_check.importlib.machinery, "EXTENSION_SUFFIXES", [".cpython-311-x86_64-linux-gnu.so"]
    )
    return pkg


def test_a_compiled_module_matching_its_source_is_used(package: Path) -> None:
    recorded = _build_check.compiled_modules()
    assert list(recorded) == ["pkg.mod"]
    assert _build_check.stale_modules(recorded) == []


def test_a_source_edited_after_the_build_is_named_stale(package: Path) -> None:
    (package / "mod.py").write_text("VALUE = 2\n")
    assert _build_check.stale_modules(_build_check.compiled_modules()) == ["pkg.mod"]


def test_a_manifest_without_the_extension_beside_the_source_is_no_compiled_build(package: Path) -> None:
    (package / EXTENSION).unlink()
    assert _build_check.compiled_modules() == {}


def test_the_stale_fallback_imports_the_source_not_the_extension(package: Path) -> None:
    spec = _build_check._SourceFirst(["pkg.mod"]).find_spec("pkg.mod", None)
    assert spec is not None and spec.origin == str(package / "mod.py")
    assert _build_check._SourceFirst(["pkg.mod"]).find_spec("pkg.other", None) is None


def run_build_check(**env: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", "from deadboard import _build_check; print(_build_check.BUILD)"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src"), **env},
        check=True,
    )
    return out.stdout.strip()


def test_deadboard_pure_runs_the_source() -> None:
    assert run_build_check(DEADBOARD_PURE="1").startswith("pure")


def test_the_build_in_use_is_named() -> None:
    """Compiled when the tree was built with a compiler, else pure: either way it says which."""
    assert run_build_check(DEADBOARD_PURE="").startswith(("compiled (", "pure"))


@pytest.fixture()
def setup_py(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """setup.py as a module (it runs setup() only as ``__main__``, as setuptools runs it), its
    sources and its cache moved to a temporary tree."""
    spec = importlib.util.spec_from_file_location("deadboard_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    (tmp_path / "src" / "deadboard").mkdir(parents=True)
    (tmp_path / "src" / "deadboard" / "rules.py").write_text("X = 1\n")
    monkeypatch.setattr(module, "SRC", tmp_path / "src")
    monkeypatch.setattr(module, "CACHE", tmp_path / "build" / "deadboard-compiled")
    return module


def test_the_build_key_changes_with_any_source_and_only_then(setup_py: Any, tmp_path: Path) -> None:
    key = setup_py._build_key()
    assert setup_py._build_key() == key
    (tmp_path / "src" / "deadboard" / "rules.py").write_text("X = 2\n")
    assert setup_py._build_key() != key
    (tmp_path / "src" / "deadboard" / "rules.py").write_text("X = 1\n")
    assert setup_py._build_key() == key
    (tmp_path / "src" / "deadboard" / "more.py").write_text("")
    assert setup_py._build_key() != key


def test_a_kept_build_is_reused_only_whole_and_the_newest_are_kept(setup_py: Any, tmp_path: Path) -> None:
    built = tmp_path / "kernel.so"
    built.write_bytes(b"\x7fELF")
    first = setup_py.Cached("a" * 24)
    assert first.names() is None
    first.store({"deadboard.core.kernel": built, "x__mypyc": built})
    assert first.names() == ["deadboard.core.kernel", "x__mypyc"]
    assert (first.dir / setup_py.Cached.file("x__mypyc")).read_bytes() == b"\x7fELF"
    (first.dir / setup_py.Cached.file("x__mypyc")).unlink()  # an entry missing a file is not used
    assert first.names() is None
    first.store({"deadboard.core.kernel": built})
    (first.dir / "extensions.json").unlink()  # nor one whose index was never written
    assert first.names() is None
    for n in range(setup_py.KEEP + 1):
        setup_py.Cached(str(n) * 24).store({"m": built})
    kept = sorted(entry.name for entry in setup_py.CACHE.iterdir())
    assert len(kept) == setup_py.KEEP and "0" * 24 not in kept


def test_the_compile_names_each_c_file(setup_py: Any) -> None:
    assert setup_py._c_name("build/__native_deadboard___core___kernel.c") == "deadboard.core.kernel"
    assert setup_py._c_name("build/deadboard/core/kernel.c") == "deadboard.core.kernel (import shim)"
    assert setup_py._c_name("/lib-rt/CPy.c") == "CPy.c"
