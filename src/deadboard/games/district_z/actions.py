"""District-Z's actions: one typed action class per kind of action, with the rulebook's words.

The text form (``move north``, ``fight pistol+crowbar``, ``pair 2>1 3=3``) is what saves, the
command line and the browser see; the rules read the typed fields. A weapon loadout is one word
(``pistol+crowbar`` or ``bare-handed``): :func:`~deadboard.games.district_z.fighting.parse_loadout`
turns it into item indices at the edge of the rule that uses it.
"""

from __future__ import annotations

from deadboard.core.typed_actions import ActionCodec, TypedAction


# ----- turns and movement -------------------------------------------------------------------------
class Move(TypedAction, kind="move"):
    """Move one LOCATION card NORTH, EAST, SOUTH or WEST."""

    direction: str


class Heal(TypedAction, kind="heal"):
    """Stay and heal (multiplayer)."""


class Stay(TypedAction, kind="stay"):
    """Stay on the card."""


class Use(TypedAction, kind="use"):
    """Use a healing ITEM."""

    item: str


class Drop(TypedAction, kind="drop"):
    """Drop an ITEM at the current LOCATION."""

    item: str


# ----- meeting another survivor -------------------------------------------------------------------
class Trade(TypedAction, kind="trade"):
    survivor: str


class Attack(TypedAction, kind="attack"):
    survivor: str


class Nothing(TypedAction, kind="nothing"):
    """Meet another survivor and do nothing."""


class Roll(TypedAction, kind="roll"):
    """Roll for the EVENT instead."""


class Done(TypedAction, kind="done"):
    """Finish (picking up dropped ITEMS, engaging, replacing location cards)."""


class OfferItem(TypedAction, kind="offer"):
    item: str


class AskItem(TypedAction, kind="ask"):
    item: str


class Unoffer(TypedAction, kind="unoffer"):
    item: str


class Unask(TypedAction, kind="unask"):
    item: str


class Propose(TypedAction, kind="propose"):
    """Propose the trade as it stands."""


class Cancel(TypedAction, kind="cancel"):
    """Call the trade off."""


class Accept(TypedAction, kind="accept"):
    """Accept the trade."""


class Decline(TypedAction, kind="decline"):
    """Decline (a trade, or joining a fight)."""


class Dodge(TypedAction, kind="dodge"):
    """Dodge instead of fighting."""


class Steal(TypedAction, kind="steal"):
    item: str


class StealObjective(TypedAction, kind="steal-objective"):
    """Take the loser's LOCATION OBJECTIVE."""


class WoundLoser(TypedAction, kind="wound"):
    """Give the loser of a SURVIVOR COMBAT a WOUND."""


# ----- combat ------------------------------------------------------------------------------------
class FightWith(TypedAction, kind="fight"):
    """Fight with a weapon loadout (one word: ``pistol+crowbar``, ``bare-handed``)."""

    loadout: str


class Escape(TypedAction, kind="escape"):
    """Try to ESCAPE from the zombies."""


class Pair(TypedAction, kind="pair"):
    """How the dice are paired (``2>1 3=3 4>3``, or ``none``)."""

    pairing: tuple[str, ...]


class FightTogether(TypedAction, kind="fight-together"):
    loadout: str


class JoinWith(TypedAction, kind="join"):
    loadout: str


# ----- items and events ---------------------------------------------------------------------------
class EquipItem(TypedAction, kind="equip"):
    item: str


class Leave(TypedAction, kind="leave"):
    item: str


class Take(TypedAction, kind="take"):
    item: str


class Choose(TypedAction, kind="choose"):
    """An event's option, or a SURVIVOR card."""

    label: str


class ReplaceCard(TypedAction, kind="replace"):
    """Replace a unique-event LOCATION card with a random unused one."""


class Keep(TypedAction, kind="keep"):
    """Keep the unique-event LOCATION card; later visits are disregarded."""


# ----- setup ------------------------------------------------------------------------------------
class ReplaceBase(TypedAction, kind="replace"):
    """Replace a base LOCATION card (Additional Location Cards, the player's choice)."""

    location: str


class With(TypedAction, kind="with"):
    location: str


class Retire(TypedAction, kind="retire"):
    """Play no further survivor."""


class Corner(TypedAction, kind="corner"):
    square: str


HEAL, STAY, NOTHING, ROLL, DONE = Heal(), Stay(), Nothing(), Roll(), Done()
PROPOSE, CANCEL, ACCEPT, DECLINE, DODGE = Propose(), Cancel(), Accept(), Decline(), Dodge()
STEAL_OBJECTIVE, WOUND, ESCAPE, REPLACE, KEEP, RETIRE = (
    StealObjective(),
    WoundLoser(),
    Escape(),
    ReplaceCard(),
    Keep(),
    Retire(),
)

CODEC = ActionCodec(
    [
        Move,
        Heal,
        Stay,
        Use,
        Drop,
        Trade,
        Attack,
        Nothing,
        Roll,
        Done,
        OfferItem,
        AskItem,
        Unoffer,
        Unask,
        Propose,
        Cancel,
        Accept,
        Decline,
        Dodge,
        Steal,
        StealObjective,
        WoundLoser,
        FightWith,
        Escape,
        Pair,
        FightTogether,
        JoinWith,
        EquipItem,
        Leave,
        Take,
        Choose,
        ReplaceBase,
        ReplaceCard,
        Keep,
        With,
        Retire,
        Corner,
    ]
)


_DROPS: dict[str, Drop] = {}


def drop_action(item: str) -> Drop:
    """``Drop(item)``, made once per item (actions are values; every turn lists one per item carried)."""
    got = _DROPS.get(item)
    if got is None:
        got = _DROPS[item] = Drop(item)
    return got
