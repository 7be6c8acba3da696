"""Zombie Dawn's game state.

Everything that changes lives in :class:`DawnState`, in flat lists and small objects so that
:meth:`DawnState.clone` is a handful of C-level copies. Static things (content, the map once it is
laid out, the configuration) are shared references.

Cards are integers: an *action card* is an instance index into ``content.action_cards``, an *item*
an instance index into ``content.item_cards``, a *damage* an instance into ``content.damage_cards``;
characters, skills, missions and seasons are record indexes (there is one card of each).

The flow is the kernel's stack of steps (:mod:`deadboard.core.kernel`, top = end): decisions (a
response window, a damage to place, items to share out, an offer being made or answered ...), the
running combat's step with the combats waiting for it beneath, and at the bottom the step that gives the active player a turn decision whenever
nothing else is left to resolve.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from mypy_extensions import mypyc_attr

from deadboard.core.deck import Deck
from deadboard.core.game import Setup, frozen_reduce
from deadboard.core.kernel import KernelState
from deadboard.games.zombie_dawn.board import Board
from deadboard.games.zombie_dawn.content import COLOURS, DawnContent

SETUP = "setup"
PLAY = "play"
OVER = "over"

NO_VEHICLE = -1

#: missions dealt to each player (rulebook §Game Setup: "2 Characters, 1 Special Item, 6 Action cards
#: and 5 Missions"), the five a solo player must complete
MISSIONS_EACH = 5


@dataclass(frozen=True)
class Config:
    """What a setup makes of the rules: players, rounds, season deck recipe, card pools."""

    players: int
    solo: bool
    rounds: int
    season_counts: tuple[int, int, int, int]  # spring, summer, autumn, winter
    expert: bool
    zones_each: int  # map zones dealt to each player (solo: the column layout)

    def __reduce__(self) -> tuple[Any, ...]:
        return frozen_reduce(self)  # compiled, a frozen dataclass unpickles by its fields in order


class Trip(NamedTuple):
    """A vehicle movement just made (zombies may stop it at any square of it until the window after
    it closes)."""

    seat: int
    start: int
    path: tuple[int, ...]
    protect: bool  # the vehicle protects the group: no zombie may be played against it meanwhile


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class Group:
    """A player's group of survivors and everything the player owns."""

    __slots__ = (
        "adrenaline",
        "chars",
        "cold_blood",
        "dead",
        "declared",
        "done",
        "found",
        "given",
        "hand",
        "missions",
        "searching",
        "seat",
        "sq",
        "talked",
        "trophies",
        "trophy_bonus",
        "vehicle",
        "vehicle_turned",
        "vp_skills",
        "xp",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.sq = -1
        self.chars: list[int] = []  # characters in the group, in the order they joined
        self.hand: list[int] = []  # action cards
        self.missions: list[int] = []  # hidden mission cards
        self.done: list[int] = []  # completed missions (Victory Points pile)
        self.vp_skills: list[int] = []  # skills in the Victory Points pile
        self.dead: list[int] = []  # dead characters (Victory Points pile, -1 each)
        self.xp = 0
        self.trophies: list[int] = []  # zombie cards won this round
        self.trophy_bonus = 0  # trophy points from abilities this round
        self.vehicle = NO_VEHICLE
        self.vehicle_turned = False
        self.found: list[int] = []  # items found in the location being searched
        self.searching = False
        self.declared = -1  # the Clear a Location mission being attempted
        self.cold_blood = False  # Cold Blood used this round
        self.given: tuple[int, ...] = ()  # items passed between Pjs this turn or attack phase
        self.talked = 0  # bit t: an offer already made to seat t this turn (or attack phase)
        self.adrenaline = 0  # extra dice for the next attack

    def copy(self) -> Group:
        g = Group.__new__(Group)
        g.seat = self.seat
        g.sq = self.sq
        g.chars = self.chars.copy()
        g.hand = self.hand.copy()
        g.missions = self.missions.copy()
        g.done = self.done.copy()
        g.vp_skills = self.vp_skills.copy()
        g.dead = self.dead.copy()
        g.xp = self.xp
        g.trophies = self.trophies.copy()
        g.trophy_bonus = self.trophy_bonus
        g.vehicle = self.vehicle
        g.vehicle_turned = self.vehicle_turned
        g.found = self.found.copy()
        g.searching = self.searching
        g.declared = self.declared
        g.cold_blood = self.cold_blood
        g.given = self.given
        g.talked = self.talked
        g.adrenaline = self.adrenaline
        return g


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class Combat:
    """A combat in progress: a group against zombies, or two groups (``duel``).

    What comes next in it is the combat's step on the stack (:mod:`.combat`, :mod:`.duel`);
    ``ended`` marks a combat that has ended (won, lost or fled) and whose step has not yet closed it.
    """

    __slots__ = (
        "attacked",
        "blocked",
        "dice",
        "duel",
        "ended",
        "enemy",
        "fx",
        "group",
        "melee",
        "mission",
        "noise_done",
        "phases",
        "stances",
        "starter",
        "talks",
        "types",
        "unblock_tried",
        "used",
        "zombies",
    )

    def __init__(self, group: int, starter: int, duel: bool = False, enemy: int = -1) -> None:
        self.group = group  # the group fighting zombies; the defender in a duel
        self.enemy = enemy  # the attacking group in a duel
        self.duel = duel
        self.starter = starter  # the seat that started the combat (-1: nobody)
        self.zombies: list[int] = []  # zombie cards in the combat
        self.dice = 0  # zombie dice left
        self.melee = False  # True once ranged attacks are over
        self.noise_done: tuple[int, ...] = ()  # weapons whose Noise has been applied
        self.used: tuple[int, ...] = ()  # weapons used in the attack phase just rolled
        self.types = [0, 0, 0, 0, 0]  # special zombies of each type in play
        self.fx = (0, 0, 0, False, False)  # lod, zhit, ghit, no_flee, no_ranged from the zombies
        self.blocked = False  # Blocked Access
        self.unblock_tried = False
        self.attacked: tuple[int, ...] = ()  # zombie cards that have made their first attack
        self.mission = -1  # Clear a Location mission being attempted
        self.ended = False
        self.phases = 0
        self.stances: tuple[str, str] = ("", "")  # duel: attacker's and defender's choice
        self.talks = 0  # duel: bit s: seat s has made an offer in this attack phase

    def copy(self) -> Combat:
        c = Combat.__new__(Combat)
        c.group = self.group
        c.enemy = self.enemy
        c.duel = self.duel
        c.starter = self.starter
        c.zombies = self.zombies.copy()
        c.dice = self.dice
        c.melee = self.melee
        c.noise_done = self.noise_done
        c.used = self.used
        c.types = self.types.copy()
        c.fx = self.fx
        c.blocked = self.blocked
        c.unblock_tried = self.unblock_tried
        c.attacked = self.attacked
        c.mission = self.mission
        c.ended = self.ended
        c.phases = self.phases
        c.stances = self.stances
        c.talks = self.talks
        return c

    def to_json(self, content: DawnContent, stage: str) -> dict[str, Any]:
        """The combat in the snapshot; ``stage`` names the combat's step on the stack as the
        snapshot has always named it (``open``, ``decide``, ``noise``, ``check``; in a duel
        ``open``, ``attacker``, ``defender``, ``resolve``; ``over``)."""
        return {
            "group": COLOURS[self.group],
            "duel": self.duel,
            "enemy": COLOURS[self.enemy] if self.enemy >= 0 else None,
            "starter": COLOURS[self.starter] if self.starter >= 0 else None,
            "zombies": [content.actions[content.action_cards[z]].id for z in self.zombies],
            "dice": self.dice,
            "melee": self.melee,
            "noise_done": [content.item_names[i] for i in self.noise_done],
            "types": list(self.types),
            "blocked": self.blocked,
            "unblock_tried": self.unblock_tried,
            "mission": content.missions[self.mission].id if self.mission >= 0 else None,
            "stage": stage,
            "phases": self.phases,
            "stances": list(self.stances),
            "talks": [COLOURS[s] for s in range(4) if self.talks >> s & 1],
        }


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class DawnState(KernelState):
    __slots__ = (
        "actions",
        "active",
        "blue",
        "board",
        "c",
        "cfg",
        "char_damage",
        "char_deck",
        "char_items",
        "char_skills",
        "combat",
        "damage",
        "dealt",
        "green",
        "groups",
        "last_drive",
        "layout",
        "missions",
        "phase",
        "reason",
        "round",
        "searched",
        "season",
        "season_deck",
        "season_out",
        "skill_deck",
        "specials",
        "start",
        "truce",
        "turned",
        "turns_done",
        "used_characters",
        "used_skills",
    )

    c: DawnContent
    cfg: Config

    def __init__(self, content: DawnContent, cfg: Config, setup: Setup, seed: int) -> None:
        self.c = content
        self.cfg = cfg
        self.init_common(setup, seed)
        self.init_kernel()
        self.phase = SETUP
        self.reason = ""
        self.groups: list[Group] = [Group(s) for s in range(cfg.players)]
        nchars = len(content.characters)
        self.char_damage: list[tuple[int, ...]] = [()] * nchars  # damage cards on each character
        self.char_items: list[tuple[int, ...]] = [()] * nchars  # items each character carries
        self.char_skills: list[tuple[int, ...]] = [()] * nchars  # skills of each character
        self.turned = 0  # bit i: item instance i is turned
        self.used_characters = 0  # bit ch: the character's activated ability was used this round (its card is turned)
        self.used_skills = 0  # bit s: the skill's activated ability was used this round
        self.truce = 0  # bit 4a+b: group a agreed (accepting an offer) not to attack group b this round
        self.actions: Deck[int] = Deck()
        self.green: Deck[int] = Deck()
        self.blue: Deck[int] = Deck()
        self.specials: Deck[int] = Deck()
        self.damage: Deck[int] = Deck()
        self.char_deck: Deck[int] = Deck(reshuffle=False)
        self.skill_deck: Deck[int] = Deck(reshuffle=False)
        self.missions: Deck[int] = Deck()
        self.season_deck: list[int] = []  # top = end
        self.season_out: list[int] = []  # season cards left out of the game (never seen)
        self.season = -1  # the season card of this round
        self.round = 0
        self.start = 0  # the Start Player
        self.active = 0  # whose turn it is
        self.turns_done = 0  # turns finished this round
        # the map: during setup, each player's placements (zone, x, y, rotation) and the zones
        # still to place; after it, the laid-out board (shared, never changed)
        self.layout: list[tuple[tuple[int, int, int, int], ...]] = [() for _ in range(cfg.players)]
        self.dealt: list[tuple[int, ...]] = [() for _ in range(cfg.players)]
        self.board: Board | None = None
        self.searched: list[int] = []  # square -> bit per colour of the Searched tokens there
        self.combat: Combat | None = None
        self.last_drive: Trip | None = None

    def clone(self) -> DawnState:
        s = DawnState.__new__(DawnState)
        s.c = self.c
        s.cfg = self.cfg
        self.copy_common(s)
        self.copy_kernel(s)
        s.phase = self.phase
        s.reason = self.reason
        s.groups = [g.copy() for g in self.groups]
        s.char_damage = self.char_damage.copy()
        s.char_items = self.char_items.copy()
        s.char_skills = self.char_skills.copy()
        s.turned = self.turned
        s.used_characters = self.used_characters
        s.used_skills = self.used_skills
        s.truce = self.truce
        s.actions = self.actions.copy()
        s.green = self.green.copy()
        s.blue = self.blue.copy()
        s.specials = self.specials.copy()
        s.damage = self.damage.copy()
        s.char_deck = self.char_deck.copy()
        s.skill_deck = self.skill_deck.copy()
        s.missions = self.missions.copy()
        s.season_deck = self.season_deck.copy()
        s.season_out = self.season_out.copy()
        s.season = self.season
        s.round = self.round
        s.start = self.start
        s.active = self.active
        s.turns_done = self.turns_done
        s.layout = self.layout.copy()
        s.dealt = self.dealt.copy()
        s.board = self.board
        s.searched = self.searched.copy()
        s.combat = self.combat.copy() if self.combat is not None else None
        s.last_drive = self.last_drive
        return s

    # ----- small queries used everywhere ----------------------------------------------------------
    def seats(self) -> int:
        return self.cfg.players

    def occupied(self) -> set[int]:
        return {g.sq for g in self.groups}

    def is_turned(self, item: int) -> bool:
        return bool(self.turned >> item & 1)

    def set_turned(self, item: int, turned: bool) -> None:
        if turned:
            self.turned |= 1 << item
        else:
            self.turned &= ~(1 << item)

    def carried(self, seat: int) -> list[int]:
        """Every item the group's characters carry."""
        out: list[int] = []
        char_items = self.char_items
        for ch in self.groups[seat].chars:
            out.extend(char_items[ch])
        return out

    def owner_of_char(self, ch: int) -> int:
        for g in self.groups:
            if ch in g.chars:
                return g.seat
        return -1
