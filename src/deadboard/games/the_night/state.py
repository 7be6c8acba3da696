"""The Night's game state.

Everything that changes lives here, in flat lists and small dicts so that :meth:`NightState.clone`
is a handful of C-level copies. Static things (the map, counters, the scenario's configuration)
are shared references.

Item locations are encoded in one int per item counter (``item_where``):

    NOT_IN_GAME (-1)   in the draw container or unused      CARRIED + h   carried by human h
    REMOVED     (-2)   removed from the game                ON_OPENING + o  a board on opening o
    0 .. n-1           lying on that square
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

from deadboard.core.game import Setup
from deadboard.core.kernel import KernelState
from deadboard.games.the_night.config import Config
from deadboard.games.the_night.content import NightContent

NOT_IN_GAME: Final = -1
REMOVED: Final = -2
SET_ASIDE: Final = -3  # chosen in Alternative Item Draw 2, waiting to be placed
CARRIED: Final = 10_000
ON_OPENING: Final = 20_000

# Opening flags
BOARDED: Final = 1
LOCKED: Final = 2
BROKEN: Final = 4

# Human status
ABSENT: Final = 0  # not in this game
LIVE: Final = 1
DEAD: Final = 2  # a dead human counter on the map, may reanimate
ZOMBIE: Final = 3  # reanimated: now the human zombie HUMAN_ZOMBIE + index
GONE: Final = 4  # the human zombie was destroyed
ESCAPED: Final = 5  # left the map by the story's exit (Make Your Own Story)

STATUS_NAMES = ("absent", "live", "dead", "zombie", "gone", "escaped")

HUMAN_ZOMBIE: Final = 100  # zombie id of human i's zombie counter is 100 + i

# The names of the phases, for the drawing, the bot and the snapshot (``NightState.phase``)
SETUP = "setup"
ARRIVAL = "arrival"
REANIMATION = "reanimation"
ZOMBIES = "zombies"
HUMANS = "humans"
EVENTS = "events"
OVER = "over"


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class Human:
    """A human character's counter and its per-game condition."""

    __slots__ = (
        "ap_bonus_next",
        "attrs",
        "fear_turn",
        "fell_turn",
        "idx",
        "injured",
        "lucky_used",
        "name",
        "sq",
        "status",
    )

    def __init__(self, idx: int, name: str) -> None:
        self.idx = idx
        self.name = name
        self.status = ABSENT
        self.sq = -1
        self.injured = False  # Random Event "Injury!": 3 AP from now on
        self.attrs: tuple[str, ...] = ()  # Character Attributes
        self.fell_turn = 0  # "I fell over!": cannot be activated in this turn
        self.fear_turn = 0  # "Fear of the dark!": only 1 square of movement in this turn if outside
        self.ap_bonus_next = 0  # "Second wind!": extra AP in the next activation
        self.lucky_used = False

    def copy(self) -> Human:
        h = Human.__new__(Human)
        h.idx = self.idx
        h.name = self.name
        h.status = self.status
        h.sq = self.sq
        h.injured = self.injured
        h.attrs = self.attrs
        h.fell_turn = self.fell_turn
        h.fear_turn = self.fear_turn
        h.ap_bonus_next = self.ap_bonus_next
        h.lucky_used = self.lucky_used
        return h

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "status": STATUS_NAMES[self.status],
            "square": self.sq,
            "injured": self.injured,
            "attributes": list(self.attrs),
            "fell_turn": self.fell_turn,
            "fear_turn": self.fear_turn,
            "ap_bonus_next": self.ap_bonus_next,
            "lucky_used": self.lucky_used,
        }


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class NightState(KernelState):
    __slots__ = (
        "activated",
        "active",
        "active_seat",
        "allowed",
        "ap",
        "bonus_points",
        "c",
        "cfg",
        "cup",
        "early_end_turn",
        "fired",
        "fought",
        "frozen",
        "heroes",
        "humans",
        "item_where",
        "kills",
        "last_turn_cleared",
        "move_limit",
        "moves_made",
        "op",
        "passes",
        "phase",
        "picks",
        "reason",
        "secret",
        "shots",
        "stacked",
        "turn",
        "wild",
        "zact",
        "zap_left",
        "zocc",
        "zombies_removed",
        "zsq",
    )

    c: NightContent
    cfg: Config

    def __init__(self, content: NightContent, cfg: Config, setup: Setup, seed: int) -> None:
        self.c = content
        self.cfg = cfg
        self.init_common(setup, seed)
        self.turn = 0
        self.phase = SETUP  # the phase's name, for display only: no rule reads it
        self.humans: list[Human] = [Human(i, h.name) for i, h in enumerate(content.humans)]
        self.heroes: tuple[int, ...] = ()
        n = content.grid.n
        self.zsq: dict[int, int] = {}  # zombie id -> square, for every zombie on the map
        self.zocc: list[int] = [0] * n  # square -> zombie id standing there (0 = none)
        self.stacked: tuple[int, ...] = ()  # reanimated zombies sharing a square with another zombie
        self.cup: list[int] = []  # the zombie draw container
        self.item_where: list[int] = [NOT_IN_GAME] * len(content.items)
        self.op: list[int] = [0] * len(content.grid.openings)
        self.zombies_removed = 0
        self.kills: list[int] = [0] * max(1, cfg.human_seats)  # Hidden Hero: zombies killed per player
        self.secret: list[int] = [-1] * cfg.human_seats  # Hidden Hero: each player's secret human
        self.bonus_points = 0  # Quick Game alternative 1: a point per character surviving a turn
        self.early_end_turn = 0  # the turn in which the game ended early (0: it did not)
        self.last_turn_cleared = 0  # Take the House: the turn in which the last zombie fell
        self.reason = ""  # why the game ended
        # Live Human Action Phase
        self.allowed = 0  # how many humans may act this phase (D6)
        self.activated: tuple[int, ...] = ()  # humans who have acted (or are acting) this phase
        self.active = -1  # the human acting now
        self.ap = 0  # its Action Points left
        self.shots = 0  # shots it has fired this turn
        self.wild = False  # Fast but Wild Shooter: it chose to shoot twice (-1, then -2)
        self.fought = False  # it fought hand-to-hand this turn
        self.moves_made = 0  # squares it has moved this activation (Fear of the dark)
        self.fired: tuple[tuple[int, int], ...] = ()  # (weapon, shooter) for each shot this turn
        self.passes = 0  # consecutive seats that passed their activation pick (Hidden Hero)
        self.picks = 0  # activation picks and passes made this phase (whose pick it is)
        self.active_seat = 0  # the seat controlling the acting human
        self.frozen = False  # Dark Yard alternative 1: the acting human cannot move
        self.move_limit = -1  # Fear of the dark: squares the acting human may still move (-1: no limit)
        # Zombie Action Phase with a Zombie Player
        self.zact = 0  # the zombie acting now (0: none)
        self.zap_left = 0

    def clone(self) -> NightState:
        s = NightState.__new__(NightState)
        s.c = self.c
        s.cfg = self.cfg
        self.copy_common(s)
        self.copy_kernel(s)
        s.turn = self.turn
        s.phase = self.phase
        s.humans = [h.copy() for h in self.humans]
        s.heroes = self.heroes
        s.zsq = self.zsq.copy()
        s.zocc = self.zocc.copy()
        s.stacked = self.stacked
        s.cup = self.cup.copy()
        s.item_where = self.item_where.copy()
        s.op = self.op.copy()
        s.zombies_removed = self.zombies_removed
        s.kills = self.kills.copy()
        s.secret = self.secret.copy()
        s.bonus_points = self.bonus_points
        s.early_end_turn = self.early_end_turn
        s.last_turn_cleared = self.last_turn_cleared
        s.reason = self.reason
        s.allowed = self.allowed
        s.activated = self.activated
        s.active = self.active
        s.ap = self.ap
        s.shots = self.shots
        s.wild = self.wild
        s.fought = self.fought
        s.moves_made = self.moves_made
        s.fired = self.fired
        s.passes = self.passes
        s.picks = self.picks
        s.active_seat = self.active_seat
        s.frozen = self.frozen
        s.move_limit = self.move_limit
        s.zact = self.zact
        s.zap_left = self.zap_left
        return s

    # ----- small queries used everywhere ----------------------------------------------------------
    def carried(self, h: int) -> list[int]:
        tag = CARRIED + h
        return [i for i, w in enumerate(self.item_where) if w == tag]

    def items_at(self, sq: int) -> list[int]:
        return [i for i, w in enumerate(self.item_where) if w == sq]
