"""The state of a game of Zpocalypse 2: squads of survivors, the horde and the mutates on the board,
the Doom Track, the decks and the clocks of night and day."""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from mypy_extensions import mypyc_attr

from deadboard.core.dice import DicePool, Die, Rolled
from deadboard.core.game import Setup
from deadboard.core.kernel import KernelState
from deadboard.core.tracks import Track
from deadboard.games.zpocalypse_2.board import Board, board_for
from deadboard.games.zpocalypse_2.content import Content, ScenarioRecord

#: the action die: "the Z (zombie symbol) represents six points" — face 6 is the Z
ZD6: Final[Die[int]] = Die("zd6", (1, 2, 3, 4, 5, 6))
Z: Final = 6


#: action pools by their faces, each with its faces (shared: a pool is an immutable value, and the
#: same faces tuple lets the payments found for it be looked up by identity)
_POOLS: Final[dict[tuple[int, ...], tuple[DicePool, tuple[int, ...]]]] = {}


def action_pool(faces: tuple[int, ...]) -> tuple[DicePool, tuple[int, ...]]:
    """The action pool of action dice showing ``faces`` (in that order), and its faces."""
    found = _POOLS.get(faces)
    if found is None:
        if len(_POOLS) > 1 << 14:
            _POOLS.clear()
        found = _POOLS[faces] = (DicePool(tuple([Rolled(ZD6, f) for f in faces])), faces)
    return found


#: the Doom Tracks a chapter starts with, by (start, top, a milestone every): a track is an
#: immutable value, so one serves every game
_DOOM_TRACKS: Final[dict[tuple[int, int, int], Track]] = {}


def _doom_track(start: int, top: int, every: int) -> Track:
    key = (start, top, every)
    found = _DOOM_TRACKS.get(key)
    if found is None:
        marks = tuple(range(every, top + 1, every))
        found = _DOOM_TRACKS[key] = Track("doom", start, 0, top, milestones=marks)
    return found


#: :meth:`Track.moved` of a Doom Track, by the track's fields and the move (a track is an
#: immutable value: the same track moved the same way is the same track, milestones the same)
_MOVES: Final[dict[tuple[Any, ...], tuple[Track, tuple[int, ...]]]] = {}


def _moved(track: Track, by: int) -> tuple[Track, tuple[int, ...]]:
    key = (track.value, by, track.hi, track.milestones, track.lo, track.name, track.levels)
    found = _MOVES.get(key)
    if found is None:
        if len(_MOVES) > 1 << 12:
            _MOVES.clear()
        found = _MOVES[key] = track.moved(by)
    return found


def face_text(face: int) -> str:
    return "Z" if face == Z else str(face)


class Zombie(NamedTuple):
    """A horde zombie: its space, fresh or weak, knocked down, and who weakened it when
    (:meth:`ZState.hurt_mark`: the squad and the squad turn; -1: nobody's blast, or never)."""

    space: int
    fresh: bool
    down: bool = False
    hurt: int = -1


_new_tuple: Final = tuple.__new__


def new_zombie(space: int, fresh: bool) -> Zombie:
    """A horde zombie just placed on ``space``: upright, hurt by nobody."""
    return zombie(space, fresh, False, -1)


#: the zombies hurt by nobody, by ``space * 4 + fresh * 2 + down`` (None: not made yet). A zombie
#: is a value (a tuple), so one serves every zombie standing so in every game, and finding it costs
#: less than making it; a few hundred at most, whatever the games played
_UNHURT: Final[list[Zombie | None]] = []


def zombie(space: int, fresh: bool, down: bool, hurt: int) -> Zombie:
    """The horde zombie with these fields. Made as the tuple it is (a NamedTuple's own constructor
    is interpreted code, and zombies are placed and moved by the dozen an hour); one hurt by nobody
    is shared (:data:`_UNHURT`)."""
    if hurt != -1 or space < 0:
        return _new_tuple(Zombie, (space, fresh, down, hurt))
    i = space * 4 + (2 if fresh else 0) + (1 if down else 0)
    if i >= len(_UNHURT):
        _UNHURT.extend([None] * (i + 1 - len(_UNHURT)))
    found = _UNHURT[i]
    if found is None:
        found = _UNHURT[i] = _new_tuple(Zombie, (space, fresh, down, hurt))
    return found


