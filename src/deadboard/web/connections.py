"""Connections held open are bounded: a request's head and body must arrive in time, an idle
connection is closed, and a game's long polls are limited (one per token, a few per game).

==================  ====================================================================================
``HEADER_TIMEOUT``  a connection's request head (line and headers) must arrive within this many seconds
                    of its opening, or of the answer to its previous request (slow-loris)
``BODY_TIMEOUT``    a request's body must arrive within this many seconds of its head (a slow body)
``IDLE_TIMEOUT``    a kept-alive connection with no new request is closed after this many seconds
``POLLS_PER_GAME``  long polls waiting on one game; a newer one ends the oldest
one per token       a newer long poll from the same token ends the older one
==================  ====================================================================================

The first three are kept by the HTTP protocol itself (:class:`TimedH11Protocol`, uvicorn's h11
protocol with a deadline), which closes a connection past its deadline: the application never sees
a request that did not arrive. The polls are kept by :class:`Polls` in the event loop.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0
BODY_TIMEOUT = 30.0
IDLE_TIMEOUT = 5
POLLS_PER_GAME = 16
#: how long a poll ended by a newer one waits before it answers "unchanged" (two pages on one token
#: then take turns every second instead of ending each other without pause, and a token's polls ask
#: for at most one page a change however many it sends)
SUPERSEDED_GRACE = 1.0


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline: the request's head within ``HEADER_TIMEOUT`` seconds,
    then its body within ``BODY_TIMEOUT``; past it the connection is closed. Between requests the
    keep-alive timeout (``IDLE_TIMEOUT``) closes an idle connection sooner."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._deadline: asyncio.TimerHandle | None = None
        super().connection_made(transport)  # type: ignore[arg-type]
        self._arm(HEADER_TIMEOUT)

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()

    def handle_events(self) -> None:
        cycle = self.cycle
        super().handle_events()
        if self.cycle is not None and self.cycle is not cycle:  # a request's head arrived: its body next
            self._arm(BODY_TIMEOUT)
        if self.cycle is not None and self.conn.their_state is not h11.SEND_BODY:  # the request is in
            self._disarm()

    def on_response_complete(self) -> None:
        self._arm(HEADER_TIMEOUT)  # the next request's head (a pipelined one is read at once, below)
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


class Polls:
    """The long polls waiting on each game, in the event loop: one per token (a newer poll ends the
    older one) and at most ``per_game`` per game (a newer poll ends the oldest)."""

    def __init__(self, per_game: int = POLLS_PER_GAME) -> None:
        self.per_game = per_game
        self._waiting: dict[str, OrderedDict[str, asyncio.Event]] = {}

    def enter(self, gid: str, who: str) -> asyncio.Event:
        """A poll of ``who`` (its token) on ``gid`` begins; the event is set when a newer one ends it."""
        polls = self._waiting.setdefault(gid, OrderedDict())
        older = polls.pop(who, None)
        if older is not None:
            older.set()
        while len(polls) >= self.per_game:
            polls.popitem(last=False)[1].set()
        ended = polls[who] = asyncio.Event()
        return ended

    def leave(self, gid: str, who: str, ended: asyncio.Event) -> None:
        polls = self._waiting.get(gid)
        if polls is not None and polls.get(who) is ended:
            del polls[who]
            if not polls:
                del self._waiting[gid]

    def waiting(self, gid: str) -> int:
        return len(self._waiting.get(gid, ()))

    async def wait(self, gid: str, who: str, change: asyncio.Event, timeout: float) -> bool:
        """Wait for ``change`` at most ``timeout`` seconds, or until a newer poll ends this one (then
        it answers "unchanged" after ``SUPERSEDED_GRACE`` seconds, whatever happens meanwhile: the
        newer poll has the change); whether the game changed."""
        ended = self.enter(gid, who)
        waits: list[asyncio.Future[Any]] = [asyncio.ensure_future(change.wait()),
                                            asyncio.ensure_future(ended.wait())]
        try:
            await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            if ended.is_set():
                await asyncio.sleep(SUPERSEDED_GRACE)
                return False
            return change.is_set()
        finally:
            for w in waits:
                w.cancel()
            self.leave(gid, who, ended)


__all__ = ["BODY_TIMEOUT", "HEADER_TIMEOUT", "IDLE_TIMEOUT", "POLLS_PER_GAME", "Polls", "TimedH11Protocol"]
