"""Loading and validating Zpocalypse 2's content: survivors, armory weapons, mutates, critical
wounds, food and resources, the house map, the numbers of the rules and the chapters.

Every file is TOML checked by a schema at load time; an error names the file, the record and the
field (``armory.toml: weapon[3] (id 'x'): range: Input should be greater than or equal to 1``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from deadboard.core.content import Record, content_dir, load_model, load_records, read_toml, unique
from deadboard.core.errors import ContentError

PACKAGE_DIR = Path(__file__).parent

SKILLS = ("firearms", "melee", "first_aid", "mechanics", "sneak", "talk")
STATS = (*SKILLS, "smarts", "speed", "defence")


class Survivor(Record):
    id: str
    name: str
    bio: str
    firearms: int = Field(ge=0, le=6)
    melee: int = Field(ge=0, le=6)
    first_aid: int = Field(ge=0, le=6)
    mechanics: int = Field(ge=0, le=6)
    sneak: int = Field(ge=0, le=6)
    talk: int = Field(ge=0, le=6)
    hp: int = Field(ge=1, le=12)
    smarts: int = Field(ge=0, le=6)
    defence: int = Field(ge=0, le=6)
    speed: int = Field(ge=1, le=8)
    starting: bool
    vp: int = Field(ge=0)
    weapon: str
    night_trait: str
    day_trait: str
    objective: str
    goal: Literal["kills", "craft", "scavenge", "mutate", "guard"]
    goal_count: int = Field(ge=1)
    goal_vp: int = Field(ge=0)


class Weapon(Record):
    id: str
    name: str
    cost: int = Field(ge=1, le=12)
    z_cost: bool
    range: int = Field(ge=1, le=12)
    type: Literal["firearms", "melee"]
    ammo: bool
    gas: bool = False  # gas powered: reloaded only at a Refuel space
    impromptu: bool
    vp: int = Field(ge=0)
    trait: str = ""  # its combat trait (traits.toml), if any


class Mutate(Record):
    id: str
    name: str
    damage: int = Field(ge=1)
    range: int = Field(ge=1)
    speed: int = Field(ge=1)
    hp: list[int] = Field(min_length=4, max_length=4)
    ability: Literal["burst", "hunter", "acid", "wrecker", "howl"]


class Trait(Record):
    id: str
    name: str
    side: Literal["night", "day", "weapon"]
    text: str
    cost: int = Field(ge=0, le=12)  # 0: passive
    z_cost: bool
    per: Literal["turn", "day"]
    effect: Literal[
        "sprint",
        "patch",
        "shove",
        "hard-hit",
        "spread",
        "steady",
        "tough",
        "scrounge",
        "tinker",
        "lookout",
        "nurse",
    ]
    value: int = Field(ge=0)
    needs: Literal["none", "firearms", "melee"]
    level: int = Field(default=0, ge=0, le=6)


class Wound(Record):
    id: str
    name: str
    damage: int = Field(ge=0)
    stat: Literal[
        "firearms", "melee", "first_aid", "mechanics", "sneak", "talk", "smarts", "speed", "defence"
    ]
    change: int
    vp: int = Field(ge=0)


class Perk(Record):
    id: str
    name: str
    type: Literal["skill", "training", "mutation"]
    stat: Literal[
        "firearms", "melee", "first_aid", "mechanics", "sneak", "talk", "smarts", "speed", "defence"
    ]
    change: int = Field(ge=1)


class ScavengeOption(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    text: str
    skill: Literal["firearms", "melee", "first_aid", "mechanics", "sneak", "talk"]
    target: int = Field(ge=1)
    armory: int = Field(ge=0)
    food: int = Field(ge=0)
    resource: int = Field(ge=0)
    doom: int = Field(ge=0)
    hurt: int = Field(ge=0)
    survivors: int = Field(default=0, ge=0)  # survivors found on a success


class Location(Record):
    id: str
    name: str
    text: str
    chapters: list[str] = Field(min_length=1)
    option: list[ScavengeOption] = Field(min_length=1)


class Craft(Record):
    id: str
    name: str
    kind: Literal["fortification", "upgrade", "explosive"]
    text: str
    cost: int = Field(ge=1, le=12)
    z_cost: bool
    resources: list[str]
    vp: int = Field(ge=0)
    place: list[Literal["open", "inside", "yard", "ground-inside", "ground-yard"]]
    effect: Literal["none", "bed", "tunnel", "molotov", "bomb"]
    use_cost: int = Field(ge=0, le=12)


class Supply(Record):
    id: str
    name: str
    kind: Literal["food", "ammo", "scrap"]
    colour: Literal["green", "red", "none"]
    drawback: Literal["none", "bio", "hp"]
    copies: int = Field(ge=1, le=20)


class Rules(Record):
    doom_top: int = Field(ge=1)
    milestone_every: int = Field(ge=1)
    fresh_cap: int = Field(ge=0)
    hours: int = Field(ge=1)
    day_limit: int = Field(ge=1)
    zombie_moves: int = Field(ge=1)
    search_tokens: list[int] = Field(min_length=1)
    click_faces: int = Field(ge=0, le=6)
    fortification_tokens: int = Field(ge=0)
    molotov_tokens: int = Field(ge=0)
    bomb_tokens: int = Field(ge=0)
    structure_breaks: int = Field(ge=2, le=13)
    refuel_cost: int = Field(ge=1, le=12)
    squad_size: int = Field(ge=1, le=8)


class HouseMap(Record):
    ground: list[str] = Field(min_length=1)
    upper: list[str] = Field(min_length=1)


class ScenarioRecord(Record):
    id: str
    name: str
    text: str
    doom: int = Field(ge=0, le=29)
    nights: int = Field(ge=1)
    survivors_per_squad: int = Field(ge=1, le=4)
    chapter: int = Field(ge=0)
    goal: Literal["hold", "kills", "mutates", "craft"]
    goal_count: int = Field(ge=0)
    # the goal for 1, 2, 3 and 4 squads in turn (the last figure for more squads than it lists);
    # empty: goal_count for any number of squads
    goal_counts: list[int] = []
    goal_card: str
    doom_limit: int = Field(ge=1, le=30)
    fresh_armory: int = Field(ge=0, le=4)
    fresh_perks: int = Field(ge=0, le=4)
    fresh_hp_loss: int = Field(ge=0, le=6)
    fresh_upgrades: list[str]
    stash: list[str] = []  # cards in the public stash when the chapter begins

    def goal_for(self, squads: int) -> int:
        """The goal's count for a game of ``squads`` squads: its entry in ``goal_counts``, else
        ``goal_count``."""
        if not self.goal_counts:
            return self.goal_count
        return self.goal_counts[min(squads, len(self.goal_counts)) - 1]


class _RulesFile(Record):
    rules: Rules
    source: str = "authored"


class _HouseFile(Record):
    house: HouseMap
    source: str = "authored"


@dataclass(frozen=True, slots=True)
class Content:
    survivors: tuple[Survivor, ...]
    weapons: tuple[Weapon, ...]
    mutates: tuple[Mutate, ...]
    wounds: tuple[Wound, ...]
    supplies: tuple[Supply, ...]
    perks: tuple[Perk, ...]
    locations: tuple[Location, ...]
    crafts: tuple[Craft, ...]
    traits: tuple[Trait, ...]
    rules: Rules
    house: HouseMap
    scenarios: tuple[ScenarioRecord, ...]

    def survivor(self, sid: str) -> Survivor:
        return self.survivor_by_id[sid]

    def weapon(self, wid: str) -> Weapon:
        return self.weapon_by_id[wid]

    # indexes by id, built once (read in the hottest loops)
    weapon_by_id: dict[str, Weapon] = field(init=False, repr=False, compare=False)
    trait_by_id: dict[str, Trait] = field(init=False, repr=False, compare=False)
    survivor_by_id: dict[str, Survivor] = field(init=False, repr=False, compare=False)
    craft_by_id: dict[str, Craft] = field(init=False, repr=False, compare=False)
    supply_by_id: dict[str, Supply] = field(init=False, repr=False, compare=False)
    mutate_by_id: dict[str, Mutate] = field(init=False, repr=False, compare=False)
    perk_by_id: dict[str, Perk] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name, records in (
            ("weapon_by_id", self.weapons),
            ("trait_by_id", self.traits),
            ("survivor_by_id", self.survivors),
            ("craft_by_id", self.crafts),
            ("supply_by_id", self.supplies),
            ("mutate_by_id", self.mutates),
            ("perk_by_id", self.perks),
        ):
            object.__setattr__(self, name, {r.id: r for r in records})

    def scenario(self, sid: str) -> ScenarioRecord:
        for s in self.scenarios:
            if s.id == sid:
                return s
        raise KeyError(sid)


GROUND_CHARS = set(".~#bxAFRGNESW/123456789")
UPPER_CHARS = set(".~#bxAFRG/P123456789")


def _check_house(house: HouseMap) -> None:
    for name, rows, chars in (("ground", house.ground, GROUND_CHARS), ("upper", house.upper, UPPER_CHARS)):
        width = len(rows[0])
        for i, row in enumerate(rows):
            if len(row) != width:
                raise ContentError(f"house.toml: house.{name}[{i}]: row is {len(row)} wide, not {width}")
            bad = set(row) - chars
            if bad:
                raise ContentError(
                    f"house.toml: house.{name}[{i}]: unknown map symbol(s) {''.join(sorted(bad))!r}"
                )
        stairs = sum(r.count("/") for r in rows)
        if stairs != 1:
            raise ContentError(
                f"house.toml: house.{name}: needs exactly one stairs space '/', found {stairs}"
            )
    if sum(r.count("P") for r in house.upper) != 1:
        raise ContentError("house.toml: house.upper: needs exactly one public stash token 'P'")
    for d in "123456789":
        up = sum(r.count(d) for r in house.upper)
        down = sum(r.count(d) for r in house.ground)
        if up != down or up > 1:
            raise ContentError(
                f"house.toml: window {d}: needs one window space upstairs and one landing space below"
            )


def _check_people(survivors: list[Survivor], weapons: list[Weapon], traits: list[Trait]) -> None:
    """Each survivor's weapon and traits exist, each weapon's trait is a weapon trait, and there are
    starting survivors enough."""
    known = {w.id for w in weapons}
    for i, s in enumerate(survivors):
        if s.weapon not in known:
            raise ContentError(
                f"survivors.toml: survivor[{i}] (id {s.id!r}): weapon: no armory weapon {s.weapon!r}"
            )
    sides = {t.id: t.side for t in traits}
    for i, s in enumerate(survivors):
        for field_name, side in (("night_trait", "night"), ("day_trait", "day")):
            tid = getattr(s, field_name)
            if sides.get(tid) != side:
                raise ContentError(
                    f"survivors.toml: survivor[{i}] (id {s.id!r}): {field_name}: no {side} trait {tid!r}"
                )
    for i, w in enumerate(weapons):
        if w.trait and sides.get(w.trait) != "weapon":
            raise ContentError(f"armory.toml: weapon[{i}] (id {w.id!r}): trait: no weapon trait {w.trait!r}")
    if sum(1 for s in survivors if s.starting) < 2:
        raise ContentError("survivors.toml: at least two starting survivors are needed")


def _check_chapters(
    crafts: list[Craft], supplies: list[Supply], scenarios: list[ScenarioRecord], locations: list[Location]
) -> None:
    """Crafting cards name supplies that exist and fit their kind; locations and chapters name each
    other; every chapter has a scavenging location."""
    supplies_known = {s.id for s in supplies}
    for i, c in enumerate(crafts):
        for r in c.resources:
            if r not in supplies_known:
                raise ContentError(f"crafting.toml: craft[{i}] (id {c.id!r}): resources: no supply {r!r}")
        if (c.kind == "explosive") != (c.effect in ("molotov", "bomb")):
            raise ContentError(
                f"crafting.toml: craft[{i}] (id {c.id!r}): effect {c.effect!r} does not fit kind {c.kind!r}"
            )
    chapters = {s.id for s in scenarios}
    for i, loc in enumerate(locations):
        for chapter_id in loc.chapters:
            if chapter_id not in chapters:
                raise ContentError(
                    f"locations.toml: location[{i}] (id {loc.id!r}): chapters: no scenario {chapter_id!r}"
                )
    craft_ids = {c.id for c in crafts}
    for i, sc in enumerate(scenarios):
        for card_id in [*sc.fresh_upgrades, *([sc.goal_card] if sc.goal == "craft" else [])]:
            if card_id not in craft_ids:
                raise ContentError(
                    f"scenarios.toml: scenario[{i}] (id {sc.id!r}): no crafting card {card_id!r}"
                )
        if sc.goal_counts:
            where = f"scenarios.toml: scenario[{i}] (id {sc.id!r}): goal_counts"
            if sc.goal not in ("kills", "mutates"):
                raise ContentError(f"{where}: only a kills or mutates goal counts by squads (goal {sc.goal!r})")
            if len(sc.goal_counts) > 4 or min(sc.goal_counts) < 1:
                raise ContentError(f"{where}: one figure of at least 1 for each of 1 to 4 squads (got {sc.goal_counts})")
            if sc.goal_counts[0] != sc.goal_count:
                raise ContentError(
                    f"{where}: the first figure is one squad's and must equal goal_count ({sc.goal_count})"
                )
    for chapter in scenarios:
        if not any(chapter.id in loc.chapters for loc in locations):
            raise ContentError(f"locations.toml: no scavenging location for the chapter {chapter.id!r}")


@lru_cache(maxsize=8)
def load_content(override: str | None = None) -> Content:
    folder = content_dir(PACKAGE_DIR, override)
    survivors = load_records(folder / "survivors.toml", "survivor", Survivor)
    weapons = load_records(folder / "armory.toml", "weapon", Weapon)
    mutates = load_records(folder / "mutates.toml", "mutate", Mutate)
    wounds = load_records(folder / "wounds.toml", "wound", Wound)
    supplies = load_records(folder / "supplies.toml", "supply", Supply)
    perks = load_records(folder / "perks.toml", "perk", Perk)
    locations = load_records(folder / "locations.toml", "location", Location)
    crafts = load_records(folder / "crafting.toml", "craft", Craft)
    traits = load_records(folder / "traits.toml", "trait", Trait)
    scenarios = load_records(folder / "scenarios.toml", "scenario", ScenarioRecord)
    rules = load_model(folder / "rules.toml", _RulesFile, read_toml(folder / "rules.toml")).rules
    house = load_model(folder / "house.toml", _HouseFile).house
    for recs, file, table in (
        (survivors, "survivors.toml", "survivor"),
        (weapons, "armory.toml", "weapon"),
        (mutates, "mutates.toml", "mutate"),
        (wounds, "wounds.toml", "wound"),
        (supplies, "supplies.toml", "supply"),
        (perks, "perks.toml", "perk"),
        (locations, "locations.toml", "location"),
        (crafts, "crafting.toml", "craft"),
        (traits, "traits.toml", "trait"),
        (scenarios, "scenarios.toml", "scenario"),
    ):
        unique(recs, "id", file, table)
    _check_people(survivors, weapons, traits)
    _check_house(house)
    _check_chapters(crafts, supplies, scenarios, locations)
    return Content(
        tuple(survivors),
        tuple(weapons),
        tuple(mutates),
        tuple(wounds),
        tuple(supplies),
        tuple(perks),
        tuple(locations),
        tuple(crafts),
        tuple(traits),
        rules,
        house,
        tuple(scenarios),
    )
