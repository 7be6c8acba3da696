"""The state of a Day Night Z campaign between and during adventures: the group's survivors as they
grow (wounds, stress, infection, survival points, equipment, skills, allies), the shelter (its
facilities, fence and warehouse), the victory points, the Travel map as the group knows it (blocked
and revealed paths), the chapter of the campaign book being played, and — while an adventure is
played — the adventure's own state."""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from deadboard.core.dice import Die
from deadboard.core.game import Setup
from deadboard.core.kernel import KernelState
from deadboard.games.day_night_z.campaign_content import CampaignContent
from deadboard.games.day_night_z.state import DNZState

#: a hero's attributes, in the order of his JSON (a name, not ``Hero.__slots__``: mypyc compiles this
#: module, and a native class has no ``__slots__`` to read)
_HERO_FIELDS: Final = (
    "alive",
    "allies",
    "ammo",
    "battery",
    "fell",
    "health",
    "id",
    "infection",
    "items",
    "name",
    "seat",
    "skills",
    "sp",
    "spent",
    "stress",
    "supplies",
)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class Hero:
    """A survivor of the campaign: his sheet's wheels and what he carries, skills and allies."""

    __slots__ = _HERO_FIELDS

    def __init__(self, hid: str, name: str, seat: int) -> None:
        self.id, self.name, self.seat = hid, name, seat
        self.health = self.stress = self.infection = self.sp = 0
        self.ammo = self.supplies = self.battery = 0
        self.items: list[str] = []
        self.skills: list[str] = []
        self.allies: list[str] = []
        self.alive = True
        self.fell = ""  # where he died: "<phase> <chapter>"
        self.spent = 0  # victory points he spent in his turns

    def clone(self) -> Hero:
        h = Hero.__new__(Hero)
        for k in _HERO_FIELDS:
            setattr(h, k, getattr(self, k))
        h.items = self.items.copy()
        h.skills = self.skills.copy()
        h.allies = self.allies.copy()
        return h

    def to_json(self) -> dict[str, object]:
        return {k: (list(v) if isinstance(v := getattr(self, k), list) else v) for k in _HERO_FIELDS}


class CampaignState(KernelState):
    __slots__ = (
        "blocked",
        "chapter",
        "content",
        "days",
        "deck",
        "die",
        "discard",
        "facilities",
        "fence",
        "heroes",
        "inner",
        "leader",
        "on_path",
        "phase",
        "results",
        "revealed",
        "route",
        "shelter_days",
        "spaces",
        "spent",
        "store",
        "time",
        "votes",
        "vp",
        "vp_earned",
    )

    content: CampaignContent
    die: Die[str]
    heroes: list[Hero]
    chapter: int  # index into the campaign book
    phase: str  # "travel-out", "adventure", "travel-back", "shelter", "over"
    leader: int  # the seat with the leader marker
    time: str  # "day" or "night": when the last adventure ended (§6 TIME OF THE DAY)
    vp: int
    vp_earned: int
    spent: dict[str, int]  # what victory points were spent on -> how many
    facilities: dict[str, str]  # facility -> "basic" | "advanced"
    spaces: dict[str, str]  # facility -> its space on the shelter map
    fence: str  # "", "basic" or "advanced"
    store: int  # supplies in the warehouse
    blocked: set[str]
    revealed: set[str]
    route: tuple[str, ...]
    on_path: str
    deck: list[str]
    discard: list[str]
    votes: list[int]
    days: int  # days in the shelter this stay
    shelter_days: int  # days in the shelter over the campaign
    results: list[tuple[str, str]]  # (chapter, "accomplished" | "failed")
    inner: DNZState | None

    def setup_campaign(self, setup: Setup, seed: int, content: CampaignContent) -> None:
        self.init_common(setup, seed)
        self.content = content
        self.die = Die("dnz", content.adventure.rules.die.faces)
        self.heroes = []
        self.chapter = 0
        self.phase = "travel-out"
        self.leader = 0
        self.time = "day"
        self.vp = self.vp_earned = 0
        self.spent = {}
        self.facilities = {}
        self.spaces = {}
        self.fence = ""
        self.store = 0
        self.blocked = set()
        self.revealed = set()
        self.route = ()
        self.on_path = ""
        self.deck = []
        self.discard = []
        self.votes = []
        self.days = self.shelter_days = 0
        self.results = []
        self.inner = None

    def clone(self) -> CampaignState:
        s = CampaignState.__new__(CampaignState)
        self.copy_common(s)
        self.copy_kernel(s)
        s.content, s.die = self.content, self.die
        s.heroes = [h.clone() for h in self.heroes]
        s.chapter, s.phase, s.leader, s.time = self.chapter, self.phase, self.leader, self.time
        s.vp, s.vp_earned, s.spent = self.vp, self.vp_earned, self.spent.copy()
        s.facilities, s.spaces, s.fence, s.store = (
            self.facilities.copy(),
            self.spaces.copy(),
            self.fence,
            self.store,
        )
        s.blocked, s.revealed = self.blocked.copy(), self.revealed.copy()
        s.route, s.on_path = self.route, self.on_path
        s.deck, s.discard, s.votes = self.deck.copy(), self.discard.copy(), self.votes.copy()
        s.days, s.shelter_days, s.results = self.days, self.shelter_days, self.results.copy()
        s.inner = self.inner.clone() if self.inner is not None else None
        return s

    # ----- reading ---------------------------------------------------------------------------------
    def living(self) -> list[Hero]:
        return [h for h in self.heroes if h.alive]

    def hero(self, hid: str) -> Hero:
        for h in self.heroes:
            if h.id == hid:
                return h
        raise KeyError(hid)

    def leader_hero(self) -> Hero | None:
        """The leader's survivor, or (he died) the first living one."""
        for h in self.heroes:
            if h.alive and h.seat == self.leader:
                return h
        living = self.living()
        return living[0] if living else None

    def in_turn_order(self) -> list[Hero]:
        """The living survivors from the leader on, in seat order."""
        living = self.living()
        k = next((i for i, h in enumerate(living) if h.seat >= self.leader), 0)
        return living[k:] + living[:k]
