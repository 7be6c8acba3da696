"""Loading and validating Zombie Dawn's content: characters, action cards, items, damage, skills,
missions, seasons and map zones.

The rulebook describes the components and names a few cards; everything else is authored here as
TOML (``content/*.toml``), every record with its ``source``. The loaded :class:`DawnContent` is
immutable and shared by every state of every game; decks are lists of *instances* (one per physical
card), each pointing at its record.

Abilities (characters, skills, special items and gear) share one vocabulary, :class:`Mods`; zombie
effects share :class:`Fx`; season effects :class:`SeasonFx`. The rules read those fields and nothing
else, so a content pack can recombine them freely.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from deadboard.core.action import Action
from deadboard.core.content import Record, content_dir, load_records, unique
from deadboard.core.errors import ContentError
from deadboard.games.zombie_dawn.actions import PlayOn

PACKAGE_DIR = Path(__file__).parent

Slug = Field(pattern=r"^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$")
Icon = Literal["mechanical", "electrical", "fuel", "ammunition"]
HealIcon = Literal["food", "medicine"]
Terrain = Literal["field", "forest", "city"]
SpecialType = Literal["nurse", "policeman", "clown", "worker", "soldier"]
Site = Literal["hospital", "police", "church", "school", "mall", "gas-station", "farm", "sawmill", "radio-tower"]
SeasonName = Literal["spring", "summer", "autumn", "winter"]
Colour = Literal["red", "yellow", "purple", "white"]

SEASONS: tuple[str, ...] = ("spring", "summer", "autumn", "winter")
COLOURS: tuple[str, ...] = ("red", "yellow", "purple", "white")
SPECIAL_TYPES: tuple[str, ...] = ("nurse", "policeman", "clown", "worker", "soldier")
#: missions completed by a choice, because they cost something (the rest complete by themselves)
COSTLY = frozenset({"discard", "spend-xp", "release", "give", "burn"})


class _Fields(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Mods(_Fields):
    """Abilities of a character, a skill or a carried item. Per-character fields apply to the one
    who has them; the rest apply to the whole group."""

    carry: int = Field(default=0, ge=-2, le=6)  # per character: carrying spaces
    die: int = Field(default=0, ge=0, le=3)  # per character: extra dice in melee
    ranged: int = Field(default=0, ge=0, le=3)  # per character: extra dice when firing a ranged weapon
    lod: int = Field(default=0, ge=0, le=3)  # per character: added to its Life or Death rolls
    duel: int = Field(default=0, ge=0, le=3)  # group: extra dice in combat between groups
    search: int = Field(default=0, ge=0, le=3)  # group: items revealed per search
    search_field: int = Field(default=0, ge=0, le=3)
    search_forest: int = Field(default=0, ge=0, le=3)
    search_city: int = Field(default=0, ge=0, le=3)
    move: int = Field(default=0, ge=0, le=3)  # group: squares per action discarded to move
    vehicle: int = Field(default=0, ge=0, le=4)  # group: squares for vehicle movement
    capacity: int = Field(default=0, ge=0, le=3)  # group: vehicle capacity
    unblock: int = Field(default=0, ge=0, le=4)  # group: added to Unblock rolls
    heal: int = Field(default=0, ge=0, le=2)  # group: damages removed at the start of each round (never a Bite)
    xp_search: int = Field(default=0, ge=0, le=2)  # group: extra XP when a search ends
    hand: int = Field(default=0, ge=0, le=2)  # group: hand size when replenishing
    quiet: int = Field(default=0, ge=0, le=3)  # group: less noise from its own weapons
    discount: int = Field(default=0, ge=0, le=2)  # group: skills cost less (never below 1)
    flee_blocked: bool = False  # group: may flee by discarding even when blocked
    trophy: int = Field(default=0, ge=0, le=2)  # group: extra trophy points per combat won


class Fx(_Fields):
    """What a zombie card does while it is in a combat (until the combat ends)."""

    dice: int = Field(default=0, ge=0, le=6)  # extra zombie dice
    initial: int = Field(default=0, ge=0, le=6)  # an Initial Attack of this many dice when it joins
    noise: int = Field(default=0, ge=0, le=6)  # Noise when it joins
    lod_roll: int = Field(default=0, ge=0, le=2)  # after its first attack, this many characters roll Life or Death
    lod: int = Field(default=0, ge=-3, le=0)  # Life or Death modifier for every character of the group
    zhit: int = Field(default=0, ge=0, le=2)  # added to every zombie die (1: zombies hit on 5-6)
    ghit: int = Field(default=0, ge=-2, le=0)  # added to every die of the group
    no_flee: bool = False  # the group cannot flee by discarding an action (an XP still works)
    no_ranged: bool = False  # no ranged attacks in this combat


class SeasonFx(_Fields):
    """A season card's effect for its round."""

    move: int = Field(default=0, ge=-1, le=2)
    vehicle: int = Field(default=0, ge=-3, le=3)
    search: int = Field(default=0, ge=-1, le=2)
    search_terrain: Terrain | None = None  # search applies only in zones of this terrain
    zombie_dice: int = Field(default=0, ge=0, le=3)  # extra zombie dice in every combat against zombies
    lod: int = Field(default=0, ge=-2, le=1)
    noise: int = Field(default=0, ge=-2, le=2)
    no_ranged: bool = False
    draw: int = Field(default=0, ge=0, le=3)  # every player draws this many action cards at the reveal
    hunger: bool = False  # at the reveal, every group without Food takes a Damage
    trophy_xp: int = Field(default=1, ge=1, le=3)  # XP for the most zombie trophy points this round
    cold_blood: bool = False  # once per round a player may spend an XP to draw 2 action cards
    vehicles_off: bool = False  # vehicles cannot move
    frozen: bool = False  # water squares can be walked on


