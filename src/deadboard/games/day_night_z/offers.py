"""The actions a survivor's activation offers (rulebook §4, Action summary), made once and kept:
actions are immutable values, and the same moves, leaves and searches are offered at every decision
of a game. Each table is keyed by what its actions are made from (a survivor, a tile, a subzone, a
city zone) and so holds one row per such of the content at most.

A table is a ``Final`` dict, which the compiled build reads as a C global; a function cached by
``functools.lru_cache`` is looked up in the module's dict and called through Python at each use."""

from __future__ import annotations

from typing import Final

from deadboard.core.action import Action
from deadboard.games.day_night_z import actions as A
from deadboard.games.day_night_z.board import CityBoard, TileGeometry
from deadboard.games.day_night_z.content import Content
from deadboard.games.day_night_z.movement import spot_name


class Own:
    """A survivor's actions that name nobody but him (made once per survivor and shared: actions
    are immutable values). ``search_zone`` and ``jump`` are indexed by the survival point spent.
    A compiled class, so that the legal actions read its fields natively at every decision."""

    __slots__ = ("defend", "end", "explore", "jump", "light", "lower_threat", "reorganize", "rest",
                 "search_zone", "supply")

    def __init__(self, who: str) -> None:
        self.end, self.rest, self.reorganize = A.End(who), A.Rest(who), A.Reorganize(who)
        self.explore, self.supply, self.lower_threat = A.Explore(who), A.Supply(who), A.LowerThreat(who)
        self.light, self.defend = A.Light(who), A.Defend(who)
        self.search_zone = (A.SearchZone(who, False), A.SearchZone(who, True))
        self.jump = (A.Jump(who, False), A.Jump(who, True))


def own(who: str) -> Own:
    return A.made_once(_OWN, Own, who)


_OWN: Final[dict[str, Own]] = {}


def use_action(who: str, item: str) -> A.Use:
    key = (who, item)
    found = _USES.get(key)
    if found is None:
        found = _USES[key] = A.Use(who, item)
    return found


_USES: Final[dict[tuple[str, str], A.Use]] = {}


def city_moves(board: CityBoard, who: str, zone: str) -> tuple[Action, ...]:
    """From a city zone: to each neighbouring zone, then into the zone's location."""
    key = (board, who, zone)
    found = _CITY_MOVES.get(key)
    if found is None:
        out: list[Action] = [A.Move(who, z, False) for z in board.neighbours(zone)]
        slot = board.zones[zone].slot
        if slot:
            out.append(A.Enter(who, slot))
        found = _CITY_MOVES[key] = tuple(out)
    return found


def open_moves(who: str, tile: str, geo: TileGeometry, cell: int) -> tuple[A.Move, ...]:
    """The moves from a subzone of a tile without obstacles, without a survival point."""
    key = (who, tile, geo, cell)
    found = _OPEN_MOVES.get(key)
    if found is None:
        row = tile_moves(who, tile, False)
        found = _OPEN_MOVES[key] = tuple(row[c] for c in geo.open_moves[cell])
    return found


def leave_action(who: str, zone: str) -> A.Leave:
    key = (who, zone)
    found = _LEAVE.get(key)
    if found is None:
        found = _LEAVE[key] = A.Leave(who, zone)
    return found


def leaves(board: CityBoard, who: str, zone: str) -> tuple[A.Leave, ...]:
    """From a city tile's exit subzone to each zone next to the tile's zone."""
    key = (board, who, zone)
    found = _LEAVES.get(key)
    if found is None:
        found = _LEAVES[key] = tuple(A.Leave(who, z) for z in board.neighbours(zone))
    return found


def enter_action(who: str, slot: str) -> A.Enter:
    key = (who, slot)
    found = _ENTER.get(key)
    if found is None:
        found = _ENTER[key] = A.Enter(who, slot)
    return found


def tile_moves(who: str, tile: str, sp: bool) -> tuple[A.Move, ...]:
    """The moves to each subzone of a tile, by cell."""
    key = (who, tile, sp)
    found = _TILE_MOVES.get(key)
    if found is None:
        found = _TILE_MOVES[key] = tuple(A.Move(who, spot_name(tile, c), sp) for c in range(16))
    return found


_CITY_MOVES: Final[dict[tuple[CityBoard, str, str], tuple[Action, ...]]] = {}
_OPEN_MOVES: Final[dict[tuple[str, str, TileGeometry, int], tuple[A.Move, ...]]] = {}
_LEAVE: Final[dict[tuple[str, str], A.Leave]] = {}
_LEAVES: Final[dict[tuple[CityBoard, str, str], tuple[A.Leave, ...]]] = {}
_ENTER: Final[dict[tuple[str, str], A.Enter]] = {}
_TILE_MOVES: Final[dict[tuple[str, str, bool], tuple[A.Move, ...]]] = {}


def search_item_action(who: str, tile: str, cell: int, sp: bool) -> A.SearchItem:
    key = (who, tile, cell, sp)
    found = _SEARCH_ITEMS.get(key)
    if found is None:
        found = _SEARCH_ITEMS[key] = A.SearchItem(who, spot_name(tile, cell), sp)
    return found


_SEARCH_ITEMS: Final[dict[tuple[str, str, int, bool], A.SearchItem]] = {}


def at_spot(kind: str, who: str, tile: str, cell: int) -> Action:
    """A survivor's action at a subzone of a tile near him: ``search-corpse``, ``hide`` (among the
    corpses there) or ``retrieve`` (the equipment of the fallen), offered at every decision beside
    them."""
    key = (kind, who, tile, cell)
    found = _AT_SPOT.get(key)
    if found is None:
        make = A.SearchCorpse if kind == "search-corpse" else A.Hide if kind == "hide" else A.Retrieve
        found = _AT_SPOT[key] = make(who, spot_name(tile, cell))
    return found


_AT_SPOT: Final[dict[tuple[str, str, str, int], Action]] = {}


class Carried:
    """What a content's cards offer at every decision of a survivor who carries them: the recipes
    and their components (COMBINE), the consumables (USE) and the lights (§4). A compiled class
    made once per content (:func:`carried`), so that the legal actions read these natively rather
    than from the content's Python object four times a decision."""

    __slots__ = ("components", "consumables", "content", "lights", "recipes")

    def __init__(self, content: Content) -> None:
        self.content = content
        self.recipes = content.recipes
        self.components = content.components
        self.consumables = content.consumables
        self.lights = content.lights


def carried(content: Content) -> Carried:
    found = _CARRIED.get(id(content))
    if found is None or found.content is not content:
        if len(_CARRIED) >= 64:
            _CARRIED.clear()
        found = _CARRIED[id(content)] = Carried(content)
    return found


#: by the identity of the content (each entry holds its content, so no other takes its identity)
_CARRIED: Final[dict[int, Carried]] = {}
