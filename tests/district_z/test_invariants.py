"""The rulebook's invariants, checked after every step of seeded games with every bot, every option
mix and every number of players.

Each check quotes the sentence it enforces. They run after every automatic step of the engine (the
step functions are wrapped) and after every decision; at decisions, the deciding seat's view is
compared with the view of a twin state that differs only in what that seat cannot see.

    nothing vanishes   ZOMBIE counters and the zombies in combat change only by a logged rule;
                       an ITEM card leaves play only by a logged rule naming it
    ITEM cards         one card of each (unless item-copies); UNIQUE items once in the CITY
    limits             four hands, one LOCATION OBJECTIVE, wounds and infection below their limits
    movement           one card a turn, to a neighbouring card, never back within the turn
    views              no hidden card, no seed, no chance stream
    log                never says where a face-down card nobody has seen lies (every view carries it)

A quick run is part of the normal suite; ``pytest -m slow tests/district_z/test_invariants.py`` plays
thousands of games (figures in docs/rulings/district-z.md).
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest

from deadboard.bots.base import make_bot
from deadboard.core.game import Setup
from deadboard.core.kernel import Auto
from deadboard.core.rng import Rng, derive_seed
from deadboard.games.district_z import GAME, combat, events, flow, meeting, setup, turn, zombie_survivors
from deadboard.games.district_z.flow import active_seat
from deadboard.games.district_z.items import MAX_HANDS, DropExcess, Equip
from deadboard.games.district_z.ratings import HEALTH, hands_used, rating
from deadboard.games.district_z.state import ESCAPED, LIVE, NO_CARD, OBJ, STATUS_NAMES, ZOMBIE, DistrictState

ADDITIONAL: tuple[dict[str, Any], ...] = (
    {},
    {"additional-locations": "replace"},
    {"additional-locations": "replace", "replace-by": "random"},
    {"additional-locations": "shuffle"},
    {"additional-locations": "bigger"},
)
INFECTION: tuple[dict[str, Any], ...] = ({}, {"infection": True}, {"zombie-survivor-combat": True})


def option_mixes() -> list[tuple[int, dict[str, Any]]]:
    """Every number of players with every mix of options (play-on only where it means something)."""
    out = []
    for players in (1, 2, 3, 4):
        for add, inf, copies in itertools.product(ADDITIONAL, INFECTION, (False, True)):
            for play_on in (False, True) if players > 1 else (False,):
                opts = {**add, **inf}
                if copies:
                    opts["item-copies"] = True
                if play_on:
                    opts["play-on"] = True
                out.append((players, opts))
    return out


@dataclass
class Watch:
    """What the previous check saw, to tell what changed since."""

    zombies: int = 0
    log_at: int = 0
    items: dict[int, int] = field(default_factory=dict)
    pos: list[int] = field(default_factory=list)
    moved: set[tuple[int, int]] = field(default_factory=set)
    objectives: set[int] = field(default_factory=set)
    steps: int = 0


def _zombies(st: DistrictState) -> int:
    return sum(st.counters) + (st.cb_n if st.cb_seat >= 0 else 0)


def _item_places(st: DistrictState) -> dict[int, int]:
    """How many of each item (objectives included) are carried, dropped, just found, or lying in the CITY."""
    count: dict[int, int] = {}
    for p in st.players:
        for i in p.items:
            count[i] = count.get(i, 0) + 1
    for d in st.dropped:
        for i in d:
            count[i] = count.get(i, 0) + 1
    for s in st.steps:
        if isinstance(s, Equip):
            count[s.item] = count.get(s.item, 0) + 1
    for card in st.card:
        if card >= OBJ:
            count[card - OBJ] = count.get(card - OBJ, 0) + 1
    return count


def check(st: DistrictState, w: Watch) -> None:
    """Every invariant, against what ``w`` saw last; then remember this state in ``w``."""
    w.steps += 1
    c = st.c
    new_events = st.log[w.log_at :]
    lay = st.lay

    # --- nothing vanishes: zombies ------------------------------------------------------------------
    # "If any ZOMBIES are left from an encounter, place these counters on the LOCATION card." Zombies
    # come from an event ("The number of ZOMBIES listed on the card is the number you must fight"),
    # leave only when destroyed; counters taken up for a fight are the zombies of that fight.
    expected = w.zombies
    for e in new_events:
        d = e.data or {}
        if e.kind == "combat" and isinstance(d.get("zombies"), int):
            expected += d["zombies"]
        if e.kind == "combat" and isinstance(d.get("counters"), int):
            expected -= d["counters"]
        if isinstance(d.get("kills"), int):
            expected -= d["kills"]
    now = _zombies(st)
    if not st.over:
        assert now == expected, f"zombies {w.zombies} -> {now}, the log accounts for {expected}"
    assert all(n >= 0 for n in st.counters) and st.cb_n >= 0

    # --- nothing vanishes: ITEM cards ----------------------------------------------------------------
    # "If an ITEM is BROKEN or is OUT OF AMMO, unequip that ITEM. To unequip an ITEM, simply put that
    # ITEM back into the ITEM CARD PILE." A card leaves play only by such a logged rule, which names it.
    places = _item_places(st)
    for i, before in w.items.items():
        if places.get(i, 0) < before:
            name = c.items[i].name
            assert any(e.kind in ("item", "heal") and name in e.text for e in new_events), (
                f"the {name} left play and no logged rule says why"
            )
    # "26 ITEM cards" ... "find its card in the ITEM card pile": one card of each, in one place at a time.
    if not st.cfg.item_copies:
        for i in range(c.n_items):
            assert places.get(i, 0) <= 1, f"{places[i]} cards of the {c.items[i].name}"
    # "there can be only one of these UNIQUE ITEMS in the CITY at any time"
    for i in range(c.n_items):
        if c.items[i].unique:
            in_city = sum(p.items.count(i) for p in st.players if p.status == LIVE) + sum(d.count(i) for d in st.dropped)
            assert in_city <= 1, f"{in_city} of the UNIQUE {c.items[i].name} in the CITY"
    # "When LOCATION OBJECTIVE cards are found, they are treated the same as ITEM cards": each
    # objective in the game is in exactly one place (in the CITY, carried, dropped, or carried out).
    objectives = {i for i in c.objectives if places.get(i, 0)}
    if w.objectives:
        assert objectives == w.objectives, "a LOCATION OBJECTIVE appeared or vanished"
    w.objectives = objectives
    for i in objectives:
        assert places[i] == 1

    _check_survivors(st)
    _check_log_secrets(st, new_events)

    # --- movement ------------------------------------------------------------------------------------
    # "You may only move NORTH, SOUTH, EAST, or WEST. Unless otherwise stated, move your playing piece
    # one LOCATION card every turn." Zombie survivors "move like normal". So a piece moves at most once
    # in a turn, to a neighbouring card, and never comes back within the turn.
    if w.pos:
        for p in st.players:
            old, new = w.pos[p.seat], p.pos
            if old == new or new < 0:
                continue
            if old < 0:
                assert new == p.start, f"{st.name(p.seat)} enters the CITY at {lay.names[new]}, not at its start"
                continue
            assert new in {q for _, q in lay.nbr[old]}, f"{st.name(p.seat)} jumps {lay.names[old]} -> {lay.names[new]}"
            key = (st.turns, p.seat)
            assert key not in w.moved, f"{st.name(p.seat)} moves twice in turn {st.turns}"
            assert p.seat == active_seat(st), f"{st.name(p.seat)} moves in another player's turn"
            w.moved.add(key)
    w.pos = [p.pos for p in st.players]
    w.zombies = now
    w.items = places
    w.log_at = len(st.log)


def _card_name(st: DistrictState, x: int) -> str:
    return st.c.items[x - OBJ].name if x >= OBJ else st.c.locations[x].name


def _check_log_secrets(st: DistrictState, new_events: list[Any]) -> None:
    """"lay the LOCATION cards face down in a grid" (Single Player Setup 3): which card lies where,
    until it is flipped ("flip over the LOCATION card"), is nobody's to know. The cards in the game
    are no secret (the players choose them openly with the additional cards); where each lies is. The
    log, which every seat's view carries, never names a face-down card nobody has seen together with
    its place."""
    if not new_events:
        return
    lay = st.lay
    known = {loc.name for loc in st.c.locations} | {it.name for it in st.c.items}
    for p in lay.positions():
        x = st.card[p]
        if x == NO_CARD or st.seen[p] or st.up[p]:
            continue
        name = _card_name(st, x)
        longer = [other for other in known if name in other and other != name]
        pattern = re.compile(rf"\b{re.escape(name)}\b")
        place = re.compile(rf"\b{re.escape(lay.names[p])}\b")
        for e in new_events:
            text = e.text
            for other in longer:
                text = text.replace(other, "")
            assert not (pattern.search(text) and place.search(text)), (
                f"the log tells where the face-down {name!r} lies ({lay.names[p]}): {e.text!r}")


def _check_survivors(st: DistrictState) -> None:
    """The survivors' limits: what a dead or zombie survivor carries, hands, one objective, wounds
    and infection under their ratings."""
    c = st.c
    for p in st.players:
        if p.status == ZOMBIE or p.status not in (LIVE, ESCAPED):
            # "You cannot carry ITEMS anymore" (a ZOMBIE SURVIVOR); "If the dead SURVIVOR had a
            # LOCATION OBJECTIVE or any ITEMS equipped, they remain dropped at the LOCATION"
            assert p.items == [], f"Player {p.seat + 1} ({STATUS_NAMES[p.status]}) carries items"
            continue
        if p.status != LIVE or st.over:
            continue
        # "SURVIVORS can equip a maximum of four 1-HANDED ITEMS. If you have more than four 1-HANDED
        # ITEMS equipped, any additional 1-HANDED and 2-HANDED ITEMS must be dropped."
        if hands_used(c, p.items) > MAX_HANDS:
            assert any(isinstance(s, DropExcess) and s.seat == p.seat for s in st.steps), (
                f"{st.name(p.seat)} carries {hands_used(c, p.items)} hands' worth and nothing makes it drop"
            )
        # "You may only equip one LOCATION OBJECTIVE at a time."
        assert sum(1 for i in p.items if c.items[i].objective) <= 1
        # "If the number of WOUND counters on your SURVIVOR is equal to or greater than your HEALTH
        # rating, then the SURVIVOR is dead."
        assert p.wounds < rating(c, p.surv, p.items, HEALTH), f"{st.name(p.seat)} has {p.wounds} wounds and lives"
        # "If at any time the number of INFECTION counters on your SURVIVOR is equal to or greater
        # than twice your BASE HEALTH RATING, you turn into one of the undead."
        assert p.infection < 2 * c.survivors[p.surv].health
        if not st.cfg.infection:
            assert p.infection == 0


# ----- views ------------------------------------------------------------------------------------------
def twin(st: DistrictState, rnd: random.Random) -> DistrictState:
    """The same game with everything hidden from every seat drawn again (face-down cards never seen,
    the set-aside and unused LOCATION cards, where the objectives lie among the cards they may be)
    and another seed and chance stream."""
    t = st.clone()
    lay = t.lay
    hidden = [p for p in lay.positions() if not t.seen[p] and not t.up[p] and t.card[p] != NO_CARD]
    objs = [t.card[p] for p in hidden if t.card[p] >= OBJ]
    locs = [t.card[p] for p in hidden if t.card[p] < OBJ] + t.setaside + t.unused
    rnd.shuffle(locs)
    allowed = [p for p in hidden if p in set(lay.objective_cells)] if t.cfg.single else hidden
    spots = rnd.sample(allowed, len(objs))
    for p, o in zip(spots, objs):
        t.card[p] = o
    for p in hidden:
        if p not in spots:
            t.card[p] = locs.pop()
    t.setaside = locs[: len(t.setaside)]
    t.unused = locs[len(t.setaside) :]
    t.seed = st.seed ^ 0x5EED
    t.rng = Rng(t.seed)
    return t


def check_view(st: DistrictState, seat: int, rnd: random.Random) -> None:
    """"A view carries nothing that reveals hidden state: no seed, no RNG state, no deck order, no
    other seat's hand" (DESIGN.md): the whole view of two states the seat cannot tell apart is the same."""
    other = twin(st, rnd)
    a, b = GAME.view(st, seat), GAME.view(other, seat)
    assert isinstance(a, DistrictState) and isinstance(b, DistrictState)
    assert GAME.snapshot(a) == GAME.snapshot(b)
    assert a.seed == b.seed
    assert st.seed == 0 or a.seed != st.seed
    assert a.rng.s == b.rng.s
    assert [e.text for e in a.log] == [e.text for e in b.log]
    assert a.steps == b.steps and a.decision == b.decision


