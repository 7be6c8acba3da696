"""The step kernel: one loop that runs every game.

A game's flow is a stack of *steps*. A step is a small value (a slotted dataclass written next to the
rule it implements) of one of two sorts:

- an :class:`Auto` step runs by itself: ``run(state)`` resolves a rule (dice, draws, the automated
  enemy) and returns the steps that come next;
- a :class:`Choice` is a decision: it knows its ``seat``, its ``kind``, its legal ``actions(state)``,
  its ``prompt(state)``, and ``apply(state, action)`` resolves the chosen action and returns the
  steps that come next.

What a step returns is pushed on the stack so that the first step returned runs first; a step that
must come back (a turn that goes on after an action) returns itself, or an updated copy, last::

    stack (top on the right)          after Turn.apply(state, Shoot(...)) returns (Aim(...), turn)

    [Round, Turn]                 ->  [Round, Turn, Aim]          Aim decides next, then Turn again

:func:`advance` pops and runs automatic steps until the top of the stack is a decision with at least
one legal action (the state's ``decision`` and ``legal`` are then set) or the stack is empty (the
game is over). A decision with no legal action when it is reached is dropped: there is nothing to
decide (the group it was for has died meanwhile).

**A decision with a single legal action is a decision like any other.** It is asked, and its action is
recorded in the save like every other, so a replay never depends on whether a front end or a bot
took it at once: front ends and bots may take it without asking (:func:`forced_action`,
:func:`take_forced`); :func:`replay_actions` also replays an older record in which such actions were
left out.

Steps are values: once made, a step is never changed (clones of a state share them), so cloning a
state copies the stack as one list of references; a step that changes (a window whose floor moves
on) is replaced by a new value. (They are not ``frozen`` dataclasses only because a frozen dataclass
is three times slower to make, and rules make steps in their hottest loops.) Response windows
(:mod:`deadboard.core.responses`) and phases (:mod:`deadboard.core.phases`) are steps of this same
kernel.

:class:`KernelGame` implements the game contract (``decision``, ``legal_actions``, ``apply``,
``apply_unchecked``) from the stack, so a game written on it supplies its state, its first steps,
its outcome and its snapshot — and steps.
"""

from __future__ import annotations

import dataclasses
import enum
from abc import abstractmethod
from collections.abc import Callable, Iterable, Sequence
from types import GenericAlias
from typing import Any, ClassVar, Final, Generic, TypeVar, cast

from mypy_extensions import mypyc_attr

from deadboard.core.action import Action
from deadboard.core.errors import IllegalActionError
from deadboard.core.game import Decision, Game, Outcome, Setup, State
from deadboard.core.rng import Rng

__all__ = [
    "Auto",
    "Choice",
    "KernelGame",
    "KernelState",
    "Step",
    "Steps",
    "advance",
    "apply_action",
    "classvars",
    "forced_action",
    "refresh",
    "replay_actions",
    "step_json",
    "take_forced",
]

S = TypeVar("S", bound="KernelState")
A = TypeVar("A", bound=Action)
C = TypeVar("C")

#: makes a named tuple from the tuple of its fields (no keyword handling: the loop is hot); it and
#: the decision class are Final so that the compiled loop reads them as C globals
_new: Final = tuple.__new__
_DECISION: Final = Decision


@mypyc_attr(native_class=False)
class _StepType(type):
    """The metaclass of steps. It adds nothing at run time; it keeps steps ordinary Python classes
    where mypyc compiles them (docs/building.md): a step is a dataclass of a generic base, which
    mypyc cannot make a native class, and the other games and the tests subclass steps freely.
    Their methods are still compiled."""


class Step(Generic[S], metaclass=_StepType):
    """Base of every step. ``automatic`` tells the loop which sort it is (a class constant: one
    attribute read per step, no isinstance).

    A step's class constants (its ``kind``, a seat every decision of it has, a game's snapshot tag)
    are given by :func:`classvars` above its ``@dataclass``, the same in a compiled module and an
    uncompiled one: mypyc gives a dataclass every assignment of its body as a field, so
    ``kind: ClassVar[str] = "turn"`` there would become a field with a default."""

    __slots__ = ()

    automatic: ClassVar[bool] = True


