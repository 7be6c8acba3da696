"""Loading and validating Day Night Z's content: the custom die, survivor sheets, enemy profiles, the
decks (spawn, search, threat, exploration, city encounter, surprise, infection, corpse markers), the
location cards, the two-sided tiles, the city board and the adventures.

Every file is TOML checked by a schema at load time; an error names the file, the record and the
field (``tiles.toml: tile[3] (id '02b'): access: ...``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import Field

from deadboard.core.content import Record, content_dir, load_model, load_records, read_toml, unique
from deadboard.core.errors import ContentError
from deadboard.games.day_night_z.perks import Perk
from deadboard.games.day_night_z.records import Foe, Item, Numbers, PerkRow, Sheet, Threat, plain_sheet
from deadboard.games.day_night_z.rules_file import RulesFile, Strict

PACKAGE_DIR = Path(__file__).parent

ATTRIBUTES = (
    "hand", "ranged", "defense", "agility", "strength", "perception", "will", "first_aid", "mechanisms",
)  # fmt: skip
LEVELS = ("green", "yellow", "red")
BODY = ("head", "body", "arms", "legs")
MARKERS = ("blocked", "fire", "impassable", "cover", "high", "flooded", "hollow", "noisy", "vehicle")
EffectKind = Literal[
    "threat", "stress", "damage", "heal", "sp", "supplies", "ammo", "battery", "infection", "noise", "spawn",
    "enemy", "city-tile", "terrain", "search-marker", "end-activation", "check", "break", "cure",
]  # fmt: skip


class Effect(Strict):
    kind: EffectKind
    n: int = 1
    of: Literal["n", "nj", "location"] = "n"
    marker: str = ""
    enemy: str = ""
    attribute: str = ""
    penalty: int = 0
    #: what a check is for, in the log and the prompt ("" the card's attribute)
    what: str = ""
    success: tuple[Effect, ...] = ()
    fail: tuple[Effect, ...] = ()


class Attributes(Strict):
    hand: int = Field(ge=0, le=8)
    ranged: int = Field(ge=0, le=8)
    defense: int = Field(ge=0, le=4)
    agility: int = Field(ge=0, le=8)
    strength: int = Field(ge=1, le=5)
    perception: int = Field(ge=0, le=8)
    will: int = Field(ge=0, le=8)
    first_aid: int = Field(ge=0, le=8)
    mechanisms: int = Field(ge=0, le=8)


class SurvivorSheet(Record):
    id: str
    name: str
    health: int = Field(ge=1, le=12)
    health_levels: tuple[tuple[int, Literal["green", "yellow", "red"], int], ...]
    day: Attributes
    night: Attributes
    supply_use: int = Field(ge=0, le=3)
    items: tuple[str, ...]
    ammo: int = Field(ge=0)
    supplies: int = Field(ge=0)
    battery: int = Field(ge=0)
    perks: tuple[Perk, ...] = ()  # a campaign's skills and allies (skill_effects.py)

    def level(self, health: int) -> tuple[str, int]:
        """The health level (colour) and the AP of ``health`` points."""
        best = (-1, "red", 0)
        for start, colour, points in self.health_levels:
            if best[0] < start <= health:
                best = (start, colour, points)
        return best[1], best[2]


class EnemySide(Strict):
    actions: int = Field(ge=0, le=4)
    attack: int = Field(ge=0, le=6)
    damage: int = Field(ge=0, le=8)
    health: int = Field(ge=1, le=12)
    melee_defence: int = Field(ge=0, le=4)
    ranged_defence: int = Field(ge=0, le=4)
    evasion: int = Field(ge=-4, le=0)
    resistance: int = Field(ge=0, le=4)


class EnemyProfile(Record):
    id: str
    name: str
    initiative: int = Field(ge=0, le=9)
    sp: int = Field(ge=0, le=9)
    miniatures: int = Field(ge=1, le=40)
    day: EnemySide
    night: EnemySide


AbilityKind = Literal["pile-on", "howl", "bite", "rally", "smash", "sniff-out"]


class EnemyAbility(Record):
    """An enemy's special ability (authored: the rulebook names them, never describes one)."""

    enemy: str
    kind: AbilityKind
    name: str
    text: str


class SpawnCard(Record):
    id: str
    green: tuple[str, ...]
    yellow: tuple[str, ...]
    red: tuple[str, ...]


