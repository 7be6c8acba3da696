"""District-Z's actions: one typed action class per kind of action, with the rulebook's words.

The text form (``move north``, ``fight pistol+crowbar``, ``pair 2>1 3=3``) is what saves, the
command line and the browser see; the rules read the typed fields. A weapon loadout is one word
(``pistol+crowbar`` or ``bare-handed``): :func:`~deadboard.games.district_z.combat.parse_loadout`
turns it into item indices at the edge of the rule that uses it.
"""

from __future__ import annotations

from functools import cache

from deadboard.core.typed_actions import ActionCodec, TypedAction


# ----- turns and movement -------------------------------------------------------------------------
class Move(TypedAction):
    """Move one LOCATION card NORTH, EAST, SOUTH or WEST."""

    KIND = "move"

    direction: str


class Heal(TypedAction):
    """Stay and heal (multiplayer)."""

    KIND = "heal"


class Stay(TypedAction):
    """Stay on the card."""

    KIND = "stay"


class Use(TypedAction):
    """Use a healing ITEM."""

    KIND = "use"

    item: str


class Drop(TypedAction):
    """Drop an ITEM at the current LOCATION."""

    KIND = "drop"

    item: str


# ----- meeting another survivor -------------------------------------------------------------------
class Trade(TypedAction):
    KIND = "trade"
    survivor: str


class Attack(TypedAction):
    KIND = "attack"
    survivor: str


class Nothing(TypedAction):
    """Meet another survivor and do nothing."""

    KIND = "nothing"


class Roll(TypedAction):
    """Roll for the EVENT instead."""

    KIND = "roll"


class Done(TypedAction):
    """Finish (picking up dropped ITEMS, engaging, replacing location cards)."""

    KIND = "done"


class OfferItem(TypedAction):
    KIND = "offer"
    item: str


class AskItem(TypedAction):
    KIND = "ask"
    item: str


class Unoffer(TypedAction):
    KIND = "unoffer"
    item: str


class Unask(TypedAction):
    KIND = "unask"
    item: str


class Propose(TypedAction):
    """Propose the trade as it stands."""

    KIND = "propose"


class Cancel(TypedAction):
    """Call the trade off."""

    KIND = "cancel"


class Accept(TypedAction):
    """Accept the trade."""

    KIND = "accept"


class Decline(TypedAction):
    """Decline (a trade, or joining a fight)."""

    KIND = "decline"


class Dodge(TypedAction):
    """Dodge instead of fighting."""

    KIND = "dodge"


class Steal(TypedAction):
    KIND = "steal"
    item: str


class StealObjective(TypedAction):
    """Take the loser's LOCATION OBJECTIVE."""

    KIND = "steal-objective"


class WoundLoser(TypedAction):
    """Give the loser of a SURVIVOR COMBAT a WOUND."""

    KIND = "wound"


# ----- combat ------------------------------------------------------------------------------------
class FightWith(TypedAction):
    """Fight with a weapon loadout (one word: ``pistol+crowbar``, ``bare-handed``)."""

    KIND = "fight"

    loadout: str


class Escape(TypedAction):
    """Try to ESCAPE from the zombies."""

    KIND = "escape"


class Pair(TypedAction):
    """How the dice are paired (``2>1 3=3 4>3``, or ``none``)."""

    KIND = "pair"

    pairing: tuple[str, ...]


class FightTogether(TypedAction):
    KIND = "fight-together"
    loadout: str


class JoinWith(TypedAction):
    KIND = "join"
    loadout: str


# ----- items and events ---------------------------------------------------------------------------
class EquipItem(TypedAction):
    KIND = "equip"
    item: str


class Leave(TypedAction):
    KIND = "leave"
    item: str


class Take(TypedAction):
    KIND = "take"
    item: str


class Choose(TypedAction):
    """An event's option, or a SURVIVOR card."""

    KIND = "choose"

    label: str


class ReplaceCard(TypedAction):
    """Replace a unique-event LOCATION card with a random unused one."""

    KIND = "replace"


class Keep(TypedAction):
    """Keep the unique-event LOCATION card; later visits are disregarded."""

    KIND = "keep"


# ----- setup ------------------------------------------------------------------------------------
class ReplaceBase(TypedAction):
    """Replace a base LOCATION card (Additional Location Cards, the player's choice)."""

    KIND = "replace"

    location: str


class With(TypedAction):
    KIND = "with"
    location: str


class Retire(TypedAction):
    """Play no further survivor."""

    KIND = "retire"


class Corner(TypedAction):
    KIND = "corner"
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


@cache
def drop_action(item: str) -> Drop:
    """``Drop(item)``, made once per item (actions are values; every turn lists one per item carried)."""
    return Drop(item)
