"""What skills and allies do (rulebook §1: "24 Skill cards. Key: 1) Skill name; 2) Skill description;
3) Skill level; 4) Purchase cost in survival points"; "10 Ally cards. Key: 1) Type of ally; 2) Ally
rules"). The rulebook prints no card text, so every effect is authored (content/skills.toml,
content/allies.toml) as a small record, a :class:`Perk`, of one of the kinds below. A campaign adds the
perks of a survivor's skills and allies to his sheet (``SurvivorSheet.perks``); the adventure engine
asks this module at the few places a perk can change a rule, and a sheet without perks (every
adventure played alone) changes nothing.

    kind             where it acts (the hook)                       what it does
    check-dice       any attribute check (§3.4)                     +n dice to checks of one attribute
    attack-dice      a survivor's attack (§4.12; a grenade is a     +n dice, hand to hand or ranged
                     ranged attack, §5)
    damage           a weapon's hit on an enemy (§4.12; not the     +n damage, hand to hand or ranged
                     gun butt's 1 damage nor a grenade's)
    pierce           a weapon's hit on an enemy (§5 PIERCE)         ignores the enemy's resistance
    defence          an enemy's attack (§4.12)                      the enemy rolls n dice fewer
    defensive        the defensive position (§4.14)                 +n defence more while in it
    calm             damage from zombies (§3.6)                     no stress point from it
    ap               the start of an activation (§2)                +n AP (at a health level, or any)
    escape           leaving enemies (§4.9.2)                       no evasion penalty on the check
    search-draw      searching a zone (§4.7)                        draws n more search cards
    corpse-find      searching a corpse (§4.8)                      ammo, battery, supplies: n more
    card-heal        a health card used (§4.1)                      heals n more health
    supply-heal      a supply spent on health (§4.2)                heals n more health
    rest             the Rest action (§4.3)                         removes n more stress
    trap-damage      setting a trap (§4.4)                          the trap deals n more damage
    light            a battery used for light (§4.2)                lasts n more turns
    pathfinder       an unknown path's icon (§6)                    the group rolls n dice fewer
    rounds           each day in the shelter (§7)                   every wounded survivor heals n
    daily            each day in the shelter (§7)                   he heals n / gains n ammo / n
                                                                    supplies go to the warehouse
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadboard.games.day_night_z.perks import Perk, PerkKind
from deadboard.games.day_night_z.records import PerkRow

__all__ = ["Perk", "PerkKind", "has", "total"]

if TYPE_CHECKING:
    from deadboard.games.day_night_z.state import DNZState, Survivor

# ----- reading a sheet's perks (shared by the adventure and the campaign) ------------------------


def total(
    perks: tuple[Perk | PerkRow, ...], kind: str, night: bool, mode: str = "", attribute: str = ""
) -> int:
    """The sum of ``n`` of the perks of ``kind`` that hold now (time of day, mode, attribute)."""
    out = 0
    for p in perks:
        if p.kind != kind or (p.time and (p.time == "night") != night):
            continue
        if (p.mode and p.mode != mode) or (p.attribute and p.attribute != attribute):
            continue
        out += p.n
    return out


def has(perks: tuple[Perk | PerkRow, ...], kind: str, mode: str = "") -> bool:
    return any(p.kind == kind and (not p.mode or p.mode == mode) for p in perks)


# ----- the adventure's hooks ------------------------------------------------------------------------


def _perks(state: DNZState, s: Survivor) -> tuple[PerkRow, ...]:
    return state.perks[s.id]


def check_dice(state: DNZState, s: Survivor, attr: str) -> int:
    """check-dice: dice added to an attribute check (§3.4 step 3, "any possible modifiers")."""
    perks = _perks(state, s)
    return total(perks, "check-dice", state.night, attribute=attr) if perks else 0


def attack_dice(state: DNZState, s: Survivor, ranged: bool) -> int:
    perks = _perks(state, s)
    return total(perks, "attack-dice", state.night, "ranged" if ranged else "melee") if perks else 0


def hit_damage(state: DNZState, s: Survivor, ranged: bool, dmg: int, resistance: int) -> int:
    """The damage a hit deals: the weapon's, plus ``damage`` perks, less the resistance unless a
    ``pierce`` perk ignores it (``resistance`` is 0 when the weapon already pierces)."""
    perks = _perks(state, s)
    if not perks:
        return dmg - resistance
    mode = "ranged" if ranged else "melee"
    dmg += total(perks, "damage", state.night, mode)
    return dmg if has(perks, "pierce", mode) else dmg - resistance


def defence(state: DNZState, s: Survivor) -> int:
    """Dice an enemy attacking ``s`` rolls fewer: ``defence`` perks, and ``defensive`` ones while he
    holds a defensive position."""
    perks = _perks(state, s)
    if not perks:
        return 0
    out = total(perks, "defence", state.night)
    return out + total(perks, "defensive", state.night) if s.defensive else out


def calm(state: DNZState, s: Survivor) -> bool:
    """calm: damage from a zombie gives him no stress point."""
    return has(_perks(state, s), "calm")


def extra_ap(state: DNZState, s: Survivor, colour: str) -> int:
    """ap: AP added at the start of his activation at the health level ``colour``."""
    perks = _perks(state, s)
    return sum(p.n for p in perks if p.kind == "ap" and p.health in ("", colour)) if perks else 0


def escape(state: DNZState, s: Survivor, evasion: int) -> int:
    """The evasion penalty of the check to leave enemies; ``escape`` ignores it."""
    return 0 if has(_perks(state, s), "escape") else evasion


def bonus(state: DNZState, s: Survivor, kind: str) -> int:
    """The plain number of a perk kind (search-draw, corpse-find, card-heal, supply-heal, rest,
    trap-damage, light)."""
    perks = _perks(state, s)
    return total(perks, kind, state.night) if perks else 0
