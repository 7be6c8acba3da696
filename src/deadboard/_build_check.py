"""Which build runs: the rules compiled by mypyc, or their Python source (docs/building.md).

A build that compiles writes ``deadboard/_compiled.json``: every compiled module and the SHA-256 of
its source at build time. An editable install keeps the compiled ``.so`` beside the ``.py``, and the
``.so`` wins the import: a later edit of the ``.py`` would silently not run. So, before any compiled
module is imported, this module compares each one's source with its recorded hash; if one has
changed, no compiled module is used (they call one another directly, so they stand or fall
together): the package runs from its source, with a warning that names the changed module and the
command that rebuilds. ``DEADBOARD_PURE=1`` runs the source without a warning.

This module itself is never compiled.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__all__ = ["BUILD", "COMPILED", "STALE", "compiled_modules", "stale_modules"]

_PACKAGE = Path(__file__).resolve().parent
_ROOT = _PACKAGE.parent  # the directory that holds the package (src/, or site-packages)
MANIFEST = _PACKAGE / "_compiled.json"

REBUILD = "python3 -m pip install -e .  (or run the source: DEADBOARD_PURE=1)"


def _source(name: str) -> Path:
    return _ROOT.joinpath(*name.split(".")).with_suffix(".py")


def _has_extension(name: str) -> bool:
    """Whether a compiled extension of module ``name`` lies beside its source."""
    stem = _source(name).with_suffix("")
    return any(stem.with_name(stem.name + suffix).exists() for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def compiled_modules() -> dict[str, str]:
    """The compiled modules present: module name -> SHA-256 of its source when it was compiled."""
    try:
        recorded: dict[str, str] = json.loads(MANIFEST.read_text())["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return {name: digest for name, digest in recorded.items() if _has_extension(name)}


def stale_modules(recorded: dict[str, str]) -> list[str]:
    """The compiled modules whose source is no longer the one they were compiled from."""
    stale = []
    for name, digest in sorted(recorded.items()):
        try:
            now = hashlib.sha256(_source(name).read_bytes()).hexdigest()
        except OSError:
            continue  # an install without sources: nothing to compare, nothing to go stale
        if now != digest:
            stale.append(name)
    return stale


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Imports the named modules from their ``.py`` even where a compiled ``.so`` lies beside it."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = frozenset(names)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names:
            return None
        return importlib.util.spec_from_file_location(fullname, _source(fullname))


def _choose() -> tuple[str, list[str], list[str]]:
    recorded = compiled_modules()
    if not recorded:
        return "pure", [], []
    if os.environ.get("DEADBOARD_PURE", "") not in ("", "0"):
        sys.meta_path.insert(0, _SourceFirst(list(recorded)))
        return "pure (DEADBOARD_PURE is set)", [], []
    stale = stale_modules(recorded)
    if stale:
        sys.meta_path.insert(0, _SourceFirst(list(recorded)))
        shown = ", ".join(stale[:3]) + (f" and {len(stale) - 3} more" if len(stale) > 3 else "")
        warnings.warn(
            f"deadboard: the compiled {shown} no longer match{'es' if len(stale) == 1 else ''} "
            f"{'its' if len(stale) == 1 else 'their'} source (edited since the build); running every "
            f"compiled module from its source instead. Rebuild: {REBUILD}",
            RuntimeWarning,
            stacklevel=3,
        )
        return "pure (compiled modules out of date)", [], stale
    return f"compiled ({len(recorded)} modules by mypyc)", sorted(recorded), []


#: what runs: "pure", "pure (...why...)" or "compiled (N modules by mypyc)"
#: COMPILED: the modules running compiled; STALE: the compiled modules found out of date
BUILD, COMPILED, STALE = _choose()
