"""The actions a seat can take, each with a stable text form, and what they do.

Turn actions (rulebook §Development of a Round, only in one's own turn)::

    end                         end the turn            move <card> <square>     discard to move (2 squares)
    drive <square>              use the vehicle         search <card>            discard to search
    stop                        stop searching          learn                    acquire a skill
    attack <colour> <card>      attack an adjacent group   clear <mission>       declare Clear a Location

At any moment (in one's turn, in a response window, in one's combat)::

    play <card> <target...>     an action card: zombies on a group, events, a vehicle, a movement
    use <item> <target>         an item: Food/Medicine on a Pj, Ammunition/Fuel/Batteries on a card
    activate <pj|skill> [...]   the activated ability of a character or a skill (turns the card)
    complete <mission> [...]    a mission whose conditions are met
    cold-blood                  the Cold Blood season: an Xp for 2 action cards
    give <item> <pj>            pass an item to another Pj of the group
    drop <item>                 leave an item on the table of the location being searched
    negotiate <colour>          start an offer of items to a group next to yours (or the one you fight)
    attack <colour> <card>      attack an adjacent group (out of a combat)

Windows offer ``pass`` first. Combats: ``fight``, ``brawl``, ``shoot``, ``flee <card>``, ``flee xp``,
``unblock``. Offers: ``offer <item>`` (one more item), ``propose``, ``cancel``; the other player
``accept`` or ``decline``. Decisions about one's own group: ``wound <pj>``, ``roll <pj>``, ``die``,
``take <item> <pj>``, ``drop <item>``, ``done``, ``discard <card>``, ``learn <skill> <pj>``,
``camp <square>``, ``place <square>``; setup: ``choose <pj>``, ``place <zone> <x> <y> <turn>``.

Free actions (passing items, offers) are bounded so that play always moves on: in one's own turn
each item changes hands once and each group gets one offer; in a combat, the same per attack phase;
in a response window, the same per window (the window's marks, :mod:`deadboard.core.responses`).

Cards of the same kind in a hand are interchangeable, so actions name the kind (``trio``); items are
single cards and carry their instance name (``pistol-2``).
"""

from __future__ import annotations

from typing import Any

from deadboard.core.action import Action, act
from deadboard.core.errors import IllegalActionError
from deadboard.core.responses import open_window
from deadboard.games.zombie_dawn import combat as cm
from deadboard.games.zombie_dawn.board import ROADS, ROTATIONS, WADE, WALK, open_slots
from deadboard.games.zombie_dawn.content import COLOURS, COSTLY, Ability
from deadboard.games.zombie_dawn.effects import (
    ANY_HEAL,
    best_weapon,
    can_part_all,
    can_part_with,
    capacity,
    colour,
    complete_mission,
    discard_from_hand,
    discard_item,
    draw_actions,
    draw_mission,
    end_combat,
    free_spaces,
    give,
    give_search_xp,
    hand_card,
    hand_kinds,
    has_room,
    heal,
    holder,
    kill,
    life_or_death,
    load,
    matches_tag,
    mission_met,
    new_character,
    place_damage,
    release_character,
    removable,
    respawn_squares,
    search_count,
    season_fx,
    skill_cost,
    take_away,
    title,
    turnable_targets,
    vehicle_capacity,
    vehicle_squares,
    walk_squares,
    worst_lod,
)
from deadboard.games.zombie_dawn.state import NO_VEHICLE, Combat, DawnState, Group

PASS = act("pass")
END = act("end")
STOP = act("stop")
DONE = act("done")
FIGHT = act("fight")
BRAWL = act("brawl")
SHOOT = act("shoot")
FLEE_XP = act("flee", "xp")
UNBLOCK = act("unblock")
LEARN = act("learn")
COLD_BLOOD = act("cold-blood")
ACCEPT = act("accept")
DECLINE = act("decline")
PROPOSE = act("propose")
CANCEL = act("cancel")
DIE = act("die")

#: contexts of the "at any moment" actions: the seat's own turn, a response window, its own combat
#: against zombies, its own combat against another group
TURN, WINDOW, COMBAT, DUEL = "turn", "window", "combat", "duel"

#: how an action card may be played (DawnContent.card_play)
ALWAYS, ZOMBIE = 1, 2


def _live_combat(state: DawnState) -> Any:
    cb = state.combat
    return cb if cb is not None and cb.stage != "over" else None


def in_combat(state: DawnState, seat: int) -> bool:
    cb = _live_combat(state)
    return cb is not None and (cb.group == seat or (cb.duel and cb.enemy == seat))


# ==================================================================================================
# at any moment
# ==================================================================================================
def anytime_actions(state: DawnState, seat: int, out: list[Action], ctx: str, moved: tuple[Any, ...]) -> None:
    """What the seat may do at any moment (rulebook §At any moment), in context ``ctx`` (TURN,
    WINDOW, COMBAT or DUEL). ``moved``: the items already passed in this turn, attack phase or
    window, and the colours already offered something (once each)."""
    card_plays(state, seat, out, ctx == TURN)
    item_uses(state, seat, out, ())
    ability_actions(state, seat, out, ctx)
    g = state.groups[seat]
    if g.xp > 0 and not g.cold_blood and season_fx(state).cold_blood:
        out.append(COLD_BLOOD)
    give_actions(state, seat, out, moved)
    if ctx != DUEL:
        negotiate_actions(state, seat, out, moved)
    if ctx != WINDOW or len(out) > 1:
        mission_actions(state, seat, out)


def anytime_any(state: DawnState, seat: int, ctx: str, moved: tuple[Any, ...], cards: bool = True) -> bool:
    """Whether :func:`anytime_actions` would offer anything (without building the list; ``cards``
    False when the caller has looked at the cards already). In a window, missions count only along
    other options, so they are not looked at. One pass over the group first tells which of the
    other probes could find anything at all (most window checks end here)."""
    if cards and card_plays(state, seat, None, ctx == TURN):
        return True
    g = state.groups[seat]
    if g.xp > 0 and not g.cold_blood and season_fx(state).cold_blood:
        return True
    chars = g.chars
    if not chars:
        return False
    c = state.c
    usable = c.item_usable
    citems = state.citems
    carries = uses = ready = False
    cab, sab = c.char_ability, c.skill_ability
    cused, sused = state.cused, state.sused
    for ch in chars:
        for it in citems[ch]:
            carries = True
            if usable[it]:
                uses = True
        if not ready:
            ready = (cab[ch] is not None and not cused >> ch & 1) or any(
                sab[sk] is not None and not sused >> sk & 1 for sk in state.cskills[ch])
    if uses and item_uses(state, seat, None, ()):
        return True
    if ready and ability_actions(state, seat, None, ctx):
        return True
    if carries and (give_actions(state, seat, None, moved) or (ctx != DUEL and negotiate_actions(state, seat, None, moved))):
        return True
    if ctx == WINDOW:
        return False
    found: list[Action] = []
    mission_actions(state, seat, found)
    return bool(found)


