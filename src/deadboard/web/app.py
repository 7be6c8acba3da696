"""The HTTP layer: JSON API under ``/api``, the pages and their static files.

Every error is JSON ``{"error": {"code": ..., "message": ...}}`` with a 4xx status (5xx only for
a fault of the server itself), and changes nothing. The secret token of a link travels in the
``Authorization: Bearer TOKEN`` header (``X-Deadboard-Token`` and ``?token=`` are accepted too); the
pages keep it in the URL fragment, which browsers never send to a server.

Endpoints (``{gid}`` is a game on this server, ``{game}`` a game id such as ``the-night``)::

    GET  /api/meta                          version, capabilities (hint …)
    GET  /api/catalog                       every game: scenarios, options, players, bots
    GET  /api/catalog/{game}                one game
    POST /api/catalog/{game}/setup          check a setup: normalized setup and seat names
    POST /api/games                         new game -> id, one link (token) per seat
    POST /api/games/load                    new game from a save file
    POST /api/games/{gid}/claim             open an invitation: the seat's own token, once
    GET  /api/games/{gid}/invites           the creator: which seats are claimed
    POST /api/games/{gid}/invites/{seat}    the creator: a new invitation for an unclaimed seat
    DELETE /api/games/{gid}/invites/{seat}  the creator: revoke an unclaimed seat's invitation
    GET  /api/games/{gid}                   the page of the token's seat (?since=REV waits for a change)
    POST /api/games/{gid}/actions           take a legal action {"action": text, "at": rev}
    POST /api/games/{gid}/undo              solitaire: take back the last decision
    GET  /api/games/{gid}/save              the save file
    GET  /api/games/{gid}/replay?step=N     the game after N actions, as the seat saw it
    GET  /api/games/{gid}/hint              a recommended action, where a hint engine is installed
    GET  /api/campaigns/catalog             the games that play as campaigns, and where they start
    POST /api/campaigns                     new campaign -> id, its token, the link to its first game
    POST /api/campaigns/import              a campaign continued from a campaign file
    GET  /api/campaigns/{cid}               where the campaign stands, the link that continues it
    POST /api/campaigns/{cid}/next          the next chapter, from the finished chapter's sheet
    GET  /api/campaigns/{cid}/export        the campaign file (as `deadboard play --campaign` reads it)
    DELETE /api/campaigns/{cid}             remove the campaign and its games

Guards (see docs/web.md, "Security and durability"): a request whose ``Host`` is not one the server
answers to is refused (400), and so is a state-changing request from a page of another origin (403);
a body stops being read at 4 MB (413); games are created at a limited rate per client (429 with
``Retry-After``); games unchanged for ``keep_days`` are removed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import threading
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from concurrent.futures import Future
from contextlib import AbstractAsyncContextManager, asynccontextmanager, suppress
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from deadboard.core.errors import SaveError
from deadboard.core.save import parse_json
from deadboard.web.connections import Polls
from deadboard.web.service import BadRequest, Conflict, Illegal, Service, TooMany, WebError
from deadboard.web.store import Store

log = logging.getLogger("deadboard.web")

STATIC = Path(__file__).parent / "static"
MAX_BODY = 4 * 1024 * 1024
LONG_POLL = 20.0
HINT_WAIT = 30.0  # longest a request waits for its hint's search
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class TooLarge(WebError):
    status = 413
    code = "too-large"


def _host_name(value: str) -> str:
    """``Host``/netloc without its port, lower case (``[::1]:8000`` -> ``::1``)."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:].split("]", 1)[0]
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


