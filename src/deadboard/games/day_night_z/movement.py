"""Rulebook §4.9-§4.11: moving on the city board and on the tiles, entering and leaving locations,
and exploring."""

from __future__ import annotations

from typing import Final

from deadboard.core.action import Action
from deadboard.core.kernel import Steps
from deadboard.games.day_night_z import actions as A
from deadboard.games.day_night_z import phrases, skill_effects
from deadboard.games.day_night_z.board import INDEX, subzone_name
from deadboard.games.day_night_z.cards import draw_card, resolve
from deadboard.games.day_night_z.concepts import (
    add_noise,
    check,
    gain_stress,
    roll,
)
from deadboard.games.day_night_z.spawn import deploy, draw_spawn, enemy_profile, leave_check, move_onto
from deadboard.games.day_night_z.state import DNZState, Survivor, TileInPlay


def within_turn(s: Survivor, steps: Steps) -> Steps | None:
    """A card resolved during an activation: its steps left for later (the activation reads
    ``halted`` after them), else None if it ended the activation."""
    if steps:
        return steps
    if s.halted:
        s.halted = False
        return None
    return ()


def spot_name(tile: str, cell: int) -> str:
    return subzone_name(tile, cell)


def parse_spot(name: str) -> tuple[str, int]:
    tile, _, cell = name.partition("-")
    return tile, INDEX[cell]


def others_in_zone(state: DNZState, s: Survivor, zone: str) -> bool:
    for o in state.survivors:  # noqa: SIM110 (asked at every move in the city: no generator)
        if o.zone == zone and o is not s and not o.dead and not o.tile:
            return True
    return False


def tile_in_zone(state: DNZState, zone: str) -> TileInPlay | None:
    for t in state.tiles.values():
        if not t.slot and t.zone == zone:
            return t
    return None


def needs_escape(state: DNZState, s: Survivor) -> bool:
    return bool(s.tile) and not s.hidden and state.enemy_at(s.tile, s.cell)


def unexplored(state: DNZState, tile: TileInPlay) -> list[int]:
    loc = state.locations[tile.slot]
    card = state.content.locations[loc.card]
    deployed = {state.tiles[t].index for t in loc.tiles if t in state.tiles}
    return [i for i in range(len(card.zones)) if i not in deployed]


def move(state: DNZState, s: Survivor, a: A.Move) -> Steps | None:
    if not s.tile:
        return city_move(state, s, a.to)
    tile_id, cell = parse_spot(a.to)
    s.ap -= 1
    if needs_escape(state, s):
        evasion = min(enemy_profile(state, e.kind).evasion for e in state.enemies_at(s.tile, s.cell))
        evasion = skill_effects.escape(state, s, evasion)
        if not check(state, s, "agility", evasion, a.sp, "escape (agility)"):
            return ()
    tile = state.tiles[tile_id]
    if tile.geo.terrain[cell] in "fo" or tile.markers.get(cell) in ("flooded", "hollow"):
        if s.ap >= 1:
            s.ap -= 1
        else:
            gain_stress(state, s, 1)
            state.emit("stress", f"{s.name} wades in short of AP: 1 stress point", {"who": s.id})
    s.tile, s.cell = tile_id, cell
    if tile.markers.get(cell) == "noisy":
        add_noise(state, spot_name(tile_id, cell), 1, s)
    return ()


def city_move(state: DNZState, s: Survivor, to: str) -> Steps | None:
    """CITY BOARD LEVEL MOVEMENT (§4.9): 1 AP a zone; into or out of an alley (STOP) the
    activation ends; a surprise zone is resolved at once; a zone with a deployed city tile puts the
    survivor on its access subzone."""
    kinds = state.board.kinds
    from_alley = kinds[s.zone] == "alley"
    s.ap -= 1
    s.zone = to
    kind = kinds[to]
    state.emit("move", f"{s.name} moves to {to}", {"who": s.id, "to": to})
    tile = tile_in_zone(state, to)
    if tile is not None:
        s.encounter = False
        move_onto(state, s, tile, tile.geo.access)
        return ()
    if kind == "surprise" and to in state.surprises:
        return surprise(state, s, to)
    free = not others_in_zone(state, s, to)
    s.encounter = free
    if kind == "alley" or from_alley:
        return None
    return ()


def surprise(state: DNZState, s: Survivor, to: str) -> Steps | None:
    """Moving into a surprise zone whose card is still face down: "A survivor must end for a moment
    his activation and resolve the card. Then, if it is possible, he will continue his activation"
    (whether he came from a street zone or from a deployed tile: until its card is solved the zone
    is no normal street zone)."""
    card = state.content.surprises[state.surprises.pop(to)]
    state.emit("surprise", f"{s.name} finds a surprise: {card.name}", {"who": s.id, "card": card.id})
    s.encounter = False
    return within_turn(s, resolve(state, s, card.effects))


def enter_location(state: DNZState, s: Survivor, slot: str) -> Steps | None:
    """Moving from a street zone (or its deployed city tile) into a location (§4.9): the location
    card is turned, its access tile deployed, 1 AP places the survivor in its access subzone; the
    first visit draws an exploration card, a later one the location card's spawn cards."""
    s.ap -= 1
    loc = state.locations[slot]
    card = state.content.locations[loc.card]
    old = s.tile
    if loc.tiles:
        tile = state.tiles[loc.tiles[0]]
        move_onto(state, s, tile, tile.geo.access)
        if old:
            leave_check(state, old)
        return ()
    tile = deploy(state, card.zones[0].tile, state.board.slot_zone[slot], slot, 0)
    loc.tiles.append(tile.id)
    move_onto(state, s, tile, tile.geo.access)
    s.encounter = False
    if old:
        leave_check(state, old)
    state.emit("enter", f"{s.name} enters the {card.name}", {"who": s.id, "location": card.id})
    if not loc.visited:
        loc.visited = True
        loc.explored.add(0)
        return within_turn(s, exploration(state, s))
    draw_spawn(state, tile, card.zones[0].spawn[min(3, state.setup.players - 1)])
    return ()


