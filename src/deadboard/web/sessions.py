"""Sessions and locks: each game a :class:`Session` (its table: state, record, bots) cached in
memory, rebuilt from the database when it is not; a lock per game; tokens checked; an action
applied on a copy and written before the copy replaces the state."""

from __future__ import annotations

import logging
import os
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from deadboard.bots.base import make_bot
from deadboard.core.errors import IllegalActionError
from deadboard.core.game import Game, Setup, State
from deadboard.core.registry import find_descriptor, get_game, list_games
from deadboard.core.rng import derive_seed
from deadboard.core.table import RESPOND_ALWAYS, RESPOND_AUTO, Player, Table
from deadboard.web.errors import Conflict, Forbidden, Illegal, NotFound
from deadboard.web.hints import Hints, find_hint_provider, warm_up
from deadboard.web.store import ActionRow, ConflictError, Store, digest

log = logging.getLogger("deadboard.web")


PERSON = "person"
BOT = "bot"
OWNER = "owner"


@dataclass
class Seat:
    player: str  # PERSON or BOT
    bot: str | None = None
    #: a person's setting for response windows (core.table: auto, always, never)
    respond: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "bot": self.bot}
        if self.respond is not None:
            out["respond"] = self.respond
        return out


def respond_settings(seats: Sequence[Seat]) -> dict[int, str]:
    """Each person seat's response-window setting for the table: its own, else the table's default
    for the seats the game has (``auto`` against bots, ``always`` among people only)."""
    default = RESPOND_AUTO if any(s.player == BOT for s in seats) else RESPOND_ALWAYS
    return {i: s.respond or default for i, s in enumerate(seats) if s.player == PERSON}


@dataclass
class Session:
    """One game on the server: its table (state, record, the bots made so far), its seats (a person or
    a named bot each), tokens and revision."""

    id: str
    game: Game
    setup: Setup
    seed: int
    seats: list[Seat]
    table: Table[State]
    rev: int
    tokens: dict[str, tuple[list[int], str]] = field(default_factory=dict)  # digest -> (seats, label)
    log_epoch: int = 0
    bot_error: str | None = None
    bot_busy: bool = False
    campaign: str | None = None  # the campaign this game is a chapter of, if any
    sealed: bool = False  # loaded from a save with its seed sealed: every save of it keeps the seal

    @property
    def state(self) -> State:
        return self.table.state

    @property
    def actions(self) -> list[ActionRow]:
        """The record: every action with the seat that took it and whether a bot did."""
        return self.table.record if self.table.record is not None else []

    @property
    def bots(self) -> dict[int, Player]:
        """The bots made so far (a bot is made when its seat first decides; undo makes them anew)."""
        return self.table.bots

    @property
    def persons(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.player == PERSON]

    def bot_to_move(self) -> bool:
        d = self.state.decision
        return d is not None and self.seats[d.seat].player == BOT

    def bot(self, seat: int) -> Player:
        b = self.bots.get(seat)
        if b is None:
            name = self.seats[seat].bot or "random"
            b = make_bot(name, self.game, seat, derive_seed(self.seed, "bot", seat, len(self.actions)))
            self.bots[seat] = b
        return b


def new_token() -> str:
    return secrets.token_urlsafe(18)


def new_invite() -> str:
    return secrets.token_urlsafe(18)


def new_game_id() -> str:
    return secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")



