"""Turning command-line words into a checked Setup."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deadboard.core.campaign import read_text
from deadboard.core.errors import SaveError, SetupError
from deadboard.core.game import Game, Setup
from deadboard.core.save import MAX_FILE_BYTES, parse_json


def parse_options(game: Game, words: Sequence[str]) -> dict[str, Any]:
    """``["dodge", "zombies=25", "story=my.toml"]`` -> option values. File options read their TOML."""
    by_id = {o.id: o for o in game.options}
    out: dict[str, Any] = {}
    for word in words:
        key, eq, value = word.partition("=")
        key = key.strip()
        opt = by_id.get(key)
        if opt is None:
            known = ", ".join(sorted(by_id)) or "none"
            raise SetupError(f"unknown option {key!r} for {game.name}; options: {known}")
        if opt.kind == "flag":
            out[key] = value if eq else True
        elif not eq:
            raise SetupError(f"option {key!r} needs a value: --option {key}=VALUE")
        elif opt.kind == "file":
            out[key] = read_option_file(key, value)
        else:
            out[key] = value
    return out


def read_option_file(key: str, path: str) -> dict[str, Any]:
    p = Path(path)
    if p.suffix == ".json":  # a campaign record (deadboard-campaign/1) is JSON
        try:
            data = parse_json(read_text(p), path)
        except SaveError as e:
            raise SetupError(f"option {key}: {e}") from None
        if not isinstance(data, dict):
            raise SetupError(f"option {key}: {path} must hold a JSON object")
        return data
    try:
        if p.stat().st_size > MAX_FILE_BYTES:
            raise SetupError(f"option {key}: {path} is too large (over {MAX_FILE_BYTES >> 20} MB)")
        with p.open("rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise SetupError(f"option {key}: no such file {path}") from None
    except tomllib.TOMLDecodeError as e:
        raise SetupError(f"option {key}: {path} is not valid TOML: {e}") from None
    except UnicodeDecodeError as e:
        raise SetupError(f"option {key}: {path} is not UTF-8 text (byte {e.start}): a story file is TOML in UTF-8") from None
    except RecursionError:
        raise SetupError(f"option {key}: {path} is nested too deeply") from None
    except OSError as e:
        raise SetupError(f"option {key}: cannot read {path}: {e}") from None


def campaign_game(game_id: str) -> str | None:
    """What ``--campaign`` plays for ``game_id``: the id of its campaign game when the campaign is a
    game of its own (``GAME-campaign``: Day Night Z's travel, adventures and shelter), or None when
    the game's chapters are games of their own joined by campaign sheets (Zpocalypse 2)."""
    from deadboard.core.registry import get_game, list_games
    from deadboard.sim.campaign import plays_chapters

    games = list_games()
    if game_id.endswith("-campaign") and game_id in games:
        return game_id
    if f"{game_id}-campaign" in games:
        return f"{game_id}-campaign"
    if plays_chapters(get_game(game_id)):
        return None
    with_campaign = [g.removesuffix("-campaign") for g in games if g.endswith("-campaign")]
    with_campaign += [g for g in games if not g.endswith("-campaign") and plays_chapters(get_game(g))]
    raise SetupError(f"{game_id} has no campaign; --campaign works with: {', '.join(sorted(set(with_campaign)))}")


def build_setup(
    game: Game,
    scenario: str | None,
    options: Sequence[str],
    players: int | None,
    content: str | None = None,
) -> Setup:
    base = game.default_setup()
    setup = Setup(
        scenario=scenario or base.scenario,
        options=parse_options(game, options),
        players=players if players is not None else _default_players(game, options),
        content=content,
    )
    return game.normalize_setup(setup)


def _default_players(game: Game, options: Sequence[str]) -> int:
    return game.players_for_options([w.partition("=")[0] for w in options])
