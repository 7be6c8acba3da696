"""Rulebook §3.1-§3.9: day and night, threat, health, attribute checks, survival points, stress,
infection and noise — the small rules every action and card uses.

    threat value   0 ........ 14 | 15 ....... 29 | 30 ..... 39
    level          GREEN 1-15    | YELLOW 1-15   | RED 1-10
    red units      5, 10, 15     | 3, 6, 9, 12, 15   (never lowered from; never across levels)
"""

from __future__ import annotations

from deadboard.games.day_night_z import phrases, skill_effects
from deadboard.games.day_night_z.state import DNZState, Survivor, TileInPlay

# ----- dice ---------------------------------------------------------------------------------------


def roll(state: DNZState, n: int) -> list[str]:
    roll_die = state.rng.roll_die
    die = state.die
    return [roll_die(die) for _ in range(n)]


def successes(faces: list[str], colour: str, state: DNZState) -> int:
    """Dice showing a success icon for a survivor at ``colour`` (§3.4, §3.6, §4.12)."""
    accepted = state.numbers.success[colour]
    return sum(1 for f in faces if f in accepted)


def skulls(faces: list[str]) -> int:
    return sum(1 for f in faces if f.startswith("skull"))


def pool_size(*parts: int) -> int:
    """THE "MINIMUM 1 DIE" RULE: players must always roll at least 1 die."""
    return max(1, sum(parts))


# ----- survivors' wheels --------------------------------------------------------------------------


def health_level(state: DNZState, s: Survivor) -> tuple[str, int]:
    """The health level's colour (the combat icon colour) and the AP it gives (§3.3)."""
    # SurvivorSheet.level written out: asked at every activation and attack, and the record's own
    # method runs as Python
    health = s.health
    best, colour, points = -1, "red", 0
    for start, level_colour, level_points in state.sheets[s.id].health_levels:
        if best < start <= health:
            best, colour, points = start, level_colour, level_points
    return colour, points


def stress_level(state: DNZState, s: Survivor) -> str:
    """The stress level's colour: the icon colour attribute checks need (§3.6)."""
    out = "green"
    for start, colour in state.numbers.stress_levels:
        if s.stress >= start:
            out = colour
    return out


def attribute(state: DNZState, s: Survivor, name: str) -> int:
    """The attribute's value now: the yellow (day) value by day, the white (night) value by night
    unless the survivor has a source of light (§3.1)."""
    sheet = state.sheets[s.id]
    return (sheet.night if state.night and s.lit <= 0 else sheet.day)[name]


def gain_sp(state: DNZState, s: Survivor, n: int) -> None:
    """Survival points are limited to a maximum of 15 (§3.5)."""
    s.sp = max(0, min(state.numbers.survival_max, s.sp + n))


def gain_stress(state: DNZState, s: Survivor, n: int) -> None:
    s.stress = max(0, min(state.numbers.stress_max, s.stress + n))


def heal(state: DNZState, s: Survivor, n: int) -> None:
    s.health = min(state.sheets[s.id].health, s.health + n)


def check(
    state: DNZState, s: Survivor, attr: str, penalty: int = 0, spend: bool = False, what: str = ""
) -> bool:
    """An attribute check (§3.4): attribute + survival point spent + modifiers, at least 1 die; a
    success needs an icon of the survivor's stress colour; at least 1 success earns 1 survival
    point (§3.5). At most 1 survival point may be spent, decided before rolling."""
    spent = 1 if spend and s.sp > 0 else 0
    s.sp -= spent
    value = attribute(state, s, attr)
    n = pool_size(value, spent, penalty, skill_effects.check_dice(state, s, attr))
    faces = roll(state, n)
    colour = stress_level(state, s)
    hits = successes(faces, colour, state)
    if hits:
        gain_sp(state, s, 1)
    state.emit(
        "check",
        phrases.check(s.name, what or attr.replace("_", " "), attr, value, spent, penalty, n, faces, bool(hits)),
        {"who": s.id, "attribute": attr, "dice": n, "faces": faces, "success": bool(hits)},
    )
    return bool(hits)


# ----- damage, stress from combat, infection, death -------------------------------------------------


