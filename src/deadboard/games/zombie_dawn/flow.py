"""How Zombie Dawn's rules put steps on the kernel's stack (:mod:`deadboard.core.kernel`).

The rules push from deep inside a resolution (a damage placed may call for a save, a death for a
share-out of items, a wiped-out group for a new start), in the order the rulebook resolves them:
what is pushed last runs first, above what was pushed before it and above the step that pushed it.
Once the game is over nothing more is pushed (:func:`push` is then a no-op).

Every step that was an entry of the ``pending`` stack of the snapshot before the kernel mixes in
:class:`StepForm`: :meth:`StepForm.old` is that entry, so recorded games keep their hashes.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import Any

from mypy_extensions import mypyc_attr

from deadboard.core.kernel import Step
from deadboard.games.zombie_dawn.state import DawnState


@mypyc_attr(native_class=False)  # a mixin of steps, which are ordinary Python classes where compiled
class StepForm:
    """A step written in the snapshot as its entry of the old ``pending`` stack."""

    __slots__ = ()

    def old(self) -> list[Any] | None:
        """The step as the snapshot writes it (None: not written, such as the turn decision)."""
        return None


@mypyc_attr(native_class=False)  # a mixin of steps, which are ordinary Python classes where compiled
class CombatForm(StepForm):
    """A step of the running combat (its attack phase, its choice, its roll, its Noise, its check):
    one of them is on the stack from the moment a combat begins until it is closed, where the
    ``combat`` entry of the old ``pending`` stack was."""

    __slots__ = ()

    def old(self) -> list[Any] | None:
        return ["combat"]

    @abstractmethod
    def stage(self, state: DawnState) -> str:
        """What the snapshot has always called this point of the combat (its ``stage``)."""


@mypyc_attr(native_class=False)  # a mixin of steps, which are ordinary Python classes where compiled
class WaitingForm(StepForm):
    """A combat waiting for the running one to end (rulebook §Questions: "those combats will be
    resolved after Finishing your combat"): it lies beneath the running combat's step, the first to
    wait on top, and begins when it is reached. The snapshot lists them under ``queue``."""

    __slots__ = ()

    @abstractmethod
    def queue_entry(self, state: DawnState) -> list[Any]:
        """The combat as the snapshot's ``queue`` writes it."""


@mypyc_attr(native_class=False)  # a mixin of steps, which are ordinary Python classes where compiled
class ForGroup(StepForm):
    """A step for one group (``seat``) that goes away when the group is wiped out — damage still to
    place on it, Life or Death rolls and saves of its Pjs, cards it must discard, items to share out
    among its Pjs — and sends the cards it holds to the discard piles: "all its Items ... go to the
    corresponding discard decks" (rulebook §Death of Characters). At the end of the game what such a
    step holds is discarded too ("The remaining cards ... are Discarded", rulebook §End of Game).
    :func:`.death.wipe_out` and :func:`.death.clear_stack` ask the steps themselves, beneath the
    modules that define them."""

    __slots__ = ()

    seat: int

    def void(self, state: DawnState, seat: int) -> bool:
        """Whether the step goes away with group ``seat`` wiped out (what it holds is then
        discarded)."""
        if self.seat != seat:
            return False
        self.discard_held(state)
        return True

    def discard_held(self, state: DawnState) -> None:
        """The cards the step holds (a damage card drawn, items to share out) go to their discard
        piles; most such steps hold none."""


# the forms for ``isinstance`` in compiled code (docs/building.md): mypyc's own test for a class kept
# ordinary knows only some of its subclasses (a ``WaitingForm`` test asked for ``AttackWaits`` alone),
# so it is made through a plain ``type``, which asks Python, as the kernel's ``_STEP``
STEP_FORM: type = StepForm
COMBAT_FORM: type = CombatForm
WAITING_FORM: type = WaitingForm
FOR_GROUP: type = ForGroup


def plain(*parts: Any) -> list[Any]:
    """A snapshot entry: numbers and words as they are, tuples as lists."""
    return [x if isinstance(x, int | str) else list(x) if isinstance(x, tuple) else str(x) for x in parts]


def push(state: DawnState, *steps: Step[Any]) -> None:
    """Put ``steps`` on top of the stack (the first runs first), unless the game is over (the
    kernel's ``state.push``, written out: rules push a step or two at every action)."""
    if not state.over:
        if len(steps) == 1:
            state.steps.append(steps[0])
        else:
            state.steps.extend(reversed(steps))


def pushed_since(state: DawnState, mark: Step[Any]) -> tuple[Step[Any], ...]:
    """Take off the stack every step pushed above ``mark`` (and ``mark`` itself); return them, the
    first to run first. A rule resolved inside a decision that returns what it leads to (a response
    in a window) pushes above a mark, so that steps beneath may come and go meanwhile (a wiped-out
    group's damage is dropped) without mixing them up."""
    stack = state.steps
    for i in range(len(stack) - 1, -1, -1):
        if stack[i] is mark:
            above = stack[i + 1 :]
            del stack[i:]
            above.reverse()
            return tuple(above)
    return ()  # the game ended meanwhile: the stack is empty


def combat_step_at(state: DawnState) -> int:
    """Where the running combat's step is on the stack (-1: nowhere, the game is over)."""
    stack = state.steps
    i = len(stack) - 1
    while i >= 0 and not isinstance(stack[i], COMBAT_FORM):
        i -= 1
    return i


def waiting_places(state: DawnState) -> range:
    """Where the combats waiting for the running one lie on the stack, the first to begin first
    (its ``stop + 1`` is where the next to wait goes; empty, with a negative ``start``, once the game
    is over)."""
    i = combat_step_at(state)
    j = i
    stack = state.steps
    while j > 0 and isinstance(stack[j - 1], WAITING_FORM):
        j -= 1
    return range(i - 1, j - 1, -1)


def wait(state: DawnState, combat: Step[Any], places: range | None = None) -> None:
    """Put a combat to wait beneath the running one, after those already waiting (nothing once the
    game is over); ``places`` as :func:`waiting_places` has just found them."""
    if places is None:
        places = waiting_places(state)
    if places.start >= -1:
        state.steps.insert(places.stop + 1, combat)


class Above:
    """The steps that rules push from beneath the modules that define them, so that the rule modules
    import one another one way only (their order: :mod:`.rules`):

    - ``attack_phase``: the first step of a combat against zombies (:data:`.combat.ATTACK_PHASE`),
      pushed where zombies attack (:func:`.zombies.begin_combat`): cards, items and abilities bring
      zombies, and a combat's attack phase opens a window in which cards, items and abilities may be
      played;
    - ``duel_phase``: the first step of a combat between groups (:class:`.duel.DuelPhase`), pushed
      where a group attacks another at any moment (:func:`.anytime.start_duel`);
    - ``damage``: damage for a group to place (:class:`.wounds.Damage`), dealt by an Initial Attack
      (:func:`.zombies.initial_attack`): a Pj killed by damage leaves items to share out, one of
      which (a flare) may make the Noise that brings those zombies.

    :mod:`.rules`, above every rule module, sets them when the game is imported (the package's
    ``__init__`` imports it, so no rule runs before)."""

    __slots__ = ("attack_phase", "damage", "duel_phase")

    attack_phase: Step[DawnState]
    duel_phase: Callable[[], Step[DawnState]]
    damage: Callable[[int, int], Step[DawnState]]


#: the steps rules push from beneath the modules that define them, set by :mod:`.rules`
ABOVE = Above()


#: contexts of the "at any moment" actions: the seat's own turn, a response window, its own combat
#: against zombies, its own combat against another group
TURN, WINDOW, COMBAT, DUEL = "turn", "window", "combat", "duel"
