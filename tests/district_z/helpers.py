"""Building District-Z states for rule tests, and dice that roll what the test says."""

from __future__ import annotations

from collections.abc import Iterable

from deadboard.core import Setup
from deadboard.core.kernel import advance
from deadboard.core.rng import ScriptedRng
from deadboard.games.district_z import GAME
from deadboard.games.district_z.flow import EndTurn
from deadboard.games.district_z.state import DistrictState
from deadboard.games.district_z.turn import NextTurn, Turn


def new_game(players: int = 1, seed: int = 1, options: dict[str, object] | None = None,
             survivors: Iterable[str] = ("DANA", "MARCUS", "EZRA", "TOMAS")) -> DistrictState:
    """A game past the choice of survivors (and, with 2+ players, of corners a1, f5, f1, a5)."""
    st = GAME.new(Setup("standard", dict(options or {}), players=players), seed)
    names = list(survivors)
    corners = ["a1", "f5", "f1", "a5"]
    while st.decision is not None and st.decision.kind in ("survivor", "corner"):
        d = st.decision
        if d.kind == "survivor" and st.players[d.seat].used:
            break  # a death in the opening turns: the test takes over from here
        if d.kind == "survivor":
            GAME.apply(st, f"choose {names[d.seat]}")
        else:
            legal = [a.text for a in GAME.legal_actions(st)]
            pick = next(f"corner {c}" for c in corners if f"corner {c}" in legal)
            GAME.apply(st, pick)
    return st


def script(st: DistrictState, *dice: int) -> ScriptedRng:
    rng = ScriptedRng(list(dice), st.rng.s)
    st.rng = rng
    return rng


def loc(st: DistrictState, loc_id: str) -> int:
    return next(x.index for x in st.c.locations if x.id == loc_id)


def item(st: DistrictState, item_id: str) -> int:
    return st.c.item_index[item_id]


def put(st: DistrictState, pos_name: str, loc_id: str) -> int:
    """Put a location card at a position (swapping it with wherever that card was)."""
    pos = st.lay.index[pos_name]
    card = loc(st, loc_id)
    old = st.card[pos]
    for p in range(st.lay.n):
        if st.card[p] == card:
            st.card[p] = old
            break
    else:
        for pile in (st.setaside, st.unused):
            if card in pile:
                pile[pile.index(card)] = old
                break
    st.card[pos] = card
    return pos


def turn_of(st: DistrictState, seat: int, at: str, items: Iterable[str] = (), wounds: int = 0) -> None:
    """Make it ``seat``'s ordinary turn, standing on ``at`` (its card face up), with exactly these
    items and wounds; whatever the opening turns left behind (combat, zombie counters, dropped
    items) is cleared."""
    pos = st.lay.index[at]
    p = st.players[seat]
    st.cb_seat, st.cb_n, st.cb_used, st.cb_opts = -1, 0, (), ()
    st.counters = [0] * st.lay.n
    st.dropped = [()] * st.lay.n
    p.items = [item(st, i) for i in items]
    p.wounds = wounds
    p.infection = 0
    p.status = 1
    p.pos = pos
    p.arriving = False
    st.up[pos] = True
    st.seen[pos] = True
    st.cur = st.order.index(seat)
    st.steps[:] = [NextTurn(), EndTurn(seat), Turn(seat)]
    advance(st)


def texts(st: DistrictState) -> list[str]:
    return [e.text for e in st.log]
