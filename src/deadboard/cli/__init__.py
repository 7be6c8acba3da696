"""The ``deadboard`` command. Every user mistake ends in a one-line error and exit code 2."""

from __future__ import annotations

import sys

from deadboard.cli.app import app


def main() -> None:
    from deadboard.core.errors import DeadboardError

    try:
        app()  # usage errors (a bad flag) are reported by the command-line parser with exit code 2
    except DeadboardError as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)


__all__ = ["app", "main"]
