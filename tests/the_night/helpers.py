"""Building exact positions of The Night for tests, with scripted dice."""

from __future__ import annotations

from typing import Any

from deadboard.core import Setup, get_game
from deadboard.core.action import Action
from deadboard.core.game import State
from deadboard.core.kernel import refresh
from deadboard.core.phases import Phase, Phases
from deadboard.core.rng import ScriptedRng
from deadboard.games.the_night import ai, zombie_ways
from deadboard.games.the_night.board import human_by_name, zombie_by_name
from deadboard.games.the_night.rules import TheNight, advance, sudden_end
from deadboard.games.the_night.state import (
    ABSENT,
    BOARDED,
    BROKEN,
    CARRIED,
    HUMAN_ZOMBIE,
    HUMANS,
    LIVE,
    LOCKED,
    NOT_IN_GAME,
    ON_OPENING,
    NightState,
)
from deadboard.games.the_night.turn import HUMAN_TURN, ROUND


class _PositionedNight(TheNight):
    """The Night for tests that build positions by changing the state by hand: the decision on top is
    read again (the kernel's ``refresh``) before its legal actions are listed or one is applied."""

    def legal_actions(self, state: State) -> list[Action]:
        refresh(state, sudden_end)  # type: ignore[arg-type]
        return super().legal_actions(state)

    def apply(self, state: State, action: Action | str) -> None:
        refresh(state, sudden_end)  # type: ignore[arg-type]
        super().apply(state, action)


assert isinstance(get_game("the-night"), TheNight)
GAME = _PositionedNight()


def fresh(scenario: str = "standard", options: dict[str, Any] | None = None, players: int = 1, seed: int = 1) -> NightState:
    """A new game with setup played through by taking the first legal action each time."""
    s = GAME.new(Setup(scenario, options or {}, players), seed)
    while s.decision is not None and s.turn == 0:
        GAME.apply(s, GAME.legal_actions(s)[0])
    assert isinstance(s, NightState)
    return s


def sq(s: NightState, name: str) -> int:
    return s.c.grid.square(name)


def board(
    humans: dict[str, str] | None = None,
    zombies: dict[int | str, str] | None = None,
    items: dict[str, str] | None = None,
    openings: dict[str, str] | None = None,
    scenario: str = "standard",
    options: dict[str, Any] | None = None,
    players: int = 1,
    cup: list[int] | None = None,
    turn: int = 3,
    heroes: tuple[str, ...] = (),
) -> NightState:
    """An empty board with exactly these counters.

    humans: name -> square; zombies: number (or "Ben" for a human zombie) -> square;
    items: item id -> square or human name; openings: name -> "boarded", "locked", "broken",
    "locked+boarded" …; cup: zombies left in the draw container (default: empty)."""
    s = fresh(scenario, options, players)
    s.steps = [Phases(ROUND, turn + 1)]  # between two turns: nothing pending
    s.turn = turn
    for h in s.humans:
        h.status = ABSENT
        h.sq = -1
    for name, where in (humans or {}).items():
        h = s.humans[human_by_name(s, name)]
        h.status = LIVE
        h.sq = sq(s, where)
    s.heroes = tuple(human_by_name(s, n) for n in heroes)
    s.zsq = {}
    s.zocc = [0] * s.c.grid.n
    s.stacked = ()
    for key, where in (zombies or {}).items():
        z = key if isinstance(key, int) else HUMAN_ZOMBIE + human_by_name(s, key)
        if isinstance(key, str):
            s.humans[z - HUMAN_ZOMBIE].status = 3
        s.zsq[z] = sq(s, where)
        s.zocc[sq(s, where)] = z
    s.item_where = [NOT_IN_GAME] * len(s.item_where)
    for iid, where in (items or {}).items():
        i = s.c.item_index[iid]
        hi = human_by_name(s, where)
        s.item_where[i] = CARRIED + hi if hi >= 0 else sq(s, where)
    s.op = [0] * len(s.op)
    for name, flags in (openings or {}).items():
        o = s.c.grid.opening_by_name[name].id
        f = 0
        for part in flags.split("+"):
            f |= {"boarded": BOARDED, "locked": LOCKED, "broken": BROKEN}[part]
        if f & BOARDED:
            free = next(i for i in s.c.kind_items["board"] if s.item_where[i] == NOT_IN_GAME)
            s.item_where[free] = ON_OPENING + o
        s.op[o] = f
    s.cup = list(cup or [])
    s.zombies_removed = 0
    s.log.clear()
    return s


def human_phase(s: NightState, allowed: int = 6) -> NightState:
    """Put the game at the start of the Live Human Action Phase with ``allowed`` humans to act."""
    in_phase(s, HUMANS)
    s.steps.append(HUMAN_TURN)  # the phase has begun: its picks
    s.allowed = allowed
    s.activated = ()
    s.active = -1
    s.picks = 0
    s.passes = 0
    s.fired = ()
    advance(s)
    return s


def in_phase(s: NightState, name: str) -> NightState:
    """Put the game in the phase ``name`` of this turn: the round's phases after it lie beneath the
    steps already pending."""
    k = [p.name for p in ROUND].index(name)
    pending = [st for st in s.steps if not isinstance(st, Phase | Phases)]
    s.steps = [Phases(ROUND, s.turn + 1), *reversed(ROUND[k + 1 :]), *pending]
    s.phase = name
    return s


def act_as(s: NightState, name: str, allowed: int = 6) -> NightState:
    """Start the human phase and activate ``name``."""
    human_phase(s, allowed)
    GAME.apply(s, f"activate {name}")
    return s


def dice(s: NightState, *rolls: int) -> None:
    s.rng = ScriptedRng(list(rolls), seed=99)


def texts(s: NightState) -> set[str]:
    return {a.text for a in GAME.legal_actions(s)}


def zombie_turn(s: NightState, z: int | str) -> None:
    zid = z if isinstance(z, int) else zombie_by_name(s, z)
    ai.activate(s, zid, zombie_ways.Fields())


def pending(s: NightState) -> list[list[str]]:
    """The steps waiting above the turn, front first, in the snapshot's form (``["item", "12"]``)."""
    return GAME.stack_json(s)


def where(s: NightState, item: str) -> int:
    return s.item_where[s.c.item_index[item]]


__all__ = ["GAME", "LIVE", "act_as", "board", "dice", "fresh", "human_phase", "in_phase", "pending", "sq", "texts", "where", "zombie_turn"]