class GuardMiddleware:
    """Refuses a request whose ``Host`` is not an allowed one (DNS rebinding: a foreign name that
    resolves to this machine), and a state-changing request sent by a page of another origin (its
    browser says so in ``Origin`` or ``Sec-Fetch-Site``; programs that send neither are not pages)."""

    def __init__(self, app: ASGIApp, allowed_hosts: Sequence[str] | None) -> None:
        self.app = app
        self.allowed = None if allowed_hosts is None else {_host_name(h) for h in allowed_hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host", "")
        refusal: tuple[int, str, str] | None = None
        if self.allowed is not None and _host_name(host) not in self.allowed:
            refusal = (400, "bad-host", "this server does not answer to that host name (see serve --allowed-host)")
        elif scope["method"] not in SAFE_METHODS:
            origin = headers.get("origin")
            site = headers.get("sec-fetch-site")
            if origin is not None:
                netloc = origin.split("://", 1)[1] if "://" in origin else None
                if netloc is None or netloc.lower() != host.lower():
                    refusal = (403, "foreign-origin", "a page of another site may not change games on this server")
            elif site is not None and site not in ("same-origin", "none"):
                refusal = (403, "foreign-origin", "a page of another site may not change games on this server")
        if refusal is None:
            await self.app(scope, receive, send)
            return
        await _error(*refusal)(scope, receive, send)


class RateLimit:
    """A token bucket per client: ``per_minute`` new games a minute, ``burst`` at once."""

    def __init__(self, per_minute: float, burst: int) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(max(1, burst))
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()
        self.refused = 0

    def take(self, client: str) -> float:
        """0 if the client may go on, else the seconds until it may."""
        now = time.monotonic()
        with self._lock:
            level, at = self._buckets.get(client, (self.burst, now))
            level = min(self.burst, level + (now - at) * self.rate)
            if level >= 1:
                self._buckets[client] = (level - 1, now)
                if len(self._buckets) > 10_000:  # forget clients whose bucket is full again
                    full = [k for k, (lv, t) in self._buckets.items() if lv + (now - t) * self.rate >= self.burst]
                    for k in full:
                        del self._buckets[k]
                return 0.0
            self._buckets[client] = (level, now)
            self.refused += 1
            return (1 - level) / self.rate if self.rate > 0 else 3600.0

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
        "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


@lru_cache(maxsize=1)
def _version() -> str:
    try:
        return metadata.version("deadboard")
    except metadata.PackageNotFoundError:
        return "dev"


class HeadersMiddleware:
    """Security headers on every answer, ``Cache-Control: no-store`` on the API, and a
    ``Server-Timing`` header with the time the server took (a plain ASGI middleware: it adds headers
    without re-streaming bodies)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.common = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = self.common + ([(b"cache-control", b"no-store")] if scope["path"].startswith("/api/") else [])
        start = time.perf_counter()

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                timing = f"app;dur={(time.perf_counter() - start) * 1000:.2f}".encode()
                message["headers"] = [*message.get("headers", []), *((k, v) for k, v in extra if k not in have),
                                      (b"server-timing", timing)]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class Notifier:
    """Wakes the long polls of a game when it changes (called from any thread)."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self._events: dict[str, asyncio.Event] = {}
        self.closed = False

    def close(self) -> None:
        """Release every waiting page at once (the server is stopping)."""
        self.closed = True
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._fire_all)

    def _fire_all(self) -> None:
        events, self._events = self._events, {}
        for ev in events.values():
            ev.set()

    def notify(self, gid: str) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._fire, gid)

    def _fire(self, gid: str) -> None:
        ev = self._events.pop(gid, None)
        if ev is not None:
            ev.set()

    def event(self, gid: str) -> asyncio.Event:
        ev = self._events.get(gid)
        if ev is None:
            ev = self._events[gid] = asyncio.Event()
        return ev


