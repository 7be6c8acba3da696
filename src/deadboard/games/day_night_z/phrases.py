"""The small parts of Day Night Z's log sentences, as a player reads them on the board and the cards:
an enemy by its card's name and number ("Walker 2", not ``walker2``), a subzone by the letters the
tile shows ("c3", not ``t1-c3``), the dice by their faces ("gold star, skull (noise)"), a campaign
path by its name ("the Pine Trail", not ``pine-trail``), and a threat card's two sides in words.
The rules write their events with these; nothing here decides anything."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from deadboard.games.day_night_z.board import CELLS, subzone_name
from deadboard.games.day_night_z.campaign_state import CampaignState
from deadboard.games.day_night_z.content import ThreatCard
from deadboard.games.day_night_z.records import Threat
from deadboard.games.day_night_z.state import DNZState, Enemy, Survivor, TileInPlay

#: the attack modes of §4.12 and §5 as a player reads them
MODES: Final = {"melee": "hand to hand", "ranged": "a shot", "butt": "butt", "rapid": "rapid fire", "burst": "burst"}

#: the faces of the game's die (rulebook §3.6, §4.12) as a player calls them
FACES: Final = {
    "gold": "gold star",
    "green": "green star",
    "red": "red star",
    "skull": "skull",
    "skull-noise": "skull (noise)",
    "skull-infection": "skull (infection)",
    "blank": "blank",
}


def faces(rolled: Iterable[str]) -> str:
    """The faces rolled, in order: ``gold star, skull (noise)``."""
    names: list[str] = []
    for f in rolled:  # a loop, not a generator: every roll is told
        name = FACES.get(f)
        names.append(name if name is not None else f.replace("-", " "))
    return ", ".join(names)


def rolled(n: int, dice: Iterable[str], hit: bool | None = None) -> str:
    """A roll as a player reads it: ``2 dice: gold star, skull`` and whether it hits."""
    out = f"{count(n, 'die', 'dice')}: {faces(dice) or 'none'}"
    return out if hit is None else out + (" — a hit" if hit else " — no hit")


def check(
    who: str,
    what: str,
    attr: str,
    value: int,
    spent: int,
    penalty: int,
    n: int,
    dice: Iterable[str],
    ok: bool,
) -> str:
    """An attribute check (§3.4) as a sentence: ``Kevin Swift rolls an agility check (card): 2 dice
    (agility 2, +1 survival point, −1) — gold star, skull: success``."""
    article = "an" if what[:1] in "aeiou" else "a"
    figures = f"{attr.replace('_', ' ')} {value}" + (", +1 survival point" if spent else "")
    figures += f", {penalty:+d}".replace("-", "−") if penalty else ""
    return (
        f"{who} rolls {article} {what} check: {count(n, 'die', 'dice')} ({figures}) — {faces(dice) or 'none'}: "
        f"{'success' if ok else 'failure'}"
    )


#: what a corpse marker holds (§4.8)
CORPSE: Final = {
    "nothing": "nothing",
    "ammo": "ammo",
    "battery": "a battery",
    "supplies": "supplies",
    "infection": "infection",
}


def count(n: int, word: str, many: str = "") -> str:
    """``1 die``, ``2 dice``: a number and its noun, singular or plural."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def enemy(state: DNZState, e: Enemy) -> str:
    """An enemy by its card's name and its number: ``Walker 2``, ``the Hunter`` (worked out once
    for each enemy of the content: most sentences of the threat phase name one)."""
    names = state.content.enemy_names
    found = names.get(e.id)  # by the id, whose hash the string keeps; the kind checked
    if found is None or found[0] != e.kind:
        profile = state.content.enemies.get(e.kind)
        name = profile.name if profile is not None else e.kind.capitalize()
        number = e.id[len(e.kind) :] if e.id.startswith(e.kind) else ""
        found = names[e.id] = (e.kind, f"{name} {number}" if number else f"the {name}")
    return found[1]


