"""Day Night Z campaign: a decision is either the campaign's own (the route, a vote, a survival point
on a check, a facility action, building or upgrading with victory points, a skill, a health card
used in the shelter or on the road, staying or leaving the shelter) or a decision of the chapter's
adventure, which the adventure's spec (:mod:`deadboard.games.day_night_z.research`) encodes and observes.

Actions: the blocks of every chapter's adventure spec and the campaign's own blocks, merged by kind
and number of arguments (``use <survivor> <card>`` of the adventure and ``use <facility> <action>``
of the shelter share one block whose vocabularies are the union of both). Routes are every chain of
paths between the shelter and each chapter's city with no path blocked; votes run to the most
options any vote of the book offers.

Observation vectors: the chapter and the results so far, the phase and the time of day, the victory
points, the shelter (facilities, fence, warehouse, days), the Travel map (blocked, revealed, on the
route), the travel cards discarded and the cards left in the deck, the votes cast, each survivor's
sheet with his items, skills and allies, and the decision; then the adventure spec's segments
(``adventure/<segment>``), filled while an adventure is played. A segment whose shape differs between
the chapters (the city's zones differ by side) is there once per city side
(``adventure/city-a``, ``adventure/city-b``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import numpy as np
from pydantic import BaseModel

from deadboard.core.game import Setup, State
from deadboard.core.kernel import advance
from deadboard.core.research import ActionEncoding, GameSpec, Vocabulary, one_hot, vocab
from deadboard.games.day_night_z.campaign_cards import stock
from deadboard.games.day_night_z.campaign_content import (
    FACILITIES,
    CampaignContent,
    CampaignEffect,
    load_campaign,
)
from deadboard.games.day_night_z.campaign_state import CampaignState
from deadboard.games.day_night_z.content import Content
from deadboard.games.day_night_z.observe import CampaignPlaces
from deadboard.games.day_night_z.research import DayNightZSpec
from deadboard.games.day_night_z.rules import DayNightZ
from deadboard.games.day_night_z.setup import new_state
from deadboard.games.day_night_z.state import DNZState
from deadboard.games.day_night_z.travel import routes

PHASES = ("travel-out", "adventure", "travel-back", "shelter", "over")
DECISIONS = ("PlayAdventure", "PlanRoute", "Visit", "Depart", "CastVote", "AskSpend", "TendChoice")
#: the fence after the facilities in the shelter segment
SHELTER = (*FACILITIES, "fence")


class BookAdventures(DayNightZ):
    """The adventure game over the campaign book's content (its chapters' adventures added), so that
    the adventure's spec can be built for a chapter's set-up."""

    def __init__(self, content: Content) -> None:
        self.book = content

    def new(self, setup: Setup | None = None, seed: int = 0) -> DNZState:
        assert setup is not None
        state = new_state(setup, seed, self.book)
        advance(state, self._guard)
        return state


def _effects(node: object) -> Iterator[CampaignEffect]:
    """Every campaign effect in a piece of the campaign's content, nested ones included."""
    if isinstance(node, CampaignEffect):
        yield node
    if isinstance(node, BaseModel):
        for name in type(node).model_fields:
            yield from _effects(getattr(node, name))
    elif isinstance(node, (tuple, list)):
        for x in node:
            yield from _effects(x)
    elif isinstance(node, dict):
        for x in node.values():
            yield from _effects(x)


def _union(a: Vocabulary, b: Vocabulary) -> Vocabulary:
    if set(b.tokens) <= set(a.tokens):
        return a
    return Vocabulary(a.name, (a + b).tokens) if a.name == b.name else a + b


def _merge(blocks: list[tuple[str, list[Vocabulary]]]) -> list[tuple[str, list[Vocabulary]]]:
    """One block per kind and number of arguments, each argument the union of its vocabularies."""
    out: dict[tuple[str, int], list[Vocabulary]] = {}
    for kind, args in blocks:
        have = out.get((kind, len(args)))
        if have is None:
            out[(kind, len(args))] = list(args)
        else:
            out[(kind, len(args))] = [_union(a, b) for a, b in zip(have, args)]
    return [(kind, args) for (kind, _n), args in out.items()]


