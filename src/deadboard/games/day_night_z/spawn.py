"""Rulebook §3.10 (terrain marker placement), §3.12 (enemy spawn and placement), §3.13 (the Hunter),
§3.2 (the threat rise when the last survivor leaves a tile) and the deployment of tiles (§4.9, §4.11).

Placement order at a threat colour: the terrain markers with the code 0 0 0 first (in the order they
were placed), then the subzones numbered 1, 2, 3 … of that colour, round again, never past 4
miniatures; when that colour is full, the next colours (green: yellow then red; yellow: red then
green; red: yellow then green); when the whole tile is full the rest are discarded."""

from __future__ import annotations

from typing import Final

from deadboard.games.day_night_z import phrases
from deadboard.games.day_night_z.board import subzone_name
from deadboard.games.day_night_z.concepts import (
    deserted,
    discard_tiles,
    raise_threat,
    rise_for,
    roll,
    threat_level,
)
from deadboard.games.day_night_z.records import Foe
from deadboard.games.day_night_z.state import DNZState, Enemy, Survivor, TileInPlay

OVERFLOW: Final = {
    "green": ("green", "yellow", "red"),
    "yellow": ("yellow", "red", "green"),
    "red": ("red", "yellow", "green"),
}
#: terrain markers without the 0 0 0 code ("blocked terrain, fire terrain, impassable terrain/vehicle")
UNCODED: Final = ("fire", "blocked", "impassable", "vehicle")


def deploy(state: DNZState, side: str, zone: str, slot: str = "", index: int = 0) -> TileInPlay:
    tile = TileInPlay(state.tile_id(), state.tile_geometry(side), zone, slot, index)
    state.tiles[tile.id] = tile
    state.emit(
        "tile",
        f"The {tile.geo.side.name} tile ({side}) is laid out in {zone}"
        + (f" ({phrases.tile_place(state, tile)})" if tile.slot else ""),
        {"tile": tile.id, "side": side, "zone": zone},
    )
    return tile


def city_tile_for(state: DNZState, zone: str) -> TileInPlay:
    """The city tile deployed in ``zone`` (a random free city tile side is deployed if none is)."""
    for t in state.tiles.values():
        if not t.slot and t.zone == zone:
            return t
    sides = state.content.city_sides
    return deploy(state, sides[state.rng.below(len(sides))], zone)


def enemy_profile(state: DNZState, kind: str) -> Foe:
    """The side of an enemy's profile card in use now: the night side by night (§3.1)."""
    return state.foes[1 if state.night else 0][kind]


def place_order(state: DNZState, tile: TileInPlay, colour: str) -> list[int]:
    """The cells of one round of placement at ``colour``: 0 0 0 markers first, then by number."""
    coded = [c for c, m in tile.markers.items() if m not in UNCODED]
    return coded + [c for c in tile.geo.numbers[colour] if c not in tile.markers]


def place_enemies(state: DNZState, tile: TileInPlay, kinds: list[str]) -> list[Enemy]:
    """Place enemies of ``kinds`` (already in placement order) on ``tile`` (§3.12)."""
    colour, _ = threat_level(state)
    counts = state.counts(tile.id)
    blocked = {c for c, m in tile.markers.items() if m in UNCODED}
    placed: list[Enemy] = []
    cursor = {c: 0 for c in OVERFLOW}
    for kind in kinds:
        cell = -1
        for col in OVERFLOW[colour]:
            order = [c for c in place_order(state, tile, col) if c not in blocked]
            if not order or all(counts[c] >= 4 for c in order):
                continue
            k = cursor[col]
            while counts[order[k % len(order)]] >= 4:
                k += 1
            cell = order[k % len(order)]
            cursor[col] = k + 1
            break
        eid = state.enemy_id(kind)
        if cell < 0 or eid is None:
            why = "the tile is full" if cell < 0 else f"every {kind} miniature is in play"
            state.emit("discard", f"{why}: a {phrases.enemy_kind(state, kind)} is not placed", {"kind": kind})
            continue
        counts[cell] += 1
        enemy = Enemy(eid, kind, tile.id, cell, state.hunter_damage if kind == "hunter" else 0)
        state.enemies.append(enemy)
        placed.append(enemy)
    if placed:
        state.emit(
            "spawn",
            phrases.spawned(state, placed),
            {"tile": tile.id, "enemies": [e.id for e in placed]},
        )
    return placed


def by_initiative(state: DNZState, kinds: tuple[str, ...]) -> list[str]:
    """A card's enemies in placement order: the higher initiative first (stable)."""
    sides = state.foes[0]
    return sorted(kinds, key=lambda k: -sides[k].initiative)


