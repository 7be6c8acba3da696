"""The Night's actions: one typed action class per kind of action, with the rulebook's words.

The text form (``move Ben c5``, ``shoot Ben Z3 pistol``, ``place Ben b2``) is what saves, the
command line and the browser see; the rules read the typed fields.
"""

from __future__ import annotations

from deadboard.core.typed_actions import PASS, ActionCodec, Pass, TypedAction


# ----- setup ---------------------------------------------------------------------------------------
class Pick(TypedAction, kind="pick"):
    """Hidden Hero: secretly pick a human."""

    human: str


class Place(TypedAction, kind="place"):
    """Place a human or an item (by id) on a square."""

    what: str
    square: str


class TakeItem(TypedAction, kind="take"):
    """Alternative Item Draw 2: take an item."""

    item: str


class Stop(TypedAction, kind="stop"):
    """Alternative Item Draw 2: take no more items."""


class ArmWith(TypedAction, kind="arm"):
    """Take the House: hand a human one item (``nothing`` when none is left)."""

    human: str
    item: str


# ----- the Live Human Action Phase ---------------------------------------------------------------
class Activate(TypedAction, kind="activate"):
    human: str


class End(TypedAction, kind="end"):
    """No more humans act this turn."""


class Move(TypedAction, kind="move"):
    human: str
    square: str


class Attack(TypedAction, kind="attack"):
    human: str
    zombie: str


class Shoot(TypedAction, kind="shoot"):
    human: str
    zombie: str
    item: str


class WildShoot(TypedAction, kind="shoot"):
    """Fast but Wild Shooter: the first of two shots (at -1, then -2)."""

    human: str
    zombie: str
    item: str
    wild: str


class Board(TypedAction, kind="board"):
    human: str
    opening: str


class Unboard(TypedAction, kind="unboard"):
    human: str
    opening: str


class Lock(TypedAction, kind="lock"):
    human: str
    opening: str


class Unlock(TypedAction, kind="unlock"):
    human: str
    opening: str


class Pickup(TypedAction, kind="pickup"):
    human: str
    item: str


class Drop(TypedAction, kind="drop"):
    human: str
    item: str


class Give(TypedAction, kind="give"):
    human: str
    to: str
    item: str


class Escape(TypedAction, kind="escape"):
    human: str


class Done(TypedAction, kind="done"):
    human: str


class Fight(TypedAction, kind="fight"):
    """Dodge: the caught human fights one adjacent zombie."""

    human: str
    zombie: str


# ----- random events -------------------------------------------------------------------------------
class Distract(TypedAction, kind="distract"):
    """Lightning strike: move a zombie 2 squares."""

    zombie: str
    square: str


class Dash(TypedAction, kind="dash"):
    human: str
    square: str


class OpportunityShot(TypedAction, kind="opportunity"):
    human: str
    zombie: str
    item: str


class Latch(TypedAction, kind="latch"):
    opening: str


# ----- the Zombie Player -------------------------------------------------------------------------
class ZMove(TypedAction, kind="zmove"):
    zombie: str
    square: str


class ZAttack(TypedAction, kind="zattack"):
    zombie: str
    human: str


class ZBreak(TypedAction, kind="zbreak"):
    zombie: str
    opening: str


class ZDone(TypedAction, kind="zdone"):
    zombie: str


STOP, END = Stop(), End()

CODEC = ActionCodec(
    [
        Pick,
        Place,
        TakeItem,
        Stop,
        ArmWith,
        Activate,
        End,
        Move,
        Attack,
        Shoot,
        WildShoot,
        Board,
        Unboard,
        Lock,
        Unlock,
        Pickup,
        Drop,
        Give,
        Escape,
        Done,
        Fight,
        Distract,
        Dash,
        OpportunityShot,
        Latch,
        Pass,
        ZMove,
        ZAttack,
        ZBreak,
        ZDone,
    ]
)

__all__ = ["CODEC", "END", "PASS", "STOP"]
