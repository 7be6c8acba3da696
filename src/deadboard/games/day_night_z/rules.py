"""Day Night Z on the step kernel: an adventure (set up by :mod:`.setup`), its hidden decks, its
snapshot and its outcome."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from deadboard.core.action import Action
from deadboard.core.game import Outcome, Result, Scenario, Setup
from deadboard.core.kernel import KernelGame
from deadboard.core.rng import Rng
from deadboard.games.day_night_z.board import CELLS
from deadboard.games.day_night_z.concepts import threat_text
from deadboard.games.day_night_z.content import load_content
from deadboard.games.day_night_z.setup import HIDDEN_DECKS, SEATS, new_state
from deadboard.games.day_night_z.state import DNZState
from deadboard.games.day_night_z.tactics import plan_candidates

VERSION = "3"


def _scenarios() -> tuple[Scenario, ...]:
    return tuple(Scenario(a.id, a.name, a.text) for a in load_content().adventures)


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by uncompiled games and tests
class DayNightZ(KernelGame[DNZState]):
    id = "day-night-z"
    name = "Day Night Z"
    version = VERSION
    min_players = 1
    max_players = 4
    scenarios = _scenarios()

    def test_setups(self) -> list[Setup]:
        return [
            Setup("first-steps", players=1),
            Setup("supply-run", players=2),
            Setup("night-watch", players=3),
            Setup("first-steps", players=4),
        ]

    def seat_names(self, setup: Setup) -> list[str]:
        content = load_content(setup.content)
        return [content.survivor(SEATS[i]).name for i in range(setup.players)]

    def create(self, setup: Setup, seed: int) -> DNZState:
        return new_state(setup, seed)

    def interrupt(self, state: DNZState) -> bool:
        if state.over:
            return False
        for s in state.survivors:  # asked before every step: a plain loop
            if not s.dead:
                return False
        state.lost = "every survivor is dead"
        state.end()
        return True

    def hide(self, view: DNZState, seat: int) -> None:
        """The decks' order and the face-down surprise cards are hidden: redrawn from the view's
        own stream, from a canonical order."""
        self.resample(view, view.rng)

    def resample(self, view: DNZState, rng: Rng) -> None:
        for name in HIDDEN_DECKS:
            view.reshuffle(name, rng)
        zones = sorted(view.surprises)
        cards = sorted(view.surprises.values())
        rng.shuffle(cards)
        view.surprises = dict(zip(zones, cards))

    def search_candidates(self, view: DNZState, legal: Sequence[Action]) -> list[Action]:
        """A survivor's plans at his turn, where to walk left to the bot (:mod:`.tactics`)."""
        return plan_candidates(view, legal)

    def result(self, state: DNZState) -> Outcome:
        won = state.won
        per_seat = tuple(
            {
                "survivor": s.id,
                "alive": not s.dead,
                "health": s.health,
                "sp": s.sp,
                "stress": s.stress,
                "infection": s.infection,
            }
            for s in state.survivors
        )
        alive = len(state.living())
        return Outcome(
            Result.WIN if won else Result.LOSS,
            tuple(range(len(state.survivors))) if won else (),
            float(alive if won else 0),
            level="accomplished" if won else "failed",
            turns=state.turn,
            reason=f"{state.adventure.name} accomplished" if won else (state.lost or "failed"),
            per_seat=per_seat,
            details={
                "threat": state.threat,
                "clock": state.clock.text,
                "day": state.clock.day,
                "survivors": alive,
            },
        )

    def victory_levels(self, setup: Setup) -> list[str]:
        return ["failed", "accomplished"]

    def state_json(self, state: DNZState) -> dict[str, Any]:
        hidden = state.viewer is not None
        return {
            "adventure": state.adventure.id,
            "turn": state.turn,
            "clock": state.clock.to_json(),
            "threat": state.threat,
            "threat_text": threat_text(state),
            "leader": state.leader,
            "hunter": state.hunter,
            "hunter_damage": state.hunter_damage,
            "last_threat": state.last_threat,
            "survivors": [
                {
                    "id": s.id,
                    "where": s.where,
                    "health": s.health,
                    "stress": s.stress,
                    "infection": s.infection,
                    "sp": s.sp,
                    "ap": s.ap,
                    "reserve": s.reserve,
                    "ammo": s.ammo,
                    "supplies": s.supplies,
                    "battery": s.battery,
                    "items": list(s.items),
                    "weapon": s.weapon,
                    "off": s.off,
                    "worn": dict(s.worn),
                    "dead": s.dead,
                    "hidden": s.hidden,
                    "defensive": s.defensive,
                    "lit": s.lit,
                }
                for s in state.survivors
            ],
            "enemies": [[e.id, e.kind, f"{e.tile}-{CELLS[e.cell]}", e.damage] for e in state.enemies],
            "tiles": {
                t.id: {
                    "side": t.geo.id,
                    "zone": t.zone,
                    "slot": t.slot,
                    "index": t.index,
                    "markers": {CELLS[c]: m for c, m in sorted(t.markers.items())},
                    "search": sorted(CELLS[c] for c in t.search_marks),
                    "corpses": {CELLS[c]: len(v) for c, v in sorted(t.corpses.items())},
                    "traps": {CELLS[c]: d for c, d in sorted(t.traps.items())},
                    "crossed": sorted(CELLS[c] for c in t.crossed),
                }
                for t in state.tiles.values()
            },
            "locations": {
                k: {
                    "card": v.card,
                    "visited": v.visited,
                    "explored": sorted(v.explored),
                    "searched": sorted(v.searched),
                    "tiles": list(v.tiles),
                }
                for k, v in state.locations.items()
            },
            "noise": {k: list(v) for k, v in sorted(state.noise.items())},
            "pending": list(state.pending),
            "surprises": sorted(state.surprises) if hidden else dict(state.surprises),
            "decks": {k: len(v) for k, v in state.decks.items()}
            if hidden
            else {k: list(v) for k, v in state.decks.items()},
            "rng": None if hidden else state.rng.s,
            "lost": state.lost,
            "won": state.won,
        }
