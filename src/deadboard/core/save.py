"""Save files and replay.

A save is JSON: ``{"game", "version", "setup", "seed", "actions": [text, ...], "hash"}``. Replaying
re-creates the game from setup and seed, applies every action (checked), and compares the final
state hash with the recorded one, so a rules change that alters a saved game is caught.

Every loader (``deadboard play --load``, ``deadboard replay``, the web server's load) goes through
:func:`load_checked`, which checks a save the same way: a save without a hash is refused unless the
caller trusts it, a hash that the replay does not reproduce is refused, and a save signed by a server
(``signature``: an HMAC-SHA256 of the save's canonical JSON with the server's own key) is checked
against that key when the loader holds it. The hash is public (anyone can recompute it after an
edit); the signature is not. A server hands out a save of an unfinished game with its seed sealed
(``sealed_seed``: the seed XOR a pad derived from the server key): only that server can resume it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deadboard.core.errors import DeadboardError, SaveError
from deadboard.core.game import Game, Setup, State
from deadboard.core.registry import get_game
from deadboard.core.table import Table

FORMAT = "deadboard-save/1"
#: deepest nesting of arrays and objects a save (or a request) may have: a story file needs four
MAX_DEPTH = 32
#: the largest file read as a save or a set-up's option file (a long game's save is a few hundred kB)
MAX_FILE_BYTES = 64 << 20
#: seeds are 63-bit (``derive_seed``) and stored as SQLite integers
MAX_SEED = 2**63 - 1


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text} is too large")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_json(text: str | bytes, source: str) -> Any:
    """``json.loads`` for text from outside: NaN, Infinity and numbers too large for a float are
    refused, and so is nesting deeper than MAX_DEPTH. Raises SaveError with one line."""
    try:
        data = json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        # some messages end in "at" ("Unterminated string starting at"): one "at" before the place
        raise SaveError(f"{source}: not valid JSON ({e.msg.removesuffix(' at')} at line {e.lineno}, column {e.colno})") from None
    except RecursionError:
        raise SaveError(f"{source}: nested too deeply (more than {MAX_DEPTH} levels)") from None
    except (ValueError, UnicodeDecodeError) as e:
        raise SaveError(f"{source}: not valid JSON ({e})") from None
    check_depth(data, source)
    return data


def check_depth(data: Any, source: str, limit: int = MAX_DEPTH) -> None:
    """SaveError if arrays and objects nest deeper than ``limit`` (checked without recursion)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            raise SaveError(f"{source}: nested too deeply (more than {limit} levels)")
        stack.extend((c, depth + 1) for c in children)