# ----- playing ----------------------------------------------------------------------------------------
#: every automatic step of the rules (their ``run`` is wrapped to check the state after each)
AUTO_STEPS: list[type[Auto[DistrictState]]] = [
    cls
    for module in (combat, events, flow, meeting, setup, turn, zombie_survivors)
    for cls in vars(module).values()
    if isinstance(cls, type) and issubclass(cls, Auto) and cls.__module__ == module.__name__
]


@contextmanager
def checked_steps(st_holder: list[tuple[DistrictState, Watch]]) -> Iterator[None]:
    """Run ``check`` after every automatic step of the engine, on the game in ``st_holder``."""
    saved = {cls: cls.run for cls in AUTO_STEPS}

    def wrap(fn: Callable[[Any, DistrictState], Any]) -> Callable[[Any, DistrictState], Any]:
        def run(self: Any, st: DistrictState) -> Any:
            out = fn(self, st)
            if st_holder and st is st_holder[0][0]:
                check(st, st_holder[0][1])
            return out

        return run

    for cls, fn in saved.items():
        cls.run = wrap(fn)  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        for cls, fn in saved.items():
            cls.run = fn  # type: ignore[method-assign]


@dataclass
class Tally:
    games: int = 0
    steps: int = 0
    decisions: int = 0
    views: int = 0
    endings: dict[str, int] = field(default_factory=dict)


