"""The typed actions of Day Night Z (rulebook §4), one class per kind, and their texts::

first swift                      the leader picks the next survivor to activate (§3.8)
end swift                        stop the activation; AP left go to the reserve (§2)
move swift s2 no                 a city zone, or a subzone <tile>-<cell>; "yes" spends a survival
move swift t1-b2 yes               point on the Agility check to leave enemies (§4.9)
enter swift L1                   into the location of slot L1 (§4.9)
leave swift s4                   from a tile's exit subzone to a city zone (§4.9)
explore swift                    deploy the next zone of the location (§4.11)
attack swift e7 colt-1911 ranged no     target, weapon, mode (melee ranged butt rapid burst), SP
throw swift t1-c3 no             a mobile grenade at a subzone (§5)
rest / defend / jump <sp> / hide <at> / search-zone <sp> / search-corpse <at> / search-item <at> <sp>
retrieve <at> / use <item> / supply / lower-threat / light / reorganize / combine <result>
trap <item>[+<item>...] <at> <sp>  the cards combined with the stuff for traps (§4.4)
equip <item> / hold <item>       from the backpack to the main hand / the off hand (§1, §4.6)
wear <item> / give <item> <to> / discard <item> / done      inside a reorganization (§4.6)
spend <who> yes|no               a survival point on the check a card asks for (§3.5)
keep <card>                      the search card chosen (§4.7)
sweep <target> / pass            SWEEP's free attack (§5)
stay / unhide                    staying hidden among corpses at the start of an activation
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from deadboard.core.typed_actions import ActionCodec, TypedAction

K = TypeVar("K")
V = TypeVar("V")


def made_once(table: dict[K, V], make: Callable[[K], V], key: K) -> V:
    """``make(key)``, made once and shared from ``table`` (actions and steps are immutable values,
    and a survivor's or a seat's are asked for at every decision); the table is emptied when it
    reaches 64 rows, so that games with other survivors never grow it without end."""
    found = table.get(key)
    if found is None:
        if len(table) >= 64:
            table.clear()
        found = table[key] = make(key)
    return found


class First(TypedAction):
    KIND = "first"
    who: str


class End(TypedAction):
    KIND = "end"
    who: str


class Move(TypedAction):
    KIND = "move"
    who: str
    to: str
    sp: bool


class Enter(TypedAction):
    KIND = "enter"
    who: str
    slot: str


class Leave(TypedAction):
    KIND = "leave"
    who: str
    to: str


class Explore(TypedAction):
    KIND = "explore"
    who: str


class Attack(TypedAction):
    KIND = "attack"
    who: str
    target: str
    weapon: str
    mode: str
    sp: bool


class Throw(TypedAction):
    KIND = "throw"
    who: str
    at: str
    sp: bool


class Rest(TypedAction):
    KIND = "rest"
    who: str


class Defend(TypedAction):
    KIND = "defend"
    who: str


class Jump(TypedAction):
    KIND = "jump"
    who: str
    sp: bool


class Hide(TypedAction):
    KIND = "hide"
    who: str
    at: str


class SearchZone(TypedAction):
    KIND = "search-zone"
    who: str
    sp: bool


class SearchCorpse(TypedAction):
    KIND = "search-corpse"
    who: str
    at: str


class SearchItem(TypedAction):
    KIND = "search-item"
    who: str
    at: str
    sp: bool


class Retrieve(TypedAction):
    KIND = "retrieve"
    who: str
    at: str


class Use(TypedAction):
    KIND = "use"
    who: str
    item: str


class Supply(TypedAction):
    KIND = "supply"
    who: str


class LowerThreat(TypedAction):
    KIND = "lower-threat"
    who: str


class Pay(TypedAction):
    KIND = "pay"
    who: str
    by: str


class Light(TypedAction):
    KIND = "light"
    who: str


class Reorganize(TypedAction):
    KIND = "reorganize"
    who: str


class Combine(TypedAction):
    KIND = "combine"
    who: str
    result: str


class Trap(TypedAction):
    KIND = "trap"
    who: str
    item: str
    at: str
    sp: bool


class Equip(TypedAction):
    KIND = "equip"
    who: str
    item: str


class Hold(TypedAction):
    KIND = "hold"
    who: str
    item: str


class Discard(TypedAction):
    KIND = "discard"
    who: str
    item: str


class Spend(TypedAction):
    KIND = "spend"
    who: str
    sp: bool


class Wear(TypedAction):
    KIND = "wear"
    who: str
    item: str


class Give(TypedAction):
    KIND = "give"
    who: str
    item: str
    to: str


class Done(TypedAction):
    KIND = "done"
    who: str


class Keep(TypedAction):
    KIND = "keep"
    who: str
    card: str


class Sweep(TypedAction):
    KIND = "sweep"
    who: str
    target: str


class PassSweep(TypedAction):
    KIND = "pass"
    who: str


class Stay(TypedAction):
    KIND = "stay"
    who: str


class Unhide(TypedAction):
    KIND = "unhide"
    who: str


CODEC = ActionCodec(
    [
        First,
        End,
        Move,
        Enter,
        Leave,
        Explore,
        Attack,
        Throw,
        Rest,
        Defend,
        Jump,
        Hide,
        SearchZone,
        SearchCorpse,
        SearchItem,
        Retrieve,
        Use,
        Supply,
        LowerThreat,
        Pay,
        Light,
        Reorganize,
        Combine,
        Trap,
        Equip,
        Hold,
        Discard,
        Spend,
        Wear,
        Give,
        Done,
        Keep,
        Sweep,
        PassSweep,
        Stay,
        Unhide,
    ]
)