def card_plays(state: DawnState, seat: int, out: list[Action] | None, own_turn: bool) -> bool:
    """The action cards the seat may play now. With ``out`` None, only whether there is one (every
    option generator works both ways, so that a window costs no list when a seat has nothing)."""
    hand = state.groups[seat].hand
    if not hand:
        return False
    if out is None:  # a probe: the cards that are always playable, and zombies, answer at once
        kinds = hand
        play = state.c.card_play
        zombies = False
        for card in hand:
            k = play[card]
            if k == ALWAYS:
                return True
            zombies = zombies or k == ZOMBIE
        if zombies and not state.cfg.solo and _victims(state):
            return True
    else:
        kinds = hand_kinds(state, seat)
    recs = state.c.action_recs
    solo = state.cfg.solo
    players = state.cfg.players
    groups = state.groups
    b = state.board
    assert b is not None
    names = b.names
    cb = _live_combat(state)
    drive = state.last_drive
    victims: list[int] | None = None  # the groups zombies may be played against
    for card in kinds:
        r = recs[card]
        cid = r.id
        kind = r.kind
        if kind == "zombie":
            if solo:
                continue
            if victims is None:
                victims = _victims(state)
            if not victims:
                continue
            if out is None:
                return True
            plays = state.c.play_at[state.c.action_cards[card]]
            for t in victims:
                if drive is not None and drive[0] == t:
                    for sq in stop_squares(state, t, drive[2]):
                        out.append(act("play", cid, COLOURS[t], names[sq]))
                else:
                    out.append(plays[t])
        elif kind == "event":
            eff = r.effect
            if eff == "heal":
                for ch in groups[seat].chars:
                    if removable(state, ch, ANY_HEAL):
                        if out is None:
                            return True
                        out.append(act("play", cid, state.c.char_ids[ch]))
            elif eff == "adrenaline":
                if in_combat(state, seat):
                    if out is None:
                        return True
                    out.append(act("play", cid))
            elif eff == "draw":
                if out is None:
                    return True
                out.append(act("play", cid))
            elif eff == "blocked":
                # "In a Location: Discard a Zombie card in Combat, or, you cannot Flee": either
                # clause, on a group fighting zombies on a location
                if cb is None or cb.duel or cb.dice <= 0 or not b.loc_count[groups[cb.group].sq]:
                    continue
                block = cb.group != seat and not cb.blocked
                if out is None:
                    if block or cb.zombies:
                        return True
                    continue
                if block:
                    out.append(act("play", cid, COLOURS[cb.group]))
                for z in zombie_kinds(state, cb):
                    out.append(act("play", cid, COLOURS[cb.group], z))
            elif solo:
                continue
            elif eff == "lod":
                for t in range(players):
                    if t != seat:
                        for ch in groups[t].chars:
                            if out is None:
                                return True
                            out.append(act("play", cid, state.c.char_ids[ch]))
            elif eff == "noise-until-zombie":
                for t in range(players):
                    if t != seat and groups[t].chars:
                        if out is None:
                            return True
                        out.append(act("play", cid, COLOURS[t]))
            elif eff == "breakdown":
                assert r.icon is not None
                for t in range(players):
                    if t == seat:
                        continue
                    targets = turnable_targets(state, t, r.icon, turned=False)
                    if (drive is not None and drive[0] == t and "vehicle" not in targets
                            and r.icon in recs[groups[t].vehicle].icons):
                        targets.insert(0, "vehicle")
                    if targets and out is None:
                        return True
                    for name in targets:
                        assert out is not None
                        out.append(act("play", cid, COLOURS[t], name))
            elif eff == "exhausted":
                for t in range(players):
                    if t != seat and groups[t].hand:
                        if out is None:
                            return True
                        out.append(act("play", cid, COLOURS[t]))
        elif kind == "vehicle":
            if out is None:
                return True
            out.append(act("play", cid))
        elif kind == "movement" and own_turn and cb is None and not groups[seat].searching and groups[seat].chars:
            squares = movement_squares(state, seat, r.squares, r.roads, r.water)
            if squares and out is None:
                return True
            for sq in squares:
                assert out is not None
                out.append(act("play", cid, names[sq]))
    return False


def zombie_kinds(state: DawnState, cb: Combat) -> list[str]:
    """The kinds of the zombie cards in a combat, each once, in the order they joined."""
    recs = state.c.action_recs
    return list(dict.fromkeys(recs[z].id for z in cb.zombies))


def stop_squares(state: DawnState, seat: int, trip: tuple[int, ...]) -> list[int]:
    """The squares of a vehicle's trip where zombies may stop the group (rulebook §Play an Action
    card: "at any point of the trip at the choice of the Player who interrupts"): not one where
    another group stands — "You can never be on the same square as another Group, although you may
    move through it" (§Move)."""
    taken = {g.sq for g in state.groups if g.seat != seat and g.chars}
    return [sq for sq in trip if sq not in taken]


def _victims(state: DawnState) -> list[int]:
    """The groups a zombie card may be played against now: any with a Pj, except a group whose
    combat has no zombie die left, or one moving in a vehicle that protects it (the Car)."""
    cb = _live_combat(state)
    drive = state.last_drive
    skip = cb.group if cb is not None and not cb.duel and cb.dice <= 0 else -1
    protected = drive[0] if drive is not None and drive[3] else -1
    return [t for t, g in enumerate(state.groups) if g.chars and t != skip and t != protected]


def movement_squares(state: DawnState, seat: int, squares: int, roads: bool = False, water: bool = False) -> list[int]:
    b = state.board
    assert b is not None
    mode = ROADS if roads else WADE if water or season_fx(state).frozen else WALK
    sq = state.groups[seat].sq
    taken = state.occupied()
    return [o for o in b.reach(sq, squares, mode) if o not in taken]


def item_uses(state: DawnState, seat: int, out: list[Action] | None, pool: tuple[int, ...]) -> bool:
    """Items the group can use now: carried ones, and those of ``pool`` (found items being shared
    out at the end of a search may be used at once, rulebook §Search a Location). With ``out``
    None, only whether there is one."""
    c = state.c
    recs = c.item_recs
    names = c.item_names
    usable = c.item_usable
    g = state.groups[seat]
    chars = g.chars
    citems = state.citems
    items = [it for ch in chars for it in citems[ch] if usable[it]]
    if pool:
        items.extend(it for it in pool if usable[it])
    for it in items:
        r = recs[it]
        kind = r.kind
        if kind == "heal":
            for ch in chars:
                if removable(state, ch, r.heals):
                    if out is None:
                        return True
                    out.append(act("use", names[it], c.char_ids[ch]))
        elif kind == "straighten" or (kind == "tool" and r.straightens):
            assert r.straightens is not None
            for target in turnable_targets(state, seat, r.straightens, turned=True):
                if target != names[it]:
                    if out is None:
                        return True
                    out.append(act("use", names[it], target))
        elif kind == "tool":
            if r.draw and not state.is_turned(it) and it not in pool:
                if out is None:
                    return True
                out.append(act("use", names[it]))
        elif kind == "flare":
            cb = _live_combat(state)
            if cb is not None and not cb.duel and cb.group == seat and cb.dice > 0:
                if out is None:
                    return True
                out.append(act("use", names[it], "zombies"))
            for t in range(state.cfg.players):
                if state.groups[t].chars:
                    if out is None:
                        return True
                    out.append(act("use", names[it], COLOURS[t]))
    return False


def give_actions(state: DawnState, seat: int, out: list[Action] | None, moved: tuple[Any, ...]) -> bool:
    """Rulebook §Exchange Items: pass an item to another Pj of the group, or leave it on the table
    of the location being searched (where found items lie; they can be picked up once the search
    ends). Each item once per turn, per attack phase or per window (``moved``), so that passing
    cannot go round in circles. With ``out`` None, only whether there is one."""
    g = state.groups[seat]
    chars = g.chars
    table = g.searching and bool(g.found)
    if len(chars) < 2 and not table:
        return False
    c = state.c
    names = c.item_names
    cids = c.char_ids
    citems = state.citems
    heavy = c.item_heavy
    room = [capacity(state, ch) - load(state, ch) for ch in chars]
    for i, ch in enumerate(chars):
        for it in citems[ch]:
            if it in moved or not can_part_with(state, ch, it):
                continue
            for j, other in enumerate(chars):
                if j != i and (room[j] > 0 or not heavy[it]):
                    if out is None:
                        return True
                    out.append(act("give", names[it], cids[other]))
            if table:
                if out is None:
                    return True
                out.append(act("drop", names[it]))
    return False