#: the moments an activated ability may be used: ``any`` (in the owner's turn, in any response
#: window, in its combats), ``combat`` (only in the owner's own combat, before an attack phase),
#: ``turn`` (only in the owner's turn, outside combat)
AbilityWhen = Literal["any", "combat", "turn"]
AbilityEffect = Literal[
    "heal", "straighten", "repair", "rally", "shove", "unblock", "escape", "lure", "pickpocket", "last-rites", "dash",
]
#: effects that only make sense in a combat, and those only in one's own turn
_COMBAT_EFFECTS = frozenset({"rally", "shove", "unblock", "escape"})
_TURN_EFFECTS = frozenset({"dash"})


class Ability(_Fields):
    """An activated ability of a character or a skill (rulebook §Activate the effect of an Item,
    Character or Skill). Using it turns the card; every card is straightened at the start of the
    round, so each ability works once per round.

    effect:
      heal        remove ``value`` Damage that is not a Bite from a Pj of the group
      straighten  straighten a turned card of the group with ``icon`` (no icon: the vehicle)
      repair      straighten a turned item of the group that has an icon (a weapon, a tool)
      rally       the group rolls ``value`` extra dice in its next attack (its own combat)
      shove       eliminate ``value`` zombie dice (its own combat against zombies)
      unblock     the group is unblocked without a roll (its own combat, when blocked)
      escape      the group flees without discarding or spending an Xp, even when blocked
      lure        Noise ``value`` against another group (zombies revealed attack it)
      pickpocket  the player of an adjacent group discards ``value`` action cards at random
      last-rites  a Pj of the group with ``value`` or more Damage leaves it in peace (discarded,
                  not dead); the group must keep another Pj
      dash        the group moves up to ``value`` squares without discarding
    """

    effect: AbilityEffect
    when: AbilityWhen = "any"
    value: int = Field(default=1, ge=1, le=6)
    icon: Icon | None = None

    @model_validator(mode="after")
    def _timing(self) -> Ability:
        if self.effect in _COMBAT_EFFECTS and self.when != "combat":
            raise ValueError(f"a {self.effect} ability works in combat only: when = \"combat\"")
        if self.effect in _TURN_EFFECTS and self.when != "turn":
            raise ValueError(f"a {self.effect} ability works in its owner's turn only: when = \"turn\"")
        if self.icon is not None and self.effect != "straighten":
            raise ValueError("only a straighten ability names an icon")
        return self