def exploration(state: DNZState, s: Survivor) -> Steps:
    """Draw an exploration card for the tile the survivor just entered."""
    return resolve_on(state, s, state.tiles[s.tile])


def leave(state: DNZState, s: Survivor, to: str) -> Steps | None:
    """Moving from a deployed tile to a city zone (§4.9): 1 AP from the exit subzone; a zone with a
    deployed tile puts the survivor on its access subzone; an alley ends the activation; the threat
    rises if he was the last survivor on the tile (§3.2)."""
    old = s.tile
    s.ap -= 1
    s.tile, s.cell, s.zone = "", -1, to
    s.hidden = False
    leave_check(state, old)
    state.emit(
        "move",
        f"{s.name} leaves {phrases.tile_place(state, state.tiles[old]) if old in state.tiles else 'the tile'} for {to}",
        {"who": s.id, "to": to},
    )
    tile = tile_in_zone(state, to)
    if tile is not None:
        move_onto(state, s, tile, tile.geo.access)
        return ()
    kind = state.board.kinds[to]
    if kind == "surprise" and to in state.surprises:
        return surprise(state, s, to)
    s.encounter = not others_in_zone(state, s, to)
    if kind == "alley":
        return None
    return ()


def explore(state: DNZState, s: Survivor) -> Steps | None:
    """EXPLORE (free, §4.11): from a location tile's exit subzone the next zone is deployed — the
    only unexplored one, or the one whose icon the die shows — and an exploration card is drawn (on
    a later visit to an explored zone, its spawn cards only)."""
    tile = state.tiles[s.tile]
    loc = state.locations[tile.slot]
    card = state.content.locations[loc.card]
    options = unexplored(state, tile)
    fresh = [i for i in options if i not in loc.explored]
    pool = fresh or options
    if len(pool) == 1:
        index = pool[0]
    else:
        index = -1
        for _ in range(12):
            face = roll(state, 1)[0]
            hits = [i for i in pool if face in card.zones[i].icons]
            if hits:
                index = hits[0]
                break
        if index < 0:
            index = pool[0]
    new = deploy(state, card.zones[index].tile, tile.zone, tile.slot, index)
    loc.tiles.append(new.id)
    tile.links[tile.geo.exit] = (new.id, new.geo.access)
    new.links[new.geo.access] = (tile.id, tile.geo.exit)
    state.emit(
        "explore",
        f"{s.name} explores the {new.geo.side.name} of the {card.name}",
        {"who": s.id, "zone": index},
    )
    if index in loc.explored:
        draw_spawn(state, new, card.zones[index].spawn[min(3, state.setup.players - 1)])
        return ()
    loc.explored.add(index)
    return within_turn(s, resolve_on(state, s, new))


def resolve_on(state: DNZState, s: Survivor, new: TileInPlay) -> Steps:
    """Draw an exploration card and resolve it on ``new`` (the explorer stays where he stood)."""
    cid = draw_card(state, "exploration")
    card = state.content.exploration_cards[cid]
    state.emit("exploration", f"Exploration card: {card.name}", {"card": cid})
    return resolve(state, s, card.effects, new)


#: the actions that move a survivor (each leaves a trace of its route)
MOVES: Final[frozenset[type[Action]]] = frozenset({A.Move, A.Enter, A.Leave, A.Jump})


def _text(a: Action) -> str:
    """``a.text``, kept once written for each action (the moves offered are the same values again
    and again: see offers.py)."""
    found = _TEXTS.get(a)
    if found is None:
        if len(_TEXTS) >= 4096:
            _TEXTS.clear()
        found = _TEXTS[a] = " ".join([str(part) for part in a])
    return found


_TEXTS: Final[dict[Action, str]] = {}


def trace_move(state: DNZState, s: Survivor, a: Action, start: str, ap: int) -> None:
    """The route of a survivor's move: where he stood, the place the action names (a subzone, a
    zone, a location's access subzone), where he ended (a deployed tile's access subzone, a
    surprise's placing), and the AP it cost (docs/api.md, "Trace events")."""
    end = s.where if not s.dead else ""
    named = a[2] if isinstance(a, (A.Move, A.Leave)) else ""
    path = [start]
    if named and named != start and named != end:
        path.append(str(named))
    if end and end != start:
        path.append(end)
    data = _MOVE_TRACE.copy()  # a copy of a dict of these keys is made faster than a new one
    data["who"] = s.id
    data["action"] = _text(a)
    data["from"] = start
    data["to"] = end
    data["route"] = path
    data["ap"] = ap - s.ap
    data["moved"] = bool(end) and end != start
    state.emit("trace", f"{s.name}: {' -> '.join(path)}", data)


#: the keys of a survivor's move trace, in the order the trace gives them
_MOVE_TRACE: Final[dict[str, object]] = dict.fromkeys(
    ("trace", "who", "action", "from", "to", "route", "ap", "moved")
)
_MOVE_TRACE["trace"] = "survivor"