def enemy_kind(state: DNZState, kind: str) -> str:
    """A kind of enemy by its card's name: ``Walker``."""
    profile = state.content.enemies.get(kind)
    return profile.name if profile is not None else kind.capitalize()


def square(state: DNZState, where: str) -> str:
    """A city zone as the city board labels it (``s4``), a subzone as its tile does (``c3``); with
    more than one tile in play, the tile's name after it (``c3 of the Dispensary``)."""
    tile_id, dash, cell = where.partition("-")
    if not dash or tile_id not in state.tiles:
        return where
    if len(state.tiles) == 1:
        return cell
    return f"{cell} of the {state.tiles[tile_id].geo.side.name}"


def place(state: DNZState, where: str) -> str:
    """Where a survivor stands, for a prompt: a city zone (``s4``) or a subzone with the place its
    tile is part of (``b4 in the Pharmacy``)."""
    tile_id, dash, cell = where.partition("-")
    if not dash or tile_id not in state.tiles:
        return where
    return f"{cell} in {tile_place(state, state.tiles[tile_id])}"


def survivor_place(state: DNZState, s: Survivor) -> str:
    """:func:`place` of where the survivor stands (``Survivor.where``), without writing the
    subzone's id out and reading it back (every prompt of an activation names it)."""
    tile = state.tiles.get(s.tile) if s.tile and "-" not in s.tile else None
    if tile is not None:
        return f"{CELLS[s.cell]} in {tile_place(state, tile)}"
    return place(state, subzone_name(s.tile, s.cell) if s.tile else s.zone)


def activation_prompt(state: DNZState, s: Survivor, reserve: bool) -> str:
    """What a survivor's activation asks at each of his decisions: his name, :func:`survivor_place`
    and his AP (``Kevin Swift (b4 in the Pharmacy, 3 AP): what now?``). Kept once written, by
    the survivor, the subzone, the place, the AP and whether they are the reserve's (the same few
    prompts come back at every decision of a game)."""
    tile = state.tiles.get(s.tile) if s.tile and "-" not in s.tile else None
    if tile is not None:
        key = (s.name, s.cell, tile_place(state, tile), s.ap, reserve)
    else:
        key = (s.name, -1, survivor_place(state, s), s.ap, reserve)
    found = _PROMPTS.get(key)
    if found is None:
        if len(_PROMPTS) >= 4096:
            _PROMPTS.clear()
        where = f"{CELLS[s.cell]} in {key[2]}" if tile is not None else key[2]
        found = _PROMPTS[key] = f"{s.name} ({where}, {s.ap} AP{' from the reserve' if reserve else ''}): what now?"
    return found


_PROMPTS: Final[dict[tuple[str, int, str, int, bool], str]] = {}


def tiles(state: DNZState, ids: Iterable[str]) -> str:
    """Tiles by their names: ``the Pharmacy Counter and the Dispensary``."""
    names = [f"the {state.tiles[t].geo.side.name}" if t in state.tiles else t for t in ids]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def spawned(state: DNZState, placed: Iterable[Enemy]) -> str:
    """``Walker 2 appears in d4; Walker 3 in b2``."""
    parts = [f"{enemy(state, e)} in {square(state, subzone_name(e.tile, e.cell))}" for e in placed]
    if not parts:
        return "No enemy appears"
    first = parts[0].replace(" in ", " appears in ", 1)
    return "; ".join([first, *parts[1:]])


def tile_place(state: DNZState, tile: TileInPlay) -> str:
    """Where a tile lies, for a player: its location's name (``the Pharmacy``), or the tile's own
    name in the city (``the Overpass tile``). Worked out once for each tile side and location card
    of the content (every survivor's prompt on a tile names it)."""
    card_id = state.locations[tile.slot].card if tile.slot and tile.slot in state.locations else ""
    names = state.content.places
    key = (tile.geo.id, card_id)
    found = names.get(key)
    if found is None:
        card = state.content.locations.get(card_id) if card_id else None
        found = names[key] = f"the {card.name}" if card is not None else f"the {tile.geo.side.name} tile"
    return found


