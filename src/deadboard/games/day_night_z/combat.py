"""Rulebook §4.12 (survivors' hand to hand and ranged attacks) and §5 (weapon traits).

    pool = attribute (hand to hand or ranged) + survival point + terrain (high: +1 ranged)
           - the target's passive defence, at least 1 die
    hit  = a success icon of the survivor's HEALTH colour; damage = the weapon's (hand to hand by
           Strength), less the enemy's resistance unless the weapon pierces

GUN BUTT: a ranged weapon used hand to hand, 1 damage, no other rule of the weapon. RAPID FIRE and
BURST: 2 or 3 attacks against one target in the same subzone for 1 AP, each with its ammo and noise;
"you'll also have to consider the star icons, as many weapons have special abilities" (§4.12): each
attack after the first is made only when the roll before it shows a star.
SLOW: once per turn. DIESEL: needs a can of diesel carried. MOBILE GRENADE: a ranged attack at a
subzone: a hit damages every miniature there, a miss the adjacent subzone of lesser value; its
damage ignores resistance. SWEEP: a free attack when an enemy is eliminated (turn.SweepChoice)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from deadboard.core.kernel import Choice, Steps, classvars
from deadboard.games.day_night_z import actions as A
from deadboard.games.day_night_z import phrases, skill_effects
from deadboard.games.day_night_z.board import CELLS, INDEX
from deadboard.games.day_night_z.concepts import (
    add_noise,
    attribute,
    damage,
    health_level,
    pool_size,
    roll,
    successes,
    threat_level,
)
from deadboard.games.day_night_z.enemies import adjacent, hurt_enemy
from deadboard.games.day_night_z.inventory import held, release
from deadboard.games.day_night_z.lowering import lower, offer
from deadboard.games.day_night_z.records import Item
from deadboard.games.day_night_z.spawn import enemy_profile
from deadboard.games.day_night_z.state import DNZState, Enemy, Survivor, TileInPlay


def weapon_ready(state: DNZState, s: Survivor, cid: str) -> bool:
    card = state.items[cid]
    if "slow" in card.traits and cid in s.slow:
        return False
    return not ("diesel" in card.traits and "diesel" not in s.items)


def attack_options(state: DNZState, s: Survivor, yes: tuple[bool, ...]) -> list[Any]:
    """Every attack the survivor may declare with a weapon in his hands (main hand first)."""
    out: list[Any] = []
    if not s.tile or not (s.weapon or s.off):
        return out
    figures = figures_in_sight(state, s)
    if not figures:  # most decisions: nobody in sight
        return out
    search = state.items
    cards = held(s)
    if len(cards) == 2 and cards[0] == cards[1]:  # one two-handed card: once
        cards = cards[:1]
    for cid in cards:
        card = search[cid]
        if card.weapon and "mobile-grenade" not in card.traits and weapon_ready(state, s, cid):
            _attacks_with(state, s, cid, figures, yes, out)
    return out


def figures_in_sight(state: DNZState, s: Survivor) -> list[tuple[str, bool, bool]]:
    """The figures a survivor on a tile sees, enemies first, then the other survivors in view:
    each with whether it is adjacent and whether it shares his subzone."""
    enemies, survivors = state.enemies, state.survivors
    if not enemies and len(survivors) == 1:  # nobody else in play: nobody to see
        return []
    here, cell = s.tile, s.cell
    tile = state.tiles[here]
    sight = _Sight(state, tile, here, cell)
    out: list[tuple[str, bool, bool]] = []
    for e in enemies:  # read as the compiled Enemy and Survivor they are, not through Any
        sight.add(e.id, e.tile, e.cell, out)
    if len(survivors) > 1:  # then the other survivors in view, after the enemies
        for o in survivors:
            if o is not s and not o.dead and o.tile and not o.hidden:
                sight.add(o.id, o.tile, o.cell, out)
    return out


class _Sight:
    """What a survivor in ``cell`` of ``tile`` sees of a figure (figures_in_sight): the tile's own
    sight blockers worked out once, at the first figure on the tile."""

    __slots__ = ("blockers", "cell", "here", "link", "state", "tile", "x", "y")

    def __init__(self, state: DNZState, tile: TileInPlay, here: str, cell: int) -> None:
        self.state, self.tile, self.here, self.cell = state, tile, here, cell
        self.link = tile.links.get(cell)  # the one subzone of another tile in sight (enemies.sees)
        self.blockers: set[int] | None = None
        self.x, self.y = cell % 4, cell // 4

    def add(self, fid: str, ftile: str, fcell: int, out: list[tuple[str, bool, bool]]) -> None:
        if ftile != self.here:
            # a figure on another tile is in sight only across the link, so adjacent
            link = self.link
            if link is not None and link[0] == ftile and link[1] == fcell:
                out.append((fid, True, False))
            return
        blockers = self.blockers
        if blockers is None:
            blockers = self.blockers = self.state.sight_blockers(self.here)
        cell = self.cell
        if self.tile.geo.sees(cell, fcell, blockers):
            near = abs(fcell % 4 - self.x) <= 1 and abs(fcell // 4 - self.y) <= 1  # enemies.adjacent
            out.append((fid, near, fcell == cell))


def _attacks_with(
    state: DNZState,
    s: Survivor,
    cid: str,
    figures: list[tuple[str, bool, bool]],
    yes: tuple[bool, ...],
    out: list[Any],
) -> None:
    card = state.items[cid]
    loaded = not card.ammo or s.ammo > 0
    made = state.content.attack_rows
    melee = card.kind == "melee"
    for fid, near, same in figures:
        if melee and not near:  # out of reach of a hand to hand weapon: nothing to look up
            continue
        key = (cid, s.id, fid, near, same, loaded, len(yes) > 1)  # yes: (False,) or (False, True)
        row = made.get(key)
        if row is None:
            row = made[key] = _attack_row(card, cid, s.id, fid, near, same, loaded, yes)
        out.extend(row)


def _attack_row(
    card: Item,
    cid: str,
    who: str,
    fid: str,
    near: bool,
    same: bool,
    loaded: bool,
    yes: tuple[bool, ...],
) -> tuple[A.Attack, ...]:
    """The attacks with one weapon at one figure: by the figure's place (adjacent, the same
    subzone), whether the weapon has ammunition and whether a survival point may be spent
    (worked out once for each, in ``Content.attack_rows``: actions are immutable values)."""
    modes: list[str] = []
    if card.kind == "melee" and near:
        modes.append("melee")
    if card.kind == "ranged":
        if near and "gun-butt" in card.traits:
            modes.append("butt")
        if loaded:
            modes.append("ranged")
            if same and "rapid-fire" in card.traits:
                modes.append("rapid")
            if same and "burst" in card.traits:
                modes.append("burst")
    return tuple(_attack(who, fid, cid, mode, sp) for mode in modes for sp in yes)


# Actions are immutable values: the attacks offered at every decision are made once and shared.
@lru_cache(maxsize=8192)
def _attack(who: str, target: str, weapon: str, mode: str, sp: bool) -> A.Attack:
    return A.Attack(who, target, weapon, mode, sp)


def perform_attack(state: DNZState, s: Survivor, a: A.Attack) -> Enemy | None:
    """Resolve an attack declared; returns the enemy eliminated (for SWEEP), if any."""
    weapon, aim, mode = a.weapon, a.target, a.mode  # an action's fields: read once each
    card = state.items[weapon]
    if any(o.id == aim for o in state.survivors):
        attack_survivor(state, s, state.survivor(aim), a)
        return None
    target = state.enemy(aim)
    if s.hidden:
        s.hidden = False
        state.emit("hide", f"{s.name} attacks and leaves the hiding spot", {"who": s.id})
    times = 2 if mode == "rapid" else 3 if mode == "burst" else 1
    if "slow" in card.traits:
        s.slow = (*s.slow, weapon)
    spend = a.sp
    for shot in range(times):
        if target not in state.enemies:
            break
        if mode != "butt" and mode != "melee" and card.ammo:
            if s.ammo <= 0:
                break
            s.ammo -= 1
            s.fired = True
        killed, star = one_attack(state, s, target, card.id, mode, spend)
        spend = False
        if killed:
            return target
        if shot + 1 < times and not star:
            no_star(state, s, mode)
            break
    return None


def shows_star(state: DNZState, faces: list[str]) -> bool:
    """Whether a roll shows a star icon, of any colour (the faces that are success icons at some
    health level), whatever the survivor's health level asks for a hit (§4.12's example: "If he got
    a green star ... at yellow health level ... he could activate ... Rapid Fire")."""
    success = state.numbers.success
    green, yellow, red = success["green"], success["yellow"], success["red"]
    return any(f in green or f in yellow or f in red for f in faces)