def draw_spawn(state: DNZState, tile: TileInPlay, cards: int) -> list[Enemy]:
    """Draw ``cards`` spawn cards and place their enemies for the threat colour: the first card's
    first, each card's by initiative, the numbers running on from one card to the next."""
    colour, _ = threat_level(state)
    kinds: list[str] = []
    discards = state.deck("spawn-discard")
    for _ in range(cards):
        card_id = state.draw("spawn")
        if card_id is None:
            deck = state.deck("spawn")
            deck.extend(discards)
            discards.clear()
            state.rng.shuffle(deck)
            card_id = deck.pop()
        discards.append(card_id)
        card = state.content.spawn_cards[card_id]
        kinds += by_initiative(state, getattr(card, colour))
    return place_enemies(state, tile, kinds)


def roll_cell(state: DNZState, tile: TileInPlay) -> int:
    """A subzone chosen by a die roll: the one showing the rolled icon. Terrain markers negate the
    icons of their subzone, so a roll whose icon is covered (or not printed) is rolled again; after
    six rolls without a free icon the marker is not placed (-1)."""
    for _ in range(6):
        face = roll(state, 1)[0]
        cell = tile.geo.icons.get(face, -1)
        if cell >= 0 and cell not in tile.markers and cell not in tile.search_marks:
            return cell
    return -1


def place_marker(state: DNZState, tile: TileInPlay, marker: str) -> int:
    cell = roll_cell(state, tile)
    if cell >= 0:
        tile.markers[cell] = marker
        state.emit(
            "marker",
            f"A {marker} terrain marker is placed in {phrases.square(state, subzone_name(tile.id, cell))}",
            {"tile": tile.id, "cell": cell, "marker": marker},
        )
    return cell


def place_search_marker(state: DNZState, tile: TileInPlay) -> int:
    cell = roll_cell(state, tile)
    if cell >= 0:
        tile.search_marks.add(cell)
        state.emit(
            "marker", f"A search marker is placed in {phrases.square(state, subzone_name(tile.id, cell))}", {"tile": tile.id, "cell": cell}
        )
    return cell


def enemy_points(state: DNZState, tiles: list[str]) -> int:
    sides = state.foes[0]
    return sum(sides[e.kind].sp for e in state.enemies if e.tile in tiles)


def leave_check(state: DNZState, tile_id: str) -> None:
    """After a survivor left ``tile_id`` (§3.2): if no survivor is left on it (or on any tile of its
    location), its tiles are discarded and the threat rises by the survivor points of the enemies
    left there; the Hunter goes back to the stalk area (§3.13)."""
    left = deserted(state, tile_id)
    if left is None:
        return
    tile, group = left
    points = enemy_points(state, group)
    hunter = discard_tiles(state, tile, group)
    state.emit(
        "discard",
        f"The survivors leave {phrases.tile_place(state, tile)}: {'its tiles are' if len(group) > 1 else 'the tile is'} discarded"
        f" ({phrases.count(points, 'survival point')} of enemies left behind)",
        {"tiles": group, "points": points},
    )
    if hunter:
        state.hunter = "stalk"
        state.emit("hunter", "The Hunter goes back to the stalk area", {})
    raise_threat(state, rise_for(state, points), "survivors left enemies behind")


def hunter_icon(state: DNZState) -> None:
    """The Hunter icon in the adjustment phase (§3.13): by night only; the first time it goes to
    the stalk area; from then on, with a survivor in a city area, it spawns beside a random one."""
    if not state.night or state.hunter_killed or state.hunter == "board":
        return
    if state.hunter == "":
        state.hunter = "stalk"
        state.emit("hunter", "The Hunter appears in the stalk area", {})
        return
    in_city = [s for s in state.living() if not s.tile or not state.tiles[s.tile].slot]
    if not in_city:
        return
    s = in_city[state.rng.below(len(in_city))]
    if not s.tile:
        sides = state.content.city_sides
        tile = deploy(state, sides[state.rng.below(len(sides))], s.zone)
        move_onto(state, s, tile, tile.geo.access)
    else:
        tile = state.tiles[s.tile]
    state.hunter = "board"
    state.emit("hunter", f"The Hunter appears beside {s.name}", {"who": s.id})
    place_enemies(state, tile, ["hunter"])


def move_onto(state: DNZState, s: Survivor, tile: TileInPlay, cell: int) -> None:
    """Place a survivor on a tile's subzone, or, if it is full, on a free adjacent one (§4.9)."""
    counts = state.counts(tile.id)
    if counts[cell] >= 4:
        free = [c for c in tile.geo.neighbours[cell] if counts[c] < 4 and not tile.geo.no_enter[c]]
        if free:
            cell = free[0]
    s.tile, s.cell, s.zone = tile.id, cell, tile.zone
