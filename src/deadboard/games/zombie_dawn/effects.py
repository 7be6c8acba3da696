"""The rules everything else calls on, none of which pushes a step: modifiers of characters, groups
and seasons, cards in hand, carrying items, healing, the end of a combat, searching, missions met
and completed, skills and the score (rulebook §Damage, §Search a Location, §Complete missions,
§Acquire Skills, §Counting Victory Points). Damage, Life or Death and death are in :mod:`.wounds`."""

from __future__ import annotations

from collections.abc import Callable

from deadboard.games.zombie_dawn.content import COLOURS, COSTLY, ActionRec, ItemRec, SeasonFx
from deadboard.games.zombie_dawn.state import NO_VEHICLE, DawnState

HAND_SIZE = 6
DEATH_DAMAGE = 4
#: what removes any damage but a Bite (Second Wind, healing abilities)
ANY_HEAL = ("food", "medicine")


#: the colours capitalised, to start a sentence
TITLES: tuple[str, ...] = tuple(c.capitalize() for c in COLOURS)

#: the colour of a seat, and the same capitalised
colour: Callable[[int], str] = COLOURS.__getitem__
title: Callable[[int], str] = TITLES.__getitem__


# ==================================================================================================
# abilities
# ==================================================================================================
def char_modifier(state: DawnState, ch: int, field: str) -> int:
    """A per-character ability: the character's own, its skills' and its carried items'."""
    c = state.c
    tot = c.char_mods[ch].get(field, 0)
    for s in state.char_skills[ch]:
        tot += c.skill_mods[s].get(field, 0)
    for it in state.char_items[ch]:
        tot += c.inst_mods[it].get(field, 0)
    return tot


def group_modifier(state: DawnState, seat: int, field: str) -> int:
    """A group ability: the sum over its characters, their skills and the items they carry."""
    c = state.c
    char_mods, skill_mods, inst_mods = c.char_mods, c.skill_mods, c.inst_mods
    char_skills, char_items = state.char_skills, state.char_items
    tot = 0
    for ch in state.groups[seat].chars:
        tot += char_mods[ch].get(field, 0)
        for s in char_skills[ch]:
            tot += skill_mods[s].get(field, 0)
        for it in char_items[ch]:
            tot += inst_mods[it].get(field, 0)
    return tot


_NO_SEASON = SeasonFx()


def season_fx(state: DawnState) -> SeasonFx:
    """The effect of this round's season card (no effect before the first reveal)."""
    if state.season < 0:
        return _NO_SEASON
    return state.c.seasons[state.season].effect


def walk_squares(state: DawnState, seat: int) -> int:
    """Squares per action discarded to move (rulebook §Move: up to 2)."""
    return max(1, 2 + group_modifier(state, seat, "move") + season_fx(state).move)


def vehicle_card(state: DawnState, seat: int) -> ActionRec | None:
    v = state.groups[seat].vehicle
    return None if v == NO_VEHICLE else state.c.action_recs[v]


def vehicle_capacity(state: DawnState, seat: int) -> int:
    rec = vehicle_card(state, seat)
    return 0 if rec is None else rec.capacity + group_modifier(state, seat, "capacity")


def vehicle_squares(state: DawnState, seat: int) -> int:
    rec = vehicle_card(state, seat)
    return 0 if rec is None else max(1, rec.squares + group_modifier(state, seat, "vehicle") + season_fx(state).vehicle)


# ==================================================================================================
# action cards
# ==================================================================================================
def draw_actions(state: DawnState, seat: int, n: int) -> int:
    hand = state.groups[seat].hand
    got = 0
    for _ in range(n):
        card = state.actions.draw(state.rng)
        if card is None:
            break
        hand.append(card)
        got += 1
    return got


def hand_card(state: DawnState, seat: int, card_id: str) -> int:
    """The first card of that kind in the seat's hand (cards of a kind are interchangeable)."""
    recs = state.c.action_recs
    for card in state.groups[seat].hand:
        if recs[card].id == card_id:
            return card
    raise KeyError(card_id)


def hand_kinds(state: DawnState, seat: int) -> list[int]:
    """One card of each kind in the hand (the first held), by content order."""
    hand = state.groups[seat].hand
    if len(hand) < 2:
        return list(hand)
    kind_of = state.c.action_cards
    seen: dict[int, int] = {}
    for card in hand:
        k = kind_of[card]
        if k not in seen:
            seen[k] = card
    return [seen[k] for k in sorted(seen)]


def discard_from_hand(state: DawnState, seat: int, card: int) -> None:
    state.groups[seat].hand.remove(card)
    state.actions.discard(card)