def _token(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return request.headers.get("x-deadboard-token") or request.query_params.get("token") or None


async def _body(request: Request) -> dict[str, Any]:
    """The JSON object of a request, read at most MAX_BODY bytes far (a chunked body as much as one
    with a length: the reading stops at the limit)."""
    too_large = TooLarge(f"the request is too large (over {MAX_BODY // (1024 * 1024)} MB)")
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > MAX_BODY:
        raise too_large
    parts: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise too_large
            parts.append(chunk)
    except ClientDisconnect:
        raise BadRequest("the client went away before its request was read") from None
    raw = b"".join(parts)
    if not raw.strip():
        return {}
    try:
        data = parse_json(raw, "the request body")
    except SaveError as e:
        raise BadRequest(str(e)) from None
    if not isinstance(data, dict):
        raise BadRequest("the request body must be a JSON object")
    return data


def _int_param(request: Request, name: str, default: int | None) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise BadRequest(f"'{name}' must be a whole number; got {raw!r}") from None


def ok(data: Any, status: int = 200) -> Response:
    """A JSON answer, encoded once with the standard library (the pages' data is plain JSON already,
    so FastAPI's generic encoder would only walk it again)."""
    return Response(json.dumps(data, separators=(",", ":")), status_code=status, media_type="application/json")


def _error(status: int, code: str, message: str, headers: Mapping[str, str] | None = None,
           rule: Mapping[str, str] | None = None) -> JSONResponse:
    error: dict[str, Any] = {"code": code, "message": message} | ({"rule": dict(rule)} if rule is not None else {})
    return JSONResponse({"error": error}, status_code=status, headers=headers)


def create_app(db: str | Path | Store | Service, resume_bots: bool = True, long_poll: float = LONG_POLL,
               content: Mapping[str, str] | None = None, allowed_hosts: Sequence[str] | None = None,
               create_per_minute: float | None = None, keep_days: float | None = None,
               warm: bool = True, start_hints: bool = False, hint_workers: int | None = None, hint_capacity: int = 4,
               durability: str = "full") -> FastAPI:
    """The application. ``db`` is the games file (or a ready Store or Service); ``long_poll`` is how
    long a page's wait for a change is held open (seconds); ``content`` maps a game id to the
    content pack folder its new games use. ``allowed_hosts``: the host names the server answers to
    (None: any); ``create_per_minute``: new games a minute per client (None: no limit);
    ``keep_days``: games unchanged that long are removed (None: kept for ever); ``warm``: build
    every game's geometry at start-up (and with ``start_hints`` start the hint process, which the
    first hint starts otherwise); ``durability``: "full" or
    "normal" (SQLite's ``synchronous``)."""
    if isinstance(db, Service):
        service = db
    else:
        store = db if isinstance(db, Store) else Store(db, synchronous=durability)
        service = Service(store, content=content, hint_workers=hint_workers, hint_capacity=hint_capacity)
    notifier = Notifier()
    service.on_change(notifier.notify)
    limit = RateLimit(create_per_minute, max(1, int(create_per_minute))) if create_per_minute else None
    lifespan = _lifespan(service, notifier, keep_days=keep_days, warm=warm, start_hints=start_hints,
                         resume_bots=resume_bots)
    app = FastAPI(title="deadboard", version=_version(), lifespan=lifespan, docs_url="/api/docs",
                  redoc_url=None, openapi_url="/api/openapi.json")
    app.state.service = service
    app.state.notifier = notifier
    app.state.create_limit = limit
    _add_error_handlers(app)
    app.add_middleware(GuardMiddleware, allowed_hosts=allowed_hosts)
    app.add_middleware(HeadersMiddleware)
    _add_pages(app)
    _add_catalogue(app, service)
    _add_games(app, service, limit)
    _add_play(app, service, notifier, long_poll)
    _add_campaigns(app, service, limit)
    return app


def _lifespan(service: Service, notifier: Notifier, *, keep_days: float | None, warm: bool, start_hints: bool,
              resume_bots: bool) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """Start-up (warming, expiry, the bots of games waiting for them) and shut-down."""

    async def expire_now() -> None:
        if keep_days is not None:
            await run_in_threadpool(service.expire, keep_days * 86400)

    async def expire_hourly() -> None:
        while True:
            await asyncio.sleep(3600)
            try:
                await expire_now()
            except Exception:  # the next hour tries again
                log.exception("removing old games failed")

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        notifier.loop = asyncio.get_running_loop()
        if warm:
            await run_in_threadpool(service.warm_up, start_hints)
        await expire_now()
        sweeper = asyncio.create_task(expire_hourly()) if keep_days is not None else None
        if resume_bots:
            n = await run_in_threadpool(service.resume_bots)
            if n:
                log.info("resumed the bots of %d game(s)", n)
        yield
        if sweeper is not None:
            sweeper.cancel()
            with suppress(asyncio.CancelledError):
                await sweeper
        notifier.loop = None
        await run_in_threadpool(service.close)

    return lifespan


def _add_error_handlers(app: FastAPI) -> None:
    """Every error as JSON ``{"error": {"code", "message"}}``; a crash changes nothing and says so."""

    @app.exception_handler(WebError)
    async def _web_error(request: Request, exc: WebError) -> JSONResponse:
        headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, TooMany) else None
        return _error(exc.status, exc.code, exc.message, headers, exc.rule if isinstance(exc, Illegal) else None)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not-found", 405: "method-not-allowed"}.get(exc.status_code, "http-error")
        message = "no such page or endpoint" if exc.status_code == 404 else str(exc.detail)
        return _error(exc.status_code, code, message)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = ["{}: {}".format(".".join(str(x) for x in e.get("loc", ())), e.get("msg", "")) for e in exc.errors()]
        return _error(400, "bad-request", "; ".join(parts) or "bad request")

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error on %s %s", request.method, request.url.path)
        return _error(500, "internal", "the server failed on this request; nothing was changed")


