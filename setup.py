"""Build: the rules that random and search play spend their time in are compiled with mypyc when it can.

The modules in ``COMPILED`` (the step kernel, the RNG, the game contract, the table driver and the
rules of Zpocalypse 2, Day Night Z and The Night) are compiled to C extension modules with mypyc when mypyc is
importable and a C compiler works; otherwise the package installs as pure Python, which runs the same
games with the same results, only slower. ``DEADBOARD_PURE=1`` forces the pure build. A failed
compile never fails the install: it says why on stderr and the build goes on without extensions.

Each build that compiles writes ``deadboard/_compiled.json``: the SHA-256 of every compiled module's
source at build time. ``deadboard`` checks it at import (``deadboard/_build_check.py``): a compiled
module whose source has changed since (an editable install edited afterwards) is not used, and the
whole package runs from source with a warning that names the module and the command that rebuilds.
See docs/building.md.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
MANIFEST = "deadboard/_compiled.json"

_ZP2 = "deadboard/games/zpocalypse_2/"
_DNZ = "deadboard/games/day_night_z/"
_NIGHT = "deadboard/games/the_night/"

#: compiled modules (paths under src/); everything else (front ends, drawing, bots, the simulator,
#: the other games) stays Python and imports these as it would their source. Left out: the content
#: schemas (content.py, campaign_content.py, skill_effects.py: pydantic models, read once at load
#: time; mypyc's C for them does not compile: it names the module ``pydantic.main`` it never imports), and Zpocalypse 2's
#: actions.py: it declares typed actions with ``tuple[int, ...]`` fields, and a class compiled by
#: mypyc carries its annotations without their arguments (a bare ``tuple``), so the field's words
#: could not be read back from text
COMPILED = [
    "deadboard/core/rng.py",
    "deadboard/core/game.py",
    "deadboard/core/kernel.py",
    "deadboard/core/table.py",
    # the logistic of the value functions, and MCTS's tree search (its SearchResult travels between
    # the web server's bot processes and pickles by its fields, core.game.frozen_reduce)
    "deadboard/core/value.py",
    "deadboard/bots/tree.py",
    *(
        _ZP2 + name + ".py"
        for name in (
            "board",
            "campaign",
            "combat",
            "crafting",
            "day",
            "horde",
            "levelup",
            "movement",
            "night",
            "objectives",
            "recruiting",
            "rules",
            "scavenge",
            "search",
            "state",
            "structures",
            "survivors",
            "traits",
        )
    ),
    *(
        _DNZ + name + ".py"
        for name in (
            "actions",
            "adventure",
            "campaign",
            "campaign_cards",
            "campaign_state",
            "cards",
            "combat",
            "concepts",
            "effects",
            "enemies",
            "facilities",
            "geometry",
            "growth",
            "inventory",
            "lowering",
            "movement",
            "rules",
            "searching",
            "shelter",
            "spawn",
            "state",
            "survivor_actions",
            "travel",
            "turn",
        )
    ),
    # The Night, without bot.py (``decides`` marks its methods by setting an
    # attribute on each, which a method of a compiled class does not take: "AttributeError:
    # 'method_descriptor' object has no attribute '__decides__'"; what it scores with is in
    # tactics.py and evaluate.py, compiled), actions.py (typed actions, not where time goes) and
    # the pydantic content.py and config.py
    *(
        _NIGHT + name + ".py"
        for name in (
            "ai",
            "arrival",
            "board",
            "combat",
            "evaluate",
            "events",
            "flow",
            "humans",
            "rules",
            "setup",
            "state",
            "tactics",
            "turn",
            "zombie_player",
            "zombie_steps",
            "zombie_ways",
        )
    ),
]


def _say(text: str) -> None:
    print(f"deadboard build: {text}", file=sys.stderr)


def _source_hashes() -> dict[str, str]:
    """Module name -> SHA-256 of its source, for the stale-module check at import."""
    return {
        path[: -len(".py")].replace("/", "."): hashlib.sha256((SRC / path).read_bytes()).hexdigest()
        for path in COMPILED
    }


#: the sources' hashes when mypyc read them (an edit made while the C compiles is then caught)
HASHES: dict[str, str] = {}


class OptionalBuildExt(build_ext):
    """build_ext that never fails the install: if compiling fails (no compiler, a compiler error),
    every extension it made is removed again and the package is left pure Python."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # a compiler missing or failing: CompileError, LinkError, OSError …
            self._remove_outputs()
            _say(f"compiling failed ({type(error).__name__}: {error}); installing pure Python")
            return
        self._write_manifest()
        if self.inplace:  # what an earlier build with another module list left: its shared library,
            # and the module of one it compiled that is not compiled now (it would win the import)
            built = {Path(self.get_ext_fullpath(ext.name)).resolve() for ext in self.extensions}
            for shared in [*SRC.glob("*__mypyc.*.so"), *_module_extensions()]:
                if shared.resolve() not in built:
                    shared.unlink()

    def _target_dir(self) -> Path:
        return SRC if self.inplace else Path(self.build_lib)

    def _remove_outputs(self) -> None:
        for ext in self.extensions:
            built = Path(self.get_ext_fullpath(ext.name))
            if built.exists():
                built.unlink()
        manifest = self._target_dir() / MANIFEST
        if manifest.exists():
            manifest.unlink()

    def _write_manifest(self) -> None:
        manifest = self._target_dir() / MANIFEST
        manifest.parent.mkdir(parents=True, exist_ok=True)
        manifest.write_text(json.dumps({"modules": HASHES}, indent=1, sort_keys=True) + "\n")

    def get_outputs(self) -> list[str]:
        return [*super().get_outputs(), str(Path(self.build_lib) / MANIFEST)]


#: the setup.py commands that build code (metadata and other commands need no compiling)
BUILDING = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install", "bdist_egg"}


def _module_extensions() -> list[Path]:
    """The compiled modules in src/: each extension module that lies beside its source."""
    return [
        so for so in (SRC / "deadboard").rglob("*.so") if so.with_name(so.name.split(".")[0] + ".py").exists()
    ]


def _remove_inplace_build() -> None:
    """Remove a compiled build left in src/ by an earlier editable install, so that a pure build
    is pure (a compiled module left beside its source would win the import)."""
    manifest = SRC / MANIFEST
    if not manifest.exists():
        return
    for built in _module_extensions():
        built.unlink()
    for shared in SRC.glob("*__mypyc.*.so"):
        shared.unlink()
    manifest.unlink()


def _extensions() -> list[object]:
    if not BUILDING.intersection(sys.argv[1:]):
        return []
    why = ""
    if os.environ.get("DEADBOARD_PURE", "") not in ("", "0"):
        why = "DEADBOARD_PURE is set"
    else:
        try:
            from mypyc.build import mypycify

            HASHES.update(_source_hashes())
            return list(mypycify([f"src/{path}" for path in COMPILED], opt_level="3", debug_level="0"))
        except ImportError:
            why = "mypyc is not available"
        except (Exception, SystemExit) as error:  # mypy's type errors end in SystemExit
            why = f"mypyc could not compile the rules ({error})"
    _say(f"{why}; installing pure Python")
    _remove_inplace_build()
    return []


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
