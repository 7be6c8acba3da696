"""Rulebook §3.14 (enemy activation) and the enemy attack of §4.12.

Every enemy acts by the A side of the threat card drawn: groups by initiative, the higher first
(within a group, in the order the enemies were placed: the leading player's choice, fixed); for each
of its actions it reads the card's conditions from the top and does the first one met, then starts
again from the top for its next action. A survivor hidden among corpses is never a target (the
Hunter's authored ability finds him). A "Special Ability" card's "ability" line has each enemy use
its special ability (content/enemies.toml) if it can; if not, the next line is read."""

from __future__ import annotations

from typing import Final

from deadboard.core.log import NullLog
from deadboard.games.day_night_z import phrases, skill_effects
from deadboard.games.day_night_z.board import subzone_name
from deadboard.games.day_night_z.concepts import (
    add_noise,
    attribute,
    damage,
    gain_sp,
    gain_stress,
    infect,
    noise_at,
    pool_size,
    roll,
    skulls,
)
from deadboard.games.day_night_z.paths import (
    Spot,
    distances,
    group_of,
    route,
    spot_text,
    steps_from,
    subzone,
    way_on,
)
from deadboard.games.day_night_z.records import Threat
from deadboard.games.day_night_z.spawn import enemy_profile
from deadboard.games.day_night_z.state import DNZState, Enemy, Survivor


def adjacent(state: DNZState, a: Spot, b: Spot) -> bool:
    if a[0] == b[0]:
        ax, ay, bx, by = a[1] % 4, a[1] // 4, b[1] % 4, b[1] // 4
        return max(abs(ax - bx), abs(ay - by)) <= 1
    link = state.tiles[a[0]].links.get(a[1])
    return link == b


def sees(state: DNZState, a: Spot, b: Spot) -> bool:
    """Line of sight between figures (§3.11): within a tile by its geometry; between connected
    location tiles only across the link (line of sight between tiles is not traced further)."""
    if a[0] == b[0]:
        return state.tiles[a[0]].geo.sees(a[1], b[1], state.sight_blockers(a[0]))
    return state.tiles[a[0]].links.get(a[1]) == b


def targets(state: DNZState, enemy: Enemy) -> list[Survivor]:
    group = group_of(state, enemy.tile)
    return [s for s in state.survivors if not s.dead and not s.hidden and s.tile in group]


def prioritise(
    state: DNZState, card: Threat, enemy: Enemy, options: list[Survivor], dist: dict[Spot, int]
) -> Survivor:
    """The priority objective among survivors meeting the same condition; then the closest, then
    the first in seat order."""
    if len(options) == 1:
        return options[0]

    def key(s: Survivor) -> tuple[int, int, int]:
        d = dist.get((s.tile, s.cell), 99)
        p = card.priority
        if p == "noisiest":
            first = -s.noise
        elif p == "most-wounded":
            first = s.health
        elif p == "leader":
            first = 0 if s.seat == state.leader else 1
        elif p == "most-stressed":
            first = -s.stress
        else:
            first = d
        return first, d, s.seat

    return min(options, key=key)


def step_towards(state: DNZState, enemy: Enemy, goal: Spot, dist_goal: dict[Spot, int]) -> bool:
    """Move one subzone towards ``goal``; among equal ways the least favourable for the survivors
    (the noisiest subzone, then the first in tile order). False if it cannot move closer."""
    here = (enemy.tile, enemy.cell)
    now = dist_goal.get(here)
    if now is None or now == 0:
        return False
    group = group_of(state, enemy.tile)
    obstacles = {tid: state.move_obstacles(tid) for tid in group}
    options = [s for s in steps_from(state, here, obstacles) if dist_goal.get(s, 99) < now]
    if not options:
        return False
    enter(state, enemy, way_on(state, options))
    return True


def enter(state: DNZState, enemy: Enemy, spot: Spot) -> None:
    enemy.tile, enemy.cell = spot
    tile = state.tiles[spot[0]]
    where = subzone(spot)
    state.emit(
        "enemy-move",
        f"{phrases.enemy(state, enemy)} moves to {phrases.square(state, where)}",
        {"enemy": enemy.id, "to": where},
    )
    if tile.markers.get(spot[1]) == "noisy":
        add_noise(state, where)
    trap = tile.traps.pop(spot[1], 0)
    if trap:
        state.emit("trap", f"{phrases.enemy(state, enemy)} walks into a trap in {phrases.square(state, where)}", {"enemy": enemy.id})
        hurt_enemy(state, enemy, trap, None)