if not hasattr(Step, "__parameters__"):
    # compiled by mypyc, Step is made without its Generic base: subscripting it (``Auto[ZState]``
    # as a base class or in an alias) is given back the way Generic would, as an alias of the class
    setattr(Step, "__class_getitem__", classmethod(GenericAlias))  # noqa: B010


def classvars(**values: object) -> Callable[[C], C]:
    """Set class constants on a step class once it is made::

        @classvars(kind="order")
        @dataclass(slots=True)
        class Order(Choice[DState, Action]):
            seat: int

    The one way to give a step its ``kind`` (or a ``seat`` that every decision of it has, or a
    game's own class constant), compiled or not (docs/architecture.md, "Writing steps and
    actions")."""

    def set_on(cls: C) -> C:
        for name, value in values.items():
            setattr(cls, name, value)
        return cls

    return set_on


#: Step for isinstance in compiled code: mypyc's own test for a class kept ordinary (as Step is)
#: misses the subclasses written in Python; through a plain ``type`` it asks Python
_STEP: type = Step

#: what a step returns: the steps that come next, the first one to run first
Steps = Sequence[Step[Any]]


class Auto(Step[S]):
    """A step that runs by itself."""

    __slots__ = ()

    automatic: ClassVar[bool] = True

    @abstractmethod
    def run(self, state: S) -> Steps:
        """Resolve this step; return the steps that come next."""


class Choice(Step[S], Generic[S, A]):
    """A decision of ``seat``. ``kind`` is the short tag front ends and bots dispatch on."""

    __slots__ = ()

    automatic: ClassVar[bool] = False
    kind: ClassVar[str] = "choice"
    seat: int

    @abstractmethod
    def actions(self, state: S) -> Sequence[A]:
        """Every legal action now, in a deterministic order."""

    @abstractmethod
    def apply(self, state: S, action: A) -> Steps:
        """Resolve ``action`` (one of :meth:`actions`); return the steps that come next."""

    @abstractmethod
    def prompt(self, state: S) -> str:
        """The sentence the deciding seat reads."""


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by uncompiled games and tests
class KernelState(State):
    """A state run by the kernel: ``steps`` is the stack (top = end of the list), ``legal`` the legal
    actions of the decision on top (set by :func:`advance`; shared between clones, never changed
    in place)."""

    __slots__ = ("legal", "over", "steps")

    steps: list[Step[Any]]
    legal: list[Action]
    over: bool

    def init_kernel(self, *first: Step[Any]) -> None:
        """Start the stack with ``first`` (the first one runs first)."""
        self.steps = list(reversed(first))
        self.legal = []
        self.over = False

    def copy_kernel(self, into: KernelState) -> None:
        """Copy the stack into a clone (the second step of ``clone``, after ``copy_common``)."""
        into.steps = self.steps.copy()
        into.legal = self.legal
        into.over = self.over

    # ----- what rules do to the stack --------------------------------------------------------
    def push(self, *steps: Step[Any]) -> None:
        """Put ``steps`` on top (the first one runs first). A step that pushes while it runs puts
        these beneath the steps it returns: returning is the usual way; pushing is for helpers
        that add steps from deep inside a rule."""
        self.steps.extend(reversed(steps))

    def unwind(self, until: type[Step[Any]] | tuple[type[Step[Any]], ...]) -> list[Step[Any]]:
        """Drop the steps above the topmost step of type ``until`` (an escape cuts the rest of the
        turn: ``state.unwind(EndTurn)``); return them, top first. Nothing is dropped if no such
        step is on the stack."""
        stack = self.steps
        for i in range(len(stack) - 1, -1, -1):
            if isinstance(stack[i], until):
                dropped = stack[i + 1 :]
                del stack[i + 1 :]
                dropped.reverse()
                return dropped
        return []

    def drop(self, where: Callable[[Step[Any]], bool]) -> int:
        """Remove every step for which ``where`` holds (a survivor that left the game: whatever it
        was to decide is void); return how many were removed."""
        before = len(self.steps)
        self.steps[:] = [s for s in self.steps if not where(s)]
        return before - len(self.steps)

    def end(self) -> None:
        """The game is over: nothing more happens (the steps the current step returns are dropped
        too, so a rule may end the game from anywhere)."""
        self.steps.clear()
        self.over = True


