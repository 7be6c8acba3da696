"""Bots playing their seats on the server, and hints: a bot thinks outside the game's lock, a
search bot in the hint process."""

from __future__ import annotations

import logging
import time
from concurrent.futures import Future
from typing import Any

from deadboard.web.errors import Conflict, NotFound, WebError
from deadboard.web.hints import _bot_job, is_search_bot
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
                    s.bot(d.seat)  # made when its seat first decides
                    turn = s.table.next_bot()
                    assert turn is not None
                    bot = turn.bot
                    searches = is_search_bot(s.seats[d.seat].bot)
                # thinking happens outside the lock: pages keep being served meanwhile; a search bot
                # thinks in the hint process, so that it holds no interpreter another game needs
                if searches and not turn.forced:
                    text, bot = self.hints.run(_bot_job, bot, game.id, turn.view, turn.legal).result()
                    action = next(a for a in turn.legal if a.text == text)
                else:
                    action = turn.choose(game)
                with self.lock(gid):
                    s = self._session(gid)
                    if s.rev != rev:
                        continue
                    if searches:
                        s.bots[d.seat] = bot  # the bot as it is after choosing (its own random draws)
                    try:
                        self._apply(s, action.text, by_bot=True)
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
