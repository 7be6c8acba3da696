"""Loading and validating the campaign's content (rulebook §6, §7, §3.5, §3.8): the Travel map and
its event cards, the Shelter map with its facility cards and event tables, the 24 skills, the 10
allies and the campaign book. Each file is TOML checked by a schema; an error names the file, the
record and the field, and every name one record gives another (a path's places, an event's item or
ally, a chapter's city) is checked to exist."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from deadboard.core.content import Record, content_dir, load_model, load_records, read_toml, unique
from deadboard.core.errors import ContentError
from deadboard.games.day_night_z.content import ATTRIBUTES, PACKAGE_DIR, Adventure, Content, load_content
from deadboard.games.day_night_z.perks import Perk

TERRAINS = ("mountain", "plain", "wood")
FACILITIES = ("rest-zone", "warehouse", "workshop", "infirmary", "training-zone", "supply-zone")

EffectKind = Literal[
    "damage",
    "heal",
    "stress",
    "relax",
    "sp",
    "supplies",
    "ammo",
    "battery",
    "infection",
    "cure",
    "item",
    "ally",
    "block",
    "reveal",
    "check",
    "vote",
    "store",
    "take",
    "forage",
    "spoil",
    "loot",
    "wreck",
]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Option(Strict):
    text: str
    effects: tuple[CampaignEffect, ...] = ()


class CampaignEffect(Strict):
    """One effect of a travel event, a shelter event, a facility action or a chapter's end."""

    kind: EffectKind
    n: int = 1
    who: Literal["each", "leader", "self"] = "each"
    item: str = ""
    ally: str = ""
    path: str = ""
    facility: str = ""  # wreck: the facility (or "fence") that loses a level; "" one built at random
    attribute: str = ""
    penalty: int = 0
    by: Literal["each", "best", "infected", "self"] = "each"
    success: tuple[CampaignEffect, ...] = ()
    fail: tuple[CampaignEffect, ...] = ()
    options: tuple[Option, ...] = ()


Option.model_rebuild()


class Place(Record):
    id: str
    name: str
    kind: Literal["shelter", "city", "crossroads"]
    x: int
    y: int


class Path_(Record):
    id: str
    a: str
    b: str
    known: bool
    icons: tuple[tuple[Literal["mountain", "plain", "wood"], int], ...] = Field(min_length=1)


class Section(Strict):
    text: str
    effects: tuple[CampaignEffect, ...] = ()


class TravelCard(Record):
    id: str
    name: str
    mountain: Section
    plain: Section
    wood: Section

    def section(self, terrain: str) -> Section:
        section: Section = getattr(self, terrain)
        return section


class FacilityAction(Strict):
    id: str
    text: str
    vp: int = Field(default=0, ge=0)
    effects: tuple[CampaignEffect, ...] = ()


class Facility(Record):
    id: str
    name: str
    build: int = Field(ge=0)
    upgrade: int = Field(ge=0)
    capacity: tuple[int, int] = (0, 0)
    basic: tuple[FacilityAction, ...]
    advanced: tuple[FacilityAction, ...]

    def actions(self, level: str) -> tuple[FacilityAction, ...]:
        return self.advanced if level == "advanced" else self.basic


class Fence(Record):
    id: str
    name: str
    build: int = Field(ge=0)
    upgrade: int = Field(ge=0)
    text: str


class ShelterMap(Record):
    spaces: tuple[tuple[str, int, int], ...] = Field(min_length=6, max_length=6)
    start: tuple[str, ...]


class ShelterEvent(Record):
    face: str
    name: str
    text: str
    effects: tuple[CampaignEffect, ...] = ()
    fence: tuple[CampaignEffect, ...] | None = None
    fence_advanced: tuple[CampaignEffect, ...] | None = None


class ShelterFile(Strict):
    map: ShelterMap
    facility: tuple[Facility, ...]
    fence: Fence
    event: tuple[ShelterEvent, ...]
    #: the adventure phase events (§7), when an adventure lasts beyond its maximum duration
    adventure: tuple[ShelterEvent, ...]
    #: the overstay table (the ``overstay`` option): days in the shelter beyond the book's allowance
    overrun: tuple[ShelterEvent, ...]


class Bonus(Record):
    """What a skill or an ally does: its perks (skill_effects.py) and what it adds to the survivor
    sheet."""

    id: str
    name: str
    text: str
    perks: tuple[Perk, ...] = ()
    day: dict[str, int] = {}
    night: dict[str, int] = {}
    health: int = 0
    supply_use: int = 0