class CharacterRec(Record):
    id: str = Slug
    name: str
    carry: int = Field(ge=1, le=5)
    mods: Mods = Mods()
    ability: Ability | None = None
    text: str


class ActionRec(Record):
    """An Action card: a zombie (regular or special), an event, a vehicle or a special movement."""

    id: str = Slug
    name: str
    kind: Literal["zombie", "event", "vehicle", "movement"]
    count: int = Field(default=1, ge=1, le=20)
    text: str
    expert: bool = False  # the expert icon: left out with --option expert-cards=off
    solo: bool = False  # the One Player icon
    # zombies
    dice: int = Field(default=0, ge=0, le=6)
    trophy: int = Field(default=0, ge=0, le=6)
    special: SpecialType | None = None
    fx: Fx = Fx()
    boxed: Fx = Fx()
    # events
    effect: Literal[
        "lod", "noise", "noise-until-zombie", "blocked", "breakdown", "exhausted", "heal", "draw",
        "adrenaline",
    ] | None = None
    target: Literal["group", "character", "own", "player"] | None = None
    value: int = Field(default=0, ge=0, le=6)
    icon: Icon | None = None
    # vehicles and special movement
    capacity: int = Field(default=0, ge=0, le=8)
    squares: int = Field(default=0, ge=0, le=10)
    protect: bool = False  # no zombie may be played against the group during its movement
    icons: tuple[Icon, ...] = ()
    roads: bool = False  # special movement along road squares only
    water: bool = False  # special movement may cross water

    @model_validator(mode="after")
    def _kind(self) -> ActionRec:
        if self.kind == "zombie" and (self.dice < 1 or self.trophy < 1):
            raise ValueError("a zombie needs dice >= 1 and trophy >= 1")
        if self.kind != "zombie" and (self.special or self.dice or self.trophy):
            raise ValueError("only zombies have dice, trophy points or a special type")
        if self.kind == "event" and (self.effect is None or self.target is None):
            raise ValueError("an event needs an effect and a target")
        if self.effect == "breakdown" and self.icon is None:
            raise ValueError("a breakdown names the icon of the cards it turns")
        if self.kind == "vehicle" and (self.capacity < 1 or self.squares < 1):
            raise ValueError("a vehicle needs capacity >= 1 and squares >= 1")
        if self.kind == "movement" and self.squares < 1:
            raise ValueError("a special movement needs squares >= 1")
        return self


class ItemRec(Record):
    id: str = Slug
    name: str
    deck: Literal["green", "blue", "special"]
    kind: Literal["weapon", "straighten", "heal", "survivor", "gear", "flare", "tool"]
    count: int = Field(default=1, ge=1, le=12)
    text: str
    light: bool = False  # takes no carrying space
    # weapons
    ranged: bool = False
    dice: int = Field(default=0, ge=0, le=8)  # replaces the carrier's die
    noise: int = Field(default=0, ge=0, le=6)
    turns: bool = False  # melee weapons that are turned when used (ranged weapons always are)
    icons: tuple[Icon, ...] = ()  # the icons of this card (what straightens it)
    # consumables
    straightens: Icon | None = None
    heals: tuple[HealIcon, ...] = ()
    amount: int = Field(default=1, ge=1, le=3)
    survivor: Literal["join", "mission"] | None = None
    draw: int = Field(default=0, ge=0, le=3)  # tools: turn to draw action cards
    mods: Mods = Mods()

    @model_validator(mode="after")
    def _kind(self) -> ItemRec:
        if self.kind == "weapon" and self.dice < 1:
            raise ValueError("a weapon needs dice >= 1")
        if self.kind == "straighten" and self.straightens is None:
            raise ValueError("a straightening item names the icon it straightens")
        if self.kind == "heal" and not self.heals:
            raise ValueError("a healing item names the damage icons it removes")
        if self.kind == "survivor" and self.survivor is None:
            raise ValueError("a survivor card says whether the survivor joins or asks for a mission")
        if self.kind == "tool" and not (self.draw or self.straightens):
            raise ValueError("a tool draws action cards or straightens a card")
        return self