def path_name(pid: str) -> str:
    """A campaign path by its name: ``pine-trail`` is the Pine Trail (kept once written: every
    travel event names its path)."""
    found = _PATH_NAMES.get(pid)
    if found is None:
        if len(_PATH_NAMES) >= 4096:
            _PATH_NAMES.clear()
        found = _PATH_NAMES[pid] = "the " + " ".join([w.capitalize() for w in pid.replace("_", "-").split("-")])
    return found


_PATH_NAMES: Final[dict[str, str]] = {}


def paths(pids: Iterable[str]) -> str:
    """Paths by their names: ``the Pine Trail and the Mill Track``."""
    names = [path_name(p) for p in pids]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def place_name(state: CampaignState, pid: str) -> str:
    """A place of the campaign map by its name (``The Shelter``, ``Saint-Maur``)."""
    place_ = state.content.places.get(pid)
    return place_.name if place_ is not None else pid


def facility(state: CampaignState, fid: str) -> str:
    """A shelter facility by its name (``the Warehouse``), the fence too."""
    if fid == "fence":
        return f"the {state.content.shelter.fence.name}"
    rec = state.content.facilities.get(fid)
    return f"the {rec.name}" if rec is not None else f"the {fid.replace('-', ' ')}"


def _gains(name: str, n: int, what: str, many: str = "") -> str:
    verb = "gains" if n >= 0 else "loses"
    return f"{name} {verb} {count(abs(n), what, many)}"


def hero_effect(name: str, kind: str, n: int) -> str:
    """An effect of a travel, shelter or chapter card on one survivor: ``Kevin Swift relaxes
    (−1 stress)``."""
    if kind == "damage":
        return f"{name} takes {n} damage"
    if kind == "heal":
        return f"{name} heals {n} health"
    if kind == "stress":
        return f"{name} is stressed (+{n} stress)" if n >= 0 else f"{name} relaxes (−{-n} stress)"
    if kind == "relax":
        return f"{name} relaxes (−{n} stress)"
    if kind == "sp":
        return _gains(name, n, "survival point")
    if kind == "supplies":
        return _gains(name, n, "supply", "supplies")
    if kind == "ammo":
        return _gains(name, n, "ammo", "ammo")
    if kind == "battery":
        return _gains(name, n, "battery", "batteries")
    if kind == "infection":
        return f"{name}'s infection rises by {n}"
    if kind == "cure":
        return f"{name}'s infection falls by {n}"
    if kind == "store":
        return f"{name} puts supplies in the warehouse"
    if kind == "take":
        return f"{name} takes {count(n, 'supply', 'supplies')} from the warehouse"
    if kind == "item":
        return f"{name} takes an item"
    if kind == "ally":
        return f"{name} meets an ally"
    return f"{name}: {kind.replace('-', ' ')} {n}"


def hero_check(name: str, what: str, time: str, spent: int, n: int, dice: Iterable[str], ok: bool) -> str:
    """A campaign check: ``Kevin Swift rolls a perception check (by day): 2 dice — gold star,
    green star: success``."""
    article = "an" if what[:1] in "aeiou" else "a"
    extra = ", +1 survival point" if spent else ""
    return (
        f"{name} rolls {article} {what} check (by {time}{extra}): {count(n, 'die', 'dice')} — "
        f"{faces(dice) or 'none'}: {'success' if ok else 'failure'}"
    )


