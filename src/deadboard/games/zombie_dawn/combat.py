"""Combat (rulebook §Combat): zombies against a group, and one group against another.

A combat against zombies runs in attack phases until all zombie dice are eliminated, the group is
wiped out or it flees::

    open    the window: every opponent, clockwise from the active player, may add zombies or play
            cards against the group (rulebook §Attack: "while any zombie die remains ...")
    decide  the group's owner: shoot (ranged, no response), fight or brawl (melee, simultaneous),
            flee, unblock, use items, pass items between Pjs
    roll    group dice hit on 5-6, zombie dice on 6, after modifiers; hits remove zombie dice;
            zombie hits are Damage cards placed by the group's owner
            (then zombies that made their first attack and call for Life or Death rolls: Tough)
    noise   weapons used for the first time in this combat make their Noise (rulebook §Noise)
    check   no zombie dice left: the group wins and keeps the zombie cards as trophies

Zombies joining a combat add their dice at once; their Initial Attack is resolved at once, without
response, and ends ranged attacks (rulebook §Initial Attack). A special zombie's boxed effect works
from the second of its type in the combat, or from the first in a zone showing its icon.

Between groups (rulebook §Combat between Groups) each phase opens, as against zombies, with a window
for every other seat; then the attacker, then the defender, choose shoot, fight or brawl, and both
roll at once; each hit is a Damage on the other group. No Noise. A
dead Pj's items may be kept by the opponent. Either side may first negotiate (once per phase): an
offer of items that the other accepts (the fight ends) or declines (see actions.py).
"""

from __future__ import annotations

from deadboard.core.responses import open_window
from deadboard.games.zombie_dawn.content import SPECIAL_TYPES
from deadboard.games.zombie_dawn.effects import (
    armed,
    best_weapon,
    cmod,
    colour,
    end_combat,
    give_search_xp,
    gmod,
    season_fx,
    title,
)
from deadboard.games.zombie_dawn.state import Combat, DawnState

GROUP_HIT = 5
ZOMBIE_HIT = 6


# ==================================================================================================
# starting and joining
# ==================================================================================================
def start_combat(
    state: DawnState,
    target: int,
    starter: int,
    cards: list[int] | tuple[int, ...],
    mission: int = -1,
    dice: int = 0,
    blocked: bool = False,
) -> None:
    """Zombies against ``target``: they join its combat if it is fighting zombies, wait for the
    running combat to end otherwise (rulebook §Questions: "those combats will be resolved after
    finishing your combat"), or start a combat now. Zombies waiting for a group make one combat
    with those already waiting for it: a group has one combat, in which zombies of one type meet
    (rulebook §Special Zombies: "the second or third Zombie of the same type ... in the same
    combat"). A combat that has just ended but is not closed yet (decisions it left, a window, are
    still being settled) counts as running: what comes meanwhile waits its turn in the queue."""
    cb = state.combat
    if cb is not None:
        if cb.stage != "over" and not cb.duel and cb.group == target:
            for card in cards:
                join(state, cb, card)
            cb.dice += dice
            return
        queue = state.queue
        for i, q in enumerate(queue):
            if q[0] == target and not q[6]:
                queue[i] = (target, q[1], (*q[2], *cards), q[3] if q[3] >= 0 else mission, q[4] + dice, q[5] or blocked, False)
                state.emit("combat", f"More zombies wait for the {colour(target)} group: they will fight it together", None)
                return
        queue.append((target, starter, tuple(cards), mission, dice, blocked, False))
        state.emit("combat", f"Zombies wait for the {colour(target)} group until the current combat ends", None)
        return
    begin_combat(state, target, starter, tuple(cards), mission, dice, blocked)


def begin_combat(
    state: DawnState, target: int, starter: int, cards: tuple[int, ...], mission: int, dice: int, blocked: bool
) -> None:
    cb = Combat(target, starter)
    state.combat = cb
    cb.mission = mission
    cb.blocked = blocked
    cb.dice = dice + season_fx(state).zombie_dice
    state.pending.append(("combat",))
    why = f" ({state.c.missions[mission].name})" if mission >= 0 else ""
    state.emit("combat", f"Combat! Zombies attack the {colour(target)} group{why}", {"seat": target})
    if cb.dice:
        state.emit("combat", f"{cb.dice} zombie dice to start with", None)
    for card in cards:
        join(state, cb, card)