def hurt_enemy(state: DNZState, enemy: Enemy, n: int, by: Survivor | None) -> bool:
    """Damage is cumulative; at zero health the enemy is removed and a corpse marker is left; its
    killer earns its survival points (§3.3). Returns whether it died."""
    if n <= 0:
        return False
    enemy.damage += n
    health = enemy_profile(state, enemy.kind).health
    if enemy.damage < health:
        state.emit(
            "wound",
            f"{phrases.enemy(state, enemy)} takes {n} damage ({health - enemy.damage} health left)",
            {"enemy": enemy.id},
        )
        return False
    state.enemies.remove(enemy)
    tile = state.tiles[enemy.tile]
    corpse = state.draw("corpse")
    if corpse is not None:
        tile.corpses.setdefault(enemy.cell, []).append(int(corpse))
    if enemy.kind == "hunter":
        state.hunter = ""
        state.hunter_killed = True
    sp = state.foes[0][enemy.kind].sp
    if by is not None:
        gain_sp(state, by, sp)
    state.emit(
        "kill",
        f"{phrases.enemy(state, enemy)} is eliminated"
        + (f": {by.name} earns {phrases.count(sp, 'survival point')}" if by else ""),
        {"enemy": enemy.id, "kind": enemy.kind},
    )
    return True


def in_reach(state: DNZState, enemy: Enemy, pool: list[Survivor]) -> list[Survivor]:
    """The survivors of ``pool`` adjacent to the enemy (or in its subzone) and in its sight."""
    here = (enemy.tile, enemy.cell)
    out = []
    blockers: set[int] | None = None  # the tile's sight, worked out once for every survivor on it
    for s in pool:
        spot = (s.tile, s.cell)
        if not adjacent(state, here, spot):
            continue
        if s.tile != enemy.tile:
            if state.tiles[enemy.tile].links.get(enemy.cell) == spot:  # sees: across the link
                out.append(s)
            continue
        if blockers is None:
            blockers = state.sight_blockers(enemy.tile)
        if state.tiles[enemy.tile].geo.sees(enemy.cell, s.cell, blockers):
            out.append(s)
    return out


def act(state: DNZState, enemy: Enemy, card: Threat, action: int = 1) -> bool:
    """One action of ``enemy`` by the card's conditions, top down. Returns whether one was met. A
    ``trace`` event names the card's line applied (none when no line is met), the survivor it
    aimed at and the route it follows (docs/api.md, "Trace events")."""
    here = (enemy.tile, enemy.cell)
    line, target, goal = _act(state, enemy, card)
    if tracing(state):
        trace_enemy(state, enemy, card, action, line, target, here, goal)
    return bool(line)


def _act(state: DNZState, enemy: Enemy, card: Threat) -> tuple[str, Survivor | None, Spot | None]:
    """act's work: the line applied ("" none), the survivor aimed at, the subzone moved towards."""
    pool = targets(state, enemy)
    if not pool and not (card.ai[0] == "ability" and _hidden_on_tile(state, enemy)):
        return "", None, None
    here = (enemy.tile, enemy.cell)
    dist = distances(state, here)
    for cond in card.ai:
        if cond == "ability":
            used = use_ability(state, enemy, card, pool, dist)
            if used is not None:
                return cond, used[0], used[1]
            continue
        if cond in ("attack", "attack-advance"):
            near = in_reach(state, enemy, pool)
            if not near:
                continue
            s = prioritise(state, card, enemy, near, dist)
            spot = (s.tile, s.cell)
            enemy_attack(state, enemy, s, card.body)
            if (  # noqa: SIM102
                cond == "attack-advance"
                and enemy in state.enemies
                and not s.dead
                and spot != here
            ):
                if s.cell not in state.move_obstacles(s.tile) and spot in steps_from(
                    state, here, {t: state.move_obstacles(t) for t in group_of(state, enemy.tile)}
                ):
                    enter(state, enemy, spot)
            return cond, s, spot
        if cond == "move-los":
            seen = [
                s for s in pool if sees(state, here, (s.tile, s.cell)) and dist.get((s.tile, s.cell), 0) > 0
            ]
            if not seen:
                continue
            s = prioritise(state, card, enemy, seen, dist)
            if step_towards(state, enemy, (s.tile, s.cell), distances(state, (s.tile, s.cell))):
                return cond, s, (s.tile, s.cell)
            continue
        if cond == "move-closest":
            far = [s for s in pool if dist.get((s.tile, s.cell), 0) > 0]
            if not far:
                continue
            best = min(dist[(s.tile, s.cell)] for s in far)
            s = prioritise(state, card, enemy, [s for s in far if dist[(s.tile, s.cell)] == best], dist)
            if step_towards(state, enemy, (s.tile, s.cell), distances(state, (s.tile, s.cell))):
                return cond, s, (s.tile, s.cell)
            continue
        if cond == "move-noise":
            if not state.noise:  # no noise counter anywhere
                continue
            group = group_of(state, enemy.tile)
            loud = [
                (d, spot)
                for spot, d in dist.items()
                if spot[0] in group and d > 0 and noise_at(state, subzone_name(spot[0], spot[1]))
            ]
            if not loud:
                continue
            goal = min(loud)[1]
            if step_towards(state, enemy, goal, distances(state, goal)):
                return cond, None, goal
    return "", None, None