#: side A's lines of enemy behaviour (§3.2, §4.13), as the card says them
AI_LINES: Final = {
    "attack": "attack an adjacent survivor",
    "attack-advance": "attack an adjacent survivor and advance",
    "move-los": "move towards the closest survivor in sight",
    "move-noise": "move towards the noise",
    "move-closest": "move towards the closest survivor",
    "ability": "use its ability",
}
PRIORITY: Final = {
    "noisiest": "the noisiest survivor",
    "most-wounded": "the most wounded survivor",
    "closest": "the closest survivor",
    "leader": "the leader",
    "most-stressed": "the most stressed survivor",
}
#: side B's conditions: who the threat is activated for
CONDITIONS: Final = {
    "fired-ranged": "every survivor who fired a ranged weapon",
    "noise": "every survivor in a zone with noise",
    "stress-red": "every survivor at red stress",
    "wounded": "every survivor at red health",
    "in-city": "every survivor in the city",
    "on-tile": "every survivor on a tile",
    "night": "every survivor, by night",
    "always": "every survivor",
    "infected": "every infected survivor",
}
#: side B's effects: (one, several) where ``{n}`` is the number
EFFECTS: Final = {
    "threat": ("the threat rises by 1", "the threat rises by {n}"),
    "stress": ("1 stress point", "{n} stress points"),
    "damage": ("1 damage", "{n} damage"),
    "heal": ("heal 1 health", "heal {n} health"),
    "sp": ("1 survival point", "{n} survival points"),
    "supplies": ("1 supply", "{n} supplies"),
    "ammo": ("1 ammo", "{n} ammo"),
    "battery": ("1 battery", "{n} batteries"),
    "infection": ("infection +1", "infection +{n}"),
    "noise": ("1 noise counter", "{n} noise counters"),
    "spawn": ("1 enemy spawns", "{n} enemies spawn"),
    "enemy": ("an enemy appears", "{n} enemies appear"),
    "city-tile": ("a tile is deployed in the city", "{n} tiles are deployed in the city"),
    "terrain": ("a terrain marker is placed", "{n} terrain markers are placed"),
    "search-marker": ("a search marker is placed", "{n} search markers are placed"),
    "end-activation": ("the activation ends", "the activation ends"),
    "check": ("a check", "a check"),
    "break": ("a weapon breaks", "a weapon breaks"),
    "cure": ("infection −1", "infection −{n}"),
}


def threat_sides(card: ThreatCard | Threat) -> tuple[str, str]:
    """A threat card's side A (how the enemies act) and side B (the threat) in words."""
    ai = "; then ".join(AI_LINES.get(x, x.replace("-", " ")) for x in card.ai)
    body = f", aiming at the {card.body}" if card.body else ""
    a = f"{card.attack} (A): enemies {ai}; they go for {PRIORITY.get(card.priority, card.priority)}{body}"
    effects = []
    for e in card.effects:
        one, many = EFFECTS.get(e.kind, (e.kind.replace("-", " "), e.kind.replace("-", " ")))
        text = (one if e.n == 1 else many).format(n=e.n)
        if e.kind == "check" and e.attribute:
            text = f"a {e.attribute.replace('_', ' ')} check"
        elif e.kind == "enemy" and e.enemy:
            text = f"a {e.enemy} appears" if e.n == 1 else f"{e.n} {e.enemy}s appear"
        elif e.kind == "terrain" and e.marker:
            text = f"a {e.marker} marker is placed"
        effects.append(text)
    icons = [
        name
        for name, on in (
            ("hourglass", card.hourglass),
            ("Hunter", card.hunter),
            ("infection", card.infection),
        )
        if on
    ]
    b = f"{card.name} (B): for {CONDITIONS.get(card.condition, card.condition)}, " + (
        ", ".join(effects) or "no effect"
    )
    return a, b + (f"; icons: {', '.join(icons)}" if icons else "")


__all__ = [
    "CORPSE",
    "FACES",
    "MODES",
    "check",
    "count",
    "enemy",
    "enemy_kind",
    "faces",
    "path_name",
    "place",
    "rolled",
    "spawned",
    "square",
    "survivor_place",
    "threat_sides",
    "tile_place",
    "tiles",
]
