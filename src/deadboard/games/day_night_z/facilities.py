"""Rulebook §7, Shelter upgrade and victory points: the facilities a survivor visits, what he may do
there, and what victory points buy.

    facility        basic action(s)             advanced adds / improves
    Rest zone       rest                        rest (better), welcome (1 VP: an ally)
    Warehouse       store, take                 bigger store, take more, armoury (1 VP)
    Workshop        craft, reload               craft (better), reload, charge
    Infirmary       treat, cure                 treat, cure (better), vaccinate (1 VP)
    Training zone   train                       train (better), spar
    Supply zone     forage                      forage (better), trade (1 VP)
    fence           (never visited: softens the shelter events from outside)

"At the beginning of a campaign, the shelter only has 2 basic facilities: Warehouse and Rest zone.
You can build new facilities and upgrade the ones already existing spending victory points."
"Even though the victory points are earned as a group, their spending, though it might be agreed
upon, is individual, i.e., each survivor can decide if he wants to spend it or not during his turn."
"""

from __future__ import annotations

from typing import Final

from deadboard.core.typed_actions import TypedAction
from deadboard.games.day_night_z import phrases
from deadboard.games.day_night_z.campaign_content import FACILITIES, FacilityAction
from deadboard.games.day_night_z.campaign_state import CampaignState


class Use(TypedAction):
    """Visit a facility and make one of its actions."""
    KIND = "use"

    facility: str
    action: str


class Build(TypedAction):
    """Build a facility (or the fence) at its basic level, spending victory points."""
    KIND = "build"

    facility: str


class Upgrade(TypedAction):
    """Upgrade a facility (or the fence) to its advanced level, spending victory points."""
    KIND = "upgrade"

    facility: str


class Learn(TypedAction):
    """Buy a skill with survival points (§3.5)."""
    KIND = "learn"

    skill: str


class Idle(TypedAction):
    """Visit no facility ("if he wishes")."""
    KIND = "idle"


def build_cost(state: CampaignState, facility: str) -> int:
    return state.content.build_costs[facility]


def upgrade_cost(state: CampaignState, facility: str) -> int:
    return state.content.upgrade_costs[facility]


def buildable(state: CampaignState) -> list[str]:
    out = [f for f in FACILITIES if f not in state.facilities and build_cost(state, f) <= state.vp]
    if not state.fence and build_cost(state, "fence") <= state.vp:
        out.append("fence")
    return out


def upgradable(state: CampaignState) -> list[str]:
    out = [f for f in FACILITIES if state.facilities.get(f) == "basic" and upgrade_cost(state, f) <= state.vp]
    if state.fence == "basic" and upgrade_cost(state, "fence") <= state.vp:
        out.append("fence")
    return out


def spend(state: CampaignState, n: int, on: str, who: str) -> None:
    """The group's points, spent by the survivor ``who`` in his turn."""
    state.vp -= n
    state.spent[on] = state.spent.get(on, 0) + n
    state.hero(who).spent += n


def build(state: CampaignState, facility: str, who: str) -> None:
    spend(state, build_cost(state, facility), f"build {facility}", who)
    if facility == "fence":
        state.fence = "basic"
    else:
        state.facilities[facility] = "basic"
        place(state, facility)
    state.emit(
        "build", f"{state.hero(who).name} builds {phrases.facility(state, facility)} ({state.vp} VP left)", {"facility": facility}
    )


def upgrade(state: CampaignState, facility: str, who: str) -> None:
    spend(state, upgrade_cost(state, facility), f"upgrade {facility}", who)
    if facility == "fence":
        state.fence = "advanced"
    else:
        state.facilities[facility] = "advanced"
    state.emit(
        "build",
        f"{state.hero(who).name} upgrades {phrases.facility(state, facility)} ({state.vp} VP left)",
        {"facility": facility},
    )


def place(state: CampaignState, facility: str) -> None:
    """A new facility card goes on the first free space of the shelter map."""
    taken = set(state.spaces.values())
    for space, _x, _y in state.content.shelter.map.spaces:
        if space not in taken:
            state.spaces[facility] = space
            return


def actions_at(state: CampaignState, facility: str) -> tuple[FacilityAction, ...]:
    level = state.facilities.get(facility, "")
    if not level:
        return ()
    return state.content.facilities[facility].actions(level)


def usable(state: CampaignState) -> list[Use]:
    """Every facility action the group's victory points allow now."""
    out: list[Use] = []
    rows = state.content.facility_actions
    for f in FACILITIES:
        level = state.facilities.get(f, "")
        if level:
            for aid, vp in rows[f, "advanced" if level == "advanced" else "basic"]:
                if vp <= state.vp:
                    use = _USES.get((f, aid))
                    if use is None:
                        use = _USES[f, aid] = Use(f, aid)
                    out.append(use)
    return out


#: the facility actions, made once (actions are values)
_USES: Final[dict[tuple[str, str], Use]] = {}


def facility_action(state: CampaignState, facility: str, action: str) -> FacilityAction:
    for a in actions_at(state, facility):
        if a.id == action:
            return a
    raise KeyError(action)