def activate_all(state: DNZState, card: Threat) -> None:
    """3.1 Zombie Activation: every enemy in play, groups by initiative."""
    if not state.enemies or not any(s.tile and not s.dead for s in state.survivors):
        return  # an enemy acts only on a survivor on its tiles: with none on a tile, none acts
    sides = state.foes[0]
    order = sorted(state.enemies, key=lambda e: -sides[e.kind].initiative)
    for enemy in order:
        for action in range(1, enemy_profile(state, enemy.kind).actions + 1):
            if enemy not in state.enemies or state.over:
                break
            act(state, enemy, card, action)


# ----- special abilities (authored: content/enemies.toml [[ability]]) -------------------------------


def _hidden_on_tile(state: DNZState, enemy: Enemy) -> list[Survivor]:
    return [s for s in state.living() if s.hidden and s.tile == enemy.tile]


#: what an ability used aimed at: the survivor and his subzone (None: no survivor)
Aim = tuple[Survivor | None, Spot | None]
_NO_AIM: Final[Aim] = (None, None)


def use_ability(
    state: DNZState, enemy: Enemy, card: Threat, pool: list[Survivor], dist: dict[Spot, int]
) -> Aim | None:
    """The enemy's special ability, if it has one and can use it now (a "Special Ability" threat
    card's "ability" line, §3.14). Returns what it aimed at if it was used, else None."""
    ability = state.content.abilities.get(enemy.kind)
    if ability is None:
        return None
    kind = ability.kind
    here = (enemy.tile, enemy.cell)
    if kind == "pile-on":
        same = [s for s in pool if (s.tile, s.cell) == here]
        if not same:
            return None
        kin = sum(
            1 for e in state.enemies_at(enemy.tile, enemy.cell) if e is not enemy and e.kind == enemy.kind
        )
        _announce(state, enemy, ability.name)
        s = prioritise(state, card, enemy, same, dist)
        enemy_attack(state, enemy, s, card.body, bonus=kin)
        return s, here
    if kind in ("bite", "smash"):
        near = in_reach(state, enemy, pool)
        if not near:
            return None
        _announce(state, enemy, ability.name)
        s = prioritise(state, card, enemy, near, dist)
        if kind == "smash":
            enemy_attack(state, enemy, s, card.body, bonus=2)
        elif enemy_attack(state, enemy, s, card.body) and not s.dead:
            gain_stress(state, s, 1)  # the bite's pain: a card effect's stress (§3.6)
            state.emit("stress", f"{s.name} gains 1 stress point from the bite", {"who": s.id})
        return s, (s.tile, s.cell)
    if kind == "howl":
        where = subzone_name(enemy.tile, enemy.cell)
        if noise_at(state, where):
            return None
        _announce(state, enemy, ability.name)
        add_noise(state, where)
        return _NO_AIM
    if kind == "rally":
        group = group_of(state, enemy.tile)
        others = [e for e in state.enemies if e is not enemy and e.tile in group]
        if not others or not pool:
            return None
        s = min(pool, key=lambda x: (dist.get((x.tile, x.cell), 99), x.seat))
        _announce(state, enemy, ability.name)
        goal = (s.tile, s.cell)
        to_goal = distances(state, goal)
        for e in others:
            start = (e.tile, e.cell)
            step_towards(state, e, goal, to_goal)
            if tracing(state):
                trace_rallied(state, e, enemy, s, start, goal, to_goal)
        return s, goal
    hidden = _hidden_on_tile(state, enemy)
    if not hidden:
        return None
    _announce(state, enemy, ability.name)
    for s in hidden:
        s.hidden = False
        state.emit("hide", f"{s.name} is sniffed out: no longer hidden among corpses", {"who": s.id})
    return _NO_AIM


def _announce(state: DNZState, enemy: Enemy, name: str) -> None:
    state.emit("ability", f"{phrases.enemy(state, enemy)} uses {name}", {"enemy": enemy.id, "ability": name})


