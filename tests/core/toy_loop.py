"""Last Stand written the way the games drove themselves before the kernel: a queue of step tuples,
a hand-written loop, and one if-chain per decision kind for the prompt, the legal actions and the
effect. It plays exactly the same games as :mod:`tests.core.toy` (same decisions, same actions in
the same order, same dice), so the two can be compared for speed (``scripts/bench_kernel.py``)."""

from __future__ import annotations

from typing import Any

from deadboard.core.action import Action, act
from deadboard.core.dice import D6
from deadboard.core.errors import IllegalActionError
from deadboard.core.game import Decision, Game, Outcome, Result, Scenario, Setup, State
from deadboard.core.responses import open_window
from tests.core.toy import FINDS, HEALTH, HORDE, NAMES, ROUNDS, WEAPONS

DECISIONS = frozenset({"turn", "aim", "fire"})
ARRIVAL, TURNS, ATTACK, TALLY = range(4)
_new = tuple.__new__


class LoopState(State):
    __slots__ = (
        "ammo",
        "bonus",
        "flares",
        "health",
        "kills",
        "over",
        "pending",
        "phase",
        "players",
        "round",
        "zombies",
    )

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
        self.pending: list[tuple[Any, ...]] = []
        self.phase = ARRIVAL
        self.round = 1
        self.over = False

    def clone(self) -> LoopState:
        s = LoopState.__new__(LoopState)
        self.copy_common(s)
        s.players = self.players
        s.health = self.health.copy()
        s.ammo = self.ammo.copy()
        s.flares = self.flares.copy()
        s.kills = self.kills.copy()
        s.zombies = self.zombies.copy()
        s.bonus = self.bonus
        s.pending = self.pending.copy()
        s.phase = self.phase
        s.round = self.round
        s.over = self.over
        return s


def _alive(st: LoopState) -> list[int]:
    return [s for s in range(st.players) if st.health[s] > 0]


def advance(st: LoopState) -> None:
    while True:
        if st.over:
            st.decision = None
            return
        pending = st.pending
        if pending:
            step = pending[0]
            kind = step[0]
            if kind == "window":
                w = step[1]
                w = w.skip(lambda seat: st.flares[seat] > 0 and st.health[seat] > 0)
                if w.closed:
                    pending.pop(0)
                    continue
                pending[0] = ("window", w)
                st.decision = _new(
                    Decision,
                    (w.queue[0], "respond", f"Player {w.queue[0] + 1}: respond to {w.trigger}, or pass"),
                )
                return
            if kind in DECISIONS:
                if not _legal(st, step):
                    pending.pop(0)
                    continue
                st.decision = _new(Decision, (step[1], kind, _prompt(st, step)))
                return
            pending.pop(0)
            _resolve(st, step)
            continue
        if st.round > ROUNDS:
            st.over = True
            continue
        phase = st.phase
        if phase == ARRIVAL:
            for seat in _alive(st):
                n = HORDE.roll(st.rng)
                st.zombies[seat] += n
                st.emit(
                    "arrival", f"{n} zombies reach the {NAMES[seat]} barricade", {"seat": seat, "roll": n}
                )
            st.phase = TURNS
        elif phase == TURNS:
            pending.extend(("turn", seat) for seat in _alive(st))
            st.phase = ATTACK
        elif phase == ATTACK:
            for seat in _alive(st):
                if st.zombies[seat] >= 2:
                    st.health[seat] -= 1
                    st.emit("wound", f"{NAMES[seat]} is wounded", {"seat": seat})
            st.phase = TALLY
        else:
            st.phase = ARRIVAL
            st.round += 1
            if not _alive(st):
                st.over = True


def _prompt(st: LoopState, step: tuple[Any, ...]) -> str:
    kind, seat = step[0], step[1]
    if kind == "turn":
        return f"{NAMES[seat]}: search, rest or shoot"
    if kind == "aim":
        return f"{NAMES[seat]}: which barricade?"
    return f"{NAMES[seat]}: fire at the {NAMES[step[2]]} barricade with which weapon?"


