"""The contract between rules, front ends, bots and the simulator.

A :class:`Game` is immutable metadata plus a state factory; a :class:`State` is the only thing that
changes. A game is a sequence of decisions made by seats, interleaved with automatic resolution
(dice, draws, the automated enemy) that ``apply`` performs from the state's own :class:`Rng`::

    state = game.new(setup, seed)
    while (d := game.decision(state)) is not None:
        action = choose(game.legal_actions(state))   # a seat decides
        game.apply(state, action)                    # checked: illegal -> IllegalActionError
    outcome = game.outcome(state)
"""

from __future__ import annotations

import enum
import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar, Final, Generic, NamedTuple

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar

from deadboard.core.action import Action
from deadboard.core.errors import IllegalActionError, SetupError
from deadboard.core.log import Event, FormattedEvent
from deadboard.core.rng import Rng, derive_seed

_ATTRIBUTE_NAMES: dict[type, tuple[str, ...]] = {}


def _attribute_names(cls: type) -> tuple[str, ...]:
    """The attributes of ``cls``'s instances: the slots of its classes, or their ``__mypyc_attrs__``
    where mypyc compiled them."""
    names = _ATTRIBUTE_NAMES.get(cls)
    if names is None:
        found: dict[str, None] = {}
        for klass in reversed(cls.__mro__):
            slots = klass.__dict__.get("__slots__", ()) or klass.__dict__.get("__mypyc_attrs__", ())
            for name in (slots,) if isinstance(slots, str) else slots:
                if name not in ("__dict__", "__weakref__"):
                    found[name] = None
        names = _ATTRIBUTE_NAMES[cls] = tuple(found)
    return names


def frozen_reduce(obj: Any) -> tuple[Any, ...]:
    """How a frozen dataclass pickles: its class and its fields in order. (Compiled by mypyc, a
    dataclass unpickles by setting its fields one by one, which a frozen one refuses.)"""
    return (type(obj), tuple(getattr(obj, f.name) for f in fields(obj)))


class Decision(NamedTuple):
    """Who must decide now and about what. ``kind`` is a short tag, ``prompt`` a sentence."""

    seat: int
    kind: str
    prompt: str


#: makes a named tuple from the tuple of its fields (no keyword handling: events are made often);
#: it and the event classes are Final here so that the compiled build reads them as C globals, not
#: from the module's dict, at every event
_new_tuple: Final = tuple.__new__
_EVENT: Final = Event
_FORMATTED_EVENT: Final = FormattedEvent