class DamageRec(Record):
    id: str = Slug
    name: str
    count: int = Field(default=1, ge=1, le=10)
    heal: HealIcon | None = None  # None: cannot be removed (the Bite)
    lod: int = Field(default=0, ge=-5, le=0)
    text: str


class SkillRec(Record):
    id: str = Slug
    name: str
    vp: int = Field(ge=0, le=4)
    mods: Mods = Mods()
    ability: Ability | None = None
    text: str


class MissionRec(Record):
    id: str = Slug
    name: str
    vp: int = Field(ge=1, le=6)
    kind: Literal[
        "clear", "discard", "carry", "zones", "opponent-zones", "group", "skills", "trophies", "visit",
        "release", "spend-xp", "give", "burn", "healthy", "convoy",
    ]
    site: Site | None = None
    dice: int = Field(default=0, ge=0, le=8)
    tag: Literal["food", "medicine", "fuel", "ammunition", "weapon", "ranged", "item"] | None = None
    n: int = Field(default=0, ge=0, le=12)
    terrain: Terrain | None = None
    solo: bool = True  # False: removed from the one-player game
    text: str

    @model_validator(mode="after")
    def _kind(self) -> MissionRec:
        if self.kind in ("clear", "visit", "release") and self.site is None:
            raise ValueError(f"a {self.kind} mission names its site")
        if self.kind == "clear" and self.dice < 1:
            raise ValueError("a clear-a-location mission needs dice >= 1")
        if self.kind in ("discard", "carry") and self.tag is None:
            raise ValueError(f"a {self.kind} mission names the kind of item (tag)")
        return self


class SeasonRec(Record):
    id: str = Slug
    name: str
    season: SeasonName
    effect: SeasonFx = SeasonFx()
    text: str


class LocationRec(_Fields):
    at: str = Field(pattern=r"^[a-e][1-5]$")
    name: str
    deck: Literal["green", "blue"]
    count: int = Field(ge=1, le=4)
    site: Site | None = None


class ZoneRec(Record):
    """A 5x5 map zone. Rows from the top; ``.`` open ground, ``=`` road, ``~`` water, ``H`` highway
    exit, ``T`` the tent (starting zones). Locations are listed with their square (``c3``)."""

    id: str = Slug
    name: str
    terrain: Terrain
    tent: Colour | None = None
    special: SpecialType | None = None
    rows: tuple[str, str, str, str, str]
    location: tuple[LocationRec, ...] = ()

    @model_validator(mode="after")
    def _shape(self) -> ZoneRec:
        for i, r in enumerate(self.rows):
            if len(r) != 5 or any(ch not in ".=~HT" for ch in r):
                raise ValueError(f"rows[{i}]: five squares of . = ~ H T")
        tents = sum(r.count("T") for r in self.rows)
        if (self.tent is None) != (tents == 0) or tents > 1:
            raise ValueError("a starting zone has exactly one T and names its colour (tent); other zones none")
        seen = set()
        for loc in self.location:
            x, y = ord(loc.at[0]) - 97, int(loc.at[1]) - 1
            if self.rows[y][x] in "~T":
                raise ValueError(f"location {loc.name}: {loc.at} is water or the tent")
            if loc.at in seen:
                raise ValueError(f"location {loc.name}: two locations on {loc.at}")
            seen.add(loc.at)
        return self