def _legal(st: LoopState, step: tuple[Any, ...]) -> list[Action]:
    kind, seat = step[0], step[1]
    if kind == "turn":
        out = [act("search"), act("rest")]
        if st.ammo[seat] and any(st.zombies):
            out.append(act("shoot"))
        return out
    if kind == "aim":
        return [act("aim", NAMES[s]) for s in range(st.players) if st.zombies[s]]
    if kind == "fire":
        return [act("fire", w) for w, (cost, _) in WEAPONS.items() if cost <= st.ammo[seat]]
    if kind == "window":
        return [act("pass"), act("flare")]
    raise AssertionError(kind)


def _resolve(st: LoopState, step: tuple[Any, ...]) -> None:
    _, seat, target, dice = step
    rolls = [st.rng.roll_die(D6) for _ in range(dice + st.bonus)]
    kills = min(st.zombies[target], sum(1 for r in rolls if r >= 4))
    st.zombies[target] -= kills
    st.kills[seat] += kills
    st.bonus = 0
    st.emit("shot", f"{NAMES[seat]} kills {kills}", {"rolls": rolls})


def _apply(st: LoopState, a: Action) -> None:
    step = st.pending[0]
    kind = step[0]
    if kind == "window":
        w = step[1]
        if a[0] == "pass":
            st.pending[0] = ("window", w.passed())
        else:
            seat = w.queue[0]
            st.flares[seat] -= 1
            st.bonus += 1
            st.pending[0] = ("window", w.responded())
        return
    st.pending.pop(0)
    seat = step[1]
    if kind == "turn":
        k = a[0]
        if k == "search":
            ammo, flares = FINDS[st.rng.roll_die(D6)]
            st.ammo[seat] += ammo
            st.flares[seat] += flares
            st.emit("search", f"{NAMES[seat]} finds {ammo} ammo, {flares} flares", None)
        elif k == "rest":
            st.health[seat] = min(HEALTH, st.health[seat] + 1)
        else:
            st.pending.insert(0, ("aim", seat))
    elif kind == "aim":
        st.pending.insert(0, ("fire", seat, NAMES.index(str(a[1]))))
    else:
        cost, dice = WEAPONS[str(a[1])]
        st.ammo[seat] -= cost
        st.bonus = 0
        resolve = ("resolve", seat, step[2], dice)
        if st.players == 1:
            st.pending.insert(0, resolve)
        else:
            st.pending[0:0] = [
                ("window", open_window(actor=seat, seats=st.players, trigger=f"fire {a[1]}")),
                resolve,
            ]


class LoopLastStand(Game):
    id = "last-stand-loop"
    name = "Last Stand (hand-written loop)"
    version = "1"
    min_players = 1
    max_players = 3
    scenarios = (Scenario("standard", "Last Stand", "Six rounds at the barricades."),)

    def new(self, setup: Setup | None = None, seed: int = 0) -> LoopState:
        setup = self.normalize_setup(setup or self.default_setup())
        st = LoopState(setup, seed)
        advance(st)
        return st

    def legal_actions(self, state: State) -> list[Action]:
        assert isinstance(state, LoopState)
        if state.decision is None:
            return []
        return _legal(state, state.pending[0])

    def apply_unchecked(self, state: State, action: Action) -> None:
        assert isinstance(state, LoopState)
        if state.decision is None:
            raise IllegalActionError("the game is over")
        _apply(state, action)
        advance(state)

    def outcome(self, state: State) -> Outcome | None:
        assert isinstance(state, LoopState)
        if not state.over:
            return None
        alive = _alive(state)
        best = max((state.kills[s] for s in alive), default=0)
        winners = tuple(s for s in alive if state.kills[s] == best)
        return Outcome(Result.WIN if 0 in winners else Result.LOSS, winners, float(state.kills[0]))

    def snapshot(self, state: State) -> dict[str, Any]:
        assert isinstance(state, LoopState)
        return {
            "health": state.health,
            "kills": state.kills,
            "zombies": state.zombies,
            "pending": [list(map(str, p)) for p in state.pending],
        }


GAME = LoopLastStand()
