"""Day Night Z's observation read from the state's own fields (``research.DayNightZSpec.fill_state``,
and the campaign's own segments for ``campaign_research``), compiled: the clock, the threat, the location slots, the survivors' rows and cards, the surprise
cards, the decision and the last threat card through flat views of the spec's work vector; the
tile planes, the tile sides and the city zones through their numpy segments. Only what is not zero
is written (the segments come zeroed). The research adapters observe at every step, so these reads
of the state are those of the compiled rules, not through Python's attribute lookups."""

from __future__ import annotations

from typing import Any, Final

from deadboard.games.day_night_z.campaign_state import CampaignState
from deadboard.games.day_night_z.state import DNZState

#: a subzone's (row, column) in a tile's 4 x 4 planes, by its cell number
ROW_COLUMN: Final = tuple((c // 4, c % 4) for c in range(16))


class Places:
    """Where the observation of a spec (``research.DayNightZSpec``) writes each thing: its
    vocabularies' indices, the channel offsets of the tile planes and every subzone's name to its
    (tile, row, column), made once per spec."""

    def __init__(self, spec: Any, markers: tuple[str, ...], hunter: tuple[str, ...], cells: tuple[str, ...]) -> None:
        self.spec = spec
        bases: tuple[int, int, int, int] = spec._bases()
        self.base_m, self.base_x, self.base_s, self.base_e = bases
        self.marker: dict[str, int] = {m: self.base_m + i for i, m in enumerate(markers)}
        self.hunter: dict[str, int] = {h: 4 + i for i, h in enumerate(hunter)}  # in the threat segment
        self.terrains: dict[str, Any] = {}
        self.seats: int = spec.seats
        self.tile_index: dict[str, int] = spec.tile_index
        self.zone_index: dict[str, int] = spec.zone_index
        self.side_index: dict[str, int] = spec.side_index
        self.kind_index: dict[str, int] = spec.kind_index
        self.card_index: dict[str, int] = spec.card_index
        self.location_index: dict[str, int] = spec.location_index
        self.decision_index: dict[str, int] = spec.decision_index
        self.threat_index: dict[str, int] = spec.threat_index
        self.slots: list[str] = list(spec.slots)
        self.locations: int = len(spec.location_cards)
        self.sides: int = len(spec.sides)
        self.cards: int = len(spec.cards)
        self.subzone: dict[str, tuple[int, int, int]] = {
            f"{t}-{name}": (k, *ROW_COLUMN[c]) for t, k in self.tile_index.items() for c, name in enumerate(cells)
        }

    def terrain(self, side: str) -> Any:
        """A tile side's first planes: in play (all ones), then its terrain (the spec's ``_terrain``)."""
        planes = self.terrains.get(side)
        if planes is None:
            planes = self.spec._terrain_planes(side, self.base_m)
            self.terrains[side] = planes
        return planes

    def write_vectors(self, st: DNZState, seat: int, v: dict[str, Any]) -> None:
        """The clock, the threat, the location slots, the survivors' rows and cards, the zones of the
        surprise cards, the decision and the last threat card, into the flat views ``v``."""
        clock: Any = st.clock
        row = v["clock"]
        row[clock.hour] = 1.0
        if st.night:
            row[24] = 1.0
        row[25] = clock.day / 3
        row[26] = st.turn / 50
        threat = st.threat
        row = v["threat"]
        row[0] = threat / 40
        row[1 + min(2, threat // 15)] = 1.0
        row[self.hunter[st.hunter]] = 1.0
        if st.hunter_damage:
            row[7] = st.hunter_damage / 8
        n = self.locations
        width = n + 4
        locations, location_index, found = v["locations"], self.location_index, st.locations
        for j, slot in enumerate(self.slots):
            loc = found.get(slot)
            if loc is not None:
                at = j * width
                locations[at + location_index.get(loc.card, 0)] = 1.0
                if loc.visited:
                    locations[at + n] = 1.0
                if loc.explored:
                    locations[at + n + 1] = len(loc.explored) / 3
                if loc.searched:
                    locations[at + n + 2] = len(loc.searched) / 3
                if loc.tiles:
                    locations[at + n + 3] = len(loc.tiles) / 3
        zone_index, city_width = self.zone_index, 3 + self.seats
        if st.surprises:
            city = v["city"]
            for z in st.surprises:
                if z in zone_index:
                    city[zone_index[z] * city_width + 2] = 1.0
        self.write_survivor_rows(st, seat, v)
        if st.steps:
            row = v["decision"]
            row[self.decision_index.get(type(st.steps[-1]).__name__, len(row) - 1)] = 1.0
        row = v["last_threat"]
        last = st.last_threat
        row[self.threat_index.get(last, len(row) - 1) if last else len(row) - 1] = 1.0

    def write_survivor_rows(self, st: DNZState, seat: int, v: dict[str, Any]) -> None:
        """Each seat's survivor: his wheels and counters, and his cards in hand, on his body and
        carried."""
        rows, hands, worn, carried = v["survivors"], v["hands"], v["worn"], v["carried"]
        card, tile_index = self.card_index, self.tile_index
        width = self.cards
        leader = st.leader
        for i, s in enumerate(st.survivors[: self.seats]):
            at = 16 * i
            rows[at] = s.health / 9
            rows[at + 1] = s.stress / 9
            rows[at + 2] = s.infection / 4
            rows[at + 3] = s.sp / 15
            rows[at + 4] = s.ap / 3
            rows[at + 5] = s.reserve / 3
            rows[at + 6] = s.ammo / 10
            rows[at + 7] = s.supplies / 10
            rows[at + 8] = s.battery / 5
            if s.dead:
                rows[at + 9] = 1.0
            elif s.tile and s.tile in tile_index:
                rows[at + 15] = 1.0  # placed on a tile in the planes
            if s.hidden:
                rows[at + 10] = 1.0
            if s.defensive:
                rows[at + 11] = 1.0
            rows[at + 12] = s.lit / 3
            if i == seat:
                rows[at + 13] = 1.0
            if leader == i:
                rows[at + 14] = 1.0
            at = width * i
            if s.weapon in card:
                hands[at + card[s.weapon]] = 1.0
            if s.off in card:
                hands[at + card[s.off]] = 1.0
            if s.worn:
                for item in s.worn.values():
                    if item in card:
                        worn[at + card[item]] = 1.0
            if s.items:
                for item in s.items:
                    if item in card:
                        carried[at + card[item]] += 1.0

    def write_tiles(self, st: DNZState, tiles: Any, sides: Any, city: Any) -> None:
        """The tiles in play: in play, terrain, markers, search markers, corpses, traps and the
        fallen's equipment in the planes; each tile's side, whether it lies in a location and its
        index there; the city zones that hold a tile."""
        tile_index, zone_index, rc = self.tile_index, self.zone_index, ROW_COLUMN
        base_x, base_m, ns = self.base_x, self.base_m, self.sides
        for t in st.tiles.values():
            k = tile_index.get(t.id)
            if k is None:
                continue
            side = t.geo.id
            tiles[:base_m, k] = self.terrain(side)
            if t.markers:
                marker = self.marker
                for c, m in t.markers.items():
                    y, x = rc[c]
                    tiles[marker[m], k, y, x] = 1.0
            for c in t.search_marks:
                y, x = rc[c]
                tiles[base_x, k, y, x] = 1.0
            if t.corpses:
                for c, pool in t.corpses.items():
                    y, x = rc[c]
                    tiles[base_x + 1, k, y, x] = len(pool)
            if t.traps:
                for c, damage in t.traps.items():
                    y, x = rc[c]
                    tiles[base_x + 2, k, y, x] = damage
            if t.crossed:
                for c in t.crossed:
                    y, x = rc[c]
                    tiles[base_x + 3, k, y, x] = 1.0
            sides[k, self.side_index.get(side, 0)] = 1.0
            if t.slot:
                sides[k, ns] = 1.0
            elif t.zone in zone_index:
                city[zone_index[t.zone], 1] = 1.0
            if t.index:
                sides[k, ns + 1] = t.index / 3

    def write_city(self, st: DNZState, tiles: Any, city: Any) -> None:
        """The noise (on a tile's subzone or in a city zone) and the enemies by kind."""
        tile_index, zone_index, rc = self.tile_index, self.zone_index, ROW_COLUMN
        base_x = self.base_x
        if st.noise:
            subzone = self.subzone
            for where, (red, yellow) in st.noise.items():
                spot = subzone.get(where)
                if spot is not None:
                    k, y, x = spot
                    tiles[base_x + 5, k, y, x] = red
                    tiles[base_x + 6, k, y, x] = yellow
                elif where in zone_index:
                    city[zone_index[where], 0] = red + yellow
        if st.enemies:
            kind_index, base_e = self.kind_index, self.base_e
            for e in st.enemies:
                on = tile_index.get(e.tile)
                if on is not None:
                    y, x = rc[e.cell]
                    tiles[base_e + kind_index.get(e.kind, 0), on, y, x] += 1.0

    def write_survivors(self, st: DNZState, tiles: Any, city: Any) -> None:
        """Where each living survivor stands: a subzone of a tile, or a city zone."""
        tile_index, zone_index = self.tile_index, self.zone_index
        base_s = self.base_s
        for i, s in enumerate(st.survivors[: self.seats]):
            if not s.dead:
                if s.tile:
                    k = tile_index.get(s.tile)
                    if k is not None:
                        y, x = ROW_COLUMN[s.cell]
                        tiles[base_s + i, k, y, x] = 1.0
                elif s.zone in zone_index:
                    city[zone_index[s.zone], 3 + i] = 1.0


class CampaignPlaces:
    """Where the observation of a campaign's spec (``campaign_research``) writes the campaign's own
    segments (all but the adventure's, which its adventure's spec writes through :class:`Places`):
    its vocabularies' indices and sizes, made once per spec."""

    def __init__(self, spec: Any) -> None:
        self.seats: int = spec.seats
        self.chapters: int = len(spec.chapters)
        self.chapter_index: dict[str, int] = spec.chapter_index
        self.phase_index: dict[str, int] = spec.phase_index
        self.path_index: dict[str, int] = spec.path_index
        self.travel_index: dict[str, int] = spec.travel_index
        self.travel_size: int = spec.travel_size
        self.shelter_index: dict[str, int] = spec.shelter_index
        self.decision_index: dict[str, int] = spec.decision_index
        self.card_index: dict[str, int] = spec.card_index
        self.skill_index: dict[str, int] = spec.skill_index
        self.ally_index: dict[str, int] = spec.ally_index
        self.cards: int = len(spec.cards)
        self.skills: int = len(spec.skills)
        self.allies: int = len(spec.allies)
        self.options: int = spec.options

    def write_campaign(self, st: CampaignState, seat: int, v: dict[str, Any]) -> None:
        """The campaign's own segments, into the flat views ``v``."""
        chapter = st.chapter
        v["chapter"][min(chapter, self.chapters)] = 1.0
        results, chapter_index = v["results"], self.chapter_index
        for cid, result in st.results:
            if cid in chapter_index:
                results[2 * chapter_index[cid] + (0 if result == "accomplished" else 1)] = 1.0
        phase = v["phase"]
        last = len(phase) - 1
        phase[self.phase_index.get(st.phase, last - 1)] = 1.0
        if st.time == "night":
            phase[last] = 1.0
        travel = self.travel_size
        row = v["campaign"]
        row[0] = st.vp / 20
        row[1] = st.vp_earned / 20
        row[2] = st.days / 10
        row[3] = st.shelter_days / 30
        row[4] = st.store / 10
        row[5] = len(st.deck) / travel
        row[6] = len(st.discard) / travel
        shelter, shelter_index = v["shelter"], self.shelter_index
        for f, level in st.facilities.items():
            if level and f != "fence" and f in shelter_index:
                shelter[2 * shelter_index[f] + (0 if level == "basic" else 1)] = 1.0
        if st.fence:
            shelter[2 * shelter_index["fence"] + (0 if st.fence == "basic" else 1)] = 1.0
        paths, path_index = v["paths"], self.path_index
        for pid in st.blocked:
            if pid in path_index:
                paths[3 * path_index[pid]] = 1.0
        for pid in st.revealed:
            if pid in path_index:
                paths[3 * path_index[pid] + 1] = 1.0
        for pid in st.route:
            if pid in path_index:
                paths[3 * path_index[pid] + 2] = 1.0
        if st.discard:
            discard, travel_index = v["discard"], self.travel_index
            for t in st.discard:
                if t in travel_index:
                    discard[travel_index[t]] += 1.0
        if st.votes:
            votes = v["votes"]
            for vote in st.votes:
                if 1 <= vote <= self.options:
                    votes[vote - 1] += 1.0
        self.write_heroes(st, seat, v)
        if st.steps:
            row = v["decision"]
            row[self.decision_index.get(type(st.steps[-1]).__name__, len(row) - 1)] = 1.0

    def write_heroes(self, st: CampaignState, seat: int, v: dict[str, Any]) -> None:
        """Each seat's hero: his wheels and counters, his cards, skills and allies."""
        rows, items, skills, allies = v["heroes"], v["items"], v["skills"], v["allies"]
        card, skill, ally = self.card_index, self.skill_index, self.ally_index
        n_cards, n_skills, n_allies = self.cards, self.skills, self.allies
        per_skill, per_ally = max(1, n_skills), max(1, n_allies)
        leader = st.leader
        for i, h in enumerate(st.heroes[: self.seats]):
            at = 13 * i
            if h.alive:
                rows[at] = 1.0
            rows[at + 1] = h.health / 9
            rows[at + 2] = h.stress / 9
            rows[at + 3] = h.infection / 4
            rows[at + 4] = h.sp / 15
            rows[at + 5] = h.ammo / 10
            rows[at + 6] = h.supplies / 10
            rows[at + 7] = h.battery / 5
            rows[at + 8] = len(h.skills) / per_skill
            rows[at + 9] = len(h.allies) / per_ally
            rows[at + 10] = h.spent / 20
            if h.seat == seat:
                rows[at + 11] = 1.0
            if h.seat == leader:
                rows[at + 12] = 1.0
            if h.items:
                at = n_cards * i
                for item in h.items:
                    if item in card:
                        items[at + card[item]] += 1.0
            at = n_skills * i
            for k in h.skills:
                if k in skill:
                    skills[at + skill[k]] = 1.0
            at = n_allies * i
            for a in h.allies:
                if a in ally:
                    allies[at + ally[a]] = 1.0