def no_star(state: DNZState, s: Survivor, mode: str) -> None:
    state.emit(
        "attack",
        f"{s.name} shows no star: no further {'rapid fire' if mode == 'rapid' else 'burst'} attack",
        {"who": s.id, "star": False, "mode": mode},
    )


def one_attack(
    state: DNZState, s: Survivor, target: Enemy, cid: str, mode: str, spend: bool
) -> tuple[bool, bool]:
    """One attack roll: whether it eliminated the target and whether it showed a star."""
    card = state.items[cid]
    ranged = mode in ("ranged", "rapid", "burst")
    spent = 1 if spend and s.sp > 0 else 0
    s.sp -= spent
    prof = enemy_profile(state, target.kind)
    value = attribute(state, s, "ranged" if ranged else "hand")
    tile = state.tiles[s.tile]
    high = 1 if ranged and (tile.geo.terrain[s.cell] == "h" or tile.markers.get(s.cell) == "high") else 0
    defence = prof.ranged_defence if ranged else prof.melee_defence
    n = pool_size(value, spent, high, -defence, skill_effects.attack_dice(state, s, ranged))
    faces = roll(state, n)
    colour = health_level(state, s)[0]
    hit = successes(faces, colour, state) > 0
    state.emit(
        "attack",
        f"{s.name} attacks {phrases.enemy(state, target)} with the {card.name} ({phrases.MODES.get(mode, mode)}): {phrases.rolled(n, faces, hit)}",
        {"who": s.id, "enemy": target.id, "dice": n, "faces": faces, "hit": hit},
    )
    if card.noisy and mode != "butt" and not (card.suppressor and "suppressor" in s.items):
        add_noise(state, s.where, 1, s)
    star = shows_star(state, faces)
    if not hit:
        return False, star
    if mode == "butt":
        dmg = 1
    elif ranged:
        dmg = card.damage
    else:
        dmg = card.melee_damage(attribute(state, s, "strength"))
    resistance = prof.resistance if mode == "butt" or "pierce" not in card.traits else 0
    if mode != "butt":
        dmg = skill_effects.hit_damage(state, s, ranged, dmg, resistance)
    else:
        dmg -= resistance
    return hurt_enemy(state, target, dmg, s), star


