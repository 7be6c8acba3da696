"""The ``deadboard`` command. Every user mistake ends in a one-line error and exit code 2."""

from __future__ import annotations

import sys

from deadboard.cli.app import app


def main() -> None:
    from deadboard.core.errors import DeadboardError

    try:
        app(standalone_mode=False)
    except DeadboardError as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    except SystemExit:
        raise
    except Exception as e:  # click's usage errors and friends
        import click

        if isinstance(e, click.exceptions.Abort):
            sys.exit(1)
        if isinstance(e, click.ClickException):
            e.show()
            sys.exit(2)
        raise


__all__ = ["app", "main"]
