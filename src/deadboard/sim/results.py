"""Results files: one row per game, in Parquet, written so that an interrupted run can resume.

A row holds the game, its setup, the bots by seat, the run seed and the game's index (together the
row's *key*: the same key is the same game, whatever machine or worker played it), the game's seed,
and how it ended (result, winners, score, victory level, turns, ending, decisions, per-seat
figures as JSON, seconds).

While a run goes on, each finished game is appended as one JSON line to a journal beside the file
(``results.parquet.journal``). When the run ends, the file's rows and the journal's are merged by key
(duplicates dropped), sorted, written to a temporary file and moved over the results file; then the
journal is removed. A run killed at any point therefore loses at most the games that were being
played, and the same command, run again, plays only the games whose keys are missing. A file may
hold many runs (several setups, bots or seeds): rows of other runs are kept as they are.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from deadboard.core.errors import DeadboardError

FORMAT = "deadboard-results/1"


class ResultsError(DeadboardError):
    """A results file that cannot be read or written."""


def canonical(data: Any) -> str:
    """Stable JSON text (sorted keys, no spaces) used in keys and columns."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)


@dataclass
class GameRecord:
    """One finished game. The first block is the key and what the game was; the rest how it went."""

    index: int
    seed: int
    result: str
    winners: list[int]
    score: float
    level: str | None
    turns: int
    reason: str
    decisions: int
    seconds: float
    per_seat: list[dict[str, Any]] = field(default_factory=list)
    game: str = ""
    version: str = ""
    setup: str = "{}"
    scenario: str = ""
    options: str = "{}"
    players: int = 1
    bots: str = ""
    run_seed: int = 0
    details: dict[str, Any] = field(default_factory=dict)  # the game's own figures of how it went

    @property
    def key(self) -> tuple[str, str, str, int, int]:
        return (self.game, self.setup, self.bots, self.run_seed, self.index)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def to_row(self) -> dict[str, Any]:
        row = asdict(self)
        row["per_seat"] = canonical(self.per_seat)
        row["details"] = canonical(self.details)
        row["win"] = self.result == "win"
        return row

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> GameRecord:
        data = {f.name: row[f.name] for f in fields(cls) if f.name in row}
        per_seat = data.get("per_seat", "[]")
        data["per_seat"] = json.loads(per_seat) if isinstance(per_seat, str) else list(per_seat or [])
        data["winners"] = [int(w) for w in data.get("winners") or []]
        details = data.get("details") or "{}"
        data["details"] = json.loads(details) if isinstance(details, str) else dict(details)
        return cls(**data)


COLUMNS: tuple[tuple[str, str], ...] = (
    ("game", "string"), ("version", "string"), ("scenario", "string"), ("options", "string"),
    ("players", "int64"), ("bots", "string"), ("run_seed", "int64"), ("index", "int64"),
    ("seed", "int64"), ("setup", "string"), ("result", "string"), ("win", "bool"),
    ("winners", "list<int64>"), ("score", "double"), ("level", "string"), ("turns", "int64"),
    ("reason", "string"), ("decisions", "int64"), ("seconds", "double"), ("per_seat", "string"),
)
#: columns written since files first had them; a file without them reads them as empty
LATER_COLUMNS: tuple[tuple[str, str], ...] = (("details", "string"),)


def _schema() -> Any:
    import pyarrow as pa

    types = {"string": pa.string(), "int64": pa.int64(), "bool": pa.bool_(), "double": pa.float64(),
             "list<int64>": pa.list_(pa.int64())}
    return pa.schema([(name, types[t]) for name, t in COLUMNS + LATER_COLUMNS], metadata={"format": FORMAT})


def journal_path(path: str | Path) -> Path:
    p = Path(path)
    return p.with_name(p.name + ".journal")


