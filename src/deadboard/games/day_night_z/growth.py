"""Growing survivors (rulebook §3.5, §3.8, §7): the sheet a survivor plays with once his skills and
allies are added, skills bought with survival points by level, leadership points and the leader of
an adventure, and the attribute checks, damage, stress and infection of the campaign's own phases.

    skill line   level 1 --> level 2 --> level 3     "All the abilities of lower level must be bought
    cost (SP)       3           5           8         (1) to gain access to the next level (2)"
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from deadboard.games.day_night_z import phrases
from deadboard.games.day_night_z.campaign_content import Bonus, CampaignContent
from deadboard.games.day_night_z.campaign_state import CampaignState, Hero
from deadboard.games.day_night_z.content import SurvivorSheet
from deadboard.games.day_night_z.records import plain_sheet
from deadboard.games.day_night_z.skill_effects import has, total

#: the bounds of the sheet's attributes (content.Attributes)
BOUNDS: Final = {"defense": 4, "strength": 5}


def _grown(base: SurvivorSheet, bonuses: tuple[Bonus, ...]) -> SurvivorSheet:
    day = base.day.model_dump()
    night = base.night.model_dump()
    health, supply = base.health, base.supply_use
    perks = tuple(p for b in bonuses for p in b.perks)
    for b in bonuses:
        for k, v in b.day.items():
            day[k] = min(BOUNDS.get(k, 8), day[k] + v)
        for k, v in b.night.items():
            night[k] = min(BOUNDS.get(k, 8), night[k] + v)
        health += b.health
        supply += b.supply_use
    grow = health - base.health
    levels = tuple(
        (start + grow if start > 1 else start, colour, ap) for start, colour, ap in base.health_levels
    )
    return base.model_copy(
        update={
            "day": base.day.model_copy(update=day),
            "night": base.night.model_copy(update=night),
            "health": health,
            "supply_use": max(0, supply),
            "health_levels": levels,
            "perks": base.perks + perks,
        }
    )


@lru_cache(maxsize=4096)
def _sheet(
    content: CampaignContent, hid: str, skills: tuple[str, ...], allies: tuple[str, ...]
) -> SurvivorSheet:
    bonuses = tuple(content.skills[s] for s in skills) + tuple(content.allies[a] for a in allies)
    return _grown(content.adventure.survivor(hid), bonuses)


def sheet(state: CampaignState, h: Hero) -> SurvivorSheet:
    """The survivor's sheet with his skills and allies added (asked at every check and perk of the
    campaign: found by the content's identity, not through ``_sheet``'s cache, which hashes the
    content by its fields)."""
    content = state.content
    key = (id(content), h.id, tuple(h.skills), tuple(h.allies))
    found = _GROWN.get(key)
    if found is None or found[0] is not content:
        if len(_GROWN) >= 4096:
            _GROWN.clear()
        found = _GROWN[key] = (content, _sheet(content, h.id, key[2], key[3]))
    return found[1]


_GROWN: Final[dict[tuple[int, str, tuple[str, ...], tuple[str, ...]], tuple[CampaignContent, SurvivorSheet]]] = {}


# ----- skills -----------------------------------------------------------------------------------


def can_buy(content: CampaignContent, h: Hero, skill_id: str) -> bool:
    """ "The cost indicates how many survival points must be spent for the survivor to buy the
    ability. ... All the abilities of lower level must be bought (1) to gain access to the next
    level (2) and so on." (§3.5)"""
    rows = content.skill_rows
    cost, level, line = rows[skill_id]
    if skill_id in h.skills or h.sp < cost:
        return False
    owned = {rows[s][1] for s in h.skills if rows[s][2] == line}
    return all(n in owned for n in range(1, level))


def buyable(content: CampaignContent, h: Hero) -> list[str]:
    """The skills the survivor may buy now, in content order (:func:`can_buy` of each, asked at every
    decision in the shelter: the levels he owns in each line are gathered once)."""
    rows = content.skill_rows
    owned: dict[str, set[int]] = {}
    for s in h.skills:
        _, level, line = rows[s]
        owned.setdefault(line, set()).add(level)
    out: list[str] = []
    for sid, (cost, level, line) in rows.items():
        if h.sp < cost or sid in h.skills:
            continue
        have = owned.get(line)
        if level == 1 or (have is not None and all(n in have for n in range(1, level))):
            out.append(sid)
    return out


def buy_skill(state: CampaignState, h: Hero, skill_id: str) -> None:
    skill = state.content.skills[skill_id]
    h.sp -= skill.cost
    h.skills.append(skill_id)
    state.emit(
        "skill",
        f"{h.name} learns {skill.name} for {skill.cost} survival points",
        {"who": h.id, "skill": skill_id},
    )


