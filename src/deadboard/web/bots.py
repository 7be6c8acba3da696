"""Bots playing their seats on the server, and hints: a bot thinks outside the game's lock, one
decision at a time, a search bot in the worker processes."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from deadboard.bots.base import Bot
from deadboard.core.action import Action
from deadboard.core.table import BotTurn
from deadboard.web.errors import Conflict, NotFound, WebError
from deadboard.web.hints import BOT_THINKING, _bot_job, is_search_bot
from deadboard.web.sessions import BOT, PERSON, SessionStore

log = logging.getLogger("deadboard.web")


class Bots(SessionStore):
    """Bots and hints of the games a server holds."""

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
    # A game's bots are scheduled one decision at a time: a step thinks out one decision and applies
    # it, then puts the game's next step at the back of the queue, so that a game whose bots think
    # long never keeps a bot thread from another game. A search bot thinks in the worker processes
    # (``Hints.run``), holding no thread meanwhile: its answer is applied by a step of its own, queued
    # when the search ends. ``_bot_jobs`` holds the games with a step queued or a search running; a
    # game leaves it, under the game's lock, only when no bot is to move.
    def kick_bots(self, gid: str) -> None:
        """Let the bots play their seats of this game (in the background) until a person decides."""
        if self._closing:
            return
        with self._bot_jobs_lock:
            if gid in self._bot_jobs:
                return
            self._bot_jobs.add(gid)
        self._queue_bot(gid, self._bot_step, gid)

    def resume_bots(self) -> int:
        """After a restart: restart every game waiting for a bot."""
        waiting = self.store.waiting_for_bots()
        for gid in waiting:
            self.kick_bots(gid)
        return len(waiting)

    def _queue_bot(self, gid: str, fn: Callable[..., None], *args: Any) -> None:
        try:
            self._bots.submit(fn, *args)
        except RuntimeError:  # shutting down: taken up again at the next start
            with self._bot_jobs_lock:
                self._bot_jobs.discard(gid)

    def _bot_step(self, gid: str) -> None:
        """One bot decision of the game: thought out here (or handed to a worker process), applied."""
        try:
            with self.lock(gid):
                s = self._session(gid)
                d = s.state.decision
                if d is None or s.seats[d.seat].player != BOT or s.bot_error is not None or self._closing:
                    s.bot_busy = False
                    with self._bot_jobs_lock:
                        self._bot_jobs.discard(gid)
                    return
                s.bot_busy = True
                rev, game = s.rev, s.game
                s.bot(d.seat)  # made when its seat first decides
                turn = s.table.next_bot()
                assert turn is not None
                searches = is_search_bot(s.seats[d.seat].bot)
            if searches and not turn.forced:
                # thinks in a worker process: this thread goes back to the other games meanwhile
                search = self.hints.run(_bot_job, turn.bot, game.id, turn.view, turn.legal, BOT_THINKING)
                search.add_done_callback(lambda f: self._queue_bot(gid, self._bot_searched, gid, rev, turn, f))
                return
            self._bot_apply(gid, rev, turn.seat, turn.choose(game), None)
        except Exception as e:
            self._bot_failed(gid, e)

    def _bot_searched(self, gid: str, rev: int, turn: BotTurn, search: Future[tuple[str, Bot]]) -> None:
        """A search bot's answer from its worker process, applied."""
        try:
            text, bot = search.result()
            action = next(a for a in turn.legal if a.text == text)
            self._bot_apply(gid, rev, turn.seat, action, bot)
        except Exception as e:
            self._bot_failed(gid, e)

    def _bot_apply(self, gid: str, rev: int, seat: int, action: Action, bot: Bot | None) -> None:
        """Apply a bot's choice (unless the game moved on meanwhile) and queue the game's next step."""
        with self.lock(gid):
            s = self._session(gid)
            if s.rev == rev:
                if bot is not None:
                    s.bots[seat] = bot  # the bot as it is after choosing (its own random draws)
                try:
                    self._apply(s, action.text, by_bot=True)
                except WebError as e:
                    s.bot_error = f"the {s.seats[seat].bot} bot of seat {seat + 1} failed: {e.message}"
                    s.bot_busy = False
                    log.error("game %s: %s", gid, s.bot_error)
                    self.store.set_bot_to_move(gid, False)
                    with self._bot_jobs_lock:
                        self._bot_jobs.discard(gid)
                    self._changed(gid)
                    return
        self._changed(gid)
        self._queue_bot(gid, self._bot_step, gid)  # at the back of the queue: the other games first

    def _bot_failed(self, gid: str, e: Exception) -> None:
        with self._bot_jobs_lock:
            self._bot_jobs.discard(gid)
        if self._closing or isinstance(e, NotFound):  # stopping; or the game was removed meanwhile
            return
        log.error("game %s: the bots stopped", gid, exc_info=e)
        try:
            with self.lock(gid):
                with self._cache_lock:
                    s = self._sessions.get(gid)
                if s is not None:
                    s.bot_error = f"the bots stopped: {e}"
                    s.bot_busy = False
        except WebError:
            return
        self._changed(gid)

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