def read_rows(path: str | Path) -> list[dict[str, Any]]:
    """Every row of a results file (Parquet) as a dict."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        table = pq.read_table(path)
    except FileNotFoundError:
        raise ResultsError(f"no such results file: {path}") from None
    except (OSError, pa.ArrowException) as e:
        raise ResultsError(f"{path}: not a results file ({e})") from None
    missing = [name for name, _ in COLUMNS if name not in table.column_names]
    if missing:
        raise ResultsError(f"{path}: not a deadboard results file (missing column(s) {', '.join(missing)})")
    rows: list[dict[str, Any]] = table.to_pylist()
    return rows


def read_records(path: str | Path) -> list[GameRecord]:
    return [GameRecord.from_row(r) for r in read_rows(path)]


def write_records(path: str | Path, records: Iterable[GameRecord]) -> None:
    """Write records (sorted by key) atomically: a temporary file moved over ``path``."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = [r.to_row() for r in sorted(records, key=lambda r: r.key)]
    table = pa.Table.from_pylist(rows, schema=_schema())
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    try:
        pq.write_table(table, tmp)
        os.replace(tmp, p)
    except OSError as e:
        raise ResultsError(f"cannot write {path}: {e.strerror or e}") from None


def _read_journal(path: Path) -> list[GameRecord]:
    """The journal's complete lines (a line cut short by a kill is dropped)."""
    out: list[GameRecord] = []
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return out
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            out.append(GameRecord(**json.loads(line)))
        except (ValueError, TypeError):
            continue
    return out


class ResultsFile:
    """A results file being filled by a run (see the module's docstring)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.journal = journal_path(self.path)
        if self.path.suffix.lower() not in (".parquet", ".pq"):
            raise ResultsError(f"--out {path}: results are written as Parquet; name the file *.parquet")
        try:  # fail before the first game, not after the last
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise ResultsError(f"--out {path}: cannot create its folder: {e.strerror}") from None
        if not os.access(self.path.parent, os.W_OK) or (self.path.exists() and not os.access(self.path, os.W_OK)):
            raise ResultsError(f"--out {path}: not writable")
        self.records: dict[tuple[str, str, str, int, int], GameRecord] = {}
        if self.path.exists():
            for r in read_records(self.path):
                self.records[r.key] = r
        recovered = _read_journal(self.journal)
        for r in recovered:
            self.records.setdefault(r.key, r)
        self.recovered = len(recovered)
        self._fh: Any = None

    def __contains__(self, key: tuple[str, str, str, int, int]) -> bool:
        return key in self.records

    def get(self, key: tuple[str, str, str, int, int]) -> GameRecord | None:
        return self.records.get(key)

    def open(self) -> None:
        """Start appending: rewrite the journal with its complete lines only, so that a line cut
        short by a kill is not glued to the next one."""
        keep = _read_journal(self.journal)
        tmp = self.journal.with_name(self.journal.name + ".tmp")
        try:
            tmp.write_text("".join(json.dumps(r.to_json()) + "\n" for r in keep), encoding="utf-8")
            os.replace(tmp, self.journal)
            self._fh = self.journal.open("a", encoding="utf-8")
        except OSError as e:
            raise ResultsError(f"--out {self.path}: cannot write {e.filename or self.journal}: {e.strerror}") from None

    def add(self, record: GameRecord) -> None:
        if record.key in self.records:
            return
        self.records[record.key] = record
        if self._fh is not None:
            self._fh.write(json.dumps(record.to_json()) + "\n")
            self._fh.flush()

    def close(self, finish: bool = True) -> None:
        """Stop appending; with ``finish``, merge everything into the results file and drop the
        journal (otherwise the journal stays for the next run to resume from)."""
        if self._fh is not None:
            self._fh.close()
            self._fh = None
        if finish:
            try:
                write_records(self.path, self.records.values())
            except OSError as e:  # the journal stays: a later run resumes from it
                raise ResultsError(f"--out {self.path}: cannot write it: {e.strerror}; "
                                   f"the games played are kept in {self.journal}") from None
            self.journal.unlink(missing_ok=True)


def iter_records(paths: Sequence[str | Path]) -> Iterator[GameRecord]:
    for p in paths:
        yield from read_records(p)
