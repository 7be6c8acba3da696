"""Day Night Z: actions name survivors, city zones, location slots, subzones of the tiles in play
(``t<n>-<cell>``: tile ids are the lowest free numbers, so at most :data:`TILES` are ever named),
enemies (``<kind><n>``, at most the box's miniatures of each kind), search cards, attack modes and the
yes/no of spending a survival point.

Observation planes (``channels x tiles x 4 x 4``): for each tile id, whether it is in play, its
terrain, terrain markers, search markers, corpses, traps, noise (red, yellow), each seat's survivor
and the enemies by kind; vectors: the city zones (survivors, noise, tiles, surprise cards left), the
tile sides, the clock, the threat and the Hunter, the location slots, each survivor's wheels and
counters, their cards in hand, body and backpack, the decision and the last threat card.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any, cast

import numpy as np

from deadboard.core.game import State
from deadboard.core.research import ActionEncoding, GameSpec, Vocabulary, one_hot, vocab
from deadboard.games.day_night_z.board import CELLS
from deadboard.games.day_night_z.content import MARKERS
from deadboard.games.day_night_z.observe import Places
from deadboard.games.day_night_z.state import DNZState
from deadboard.games.day_night_z.survivor_actions import TRAP_BASE

#: tile ids an observation and the encoding name (t1 … t40)
TILES = 40
TERRAIN = ("B", "I", "c", "h", "f", "o", "j", "s")
MODES = ("melee", "ranged", "butt", "rapid", "burst")
DECISIONS = (
    "Order",
    "StayHidden",
    "Turn",
    "KeepSearch",
    "Reorganizing",
    "SweepChoice",
    "PayThreat",
    "SpendOnCheck",
    "MakeRoom",
)
HUNTER = ("", "stalk", "board")
STOCKS = ("ammo", "supplies", "battery")


def trap_names(c: Any) -> list[str]:
    """Every trap a survivor may set: 1 to the stuff for traps' strips of trap cards, in content
    order, as the rules name them (``knife+machete``)."""
    traps = [cid for cid, card in c.search.items() if card.traps]
    strips = max(1, c.search[TRAP_BASE].capacity) if TRAP_BASE in c.search else 1
    return [
        "+".join(combo) for n in range(1, strips + 1) for combo in combinations_with_replacement(traps, n)
    ]


class DayNightZSpec(GameSpec):
    #: the tile planes hold flags and counts of figures, tokens, corpses and trap damage, never
    #: outside [0, OBS_HIGH]: written straight into the observation (GameSpec.DIRECT)
    DIRECT = ("tiles",)
    REMADE = ("_places",)  # the places the observation writes by, worked out from the content

    def build_actions(self) -> ActionEncoding:
        first = self.game.new(self.setup, 0)
        c = first.content
        board = first.board
        self.survivor_ids = [s.id for s in first.survivors]
        self.zones = [z.id for z in board.side.zones]
        self.slots = sorted(board.slot_zone)
        self.tile_ids = [f"t{k}" for k in range(1, TILES + 1)]
        self.subzones = [f"{t}-{cell}" for t in self.tile_ids for cell in CELLS]
        self.enemy_kinds = list(c.enemies)
        self.enemies = [f"{k}{n}" for k, e in c.enemies.items() for n in range(1, e.miniatures + 1)]
        self.cards = list(c.search)
        self.sides = list(c.tiles)
        self.side_cells = {sid: side.cells for sid, side in c.tiles.items()}
        self._terrains: dict[str, np.ndarray] = {}
        self._places: Places | None = None
        self.threats = [t.id for t in c.threats]
        self.location_cards = list(c.locations)
        weapons = [cid for cid, card in c.search.items() if card.weapon]
        traps = trap_names(c)
        who = vocab("survivor", self.survivor_ids)
        yes = vocab("sp", ("no", "yes"))
        sub = vocab("subzone", self.subzones)
        card = vocab("card", self.cards)
        blocks: list[tuple[str, list[Vocabulary]]] = [
            ("first", [who]),
            ("end", [who]),
            ("move", [who, vocab("place", [*self.zones, *self.subzones]), yes]),
            ("enter", [who, vocab("slot", self.slots)]),
            ("leave", [who, vocab("zone", self.zones)]),
            ("explore", [who]),
            (
                "attack",
                [
                    who,
                    vocab("target", [*self.enemies, *self.survivor_ids]),
                    vocab("weapon", weapons),
                    vocab("mode", MODES),
                    yes,
                ],
            ),
            ("throw", [who, sub, yes]),
            ("rest", [who]),
            ("defend", [who]),
            ("jump", [who, yes]),
            ("hide", [who, sub]),
            ("search-zone", [who, yes]),
            ("search-corpse", [who, sub]),
            ("search-item", [who, sub, yes]),
            ("retrieve", [who, sub]),
            ("use", [who, card]),
            ("supply", [who]),
            ("lower-threat", [who]),
            ("pay", [who, who]),
            ("light", [who]),
            ("reorganize", [who]),
            ("combine", [who, card]),
            ("trap", [who, vocab("trap-item", traps), sub, yes]),
            ("equip", [who, card]),
            ("hold", [who, card]),
            ("discard", [who, card]),
            ("spend", [who, yes]),
            ("wear", [who, card]),
            ("give", [who, vocab("thing", [*self.cards, *STOCKS]), who]),
            ("done", [who]),
            ("keep", [who, card]),
            ("sweep", [who, vocab("enemy", self.enemies)]),
            ("pass", [who]),
            ("stay", [who]),
            ("unhide", [who]),
        ]
        self.tile_index = {t: i for i, t in enumerate(self.tile_ids)}
        self.cell_index = {name: i for i, name in enumerate(CELLS)}
        self.side_index = {s: i for i, s in enumerate(self.sides)}
        self.kind_index = {k: i for i, k in enumerate(self.enemy_kinds)}
        self.zone_index = {z: i for i, z in enumerate(self.zones)}
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.location_index = {c: i for i, c in enumerate(self.location_cards)}
        self.decision_index = {x: i for i, x in enumerate(DECISIONS)}
        self.threat_index = {x: i for i, x in enumerate(self.threats)}
        return ActionEncoding(self.game.id, blocks)

    def build_layout(self) -> list[tuple[str, tuple[int, ...]]]:
        n = self.seats
        channels = 1 + len(TERRAIN) + len(MARKERS) + 5 + 2 + n + len(self.enemy_kinds)
        return [
            ("tiles", (channels, TILES, 4, 4)),
            ("sides", (TILES, len(self.sides) + 2)),  # side, location tile, access index
            ("city", (len(self.zones), 3 + n)),  # noise, a tile, a surprise card, survivors by seat
            ("clock", (27,)),  # hour one-hot, night, day, turn
            ("threat", (8,)),  # value, level (3), hunter (3), hunter damage
            ("locations", (len(self.slots), len(self.location_cards) + 4)),
            ("survivors", (n, 16)),
            ("hands", (n, len(self.cards))),
            ("worn", (n, len(self.cards))),
            ("carried", (n, len(self.cards))),
            ("decision", (len(DECISIONS) + 1,)),
            ("last_threat", (len(self.threats) + 1,)),
        ]

    def public(self, snapshot: dict[str, Any], seat: int) -> dict[str, Any]:
        out = {k: v for k, v in snapshot.items() if k not in ("rng", "steps", "decks", "surprises")}
        out["decks"] = {k: v if isinstance(v, int) else len(v) for k, v in snapshot["decks"].items()}
        surprises = snapshot["surprises"]
        out["surprises"] = sorted(surprises) if isinstance(surprises, dict) else list(surprises)
        steps = snapshot.get("steps") or []
        out["decision"] = steps[0].get("step") if steps else None
        return out

    def fill(self, p: dict[str, Any], seat: int, parts: dict[str, np.ndarray]) -> None:
        self._fill_tiles(p, parts)
        self._fill_city(p, parts)
        self._fill_survivors(p, seat, parts)
        self._fill_clock_and_threat(p, parts)
        self._fill_locations(p, parts)
        decision = p.get("decision")
        if decision is not None:
            one_hot(parts["decision"], self.decision_index, decision)
        one_hot(parts["last_threat"], self.threat_index, p["last_threat"] or None)

    def fill_state(self, state: State, seat: int, parts: dict[str, np.ndarray]) -> None:
        """:meth:`fill` of the seat's public part, read from the state's own fields (no snapshot):
        of the decks nothing, of the surprise cards only the zones they lie in. Only what is not
        zero is written (the segments come zeroed): the vectors through flat views of their floats
        (:meth:`~deadboard.core.research.GameSpec.write_flat`), first, then the tile planes and
        where the figures and tiles are (compiled: :mod:`.observe`)."""
        st = cast(DNZState, state)
        ix = self._places
        if ix is None:
            ix = self._places = Places(self, MARKERS, HUNTER, CELLS)
        views = self._views
        if views is not None and parts is self._view_parts:  # the work vector's, as at every step
            ix.write_vectors(st, seat, views)
        else:
            self.write_flat(parts, lambda views: ix.write_vectors(st, seat, views))
        tiles, city = parts["tiles"], parts["city"]
        if st.tiles:
            ix.write_tiles(st, tiles, parts["sides"], city)
        ix.write_city(st, tiles, city)
        ix.write_survivors(st, tiles, city)

    # channel offsets in the tile planes: terrain, markers, the seven extras, survivors, enemies
    def _bases(self) -> tuple[int, int, int, int]:
        base_m = 1 + len(TERRAIN)
        base_x = base_m + len(MARKERS)
        base_s = base_x + 7
        return base_m, base_x, base_s, base_s + self.seats

    def _at(self, where: str) -> tuple[int, int, int] | None:
        """The (tile, row, column) of a subzone ``t<n>-<cell>``; None for a city zone or an unnamed tile."""
        t, _, name = where.partition("-")
        if t not in self.tile_index or name not in self.cell_index:
            return None
        c = self.cell_index[name]
        return self.tile_index[t], c // 4, c % 4

    def _terrain(self, side: str, shape: tuple[int, ...]) -> np.ndarray:
        """A tile side's terrain planes (one per kind of terrain), made once per side."""
        planes = self._terrains.get(side)
        if planes is None:
            planes = np.zeros((len(TERRAIN), *shape), dtype=np.float32)
            for y, row in enumerate(self.side_cells[side]):
                for x, code in enumerate(row):
                    if code in TERRAIN:
                        planes[TERRAIN.index(code), y, x] = 1.0
            self._terrains[side] = planes
        return planes

    def _terrain_planes(self, side: str, first: int) -> np.ndarray:
        """A tile side's first ``first`` planes (:meth:`_bases`): in play (all ones), then its
        terrain (:meth:`_terrain`); what :class:`~.observe.Places` copies for each tile in play."""
        planes = np.ones((first, 4, 4), dtype=np.float32)
        planes[1:] = self._terrain(side, (4, 4))
        return planes

    def _fill_tiles(self, p: dict[str, Any], parts: dict[str, np.ndarray]) -> None:
        tiles = parts["tiles"]
        cell = self.cell_index
        base_m, base_x, _, _ = self._bases()
        for tid, info in p["tiles"].items():
            if tid not in self.tile_index:
                continue
            k = self.tile_index[tid]
            tiles[0, k] = 1.0
            tiles[1: 1 + len(TERRAIN), k] = self._terrain(info["side"], tiles.shape[2:])
            for name, marker in info["markers"].items():
                c = cell[name]
                tiles[base_m + MARKERS.index(marker), k, c // 4, c % 4] = 1.0
            for name in info["search"]:
                tiles[base_x, k, cell[name] // 4, cell[name] % 4] = 1.0
            for name, count in info["corpses"].items():
                tiles[base_x + 1, k, cell[name] // 4, cell[name] % 4] = count
            for name, dmg in info["traps"].items():
                tiles[base_x + 2, k, cell[name] // 4, cell[name] % 4] = dmg
            for name in info["crossed"]:
                tiles[base_x + 3, k, cell[name] // 4, cell[name] % 4] = 1.0
            parts["sides"][k, self.side_index.get(info["side"], 0)] = 1.0
            parts["sides"][k, len(self.sides)] = float(bool(info["slot"]))
            parts["sides"][k, len(self.sides) + 1] = info["index"] / 3

    def _fill_city(self, p: dict[str, Any], parts: dict[str, np.ndarray]) -> None:
        """Noise (on tiles or in city zones), city tiles, surprise cards left and the enemies."""
        tiles = parts["tiles"]
        _, base_x, _, base_e = self._bases()
        zone_index = self.zone_index
        for where, (red, yellow) in p["noise"].items():
            spot = self._at(where)
            if spot is not None:
                k, y, x = spot
                tiles[base_x + 5, k, y, x] = red
                tiles[base_x + 6, k, y, x] = yellow
            elif where in zone_index:
                parts["city"][zone_index[where], 0] = red + yellow
        for info in p["tiles"].values():
            if not info["slot"] and info["zone"] in zone_index:
                parts["city"][zone_index[info["zone"]], 1] = 1.0
        for z in p["surprises"]:
            if z in zone_index:
                parts["city"][zone_index[z], 2] = 1.0
        for _eid, kind, where, _damage in p["enemies"]:
            spot = self._at(where)
            if spot is not None:
                k, y, x = spot
                tiles[base_e + self.kind_index.get(kind, 0), k, y, x] += 1.0

    def _fill_survivors(self, p: dict[str, Any], seat: int, parts: dict[str, np.ndarray]) -> None:
        tiles = parts["tiles"]
        _, _, base_s, _ = self._bases()
        card = self.card_index
        for i, s in enumerate(p["survivors"][: self.seats]):
            spot = self._at(s["where"]) if not s["dead"] else None
            if spot is not None:
                k, y, x = spot
                tiles[base_s + i, k, y, x] = 1.0
            elif not s["dead"] and s["where"] in self.zone_index:
                parts["city"][self.zone_index[s["where"]], 3 + i] = 1.0
            parts["survivors"][i] = (
                s["health"] / 9,
                s["stress"] / 9,
                s["infection"] / 4,
                s["sp"] / 15,
                s["ap"] / 3,
                s["reserve"] / 3,
                s["ammo"] / 10,
                s["supplies"] / 10,
                s["battery"] / 5,
                float(s["dead"]),
                float(s["hidden"]),
                float(s["defensive"]),
                s["lit"] / 3,
                float(i == seat),
                float(p["leader"] == i),
                float(bool(spot)),
            )
            for hand in (s["weapon"], s.get("off", "")):
                if hand in card:
                    parts["hands"][i, card[hand]] = 1.0
            for item in s["worn"].values():
                if item in card:
                    parts["worn"][i, card[item]] = 1.0
            for item in s["items"]:
                if item in card:
                    parts["carried"][i, card[item]] += 1.0

    def _fill_clock_and_threat(self, p: dict[str, Any], parts: dict[str, np.ndarray]) -> None:
        clock = p["clock"]
        parts["clock"][clock["hour"]] = 1.0
        parts["clock"][24] = float(clock["night"])
        parts["clock"][25] = clock["day"] / 3
        parts["clock"][26] = p["turn"] / 50
        level = min(2, p["threat"] // 15)
        parts["threat"][0] = p["threat"] / 40
        parts["threat"][1 + level] = 1.0
        parts["threat"][4 + HUNTER.index(p["hunter"])] = 1.0
        parts["threat"][7] = p["hunter_damage"] / 8

    def _fill_locations(self, p: dict[str, Any], parts: dict[str, np.ndarray]) -> None:
        n = len(self.location_cards)
        for j, slot in enumerate(self.slots):
            loc = p["locations"].get(slot)
            if loc is None:
                continue
            row = parts["locations"][j]
            row[self.location_index.get(loc["card"], 0)] = 1.0
            row[n:] = (
                float(loc["visited"]),
                len(loc["explored"]) / 3,
                len(loc["searched"]) / 3,
                len(loc["tiles"]) / 3,
            )
