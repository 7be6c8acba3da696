"""Build: the rules that random and search play spend their time in are compiled with mypyc when it can.

The modules in ``COMPILED`` (the step kernel, the RNG, dice, the game contract, the table driver and the
rules of Zpocalypse 2, Day Night Z, The Night and Zombie Dawn) are compiled to C extension modules with mypyc when mypyc is
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
import shutil
import sys
import sysconfig
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from importlib import metadata
from pathlib import Path
from typing import Any, TextIO

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
MANIFEST = "deadboard/_compiled.json"

_ZP2 = "deadboard/games/zpocalypse_2/"
_DNZ = "deadboard/games/day_night_z/"
_NIGHT = "deadboard/games/the_night/"
_ZD = "deadboard/games/zombie_dawn/"

#: compiled modules (paths under src/); everything else (front ends, drawing, bots, the simulator,
#: the other games) stays Python and imports these as it would their source. Left out: the content
#: schemas (content.py, campaign_content.py, perks.py: pydantic models, read once at load
#: time; mypyc's C for them does not compile: it names the module ``pydantic.main`` it never imports), and Zpocalypse 2's
#: actions.py: it declares typed actions with ``tuple[int, ...]`` fields, and a class compiled by
#: mypyc carries its annotations without their arguments (a bare ``tuple``), so the field's words
#: could not be read back from text
COMPILED = [
    "deadboard/core/rng.py",
    # dice and pools; minimal_sets, the ways to pay a cost, which Zpocalypse 2 asks of each new pool
    "deadboard/core/dice.py",
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
            "audit",
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
            "phrases",
            "recruiting",
            "rules",
            "scavenge",
            "search",
            "state",
            "structures",
            "survivors",
            "traits",
            "turn",
        )
    ),
    *(
        _DNZ + name + ".py"
        for name in (
            "actions",
            "adventure",
            "board",
            "campaign",
            "campaign_cards",
            "campaign_state",
            "cards",
            "combat",
            "concepts",
            "effects",
            "enemies",
            "facilities",
            "growth",
            "inventory",
            "lowering",
            "movement",
            "observe",
            "offers",
            "paths",
            "phrases",
            "records",
            "rules",
            "search",
            "setup",
            "shelter",
            "skill_effects",
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
    # Zombie Dawn's rules, without bot.py and tactics.py (the heuristic: ``decides`` marks its
    # methods, as The Night's), the pydantic content.py, and the drawing modules
    *(
        _ZD + name + ".py"
        for name in (
            "abilities",
            "actions",
            "anytime",
            "board",
            "cards",
            "combat",
            "death",
            "duel",
            "effects",
            "flight",
            "flow",
            "items",
            "missions",
            "negotiation",
            "research",
            "rules",
            "setup",
            "state",
            "turn",
            "words",
            "wounds",
            "zombies",
        )
    ),
]


def _say(text: str) -> None:
    minutes, seconds = divmod(int(time.monotonic() - STARTED), 60)
    # on the terminal, below pip's "Building editable ... " line and over the spinner pip draws
    # at the start of the next one
    start = "" if OUT is sys.stderr else "\r" if SAID else "\n"
    OUT.write(f"{start}deadboard build [{minutes}:{seconds:02d}]: {text}\n")
    OUT.flush()
    SAID.append(text)


def _terminal() -> TextIO:
    """Where the build speaks: the terminal itself when there is one, since pip keeps a build's
    output to itself unless run with ``-v`` (a compile of several minutes would look hung); else
    stderr, which pip shows with ``-v`` and on a failure, and CI logs keep."""
    if os.environ.get("DEADBOARD_BUILD_LOG", "") != "stderr":
        try:
            return open("/dev/tty", "w", encoding="utf-8")
        except OSError:
            pass
    return sys.stderr


OUT = _terminal()
STARTED = time.monotonic()
#: what the build has said so far
SAID: list[str] = []


def _source_hashes() -> dict[str, str]:
    """Module name -> SHA-256 of its source, for the stale-module check at import."""
    return {
        path[: -len(".py")].replace("/", "."): hashlib.sha256((SRC / path).read_bytes()).hexdigest()
        for path in COMPILED
    }


#: the sources' hashes when mypyc read them (an edit made while the C compiles is then caught)
HASHES: dict[str, str] = {}

#: the compiled build of earlier installs, one directory per build key (``_build_key``); the few
#: newest are kept
CACHE = HERE / "build" / "deadboard-compiled"
KEEP = 3


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "none"


def _build_key() -> str:
    """What the compiled build depends on, hashed: every Python source of the package (the
    compiled modules and every module whose types they read), this file (the module list and the
    options), mypy's and pydantic's versions, the Python that builds and the C compiler's settings.
    Any change makes a new key, so a cached build is reused only for the very same sources."""
    digest = hashlib.sha256()
    for part in (
        sys.version,
        sysconfig.get_config_var("EXT_SUFFIX") or "",
        _version("mypy"),
        _version("pydantic"),
        *(os.environ.get(name, "") for name in ("CC", "CFLAGS", "LDFLAGS", "MYPYC_OPT_LEVEL")),
    ):
        digest.update(part.encode() + b"\0")
    digest.update(Path(__file__).resolve().read_bytes())
    for source in sorted((SRC / "deadboard").rglob("*.py")):
        digest.update(source.relative_to(SRC).as_posix().encode() + b"\0" + source.read_bytes() + b"\0")
    return digest.hexdigest()[:24]


class Cached:
    """The cache entry of this build: ``build/deadboard-compiled/<key>/``, holding every extension
    module the compile made and ``extensions.json``, their names (written last: an entry without it
    is incomplete and not used)."""

    def __init__(self, key: str) -> None:
        self.dir = CACHE / key
        self.index = self.dir / "extensions.json"

    def names(self) -> list[str] | None:
        try:
            names = json.loads(self.index.read_text())["extensions"]
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if not all((self.dir / self.file(name)).exists() for name in names):
            return None
        return list(names)

    @staticmethod
    def file(name: str) -> str:
        return name + (sysconfig.get_config_var("EXT_SUFFIX") or ".so")

    def store(self, built: dict[str, Path]) -> None:
        """Keep the extensions just built (extension name -> its file) for the next install."""
        staging = self.dir.with_name(self.dir.name + f".tmp{os.getpid()}")
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        for name, path in built.items():
            shutil.copy2(path, staging / self.file(name))
        (staging / "extensions.json").write_text(json.dumps({"extensions": sorted(built)}, indent=1) + "\n")
        shutil.rmtree(self.dir, ignore_errors=True)
        staging.rename(self.dir)
        entries = sorted(
            (entry for entry in CACHE.iterdir() if entry.is_dir()), key=lambda e: (e.stat().st_mtime, e.name)
        )
        for old in entries[:-KEEP]:
            shutil.rmtree(old, ignore_errors=True)


#: the cache entry this build reuses (None: compiling)
REUSED: Cached | None = None
#: the cache entry a compiling build fills
FILLS: Cached | None = None


def _c_name(source: str) -> str:
    """What a C file of the build is: a module's code (``__native_deadboard___core___kernel.c``:
    ``deadboard.core.kernel``), mypyc's runtime, or a module's import shim."""
    name = Path(source).name
    if name.startswith("__native_deadboard___"):
        return name[len("__native_") : -len(".c")].replace("___", ".")
    if "build/deadboard/" in Path(source).as_posix():
        return (
            Path(source).as_posix().split("build/", 1)[1].replace("/", ".")[: -len(".c")] + " (import shim)"
        )
    return name


def _jobs() -> int:
    """How many C files compile at once: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


