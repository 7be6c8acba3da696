"""``deadboard serve``: the browser front end on 127.0.0.1."""

from __future__ import annotations

import contextlib
import os
import socket
import sys
from pathlib import Path

import typer

from deadboard.cli.app import app
from deadboard.cli.limits import MOST_CREATE_LIMIT, MOST_KEEP_DAYS

DB_NAME = "games.sqlite3"
LOG_LEVELS = ("critical", "error", "warning", "info", "debug")


def allowed_hosts(bind_address: str, extra: list[str]) -> list[str] | None:
    """The host names requests may carry: the bind address, this machine's loopback names, and any
    ``--allowed-host``. A wildcard bind address (0.0.0.0, ::) adds this machine's name and its
    addresses; ``*`` as an --allowed-host turns the check off."""
    if "*" in extra:
        return None
    names = {bind_address, "localhost", "127.0.0.1", "::1", *extra}
    if bind_address in ("0.0.0.0", "::", ""):
        name = socket.gethostname()
        names.add(name)
        with contextlib.suppress(OSError):  # the addresses other machines reach this one by
            names.update(socket.gethostbyname_ex(name)[2])
    return sorted(n for n in names if n)


def default_db() -> Path:
    """The games file: in the user's data folder (``$XDG_DATA_HOME/deadboard``, else
    ``~/.local/share/deadboard``; ``%LOCALAPPDATA%\\deadboard`` on Windows; ``~/Library/Application
    Support/deadboard`` on macOS), or in the working folder if there is no usable home."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        root = Path(base) if base else None
    elif sys.platform == "darwin":
        root = Path.home() / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_DATA_HOME")
        root = Path(xdg) if xdg else Path.home() / ".local" / "share"
    if root is not None:
        folder = root / "deadboard"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if os.access(folder, os.W_OK):
                return folder / DB_NAME
        except OSError:
            pass
    return Path.cwd() / f"deadboard-{DB_NAME}"


def bind(host: str, port: int) -> socket.socket:
    """A listening socket, or a clear error (port taken, address not on this machine)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        if e.errno in (98, 48, 10048):  # address in use (Linux, macOS, Windows)
            raise typer.BadParameter(f"port {port} on {host} is already in use; choose another with --port", param_hint="--port") from None
        raise typer.BadParameter(f"cannot listen on {host}:{port}: {e.strerror or e}", param_hint="--host") from None
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def content_packs(specs: list[str]) -> dict[str, str]:
    """``GAME=FOLDER`` pairs checked now (the game exists, the folder is a content pack that loads),
    so that a broken pack stops the server from starting rather than a player's first game."""
    from deadboard.core.errors import DeadboardError
    from deadboard.core.game import Setup
    from deadboard.core.registry import get_game

    packs: dict[str, str] = {}
    for spec in specs:
        game_id, eq, folder = spec.partition("=")
        if not eq or not game_id.strip() or not folder.strip():
            raise typer.BadParameter(f"{spec!r}: give GAME=FOLDER, e.g. the-night=./my-night", param_hint="--content")
        try:
            game = get_game(game_id.strip())
        except DeadboardError as e:
            raise typer.BadParameter(str(e), param_hint="--content") from None
        if game.id in packs:
            raise typer.BadParameter(f"{game.id}: one content pack per game", param_hint="--content")
        folder = str(Path(folder.strip()).resolve())
        try:
            game.new(game.normalize_setup(Setup(scenario=game.default_setup().scenario, content=folder)), 0)
        except DeadboardError as e:
            raise typer.BadParameter(f"{game.id}={folder}: {e}", param_hint="--content") from None
        packs[game.id] = folder
    return packs


@app.command("serve")
def serve_cmd(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (default: this machine only)."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port (0 picks a free one)."),
    db: str | None = typer.Option(None, "--db", help="The SQLite file that keeps the games (default: games.sqlite3 in the user's data folder)."),
    log_level: str = typer.Option("warning", "--log-level", help="Server log level: critical, error, warning, info, debug."),
    content: list[str] = typer.Option([], "--content", metavar="GAME=FOLDER",
                                      help="New games of GAME use the content pack in FOLDER instead of the game's own; repeatable."),
    allowed_host: list[str] = typer.Option([], "--allowed-host", metavar="NAME",
                                           help="A host name the server answers to (default: the --host address and localhost); repeatable."),
    keep_days: float = typer.Option(30.0, "--keep-days", min=0.0, max=MOST_KEEP_DAYS,
                                    help="Remove games (finished or abandoned) unchanged for this many days; 0 keeps them for ever."),
    create_limit: float = typer.Option(60.0, "--create-limit", min=0.0, max=MOST_CREATE_LIMIT,
                                       help="New games a minute from one address (burst as many); 0 for no limit."),
    durability: str = typer.Option("full", "--durability",
                                   help="full: an answered action survives a power loss; normal: it survives a crash of the server only (faster)."),
) -> None:
    """Serve the browser front end: every game playable on a page, solo or with others.

    Games are kept in a SQLite file (--db); the default is games.sqlite3 in the user's data folder
    ($XDG_DATA_HOME/deadboard or ~/.local/share/deadboard), or deadboard-games.sqlite3 in the
    working folder when there is no usable home. A restart loses no game."""
    import uvicorn

    from deadboard.web import create_app
    from deadboard.web.connections import IDLE_TIMEOUT, TimedH11Protocol
    from deadboard.web.store import StoreError

    if log_level.lower() not in LOG_LEVELS:
        raise typer.BadParameter(f"{log_level!r}: choose one of {', '.join(LOG_LEVELS)}", param_hint="--log-level")
    if durability.lower() not in ("full", "normal"):
        raise typer.BadParameter(f"{durability!r}: choose full or normal", param_hint="--durability")
    hosts = allowed_hosts(host, allowed_host)
    packs = content_packs(content)
    path = Path(db) if db else default_db()
    # Requests are served by threads; a shorter switch interval hands the interpreter to a waiting
    # request sooner when another one is busy (an action that runs a whole zombie phase).
    sys.setswitchinterval(0.001)
    try:
        application = create_app(path, content=packs, allowed_hosts=hosts, keep_days=keep_days or None,
                                 create_per_minute=create_limit or None, durability=durability.lower(),
                                 start_hints=True)
    except StoreError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    # the geometry a game's first action would build under that game's lock (The Night's lines of
    # sight) is built now, before the address is given out
    application.state.service.warm_up()
    sock = bind(host, port)
    real_port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"deadboard is serving on http://{shown}:{real_port}/  (games in {path}; Ctrl+C stops)")
    sys.stdout.flush()
    # a request's head and body must arrive in time and an idle connection is closed
    # (web/connections.py): connections held open cannot pile up
    config = uvicorn.Config(application, log_level=log_level.lower(), access_log=False, timeout_graceful_shutdown=3,
                            http=TimedH11Protocol, timeout_keep_alive=IDLE_TIMEOUT)
    notifier = application.state.notifier

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: object) -> None:
            notifier.close()  # pages waiting for a change are answered at once
            super().handle_exit(sig, frame)  # type: ignore[arg-type]

    server = Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
