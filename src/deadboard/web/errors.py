"""The errors the web service refuses a request with: each an HTTP status and a short code."""

from __future__ import annotations


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
    """An action the rules refuse now; ``rule`` is the rulebook section its kind follows
    (``{"label": "§3.11 Line of Sight", "section": quick reference title}``), where known."""

    status = 422
    code = "illegal-action"

    def __init__(self, message: str, rule: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class TooMany(WebError):
    """Over a limit: try again after ``retry_after`` seconds (sent as ``Retry-After``)."""

    status = 429
    code = "too-many-requests"

    def __init__(self, message: str, retry_after: int = 1) -> None:
        super().__init__(message)
        self.retry_after = max(1, int(retry_after))



__all__ = ["BadRequest", "Conflict", "Forbidden", "Illegal", "NotFound", "TooMany", "WebError"]