class SessionStore:
    """The games a server holds, their sessions and their locks."""

    def __init__(self, store: Store, cache_size: int = 512, bot_workers: int = 2,
                 content: Mapping[str, str] | None = None, hint_workers: int | None = None,
                 hint_capacity: int = 4) -> None:
        self.store = store
        #: the key this server signs its saves with (and seals their seeds with)
        self.key = store.key()
        #: game id -> the content pack folder new games of that game use (``serve --content``)
        self.content: dict[str, str] = dict(content or {})
        self.cache_size = cache_size
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._locks: dict[str, threading.RLock] = {}
        self._locks_guard = threading.Lock()
        self._listeners: list[Callable[[str], None]] = []
        self._bots = ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="deadboard-bot")
        self._bot_jobs: set[str] = set()
        self._bot_jobs_lock = threading.Lock()
        self._closing = False
        self._replays: OrderedDict[tuple[str, int], list[State]] = OrderedDict()
        self._replays_lock = threading.Lock()
        #: ``(game, view, seat) -> {"action": text, "win": 0..1, ...}``; found at start (see find_hint_provider)
        self.hint_provider: Callable[[Game, State, int], dict[str, Any]] | None = find_hint_provider()
        if hint_workers is None:  # leave a core to the requests
            hint_workers = max(1, (os.cpu_count() or 2) - 1)
        self.hints = Hints(hint_workers, hint_capacity, list_games(), self.content)

    # ----- plumbing ------------------------------------------------------------------------------
    def close(self) -> None:
        self._closing = True
        self.hints.close()
        self._bots.shutdown(wait=True, cancel_futures=True)
        self.store.close()

    def warm_up(self, start_hints: bool = False) -> None:
        """Build every game's geometry now, outside any game's lock; with ``start_hints``, start the
        hint process too (else the first hint starts it)."""
        warm_up(list_games(), self.content)
        if start_hints and self.hint_provider is not None:
            self.hints.start()

    def expire(self, keep_seconds: float) -> int:
        """Remove the games unchanged for ``keep_seconds``; how many."""
        gone = self.store.expire(keep_seconds)
        if gone:
            self._forget(gone)
            log.info("removed %d game(s) unchanged for %.1f days", len(gone), keep_seconds / 86400)
        return len(gone)

    def _forget(self, gone: Sequence[str]) -> None:
        """Drop what memory holds of games removed from the database."""
        with self._cache_lock:
            for gid in gone:
                self._sessions.pop(gid, None)
        with self._locks_guard:
            for gid in gone:
                self._locks.pop(gid, None)
        self.hints.forget(list(gone))

    def on_change(self, fn: Callable[[str], None]) -> None:
        self._listeners.append(fn)

    def _changed(self, gid: str) -> None:
        for fn in self._listeners:
            try:
                fn(gid)
            except Exception:  # a listener must never break a request
                log.exception("change listener failed")

    @contextmanager
    def lock(self, gid: str) -> Iterator[None]:
        """Hold the game's lock (NotFound for a game that does not exist: no lock is made for it)."""
        with self._locks_guard:
            lk = self._locks.get(gid)
        if lk is None:
            if self.store.rev(gid) is None:
                raise NotFound(f"no game {gid!r} on this server")
            with self._locks_guard:
                lk = self._locks.setdefault(gid, threading.RLock())
        with lk:
            yield

    def _session(self, gid: str) -> Session:
        """The game's session, in step with the database. Call with the game's lock held."""
        with self._cache_lock:
            s = self._sessions.get(gid)
            if s is not None:
                self._sessions.move_to_end(gid)
        db_rev = self.store.rev(gid)
        if db_rev is None:
            raise NotFound(f"no game {gid!r} on this server")
        if s is not None and s.rev == db_rev:
            return s
        s = self._load(gid)
        with self._cache_lock:
            self._sessions[gid] = s
            self._sessions.move_to_end(gid)
            while len(self._sessions) > self.cache_size:
                self._sessions.popitem(last=False)
        return s

    def _load(self, gid: str) -> Session:
        loaded = self.store.load(gid)
        if loaded is None:
            raise NotFound(f"no game {gid!r} on this server")
        row, actions = loaded
        game = get_game(row.game)
        setup = Setup.from_json(row.setup)
        seats = [Seat(s["player"], s.get("bot"), s.get("respond")) for s in row.seats]
        table = Table.replay(game, setup, row.seed, [a.text for a in actions], by_bot=[a.by_bot for a in actions],
                             respond=respond_settings(seats))
        tokens = {d: (seats, label) for d, seats, label in self.store.tokens(gid)}
        return Session(gid, game, setup, row.seed, seats, table, row.rev, tokens, log_epoch=row.rev,
                       campaign=self.store.campaign_of(gid), sealed=self.store.is_sealed(gid))

    def capabilities(self) -> dict[str, Any]:
        return {"hint": self.hint_provider is not None}

    def _auth(self, s: Session, token: str | None) -> tuple[list[int], str]:
        if not token:
            raise Forbidden("this game needs the secret token from its link")
        got = s.tokens.get(digest(token))
        if got is None:
            raise Forbidden("this token does not open this game")
        if not got[0]:
            raise Forbidden("this is the creator's link: it manages the invitations and plays no seat; "
                            "open a seat's invitation to play")
        return got

    def _owner(self, s: Session, token: str | None) -> None:
        got = s.tokens.get(digest(token)) if token else None
        if got is None or got[0] or got[1] != OWNER:
            raise Forbidden("only the creator's link (its owner token) manages the invitations")

    def _apply(self, s: Session, text: str, by_bot: bool) -> None:
        """Apply at the game's table on a copy, write, then swap in (a refused action or a failed
        write changes nothing). Call with the game's lock held."""
        revs: list[int] = []

        def write(rows: list[ActionRow], new: State) -> None:
            d = new.decision
            bot_next = d is not None and s.seats[d.seat].player == BOT
            try:
                revs.append(self.store.append(s.id, s.rev, len(s.actions), rows, over=d is None, bot_to_move=bot_next))
            except ConflictError:
                with self._cache_lock:
                    self._sessions.pop(s.id, None)
                raise Conflict("the game was changed by another request at the same moment; look again") from None

        try:
            s.table.apply(text, by_bot=by_bot, commit=write)
        except IllegalActionError as e:
            raise _refused(s, text, str(e)) from None
        s.rev = revs[0]

    def _seat_list(self, game: Game, setup: Setup, seats: Sequence[Seat]) -> list[dict[str, Any]]:
        names = game.seat_names(setup)
        return [{"seat": i, "name": names[i], **s.to_json()} for i, s in enumerate(seats)]


def _refused(s: Session, text: str, message: str) -> Illegal:
    """The refusal of ``text``, naming the rulebook section its kind (or the decision's) follows."""
    found = find_descriptor(s.game)
    kinds = [a.kind for a in s.game.legal_actions(s.state)] if s.state.decision is not None else []
    rule = found.rule_index().refusal(text, kinds) if found is not None else None
    if rule is None:
        return Illegal(message)
    return Illegal(rule.cite(message), rule.to_json())