# ==================================================================================================
# items
# ==================================================================================================
def capacity(state: DawnState, ch: int) -> int:
    return state.c.characters[ch].carry + char_modifier(state, ch, "carry")


def load(state: DawnState, ch: int) -> int:
    recs = state.c.item_recs
    return sum(1 for it in state.char_items[ch] if not recs[it].light)


def has_room(state: DawnState, ch: int, item: int) -> bool:
    return state.c.item_recs[item].light or load(state, ch) < capacity(state, ch)


def can_part_with(state: DawnState, ch: int, item: int) -> bool:
    """Whether ``ch`` may hand ``item`` over: not a bag whose spaces it needs for what it carries."""
    bonus = state.c.inst_mods[item].get("carry", 0)
    if bonus <= 0:
        return True
    after = load(state, ch) - (0 if state.c.item_recs[item].light else 1)
    return after <= capacity(state, ch) - bonus


def can_part_all(state: DawnState, items: tuple[int, ...]) -> bool:
    """Whether the group may hand all of ``items`` over at once: no carrier is left holding more than
    the spaces it has without the bags among them."""
    c = state.c
    heavy, bag = c.item_heavy, c.item_bag
    holders: dict[int, list[int]] = {}
    for it in items:
        holders.setdefault(holder(state, it), []).append(it)
    for ch, gone in holders.items():
        if ch < 0:
            return False
        after = load(state, ch) - sum(1 for it in gone if heavy[it])
        if after > capacity(state, ch) - sum(bag[it] for it in gone):
            return False
    return True


def free_spaces(state: DawnState, seat: int) -> int:
    """Carrying spaces left in the whole group (light items need none)."""
    return sum(capacity(state, ch) - load(state, ch) for ch in state.groups[seat].chars)


def holder(state: DawnState, item: int) -> int:
    """The character carrying ``item``, or -1."""
    for ch, items in enumerate(state.char_items):
        if item in items:
            return ch
    return -1


def give(state: DawnState, ch: int, item: int) -> None:
    state.char_items[ch] = (*state.char_items[ch], item)


def take_away(state: DawnState, ch: int, item: int) -> None:
    items = list(state.char_items[ch])
    items.remove(item)
    state.char_items[ch] = tuple(items)


def discard_item(state: DawnState, item: int) -> None:
    """To the discard pile of its deck; it comes back straightened when drawn again."""
    state.set_turned(item, False)
    deck = state.c.item_recs[item].deck
    (state.green if deck == "green" else state.blue if deck == "blue" else state.specials).discard(item)


def matches_tag(rec: ItemRec, tag: str) -> bool:
    if tag == "item":
        return True
    if tag == "weapon":
        return rec.kind == "weapon"
    if tag == "ranged":
        return rec.kind == "weapon" and rec.ranged
    if tag in ("food", "medicine"):
        return tag in rec.heals
    return rec.straightens == tag  # fuel, ammunition


def best_weapon(state: DawnState, ch: int, ranged_only: bool = False) -> int:
    """The straightened weapon the character fights with (most dice, the first carried of those),
    or -1."""
    c = state.c
    wdice, ranged = c.item_weapon, c.item_ranged
    turned = state.turned
    best, dice = -1, 0
    for it in state.char_items[ch]:
        d = wdice[it]
        if d > dice and not turned >> it & 1 and (ranged[it] or not ranged_only):
            best, dice = it, d
    return best


def armed(state: DawnState, seat: int, ranged_only: bool = False) -> bool:
    """Whether a Pj of the group carries a straightened weapon (ranged, with ``ranged_only``)."""
    c = state.c
    wdice, ranged = c.item_weapon, c.item_ranged
    turned = state.turned
    char_items = state.char_items
    for ch in state.groups[seat].chars:
        for it in char_items[ch]:
            if wdice[it] and not turned >> it & 1 and (ranged[it] or not ranged_only):
                return True
    return False


def turnable_targets(state: DawnState, seat: int, icon: str, turned: bool) -> list[str]:
    """Cards of the group with ``icon`` that are turned (``turned``) or straightened: the vehicle
    (named ``vehicle``) and carried items (by name)."""
    g = state.groups[seat]
    out: list[str] = []
    if g.vehicle != NO_VEHICLE and icon in state.c.action_recs[g.vehicle].icons and g.vehicle_turned == turned:
        out.append("vehicle")
    recs = state.c.item_recs
    for it in state.carried(seat):
        if icon in recs[it].icons and state.is_turned(it) == turned:
            out.append(state.c.item_names[it])
    return out


