"""The games a server holds: creating, acting, undo, saves, replay, bots. No HTTP here.

Every game is a :class:`Session` cached in memory and rebuilt from the database (setup, seed,
actions) when it is not; the database is the truth. Each game has its own lock: requests on one
game are served one at a time, requests on different games run side by side. An action is applied
to a clone of the state and written in one transaction before the clone replaces the state, so a
rejected action or a failed write changes nothing.

Who may do what is decided by tokens: each token names the seats it speaks for. A page only ever
receives ``game.view(state, seat)`` for a seat of its token, the legal actions of that seat when it
decides, and the event log of that view. Action texts of other seats are never sent (they may name
a secret pick); the log says what the others did.

A game of several people starts with an *invitation* per person seat and an owner token for its
creator, who holds no seat: the first to open an invitation claims the seat and receives the seat's
own token; the invitation is then gone. The owner can revoke and reissue an unclaimed invitation. A
token for every seat (hot-seat) exists only when the creator asks for a hot-seat game.

Hints run in a separate process (see :class:`Hints`), never on a request's thread: a search cannot
slow another game's action. Before a game ends no seat receives its seed: a save of an unfinished
game is handed out only to a token holding every seat, with the seed sealed by the server's key.
"""

from __future__ import annotations

import importlib
import logging
import math
import multiprocessing
import os
import pickle
import secrets
import threading
import time
import tomllib
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from deadboard.bots.base import Bot, bot_names, make_bot
from deadboard.core.action import Action
from deadboard.core.errors import DeadboardError, IllegalActionError, SaveError, SetupError, UnknownGameError
from deadboard.core.game import Game, Setup, State
from deadboard.core.registry import get_game, list_games
from deadboard.core.rng import Rng, derive_seed
from deadboard.core.save import MAX_SEED, SaveFile, check_depth, load_checked, make_save
from deadboard.web import drawing
from deadboard.web.store import ActionRow, ConflictError, Store, digest

log = logging.getLogger("deadboard.web")

PERSON = "person"
BOT = "bot"
OWNER = "owner"
CHECKPOINT_EVERY = 25
LOG_WINDOW = 80  # events sent with a replay step


class WebError(Exception):
    """A request the server refuses; ``status`` is the HTTP status, ``code`` a short tag."""

    status = 400
    code = "bad-request"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadRequest(WebError):
    status = 400
    code = "bad-request"


class Forbidden(WebError):
    status = 403
    code = "forbidden"


class NotFound(WebError):
    status = 404
    code = "not-found"


class Conflict(WebError):
    status = 409
    code = "conflict"


class Illegal(WebError):
    status = 422
    code = "illegal-action"


class TooMany(WebError):
    """Over a limit: try again after ``retry_after`` seconds (sent as ``Retry-After``)."""

    status = 429
    code = "too-many-requests"

    def __init__(self, message: str, retry_after: int = 1) -> None:
        super().__init__(message)
        self.retry_after = max(1, int(retry_after))


@dataclass
class Seat:
    player: str  # PERSON or BOT
    bot: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "bot": self.bot}


@dataclass
class Session:
    id: str
    game: Game
    setup: Setup
    seed: int
    seats: list[Seat]
    state: State
    actions: list[ActionRow]
    rev: int
    tokens: dict[str, tuple[list[int], str]] = field(default_factory=dict)  # digest -> (seats, label)
    bots: dict[int, Bot] = field(default_factory=dict)
    log_epoch: int = 0
    bot_error: str | None = None
    bot_busy: bool = False

    @property
    def persons(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.player == PERSON]

    def bot_to_move(self) -> bool:
        d = self.state.decision
        return d is not None and self.seats[d.seat].player == BOT

    def bot(self, seat: int) -> Bot:
        b = self.bots.get(seat)
        if b is None:
            name = self.seats[seat].bot or "random"
            b = make_bot(name, self.game, seat, derive_seed(self.seed, "bot", seat, len(self.actions)))
            self.bots[seat] = b
        return b


def _rebuild(game: Game, setup: Setup, seed: int, texts: Sequence[str]) -> tuple[State, list[int], list[str]]:
    """The state after ``texts``, the seat that decided each action and each action's text in the
    engine's own spelling. Raises SaveError."""
    state = game.new(setup, seed)
    deciders: list[int] = []
    canonical: list[str] = []
    for i, text in enumerate(texts):
        d = state.decision
        if d is None:
            raise SaveError(f"action {i + 1} ({text!r}) comes after the end of the game")
        try:
            action = game.parse_action(state, text)
            game.apply(state, action)
        except DeadboardError as e:
            raise SaveError(f"action {i + 1} ({text!r}) does not replay: {e}") from None
        deciders.append(d.seat)
        canonical.append(action.text)
    return state, deciders, canonical


#: how long the hint engine searches for one hint
HINT_BUDGET = "0.8s"