def _add_pages(app: FastAPI) -> None:
    """The HTML pages and their static files."""

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/play/{gid}", include_in_schema=False)
    async def play_page(gid: str) -> FileResponse:
        return FileResponse(STATIC / "play.html", media_type="text/html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")


def _add_catalogue(app: FastAPI, service: Service) -> None:
    """The games, their scenarios, options and bots, and setups checked."""

    @app.get("/api/meta")
    async def meta() -> Response:
        return ok({"name": "deadboard", "version": _version(), "capabilities": service.capabilities()})

    @app.get("/api/catalog")
    async def catalog() -> Response:
        return ok({"games": await run_in_threadpool(service.catalog)})

    @app.get("/api/catalog/{game}")
    async def catalog_game(game: str) -> Response:
        return ok(await run_in_threadpool(service.describe, game))

    @app.get("/api/catalog/{game}/rules")
    async def rules(game: str) -> Response:
        return ok(await run_in_threadpool(service.rules, game))

    @app.post("/api/catalog/{game}/setup")
    async def check_setup(game: str, request: Request) -> Response:
        body = await _body(request)
        return ok(await run_in_threadpool(service.check_setup, game, body))


def _check_rate(limit: RateLimit | None, request: Request) -> None:
    if limit is None:
        return
    wait = limit.take(request.client.host if request.client else "?")
    if wait > 0:
        raise TooMany("too many new games from this address; wait a moment", int(wait) + 1)


def _add_games(app: FastAPI, service: Service, limit: RateLimit | None) -> None:
    """Creating and loading games (limited per address), and their invitations."""

    def check_rate(request: Request) -> None:
        _check_rate(limit, request)

    @app.post("/api/games", status_code=201)
    async def create(request: Request) -> Response:
        check_rate(request)
        body = await _body(request)
        return ok(await run_in_threadpool(service.create, body), 201)

    @app.post("/api/games/load", status_code=201)
    async def load(request: Request) -> Response:
        check_rate(request)
        body = await _body(request)
        return ok(await run_in_threadpool(service.load, body), 201)

    @app.post("/api/games/{gid}/claim")
    async def claim(gid: str, request: Request) -> Response:
        body = await _body(request)
        return ok(await run_in_threadpool(service.claim, gid, body.get("invite") or _token(request)))

    @app.get("/api/games/{gid}/invites")
    async def invites(gid: str, request: Request) -> Response:
        return ok(await run_in_threadpool(service.invitations, gid, _token(request)))

    @app.post("/api/games/{gid}/invites/{seat}")
    async def reissue(gid: str, seat: str, request: Request) -> Response:
        return ok(await run_in_threadpool(service.reissue, gid, _token(request), _seat(seat)))

    @app.delete("/api/games/{gid}/invites/{seat}")
    async def revoke(gid: str, seat: str, request: Request) -> Response:
        return ok(await run_in_threadpool(service.revoke, gid, _token(request), _seat(seat)))



