"""Rulebook §6, the Travel Phase: from the shelter to the city of the next adventure, and back.

    shelter ==meadow-road (known: plain, plain)== ford ==river-road== saint-maur
            --pine-trail (unknown: wood x2)------ ford --mill-track-- saint-maur

"First of all, players will plan the route they'll follow using the Travel map" — the leader names a
route (a chain of paths between the two places, none blocked). "A) If they decide to use the known
path, players will have to stop at every yellow colored terrain icon, draw a Travel event card, check
the section with the same icon and resolve the corresponding event. B) If they decide to use the
unknown path, players will have to stop at every red colored terrain icon and roll as many dice as
the terrain icon multiplier: for every skull result, players will draw a Travel event card."
"After travelling through all the Travel icons, the Travel phase ends." Checks use "the values of the
time of the day in which the adventure concluded (day or night)".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.core.typed_actions import TypedAction
from deadboard.games.day_night_z import phrases
from deadboard.games.day_night_z.campaign_cards import Tend
from deadboard.games.day_night_z.campaign_content import CampaignContent
from deadboard.games.day_night_z.campaign_state import CampaignState
from deadboard.games.day_night_z.effects import Resolve
from deadboard.games.day_night_z.growth import perk_total


class Travel(TypedAction):
    KIND = "travel"
    route: str  # path ids joined by "+"


def known(state: CampaignState, path_id: str) -> bool:
    """A path is known when the map prints it yellow or the campaign revealed it."""
    return path_id in state.content.known_paths or path_id in state.revealed


def routes(content: CampaignContent, start: str, end: str, blocked: set[str]) -> list[tuple[str, ...]]:
    """Every chain of paths from ``start`` to ``end`` that visits no place twice and uses no blocked
    path, in a fixed order (fewest paths first, then by name). The map never changes: each search
    is made once per content and kept."""
    key = (id(content), start, end, frozenset(blocked))
    found = _ROUTES.get(key)
    if found is None or found[0] is not content:
        if len(_ROUTES) > 4096:
            _ROUTES.clear()
        found = _ROUTES[key] = (content, tuple(_search_routes(content, start, end, blocked)))
    return list(found[1])


#: the routes found (routes), by content, ends and blocked paths
_ROUTES: Final[dict[tuple[int, str, str, frozenset[str]], tuple[CampaignContent, tuple[tuple[str, ...], ...]]]] = {}


def _search_routes(
    content: CampaignContent, start: str, end: str, blocked: set[str]
) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    by_place: dict[str, list[tuple[str, str]]] = {}
    for p in sorted(content.paths.values(), key=lambda p: p.id):
        if p.id in blocked:
            continue
        by_place.setdefault(p.a, []).append((p.id, p.b))
        by_place.setdefault(p.b, []).append((p.id, p.a))

    def walk(place: str, seen: tuple[str, ...], chain: tuple[str, ...]) -> None:
        if place == end:
            out.append(chain)
            return
        for pid, other in by_place.get(place, []):
            if other not in seen:
                walk(other, (*seen, other), (*chain, pid))

    walk(start, (start,), ())
    out.sort(key=lambda r: (len(r), r))
    return out


def pathfinder(state: CampaignState) -> int:
    """Dice the group rolls fewer at an unknown path's icon: the best ``pathfinder`` perk of a living
    survivor (a skill; "Survivors travel together, not individually")."""
    best = 0  # a plain loop: asked at every icon of an unknown path
    for h in state.living():
        n = perk_total(state, h, "pathfinder")
        if n > best:
            best = n
    return best


def dice_at(state: CampaignState, mult: int) -> int:
    """The dice rolled at an unknown path's icon: "roll as many dice as the terrain icon multiplier",
    less the group's pathfinder perk."""
    return max(0, mult - pathfinder(state))


def expected_events(state: CampaignState, route: Sequence[str]) -> float:
    """How many travel events a route draws on average: one per icon of a known path; the chance of a
    skull times the dice rolled on an unknown one."""
    faces = state.content.adventure.rules.die.faces
    p_skull = sum(1 for f in faces if f.startswith("skull")) / len(faces)
    total = 0.0
    for pid in route:
        for _terrain, mult in state.content.path_icons[pid]:
            total += 1.0 if known(state, pid) else dice_at(state, mult) * p_skull
    return total


