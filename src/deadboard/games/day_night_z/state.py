"""The state of an adventure of Day Night Z: the survivors, the enemies, the tiles in play with their
markers, noise, the threat indicator, the Day-Night counter and the decks.

Positions: a survivor is either in a city zone (``zone``, ``tile`` empty) or on a tile in play
(``tile`` its instance id, ``cell`` the subzone 0-15). A subzone is named ``<tile>-<cell>`` in action
texts and noise keys (``t2-b3``); a city zone by its id (``s4``)."""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from deadboard.core.dice import Die
from deadboard.core.game import Setup
from deadboard.core.kernel import KernelState
from deadboard.core.rng import Rng
from deadboard.core.tracks import Clock
from deadboard.games.day_night_z.board import CityBoard, TileGeometry, city_board, subzone_name, tile_geometry
from deadboard.games.day_night_z.content import Adventure, Content
from deadboard.games.day_night_z.records import Foe, Item, Numbers, PerkRow, Sheet

#: terrain markers that block sight (§3.10: blocked terrain, fire "has the same effect as blocked
#: terrain", a vehicle is a blocked terrain marker)
SIGHT_MARKERS: Final = ("blocked", "fire", "vehicle")
#: terrain markers no figure may enter (a vehicle too until searched: TileInPlay.closed)
MOVE_MARKERS: Final = ("blocked", "fire", "impassable")


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class Survivor:
    __slots__ = (
        "ammo",
        "ap",
        "battery",
        "cell",
        "dead",
        "defensive",
        "encounter",
        "fired",
        "halted",
        "health",
        "hidden",
        "id",
        "infection",
        "items",
        "lit",
        "name",
        "noise",
        "off",
        "reserve",
        "seat",
        "slow",
        "sp",
        "stress",
        "supplies",
        "tile",
        "weapon",
        "worn",
        "zone",
    )

    def __init__(self, sid: str, name: str, seat: int) -> None:
        self.id, self.name, self.seat = sid, name, seat
        self.health = self.stress = self.infection = self.sp = 0
        self.ammo = self.supplies = self.battery = 0
        self.items: list[str] = []  # every search card carried: hands, body and backpack
        self.weapon = ""  # the card in the main hand ("" none); a two-handed card takes both hands
        self.off = ""  # the card in the off hand ("" none)
        self.worn: dict[str, str] = {}  # body location -> equipment
        # the backpack holds the cards of ``items`` neither in a hand nor worn (inventory.backpack)
        self.zone = ""
        self.tile = ""
        self.cell = -1
        self.ap = self.reserve = 0
        self.dead = self.hidden = self.defensive = self.fired = False
        self.halted = False  # a card ended his activation while its effects were still resolving
        self.encounter = False  # drew a city encounter card this activation
        self.lit = 0  # turns of light left (a flashlight)
        self.noise = 0  # noise counters made this turn (the AI's "noisiest")
        self.slow: tuple[str, ...] = ()  # SLOW weapons shot this turn

    def clone(self) -> Survivor:
        # every field written out (a loop of getattr and setattr costs three times as much: search
        # clones the survivors at every iteration)
        s = Survivor.__new__(Survivor)
        s.ammo, s.ap, s.battery, s.cell, s.dead = self.ammo, self.ap, self.battery, self.cell, self.dead
        s.defensive, s.encounter, s.fired, s.halted = self.defensive, self.encounter, self.fired, self.halted
        s.health, s.hidden, s.id, s.infection = self.health, self.hidden, self.id, self.infection
        s.items, s.lit, s.name, s.noise = self.items.copy(), self.lit, self.name, self.noise
        s.off, s.reserve, s.seat, s.slow, s.sp = self.off, self.reserve, self.seat, self.slow, self.sp
        s.stress, s.supplies, s.tile, s.weapon = self.stress, self.supplies, self.tile, self.weapon
        s.worn, s.zone = self.worn.copy(), self.zone
        return s

    @property
    def where(self) -> str:
        return subzone_name(self.tile, self.cell) if self.tile else self.zone


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class Enemy:
    __slots__ = ("cell", "damage", "id", "kind", "tile")

    def __init__(self, eid: str, kind: str, tile: str, cell: int, damage: int = 0) -> None:
        self.id, self.kind, self.tile, self.cell, self.damage = eid, kind, tile, cell, damage

    def clone(self) -> Enemy:
        return Enemy(self.id, self.kind, self.tile, self.cell, self.damage)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class TileInPlay:
    """A deployed tile: its side, where it lies (a city zone, or a location slot and zone index),
    its markers and its connections to the other tiles of a location."""

    __slots__ = (
        "corpses",
        "crossed",
        "geo",
        "id",
        "index",
        "links",
        "markers",
        "search_marks",
        "searched",
        "slot",
        "traps",
        "zone",
    )

    def __init__(self, iid: str, geo: TileGeometry, zone: str, slot: str = "", index: int = 0) -> None:
        self.id, self.geo, self.zone, self.slot, self.index = iid, geo, zone, slot, index
        self.markers: dict[int, str] = {}  # terrain markers
        self.search_marks: set[int] = set()  # search markers not yet searched
        self.searched: set[int] = set()  # items searched (crossed-out search markers)
        self.corpses: dict[int, list[int]] = {}  # corpse markers (indices into the corpse pool)
        self.traps: dict[int, int] = {}  # trap markers: damage
        self.crossed: dict[int, list[tuple[str, list[str], int, int, int]]] = {}  # dead survivors' equipment
        self.links: dict[int, tuple[str, int]] = {}  # cell -> (other tile, its cell): adjacent

    def closed(self) -> list[int]:
        """Cells under a terrain marker that forbids movement: blocked, fire and impassable terrain,
        and a vehicle until it has been searched ("Some blocked terrain markers (vehicles) allow
        passage once inside", §3.10)."""
        if not self.markers:
            return []
        return [
            c
            for c, m in self.markers.items()
            if m in MOVE_MARKERS or (m == "vehicle" and c not in self.searched)
        ]

    def clone(self) -> TileInPlay:
        t = TileInPlay(self.id, self.geo, self.zone, self.slot, self.index)
        t.markers = self.markers.copy()
        t.search_marks = self.search_marks.copy()
        t.searched = self.searched.copy()
        t.corpses = {k: v.copy() for k, v in self.corpses.items()}
        t.traps = self.traps.copy()
        t.crossed = {k: v.copy() for k, v in self.crossed.items()}
        t.links = self.links.copy()
        return t


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, Cls.__new__ (clones, unpickling) then skips __init__
class LocationState:
    """A location card in its slot: revealed or not, visited ("explored" marker), the zones explored
    and searched, and the tiles of it in play (in deployment order)."""

    __slots__ = ("card", "explored", "searched", "tiles", "visited")

    def __init__(self, card: str) -> None:
        self.card = card
        self.visited = False
        self.explored: set[int] = set()
        self.searched: set[int] = set()
        self.tiles: list[str] = []

    def clone(self) -> LocationState:
        loc = LocationState(self.card)
        loc.visited = self.visited
        loc.explored = self.explored.copy()
        loc.searched = self.searched.copy()
        loc.tiles = self.tiles.copy()
        return loc


