"""Hand-to-hand and shooting combat, and what follows from them: removals, deaths, dropped items,
broken weapons (rulebook §Hand-To-Hand Combat, §Shooting Combat, §Unreliable Weapons)."""

from __future__ import annotations

from deadboard.games.the_night.board import (
    best_weapon,
    human_reach,
    step_aside,
    vacate,
    zombie_name,
    zombie_reach,
)
from deadboard.games.the_night.flow import PrepareItem, queue_item_with_ammo
from deadboard.games.the_night.state import (
    CARRIED,
    DEAD,
    GONE,
    HUMAN_ZOMBIE,
    LIVE,
    NOT_IN_GAME,
    REMOVED,
    NightState,
)

RANGE_BANDS = ((3, 0), (5, 1))  # 1-3 squares -> first RCP, 4-5 -> second, 6+ -> third


def rcp_index(distance: int) -> int:
    for limit, idx in RANGE_BANDS:
        if distance <= limit:
            return idx
    return 2


def remove_zombie(state: NightState, z: int) -> None:
    """A zombie that loses is removed from the game, not returned to the container."""
    vacate(state, z, state.zsq.pop(z))
    if z >= HUMAN_ZOMBIE:
        state.humans[z - HUMAN_ZOMBIE].status = GONE
    state.zombies_removed += 1
    if state.cfg.confine and not state.zsq and not state.last_turn_cleared:
        state.last_turn_cleared = state.turn


def kill_human(state: NightState, h: int) -> None:
    """A losing live human is replaced by their dead counter; their items stay in the square."""
    hu = state.humans[h]
    hu.status = DEAD
    tag = CARRIED + h
    where = state.item_where
    for i, w in enumerate(where):
        if w == tag:
            where[i] = hu.sq
    if state.active == h:
        state.ap = 0


def combat_bonus_zombie(state: NightState, z: int, h_sq: int) -> int:
    """Combat Assistance: +1 if another zombie is adjacent to the human (could attack it)."""
    if not state.cfg.combat_assistance:
        return 0
    zocc = state.zocc
    for t, _cost in zombie_reach(state, h_sq):
        other = zocc[t]
        if other and other != z:
            return 1
    return 0


def combat_bonus_human(state: NightState, h: int, z_sq: int) -> int:
    """Combat Assistance: +1 if another live human is adjacent to the zombie (could attack it)."""
    if not state.cfg.combat_assistance:
        return 0
    for t in human_reach(state, z_sq):
        for other in state.humans:
            if other.status == LIVE and other.idx != h and other.sq == t:
                return 1
    return 0


def human_strength(state: NightState, h: int) -> int:
    s = state.cfg.hstr[h]
    if "fighter" in state.humans[h].attrs and state.humans[h].name != "Ben":
        s += 1
    return s


def hand_to_hand(state: NightState, h: int, z: int, who: str) -> bool:
    """Resolve one hand-to-hand combat; ``who`` says who started it: "human" (the human's attack),
    "zombie" (a zombie's attack), "reanimation" (a zombie rising on the human's square) or "dodge"
    (the human caught moving away). Returns True if the human won. Human: D6 + strength + one
    weapon; zombie: D6 + strength; the human wins ties. Only a human who did not start the fight
    is "attacked by a zombie" and may use a rifle or shotgun as a bat (ruling)."""
    rng = state.rng
    hu = state.humans[h]
    zsq = state.zsq[z]
    weapon = best_weapon(state, h, attacked=who != "human")
    wbonus = state.c.items[weapon].bonus if weapon >= 0 else 0
    hs = human_strength(state, h)
    zs = state.cfg.zstr[z]
    hroll = rng.d6()
    zroll = rng.d6()
    hass = combat_bonus_human(state, h, zsq)
    zass = combat_bonus_zombie(state, z, hu.sq)
    htot = hroll + hs + wbonus + hass
    ztot = zroll + zs + zass
    zn = zombie_name(state, z)
    wname = state.c.items[weapon].name if weapon >= 0 else "bare hands"
    human_wins = htot >= ztot
    text = (
        f"{hu.name} ({hroll}+{hs}" + (f"+{wbonus} {wname}" if wbonus else "") + (f"+{hass} assist" if hass else "")
        + f" = {htot}) vs {zn} ({zroll}+{zs}" + (f"+{zass} assist" if zass else "") + f" = {ztot}): "
        + (f"{hu.name} wins" + (" the tie" if htot == ztot else "") if human_wins else f"{zn} wins")
    )
    state.emit(
        "combat",
        text,
        {"human": hu.name, "zombie": zn, "started_by": who, "human_roll": hroll, "human_total": htot,
         "zombie_roll": zroll, "zombie_total": ztot, "weapon": state.c.items[weapon].id if weapon >= 0 else None,
         "human_wins": human_wins},
    )
    if human_wins:
        remove_zombie(state, z)
        if state.active == h:  # the acting human (nobody acts outside the Live Human Action Phase)
            state.kills[state.active_seat] += 1
        if htot == ztot and weapon >= 0 and state.cfg.unreliable:
            lose_item(state, weapon, f"{hu.name}'s {wname} is lost in the tie")
        return True
    if "lucky" in hu.attrs and not hu.lucky_used:
        hu.lucky_used = True
        state.emit("combat", f"{hu.name} is Lucky: a narrow escape, nobody is removed", {"human": hu.name})
        if zsq == hu.sq and step_aside(state, h) >= 0:  # the zombie rose on the human's own square
            state.emit("move", f"{hu.name} steps aside to {state.c.grid.names[hu.sq]}", {"human": hu.name, "to": state.c.grid.names[hu.sq]})
        return False
    kill_human(state, h)
    state.emit("death", f"{hu.name} is killed by {zn}", {"human": hu.name, "zombie": zn})
    return False