def offerable(state: DawnState, seat: int, target: int, offered: tuple[int, ...]) -> list[int]:
    """Items the seat may add to an offer to ``target``: carried, not offered yet, the group able to
    part with all of them at once, and the target's group able to carry them all."""
    heavy = state.c.item_heavy
    room = free_spaces(state, target) - sum(1 for it in offered if heavy[it])
    out = []
    for it in state.carried(seat):
        if it in offered or (heavy[it] and room <= 0):
            continue
        if can_part_all(state, (*offered, it)):
            out.append(it)
    return out


def negotiate_actions(state: DawnState, seat: int, out: list[Action] | None, moved: tuple[Any, ...]) -> bool:
    """Rulebook §Combat between Groups ("You may Negotiate, offering Items, in exchange for an
    Opponent not attacking you"): an offer to a group next to yours that has not already agreed to
    leave you alone this round, once per turn, attack phase or window. With ``out`` None, only
    whether there is one."""
    g = state.groups[seat]
    if not g.chars or state.cfg.solo:
        return False
    b = state.board
    assert b is not None
    near = b.near[g.sq]
    truce = state.truce
    citems = state.citems
    carries: bool | None = None
    for t, tg in enumerate(state.groups):
        if tg.sq not in near or t == seat or not tg.chars or truce >> (4 * t + seat) & 1 or COLOURS[t] in moved:
            continue
        if carries is None:
            carries = any(citems[ch] for ch in g.chars)
        if carries and offerable(state, seat, t, ()):
            if out is None:
                return True
            out.append(act("negotiate", COLOURS[t]))
    return False


def ability_actions(state: DawnState, seat: int, out: list[Action] | None, ctx: str) -> bool:
    """Rulebook §Activate the effect of an Item, Character or Skill: the activated abilities of the
    group's characters and skills whose cards are straightened, where their text allows. With
    ``out`` None, only whether there is one."""
    g = state.groups[seat]
    if not g.chars:
        return False
    c = state.c
    cab, sab = c.char_ability, c.skill_ability
    cused, sused = state.cused, state.sused
    probe: list[Action] = []
    dest = probe if out is None else out
    for ch in g.chars:
        ab = cab[ch]
        if ab is not None and not cused >> ch & 1:
            _ability_targets(state, seat, ab, c.char_ids[ch], dest, ctx)
            if probe:
                return True
        for sk in state.cskills[ch]:
            ab = sab[sk]
            if ab is not None and not sused >> sk & 1:
                _ability_targets(state, seat, ab, c.skills[sk].id, dest, ctx)
                if probe:
                    return True
    return False


def _ability_targets(state: DawnState, seat: int, ab: Ability, ident: str, out: list[Action], ctx: str) -> None:
    when = ab.when
    if (when == "combat" and ctx not in (COMBAT, DUEL)) or (when == "turn" and ctx != TURN):
        return
    eff = ab.effect
    g = state.groups[seat]
    cids = state.c.char_ids
    if eff == "heal":
        for ch in g.chars:
            if removable(state, ch, ANY_HEAL):
                out.append(act("activate", ident, cids[ch]))
    elif eff == "straighten":
        if ab.icon is None:
            if g.vehicle != NO_VEHICLE and g.vehicle_turned:
                out.append(act("activate", ident, "vehicle"))
        else:
            for target in turnable_targets(state, seat, ab.icon, turned=True):
                out.append(act("activate", ident, target))
    elif eff == "repair":
        names = state.c.item_names
        icons = state.c.item_icons
        for it in state.carried(seat):
            if icons[it] and state.is_turned(it):
                out.append(act("activate", ident, names[it]))
    elif eff == "rally" or eff == "escape":
        out.append(act("activate", ident))
    elif eff == "shove":
        if ctx == COMBAT and state.combat is not None and state.combat.dice > 0:
            out.append(act("activate", ident))
    elif eff == "unblock":
        if ctx == COMBAT and state.combat is not None and state.combat.blocked:
            out.append(act("activate", ident))
    elif eff == "lure":
        for t in range(state.cfg.players):
            if t != seat and state.groups[t].chars:
                out.append(act("activate", ident, COLOURS[t]))
    elif eff == "pickpocket":
        b = state.board
        assert b is not None
        for t in range(state.cfg.players):
            tg = state.groups[t]
            if t != seat and tg.chars and tg.hand and b.adjacent(g.sq, tg.sq):
                out.append(act("activate", ident, COLOURS[t]))
    elif eff == "last-rites":
        if len(g.chars) >= 2:
            for ch in g.chars:
                if len(state.cdmg[ch]) >= ab.value:
                    out.append(act("activate", ident, cids[ch]))
    elif eff == "dash" and not g.searching and _live_combat(state) is None:
        b = state.board
        assert b is not None
        for sq in movement_squares(state, seat, ab.value):
            out.append(act("activate", ident, b.names[sq]))


def mission_actions(state: DawnState, seat: int, out: list[Action]) -> None:
    """Missions completed by a choice (they cost something: rulebook §Complete missions)."""
    g = state.groups[seat]
    if not g.chars:
        return
    c = state.c
    costly = c.mission_costly
    b = state.board
    assert b is not None
    carried: list[int] | None = None
    for m in g.missions:
        if not costly[m]:
            continue
        rec = c.missions[m]
        kind = rec.kind
        mid = rec.id
        if kind == "release":
            if b.site[g.sq] == rec.site and len(g.chars) >= 2:
                for ch in g.chars:
                    out.append(act("complete", mid, c.characters[ch].id))
            continue
        if carried is None:
            carried = state.carried(seat)
        if kind == "give":
            for it in carried:
                if not can_part_with(state, holder(state, it), it):
                    continue
                for t in range(state.cfg.players):
                    if t != seat and state.groups[t].chars and b.adjacent(g.sq, state.groups[t].sq) and any(
                        has_room(state, ch, it) for ch in state.groups[t].chars
                    ):
                        out.append(act("complete", mid, c.item_names[it], COLOURS[t]))
        elif kind == "burn":
            if b.loc_count[g.sq] and any("fuel" in c.item_tags[it] for it in carried):
                for t in range(state.cfg.players):
                    if t != seat and state.searched[g.sq] >> t & 1:
                        out.append(act("complete", mid, COLOURS[t]))
        elif kind in COSTLY and mission_met(state, seat, m, carried):
            out.append(act("complete", mid))


# ==================================================================================================
# decision lists
# ==================================================================================================
def turn_actions(state: DawnState) -> list[Action]:
    seat = state.active
    g = state.groups[seat]
    b = state.board
    assert b is not None
    names = b.names
    out: list[Action] = []
    if state.cfg.solo and not g.hand and g.chars:
        # rulebook §Rules for 1 Player: "When the Player runs out of Hand cards or does not want to
        # keep playing, the Turn ends": no turn action is left (a search is over), only what may
        # be done at any moment
        out = [STOP if g.searching else END]
        item_uses(state, seat, out, ())
        ability_actions(state, seat, out, WINDOW)
        give_actions(state, seat, out, done_already(g))
        mission_actions(state, seat, out)
        return out
    kinds = hand_kinds(state, seat)
    ids = [state.c.action_recs[k].id for k in kinds]
    if not g.chars:  # nobody left (the character deck ran out): only cards and the end of the turn
        out.append(END)
    elif g.searching:
        out.append(STOP)
        for cid in ids:
            out.append(act("search", cid))
        attack_actions(state, seat, out)
    else:
        out.append(END)
        if ids:
            dests = [names[sq] for sq in movement_squares(state, seat, walk_squares(state, seat))]
            for cid in ids:  # by card, then square: the terminal folds each card's squares into a line
                for name in dests:
                    out.append(act("move", cid, name))
        if (g.vehicle != NO_VEHICLE and not g.vehicle_turned and not season_fx(state).vehicles_off
                and len(g.chars) <= vehicle_capacity(state, seat)):
            for sq in movement_squares(state, seat, vehicle_squares(state, seat)):
                out.append(act("drive", names[sq]))
        sq = g.sq
        if ids and b.loc_count[sq] and not state.searched[sq] >> seat & 1:
            for cid in ids:
                out.append(act("search", cid))
        if g.xp >= skill_cost(state, seat) and state.skill_deck.cards:
            out.append(LEARN)
        attack_actions(state, seat, out)
        site = b.site[sq]
        if site is not None:
            for m in g.missions:
                rec = state.c.missions[m]
                if rec.kind == "clear" and rec.site == site:
                    out.append(act("clear", rec.id))
    anytime_actions(state, seat, out, TURN, done_already(g))
    return out