def _canonical(data: dict[str, Any]) -> bytes:
    body = {k: v for k, v in data.items() if k != "signature"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def signature(data: dict[str, Any], key: bytes) -> str:
    """HMAC-SHA256 of a save's canonical JSON (every field but ``signature``)."""
    return hmac.new(key, _canonical(data), hashlib.sha256).hexdigest()


def _pad(key: bytes, nonce: str) -> int:
    return int.from_bytes(hmac.new(key, b"sealed-seed\x1f" + nonce.encode(), hashlib.sha256).digest()[:8], "big")


def seal_seed(seed: int, key: bytes, salt: str = "") -> str:
    """The seed XOR a pad made from ``key`` and a nonce (from ``salt`` when given, so that the same
    game saved twice gives the same file; random otherwise)."""
    nonce = hmac.new(key, b"nonce\x1f" + salt.encode(), hashlib.sha256).hexdigest()[:32] if salt else secrets.token_hex(16)
    return f"{nonce}:{seed ^ _pad(key, nonce):016x}"


def unseal_seed(sealed: str, key: bytes) -> int:
    nonce, _, value = sealed.partition(":")
    try:
        return int(value, 16) ^ _pad(key, nonce)
    except ValueError:
        raise SaveError("save: 'sealed_seed' is malformed") from None


@dataclass
class SaveFile:
    game: str
    version: str
    setup: Setup
    seed: int
    actions: list[str] = field(default_factory=list)
    hash: str | None = None
    #: HMAC of the server that handed the save out (see :func:`signature`)
    signature: str | None = None
    #: the seed, sealed by the server that handed out this save of an unfinished game (``seed`` is then -1)
    sealed_seed: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "setup": self.setup.to_json(),
        }
        if self.sealed_seed is None:
            out["seed"] = self.seed
        else:
            out["sealed_seed"] = self.sealed_seed
        out["actions"] = list(self.actions)
        if self.hash:
            out["hash"] = self.hash
        if self.signature:
            out["signature"] = self.signature
        return out

    def signed(self, key: bytes, seal: bool = False) -> SaveFile:
        """This save signed with ``key``; with ``seal``, its seed sealed too."""
        salt = f"{self.game}\x1f{self.seed}\x1f{self.hash}\x1f{len(self.actions)}"
        out = SaveFile(self.game, self.version, self.setup, -1 if seal else self.seed, list(self.actions), self.hash,
                       None, seal_seed(self.seed, key, salt) if seal else None)
        out.signature = signature(out.to_json(), key)
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def write(self, path: str | Path) -> None:
        try:
            Path(path).write_text(self.dumps() + "\n", encoding="utf-8")
        except OSError as e:
            raise SaveError(f"cannot write {path}: {e.strerror or e}") from None

    @classmethod
    def from_json(cls, data: Any, source: str = "save") -> SaveFile:
        if not isinstance(data, dict):
            raise SaveError(f"{source}: a save file is a JSON object")
        check_depth(data, source)
        sealed = data.get("sealed_seed")
        if sealed is not None and not isinstance(sealed, str):
            raise SaveError(f"{source}: 'sealed_seed' must be a string")
        need = ("game", "version", "setup", "actions") + (() if sealed is not None else ("seed",))
        missing = [k for k in need if k not in data]
        if missing:
            raise SaveError(f"{source}: missing field(s) {', '.join(missing)}")
        if not isinstance(data["game"], str):
            raise SaveError(f"{source}: 'game' must be a string")
        if not isinstance(data["version"], str):
            raise SaveError(f"{source}: 'version' must be a string")
        seed = -1 if sealed is not None else data["seed"]
        if sealed is None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise SaveError(f"{source}: 'seed' must be an integer")
        if sealed is None and not 0 <= seed <= MAX_SEED:
            raise SaveError(f"{source}: 'seed' must be from 0 to 2^63-1")
        actions = data["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise SaveError(f"{source}: 'actions' must be a list of action texts")
        h = data.get("hash")
        if h is not None and not isinstance(h, str):
            raise SaveError(f"{source}: 'hash' must be a string")
        sig = data.get("signature")
        if sig is not None and not isinstance(sig, str):
            raise SaveError(f"{source}: 'signature' must be a string")
        try:
            setup = Setup.from_json(data["setup"])
        except DeadboardError as e:
            raise SaveError(f"{source}: {e}") from None
        return cls(data["game"], data["version"], setup, seed, list(actions), h, sig, sealed)

    @classmethod
    def loads(cls, text: str | bytes, source: str = "save") -> SaveFile:
        return cls.from_json(parse_json(text, source), source)

    @classmethod
    def read(cls, path: str | Path) -> SaveFile:
        try:
            if Path(path).stat().st_size > MAX_FILE_BYTES:
                raise SaveError(f"{path}: too large for a save file (over {MAX_FILE_BYTES >> 20} MB)")
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SaveError(f"{path}: no such file") from None
        except (OSError, UnicodeDecodeError) as e:
            raise SaveError(f"{path}: cannot read ({e})") from None
        return cls.loads(text, str(path))


def make_save(game: Game[Any], state: State, actions: Sequence[str]) -> SaveFile:
    return SaveFile(game.id, game.version, state.setup, state.seed, list(actions), game.state_hash(state))


@dataclass
class Replay:
    game: Game[Any]
    state: State
    hash_ok: bool | None  # None: the save recorded no hash
    seed: int = 0
    #: the game at its table after the replay: the record with the seat that took each action
    table: Table[Any] | None = None


def replay(
    save: SaveFile,
    on_step: Callable[[int, str, State], None] | None = None,
    upto: int | None = None,
) -> Replay:
    """Re-run a save. ``on_step(i, action_text, state)`` is called after each action; ``upto``
    stops after that many actions (the hash is then not checked). Raises SaveError on any mismatch."""
    if save.sealed_seed is not None:
        raise SaveError("this save's seed is sealed by the server that handed it out (the game was not over): "
                        "load it on that server")
    try:
        game = get_game(save.game)
    except DeadboardError as e:
        raise SaveError(str(e)) from None
    if save.version != game.version:
        raise SaveError(
            f"this save was made by {game.name} rules version {save.version}; these rules are version {game.version}"
        )
    try:
        setup = game.normalize_setup(save.setup)
        table = Table(game, game.new(setup, save.seed))
    except DeadboardError as e:
        raise SaveError(f"the save's setup is not valid: {e}") from None
    except (OverflowError, RecursionError, ValueError, TypeError) as e:
        raise SaveError(f"the save's setup is not valid: {e}") from None
    actions = save.actions if upto is None else save.actions[:upto]
    table.replay_on(actions, on_step=on_step)
    state = table.state
    hash_ok: bool | None = None
    if upto is None and save.hash:
        hash_ok = game.state_hash(state) == save.hash
    return Replay(game, state, hash_ok, save.seed, table)


def load_checked(
    save: SaveFile,
    trust: bool = False,
    key: bytes | None = None,
    on_step: Callable[[int, str, State], None] | None = None,
    source: str = "save",
) -> Replay:
    """Replay a save after checking it, the one way every loader checks: with ``key`` (a server's),
    a signed save's signature must match and a sealed seed is opened; without it a signature cannot
    be checked and is ignored. Then the save must carry a hash (unless ``trust``) and the replay
    must reproduce it. Raises SaveError naming what is wrong."""
    if key is not None and save.signature is not None:
        if not hmac.compare_digest(signature(save.to_json(), key), save.signature):
            raise SaveError(f"{source}: this save was edited after a server signed it (its signature does not "
                            "match this server's key)")
        if save.sealed_seed is not None:
            save = SaveFile(save.game, save.version, save.setup, unseal_seed(save.sealed_seed, key), save.actions,
                            save.hash)
    if save.hash is None and not trust:
        raise SaveError(f"{source}: this save has no hash, so an edit to it would go unnoticed; "
                        "load it only if you trust it (--trust)")
    result = replay(save, on_step=on_step)
    if result.hash_ok is False:
        raise SaveError(f"{source}: this save was edited (or made by other rules): replaying it does not "
                        "reproduce its recorded final state (hash differs)")
    return result
