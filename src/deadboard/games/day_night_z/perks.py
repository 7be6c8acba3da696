"""The record of what a skill or an ally card does (rulebook §1: "24 Skill cards. Key: 1) Skill name;
2) Skill description; 3) Skill level; 4) Purchase cost in survival points"; "10 Ally cards"): a
:class:`Perk` of one of the kinds that :mod:`.skill_effects` describes and applies. It lies beneath
the content, which holds the perks of each skill and ally, and beneath :mod:`.skill_effects`, which
reads the state: so the content does not import the rules that read it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

PerkKind = Literal[
    "check-dice",
    "attack-dice",
    "damage",
    "pierce",
    "defence",
    "defensive",
    "calm",
    "ap",
    "escape",
    "search-draw",
    "corpse-find",
    "card-heal",
    "supply-heal",
    "rest",
    "trap-damage",
    "light",
    "pathfinder",
    "rounds",
    "daily",
]


class Perk(BaseModel):
    """One effect of a skill or an ally card."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: PerkKind
    n: int = Field(default=1, ge=1, le=3)
    #: check-dice: the attribute checked
    attribute: str = ""
    #: attack-dice, damage, pierce: hand to hand ("melee") or "ranged" attacks
    mode: Literal["", "melee", "ranged"] = ""
    #: only by day or only by night ("" both)
    time: Literal["", "day", "night"] = ""
    #: ap: only at this health level ("" any)
    health: Literal["", "green", "yellow", "red"] = ""
    #: daily: what the day brings
    gain: Literal["", "heal", "ammo", "forage"] = ""