class SearchHints:
    """The search bot's ``analyse`` (module ``deadboard.bots.mcts``) as a hint engine: given a
    seat's view it returns the recommended action and the estimated chance of winning after it,
    with the figures of the other actions considered. A plain object, so that it can be sent to
    the hint process."""

    def __call__(self, game: Game, view: State, seat: int) -> dict[str, Any]:
        analyse = importlib.import_module("deadboard.bots.mcts").analyse
        result = analyse(game, view, seat, HINT_BUDGET)
        data = result.to_json()
        return {
            "action": data["action"],
            "win": data.get("win_estimate"),
            "iterations": data.get("iterations"),
            "alternatives": [
                {"action": a["action"], "win": a.get("win_estimate"), "visits": a.get("visits")}
                for a in data.get("actions", [])[:5]
            ],
        }


def find_hint_provider() -> Callable[[Game, State, int], dict[str, Any]] | None:
    """:class:`SearchHints` if the search bot is installed (its module has ``analyse``), else None."""
    try:
        mod = importlib.import_module("deadboard.bots.mcts")
    except ImportError:
        return None
    if not callable(getattr(mod, "analyse", None)):
        return None
    return SearchHints()


def warm_up(game_ids: Sequence[str], content: Mapping[str, str], games: int = 3) -> None:
    """Build what a game's first actions would otherwise build under its lock (The Night's lines of
    sight take a third of a second): its content, and the geometry its rules ask for, by playing a
    few seeded random games through."""
    for gid in game_ids:
        try:
            game = get_game(gid)
            base = game.default_setup()
            setup = game.normalize_setup(Setup(scenario=base.scenario, options=dict(base.options),
                                               players=base.players, content=content.get(gid)))
            for seed in range(games):
                state = game.new(setup, seed)
                rng = Rng(seed)
                for _ in range(20_000):
                    if state.decision is None:
                        break
                    legal = game.legal_actions(state)
                    game.apply_unchecked(state, legal[rng.below(len(legal))])
        except DeadboardError as e:  # a game that cannot be warmed is still served
            log.warning("warming up %s failed: %s", gid, e)


def _hint_process_start(game_ids: Sequence[str], content: Mapping[str, str]) -> None:
    """Start of a hint process: its own lines of sight, so that its first search is not slower."""
    warm_up(game_ids, content)


def _hint_job(provider: Callable[[Game, State, int], dict[str, Any]], game_id: str, view: State,
              seat: int) -> dict[str, Any]:
    try:
        return provider(get_game(game_id), view, seat)
    except DeadboardError as e:
        return {"error": str(e)}


SEARCH_BOTS = ("mcts",)


def is_search_bot(name: str | None) -> bool:
    """Whether a bot searches (and so is run in the hint process): ``mcts``, ``mcts:500`` …"""
    return (name or "").partition(":")[0] in SEARCH_BOTS


def _bot_job(bot: Bot, game_id: str, view: State | None, legal: list[Action]) -> tuple[str, Bot]:
    """A search bot's choice, in the hint process; the bot comes back with it (its RNG moved on)."""
    return bot.choose(get_game(game_id), view, legal).text, bot


