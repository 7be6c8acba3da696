"""How The Night's steps are shared by its rules: the form every step had before The Night ran on
the step kernel, and the placement of an item added as in setup (which setup, the Unreliable
Weapons optional rule and the New weapon random event all push).

Every step that was once an entry of the game's queue of pending steps has that entry's form
(:meth:`StepForm.old`): the snapshot writes the stack that way, so recorded games keep their hashes.
The round (:mod:`~deadboard.games.the_night.turn`: its phases, the zombies' activations, the
phases' turns) and its decisions have none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mypy_extensions import mypyc_attr

from deadboard.core.kernel import Auto, Steps
from deadboard.games.the_night.state import NOT_IN_GAME, NightState


@mypyc_attr(native_class=False)  # mixed into steps, which stay ordinary classes (docs/building.md)
class StepForm:
    """What a step of The Night has besides its rule: its old snapshot form. Compiled by mypyc,
    a step sets its ``TAG`` after its class (``PrepareItem.TAG = "item"``), not in its body, where
    the dataclass would take it as a field."""

    __slots__ = ()

    #: the step's name in the snapshot (its old tuple's first word); empty: not written
    TAG: ClassVar[str] = ""

    def old(self) -> list[str] | None:
        """The step as the snapshot writes it: its tag and its fields, as strings."""
        if not self.TAG:
            return None
        names: tuple[str, ...] = getattr(type(self), "__slots__", ())
        return [self.TAG, *(str(getattr(self, f)) for f in names)]


@dataclass(slots=True)
class PrepareItem(StepForm, Auto[NightState]):
    """Roll where an item goes (rulebook §Setting Up the Game, 4. Items) and place it, or offer the
    free squares of the rolled area."""

    item: int

    def run(self, state: NightState) -> Steps:
        from deadboard.games.the_night.setup import prepare_item  # setup builds on the combat rules

        step = prepare_item(state, self.item)
        return (step,) if step is not None else ()


PrepareItem.TAG = "item"


def item_steps(state: NightState, item: int) -> list[PrepareItem]:
    """Placement steps for an item added as in setup, with its ammo counter if it is a firearm."""
    steps = [PrepareItem(item)]
    it = state.c.items[item]
    if it.kind == "firearm" and it.ammo is not None:
        for j in state.c.kind_items[it.ammo]:
            if state.item_where[j] == NOT_IN_GAME:
                steps.append(PrepareItem(j))
    return steps


def queue_item_with_ammo(state: NightState, item: int) -> None:
    """Queue an item (and its ammo) to be placed next, before anything else pending."""
    state.push(*item_steps(state, item))