def join(state: DawnState, cb: Combat, card: int) -> None:
    """A zombie card enters the combat: its dice, its effects, its Initial Attack and its Noise."""
    rec = state.c.action_recs[card]
    cb.zombies.append(card)
    boxed = False
    if rec.special is not None:
        t = SPECIAL_TYPES.index(rec.special)
        b = state.board
        assert b is not None
        boxed = cb.types[t] > 0 or b.special[state.groups[cb.group].sq] == t
        cb.types[t] += 1
    dice = rec.dice + rec.fx.dice + (rec.boxed.dice if boxed else 0)
    cb.dice += dice
    cb.fx = _sum_fx(state, cb, card, boxed)
    initial = rec.fx.initial + (rec.boxed.initial if boxed else 0)
    noise = rec.fx.noise + (rec.boxed.noise if boxed else 0)
    extra = " (boxed effect)" if boxed else ""
    state.emit("combat", f"{rec.name} joins the combat against {colour(cb.group)}: +{dice} zombie dice, {cb.dice} in all{extra}",
               {"card": rec.id, "dice": cb.dice})
    if initial:
        initial_attack(state, cb, initial, rec.name)
    if noise:
        make_noise(state, cb.group, noise, cb.starter, rec.name)


def _sum_fx(state: DawnState, cb: Combat, card: int, boxed: bool) -> tuple[int, int, int, bool, bool]:
    rec = state.c.action_recs[card]
    lod, zhit, ghit, no_flee, no_ranged = cb.fx
    for fx in (rec.fx, rec.boxed) if boxed else (rec.fx,):
        lod += fx.lod
        zhit += fx.zhit
        ghit += fx.ghit
        no_flee = no_flee or fx.no_flee
        no_ranged = no_ranged or fx.no_ranged
    return lod, zhit, ghit, no_flee, no_ranged


def boxed_effects(state: DawnState, cb: Combat, cards: list[int]) -> list[bool]:
    """Whether each zombie card of ``cards`` (in the order they joined) has its boxed effect: another
    of its type before it in the combat, or the zone's icon of its type (rulebook §Special Zombies)."""
    b = state.board
    assert b is not None
    zone = b.special[state.groups[cb.group].sq]
    recs = state.c.action_recs
    seen = [0, 0, 0, 0, 0]
    out = []
    for card in cards:
        special = recs[card].special
        if special is None:
            out.append(False)
            continue
        t = SPECIAL_TYPES.index(special)
        out.append(seen[t] > 0 or zone == t)
        seen[t] += 1
    return out


def discard_zombie(state: DawnState, cb: Combat, kind: str) -> str:
    """Blocked Access, "In a Location: Discard a Zombie card in Combat": the last card of that kind
    to join leaves the combat with the dice it brought (as many as are left) and its effects, which
    last only while it is in play; its Initial Attack and Noise have happened already. Returns its
    name."""
    recs = state.c.action_recs
    i = max(j for j, z in enumerate(cb.zombies) if recs[z].id == kind)
    card = cb.zombies[i]
    rec = recs[card]
    boxed = boxed_effects(state, cb, cb.zombies)[i]
    cb.dice = max(0, cb.dice - (rec.dice + rec.fx.dice + (rec.boxed.dice if boxed else 0)))
    del cb.zombies[i]
    cb.attacked = tuple(z for z in cb.attacked if z != card)
    state.actions.discard(card)
    cb.types = [0, 0, 0, 0, 0]
    cb.fx = (0, 0, 0, False, False)
    for z, box in zip(cb.zombies, boxed_effects(state, cb, cb.zombies), strict=True):
        if recs[z].special is not None:
            cb.types[SPECIAL_TYPES.index(recs[z].special)] += 1
        cb.fx = _sum_fx(state, cb, z, box)
    return rec.name