def damage(state: DNZState, s: Survivor, n: int, why: str = "") -> None:
    """Lose ``n`` health points; at the skull the survivor dies (§3.3)."""
    if n <= 0 or s.dead:
        return
    s.health -= n
    state.emit(
        "damage",
        f"{s.name} loses {n} health{f' ({why})' if why else ''}: {max(0, s.health)} left",
        {"who": s.id, "n": n},
    )
    if s.health <= 0:
        die(state, s, "wounds")


def infect(state: DNZState, s: Survivor, n: int = 1, why: str = "") -> None:
    """Raise the infection level; the skull of the wheel is death (§3.7)."""
    if n <= 0 or s.dead:
        return
    s.infection = min(state.content.rules.infection.death, s.infection + n)
    state.emit(
        "infection",
        f"{s.name}'s infection rises to {s.infection}{f' ({why})' if why else ''}",
        {"who": s.id, "level": s.infection},
    )
    if s.infection >= state.content.rules.infection.death:
        die(state, s, "infection")


def corpse_roll(state: DNZState, s: Survivor, why: str) -> None:
    """Hiding among corpses, and each turn staying hidden: "the survivor must roll 3 dice. If he gets
    any infection result, he becomes infected" (§4.13, §3.7)."""
    faces = roll(state, 3)
    state.emit(
        "roll",
        f"{s.name} rolls 3 dice for infection ({why}): {phrases.faces(faces)}",
        {"who": s.id, "faces": faces},
    )
    if "skull-infection" in faces:
        infect(state, s, 1, why)


def cure(state: DNZState, s: Survivor, n: int) -> None:
    s.infection = max(0, s.infection - n)


def die(state: DNZState, s: Survivor, why: str) -> None:
    """DEATH OF A SURVIVOR (§3.3): the miniature is removed; the crossed-off marker (holding the
    equipment) is left in his subzone only if another survivor is in the same location or tile;
    otherwise the equipment is lost."""
    s.dead = True
    s.hidden = False
    state.emit("death", f"{s.name} dies ({why})", {"who": s.id})
    where = s.tile
    if where:
        group = tiles_of_group(state, where)
        others = any(o is not s and not o.dead and o.tile in group for o in state.survivors)
        if others:
            kit = (s.id, [*s.items], s.ammo, s.supplies, s.battery)
            state.tiles[where].crossed.setdefault(s.cell, []).append(kit)
    s.items.clear()
    s.weapon = s.off = ""
    s.worn.clear()
    s.ammo = s.supplies = s.battery = 0
    s.ap = s.reserve = 0
    s.tile, s.zone, s.cell = "", "", -1
    if where:
        abandon(state, where)


def deserted(state: DNZState, tile_id: str) -> tuple[TileInPlay, list[str]] | None:
    """``tile_id`` in play and the tiles of its location, when no living survivor is on any of
    them (they leave play); None while one is, or when the tile is not in play."""
    tile = state.tiles.get(tile_id)
    if tile is None:
        return None
    group = tile_group(state, tile)
    if any(not s.dead and s.tile in group for s in state.survivors):
        return None
    return tile, group


def abandon(state: DNZState, tile_id: str) -> None:
    """The last survivor of a tile (or of its location) died there: its tiles leave play with their
    enemies (the Hunter back to the stalk area); no threat rises, as no survivor left it."""
    left = deserted(state, tile_id)
    if left is None:
        return
    tile, group = left
    if discard_tiles(state, tile, group):
        state.hunter = "stalk"
    state.emit(
        "discard",
        f"No survivor is left in {phrases.tile_place(state, tile)}: {'its tiles leave' if len(group) > 1 else 'the tile leaves'} play",
        {"tiles": group},
    )


def tiles_of_group(state: DNZState, tile: str) -> list[str]:
    """The tiles a survivor on ``tile`` shares: the tiles of the same location, or the city tile."""
    t = state.tiles[tile]
    if t.slot:
        return list(state.locations[t.slot].tiles)
    return [tile]


# ----- noise (§3.9) ---------------------------------------------------------------------------------