def done_already(g: Group) -> tuple[Any, ...]:
    """What the group did already in its turn or in this attack phase of its combat: the items it
    passed and the colours of the groups it made an offer to (once each)."""
    if not g.talked:
        return g.given
    return (*g.given, *(COLOURS[t] for t in range(4) if g.talked >> t & 1))


def attack_actions(state: DawnState, seat: int, out: list[Action] | None, foe: int = -1) -> bool:
    """Rulebook §Attack another Group (at any moment): discard an action card next to another group
    (not one that agreed to leave it alone this round, nor ``foe``, the group it is fighting).
    During a combat the attack waits for it to end. With ``out`` None, only whether there is one."""
    g = state.groups[seat]
    if not g.hand or not g.chars:
        return False
    b = state.board
    assert b is not None
    near = b.near[g.sq]
    truce = state.truce
    ids: list[str] | None = None
    for t, tg in enumerate(state.groups):
        if t != seat and t != foe and tg.chars and tg.sq in near and not truce >> (4 * seat + t) & 1:
            if out is None:
                return True
            if ids is None:
                ids = [state.c.action_recs[k].id for k in hand_kinds(state, seat)]
            for cid in ids:
                out.append(act("attack", COLOURS[t], cid))
    return False


def respond_actions(state: DawnState, seat: int, marks: tuple[Any, ...] = ()) -> list[Action]:
    """``pass`` and what the seat may do now (``marks``: what it did already in this window). Missions
    with a cost alone do not stop a seat in a window (it completes them at its next decision)."""
    out = [PASS]
    attack_actions(state, seat, out)
    anytime_actions(state, seat, out, WINDOW, marks)
    return out


def has_response(state: DawnState, seat: int, marks: tuple[Any, ...] = ()) -> bool:
    """Whether :func:`respond_actions` would offer the seat more than ``pass``, without building
    the list (most window checks end in a pass, and random play makes thousands of them)."""
    if state.groups[seat].hand and (card_plays(state, seat, None, False) or attack_actions(state, seat, None)):
        return True
    return anytime_any(state, seat, WINDOW, marks, cards=False)


def combat_has_choice(state: DawnState) -> bool:
    """Whether :func:`combat_actions` would offer more than ``fight`` (without building the list):
    a group with nothing else simply fights."""
    cb = state.combat
    assert cb is not None
    seat = cb.group
    g = state.groups[seat]
    if g.xp > 0 or (cb.blocked and not cb.unblock_tried):
        return True
    if cm.has_weapon(state, seat) or cm.can_shoot(state, seat, cb):
        return True
    if g.hand and (cm.can_flee_by_card(state, seat, cb) or attack_actions(state, seat, None)):
        return True
    return anytime_any(state, seat, COMBAT, done_already(g))


def combat_actions(state: DawnState) -> list[Action]:
    cb = state.combat
    assert cb is not None
    seat = cb.group
    g = state.groups[seat]
    out = [FIGHT]
    if cm.has_weapon(state, seat):
        out.append(BRAWL)
    if cm.can_shoot(state, seat, cb):
        out.append(SHOOT)
    if cm.can_flee_by_card(state, seat, cb):
        for k in hand_kinds(state, seat):
            out.append(act("flee", state.c.action_recs[k].id))
    if g.xp > 0:
        out.append(FLEE_XP)
    if cb.blocked and not cb.unblock_tried:
        out.append(UNBLOCK)
    attack_actions(state, seat, out)
    anytime_actions(state, seat, out, COMBAT, done_already(g))
    return out


def duel_actions(state: DawnState) -> list[Action]:
    cb = state.combat
    assert cb is not None
    seat = cb.enemy if cb.stage == "attacker" else cb.group
    other = cb.group if seat == cb.enemy else cb.enemy
    g = state.groups[seat]
    out = [FIGHT]
    if cm.has_weapon(state, seat):
        out.append(BRAWL)
    if cm.can_shoot(state, seat, cb):
        out.append(SHOOT)
    for k in hand_kinds(state, seat):
        out.append(act("flee", state.c.action_recs[k].id))
    if g.xp > 0:
        out.append(FLEE_XP)
    if not cb.talks >> seat & 1 and offerable(state, seat, other, ()):
        out.append(act("negotiate", COLOURS[other]))
    attack_actions(state, seat, out, foe=other)
    anytime_actions(state, seat, out, DUEL, g.given)
    return out


def step_actions(state: DawnState, step: tuple[Any, ...]) -> list[Action]:
    """The actions of a decision held in ``pending``."""
    kind = step[0]
    c = state.c
    b = state.board
    if kind == "damage":
        return [act("wound", c.characters[ch].id) for ch in state.groups[step[1]].chars]
    if kind == "lodpick":
        return [act("roll", c.characters[ch].id) for ch in state.groups[step[1]].chars]
    if kind == "save":
        return save_actions(state, step[1], step[2])
    if kind == "items":
        return items_actions(state, step)
    if kind == "bargain":
        _, seat, target, offered, _ctx = step
        names = c.item_names
        out = [act("offer", names[it]) for it in offerable(state, seat, target, offered)]
        if offered:
            out.append(PROPOSE)
        out.append(CANCEL)
        return out
    if kind == "answer":
        return [ACCEPT, DECLINE]
    if kind == "flee-place":
        assert b is not None
        return [act("place", b.names[sq]) for sq in step[3]]
    if kind == "respawn":
        assert b is not None
        return [act("camp", b.names[sq]) for sq in respawn_squares(state, step[1])]
    if kind == "discard":
        return [act("discard", c.action_recs[k].id) for k in hand_kinds(state, step[1])]
    if kind == "learn":
        return [act("learn", c.skills[s].id, c.characters[ch].id) for s in step[2] for ch in state.groups[step[1]].chars]
    if kind == "character":
        return [act("choose", c.characters[ch].id) for ch in step[2]]
    if kind == "zone":
        return zone_actions(state, step[1])
    raise AssertionError(kind)  # pragma: no cover


def save_actions(state: DawnState, seat: int, ch: int) -> list[Action]:
    """A Pj takes its 4th damage: it dies "unless it is cancelled or avoided by some means (Ex.
    Medicine)" (rulebook §Attack) — an item, a card (Second Wind) or an ability that removes a
    damage from it (or the Preacher's Last Rites) — or ``die``."""
    c = state.c
    cid = c.char_ids[ch]
    out = []
    recs = c.item_recs
    for it in state.carried(seat):
        r = recs[it]
        if r.kind == "heal" and removable(state, ch, r.heals):
            out.append(act("use", c.item_names[it], cid))
    if removable(state, ch, ANY_HEAL):
        arecs = c.action_recs
        for k in hand_kinds(state, seat):
            if arecs[k].effect == "heal":
                out.append(act("play", arecs[k].id, cid))
    abilities: list[Action] = []
    ability_actions(state, seat, abilities, WINDOW)
    for a in abilities:
        if len(a) == 3 and a[2] == cid and c.ability_of[str(a[1])].effect in ("heal", "last-rites"):
            out.append(a)
    out.append(DIE)
    return out