def initial_attack(state: DawnState, cb: Combat, dice: int, name: str) -> None:
    """Rolled at once, without response; melee from now on (rulebook §Initial Attack)."""
    rolls = state.rng.roll(dice)
    zhit = cb.fx[1]
    hits = sum(1 for r in rolls if r + zhit >= ZOMBIE_HIT)
    cb.melee = True
    state.emit("roll", f"Initial Attack of the {name}: {_dice(rolls)} — {hits} hit{'s' if hits != 1 else ''}",
               {"rolls": rolls, "need": ZOMBIE_HIT - zhit, "hits": hits})
    if hits:
        state.pending.append(("damage", cb.group, hits, -1, -1))


def make_noise(state: DawnState, seat: int, n: int, starter: int, source: str, own: bool = False) -> None:
    """Reveal ``n`` action cards: the zombies among them attack ``seat`` (or join its combat); the
    rest are discarded without effect (rulebook §Noise)."""
    n += season_fx(state).noise
    if own:
        n -= gmod(state, seat, "quiet")
    if n <= 0:
        return
    revealed = state.actions.draw_many(n, state.rng)
    recs = state.c.action_recs
    zombies = [card for card in revealed if recs[card].kind == "zombie"]
    for card in revealed:
        if recs[card].kind != "zombie":
            state.actions.discard(card)
    names = ", ".join(recs[card].name for card in revealed) or "nothing"
    state.emit("noise", f"Noise {n} ({source}): revealed {names}", {"seat": seat, "zombies": len(zombies)})
    if zombies:
        start_combat(state, seat, starter, zombies)


def noise_until_zombie(state: DawnState, seat: int, starter: int, source: str) -> None:
    """You Make Noise: reveal until a zombie appears; it attacks."""
    recs = state.c.action_recs
    shown = []
    for _ in range(len(state.actions.cards) + len(state.actions.discards)):
        card = state.actions.draw(state.rng)
        if card is None:
            break
        shown.append(recs[card].name)
        if recs[card].kind == "zombie":
            state.emit("noise", f"{source}: revealed {', '.join(shown)}", {"seat": seat})
            start_combat(state, seat, starter, [card])
            return
        state.actions.discard(card)
    state.emit("noise", f"{source}: revealed {', '.join(shown) or 'nothing'} — no zombie comes", {"seat": seat})


# ==================================================================================================
# the attack phase
# ==================================================================================================
def combat_step(state: DawnState) -> bool:
    """Run the combat on top of the pending stack until a seat must decide (True), or the combat
    pushed a step of its own or is done with (False: the caller carries on)."""
    pending = state.pending
    depth = len(pending)
    while True:
        cb = state.combat
        if cb is None or cb.stage == "over":
            _close(state)
            return False
        if cb.duel:
            return _duel_step(state, cb)
        stage = cb.stage
        if stage == "decide":
            if cb.dice > 0:
                return True
            _win(state, cb)
        elif stage == "open":
            if cb.dice <= 0:
                _win(state, cb)
                continue
            cb.stage = "decide"
            g = state.groups[cb.group]
            g.given = ()  # items may change hands, and offers be made, once per attack phase
            g.talked = 0
            if state.cfg.players > 1:
                w = open_window(actor=cb.group, seats=state.cfg.players, trigger="combat", tag="combat", start=state.active)
                pending.append(("window", w))
        elif stage == "noise":
            cb.stage = "check"
            recs = state.c.item_recs
            noise = 0
            for weapon in cb.used:
                if weapon not in cb.noise_done:
                    cb.noise_done = (*cb.noise_done, weapon)
                    noise += recs[weapon].noise
            cb.used = ()
            if noise and state.groups[cb.group].chars:
                make_noise(state, cb.group, noise, cb.starter, "weapons", own=True)
        elif stage == "check":
            if cb.dice <= 0:
                _win(state, cb)
            else:
                cb.stage = "open"
        else:  # pragma: no cover
            raise AssertionError(stage)
        if len(pending) != depth or state.phase == "over":
            return False