# ==================================================================================================
# damage, Life or Death, death
# ==================================================================================================
def removable(state: DawnState, ch: int, icons: tuple[str, ...]) -> list[int]:
    """Damage cards on ``ch`` that an item with these icons removes, worst Life or Death first."""
    recs = state.c.damages
    cards = state.c.damage_cards
    out = [d for d in state.char_damage[ch] if recs[cards[d]].heal in icons]
    out.sort(key=lambda d: (recs[cards[d]].lod, d))
    return out


def heal(state: DawnState, ch: int, icons: tuple[str, ...], amount: int) -> list[int]:
    """Remove up to ``amount`` damage cards (the worst first) that the icons cure."""
    gone = removable(state, ch, icons)[:amount]
    if gone:
        state.char_damage[ch] = tuple(d for d in state.char_damage[ch] if d not in gone)
        for d in gone:
            state.damage.discard(d)
    return gone


def damage_name(state: DawnState, d: int) -> str:
    return state.c.damages[state.c.damage_cards[d]].name


def worst_lod(state: DawnState, ch: int) -> int:
    recs = state.c.damages
    cards = state.c.damage_cards
    return min((recs[cards[d]].lod for d in state.char_damage[ch]), default=0)


def lod_modifier(state: DawnState, ch: int) -> int:
    """What is added to the die of a Life or Death roll: the worst damage value, the combat's zombie
    effects (Nurse) while that combat lasts (rulebook §Attack: "if any Zombie card has an Effect, it
    is applied until the end of the Combat"), the season and the character's abilities."""
    mod = worst_lod(state, ch) + char_modifier(state, ch, "lod") + season_fx(state).lod
    cb = state.combat
    if cb is not None and not cb.ended and not cb.duel and ch in state.groups[cb.group].chars:
        mod += cb.fx[0]
    return mod


def end_combat(state: DawnState, won: bool) -> None:
    """Close the running combat: a lost or fled combat discards its zombies (a Clear a Location
    mission fails); a won one gives them to the group as trophies (rulebook §Attack)."""
    cb = state.combat
    assert cb is not None
    g = state.groups[cb.group]
    if won and not cb.duel:
        g.trophies.extend(cb.zombies)
        if cb.zombies or cb.mission >= 0:
            g.trophy_bonus += group_modifier(state, cb.group, "trophy")
        if cb.mission >= 0:
            complete_mission(state, cb.group, cb.mission)
        auto_missions(state, cb.group)
    else:
        for z in cb.zombies:
            state.actions.discard(z)
        if cb.mission >= 0:
            fail_mission(state, cb.group, cb.mission)
    cb.zombies = []
    g.declared = -1
    cb.ended = True


# ==================================================================================================
# missions
# ==================================================================================================
def complete_mission(state: DawnState, seat: int, m: int) -> None:
    g = state.groups[seat]
    if m in g.missions:
        g.missions.remove(m)
    g.done.append(m)
    rec = state.c.missions[m]
    state.emit("mission", f"{title(seat)} completes the mission {rec.name} ({rec.vp} VP)", {"seat": seat, "mission": rec.id})
    if not g.missions:
        draw_mission(state, seat)


def fail_mission(state: DawnState, seat: int, m: int) -> None:
    g = state.groups[seat]
    if m in g.missions:
        g.missions.remove(m)
    state.missions.discard(m)
    state.emit("mission", f"{title(seat)} fails {state.c.missions[m].name}: the mission is discarded", {"seat": seat})
    draw_mission(state, seat)


def draw_mission(state: DawnState, seat: int) -> None:
    m = state.missions.draw(state.rng)
    if m is not None:
        state.groups[seat].missions.append(m)




def mission_met(state: DawnState, seat: int, m: int, carried: list[int] | None = None) -> bool:
    """Conditions of the missions completed by showing them (no target to choose)."""
    rec = state.c.missions[m]
    g = state.groups[seat]
    kind = rec.kind
    n = rec.n
    if kind == "discard" or kind == "carry":
        if rec.site is not None and (state.board is None or state.board.site[g.sq] != rec.site):
            return False
        tags = state.c.item_tags
        tag = rec.tag
        got = 0
        for it in state.carried(seat) if carried is None else carried:
            if tag in tags[it]:
                got += 1
        return got >= n
    if kind == "group":
        return len(g.chars) >= n
    if kind == "spend-xp":
        return g.xp >= n
    if kind == "trophies":
        return trophy_points(state, seat) >= n
    if kind == "visit":
        return state.board is not None and state.board.site[g.sq] == rec.site
    if kind == "skills":
        return sum(len(state.char_skills[ch]) for ch in g.chars) >= n
    if kind == "healthy":
        return len(g.chars) >= n and not any(state.char_damage[ch] for ch in g.chars)
    if kind == "convoy":
        return len(g.chars) >= n and g.vehicle != NO_VEHICLE and vehicle_capacity(state, seat) >= len(g.chars)
    if kind == "zones":
        return len(token_zones(state, seat, rec.terrain)) >= n
    if kind == "opponent-zones":
        b = state.board
        assert b is not None
        islands = {b.zone_owner[z] for z in token_zones(state, seat)}
        islands.discard(seat)
        return len(islands) >= n
    return False