def play_checked(players: int, options: dict[str, Any], bots: list[str], seed: int, tally: Tally,
                 view_every: int = 1) -> None:
    setup = GAME.normalize_setup(Setup("standard", dict(options), players=players))
    holder: list[tuple[DistrictState, Watch]] = []
    rnd = random.Random(seed)
    seat_bots = [make_bot(bots[s % len(bots)], GAME, s, derive_seed(seed, "bot", s)) for s in range(players)]
    with checked_steps(holder):
        st = GAME.new(setup, seed)
        w = Watch()
        holder.append((st, w))
        check(st, w)
        n = 0
        while (d := st.decision) is not None:
            legal = GAME.legal_actions(st)
            if n % view_every == 0:
                check_view(st, d.seat, rnd)
                tally.views += 1
            bot = seat_bots[d.seat]
            view = GAME.view(st, d.seat) if bot.needs_view else None
            action = legal[0] if len(legal) == 1 else bot.choose(GAME, view, legal)
            GAME.apply(st, action)
            check(st, w)
            n += 1
            assert n < 20_000, f"no end after {n} decisions"
    tally.games += 1
    tally.steps += w.steps
    tally.decisions += n
    tally.endings[st.reason] = tally.endings.get(st.reason, 0) + 1


def run(mixes: list[tuple[int, dict[str, Any]]], bots: tuple[str, ...], seeds: range, view_every: int) -> Tally:
    tally = Tally()
    for k, (players, opts) in enumerate(mixes):
        for bot in bots:
            for seed in seeds:
                # a heuristic seat beside random ones too, so that mixed tables are played
                seats = [bot] if bot != "mixed" else ["heuristic", "random"]
                play_checked(players, opts, seats, 7919 * k + seed, tally, view_every)
    return tally