# ==================================================================================================
# the loop
# ==================================================================================================
def advance(
    state: KernelState, guard: Callable[[Any], bool] | None = None, take_single: bool = False
) -> None:
    """Run automatic steps until a decision with a legal action is on top or the game is over.

    ``guard`` (a game's :meth:`KernelGame.interrupt`) is asked before each step: an end that cannot
    wait (every human dead) ends the game from wherever play is; when it returns True the loop
    looks at the stack again. ``take_single`` is for rules versions recorded before the kernel
    settled forced decisions (:attr:`KernelGame.takes_single`): a decision with a single legal
    action is then taken here, unasked and unrecorded, as those rules did."""
    stack: list[Any] = state.steps  # Auto and Choice steps, told apart by ``automatic``
    while stack:
        if guard is not None and guard(state):
            continue
        step = stack[-1]
        if step.automatic:
            stack.pop()
            after = step.run(state)
            if after and not state.over:
                if len(after) == 1:
                    stack.append(after[0])
                else:
                    stack.extend(reversed(after))
            continue
        legal = step.actions(state)
        if not legal:
            stack.pop()
            continue
        if take_single and len(legal) == 1:
            stack.pop()
            after = step.apply(state, legal[0])
            if after and not state.over:
                stack.extend(reversed(after))
            continue
        state.legal = legal if type(legal) is list else list(legal)
        state.decision = _new(_DECISION, (step.seat, step.kind, step.prompt(state)))
        return
    state.legal = []
    state.decision = None


def apply_action(state: KernelState, action: Action, guard: Callable[[Any], bool] | None = None) -> None:
    """Apply a legal action to the decision on top and run on to the next decision."""
    stack: list[Any] = state.steps
    step = stack.pop()
    after = step.apply(state, action)
    if after and not state.over:
        if len(after) == 1:
            stack.append(after[0])
        else:
            stack.extend(reversed(after))
    advance(state, guard)


def refresh(state: KernelState, guard: Callable[[Any], bool] | None = None) -> None:
    """Recompute the decision on top after the state was changed outside the rules (a view's
    hidden information redrawn): its legal actions and prompt are read again."""
    stack: list[Any] = state.steps
    if stack and not stack[-1].automatic:
        step = stack[-1]
        legal = step.actions(state)
        if legal:
            state.legal = list(legal)
            state.decision = _new(_DECISION, (step.seat, step.kind, step.prompt(state)))
            return
    advance(state, guard)


# ==================================================================================================
# forced decisions and records
# ==================================================================================================
def forced_action(state: KernelState) -> Action | None:
    """The only legal action when the decision has exactly one, else None (front ends and bots take
    it without asking; it is still recorded)."""
    if state.decision is not None and len(state.legal) == 1:
        return state.legal[0]
    return None


def take_forced(game: Game[Any], state: KernelState, record: list[str] | None = None) -> int:
    """Apply forced decisions one after another until a real choice (or the end); append each
    action's text to ``record``. Returns how many were taken."""
    taken = 0
    while (action := forced_action(state)) is not None:
        game.apply_unchecked(state, action)
        if record is not None:
            record.append(action.text)
        taken += 1
    return taken


def replay_actions(
    game: Game[Any], state: KernelState, texts: Iterable[str], *, forced_recorded: bool = True
) -> None:
    """Apply recorded actions (checked). With ``forced_recorded=False`` the record is one in which
    forced decisions were left out (saves of rules versions that took them inside the rules): each
    such decision is taken before the next recorded action is applied."""
    for text in texts:
        if not forced_recorded:
            take_forced(game, state)
        game.apply(state, text)
    if not forced_recorded:
        take_forced(game, state)


