"""The Night's actions (rulebook §Your Turn - Action Pool, §Using Dice, §Taking Damage): what a squad
does with its action pool, and the answers to the decisions the night asks."""

from __future__ import annotations

from typing import Any, TypeVar

from deadboard.core.typed_actions import TypedAction

A = TypeVar("A", bound=TypedAction)

_new_tuple = tuple.__new__


def paid(cls: type[A], head: tuple[Any, ...], pays: tuple[tuple[int, ...], ...]) -> tuple[A, ...]:
    """One ``cls`` action per payment of ``pays``: its fields before the dice are ``head``. Built as
    the tuples they are, ``(kind, *head, *dice)`` — the rules make these by the hundred per turn
    with fields they already checked (the typed constructor's checks are for the edges)."""
    first = (cls.KIND, *head)
    return tuple([_new_tuple(cls, first + pay) for pay in pays])


class Start(TypedAction, kind="start"):
    space: str


class Move(TypedAction, kind="move"):
    die: int
    space: str


class Attack(TypedAction, kind="attack"):
    who: str
    weapon: str
    space: str
    target: str  # weak | fresh | a mutate's id
    dice: tuple[int, ...]


class Search(TypedAction, kind="search"):
    die: int


class Keep(TypedAction, kind="keep"):
    card: str


class Reload(TypedAction, kind="reload"):
    who: str


class Equip(TypedAction, kind="equip"):
    who: str
    weapon: str


class Give(TypedAction, kind="give"):
    seat: int
    item: str
    die: int


class Jump(TypedAction, kind="jump"):
    """Jump out of the second-floor window the squad stands at."""


class Take(TypedAction, kind="take"):
    """Take a card from the public stash (standing on or beside its token)."""

    item: str


class PickUp(TypedAction, kind="pickup"):
    """Pick up a dead squad's dropped items (1 AP)."""

    die: int


class Dash(TypedAction, kind="dash"):
    """Where a trait's move takes the squad."""

    space: str


class End(TypedAction, kind="end"):
    """End the squad's turn."""


class Hurt(TypedAction, kind="hurt"):
    """One point of damage to a survivor's HP."""

    who: str


class Block(TypedAction, kind="block"):
    """One point of damage taken off the squad's defence wheel."""


class Pick(TypedAction, kind="pick"):
    who: str


END, BLOCK, JUMP = End(), Block(), Jump()


class Throw(TypedAction, kind="throw"):
    """Throw a Molotov Cocktail token at a space (range: the thrower's melee skill, in sight)."""

    who: str
    space: str
    dice: tuple[int, ...]


class PlaceBomb(TypedAction, kind="bomb"):
    """Place a Bomb token: by night on an adjacent space, by day (crafting) anywhere."""

    space: str
    dice: tuple[int, ...]


class Tunnel(TypedAction, kind="tunnel"):
    """Enter the bunker tunnels: 1 AP per survivor, any dice combined; the turn is over."""

    dice: tuple[int, ...]


class Emerge(TypedAction, kind="emerge"):
    """Come out of the bunker tunnels at an entrance (no AP)."""

    space: str


class Refuel(TypedAction, kind="refuel"):
    """Refuel a gas powered weapon on a Refuel space (4 AP)."""

    who: str
    dice: tuple[int, ...]


class Stash(TypedAction, kind="stash"):
    """Put a carried card in the private stash (on or beside its token at night; no AP)."""

    item: str


class Unstash(TypedAction, kind="unstash"):
    """Take a card from the private stash into the carried items (on or beside its token at night;
    no AP)."""

    item: str


class NewStash(TypedAction, kind="newstash"):
    """Encumbered away from the stash token: discard the private stash and leave its token here."""


class Abandon(TypedAction, kind="abandon"):
    """Encumbered away from the stash token: discard a carried card."""

    item: str


NEW_STASH = NewStash()


# declared here, beside the other actions, rather than with their rules (crafting.py, traits.py):
# those modules are compiled by mypyc, which cannot compile a typed action with a tuple field
class Make(TypedAction, kind="craft"):
    """Craft a crafting card with the dice named (rulebook §Task #2 – CRAFT)."""

    card: str
    dice: tuple[int, ...]


class UseTrait(TypedAction, kind="trait"):
    """A survivor's active trait, paid with the dice named, aimed at a space or a target if it
    needs one (rulebook §Traits)."""

    who: str
    trait: str
    space: str
    target: str
    dice: tuple[int, ...]
