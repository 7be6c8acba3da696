"""The ``deadboard`` command. Every user mistake ends in a one-line error and exit code 2: a bad
flag or flag value as much as an unknown game or a corrupt save."""

from __future__ import annotations

import sys

from deadboard.cli.app import app


def main() -> None:
    import typer

    from deadboard.core.errors import DeadboardError

    try:  # typer carries its own copy of click
        from typer._click.exceptions import NoArgsIsHelpError, UsageError
    except ImportError:  # pragma: no cover - a typer that uses click itself
        from click.exceptions import NoArgsIsHelpError, UsageError  # type: ignore[assignment]

    command = typer.main.get_command(app)
    try:
        code = command.main(prog_name="deadboard", standalone_mode=False)
    except NoArgsIsHelpError as e:
        print(e.format_message(), file=sys.stderr)
        sys.exit(2)
    except UsageError as e:
        # the parser's own report is a box of several lines; one line says the same
        where = f" (see: {e.ctx.command_path} --help)" if e.ctx is not None else ""
        message = " ".join(e.format_message().split())
        print(f"error: {message}{where}", file=sys.stderr)
        sys.exit(2)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except typer.Abort:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    except DeadboardError as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)


__all__ = ["app", "main"]
