"""Rules run as kernel steps: no rule, bot or search module drives play from a phase or stage name.

docs/architecture.md: "every rule a step of the one kernel". A module that compares ``.phase ==``
or ``stage ==``, or re-pushes its own step, is a phase machine hidden inside a step. Drawing code
(``render``, ``svg``) may read the phase a state shows, to say it."""

from __future__ import annotations

import re
from pathlib import Path

GAMES = Path(__file__).resolve().parents[1] / "src" / "deadboard" / "games"
PATTERN = re.compile(r"steps\.append\(self\)|stage ==|\.phase ==")
DRAWING = ("render", "svg")


def test_no_rule_module_drives_play_from_a_phase_name() -> None:
    found = [
        f"{path.relative_to(GAMES)}:{n}: {line.strip()}"
        for path in sorted(GAMES.rglob("*.py"))
        if not any(word in path.stem for word in DRAWING)
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if PATTERN.search(line)
    ]
    assert not found, "\n".join(found)