def _win(state: DawnState, cb: Combat) -> None:
    pts = sum(state.c.action_recs[z].trophy for z in cb.zombies)
    state.emit("combat", f"The {colour(cb.group)} group wins the combat ({pts} trophy points)", {"seat": cb.group, "trophy": pts})
    end_combat(state, won=True)


def _close(state: DawnState) -> None:
    """Pop the finished combat; start the next one waiting, if any (zombies against a group that has
    left the map are discarded; an attack on a group no longer next to the attacker, or that the
    attacker has agreed to leave alone meanwhile, comes to nothing)."""
    top = state.pending.pop()
    assert top[0] == "combat"
    state.combat = None
    while state.queue:
        target, starter, cards, mission, dice, blocked, duel = state.queue.pop(0)
        if duel:
            if may_attack(state, starter, target):
                start_duel(state, starter, target)
                return
            state.emit("combat", f"The {colour(starter)} group's attack on the {colour(target)} group comes to nothing", None)
            continue
        if not state.groups[target].chars:
            for card in cards:
                state.actions.discard(card)
            continue
        begin_combat(state, target, starter, cards, mission, dice, blocked)
        return


def may_attack(state: DawnState, attacker: int, defender: int) -> bool:
    """Rulebook §Attack another Group: both groups on the map, on adjacent squares, and the attacker
    not bound by an accepted offer to leave the defender alone this round."""
    a, d = state.groups[attacker], state.groups[defender]
    b = state.board
    assert b is not None
    return (bool(a.chars) and bool(d.chars) and d.sq in b.near[a.sq]
            and not state.truce >> (4 * attacker + defender) & 1)


def can_shoot(state: DawnState, seat: int, cb: Combat) -> bool:
    if cb.melee or season_fx(state).no_ranged or (not cb.duel and cb.fx[4]):
        return False
    return armed(state, seat, ranged_only=True)


def has_weapon(state: DawnState, seat: int) -> bool:
    return armed(state, seat)


def can_flee_by_card(state: DawnState, seat: int, cb: Combat) -> bool:
    if not state.groups[seat].hand:
        return False
    if cb.duel:
        return True
    if cb.fx[3]:
        return False
    return not cb.blocked or gmod(state, seat, "flee_blocked") > 0


def group_dice(state: DawnState, seat: int, how: str, used: list[int]) -> int:
    """Dice the group rolls: ``shoot`` fires every straightened ranged weapon (only their dice),
    ``fight`` is melee with each Pj's best straightened weapon replacing its die, ``brawl`` melee
    with bare hands. Weapons fired are turned (melee weapons only when they say so)."""
    recs = state.c.item_recs
    g = state.groups[seat]
    n = 0 if how == "shoot" else 1  # the Group die
    n += g.adrenaline
    g.adrenaline = 0
    for ch in g.chars:
        if how == "shoot":
            w = best_weapon(state, ch, ranged_only=True)
            if w < 0:
                continue
        elif how == "fight":
            w = best_weapon(state, ch)
        else:
            w = -1
        if w >= 0:
            r = recs[w]
            n += r.dice + (cmod(state, ch, "ranged") if r.ranged else 0)
            if r.ranged or r.turns:
                state.set_turned(w, True)
            used.append(w)
        else:
            n += 1
        if how != "shoot":
            n += cmod(state, ch, "die")
    return n


