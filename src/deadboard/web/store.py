"""Games on disk: one SQLite file holds every game the server has, so a restart loses nothing.

A game is its setup, seed and seats plus the list of actions taken, exactly what a save file holds;
the state itself is never stored, it is rebuilt by replaying the actions. Each change is one
transaction that also bumps the game's ``rev``; an action row's key is ``(game, n)``, so two
writers that raced past the per-game lock (two server processes on one file) cannot both append
action ``n``: the second one fails and changes nothing.

A campaign is a row of its own (its game, seats, seed and the digest of its token) and the list of
its games, one per chapter (Zpocalypse 2) or one for the whole campaign (Day Night Z's campaign
game); everything else about it is in those games. A game of a campaign is removed with its
campaign, never alone: a campaign is removed when neither it nor any of its games changed for the
expiry time.

Tokens and invitations are stored as SHA-256 digests: reading the database does not give a way
into a game. The file is created readable by its owner only (0600), and so is the server's signing
key beside it (``FILE.key``).

Durability: every change is committed with ``synchronous=FULL`` (the default): an answered action
survives a crash of the process and a power loss. ``synchronous="NORMAL"`` (``serve --durability
normal``) survives a crash of the process but may lose the last answered changes on a power loss.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deadboard.core.table import Entry

SCHEMA_VERSION = 2  # 2: campaigns

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    version TEXT NOT NULL,
    setup TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    rev INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0,
    bot_to_move INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    digest TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seats TEXT NOT NULL,
    label TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    text TEXT NOT NULL,
    seat INTEGER NOT NULL,
    by_bot INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, n)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS invites (
    digest TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    label TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS campaigns (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    digest TEXT NOT NULL UNIQUE,
    seats TEXT NOT NULL,
    seed INTEGER NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS campaign_games (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    game_id TEXT NOT NULL UNIQUE,
    PRIMARY KEY (campaign_id, n)
) WITHOUT ROWID;
-- games loaded from a save whose seed was sealed: their saves keep it sealed, even after the end
CREATE TABLE IF NOT EXISTS sealed_games (
    game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tokens_by_game ON tokens(game_id);
CREATE INDEX IF NOT EXISTS invites_by_game ON invites(game_id);
CREATE INDEX IF NOT EXISTS games_by_update ON games(updated);
CREATE INDEX IF NOT EXISTS games_waiting ON games(bot_to_move) WHERE bot_to_move = 1;
"""


SYNCHRONOUS = ("FULL", "NORMAL")


class StoreError(Exception):
    """The database cannot be opened or written (a server problem, not a user mistake)."""


class ConflictError(Exception):
    """Another writer changed the game first; nothing was written."""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


#: an action as the database keeps it: the table's own record entry (text, seat, by_bot)
ActionRow = Entry


@dataclass(frozen=True)
class GameRow:
    id: str
    game: str
    version: str
    setup: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    rev: int
    over: bool
    created: float


@dataclass(frozen=True)
class CampaignRow:
    """A campaign: the game its chapters are games of, its seats and seed, and its games in order
    (the last one is where it stands)."""

    id: str
    game: str
    digest: str
    seats: list[dict[str, Any]]
    seed: int
    games: list[str]
    created: float
    updated: float


