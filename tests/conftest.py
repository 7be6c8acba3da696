"""Test-wide hooks: long runs marked ``slow`` run only when asked for (``pytest -m slow``); the
browser tests that could not run are named at the end of every run; the header says whether the
rules run compiled (mypyc) or from their source, and names any compiled module out of date.

The browser tests drive Debian's ``chromium`` through Playwright; without it they are skipped,
and a newcomer should see which and why rather than a bare count of skips."""

from __future__ import annotations

from typing import Any

import pytest


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Which build the run tests: the rules compiled by mypyc, or their source (docs/building.md)."""
    from deadboard import _build_check

    lines = [f"deadboard build: {_build_check.BUILD}"]
    if _build_check.STALE:
        lines.append(f"  out of date: {', '.join(_build_check.STALE)}; rebuild: {_build_check.REBUILD}")
    return lines


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The long runs (thousands of games, figures kept in docs/) are for ``-m slow``; the normal
    run, the one the README's test command makes, keeps to its quick runs."""
    if "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="a long run: python3 -m pytest -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def _reason(report: Any) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    skipped = [r for r in terminalreporter.stats.get("skipped", [])
               if "browser" in getattr(r, "keywords", {}) or "test_browser.py" in r.nodeid]
    if not skipped:
        return
    by_reason: dict[str, list[str]] = {}
    for r in skipped:
        by_reason.setdefault(_reason(r), []).append(r.nodeid)
    terminalreporter.write_sep("-", f"{len(skipped)} browser test{'s' if len(skipped) != 1 else ''} skipped")
    for reason, names in by_reason.items():
        terminalreporter.write_line(f"skipped: {reason}")
        for name in sorted(names):
            terminalreporter.write_line(f"  {name}")