def items_actions(state: DawnState, step: tuple[Any, ...]) -> list[Action]:
    _, seat, context, pool, _taken = step
    c = state.c
    names = c.item_names
    out = [DONE]
    chars = state.groups[seat].chars
    for it in pool:
        for ch in chars:
            if has_room(state, ch, it):
                out.append(act("take", names[it], c.characters[ch].id))
    if context == "search":
        item_uses(state, seat, out, pool)
        # only uses of the pool's items: carried items are used through the usual actions
        carried = state.carried(seat)
        carried_names = {names[it] for it in carried}
        out = [a for a in out if not (a[0] == "use" and a[1] in carried_names)]
        # a Pj may leave an item on the table to make room (rulebook §Exchange Items), once per turn
        given = state.groups[seat].given
        for it in carried:
            if it not in given and can_part_with(state, holder(state, it), it):
                out.append(act("drop", names[it]))
    return out


def zone_actions(state: DawnState, seat: int) -> list[Action]:
    zones = state.c.zones
    out = []
    for x, y in open_slots(state.layout[seat]):
        for z in state.dealt[seat]:
            for rot in ROTATIONS:
                out.append(act("place", zones[z].id, x, y, rot))
    return out


# ==================================================================================================
# applying
# ==================================================================================================
def _char(state: DawnState, ident: Any) -> int:
    try:
        return state.c.char_index[str(ident)]
    except KeyError:
        raise IllegalActionError(f"no character {ident!r}") from None


def _item(state: DawnState, ident: Any) -> int:
    try:
        return state.c.item_index[str(ident)]
    except KeyError:
        raise IllegalActionError(f"no item {ident!r}") from None


def _seat(ident: Any) -> int:
    return COLOURS.index(str(ident))


def _sq(state: DawnState, name: Any) -> int:
    b = state.board
    assert b is not None
    return b.index[str(name)]


def open_after(state: DawnState, seat: int, trigger: str, tag: str = "after") -> None:
    """The window after an action of the active player: the opponents, clockwise from them."""
    if state.cfg.players > 1:
        state.pending.append(("window", open_window(actor=seat, seats=state.cfg.players, trigger=trigger, tag=tag)))


def apply_turn(state: DawnState, a: Action) -> None:
    seat = state.active
    g = state.groups[seat]
    kind = a[0]
    b = state.board
    assert b is not None
    if kind == "end":
        state.emit("turn", f"{title(seat)} ends the turn", {"seat": seat})
        state.pending.append(("next-turn",))
        open_after(state, seat, "end", "end")
        return
    if kind in ("give", "drop", "negotiate"):  # free: nothing for the opponents to respond to
        apply_anytime(state, seat, a, TURN)
        return
    if kind == "move":
        card = hand_card(state, seat, str(a[1]))
        discard_from_hand(state, seat, card)
        dest = _sq(state, a[2])
        g.sq = dest
        state.emit("move", f"{title(seat)} discards {state.c.action_recs[card].name} and moves to {b.names[dest]}", {"seat": seat, "square": b.names[dest]})
        open_after(state, seat, a.text)
        return
    if kind == "drive":
        dest = _sq(state, a[1])
        start = g.sq
        r = state.c.action_recs[g.vehicle]
        mode = WADE if season_fx(state).frozen else WALK
        path = b.path(start, dest, vehicle_squares(state, seat), mode)
        g.vehicle_turned = True
        g.sq = dest
        state.emit("move", f"{title(seat)} drives the {r.name} to {b.names[dest]}", {"seat": seat, "square": b.names[dest]})
        state.last_drive = (seat, start, path, r.protect)
        open_after(state, seat, a.text, "drive")
        return
    if kind == "search":
        card = hand_card(state, seat, str(a[1]))
        discard_from_hand(state, seat, card)
        first = not g.searching
        g.searching = True
        verb = "searches" if first else "keeps searching"
        state.emit("search", f"{title(seat)} discards {state.c.action_recs[card].name} and {verb} the {b.loc_name[g.sq]}", {"seat": seat})
        # the window after the reveal is the opponents' chance "before discarding each action to
        # search" (rulebook §Search a Location, Combat Example 1); the one before the first search
        # is the window after the move that brought the group here
        open_after(state, seat, a.text, "search")
        reveal(state, seat)
        return
    if kind == "stop":
        found = tuple(g.found)
        g.found = []
        give_search_xp(state, seat)
        open_after(state, seat, "stop")
        if found:
            state.pending.append(("items", seat, "search", found, 0))
        return
    if kind == "learn":
        s1 = state.skill_deck.draw()
        s2 = state.skill_deck.draw()
        drawn = tuple(s for s in (s1, s2) if s is not None)
        state.emit("skill", f"{title(seat)} looks at {len(drawn)} skill cards", {"seat": seat})
        open_after(state, seat, "learn")
        state.pending.append(("learn", seat, drawn))
        return
    if kind == "attack":
        open_after(state, seat, a.text)
        _attack(state, seat, a)
        return
    if kind == "clear":
        m = state.c.mission_index[str(a[1])]
        rec = state.c.missions[m]
        g.declared = m
        state.emit("mission", f"{title(seat)} declares {rec.name}", {"seat": seat, "mission": rec.id})
        open_after(state, seat, a.text)
        revealed = state.actions.draw_many(2 * len(g.chars), state.rng)
        recs = state.c.action_recs
        zombies = [k for k in revealed if recs[k].kind == "zombie"]
        for k in revealed:
            if recs[k].kind != "zombie":
                state.actions.discard(k)
        state.emit("mission", f"Revealed for the mission: {', '.join(recs[k].name for k in revealed) or 'nothing'}", None)
        cm.start_combat(state, seat, -1, zombies, mission=m, dice=rec.dice)
        return
    open_after(state, seat, a.text)  # beneath what the action starts (a combat, a discard ...)
    apply_anytime(state, seat, a, TURN)


def apply_anytime(state: DawnState, seat: int, a: Action, ctx: str) -> None:
    """An action that may be taken at any moment, in context ``ctx`` (TURN, WINDOW, COMBAT, DUEL).
    Items passed outside a window are recorded on the group (once per turn or attack phase); in a
    window the window records them (:func:`deadboard.games.zombie_dawn.rules.advance`)."""
    kind = a[0]
    if kind == "play":
        play_card(state, seat, a)
    elif kind == "use":
        use_item(state, seat, a, ())
    elif kind == "activate":
        activate(state, seat, a)
    elif kind == "complete":
        complete(state, seat, a)
    elif kind == "cold-blood":
        g = state.groups[seat]
        g.xp -= 1
        g.cold_blood = True
        draw_actions(state, seat, 2)
        state.emit("season", f"{title(seat)} spends an Xp in Cold Blood and draws 2 action cards", {"seat": seat})
    elif kind == "give":
        _give(state, seat, a, ctx != WINDOW)
    elif kind == "drop":
        _drop(state, seat, a, ctx != WINDOW)
    elif kind == "negotiate":
        target = _seat(a[1])
        if ctx != WINDOW:  # one offer to each group per turn or attack phase (a window keeps its own record)
            state.groups[seat].talked |= 1 << target
        state.emit("offer", f"{title(seat)} prepares an offer of items to the {colour(target)} player", {"seat": seat, "to": target})
        state.pending.append(("bargain", seat, target, (), "truce"))
    elif kind == "attack":
        _attack(state, seat, a)
    else:  # pragma: no cover - the legal list only holds the kinds above
        raise IllegalActionError(f"unknown action {a.text!r}")