class Store:
    """Thread-safe access to the games file: one connection per thread, WAL journal, short write
    transactions (``BEGIN IMMEDIATE``) with a busy timeout."""

    def __init__(self, path: str | Path, synchronous: str = "FULL") -> None:
        self.path = str(path)
        if self.path == ":memory:" or self.path.startswith("file:"):
            raise StoreError("the games database must be a file (each thread opens its own connection)")
        if synchronous.upper() not in SYNCHRONOUS:
            raise StoreError(f"durability {synchronous!r}: choose one of {', '.join(s.lower() for s in SYNCHRONOUS)}")
        self.synchronous = synchronous.upper()
        try:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            # created for its owner alone, before SQLite makes it (SQLite gives its -wal and -shm
            # files the same permissions)
            os.close(os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600))
        except OSError as e:
            raise StoreError(f"cannot create {self.path}: {e.strerror or e}") from None
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._all_lock = threading.Lock()
        self._write_lock = threading.Lock()
        conn = self._conn()
        try:
            conn.executescript(SCHEMA)
            row = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            if row is None:
                conn.execute("INSERT INTO meta(key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            elif int(row[0]) > SCHEMA_VERSION:
                raise StoreError(f"{self.path} was written by a newer deadboard (schema {row[0]})")
            elif int(row[0]) < SCHEMA_VERSION:
                # the new tables are made above; an older server would expire a campaign's games
                # one by one, so it must not open the file any more
                conn.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION),))
        except sqlite3.DatabaseError as e:
            raise StoreError(f"{self.path} is not a usable games database: {e}") from None

    def _conn(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            try:
                conn = sqlite3.connect(self.path, timeout=30.0, isolation_level=None, check_same_thread=False)
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute(f"PRAGMA synchronous={self.synchronous}")
                conn.execute("PRAGMA foreign_keys=ON")
            except sqlite3.Error as e:
                raise StoreError(f"cannot open {self.path}: {e}") from None
            self._local.conn = conn
            with self._all_lock:
                self._all.append(conn)
        return conn

    def close(self) -> None:
        with self._all_lock:
            for c in self._all:
                with suppress(sqlite3.Error):
                    c.close()
            self._all.clear()
        self._local = threading.local()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction. Writers of this process take turns on a lock first: SQLite's own
        wait for a busy database sleeps in steps of milliseconds, far longer than a write takes."""
        conn = self._conn()
        with self._write_lock:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            else:
                conn.execute("COMMIT")

    # ----- games ---------------------------------------------------------------------------------
    def create(
        self,
        gid: str,
        game: str,
        version: str,
        setup: dict[str, Any],
        seed: int,
        seats: Sequence[dict[str, Any]],
        tokens: Sequence[tuple[str, Sequence[int], str]],
        actions: Sequence[ActionRow] = (),
        over: bool = False,
        bot_to_move: bool = False,
        campaign: tuple[str, int] | None = None,
        sealed: bool = False,
    ) -> None:
        """A new game; with ``campaign`` (its id, the game's number in it) the game is that
        campaign's next one, in the same transaction (ConflictError if that number is taken); with
        ``sealed`` its seed stays sealed in every save of it (it was loaded from a sealed save)."""
        now = time.time()
        with self._write() as c:
            c.execute(
                "INSERT INTO games(id, game, version, setup, seed, seats, rev, over, bot_to_move, created, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)",
                (gid, game, version, json.dumps(setup), seed, json.dumps(list(seats)), int(over), int(bot_to_move), now, now),
            )
            c.executemany(
                "INSERT INTO tokens(digest, game_id, seats, label) VALUES (?, ?, ?, ?)",
                [(digest(tok), gid, json.dumps(list(s)), label) for tok, s, label in tokens],
            )
            c.executemany(
                "INSERT INTO actions(game_id, n, text, seat, by_bot, at) VALUES (?, ?, ?, ?, ?, ?)",
                [(gid, i, a.text, a.seat, int(a.by_bot), now) for i, a in enumerate(actions)],
            )
            if campaign is not None:
                try:
                    c.execute("INSERT INTO campaign_games(campaign_id, n, game_id) VALUES (?, ?, ?)",
                              (campaign[0], campaign[1], gid))
                except sqlite3.IntegrityError:
                    raise ConflictError(campaign[0]) from None
                c.execute("UPDATE campaigns SET updated = ? WHERE id = ?", (now, campaign[0]))
            if sealed:
                c.execute("INSERT INTO sealed_games(game_id) VALUES (?)", (gid,))

    def is_sealed(self, gid: str) -> bool:
        """Whether the game's seed stays sealed in its saves for ever (see :meth:`create`)."""
        return self._conn().execute("SELECT 1 FROM sealed_games WHERE game_id = ?", (gid,)).fetchone() is not None

    def load(self, gid: str) -> tuple[GameRow, list[ActionRow]] | None:
        c = self._conn()
        row = c.execute(
            "SELECT id, game, version, setup, seed, seats, rev, over, created FROM games WHERE id = ?", (gid,)
        ).fetchone()
        if row is None:
            return None
        actions = [
            ActionRow(t, s, bool(b))
            for t, s, b in c.execute("SELECT text, seat, by_bot FROM actions WHERE game_id = ? ORDER BY n", (gid,))
        ]
        g = GameRow(row[0], row[1], row[2], json.loads(row[3]), row[4], json.loads(row[5]), row[6], bool(row[7]), row[8])
        return g, actions

    def rev(self, gid: str) -> int | None:
        row = self._conn().execute("SELECT rev FROM games WHERE id = ?", (gid,)).fetchone()
        return None if row is None else int(row[0])

    def tokens(self, gid: str) -> list[tuple[str, list[int], str]]:
        """(digest, seats, label) of every token of a game."""
        rows = self._conn().execute("SELECT digest, seats, label FROM tokens WHERE game_id = ?", (gid,)).fetchall()
        return [(r[0], [int(x) for x in json.loads(r[1])], str(r[2])) for r in rows]

    def append(self, gid: str, expect_rev: int, n: int, rows: Sequence[ActionRow], over: bool, bot_to_move: bool) -> int:
        """Append actions ``n, n+1 …`` if the game is still at ``expect_rev``; returns the new rev."""
        now = time.time()
        with self._write() as c:
            cur = c.execute("SELECT rev FROM games WHERE id = ?", (gid,)).fetchone()
            if cur is None or int(cur[0]) != expect_rev:
                raise ConflictError(gid)
            try:
                c.executemany(
                    "INSERT INTO actions(game_id, n, text, seat, by_bot, at) VALUES (?, ?, ?, ?, ?, ?)",
                    [(gid, n + i, a.text, a.seat, int(a.by_bot), now) for i, a in enumerate(rows)],
                )
            except sqlite3.IntegrityError:
                raise ConflictError(gid) from None
            c.execute(
                "UPDATE games SET rev = rev + 1, over = ?, bot_to_move = ?, updated = ? WHERE id = ?",
                (int(over), int(bot_to_move), now, gid),
            )
            return expect_rev + 1

    def truncate(self, gid: str, expect_rev: int, keep: int, over: bool, bot_to_move: bool) -> int:
        """Drop every action from index ``keep`` on (undo); returns the new rev."""
        now = time.time()
        with self._write() as c:
            cur = c.execute("SELECT rev FROM games WHERE id = ?", (gid,)).fetchone()
            if cur is None or int(cur[0]) != expect_rev:
                raise ConflictError(gid)
            c.execute("DELETE FROM actions WHERE game_id = ? AND n >= ?", (gid, keep))
            c.execute(
                "UPDATE games SET rev = rev + 1, over = ?, bot_to_move = ?, updated = ? WHERE id = ?",
                (int(over), int(bot_to_move), now, gid),
            )
            return expect_rev + 1

    def set_bot_to_move(self, gid: str, value: bool) -> None:
        with self._write() as c:
            c.execute("UPDATE games SET bot_to_move = ? WHERE id = ?", (int(value), gid))

    def waiting_for_bots(self) -> list[str]:
        return [r[0] for r in self._conn().execute("SELECT id FROM games WHERE bot_to_move = 1 AND over = 0")]

    def count(self) -> int:
        return int(self._conn().execute("SELECT COUNT(*) FROM games").fetchone()[0])

    # ----- campaigns -----------------------------------------------------------------------------
    def create_campaign(self, cid: str, game: str, token: str, seats: Sequence[dict[str, Any]], seed: int) -> None:
        """A new campaign, without games yet (its first is made with ``create(..., campaign=(cid, 0))``)."""
        now = time.time()
        with self._write() as c:
            c.execute(
                "INSERT INTO campaigns(id, game, digest, seats, seed, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (cid, game, digest(token), json.dumps(list(seats)), seed, now, now),
            )

    def campaign(self, cid: str) -> CampaignRow | None:
        c = self._conn()
        row = c.execute(
            "SELECT id, game, digest, seats, seed, created, updated FROM campaigns WHERE id = ?", (cid,)
        ).fetchone()
        if row is None:
            return None
        games = [r[0] for r in c.execute(
            "SELECT game_id FROM campaign_games WHERE campaign_id = ? ORDER BY n", (cid,))]
        return CampaignRow(row[0], row[1], row[2], json.loads(row[3]), int(row[4]), games, row[5], row[6])

    def campaign_of(self, gid: str) -> str | None:
        """The campaign a game belongs to, if any."""
        row = self._conn().execute("SELECT campaign_id FROM campaign_games WHERE game_id = ?", (gid,)).fetchone()
        return None if row is None else str(row[0])

    def delete_campaign(self, cid: str) -> list[str] | None:
        """Remove a campaign and its games; their ids (None if there was no such campaign)."""
        with self._write() as c:
            if c.execute("SELECT 1 FROM campaigns WHERE id = ?", (cid,)).fetchone() is None:
                return None
            games = [r[0] for r in c.execute("SELECT game_id FROM campaign_games WHERE campaign_id = ?", (cid,))]
            c.executemany("DELETE FROM games WHERE id = ?", [(g,) for g in games])
            c.execute("DELETE FROM campaigns WHERE id = ?", (cid,))
        return games

    # ----- invitations ---------------------------------------------------------------------------
    def add_invite(self, gid: str, seat: int, invite: str, label: str) -> None:
        """A new invitation to ``seat``, replacing any earlier unclaimed one."""
        with self._write() as c:
            c.execute("DELETE FROM invites WHERE game_id = ? AND seat = ?", (gid, seat))
            c.execute("INSERT INTO invites(digest, game_id, seat, label) VALUES (?, ?, ?, ?)",
                      (digest(invite), gid, seat, label))

    def revoke_invite(self, gid: str, seat: int) -> bool:
        with self._write() as c:
            return c.execute("DELETE FROM invites WHERE game_id = ? AND seat = ?", (gid, seat)).rowcount > 0

    def invites(self, gid: str) -> dict[int, str]:
        """seat -> label of every unclaimed invitation of a game."""
        rows = self._conn().execute("SELECT seat, label FROM invites WHERE game_id = ?", (gid,)).fetchall()
        return {int(r[0]): str(r[1]) for r in rows}

    def claim(self, gid: str, invite: str, token: str) -> tuple[int, str] | None:
        """Exchange an invitation for ``token`` (that seat's own), in one transaction: the first
        claim wins and the invitation is gone. None if there is no such invitation."""
        with self._write() as c:
            row = c.execute("SELECT seat, label FROM invites WHERE digest = ? AND game_id = ?",
                            (digest(invite), gid)).fetchone()
            if row is None:
                return None
            c.execute("DELETE FROM invites WHERE digest = ?", (digest(invite),))
            c.execute("INSERT INTO tokens(digest, game_id, seats, label) VALUES (?, ?, ?, ?)",
                      (digest(token), gid, json.dumps([int(row[0])]), str(row[1])))
            c.execute("UPDATE games SET updated = ? WHERE id = ?", (time.time(), gid))
            return int(row[0]), str(row[1])

    # ----- expiry and the signing key ------------------------------------------------------------
    def expire(self, keep_seconds: float, now: float | None = None) -> list[str]:
        """Remove every game unchanged for ``keep_seconds`` (finished or abandoned), and every
        campaign of which neither it nor a game changed that long, with its games; the games' ids."""
        cutoff = (time.time() if now is None else now) - keep_seconds
        with self._write() as c:
            gone = [r[0] for r in c.execute(
                "SELECT id FROM games WHERE updated < ? AND id NOT IN (SELECT game_id FROM campaign_games)",
                (cutoff,))]
            campaigns = [r[0] for r in c.execute(
                "SELECT id FROM campaigns AS k WHERE updated < ? AND NOT EXISTS (SELECT 1 FROM campaign_games AS"
                " cg JOIN games AS g ON g.id = cg.game_id WHERE cg.campaign_id = k.id AND g.updated >= ?)",
                (cutoff, cutoff))]
            for cid in campaigns:
                gone += [r[0] for r in c.execute("SELECT game_id FROM campaign_games WHERE campaign_id = ?", (cid,))]
            c.executemany("DELETE FROM games WHERE id = ?", [(g,) for g in gone])
            c.executemany("DELETE FROM campaigns WHERE id = ?", [(k,) for k in campaigns])
        return gone

    def key(self) -> bytes:
        """The server's signing key, kept in ``FILE.key`` beside the games file (0600), made once."""
        path = Path(self.path + ".key")
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        except OSError as e:
            raise StoreError(f"cannot create the signing key {path}: {e.strerror or e}") from None
        else:
            with os.fdopen(fd, "w") as f:
                f.write(secrets.token_hex(32) + "\n")
        try:
            text = path.read_text(encoding="ascii").strip()
            key = bytes.fromhex(text)
        except (OSError, ValueError, UnicodeDecodeError) as e:
            raise StoreError(f"the signing key {path} is not usable: {e}") from None
        if len(key) < 16:
            raise StoreError(f"the signing key {path} is too short")
        return key