class Hints:
    """Searches for hints, off the request path and bounded.

    A search runs in a worker process (``workers`` of them: a search holds the interpreter, which a
    thread would share with every request). At most ``capacity`` searches wait or run at once on the
    server and one per game; past that a request gets 429 with a ``Retry-After``. Answers are kept
    per game, revision and seat, so asking again costs nothing. A hint engine that cannot be sent to
    a process (a test's stand-in) runs on a thread instead."""

    def __init__(self, workers: int, capacity: int, game_ids: Sequence[str], content: Mapping[str, str]) -> None:
        self.workers = max(1, workers)
        self.capacity = max(self.workers, capacity)
        self._game_ids = list(game_ids)
        self._content = dict(content)
        self._procs: ProcessPoolExecutor | None = None
        self._threads: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()
        self._jobs: dict[tuple[str, int, int], Future[dict[str, Any]]] = {}
        self._cache: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
        self.refused = 0

    def _executor(self, provider: Callable[..., Any]) -> ProcessPoolExecutor | ThreadPoolExecutor:
        try:
            pickle.dumps(provider)
        except Exception:  # a closure or lambda: run it on a thread
            if self._threads is None:
                self._threads = ThreadPoolExecutor(self.workers, thread_name_prefix="deadboard-hint")
            return self._threads
        if self._procs is None:
            self._procs = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_hint_process_start, initargs=(self._game_ids, self._content),
            )
        return self._procs

    def run(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        """``fn(*args)`` in a worker process (a search bot's move: it waits its turn, never refused)."""
        with self._lock:
            if self._procs is None:
                self._procs = ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_hint_process_start, initargs=(self._game_ids, self._content),
                )
            return self._procs.submit(fn, *args)

    def start(self) -> None:
        """Start the worker processes now (they import the engine and build the geometry)."""
        provider = find_hint_provider()
        if provider is not None:
            ex = self._executor(provider)
            for _ in range(self.workers):
                ex.submit(time.sleep, 0)

    def ask(self, key: tuple[str, int, int], provider: Callable[[Game, State, int], dict[str, Any]],
            game: Game, view: State, seat: int) -> dict[str, Any] | Future[dict[str, Any]]:
        """The cached answer, the search already running for it, or a new search."""
        with self._lock:
            got = self._cache.get(key)
            if got is not None:
                self._cache.move_to_end(key)
                return got
            running = self._jobs.get(key)
            if running is not None:
                return running
            if any(k[0] == key[0] for k in self._jobs):
                self.refused += 1
                raise TooMany("a hint for this game is being searched; ask again in a moment", 1)
            if len(self._jobs) >= self.capacity:
                self.refused += 1
                wait = math.ceil(len(self._jobs) / self.workers * float(HINT_BUDGET.rstrip("s"))) + 1
                raise TooMany("the server is searching as many hints as it can; ask again in a moment", wait)
            fut: Future[dict[str, Any]] = self._executor(provider).submit(_hint_job, provider, game.id, view, seat)
            self._jobs[key] = fut
        fut.add_done_callback(lambda f: self._done(key, f))
        return fut

    def _done(self, key: tuple[str, int, int], fut: Future[dict[str, Any]]) -> None:
        with self._lock:
            self._jobs.pop(key, None)
            if not fut.cancelled() and fut.exception() is None:
                self._cache[key] = fut.result()
                while len(self._cache) > 256:
                    self._cache.popitem(last=False)

    def forget(self, gids: Sequence[str]) -> None:
        gone = set(gids)
        with self._lock:
            for k in [k for k in self._cache if k[0] in gone]:
                del self._cache[k]

    def close(self) -> None:
        """Stop at once: searches still running are of no use to anyone once the server stops."""
        procs = list(getattr(self._procs, "_processes", {}).values()) if self._procs is not None else []
        for ex in (self._procs, self._threads):
            if ex is not None:
                ex.shutdown(wait=False, cancel_futures=True)
        for proc in procs:
            proc.terminate()


def new_token() -> str:
    return secrets.token_urlsafe(18)


def new_invite() -> str:
    return secrets.token_urlsafe(18)


def new_game_id() -> str:
    return secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")