def attack(state: DawnState, how: str) -> None:
    """One attack phase against zombies."""
    cb = state.combat
    assert cb is not None
    seat = cb.group
    used: list[int] = []
    n = group_dice(state, seat, how, used)
    cb.used = tuple(used)
    ghit, zhit = cb.fx[2], cb.fx[1]
    rolls = state.rng.roll(n)
    hits = sum(1 for r in rolls if r + ghit >= GROUP_HIT)
    cb.phases += 1
    name = title(seat)
    if how == "shoot":
        state.emit("roll", f"{name} shoots: {_dice(rolls)} — {hits} hit{'s' if hits != 1 else ''} (ranged, no response)",
                   {"rolls": rolls, "need": GROUP_HIT - ghit, "hits": hits})
        cb.dice = max(0, cb.dice - hits)
        if not armed(state, seat, ranged_only=True):
            cb.melee = True
        cb.stage = "noise"
        return
    cb.melee = True
    zrolls = state.rng.roll(cb.dice)
    zhits = sum(1 for r in zrolls if r + zhit >= ZOMBIE_HIT)
    state.emit("roll", f"{name} {'fights' if how == 'fight' else 'brawls'}: {_dice(rolls)} — {hits} hit{'s' if hits != 1 else ''}; "
               f"zombies: {_dice(zrolls)} — {zhits} hit{'s' if zhits != 1 else ''}",
               {"rolls": rolls, "need": GROUP_HIT - ghit, "hits": hits, "zombie_rolls": zrolls,
                "zombie_need": ZOMBIE_HIT - zhit, "zombie_hits": zhits})
    cb.dice = max(0, cb.dice - hits)
    cb.stage = "noise"
    # zombies making their first attack that call for Life or Death rolls (Tough) roll after the
    # damage of this attack is placed: pushed first, resolved after the damage above it
    recs = state.c.action_recs
    lod_rolls = sum(recs[z].fx.lod_roll for z in cb.zombies if z not in cb.attacked)
    cb.attacked = tuple(cb.zombies)
    if lod_rolls:
        state.pending.append(("lodpick", seat, lod_rolls))
    if zhits:
        state.pending.append(("damage", seat, zhits, -1, -1))


def _dice(rolls: list[int]) -> str:
    return ", ".join(map(str, rolls)) if rolls else "no dice"


# ==================================================================================================
# fleeing
# ==================================================================================================
def flee(state: DawnState, seat: int, how: str) -> None:
    """Rulebook §Flee from a Combat: the combat ends, the zombies are discarded, and the opponent who
    started it places the group on an adjacent square. Fleeing a Location being searched ends the
    search: the token, 1 Xp, and only one found item may be taken."""
    cb = state.combat
    assert cb is not None
    g = state.groups[seat]
    state.emit("flee", f"{title(seat)} flees the combat ({how})", {"seat": seat})
    chooser = cb.enemy if cb.duel and seat == cb.group else cb.group if cb.duel else cb.starter
    end_combat(state, won=False)
    b = state.board
    assert b is not None
    taken = state.occupied()
    options = tuple(sq for sq in b.orth[g.sq] if sq not in taken)
    found: tuple[int, ...] = ()
    if g.searching:  # the location is left: its token and Xp, and one item (taken before moving)
        found = tuple(g.found)
        g.found = []
        give_search_xp(state, seat)
    if options:
        if chooser >= 0 and len(options) > 1:
            state.pending.append(("flee-place", chooser, seat, options))
        else:
            dest = options[0] if len(options) == 1 else options[state.rng.below(len(options))]
            place_fled(state, seat, dest)
    if found:
        state.pending.append(("items", seat, "flee", found, 0))


def place_fled(state: DawnState, seat: int, sq: int) -> None:
    b = state.board
    assert b is not None
    state.groups[seat].sq = sq
    state.emit("move", f"The {colour(seat)} group is driven to {b.names[sq]}", {"seat": seat, "square": b.names[sq]})


def unblock(state: DawnState, seat: int) -> None:
    """Rulebook §Flee (Blocked Access): 6+ on a die (plus Unblock bonuses) and the group may flee;
    otherwise it must fight to the end. An item used to unblock makes its Noise (rulebook §Noise)."""
    cb = state.combat
    assert cb is not None
    bonus = gmod(state, seat, "unblock")
    roll = state.rng.d6()
    ok = roll + bonus >= 6
    cb.unblock_tried = True
    if ok:
        cb.blocked = False
    state.emit("roll", f"{title(seat)} tries to Unblock: {roll}{bonus:+d} — {'free to flee' if ok else 'still blocked: fight to the end'}",
               {"roll": roll, "modifier": bonus, "need": 6, "success": ok})
    recs = state.c.item_recs
    tool, best = -1, 0
    for it in state.carried(seat):
        u = state.c.inst_mods[it].get("unblock", 0)
        if u > best:
            tool, best = it, u
    if tool >= 0 and recs[tool].noise and tool not in cb.noise_done:
        cb.noise_done = (*cb.noise_done, tool)
        make_noise(state, seat, recs[tool].noise, cb.starter, recs[tool].name, own=True)


