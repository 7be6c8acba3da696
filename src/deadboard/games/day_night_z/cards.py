"""The effects printed on cards (exploration, city encounter, surprise, threat side B, infection):
each effect a small record (content.Effect) resolved here for the survivor who drew the card, or for
every survivor it names. Checks a card asks for are rolled without a survival point (rulings)."""

from __future__ import annotations

from collections.abc import Sequence

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
        k = e.kind
        if k == "threat":
            raise_threat(state, e.n, "card")
        elif k == "stress":
            gain_stress(state, s, e.n)
        elif k == "damage":
            damage(state, s, e.n, "card")
        elif k == "heal":
            heal(state, s, e.n)
        elif k == "sp":
            gain_sp(state, s, e.n)
        elif k == "supplies":
            s.supplies = max(0, s.supplies + e.n)
        elif k == "ammo":
            s.ammo = max(0, s.ammo + e.n)
        elif k == "battery":
            s.battery = max(0, s.battery + e.n)
        elif k == "infection":
            infect(state, s, e.n, "card")
        elif k == "noise":
            add_noise(state, f"{on.id}-{CELLS[on.geo.access]}" if on is not None else s.where, e.n)
        elif k == "city-tile":
            if not s.tile:
                tile = city_tile_for(state, s.zone)
                move_onto(state, s, tile, tile.geo.access)
        elif k in ("spawn", "enemy", "terrain", "search-marker"):
            if tile is None:
                continue
            if k == "spawn":
                draw_spawn(state, tile, _cards(state, tile, e))
            elif k == "enemy":
                place_enemies(state, tile, by_initiative(state, (e.enemy,) * e.n))
            elif k == "terrain":
                marker = e.marker
                if marker == "location":
                    if not tile.slot:
                        continue
                    marker = state.content.locations[state.locations[tile.slot].card].zones[tile.index].marker
                place_marker(state, tile, marker)
            else:
                place_search_marker(state, tile)
        elif k == "break":
            if s.weapon:
                state.emit("break", f"{s.name}'s {state.content.search[s.weapon].name} breaks", {"who": s.id})
                s.items.remove(s.weapon)
                state.decks["search-discard"].append(s.weapon)
                s.weapon = ""
        elif k == "end-activation":
            go_on = False
        elif k == "check":
            ok = check(state, s, e.attribute, e.penalty, what=f"card's {e.attribute.replace('_', ' ')}")
            go_on = resolve(state, s, e.success if ok else e.fail, on) and go_on
    return go_on


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