class SearchCard(Record):
    id: str
    name: str
    group: Literal["weapon", "improvised", "tools", "health", "food", "equipment"]
    copies: int = Field(ge=0)
    kind: Literal["melee", "ranged", ""] = ""
    hands: int = Field(default=0, ge=0, le=2)
    damage: int = Field(default=0, ge=0)
    strength_damage: tuple[int, ...] = ()
    ammo: bool = False
    noisy: bool = False
    suppressor: bool = False
    traps: bool = False
    trap_damage: int = 0
    traits: tuple[
        Literal["sweep", "gun-butt", "rapid-fire", "diesel", "mobile-grenade", "slow", "pierce", "burst"], ...
    ] = ()
    search: int = 0
    space: int = Field(default=1, ge=0)
    supplies: int = 0
    capacity: int = 0
    duration: int = 0
    battery: bool = False
    light: bool = False
    consumable: bool = False
    heal: int = 0
    stress: int = 0
    cure: int = 0
    supply: int = 0
    ammo_gain: int = 0
    battery_gain: int = 0
    check: str = ""
    body: Literal["head", "body", "arms", "legs", ""] = ""
    defence: int = 0
    absorb: bool = False
    combine: str = ""
    components: tuple[str, ...] = ()

    @property
    def weapon(self) -> bool:
        return self.kind != ""

    def melee_damage(self, strength: int) -> int:
        table = self.strength_damage
        return table[min(strength, len(table)) - 1] if table else self.damage


class ThreatCard(Record):
    id: str
    attack: str
    attack_type: str
    ai: tuple[Literal["attack", "attack-advance", "move-los", "move-noise", "move-closest", "ability"], ...]
    priority: Literal["noisiest", "most-wounded", "closest", "leader", "most-stressed"]
    body: Literal["head", "body", "arms", "legs"]
    name: str
    condition: Literal[
        "fired-ranged", "noise", "stress-red", "wounded", "in-city", "on-tile", "night", "always", "infected"
    ]
    effects: tuple[Effect, ...]
    hourglass: bool
    hunter: bool
    infection: bool


class Zone(Strict):
    tile: str
    icons: tuple[str, ...]
    spawn: tuple[int, int, int, int]
    marker: str


class LocationCard(Record):
    id: str
    name: str
    zones: tuple[Zone, ...] = Field(min_length=1)


class EffectCard(Record):
    id: str
    name: str
    effects: tuple[Effect, ...]
    evade: bool = False


class InfectionCard(Record):
    id: str
    name: str
    level1: tuple[Effect, ...]
    level2: tuple[Effect, ...]
    level3: tuple[Effect, ...]


class CorpseMarker(Record):
    result: Literal["nothing", "ammo", "battery", "supplies", "infection"]
    dice: int = 0
    copies: int = Field(ge=1)


class TileSide(Record):
    id: str
    name: str
    kind: Literal["location", "city"]
    search: int
    cells: tuple[str, str, str, str]
    access: str
    exit: str
    numbers: dict[str, str]
    icons: dict[str, str]
    walls: tuple[str, ...]
    blocked_edges: tuple[str, ...]


class CityZone(Strict):
    id: str
    kind: Literal["street", "alley", "surprise"]
    access: str = ""
    slot: str = ""
    x: int
    y: int


class CitySide(Record):
    id: str
    name: str
    links: tuple[str, ...]
    zones: tuple[CityZone, ...]


class Adventure(Record):
    id: str
    name: str
    text: str
    side: str
    start: int = Field(ge=0, le=23)
    deadline: int = Field(ge=1)
    threat: int = Field(ge=0)
    start_zone: str
    exit: str
    locations: dict[str, str]
    surprises: tuple[str, ...]
    explore: str
    supplies: int = Field(ge=0)
    #: supplies wanted for each survivor who started the adventure, on top of ``supplies``
    supplies_per_survivor: int = Field(default=0, ge=0)
    search: str


#: a card of a deck drawn by id during play
C = TypeVar("C", ThreatCard, SpawnCard, EffectCard, InfectionCard)


