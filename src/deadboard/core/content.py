"""Content files: TOML validated by pydantic schemas at load time.

Errors name the file, the record and the field: ``zombies.toml: zombie[3] (number 4): ap: Input
should be less than or equal to 3``. Every record carries ``source`` ("rulebook §…" or "authored").
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from deadboard.core.errors import ContentError

M = TypeVar("M", bound=BaseModel)


class Record(BaseModel):
    """Base of every content record: unknown fields are errors, and a source is required."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: str

    @field_validator("source")
    @classmethod
    def _source_named(cls, v: str) -> str:
        if not (v == "authored" or v.startswith("rulebook")):
            raise ValueError('must be "authored" or start with "rulebook" (e.g. "rulebook §Setting Up")')
        return v


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise ContentError(f"{path}: no such content file") from None
    except tomllib.TOMLDecodeError as e:
        raise ContentError(f"{path.name}: not valid TOML: {e}") from None
    except UnicodeDecodeError as e:
        raise ContentError(f"{path}: not UTF-8 text (byte {e.start}): a content file is TOML in UTF-8") from None
    except RecursionError:
        raise ContentError(f"{path.name}: nested too deeply") from None
    except OSError as e:
        raise ContentError(f"{path}: cannot read ({e})") from None


def _describe(record: Any, index: int, table: str) -> str:
    label = f"{table}[{index}]"
    if isinstance(record, Mapping):
        for key in ("id", "name", "number"):
            if key in record:
                return f"{label} ({key} {record[key]!r})"
    return label


def validation_message(err: ValidationError) -> str:
    parts = []
    for e in err.errors():
        loc = "".join(f"[{x}]" if isinstance(x, int) else f".{x}" for x in e["loc"]).lstrip(".") or "(record)"
        parts.append(f"{loc}: {e['msg']}")
    return "; ".join(parts)


def load_records(path: Path, table: str, model: type[M], data: Mapping[str, Any] | None = None) -> list[M]:
    """Load ``[[table]]`` records of ``path`` as ``model`` instances."""
    data = read_toml(path) if data is None else data
    raw = data.get(table)
    if raw is None:
        raise ContentError(f"{path.name}: no [[{table}]] records")
    if not isinstance(raw, list):
        raise ContentError(f"{path.name}: {table} must be an array of tables ([[{table}]])")
    out: list[M] = []
    for i, rec in enumerate(raw):
        try:
            out.append(model.model_validate(rec))
        except ValidationError as e:
            raise ContentError(f"{path.name}: {_describe(rec, i, table)}: {validation_message(e)}") from None
    return out


def load_model(path: Path, model: type[M], data: Mapping[str, Any] | None = None) -> M:
    """Load a whole file as one ``model`` instance."""
    data = read_toml(path) if data is None else data
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise ContentError(f"{path.name}: {validation_message(e)}") from None


def content_dir(package_dir: Path, override: str | None) -> Path:
    """The content folder: the game's own, or a user's pack (``--content DIR``)."""
    if override:
        p = Path(override)
        if not p.is_dir():
            raise ContentError(f"content pack {override}: no such folder")
        return p
    return package_dir / "content"


def unique(records: list[Any], key: str, file: str, table: str) -> None:
    seen: set[Any] = set()
    for i, r in enumerate(records):
        k = getattr(r, key)
        if k in seen:
            raise ContentError(f"{file}: {table}[{i}]: {key}: duplicate value {k!r}")
        seen.add(k)
