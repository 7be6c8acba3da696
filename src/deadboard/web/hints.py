"""Hints and search bots off the request path: the hint engine, its worker processes and limits,
and warming up what a game builds on first use."""

from __future__ import annotations

import importlib
import logging
import math
import multiprocessing
import os
import pickle
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from deadboard.bots.base import Bot
from deadboard.core.action import Action
from deadboard.core.errors import DeadboardError
from deadboard.core.game import Game, Setup, State
from deadboard.core.registry import find_descriptor, get_game
from deadboard.core.rng import Rng
from deadboard.web.errors import TooMany

log = logging.getLogger("deadboard.web")


#: how long the hint engine searches for one hint
HINT_BUDGET = "0.8s"
#: the longest a search bot thinks about one decision on the server (seconds)
BOT_THINKING = 2.0


class SearchHints:
    """The search bot's ``analyse`` (module ``deadboard.bots.mcts``) as a hint engine: given a
    seat's view it returns the recommended action and the estimated chance of winning after it,
    with the figures of the other actions considered, each also in the game's words (``label``).
    A plain object, so that it can be sent to the hint process."""

    def __call__(self, game: Game, view: State, seat: int) -> dict[str, Any]:
        analyse = importlib.import_module("deadboard.bots.mcts").analyse
        result = analyse(game, view, seat, HINT_BUDGET)
        data = result.to_json()
        found = find_descriptor(game)
        legal = {a.text: a for a in game.legal_actions(view)}

        def said(text: str) -> str:  # the action in the game's words
            action = legal.get(text)
            return found.describe(view, seat, action) if found is not None and action is not None else text

        return {
            "action": data["action"],
            "label": said(data["action"]),
            "win": data.get("win_estimate"),
            "iterations": data.get("iterations"),
            "alternatives": [
                {"action": a["action"], "label": said(a["action"]), "win": a.get("win_estimate"),
                 "visits": a.get("visits")}
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


#: how often a worker process looks whether the server that started it is still there (seconds)
ORPHAN_CHECK = 0.25


def _end_with_parent(parent: int) -> None:
    """End this process once ``parent`` is gone, however it ended (a SIGKILL too): its parent process
    id changes when it is adopted. Asked from a thread of its own rather than by the parent-death
    signal (``PR_SET_PDEATHSIG``), which fires when the *thread* that started the process ends — a
    request's thread, here — not the process."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(ORPHAN_CHECK)
        os._exit(0)

    if os.getppid() != parent:
        os._exit(0)
    threading.Thread(target=watch, name="deadboard-orphan-watch", daemon=True).start()


def _hint_process_start(game_ids: Sequence[str], content: Mapping[str, str], parent: int) -> None:
    """Start of a worker process: it ends with the server, and builds its own lines of sight so that
    its first search is not slower."""
    _end_with_parent(parent)
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


def _bot_job(bot: Bot, game_id: str, view: State | None, legal: list[Action], seconds: float) -> tuple[str, Bot]:
    """A search bot's choice, in a worker process, thought out for at most ``seconds`` (its budget
    of iterations kept when it is reached sooner); the bot comes back with it (its RNG moved on)."""
    from deadboard.bots.mcts import Budget, MCTSBot  # a search bot's module, installed with it

    if isinstance(bot, MCTSBot) and (bot.budget.seconds is None or bot.budget.seconds > seconds):
        bot.budget = Budget(bot.budget.iterations, seconds)
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
                initializer=_hint_process_start, initargs=(self._game_ids, self._content, os.getpid()),
            )
        return self._procs

    def run(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        """``fn(*args)`` in a worker process (a search bot's move: it waits its turn, never refused)."""
        with self._lock:
            if self._procs is None:
                self._procs = ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_hint_process_start, initargs=(self._game_ids, self._content, os.getpid()),
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