@dataclass(frozen=True)
class Content:
    rules: RulesFile
    survivors: tuple[SurvivorSheet, ...]
    enemies: dict[str, EnemyProfile]
    spawn: tuple[SpawnCard, ...]
    search: dict[str, SearchCard]
    threats: tuple[ThreatCard, ...]
    locations: dict[str, LocationCard]
    explorations: tuple[EffectCard, ...]
    encounters: tuple[EffectCard, ...]
    surprises: dict[str, EffectCard]
    infections: tuple[InfectionCard, ...]
    corpses: tuple[CorpseMarker, ...]
    tiles: dict[str, TileSide]
    city: dict[str, CitySide]
    adventures: tuple[Adventure, ...]
    #: each enemy's special ability, by enemy id (an enemy may have none)
    abilities: dict[str, EnemyAbility] = field(default_factory=dict)
    #: worked out once from the fields above: the sheets by id, and the combined cards with the
    #: components each is made of (asked at every decision, so never searched for again)
    sheets: dict[str, SurvivorSheet] = field(init=False, repr=False, compare=False)
    recipes: tuple[tuple[str, frozenset[str]], ...] = field(init=False, repr=False, compare=False)
    #: each search card's place in the content (names that list several cards use this order)
    card_order: dict[str, int] = field(init=False, repr=False, compare=False)
    #: the search cards by what a survivor's legal actions ask of them: used up from the backpack
    #: (not weapons), taken in a hand or worn, a component of a combined card, a light
    consumables: frozenset[str] = field(init=False, repr=False, compare=False)
    placeable: frozenset[str] = field(init=False, repr=False, compare=False)
    components: frozenset[str] = field(init=False, repr=False, compare=False)
    lights: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sheets", {s.id: s for s in self.survivors})
        recipes = tuple(
            (cid, frozenset(card.components)) for cid, card in self.search.items() if card.components
        )
        object.__setattr__(self, "recipes", recipes)
        object.__setattr__(self, "card_order", {cid: i for i, cid in enumerate(self.search)})
        cards = self.search.items()
        consumables = frozenset(cid for cid, c in cards if c.consumable and not c.weapon)
        object.__setattr__(self, "consumables", consumables)
        object.__setattr__(self, "placeable", frozenset(cid for cid, c in cards if c.hands or c.body))
        object.__setattr__(self, "components", frozenset(c for _, parts in recipes for c in parts))
        object.__setattr__(self, "lights", frozenset(cid for cid, c in cards if c.light))

    def with_survivors(self, survivors: tuple[SurvivorSheet, ...]) -> Content:
        """The same content with other survivors' sheets (a campaign's, grown by skills and allies):
        what was worked out from the other records (decks, cards by id, the attacks made) is shared,
        the set-ups and the perks (which follow the sheets) are not. They are worked out on this content first: a
        campaign plays every adventure on such a copy, so each copy would otherwise work them out
        again for itself."""
        for name in _SHARED:
            getattr(self, name)
        new = object.__new__(Content)
        new.__dict__.update(self.__dict__)
        new.__dict__.pop("set_ups", None)
        new.__dict__.pop("perks", None)
        new.__dict__.pop("plain_sheets", None)
        object.__setattr__(new, "survivors", survivors)
        object.__setattr__(new, "sheets", {s.id: s for s in survivors})
        return new

    # worked out at the first use (a campaign makes a content for each adventure)
    @cached_property
    def set_ups(self) -> dict[tuple[str, int], object]:
        """What a new adventure takes from the content alone, by adventure and number of
        survivors (filled by ``rules.new_state`` at the first game of each)."""
        return {}

    @cached_property
    def places(self) -> dict[tuple[str, str], str]:
        """Where a tile lies as a player reads it (``phrases.tile_place``), by tile side and the
        location card of its slot ("" in the city)."""
        return {}

    @cached_property
    def enemy_names(self) -> dict[str, tuple[str, str]]:
        """An enemy as a player reads it (``phrases.enemy``), by its id: its kind and its name."""
        return {}

    @cached_property
    def enemy_sides(self) -> tuple[dict[str, Foe], dict[str, Foe]]:
        """Each enemy's profile with its day side and with its night side, by kind (``spawn.enemy_profile``)."""
        day = {k: Foe(p, p.day) for k, p in self.enemies.items()}
        return day, {k: Foe(p, p.night) for k, p in self.enemies.items()}

    @cached_property
    def perks(self) -> dict[str, tuple[PerkRow, ...]]:
        """Each survivor's perks by id (``skill_effects``): not shared by with_survivors."""
        return {sid: sheet.perks for sid, sheet in self.plain_sheets.items()}

    @cached_property
    def city_sides(self) -> tuple[str, ...]:
        """The city tiles' sides, in content order (a city tile deployed is drawn among them)."""
        return tuple(sid for sid, side in self.tiles.items() if side.kind == "city")

    @cached_property
    def attack_rows(
        self,
    ) -> dict[tuple[str, str, str, bool, bool, bool, bool], tuple[object, ...]]:
        """The attacks a survivor may declare with a weapon at a figure (``combat._attacks_with``),
        by weapon, survivor, figure, its place, ammunition and whether a survival point may be spent:
        made at first use."""
        return {}

    @cached_property
    def decks(self) -> dict[str, tuple[str, ...]]:
        """The cards of each deck in content order, before the shuffle of a new adventure."""
        return {
            "threat": tuple(c.id for c in self.threats),
            "spawn": tuple(c.id for c in self.spawn),
            "search": tuple(c.id for c in self.search.values() for _ in range(c.copies)),
            "exploration": tuple(c.id for c in self.explorations),
            "encounter": tuple(c.id for c in self.encounters),
            "infection": tuple(c.id for c in self.infections),
            "corpse": tuple(str(i) for i, m in enumerate(self.corpses) for _ in range(m.copies)),
        }

    @cached_property
    def threat_cards(self) -> dict[str, ThreatCard]:
        """The cards of the decks drawn during play, by id (here and below)."""
        return _by_id(self.threats)

    @cached_property
    def spawn_cards(self) -> dict[str, SpawnCard]:
        return _by_id(self.spawn)

    @cached_property
    def exploration_cards(self) -> dict[str, EffectCard]:
        return _by_id(self.explorations)

    @cached_property
    def encounter_cards(self) -> dict[str, EffectCard]:
        return _by_id(self.encounters)

    @cached_property
    def infection_cards(self) -> dict[str, InfectionCard]:
        return _by_id(self.infections)

    # plain copies of the records play reads at every decision (records.py), made at first use
    @cached_property
    def items(self) -> dict[str, Item]:
        return {cid: Item(card) for cid, card in self.search.items()}

    @cached_property
    def threat_rows(self) -> dict[str, Threat]:
        return {cid: Threat(card) for cid, card in self.threat_cards.items()}

    @cached_property
    def numbers(self) -> Numbers:
        return Numbers(self.rules)

    @cached_property
    def plain_sheets(self) -> dict[str, Sheet]:
        """Not shared by with_survivors (they follow the sheets)."""
        return {sid: plain_sheet(sheet) for sid, sheet in self.sheets.items()}

    def survivor(self, sid: str) -> SurvivorSheet:
        return self.sheets[sid]

    def adventure(self, aid: str) -> Adventure:
        for a in self.adventures:
            if a.id == aid:
                return a
        raise KeyError(aid)


