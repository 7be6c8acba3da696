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


class Start(TypedAction):
    KIND = "start"
    space: str


class Move(TypedAction):
    KIND = "move"
    die: int
    space: str


class Attack(TypedAction):
    KIND = "attack"
    who: str
    weapon: str
    space: str
    target: str  # weak | fresh | a mutate's id
    dice: tuple[int, ...]


class Search(TypedAction):
    KIND = "search"
    die: int


class Keep(TypedAction):
    KIND = "keep"
    card: str


class Reload(TypedAction):
    KIND = "reload"
    who: str


class Equip(TypedAction):
    KIND = "equip"
    who: str
    weapon: str


class Give(TypedAction):
    KIND = "give"
    seat: int
    item: str
    die: int


class Jump(TypedAction):
    """Jump out of the second-floor window the squad stands at."""

    KIND = "jump"


class Take(TypedAction):
    """Take a card from the public stash (standing on or beside its token)."""

    KIND = "take"

    item: str


class PickUp(TypedAction):
    """Pick up a dead squad's dropped items (1 AP)."""

    KIND = "pickup"

    die: int


class Dash(TypedAction):
    """Where a trait's move takes the squad."""

    KIND = "dash"

    space: str


class End(TypedAction):
    """End the squad's turn."""

    KIND = "end"


class Hurt(TypedAction):
    """One point of damage to a survivor's HP."""

    KIND = "hurt"

    who: str


class Block(TypedAction):
    """One point of damage taken off the squad's defence wheel."""

    KIND = "block"


class Pick(TypedAction):
    KIND = "pick"
    who: str


END, BLOCK, JUMP = End(), Block(), Jump()


class Throw(TypedAction):
    """Throw a Molotov Cocktail token at a space (range: the thrower's melee skill, in sight)."""

    KIND = "throw"

    who: str
    space: str
    dice: tuple[int, ...]


class PlaceBomb(TypedAction):
    """Place a Bomb token: by night on an adjacent space, by day (crafting) anywhere."""

    KIND = "bomb"

    space: str
    dice: tuple[int, ...]


class Tunnel(TypedAction):
    """Enter the bunker tunnels: 1 AP per survivor, any dice combined; the turn is over."""

    KIND = "tunnel"

    dice: tuple[int, ...]


class Emerge(TypedAction):
    """Come out of the bunker tunnels at an entrance (no AP)."""

    KIND = "emerge"

    space: str


class Refuel(TypedAction):
    """Refuel a gas powered weapon on a Refuel space (4 AP)."""

    KIND = "refuel"

    who: str
    dice: tuple[int, ...]


class Stash(TypedAction):
    """Put a carried card in the private stash (on or beside its token at night; no AP)."""

    KIND = "stash"

    item: str


class Unstash(TypedAction):
    """Take a card from the private stash into the carried items (on or beside its token at night;
    no AP)."""

    KIND = "unstash"

    item: str


class NewStash(TypedAction):
    """Encumbered away from the stash token: discard the private stash and leave its token here."""

    KIND = "newstash"


class Abandon(TypedAction):
    """Encumbered away from the stash token: discard a carried card."""

    KIND = "abandon"

    item: str


NEW_STASH = NewStash()


# declared here, beside the other actions, rather than with their rules (crafting.py, traits.py):
# those modules are compiled by mypyc, which cannot compile a typed action with a tuple field
class Make(TypedAction):
    """Craft a crafting card with the dice named (rulebook §Task #2 – CRAFT)."""

    KIND = "craft"

    card: str
    dice: tuple[int, ...]


class UseTrait(TypedAction):
    """A survivor's active trait, paid with the dice named, aimed at a space or a target if it
    needs one (rulebook §Traits)."""

    KIND = "trait"

    who: str
    trait: str
    space: str
    target: str
    dice: tuple[int, ...]