def _add_play(app: FastAPI, service: Service, notifier: Notifier, long_poll: float) -> None:
    """A game's page (with the long poll for changes), its actions, undo, save, replay and hints."""
    polls = app.state.polls = Polls()

    @app.get("/api/games/{gid}")
    async def page(gid: str, request: Request) -> Response:
        token = _token(request)
        since = _int_param(request, "since", None)
        log_from = _int_param(request, "log_from", 0) or 0
        log_epoch = _int_param(request, "log_epoch", None)
        if since is not None:
            await run_in_threadpool(service.authorize, gid, token)
            ev = notifier.event(gid)
            # one poll a token, a few a game (web/connections.py): a newer poll ends an older one
            if service.rev(gid) == since and not notifier.closed and (
                not await polls.wait(gid, token or "", ev, long_poll) or notifier.closed
            ):
                return ok({"unchanged": True, "rev": since})
        return ok(await run_in_threadpool(service.page, gid, token, log_from, log_epoch))

    @app.post("/api/games/{gid}/actions")
    async def act(gid: str, request: Request) -> Response:
        body = await _body(request)
        return ok(await run_in_threadpool(
            service.act, gid, _token(request), body.get("action"), body.get("at"),
            _as_int(body.get("log_from"), 0) or 0, _as_int(body.get("log_epoch"), None),
        ))

    @app.post("/api/games/{gid}/undo")
    async def undo(gid: str, request: Request) -> Response:
        body = await _body(request)
        return ok(await run_in_threadpool(
            service.undo, gid, _token(request), _as_int(body.get("log_from"), 0) or 0, _as_int(body.get("log_epoch"), None)
        ))

    @app.get("/api/games/{gid}/save")
    async def save(gid: str, request: Request) -> Response:
        sf = await run_in_threadpool(service.save, gid, _token(request))
        name = f"{sf.game}-{gid}-{len(sf.actions)}.json"
        return Response(sf.dumps() + "\n", media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @app.get("/api/games/{gid}/replay")
    async def replay_step(gid: str, request: Request) -> Response:
        step = _int_param(request, "step", 0)
        return ok(await run_in_threadpool(service.replay_step, gid, _token(request), step))

    @app.get("/api/games/{gid}/hint")
    async def hint(gid: str, request: Request) -> Response:
        got = await run_in_threadpool(service.hint, gid, _token(request))
        if isinstance(got, Future):
            # the search runs in the hint process; this request only waits for it
            try:
                got = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(got)), timeout=HINT_WAIT)
            except TimeoutError:
                raise TooMany("the hint is still being searched; ask again in a moment", 2) from None
        if "error" in got:
            raise Conflict(str(got["error"]))
        return ok(got)


def _add_campaigns(app: FastAPI, service: Service, limit: RateLimit | None) -> None:
    """Campaigns: started and imported (limited per address like new games), where they stand,
    the next chapter, the campaign file, deletion."""

    @app.get("/api/campaigns/catalog")
    async def campaign_catalog() -> Response:
        return ok({"campaigns": await run_in_threadpool(service.campaign_catalog)})

    @app.post("/api/campaigns", status_code=201)
    async def new_campaign(request: Request) -> Response:
        _check_rate(limit, request)
        body = await _body(request)
        return ok(await run_in_threadpool(service.create_campaign, body), 201)

    @app.post("/api/campaigns/import", status_code=201)
    async def import_campaign(request: Request) -> Response:
        _check_rate(limit, request)
        body = await _body(request)
        return ok(await run_in_threadpool(service.import_campaign, body), 201)

    @app.get("/api/campaigns/{cid}")
    async def campaign(cid: str, request: Request) -> Response:
        return ok(await run_in_threadpool(service.campaign, cid, _token(request)))

    @app.post("/api/campaigns/{cid}/next")
    async def next_chapter(cid: str, request: Request) -> Response:
        await _body(request)
        return ok(await run_in_threadpool(service.next_chapter, cid, _token(request)))

    @app.get("/api/campaigns/{cid}/export")
    async def export_campaign(cid: str, request: Request) -> Response:
        sheet = await run_in_threadpool(service.export_campaign, cid, _token(request))
        name = re.sub(r"[^A-Za-z0-9._-]+", "-", f"{sheet.campaign}-{sheet.chapter}")[:80]
        return Response(sheet.dumps() + "\n", media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}.json"'})

    @app.delete("/api/campaigns/{cid}")
    async def delete_campaign(cid: str, request: Request) -> Response:
        return ok(await run_in_threadpool(service.delete_campaign, cid, _token(request)))


def _seat(raw: str) -> int:
    if not raw.isascii() or not raw.isdigit() or len(raw) > 3:
        raise BadRequest(f"the seat must be a seat number; got {raw!r}")
    return int(raw)


def _as_int(value: Any, default: int | None) -> int | None:
    if value is None:
        return default
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise BadRequest(f"expected a whole number, got {value!r}")


__all__ = ["GuardMiddleware", "Notifier", "RateLimit", "create_app"]