# ==================================================================================================
# combat between groups
# ==================================================================================================
def attack_group(state: DawnState, attacker: int, defender: int) -> None:
    """An attack declared during another combat waits for it to end, as zombies do (rulebook
    §Questions: "those combats will be resolved after finishing your combat")."""
    cb = state.combat
    if cb is not None:  # running, or ended and not closed yet
        state.queue.append((defender, attacker, (), -1, 0, False, True))
        state.emit("combat", f"The {colour(attacker)} group will attack the {colour(defender)} group when the current combat ends", None)
        return
    start_duel(state, attacker, defender)


def start_duel(state: DawnState, attacker: int, defender: int) -> None:
    cb = Combat(defender, attacker, duel=True, enemy=attacker)
    cb.stage = "open"
    state.combat = cb
    state.pending.append(("combat",))
    state.emit("combat", f"The {colour(attacker)} group attacks the {colour(defender)} group!", {"attacker": attacker, "defender": defender})


def _duel_step(state: DawnState, cb: Combat) -> bool:
    """A fight between groups runs in attack phases like a fight against zombies: ``open`` (the
    window: every other seat, clockwise from the active player, may play cards — rulebook §At any
    moment, "Play an Action card"), the attacker's choice, the defender's, then both roll."""
    stage = cb.stage
    if stage in ("open", "attacker", "defender") and (not state.groups[cb.group].chars or not state.groups[cb.enemy].chars):
        end_combat(state, won=False)
        return False
    if stage == "open":
        cb.stage = "attacker"
        state.groups[cb.enemy].given = ()  # items may change hands once per attack phase
        state.groups[cb.group].given = ()
        if state.cfg.players > 2:
            w = open_window(actor=cb.enemy, seats=state.cfg.players, trigger="combat", tag="combat",
                            start=state.active, exclude=(cb.group,))
            state.pending.append(("window", w))
            return False
        return True
    if stage in ("attacker", "defender"):
        return True
    if stage == "resolve":
        duel_roll(state, cb)
        cb.stage = "open"
        cb.talks = 0
        return False
    raise AssertionError(stage)  # pragma: no cover


def duel_roll(state: DawnState, cb: Combat) -> None:
    """Both groups roll at once. In ranged play only the sides that shoot roll; once a side
    chooses melee (fight or brawl) the groups close in and melee goes on to the end."""
    a_how, d_how = cb.stances
    melee_now = cb.melee or (a_how != "shoot" and d_how != "shoot")
    rolls_by: dict[int, list[int]] = {}
    for seat, how in ((cb.enemy, a_how), (cb.group, d_how)):
        if not melee_now and how != "shoot":
            continue
        used: list[int] = []
        n = group_dice(state, seat, "fight" if melee_now and how == "shoot" else how, used)
        n += gmod(state, seat, "duel")
        rolls_by[seat] = state.rng.roll(n)
    if a_how != "shoot" or d_how != "shoot":
        cb.melee = True
    cb.phases += 1
    parts = []
    for seat, other in ((cb.enemy, cb.group), (cb.group, cb.enemy)):
        rolls = rolls_by.get(seat)
        if rolls is None:
            parts.append(f"{colour(seat)} closes in")
            continue
        hits = sum(1 for r in rolls if r >= GROUP_HIT)
        parts.append(f"{colour(seat)}: {_dice(rolls)} — {hits} hit{'s' if hits != 1 else ''}")
        if hits:
            state.pending.append(("damage", other, hits, seat, -1))
    state.emit("roll", "Groups fight: " + "; ".join(parts), None)