class MutateOnBoard(NamedTuple):
    card: str
    space: int
    hp: int


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class Person:
    """A survivor in a squad: the card, HP, current skills and stats (after critical wounds), Bio
    and Radiation tokens, the equipped weapon and whether it is loaded."""

    __slots__ = (
        "bio",
        "card",
        "done",
        "hp",
        "kills",
        "loaded",
        "perks",
        "progress",
        "rad",
        "stats",
        "weapon",
        "wounds",
    )

    def __init__(self, card: str, hp: int, stats: dict[str, int], weapon: str | None) -> None:
        self.card = card
        self.hp = hp
        self.stats = stats
        self.weapon = weapon
        self.loaded = True
        self.bio = 0
        self.rad = 0
        self.wounds: list[str] = []
        self.perks: list[str] = []
        self.kills = 0  # zombies this survivor's attacks killed this night
        self.progress = 0  # towards the personal objective (crafts, scavenging wins, days on guard)
        self.done = False  # the personal objective is finished

    def clone(self) -> Person:
        p = Person.__new__(Person)
        p.card, p.hp, p.stats, p.weapon, p.loaded = (
            self.card,
            self.hp,
            dict(self.stats),
            self.weapon,
            self.loaded,
        )
        p.bio, p.rad, p.wounds, p.perks = self.bio, self.rad, list(self.wounds), list(self.perks)
        p.kills, p.progress, p.done = self.kills, self.progress, self.done
        return p


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class Squad:
    __slots__ = (
        "defence",
        "items",
        "kills",
        "levels",
        "people",
        "seat",
        "space",
        "stash",
        "stash_token",
        "tokens",
        "underground",
        "vp",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.people: list[Person] = []
        self.space = -1
        self.defence = 0
        self.vp = 0
        self.kills = 0
        self.levels = 0  # milestones of the progress track passed this phase
        self.items: list[str] = []  # carried cards (armory ids and supply ids)
        self.stash: list[str] = []  # the private stash
        self.stash_token = -1  # the private stash token's space at night (-1: not on the board)
        self.tokens: list[str] = []  # crafted Molotov Cocktail and Bomb tokens
        self.underground = False  # in the bunker tunnels

    def clone(self) -> Squad:
        s = Squad.__new__(Squad)
        s.seat, s.space, s.defence, s.vp, s.kills = self.seat, self.space, self.defence, self.vp, self.kills
        s.levels = self.levels
        s.people = [p.clone() for p in self.people]
        s.items, s.stash, s.stash_token = list(self.items), list(self.stash), self.stash_token
        s.tokens, s.underground = list(self.tokens), self.underground
        return s

    @property
    def alive(self) -> bool:
        return bool(self.people)


class ZState(KernelState):
    __slots__ = (
        "_pool",
        "actor",
        "board",
        "bombs",
        "content",
        "day",
        "decks",
        "doom",
        "doom_marks",
        "dropped",
        "faces",
        "first",
        "fled",
        "forts",
        "hour",
        "lost",
        "marks",
        "milestones",
        "mutate_deck",
        "mutates",
        "night",
        "pending",
        "phase",
        "public",
        "scenario",
        "searched",
        "siege",
        "squads",
        "stamp",
        "structures",
        "tally",
        "turn_moved",
        "turn_used",
        "upgrades",
        "wreck",
        "zombies",
    )

    content: Content
    board: Board
    scenario: ScenarioRecord
    squads: list[Squad]
    zombies: list[Zombie]
    mutates: list[MutateOnBoard]
    fled: list[tuple[str, int]]
    first: int
    mutate_deck: list[str]
    decks: dict[str, list[str]]
    doom: Track
    dropped: dict[int, list[str]]
    milestones: int  # milestones of the Doom Track reached and not yet spawned as mutates
    doom_marks: frozenset[int]  # every milestone of the Doom Track reached this chapter
    hour: int
    night: int
    day: int
    phase: str
    searched: set[int]
    public: list[str]
    _pool: DicePool
    faces: tuple[int, ...]  # the action pool's faces (kept with the pool: read by every decision)
    turn_moved: int
    turn_used: dict[tuple[str, str], int]
    stamp: int
    lost: str
    structures: dict[int, str]  # space -> the crafting card whose token stands there
    upgrades: list[str]  # crafted upgrade cards on the action board
    bombs: dict[int, int]  # space -> the seat that placed the bomb
    siege: dict[int, int]  # structure space -> zombies attacking it this hour
    forts: frozenset[int]
    wreck: set[int]  # structures a wrecker mutate attacks this hour
    tally: dict[str, int]  # the chapter's counts towards its goal (mutates defeated)
    marks: set[tuple[str, str]]  # once-per-day traits used: (survivor, trait)
    actor: str  # the survivor whose attack is being resolved ("": none)
    pending: list[Any]  # steps a rule resolved deep inside another asks for (a mutate's burst)

    def setup_state(self, setup: Setup, seed: int, content: Content, scenario: ScenarioRecord) -> None:
        self.init_common(setup, seed)
        self.content = content
        self.board = board_for(content.house)
        self.scenario = scenario
        rules = content.rules
        self.doom = _doom_track(scenario.doom, rules.doom_top, rules.milestone_every)
        self.milestones = 0
        self.doom_marks = frozenset()
        self.squads = [Squad(s) for s in range(setup.players)]
        self.zombies = []
        self.mutates = []
        self.fled = []
        self.dropped = {}
        self.first = 0
        self.mutate_deck = [m.id for m in content.mutates]
        self.decks = {"armory": [], "food": [], "resource": [], "wound": [], "perk": [], "survivor": []}
        self.hour = 0
        self.night = 0
        self.day = 1
        self.phase = "setup"
        self.searched = set()
        self.public = []
        self._pool, self.faces = action_pool(())
        self.turn_moved = 0
        self.turn_used = {}
        self.stamp = 0
        self.lost = ""
        self.structures = {}
        self.upgrades = []
        self.bombs = {}
        self.siege = {}
        self.forts = frozenset()
        self.wreck = set()
        self.tally = {}
        self.marks = set()
        self.actor = ""
        self.pending = []

    def clone(self) -> ZState:
        s = ZState.__new__(ZState)
        self.copy_common(s)
        self.copy_kernel(s)
        s.content, s.board, s.scenario = self.content, self.board, self.scenario
        s.squads = [q.clone() for q in self.squads]
        s.zombies = list(self.zombies)
        s.mutates = list(self.mutates)
        s.fled = list(self.fled)
        s.dropped = {k: list(v) for k, v in self.dropped.items()}
        s.first = self.first
        s.mutate_deck = list(self.mutate_deck)
        s.decks = {k: list(v) for k, v in self.decks.items()}
        s.doom, s.milestones, s.doom_marks = self.doom, self.milestones, self.doom_marks
        s.hour, s.night, s.day, s.phase = self.hour, self.night, self.day, self.phase
        s.searched = set(self.searched)
        s.public = list(self.public)
        s._pool, s.faces, s.turn_moved, s.turn_used, s.stamp = (
            self._pool,
            self.faces,
            self.turn_moved,
            dict(self.turn_used),
            self.stamp,
        )
        s.lost = self.lost
        s.structures = dict(self.structures)
        s.upgrades = list(self.upgrades)
        s.bombs = dict(self.bombs)
        s.siege = dict(self.siege)
        s.forts = self.forts
        s.wreck = set(self.wreck)
        s.tally = dict(self.tally)
        s.marks = set(self.marks)
        s.actor = self.actor
        s.pending = list(self.pending)
        return s

    @property
    def pool(self) -> DicePool:
        """The squad's action pool this turn."""
        return self._pool

    @pool.setter
    def pool(self, pool: DicePool) -> None:
        self._pool = pool
        self.faces = pool.faces

    def roll_pool(self, dice: int) -> None:
        """Roll ``dice`` action dice (in order, from the state's RNG) as the action pool, sorted:
        :meth:`DicePool.roll` then :meth:`DicePool.sorted`, the same draws and the same pool."""
        rng = self.rng  # its method called as such (compiled, a bound method held is a generic call)
        self._pool, self.faces = action_pool(tuple(sorted([rng.roll_die(ZD6) for _ in range(dice)])))

    def spend_dice(self, faces: tuple[int, ...]) -> None:
        """Spend one die of the action pool per face of ``faces`` (the first showing it; the others
        keep their order); ValueError if the pool lacks one."""
        left = self.faces
        for f in faces:
            if f not in left:
                raise ValueError(f"the action pool shows no {face_text(f)}")
            i = left.index(f)
            left = left[:i] + left[i + 1 :]
        self._pool, self.faces = action_pool(left)

    def hurt_mark(self, seat: int) -> int:
        """The mark of damage squad ``seat`` deals in the squad turn being played (``stamp``)."""
        return self.stamp * 8 + seat

    def take_pending(self) -> tuple[Any, ...]:
        out = tuple(self.pending)
        self.pending.clear()
        return out

    # ----- reading ----------------------------------------------------------------------------
    def survivor_name(self, card: str) -> str:
        return card

    def zombies_at(self, space: int) -> int:
        n = sum(1 for z in self.zombies if z.space == space)
        return n + sum(1 for m in self.mutates if m.space == space)

    def squad_at(self, space: int) -> Squad | None:
        for q in self.squads:
            if q.space == space and q.alive:
                return q
        return None

    def in_order(self) -> list[Squad]:
        """Every squad in turn order, from the first player."""
        squads = self.squads
        first = self.first % len(squads)
        return squads[first:] + squads[:first]

    def living(self) -> list[Squad]:
        return [q for q in self.in_order() if q.people]

    def move_doom(self, by: int, why: str) -> None:
        """Move the Doom Track. "Milestones only trigger a single mutate; once spawned, that
        milestone is considered a regular space on the Doom Track": a milestone reached again (the
        track fell below it and rose again) brings no second mutate."""
        self.doom, crossed = _moved(self.doom, by)
        new = [m for m in crossed if m not in self.doom_marks]
        if new:
            self.milestones += len(new)
            self.doom_marks = self.doom_marks.union(new)
        self.emit(
            "doom",
            f"Doom Track {'+' if by >= 0 else ''}{by} ({why}): {self.doom.value}",
            {"doom": self.doom.value},
        )

    def speed(self, q: Squad) -> int:
        """The squad's speed: its slowest survivor's (asked at every move offered)."""
        people = q.people
        slowest = people[0].stats["speed"]
        for p in people:
            s = p.stats["speed"]
            if s < slowest:
                slowest = s
        return slowest

    def smarts(self, q: Squad) -> int:
        return max(p.stats["smarts"] for p in q.people)

    def capacity(self, q: Squad) -> int:
        """ "Each survivor in a player's squad can hold two items - including any weapons they have
        equipped. Alternatively, if one of those survivors is not equipped with a weapon, your squad
        could carry four additional items instead": four for a survivor with no weapon."""
        return sum(2 if p.weapon is not None else 4 for p in q.people)

    def structures_changed(self) -> None:
        """Note the spaces holding a fortification token (no squad or zombie moves onto them)."""
        crafts = self.content.craft_by_id
        self.forts = frozenset(i for i, c in self.structures.items() if crafts[c].kind == "fortification")

    def beds(self) -> int:
        crafts = self.content.craft_by_id
        return sum(1 for c in self.upgrades if crafts[c].effect == "bed")

    def tunnels(self) -> list[int]:
        """The bunker tunnels' entrances, once the Bunker Tunnel card is crafted."""
        crafts = self.content.craft_by_id
        return sorted(i for i, c in self.structures.items() if crafts[c].effect == "tunnel")

    def carried(self, q: Squad) -> int:
        return len(q.items) + sum(1 for p in q.people if p.weapon is not None)