def attack_survivor(state: DNZState, s: Survivor, target: Survivor, a: A.Attack) -> None:
    """ "Survivors can attack other survivors": the same pool, less the target's passive defence
    (and defensive position); a hit costs the weapon's damage (no stress: it is not a zombie)."""
    card = state.items[a.weapon]
    ranged = a.mode in ("ranged", "rapid", "burst")
    times = {"rapid": 2, "burst": 3}.get(a.mode, 1)
    faces: list[str] = []
    for shot in range(times):
        if target.dead:
            break
        if shot and not shows_star(state, faces):
            no_star(state, s, a.mode)
            break
        if ranged and card.ammo:
            if s.ammo <= 0:
                break
            s.ammo -= 1
            s.fired = True
        spent = 1 if a.sp and s.sp > 0 else 0
        s.sp -= spent
        tile = state.tiles[s.tile]
        high = 1 if ranged and (tile.geo.terrain[s.cell] == "h" or tile.markers.get(s.cell) == "high") else 0
        defence = attribute(state, target, "defense") + (1 if target.defensive else 0)
        bonus = skill_effects.attack_dice(state, s, ranged)
        n = pool_size(attribute(state, s, "ranged" if ranged else "hand"), spent, high, -defence, bonus)
        faces = roll(state, n)
        hit = successes(faces, health_level(state, s)[0], state) > 0
        state.emit(
            "attack",
            f"{s.name} attacks {target.name} with the {card.name}: {phrases.rolled(n, faces, hit)}",
            {"who": s.id, "target": target.id, "dice": n, "faces": faces, "hit": hit},
        )
        if card.noisy and a.mode != "butt" and not (card.suppressor and "suppressor" in s.items):
            add_noise(state, s.where, 1, s)
        if hit:
            if a.mode == "butt":
                dmg = 1
            elif ranged:
                dmg = card.damage
            else:
                dmg = card.melee_damage(attribute(state, s, "strength"))
            damage(state, target, dmg, f"attacked by {s.name}")