class OptionalBuildExt(build_ext):
    """build_ext that never fails the install: if compiling fails (no compiler, a compiler error),
    every extension it made is removed again and the package is left pure Python. It says how far
    the compile is (file n of N), compiles the C files on every core, keeps what it built in
    ``build/deadboard-compiled/`` and, when the sources are those of a kept build, copies that
    build instead of compiling."""

    def run(self) -> None:
        self._built: dict[str, Path] = {}
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
        if REUSED is not None:
            _say(f"reused the compiled build of the same sources ({REUSED.dir.relative_to(HERE)})")
        elif FILLS is not None and self._built:
            FILLS.store(self._built)
            _say(f"compiled; kept in {FILLS.dir.relative_to(HERE)} for the next install of these sources")

    def build_extensions(self) -> None:
        if REUSED is None:
            self._count = [0, sum(len(ext.sources) for ext in self.extensions)]
            self._lock = threading.Lock()
            self._compile_one_by_one()
            _say(f"compiling {self._count[1]} C files, {_jobs()} at a time")
        super().build_extensions()

    def build_extension(self, ext: Any) -> None:
        target = Path(self.get_ext_fullpath(ext.name))
        if REUSED is not None:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REUSED.dir / Cached.file(ext.name), target)
            return
        super().build_extension(ext)
        self._built[ext.name] = target

    def _compile_one_by_one(self) -> None:
        """Compile each C file on its own, on every core, saying which of how many is done."""
        compile_all = self.compiler.compile

        def compile_one(source: str, *args: Any, **kwargs: Any) -> list[str]:
            objects: list[str] = compile_all([source], *args, **kwargs)
            with self._lock:
                self._count[0] += 1
                done, total = self._count
            _say(f"compiled C file {done} of {total} ({_c_name(source)})")
            return objects

        def compile_many(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            with ThreadPoolExecutor(max_workers=_jobs()) as pool:
                return [
                    obj
                    for objects in pool.map(lambda source: compile_one(source, *args, **kwargs), sources)
                    for obj in objects
                ]

        self.compiler.compile = compile_many

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
    global REUSED, FILLS
    if not BUILDING.intersection(sys.argv[1:]):
        return []
    why = ""
    if os.environ.get("DEADBOARD_PURE", "") not in ("", "0"):
        why = "DEADBOARD_PURE is set"
    else:
        try:
            from mypyc.build import mypycify
        except ImportError:
            mypycify = None
            why = "mypyc is not available"
        if mypycify is not None:
            HASHES.update(_source_hashes())
            cached = Cached(_build_key())
            names = cached.names()
            if names is not None:
                from setuptools import Extension

                REUSED = cached
                _say(f"these sources were compiled before: reusing {cached.dir.relative_to(HERE)}")
                return [Extension(name, sources=[]) for name in names]
            _say(
                f"translating {len(COMPILED)} modules to C with mypyc (it type-checks them first, "
                "a minute or two), then compiling the C (about 10 minutes on 2 busy cores); "
                "DEADBOARD_PURE=1 installs pure Python at once"
            )
            try:
                # multi_file: one C file a module, so that the compile can say how far it is and
                # run on every core
                extensions = list(
                    mypycify(
                        [f"src/{path}" for path in COMPILED], opt_level="3", debug_level="0", multi_file=True
                    )
                )
            except (Exception, SystemExit) as error:  # mypy's type errors end in SystemExit
                why = f"mypyc could not compile the rules ({error})"
            else:
                FILLS = cached
                _say("translated to C")
                return extensions
    _say(f"{why}; installing pure Python")
    _remove_inplace_build()
    return []


if __name__ == "__main__":  # how setuptools runs this file (tests import it to check the cache)
    setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
