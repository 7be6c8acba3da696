"""Commands of the ``deadboard`` tool. Each command lives in its own module; this one wires them."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="deadboard",
    help="Rules engines, bots, a simulator and front ends for zombie-survival board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _register() -> None:
    from deadboard.cli import (  # noqa: F401  (commands register themselves)
        bench,
        games,
        play,
        replay,
        report,
        serve,
        sim,
        study,
        tournament,
    )


_register()