@dataclass(frozen=True, eq=False)
class DawnContent:
    characters: tuple[CharacterRec, ...]
    actions: tuple[ActionRec, ...]
    items: tuple[ItemRec, ...]
    damages: tuple[DamageRec, ...]
    skills: tuple[SkillRec, ...]
    missions: tuple[MissionRec, ...]
    seasons: tuple[SeasonRec, ...]
    zones: tuple[ZoneRec, ...]
    # card instances: one entry per physical card, pointing at its record
    action_cards: tuple[int, ...] = ()  # action card instance -> index in actions
    item_cards: tuple[int, ...] = ()  # item instance -> index in items
    item_names: tuple[str, ...] = ()  # item instance -> its name in action texts ("pistol-2")
    damage_cards: tuple[int, ...] = ()
    damage_names: tuple[str, ...] = ()
    char_index: dict[str, int] = field(default_factory=dict)
    action_index: dict[str, int] = field(default_factory=dict)
    item_index: dict[str, int] = field(default_factory=dict)  # instance name -> instance
    damage_index: dict[str, int] = field(default_factory=dict)
    skill_index: dict[str, int] = field(default_factory=dict)
    mission_index: dict[str, int] = field(default_factory=dict)
    zone_index: dict[str, int] = field(default_factory=dict)
    #: instances of each deck, in content order
    green: tuple[int, ...] = ()
    blue: tuple[int, ...] = ()
    special_items: tuple[int, ...] = ()
    #: abilities as {field: value} of the fields that are not zero (booleans as 1), for speed
    char_mods: tuple[dict[str, int], ...] = ()
    skill_mods: tuple[dict[str, int], ...] = ()
    inst_mods: tuple[dict[str, int], ...] = ()  # per item instance
    #: per action card instance: its record
    action_recs: tuple[ActionRec, ...] = ()
    #: per item instance: its record
    item_recs: tuple[ItemRec, ...] = ()
    #: per item instance: the mission tags it counts for (item, weapon, ranged, food, medicine, fuel, ammunition)
    item_tags: tuple[frozenset[str], ...] = ()
    #: per item instance: whether using it ever does something (heal, straighten, draw, fire a flare)
    item_usable: tuple[bool, ...] = ()
    #: per item instance: whether it takes a carrying space, and the spaces it adds to its carrier
    item_heavy: tuple[bool, ...] = ()
    item_bag: tuple[int, ...] = ()
    #: per item instance: the dice of a weapon (0: not a weapon), and whether it is a ranged one
    item_weapon: tuple[int, ...] = ()
    item_ranged: tuple[bool, ...] = ()
    #: per item instance: its icons (what may straighten it)
    item_icons: tuple[tuple[str, ...], ...] = ()
    #: activated abilities of each character and each skill (None: none)
    char_ability: tuple[Ability | None, ...] = ()
    skill_ability: tuple[Ability | None, ...] = ()
    #: whether each character's / skill's ability may be used at any moment (response windows)
    any_char_ability: tuple[bool, ...] = ()
    any_skill_ability: tuple[bool, ...] = ()
    #: the card naming an ability in actions (a character or skill id) -> (0 character / 1 skill,
    #: index) and its ability
    ability_index: dict[str, tuple[int, int]] = field(default_factory=dict)
    ability_of: dict[str, Ability] = field(default_factory=dict)
    char_ids: tuple[str, ...] = ()
    #: per mission: completed by a choice (it costs something), not by itself
    mission_costly: tuple[bool, ...] = ()
    #: per action card instance: 1 playable whatever happens (a vehicle, a card that draws), 2 a
    #: zombie, 0 it depends (events, special movement)
    card_play: tuple[int, ...] = ()
    card_effect: tuple[str, ...] = ()
    item_use: tuple[str, ...] = ()  # per item instance: how it is used (its kind; a tool that straightens: "straighten")  # per action card instance: its effect id (an event's effect, else its kind)
    #: per action card record: the action "play <card> <colour>" for each colour (made once: zombies
    #: are offered against every group in every window)
    play_at: tuple[tuple[Action, ...], ...] = ()


def _instances(counts: list[tuple[str, int]]) -> tuple[tuple[int, ...], tuple[str, ...]]:
    recs: list[int] = []
    names: list[str] = []
    for i, (ident, n) in enumerate(counts):
        for k in range(n):
            recs.append(i)
            names.append(ident if n == 1 else f"{ident}-{k + 1}")
    return tuple(recs), tuple(names)


