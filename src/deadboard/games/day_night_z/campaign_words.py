"""The Day Night Z campaign's actions in words for people ("Travel Shelter → Old Mill → Ashford (1
unknown path)", "Workshop: repair a weapon", "Vote: search the farmhouse"): the travel and shelter
phases' own sentences (rulebook §6, §7), and while an adventure is played, the adventure's
(:mod:`deadboard.games.day_night_z.words`)."""

from __future__ import annotations

from collections.abc import Callable

from deadboard.core.action import Action
from deadboard.core.descriptor import ActionWords, say_by_kind
from deadboard.core.game import Game
from deadboard.games.day_night_z import words as adventure
from deadboard.games.day_night_z.campaign_cards import AskCardSpend, TendChoice
from deadboard.games.day_night_z.campaign_state import CampaignState
from deadboard.games.day_night_z.effects import AskSpend, CastVote


def _top(st: CampaignState) -> object:
    return st.steps[-1] if st.steps else None


def _deciding(st: CampaignState) -> str:
    """The name of the survivor a decision is about: the one its step names, else the deciding
    seat's."""
    step = _top(st)
    if isinstance(step, (AskCardSpend, AskSpend, TendChoice)):
        return st.hero(step.who).name
    d = st.decision
    hero = next((h for h in st.heroes if d is not None and h.seat == d.seat), None)
    return hero.name if hero is not None else "The survivor"


def _travel(st: CampaignState, a: list[str]) -> str:
    """The places a route goes through, in order, and how many of its paths are unknown."""
    paths = [st.content.paths[p] for p in a[0].split("+")]
    places = st.content.places
    if len(paths) == 1:
        stops = [paths[0].a, paths[0].b]
    else:
        first, second = paths[0], paths[1]
        stops = [first.a if first.a not in (second.a, second.b) else first.b]
        for p in paths:
            stops.append(p.b if p.a == stops[-1] else p.a)
    unknown = sum(1 for p in paths if not p.known)
    names = " → ".join(places[s].name if s in places else s for s in stops)
    return f"Travel {names}" + (f" ({unknown} unknown path{'s' if unknown != 1 else ''})" if unknown else "")


def _use(st: CampaignState, a: list[str]) -> str:
    facility = st.content.facilities[a[0]]
    action = next((x for x in (*facility.basic, *facility.advanced) if x.id == a[1]), None)
    return f"{facility.name}: {action.text if action is not None else a[1]}"


def _build(verb: str) -> Callable[[CampaignState, list[str]], str]:
    def say(st: CampaignState, a: list[str]) -> str:
        name = st.content.shelter.fence.name if a[0] == "fence" else st.content.facilities[a[0]].name
        return f"{verb} the {name}"

    return say


def _learn(st: CampaignState, a: list[str]) -> str:
    skill = st.content.skills[a[0]]
    return f"Learn {skill.name} ({skill.cost} SP): {skill.text}"


def _vote(st: CampaignState, a: list[str]) -> str:
    step = _top(st)
    k = int(a[0]) - 1
    if isinstance(step, CastVote) and 0 <= k < len(step.effect.options):
        return "Vote: " + step.effect.options[k].text
    return f"Vote for option {a[0]}"


def _spend(st: CampaignState, a: list[str]) -> str:
    who = _deciding(st)
    return f"{who} spends a survival point on the check (+1 die)" if a[0] == "yes" else f"{who} rolls without spending"


def _use_card(st: CampaignState, a: list[str]) -> str:
    who = _deciding(st)
    card = st.content.adventure.search.get(a[0])
    return f"{who} uses the {card.name if card is not None else a[0]}"


#: the campaign's own action kinds (outside an adventure) -> their sentence
SENTENCES: dict[str, Callable[[CampaignState, list[str]], str]] = {
    "travel": _travel,
    "use": _use,
    "build": _build("Build"),
    "upgrade": _build("Upgrade"),
    "learn": _learn,
    "vote": _vote,
    "spend": _spend,
    "use-card": _use_card,
    "go-on": lambda st, a: "Use no card at this stop",
    "idle": lambda st, a: "Visit no facility",
    "stay": lambda st, a: "Stay another day in the shelter",
    "leave": lambda st, a: "Leave the shelter",
}


def describe(game: Game[CampaignState], view: CampaignState, seat: int | None, action: Action) -> str:
    """A sentence for ``action``: the adventure's while one is played, else the campaign's own."""
    if view.inner is not None:
        return adventure.sentence(view.inner, action)
    return say_by_kind(SENTENCES, view, action)


WORDS: ActionWords[CampaignState] = ActionWords(describe)

__all__ = ["SENTENCES", "WORDS", "describe"]
