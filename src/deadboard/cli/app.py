"""Commands of the ``deadboard`` tool. Each command lives in its own module; this one wires them."""

from __future__ import annotations

import inspect

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

    # the commands panel of ``deadboard --help`` shows a docstring's first paragraph as written,
    # line breaks included: give it as one line
    for info in app.registered_commands:
        doc = info.help or (info.callback.__doc__ if info.callback else None)
        if info.short_help is None and doc:
            info.short_help = " ".join(inspect.cleandoc(doc).split("\n\n")[0].split())


_register()
