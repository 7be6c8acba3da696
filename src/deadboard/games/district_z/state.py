"""District-Z's game state and the CITY's layout.

The CITY is a grid of card positions ``y * width + x`` named like squares (``a1`` top left). Each
position holds a card: a LOCATION card index, ``OBJ + k`` for the k-th item index that is a LOCATION
OBJECTIVE card (so ``card - OBJ`` is an item index), or ``NO_CARD`` where the layout has a hole.

Single player (rulebook §Single Player City Setup, see docs/rulings/district-z.md), k = 2 side
columns each side (3 with the bigger city)::

        a    b    c    d    e    f    g    h    i
    1        .    .  [ .    .    . ]  .    .           [ ] the 3 x 3 block with the objective
    2   S    .    .  [ .    .    . ]  .    .    E      S the starting LOCATION, E the CITY'S EDGE
    3        .    .  [ .    .    . ]  .    .

Multiplayer: a 6 x 5 grid (7 x 6 with the bigger city); each player starts in a corner and escapes
at the diagonally opposite one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from deadboard.core.game import Setup
from deadboard.core.grid import column_name
from deadboard.core.kernel import KernelState
from deadboard.games.district_z.content import DistrictContent

NO_CARD = -1
OBJ = 10_000

# player status
WAITING = 0  # no survivor in the CITY yet (before the first arrival, or choosing after a death)
LIVE = 1
ZOMBIE = 2  # a ZOMBIE SURVIVOR
OUT = 3  # no survivor left to play (or retired)
ESCAPED = 4
STATUS_NAMES = ("waiting", "live", "zombie", "out", "escaped")

DIRS = ("north", "east", "south", "west")
_DXY = ((0, -1), (1, 0), (0, 1), (-1, 0))


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    cells: tuple[bool, ...]  # which positions hold a card
    names: tuple[str, ...]
    index: dict[str, int]
    nbr: tuple[tuple[tuple[str, int], ...], ...]  # position -> ((direction, position), ...)
    start: int  # single player
    edge: int  # single player
    objective_cells: tuple[int, ...]  # where an objective may lie at setup
    corners: tuple[int, ...]  # multiplayer start corners (a1, f1, a5, f5 ...)
    opposite: dict[int, int] = field(default_factory=dict)
    step: tuple[dict[str, int], ...] = ()  # position -> {direction: the position a move there reaches}
    held: tuple[int, ...] = ()  # the positions that hold a card

    @property
    def n(self) -> int:
        return self.width * self.height

    def positions(self) -> list[int]:
        return list(self.held)


def _layout(width: int, height: int, cells: list[bool], start: int, edge: int, objective_cells: list[int],
            corners: list[int]) -> Layout:
    names = tuple(f"{column_name(p % width)}{p // width + 1}" for p in range(width * height))
    nbr = []
    for p in range(width * height):
        x, y = p % width, p // width
        out = []
        if cells[p]:
            for d, (dx, dy) in zip(DIRS, _DXY):
                nx, ny = x + dx, y + dy
                if 0 <= nx < width and 0 <= ny < height and cells[ny * width + nx]:
                    out.append((d, ny * width + nx))
        nbr.append(tuple(out))
    opposite = {}
    for c in corners:
        x, y = c % width, c // width
        opposite[c] = (height - 1 - y) * width + (width - 1 - x)
    return Layout(width, height, tuple(cells), names, {n: i for i, n in enumerate(names)}, tuple(nbr), start, edge,
                  tuple(objective_cells), tuple(corners), opposite, tuple(dict(moves) for moves in nbr),
                  tuple(p for p in range(width * height) if cells[p]))


@lru_cache(maxsize=8)
def single_layout(side: int) -> Layout:
    """The single player CITY with ``side`` columns of three on each side of the 3 x 3 block."""
    width = 3 + 2 * side + 2
    cells = [False] * (width * 3)
    for y in range(3):
        for x in range(1, width - 1):
            cells[y * width + x] = True
    start, edge = width, 2 * width - 1
    cells[start] = cells[edge] = True
    middle = [y * width + x for y in range(3) for x in range(1 + side, 4 + side)]
    return _layout(width, 3, cells, start, edge, middle, [])


@lru_cache(maxsize=8)
def multi_layout(width: int, height: int) -> Layout:
    cells = [True] * (width * height)
    corners = [0, width - 1, (height - 1) * width, height * width - 1]
    return _layout(width, height, cells, -1, -1, list(range(width * height)), corners)


class Player:
    """A seat's playing piece and SURVIVOR card, with its counters and equipped items."""

    __slots__ = ("arriving", "edge", "ending", "infection", "items", "kills", "pos", "seat", "start", "status",
                 "surv", "used", "wounds")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.surv = -1  # survivor index
        self.status = WAITING
        self.pos = -1
        self.start = -1
        self.edge = -1
        self.wounds = 0
        self.infection = 0
        self.items: list[int] = []  # equipped item indices (objectives included)
        self.arriving = True  # the next turn is an arrival at the starting LOCATION
        self.kills = 0
        self.used: list[int] = []  # survivors this seat has played, in order
        self.ending = ""  # escaped / died / turned / out

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.seat = self.seat
        p.surv = self.surv
        p.status = self.status
        p.pos = self.pos
        p.start = self.start
        p.edge = self.edge
        p.wounds = self.wounds
        p.infection = self.infection
        p.items = self.items.copy()
        p.arriving = self.arriving
        p.kills = self.kills
        p.used = self.used.copy()
        p.ending = self.ending
        return p