class Service:
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
            with self._cache_lock:
                for gid in gone:
                    self._sessions.pop(gid, None)
            with self._locks_guard:
                for gid in gone:
                    self._locks.pop(gid, None)
            self.hints.forget(gone)
            log.info("removed %d game(s) unchanged for %.1f days", len(gone), keep_seconds / 86400)
        return len(gone)

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
        state, _, _ = _rebuild(game, setup, row.seed, [a.text for a in actions])
        tokens = {d: (seats, label) for d, seats, label in self.store.tokens(gid)}
        seats = [Seat(s["player"], s.get("bot")) for s in row.seats]
        return Session(gid, game, setup, row.seed, seats, state, actions, row.rev, tokens, log_epoch=row.rev)

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

    # ----- the catalogue -------------------------------------------------------------------------
    def catalog(self) -> list[dict[str, Any]]:
        return [self.describe(gid) for gid in list_games()]

    def describe(self, game_id: str) -> dict[str, Any]:
        game = self._game(game_id)
        out = game.describe()
        out["bots"] = bot_names(game)
        out["drawing"] = drawing.drawing_module(game) is not None
        out["default_setup"] = game.default_setup().to_json()
        if game.id in self.content:
            out["content"] = self.content[game.id]
        return out

    def _game(self, game_id: Any) -> Game:
        if not isinstance(game_id, str) or not game_id:
            raise BadRequest("name a game: 'game' must be a game id such as 'the-night'")
        try:
            return get_game(game_id)
        except UnknownGameError as e:
            raise NotFound(str(e)) from None

    def capabilities(self) -> dict[str, Any]:
        return {"hint": self.hint_provider is not None}

    def check_setup(self, game_id: str, body: Mapping[str, Any]) -> dict[str, Any]:
        game = self._game(game_id)
        setup = self._setup(game, body)
        return {"setup": setup.to_json(), "seats": game.seat_names(setup), "seat_count": game.seats(setup)}

    def _setup(self, game: Game, body: Mapping[str, Any]) -> Setup:
        scenario = body.get("scenario") or ""
        if not isinstance(scenario, str):
            raise BadRequest("'scenario' must be a scenario id")
        options = body.get("options") or {}
        if not isinstance(options, Mapping):
            raise BadRequest("'options' must be an object of option id -> value")
        by_id = {o.id: o for o in game.options}
        opts: dict[str, Any] = {}
        for key, value in options.items():
            opt = by_id.get(key)
            if opt is not None and opt.kind == "file" and isinstance(value, str):
                try:
                    value = tomllib.loads(value)
                    check_depth(value, f"option {key}")
                except tomllib.TOMLDecodeError as e:
                    raise BadRequest(f"option {key}: not valid TOML: {e}") from None
                except RecursionError:
                    raise BadRequest(f"option {key}: nested too deeply") from None
                except SaveError as e:
                    raise BadRequest(str(e)) from None
            if opt is not None and opt.kind == "flag" and value in (False, None, "", "off", "false"):
                continue
            opts[key] = value
        players = body.get("players")
        if players is None:
            hint = getattr(game, "players_for_options", None)
            players = int(hint(list(opts))) if callable(hint) else game.min_players
        if not isinstance(players, int) or isinstance(players, bool):
            raise BadRequest("'players' must be a whole number")
        if body.get("content") is not None:
            raise BadRequest("a page cannot choose a content pack: the server's owner serves one with "
                             "`deadboard serve --content GAME=FOLDER`")
        try:
            return game.normalize_setup(Setup(scenario=scenario, options=opts, players=players,
                                              content=self.content.get(game.id)))
        except SetupError as e:
            raise BadRequest(str(e)) from None

    def _seats(self, game: Game, n: int, spec: Any) -> list[Seat]:
        if spec is None:
            return [Seat(PERSON) for _ in range(n)]
        if not isinstance(spec, list) or len(spec) != n:
            raise BadRequest(f"'seats' must list {n} seat{'s' if n != 1 else ''} for this setup")
        out: list[Seat] = []
        names = bot_names(game)
        for i, s in enumerate(spec):
            if not isinstance(s, Mapping) or s.get("player") not in (PERSON, BOT):
                raise BadRequest(f"seat {i + 1}: give {{\"player\": \"person\"}} or {{\"player\": \"bot\", \"bot\": NAME}}")
            if s["player"] == BOT:
                name = s.get("bot")
                if name not in names:
                    raise BadRequest(f"seat {i + 1}: unknown bot {name!r} for {game.name}; choose one of: {', '.join(names)}")
                out.append(Seat(BOT, str(name)))
            else:
                out.append(Seat(PERSON))
        return out

    def _check_bots(self, game: Game, seats: Sequence[Seat], seed: int) -> None:
        for i, s in enumerate(seats):
            if s.player == BOT:
                try:
                    make_bot(s.bot or "random", game, i, seed)
                except DeadboardError as e:
                    raise BadRequest(f"seat {i + 1}: {e}") from None
                except Exception as e:  # a bot listed but not installed (its module is missing)
                    raise BadRequest(f"seat {i + 1}: the bot {s.bot!r} is not available here ({e})") from None

    # ----- creating games ------------------------------------------------------------------------
    def create(self, body: Mapping[str, Any]) -> dict[str, Any]:
        game = self._game(body.get("game"))
        setup = self._setup(game, body)
        seed = body.get("seed")
        if seed is None or seed == "":
            seed = secrets.randbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise BadRequest("'seed' must be a whole number from 0 to 2^63-1, or left out for a random one")
        seats = self._seats(game, game.seats(setup), body.get("seats"))
        self._check_bots(game, seats, seed)
        try:
            state = game.new(setup, seed)
        except SetupError as e:
            raise BadRequest(str(e)) from None
        return self._start(game, setup, seed, seats, state, [], [], bool(body.get("hotseat")))

    def load(self, body: Mapping[str, Any]) -> dict[str, Any]:
        raw = body.get("save")
        if raw is None:
            raise BadRequest("send the save file as 'save' (its JSON object or its text)")
        if not isinstance(raw, (str, dict)):
            raise BadRequest("'save' must be the save file: its JSON object or its text")
        try:
            save = SaveFile.loads(raw, "save") if isinstance(raw, str) else SaveFile.from_json(raw, "save")
            pack = save.setup.content
            if pack is not None and pack != self.content.get(save.game):
                raise BadRequest(f"save: it was played with the content pack {pack!r}, which this server does not "
                                 f"serve for {save.game} (deadboard serve --content {save.game}=FOLDER)")
            result = load_checked(save, key=self.key)
            game = result.game
            setup = game.normalize_setup(save.setup)
            seed = result.seed
            if not 0 <= seed <= MAX_SEED:
                raise SaveError("save: the seed is out of range")
            state, deciders, texts = _rebuild(game, setup, seed, save.actions)
        except DeadboardError as e:
            raise BadRequest(str(e)) from None
        seats = self._seats(game, game.seats(setup), body.get("seats"))
        self._check_bots(game, seats, seed)
        return self._start(game, setup, seed, seats, state, texts, deciders, bool(body.get("hotseat")))

    def _start(
        self,
        game: Game,
        setup: Setup,
        seed: int,
        seats: list[Seat],
        state: State,
        texts: Sequence[str],
        deciders: Sequence[int],
        hotseat: bool,
    ) -> dict[str, Any]:
        gid = new_game_id()
        names = game.seat_names(setup)
        persons = [i for i, s in enumerate(seats) if s.player == PERSON]
        tokens: list[tuple[str, list[int], str]] = []
        invites: list[tuple[str, int, str]] = []
        if len(persons) == 1:
            tokens.append((new_token(), persons, names[persons[0]]))
        elif not persons:
            tokens.append((new_token(), list(range(len(seats))), "watch"))
        elif hotseat:
            tokens.append((new_token(), persons, "hot-seat"))
        else:
            tokens.append((new_token(), [], OWNER))
            invites = [(new_invite(), p, names[p]) for p in persons]
        rows = [ActionRow(t, d, seats[d].player == BOT) for t, d in zip(texts, deciders, strict=True)]
        d = state.decision
        bot_to_move = d is not None and seats[d.seat].player == BOT
        self.store.create(
            gid, game.id, game.version, setup.to_json(), seed, [s.to_json() for s in seats],
            [(t, s, label) for t, s, label in tokens], rows, over=d is None, bot_to_move=bot_to_move,
        )
        for code, seat, label in invites:
            self.store.add_invite(gid, seat, code, label)
        out: dict[str, Any] = {"id": gid, "game": game.id, "seats": self._seat_list(game, setup, seats)}
        if invites:
            owner = tokens[0][0]
            out["owner"] = owner
            out["links"] = [self._invite_link(gid, code, seat, label) for code, seat, label in invites]
        else:
            out["links"] = [{"label": label, "seats": s, "token": t, "url": f"/play/{gid}#{t}"} for t, s, label in tokens]
        out["open"] = out["links"][0]["url"]
        if bot_to_move:
            self.kick_bots(gid)
        return out

    @staticmethod
    def _invite_link(gid: str, code: str, seat: int, label: str) -> dict[str, Any]:
        return {"label": label, "seats": [seat], "invite": code, "url": f"/play/{gid}#invite={code}"}

    # ----- invitations ---------------------------------------------------------------------------
    def claim(self, gid: str, invite: Any) -> dict[str, Any]:
        """The first to open an invitation takes its seat: the seat's own token, once."""
        if not isinstance(invite, str) or not invite:
            raise BadRequest("send the invitation as 'invite': the code from its link")
        with self.lock(gid):
            s = self._session(gid)
            token = new_token()
            got = self.store.claim(gid, invite, token)
            if got is None:
                raise Forbidden("this invitation does not open a seat of this game: it was claimed already, "
                                "revoked, or mistyped; ask the game's creator for a new one")
            seat, label = got
            s.tokens[digest(token)] = ([seat], label)
        self._changed(gid)
        return {"id": gid, "seat": seat, "label": label, "token": token, "url": f"/play/{gid}#{token}"}

    def invitations(self, gid: str, token: str | None) -> dict[str, Any]:
        """For the creator: each person seat, claimed or not."""
        with self.lock(gid):
            s = self._session(gid)
            self._owner(s, token)
            open_seats = self.store.invites(gid)
            names = s.game.seat_names(s.setup)
            return {"id": gid, "seats": [{"seat": p, "name": names[p], "claimed": p not in open_seats}
                                         for p in s.persons]}

    def reissue(self, gid: str, token: str | None, seat: Any) -> dict[str, Any]:
        """A new invitation for an unclaimed seat; the old one stops working."""
        with self.lock(gid):
            s = self._session(gid)
            self._owner(s, token)
            p = self._unclaimed(s, seat)
            code = new_invite()
            label = s.game.seat_names(s.setup)[p]
            self.store.add_invite(gid, p, code, label)
            return self._invite_link(gid, code, p, label)

    def revoke(self, gid: str, token: str | None, seat: Any) -> dict[str, Any]:
        with self.lock(gid):
            s = self._session(gid)
            self._owner(s, token)
            p = self._unclaimed(s, seat)
            self.store.revoke_invite(gid, p)
            return {"id": gid, "seat": p, "revoked": True}

    def _unclaimed(self, s: Session, seat: Any) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in s.persons:
            raise BadRequest(f"'seat' must be a person's seat of this game: {', '.join(map(str, s.persons))}")
        if any(seats == [seat] for seats, _ in s.tokens.values()):
            raise Conflict(f"seat {seat} has been claimed: its invitation can no longer be changed")
        return seat

    def _seat_list(self, game: Game, setup: Setup, seats: Sequence[Seat]) -> list[dict[str, Any]]:
        names = game.seat_names(setup)
        return [{"seat": i, "name": names[i], **s.to_json()} for i, s in enumerate(seats)]

    # ----- reading -------------------------------------------------------------------------------
    def rev(self, gid: str) -> int:
        with self._cache_lock:
            s = self._sessions.get(gid)
        if s is not None:
            return s.rev
        r = self.store.rev(gid)
        if r is None:
            raise NotFound(f"no game {gid!r} on this server")
        return r

    def authorize(self, gid: str, token: str | None) -> list[int]:
        with self.lock(gid):
            s = self._session(gid)
            return self._auth(s, token)[0]

    def page(self, gid: str, token: str | None, log_from: int = 0, log_epoch: int | None = None) -> dict[str, Any]:
        with self.lock(gid):
            s = self._session(gid)
            seats, label = self._auth(s, token)
            return self._page(s, seats, label, log_from, log_epoch)

    def _page(self, s: Session, seats: list[int], label: str, log_from: int, log_epoch: int | None) -> dict[str, Any]:
        """What a page shows. Call with the game's lock held; the drawing is made from a view."""
        game, state = s.game, s.state
        d = state.decision
        yours = d is not None and d.seat in seats and s.seats[d.seat].player == PERSON
        viewer = d.seat if yours and d is not None else seats[0]
        view = game.view(state, viewer)
        legal = game.legal_actions(state) if yours else []
        outcome = game.outcome(state)
        names = game.seat_names(s.setup)
        drawn = drawing.draw(game, view, viewer, legal)
        labels = drawn.pop("labels", {})
        targeted = {t for texts in drawn["targets"].values() for t in texts}
        events = view.log
        if log_epoch != s.log_epoch or not 0 <= log_from <= len(events):
            log_from = 0
        return {
            "id": s.id,
            "game": game.id,
            "name": game.name,
            "setup": s.setup.to_json(),
            "rev": s.rev,
            "steps": len(s.actions),
            "seats": self._seat_list(game, s.setup, s.seats),
            "you": seats,
            "label": label,
            "viewer": viewer,
            "decision": None if d is None else {
                "seat": d.seat, "name": names[d.seat], "kind": d.kind, "prompt": d.prompt, "yours": yours,
                "player": s.seats[d.seat].player,
            },
            "legal": [{"text": a.text, "label": labels.get(a.text, a.text)} for a in legal],
            "buttons": [a.text for a in legal if a.text not in targeted],
            "drawing": drawn,
            "log": [drawing.event_json(e, game) for e in events[log_from:]],
            "log_from": log_from,
            "log_total": len(events),
            "log_epoch": s.log_epoch,
            "outcome": None if outcome is None else outcome.to_json(),
            "can_undo": self._can_undo(s, seats) is None,
            "can_save": self._can_save(s, seats) is None,
            "bot_busy": s.bot_busy or s.bot_to_move(),
            "bot_error": s.bot_error,
            "capabilities": self.capabilities(),
        }

    # ----- acting --------------------------------------------------------------------------------
    def act(self, gid: str, token: str | None, text: Any, at: Any = None, log_from: int = 0,
            log_epoch: int | None = None) -> dict[str, Any]:
        if not isinstance(text, str) or not text.strip():
            raise BadRequest("send the action as 'action': its text, e.g. \"move Ben c5\"")
        if at is not None and (not isinstance(at, int) or isinstance(at, bool)):
            raise BadRequest("'at' must be the game's rev (a whole number) that the page was drawn at")
        with self.lock(gid):
            s = self._session(gid)
            seats, label = self._auth(s, token)
            if at is not None and at != s.rev:
                raise Conflict("the game has changed since your page was drawn; look again and choose anew")
            d = s.state.decision
            if d is None:
                raise Conflict("the game is over")
            if d.seat not in seats or s.seats[d.seat].player != PERSON:
                who = s.game.seat_names(s.setup)[d.seat]
                raise Conflict(f"it is not your decision now: {who} decides ({d.prompt})")
            self._apply(s, text, d.seat, by_bot=False)
            page = self._page(s, seats, label, log_from, log_epoch)
            bots = s.bot_to_move()
        self._changed(gid)
        if bots:
            self.kick_bots(gid)
        return page

    def _apply(self, s: Session, text: str, seat: int, by_bot: bool) -> None:
        """Apply on a clone, write, then swap in. Call with the game's lock held."""
        game = s.game
        new = s.state.clone()
        try:
            action = game.parse_action(new, text)
            game.apply(new, action)
        except IllegalActionError as e:
            raise Illegal(str(e)) from None
        d = new.decision
        bot_next = d is not None and s.seats[d.seat].player == BOT
        row = ActionRow(action.text, seat, by_bot)
        try:
            rev = self.store.append(s.id, s.rev, len(s.actions), [row], over=d is None, bot_to_move=bot_next)
        except ConflictError:
            with self._cache_lock:
                self._sessions.pop(s.id, None)
            raise Conflict("the game was changed by another request at the same moment; look again") from None
        s.state = new
        s.actions.append(row)
        s.rev = rev

    def _can_undo(self, s: Session, seats: Sequence[int]) -> str | None:
        """None if ``seats`` may undo now, else why not."""
        persons = s.persons
        if len(persons) != 1:
            return "undo is for solitaire games (one seat played by a person)"
        if persons[0] not in seats:
            return "only the player can undo"
        if not any(not a.by_bot for a in s.actions):
            return "nothing to undo"
        return None

    def undo(self, gid: str, token: str | None, log_from: int = 0, log_epoch: int | None = None) -> dict[str, Any]:
        with self.lock(gid):
            s = self._session(gid)
            seats, label = self._auth(s, token)
            why = self._can_undo(s, seats)
            if why is not None:
                raise Conflict(why)
            keep = max(i for i, a in enumerate(s.actions) if not a.by_bot)
            actions = s.actions[:keep]
            state, _, _ = _rebuild(s.game, s.setup, s.seed, [a.text for a in actions])
            d = state.decision
            bot_next = d is not None and s.seats[d.seat].player == BOT
            try:
                rev = self.store.truncate(gid, s.rev, keep, over=d is None, bot_to_move=bot_next)
            except ConflictError:
                raise Conflict("the game was changed by another request at the same moment; look again") from None
            s.state, s.actions, s.rev = state, actions, rev
            s.log_epoch = rev
            s.bots.clear()
            page = self._page(s, seats, label, log_from, log_epoch)
        self._changed(gid)
        return page

    # ----- saves ---------------------------------------------------------------------------------
    def _can_save(self, s: Session, seats: Sequence[int]) -> str | None:
        """None if ``seats`` may download the save now. Before the end a save would show what other
        seats (bots included) did in secret, so only a token holding every seat gets one; its seed
        is sealed either way (see :meth:`save`)."""
        if s.state.decision is None:
            return None
        if set(seats) >= set(range(len(s.seats))):
            return None
        return ("a save of an unfinished game shows every seat's actions, the other seats' secrets among them: "
                "it can be downloaded once the game is over")

    def save(self, gid: str, token: str | None) -> SaveFile:
        """The save, signed with this server's key; before the end with the seed sealed (no seat
        learns the future from it, and only this server can resume it)."""
        with self.lock(gid):
            s = self._session(gid)
            seats, _ = self._auth(s, token)
            why = self._can_save(s, seats)
            if why is not None:
                raise Forbidden(why)
            save = make_save(s.game, s.state, [a.text for a in s.actions])
            return save.signed(self.key, seal=s.state.decision is not None)

    # ----- replay --------------------------------------------------------------------------------
    def replay_step(self, gid: str, token: str | None, step: Any) -> dict[str, Any]:
        if not isinstance(step, int) or isinstance(step, bool):
            raise BadRequest("'step' must be a whole number")
        with self.lock(gid):
            s = self._session(gid)
            seats, _ = self._auth(s, token)
            n = len(s.actions)
            if not 0 <= step <= n:
                raise BadRequest(f"'step' must be from 0 to {n}")
            game, setup, seed, rev = s.game, s.setup, s.seed, s.rev
            actions = list(s.actions)
        state = self._state_at(gid, rev, game, setup, seed, actions, step)
        d = state.decision
        viewer = d.seat if d is not None and d.seat in seats else seats[0]
        view = game.view(state, viewer)
        drawn = drawing.draw(game, view, viewer, [])
        drawn.pop("labels", None)
        names = game.seat_names(setup)
        last = actions[step - 1] if step else None
        if last is None:
            what = "the game is set up"
        elif last.seat in seats:
            what = f"{names[last.seat]}: {last.text}"
        else:
            what = f"{names[last.seat]} acted"
        start = max(0, len(view.log) - LOG_WINDOW)
        outcome = game.outcome(state)
        return {
            "step": step,
            "steps": n,
            "rev": rev,
            "action": what,
            "decision": None if d is None else {"seat": d.seat, "name": names[d.seat], "prompt": d.prompt},
            "drawing": drawn,
            "log": [drawing.event_json(e, game) for e in view.log[start:]],
            "log_from": start,
            "outcome": None if outcome is None else outcome.to_json(),
        }

    def _state_at(self, gid: str, rev: int, game: Game, setup: Setup, seed: int,
                  actions: Sequence[ActionRow], step: int) -> State:
        """The state after ``step`` actions, from checkpoints kept every CHECKPOINT_EVERY actions."""
        key = (gid, rev)
        with self._replays_lock:
            marks = self._replays.get(key)
            if marks is None:
                marks = [game.new(setup, seed)]
                self._replays[key] = marks
                while len(self._replays) > 8:
                    self._replays.popitem(last=False)
            self._replays.move_to_end(key)
            k = min(step // CHECKPOINT_EVERY, len(marks) - 1)
            state = marks[k].clone()
            i = k * CHECKPOINT_EVERY
            while i < step:
                game.apply(state, actions[i].text)
                i += 1
                if i % CHECKPOINT_EVERY == 0 and i // CHECKPOINT_EVERY == len(marks):
                    marks.append(state.clone())
        return state

    # ----- hints ---------------------------------------------------------------------------------
    def hint(self, gid: str, token: str | None) -> dict[str, Any] | Future[dict[str, Any]]:
        """The hint engine's recommendation for the seat deciding now, searched on that seat's view
        in the hint process (:class:`Hints`): the answer if it is known for this revision of the
        game, else the search's future. TooMany past the limits."""
        provider = self.hint_provider
        if provider is None:
            raise NotFound("no hint engine is installed on this server")
        with self.lock(gid):
            s = self._session(gid)
            seats, _ = self._auth(s, token)
            d = s.state.decision
            if d is None or d.seat not in seats or s.seats[d.seat].player != PERSON:
                raise Conflict("a hint is for the seat that decides now")
            view = s.game.view(s.state, d.seat)
            game, key = s.game, (gid, s.rev, d.seat)
        return self.hints.ask(key, provider, game, view, d.seat)

    # ----- bots ----------------------------------------------------------------------------------
    def kick_bots(self, gid: str) -> None:
        """Let the bots play their seats of this game (in the background) until a person decides."""
        if self._closing:
            return
        with self._bot_jobs_lock:
            if gid in self._bot_jobs:
                return
            self._bot_jobs.add(gid)
        try:
            self._bots.submit(self._run_bots, gid)
        except RuntimeError:  # shutting down
            with self._bot_jobs_lock:
                self._bot_jobs.discard(gid)

    def resume_bots(self) -> int:
        """After a restart: restart every game waiting for a bot."""
        waiting = self.store.waiting_for_bots()
        for gid in waiting:
            self.kick_bots(gid)
        return len(waiting)

    def _run_bots(self, gid: str) -> None:
        try:
            while not self._closing:
                with self.lock(gid):
                    s = self._session(gid)
                    d = s.state.decision
                    if d is None or s.seats[d.seat].player != BOT:
                        s.bot_busy = False
                        return
                    s.bot_busy = True
                    rev = s.rev
                    game = s.game
                    legal = game.legal_actions(s.state)
                    bot = s.bot(d.seat)
                    view = game.view(s.state, d.seat) if bot.needs_view and len(legal) > 1 else None
                    searches = is_search_bot(s.seats[d.seat].bot)
                # thinking happens outside the lock: pages keep being served meanwhile; a search bot
                # thinks in the hint process, so that it holds no interpreter another game needs
                if len(legal) == 1:
                    action: Action = legal[0]
                elif searches:
                    text, bot = self.hints.run(_bot_job, bot, game.id, view, legal).result()
                    action = next(a for a in legal if a.text == text)
                else:
                    action = bot.choose(game, view, legal)
                with self.lock(gid):
                    s = self._session(gid)
                    if s.rev != rev:
                        continue
                    if searches:
                        s.bots[d.seat] = bot  # the bot as it is after choosing (its own random draws)
                    try:
                        self._apply(s, action.text, d.seat, by_bot=True)
                    except WebError as e:
                        s.bot_error = f"the {s.seats[d.seat].bot} bot of seat {d.seat + 1} failed: {e.message}"
                        s.bot_busy = False
                        log.error("game %s: %s", gid, s.bot_error)
                        self.store.set_bot_to_move(gid, False)
                        return
                self._changed(gid)
        except Exception as e:
            if self._closing:  # the server stops: a search cut short is taken up at the next start
                return
            log.exception("game %s: the bots stopped", gid)
            with self.lock(gid):
                with self._cache_lock:
                    s2 = self._sessions.get(gid)
                if s2 is not None:
                    s2.bot_error = f"the bots stopped: {e}"
                    s2.bot_busy = False
            self._changed(gid)
        finally:
            with self._bot_jobs_lock:
                self._bot_jobs.discard(gid)
            # a change that arrived while the job was finishing must not be lost
            if not self._closing:
                try:
                    with self.lock(gid):
                        s3 = self._session(gid)
                        again = s3.bot_to_move() and s3.bot_error is None
                except WebError:
                    again = False
                if again:
                    self.kick_bots(gid)

    def wait_idle(self, gid: str, timeout: float = 10.0) -> None:
        """Block until no bot is to move in this game (tests and scripts)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock(gid):
                s = self._session(gid)
                if not s.bot_to_move() or s.bot_error:
                    return
            time.sleep(0.01)
        raise TimeoutError(f"the bots of game {gid} did not finish in {timeout} s")


__all__ = ["BadRequest", "Conflict", "Forbidden", "Hints", "Illegal", "NotFound", "SearchHints", "Service", "Session",
           "TooMany", "WebError"]