# ----- leadership (§3.8) ------------------------------------------------------------------------


def leadership(state: CampaignState, h: Hero) -> int:
    """ "Leadership points are granted by the survivor's allies joining him." """
    return sum(state.content.allies[a].leadership for a in h.allies)


def choose_leader(state: CampaignState, first: bool) -> None:
    """The leader when the group exits the shelter: "1. The survivor with the highest leadership points
    ... 2. The survivor with the higher survival points ... 3. Randomly amongst the survivors meeting
    condition 1 and 2. In the case of a starting adventure, the leader is selected randomly." """
    living = state.living()
    if not living:
        return
    if first:
        candidates = living
    else:
        top = max((leadership(state, h), h.sp) for h in living)
        candidates = [h for h in living if (leadership(state, h), h.sp) == top]
    pick = candidates[state.rng.below(len(candidates))] if len(candidates) > 1 else candidates[0]
    state.leader = pick.seat
    state.emit("leader", f"{pick.name} leads the group", {"who": pick.id})


# ----- the campaign's checks and wheels ---------------------------------------------------------


def perk_total(state: CampaignState, h: Hero, kind: str) -> int:
    """The sum of a survivor's perks of ``kind`` (skill_effects.py) outside the adventure."""
    return total(plain_sheet(sheet(state, h)).perks, kind, False)


def group_has(state: CampaignState, kind: str) -> bool:
    """Whether a living survivor of the group has a perk of ``kind`` (the group travels together)."""
    return any(has(plain_sheet(sheet(state, h)).perks, kind) for h in state.living())


def attribute(state: CampaignState, h: Hero, name: str, time: str) -> int:
    s = plain_sheet(sheet(state, h))
    return (s.night if time == "night" else s.day)[name]


def stress_colour(state: CampaignState, h: Hero) -> str:
    out = "green"
    for start, colour in state.content.adventure.numbers.stress_levels:
        if h.stress >= start:
            out = colour
    return out


def check(
    state: CampaignState, h: Hero, attr: str, time: str, penalty: int = 0, spent: int = 0, what: str = ""
) -> bool:
    """An attribute check (§3.4): the attribute of the time of day, plus the survival point spent,
    plus modifiers, at least 1 die ("The bonus is applied before the rule 'Minimum 1 die'", §3.5); a
    success is an icon of the survivor's stress colour; a success earns 1 survival point (§3.5)."""
    value = attribute(state, h, attr, time)
    perks = plain_sheet(sheet(state, h)).perks
    n = max(1, value + spent + penalty + total(perks, "check-dice", time == "night", attribute=attr))
    faces = [state.rng.roll_die(state.die) for _ in range(n)]
    accepted = state.content.adventure.numbers.success[stress_colour(state, h)]
    ok = any(f in accepted for f in faces)
    if ok:
        gain_sp(state, h, 1)
    state.emit(
        "check",
        phrases.hero_check(h.name, what or attr.replace("_", " "), time, spent, n, faces, ok),
        {"who": h.id, "attribute": attr, "dice": n, "faces": faces, "success": ok},
    )
    return ok


def gain_sp(state: CampaignState, h: Hero, n: int) -> None:
    h.sp = max(0, min(state.content.adventure.numbers.survival_max, h.sp + n))


def gain_stress(state: CampaignState, h: Hero, n: int) -> None:
    h.stress = max(0, min(state.content.adventure.numbers.stress_max, h.stress + n))


def heal(state: CampaignState, h: Hero, n: int) -> None:
    h.health = min(sheet(state, h).health, h.health + n)


def damage(state: CampaignState, h: Hero, n: int, why: str) -> None:
    if n <= 0 or not h.alive:
        return
    h.health -= n
    state.emit("damage", f"{h.name} loses {n} health ({why}): {max(0, h.health)} left", {"who": h.id, "n": n})
    if h.health <= 0:
        kill(state, h, "wounds")


def infect(state: CampaignState, h: Hero, n: int, why: str) -> None:
    if not h.alive or n <= 0:
        return
    h.infection += n
    state.emit("infection", f"{h.name}'s infection rises to {h.infection} ({why})", {"who": h.id})
    if h.infection >= state.content.adventure.rules.infection.death:
        kill(state, h, "infection")


def kill(state: CampaignState, h: Hero, why: str) -> None:
    h.alive = False
    h.health = 0
    book = state.content.chapters
    h.fell = f"{state.phase} {book[min(state.chapter, len(book) - 1)].id}"
    state.emit("death", f"{h.name} dies ({why})", {"who": h.id})
