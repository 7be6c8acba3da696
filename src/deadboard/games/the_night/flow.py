"""How The Night's steps are shared by its rules: the form every step had before The Night ran on
the step kernel, and the placement of an item added as in setup (rulebook §Setting Up the Game, 4.
Items), which setup, the Unreliable Weapons optional rule and the New weapon random event all push.

Every step that was once an entry of the game's queue of pending steps has that entry's form
(:meth:`StepForm.old`): the snapshot writes the stack that way, so recorded games keep their hashes.
The round (:mod:`~deadboard.games.the_night.turn`: its phases, the zombies' activations, the
phases' turns) and its decisions have none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from mypy_extensions import mypyc_attr

from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.games.the_night.actions import Place
from deadboard.games.the_night.state import NOT_IN_GAME, NightState


@mypyc_attr(native_class=False)  # mixed into steps, which stay ordinary classes (docs/building.md)
class StepForm:
    """What a step of The Night has besides its rule: its old snapshot form. A step gives its
    ``TAG`` with ``classvars`` above its dataclass (``@classvars(TAG="item")``), not in its body,
    where a compiled dataclass would take it as a field."""

    __slots__ = ()

    #: the step's name in the snapshot (its old tuple's first word); empty: not written
    TAG: ClassVar[str] = ""

    def old(self) -> list[str] | None:
        """The step as the snapshot writes it: its tag and its fields, as strings."""
        if not self.TAG:
            return None
        names: tuple[str, ...] = getattr(type(self), "__slots__", ())
        return [self.TAG, *(str(getattr(self, f)) for f in names)]


def item_area(state: NightState, item: int) -> tuple[str, str]:
    """Roll where an item goes: the location table (D6) or Alternative Item Placement (2D6)."""
    it = state.c.items[item]
    rng = state.rng
    if it.kind == "keys":
        roll = rng.d6()
        return it.locations[roll - 1], f"D6 = {roll}"
    if state.cfg.item_placement == "2d6":
        a, b = rng.d6(), rng.d6()
        return state.c.alt_item_placement[a + b - 2], f"2D6 = {a}+{b} = {a + b}"
    roll = rng.d6()
    return it.locations[(roll - 1) // 2], f"D6 = {roll}"


def prepare_item(state: NightState, item: int) -> PlaceItem | None:
    """Place an item in its rolled area: not more than one item a square, except one-square areas."""
    c = state.c
    area, roll_text = item_area(state, item)
    squares = c.areas[area]
    where = state.item_where
    occupied = {w for w in where if 0 <= w < c.grid.n}
    cands = tuple(s for s in squares if s not in occupied) if len(squares) > 1 else squares
    if not cands:
        cands = squares  # every square holds an item already: any square of the area (ruling)
    state.emit("roll", f"{c.items[item].name}: {roll_text} — {area}", {"item": c.items[item].id, "area": area})
    if len(cands) == 1:
        place_item(state, item, cands[0])
        return None
    return PlaceItem(item, cands, area)


def place_item(state: NightState, item: int, sq: int) -> None:
    state.item_where[item] = sq
    state.emit("place", f"{state.c.items[item].name} is placed on {state.c.grid.names[sq]}",
               {"item": state.c.items[item].id, "square": state.c.grid.names[sq]})


@classvars(TAG="place-item", kind="place-item", seat=0)
@dataclass(slots=True)
class PlaceItem(StepForm, Choice[NightState, Place]):
    """Which square of the rolled area the item lies on."""

    item: int
    cands: tuple[int, ...]
    area: str

    def actions(self, state: NightState) -> Sequence[Place]:
        iid = state.c.items[self.item].id
        names = state.c.grid.names
        return [Place(iid, names[s]) for s in self.cands]

    def apply(self, state: NightState, action: Place) -> Steps:
        place_item(state, self.item, state.c.grid.index[action.square])
        return ()

    def prompt(self, state: NightState) -> str:
        return f"Place the {state.c.items[self.item].name} in the {self.area}"


@classvars(TAG="item")
@dataclass(slots=True)
class PrepareItem(StepForm, Auto[NightState]):
    """Roll where an item goes and place it, or offer the free squares of the rolled area."""

    item: int

    def run(self, state: NightState) -> Steps:
        step = prepare_item(state, self.item)
        return (step,) if step is not None else ()


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
