"""Plain copies of the content records the rules read during play.

The content's records are pydantic models (content.py), checked when the files are loaded; an
attribute of one costs about four times a plain object's to read (pydantic's ``__getattr__`` puts
every read through a slower path of the interpreter), and the rules read a few hundred of them in a
game (a card's traits, a survivor's health levels, the threat track's units). Each record the rules
read at every decision is copied here once per content into a class with ``__slots__``, and kept
beside the content (``Content.items``, ``Content.threat_rows``, ``Content.numbers``,
``Content.plain_sheets``) as its other tables are. The copies hold the same values and are only
read, never changed.

The records are passed in untyped (``Any``): this module imports nothing of the content's, so the
content makes its copies without an import loop. It is compiled (setup.py's ``COMPILED``): the
compiled rules read a copy's attribute as a C struct's field. A compiled class has no attribute
until it is assigned, so ``__init__`` assigns every one, each with its type; and each is marked
``allow_interpreted_subclasses``, so that unpickling one (a pickled content holds the copies it
made) makes it by ``Cls.__new__`` without calling ``__init__``, as for a class in Python.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)
class Item:
    """A search card (``content.SearchCard``): every field, ``weapon`` and ``melee_damage``."""

    __slots__ = (
        "absorb",
        "ammo",
        "ammo_gain",
        "battery",
        "battery_gain",
        "body",
        "capacity",
        "check",
        "combine",
        "components",
        "consumable",
        "copies",
        "cure",
        "damage",
        "defence",
        "duration",
        "group",
        "hands",
        "heal",
        "id",
        "kind",
        "light",
        "name",
        "noisy",
        "search",
        "space",
        "strength_damage",
        "stress",
        "supplies",
        "supply",
        "suppressor",
        "traits",
        "trap_damage",
        "traps",
        "weapon",
    )  # fmt: skip

    def __init__(self, card: Any) -> None:
        self.id: str = card.id
        self.name: str = card.name
        self.group: str = card.group
        self.copies: int = card.copies
        self.kind: str = card.kind
        self.weapon: bool = card.kind != ""
        self.hands: int = card.hands
        self.damage: int = card.damage
        self.strength_damage: tuple[int, ...] = tuple(card.strength_damage)
        self.ammo: bool = card.ammo
        self.noisy: bool = card.noisy
        self.suppressor: bool = card.suppressor
        self.traps: bool = card.traps
        self.trap_damage: int = card.trap_damage
        self.traits: tuple[str, ...] = tuple(card.traits)
        self.search: int = card.search
        self.space: int = card.space
        self.supplies: int = card.supplies
        self.capacity: int = card.capacity
        self.duration: int = card.duration
        self.battery: bool = card.battery
        self.light: bool = card.light
        self.consumable: bool = card.consumable
        self.heal: int = card.heal
        self.stress: int = card.stress
        self.cure: int = card.cure
        self.supply: int = card.supply
        self.ammo_gain: int = card.ammo_gain
        self.battery_gain: int = card.battery_gain
        self.check: str = card.check
        self.body: str = card.body
        self.defence: int = card.defence
        self.absorb: bool = card.absorb
        self.combine: str = card.combine
        self.components: tuple[str, ...] = tuple(card.components)

    def melee_damage(self, strength: int) -> int:
        table = self.strength_damage
        return table[min(strength, len(table)) - 1] if table else self.damage


@mypyc_attr(allow_interpreted_subclasses=True)
class Threat:
    """A threat card (``content.ThreatCard``); its effects stay the content's records. Equal by its
    id, as the record is equal by its fields (a step that holds one compares by it)."""

    __slots__ = (
        "ai", "attack", "attack_type", "body", "condition", "effects", "hourglass", "hunter", "id",
        "infection", "name", "priority",
    )  # fmt: skip

    def __init__(self, card: Any) -> None:
        self.id: str = card.id
        self.attack: str = card.attack
        self.attack_type: str = card.attack_type
        self.ai: tuple[str, ...] = tuple(card.ai)
        self.priority: str = card.priority
        self.body: str = card.body
        self.name: str = card.name
        self.condition: str = card.condition
        self.effects: tuple[Any, ...] = tuple(card.effects)
        self.hourglass: bool = card.hourglass
        self.hunter: bool = card.hunter
        self.infection: bool = card.infection

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Threat) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"Threat({self.id!r})"


@mypyc_attr(allow_interpreted_subclasses=True)
class Foe:
    """An enemy's profile (``content.EnemyProfile``) with one of its sides (``content.EnemySide``,
    by day or by night): the side's figures, and the profile's initiative, survival points and
    miniatures."""

    __slots__ = (
        "actions", "attack", "damage", "evasion", "health", "id", "initiative", "melee_defence", "miniatures",
        "name", "ranged_defence", "resistance", "sp",
    )  # fmt: skip

    def __init__(self, profile: Any, side: Any) -> None:
        self.id: str = profile.id
        self.name: str = profile.name
        self.initiative: int = profile.initiative
        self.sp: int = profile.sp
        self.miniatures: int = profile.miniatures
        self.actions: int = side.actions
        self.attack: int = side.attack
        self.damage: int = side.damage
        self.health: int = side.health
        self.melee_defence: int = side.melee_defence
        self.ranged_defence: int = side.ranged_defence
        self.evasion: int = side.evasion
        self.resistance: int = side.resistance


@mypyc_attr(allow_interpreted_subclasses=True)
class Numbers:
    """The figures of the rules file read during play (``rules_file.RulesFile``): the threat
    track's units, the stress and survival maxima and levels, the success icons of each health
    colour, the backpack's room; and the survival points that lower the threat at each of its
    values (``concepts.lower_cost``, worked out there at its first use)."""

    __slots__ = (
        "backpack", "green_units", "lower_costs", "red_units", "stress_levels", "stress_max", "success",
        "survival_max", "threat_top", "yellow_units",
    )  # fmt: skip

    def __init__(self, rules: Any) -> None:
        threat = rules.threat
        self.green_units: int = threat.green_units
        self.yellow_units: int = threat.yellow_units
        self.red_units: int = threat.red_units
        self.threat_top: int = threat.green_units + threat.yellow_units + threat.red_units - 1
        self.stress_max: int = rules.stress.max
        self.stress_levels: tuple[tuple[int, str], ...] = tuple(
            (int(start), str(colour)) for start, colour in rules.stress.levels
        )
        self.survival_max: int = rules.survival.max
        success = rules.success
        #: the faces that are a success at each health colour
        self.success: dict[str, tuple[str, ...]] = {
            "green": tuple(success.green),
            "yellow": tuple(success.yellow),
            "red": tuple(success.red),
        }
        self.backpack: int = rules.backpack.spaces
        self.lower_costs: tuple[int | None, ...] | None = None


@mypyc_attr(allow_interpreted_subclasses=True)
class PerkRow:
    """One effect of a skill or an ally card (``perks.Perk``): every field."""

    __slots__ = ("attribute", "gain", "health", "kind", "mode", "n", "time")

    def __init__(self, perk: Any) -> None:
        self.kind: str = perk.kind
        self.n: int = perk.n
        self.attribute: str = perk.attribute
        self.mode: str = perk.mode
        self.time: str = perk.time
        self.health: str = perk.health
        self.gain: str = perk.gain


@mypyc_attr(allow_interpreted_subclasses=True)
class Sheet:
    """A survivor sheet (``content.SurvivorSheet``) as play reads it: health, its levels, the
    attributes by day and by night by name, and the perks."""

    __slots__ = ("day", "health", "health_levels", "id", "name", "night", "perks")

    def __init__(self, sheet: Any) -> None:
        self.id: str = sheet.id
        self.name: str = sheet.name
        self.health: int = sheet.health
        self.health_levels: tuple[tuple[int, str, int], ...] = tuple(
            (int(start), str(colour), int(points)) for start, colour, points in sheet.health_levels
        )
        self.day: dict[str, int] = {k: int(v) for k, v in sheet.day.model_dump().items()}
        self.night: dict[str, int] = {k: int(v) for k, v in sheet.night.model_dump().items()}
        self.perks: tuple[PerkRow, ...] = tuple(PerkRow(p) for p in sheet.perks)


def plain_sheet(sheet: Any) -> Sheet:
    """The copy of a survivor sheet, made once for each sheet (a campaign plays each adventure on a
    content of its own, with its survivors' sheets as skills and allies grew them: the same sheets
    again while they do not change), kept by the identity of the sheet."""
    found = _SHEETS.get(id(sheet))
    if found is None or found[0] is not sheet:
        if len(_SHEETS) >= 4096:
            _SHEETS.clear()
        found = _SHEETS[id(sheet)] = (sheet, Sheet(sheet))
    return found[1]


_SHEETS: dict[int, tuple[Any, Sheet]] = {}

__all__ = ["Foe", "Item", "Numbers", "PerkRow", "Sheet", "Threat", "plain_sheet"]