def _attack(state: DawnState, seat: int, a: Action) -> None:
    card = hand_card(state, seat, str(a[2]))
    discard_from_hand(state, seat, card)
    cm.attack_group(state, seat, _seat(a[1]))


def _give(state: DawnState, seat: int, a: Action, record: bool) -> None:
    it = _item(state, a[1])
    to = _char(state, a[2])
    frm = holder(state, it)
    take_away(state, frm, it)
    give(state, to, it)
    if record:
        g = state.groups[seat]
        g.given = (*g.given, it)
    c = state.c
    state.emit("item", f"{c.characters[frm].name} passes the {c.item_recs[it].name} to {c.characters[to].name}", None)


def _drop(state: DawnState, seat: int, a: Action, record: bool) -> None:
    """An item left on the table of the location being searched, among the found items."""
    it = _item(state, a[1])
    take_away(state, holder(state, it), it)
    g = state.groups[seat]
    g.found.append(it)
    if record:
        g.given = (*g.given, it)
    state.emit("item", f"{title(seat)} leaves the {state.c.item_recs[it].name} on the table", None)


def activate(state: DawnState, seat: int, a: Action) -> None:
    """Rulebook §Activate the effect of an Item, Character or Skill: the card is turned (straightened
    at the start of the next round) and its text applied."""
    c = state.c
    ident = str(a[1])
    what, idx = c.ability_index[ident]
    if what == 0:
        state.cused |= 1 << idx
        name = c.characters[idx].name
    else:
        state.sused |= 1 << idx
        name = c.skills[idx].name
    ab = c.ability_of[ident]
    eff = ab.effect
    g = state.groups[seat]
    who = title(seat)
    info = {"seat": seat, "ability": ident}
    if eff == "heal":
        ch = _char(state, a[2])
        gone = heal(state, ch, ANY_HEAL, ab.value)
        state.emit("ability", f"{who}: {name} — {c.characters[ch].name} loses {', '.join(c.damages[c.damage_cards[d]].name for d in gone)}", info)
    elif eff == "straighten" or eff == "repair":
        card = str(a[2])
        if card == "vehicle":
            g.vehicle_turned = False
            what_name = c.action_recs[g.vehicle].name
        else:
            it = _item(state, card)
            state.set_turned(it, False)
            what_name = c.item_recs[it].name
        state.emit("ability", f"{who}: {name} straightens the {what_name}", info)
    elif eff == "rally":
        g.adrenaline += ab.value
        state.emit("ability", f"{who}: {name} — +{ab.value} dice in the next attack", info)
    elif eff == "shove":
        cb = state.combat
        assert cb is not None
        cb.dice = max(0, cb.dice - ab.value)
        state.emit("ability", f"{who}: {name} — {ab.value} zombie die eliminated, {cb.dice} left", info)
    elif eff == "unblock":
        cb = state.combat
        assert cb is not None
        cb.blocked = False
        state.emit("ability", f"{who}: {name} — the group is unblocked", info)
    elif eff == "escape":
        state.emit("ability", f"{who}: {name}", info)
        cm.flee(state, seat, name)
    elif eff == "lure":
        target = _seat(a[2])
        state.emit("ability", f"{who}: {name} against the {colour(target)} group", info)
        cm.make_noise(state, target, ab.value, seat, name)
    elif eff == "pickpocket":
        target = _seat(a[2])
        hand = state.groups[target].hand
        for _ in range(min(ab.value, len(hand))):
            lost = hand[state.rng.below(len(hand))]
            discard_from_hand(state, target, lost)
            state.emit("ability", f"{who}: {name} — the {colour(target)} player discards {c.action_recs[lost].name}", info)
    elif eff == "last-rites":
        ch = _char(state, a[2])
        state.emit("ability", f"{who}: {name} — {c.characters[ch].name} leaves the group in peace", info)
        state.pending = [p for p in state.pending if not (p[0] == "save" and p[2] == ch)]
        release_character(state, seat, ch)
    elif eff == "dash":
        b = state.board
        assert b is not None
        dest = _sq(state, a[2])
        g.sq = dest
        state.emit("move", f"{who}: {name} — the group moves to {b.names[dest]}", {**info, "square": b.names[dest]})
    else:  # pragma: no cover - content validation allows only the effects above
        raise AssertionError(eff)


def play_card(state: DawnState, seat: int, a: Action) -> None:
    card = hand_card(state, seat, str(a[1]))
    r = state.c.action_recs[card]
    g = state.groups[seat]
    g.hand.remove(card)
    b = state.board
    assert b is not None
    c = state.c
    kind = r.kind
    if kind == "zombie":
        target = _seat(a[2])
        if len(a) > 3:  # interrupting a vehicle movement at a square of the trip
            sq = _sq(state, a[3])
            tg = state.groups[target]
            if sq != tg.sq:
                tg.sq = sq
                state.emit("move", f"{title(seat)} stops the {colour(target)} group's vehicle at {b.names[sq]}", None)
            state.last_drive = None
        state.emit("card", f"{title(seat)} plays {r.name} against the {colour(target)} group", {"seat": seat, "card": r.id})
        cm.start_combat(state, target, seat, [card])
        return
    if kind == "vehicle":
        if g.vehicle != NO_VEHICLE:
            state.actions.discard(g.vehicle)
        g.vehicle = card
        g.vehicle_turned = False
        state.emit("card", f"{title(seat)} puts a {r.name} into play", {"seat": seat, "card": r.id})
        return
    if kind == "movement":
        dest = _sq(state, a[2])
        g.sq = dest
        state.actions.discard(card)
        state.emit("move", f"{title(seat)} plays {r.name} and moves to {b.names[dest]}", {"seat": seat, "square": b.names[dest]})
        return
    state.actions.discard(card)
    eff = r.effect
    if eff == "lod":
        ch = _char(state, a[2])
        state.emit("card", f"{title(seat)} plays {r.name} on {c.characters[ch].name}", {"seat": seat, "card": r.id})
        life_or_death(state, ch, r.name)
    elif eff == "noise-until-zombie":
        target = _seat(a[2])
        state.emit("card", f"{title(seat)} plays {r.name} against the {colour(target)} group", {"seat": seat, "card": r.id})
        cm.noise_until_zombie(state, target, seat, r.name)
    elif eff == "blocked" and len(a) > 3:
        cb = state.combat
        assert cb is not None
        zombie = cm.discard_zombie(state, cb, str(a[3]))
        state.emit("card", f"{title(seat)} plays {r.name}: the {zombie} is discarded from the {colour(cb.group)} group's combat, "
                   f"{cb.dice} zombie dice left", {"seat": seat, "card": r.id})
    elif eff == "blocked":
        cb = state.combat
        assert cb is not None
        cb.blocked = True
        cb.unblock_tried = False
        state.emit("card", f"{title(seat)} plays {r.name}: the {colour(cb.group)} group cannot flee (Unblock 6+)", {"seat": seat, "card": r.id})
    elif eff == "breakdown":
        target = _seat(a[2])
        what = str(a[3])
        tg = state.groups[target]
        drive = state.last_drive
        if what == "vehicle":
            tg.vehicle_turned = True
            vname = c.action_recs[tg.vehicle].name
            if drive is not None and drive[0] == target:
                # back where the trip began; should another group stand there now, on the free
                # square of the trip nearest to it (never on another group's square, §Move)
                free = stop_squares(state, target, (drive[1], *drive[2]))
                tg.sq = free[0]
                state.last_drive = None
                state.emit("card", f"{title(seat)} plays {r.name}: the {vname} breaks down and the {colour(target)} group is back on {b.names[tg.sq]}", {"seat": seat, "card": r.id})
            else:
                state.emit("card", f"{title(seat)} plays {r.name}: the {colour(target)} group's {vname} is turned", {"seat": seat, "card": r.id})
        else:
            it = _item(state, what)
            state.set_turned(it, True)
            state.emit("card", f"{title(seat)} plays {r.name}: the {c.item_recs[it].name} of the {colour(target)} group is turned", {"seat": seat, "card": r.id})
    elif eff == "exhausted":
        target = _seat(a[2])
        state.emit("card", f"{title(seat)} plays {r.name}: the {colour(target)} player discards {r.value} cards", {"seat": seat, "card": r.id})
        state.pending.append(("discard", target, r.value))
    elif eff == "heal":
        ch = _char(state, a[2])
        gone = heal(state, ch, ("food", "medicine"), r.value)
        state.emit("card", f"{title(seat)} plays {r.name}: {c.characters[ch].name} loses {', '.join(c.damages[c.damage_cards[d]].name for d in gone)}", {"seat": seat, "card": r.id})
    elif eff == "adrenaline":
        g.adrenaline += r.value
        state.emit("card", f"{title(seat)} plays {r.name}: +{r.value} dice in the next attack", {"seat": seat, "card": r.id})
    elif eff == "draw":
        n = draw_actions(state, seat, r.value)
        state.emit("card", f"{title(seat)} plays {r.name} and draws {n} action cards", {"seat": seat, "card": r.id})
    else:  # pragma: no cover
        raise AssertionError(eff)


