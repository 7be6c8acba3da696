"""District-Z: setup, turns, events, combat, meetings, death, infection and the end of the game.

The engine is a queue of steps (``state.pending``): automatic steps run by themselves, decision
steps stop and wait for their seat. A turn is queued as a decision (``turn``) or an arrival at the
starting LOCATION, followed by ``end-turn``. Landing on a card queues the visit::

    found -> zs-check -> meet-check -> counters -> dropped-check -> event -> visit-end
    (objective)  (zombie survivors) (other survivors) (ZOMBIE counters) (dropped ITEMS) (EVENT TABLE,
                                                                        then the AFTER EVENT)

An event's effects are queued in front of the rest of the visit; escaping ends the turn (the rest
of the turn is cut), skipping the event cuts the rest of the visit (no AFTER EVENT, no win).

Engaging another survivor (from ``meet`` or from the turn, when staying) queues::

    trade:  offer (offer/ask items, then propose) -> answer (the other seat) -> engage-next
    attack: arm (the attacker's weapons) -> defend (the other seat: weapons or dodge) -> spoils
            -> engage-next (another survivor on the card not yet engaged, or done)

With Additional Location Cards replaced by the player's choice, setup starts with ``swap`` /
``swap-in`` decisions and a ``build`` step that lays out the CITY.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from deadboard.core.action import Action, act
from deadboard.core.errors import IllegalActionError
from deadboard.core.game import Decision, Game, Outcome, Result, Setup, State
from deadboard.core.rng import Rng
from deadboard.games.district_z.combat import (
    AGILITY,
    HEALTH,
    Loadout,
    hands_used,
    loadout_text,
    loadouts,
    pairing_options,
    pairing_text,
    rating,
)
from deadboard.games.district_z.config import OPTIONS, SCENARIOS, Config, build_config
from deadboard.games.district_z.content import ATTRIBUTES, load_content
from deadboard.games.district_z.state import (
    DIRS,
    ESCAPED,
    LIVE,
    NO_CARD,
    OBJ,
    OUT,
    STATUS_NAMES,
    WAITING,
    ZOMBIE,
    DistrictState,
    Layout,
    multi_layout,
    single_layout,
)

#: steps that are decisions of a seat (step[1] is the seat)
DECISIONS = frozenset({
    "swap", "swap-in", "survivor", "corner", "turn", "zmove", "equip", "drop-excess", "take", "meet", "engage",
    "fight", "pair", "choice", "replace", "offer", "answer", "arm", "defend", "spoils", "zdefend", "join",
})
MAX_HANDS = 4
VISIT = ("found", "zs-check", "meet-check", "counters", "dropped-check", "event", "visit-end")


# ==================================================================================================
# the engine loop
# ==================================================================================================
def advance(st: DistrictState) -> None:
    """Resolve everything automatic until a seat must decide or the game is over."""
    pending = st.pending
    while True:
        if st.over:
            st.decision = None
            pending.clear()
            return
        if pending:
            step = pending[0]
            kind = step[0]
            if kind in DECISIONS:
                if kind == "fight" and _auto_fight(st, step[1]):
                    continue
                st.decision = Decision(step[1], kind, _prompt(st, step))
                return
            pending.pop(0)
            STEPS[kind](st, step)
            continue
        _next_turn(st)


def _dice(rng: Rng, n: int) -> list[int]:
    """Roll n six-sided dice (one ``d6`` each, so scripted dice drive every roll in tests)."""
    d6 = rng.d6
    return [d6() for _ in range(n)]


def _push(st: DistrictState, *steps: tuple[Any, ...]) -> None:
    st.pending[0:0] = steps


def _cut_visit(st: DistrictState) -> None:
    """The rest of this visit does not happen (the event was skipped or replaced)."""
    pending = st.pending
    i = 0
    while i < len(pending) and pending[i][0] not in ("visit-end", "end-turn"):
        i += 1
    del pending[:i]


def _cut_turn(st: DistrictState) -> None:
    """The turn is over now (an escape, a death): drop everything queued before end-turn."""
    pending = st.pending
    i = 0
    while i < len(pending) and pending[i][0] != "end-turn":
        i += 1
    del pending[:i]


_WITH_OTHER = frozenset({"offer", "answer", "arm", "defend", "spoils", "zdefend", "join"})


def _drop_seat_steps(st: DistrictState, seat: int) -> None:
    """A survivor left the CITY outside its own turn: whatever it was to decide or suffer is void."""
    st.pending[:] = [
        s for s in st.pending
        if s[0] == "end-turn" or len(s) < 2 or (s[1] != seat and not (s[0] in _WITH_OTHER and s[2] == seat))
    ]


def active_seat(st: DistrictState) -> int:
    return st.order[st.cur] if 0 <= st.cur < len(st.order) else -1


def _end(st: DistrictState, reason: str, winners: tuple[int, ...], text: str) -> None:
    st.over = True
    st.reason = reason
    st.winners = winners
    st.pending.clear()
    st.decision = None
    st.emit("end", text, {"reason": reason, "winners": list(winners), "round": st.rounds})


# ==================================================================================================
# setup
# ==================================================================================================
def layout_for(cfg: Config) -> Layout:
    big = cfg.additional == "bigger"
    if cfg.single:
        return single_layout(3 if big else 2)
    return multi_layout(7, 6) if big else multi_layout(6, 5)


def _deck(st: DistrictState, chosen: tuple[int, ...] | None) -> list[int]:
    """The LOCATION cards of this game, shuffled: ``chosen`` is the deck the player made (option
    replace-by=player); otherwise the option additional-locations says how it is made."""
    c, cfg, rng = st.c, st.cfg, st.rng
    deck = list(c.base)
    if chosen is not None:
        deck = list(chosen)
        n = sum(1 for x in deck if c.locations[x].set == "additional")
        st.emit("setup", f"{n} base location card{'' if n == 1 else 's'} replaced by additional ones", None)
    elif cfg.additional == "replace":
        rng.shuffle(deck)
        extra = rng.sample(c.additional, cfg.replace_count)
        out = deck[: cfg.replace_count]
        deck = deck[cfg.replace_count :] + extra
        st.emit("setup", f"{len(out)} random base location cards are replaced by random additional ones", None)
    elif cfg.additional == "shuffle":
        deck = deck + list(c.additional)
        rng.shuffle(deck)
        deck = deck[: len(c.base)]
        st.emit("setup", f"Base and additional location cards shuffled; {len(deck)} counted out", None)
    elif cfg.additional == "bigger":
        deck = deck + list(c.additional)
    rng.shuffle(deck)
    return deck


def build_city(st: DistrictState, chosen: tuple[int, ...] | None = None) -> None:
    c, cfg, lay, rng = st.c, st.cfg, st.lay, st.rng
    deck = _deck(st, chosen)
    if cfg.single:
        need = 1 + len(lay.objective_cells) - 1 + (len(lay.positions()) - len(lay.objective_cells))
        if len(deck) < need:
            from deadboard.core.errors import SetupError

            raise SetupError(f"the single player CITY needs {need} location cards; only {len(deck)} are available")
        st.setaside = [deck.pop()]
        obj = rng.choice(c.objectives)
        middle = [deck.pop() for _ in range(len(lay.objective_cells) - 1)] + [OBJ + obj]
        rng.shuffle(middle)
        for p, card in zip(lay.objective_cells, middle):
            st.card[p] = card
        for p in lay.positions():
            if st.card[p] == NO_CARD:
                st.card[p] = deck.pop()
        st.unused = deck
        st.emit("setup", f"The CITY: {len(lay.positions())} cards in a 7 x 3 grid with the starting location at "
                f"{lay.names[lay.start]} and the City's Edge at {lay.names[lay.edge]}; one location objective "
                f"lies in the middle 3 x 3", None)
    else:
        cells = lay.positions()
        players = cfg.players
        need = len(cells)
        if len(deck) < need:
            from deadboard.core.errors import SetupError

            raise SetupError(f"a {lay.width} x {lay.height} CITY needs {need} location cards; only {len(deck)} are available")
        st.setaside = [deck.pop() for _ in range(players)]
        objs = rng.sample(c.objectives, players)
        city = [deck.pop() for _ in range(need - players)] + [OBJ + o for o in objs]
        rng.shuffle(city)
        for p, card in zip(cells, city):
            st.card[p] = card
        st.unused = deck
        st.emit("setup", f"The CITY: a {lay.width} x {lay.height} grid; {players} location cards set aside for "
                f"{players} location objectives shuffled in", None)


# ----- Additional Location Cards, way 1: the player replaces base cards with additional ones -----
def _swappable(st: DistrictState, deck: tuple[int, ...]) -> list[int]:
    """The additional cards not yet in ``deck``, by index."""
    have = set(deck)
    return [x for x in st.c.additional if x not in have]


def swap_actions(st: DistrictState, deck: tuple[int, ...]) -> list[Action]:
    locs = st.c.locations
    out = [act("replace", locs[x].id) for x in sorted(deck) if locs[x].set == "base"] if _swappable(st, deck) else []
    out.append(act("done"))
    return out


def _step_build(st: DistrictState, step: tuple[Any, ...]) -> None:
    build_city(st, step[1])


def _unused_survivors(st: DistrictState) -> list[int]:
    used = {s for p in st.players for s in p.used}
    return [s.index for s in st.c.survivors if s.index not in used]


# ==================================================================================================
# turns
# ==================================================================================================
def _next_turn(st: DistrictState) -> None:
    n = len(st.order)
    for _ in range(n):
        st.cur = (st.cur + 1) % n
        if st.cur == 0:
            st.rounds += 1
            if st.rounds > st.cfg.turn_limit:
                _end(st, "overrun", (), f"Round {st.rounds}: the horde overruns the district. Nobody escapes.")
                return
        seat = st.order[st.cur]
        p = st.players[seat]
        if p.status in (OUT, ESCAPED, WAITING):
            continue
        st.turns += 1
        st.emit("turn", f"— Round {st.rounds}: {st.name(seat)}'s turn —", {"seat": seat, "round": st.rounds})
        if p.status == ZOMBIE:
            st.pending[:] = [("zmove", seat), ("end-turn", seat)]
        elif p.arriving:
            p.arriving = False
            st.pending[:] = [("arrive", seat), ("end-turn", seat)]
        else:
            st.pending[:] = [("turn", seat), ("end-turn", seat)]
        return
    _check_end(st, force=True)


def _step_end_turn(st: DistrictState, step: tuple[Any, ...]) -> None:
    _check_end(st)


def _check_end(st: DistrictState, force: bool = False) -> None:
    if st.over:
        return
    if st.cfg.single:
        return
    if st.places and not st.cfg.play_on:
        w = st.places[0]
        _end(st, "escaped", (w,), f"{st.name(w)} (Player {w + 1}) reaches the City's Edge and escapes. Player {w + 1} wins!")
        return
    alive = [p for p in st.players if p.status in (LIVE, WAITING)]
    if alive and not force:
        return
    if st.places:
        w = st.places[0]
        _end(st, "escaped", (w,), f"Everyone still in the district is done. Player {w + 1} escaped first and wins.")
        return
    zs = tuple(p.seat for p in st.players if p.status == ZOMBIE)
    if zs and len(zs) == len(st.players):
        _end(st, "turned", (), "Every player has become a zombie survivor. The game is over.")
    elif zs and st.zs_kill:
        _end(st, "devoured", zs, "The zombie survivors have killed every living survivor. The zombie survivors win.")
    elif zs:
        _end(st, "turned", (), "No living survivor is left; the zombie survivors roam the district. The game is over.")
    else:
        _end(st, "died", (), "No survivor is left alive in the district.")


def turn_actions(st: DistrictState, seat: int) -> list[Action]:
    p = st.players[seat]
    c = st.c
    out = [act("move", d) for d, _ in st.lay.nbr[p.pos]]
    if not st.cfg.single:
        if p.wounds > 0:
            out.append(act("heal"))
        out.append(act("stay"))
        for other in st.live_at(p.pos, but=seat):
            out.append(act("trade", st.name(other)))
            out.append(act("attack", st.name(other)))
    out.extend(_use_actions(st, seat))
    for i in sorted(set(p.items)):
        out.append(act("drop", c.items[i].id))
    return out


def _use_actions(st: DistrictState, seat: int) -> list[Action]:
    p = st.players[seat]
    if p.wounds == 0:
        return []
    its = st.c.items
    return [act("use", its[i].id) for i in sorted(set(p.items)) if its[i].heal]


def _seat_by_name(st: DistrictState, name: str) -> int:
    for p in st.players:
        if p.surv >= 0 and st.c.survivors[p.surv].id == name:
            return p.seat
    raise IllegalActionError(f"no survivor named {name}")


def apply_turn(st: DistrictState, seat: int, a: Action) -> None:
    k = a[0]
    p = st.players[seat]
    if k == "move":
        d = str(a[1])
        to = next(q for dd, q in st.lay.nbr[p.pos] if dd == d)
        st.emit("move", f"{st.name(seat)} moves {d} to {st.lay.names[to]}", {"seat": seat, "to": st.lay.names[to]})
        _leave(st, seat)
        _land(st, seat, to)
    elif k == "heal":
        n = 2 if _ability(st, seat) == "medic" else 1
        p.wounds = max(0, p.wounds - n)
        st.emit("heal", f"{st.name(seat)} stays and heals ({p.wounds} wound{'' if p.wounds == 1 else 's'} left)", {"seat": seat})
        _push(st, *_zs_stay_steps(st, seat))
    elif k == "stay":
        st.emit("stay", f"{st.name(seat)} stays at {st.lay.names[p.pos]}", {"seat": seat})
        _push(st, *_zs_stay_steps(st, seat))
    elif k in ("trade", "attack"):
        _push(st, *_engage(st, seat, _seat_by_name(st, str(a[1])), str(k), ()), *_zs_stay_steps(st, seat))
    elif k == "use":
        _use_item(st, seat, st.c.item_index[str(a[1])])
        _push(st, ("turn", seat))
    elif k == "drop":
        _drop(st, seat, st.c.item_index[str(a[1])])
        if p.status == LIVE:
            _push(st, ("turn", seat))


def _ability(st: DistrictState, seat: int) -> str:
    p = st.players[seat]
    if p.status != LIVE or p.surv < 0:
        return ""
    return st.c.survivors[p.surv].ability


def _leave(st: DistrictState, seat: int) -> None:
    pos = st.players[seat].pos
    if pos >= 0 and not st.dropped[pos] and not st.live_at(pos, but=seat):
        st.up[pos] = False


def _land(st: DistrictState, seat: int, pos: int) -> None:
    st.players[seat].pos = pos
    if not st.up[pos]:
        st.up[pos] = True
        st.seen[pos] = True
        st.emit("flip", f"{st.name(seat)} flips {st.lay.names[pos]}: {st.card_name(pos)}", {"pos": st.lay.names[pos]})
    st.v_done = False
    _push(st, *[(k, seat) for k in VISIT])


def _step_arrive(st: DistrictState, step: tuple[Any, ...]) -> None:
    seat = step[1]
    p = st.players[seat]
    st.emit("move", f"{st.name(seat)} arrives at the starting location {st.lay.names[p.start]}", {"seat": seat})
    _land(st, seat, p.start)


# ----- the visit ------------------------------------------------------------------------------------
def _step_found(st: DistrictState, step: tuple[Any, ...]) -> None:
    seat = step[1]
    p = st.players[seat]
    pos = p.pos
    card = st.card[pos]
    if card < OBJ:
        return
    obj = card - OBJ
    if has_objective(st, seat):
        st.emit("objective", f"{st.name(seat)} already carries a location objective and leaves the "
                f"{st.c.items[obj].name} for another survivor", {"seat": seat})
        _cut_visit(st)
        return
    p.items.append(obj)
    new = st.setaside.pop(st.rng.below(len(st.setaside))) if st.setaside else st.unused.pop(st.rng.below(len(st.unused)))
    st.card[pos] = new
    st.up[pos] = True
    st.seen[pos] = True
    st.emit("objective", f"{st.name(seat)} finds the LOCATION OBJECTIVE: {st.c.items[obj].name}! It is replaced by "
            f"the set-aside card: {st.c.locations[new].name}", {"seat": seat, "objective": st.c.items[obj].id})


def _step_zs_check(st: DistrictState, step: tuple[Any, ...]) -> None:
    seat = step[1]
    if not st.cfg.zs_combat:
        return
    zs = st.zombies_at(st.players[seat].pos)
    if zs:
        _cut_visit(st)
        _push(st, *[("zdefend", seat, z) for z in zs])


def _step_meet_check(st: DistrictState, step: tuple[Any, ...]) -> None:
    seat = step[1]
    if st.live_at(st.players[seat].pos, but=seat):
        _push(st, ("meet", seat))


def _step_counters(st: DistrictState, step: tuple[Any, ...]) -> None:
    seat = step[1]
    pos = st.players[seat].pos
    n = st.counters[pos]
    if n:
        st.counters[pos] = 0
        st.emit("combat", f"{n} zombie counters on {st.lay.names[pos]} must be defeated first", {"seat": seat, "counters": n})
        _start_combat(st, seat, n, True)


def _step_dropped_check(st: DistrictState, step: tuple[Any, ...]) -> None:
    seat = step[1]
    if st.dropped[st.players[seat].pos]:
        _push(st, ("take", seat, 0))


def _step_event(st: DistrictState, step: tuple[Any, ...]) -> None:
    seat = step[1]
    pos = st.players[seat].pos
    loc = st.c.locations[st.card[pos]]
    if loc.unique is not None:
        if st.used_unique[loc.index]:
            st.emit("event", f"{loc.name}: the unique event has already happened; nothing more here", {"seat": seat})
            _push(st, ("after", seat))
            return
        st.used_unique[loc.index] = True
        st.emit("event", f"UNIQUE EVENT at {loc.name}: {loc.unique.text or loc.unique.source}", {"seat": seat, "unique": loc.id})
        _push(st, *[("fx", seat, e) for e in loc.unique.effects], ("unique-done", seat, pos), ("after", seat))
        return
    assert loc.table is not None
    r = st.rng.d6()
    ev = loc.table[r - 1]
    st.emit("event", f"{loc.name}, event roll {r}: {ev.text or ev.source}", {"seat": seat, "roll": r, "event": ev.kind})
    _push(st, *[("fx", seat, e) for e in ev.effects], ("after", seat))


def _step_after(st: DistrictState, step: tuple[Any, ...]) -> None:
    seat = step[1]
    st.v_done = True
    loc = st.c.locations[st.card[st.players[seat].pos]]
    if loc.after is not None:
        st.emit("event", f"AFTER EVENT at {loc.name}: {loc.after.text or loc.after.source}", {"seat": seat})
        _push(st, *[("fx", seat, e) for e in loc.after.effects])


def _step_unique_done(st: DistrictState, step: tuple[Any, ...]) -> None:
    if st.unused:
        _push(st, ("replace", step[1], step[2]))


def _step_visit_end(st: DistrictState, step: tuple[Any, ...]) -> None:
    seat = step[1]
    p = st.players[seat]
    if not (st.v_done and p.status == LIVE and p.pos == p.edge and has_objective(st, seat)):
        return
    if st.cfg.single:
        _end(st, "escaped", (0,), f"{st.name(seat)} reaches the City's Edge with the "
             f"{objective_name(st, seat)} and escapes the district. You win!")
        return
    st.places.append(seat)
    p.status = ESCAPED
    p.ending = "escaped"
    st.emit("escape", f"{st.name(seat)} (Player {seat + 1}) reaches the City's Edge with the {objective_name(st, seat)} "
            f"and escapes!", {"seat": seat, "place": len(st.places)})
    _leave(st, seat)
    p.pos = -1
    _cut_turn(st)


def has_objective(st: DistrictState, seat: int) -> bool:
    its = st.c.items
    return any(its[i].objective for i in st.players[seat].items)


def objective_name(st: DistrictState, seat: int) -> str:
    its = st.c.items
    return next((its[i].name for i in st.players[seat].items if its[i].objective), "")


# ----- effects ----------------------------------------------------------------------------------------
def _step_fx(st: DistrictState, step: tuple[Any, ...]) -> None:
    seat, e = step[1], step[2]
    p = st.players[seat]
    if p.status != LIVE:
        return
    k = e[0]
    c = st.c
    if k == "nothing":
        if _ability(st, seat) == "scavenger":
            r = st.rng.d6()
            item = _draw_item(st, "non-unique") if r >= 4 else -1
            if item >= 0:
                st.emit("ability", f"Scavenger: {st.name(seat)} rolls {r} and turns up a {c.items[item].name}", {"roll": r})
                _push(st, ("equip", seat, item))
            elif r >= 4:
                st.emit("ability", f"Scavenger: {st.name(seat)} rolls {r}, but no such card is left in the ITEM card "
                        "pile", {"roll": r})
            else:
                st.emit("ability", f"Scavenger: {st.name(seat)} rolls {r}; nothing turns up", {"roll": r})
    elif k == "item":
        spec = e[1]
        item = _draw_item(st, spec) if isinstance(spec, str) else spec
        if item < 0:
            kind = "" if spec == "any" else f"{spec} "
            st.emit("item", f"No {kind}ITEM card is left in the ITEM card pile: {st.name(seat)} finds nothing",
                     {"seat": seat})
            return
        it = c.items[item]
        if it.unique and unique_in_city(st, item):
            st.emit("item", f"The {it.name} is UNIQUE and already in the city: the event is skipped", {"seat": seat})
            _cut_visit(st)
            return
        if not card_in_pile(st, item):
            st.emit("item", f"The {it.name}'s card is not in the ITEM card pile: {st.name(seat)} finds nothing",
                     {"seat": seat, "item": it.id})
            return
        st.emit("item", f"{st.name(seat)} finds: {it.name}", {"seat": seat, "item": it.id})
        _push(st, ("equip", seat, item))
    elif k == "zombies":
        _start_combat(st, seat, e[1], e[2])
    elif k == "wound":
        st.emit("wound", f"{st.name(seat)} takes {e[1]} wound{'s' if e[1] > 1 else ''}", {"seat": seat})
        wound(st, seat, e[1], False)
    elif k == "heal":
        before = p.wounds
        p.wounds = max(0, p.wounds - e[1])
        st.emit("heal", f"{st.name(seat)} heals {before - p.wounds}", {"seat": seat})
    elif k == "infect":
        if st.cfg.infection:
            p.infection += e[1]
            st.emit("infection", f"{st.name(seat)} gains {e[1]} infection ({p.infection})", {"seat": seat})
            _check_turn(st, seat)
    elif k == "lose-item":
        losable = [i for i in p.items if not c.items[i].objective]
        if losable:
            i = losable[st.rng.below(len(losable))]
            p.items.remove(i)
            st.emit("item", f"{st.name(seat)}'s {c.items[i].name} breaks", {"seat": seat})
            _check_alive(st, seat)
    elif k == "check":
        attrs, target = e[1], e[2]
        n = sum(rating(c, p.surv, p.items, a) for a in attrs)
        dice = _dice(st.rng, n)
        total = sum(dice)
        ok = total > target
        label = "+".join(ATTRIBUTES[a].upper() for a in attrs)
        st.emit("check", f"{label} CHECK {target}: {st.name(seat)} rolls {n} dice {dice} = {total}: "
                f"{'success' if ok else 'failure'}", {"dice": dice, "total": total, "target": target, "success": ok})
        _push(st, *[("fx", seat, x) for x in (e[3] if ok else e[4])])
    elif k == "choice":
        _push(st, ("choice", seat, e[1]))
    else:  # pragma: no cover
        raise AssertionError(k)


def unique_in_city(st: DistrictState, item: int) -> bool:
    """Whether the item is "in the CITY": carried by a survivor there or dropped on a LOCATION card
    (an escaped survivor carried its items out of the CITY)."""
    for p in st.players:
        if p.status == LIVE and item in p.items:
            return True
    return any(item in d for d in st.dropped if d)


def card_in_pile(st: DistrictState, item: int) -> bool:
    """Whether the item's card is in the ITEM card pile: not carried (in the CITY or out of it), not
    dropped, not just found. With the option item-copies items are kinds and every kind is always
    there to be found."""
    if st.cfg.item_copies:
        return True
    for p in st.players:
        if item in p.items:
            return False
    if any(item in d for d in st.dropped if d):
        return False
    return not any(s[0] == "equip" and s[2] == item for s in st.pending)


def _draw_item(st: DistrictState, pool_name: str) -> int:
    """A random ITEM of the pool: a random card of the pool among those in the ITEM card pile (-1 when
    none is left), or with item-copies a random kind of the pool."""
    pool = st.c.pools[pool_name]
    if not st.cfg.item_copies:
        pool = tuple(i for i in pool if card_in_pile(st, i))
        if not pool:
            return -1
    return pool[st.rng.below(len(pool))]


def wound(st: DistrictState, seat: int, n: int, zombie: bool, by_zs: bool = False) -> None:
    """Give ``n`` WOUNDS; from combat with zombies they also infect (Infection optional rule)."""
    if n <= 0:
        return
    p = st.players[seat]
    p.wounds += n
    if zombie and st.cfg.infection:
        p.infection += n
    if not _check_alive(st, seat, by_zs) and st.cfg.infection:
        _check_turn(st, seat)


def health(st: DistrictState, seat: int) -> int:
    p = st.players[seat]
    return rating(st.c, p.surv, p.items, HEALTH)


def _check_alive(st: DistrictState, seat: int, by_zs: bool = False) -> bool:
    """True if the survivor died."""
    p = st.players[seat]
    if p.status == LIVE and p.wounds >= health(st, seat):
        _die(st, seat, by_zs)
        return True
    return False


def _die(st: DistrictState, seat: int, by_zs: bool) -> None:
    p = st.players[seat]
    st.emit("death", f"{st.name(seat)} has {p.wounds} wounds and dies.", {"seat": seat})
    if st.cfg.single:
        p.ending = "died"
        _end(st, "died", (), "The open arms of the growing legion of the undead welcome yet another faceless member. You lose.")
        return
    st.zs_kill = by_zs
    _remove_piece(st, seat, "died")
    _after_removal(st, seat, "respawn")


def _remove_piece(st: DistrictState, seat: int, why: str) -> None:
    p = st.players[seat]
    pos = p.pos
    if p.items:
        st.dropped[pos] = st.dropped[pos] + tuple(p.items)
        st.up[pos] = True
        st.emit("drop", f"{st.name(seat)}'s items stay at {st.lay.names[pos]}", {"seat": seat})
        p.items = []
    if st.cb_seat == seat:
        left = st.cb_n
        if left:
            st.counters[st.cb_pos] += left
            st.emit("combat", f"{left} zombie{'s' if left > 1 else ''} left from the encounter stay on "
                    f"{st.lay.names[st.cb_pos]} as ZOMBIE counters", {"pos": st.lay.names[st.cb_pos], "placed": left})
        st.cb_seat = -1
        st.cb_n = 0
        st.cb_used = ()
        st.cb_opts = ()
    p.ending = why


def _after_removal(st: DistrictState, seat: int, why: str) -> None:
    p = st.players[seat]
    p.status = WAITING
    p.pos = -1
    if seat == active_seat(st):
        _cut_turn(st)
    else:
        _drop_seat_steps(st, seat)
    if _unused_survivors(st):
        _push(st, ("survivor", seat, why))
    else:
        p.status = OUT
        st.emit("out", f"Player {seat + 1} has no survivor left to play", {"seat": seat})
        _check_end(st)


def _check_turn(st: DistrictState, seat: int) -> None:
    p = st.players[seat]
    if p.status != LIVE or p.infection < 2 * st.c.survivors[p.surv].health:
        return
    st.emit("turned", f"{st.name(seat)} has {p.infection} infection and turns into one of the undead!", {"seat": seat})
    if st.cfg.single:
        p.ending = "turned"
        _end(st, "turned", (), "You are now a ZOMBIE SURVIVOR. The game is over.")
        return
    st.zs_kill = False  # the last living survivor to go turned; no zombie survivor killed it
    _remove_piece(st, seat, "turned")  # a zombie survivor stays on its card
    p.status = ZOMBIE
    p.wounds = 0
    p.infection = 0
    if seat == active_seat(st):
        _cut_turn(st)
    else:
        _drop_seat_steps(st, seat)
    if not any(q.status in (LIVE, WAITING) for q in st.players):
        _check_end(st, force=True)


# ----- items ------------------------------------------------------------------------------------------
def _equip(st: DistrictState, seat: int, item: int) -> None:
    p = st.players[seat]
    p.items.append(item)
    if hands_used(st.c, p.items) > MAX_HANDS:
        _push(st, ("drop-excess", seat))


def _drop(st: DistrictState, seat: int, item: int) -> None:
    p = st.players[seat]
    p.items.remove(item)
    pos = p.pos
    st.dropped[pos] = (*st.dropped[pos], item)
    st.up[pos] = True
    st.emit("drop", f"{st.name(seat)} drops the {st.c.items[item].name} at {st.lay.names[pos]}", {"seat": seat})
    _check_alive(st, seat)


def _use_item(st: DistrictState, seat: int, item: int) -> None:
    p = st.players[seat]
    it = st.c.items[item]
    n = it.heal + (1 if _ability(st, seat) == "medic" else 0)
    p.items.remove(item)
    before = p.wounds
    p.wounds = max(0, p.wounds - n)
    st.emit("heal", f"{st.name(seat)} uses the {it.name} and heals {before - p.wounds} (infection stays)", {"seat": seat})


# ----- combat with zombies ---------------------------------------------------------------------------
def _start_combat(st: DistrictState, seat: int, n: int, escape: bool) -> None:
    st.cb_seat = seat
    st.cb_n = n
    st.cb_pos = st.players[seat].pos
    st.cb_escape = escape
    st.cb_used = ()
    st.cb_shield = False
    roller = ""
    if not st.cfg.single:
        left = (seat + 1) % st.cfg.players
        roller = f" (Player {left + 1} rolls for the zombies)"
    st.emit("combat", f"{n} zombie{'s' if n > 1 else ''} attack {st.name(seat)}{'' if escape else '; no escape'}{roller}",
            {"seat": seat, "zombies": n})
    _push(st, ("fight", seat))


def fight_actions(st: DistrictState, seat: int) -> list[Action]:
    p = st.players[seat]
    c = st.c
    out = [act("fight", loadout_text(c, lo)) for _, lo in loadouts(c, p.items)]
    if st.cb_escape:
        out.append(act("escape"))
    out.extend(_use_actions(st, seat))
    return out


def _auto_fight(st: DistrictState, seat: int) -> bool:
    """A combat round with nothing to choose (one loadout, no escape, nothing to use) runs itself."""
    if st.cb_escape or _use_actions(st, seat):
        return False
    los = loadouts(st.c, st.players[seat].items)
    if len(los) != 1:
        return False
    st.pending.pop(0)
    _fight_round(st, seat, los[0][1])
    return True


def _parse_loadout(st: DistrictState, text: str) -> tuple[int, ...]:
    if text == "bare-handed":
        return ()
    return tuple(st.c.item_index[t] for t in text.split("+"))


def _fight_round(st: DistrictState, seat: int, lo: tuple[int, ...]) -> None:
    c = st.c
    p = st.players[seat]
    s = c.survivors[p.surv]
    cr = s.combat + sum(c.items[i].combat for i in lo)
    sd = _dice(st.rng, cr)
    zd = _dice(st.rng, st.cb_n)
    used = list(st.cb_used)
    for i in set(lo):
        while used.count(i) < lo.count(i):
            used.append(i)
    st.cb_used = tuple(used)
    opts = pairing_options(sd, zd, s.ability == "brawler")
    st.emit("combat", f"Combat round ({loadout_text(c, lo)}, rating {cr}): {st.name(seat)} rolls {sorted(sd)}, "
            f"the {st.cb_n} zombie{'s roll' if st.cb_n > 1 else ' rolls'} {sorted(zd)}",
            {"survivor": sorted(sd), "zombies": sorted(zd), "rating": cr})
    if len(opts) == 1:
        k, w, pr = opts[0]
        _resolve_pairing(st, seat, k, w, pairing_text(pr))
    else:
        st.cb_opts = tuple((k, w, pairing_text(pr)) for k, w, pr in opts)
        _push(st, ("pair", seat))


def _resolve_pairing(st: DistrictState, seat: int, kills: int, wounds: int, text: str) -> None:
    p = st.players[seat]
    st.cb_opts = ()
    st.cb_n -= kills
    p.kills += kills
    st.emit("combat", f"Pairing {text}: {kills} zombie{'s' if kills != 1 else ''} destroyed, {wounds} "
            f"wound{'s' if wounds != 1 else ''}; {st.cb_n} left", {"kills": kills, "wounds": wounds, "left": st.cb_n})
    _combat_wound(st, seat, wounds)
    if p.status != LIVE or st.cb_seat != seat:
        return
    if st.cb_n == 0:
        st.emit("combat", f"All the zombies are dead (again). {st.name(seat)} has {p.wounds} wound{'' if p.wounds == 1 else 's'}", {"seat": seat})
        _end_combat(st, seat)
    else:
        _push(st, ("fight", seat))


def _combat_wound(st: DistrictState, seat: int, wounds: int) -> None:
    """Wounds from the combat with zombies now under way (dice or a failed ESCAPE): EZRA's Thick Skin
    ignores the first one of each combat."""
    if wounds and _ability(st, seat) == "thick-skin" and not st.cb_shield:
        st.cb_shield = True
        wounds -= 1
        st.emit("ability", f"Thick Skin: {st.name(seat)} shrugs off the first wound of this combat", None)
    wound(st, seat, wounds, True)


def _escape(st: DistrictState, seat: int) -> None:
    c = st.c
    p = st.players[seat]
    n = rating(c, p.surv, p.items, AGILITY)
    cap = 2 if _ability(st, seat) == "runner" else 3
    sd = _dice(st.rng, n)
    zd = _dice(st.rng, min(st.cb_n, cap))
    s, z = sum(sd), sum(zd)
    st.emit("check", f"ESCAPE: {st.name(seat)} rolls agility {sd} = {s} against the zombies' {zd} = {z}",
            {"survivor": sd, "zombies": zd})
    if s > z:
        pos = st.cb_pos
        st.counters[pos] += st.cb_n
        st.emit("escape", f"{st.name(seat)} escapes; {st.cb_n} zombie counter{'s' if st.cb_n > 1 else ''} stay on "
                f"{st.lay.names[pos]}. The turn is over.", {"seat": seat})
        _end_combat(st, seat)
        _cut_turn(st)
        return
    if s < z:
        st.emit("wound", f"{st.name(seat)} fails to escape and takes a wound", {"seat": seat})
        _combat_wound(st, seat, 1)
        if st.players[seat].status != LIVE:
            return
    else:
        st.emit("combat", "A tie: no escape, no wound", None)
    _push(st, ("fight", seat))


def _end_combat(st: DistrictState, seat: int) -> None:
    used = st.cb_used
    st.cb_seat = -1
    st.cb_n = 0
    st.cb_used = ()
    _item_checks(st, seat, used)


def _item_checks(st: DistrictState, seat: int, used: tuple[int, ...]) -> None:
    """OUT OF AMMO and BROKEN rolls for the items used in a combat that is over."""
    c = st.c
    p = st.players[seat]
    for i in used:
        it = c.items[i]
        if i not in p.items:
            continue
        if it.ammo:
            r = st.rng.d6()
            if r <= it.ammo and _ability(st, seat) == "sharpshooter":
                r2 = st.rng.d6()
                st.emit("ability", f"Sharpshooter: ammo roll {r}, rolled again: {r2}", None)
                r = max(r, r2)
            if r <= it.ammo:
                p.items.remove(i)
                st.emit("item", f"Ammo check for the {it.name}: {r}. OUT OF AMMO; it goes back to the pile", {"roll": r})
            else:
                st.emit("item", f"Ammo check for the {it.name}: {r}. Still some ammo", {"roll": r})
        elif it.breaks:
            r = st.rng.d6()
            if r <= it.breaks:
                p.items.remove(i)
                st.emit("item", f"Check for the {it.name}: {r}. It is BROKEN and goes back to the pile", {"roll": r})
            else:
                st.emit("item", f"Check for the {it.name}: {r}. It holds", {"roll": r})
    _check_alive(st, seat)


def _combat_dice(st: DistrictState, seat: int, lo: Loadout) -> list[int]:
    """Roll a COMBAT ATTRIBUTE CHECK with this weapon loadout (survivor and zombie survivor combat)."""
    c = st.c
    n = c.survivors[st.players[seat].surv].combat + sum(c.items[i].combat for i in lo)
    return _dice(st.rng, n)


def _fight_actions(st: DistrictState, seat: int, kind: str) -> list[Action]:
    """``kind LOADOUT`` for every weapon loadout worth offering, strongest first."""
    c = st.c
    return [act(kind, loadout_text(c, lo)) for _, lo in loadouts(c, st.players[seat].items)]


# ----- survivors meeting --------------------------------------------------------------------------------
def meet_actions(st: DistrictState, seat: int) -> list[Action]:
    out = [act("nothing"), act("roll")]
    out.extend(_engage_actions(st, seat, ()))
    return out


def _engage_actions(st: DistrictState, seat: int, engaged: tuple[int, ...]) -> list[Action]:
    out = []
    for other in st.live_at(st.players[seat].pos, but=seat):
        if other not in engaged:
            out.append(act("trade", st.name(other)))
            out.append(act("attack", st.name(other)))
    return out


def _engage(st: DistrictState, seat: int, other: int, how: str, engaged: tuple[int, ...]) -> list[tuple[Any, ...]]:
    """The steps of engaging another survivor on the card (trade or SURVIVOR COMBAT); afterwards the
    survivor may engage another one there that it has not engaged yet."""
    after = ("engage-next", seat, (*engaged, other))
    if how == "trade":
        st.emit("trade", f"{st.name(seat)} starts a trade with {st.name(other)}", {"seat": seat, "with": other})
        return [("offer", seat, other, (), ()), after]
    st.emit("meet", f"{st.name(seat)} attacks {st.name(other)}", {"seat": seat, "target": other})
    los = loadouts(st.c, st.players[seat].items)
    if len(los) == 1:
        return [("defend", other, seat, los[0][1]), after]
    return [("arm", seat, other), after]


def _step_engage_next(st: DistrictState, step: tuple[Any, ...]) -> None:
    seat, engaged = step[1], step[2]
    if st.players[seat].status == LIVE and _engage_actions(st, seat, engaged):
        _push(st, ("engage", seat, engaged))


def _zs_stay_steps(st: DistrictState, seat: int) -> list[tuple[Any, ...]]:
    """A survivor who stays on a card with a ZOMBIE SURVIVOR fights it (§Zombie Survivor Combat:
    only at the beginning of the turn may the survivor simply move away)."""
    if not st.cfg.zs_combat:
        return []
    return [("zdefend", seat, z) for z in st.zombies_at(st.players[seat].pos)]


# ----- trade ----------------------------------------------------------------------------------------------
def _counts_left(items: list[int], taken: tuple[int, ...]) -> list[int]:
    """The distinct items of ``items`` with a copy not yet in ``taken``, in index order."""
    return [i for i in sorted(set(items)) if items.count(i) > taken.count(i)]


def offer_actions(st: DistrictState, seat: int, other: int, gives: tuple[int, ...], asks: tuple[int, ...]) -> list[Action]:
    its = st.c.items
    a, b = st.players[seat], st.players[other]
    out = [act("offer", its[i].id) for i in _counts_left(a.items, gives)]
    out.extend(act("ask", its[i].id) for i in _counts_left(b.items, asks))
    out.extend(act("unoffer", its[i].id) for i in sorted(set(gives)))
    out.extend(act("unask", its[i].id) for i in sorted(set(asks)))
    if (gives or asks) and trade_ok(st, a.items, b.items, gives, asks):
        out.append(act("propose"))
    out.append(act("cancel"))
    return out


def trade_ok(st: DistrictState, mine: list[int], theirs: list[int], gives: tuple[int, ...], asks: tuple[int, ...]) -> bool:
    """A trade both sides may make: after it neither side has more than one LOCATION OBJECTIVE ("You
    may only equip one LOCATION OBJECTIVE at a time"). Hands are no bar: a side left with more than
    four hands' worth drops items afterwards, as the rulebook says."""
    its = st.c.items
    objs_mine = sum(1 for i in mine if its[i].objective)
    objs_theirs = sum(1 for i in theirs if its[i].objective)
    moved = sum(1 for i in asks if its[i].objective) - sum(1 for i in gives if its[i].objective)
    return objs_mine + moved <= 1 and objs_theirs - moved <= 1


def _items_text(st: DistrictState, items: tuple[int, ...]) -> str:
    its = st.c.items
    return ", ".join(its[i].id for i in items) if items else "nothing"


def _trade(st: DistrictState, seat: int, other: int, gives: tuple[int, ...], asks: tuple[int, ...]) -> None:
    a, b = st.players[seat], st.players[other]
    for g in gives:
        a.items.remove(g)
        b.items.append(g)
    for t in asks:
        b.items.remove(t)
        a.items.append(t)
    st.emit("trade", f"{st.name(seat)} gives {_items_text(st, gives)} and gets {_items_text(st, asks)} from "
            f"{st.name(other)}", {"seat": seat, "with": other})
    _check_alive(st, seat)
    _check_alive(st, other)
    c = st.c
    _push(st, *[("drop-excess", s) for s in (seat, other)
                if st.players[s].status == LIVE and hands_used(c, st.players[s].items) > MAX_HANDS])


# ----- survivor combat --------------------------------------------------------------------------------
def spoils_actions(st: DistrictState, winner: int, loser: int) -> list[Action]:
    c = st.c
    lp = st.players[loser]
    out = [act("steal", c.items[i].id) for i in sorted(set(lp.items)) if not c.items[i].objective]
    if any(c.items[i].objective for i in lp.items) and not has_objective(st, winner):
        out.append(act("steal-objective"))
    out.append(act("wound"))
    return out


def _survivor_combat(st: DistrictState, defender: int, attacker: int, alo: Loadout, dlo: Loadout | None) -> None:
    """One round of SURVIVOR COMBAT; ``dlo`` None: the defender dodges."""
    c = st.c
    ad = _combat_dice(st, attacker, alo)
    a = sum(ad)
    if dlo is None:
        p = st.players[defender]
        dd = _dice(st.rng, rating(c, p.surv, p.items, AGILITY))
        d = sum(dd)
        st.emit("check", f"SURVIVOR COMBAT: {st.name(attacker)} ({loadout_text(c, alo)}) rolls {ad} = {a}; "
                f"{st.name(defender)} dodges with {dd} = {d}", {"attacker": ad, "dodge": dd})
        _item_checks(st, attacker, alo)
        if d > a:
            st.emit("meet", f"{st.name(defender)} dodges the attack", None)
        elif d < a:
            st.emit("wound", f"{st.name(defender)} fails to dodge and takes a wound", None)
            wound(st, defender, 1, False)
        else:
            st.emit("meet", "A tie: nothing happens", None)
        return
    dd = _combat_dice(st, defender, dlo)
    d = sum(dd)
    st.emit("check", f"SURVIVOR COMBAT: {st.name(attacker)} ({loadout_text(c, alo)}) rolls {ad} = {a}; "
            f"{st.name(defender)} ({loadout_text(c, dlo)}) rolls {dd} = {d}", {"attacker": ad, "defender": dd})
    _item_checks(st, attacker, alo)
    if st.players[defender].status == LIVE:
        _item_checks(st, defender, dlo)
    if a == d:
        st.emit("meet", "The totals are equal: nothing happens", None)
        return
    w, lo = (attacker, defender) if a > d else (defender, attacker)
    if st.players[w].status == LIVE and st.players[lo].status == LIVE:
        _push(st, ("spoils", w, lo))


def _zs_combat(st: DistrictState, team: list[tuple[int, Loadout]], zs: int, dodge: bool) -> None:
    """One round of ZOMBIE SURVIVOR COMBAT against ``team`` (survivors with their loadouts)."""
    c = st.c
    z = st.players[zs]
    zsurv = c.survivors[z.surv]
    zd = _dice(st.rng, zsurv.combat)
    zt = sum(zd)
    seats = [s for s, _ in team]
    names = " and ".join(st.name(s) for s in seats)
    if dodge:
        s = seats[0]
        p = st.players[s]
        dd = _dice(st.rng, rating(c, p.surv, p.items, AGILITY))
        d = sum(dd)
        st.emit("check", f"ZOMBIE SURVIVOR COMBAT: zombie {st.name(zs)} rolls {zd} = {zt}; {names} dodges with {dd} = {d}",
                {"zombie": zd, "dodge": dd})
        if d > zt:
            st.emit("meet", f"{names} dodges", None)
        elif d < zt:
            st.emit("wound", f"{names} fails to dodge and takes a wound", None)
            wound(st, s, 1, False, by_zs=True)
        else:
            st.emit("meet", "A tie: nothing happens", None)
        return
    total = 0
    rolls = []
    for s, lo in team:
        sd = _combat_dice(st, s, lo)
        rolls.append(sd)
        total += sum(sd)
    arms = ", ".join(f"{st.name(s)} {loadout_text(c, lo)}" for s, lo in team)
    st.emit("check", f"ZOMBIE SURVIVOR COMBAT: {names} ({arms}) roll {rolls} = {total}; zombie {st.name(zs)} rolls "
            f"{zd} = {zt}", {"survivors": rolls, "zombie": zd})
    for s, lo in team:
        _item_checks(st, s, lo)
    if total > zt:
        z.wounds += 1
        st.emit("wound", f"Zombie {st.name(zs)} takes a wound ({z.wounds}/{zsurv.health})", None)
        if z.wounds >= zsurv.health:
            st.emit("death", f"Zombie {st.name(zs)} is truly dead", {"seat": zs})
            z.ending = "destroyed"
            _after_removal(st, zs, "zs-dead")
    elif zt > total:
        for s in seats:
            if st.players[s].status == LIVE:
                st.emit("wound", f"{st.name(s)} takes a wound and an infection counter", None)
                st.players[s].infection += 1
                wound(st, s, 1, False, by_zs=True)
    else:
        st.emit("meet", "The totals are equal: nobody is hurt", None)


def _step_order(st: DistrictState, step: tuple[Any, ...]) -> None:
    seats = list(range(st.cfg.players))
    while len(seats) > 1:
        rolls = [st.rng.d6() for _ in seats]
        st.emit("roll", "Turn order rolls: " + ", ".join(f"Player {s + 1} {r}" for s, r in zip(seats, rolls)), None)
        top = max(rolls)
        seats = [s for s, r in zip(seats, rolls) if r == top]
    first = seats[0]
    n = st.cfg.players
    st.order = [(first + i) % n for i in range(n)]
    st.emit("setup", f"Player {first + 1} goes first; the order is " + ", ".join(f"Player {s + 1}" for s in st.order), None)
    _push(st, *[("corner", s) for s in st.order])


# ==================================================================================================
# decisions: legal actions and their application
# ==================================================================================================
def legal(st: DistrictState) -> list[Action]:
    d = st.decision
    if d is None:
        return []
    step = st.pending[0]
    kind = step[0]
    seat = step[1]
    c = st.c
    p = st.players[seat]
    if kind == "turn":
        return turn_actions(st, seat)
    if kind == "fight":
        return fight_actions(st, seat)
    if kind == "pair":
        return [act("pair", *t.split()) for _, _, t in st.cb_opts]
    if kind == "equip":
        return [act("equip", c.items[step[2]].id), act("leave", c.items[step[2]].id)]
    if kind == "drop-excess":
        return [act("drop", c.items[i].id) for i in sorted(set(p.items)) if c.items[i].hands]
    if kind == "take":
        here = st.dropped[p.pos]
        carry_obj = has_objective(st, seat)
        out = [act("take", c.items[i].id) for i in sorted(set(here)) if not (c.items[i].objective and carry_obj)]
        out.append(act("done") if step[2] else act("roll"))
        return out
    if kind == "zmove":
        return [act("move", dd) for dd, _ in st.lay.nbr[p.pos]] + [act("stay")]
    if kind == "choice":
        return [act("choose", label) for label, _ in step[2]]
    if kind == "replace":
        return [act("replace"), act("keep")]
    if kind == "meet":
        return meet_actions(st, seat)
    if kind == "engage":
        return [*_engage_actions(st, seat, step[2]), act("done")]
    if kind == "offer":
        return offer_actions(st, seat, step[2], step[3], step[4])
    if kind == "answer":
        return [act("accept"), act("decline")]
    if kind == "arm":
        return _fight_actions(st, seat, "fight")
    if kind == "defend":
        return [*_fight_actions(st, seat, "fight"), act("dodge")]
    if kind == "spoils":
        return spoils_actions(st, seat, step[2])
    if kind == "zdefend":
        out = [*_fight_actions(st, seat, "fight"), act("dodge")]
        if len(st.live_at(p.pos)) > 1:
            out.extend(_fight_actions(st, seat, "fight-together"))
        return out
    if kind == "join":
        return [*_fight_actions(st, seat, "join"), act("decline")]
    if kind == "survivor":
        out = [act("choose", c.survivors[s].id) for s in _unused_survivors(st)]
        if step[2] == "zs-dead":
            out.append(act("retire"))
        return out
    if kind == "corner":
        taken = {q.start for q in st.players if q.start >= 0}
        return [act("corner", st.lay.names[x]) for x in st.lay.corners if x not in taken]
    if kind == "swap":
        return swap_actions(st, step[2])
    if kind == "swap-in":
        return [act("with", c.locations[x].id) for x in _swappable(st, step[2])]
    raise AssertionError(kind)  # pragma: no cover


def apply(st: DistrictState, a: Action) -> None:
    step = st.pending.pop(0)
    kind = step[0]
    seat = step[1]
    c = st.c
    p = st.players[seat]
    k = a[0]
    if kind == "turn":
        apply_turn(st, seat, a)
    elif kind == "fight":
        if k == "escape":
            _escape(st, seat)
        elif k == "use":
            _use_item(st, seat, c.item_index[str(a[1])])
            _push(st, ("fight", seat))
        else:
            _fight_round(st, seat, _parse_loadout(st, str(a[1])))
    elif kind == "pair":
        text = " ".join(map(str, a[1:]))
        k_, w_, t_ = next(o for o in st.cb_opts if o[2] == text)
        _resolve_pairing(st, seat, k_, w_, t_)
    elif kind == "equip":
        if k == "equip":
            st.emit("item", f"{st.name(seat)} equips the {c.items[step[2]].name}", None)
            _equip(st, seat, step[2])
        else:
            st.emit("item", f"{st.name(seat)} leaves the {c.items[step[2]].name}", None)
    elif kind == "drop-excess":
        _drop(st, seat, c.item_index[str(a[1])])
        if p.status == LIVE and hands_used(c, p.items) > MAX_HANDS:
            _push(st, ("drop-excess", seat))
    elif kind == "take":
        if k == "take":
            i = c.item_index[str(a[1])]
            here = list(st.dropped[p.pos])
            here.remove(i)
            st.dropped[p.pos] = tuple(here)
            st.emit("item", f"{st.name(seat)} picks up the {c.items[i].name} (the event is skipped)", None)
            if here:
                _push(st, ("take", seat, step[2] + 1))
            else:
                _cut_visit(st)
            _equip(st, seat, i)
        elif k == "done":
            _cut_visit(st)
        # roll: the visit goes on to the event
    elif kind == "zmove":
        if k == "move":
            to = next(q for dd, q in st.lay.nbr[p.pos] if dd == a[1])
            p.pos = to
            st.emit("move", f"Zombie {st.name(seat)} shambles {a[1]} to {st.lay.names[to]}", {"seat": seat})
            if st.cfg.zs_combat:
                _push(st, *[("zdefend", s, seat) for s in st.live_at(to)])
        else:
            st.emit("stay", f"Zombie {st.name(seat)} stays", None)
            if st.cfg.zs_combat:
                _push(st, *[("zdefend", s, seat) for s in st.live_at(p.pos)])
    elif kind == "choice":
        label = str(a[1])
        effects = next(e for lab, e in step[2] if lab == label)
        st.emit("event", f"{st.name(seat)} chooses: {label}", None)
        _push(st, *[("fx", seat, e) for e in effects])
    elif kind == "replace":
        pos = step[2]
        if k == "replace":
            old = st.card[pos]
            new = st.unused.pop(st.rng.below(len(st.unused)))
            st.unused.append(old)
            st.card[pos] = new
            st.seen[pos] = False
            st.up[pos] = False
            st.emit("event", f"{c.locations[old].name} is replaced by a random unused location card, face down", None)
        else:
            st.emit("event", f"{c.locations[st.card[pos]].name} stays; later visits are disregarded", None)
    elif kind == "meet":
        # "roll": the visit goes on to the card's event as if nobody were there
        if k == "nothing":
            st.emit("meet", f"{st.name(seat)} does nothing", None)
            _cut_visit(st)
        elif k != "roll":
            _cut_visit(st)
            _push(st, *_engage(st, seat, _seat_by_name(st, str(a[1])), str(k), ()))
    elif kind == "engage":
        if k == "done":
            st.emit("meet", f"{st.name(seat)} leaves the others be", None)
        else:
            _push(st, *_engage(st, seat, _seat_by_name(st, str(a[1])), str(k), step[2]))
    elif kind == "offer":
        other, gives, asks = step[2], step[3], step[4]
        if k == "propose":
            st.emit("trade", f"{st.name(seat)} proposes to {st.name(other)}: give {_items_text(st, gives)} for "
                    f"{_items_text(st, asks)}", {"seat": seat, "with": other})
            _push(st, ("answer", other, seat, gives, asks))
        elif k == "cancel":
            st.emit("trade", f"{st.name(seat)} calls off the trade", None)
        else:
            i = c.item_index[str(a[1])]
            if k == "offer":
                gives = (*gives, i)
            elif k == "ask":
                asks = (*asks, i)
            elif k == "unoffer":
                gives = _without(gives, i)
            else:
                asks = _without(asks, i)
            _push(st, ("offer", seat, other, gives, asks))
    elif kind == "answer":
        other, gives, asks = step[2], step[3], step[4]
        if k == "accept":
            st.emit("trade", f"{st.name(seat)} accepts", None)
            _trade(st, other, seat, gives, asks)
        else:
            st.emit("trade", f"{st.name(seat)} declines the trade", None)
    elif kind == "arm":
        _push(st, ("defend", step[2], seat, _parse_loadout(st, str(a[1]))))
    elif kind == "defend":
        _survivor_combat(st, seat, step[2], step[3], None if k == "dodge" else _parse_loadout(st, str(a[1])))
    elif kind == "spoils":
        loser = step[2]
        lp = st.players[loser]
        if k == "steal":
            i = c.item_index[str(a[1])]
            lp.items.remove(i)
            st.emit("meet", f"{st.name(seat)} steals the {c.items[i].name} from {st.name(loser)}", None)
            _equip(st, seat, i)
            _check_alive(st, loser)
        elif k == "steal-objective":
            i = next(x for x in lp.items if c.items[x].objective)
            lp.items.remove(i)
            p.items.append(i)
            st.emit("meet", f"{st.name(seat)} steals the {c.items[i].name} from {st.name(loser)}", None)
        else:
            st.emit("wound", f"{st.name(seat)} wounds {st.name(loser)}", None)
            wound(st, loser, 1, False)
    elif kind == "zdefend":
        zs = step[2]
        if st.players[zs].status != ZOMBIE or st.players[zs].pos != p.pos:
            return
        if k == "fight-together":
            others = st.live_at(p.pos, but=seat)
            _push(st, *[("join", o, seat, zs) for o in others], ("zteam", seat, zs))
            st.team = [(seat, _parse_loadout(st, str(a[1])))]
        elif k == "dodge":
            _zs_combat(st, [(seat, ())], zs, dodge=True)
        else:
            _zs_combat(st, [(seat, _parse_loadout(st, str(a[1])))], zs, dodge=False)
    elif kind == "join":
        if k == "join":
            st.team = [*st.team, (seat, _parse_loadout(st, str(a[1])))]
            st.pending[:] = [s for s in st.pending if not (s[0] == "zdefend" and s[1] == seat and s[2] == step[3])]
            st.emit("meet", f"{st.name(seat)} joins the fight", None)
    elif kind == "survivor":
        if k == "retire":
            p.status = OUT
            st.emit("out", f"Player {seat + 1} retires", None)
            _check_end(st)
        else:
            _choose_survivor(st, seat, c.survivor_index[str(a[1])], step[2])
    elif kind == "swap":
        if k == "done":
            _push(st, ("build", step[2]))
        else:
            _push(st, ("swap-in", seat, step[2], c.location_index[str(a[1])]))
    elif kind == "swap-in":
        old, new = step[3], c.location_index[str(a[1])]
        deck = tuple(sorted(new if x == old else x for x in step[2]))
        st.emit("setup", f"{c.locations[old].name} is replaced by {c.locations[new].name}", None)
        _push(st, ("swap", seat, deck) if _swappable(st, deck) else ("build", deck))
    elif kind == "corner":
        pos = st.lay.index[str(a[1])]
        p.start = pos
        p.edge = st.lay.opposite[pos]
        st.emit("setup", f"Player {seat + 1} ({st.name(seat)}) starts at {a[1]}; their City's Edge is "
                f"{st.lay.names[p.edge]}", None)
    advance(st)


def _without(items: tuple[int, ...], i: int) -> tuple[int, ...]:
    out = list(items)
    out.remove(i)
    return tuple(out)


def _step_zteam(st: DistrictState, step: tuple[Any, ...]) -> None:
    team = [(s, lo) for s, lo in st.team if st.players[s].status == LIVE]
    st.team = []
    zs = step[2]
    if team and st.players[zs].status == ZOMBIE:
        _zs_combat(st, team, zs, dodge=False)


def _choose_survivor(st: DistrictState, seat: int, surv: int, why: str) -> None:
    p = st.players[seat]
    p.surv = surv
    p.used.append(surv)
    p.status = LIVE
    p.wounds = 0
    p.infection = 0
    p.items = []
    p.ending = ""
    s = st.c.survivors[surv]
    if s.ability == "sharpshooter" and "pistol" in st.c.item_index and card_in_pile(st, st.c.item_index["pistol"]):
        p.items.append(st.c.item_index["pistol"])
    if why == "start":
        st.emit("setup", f"Player {seat + 1} plays {s.name} ({s.id}): combat {s.combat}, agility {s.agility}, "
                f"perception {s.perception}, health {s.health}. {s.ability_text}", {"seat": seat, "survivor": s.id})
        if st.cfg.single:
            p.start = st.lay.start
            p.edge = st.lay.edge
    else:
        p.arriving = True
        p.pos = -1
        st.emit("setup", f"Player {seat + 1} continues with {s.name} ({s.id}), who will arrive at "
                f"{st.lay.names[p.start]}", {"seat": seat, "survivor": s.id})


STEPS: dict[str, Callable[[DistrictState, tuple[Any, ...]], None]] = {
    "arrive": _step_arrive,
    "found": _step_found,
    "zs-check": _step_zs_check,
    "meet-check": _step_meet_check,
    "counters": _step_counters,
    "dropped-check": _step_dropped_check,
    "event": _step_event,
    "after": _step_after,
    "unique-done": _step_unique_done,
    "visit-end": _step_visit_end,
    "fx": _step_fx,
    "end-turn": _step_end_turn,
    "order": _step_order,
    "zteam": _step_zteam,
    "engage-next": _step_engage_next,
    "build": _step_build,
}


def _prompt(st: DistrictState, step: tuple[Any, ...]) -> str:
    kind, seat = step[0], step[1]
    c = st.c
    name = st.name(seat)
    if kind == "turn":
        return f"{name} at {st.lay.names[st.players[seat].pos]}: move, or act"
    if kind == "fight":
        return f"{name} faces {st.cb_n} zombie{'s' if st.cb_n > 1 else ''}: fight (choose your weapons) or escape"
    if kind == "pair":
        return f"{name}: choose how to pair the dice (kills / wounds: " + ", ".join(f"{k}/{w}" for k, w, _ in st.cb_opts) + ")"
    if kind == "equip":
        return f"{name} found the {c.items[step[2]].name}: equip it?"
    if kind == "drop-excess":
        return f"{name} carries more than four hands' worth: drop an item"
    if kind == "take":
        return f"{name}: pick up dropped items (skips the event) or roll for the event"
    if kind == "zmove":
        return f"Zombie {name}: move or stay"
    if kind == "choice":
        return f"{name}: choose"
    if kind == "replace":
        return f"{name}: replace this unique-event card with a random unused card, or keep it"
    if kind == "meet":
        return f"{name} meets another survivor: do nothing, roll for the event, trade, or attack"
    if kind == "engage":
        return f"{name}: engage another survivor here, or done"
    if kind == "offer":
        return (f"{name} trades with {st.name(step[2])}: giving {_items_text(st, step[3])}, asking "
                f"{_items_text(st, step[4])} — offer or ask items, then propose (or cancel)")
    if kind == "answer":
        return (f"{name}: {st.name(step[2])} offers {_items_text(st, step[3])} for your "
                f"{_items_text(st, step[4])}: accept or decline?")
    if kind == "arm":
        return f"{name} attacks {st.name(step[2])}: choose your weapons"
    if kind == "defend":
        return (f"{name} is attacked by {st.name(step[2])} ({loadout_text(c, step[3])}): fight (choose your "
                f"weapons) or dodge")
    if kind == "spoils":
        return f"{name} wins the fight against {st.name(step[2])}: choose the spoils"
    if kind == "zdefend":
        return f"{name} faces zombie {st.name(step[2])}: fight or dodge"
    if kind == "join":
        return f"{name}: join {st.name(step[2])} against zombie {st.name(step[3])}?"
    if kind == "survivor":
        return f"Player {seat + 1}: choose a survivor"
    if kind == "corner":
        return f"Player {seat + 1}: choose your starting corner"
    if kind == "swap":
        return f"Player {seat + 1}: replace a base location card with an additional one, or done"
    if kind == "swap-in":
        return f"Player {seat + 1}: which additional location card replaces the {c.locations[step[3]].name}?"
    return str(kind)  # pragma: no cover


# ==================================================================================================
# the game
# ==================================================================================================
class DistrictZ(Game):
    id = "district-z"
    name = "District-Z"
    version = "3"
    min_players = 1
    max_players = 4
    scenarios = SCENARIOS
    options = OPTIONS
    bots: ClassVar[Mapping[str, str]] = {"heuristic": "deadboard.games.district_z.bot:HeuristicBot"}
    render_module = "deadboard.games.district_z.render"
    evaluator = "deadboard.games.district_z.evaluate:evaluate"

    def normalize_setup(self, setup: Setup) -> Setup:
        setup = super().normalize_setup(setup)
        build_config(setup, load_content(setup.content))
        return setup

    def test_setups(self) -> list[Setup]:
        return [
            Setup("standard"),
            Setup("standard", {"infection": True}),
            Setup("standard", {"additional-locations": "bigger"}),
            Setup("standard", players=2),
            Setup("standard", {"additional-locations": "replace", "replace-by": "random", "replace-count": 8}, players=3),
            Setup("standard", {"additional-locations": "replace"}),
            Setup("standard", {"additional-locations": "replace", "infection": True}, players=2),
            Setup("standard", {"additional-locations": "shuffle", "play-on": True}, players=4),
            Setup("standard", {"zombie-survivor-combat": True, "additional-locations": "bigger"}, players=3),
            Setup("standard", {"infection": True, "zombie-survivor-combat": True}, players=4),
            Setup("standard", {"item-copies": True, "play-on": True}, players=2),
        ]

    def seat_names(self, setup: Setup) -> list[str]:
        return [f"Player {i + 1}" for i in range(setup.players)]

    def new(self, setup: Setup | None = None, seed: int = 0) -> DistrictState:
        setup = self.normalize_setup(setup or self.default_setup())
        content = load_content(setup.content)
        cfg = build_config(setup, content)
        st = DistrictState(content, cfg, layout_for(cfg), setup, seed)
        st.emit("setup", f"District-Z — {setup.players} player{'s' if setup.players > 1 else ''}", {"players": setup.players})
        st.pending = [("survivor", s, "start") for s in range(cfg.players)]
        if cfg.additional == "replace" and cfg.replace_by == "player":
            st.pending.insert(0, ("swap", 0, tuple(sorted(content.base))))
        else:
            build_city(st)
        if cfg.single:
            st.order = [0]
        else:
            st.pending.append(("order",))
        advance(st)
        return st

    def legal_actions(self, state: State) -> list[Action]:
        assert isinstance(state, DistrictState)
        return legal(state)

    def apply_unchecked(self, state: State, action: Action) -> None:
        assert isinstance(state, DistrictState)
        if state.decision is None:
            raise IllegalActionError("the game is over")
        apply(state, action)

    def outcome(self, state: State) -> Outcome | None:
        assert isinstance(state, DistrictState)
        if not state.over:
            return None
        return district_outcome(state)

    # ----- information ---------------------------------------------------------------------------
    def redact(self, view: State, seat: int) -> None:
        assert isinstance(view, DistrictState)
        view.seed = 0  # with the seed and the public choices, a new game would replay every hidden card
        shuffle_unseen(view, view.rng)

    def determinize(self, view: State, rng: Rng) -> None:
        assert isinstance(view, DistrictState)
        shuffle_unseen(view, rng)
        view.rng = Rng(rng.next64())

    def snapshot(self, state: State) -> dict[str, Any]:
        assert isinstance(state, DistrictState)
        return snapshot(state)


def shuffle_unseen(st: DistrictState, rng: Rng) -> None:
    """Redraw every card whose identity is not public: face-down cards never seen, the set-aside
    cards and the unused ones, keeping objectives where they may lie (single player: the middle
    3 x 3). Depends only on public information and ``rng``."""
    lay = st.lay
    hidden = [p for p in lay.positions() if not st.seen[p] and not st.up[p] and st.card[p] != NO_CARD]
    cards = sorted([st.card[p] for p in hidden] + st.setaside + st.unused)
    objs = [x for x in cards if x >= OBJ]
    locs = [x for x in cards if x < OBJ]
    allowed = [p for p in hidden if p in set(lay.objective_cells)] if st.cfg.single else hidden
    rng.shuffle(objs)
    rng.shuffle(locs)
    spots = rng.sample(allowed, len(objs)) if objs else []
    for p, o in zip(spots, objs):
        st.card[p] = o
    taken = set(spots)
    for p in hidden:
        if p not in taken:
            st.card[p] = locs.pop()
    n_set = len(st.setaside)
    st.setaside = locs[:n_set]
    st.unused = locs[n_set:]


def snapshot(st: DistrictState) -> dict[str, Any]:
    c = st.c
    lay = st.lay

    def card(p: int) -> str | None:
        x = st.card[p]
        if x == NO_CARD:
            return None
        return "objective:" + c.items[x - OBJ].id if x >= OBJ else c.locations[x].id

    return {
        "game": "district-z",
        "round": st.rounds,
        "turns": st.turns,
        "decision": list(st.decision) if st.decision else None,
        "players": [
            {"seat": p.seat, "survivor": c.survivors[p.surv].id if p.surv >= 0 else None, "status": STATUS_NAMES[p.status],
             "pos": lay.names[p.pos] if p.pos >= 0 else None, "start": lay.names[p.start] if p.start >= 0 else None,
             "edge": lay.names[p.edge] if p.edge >= 0 else None, "wounds": p.wounds, "infection": p.infection,
             "items": [c.items[i].id for i in p.items], "arriving": p.arriving, "kills": p.kills,
             "used": [c.survivors[s].id for s in p.used], "ending": p.ending}
            for p in st.players
        ],
        "city": {lay.names[p]: {"card": card(p), "up": st.up[p], "seen": st.seen[p], "zombies": st.counters[p],
                                "dropped": [c.items[i].id for i in st.dropped[p]]} for p in lay.positions()},
        "setaside": [c.locations[x].id for x in st.setaside],
        "unused": [c.locations[x].id for x in st.unused],
        "used_unique": [c.locations[i].id for i, u in enumerate(st.used_unique) if u],
        "order": st.order,
        "cur": st.cur,
        "pending": [[str(x) for x in s] for s in st.pending],
        "combat": {"seat": st.cb_seat, "zombies": st.cb_n, "escape": st.cb_escape,
                   "used": [c.items[i].id for i in st.cb_used], "shield": st.cb_shield,
                   "options": [list(o) for o in st.cb_opts]},
        "team": st.team,
        "v_done": st.v_done,
        "over": st.over,
        "reason": st.reason,
        "winners": list(st.winners),
        "places": st.places,
        "zs_kill": st.zs_kill,
        "rng": st.rng.s if st.viewer is None else None,
        "events": len(st.log),
    }


def district_outcome(st: DistrictState) -> Outcome:
    c = st.c
    per_seat = []
    for p in st.players:
        ending = p.ending
        if p.status == ESCAPED:
            ending = "escaped"
        elif p.status == ZOMBIE:
            ending = "turned"
        elif p.status == LIVE:
            ending = st.reason if st.cfg.single and st.reason in ("escaped", "died", "turned") else "alive"
        elif not ending:
            ending = "out"
        per_seat.append({
            "seat": f"Player {p.seat + 1}",
            "survivors": [c.survivors[s].id for s in p.used],
            "ending": ending,
            "place": st.places.index(p.seat) + 1 if p.seat in st.places else None,
            "kills": p.kills,
            "wounds": p.wounds,
            "infection": p.infection,
            "deaths": max(0, len(p.used) - 1) + (1 if ending == "died" else 0),
        })
    winners = st.winners
    result = Result.WIN if 0 in winners else Result.LOSS
    return Outcome(
        result=result, winners=winners, score=1.0 if 0 in winners else 0.0, turns=st.rounds, reason=st.reason,
        per_seat=tuple(per_seat), details={"places": list(st.places), "turns_taken": st.turns},
    )


__all__ = ["DIRS", "DistrictZ", "advance"]
