"""The effects printed on cards (exploration, city encounter, surprise, threat side B, infection):
each effect a small record (content.Effect) resolved here for the survivor who drew the card, or for
every survivor it names. A check a card asks for waits for the survivor's decision to spend a
survival point on it (``SpendOnCheck``); the effects after it resolve once it is rolled."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.games.day_night_z.actions import LowerThreat, Spend
from deadboard.games.day_night_z.board import subzone_name
from deadboard.games.day_night_z.concepts import (
    add_noise,
    check,
    cure,
    damage,
    gain_sp,
    gain_stress,
    heal,
    health_level,
    infect,
    raise_threat,
    stress_level,
)
from deadboard.games.day_night_z.content import Effect
from deadboard.games.day_night_z.inventory import held, release
from deadboard.games.day_night_z.lowering import lower, offer
from deadboard.games.day_night_z.records import Threat
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
    discards = state.deck(deck + "-discard")
    cid = state.draw(deck)
    if cid is None:
        cards = state.deck(deck)
        cards.extend(discards)
        discards.clear()
        state.rng.shuffle(cards)
        cid = cards.pop()
    discards.append(cid)
    return cid


def resolve(state: DNZState, s: Survivor, effects: Sequence[Effect], on: TileInPlay | None = None) -> Steps:
    """Resolve ``effects`` for ``s`` as far as they go without a decision; return the steps of the
    rest: a check the survivor may spend a survival point on ("The survivors may try to improve the
    success chance of any roll (attack, attribute check, etc.)", §3.5) and the effects after it.
    An effect that ends the activation marks the survivor ``halted`` (the activation reads it).
    ``on``: the tile the card acts on when it is not the survivor's own (an exploration card acts on
    the tile just deployed: its markers, enemies and noise go there)."""
    effects = tuple(effects)
    for i, e in enumerate(effects):
        if s.dead or state.over:
            break
        if e.kind == "check":
            more = card_check(state, s, e, on)
            if more:
                rest = effects[i + 1 :]
                return (*more, ResolveEffects(s.id, rest, on.id if on else "")) if rest else more
            continue
        survivor_effect = _ON_SURVIVOR.get(e.kind)
        if survivor_effect is not None:
            if not survivor_effect(state, s, e, on):
                s.halted = True
            continue
        tile = on if on is not None else (state.tiles[s.tile] if s.tile else None)
        tile_effect = _ON_TILE.get(e.kind)
        if tile_effect is not None and tile is not None:
            tile_effect(state, tile, e)
    return ()


def card_check(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> Steps:
    """A check a card asks for: a survivor with survival points decides first whether he spends one
    ("It must be decided before rolling"); one without rolls at once."""
    if s.sp > 0:
        return (SpendOnCheck(s.seat, s.id, e, on.id if on else ""),)
    return roll_card_check(state, s, e, on, False)


def roll_card_check(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None, spend: bool) -> Steps:
    ok = check(state, s, e.attribute, e.penalty, spend, e.what or f"{e.attribute.replace('_', ' ')} (card)")
    return resolve(state, s, e.success if ok else e.fail, on)


@dataclass(slots=True)
class ResolveEffects(Auto[DNZState]):
    """The effects of a card still to resolve for a survivor after a decision."""

    who: str
    effects: tuple[Effect, ...]
    on: str  # the tile the card acts on ("" the survivor's own)

    def run(self, state: DNZState) -> Steps:
        return resolve(
            state, state.survivor(self.who), self.effects, state.tiles.get(self.on) if self.on else None
        )


@classvars(kind="spend")
@dataclass(slots=True)
class SpendOnCheck(Choice[DNZState, Spend | LowerThreat]):
    """Before a check a card (or the Day-Night counter) asks for: spend a survival point on it? (Or
    lower the threat first, lowering.py.)"""

    seat: int
    who: str
    effect: Effect
    on: str

    def actions(self, state: DNZState) -> list[Spend | LowerThreat]:
        s = state.survivor(self.who)
        if s.dead:
            return []
        if s.sp <= 0:
            return [Spend(self.who, False)]
        out: list[Spend | LowerThreat] = [Spend(self.who, False), Spend(self.who, True)]
        lowering = offer(state, s)
        if lowering is not None:
            out.append(lowering)
        return out

    def apply(self, state: DNZState, action: Spend | LowerThreat) -> Steps:
        s = state.survivor(self.who)
        if isinstance(action, LowerThreat):
            return (*lower(state, s), self)
        on = state.tiles.get(self.on) if self.on else None
        return roll_card_check(state, s, self.effect, on, action.sp)

    def prompt(self, state: DNZState) -> str:
        e = self.effect
        what = e.what or e.attribute.replace("_", " ")
        return (
            f"{state.survivor(self.who).name}: spend a survival point on the {what} check"
            + (f" ({e.penalty:+d} dice)?".replace("-", "−") if e.penalty else "?")
        )


#: the steps a card's resolution may leave for later (an activation goes on after them)
CARD_STEPS: Final = (ResolveEffects, SpendOnCheck)


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
    add_noise(state, subzone_name(on.id, on.geo.access) if on is not None else s.where, e.n)
    return True


def _city_tile(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    if not s.tile:
        tile = city_tile_for(state, s.zone)
        move_onto(state, s, tile, tile.geo.access)
    return True


def _break(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    """The weapon in the survivor's hands breaks (the main hand's first)."""
    weapon = next((c for c in held(s) if state.items[c].weapon), "")
    if weapon:
        state.emit("break", f"{s.name}'s {state.items[weapon].name} breaks", {"who": s.id})
        release(s, weapon)
        state.deck("search-discard").append(weapon)
    return True


def _cure(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    cure(state, s, e.n)
    return True


def _end_activation(state: DNZState, s: Survivor, e: Effect, on: TileInPlay | None) -> bool:
    return False


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


_ON_SURVIVOR: Final[dict[str, Callable[[DNZState, Survivor, Effect, TileInPlay | None], bool]]] = {
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
    "cure": _cure,
}

_ON_TILE: Final[dict[str, Callable[[DNZState, TileInPlay, Effect], None]]] = {
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


def meets(state: DNZState, s: Survivor, card: Threat) -> bool:
    """Whether ``s`` meets the conditions on side B of a threat card (§3.2)."""
    c = card.condition
    if c == "always":
        return True
    if c == "fired-ranged":
        return s.fired and s.ammo > 0
    if c == "noise":
        return any(k == s.where for k, (r, y) in state.noise.items() if r or y)
    if c == "stress-red":
        return stress_level(state, s) == "red"
    if c == "wounded":
        return health_level(state, s)[0] == "red"
    if c == "in-city":
        return not s.tile
    if c == "on-tile":
        return bool(s.tile)
    if c == "night":
        return state.night
    return c == "infected" and s.infection > 0
