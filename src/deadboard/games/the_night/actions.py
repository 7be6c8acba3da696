"""The Night's actions: one typed action class per kind of action, with the rulebook's words.

The text form (``move Ben c5``, ``shoot Ben Z3 pistol``, ``place Ben b2``) is what saves, the
command line and the browser see; the rules read the typed fields.
"""

from __future__ import annotations

from deadboard.core.typed_actions import PASS, ActionCodec, Pass, TypedAction


# ----- setup ---------------------------------------------------------------------------------------
class Pick(TypedAction):
    """Hidden Hero: secretly pick a human."""

    KIND = "pick"

    human: str


class Place(TypedAction):
    """Place a human or an item (by id) on a square."""

    KIND = "place"

    what: str
    square: str


class TakeItem(TypedAction):
    """Alternative Item Draw 2: take an item."""

    KIND = "take"

    item: str


class Stop(TypedAction):
    """Alternative Item Draw 2: take no more items."""

    KIND = "stop"


class ArmWith(TypedAction):
    """Take the House: hand a human one item (``nothing`` when none is left)."""

    KIND = "arm"

    human: str
    item: str


# ----- the Live Human Action Phase ---------------------------------------------------------------
class Activate(TypedAction):
    KIND = "activate"
    human: str


class End(TypedAction):
    """No more humans act this turn."""

    KIND = "end"


class Move(TypedAction):
    KIND = "move"
    human: str
    square: str


class Attack(TypedAction):
    KIND = "attack"
    human: str
    zombie: str


class Shoot(TypedAction):
    KIND = "shoot"
    human: str
    zombie: str
    item: str


class WildShoot(TypedAction):
    """Fast but Wild Shooter: the first of two shots (at -1, then -2)."""

    KIND = "shoot"

    human: str
    zombie: str
    item: str
    wild: str


class Board(TypedAction):
    KIND = "board"
    human: str
    opening: str


class Unboard(TypedAction):
    KIND = "unboard"
    human: str
    opening: str


class Lock(TypedAction):
    KIND = "lock"
    human: str
    opening: str


class Unlock(TypedAction):
    KIND = "unlock"
    human: str
    opening: str


class Pickup(TypedAction):
    KIND = "pickup"
    human: str
    item: str


class Drop(TypedAction):
    KIND = "drop"
    human: str
    item: str


class Give(TypedAction):
    KIND = "give"
    human: str
    to: str
    item: str


class Escape(TypedAction):
    KIND = "escape"
    human: str


class Done(TypedAction):
    KIND = "done"
    human: str


class Fight(TypedAction):
    """Dodge: the caught human fights one adjacent zombie."""

    KIND = "fight"

    human: str
    zombie: str


# ----- random events -------------------------------------------------------------------------------
class Distract(TypedAction):
    """Lightning strike: move a zombie 2 squares."""

    KIND = "distract"

    zombie: str
    square: str


class Dash(TypedAction):
    KIND = "dash"
    human: str
    square: str


class OpportunityShot(TypedAction):
    KIND = "opportunity"
    human: str
    zombie: str
    item: str


class Latch(TypedAction):
    KIND = "latch"
    opening: str


# ----- the Zombie Player -------------------------------------------------------------------------
class ZMove(TypedAction):
    KIND = "zmove"
    zombie: str
    square: str


class ZAttack(TypedAction):
    KIND = "zattack"
    zombie: str
    human: str


class ZBreak(TypedAction):
    KIND = "zbreak"
    zombie: str
    opening: str


class ZDone(TypedAction):
    KIND = "zdone"
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