def _tags(rec: ItemRec) -> frozenset[str]:
    tags = {"item", *rec.heals}
    if rec.kind == "weapon":
        tags.add("weapon")
        if rec.ranged:
            tags.add("ranged")
    if rec.straightens in ("fuel", "ammunition"):
        tags.add(rec.straightens)
    return frozenset(tags)


def _nonzero(m: Mods) -> dict[str, int]:
    return {k: int(v) for k, v in m.model_dump().items() if v}


def build_content(folder: Path) -> DawnContent:
    chars = load_records(folder / "characters.toml", "character", CharacterRec)
    actions = load_records(folder / "actions.toml", "card", ActionRec)
    items = load_records(folder / "items.toml", "item", ItemRec)
    damages = load_records(folder / "damage.toml", "damage", DamageRec)
    skills = load_records(folder / "skills.toml", "skill", SkillRec)
    missions = load_records(folder / "missions.toml", "mission", MissionRec)
    seasons = load_records(folder / "seasons.toml", "season", SeasonRec)
    zones = load_records(folder / "zones.toml", "zone", ZoneRec)
    for recs, file, table in (
        (chars, "characters.toml", "character"), (actions, "actions.toml", "card"), (items, "items.toml", "item"),
        (damages, "damage.toml", "damage"), (skills, "skills.toml", "skill"), (missions, "missions.toml", "mission"),
        (seasons, "seasons.toml", "season"), (zones, "zones.toml", "zone"),
    ):
        unique(recs, "id", file, table)
    names = {r.id: f for recs, f in ((chars, "characters"), (actions, "actions"), (items, "items"),
                                     (skills, "skills"), (missions, "missions")) for r in recs}
    if len(names) != len(chars) + len(actions) + len(items) + len(skills) + len(missions):
        seen: dict[str, str] = {}
        for recs, f in ((chars, "characters"), (actions, "actions"), (items, "items"), (skills, "skills"), (missions, "missions")):
            for r in recs:
                if r.id in seen:
                    raise ContentError(f"{f}.toml: id {r.id!r} is also used in {seen[r.id]}.toml (ids name cards in actions)")
                seen[r.id] = f
    _check_counts(chars, actions, items, damages, skills, missions, seasons, zones)
    action_cards, _ = _instances([(a.id, a.count) for a in actions])
    item_cards, item_names = _instances([(it.id, it.count) for it in items])
    damage_cards, damage_names = _instances([(d.id, d.count) for d in damages])
    return DawnContent(
        characters=tuple(chars), actions=tuple(actions), items=tuple(items), damages=tuple(damages),
        skills=tuple(skills), missions=tuple(missions), seasons=tuple(seasons), zones=tuple(zones),
        action_cards=action_cards, item_cards=item_cards, item_names=item_names,
        damage_cards=damage_cards, damage_names=damage_names,
        char_index={c.id: i for i, c in enumerate(chars)},
        action_index={a.id: i for i, a in enumerate(actions)},
        item_index={n: i for i, n in enumerate(item_names)},
        damage_index={n: i for i, n in enumerate(damage_names)},
        skill_index={s.id: i for i, s in enumerate(skills)},
        mission_index={m.id: i for i, m in enumerate(missions)},
        zone_index={z.id: i for i, z in enumerate(zones)},
        green=tuple(i for i, r in enumerate(item_cards) if items[r].deck == "green"),
        blue=tuple(i for i, r in enumerate(item_cards) if items[r].deck == "blue"),
        special_items=tuple(i for i, r in enumerate(item_cards) if items[r].deck == "special"),
        char_mods=tuple(_nonzero(c.mods) for c in chars),
        skill_mods=tuple(_nonzero(s.mods) for s in skills),
        inst_mods=tuple(_nonzero(items[r].mods) for r in item_cards),
        action_recs=tuple(actions[r] for r in action_cards),
        item_recs=tuple(items[r] for r in item_cards),
        item_tags=tuple(_tags(items[r]) for r in item_cards),
        item_use=tuple("straighten" if items[r].kind == "tool" and items[r].straightens else items[r].kind for r in item_cards),
        item_usable=tuple(items[r].kind in ("heal", "straighten", "tool", "flare") for r in item_cards),
        item_heavy=tuple(not items[r].light for r in item_cards),
        item_bag=tuple(items[r].mods.carry for r in item_cards),
        item_weapon=tuple(items[r].dice if items[r].kind == "weapon" else 0 for r in item_cards),
        item_ranged=tuple(items[r].kind == "weapon" and items[r].ranged for r in item_cards),
        item_icons=tuple(items[r].icons for r in item_cards),
        char_ability=tuple(c.ability for c in chars),
        skill_ability=tuple(s.ability for s in skills),
        any_char_ability=tuple(c.ability is not None and c.ability.when == "any" for c in chars),
        any_skill_ability=tuple(s.ability is not None and s.ability.when == "any" for s in skills),
        ability_index={**{c.id: (0, i) for i, c in enumerate(chars) if c.ability},
                       **{s.id: (1, i) for i, s in enumerate(skills) if s.ability}},
        ability_of={**{c.id: c.ability for c in chars if c.ability}, **{s.id: s.ability for s in skills if s.ability}},
        char_ids=tuple(c.id for c in chars),
        mission_costly=tuple(m.kind in COSTLY for m in missions),
        card_play=tuple(1 if actions[r].kind == "vehicle" or actions[r].effect == "draw" else 2 if actions[r].kind == "zombie" else 0
                        for r in action_cards),
        card_effect=tuple(str(actions[r].effect) if actions[r].kind == "event" and actions[r].effect else actions[r].kind
                          for r in action_cards),
        play_at=tuple(tuple(PlayOn(a.id, colour) for colour in COLOURS) for a in actions),
    )