class DistrictState(KernelState):
    __slots__ = (
        "c", "card", "cb_escape", "cb_n", "cb_opts", "cb_pos", "cb_seat", "cb_shield", "cb_used", "cfg", "counters",
        "cur", "dropped", "lay", "names", "order", "places", "players", "reason", "rounds", "seen",
        "setaside", "team", "turns", "unused", "up", "used_unique", "v_done", "winners", "zs_kill",
    )

    c: DistrictContent
    lay: Layout

    def __init__(self, content: DistrictContent, cfg: Any, lay: Layout, setup: Setup, seed: int) -> None:
        self.c = content
        self.cfg = cfg
        self.lay = lay
        self.init_common(setup, seed)
        self.init_kernel()
        n = lay.n
        self.players = [Player(s) for s in range(setup.players)]
        #: each seat's name in the log and the prompts: its SURVIVOR's, ``Player1`` before it has one
        #: (a value replaced when a seat chooses a survivor, so clones share it; events name the
        #: acting survivor at nearly every step)
        self.names = tuple(f"Player{s + 1}" for s in range(setup.players))
        self.card = [NO_CARD] * n
        self.up = [False] * n
        self.seen = [False] * n  # the identity of the card now there is public (it has been face up)
        self.counters = [0] * n  # ZOMBIE counters
        self.dropped: list[tuple[int, ...]] = [()] * n  # items dropped at each LOCATION
        self.setaside: list[int] = []  # LOCATION cards that replace found objectives
        self.unused: list[int] = []  # LOCATION cards not in the CITY (unique-event replacements)
        self.used_unique = [False] * len(content.locations)
        self.order: list[int] = []  # seats in turn order
        self.cur = -1  # index into order of the seat taking its turn
        self.rounds = 0
        self.turns = 0
        self.cb_seat = -1  # the survivor in combat with zombies
        self.cb_n = 0  # zombies left in this combat
        self.cb_pos = -1
        self.cb_escape = True
        self.cb_used: tuple[int, ...] = ()  # item indices used in this combat (checked after it)
        self.cb_shield = False  # Thick Skin spent in this combat
        self.cb_opts: tuple[tuple[int, int, str], ...] = ()  # pairing options (kills, wounds, text)
        self.v_done = False  # this visit's event was completed (not skipped)
        self.reason = ""
        self.winners: tuple[int, ...] = ()
        self.places: list[int] = []  # seats in the order they escaped
        self.team: list[tuple[int, tuple[int, ...]]] = []  # survivors (with loadouts) fighting a zombie survivor together
        self.zs_kill = False  # the last death was caused by a zombie survivor

    def clone(self) -> DistrictState:
        s = DistrictState.__new__(DistrictState)
        s.c = self.c
        s.cfg = self.cfg
        s.lay = self.lay
        self.copy_common(s)
        self.copy_kernel(s)
        s.players = [p.copy() for p in self.players]
        s.names = self.names
        s.card = self.card.copy()
        s.up = self.up.copy()
        s.seen = self.seen.copy()
        s.counters = self.counters.copy()
        s.dropped = self.dropped.copy()
        s.setaside = self.setaside.copy()
        s.unused = self.unused.copy()
        s.used_unique = self.used_unique.copy()
        s.order = self.order.copy()
        s.cur = self.cur
        s.rounds = self.rounds
        s.turns = self.turns
        s.cb_seat = self.cb_seat
        s.cb_n = self.cb_n
        s.cb_pos = self.cb_pos
        s.cb_escape = self.cb_escape
        s.cb_used = self.cb_used
        s.cb_shield = self.cb_shield
        s.cb_opts = self.cb_opts
        s.v_done = self.v_done
        s.reason = self.reason
        s.winners = self.winners
        s.places = self.places.copy()
        s.team = self.team.copy()
        s.zs_kill = self.zs_kill
        return s

    # ----- small queries ----------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        """The name the log and the prompts give the seat's piece (:attr:`names`)."""
        return self.names[seat]

    def live_at(self, pos: int, but: int = -1) -> list[int]:
        return [p.seat for p in self.players if p.status == LIVE and p.pos == pos and p.seat != but]

    def zombies_at(self, pos: int) -> list[int]:
        return [p.seat for p in self.players if p.status == ZOMBIE and p.pos == pos]

    def fallen(self, p: Player) -> bool:
        """A lone survivor whose death or turning ended the game: the rules leave the piece as it
        was, the front ends show it gone."""
        return self.over and p.status == LIVE and p.ending in ("died", "turned")

    def on_board(self, p: Player) -> bool:
        """Whether the player's piece stands in the CITY (a survivor or a ZOMBIE SURVIVOR)."""
        return p.status == ZOMBIE or (p.status == LIVE and not self.fallen(p))

    def status_text(self, p: Player) -> str:
        """A player's status as the front ends show it."""
        if p.status == ESCAPED:
            return f"escaped ({self.places.index(p.seat) + 1})"
        if self.fallen(p):
            return "dead" if p.ending == "died" else "turned"
        return STATUS_NAMES[p.status]

    def in_combat(self) -> bool:
        return self.cb_seat >= 0 and self.cb_n > 0 and not self.over

    def card_name(self, pos: int) -> str:
        card = self.card[pos]
        if card == NO_CARD:
            return "-"
        if card >= OBJ:
            return self.c.items[card - OBJ].name
        return self.c.locations[card].name
