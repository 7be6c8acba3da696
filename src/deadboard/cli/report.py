"""``deadboard report``: an HTML report (tables and plots) of results files."""

from __future__ import annotations

import typer
from rich.console import Console

from deadboard.cli.app import app
from deadboard.sim.report import write_report


@app.command("report")
def report_cmd(
    results: list[str] = typer.Argument(..., metavar="RESULTS...", help="Results files written by sim, study or tournament (--out)."),
    html: str = typer.Option("report.html", "--html", help="Where to write the report."),
    title: str = typer.Option("deadboard results", "--title", help="The report's title."),
) -> None:
    """Write a self-contained HTML report: outcomes, victory levels, win rate by scenario × optional
    rule with 95% intervals, game length, survival by turn, per-seat figures."""
    n = write_report(results, html, title)
    Console(stderr=True).print(f"[green]{n} games → {html}[/]")
