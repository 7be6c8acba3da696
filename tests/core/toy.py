"""Last Stand: a small complete game written on the step kernel, to prove it end to end.

1 to 3 survivors hold their barricades for six rounds; the one with the most kills still standing
wins. A round is four phases (:mod:`deadboard.core.phases`)::

    Arrival   (automatic)  each survivor's horde die adds 0-2 zombies at their barricade     chance
    Turns     (decisions)  each survivor in turn: search, rest or shoot
    Attack    (automatic)  a barricade with 2 or more zombies costs its survivor 1 health
    Tally     (automatic)  the last round over, or nobody standing: the game ends

Shooting is a nested decision: ``shoot`` -> ``aim <barricade>`` -> ``fire pistol|shotgun`` (the
shotgun takes 2 ammo, so with 1 ammo the weapon is a decision with a single legal action). After the
survivor fires, the others, clockwise, may each throw flares (``flare``: +1 die) or ``pass`` — a
response window — and then the shot is rolled (one die per weapon die and flare, 4+ kills).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from deadboard.core.action import Action
from deadboard.core.dice import D6, Die
from deadboard.core.game import Outcome, Result, Scenario, Setup
from deadboard.core.kernel import Auto, Choice, KernelGame, KernelState, Steps
from deadboard.core.phases import Phase, Phases
from deadboard.core.responses import ResponseWindow, open_window
from deadboard.core.typed_actions import TypedAction

NAMES = ("red", "blue", "green")
ROUNDS = 6
HEALTH = 3
HORDE = Die("horde", (0, 0, 1, 1, 1, 2))
#: a search roll (D6) -> what is found: (ammo, flares)
FINDS = {1: (0, 0), 2: (0, 0), 3: (1, 0), 4: (1, 0), 5: (0, 1), 6: (2, 0)}


# ----- actions ------------------------------------------------------------------------------------
class Search(TypedAction):
    """Look for ammunition and flares (one D6)."""

    KIND = "search"


class Rest(TypedAction):
    """Recover one health."""

    KIND = "rest"


class Shoot(TypedAction):
    """Take aim at a barricade (then choose the weapon)."""

    KIND = "shoot"


class Aim(TypedAction):
    KIND = "aim"
    barricade: str


class Fire(TypedAction):
    KIND = "fire"
    weapon: str


class Flare(TypedAction):
    """Throw a flare: one more die for the shot."""

    KIND = "flare"


SEARCH, REST, SHOOT, FLARE = Search(), Rest(), Shoot(), Flare()
WEAPONS = {"pistol": (1, 1), "shotgun": (2, 2)}  # weapon -> (ammo, dice)
FIRE = {w: Fire(w) for w in WEAPONS}
AIM = {n: Aim(n) for n in NAMES}


# ----- state --------------------------------------------------------------------------------------
class StandState(KernelState):
    __slots__ = ("ammo", "bonus", "flares", "health", "kills", "players", "zombies")

    def __init__(self, setup: Setup, seed: int) -> None:
        self.init_common(setup, seed)
        n = setup.players
        self.players = n
        self.health = [HEALTH] * n
        self.ammo = [2] * n
        self.flares = [1] * n
        self.kills = [0] * n
        self.zombies = [1] * n
        self.bonus = 0
        self.init_kernel(Phases(PHASES, rounds=ROUNDS))

    def clone(self) -> StandState:
        s = StandState.__new__(StandState)
        self.copy_common(s)
        self.copy_kernel(s)
        s.players = self.players
        s.health = self.health.copy()
        s.ammo = self.ammo.copy()
        s.flares = self.flares.copy()
        s.kills = self.kills.copy()
        s.zombies = self.zombies.copy()
        s.bonus = self.bonus
        return s

    def alive(self) -> list[int]:
        return [s for s in range(self.players) if self.health[s] > 0]


# ----- phases -------------------------------------------------------------------------------------
class Arrival(Phase[StandState]):
    name: ClassVar[str] = "arrival"

    def run(self, state: StandState) -> Steps:
        for seat in state.alive():
            n = HORDE.roll(state.rng)
            state.zombies[seat] += n
            state.emit("arrival", f"{n} zombies reach the {NAMES[seat]} barricade", {"seat": seat, "roll": n})
        return ()


class Turns(Phase[StandState]):
    name: ClassVar[str] = "turns"

    def run(self, state: StandState) -> Steps:
        return [Turn(seat) for seat in state.alive()]


class Attack(Phase[StandState]):
    name: ClassVar[str] = "attack"

    def run(self, state: StandState) -> Steps:
        for seat in state.alive():
            if state.zombies[seat] >= 2:
                state.health[seat] -= 1
                state.emit("wound", f"{NAMES[seat]} is wounded", {"seat": seat})
        return ()


class Tally(Phase[StandState]):
    name: ClassVar[str] = "tally"

    def run(self, state: StandState) -> Steps:
        if not state.alive():
            state.end()
        return ()


PHASES: tuple[Phase[StandState], ...] = (Arrival(), Turns(), Attack(), Tally())


# ----- decisions and automatic steps --------------------------------------------------------------
@dataclass(slots=True)
class Turn(Choice[StandState, Search | Rest | Shoot]):
    kind: ClassVar[str] = "turn"
    seat: int

    def actions(self, state: StandState) -> list[Search | Rest | Shoot]:
        out: list[Search | Rest | Shoot] = [SEARCH, REST]
        if state.ammo[self.seat] and any(state.zombies):
            out.append(SHOOT)
        return out

    def apply(self, state: StandState, action: Search | Rest | Shoot) -> Steps:
        seat = self.seat
        if isinstance(action, Search):
            ammo, flares = FINDS[D6.roll(state.rng)]
            state.ammo[seat] += ammo
            state.flares[seat] += flares
            state.emit("search", f"{NAMES[seat]} finds {ammo} ammo, {flares} flares", None)
            return ()
        if isinstance(action, Rest):
            state.health[seat] = min(HEALTH, state.health[seat] + 1)
            return ()
        return (Target(seat),)

    def prompt(self, state: StandState) -> str:
        return f"{NAMES[self.seat]}: search, rest or shoot"


@dataclass(slots=True)
class Target(Choice[StandState, Aim]):
    kind: ClassVar[str] = "aim"
    seat: int

    def actions(self, state: StandState) -> list[Aim]:
        return [AIM[NAMES[s]] for s in range(state.players) if state.zombies[s]]

    def apply(self, state: StandState, action: Aim) -> Steps:
        return (Weapon(self.seat, NAMES.index(action.barricade)),)

    def prompt(self, state: StandState) -> str:
        return f"{NAMES[self.seat]}: which barricade?"


@dataclass(slots=True)
class Weapon(Choice[StandState, Fire]):
    kind: ClassVar[str] = "fire"
    seat: int
    target: int

    def actions(self, state: StandState) -> list[Fire]:
        ammo = state.ammo[self.seat]
        return [FIRE[w] for w, (cost, _) in WEAPONS.items() if cost <= ammo]

    def apply(self, state: StandState, action: Fire) -> Steps:
        cost, dice = WEAPONS[action.weapon]
        state.ammo[self.seat] -= cost
        state.bonus = 0
        resolve = Resolve(self.seat, self.target, dice)
        if state.players == 1:
            return (resolve,)
        window = open_window(actor=self.seat, seats=state.players, trigger=action.text)
        return (Flares(window), resolve)

    def prompt(self, state: StandState) -> str:
        return f"{NAMES[self.seat]}: fire at the {NAMES[self.target]} barricade with which weapon?"


@dataclass(slots=True)
class Flares(ResponseWindow[StandState]):
    """The others may light up the shot with flares."""

    def offers(self, state: StandState, seat: int) -> list[Action]:
        return [FLARE] if state.flares[seat] and state.health[seat] > 0 else []

    def respond(self, state: StandState, seat: int, action: Action) -> Steps:
        state.flares[seat] -= 1
        state.bonus += 1
        return ()


@dataclass(slots=True)
class Resolve(Auto[StandState]):
    seat: int
    target: int
    dice: int

    def run(self, state: StandState) -> Steps:
        rolls = D6.roll_many(state.rng, self.dice + state.bonus)
        kills = min(state.zombies[self.target], sum(1 for r in rolls if r >= 4))
        state.zombies[self.target] -= kills
        state.kills[self.seat] += kills
        state.bonus = 0
        state.emit("shot", f"{NAMES[self.seat]} kills {kills}", {"rolls": rolls})
        return ()


# ----- the game -----------------------------------------------------------------------------------
class LastStand(KernelGame[StandState]):
    id = "last-stand"
    name = "Last Stand"
    version = "1"
    min_players = 1
    max_players = 3
    scenarios = (Scenario("standard", "Last Stand", "Six rounds at the barricades."),)

    def test_setups(self) -> list[Setup]:
        return [Setup("standard", players=n) for n in (1, 2, 3)]

    def create(self, setup: Setup, seed: int) -> StandState:
        return StandState(setup, seed)

    def result(self, state: StandState) -> Outcome:
        alive = state.alive()
        best = max((state.kills[s] for s in alive), default=0)
        winners = tuple(s for s in alive if state.kills[s] == best)
        return Outcome(Result.WIN if 0 in winners else Result.LOSS, winners, float(state.kills[0]))

    def state_json(self, state: StandState) -> dict[str, Any]:
        return {
            "health": list(state.health),
            "ammo": list(state.ammo),
            "flares": list(state.flares),
            "kills": list(state.kills),
            "zombies": list(state.zombies),
            "bonus": state.bonus,
            "rng": state.rng.s if state.viewer is None else None,
        }


GAME = LastStand()
