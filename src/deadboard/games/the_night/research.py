"""The Night: actions name humans, squares, zombies, items and openings of the setup's map.

Observation planes over the map (``C x 17 x 22``): one per human (where it stands), zombies, dead
humans, and one per item kind lying there; vectors: the turn track, phase and decision, the acting
human's action points, each human's condition and what it carries, each opening's state. The
spec writes them from the state's own fields (:meth:`NightSpec.fill_state`): a square's place on a
plane is its index on the grid, row by row, and the board's planes are written in one numpy call.
"""

from __future__ import annotations

import re
from typing import Any, cast

import numpy as np

from deadboard.core.game import State
from deadboard.core.grid import column_name, square_xy
from deadboard.core.research import ActionEncoding, GameSpec, one_hot, vocab
from deadboard.games.the_night.content import NightContent
from deadboard.games.the_night.state import (
    BOARDED,
    BROKEN,
    CARRIED,
    DEAD,
    LIVE,
    LOCKED,
    ON_OPENING,
    NightState,
)

PHASES = ("setup", "arrival", "reanimation", "zombies", "humans", "events", "over")
DECISIONS = ("place-human", "place-item", "arm", "activate", "act", "pick", "zombie", "dodge", "event")
STATUS = ("absent", "live", "dead", "zombie", "gone", "escaped")


class NightSpec(GameSpec):
    def build_actions(self) -> ActionEncoding:
        first = self.game.new(self.setup, 0)
        snap = self.game.snapshot(first)
        grid = first.c.grid
        self.width, self.height = grid.width, grid.height
        self.humans = [h["name"] for h in snap["humans"]]
        self.items = list(snap["items"])
        self.item_kinds = list(dict.fromkeys(re.sub(r"\d+$", "", i) for i in self.items))
        self.openings = list(snap["openings"])
        squares = [f"{column_name(x)}{y + 1}" for y in range(grid.height) for x in range(grid.width)]
        zombies = [f"Z{z.number}" for z in first.c.zombies] + [f"Z{h}" for h in self.humans]
        H = vocab("human", self.humans)
        item = vocab("item", self.items)
        Z = vocab("zombie", zombies)
        sq = vocab("square", squares)
        op = vocab("opening", self.openings)
        self.human_index = {h: i for i, h in enumerate(self.humans)}
        self.item_index = {h: i for i, h in enumerate(self.items)}
        self.kind_of = {i: self.item_kinds.index(re.sub(r"\d+$", "", i)) for i in self.items}
        return ActionEncoding(self.game.id, [
            ("end", []), ("pass", []), ("stop", []),
            ("activate", [H]), ("done", [H]), ("pick", [H]), ("escape", [H]),
            ("place", [H + item, sq]), ("move", [H, sq]), ("dash", [H, sq]),
            ("attack", [H, Z]), ("fight", [H, Z]), ("shoot", [H, Z, item]),
            ("arm", [H, item + vocab("nothing", ["nothing"])]),
            ("pickup", [H, item]), ("drop", [H, item]), ("give", [H, H, item]), ("take", [item]),
            ("board", [H, op]), ("unboard", [H, op]), ("lock", [H, op]), ("unlock", [H, op]), ("latch", [op]),
            ("zmove", [Z, sq]), ("zattack", [Z, H]), ("zbreak", [Z, op]), ("zdone", [Z]), ("distract", [Z, sq]),
        ])

    def build_layout(self) -> list[tuple[str, tuple[int, ...]]]:
        self._places: _Places | None = None
        nh, ni = len(self.humans), len(self.items)
        return [
            ("board", (nh + 3 + len(self.item_kinds), self.height, self.width)),
            ("track", (6,)),  # turn/turns, action points, humans allowed, cup, zombies removed, bonus
            ("phase", (len(PHASES) + 1,)),
            ("decision", (len(DECISIONS) + 1,)),
            ("acting", (3,)),  # shots, wild, fought
            ("status", (nh, len(STATUS) + 1)),
            ("human", (nh, 5)),  # injured, active, activated, hero, my secret human
            ("carried", (nh, ni)),
            ("openings", (len(self.openings), 3)),
        ]

    def public(self, snapshot: dict[str, Any], seat: int) -> dict[str, Any]:
        out = {k: v for k, v in snapshot.items() if k not in ("rng", "pending", "secret")}
        secret = snapshot.get("secret") or []
        out["my_secret"] = secret[seat] if seat < len(secret) else None
        return out

    def fill(self, p: dict[str, Any], seat: int, parts: dict[str, np.ndarray]) -> None:
        board = parts["board"]
        nh = len(self.humans)
        for i, h in enumerate(p["humans"]):
            if h["square"] is None:
                continue
            x, y = square_xy(h["square"])
            if h["status"] == "live":
                board[i, y, x] = 1.0
            elif h["status"] == "dead":
                board[nh + 1, y, x] = 1.0
        for sq in p["zombies"].values():
            x, y = square_xy(sq)
            board[nh, y, x] += 1.0
        carried = parts["carried"]
        for item, where in p["items"].items():
            if where.startswith("carried:"):
                carried[self.human_index[where[8:]], self.item_index[item]] = 1.0
            elif where.startswith("on:"):
                continue
            elif where not in ("not-in-game", "removed"):
                x, y = square_xy(where)
                board[nh + 3 + self.kind_of[item], y, x] += 1.0
                board[nh + 2, y, x] = 1.0  # anything lying here
        track = parts["track"]
        track[:] = (p["turn"] / max(1, p["turns"]), p["ap"] / 10, p["allowed"] / 6, p["cup"] / 40,
                    p["zombies_removed"] / 40, p["bonus_points"] / 100)
        one_hot(parts["phase"], {x: i for i, x in enumerate(PHASES)}, p["phase"])
        d = p["decision"]
        if d is not None:
            one_hot(parts["decision"], {x: i for i, x in enumerate(DECISIONS)}, d[1])
        parts["acting"][:] = (p["shots"], float(p["wild"]), float(p["fought"]))
        status = {x: i for i, x in enumerate(STATUS)}
        activated = set(p["activated"])
        heroes = set(p["heroes"])
        for i, h in enumerate(p["humans"]):
            one_hot(parts["status"][i], status, h["status"])
            parts["human"][i] = (float(h["injured"]), float(p["active"] == h["name"]), float(h["name"] in activated),
                                 float(h["name"] in heroes), float(p["my_secret"] == h["name"]))
        for i, o in enumerate(p["openings"].values()):
            parts["openings"][i] = (float(o["boarded"]), float(o["locked"]), float(o["broken"]))

    def fill_state(self, state: State, seat: int, parts: dict[str, np.ndarray]) -> None:
        """:meth:`fill` of the seat's public part, read from the state's own fields (no snapshot)."""
        st = cast(NightState, state)
        ix = self._places
        if ix is None or ix.content is not st.c:
            ix = self._places = _Places(self, st.c)
        _fill_board(st, ix, parts)
        parts["track"][:] = (st.turn / max(1, st.cfg.turns), st.ap / 10, st.allowed / 6, len(st.cup) / 40,
                             st.zombies_removed / 40, st.bonus_points / 100)
        one_hot(parts["phase"], ix.phases, st.phase)
        d = st.decision
        if d is not None:
            one_hot(parts["decision"], ix.decisions, d[1])
        parts["acting"][:] = (st.shots, float(st.wild), float(st.fought))
        _fill_humans(st, seat, ix.humans, parts)
        op = st.op
        shut = parts["openings"]  # boarded, locked, broken
        for j, o in enumerate(ix.openings):
            v = op[o]
            if v:
                if v & BOARDED:
                    shut[j, 0] = 1.0
                if v & LOCKED:
                    shut[j, 1] = 1.0
                if v & BROKEN:
                    shut[j, 2] = 1.0


