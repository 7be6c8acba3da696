"""Day Night Z on the step kernel: setting up an adventure, its end and its outcome."""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from deadboard.core.dice import Die
from deadboard.core.errors import SetupError
from deadboard.core.game import Outcome, Result, Scenario, Setup
from deadboard.core.kernel import KernelGame
from deadboard.core.rng import Rng
from deadboard.core.tracks import Clock
from deadboard.games.day_night_z.concepts import threat_text
from deadboard.games.day_night_z.content import Adventure, Content, SurvivorSheet, load_content
from deadboard.games.day_night_z.geometry import CELLS
from deadboard.games.day_night_z.state import DNZState, Survivor
from deadboard.games.day_night_z.turn import Round, SetOut

VERSION = "3"
#: the survivor of each seat
SEATS = ("swift", "lebeu", "olsson", "kenji")
HIDDEN_DECKS = ("threat", "spawn", "search", "exploration", "encounter", "infection", "corpse")


def _scenarios() -> tuple[Scenario, ...]:
    return tuple(Scenario(a.id, a.name, a.text) for a in load_content().adventures)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class SetUp:
    """What a new adventure takes from its content alone (worked out at its first game, kept in
    ``Content.set_ups``): the die, the starting Day-Night counter, the survivors' sheets with the
    weapon each holds, the decks in content order and the surprise cards."""

    __slots__ = ("clock", "decks", "die", "sheets", "surprises")

    def __init__(self, content: Content, adventure: Adventure, players: int) -> None:
        self.die = Die("dnz", content.rules.die.faces)
        self.clock = Clock(hour=adventure.start, night=content.rules.clock.night)
        self.sheets: list[tuple[SurvivorSheet, str]] = []
        for seat in range(players):
            sheet = content.survivor(SEATS[seat])
            weapon = next((i for i in sheet.items if content.search[i].weapon), "")
            self.sheets.append((sheet, weapon))
        # every hidden deck is shuffled in turn from the state's stream (DNZState.shuffle_later):
        # its cards in content order and the n-1 draws of a deck of n cards
        self.decks = tuple(
            (name, content.decks[name], max(0, len(content.decks[name]) - 1)) for name in HIDDEN_DECKS
        )
        self.surprises = (
            tuple(adventure.surprises),
            tuple(c for c in content.surprises if c not in adventure.surprises),
        )


def new_state(setup: Setup, seed: int, content: Content | None = None) -> DNZState:
    """A new adventure; ``content`` replaces the loaded content (a campaign's, with its own adventures
    and its survivors' sheets grown by skills and allies)."""
    content = content or load_content(setup.content)
    try:
        adventure = content.adventure(setup.scenario)
    except KeyError:
        known = ", ".join(a.id for a in content.adventures)
        raise SetupError(f"unknown adventure {setup.scenario!r}; known: {known}") from None
    key = (adventure.id, setup.players)
    made = content.set_ups.get(key)
    if made is None:
        made = content.set_ups[key] = SetUp(content, adventure, setup.players)
    assert isinstance(made, SetUp)
    state = DNZState.__new__(DNZState)
    state.setup_state(setup, seed, content, adventure, made.die, made.clock)
    rng = state.rng
    survivors = state.survivors
    for seat, (sheet, weapon) in enumerate(made.sheets):
        s = Survivor(sheet.id, sheet.name, seat)
        s.health = sheet.health
        s.items = list(sheet.items)
        s.ammo, s.supplies, s.battery = sheet.ammo, sheet.supplies, sheet.battery
        s.weapon = weapon
        s.zone = adventure.start_zone
        survivors.append(s)
    decks, unshuffled = state._decks, state._unshuffled
    for name, content_order, draws in made.decks:  # DNZState.shuffle_later, written out
        decks[name] = list(content_order)
        unshuffled[name] = rng.s
        rng.skip(draws)
    for name in HIDDEN_DECKS:
        if name != "corpse":
            decks[name + "-discard"] = []
    first, others = made.surprises
    surprises = list(others)
    rng.shuffle(surprises)
    state.surprises = dict(zip(state.board.surprise_zones, first + tuple(surprises)))
    state.leader = rng.below(setup.players)  # in a starting adventure the leader is chosen at random
    state.init_kernel(SetOut(), Round())
    return state


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
