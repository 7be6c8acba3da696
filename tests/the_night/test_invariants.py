"""The rulebook's invariants, checked after every step of seeded games played by every bot over a mix
of scenarios and optional rules.

Each check quotes the sentence it enforces. With Hidden Hero, the log (which every player's view
carries) is checked against a twin game whose secret picks were made differently: step by step, the
same sentences until the end. The quick run plays a handful of games in the normal
suite; the long run (``-m slow``) plays thousands, and its figures are in docs/rulings/the-night.md
("Invariants, checked").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from deadboard.core import Setup
from deadboard.core.rng import Rng
from deadboard.games.the_night import ai
from deadboard.games.the_night.board import capacity, load
from deadboard.games.the_night.humans import max_shots
from deadboard.games.the_night.state import (
    BOARDED,
    CARRIED,
    DEAD,
    ESCAPED,
    GONE,
    HUMAN_ZOMBIE,
    LIVE,
    NOT_IN_GAME,
    ON_OPENING,
    REMOVED,
    SET_ASIDE,
    ZOMBIE,
    NightState,
)
from deadboard.sim.play import seat_bots
from tests.the_night.helpers import GAME
from tests.the_night.watch import ActivationWatch, WatchedNight

STORY = {"title": "Invariants", "turns": 6, "stats": {"Ben": {"items": ["chainsaw"]}},
         "entries": [1, 2], "victory": {"collect": ["keys"], "exit": 3}}
EVERY_RULE = {o: True for o in ("free-placement", "dark-yard", "dark-yard-frozen", "dark-yard-indoors",
                                 "better-shooting", "combat-assistance", "unreliable-weapons",
                                 "random-events", "dodge", "character-attributes")}

#: (setup, bot names by seat) — every scenario, every optional rule, both bots, the Zombie Player
MIX: tuple[tuple[Setup, tuple[str, ...]], ...] = (
    (Setup("standard"), ("random",)),
    (Setup("standard"), ("heuristic",)),
    (Setup("no-chance"), ("random",)),
    (Setup("no-chance"), ("heuristic",)),
    (Setup("the-coopers", {"ben-and-barbara": True, "dodge": True}), ("random",)),
    (Setup("the-coopers", {"karen-lingers": True}), ("heuristic",)),
    (Setup("take-the-house", {"zombies": 12}), ("random",)),
    (Setup("take-the-house", {"guns": 1}), ("heuristic",)),
    (Setup("quick-game", {"start-zombies": 3, "survival-points": True}), ("random",)),
    (Setup("make-your-own-story", {"story": STORY}), ("random",)),
    (Setup("standard", EVERY_RULE), ("random",)),
    (Setup("standard", EVERY_RULE | {"authored-results": True}), ("heuristic",)),
    (Setup("standard", {"random-events": True, "character-attributes": True}), ("heuristic",)),
    (Setup("standard", {"item-draw": "points", "item-placement": "2d6", "dark-yard": True}), ("random",)),
    (Setup("standard", {"zombie-player": True, "random-events": True}, players=2), ("random", "random")),
    (Setup("the-coopers", {"hidden-hero": True, "zombie-player": True}, players=3), ("random",)),
)


@dataclass
class Tally:
    games: int = 0
    steps: int = 0
    violations: list[str] = field(default_factory=list)
    watch: ActivationWatch = field(default_factory=ActivationWatch)

    @property
    def activations(self) -> int:
        return self.watch.activations

    def check(self, ok: bool, rule: str, where: str) -> None:
        if not ok:
            self.violations.append(f"{where}: {rule}")


@dataclass
class Before:
    turn: int
    zombies: dict[int, int]
    cup: set[int]
    removed: int
    status: list[int]
    items: list[int]
    events: int


def before(s: NightState) -> Before:
    return Before(s.turn, dict(s.zsq), set(s.cup), s.zombies_removed, [h.status for h in s.humans], list(s.item_where), len(s.log))


def check_step(t: Tally, s: NightState, b: Before, gone: set[int], where: str) -> None:
    c = s.c
    grid = c.grid
    new = s.log[b.events:]
    cup = set(s.cup)
    if b.turn >= 1:
        # --- zombie counters: nothing vanishes, nothing comes back -------------------------------
        drawn = b.cup - cup
        risen = {HUMAN_ZOMBIE + i for i, st in enumerate(b.status)
                 if st in (LIVE, DEAD) and s.humans[i].status in (ZOMBIE, GONE)}
        left = (set(b.zombies) | drawn | risen) - set(s.zsq)
        kills = sum(1 for e in new if e.data and ((e.kind == "combat" and e.data.get("human_wins") is True)
                                                   or (e.kind == "shot" and e.data.get("hit") is True)))
        # "A losing zombie is removed from the game (it is not returned to the zombie draw
        # container). Keep track of these for victory level determination."
        t.check(s.zombies_removed - b.removed == len(left) == kills,
                f"zombies left the map ({len(left)}) without as many logged defeats ({kills})", where)
        t.check(not (gone & (set(s.zsq) | cup)), "a removed zombie came back", where)
        gone |= left
        # "randomly draw this number of zombie counters from the zombie draw container"; "On a
        # result of 4 to 6, the dead human counter is immediately replaced with its matching
        # zombie character counter."
        for z in set(s.zsq) - set(b.zombies) - drawn - risen:
            t.check(False, f"Z{z} appeared from neither the container nor a dead human", where)
        t.check(cup <= b.cup, "a zombie went back into the draw container", where)
        # "A losing live human is removed and replaced with their correspondingly named dead
        # human counter."
        for i, st in enumerate(b.status):
            if st == LIVE and s.humans[i].status == DEAD:
                died = any(e.kind == "death" and e.data and e.data.get("human") == s.humans[i].name for e in new)
                t.check(died, f"{s.humans[i].name} died without a logged death", where)
    # --- squares ---------------------------------------------------------------------------------
    count: dict[int, int] = {}
    for z, q in s.zsq.items():
        count[q] = count.get(q, 0) + 1
        # "There are only 5 squares on the board that cannot ever be entered"
        t.check(grid.passable[q], f"Z{z} on an impassable square", where)
        t.check(s.zocc[q] == z or z in s.stacked, f"Z{z} not on its square's record", where)
        if s.cfg.confine:
            # Take the House: "Zombies cannot leave the house for any reason"
            t.check(c.inside[q], f"Z{z} left the house", where)
    # "Only one zombie can occupy a single square." (a risen zombie may share until the Zombie
    # Action Phase: "ensure that they are in different squares when resolving the Zombie Action
    # Phase")
    t.check(all(n == 1 for n in count.values()) or bool(s.stacked), "two zombies on one square", where)
    live = [h for h in s.humans if h.status == LIVE]
    for h in live:
        t.check(not s.zocc[h.sq] or s.zsq.get(s.zocc[h.sq]) != h.sq or bool(s.stacked),
                f"{h.name} shares a square with a zombie", where)
    if s.decision is not None and s.decision.kind == "activate":
        # "Only one human can occupy a single square once their movement is complete."
        t.check(len({h.sq for h in live}) == len(live), "two humans on one square after their moves", where)
    # --- items -------------------------------------------------------------------------------------
    for i, w in enumerate(s.item_where):
        it = c.items[i]
        if w in (NOT_IN_GAME, SET_ASIDE, REMOVED):
            if w == REMOVED and b.items[i] != REMOVED:
                # boards "remove the boards marker from the game"; Unreliable Weapons "Remove the
                # item from the game"
                why = any((e.kind == "break" and e.data and e.data.get("success")) or
                          (e.kind == "item" and e.data and e.data.get("item") == it.id) for e in new)
                t.check(why, f"the {it.name} left the game without a logged rule", where)
            continue
        t.check(b.items[i] != REMOVED, f"the {it.name} came back into the game", where)
        if w >= ON_OPENING:
            # "Doors … and windows can be boarded up by placing a Board Marker on them"
            t.check(it.kind == "board" and bool(s.op[w - ON_OPENING] & BOARDED), f"the {it.name} on an opening", where)
        elif w >= CARRIED:
            # "Any items the human had are left in the same square with the dead human."
            t.check(s.humans[w - CARRIED].status in (LIVE, ESCAPED), f"the {it.name} carried by the dead", where)
        else:
            t.check(grid.passable[w], f"the {it.name} on an impassable square", where)
    for o in grid.openings:
        if s.op[o.id] & BOARDED:
            t.check(ON_OPENING + o.id in s.item_where, f"the {o.name} is boarded with no Board Marker", where)
    for h in live:
        # "A human can carry up to 2 items, with the exception of ammo and keys"
        t.check(load(s, h.idx) <= capacity(s, h.idx), f"{h.name} carries too much", where)
    # --- the acting human's AP and shots ---------------------------------------------------------------
    if s.active >= 0 and s.decision is not None and s.decision.kind == "act":
        start = next((e.data["ap"] for e in reversed(s.log) if e.kind == "activate" and e.data), None)
        # AP are spent, never exceeded
        t.check(start is not None and 0 <= s.ap <= start, f"{s.humans[s.active].name} has {s.ap} AP of {start}", where)
        # "each character can only fire one weapon per turn" (two shots with Better Shooting or
        # the Fast but Wild Shooter)
        t.check(s.shots <= max_shots(s, s.active), "too many shots", where)
    # "You may only shoot each weapon once per turn"
    fired = [g for g, _h in s.fired]
    t.check(len(fired) == len(set(fired)), "a weapon fired twice in one turn", where)
    t.check(s.turn <= s.cfg.turns, "a turn after the last", where)


def check_view(t: Tally, s: NightState, where: str) -> None:
    """A seat's view carries nothing that reveals hidden state: no seed, no chance stream, and two
    states that differ only in what nobody may see (the RNG: the order of future draws from the
    container and of future dice) give the same view."""
    other = s.clone()
    other.rng = Rng(0x5EED ^ s.turn)
    seats = GAME.seats(s.setup)
    for seat in range(seats):
        v = GAME.view(s, seat)
        t.check(v.seed != s.seed or s.seed == 0, "a view carries the game's seed", where)
        t.check(v.rng.s != s.rng.s, "a view carries the game's chance stream", where)
        t.check(GAME.snapshot(v) == GAME.snapshot(GAME.view(other, seat)), "a view depends on the future dice", where)
        assert isinstance(v, NightState)
        if s.cfg.hidden_hero:
            # Hidden Hero: "Each player secretly picks one human character"
            t.check(all(p == -1 for i, p in enumerate(v.secret) if i != seat), "a view shows another player's pick", where)


def check_log_secrets(t: Tally, s: NightState, twin: NightState, a: Any, legal: list[Any], logged: int,
                      where: str) -> None:
    """Hidden Hero: "Each player secretly picks one human character" and "At the end of the game
    players reveal who their character was." The log, which every player's view carries, must not
    tell anyone another player's pick before then: ``twin`` is the same game with every pick made
    differently, played with the same actions after; until the game is over, each step writes the
    same sentences in both."""
    choice = a if a[0] != "pick" else next((other for other in legal if other != a), a)
    GAME.apply(twin, choice)
    if s.decision is None:
        return  # the picks are revealed at the end
    mine = [e.text for e in s.log[logged:]]
    theirs = [e.text for e in twin.log[logged:]]
    t.check(mine == theirs, '"Each player secretly picks one human character" (2+ Players - Hidden Hero)',
            f"{where}: the log depends on a secret pick: {mine} / {theirs}")


def play(t: Tally, setup: Setup, bots: tuple[str, ...], seed: int, views_every: int = 1) -> None:
    watched = WatchedNight(t.watch)  # each zombie's activation checked from the log (tests/the_night/watch.py)
    s = watched.new(setup, seed)
    assert isinstance(s, NightState)
    players = seat_bots(GAME, s.setup, list(bots), seed)
    gone: set[int] = set()
    n = 0
    where = f"{setup.scenario} {dict(setup.options)} {bots} seed {seed}"
    t.watch.where = where
    twin = s.clone() if s.cfg.hidden_hero else None
    while (d := s.decision) is not None:
        legal = GAME.legal_actions(s)
        bot = players[d.seat]
        a = legal[0] if len(legal) == 1 else bot.choose(GAME, GAME.view(s, d.seat) if bot.needs_view else None, legal)
        b = before(s)
        watched.apply(s, a)
        n += 1
        check_step(t, s, b, gone, f"{where} step {n} ({a.text})")
        if twin is not None:
            check_log_secrets(t, s, twin, a, legal, b.events, f"{where} step {n} ({a.text})")
        if n % views_every == 0:
            check_view(t, s, f"{where} step {n}")
        assert n < 20_000, where
    t.steps += n
    t.games += 1
    assert GAME.outcome(s) is not None


def run(games: int, seed0: int, heuristic_every: int = 1, views_every: int = 1) -> Tally:
    t = Tally()
    for g in range(games):
        setup, bots = MIX[g % len(MIX)]
        if "heuristic" in bots and (g // len(MIX)) % heuristic_every:
            bots = tuple("random" for _ in bots)
        play(t, setup, bots, seed0 + g, views_every)
    t.violations.extend(t.watch.violations)
    return t


def report(t: Tally) -> str:
    return f"{t.games} games, {t.steps} steps, {t.activations} zombie activations, {len(t.violations)} violations"


def test_invariants_hold_in_a_few_seeded_games() -> None:
    t = run(len(MIX), 1)
    assert t.violations == [], "\n".join(t.violations[:20])
    assert t.games == len(MIX) and t.activations > 100


def test_invariants_catch_a_zombie_walking_back() -> None:
    # the watch itself: an activation whose log goes b11 -> b10 -> b11 is reported
    from tests.the_night.helpers import board

    watch = ActivationWatch()
    s = board(humans={"Helen": "g10"}, zombies={1: "b11"})
    watch.begin(s, 1)
    for to in ("b10", "b11"):
        ai.move_zombie(s, 1, s.c.grid.square(to))
        s.emit("move", f"Z1 moves to {to}", {"zombie": "Z1", "to": to, "ap_left": 0})
    watch.finish(s)
    assert [v.split(": ")[-1] for v in watch.violations] == ["a zombie revisits a square in one activation"]


def test_the_watch_sees_every_automated_activation() -> None:
    # every zombie on the map when the Zombie Action Phase begins activates once, as its own step
    from deadboard.core.kernel import advance
    from deadboard.games.the_night.turn import ROUND
    from tests.the_night.helpers import board, dice

    watch = ActivationWatch()
    s = board(humans={"Helen": "g10"}, zombies={1: "a1", 2: "a10", 3: "t1"}, turn=2)
    s.steps.extend([ROUND[5], ROUND[4], ROUND[3], ROUND[2]])  # from the Zombie Action Phase on
    dice(s, *[3] * 40)
    advance(s, WatchedNight(watch).interrupt)
    assert watch.activations == 3 and watch.violations == []


@pytest.mark.slow
def test_invariants_hold_in_thousands_of_seeded_games(capsys: Any) -> None:
    # every MIX setup 70 times (1,120 games), the heuristic bot on a quarter of its rounds, every
    # view checked every 10th step
    t = run(70 * len(MIX), 100_000, heuristic_every=4, views_every=10)
    with capsys.disabled():
        print("\nThe Night invariants:", report(t))
    assert t.violations == [], "\n".join(t.violations[:20])