def shoot(state: NightState, h: int, z: int, weapon: int, modifier: int = 0) -> bool:
    """One shot: D6 + RCP for the range (+ modifiers) of 6 or more removes the zombie."""
    rng = state.rng
    hu = state.humans[h]
    it = state.c.items[weapon]
    assert it.rcp is not None
    zsq = state.zsq[z]
    dist = state.c.grid.chebyshev(hu.sq, zsq)
    rcp = it.rcp[rcp_index(dist)]
    if "marksman" in hu.attrs:
        modifier += 1
    roll = rng.d6()
    total = roll + rcp + modifier
    hit = total >= 6
    zn = zombie_name(state, z)
    mod_text = f"{modifier:+d}" if modifier else ""
    state.emit(
        "shot",
        f"{hu.name} shoots {zn} with the {it.name} at {dist} square{'s' if dist != 1 else ''}: "
        f"{roll}+{rcp} RCP{mod_text} = {total} vs 6: " + ("hit, removed" if hit else "miss"),
        {"human": hu.name, "zombie": zn, "weapon": it.id, "range": dist, "roll": roll, "rcp": rcp,
         "modifier": modifier, "total": total, "need": 6, "hit": hit},
    )
    if hit:
        remove_zombie(state, z)
        if state.active == h:  # the acting human (nobody acts outside the Live Human Action Phase)
            state.kills[state.active_seat] += 1
    if roll == 1 and state.cfg.unreliable:
        check = rng.d6()
        if check == 1:
            state.emit("roll", f"Unreliable weapon: {check} — the {it.name} breaks", {"roll": check, "result": "breaks"})
            lose_item(state, weapon, f"the {it.name} is removed from the game")
        elif check <= 3:
            state.emit("roll", f"Unreliable weapon: {check} — out of ammo", {"roll": check, "result": "out of ammo"})
            tag = CARRIED + h
            for j in state.c.kind_items[it.ammo or ""]:
                if state.item_where[j] == tag:
                    state.item_where[j] = NOT_IN_GAME
                    state.push(PrepareItem(j))
                    break
        else:
            state.emit("roll", f"Unreliable weapon: {check} — no problem", {"roll": check, "result": "ok"})
    return hit


def lose_item(state: NightState, item: int, text: str) -> None:
    """Unreliable Weapons: the item leaves the game and another random item is added as in setup."""
    state.item_where[item] = REMOVED
    state.emit("item", text, {"item": state.c.items[item].id})
    pool = [it.index for it in state.c.items if it.kind in ("firearm", "melee") and state.item_where[it.index] == NOT_IN_GAME]
    if not pool:
        state.emit("item", "No item is left to replace it", None)
        return
    new = pool[state.rng.below(len(pool))]
    state.emit("item", f"A replacement is found: {state.c.items[new].name}", {"item": state.c.items[new].id})
    queue_item_with_ammo(state, new)


def alive(state: NightState) -> int:
    return sum(1 for h in state.humans if h.status == LIVE)