class DayNightZCampaignSpec(GameSpec):
    REMADE = ("_places",)  # the places the observation writes by, worked out from the content
    def build_actions(self) -> ActionEncoding:
        c: CampaignContent = load_campaign(self.setup.content)
        self.book = c
        self.chapters = [ch.id for ch in c.chapters]
        adventures = BookAdventures(c.adventure)
        self.specs: list[DayNightZSpec] = []
        for ch in c.chapters:
            spec = DayNightZSpec(adventures, Setup(ch.adventure.id, players=self.setup.players))
            self.specs.append(spec)
        # an adventure segment is shared by the chapters where it has one shape (``adventure/<name>``),
        # else one per city side (``adventure/<name>-<side>``: the city's zones differ by side)
        shapes: dict[str, set[tuple[int, ...]]] = {}
        for spec in self.specs:
            for name, dims in spec.layout.segments:
                shapes.setdefault(name, set()).add(dims)
        self.labels: list[dict[str, str]] = [
            {
                name: f"adventure/{name}"
                if len(shapes[name]) == 1
                else f"adventure/{name}-{ch.adventure.side}"
                for name, _ in spec.layout.segments
            }
            for ch, spec in zip(c.chapters, self.specs, strict=True)
        ]
        #: the adventure's tile planes, written straight into the observation as the adventure spec's
        self.DIRECT = tuple(dict.fromkeys(labels[name] for labels in self.labels for name in DayNightZSpec.DIRECT))
        self.adventure_segments: dict[str, tuple[int, ...]] = {}
        for labels, spec in zip(self.labels, self.specs, strict=True):
            for name, dims in spec.layout.segments:
                self.adventure_segments.setdefault(labels[name], dims)
        self.paths = sorted(c.paths)
        self.cards = list(c.adventure.search)
        self.skills = list(c.skills)
        self.allies = list(c.allies)
        self.travel = [t.id for t in c.travel]
        self.options = max(
            [
                len(e.options)
                for part in (c.travel, c.shelter, c.facilities, c.chapters)
                for e in _effects(part)
            ]
            + [2]
        )
        found: list[tuple[str, ...]] = []
        for city in dict.fromkeys(ch.city for ch in c.chapters):
            found += routes(c, "shelter", city, set()) + routes(c, city, "shelter", set())
        self.chapter_index = {cid: i for i, cid in enumerate(self.chapters)}
        self.phase_index = {x: i for i, x in enumerate(PHASES)}
        self.path_index = {pid: i for i, pid in enumerate(self.paths)}
        self.travel_index = {t: i for i, t in enumerate(self.travel)}
        self.travel_size = max(1, len(self.travel))
        self.shelter_index = {x: i for i, x in enumerate(SHELTER)}
        self.decision_index = {x: i for i, x in enumerate(DECISIONS)}
        self.card_index = {x: i for i, x in enumerate(self.cards)}
        self.skill_index = {x: i for i, x in enumerate(self.skills)}
        self.ally_index = {x: i for i, x in enumerate(self.allies)}
        #: per chapter, the outer segments the adventure's were last given as, and the adventure's
        self._inner: dict[int, tuple[dict[str, np.ndarray], dict[str, np.ndarray]]] = {}
        self._places: CampaignPlaces | None = None
        uses = [a.id for f in c.facilities.values() for a in (*f.basic, *f.advanced)]
        blocks: list[tuple[str, list[Vocabulary]]] = []
        for spec in self.specs:
            blocks += [(t.kind, list(t.args)) for t in spec.actions.templates]
        blocks += [
            ("travel", [vocab("route", ["+".join(r) for r in found])]),
            ("vote", [vocab("option", range(1, self.options + 1))]),
            ("spend", [vocab("sp", ("no", "yes"))]),
            ("use", [vocab("facility", FACILITIES), vocab("facility-action", uses)]),
            ("build", [vocab("building", SHELTER)]),
            ("upgrade", [vocab("building", SHELTER)]),
            ("learn", [vocab("skill", self.skills)]),
            # health cards, and in the shelter the cards that fill the counters (campaign_cards.stock)
            ("use-card", [vocab("card", [i for i, s in c.adventure.search.items() if s.group == "health" or stock(s)])]),
            ("go-on", []),
            ("idle", []),
            ("stay", []),
            ("leave", []),
        ]
        return ActionEncoding(self.game.id, _merge(blocks))

    def build_layout(self) -> list[tuple[str, tuple[int, ...]]]:
        n = self.seats
        out: list[tuple[str, tuple[int, ...]]] = [
            ("chapter", (len(self.chapters) + 1,)),
            ("results", (len(self.chapters), 2)),  # accomplished, failed
            ("phase", (len(PHASES) + 2,)),  # phase, night
            ("campaign", (7,)),  # vp, vp earned, days, shelter days, warehouse, deck, discard
            ("shelter", (len(SHELTER), 2)),  # basic, advanced
            ("paths", (len(self.paths), 3)),  # blocked, revealed, on the route
            ("discard", (len(self.travel),)),
            ("votes", (self.options,)),
            ("heroes", (n, 13)),
            ("items", (n, len(self.cards))),
            ("skills", (n, len(self.skills))),
            ("allies", (n, len(self.allies))),
            ("decision", (len(DECISIONS) + 1,)),
        ]
        out += list(self.adventure_segments.items())
        return out

    def public(self, snapshot: dict[str, Any], seat: int) -> dict[str, Any]:
        out = {k: v for k, v in snapshot.items() if k not in ("rng", "steps", "deck", "adventure")}
        deck = snapshot["deck"]
        out["deck"] = deck if isinstance(deck, int) else len(deck)
        steps = snapshot.get("steps") or []
        out["decision"] = steps[0].get("step") if steps else None
        inner = snapshot.get("adventure")
        chapter = snapshot["chapter"]
        if inner is not None and chapter < len(self.specs):
            out["adventure"] = self.specs[chapter].public(inner, seat)
        else:
            out["adventure"] = None
        return out

    def fill(self, p: dict[str, Any], seat: int, parts: dict[str, np.ndarray]) -> None:
        chapter = p["chapter"]
        parts["chapter"][min(chapter, len(self.chapters))] = 1.0
        index = {cid: i for i, cid in enumerate(self.chapters)}
        for cid, result in p["results"]:
            if cid in index:
                parts["results"][index[cid], 0 if result == "accomplished" else 1] = 1.0
        one_hot(parts["phase"][:-1], {x: i for i, x in enumerate(PHASES)}, p["phase"])
        parts["phase"][-1] = float(p["time"] == "night")
        parts["campaign"][:] = (
            p["vp"] / 20,
            p["vp_earned"] / 20,
            p["days"] / 10,
            p["shelter_days"] / 30,
            p["store"] / 10,
            p["deck"] / max(1, len(self.travel)),
            len(p["discard"]) / max(1, len(self.travel)),
        )
        for i, f in enumerate(SHELTER):
            level = p["fence"] if f == "fence" else p["facilities"].get(f, "")
            if level:
                parts["shelter"][i, 0 if level == "basic" else 1] = 1.0
        path = {pid: i for i, pid in enumerate(self.paths)}
        for key, col in (("blocked", 0), ("revealed", 1), ("route", 2)):
            for pid in p[key]:
                if pid in path:
                    parts["paths"][path[pid], col] = 1.0
        travel = {t: i for i, t in enumerate(self.travel)}
        for t in p["discard"]:
            if t in travel:
                parts["discard"][travel[t]] += 1.0
        for v in p["votes"]:
            if 1 <= v <= self.options:
                parts["votes"][v - 1] += 1.0
        self._fill_heroes(p, seat, parts)
        decision = p.get("decision")
        if decision is not None:
            one_hot(parts["decision"], {x: i for i, x in enumerate(DECISIONS)}, decision)
        inner = p.get("adventure")
        if inner is not None:
            labels = self.labels[chapter]
            self.specs[chapter].fill(inner, seat, {name: parts[label] for name, label in labels.items()})

    def _fill_heroes(self, p: dict[str, Any], seat: int, parts: dict[str, np.ndarray]) -> None:
        """Each survivor's sheet, counters, items, skills and allies."""
        card = {x: i for i, x in enumerate(self.cards)}
        skill = {x: i for i, x in enumerate(self.skills)}
        ally = {x: i for i, x in enumerate(self.allies)}
        for i, h in enumerate(p["heroes"][: self.seats]):
            parts["heroes"][i] = (
                float(h["alive"]),
                h["health"] / 9,
                h["stress"] / 9,
                h["infection"] / 4,
                h["sp"] / 15,
                h["ammo"] / 10,
                h["supplies"] / 10,
                h["battery"] / 5,
                len(h["skills"]) / max(1, len(self.skills)),
                len(h["allies"]) / max(1, len(self.allies)),
                h["spent"] / 20,
                float(h["seat"] == seat),
                float(h["seat"] == p["leader"]),
            )
            for item in h["items"]:
                if item in card:
                    parts["items"][i, card[item]] += 1.0
            for k in h["skills"]:
                if k in skill:
                    parts["skills"][i, skill[k]] = 1.0
            for a in h["allies"]:
                if a in ally:
                    parts["allies"][i, ally[a]] = 1.0

    def fill_state(self, state: State, seat: int, parts: dict[str, np.ndarray]) -> None:
        """:meth:`fill` of the seat's public part, read from the state's own fields (no snapshot):
        of the travel deck only how many cards are left; the campaign's segments through flat views
        of their floats (:meth:`~deadboard.core.research.GameSpec.write_flat`), first, then the
        adventure's from its own spec's :meth:`~DayNightZSpec.fill_state` (both compiled: :mod:`.observe`)."""
        st = cast(CampaignState, state)
        ix = self._places
        if ix is None:
            ix = self._places = CampaignPlaces(self)
        views = self._views
        if views is not None and parts is self._view_parts:  # the work vector's, as at every step
            ix.write_campaign(st, seat, views)
        else:
            self.write_flat(parts, lambda views: ix.write_campaign(st, seat, views))
        chapter = st.chapter
        inner = st.inner
        if inner is not None and chapter < len(self.specs):
            self.specs[chapter].fill_state(inner, seat, self._adventure_parts(chapter, parts))


    def _adventure_parts(self, chapter: int, parts: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        """The adventure spec's segments of a chapter within ``parts`` (made again only when
        ``parts`` is not the one given last; its tile planes, a new vector's at each observation
        (``DIRECT``), taken again each time)."""
        known = self._inner.get(chapter)
        if known is not None and known[0] is parts:
            inner = known[1]
            for name in DayNightZSpec.DIRECT:
                inner[name] = parts[self.labels[chapter][name]]
            return inner
        inner = {name: parts[label] for name, label in self.labels[chapter].items()}
        self._inner[chapter] = (parts, inner)
        return inner
