"""Loading and validating District-Z's content: locations with their event tables, items, location
objectives and survivors.

Events are written in a small language so that a card reads like the card (``"zombies 3 -- The
loading bay doors burst open."``): effects separated by ``;``, flavour text after ``--``::

    nothing                          the event is complete
    item pistol | item any | item non-unique | item weapon | item medical
    zombies N [no-escape]            fight N zombies (no-escape: ESCAPE is not allowed)
    wound N | heal N | infect N      infect only counts with the Infection optional rule
    lose-item                        a random equipped ITEM breaks and goes back to the pile
    check ATTR[+ATTR] N { effects } [else { effects }]     an ATTRIBUTE CHECK: total > N passes
    choice LABEL { effects } LABEL { effects } ...          the survivor chooses one

The parsed effects are plain tuples (see ``Effect``), shared by every state of a game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from deadboard.core.content import Record, content_dir, load_records, read_toml, unique
from deadboard.core.errors import ContentError

PACKAGE_DIR = Path(__file__).parent

ATTRIBUTES = ("combat", "agility", "perception", "health")
POOLS = ("any", "non-unique", "weapon", "medical")

#: An effect is a tuple whose first element names it:
#: ("nothing",) ("item", index_or_pool) ("zombies", n, escape_allowed) ("wound", n) ("heal", n)
#: ("infect", n) ("lose-item",) ("check", attrs, target, pass_effects, fail_effects)
#: ("choice", ((label, effects), ...))
Effect = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Event:
    kind: str  # nothing | item | zombies | special
    effects: tuple[Effect, ...]
    text: str
    source: str  # the DSL text, for the log and the front end


@dataclass(frozen=True, slots=True)
class Location:
    index: int
    id: str
    name: str
    text: str
    set: str  # base | additional
    table: tuple[Event, ...] | None  # six events, one per D6 result
    unique: Event | None
    after: Event | None


@dataclass(frozen=True, slots=True)
class Item:
    index: int
    id: str
    name: str
    text: str
    hands: int
    mods: tuple[int, int, int, int]  # combat, agility, perception, health
    dual: bool
    unique: bool
    ammo: int  # OUT OF AMMO on a D6 <= ammo after a combat it was used in (0: never)
    breaks: int  # BROKEN on a D6 <= breaks after a combat it was used in (0: never)
    heal: int  # single use: heals this many WOUNDS, then goes back to the pile
    objective: bool

    @property
    def combat(self) -> int:
        return self.mods[0]


@dataclass(frozen=True, slots=True)
class Survivor:
    index: int
    id: str
    name: str
    text: str
    combat: int
    agility: int
    perception: int
    health: int
    ability: str
    ability_text: str

    def base(self, attr: int) -> int:
        return (self.combat, self.agility, self.perception, self.health)[attr]


# ----- records -------------------------------------------------------------------------------------
class LocationRec(Record):
    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str
    text: str
    set: Literal["base", "additional"] = "base"
    table: list[str] | None = Field(default=None, min_length=6, max_length=6)
    unique: str | None = None
    after: str | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> LocationRec:
        if (self.table is None) == (self.unique is None):
            raise ValueError("a location has either an event table (six events) or a unique event, not both or neither")
        if self.unique is not None and self.after is not None:
            raise ValueError("after: a unique-event location has no after event")
        return self


class ItemRec(Record):
    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str
    text: str
    hands: int = Field(default=1, ge=0, le=2)
    combat: int = Field(default=0, ge=0, le=6)
    agility: int = Field(default=0, ge=0, le=6)
    perception: int = Field(default=0, ge=0, le=6)
    health: int = Field(default=0, ge=0, le=6)
    dual_wieldable: bool = False
    unique: bool = False
    ammo: int = Field(default=0, ge=0, le=6)
    breaks: int = Field(default=0, ge=0, le=6)
    heal: int = Field(default=0, ge=0, le=6)

    @model_validator(mode="after")
    def _does_something(self) -> ItemRec:
        if not (self.combat or self.agility or self.perception or self.health or self.heal):
            raise ValueError("an item must modify an attribute or heal")
        if self.heal and (self.combat or self.agility or self.perception or self.health):
            raise ValueError("a healing item is used up; it cannot also be a modifier")
        return self


class ObjectiveRec(Record):
    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str
    text: str


class SurvivorRec(Record):
    id: str = Field(pattern=r"^[A-Z]+$")
    name: str
    text: str
    combat: int = Field(ge=1, le=6)
    agility: int = Field(ge=1, le=6)
    perception: int = Field(ge=1, le=6)
    health: int = Field(ge=1, le=12)
    ability: Literal["scavenger", "brawler", "medic", "runner", "sharpshooter", "thick-skin"]
    ability_text: str


# ----- the event language -----------------------------------------------------------------------------
_TOKEN = re.compile(r"\{|\}|;|[^\s{};]+")


class _Parser:
    def __init__(self, text: str, item_index: dict[str, int]) -> None:
        self.toks = _TOKEN.findall(text)
        self.i = 0
        self.items = item_index

    def peek(self) -> str | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, what: str = "a word") -> str:
        t = self.peek()
        if t is None:
            raise ValueError(f"expected {what} but the text ended")
        self.i += 1
        return t

    def number(self, what: str) -> int:
        t = self.take(what)
        if not t.isdigit():
            raise ValueError(f"expected {what} (a number), got {t!r}")
        return int(t)

    def effects(self, closing: bool) -> tuple[Effect, ...]:
        out: list[Effect] = []
        while True:
            t = self.peek()
            if t is None or t == "}":
                break
            if t == ";":
                self.i += 1
                continue
            out.append(self.effect())
        if closing:
            if self.peek() != "}":
                raise ValueError("a '{' is never closed")
            self.i += 1
        elif self.peek() is not None:
            raise ValueError("an unexpected '}'")
        if not out:
            raise ValueError("no effect (write 'nothing' for an empty event)")
        return tuple(out)

    def block(self) -> tuple[Effect, ...]:
        if self.take("'{'") != "{":
            raise ValueError("expected '{'")
        return self.effects(closing=True)

    def effect(self) -> Effect:
        word = self.take()
        if word == "nothing":
            return ("nothing",)
        if word == "item":
            what = self.take("an item id or a pool")
            if what in POOLS:
                return ("item", what)
            if what not in self.items:
                raise ValueError(f"unknown item {what!r}; pools are {', '.join(POOLS)}")
            return ("item", self.items[what])
        if word == "zombies":
            n = self.number("the number of zombies")
            if n < 1:
                raise ValueError("zombies: at least one")
            escape = True
            if self.peek() == "no-escape":
                self.i += 1
                escape = False
            return ("zombies", n, escape)
        if word in ("wound", "heal", "infect"):
            n = self.number(f"how many for {word}")
            return (word, n)
        if word == "lose-item":
            return ("lose-item",)
        if word == "check":
            spec = self.take("the attribute(s) to check")
            attrs = []
            for a in spec.split("+"):
                if a not in ATTRIBUTES:
                    raise ValueError(f"unknown attribute {a!r}; attributes are {', '.join(ATTRIBUTES)}")
                attrs.append(ATTRIBUTES.index(a))
            target = self.number("the check's target")
            passed = self.block()
            failed: tuple[Effect, ...] = ()
            if self.peek() == "else":
                self.i += 1
                failed = self.block()
            return ("check", tuple(attrs), target, passed, failed)
        if word == "choice":
            options: list[tuple[str, tuple[Effect, ...]]] = []
            while (t := self.peek()) is not None and t not in (";", "}"):
                label = self.take()
                if not re.fullmatch(r"[a-z][a-z0-9-]*", label):
                    raise ValueError(f"choice label {label!r}: lower-case words and dashes only")
                if label in {lab for lab, _ in options}:
                    raise ValueError(f"choice label {label!r} twice")
                options.append((label, self.block()))
            if len(options) < 2:
                raise ValueError("a choice needs at least two options")
            return ("choice", tuple(options))
        raise ValueError(
            f"unknown effect {word!r}; effects are nothing, item, zombies, wound, heal, infect, lose-item, check, choice"
        )


def parse_event(text: str, item_index: dict[str, int]) -> Event:
    """Parse one event: ``"EFFECTS -- flavour"``. Raises ValueError with a readable message."""
    body, _, flavour = text.partition("--")
    p = _Parser(body, item_index)
    effects = p.effects(closing=False)
    head = effects[0][0]
    kind = head if head in ("nothing", "item", "zombies") and len(effects) == 1 else "special"
    return Event(kind, effects, flavour.strip(), body.strip())


# ----- the loaded content -------------------------------------------------------------------------------
@dataclass(frozen=True)
class DistrictContent:
    locations: tuple[Location, ...]
    items: tuple[Item, ...]  # regular items first, then the location objectives
    survivors: tuple[Survivor, ...]
    n_items: int  # regular items: indices 0 .. n_items-1
    objectives: tuple[int, ...]  # item indices of the location objectives
    item_index: dict[str, int]
    survivor_index: dict[str, int]
    location_index: dict[str, int]
    base: tuple[int, ...]  # location indices of the base set
    additional: tuple[int, ...]
    pools: dict[str, tuple[int, ...]]
    #: memo of derived figures (weapon loadouts by equipment), filled as games are played
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)


def _events(rec: LocationRec, field: str, texts: list[str], items: dict[str, int], file: str, i: int) -> list[Event]:
    out = []
    for k, t in enumerate(texts):
        try:
            out.append(parse_event(t, items))
        except ValueError as e:
            where = f"{field}[{k}]" if field == "table" else field
            raise ContentError(f"{file}: location[{i}] (id {rec.id!r}): {where}: {e}") from None
    return out


@lru_cache(maxsize=8)
def load_content(override: str | None = None) -> DistrictContent:
    folder = content_dir(PACKAGE_DIR, override)
    item_recs = load_records(folder / "items.toml", "item", ItemRec)
    obj_recs = load_records(folder / "objectives.toml", "objective", ObjectiveRec)
    surv_recs = load_records(folder / "survivors.toml", "survivor", SurvivorRec)
    loc_path = folder / "locations.toml"
    loc_recs = load_records(loc_path, "location", LocationRec, read_toml(loc_path))
    unique(item_recs, "id", "items.toml", "item")
    unique(obj_recs, "id", "objectives.toml", "objective")
    clash = {r.id for r in item_recs} & {o.id for o in obj_recs}
    if clash:
        raise ContentError(f"objectives.toml: id {sorted(clash)[0]!r} is also an item id")
    unique(surv_recs, "id", "survivors.toml", "survivor")
    unique(loc_recs, "id", "locations.toml", "location")
    if not obj_recs:
        raise ContentError("objectives.toml: at least one location objective is needed")
    items: list[Item] = []
    for r in item_recs:
        items.append(Item(len(items), r.id, r.name, r.text, r.hands, (r.combat, r.agility, r.perception, r.health),
                          r.dual_wieldable, r.unique, r.ammo, r.breaks, r.heal, False))
    n_items = len(items)
    for o in obj_recs:
        items.append(Item(len(items), o.id, o.name, o.text, 0, (0, 0, 0, 0), False, True, 0, 0, 0, True))
    index = {it.id: it.index for it in items}
    regular = {it.id: it.index for it in items[:n_items]}
    locations = []
    for i, lr in enumerate(loc_recs):
        table = tuple(_events(lr, "table", lr.table, regular, loc_path.name, i)) if lr.table else None
        uniq = _events(lr, "unique", [lr.unique], regular, loc_path.name, i)[0] if lr.unique else None
        after = _events(lr, "after", [lr.after], regular, loc_path.name, i)[0] if lr.after else None
        locations.append(Location(i, lr.id, lr.name, lr.text, lr.set, table, uniq, after))
    survivors = tuple(
        Survivor(i, r.id, r.name, r.text, r.combat, r.agility, r.perception, r.health, r.ability, r.ability_text)
        for i, r in enumerate(surv_recs)
    )
    if len(survivors) < 1:
        raise ContentError("survivors.toml: no survivors")
    pools = {
        "any": tuple(range(n_items)),
        "non-unique": tuple(i for i in range(n_items) if not items[i].unique),
        "weapon": tuple(i for i in range(n_items) if items[i].combat > 0),
        "medical": tuple(i for i in range(n_items) if items[i].heal > 0),
    }
    for name, pool in pools.items():
        if not pool:
            raise ContentError(f"items.toml: the item pool {name!r} is empty")
    return DistrictContent(
        locations=tuple(locations),
        items=tuple(items),
        survivors=survivors,
        n_items=n_items,
        objectives=tuple(range(n_items, len(items))),
        item_index=index,
        survivor_index={s.id: s.index for s in survivors},
        location_index={loc.id: loc.index for loc in locations},
        base=tuple(loc.index for loc in locations if loc.set == "base"),
        additional=tuple(loc.index for loc in locations if loc.set == "additional"),
        pools=pools,
    )