class Skill(Bonus):
    line: str
    level: int = Field(ge=1, le=3)
    cost: int = Field(ge=0, le=15)


class Ally(Bonus):
    leadership: int = Field(ge=0)


class Chapter(Record):
    id: str
    name: str
    city: str
    days: int = Field(ge=1)
    #: the adventure's maximum duration in hours: beyond it the adventure phase events strike the
    #: shelter (§7); None: none (the last chapter, whose survivors never go back)
    hours: int | None = Field(default=None, ge=1)
    #: the chapter's special rules for route planning (§6): paths closed to its journeys
    closed: tuple[str, ...] = ()
    story: str
    objectives: str
    special: str
    carry: str
    adventure: Adventure
    success: tuple[CampaignEffect, ...] = ()
    fail: tuple[CampaignEffect, ...] = ()


class Book(Record):
    id: str
    name: str
    text: str


@dataclass(frozen=True, eq=False)
class CampaignContent:
    adventure: Content  # the adventure game's content, with the book's adventures added
    places: dict[str, Place]
    paths: dict[str, Path_]
    travel: tuple[TravelCard, ...]
    shelter: ShelterFile
    facilities: dict[str, Facility]
    skills: dict[str, Skill]
    allies: dict[str, Ally]
    book: Book
    chapters: tuple[Chapter, ...]

    @cached_property
    def skill_rows(self) -> dict[str, tuple[int, int, str]]:
        """Each skill's cost, level and line by id (``growth.can_buy``, asked of every skill at every
        decision in the shelter)."""
        return {sid: (s.cost, s.level, s.line) for sid, s in self.skills.items()}

    @cached_property
    def facility_actions(self) -> dict[tuple[str, str], tuple[tuple[str, int], ...]]:
        """Each facility's actions (id and victory points) by facility and level
        (``facilities.usable``)."""
        return {
            (fid, level): tuple((a.id, a.vp) for a in f.actions(level))
            for fid, f in self.facilities.items()
            for level in ("basic", "advanced")
        }

    @cached_property
    def upgrade_costs(self) -> dict[str, int]:
        """What upgrading each facility costs, the fence's included (``facilities.upgrade_cost``)."""
        return {**{fid: f.upgrade for fid, f in self.facilities.items()}, "fence": self.shelter.fence.upgrade}

    @cached_property
    def build_costs(self) -> dict[str, int]:
        """What building each facility costs, the fence's included (``facilities.build_cost``)."""
        return {**{fid: f.build for fid, f in self.facilities.items()}, "fence": self.shelter.fence.build}

    @cached_property
    def path_icons(self) -> dict[str, tuple[tuple[str, int], ...]]:
        """Each path's terrain icons with their multipliers, by id (asked at every icon travelled)."""
        return {pid: tuple((str(t), int(n)) for t, n in p.icons) for pid, p in self.paths.items()}

    @cached_property
    def known_paths(self) -> frozenset[str]:
        """The paths the map prints yellow (``travel.known``)."""
        return frozenset(pid for pid, p in self.paths.items() if p.known)

    @cached_property
    def travel_rows(self) -> dict[str, dict[str, tuple[str, str, tuple[CampaignEffect, ...]]]]:
        """Each travel card's name, and the text and effects of its section, by card id and terrain
        (an event drawn at a terrain icon)."""
        return {
            c.id: {
                t: (c.name, c.section(t).text, c.section(t).effects) for t in ("mountain", "plain", "wood")
            }
            for c in self.travel_cards.values()
        }

    @cached_property
    def travel_cards(self) -> dict[str, TravelCard]:
        """The travel cards by id (a drawn card is looked up at every terrain icon)."""
        return {c.id: c for c in self.travel}

    def chapter(self, cid: str) -> Chapter:
        for c in self.chapters:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def event(self, face: str, table: str = "event") -> ShelterEvent:
        """The entry of a shelter event table ("event", "adventure" or "overrun") for a die face."""
        found = self.events.get((table, face))
        if found is None:
            getattr(self.shelter, table)  # an unknown table: AttributeError, as it was
            raise KeyError(face)
        return found

    @cached_property
    def events(self) -> dict[tuple[str, str], ShelterEvent]:
        """The shelter event tables' entries by table and die face (the first of a face)."""
        out: dict[tuple[str, str], ShelterEvent] = {}
        for table in ("event", "adventure", "overrun"):
            for e in getattr(self.shelter, table):
                out.setdefault((table, e.face), e)
        return out