def sweep_targets(state: DNZState, s: Survivor, a: A.Attack, killed: Enemy) -> list[str]:
    card = state.items[a.weapon]
    if "sweep" not in card.traits or a.mode != "melee":
        return []
    here = (s.tile, s.cell)
    return [
        e.id
        for e in state.enemies
        if e.tile == killed.tile and e.cell == killed.cell and adjacent(state, here, (e.tile, e.cell))
    ]


def throw_targets(state: DNZState, s: Survivor) -> list[str]:
    if not s.tile:
        return []
    search = state.items
    for item in held(s):
        if "mobile-grenade" in search[item].traits:
            break
    else:
        return []
    blockers = state.sight_blockers(s.tile)
    geo = state.tiles[s.tile].geo
    occupied = {e.cell for e in state.enemies if e.tile == s.tile}
    return [f"{s.tile}-{CELLS[c]}" for c in sorted(occupied) if geo.sees(s.cell, c, blockers)]


def throw(state: DNZState, s: Survivor, a: A.Throw) -> None:
    """MOBILE GRENADE: a ranged attack at a subzone (no passive defence: it aims at a place)."""
    grenade = next(i for i in held(s) if "mobile-grenade" in state.items[i].traits)
    card = state.items[grenade]
    release(s, grenade)
    state.deck("search-discard").append(grenade)
    spent = 1 if a.sp and s.sp > 0 else 0
    s.sp -= spent
    tile_id, _, name = a.at.partition("-")
    cell = INDEX[name]
    tile = state.tiles[tile_id]
    high = 1 if tile.geo.terrain[s.cell] == "h" else 0
    n = pool_size(attribute(state, s, "ranged"), spent, high, skill_effects.attack_dice(state, s, True))
    faces = roll(state, n)
    hit = successes(faces, health_level(state, s)[0], state) > 0
    state.emit(
        "attack",
        f"{s.name} throws a grenade at {phrases.square(state, a.at)}: {phrases.rolled(n, faces, hit)}",
        {"who": s.id, "dice": n, "faces": faces, "hit": hit},
    )
    add_noise(state, s.where, 1, s)
    if not hit:
        colour, _ = threat_level(state)
        numbers = tile.geo.numbers[colour]
        near = [c for c in tile.geo.neighbours[cell] if not tile.geo.blocked[c]]
        near.sort(key=lambda c: (numbers.index(c) if c in numbers else 99, c))
        if not near:
            return
        cell = near[0]
        state.emit("attack", f"The grenade falls short in {phrases.square(state, f'{tile_id}-{CELLS[cell]}')}", {})
    for e in [e for e in state.enemies if e.tile == tile_id and e.cell == cell]:
        hurt_enemy(state, e, card.damage, s)
    for o in state.living():
        if o.tile == tile_id and o.cell == cell:
            damage(state, o, card.damage, "grenade")


@classvars(kind="sweep")
@dataclass(slots=True)
class SweepChoice(Choice[DNZState, Any]):
    """SWEEP: a free immediate attack when an enemy is eliminated, on a target in the same subzone."""

    seat: int
    who: str
    weapon: str
    targets: tuple[str, ...]

    def actions(self, state: DNZState) -> list[Any]:
        alive = {e.id for e in state.enemies}
        out: list[Any] = [A.PassSweep(self.who), *(A.Sweep(self.who, t) for t in self.targets if t in alive)]
        lowering = offer(state, state.survivor(self.who))
        if lowering is not None:
            out.append(lowering)
        return out

    def apply(self, state: DNZState, action: Any) -> Steps:
        if isinstance(action, A.PassSweep):
            return ()
        s = state.survivor(self.who)
        if isinstance(action, A.LowerThreat):
            return (*lower(state, s), self)
        attack = A.Attack(self.who, action.target, self.weapon, "melee", False)
        killed = perform_attack(state, s, attack)
        if killed is not None and not s.dead:
            targets = sweep_targets(state, s, attack, killed)
            if targets:
                return (SweepChoice(self.seat, self.who, self.weapon, tuple(targets)),)
        return ()

    def prompt(self, state: DNZState) -> str:
        return f"{state.survivor(self.who).name}: sweep on to another enemy?"