def enemy_attack(
    state: DNZState,
    enemy: Enemy,
    s: Survivor,
    body: str,
    bonus: int = 0,
) -> bool:
    """ENEMY ATTACK (§4.12): attack dice - cover - passive defence (and the defensive position) -
    the defensive equipment on the body location hit, at least 1 die; a skull hits for the
    profile's damage. A noise icon makes 1 noise counter in the enemy's subzone, hit or not; an
    infection icon on a damaging attack infects an uninfected survivor (an infected one ignores
    it); a damaging attack gives 1 stress point. Returns whether it damaged the survivor (authored
    abilities only ever add to this: extra dice, a stress point more)."""
    prof = enemy_profile(state, enemy.kind)
    tile = state.tiles[s.tile]
    cover = 1 if tile.geo.terrain[s.cell] == "c" or tile.markers.get(s.cell) == "cover" else 0
    defence = attribute(state, s, "defense") + (1 if s.defensive else 0)
    worn = s.worn.get(body, "")
    equip = state.items[worn].defence if worn else 0
    n = pool_size(prof.attack, bonus, -cover, -defence, -equip, -skill_effects.defence(state, s))
    faces = roll(state, n)
    hit = skulls(faces) > 0
    state.emit(
        "attack",
        f"{phrases.enemy(state, enemy)} attacks {s.name} ({body}): {phrases.rolled(n, faces, hit)}",
        {"enemy": enemy.id, "who": s.id, "dice": n, "faces": faces, "hit": hit},
    )
    if "skull-noise" in faces:
        add_noise(state, subzone_name(enemy.tile, enemy.cell))
    if not hit:
        return False
    if worn and state.items[worn].absorb:
        del s.worn[body]
        s.items.remove(worn)
        state.emit(
            "absorb",
            f"{s.name}'s {state.items[worn].name} take the blow and are discarded",
            {"who": s.id},
        )
        return False
    gain_stress(state, s, 0 if skill_effects.calm(state, s) else 1)
    if "skull-infection" in faces and s.infection == 0:
        infect(state, s, 1, f"bitten by a {enemy.kind}")
    damage(state, s, prof.damage, f"{enemy.kind} attack")
    return True


# ----- trace events (docs/api.md, "Trace events") ---------------------------------------------------


def tracing(state: DNZState) -> bool:
    """Whether anyone keeps the log (search's clones keep none: no trace is worked out for them)."""
    return type(state.log) is not _NULL_LOG


#: the log that keeps nothing, as a C global of the compiled build (asked at every move and action)
_NULL_LOG: Final = NullLog

#: the keys of an enemy's action trace, in the order the trace gives them
_ENEMY_TRACE_KEYS: Final = (
    "trace", "enemy", "kind", "card", "action", "actions", "line", "rule", "target", "goal", "from", "to", "path",
    "route",
)  # fmt: skip
_ENEMY_TRACE: Final[dict[str, object]] = dict.fromkeys(_ENEMY_TRACE_KEYS)
_ENEMY_TRACE["trace"] = "enemy"


def trace_enemy(
    state: DNZState,
    enemy: Enemy,
    card: Threat,
    action: int,
    line: str,
    target: Survivor | None,
    start: Spot,
    goal: Spot | None,
) -> None:
    """One action of an enemy: the card and its line applied (index and text; none met: -1, ""),
    the survivor aimed at, where it stood and stands, and the way to the subzone it went for."""
    now = (enemy.tile, enemy.cell) if enemy in state.enemies else None
    moved = now is not None and now != start
    start_text, now_text = spot_text(start), spot_text(now)
    data = _ENEMY_TRACE.copy()  # a copy of a dict of these keys is made faster than a new one
    data["enemy"] = enemy.id
    data["kind"] = enemy.kind
    data["card"] = card.id
    data["action"] = action
    data["actions"] = enemy_profile(state, enemy.kind).actions
    data["line"] = card.ai.index(line) if line else -1
    data["rule"] = line
    data["target"] = target.id if target is not None else None
    data["goal"] = spot_text(goal)
    data["from"] = start_text
    data["to"] = now_text
    data["path"] = [start_text, now_text] if moved else [start_text]
    data["route"] = route(state, start, goal, distances(state, goal)) if goal is not None and moved else []
    state.emit_format(
        "trace",
        "{}, action {}: {}{}{}",
        (
            enemy.id,
            action,
            line or "no line met",
            f" -> {target.name}" if target is not None else "",
            f" ({start_text} to {now_text})" if moved else "",
        ),
        data,
    )


def trace_rallied(
    state: DNZState,
    enemy: Enemy,
    leader: Enemy,
    target: Survivor,
    start: Spot,
    goal: Spot,
    to_goal: dict[Spot, int],
) -> None:
    """An enemy moved by another's ability (Rally): not one of its own actions."""
    now = (enemy.tile, enemy.cell)
    moved = now != start
    state.emit(
        "trace",
        f"{enemy.id}, rallied by {leader.id}: toward {target.name}",
        {
            "trace": "enemy",
            "enemy": enemy.id,
            "kind": enemy.kind,
            "by": leader.id,
            "rule": "rallied",
            "target": target.id,
            "goal": spot_text(goal),
            "from": spot_text(start),
            "to": spot_text(now),
            "path": [spot_text(start), spot_text(now)] if moved else [spot_text(start)],
            "route": route(state, start, goal, to_goal) if moved else [],
        },
    )