def add_noise(state: DNZState, where: str, n: int = 1, by: Survivor | None = None) -> None:
    """Place ``n`` noise counters (red side up) in a subzone or zone."""
    if n <= 0:
        return
    red, yellow = state.noise.get(where, (0, 0))
    state.noise[where] = (red + n, yellow)
    if by is not None:
        by.noise += n
    state.emit("noise", f"{phrases.count(n, 'noise counter')} in {phrases.square(state, where)}", {"where": where, "n": n})


def noise_at(state: DNZState, where: str) -> int:
    red, yellow = state.noise.get(where, (0, 0))
    return red + yellow


def disperse_noise(state: DNZState) -> bool:
    """The Threat Adjustment phase: if any noise counter is on the board the threat rises 1 point
    (once, whatever the number of sources); then red counters flip to yellow and yellow ones are
    removed. Returns whether there was noise."""
    if not state.noise:
        return False
    any_noise = any(r or y for r, y in state.noise.values())
    state.noise = {k: (0, r) for k, (r, y) in state.noise.items() if r}
    if any_noise:
        raise_threat(state, 1, "noise")
    return any_noise


# ----- threat (§3.2) -------------------------------------------------------------------------------


def threat_top(state: DNZState) -> int:
    return state.numbers.threat_top


def threat_level(state: DNZState, value: int | None = None) -> tuple[str, int]:
    """The threat level's colour and the unit within it (from 1)."""
    v = state.threat if value is None else value
    t = state.numbers
    if v < t.green_units:
        return "green", v + 1
    if v < t.green_units + t.yellow_units:
        return "yellow", v - t.green_units + 1
    return "red", v - t.green_units - t.yellow_units + 1


def threat_text(state: DNZState) -> str:
    colour, unit = threat_level(state)
    return f"{unit} {colour.upper()}"


def raise_threat(state: DNZState, n: int, why: str) -> None:
    if n <= 0:
        return
    state.threat = min(threat_top(state), state.threat + n)
    state.emit("threat", f"The threat rises by {n} ({why}): {threat_text(state)}", {"n": n, "threat": state.threat})


def lower_cost(state: DNZState) -> int | None:
    """Survival points to lower the threat one unit now, or None when it cannot be lowered: never
    between levels, never in red-coloured units, never at the red level (§3.2). (Asked at every
    decision of a survivor with survival points: each threat value's cost is worked out once.)"""
    numbers = state.numbers
    costs = numbers.lower_costs
    if costs is None:
        costs = numbers.lower_costs = tuple(_lower_cost(state, v) for v in range(numbers.threat_top + 1))
    return costs[state.threat]


def _lower_cost(state: DNZState, value: int) -> int | None:
    colour, unit = threat_level(state, value)
    t = state.content.rules.threat
    if colour == "red" or unit == 1:
        return None
    if colour == "green":
        return None if unit in t.green_red_units else t.lower_green
    return None if unit in t.yellow_red_units else t.lower_yellow


def rise_for(state: DNZState, points: int) -> int:
    """The Threat Level adjustment table: enemies' survival points left behind -> threat rise."""
    out = 0
    for start, rise in state.content.rules.threat.rise:
        if points >= start:
            out = rise
    return out


def tile_group(state: DNZState, tile: TileInPlay) -> list[str]:
    """The tiles that leave play together with ``tile``: its location's, or it alone."""
    return list(state.locations[tile.slot].tiles) if tile.slot else [tile.id]


def discard_tiles(state: DNZState, tile: TileInPlay, group: list[str]) -> bool:
    """The tiles of ``group`` leave play with their enemies and noise (§3.2); returns whether the
    Hunter was among them (its damage is kept for its return)."""
    hunter = False
    for e in state.enemies:
        if e.kind == "hunter" and e.tile in group:
            state.hunter_damage = e.damage
            hunter = True
    state.enemies = [e for e in state.enemies if e.tile not in group]
    for tid in group:
        del state.tiles[tid]
        prefix = tid + "-"
        state.noise = {k: v for k, v in state.noise.items() if not k.startswith(prefix)}
    if tile.slot:
        state.locations[tile.slot].tiles.clear()
    return hunter
