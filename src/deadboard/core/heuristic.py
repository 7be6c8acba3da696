"""The base of every game's heuristic bot: one method per decision, found by what is decided.

A game's ``bot.py`` subclasses :class:`HeuristicBot` for its own state type and marks each method
with the decisions it takes: a step class of the kernel (the decision on top of the stack), or a
decision kind (``state.decision.kind``) for a game whose decisions are not steps::

    class NightBot(HeuristicBot[NightState]):
        @decides(PlaceHuman)
        def _place_human(self, state: NightState, legal: Sequence[Action]) -> Action | None:
            ...

A method returns its choice, or None to leave the decision to :meth:`HeuristicBot.otherwise`
(by default a seeded random choice), which also takes every decision no method is marked for. The
table of methods is built once per class, so a decision costs one dictionary lookup. The bot lives
in the game's package, below the bots layer, so that a game still imports only ``core`` and itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

from deadboard.core.action import Action
from deadboard.core.game import Game, State
from deadboard.core.kernel import KernelState
from deadboard.core.rng import Rng

S = TypeVar("S", bound=State)
F = TypeVar("F", bound=Callable[..., Any])

#: a decision method: ``(bot, state, legal) -> the choice, or None``
Method = Callable[[Any, Any, Sequence[Action]], Action | None]


def decides(*what: type[Any] | str) -> Callable[[F], F]:
    """Mark a method of a :class:`HeuristicBot` as the one for these decisions: step classes (a
    kernel game's decision steps) or decision kinds."""

    def mark(method: F) -> F:
        method.__decides__ = what  # type: ignore[attr-defined]
        return method

    return mark


class HeuristicBot(Generic[S]):
    """A bot that dispatches each decision to the method marked for it (see :func:`decides`).

    ``check_choices``: a method's choice that is not among the legal actions goes to
    :meth:`otherwise` too (for a bot whose methods work from rules they may not know all of)."""

    name: ClassVar[str] = "heuristic"
    needs_view: ClassVar[bool] = True
    check_choices: ClassVar[bool] = False

    #: decision step class -> method, and decision kind -> method (built for each subclass)
    by_step: ClassVar[dict[type[Any], Method]] = {}
    by_kind: ClassVar[dict[str, Method]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        by_step: dict[type[Any], Method] = {}
        by_kind: dict[str, Method] = {}
        for klass in reversed(cls.__mro__):
            for value in vars(klass).values():
                for what in getattr(value, "__decides__", ()):
                    if isinstance(what, str):
                        by_kind[what] = value
                    else:
                        by_step[what] = value
        cls.by_step, cls.by_kind = by_step, by_kind

    def __init__(self, game: Game[S], seat: int, seed: int) -> None:
        self.rng = Rng(seed)
        self.seat = seat

    def method_for(self, state: S) -> Method | None:
        """The method for the decision of ``state``: by its step (a kernel game), else by its kind."""
        if isinstance(state, KernelState) and state.steps:
            found = self.by_step.get(type(state.steps[-1]))
            if found is not None:
                return found
        d = state.decision
        return self.by_kind.get(d.kind) if d is not None else None

    def choose(self, game: Game[S], view: State | None, legal: Sequence[Action]) -> Action:
        state = cast(S, view)  # the table gives a bot that reads views the view of its seat
        method = self.method_for(state)
        if method is not None:
            choice = method(self, state, legal)
            if choice is not None and (not self.check_choices or choice in legal):
                return choice
        return self.otherwise(state, legal)

    def otherwise(self, state: S, legal: Sequence[Action]) -> Action:
        """The choice when no method takes the decision: a seeded random one."""
        return legal[self.rng.below(len(legal))]


__all__ = ["HeuristicBot", "decides"]
