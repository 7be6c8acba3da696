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

from deadboard.core.typed_actions import ActionCodec, TypedAction


class First(TypedAction, kind="first"):
    who: str


class End(TypedAction, kind="end"):
    who: str


class Move(TypedAction, kind="move"):
    who: str
    to: str
    sp: bool


class Enter(TypedAction, kind="enter"):
    who: str
    slot: str


class Leave(TypedAction, kind="leave"):
    who: str
    to: str


class Explore(TypedAction, kind="explore"):
    who: str


class Attack(TypedAction, kind="attack"):
    who: str
    target: str
    weapon: str
    mode: str
    sp: bool


class Throw(TypedAction, kind="throw"):
    who: str
    at: str
    sp: bool


class Rest(TypedAction, kind="rest"):
    who: str


class Defend(TypedAction, kind="defend"):
    who: str


class Jump(TypedAction, kind="jump"):
    who: str
    sp: bool


class Hide(TypedAction, kind="hide"):
    who: str
    at: str


class SearchZone(TypedAction, kind="search-zone"):
    who: str
    sp: bool


class SearchCorpse(TypedAction, kind="search-corpse"):
    who: str
    at: str


class SearchItem(TypedAction, kind="search-item"):
    who: str
    at: str
    sp: bool


class Retrieve(TypedAction, kind="retrieve"):
    who: str
    at: str


class Use(TypedAction, kind="use"):
    who: str
    item: str


class Supply(TypedAction, kind="supply"):
    who: str


class LowerThreat(TypedAction, kind="lower-threat"):
    who: str


class Pay(TypedAction, kind="pay"):
    who: str
    by: str


class Light(TypedAction, kind="light"):
    who: str


class Reorganize(TypedAction, kind="reorganize"):
    who: str


class Combine(TypedAction, kind="combine"):
    who: str
    result: str


class Trap(TypedAction, kind="trap"):
    who: str
    item: str
    at: str
    sp: bool


class Equip(TypedAction, kind="equip"):
    who: str
    item: str


class Hold(TypedAction, kind="hold"):
    who: str
    item: str


class Discard(TypedAction, kind="discard"):
    who: str
    item: str


class Spend(TypedAction, kind="spend"):
    who: str
    sp: bool


class Wear(TypedAction, kind="wear"):
    who: str
    item: str


class Give(TypedAction, kind="give"):
    who: str
    item: str
    to: str


class Done(TypedAction, kind="done"):
    who: str


class Keep(TypedAction, kind="keep"):
    who: str
    card: str


class Sweep(TypedAction, kind="sweep"):
    who: str
    target: str


class PassSweep(TypedAction, kind="pass"):
    who: str


class Stay(TypedAction, kind="stay"):
    who: str


class Unhide(TypedAction, kind="unhide"):
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
