"""Loading and validating The Night's content (map, humans, zombies, items, tables, events).

The loaded :class:`NightContent` is immutable and shared by every state of a game; the map's
geometry is built once here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from deadboard.core.content import Record, content_dir, load_records, read_toml, unique, validation_message
from deadboard.core.errors import ContentError
from deadboard.core.grid import DOOR, WINDOW, Grid

PACKAGE_DIR = Path(__file__).parent

Zone = Literal["yard", "outbuilding", "porch", "house"]


class AreaRec(Record):
    char: str = Field(min_length=1, max_length=1)
    name: str
    zone: Zone


class OpeningRec(Record):
    name: str = Field(pattern=r"^[a-z0-9-]+$")
    label: str
    between: tuple[str, str]
    lockable: bool = False


class EntryRec(Record):
    number: int = Field(ge=1, le=6)
    squares: tuple[str, str]


class Decor(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    squares: list[str]


class MapFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    source: str
    width: int = Field(ge=4, le=60)
    height: int = Field(ge=4, le=60)
    rows: list[str]
    area: list[AreaRec]
    open_between: list[tuple[str, str]] = []
    impassable: list[str] = []
    opaque: list[str] = []
    decor: list[Decor] = []
    door: list[OpeningRec] = []
    window: list[OpeningRec] = []
    entry: list[EntryRec]

    @model_validator(mode="after")
    def _shape(self) -> MapFile:
        if len(self.rows) != self.height:
            raise ValueError(f"rows: {len(self.rows)} rows but height is {self.height}")
        for i, r in enumerate(self.rows):
            if len(r) != self.width:
                raise ValueError(f"rows[{i}]: {len(r)} squares but width is {self.width}")
        return self


class HumanRec(Record):
    name: str = Field(pattern=r"^[A-Z][A-Za-z]+$")
    strength: int = Field(ge=0, le=12)
    ap: int = Field(ge=1, le=12)
    zombie_strength: int = Field(ge=0, le=12)
    zombie_ap: int = Field(ge=1, le=6)


class ZombieRec(Record):
    number: int = Field(ge=1, le=999)
    strength: int = Field(ge=0, le=12)
    ap: int = Field(ge=1, le=6)
    breaker: bool = False


#: item kinds a human carries beyond the limit of items (ammo and the Keys)
UNLIMITED = frozenset({"ammo", "keys"})


class ItemRec(Record):
    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str
    kind: Literal["firearm", "ammo", "keys", "board", "melee"]
    bonus: int = Field(default=0, ge=0, le=10)
    rcp: tuple[int, int, int] | None = None
    ammo: str | None = None
    cost: int = Field(default=0, ge=0, le=12)
    count: int = Field(default=1, ge=1, le=30)
    locations: list[str] = []

    @model_validator(mode="after")
    def _firearm(self) -> ItemRec:
        if self.kind == "firearm" and (self.rcp is None or self.ammo is None):
            raise ValueError("a firearm needs rcp and ammo")
        if self.kind in ("firearm", "ammo", "melee") and len(self.locations) != 3:
            raise ValueError("locations: needs the three areas for a D6 of 1-2, 3-4 and 5-6")
        if self.kind == "keys" and len(self.locations) != 6:
            raise ValueError("locations: the Keys need six areas, one per D6 result")
        return self


class TableRec(Record):
    areas: list[str]


class TakeTheHouseTable(Record):
    first: list[str] = Field(min_length=5, max_length=5)
    second: list[str] = Field(min_length=6, max_length=6)


class LevelRec(Record):
    name: str
    min: int


class TablesFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    human_placement: TableRec
    alternative_item_placement: TableRec
    take_the_house_zombies: TakeTheHouseTable
    victory_level: list[LevelRec]


class EventRec(Record):
    roll: int = Field(ge=2, le=12)
    id: str
    name: str
    text: str
    authored: bool = False  # used only with the authored-results option, in place of the roll's record


class AttributeRec(Record):
    roll: int = Field(ge=2, le=12)
    id: str
    name: str
    text: str
    authored: bool = False  # used only with the authored-results option, in place of the roll's record


@dataclass(frozen=True)
class Item:
    """One item counter (boards are several counters of one kind)."""

    index: int
    id: str  # unique per counter: "board3" for the third board
    kind_id: str  # the record id: "board"
    name: str
    kind: str
    bonus: int
    rcp: tuple[int, int, int] | None
    ammo: str | None
    cost: int
    locations: tuple[str, ...]


@dataclass(frozen=True)
class EntryPoint:
    number: int
    squares: tuple[int, int]


@dataclass(frozen=True)
class NightContent:
    grid: Grid
    area_of: tuple[str, ...]  # per square
    zone_of: tuple[str, ...]  # per square
    areas: dict[str, tuple[int, ...]]  # area -> enterable squares
    area_names: tuple[str, ...]
    openings_label: tuple[str, ...]
    entries: tuple[EntryPoint, ...]
    entry_of: tuple[int, ...]  # per square: entry number or 0
    decor: tuple[tuple[str, tuple[int, ...]], ...]
    humans: tuple[HumanRec, ...]
    zombies: tuple[ZombieRec, ...]
    items: tuple[Item, ...]
    item_index: dict[str, int]
    kind_items: dict[str, tuple[int, ...]]  # record id -> its counters ("board" -> the 8 boards)
    human_placement: tuple[str, ...]
    alt_item_placement: tuple[str, ...]
    tth_first: tuple[str, ...]
    tth_second: tuple[str, ...]
    levels: tuple[tuple[int, str], ...]
    events: dict[int, EventRec]
    attributes: dict[int, AttributeRec]
    authored_events: dict[int, EventRec]  # the authored-results option's results 11 and 12
    authored_attributes: dict[int, AttributeRec]
    inside: tuple[bool, ...]  # per square: in the house (not yard, porch or shed)
    yard: tuple[bool, ...]  # per square: the yard (Dark Yard)
    source_dir: str


def _load_map(path: Path) -> tuple[Grid, MapFile, list[str]]:
    data = read_toml(path)
    try:
        m = MapFile.model_validate(data)
    except ValidationError as e:
        raise ContentError(f"{path.name}: {validation_message(e)}") from None
    chars = {a.char: a.name for a in m.area}
    names = {a.name for a in m.area}
    for pair in m.open_between:
        for a in pair:
            if a not in names:
                raise ContentError(f"{path.name}: open_between: unknown area {a!r}")
    openings = [(o.name, DOOR, o.between[0], o.between[1], o.lockable) for o in m.door]
    openings += [(o.name, WINDOW, o.between[0], o.between[1], False) for o in m.window]
    try:
        grid, areas = Grid.from_areas(m.rows, chars, m.open_between, openings, m.impassable, m.opaque)
    except (KeyError, ValueError) as e:
        raise ContentError(f"{path.name}: {e}") from None
    return grid, m, areas


def _square(grid: Grid, name: str, where: str) -> int:
    try:
        return grid.square(name)
    except KeyError:
        raise ContentError(f"{where}: no square {name!r} on the map") from None


@lru_cache(maxsize=8)
def load_content(override: str | None = None) -> NightContent:
    base = content_dir(PACKAGE_DIR, override)
    grid, m, area_list = _load_map(base / "map.toml")
    zones = {a.name: a.zone for a in m.area}
    area_names = tuple(a.name for a in m.area)
    areas: dict[str, tuple[int, ...]] = {
        name: tuple(i for i in range(grid.n) if area_list[i] == name and grid.passable[i]) for name in area_names
    }
    entries = []
    entry_of = [0] * grid.n
    for e in sorted(m.entry, key=lambda e: e.number):
        sqs = (_square(grid, e.squares[0], "map.toml: entry"), _square(grid, e.squares[1], "map.toml: entry"))
        entries.append(EntryPoint(e.number, sqs))
        for s in sqs:
            entry_of[s] = e.number
    if [e.number for e in entries] != [1, 2, 3, 4, 5, 6]:
        raise ContentError("map.toml: entry: needs Map Entry Points numbered 1 to 6, once each")
    decor = tuple((d.name, tuple(_square(grid, s, "map.toml: decor") for s in d.squares)) for d in m.decor)
    labels = {o.name: o.label for o in [*m.door, *m.window]}

    humans = load_records(base / "humans.toml", "human", HumanRec)
    unique(humans, "name", "humans.toml", "human")
    zombies = load_records(base / "zombies.toml", "zombie", ZombieRec)
    unique(zombies, "number", "zombies.toml", "zombie")
    item_recs = load_records(base / "items.toml", "item", ItemRec)
    unique(item_recs, "id", "items.toml", "item")
    items: list[Item] = []
    for rec in item_recs:
        for loc in rec.locations:
            if loc not in areas:
                raise ContentError(f"items.toml: item {rec.id!r}: locations: unknown area {loc!r}")
        for k in range(rec.count):
            uid = rec.id if rec.count == 1 else f"{rec.id}{k + 1}"
            items.append(
                Item(len(items), uid, rec.id, rec.name, rec.kind, rec.bonus, rec.rcp, rec.ammo, rec.cost, tuple(rec.locations))
            )
    kinds = {r.id: r for r in item_recs}
    for rec in item_recs:
        if rec.ammo is not None and (rec.ammo not in kinds or kinds[rec.ammo].kind != "ammo"):
            raise ContentError(f"items.toml: item {rec.id!r}: ammo: {rec.ammo!r} is not an ammo item")
    if sum(1 for i in items if i.kind == "keys") != 1:
        raise ContentError("items.toml: needs exactly one Keys item")

    tables_data = read_toml(base / "tables.toml")
    try:
        tables = TablesFile.model_validate(tables_data)
    except ValidationError as e:
        raise ContentError(f"tables.toml: {validation_message(e)}") from None
    if len(tables.human_placement.areas) != 6:
        raise ContentError("tables.toml: human_placement: areas: needs 6 areas (D6)")
    if len(tables.alternative_item_placement.areas) != 11:
        raise ContentError("tables.toml: alternative_item_placement: areas: needs 11 areas (2D6 = 2..12)")
    for where, names in (
        ("human_placement", tables.human_placement.areas[:5]),
        ("alternative_item_placement", tables.alternative_item_placement.areas),
        ("take_the_house_zombies", [*tables.take_the_house_zombies.first, *tables.take_the_house_zombies.second]),
    ):
        for a in names:
            if a not in areas:
                raise ContentError(f"tables.toml: {where}: unknown area {a!r}")
    all_events = load_records(base / "events.toml", "event", EventRec)
    events = [e for e in all_events if not e.authored]
    authored_events = [e for e in all_events if e.authored]
    unique(events, "roll", "events.toml", "event")
    unique(authored_events, "roll", "events.toml", "authored event")
    if sorted(e.roll for e in events) != list(range(2, 13)):
        raise ContentError("events.toml: needs one event for each 2D6 result 2..12")
    all_attributes = load_records(base / "attributes.toml", "attribute", AttributeRec)
    attributes = [a for a in all_attributes if not a.authored]
    authored_attributes = [a for a in all_attributes if a.authored]
    unique(attributes, "roll", "attributes.toml", "attribute")
    unique(authored_attributes, "roll", "attributes.toml", "authored attribute")
    if sorted(a.roll for a in attributes) != list(range(2, 13)):
        raise ContentError("attributes.toml: needs one attribute for each 2D6 result 2..12")

    zone_of = tuple(zones[a] for a in area_list)
    return NightContent(
        grid=grid,
        area_of=tuple(area_list),
        zone_of=zone_of,
        areas=areas,
        area_names=area_names,
        openings_label=tuple(labels[o.name] for o in grid.openings),
        entries=tuple(entries),
        entry_of=tuple(entry_of),
        decor=decor,
        humans=tuple(humans),
        zombies=tuple(sorted(zombies, key=lambda z: z.number)),
        items=tuple(items),
        item_index={it.id: it.index for it in items},
        kind_items={k: tuple(it.index for it in items if it.kind_id == k) for k in kinds},
        human_placement=tuple(tables.human_placement.areas),
        alt_item_placement=tuple(tables.alternative_item_placement.areas),
        tth_first=tuple(tables.take_the_house_zombies.first),
        tth_second=tuple(tables.take_the_house_zombies.second),
        levels=tuple(sorted((lv.min, lv.name) for lv in tables.victory_level)),
        events={e.roll: e for e in events},
        attributes={a.roll: a for a in attributes},
        authored_events={e.roll: e for e in authored_events},
        authored_attributes={a.roll: a for a in authored_attributes},
        inside=tuple(z == "house" for z in zone_of),
        yard=tuple(z == "yard" for z in zone_of),
        source_dir=str(base),
    )