#: what Content.with_survivors shares with the copies it makes (cached properties of Content)
_SHARED = ("places", "enemy_names", "enemy_sides", "city_sides", "attack_rows", "decks", "threat_cards",
           "spawn_cards", "exploration_cards", "encounter_cards", "infection_cards", "items", "threat_rows",
           "numbers")  # fmt: skip


def _by_id(cards: tuple[C, ...]) -> dict[str, C]:
    """Cards by id (the first of the deck's copies that share one)."""
    out: dict[str, C] = {}
    for card in cards:
        out.setdefault(card.id, card)
    return out


def _check(content: Content) -> None:
    """Cross-references between the content files, checked one record type at a time."""
    _check_tiles(content)
    _check_locations(content)
    _check_spawn(content)
    _check_abilities(content)
    _check_survivors(content)
    _check_adventures(content)


def _check_tiles(content: Content) -> None:
    faces = set(content.rules.die.faces)
    cells = {f"{c}{r}" for r in range(1, 5) for c in "abcd"}
    for t in content.tiles.values():
        for where in (t.access, t.exit, *t.numbers, *t.icons):
            if where not in cells:
                raise ContentError(f"tiles.toml: tile {t.id}: no subzone {where!r}")
        for icon in t.icons.values():
            if icon not in faces:
                raise ContentError(f"tiles.toml: tile {t.id}: icon {icon!r} is not a face of the die")
        for edge in (*t.walls, *t.blocked_edges):
            a, _, b = edge.partition("|")
            if a not in cells or b not in cells:
                raise ContentError(f"tiles.toml: tile {t.id}: edge {edge!r} is not cell|cell")


