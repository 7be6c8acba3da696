"""Property tests: random legal play never breaks a rule of the board."""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from deadboard.core import Rng, Setup
from deadboard.core.grid import WALL, WINDOW
from deadboard.games.the_night.board import CLOSED, capacity, load
from deadboard.games.the_night.state import BOARDED, LIVE, ON_OPENING, NightState
from tests.the_night.helpers import GAME
from tests.the_night.watch import ActivationWatch, WatchedNight, read_moves

SETUPS = [
    Setup("standard"),
    Setup("standard", {"dodge": True, "random-events": True, "character-attributes": True, "dark-yard": True}),
    Setup("take-the-house"),
    Setup("the-coopers", {"ben-and-barbara": True}),
    Setup("no-chance", {"better-shooting": True, "unreliable-weapons": True, "combat-assistance": True}),
    Setup("standard", {"zombie-player": True}, players=2),
]


def check_invariants(s: NightState) -> None:
    grid = s.c.grid
    # one zombie per square (a reanimated zombie may share until the Zombie Action Phase)
    seen: dict[int, int] = {}
    for z, q in s.zsq.items():
        assert grid.passable[q]
        if z in s.stacked:
            continue
        assert q not in seen, f"two zombies on {grid.names[q]}"
        seen[q] = z
        assert s.zocc[q] == z
    assert sum(1 for v in s.zocc if v) == len(seen)
    # humans stand on enterable squares, never with a zombie, and never two on one square between actions
    live = [h for h in s.humans if h.status == LIVE and h.sq >= 0]  # (placed ones, during setup)
    for h in live:
        assert grid.passable[h.sq]
        assert not s.zocc[h.sq], f"{h.name} shares {grid.names[h.sq]} with a zombie"
    squares = [h.sq for h in live if h.idx != s.active]
    assert len(squares) == len(set(squares)), "two humans end on one square"
    # carry limits
    for h in live:
        assert load(s, h.idx) <= capacity(s, h.idx)
    # boards on openings match the boarded flags
    for o in grid.openings:
        on = sum(1 for w in s.item_where if w == ON_OPENING + o.id)
        assert on == (1 if s.op[o.id] & BOARDED else 0)
    assert s.turn <= s.cfg.turns


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), which=st.integers(0, len(SETUPS) - 1))
@example(seed=489, which=1)  # Dodge caught a human passing through another's square
def test_random_legal_play_never_breaks_a_rule(seed: int, which: int) -> None:
    # the zombies' moves, read from the log: each automated activation (tests/the_night/watch.py)
    # and each of the Zombie Player's actions
    watch = ActivationWatch()
    watched = WatchedNight(watch)
    s = watched.new(SETUPS[which], seed)
    assert isinstance(s, NightState)
    rng = Rng(seed)
    steps = 0
    while s.decision is not None:
        legal = GAME.legal_actions(s)
        a = legal[rng.below(len(legal))]
        if a[0] == "move":
            h = s.humans[s.active]
            frm, to = h.sq, s.c.grid.index[str(a[2])]
            kind = s.c.grid.edge_kind(frm, to)
            if s.c.grid.manhattan(frm, to) == 1:
                assert kind != WALL
                o = s.c.grid.opening_between(frm, to)
                assert o < 0 or not s.op[o] & CLOSED, "no human passes a locked or boarded opening"
            else:
                assert to in s.c.grid.diag[frm], "diagonal moves never cross doorways or walls"
                assert kind != WINDOW
        player_zombie = s.zact if s.decision is not None and s.decision.kind in ("zombie", "zturn") else 0
        before = (s.zsq.get(player_zombie, -1), len(s.log), s.zocc.copy(), s.op.copy())
        watched.apply_unchecked(s, a)
        if player_zombie:
            problems: list[str] = []
            read_moves(s, s.log[before[1]:], player_zombie, before[0], before[2], before[3], problems)
            assert problems == [], problems
        assert watch.violations == [], watch.violations
        check_invariants(s)
        steps += 1
        assert steps < 100_000
    assert s.turn <= s.cfg.turns