def _walk(effects: tuple[CampaignEffect, ...]) -> list[CampaignEffect]:
    out: list[CampaignEffect] = []
    for e in effects:
        out.append(e)
        out += _walk(e.success) + _walk(e.fail)
        for o in e.options:
            out += _walk(o.effects)
    return out


def _check(c: CampaignContent) -> None:
    """Cross-references between the campaign files, checked one record type at a time."""
    _check_paths(c)
    _check_travel(c)
    _check_facilities(c)
    _check_shelter(c)
    _check_skills_and_allies(c)
    _check_chapters(c)


def _check_effects(c: CampaignContent, effs: tuple[CampaignEffect, ...], where: str) -> None:
    for e in _walk(effs):
        if e.kind == "item" and e.item not in c.adventure.search:
            raise ContentError(f"{where}: unknown item {e.item!r}")
        if e.kind == "ally" and e.ally and e.ally not in c.allies:
            raise ContentError(f"{where}: unknown ally {e.ally!r}")
        if e.kind == "reveal" and e.path not in c.paths:
            raise ContentError(f"{where}: unknown path {e.path!r}")
        if e.kind == "check" and e.attribute not in ATTRIBUTES:
            raise ContentError(f"{where}: unknown attribute {e.attribute!r}")
        if e.kind == "vote" and len(e.options) < 2:
            raise ContentError(f"{where}: a vote needs at least two options")
        if e.kind == "wreck" and e.facility and e.facility not in FACILITIES and e.facility != "fence":
            raise ContentError(f"{where}: unknown facility {e.facility!r}")


def _check_paths(c: CampaignContent) -> None:
    for p in c.paths.values():
        if p.a not in c.places or p.b not in c.places:
            raise ContentError(f"travel.toml: path {p.id}: unknown place")


def _check_travel(c: CampaignContent) -> None:
    for card in c.travel:
        for t in TERRAINS:
            _check_effects(c, card.section(t).effects, f"travel.toml: card {card.id} ({t})")


def _check_facilities(c: CampaignContent) -> None:
    if set(c.facilities) != set(FACILITIES):
        raise ContentError(f"shelter.toml: the facilities must be {', '.join(FACILITIES)}")
    for f in c.facilities.values():
        for a in (*f.basic, *f.advanced):
            _check_effects(c, a.effects, f"shelter.toml: facility {f.id} action {a.id}")


def _check_shelter(c: CampaignContent) -> None:
    faces = set(c.adventure.rules.die.faces)
    for s in c.shelter.map.start:
        if s not in c.facilities:
            raise ContentError(f"shelter.toml: map.start: unknown facility {s!r}")
    for table, events in (
        ("event", c.shelter.event),
        ("adventure", c.shelter.adventure),
        ("overrun", c.shelter.overrun),
    ):
        if sorted(e.face for e in events) != sorted(faces):
            raise ContentError(f"shelter.toml: the {table} table needs one entry per face of the die")
        for e in events:
            _check_effects(
                c,
                (*e.effects, *(e.fence or ()), *(e.fence_advanced or ())),
                f"shelter.toml: {table} {e.name}",
            )


def _check_skills_and_allies(c: CampaignContent) -> None:
    for b in (*c.skills.values(), *c.allies.values()):
        for attr in (*b.day, *b.night):
            if attr not in ATTRIBUTES:
                raise ContentError(f"skills/allies: {b.id}: unknown attribute {attr!r}")
        for p in b.perks:
            if p.kind == "check-dice" and p.attribute not in ATTRIBUTES:
                raise ContentError(f"skills/allies: {b.id}: check-dice of unknown attribute {p.attribute!r}")
            if p.kind in ("attack-dice", "damage", "pierce") and not p.mode:
                raise ContentError(f"skills/allies: {b.id}: {p.kind} needs a mode (melee or ranged)")
            if p.kind == "daily" and not p.gain:
                raise ContentError(f"skills/allies: {b.id}: daily needs a gain (heal, ammo or forage)")
        if not b.perks and not (b.day or b.night or b.health or b.supply_use):
            raise ContentError(f"skills/allies: {b.id} does nothing (no perks, no addition to the sheet)")
    lines: dict[str, set[int]] = {}
    for skill in c.skills.values():
        lines.setdefault(skill.line, set()).add(skill.level)
    for line, levels in lines.items():
        if levels != set(range(1, max(levels) + 1)):
            raise ContentError(f"skills.toml: line {line}: levels must run from 1 without a gap")


