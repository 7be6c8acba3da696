"""Campaign records: what one game's outcome carries into the next game's setup.

Zpocalypse 2 plays a prologue and four chapters with the same squads; Day Night Z chains adventures.
Between two games the table keeps a campaign sheet: the survivors still alive (with their health,
items, perks), the stash, victory points, the places unlocked, and what happened in each chapter. A
:class:`CampaignRecord` is that sheet as data, saved and loaded like a game save::

    {"format": "deadboard-campaign/1", "game": "zpocalypse-2", "version": "1", "campaign": "burbs",
     "chapter": "chapter-2", "players": 2,
     "survivors": [{"id": "ruth", "seat": 0, "health": 4, "items": ["shotgun"], "perks": ["medic"],
                    "vp": 6, "alive": true, "stats": {"radiation": 1}}],
     "stash": ["canned-food"], "vp": 14, "unlocked": ["hardware-store"],
     "history": [{"chapter": "prologue", "result": "win", "score": 9.0, "level": null, "seed": 17}],
     "data": {}}

``chapter`` is the chapter to play next; ``data`` holds what else a game carries (JSON values only).
A record is an immutable value; :meth:`CampaignRecord.after` makes the next one from a finished game.
Files are versioned by ``format`` (and the rules ``version`` that wrote them); a malformed file raises
:class:`~deadboard.core.errors.SaveError` with a one-line message naming the field. A file is read
from outside, so it is bounded before anything reads it: at most ``MAX_BYTES`` of text, JSON nested
at most ``MAX_DEPTH`` deep (checked without recursion), no NaN or infinity, every list at most
``MOST`` long, every text at most ``MAX_TEXT`` characters, every integer within ``MAX_INT``. Each game
checks the sheet against its own rules and content when it seats it (``zpocalypse_2/sheet.py``,
``day_night_z/campaign_sheet.py``), with :func:`schema_error` for one line naming the field.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deadboard.core.errors import SaveError
from deadboard.core.game import Outcome
from deadboard.core.save import MAX_DEPTH, check_depth, parse_json

if TYPE_CHECKING:
    from pydantic import ValidationError

__all__ = ["FORMAT", "MAX_BYTES", "CampaignRecord", "CampaignSurvivor", "ChapterResult", "field_name", "read_text",
           "schema_error"]

FORMAT = "deadboard-campaign/1"
#: the largest campaign file read (a sheet of a whole campaign is a few kilobytes)
MAX_BYTES = 1 << 20
#: the longest list, text and largest integer a sheet may hold
MOST = 1000
MAX_TEXT = 200
MAX_INT = 2**63 - 1


_PLAIN = re.compile(r"[A-Za-z0-9_\-]{1,40}")


def field_name(key: object) -> str:
    """A key of a file as a message shows it: as it is when plain, else quoted and cut (a key may
    hold line breaks and control characters, and the message is one line)."""
    text = str(key)
    return text if _PLAIN.fullmatch(text) else ascii(text[:40])


def schema_error(error: ValidationError, source: str) -> str:
    """A pydantic error as one line naming the field (``survivors[3].seat``) and what is wrong."""
    first = error.errors()[0]
    where = ""
    for part in first.get("loc", ()):
        name = field_name(part)
        where += f"[{part}]" if isinstance(part, int) else (f".{name}" if where else name)
    message = str(first.get("msg", "not valid"))
    if first.get("type") == "extra_forbidden":
        message = "unknown field"
    elif first.get("type") in ("literal_error", "enum"):
        message = f"unknown value {ascii(first.get('input'))[:60]}; {message.lower()}"
    return f"{source}: {where or 'the sheet'}: {message}"


@dataclass(frozen=True)
class CampaignSurvivor:
    """A survivor on the campaign sheet. ``seat`` is the player (squad) it belongs to, None when it
    waits in the shelter; ``stats`` holds counters a game carries (radiation, infection level)."""

    id: str
    seat: int | None = None
    health: int | None = None
    items: tuple[str, ...] = ()
    perks: tuple[str, ...] = ()
    vp: int = 0
    alive: bool = True
    stats: Mapping[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "seat": self.seat,
            "health": self.health,
            "items": list(self.items),
            "perks": list(self.perks),
            "vp": self.vp,
            "alive": self.alive,
            "stats": dict(self.stats),
        }


@dataclass(frozen=True)
class ChapterResult:
    """One game of the campaign, once played."""

    chapter: str
    result: str
    score: float = 0.0
    level: str | None = None
    seed: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "chapter": self.chapter,
            "result": self.result,
            "score": self.score,
            "level": self.level,
            "seed": self.seed,
        }


@dataclass(frozen=True)
class CampaignRecord:
    game: str
    version: str
    campaign: str
    chapter: str
    players: int = 1
    survivors: tuple[CampaignSurvivor, ...] = ()
    stash: tuple[str, ...] = ()
    vp: int = 0
    unlocked: tuple[str, ...] = ()
    history: tuple[ChapterResult, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)

    # ----- carrying on -------------------------------------------------------------------------
    def after(
        self,
        outcome: Outcome,
        *,
        next_chapter: str,
        survivors: Iterable[CampaignSurvivor] | None = None,
        stash: Iterable[str] | None = None,
        vp: int = 0,
        unlock: Iterable[str] = (),
        seed: int | None = None,
        data: Mapping[str, Any] | None = None,
    ) -> CampaignRecord:
        """The record after the chapter ``self.chapter`` ended with ``outcome``: its result in the
        history, ``vp`` victory points added, places in ``unlock`` unlocked, and the survivors,
        stash and data replaced by what the game hands over (kept when None)."""
        unlocked = list(self.unlocked)
        unlocked.extend(p for p in unlock if p not in unlocked)
        result = ChapterResult(self.chapter, outcome.result.value, outcome.score, outcome.level, seed)
        return replace(
            self,
            chapter=next_chapter,
            survivors=self.survivors if survivors is None else tuple(survivors),
            stash=self.stash if stash is None else tuple(stash),
            vp=self.vp + vp,
            unlocked=tuple(unlocked),
            history=(*self.history, result),
            data=self.data if data is None else dict(data),
        )

    def living(self, seat: int | None = None) -> tuple[CampaignSurvivor, ...]:
        """The survivors still alive (of ``seat``, when given)."""
        return tuple(s for s in self.survivors if s.alive and (seat is None or s.seat == seat))

    # ----- files -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "campaign": self.campaign,
            "chapter": self.chapter,
            "players": self.players,
            "survivors": [s.to_json() for s in self.survivors],
            "stash": list(self.stash),
            "vp": self.vp,
            "unlocked": list(self.unlocked),
            "history": [h.to_json() for h in self.history],
            "data": dict(self.data),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def write(self, path: str | Path) -> None:
        try:
            Path(path).write_text(self.dumps() + "\n", encoding="utf-8")
        except OSError as e:
            raise SaveError(f"cannot write {path}: {e.strerror or e}") from None

    @classmethod
    def loads(cls, text: str | bytes, source: str = "campaign") -> CampaignRecord:
        if len(text) > MAX_BYTES:
            raise SaveError(f"{source}: too large for a campaign file (over {MAX_BYTES // 1024} kB)")
        return cls.from_json(parse_json(text, source), source)

    @classmethod
    def read(cls, path: str | Path) -> CampaignRecord:
        return cls.loads(read_text(path), str(path))

    @classmethod
    def from_json(cls, data: Any, source: str = "campaign") -> CampaignRecord:
        try:
            check_depth(data, source, MAX_DEPTH)
            return cls._from_json(data, source)
        except RecursionError:  # a structure built in memory deeper than the check could walk
            raise SaveError(f"{source}: nested too deeply") from None

    @classmethod
    def _from_json(cls, data: Any, source: str) -> CampaignRecord:
        r = _Reader(source)
        obj = r.obj(data, "")
        fmt = obj.get("format")
        if fmt != FORMAT:
            if isinstance(fmt, str) and fmt.startswith("deadboard-campaign/"):
                raise SaveError(
                    f"{source}: campaign format {fmt} is not known to this version (it reads {FORMAT})"
                )
            raise SaveError(f"{source}: not a campaign file (format must be {FORMAT!r})")
        known = {
            "format",
            "game",
            "version",
            "campaign",
            "chapter",
            "players",
            "survivors",
            "stash",
            "vp",
            "unlocked",
            "history",
            "data",
        }
        r.no_extra(obj, known, "")
        survivors = tuple(
            _survivor(r, s, f"survivors[{i}]") for i, s in enumerate(r.array(obj, "survivors", []))
        )
        history = tuple(_chapter(r, h, f"history[{i}]") for i, h in enumerate(r.array(obj, "history", [])))
        players = r.integer(obj, "players", 1)
        if not 1 <= players <= 64:
            raise SaveError(f"{source}: players must be at least 1 and at most 64")
        return cls(
            game=r.text(obj, "game"),
            version=r.text(obj, "version"),
            campaign=r.text(obj, "campaign"),
            chapter=r.text(obj, "chapter"),
            players=players,
            survivors=survivors,
            stash=r.strs(obj, "stash"),
            vp=r.integer(obj, "vp", 0),
            unlocked=r.strs(obj, "unlocked"),
            history=history,
            data=r.obj(obj.get("data", {}), "data"),
        )


def _survivor(r: _Reader, raw: Any, where: str) -> CampaignSurvivor:
    obj = r.obj(raw, where)
    r.no_extra(obj, {"id", "seat", "health", "items", "perks", "vp", "alive", "stats"}, where)
    stats = r.obj(obj.get("stats", {}), f"{where}.stats")
    for k, v in stats.items():
        if not isinstance(v, int) or isinstance(v, bool) or abs(v) > MAX_INT:
            raise SaveError(f"{r.source}: {where}.stats.{field_name(k)} must be an integer")
    alive = obj.get("alive", True)
    if not isinstance(alive, bool):
        raise SaveError(f"{r.source}: {where}.alive must be true or false")
    return CampaignSurvivor(
        id=r.text(obj, "id", where=where),
        seat=r.opt_int(obj, "seat", where),
        health=r.opt_int(obj, "health", where),
        items=r.strs(obj, "items", where),
        perks=r.strs(obj, "perks", where),
        vp=r.integer(obj, "vp", 0, where),
        alive=alive,
        stats=dict(stats),
    )


def _chapter(r: _Reader, raw: Any, where: str) -> ChapterResult:
    obj = r.obj(raw, where)
    r.no_extra(obj, {"chapter", "result", "score", "level", "seed"}, where)
    result = r.text(obj, "result", where=where)
    if result not in ("win", "loss", "draw"):
        raise SaveError(f"{r.source}: {where}.result must be win, loss or draw; got {result!r}")
    score = obj.get("score", 0.0)
    if not isinstance(score, int | float) or isinstance(score, bool):
        raise SaveError(f"{r.source}: {where}.score must be a number")
    level = obj.get("level")
    if level is not None and not isinstance(level, str):
        raise SaveError(f"{r.source}: {where}.level must be a string or null")
    return ChapterResult(
        r.text(obj, "chapter", where=where), result, float(score), level, r.opt_int(obj, "seed", where)
    )


def read_text(path: str | Path) -> str:
    """A campaign file's text, refused before reading when it is larger than a sheet can be."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_BYTES:
            raise SaveError(f"{path}: too large for a campaign file (over {MAX_BYTES // 1024} kB)")
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(f"{path}: cannot read ({e})") from None


