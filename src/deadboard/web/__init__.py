"""The browser front end: ``deadboard serve``. An HTTP API over the core engine, a SQLite store of
games, and pages that draw every registered game (see :mod:`deadboard.web.drawing`)."""

from deadboard.web.app import create_app
from deadboard.web.service import Service
from deadboard.web.store import Store

__all__ = ["Service", "Store", "create_app"]
