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
class End(TypedAction):
    """End the turn."""

    KIND = "end"


class Move(TypedAction):
    """Discard an action card to move."""

    KIND = "move"

    card: str
    square: str


class Drive(TypedAction):
    KIND = "drive"
    square: str


class Search(TypedAction):
    """Discard an action card to search the location (again)."""

    KIND = "search"

    card: str


class Stop(TypedAction):
    """Stop searching."""

    KIND = "stop"


class LearnSkill(TypedAction):
    """Spend Xp to look at two skills."""

    KIND = "learn"


class Attack(TypedAction):
    """Discard an action card to attack the group of that colour."""

    KIND = "attack"

    colour: str
    card: str


class Clear(TypedAction):
    """Declare a Clear a Location mission."""

    KIND = "clear"

    mission: str


# ----- at any moment ----------------------------------------------------------------------------
class Play(TypedAction):
    KIND = "play"
    card: str


class PlayOn(TypedAction):
    """An action card on a target: a Pj, a colour."""

    KIND = "play"

    card: str
    target: str


class PlayAt(TypedAction):
    """An action card on a target and a second word: the square of a vehicle's trip where zombies
    stop it, the item a Breakdown turns, the zombie card Blocked Access discards."""

    KIND = "play"

    card: str
    target: str
    what: str


class Use(TypedAction):
    KIND = "use"
    item: str


class UseOn(TypedAction):
    KIND = "use"
    item: str
    target: str


class Activate(TypedAction):
    """The activated ability of a character or a skill (by its id)."""

    KIND = "activate"

    ability: str


class ActivateOn(TypedAction):
    KIND = "activate"
    ability: str
    target: str


class Complete(TypedAction):
    KIND = "complete"
    mission: str


class CompleteWith(TypedAction):
    """A mission that names what it takes: the Pj who stays behind, the colour whose token burns."""

    KIND = "complete"

    mission: str
    target: str


class CompleteGive(TypedAction):
    """A mission that gives an item to another group."""

    KIND = "complete"

    mission: str
    item: str
    colour: str


class ColdBlood(TypedAction):
    """The Cold Blood season: an Xp for two action cards."""

    KIND = "cold-blood"


class Give(TypedAction):
    KIND = "give"
    item: str
    character: str


class Drop(TypedAction):
    """Leave an item on the table of the location being searched."""

    KIND = "drop"

    item: str


class Negotiate(TypedAction):
    KIND = "negotiate"
    colour: str


# ----- combat -------------------------------------------------------------------------------------
class Fight(TypedAction):
    KIND = "fight"
    pass


class Brawl(TypedAction):
    KIND = "brawl"
    pass


class Shoot(TypedAction):
    KIND = "shoot"
    pass


class Flee(TypedAction):
    """Flee, paying with an action card (by kind) or with an Xp (``flee xp``)."""

    KIND = "flee"

    payment: str


class Unblock(TypedAction):
    KIND = "unblock"
    pass


# ----- offers -------------------------------------------------------------------------------------
class Offer(TypedAction):
    KIND = "offer"
    item: str


class Propose(TypedAction):
    KIND = "propose"
    pass


class Cancel(TypedAction):
    KIND = "cancel"
    pass


class Accept(TypedAction):
    KIND = "accept"
    pass


class Decline(TypedAction):
    KIND = "decline"
    pass


# ----- decisions about one's own group ------------------------------------------------------------
class Wound(TypedAction):
    KIND = "wound"
    character: str


class Roll(TypedAction):
    KIND = "roll"
    character: str


class Die(TypedAction):
    KIND = "die"
    pass


class Take(TypedAction):
    KIND = "take"
    item: str
    character: str


class Done(TypedAction):
    KIND = "done"
    pass


class Discard(TypedAction):
    KIND = "discard"
    card: str


class Learn(TypedAction):
    KIND = "learn"
    skill: str
    character: str


class Camp(TypedAction):
    """Where a new group starts."""

    KIND = "camp"

    square: str


class PlaceGroup(TypedAction):
    """Where a fleeing group ends up."""

    KIND = "place"

    square: str


# ----- setup --------------------------------------------------------------------------------------
class Choose(TypedAction):
    KIND = "choose"
    character: str


class PlaceZone(TypedAction):
    KIND = "place"
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