def _check_counts(
    chars: list[CharacterRec], actions: list[ActionRec], items: list[ItemRec], damages: list[DamageRec],
    skills: list[SkillRec], missions: list[MissionRec], seasons: list[SeasonRec], zones: list[ZoneRec],
) -> None:
    """What the rules need of any content pack (a pack may hold more cards than the box)."""
    if len(chars) < 8:
        raise ContentError("characters.toml: at least 8 characters are needed (2 per player, 4 players)")
    if sum(a.count for a in actions) < 40:
        raise ContentError("actions.toml: at least 40 action cards are needed")
    if not any(a.kind == "zombie" for a in actions):
        raise ContentError("actions.toml: no zombie card")
    if sum(it.count for it in items if it.deck == "special") < 4:
        raise ContentError("items.toml: at least 4 special items are needed")
    for deck in ("green", "blue"):
        if sum(it.count for it in items if it.deck == deck) < 8:
            raise ContentError(f"items.toml: at least 8 {deck} items are needed")
    if sum(d.count for d in damages) < 4:
        raise ContentError("damage.toml: at least 4 damage cards are needed")
    if len(skills) < 2:
        raise ContentError("skills.toml: at least 2 skills are needed")
    if len(missions) < 21:
        raise ContentError("missions.toml: at least 21 missions are needed (5 per player and replacements)")
    for s in SEASONS:
        if sum(1 for r in seasons if r.season == s) < 4:
            raise ContentError(f"seasons.toml: at least 4 {s} cards are needed (4 for the harder game)")
    tents = {z.tent for z in zones if z.tent}
    if tents != set(COLOURS):
        raise ContentError("zones.toml: one starting zone (tent) of each colour is needed: " + ", ".join(COLOURS))
    if sum(1 for z in zones if z.tent is None) < 12:
        raise ContentError("zones.toml: at least 12 map zones besides the starting zones are needed")


@lru_cache(maxsize=8)
def _load(folder: str) -> DawnContent:
    return build_content(Path(folder))


def load_content(override: str | None = None) -> DawnContent:
    return _load(str(content_dir(PACKAGE_DIR, override)))