class DNZState(KernelState):
    __slots__ = (
        "_clock",
        "_content",
        "_decks",
        "_hours",
        "_night",
        "_unshuffled",
        "adventure",
        "board",
        "deadline",
        "die",
        "enemies",
        "exit_zone",
        "foes",
        "hunter",
        "hunter_damage",
        "hunter_killed",
        "items",
        "last_threat",
        "leader",
        "locations",
        "lost",
        "next_id",
        "noise",
        "numbers",
        "order",
        "pending",
        "perks",
        "placeable",
        "sheets",
        "surprises",
        "survivors",
        "threat",
        "tiles",
        "turn",
        "won",
    )

    adventure: Adventure
    board: CityBoard
    _clock: Clock
    _night: bool  # the clock's is_night, worked out when the clock is set (DNZState.night)
    _hours: int  # the hours the clock shows since the first day's midnight (DNZState.hours)
    deadline: int  # the clock's hours at which the adventure is lost: its start plus its deadline
    _content: Content  # the content (DNZState.content, which keeps the tables below with it)
    die: Die[str]
    enemies: list[Enemy]
    exit_zone: str  # the adventure's exit zone (asked after every action: adventure.check_end)
    hunter: str  # "" not in play, "stalk" in the stalk area, "board" on a tile
    hunter_damage: int
    hunter_killed: bool
    #: the content's plain copies of the search cards and of the rules file's figures (records.py),
    #: read at nearly every decision: kept here, a compiled read of a native attribute
    items: dict[str, Item]
    #: more of the content's tables read at nearly every decision, kept here for the same reason:
    #: the survivors' plain sheets and their perks, each enemy's profile by day and by night, the
    #: search cards that go in a hand or on the body (Content's fields of the same names)
    sheets: dict[str, Sheet]
    perks: dict[str, tuple[PerkRow, ...]]
    foes: tuple[dict[str, Foe], dict[str, Foe]]
    placeable: frozenset[str]
    last_threat: str
    leader: int
    locations: dict[str, LocationState]
    lost: str
    noise: dict[str, tuple[int, int]]  # where -> (red counters, yellow counters)
    numbers: Numbers
    order: tuple[str, ...]
    pending: list[str]  # survivors who drew a city encounter card (in order)
    surprises: dict[str, str]  # surprise zone -> its card (until resolved)
    survivors: list[Survivor]
    threat: int
    tiles: dict[str, TileInPlay]
    turn: int
    won: bool

    def setup_state(
        self,
        setup: Setup,
        seed: int,
        content: Content,
        adventure: Adventure,
        die: Die[str] | None = None,
        clock: Clock | None = None,
        board: CityBoard | None = None,
        locations: tuple[tuple[str, str], ...] | None = None,
        threat: int = -1,
    ) -> None:
        """The fields of a new adventure; ``die``, ``clock`` and ``board`` (values) may be shared
        with the adventure's other games, and ``locations`` (the location cards by slot) and
        ``threat`` read once from the adventure for them all."""
        self.init_common(setup, seed)
        self.content = content
        self.adventure = adventure
        self.exit_zone = adventure.exit
        self.deadline = adventure.start + adventure.deadline
        self.board = board or city_board(content.city[adventure.side])
        self.die = die or Die("dnz", content.rules.die.faces)
        self.clock = clock or Clock(hour=adventure.start, night=content.rules.clock.night)
        self.survivors = []
        self.enemies = []
        self.tiles = {}
        slots = adventure.locations.items() if locations is None else locations
        self.locations = {slot: LocationState(card) for slot, card in slots}
        self.noise = {}
        self.threat = adventure.threat if threat < 0 else threat
        self.hunter = ""
        self.hunter_damage = 0
        self.hunter_killed = False
        self.last_threat = ""
        self.leader = 0
        self.order = ()
        self.pending = []
        self.surprises = {}
        self._decks: dict[str, list[str]] = {}
        #: decks shuffled at set-up whose cards are not laid out yet: the stream to shuffle them from
        self._unshuffled: dict[str, int] = {}
        self.turn = 0
        self.lost = ""
        self.won = False

    def clone(self) -> DNZState:
        s = DNZState.__new__(DNZState)
        self.copy_common(s)
        self.copy_kernel(s)
        s.adventure, s.board, s._clock, s._night, s._hours, s._content, s.die = (
            self.adventure,
            self.board,
            self._clock,
            self._night,
            self._hours,
            self._content,
            self.die,
        )
        s.deadline = self.deadline
        s.survivors = [x.clone() for x in self.survivors]
        s.enemies = [e.clone() for e in self.enemies]
        s.exit_zone, s.items, s.numbers = self.exit_zone, self.items, self.numbers
        s.sheets, s.perks, s.foes, s.placeable = self.sheets, self.perks, self.foes, self.placeable
        s.tiles = {k: t.clone() for k, t in self.tiles.items()}
        s.locations = {k: loc.clone() for k, loc in self.locations.items()}
        s.noise = self.noise.copy()
        s._decks = {k: v.copy() for k, v in self._decks.items()}
        s._unshuffled = self._unshuffled.copy()
        s.surprises = self.surprises.copy()
        s.pending = self.pending.copy()
        s.threat, s.hunter, s.hunter_damage, s.hunter_killed = (
            self.threat,
            self.hunter,
            self.hunter_damage,
            self.hunter_killed,
        )
        s.last_threat, s.leader, s.order = self.last_threat, self.leader, self.order
        s.turn, s.lost, s.won = self.turn, self.lost, self.won
        return s

    # ----- decks -----------------------------------------------------------------------------------
    def shuffle_later(self, name: str, cards: list[str], rng: Rng | None = None) -> None:
        """Put a deck in play shuffled from ``rng`` (the state's own by default): the shuffle's
        draws are taken from the stream now, the cards laid out in their order when the deck is
        first looked at (most adventures never open some decks)."""
        rng = self.rng if rng is None else rng
        self._decks[name] = cards
        self._unshuffled.pop(name, None)
        if type(rng) is not Rng:  # a scripted stream draws as it goes
            rng.shuffle(cards)
            return
        self._unshuffled[name] = rng.s
        rng.skip(len(cards) - 1 if cards else 0)

    def reshuffle(self, name: str, rng: Rng) -> None:
        """Shuffle a deck again from its cards in a canonical order (a view's hidden deck): what
        order it had does not matter, so a deck not laid out yet is not laid out first."""
        cards = self._decks[name]
        cards.sort()
        self.shuffle_later(name, cards, rng)

    def new_discards(self, name: str) -> None:
        """An empty discard pile for a deck (``<name>-discard``)."""
        self._decks[name + "-discard"] = []

    def deck(self, name: str) -> list[str]:
        """One deck (or its discards, ``<name>-discard``): the last card is the top."""
        start = self._unshuffled.pop(name, None)
        if start is not None:
            Rng(start).shuffle(self._decks[name])
        return self._decks[name]

    def draw(self, name: str) -> str | None:
        """Take the top card of a deck (None when it is empty). A deck not laid out yet lays out
        only its top card: the shuffle's steps run from the last card down (Fisher-Yates), so the
        top card is settled by the first step, the next by the second, and the cards beneath are
        never touched by the steps before them; the rest is laid out from the same stream later."""
        cards = self._decks[name]
        if not cards:
            return None
        start = self._unshuffled.get(name)
        if start is not None:
            i = len(cards) - 1
            if i > 0:
                rng = Rng(start)
                j = rng.below(i + 1)
                cards[i], cards[j] = cards[j], cards[i]
                self._unshuffled[name] = rng.s
            else:
                del self._unshuffled[name]
        return cards.pop()

    @property
    def decks(self) -> dict[str, list[str]]:
        """Every deck by name, all laid out."""
        for name in list(self._unshuffled):
            self.deck(name)
        return self._decks

    # ----- reading ---------------------------------------------------------------------------------
    def survivor(self, sid: str) -> Survivor:
        for s in self.survivors:
            if s.id == sid:
                return s
        raise KeyError(sid)

    def living(self) -> list[Survivor]:
        return [s for s in self.survivors if not s.dead]

    def enemy(self, eid: str) -> Enemy:
        for e in self.enemies:
            if e.id == eid:
                return e
        raise KeyError(eid)

    @property
    def content(self) -> Content:
        return self._content

    @content.setter
    def content(self, content: Content) -> None:
        """The content, and the tables of it the rules read at nearly every decision (kept with it:
        a content given to a game in play, as a campaign's grown sheets are, brings its own)."""
        self._content = content
        self.items = content.items
        self.numbers = content.numbers
        self.sheets = content.plain_sheets
        self.perks = content.perks
        self.foes = content.enemy_sides
        self.placeable = content.placeable

    @property
    def clock(self) -> Clock:
        return self._clock

    @clock.setter
    def clock(self, clock: Clock) -> None:
        self._clock = clock
        self._night, self._hours = clock.is_night, (clock.day - 1) * 24 + clock.hour

    @property
    def night(self) -> bool:
        """The clock's ``is_night`` (asked at every decision and by every skill), kept when the
        clock is set: a compiled read of a native attribute."""
        return self._night

    @property
    def hours(self) -> int:
        """The hours the clock shows since the first day's midnight (asked at the end of every
        turn against the deadline), worked out when the clock is set."""
        return self._hours

    def tile_id(self) -> str:
        """The id of a tile being deployed: the lowest ``t<n>`` not in play."""
        n = 1
        while f"t{n}" in self.tiles:
            n += 1
        return f"t{n}"

    def enemy_id(self, kind: str) -> str | None:
        """The id of an enemy being placed: its kind and the lowest number of the box's miniatures of
        that kind not in play (``walker3``); None when every miniature of the kind is in play."""
        used = {e.id for e in self.enemies}
        for n in range(1, self.foes[0][kind].miniatures + 1):
            if f"{kind}{n}" not in used:
                return f"{kind}{n}"
        return None

    def count_at(self, tile: str, cell: int) -> int:
        """Miniatures in a subzone (survivors and enemies; the crossed-off marker does not count)."""
        n = 0
        for s in self.survivors:
            if not s.dead and s.tile == tile and s.cell == cell:
                n += 1
        for e in self.enemies:
            if e.tile == tile and e.cell == cell:
                n += 1
        return n

    def counts(self, tile: str) -> list[int]:
        out = [0] * 16
        for s in self.survivors:
            if not s.dead and s.tile == tile:
                out[s.cell] += 1
        for e in self.enemies:
            if e.tile == tile:
                out[e.cell] += 1
        return out

    def enemies_at(self, tile: str, cell: int) -> list[Enemy]:
        return [e for e in self.enemies if e.tile == tile and e.cell == cell]

    def enemy_at(self, tile: str, cell: int) -> bool:
        """Whether an enemy is in the subzone."""
        for e in self.enemies:  # noqa: SIM110 (asked at every decision: no generator)
            if e.cell == cell and e.tile == tile:
                return True
        return False

    def crowded(self, tile: str) -> set[int]:
        """The subzones of a tile holding 4 miniatures (the crossed-off marker does not count)."""
        if len(self.survivors) + len(self.enemies) < 4:  # too few figures in play to fill one
            return set()
        cells = [s.cell for s in self.survivors if s.tile == tile and not s.dead]
        cells += [e.cell for e in self.enemies if e.tile == tile]
        if len(cells) < 4:  # too few on this tile
            return set()
        counts = [0] * 16
        out: set[int] = set()
        for c in cells:
            counts[c] += 1
            if counts[c] == 4:
                out.add(c)
        return out

    def sight_blockers(self, tile: str) -> set[int]:
        """Cells blocking sight now: 4 miniatures, blocked, fire or vehicle terrain markers (§3.11)."""
        out = self.crowded(tile)
        markers = self.tiles[tile].markers
        if markers:
            out.update(c for c, m in markers.items() if m in SIGHT_MARKERS)
        return out

    def move_obstacles(self, tile: str) -> set[int]:
        """Cells no figure may enter now: 4 miniatures, blocked, fire and impassable markers, and
        vehicles not yet searched."""
        out = self.crowded(tile)
        out.update(self.tiles[tile].closed())
        return out

    def geo(self, tile: str) -> TileGeometry:
        return self.tiles[tile].geo

    def tile_geometry(self, side: str) -> TileGeometry:
        return tile_geometry(self.content.tiles[side])
