"""Zombie Dawn's actions: one typed action class per form, with the rulebook's words.

The text form (``move trio r.d5``, ``play blocked-access red clown``, ``take pistol-2 cook``) is what
saves, the command line and the browser see; the rules read the typed fields. Cards of the same kind
in a hand are interchangeable, so actions name the kind (``trio``); items are single cards and carry
their instance name (``pistol-2``). Forms that take one, two or three words after the kind (``play``,
``use``, ``activate``, ``complete``) are one class per number of words, sharing the kind.

Turn actions (rulebook §Development of a Round, only in one's own turn)::

    end                         end the turn            move <card> <square>     discard to move
    drive <square>              use the vehicle         search <card>            discard to search
    stop                        stop searching          learn                    acquire a skill
    attack <colour> <card>      attack an adjacent group   clear <mission>       declare Clear a Location

At any moment (in one's turn, in a response window, in one's combat)::

    play <card> [<target> [<where>]]   an action card          use <item> [<target>]      an item
    activate <pj|skill> [<target>]     an activated ability    complete <mission> [...]  a mission
    cold-blood                  the Cold Blood season: an Xp for 2 action cards
    give <item> <pj>            pass an item to another Pj of the group
    drop <item>                 leave an item on the table of the location being searched
    negotiate <colour>          start an offer of items to a group next to yours (or the one you fight)

Windows offer ``pass`` first. Combats: ``fight``, ``brawl``, ``shoot``, ``flee <card>``, ``flee xp``,
``unblock``. Offers: ``offer <item>``, ``propose``, ``cancel``; the other player ``accept`` or
``decline``. Decisions about one's own group: ``wound <pj>``, ``roll <pj>``, ``die``, ``take <item>
<pj>``, ``drop <item>``, ``done``, ``discard <card>``, ``learn <skill> <pj>``, ``camp <square>``,
``place <square>``; setup: ``choose <pj>``, ``place <zone> <x> <y> <turn>``.
"""

from __future__ import annotations

from deadboard.core.typed_actions import PASS, Pass, TypedAction

#: the word that pays a flight with an Xp instead of a card (``flee xp``)
XP = "xp"
#: the word for the group's vehicle as the target of a card or an ability (``activate mechanic vehicle``)
VEHICLE = "vehicle"
#: the word for the zombies of the running combat as the target of a flare (``use flare-1 zombies``)
ZOMBIES = "zombies"


# ----- the turn ----------------------------------------------------------------------------------
class End(TypedAction, kind="end"):
    """End the turn."""


class Move(TypedAction, kind="move"):
    """Discard an action card to move."""

    card: str
    square: str


class Drive(TypedAction, kind="drive"):
    square: str


class Search(TypedAction, kind="search"):
    """Discard an action card to search the location (again)."""

    card: str


class Stop(TypedAction, kind="stop"):
    """Stop searching."""


class LearnSkill(TypedAction, kind="learn"):
    """Spend Xp to look at two skills."""


class Attack(TypedAction, kind="attack"):
    """Discard an action card to attack the group of that colour."""

    colour: str
    card: str


class Clear(TypedAction, kind="clear"):
    """Declare a Clear a Location mission."""

    mission: str


# ----- at any moment ----------------------------------------------------------------------------
class Play(TypedAction, kind="play"):
    card: str


class PlayOn(TypedAction, kind="play"):
    """An action card on a target: a Pj, a colour."""

    card: str
    target: str


class PlayAt(TypedAction, kind="play"):
    """An action card on a target and a second word: the square of a vehicle's trip where zombies
    stop it, the item a Breakdown turns, the zombie card Blocked Access discards."""

    card: str
    target: str
    what: str


class Use(TypedAction, kind="use"):
    item: str


class UseOn(TypedAction, kind="use"):
    item: str
    target: str


class Activate(TypedAction, kind="activate"):
    """The activated ability of a character or a skill (by its id)."""

    ability: str


class ActivateOn(TypedAction, kind="activate"):
    ability: str
    target: str


class Complete(TypedAction, kind="complete"):
    mission: str