def _fill_board(st: NightState, ix: _Places, parts: dict[str, np.ndarray]) -> None:
    """The board's planes (humans, zombies, dead humans, anything lying, each item kind) and the
    items carried, each written in one numpy call."""
    nh, plane = ix.humans, ix.plane
    ones: list[int] = []  # places on the board set to 1
    counts: dict[int, float] = {}  # places on the board counting zombies or items
    for i, h in enumerate(st.humans):
        if h.sq >= 0:
            if h.status == LIVE:
                ones.append(i * plane + h.sq)
            elif h.status == DEAD:
                ones.append((nh + 1) * plane + h.sq)
    at = nh * plane
    for sq in st.zsq.values():
        counts[at + sq] = counts.get(at + sq, 0.0) + 1.0
    carried: list[int] = []
    lying = (nh + 2) * plane
    kind, slot = ix.kind, ix.slot
    for i, w in enumerate(st.item_where):
        if w < 0 or w >= ON_OPENING:
            continue
        if w >= CARRIED:
            carried.append((w - CARRIED) * ix.items + slot[i])
        else:
            ones.append(lying + w)
            k = kind[i] + w
            counts[k] = counts.get(k, 0.0) + 1.0
    board = parts["board"].reshape(-1)
    if ones:
        board[ones] = 1.0
    if counts:
        board[list(counts)] = list(counts.values())
    if carried:
        parts["carried"].reshape(-1)[carried] = 1.0


def _fill_humans(st: NightState, seat: int, nh: int, parts: dict[str, np.ndarray]) -> None:
    """Each human's status and flags: injured, active, activated, hero, the seat's secret human."""
    status = parts["status"]
    last = status.shape[1] - 1
    human = parts["human"]
    for i, h in enumerate(st.humans):
        status[i, h.status if 0 <= h.status < last else last] = 1.0
        if h.injured:
            human[i, 0] = 1.0
    if 0 <= st.active < nh:
        human[st.active, 1] = 1.0
    for i in st.activated:
        if 0 <= i < nh:
            human[i, 2] = 1.0
    for i in st.heroes:
        if 0 <= i < nh:
            human[i, 3] = 1.0
    secret = st.secret[seat] if seat < len(st.secret) else -1
    if 0 <= secret < nh:
        human[secret, 4] = 1.0


class _Places:
    """The content's integers to the observation's places (made once per spec and content)."""

    def __init__(self, spec: NightSpec, c: NightContent) -> None:
        self.content = c
        grid = c.grid
        if (grid.width, grid.height) != (spec.width, spec.height):
            raise ValueError(f"The Night: a {grid.width}x{grid.height} map, not the setup's {spec.width}x{spec.height}")
        self.plane = grid.width * grid.height
        self.humans = len(spec.humans)
        self.items = len(spec.items)
        ids = [item.id for item in c.items]
        self.slot = [spec.item_index[i] for i in ids]
        #: item counter -> the start of its kind's plane
        self.kind = [(self.humans + 3 + spec.kind_of[i]) * self.plane for i in ids]
        self.openings = [o.id for o in grid.openings]
        self.phases = {x: i for i, x in enumerate(PHASES)}
        self.decisions = {x: i for i, x in enumerate(DECISIONS)}