def auto_missions(state: DawnState, seat: int) -> bool:
    """Complete the seat's missions that cost nothing and whose conditions are met (rulebook
    §Complete missions: "when the conditions are met, it is shown ... and placed in the Victory
    Points pile"). True if any was completed."""
    g = state.groups[seat]
    if not g.missions or not g.chars:
        return False
    c = state.c
    done = False
    carried: list[int] | None = None
    for m in list(g.missions):
        kind = c.missions[m].kind
        if kind == "clear" or kind in COSTLY:
            continue
        if carried is None:
            carried = state.carried(seat)
        if mission_met(state, seat, m, carried) and m in g.missions:
            complete_mission(state, seat, m)
            done = True
    return done


def token_zones(state: DawnState, seat: int, terrain: str | None = None) -> set[int]:
    """Placed zones holding a Searched token of the seat's colour."""
    b = state.board
    if b is None:
        return set()
    bit = 1 << seat
    searched = state.searched
    zone_at = b.zone_at
    if terrain is None:
        return {zone_at[sq] for sq in b.locations if searched[sq] & bit}
    return {zone_at[sq] for sq in b.locations if searched[sq] & bit and b.terrain[sq] == terrain}


def trophy_points(state: DawnState, seat: int) -> int:
    g = state.groups[seat]
    recs = state.c.action_recs
    return sum(recs[z].trophy for z in g.trophies) + g.trophy_bonus


def skill_cost(state: DawnState, seat: int) -> int:
    active = sum(len(state.char_skills[ch]) for ch in state.groups[seat].chars)
    return max(1, active + 1 - group_modifier(state, seat, "discount"))


def search_count(state: DawnState, seat: int, sq: int) -> int:
    b = state.board
    assert b is not None
    terrain = b.terrain[sq]
    n = b.loc_count[sq] + group_modifier(state, seat, "search") + group_modifier(state, seat, "search_" + terrain)
    fx = season_fx(state)
    if fx.search and (fx.search_terrain is None or fx.search_terrain == terrain):
        n += fx.search
    return max(1, n)


def give_search_xp(state: DawnState, seat: int) -> None:
    """End of a search (stopped, or abandoned by fleeing): the Searched token and 1 Xp."""
    g = state.groups[seat]
    sq = g.sq
    state.searched[sq] |= 1 << seat
    xp = 1 + group_modifier(state, seat, "xp_search")
    g.xp += xp
    g.searching = False
    b = state.board
    assert b is not None
    state.emit("search", f"{title(seat)} marks the {b.loc_name[sq]} as searched and gains {xp} Xp", {"seat": seat, "square": b.names[sq]})


def score_parts(state: DawnState, seat: int) -> dict[str, int]:
    """Rulebook §Counting Victory Points, with the tiebreak figures."""
    g = state.groups[seat]
    c = state.c
    b = state.board
    # the seat's Searched tokens: the zones holding them, how many, how many on others' islands
    # (one pass over the locations: bots score every seat at every decision)
    token_zone_set: set[int] = set()
    tokens = opp = 0
    if b is not None:
        bit = 1 << seat
        searched, zone_at, island = state.searched, b.zone_at, b.island
        for sq in b.locations:
            if searched[sq] & bit:
                tokens += 1
                token_zone_set.add(zone_at[sq])
                if island[sq] != seat:
                    opp += 1
    zones = len(token_zone_set)
    missions_vp = sum(c.missions[m].vp for m in g.done)
    skills_on = [s for ch in g.chars for s in state.char_skills[ch]] if state.over else []
    skills_vp = sum(c.skills[s].vp for s in (*g.vp_skills, *skills_on))
    dead = len(g.dead)
    return {
        "score": zones + missions_vp + skills_vp - dead,
        "zones": zones,
        "missions_vp": missions_vp,
        "skills_vp": skills_vp,
        "dead": dead,
        "xp": g.xp,
        "tokens": tokens,
        "opponent_locations": opp,
        "missions": len(g.done),
    }