def use_item(state: DawnState, seat: int, a: Action, pool: tuple[int, ...]) -> None:
    """Activate an item (rulebook §Activate the effect of an Item)."""
    it = _item(state, a[1])
    r = state.c.item_recs[it]
    c = state.c
    owner = holder(state, it)

    def consume() -> None:
        if owner >= 0:
            take_away(state, owner, it)
        discard_item(state, it)

    if r.kind == "heal":
        ch = _char(state, a[2])
        gone = heal(state, ch, r.heals, r.amount)
        consume()
        state.emit("item", f"{title(seat)} uses the {r.name}: {c.characters[ch].name} loses {', '.join(c.damages[c.damage_cards[d]].name for d in gone)}", {"seat": seat, "item": r.id})
    elif r.straightens is not None and len(a) > 2:
        target = str(a[2])
        g = state.groups[seat]
        if target == "vehicle":
            g.vehicle_turned = False
            what = c.action_recs[g.vehicle].name
        else:
            t = _item(state, target)
            state.set_turned(t, False)
            what = c.item_recs[t].name
        consume()
        state.emit("item", f"{title(seat)} discards the {r.name} to straighten the {what}", {"seat": seat, "item": r.id})
    elif r.kind == "tool":
        state.set_turned(it, True)
        n = draw_actions(state, seat, r.draw)
        state.emit("item", f"{title(seat)} turns the {r.name} and draws {n} action card{'s' if n != 1 else ''}", {"seat": seat, "item": r.id})
    elif r.kind == "flare":
        consume()
        if a[2] == "zombies":
            cb = state.combat
            assert cb is not None
            cb.dice = max(0, cb.dice - 2)
            state.emit("item", f"{title(seat)} fires the {r.name} at the zombies: 2 zombie dice eliminated, {cb.dice} left", {"seat": seat, "item": r.id})
        else:
            aim = _seat(a[2])
            state.emit("item", f"{title(seat)} fires the {r.name} into the sky over the {colour(aim)} group", {"seat": seat, "item": r.id})
            cm.make_noise(state, aim, 3, seat, r.name)
    else:  # pragma: no cover
        raise AssertionError(r.kind)


def complete(state: DawnState, seat: int, a: Action) -> None:
    c = state.c
    m = c.mission_index[str(a[1])]
    rec = c.missions[m]
    g = state.groups[seat]
    kind = rec.kind
    if kind == "discard":
        assert rec.tag is not None
        need = rec.n
        for it in [it for it in state.carried(seat) if matches_tag(c.item_recs[it], rec.tag)][:need]:
            take_away(state, holder(state, it), it)
            discard_item(state, it)
    elif kind == "spend-xp":
        g.xp -= rec.n
    elif kind == "release":
        ch = _char(state, a[2])
        state.emit("mission", f"{c.characters[ch].name} stays behind at the {state.board.loc_name[g.sq] if state.board else ''}", {"seat": seat})
        release_character(state, seat, ch)
    elif kind == "give":
        it = _item(state, a[2])
        target = _seat(a[3])
        take_away(state, holder(state, it), it)
        to = next(ch for ch in state.groups[target].chars if has_room(state, ch, it))
        give(state, to, it)
        state.emit("mission", f"{title(seat)} gives the {c.item_recs[it].name} to {c.characters[to].name} ({colour(target)})", {"seat": seat})
    elif kind == "burn":
        target = _seat(a[2])
        fuel = next(it for it in state.carried(seat) if matches_tag(c.item_recs[it], "fuel"))
        take_away(state, holder(state, fuel), fuel)
        discard_item(state, fuel)
        state.searched[g.sq] &= ~(1 << target)
        state.emit("mission", f"{title(seat)} burns the {colour(target)} group's Searched token", {"seat": seat})
    complete_mission(state, seat, m)


def apply_combat(state: DawnState, a: Action) -> None:
    cb = state.combat
    assert cb is not None
    seat = cb.group
    kind = a[0]
    if kind in ("fight", "brawl", "shoot"):
        cm.attack(state, kind)
    elif kind == "flee":
        _pay_flee(state, seat, a)
        cm.flee(state, seat, "an Xp" if a[1] == "xp" else "a discarded card")
    elif kind == "unblock":
        cm.unblock(state, seat)
    else:
        apply_anytime(state, seat, a, COMBAT)


def _pay_flee(state: DawnState, seat: int, a: Action) -> None:
    g = state.groups[seat]
    if a[1] == "xp":
        g.xp -= 1
    else:
        discard_from_hand(state, seat, hand_card(state, seat, str(a[1])))


def apply_duel(state: DawnState, a: Action) -> None:
    cb = state.combat
    assert cb is not None
    kind = a[0]
    seat = cb.enemy if cb.stage == "attacker" else cb.group
    if kind in ("fight", "brawl", "shoot"):
        if cb.stage == "attacker":
            cb.stances = (kind, "")
            cb.stage = "defender"
        else:
            cb.stances = (cb.stances[0], kind)
            cb.stage = "resolve"
    elif kind == "flee":
        _pay_flee(state, seat, a)
        cm.flee(state, seat, "an Xp" if a[1] == "xp" else "a discarded card")
    elif kind == "negotiate":
        other = _seat(a[1])
        cb.talks |= 1 << seat
        state.emit("offer", f"{title(seat)} prepares an offer of items to end the fight", {"seat": seat, "to": other})
        state.pending.append(("bargain", seat, other, (), "duel"))
    else:
        apply_anytime(state, seat, a, DUEL)


def _bargain(state: DawnState, step: tuple[Any, ...], a: Action) -> None:
    """Building an offer item by item, then proposing it or calling it off."""
    _, seat, target, offered, ctx = step
    pending = state.pending
    kind = a[0]
    names = state.c.item_recs
    if kind == "offer":
        pending[-1] = ("bargain", seat, target, (*offered, _item(state, a[1])), ctx)
        return
    pending.pop()
    if kind == "cancel":
        state.emit("offer", f"{title(seat)} makes no offer", {"seat": seat})
        return
    what = "to end the fight" if ctx == "duel" else "for peace this round"
    state.emit("offer", f"{title(seat)} offers the {colour(target)} player {', '.join(names[it].name for it in offered)} {what}",
               {"seat": seat, "to": target, "items": len(offered)})
    pending.append(("answer", target, seat, offered, ctx))


