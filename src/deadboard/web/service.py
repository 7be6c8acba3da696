"""The games a server holds: creating, acting, undo, saves, replay, bots. No HTTP here.

:class:`Service` is made of one part per concern, each in its own module: sessions and locks
(:mod:`~deadboard.web.sessions`), bots and hints (:mod:`~deadboard.web.bots`,
:mod:`~deadboard.web.hints`), page composition and acting (:mod:`~deadboard.web.pages`), creation
and tokens (:mod:`~deadboard.web.creation`), the replay viewer (:mod:`~deadboard.web.replay`).

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

from deadboard.web.creation import Creation
from deadboard.web.errors import BadRequest, Conflict, Forbidden, Illegal, NotFound, TooMany, WebError
from deadboard.web.hints import Hints, SearchHints, find_hint_provider, warm_up
from deadboard.web.replay import Replays
from deadboard.web.sessions import BOT, OWNER, PERSON, Seat, Session


class Service(Creation, Replays):
    """Every game a server holds: creating, reading, acting, undo, saves, replay, bots and hints."""


__all__ = ["BOT", "OWNER", "PERSON", "BadRequest", "Conflict", "Forbidden", "Hints", "Illegal", "NotFound", "SearchHints",
           "Seat", "Service", "Session", "TooMany", "WebError", "find_hint_provider", "warm_up"]