class _Reader:
    """Field readers that raise one-line SaveErrors naming the file and the field."""

    def __init__(self, source: str) -> None:
        self.source = source

    def _name(self, where: str, key: str) -> str:
        return f"{where}.{field_name(key)}" if where else field_name(key)

    def obj(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise SaveError(f"{self.source}: {where or 'a campaign file'} must be a JSON object")
        return value

    def no_extra(self, obj: Mapping[str, Any], known: set[str], where: str) -> None:
        extra = sorted(set(obj) - known)
        if extra:
            names = ", ".join(self._name(where, k) for k in extra[:5]) + (" …" if len(extra) > 5 else "")
            raise SaveError(f"{self.source}: unknown field(s) {names}")

    def text(self, obj: Mapping[str, Any], key: str, where: str = "") -> str:
        if key not in obj:
            raise SaveError(f"{self.source}: missing field {self._name(where, key)}")
        value = obj[key]
        if not isinstance(value, str) or not value or len(value) > MAX_TEXT or not value.isprintable():
            raise SaveError(f"{self.source}: {self._name(where, key)} must be a non-empty line of text "
                            f"of at most {MAX_TEXT} characters")
        return value

    def integer(self, obj: Mapping[str, Any], key: str, default: int, where: str = "") -> int:
        value = obj.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_INT:
            raise SaveError(f"{self.source}: {self._name(where, key)} must be an integer")
        return value

    def opt_int(self, obj: Mapping[str, Any], key: str, where: str) -> int | None:
        value = obj.get(key)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_INT):
            raise SaveError(f"{self.source}: {self._name(where, key)} must be an integer or null")
        return value

    def array(self, obj: Mapping[str, Any], key: str, default: list[Any]) -> list[Any]:
        value = obj.get(key, default)
        if not isinstance(value, list) or len(value) > MOST:
            raise SaveError(f"{self.source}: {key} must be a list of at most {MOST} entries")
        return value

    def strs(self, obj: Mapping[str, Any], key: str, where: str = "") -> tuple[str, ...]:
        value = obj.get(key, [])
        if (not isinstance(value, list) or len(value) > MOST
                or not all(isinstance(v, str) and len(v) <= MAX_TEXT and v.isprintable() for v in value)):
            raise SaveError(f"{self.source}: {self._name(where, key)} must be a list of strings (at most {MOST})")
        return tuple(value)