def _answer(state: DawnState, step: tuple[Any, ...], a: Action) -> None:
    """The offer is accepted (the items change groups, the receiver leaves the offerer alone for the
    rest of the round, and a fight between them ends) or declined."""
    _, seat, offerer, offered, ctx = step
    state.pending.pop()
    if a[0] == "decline":
        state.emit("offer", f"{title(seat)} declines the offer", {"seat": seat})
        return
    for it in offered:
        take_away(state, holder(state, it), it)
    state.truce |= 1 << (4 * seat + offerer)
    state.emit("offer", f"{title(seat)} accepts: it will not attack the {colour(offerer)} group this round", {"seat": seat})
    cb = state.combat
    if ctx == "duel" and cb is not None and cb.duel and cb.stage != "over":
        state.emit("combat", "The fight between the groups is over", None)
        end_combat(state, won=False)
    state.pending.append(("items", seat, "gift", offered, 0))


def apply_step(state: DawnState, step: tuple[Any, ...], a: Action) -> None:
    """A decision held in ``pending`` (its step is on top)."""
    kind = step[0]
    c = state.c
    pending = state.pending
    if kind == "damage":
        _, seat, n, killer, card = step
        ch = _char(state, a[1])
        pending.pop()
        if n > 1:
            pending.append(("damage", seat, n - 1, killer, -1))
        place_damage(state, seat, ch, card, killer)
        return
    if kind == "lodpick":
        _, seat, n = step
        pending.pop()
        if n > 1:
            pending.append(("lodpick", seat, n - 1))
        life_or_death(state, _char(state, a[1]), "Tough")
        return
    if kind == "save":
        _, seat, ch, killer = step
        pending.pop()
        if a[0] == "die":
            kill(state, ch, "a 4th damage", killer)
        elif a[0] == "play":
            play_card(state, seat, a)
        elif a[0] == "activate":
            activate(state, seat, a)
        else:
            use_item(state, seat, a, ())
        return
    if kind == "bargain":
        _bargain(state, step, a)
        return
    if kind == "answer":
        _answer(state, step, a)
        return
    if kind == "items":
        _, seat, context, pool, taken = step
        pending.pop()
        if a[0] == "done":
            for it in pool:
                discard_item(state, it)
            return
        it = _item(state, a[1])
        if a[0] == "drop":
            take_away(state, holder(state, it), it)
            g = state.groups[seat]
            g.given = (*g.given, it)
            state.emit("item", f"{title(seat)} leaves the {c.item_recs[it].name} on the table", None)
            pending.append(("items", seat, context, (*pool, it), taken))
            return
        rest = tuple(x for x in pool if x != it)
        if a[0] == "take":
            ch = _char(state, a[2])
            give(state, ch, it)
            state.emit("item", f"{c.characters[ch].name} takes the {c.item_recs[it].name}", None)
        else:
            use_item(state, seat, a, pool)
        if context == "flee":  # only one found item may be kept when fleeing
            for x in rest:
                discard_item(state, x)
            return
        if rest:
            pending.append(("items", seat, context, rest, taken + 1))
        return
    if kind == "flee-place":
        pending.pop()
        cm.place_fled(state, step[2], _sq(state, a[1]))
        return
    if kind == "respawn":
        pending.pop()
        seat = step[1]
        sq = _sq(state, a[1])
        state.groups[seat].sq = sq
        b = state.board
        assert b is not None
        state.emit("move", f"The new {colour(seat)} group starts from {b.names[sq]}", {"seat": seat, "square": b.names[sq]})
        return
    if kind == "discard":
        _, seat, n = step
        pending.pop()
        card = hand_card(state, seat, str(a[1]))
        discard_from_hand(state, seat, card)
        state.emit("card", f"{title(seat)} discards {c.action_recs[card].name}", {"seat": seat})
        if n > 1 and state.groups[seat].hand:
            pending.append(("discard", seat, n - 1))
        return
    if kind == "learn":
        _, seat, drawn = step
        pending.pop()
        s = c.skill_index[str(a[1])]
        ch = _char(state, a[2])
        cost = skill_cost(state, seat)
        state.groups[seat].xp -= cost
        state.cskills[ch] = (*state.cskills[ch], s)
        for other in drawn:
            if other != s:
                state.skill_deck.put_bottom(other)
        state.emit("skill", f"{c.characters[ch].name} learns {c.skills[s].name} for {cost} Xp", {"seat": seat, "skill": c.skills[s].id})
        return
    raise AssertionError(kind)  # pragma: no cover


# ==================================================================================================
# searching
# ==================================================================================================
def reveal(state: DawnState, seat: int) -> None:
    """Rulebook §Search a Location: as many items as the location's number per action discarded;
    survivors act at once. One player: as many action cards too; zombies attack, and the One Player
    cards apply (rulebook §Rules for 1 Player)."""
    g = state.groups[seat]
    if not g.searching or not g.chars:
        return
    b = state.board
    assert b is not None
    sq = g.sq
    n = search_count(state, seat, sq)
    deck = state.green if b.loc_deck[sq] == "green" else state.blue
    recs = state.c.item_recs
    shown = []
    for _ in range(n):
        it = deck.draw(state.rng)
        if it is None:
            break
        r = recs[it]
        if r.kind == "survivor":
            deck.discard(it)
            if r.survivor == "join":
                ch = new_character(state, seat, special=False)
                shown.append(f"{r.name} ({state.c.characters[ch].name} joins)" if ch >= 0 else f"{r.name} (nobody left to join)")
            else:
                draw_mission(state, seat)
                shown.append(f"{r.name} (a new mission)")
        else:
            g.found.append(it)
            shown.append(r.name)
    state.emit("search", f"{title(seat)} finds: {', '.join(shown) or 'nothing'}", {"seat": seat, "found": len(shown)})
    if not state.cfg.solo:
        return
    arecs = state.c.action_recs
    revealed = state.actions.draw_many(n, state.rng)
    zombies = []
    blocked = False
    lod = False
    noisy = 0
    for card in revealed:
        r2 = arecs[card]
        if r2.kind == "zombie":
            zombies.append(card)
            continue
        state.actions.discard(card)
        if r2.solo and r2.effect == "blocked":
            blocked = True
        elif r2.solo and r2.effect == "lod":
            lod = True
        elif r2.solo and r2.effect == "noise-until-zombie":
            noisy += 1
    state.emit("search", f"Action cards revealed: {', '.join(arecs[k].name for k in revealed) or 'none'}", None)
    if lod:
        wounded = [ch for ch in g.chars if worst_lod(state, ch) < 0]
        if wounded:
            ch = min(wounded, key=lambda x: (worst_lod(state, x), x))
            life_or_death(state, ch, "Does it hurt?")
            if not state.groups[seat].chars or state.phase == "over":
                for card in zombies:
                    state.actions.discard(card)
                return
    if zombies:
        cm.start_combat(state, seat, -1, zombies, blocked=blocked)
    for _ in range(noisy):
        cm.noise_until_zombie(state, seat, -1, "You Make Noise")
    cb = state.combat
    if blocked and cb is not None and cb.group == seat and not cb.duel:
        cb.blocked = True


__all__ = [
    "PASS",
    "activate",
    "anytime_actions",
    "apply_anytime",
    "apply_combat",
    "apply_duel",
    "apply_step",
    "apply_turn",
    "best_weapon",
    "combat_actions",
    "draw_mission",
    "duel_actions",
    "respond_actions",
    "step_actions",
    "turn_actions",
]