class CompleteWith(TypedAction, kind="complete"):
    """A mission that names what it takes: the Pj who stays behind, the colour whose token burns."""

    mission: str
    target: str


class CompleteGive(TypedAction, kind="complete"):
    """A mission that gives an item to another group."""

    mission: str
    item: str
    colour: str


class ColdBlood(TypedAction, kind="cold-blood"):
    """The Cold Blood season: an Xp for two action cards."""


class Give(TypedAction, kind="give"):
    item: str
    character: str


class Drop(TypedAction, kind="drop"):
    """Leave an item on the table of the location being searched."""

    item: str


class Negotiate(TypedAction, kind="negotiate"):
    colour: str


# ----- combat -------------------------------------------------------------------------------------
class Fight(TypedAction, kind="fight"):
    pass


class Brawl(TypedAction, kind="brawl"):
    pass


class Shoot(TypedAction, kind="shoot"):
    pass


class Flee(TypedAction, kind="flee"):
    """Flee, paying with an action card (by kind) or with an Xp (``flee xp``)."""

    payment: str


class Unblock(TypedAction, kind="unblock"):
    pass


# ----- offers -------------------------------------------------------------------------------------
class Offer(TypedAction, kind="offer"):
    item: str


class Propose(TypedAction, kind="propose"):
    pass


class Cancel(TypedAction, kind="cancel"):
    pass


class Accept(TypedAction, kind="accept"):
    pass


class Decline(TypedAction, kind="decline"):
    pass


# ----- decisions about one's own group ------------------------------------------------------------
class Wound(TypedAction, kind="wound"):
    character: str


class Roll(TypedAction, kind="roll"):
    character: str


class Die(TypedAction, kind="die"):
    pass


class Take(TypedAction, kind="take"):
    item: str
    character: str


class Done(TypedAction, kind="done"):
    pass


class Discard(TypedAction, kind="discard"):
    card: str


class Learn(TypedAction, kind="learn"):
    skill: str
    character: str


class Camp(TypedAction, kind="camp"):
    """Where a new group starts."""

    square: str


class PlaceGroup(TypedAction, kind="place"):
    """Where a fleeing group ends up."""

    square: str


# ----- setup --------------------------------------------------------------------------------------
class Choose(TypedAction, kind="choose"):
    character: str


class PlaceZone(TypedAction, kind="place"):
    zone: str
    x: int
    y: int
    rotation: int

END = End()
STOP = Stop()
DONE = Done()
FIGHT = Fight()
BRAWL = Brawl()
SHOOT = Shoot()
FLEE_XP = Flee(XP)
UNBLOCK = Unblock()
LEARN = LearnSkill()
COLD_BLOOD = ColdBlood()
ACCEPT = Accept()
DECLINE = Decline()
PROPOSE = Propose()
CANCEL = Cancel()
DIE = Die()

__all__ = [
    "ACCEPT",
    "CANCEL",
    "COLD_BLOOD",
    "DECLINE",
    "DIE",
    "DONE",
    "END",
    "FIGHT",
    "FLEE_XP",
    "LEARN",
    "PASS",
    "PROPOSE",
    "SHOOT",
    "STOP",
    "UNBLOCK",
    "VEHICLE",
    "XP",
    "ZOMBIES",
    "Accept",
    "Activate",
    "ActivateOn",
    "Attack",
    "Brawl",
    "Camp",
    "Cancel",
    "Choose",
    "Clear",
    "ColdBlood",
    "Complete",
    "CompleteGive",
    "CompleteWith",
    "Decline",
    "Die",
    "Discard",
    "Done",
    "Drive",
    "Drop",
    "End",
    "Fight",
    "Flee",
    "Give",
    "Learn",
    "LearnSkill",
    "Move",
    "Negotiate",
    "Offer",
    "Pass",
    "PlaceGroup",
    "PlaceZone",
    "Play",
    "PlayAt",
    "PlayOn",
    "Propose",
    "Roll",
    "Search",
    "Shoot",
    "Stop",
    "Take",
    "Unblock",
    "Use",
    "UseOn",
    "Wound",
]