# ==================================================================================================
# snapshots
# ==================================================================================================
def step_json(step: Step[Any]) -> dict[str, Any]:
    """A step as JSON-able data: its class name and fields (part of every kernel game's snapshot,
    so two states that would go on differently never hash alike)."""
    out: dict[str, Any] = {"step": type(step).__name__}
    if dataclasses.is_dataclass(step):
        for f in dataclasses.fields(step):
            out[f.name] = _plain(getattr(step, f.name))
    return out


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return _plain(value.value)
    if isinstance(value, Action):
        return value.text
    if isinstance(value, _STEP):
        return step_json(cast("Step[Any]", value))
    if isinstance(value, tuple | list | frozenset | set):
        items = [_plain(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, frozenset | set) else items
    if hasattr(value, "to_json"):
        return value.to_json()
    return repr(value)


# ==================================================================================================
# the game contract from the stack
# ==================================================================================================


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by uncompiled games and tests
class KernelGame(Game[S]):
    """A :class:`~deadboard.core.game.Game` run by the kernel. A game on it supplies:

    - :meth:`create`: a new state with its first steps (``state.init_kernel(...)``);
    - :meth:`result`: the outcome once the stack is empty;
    - :meth:`state_json`: the state as data (the stack is added by :meth:`snapshot`);
    - optionally :meth:`hide` and :meth:`resample` for hidden information.

    Every method gets the game's own state type ``S``: no ``isinstance`` checks in the rules."""

    @abstractmethod
    def create(self, setup: Setup, seed: int) -> S:
        """A new state for a checked ``setup`` with its first steps pushed (not yet advanced)."""

    @abstractmethod
    def result(self, state: S) -> Outcome:
        """How a finished game ended (called once the stack is empty)."""

    @abstractmethod
    def state_json(self, state: S) -> dict[str, Any]:
        """The state as JSON-able data, without the stack."""

    def interrupt(self, state: S) -> bool:
        """Checked before every step (the game-wide "end if"): a game whose rules end it at any
        moment (every human dead, the house cleared) overrides this, ends the game there
        (``state.end()``) or changes the stack, and returns True. Not overridden, it costs nothing."""
        return False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._interrupts = cls.interrupt is not KernelGame.interrupt

    #: whether the rules take a decision with a single legal action themselves, unrecorded: only
    #: for a game whose recorded games and saves were written by rules that did so before the
    #: kernel (Zombie Dawn, rules version 3), so that they replay unchanged; every other game asks
    #: such a decision like any other (see the module docstring)
    takes_single: ClassVar[bool] = False

    #: whether the game overrides :meth:`interrupt` (set for each subclass)
    _interrupts: ClassVar[bool] = False

    @property
    def _guard(self) -> Callable[[Any], bool] | None:
        return self.interrupt if self._interrupts else None

    def hide(self, view: S, seat: int) -> None:
        """Redraw in ``view`` what ``seat`` cannot see, from public information and ``view.rng``."""

    def resample(self, view: S, rng: Rng) -> None:
        """Redraw what the viewer cannot see (search calls this on a view), from ``rng``."""

    # ----- the contract ----------------------------------------------------------------------
    def new(self, setup: Setup | None = None, seed: int = 0) -> S:
        setup = self.normalized(setup or self.default_setup())
        state = self.create(setup, seed)
        advance(state, self._guard, self.takes_single)
        return state

    def legal_actions(self, state: S) -> list[Action]:
        return list(state.legal)

    def legal_sequence(self, state: S) -> Sequence[Action]:
        return state.legal  # never changed in place: advance sets a new list

    def apply_unchecked(self, state: S, action: Action) -> None:
        ks = state
        if ks.decision is None:
            raise IllegalActionError("the game is over")
        if type(action) is Action:  # a parsed text: the rules get the typed action it equals
            for legal in ks.legal:
                if legal == action:
                    action = legal
                    break
        # apply_action, written out: this is the hottest call of every game
        stack: list[Any] = ks.steps
        after = stack.pop().apply(ks, action)
        if after and not ks.over:
            if len(after) == 1:
                stack.append(after[0])
            else:
                stack.extend(reversed(after))
        advance(ks, self.interrupt if self._interrupts else None, self.takes_single)

    def outcome(self, state: S) -> Outcome | None:
        return None if state.steps else self.result(state)

    #: the snapshot key under which :meth:`stack_json` puts the stack
    stack_key: ClassVar[str] = "steps"

    def stack_json(self, state: S) -> list[Any]:
        """The stack as data, top first (a game moved onto the kernel may override this to keep the
        form its snapshots had, so that the hashes of its recorded games do not change)."""
        return [step_json(s) for s in state.steps[::-1]]

    def snapshot(self, state: S) -> dict[str, Any]:
        data = self.state_json(state)
        data[self.stack_key] = self.stack_json(state)
        return data

    def redact(self, view: S, seat: int) -> None:
        self.hide(view, seat)
        refresh(view, self._guard)

    def determinize(self, view: S, rng: Rng) -> None:
        self.resample(view, rng)
        view.rng = Rng(rng.next64())
        refresh(view, self._guard)
