"""The effects printed on cards (exploration, city encounter, surprise, threat side B, infection):
each effect a small record (content.Effect) resolved here for the survivor who drew the card, or for
every survivor it names. Checks a card asks for are rolled without a survival point (rulings)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from deadboard.games.day_night_z.concepts import (
    add_noise,
    check,
    damage,
    gain_sp,
    gain_stress,
    heal,
    infect,
    raise_threat,
)
from deadboard.games.day_night_z.content import Effect, ThreatCard
from deadboard.games.day_night_z.geometry import CELLS
from deadboard.games.day_night_z.spawn import (
    by_initiative,
    city_tile_for,
    draw_spawn,
    move_onto,
    place_enemies,
    place_marker,
    place_search_marker,
)
from deadboard.games.day_night_z.state import DNZState, Survivor, TileInPlay


def draw_card(state: DNZState, deck: str) -> str:
    """The top card of a deck, the discards shuffled back in when it is empty; the card goes to the
    discards."""
    cards = state.decks[deck]
    if not cards:
        cards.extend(state.decks[deck + "-discard"])
        state.decks[deck + "-discard"].clear()
        state.rng.shuffle(cards)
    cid = cards.pop()
    state.decks[deck + "-discard"].append(cid)
    return cid


def resolve(state: DNZState, s: Survivor, effects: Sequence[Effect], on: TileInPlay | None = None) -> bool:
    """Resolve ``effects`` for ``s``; returns False if one ends the activation. ``on``: the tile the
    card acts on when it is not the survivor's own (an exploration card acts on the tile just
    deployed: its markers, enemies and noise go there)."""
    go_on = True
    for e in effects:
        tile = on if on is not None else (state.tiles[s.tile] if s.tile else None)
        if s.dead or state.over:
            break
        survivor_effect = _ON_SURVIVOR.get(e.kind)
        if survivor_effect is not None:
            go_on = survivor_effect(state, s, e, on) and go_on
            continue
        tile_effect = _ON_TILE.get(e.kind)
        if tile_effect is not None and tile is not None:
            tile_effect(state, tile, e)
    return go_on


# Effects on the survivor (or the game): each returns False if it ends the activation.


def _threat(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    raise_threat(state, e.n, "card")
    return True


def _stress(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    gain_stress(state, s, e.n)
    return True


def _damage(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    damage(state, s, e.n, "card")
    return True


def _heal(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    heal(state, s, e.n)
    return True


def _sp(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    gain_sp(state, s, e.n)
    return True


def _supplies(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    s.supplies = max(0, s.supplies + e.n)
    return True


def _ammo(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    s.ammo = max(0, s.ammo + e.n)
    return True


def _battery(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    s.battery = max(0, s.battery + e.n)
    return True


def _infection(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    infect(state, s, e.n, "card")
    return True


def _noise(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    add_noise(state, f"{on.id}-{CELLS[on.geo.access]}" if on is not None else s.where, e.n)
    return True


def _city_tile(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    if not s.tile:
        tile = city_tile_for(state, s.zone)
        move_onto(state, s, tile, tile.geo.access)
    return True


def _break(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    if s.weapon:
        state.emit("break", f"{s.name}'s {state.content.search[s.weapon].name} breaks", {"who": s.id})
        s.items.remove(s.weapon)
        state.decks["search-discard"].append(s.weapon)
        s.weapon = ""
    return True


def _end_activation(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    return False


def _attribute_check(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    ok = check(state, s, e.attribute, e.penalty, what=f"card's {e.attribute.replace('_', ' ')}")
    return resolve(state, s, e.success if ok else e.fail, on)


# Effects on the tile the card acts on (none when the survivor is in the city and the card names no tile).


def _spawn(state: DNZState, tile: TileInPlay, e: Effect) -> None:
    draw_spawn(state, tile, _cards(state, tile, e))


def _enemy(state: DNZState, tile: TileInPlay, e: Effect) -> None:
    place_enemies(state, tile, by_initiative(state, (e.enemy,) * e.n))


def _terrain(state: DNZState, tile: TileInPlay, e: Effect) -> None:
    marker = e.marker
    if marker == "location":
        if not tile.slot:
            return
        marker = state.content.locations[state.locations[tile.slot].card].zones[tile.index].marker
    place_marker(state, tile, marker)


def _search_marker(state: DNZState, tile: TileInPlay, e: Effect) -> None:
    place_search_marker(state, tile)


_ON_SURVIVOR: dict[str, Callable[[DNZState, Survivor, Effect, TileInPlay | None], bool]] = {
    "threat": _threat,
    "stress": _stress,
    "damage": _damage,
    "heal": _heal,
    "sp": _sp,
    "supplies": _supplies,
    "ammo": _ammo,
    "battery": _battery,
    "infection": _infection,
    "noise": _noise,
    "city-tile": _city_tile,
    "break": _break,
    "end-activation": _end_activation,
    "check": _attribute_check,
}

_ON_TILE: dict[str, Callable[[DNZState, TileInPlay, Effect], None]] = {
    "spawn": _spawn,
    "enemy": _enemy,
    "terrain": _terrain,
    "search-marker": _search_marker,
}


def _cards(state: DNZState, tile: TileInPlay, e: Effect) -> int:
    if e.of == "nj":
        return state.setup.players
    if e.of == "location":
        if not tile.slot:
            return 1
        zone = state.content.locations[state.locations[tile.slot].card].zones[tile.index]
        return zone.spawn[min(3, state.setup.players - 1)]
    return e.n


def meets(state: DNZState, s: Survivor, card: ThreatCard) -> bool:
    """Whether ``s`` meets the conditions on side B of a threat card (§3.2)."""
    c = card.condition
    if c == "always":
        return True
    if c == "fired-ranged":
        return s.fired and s.ammo > 0
    if c == "noise":
        return any(k == s.where for k, (r, y) in state.noise.items() if r or y)
    if c == "stress-red":
        from deadboard.games.day_night_z.concepts import stress_level

        return stress_level(state, s) == "red"
    if c == "wounded":
        from deadboard.games.day_night_z.concepts import health_level

        return health_level(state, s)[0] == "red"
    if c == "in-city":
        return not s.tile
    if c == "on-tile":
        return bool(s.tile)
    if c == "night":
        return state.night
    return c == "infected" and s.infection > 0