def _travel(route: tuple[str, ...]) -> Travel:
    """The action of a route, made once (actions are values; the same routes are offered again)."""
    found = _TRAVELS.get(route)
    if found is None:
        found = _TRAVELS[route] = Travel("+".join(route))
    return found


_TRAVELS: Final[dict[tuple[str, ...], Travel]] = {}


@classvars(kind="route")
@dataclass(slots=True)
class PlanRoute(Choice[CampaignState, Travel]):
    """The leader plans the route (§6 Route planning; the leader has the last word, §3.8)."""

    seat: int
    start: str
    end: str
    closed: tuple[str, ...] = ()  # the chapter's special rules: paths closed to this journey

    def actions(self, state: CampaignState) -> Sequence[Travel]:
        closed = set(self.closed)
        found = routes(state.content, self.start, self.end, state.blocked | closed)
        if not found and state.blocked:
            found = routes(state.content, self.start, self.end, closed)
        return [_travel(r) for r in found]

    def apply(self, state: CampaignState, action: Travel) -> Steps:
        route = tuple(action.route.split("+"))
        if not routes(state.content, self.start, self.end, state.blocked | set(self.closed)):
            cleared = sorted(state.blocked)
            state.blocked.clear()
            state.emit("block", f"Every way was blocked: {phrases.paths(cleared)} {'is' if len(cleared) == 1 else 'are'} open again", {})
        state.route = route
        state.emit(
            "travel",
            f"The group sets out from {phrases.place_name(state, self.start)} to {phrases.place_name(state, self.end)}"
            f" by {phrases.paths(route)}",
            {"route": list(route)},
        )
        steps: list[TravelIcon] = []
        for pid in route:
            for k in range(len(state.content.path_icons[pid])):
                steps.append(TravelIcon(pid, k))
        return steps

    def prompt(self, state: CampaignState) -> str:
        return f"Plan the route from {state.content.places[self.start].name} to {state.content.places[self.end].name}"


@dataclass(slots=True)
class SetOut(Auto[CampaignState]):
    """The group sets out from ``start`` to ``end``: the leader (or, if he died, the first survivor
    alive) plans the route, leaving out the paths the chapter's special rules close."""

    start: str
    end: str
    closed: tuple[str, ...] = ()

    def run(self, state: CampaignState) -> Steps:
        lead = state.leader_hero()
        return (PlanRoute(lead.seat, self.start, self.end, self.closed),) if lead is not None else ()


def draw_card(state: CampaignState) -> str:
    if not state.deck:
        state.deck, state.discard = state.discard, []
        state.rng.shuffle(state.deck)
    card = state.deck.pop()
    state.discard.append(card)
    return card


@dataclass(slots=True)
class TravelIcon(Auto[CampaignState]):
    """The group stops at one terrain icon of a path."""

    path: str
    index: int

    def run(self, state: CampaignState) -> Steps:
        if not state.living():
            return ()
        state.on_path = self.path
        terrain, mult = state.content.path_icons[self.path][self.index]
        if known(state, self.path):
            draws = 1
        else:
            n = dice_at(state, mult)
            faces = [state.rng.roll_die(state.die) for _ in range(n)]
            draws = sum(1 for f in faces if f.startswith("skull"))
            fewer = f" (a pathfinder: {phrases.count(n, 'die', 'dice')})" if n != mult else ""
            state.emit(
                "travel",
                f"The survivors take the unknown path along {phrases.path_name(self.path)}: {mult} {terrain} "
                f"{'die' if mult == 1 else 'dice'}{fewer} — {phrases.faces(faces) or 'none'}: "
                f"{phrases.count(draws, 'event') if draws else 'no event'}",
                {"faces": faces, "draws": draws},
            )
        out: list[Resolve | Tend] = []
        rows = state.content.travel_rows
        for _ in range(draws):
            cid = draw_card(state)
            name, text, effects = rows[cid][terrain]
            state.emit("event", f"{name} ({terrain}): {text}", {"card": cid, "terrain": terrain})
            out.append(Resolve(effects, "", state.time))
        out.append(Tend())
        return out
