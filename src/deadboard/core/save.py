"""Save files and replay.

A save is JSON: ``{"game", "version", "setup", "seed", "actions": [text, ...], "hash"}``. Replaying
re-creates the game from setup and seed, applies every action (checked), and compares the final
state hash with the recorded one, so a rules change that alters a saved game is caught.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deadboard.core.errors import DeadboardError, SaveError
from deadboard.core.game import Game, Setup, State
from deadboard.core.registry import get_game

FORMAT = "deadboard-save/1"


@dataclass
class SaveFile:
    game: str
    version: str
    setup: Setup
    seed: int
    actions: list[str] = field(default_factory=list)
    hash: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "setup": self.setup.to_json(),
            "seed": self.seed,
            "actions": list(self.actions),
        }
        if self.hash:
            out["hash"] = self.hash
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
        missing = [k for k in ("game", "version", "setup", "seed", "actions") if k not in data]
        if missing:
            raise SaveError(f"{source}: missing field(s) {', '.join(missing)}")
        if not isinstance(data["game"], str):
            raise SaveError(f"{source}: 'game' must be a string")
        if not isinstance(data["version"], str):
            raise SaveError(f"{source}: 'version' must be a string")
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveError(f"{source}: 'seed' must be an integer")
        actions = data["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise SaveError(f"{source}: 'actions' must be a list of action texts")
        h = data.get("hash")
        if h is not None and not isinstance(h, str):
            raise SaveError(f"{source}: 'hash' must be a string")
        try:
            setup = Setup.from_json(data["setup"])
        except DeadboardError as e:
            raise SaveError(f"{source}: {e}") from None
        return cls(data["game"], data["version"], setup, seed, list(actions), h)

    @classmethod
    def loads(cls, text: str, source: str = "save") -> SaveFile:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            # some messages end in "at" ("Unterminated string starting at"): one "at" before the place
            raise SaveError(f"{source}: not valid JSON ({e.msg.removesuffix(' at')} at line {e.lineno}, column {e.colno})") from None
        return cls.from_json(data, source)

    @classmethod
    def read(cls, path: str | Path) -> SaveFile:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SaveError(f"{path}: no such file") from None
        except (OSError, UnicodeDecodeError) as e:
            raise SaveError(f"{path}: cannot read ({e})") from None
        return cls.loads(text, str(path))


def make_save(game: Game, state: State, actions: Sequence[str]) -> SaveFile:
    return SaveFile(game.id, game.version, state.setup, state.seed, list(actions), game.state_hash(state))


@dataclass
class Replay:
    game: Game
    state: State
    hash_ok: bool | None  # None: the save recorded no hash


def replay(
    save: SaveFile,
    on_step: Callable[[int, str, State], None] | None = None,
    upto: int | None = None,
) -> Replay:
    """Re-run a save. ``on_step(i, action_text, state)`` is called after each action; ``upto``
    stops after that many actions (the hash is then not checked). Raises SaveError on any mismatch."""
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
        state = game.new(setup, save.seed)
    except DeadboardError as e:
        raise SaveError(f"the save's setup is not valid: {e}") from None
    actions = save.actions if upto is None else save.actions[:upto]
    for i, text in enumerate(actions):
        try:
            game.apply(state, text)
        except DeadboardError as e:
            raise SaveError(f"action {i + 1} ({text!r}) does not replay: {e}") from None
        if on_step is not None:
            on_step(i, text, state)
    hash_ok: bool | None = None
    if upto is None and save.hash:
        hash_ok = game.state_hash(state) == save.hash
    return Replay(game, state, hash_ok)