class Result(enum.Enum):
    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. ``result`` is from the point of view of seat 0 in solitaire games;
    ``winners`` lists the winning seats in every game."""

    result: Result
    winners: tuple[int, ...]
    score: float
    level: str | None = None
    turns: int = 0
    reason: str = ""
    per_seat: tuple[Mapping[str, Any], ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "result": self.result.value,
            "winners": list(self.winners),
            "score": self.score,
            "level": self.level,
            "turns": self.turns,
            "reason": self.reason,
            "per_seat": [dict(p) for p in self.per_seat],
            "details": dict(self.details),
        }

    def __reduce__(self) -> tuple[Any, ...]:
        return frozen_reduce(self)


@dataclass(frozen=True)
class Option:
    """An optional rule, a setup alternative or a scenario alternative.

    ``kind`` is ``flag`` (on/off), ``int`` (a number within ``lo``..``hi``), ``choice`` (one of
    ``choices``) or ``file`` (a TOML file read at setup and embedded in the setup, so that saves stay
    self-contained). ``scenarios`` limits where it applies (empty = every scenario).
    """

    id: str
    name: str
    help: str
    kind: str = "flag"
    default: Any = None
    choices: tuple[str, ...] = ()
    lo: int | None = None
    hi: int | None = None
    scenarios: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "name": self.name, "help": self.help, "kind": self.kind}
        if self.default is not None:
            out["default"] = self.default
        if self.choices:
            out["choices"] = list(self.choices)
        if self.lo is not None:
            out["min"] = self.lo
        if self.hi is not None:
            out["max"] = self.hi
        if self.scenarios:
            out["scenarios"] = list(self.scenarios)
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        return frozen_reduce(self)


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    help: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "help": self.help}

    def __reduce__(self) -> tuple[Any, ...]:
        return frozen_reduce(self)


@dataclass(frozen=True)
class Setup:
    """What a new game is made from: scenario, options with their values, players, content pack.

    JSON-able (``to_json``/``from_json``) so that it travels inside save files.
    """

    scenario: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)
    players: int = 1
    content: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"scenario": self.scenario, "options": dict(self.options), "players": self.players}
        if self.content:
            out["content"] = self.content
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Setup:
        if not isinstance(data, Mapping):
            raise SetupError("setup must be an object")
        unknown = set(data) - {"scenario", "options", "players", "content"}
        if unknown:
            raise SetupError(f"unknown setup field(s): {', '.join(sorted(unknown))}")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise SetupError("setup.options must be an object")
        players = data.get("players", 1)
        if not isinstance(players, int) or isinstance(players, bool):
            raise SetupError("setup.players must be an integer")
        scenario = data.get("scenario", "")
        if not isinstance(scenario, str):
            raise SetupError("setup.scenario must be a string")
        content = data.get("content")
        if content is not None and not isinstance(content, str):
            raise SetupError("setup.content must be a string")
        return cls(scenario=scenario, options=dict(options), players=players, content=content)

    def __reduce__(self) -> tuple[Any, ...]:
        return frozen_reduce(self)


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by uncompiled games and tests
class State(ABC):
    """Base of every game state. Subclasses hold the rest and implement :meth:`clone`.

    ``rng`` is the only source of chance; ``log`` is the event log; ``decision`` says who decides
    next (None once the game is over); ``viewer`` is None for the true state and the seat number for
    a state made by :meth:`Game.view`. ``seed`` is the game's seed in the true state and
    :data:`VIEW_SEED` in a view (which holds neither the seed nor the true chance stream).
    """

    __slots__ = ("decision", "log", "rng", "seed", "setup", "viewer")

    rng: Rng
    log: list[Event]
    decision: Decision | None
    setup: Setup
    seed: int
    viewer: int | None

    @abstractmethod
    def clone(self: S) -> S:
        """An independent copy (search clones thousands of times a second: copy only what changes)."""

    def __getstate__(self) -> dict[str, Any]:
        """Every attribute, for pickling (the simulator's processes, Ray). Written out because in the
        compiled build (docs/building.md) the pickling mypyc makes for a native class keeps only the
        attributes compiled classes declare, not the slots of a subclass written in Python."""
        return {name: getattr(self, name) for name in _attribute_names(type(self)) if hasattr(self, name)}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for name, value in data.items():
            setattr(self, name, value)

    def init_common(self, setup: Setup, seed: int) -> None:
        """Set the fields every state has, for a new game from ``setup`` and ``seed``."""
        self.setup = setup
        self.seed = seed
        self.rng = Rng(seed)
        self.log = []
        self.decision = None
        self.viewer = None

    def copy_common(self, into: State) -> None:
        """Copy the fields every state has into a new state (the first step of ``clone``): the chance
        stream is duplicated, the log copied (a NullLog stays shared), the rest shared as immutable."""
        into.setup = self.setup
        into.seed = self.seed
        into.rng = self.rng.clone()
        into.log = self.log.copy()
        into.decision = self.decision
        into.viewer = self.viewer

    def emit(self, kind: str, text: str, data: dict[str, Any] | None = None) -> None:
        """Log an event: ``kind`` a short tag, ``text`` the sentence, ``data`` the figures."""
        self.log.append(_new_tuple(_EVENT, (kind, text, data)))

    def emit_format(
        self, kind: str, fmt: str, args: tuple[Any, ...], data: dict[str, Any] | None = None
    ) -> None:
        """Log an event whose sentence ``fmt.format(*args)`` is written only when it is read (a
        :class:`~deadboard.core.log.FormattedEvent`): for the rules' most frequent events, in the
        games nobody reads the log of. ``args`` are values (names, numbers, never a part of the
        state that changes), so the sentence is the one :meth:`emit` would have logged."""
        self.log.append(_new_tuple(_FORMATTED_EVENT, (kind, fmt, data, args)))


S = TypeVar("S", bound=State, default=Any)


def check_setup_options(options: Sequence[Option], scenarios: Sequence[Scenario], setup: Setup) -> dict[str, Any]:
    """Validate a setup's scenario and options against the game's metadata; return the options with
    defaults filled. Raises SetupError naming the bad option and what would be accepted."""
    ids = {s.id for s in scenarios}
    if setup.scenario not in ids:
        raise SetupError(f"unknown scenario {setup.scenario!r}; choose one of: {', '.join(sorted(ids))}")
    by_id = {o.id: o for o in options}
    out: dict[str, Any] = {}
    for key, value in setup.options.items():
        opt = by_id.get(key)
        if opt is None:
            raise SetupError(f"unknown option {key!r}; see `deadboard games` for the options of each game")
        if opt.scenarios and setup.scenario not in opt.scenarios:
            raise SetupError(f"option {key!r} belongs to scenario(s) {', '.join(opt.scenarios)}, not {setup.scenario!r}")
        out[key] = _check_value(opt, value)
    return out


def _check_value(opt: Option, value: Any) -> Any:
    if opt.kind == "flag":
        if value in (True, "true", "on", "yes", 1, "1"):
            return True
        if value in (False, "false", "off", "no", 0, "0"):
            return False
        raise SetupError(f"option {opt.id!r} is on/off; got {value!r}")
    if opt.kind == "int":
        try:
            n = int(value)
        except (TypeError, ValueError, OverflowError):
            raise SetupError(f"option {opt.id!r} takes a whole number; got {value!r}") from None
        if isinstance(value, bool):
            raise SetupError(f"option {opt.id!r} takes a whole number; got {value!r}")
        if (opt.lo is not None and n < opt.lo) or (opt.hi is not None and n > opt.hi):
            raise SetupError(f"option {opt.id!r} must be between {opt.lo} and {opt.hi}; got {n}")
        return n
    if opt.kind == "choice":
        if value not in opt.choices:
            raise SetupError(f"option {opt.id!r} must be one of {', '.join(opt.choices)}; got {value!r}")
        return value
    if opt.kind == "file":
        if not isinstance(value, Mapping):
            raise SetupError(f"option {opt.id!r} takes a TOML file")
        return dict(value)
    raise SetupError(f"option {opt.id!r} has an unknown kind {opt.kind!r}")  # pragma: no cover


#: (id of a game, id of a setup) -> (the game, the setup, a copy of its options, the setup normalized)
_NORMALIZED: dict[tuple[int, int], tuple[Game[Any], Setup, dict[str, Any], Setup]] = {}

#: the seed a view carries in place of the game's own (which it must not reveal)
VIEW_SEED = 0

#: game id -> its value function, or None (found through the game's descriptor on first use)
_evaluators: dict[str, Callable[[Any, Any, int], float] | None] = {}


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by uncompiled games and tests
class Game(ABC, Generic[S]):
    """A rule set. Instances are stateless and shared; every method takes the state it works on.

    Generic over the game's state type ``S``: a game's own hooks receive its own state, so rules,
    drawings and bots never check what kind of state they were given. What is built on the rules
    (drawings, bots, the value function) is named by the game's descriptor
    (:mod:`deadboard.core.descriptor`), not here."""

    id: ClassVar[str]
    name: ClassVar[str]
    version: ClassVar[str]
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    scenarios: ClassVar[tuple[Scenario, ...]] = ()
    options: ClassVar[tuple[Option, ...]] = ()

    # ----- setup -------------------------------------------------------------------------------
    def default_setup(self) -> Setup:
        return Setup(scenario=self.scenarios[0].id if self.scenarios else "", players=self.min_players)

    def normalize_setup(self, setup: Setup) -> Setup:
        """Check a setup and fill its defaults; raise SetupError on anything wrong."""
        scenario = setup.scenario or (self.scenarios[0].id if self.scenarios else "")
        setup = replace(setup, scenario=scenario)
        options = check_setup_options(self.options, self.scenarios, setup)
        if not self.min_players <= setup.players <= self.max_players:
            raise SetupError(
                f"{self.name} takes {self.min_players}–{self.max_players} players; got {setup.players}"
            )
        return replace(setup, options=options)

    def normalized(self, setup: Setup) -> Setup:
        """:meth:`normalize_setup`, remembered for the setup objects it was given: the simulator
        starts every game of a run from one setup, and checking it (a game builds its whole
        configuration to do so) would cost as much as a short game's decisions. A setup whose
        options were changed in place is checked again."""
        hit = _NORMALIZED.get((id(self), id(setup)))
        if hit is not None and hit[0] is self and hit[1] is setup and hit[2] == setup.options:
            return hit[3]
        out = self.normalize_setup(setup)
        if len(_NORMALIZED) >= 256:
            _NORMALIZED.clear()
        # the entries hold the game and the setups, so their ids are not reused while remembered
        _NORMALIZED[(id(self), id(setup))] = (self, setup, dict(setup.options), out)
        _NORMALIZED[(id(self), id(out))] = (self, out, dict(out.options), out)
        return out

    def players_for_options(self, option_ids: list[str]) -> int:
        """How many players a setup with these options has when none is given (an option may need
        more than :attr:`min_players`: a hidden role, a hot-seat variant)."""
        return self.min_players

    def seats(self, setup: Setup) -> int:
        """Number of deciding seats for this setup (players, plus any seat the rules add)."""
        return setup.players

    def seat_names(self, setup: Setup) -> list[str]:
        return [f"Player {i + 1}" for i in range(self.seats(setup))]

    @abstractmethod
    def new(self, setup: Setup | None = None, seed: int = 0) -> S:
        """A new game, set up from ``setup`` with all chance drawn from ``seed``."""

    # ----- play --------------------------------------------------------------------------------
    def decision(self, state: S) -> Decision | None:
        return state.decision

    @abstractmethod
    def legal_actions(self, state: S) -> list[Action]:
        """Every legal action now, in a deterministic order. Empty once the game is over."""

    def legal_sequence(self, state: S) -> Sequence[Action]:
        """The legal actions for a caller that only reads them (the simulator's and search's loops):
        a game that keeps them may hand out its own sequence instead of a copy."""
        return self.legal_actions(state)

    def apply(self, state: S, action: Action | str) -> None:
        """Checked apply: an illegal action raises IllegalActionError and changes nothing."""
        if isinstance(action, str):
            action = self.parse_action(state, action)
        if state.decision is None:
            raise IllegalActionError("the game is over")
        if action not in self.legal_actions(state):
            raise IllegalActionError(f"{action.text!r} is not legal now ({state.decision.prompt})")
        self.apply_unchecked(state, action)

    @abstractmethod
    def apply_unchecked(self, state: S, action: Action) -> None:
        """Apply an action known to be legal (search and simulation use this fast path)."""

    def parse_action(self, state: S, text: str) -> Action:
        """The legal action whose text matches (spaces and case folded), or IllegalActionError."""
        want = " ".join(text.split()).lower()
        if not want:
            raise IllegalActionError("an empty action")
        legal = self.legal_actions(state)
        for a in legal:
            if a.text.lower() == want:
                return a
        if state.decision is None:
            raise IllegalActionError("the game is over")
        hint = ", ".join(a.text for a in legal[:6]) + (" …" if len(legal) > 6 else "")
        raise IllegalActionError(f"{text.strip()!r} is not a legal action now; legal actions include: {hint}")

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    def victory_levels(self, setup: Setup) -> list[str]:
        """The victory levels an outcome of this setup can have (``Outcome.level``), worst first;
        empty for a game without them."""
        return []

    def result_value(self, outcome: Outcome, seat: int) -> float:
        """How good a finished game is for ``seat``, in [0, 1]: 1 won, 0 lost, 1/2 each in a draw.
        Search that plays games out to the end with another bot (``mcts:N+BOT``) maximises it. A
        game that grades its results (victory points) may spread it, so that of two wins search
        prefers the better one."""
        if outcome.result is Result.DRAW and not outcome.winners:
            return 0.5
        return 1.0 if seat in outcome.winners else 0.0

    def search_candidates(self, view: S, legal: Sequence[Action]) -> list[Action]:
        """The actions worth comparing by playing games out (``mcts:N+BOT``) at this decision, from
        what the deciding seat sees; empty when the decision is not worth the playouts and the
        bot's own choice is taken. Default: every legal action."""
        return list(legal)

    def search_horizon(self, state: S) -> Hashable | None:
        """Where a playout of ``mcts:N+BOT`` may stop and be scored by :meth:`evaluate` instead of
        being played to the end of the game: a key of the part of the game ``state`` is in (Zombie
        Dawn: the turn), and a playout stops once the key differs from its start's. None (the
        default): playouts go to the end."""
        return None

    # ----- information -------------------------------------------------------------------------
    def view(self, state: S, seat: int) -> S:
        """What ``seat`` may see: a copy with hidden information redrawn from public information only
        and the chance stream re-seeded, so that two states a seat cannot tell apart give the same
        view. Games with hidden zones override :meth:`redact`.

        A view never holds the game's seed (it is :data:`VIEW_SEED`) nor its chance stream: with the
        seed and the public choices made so far, ``new`` would rebuild every hidden card and every
        roll still to come."""
        v = state.clone()
        v.seed = VIEW_SEED
        v.rng = Rng(derive_seed("view", self.id, seat, len(state.log)))
        v.viewer = seat
        self.redact(v, seat)
        return v

    def redact(self, view: S, seat: int) -> None:
        """Replace in ``view`` whatever ``seat`` cannot see (default: nothing is hidden)."""

    def determinize(self, view: S, rng: Rng) -> None:
        """Resample what the viewer cannot see (search bots call this on a view). Default: re-seed."""
        view.rng = Rng(rng.next64())

    def evaluate(self, state: S, seat: int) -> float | None:
        """An estimate in [0, 1] of ``seat``'s chance of winning from ``state`` (a view or a
        determinized view: it must read nothing the seat cannot see), or None when the game has no
        value function. Search uses it to cut rollouts short; a game provides one in its descriptor
        (``evaluator``)."""
        if self.id in _evaluators:
            fn = _evaluators[self.id]
        else:
            from deadboard.core.registry import find_descriptor  # the registry names the games

            found = find_descriptor(self)
            fn = _evaluators[self.id] = found.value_function() if found is not None else None
        if fn is None:
            return None
        value: float = fn(self, state, seat)
        return value

    @abstractmethod
    def snapshot(self, state: S) -> dict[str, Any]:
        """The whole state as JSON-able data (for hashes, traces and the web front end)."""

    def state_hash(self, state: S) -> str:
        blob = json.dumps(self.snapshot(state), sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    def test_setups(self) -> list[Setup]:
        """Setups the conformance suite plays (default: each scenario with default options). Games
        add setups that switch on their optional rules and player counts."""
        return [Setup(scenario=s.id, players=self.min_players) for s in self.scenarios] or [self.default_setup()]

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "version": self.version,
            "players": [self.min_players, self.max_players],
            "scenarios": [s.to_json() for s in self.scenarios],
            "options": [o.to_json() for o in self.options],
        }