def _check_locations(content: Content) -> None:
    for loc in content.locations.values():
        for z in loc.zones:
            if z.tile not in content.tiles:
                raise ContentError(f"cards.toml: location {loc.id}: no tile {z.tile!r}")
            if z.marker not in MARKERS:
                raise ContentError(f"cards.toml: location {loc.id}: unknown marker {z.marker!r}")


def _check_abilities(content: Content) -> None:
    for enemy in content.abilities:
        if enemy not in content.enemies:
            raise ContentError(f"enemies.toml: ability of unknown enemy {enemy!r}")


def _check_spawn(content: Content) -> None:
    for card in content.spawn:
        for e in (*card.green, *card.yellow, *card.red):
            if e not in content.enemies or e == "hunter":
                raise ContentError(f"spawn.toml: card {card.id}: unknown enemy {e!r}")


def _check_survivors(content: Content) -> None:
    for sheet in content.survivors:
        for item in sheet.items:
            if item not in content.search:
                raise ContentError(f"survivors.toml: {sheet.id}: unknown item {item!r}")


def _check_adventures(content: Content) -> None:
    for adv in content.adventures:
        if adv.side not in content.city:
            raise ContentError(f"adventures.toml: {adv.id}: no city side {adv.side!r}")
        zones = {z.id for z in content.city[adv.side].zones}
        if adv.start_zone not in zones or adv.exit not in zones:
            raise ContentError(f"adventures.toml: {adv.id}: start or exit zone not on side {adv.side}")
        for card_id in adv.locations.values():
            if card_id not in content.locations:
                raise ContentError(f"adventures.toml: {adv.id}: no location {card_id!r}")
        for s in adv.surprises:
            if s not in content.surprises:
                raise ContentError(f"adventures.toml: {adv.id}: no surprise card {s!r}")


@lru_cache(maxsize=8)
def load_content(override: str | None = None) -> Content:
    folder = content_dir(PACKAGE_DIR, override)
    rules = load_model(folder / "rules.toml", RulesFile)
    survivors = load_records(folder / "survivors.toml", "survivor", SurvivorSheet)
    enemies_path = folder / "enemies.toml"
    enemies_file = read_toml(enemies_path)
    enemies = load_records(enemies_path, "enemy", EnemyProfile, enemies_file)
    abilities = (
        load_records(enemies_path, "ability", EnemyAbility, enemies_file) if "ability" in enemies_file else []
    )
    spawn = load_records(folder / "spawn.toml", "spawn", SpawnCard)
    search = load_records(folder / "search.toml", "card", SearchCard)
    threats = load_records(folder / "threat.toml", "threat", ThreatCard)
    cards_path = folder / "cards.toml"
    cards = read_toml(cards_path)
    locations = load_records(cards_path, "location", LocationCard, cards)
    explorations = load_records(cards_path, "exploration", EffectCard, cards)
    encounters = load_records(cards_path, "encounter", EffectCard, cards)
    surprises = load_records(cards_path, "surprise", EffectCard, cards)
    infections = load_records(cards_path, "infection", InfectionCard, cards)
    corpses = load_records(cards_path, "corpse", CorpseMarker, cards)
    tiles = load_records(folder / "tiles.toml", "tile", TileSide)
    city = load_records(folder / "city.toml", "side", CitySide)
    adventures = load_records(folder / "adventures.toml", "adventure", Adventure)
    for recs, key, file, table in (
        (survivors, "id", "survivors.toml", "survivor"),
        (enemies, "id", "enemies.toml", "enemy"),
        (search, "id", "search.toml", "card"),
        (tiles, "id", "tiles.toml", "tile"),
        (adventures, "id", "adventures.toml", "adventure"),
        (locations, "id", "cards.toml", "location"),
        (abilities, "enemy", "enemies.toml", "ability"),
    ):
        unique(recs, key, file, table)
    content = Content(
        rules=rules,
        survivors=tuple(survivors),
        enemies={e.id: e for e in enemies},
        spawn=tuple(spawn),
        search={c.id: c for c in search},
        threats=tuple(threats),
        locations={loc.id: loc for loc in locations},
        explorations=tuple(explorations),
        encounters=tuple(encounters),
        surprises={s.id: s for s in surprises},
        infections=tuple(infections),
        corpses=tuple(corpses),
        tiles={t.id: t for t in tiles},
        city={c.id: c for c in city},
        adventures=tuple(adventures),
        abilities={a.enemy: a for a in abilities},
    )
    _check(content)
    return content