QUICK = [
    (1, {}), (1, {"infection": True, "additional-locations": "bigger"}),
    (1, {"item-copies": True, "additional-locations": "replace"}),
    (2, {"zombie-survivor-combat": True, "play-on": True}), (2, {"item-copies": True, "additional-locations": "shuffle"}),
    (3, {"infection": True, "additional-locations": "replace", "replace-by": "random"}),
    (4, {"zombie-survivor-combat": True, "play-on": True, "item-copies": True}),
]


def test_the_option_mixes_cover_every_option() -> None:
    seen = {k for _, o in option_mixes() for k in o}
    assert seen == {o.id for o in GAME.options} - {"replace-count", "turn-limit"}
    assert {n for n, _ in option_mixes()} == {1, 2, 3, 4}


@pytest.mark.parametrize(("players", "options"), QUICK)
def test_rulebook_invariants_hold_after_every_step(players: int, options: dict[str, Any]) -> None:
    tally = run([(players, options)], ("random", "heuristic", "mixed"), range(2), view_every=1)
    assert tally.games == 6 and tally.decisions > 0


def test_rulebook_invariants_hold_with_a_search_player() -> None:
    tally = Tally()
    play_checked(1, {}, ["mcts:8"], 11, tally, view_every=4)
    play_checked(2, {"zombie-survivor-combat": True}, ["mcts:4", "heuristic"], 12, tally, view_every=4)
    assert tally.games == 2


@pytest.mark.slow
def test_rulebook_invariants_hold_over_thousands_of_games() -> None:
    tally = run(option_mixes(), ("random", "heuristic", "mixed"), range(5), view_every=3)
    mixes = option_mixes()
    for seed in range(6):
        players, opts = mixes[37 * seed % len(mixes)]
        play_checked(players, opts, ["mcts:10", "heuristic"], 90_000 + seed, tally, view_every=5)
    print(f"\n{tally.games} games, {tally.decisions} decisions, {tally.steps} checked steps, {tally.views} view pairs; "
          f"endings {dict(sorted(tally.endings.items()))}")
    assert tally.games >= 3000