def _reachable(c: CampaignContent, start: str, closed: set[str]) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        place = todo.pop()
        for p in c.paths.values():
            if p.id in closed or place not in (p.a, p.b):
                continue
            other = p.b if place == p.a else p.a
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def _check_chapters(c: CampaignContent) -> None:
    for ch in c.chapters:
        if c.places.get(ch.city) is None or c.places[ch.city].kind != "city":
            raise ContentError(
                f"campaign_book.toml: chapter {ch.id}: {ch.city!r} is not a city of the Travel map"
            )
        _check_effects(c, (*ch.success, *ch.fail), f"campaign_book.toml: chapter {ch.id}")
        adv = ch.adventure
        if ch.hours is not None and ch.hours >= adv.deadline:
            raise ContentError(
                f"campaign_book.toml: chapter {ch.id}: hours ({ch.hours}) must be less than the deadline"
            )
        for pid in ch.closed:
            if pid not in c.paths:
                raise ContentError(f"campaign_book.toml: chapter {ch.id}: closed: unknown path {pid!r}")
        if ch.city not in _reachable(c, "shelter", set(ch.closed)):
            raise ContentError(f"campaign_book.toml: chapter {ch.id}: its closed paths cut the city off")
        if adv.side not in c.adventure.city:
            raise ContentError(f"campaign_book.toml: chapter {ch.id}: no city side {adv.side!r}")
        zones = {z.id for z in c.adventure.city[adv.side].zones}
        if adv.start_zone not in zones or adv.exit not in zones:
            raise ContentError(
                f"campaign_book.toml: chapter {ch.id}: start or exit zone not on side {adv.side}"
            )
        for loc in adv.locations.values():
            if loc not in c.adventure.locations:
                raise ContentError(f"campaign_book.toml: chapter {ch.id}: no location {loc!r}")
        for s in adv.surprises:
            if s not in c.adventure.surprises:
                raise ContentError(f"campaign_book.toml: chapter {ch.id}: no surprise card {s!r}")


@lru_cache(maxsize=8)
def load_campaign(override: str | None = None) -> CampaignContent:
    folder: Path = content_dir(PACKAGE_DIR, override)
    base = load_content(override)
    travel_path = folder / "travel.toml"
    travel = read_toml(travel_path)
    places = load_records(travel_path, "place", Place, travel)
    paths = load_records(travel_path, "path", Path_, travel)
    cards = load_records(travel_path, "card", TravelCard, travel)
    shelter = load_model(folder / "shelter.toml", ShelterFile)
    skills = load_records(folder / "skills.toml", "skill", Skill)
    allies = load_records(folder / "allies.toml", "ally", Ally)
    book_path = folder / "campaign_book.toml"
    book_data = read_toml(book_path)
    chapters = load_records(book_path, "chapter", Chapter, book_data)
    book = load_model(book_path, Book, book_data.get("book", {}))
    for recs, file, table in (
        (places, "travel.toml", "place"),
        (paths, "travel.toml", "path"),
        (cards, "travel.toml", "card"),
        (skills, "skills.toml", "skill"),
        (allies, "allies.toml", "ally"),
        (chapters, "campaign_book.toml", "chapter"),
    ):
        unique(recs, "id", file, table)
    unique(list(shelter.facility), "id", "shelter.toml", "facility")
    known = {a.id for a in base.adventures}
    for ch in chapters:
        if ch.adventure.id in known:
            raise ContentError(
                f"campaign_book.toml: chapter {ch.id}: adventure id {ch.adventure.id!r} is taken"
            )
    content = CampaignContent(
        adventure=replace(base, adventures=(*base.adventures, *(ch.adventure for ch in chapters))),
        places={p.id: p for p in places},
        paths={p.id: p for p in paths},
        travel=tuple(cards),
        shelter=shelter,
        facilities={f.id: f for f in shelter.facility},
        skills={s.id: s for s in skills},
        allies={a.id: a for a in allies},
        book=book,
        chapters=tuple(chapters),
    )
    _check(content)
    return content
