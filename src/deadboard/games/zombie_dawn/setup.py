"""Game setup (rulebook §Game Setup, §Rules for 1 Player, §Difficulty and Playing Time).

Multiplayer: each player receives the starting zone of their colour and 6, 4 or 3 map zones (2, 3
or 4 players) and places them one at a time (a ``zone`` decision: which zone, which free slot next to
the zones already placed, which quarter turn); then chooses one of two characters (a ``character``
decision). One player: the map is laid out blind in columns of three, and one character is dealt.
Then the decks are shuffled, the season deck is built (2 of each season, spring on top; 3 winters
with 3 players), and every player gets a special item, 6 action cards and 5 missions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deadboard.core.errors import SetupError
from deadboard.core.game import Option, Setup
from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.games.zombie_dawn import turn
from deadboard.games.zombie_dawn.actions import Choose
from deadboard.games.zombie_dawn.actions import PlaceZone as PlaceZoneAction
from deadboard.games.zombie_dawn.board import ROTATIONS, Board, open_slots, solo_layout
from deadboard.games.zombie_dawn.content import COLOURS, SEASONS, DawnContent
from deadboard.games.zombie_dawn.effects import HAND_SIZE, TITLES, draw_mission, give, title
from deadboard.games.zombie_dawn.flow import StepForm, plain, push
from deadboard.games.zombie_dawn.state import MISSIONS_EACH, PLAY, Config, DawnState

SOLO_ZONES = 10
ZONES_EACH = {2: 6, 3: 4, 4: 3}

OPTIONS = (
    Option("expert-cards", "Expert cards", "Include the action cards with the expert icon (rulebook §Icons).",
           kind="flag", default=True),
    Option("long", "Longer game", "Add this many season cards of each season: one more round each "
           "(rulebook §Difficulty and Playing Time).", kind="int", default=0, lo=0, hi=4),
    Option("hard", "Autumn and winter", "Play the rounds with 4 autumn and 4 winter cards, the hardest "
           "seasons (3 players: 1 summer, 4 autumn, 4 winter; rulebook §Difficulty and Playing Time).",
           kind="flag", default=False),
)


def build_config(setup: Setup, content: DawnContent) -> Config:
    n = setup.players
    o = setup.options
    long = int(o.get("long", 0))
    if o.get("hard", False):
        counts = [0, 1 if n == 3 else 0, 4, 4]
    else:
        counts = [2, 2, 2, 3 if n == 3 else 2]
    counts = [c + long if c else 0 for c in counts]
    for i, s in enumerate(SEASONS):
        have = sum(1 for r in content.seasons if r.season == s)
        if counts[i] > have:
            raise SetupError(f"the season deck needs {counts[i]} {s} cards but the content has {have}; use a smaller --option long")
    zones_each = SOLO_ZONES if n == 1 else ZONES_EACH[n]
    regular = sum(1 for z in content.zones if z.tent is None)
    if zones_each * n > regular:
        raise SetupError(f"{n} players need {zones_each * n} map zones; the content has {regular}")
    return Config(
        players=n, solo=n == 1, rounds=sum(counts), season_counts=(counts[0], counts[1], counts[2], counts[3]),
        expert=bool(o.get("expert-cards", True)), zones_each=zones_each,
    )


def init_state(state: DawnState) -> None:
    """Shuffle, deal the map zones and characters, build the season deck; queue the decisions."""
    c = state.c
    cfg = state.cfg
    rng = state.rng
    n = cfg.players
    # 5. the season deck: spring on top, winter at the bottom
    deck: list[int] = []
    for si in (3, 2, 1, 0):
        pool = [i for i, r in enumerate(c.seasons) if r.season == SEASONS[si]]
        rng.shuffle(pool)
        k = cfg.season_counts[si]
        deck.extend(pool[:k])
        state.season_out.extend(pool[k:])
    state.season_deck = deck
    state.season_out.sort()
    # 1-2. map zones
    starts: dict[str, int] = {z.tent: i for i, z in enumerate(c.zones) if z.tent}
    regular = [i for i, z in enumerate(c.zones) if z.tent is None]
    rng.shuffle(regular)
    for seat in range(n):
        state.layout[seat] = ((starts[COLOURS[seat]], 0, 0, 0),)
        state.dealt[seat] = tuple(sorted(regular[seat * cfg.zones_each:(seat + 1) * cfg.zones_each]))
    # 4. decks
    state.actions.cards = [k for k, r in enumerate(c.action_recs) if cfg.expert or not r.expert]
    state.actions.shuffle(rng)
    state.green.cards = list(c.green)
    state.green.shuffle(rng)
    state.blue.cards = list(c.blue)
    state.blue.shuffle(rng)
    state.specials.cards = list(c.special_items)
    state.specials.shuffle(rng)
    state.damage.cards = list(range(len(c.damage_cards)))
    state.damage.shuffle(rng)
    state.char_deck.cards = list(range(len(c.characters)))
    state.char_deck.shuffle(rng)
    state.skill_deck.cards = list(range(len(c.skills)))
    state.skill_deck.shuffle(rng)
    state.emit("setup", f"Zombie Dawn — {n} player{'s' if n > 1 else ''}, {cfg.rounds} rounds", {"players": n, "rounds": cfg.rounds})
    if not cfg.expert:  # rulebook §Icons: "can be removed from the game during the first games"
        out = [r.id for r in c.action_recs if r.expert]
        state.emit("setup", f"The {len(out)} action cards with the expert icon are removed from the game",
                   {"removed": {"action": out}})
    state.init_kernel(turn.NEXT_DECISION)
    push(state, FinishSetup())
    if cfg.solo:
        zones = state.dealt[0]
        rots = [ROTATIONS[rng.below(4)] for _ in zones]
        order = list(zones)
        rng.shuffle(order)
        state.layout[0] = solo_layout(state.layout[0][0][0], order, rots)
        state.dealt[0] = ()
        ch = state.char_deck.draw()
        assert ch is not None
        state.groups[0].chars.append(ch)
        return
    # 6. two characters each, one chosen (decisions after the map)
    for seat in range(n - 1, -1, -1):
        a = state.char_deck.draw()
        b = state.char_deck.draw()
        assert a is not None and b is not None
        push(state, ChooseCharacter(seat, tuple(sorted((a, b)))))
    for seat in range(n - 1, -1, -1):
        push(state, PlaceZone(seat))


def place_zone(state: DawnState, seat: int, zone: int, x: int, y: int, rot: int) -> None:
    state.layout[seat] = (*state.layout[seat], (zone, x, y, rot))
    state.dealt[seat] = tuple(z for z in state.dealt[seat] if z != zone)
    state.emit_format("setup", "{} places {} at ({}, {}), turned {}°", (TITLES[seat], state.c.zones[zone].name, x, y, rot), {"seat": seat})


def choose_character(state: DawnState, seat: int, chosen: int, dealt: tuple[int, ...]) -> None:
    state.groups[seat].chars.append(chosen)
    for other in dealt:
        if other != chosen:
            state.char_deck.put_bottom(other)
    # ruling 11: chosen secretly; the others learn it when every player has chosen (finish_setup)
    state.emit("setup", f"{title(seat)} chooses a character", {"seat": seat})


def finish_setup(state: DawnState) -> None:
    """Lay out the board; each player's character takes a special item; hands and missions dealt;
    the groups stand on their tents."""
    c = state.c
    board = Board(c, state.layout)
    state.board = board
    state.searched = [0] * board.n
    sites = {s for s in board.site if s}
    keep = [
        i for i, m in enumerate(c.missions)
        if (m.site is None or m.site in sites) and (m.solo or not state.cfg.solo)
    ]
    state.missions.cards = keep
    state.missions.shuffle(state.rng)
    out = sorted(set(range(len(c.missions))) - set(keep))
    if out:  # the solo game's three (rulebook §Rules for 1 Player), and those naming a site not on the map
        state.emit("setup", f"Missions removed from the game: {', '.join(c.missions[m].name for m in out)}",
                   {"removed": {"mission": [c.missions[m].id for m in out]}})
    for g in state.groups:
        seat = g.seat
        ch = g.chars[0]
        if not state.cfg.solo:
            state.emit("setup", f"{title(seat)} has chosen the {c.characters[ch].name}", {"seat": seat, "character": c.characters[ch].id})
        it = state.specials.draw(state.rng)
        if it is not None:
            give(state, ch, it)
        for _ in range(HAND_SIZE):
            card = state.actions.draw(state.rng)
            if card is not None:
                g.hand.append(card)
        for _ in range(MISSIONS_EACH):
            draw_mission(state, seat)
        g.sq = board.tent_sq[seat]
    state.phase = PLAY
    push(state, turn.RoundStart())


# ==================================================================================================
# the steps of the setup
# ==================================================================================================
#: (zone id, x, y) -> its placings, one per rotation: actions are values, made once (every game
#: lists them)
_PLACINGS: dict[tuple[str, int, int], tuple[PlaceZoneAction, ...]] = {}


@classvars(kind="zone")
@dataclass(slots=True)
class PlaceZone(StepForm, Choice[DawnState, PlaceZoneAction]):
    """The player places its map zones one at a time, each next to its zones already placed."""

    seat: int

    def actions(self, state: DawnState) -> list[PlaceZoneAction]:
        zones = state.c.zones
        seat = self.seat
        out: list[PlaceZoneAction] = []
        made = _PLACINGS
        for x, y in open_slots(state.layout[seat]):
            for z in state.dealt[seat]:
                zid = zones[z].id
                key = (zid, x, y)
                turns = made.get(key)
                if turns is None:
                    turns = made[key] = tuple(PlaceZoneAction(zid, x, y, rot) for rot in ROTATIONS)
                out.extend(turns)
        return out

    def apply(self, state: DawnState, action: PlaceZoneAction) -> Steps:
        place_zone(state, self.seat, state.c.zone_index[action.zone], action.x, action.y, action.rotation)
        return (self,) if state.dealt[self.seat] else ()

    def prompt(self, state: DawnState) -> str:
        return f"{title(self.seat)}: place a map zone next to your zones ({len(state.dealt[self.seat])} left)"

    def old(self) -> list[Any]:
        return plain("zone", self.seat)


@classvars(kind="character")
@dataclass(slots=True)
class ChooseCharacter(StepForm, Choice[DawnState, Choose]):
    """The player keeps one of the two characters dealt to it."""

    seat: int
    dealt: tuple[int, ...]

    def actions(self, state: DawnState) -> list[Choose]:
        ids = state.c.char_ids
        return [Choose(ids[ch]) for ch in self.dealt]

    def apply(self, state: DawnState, action: Choose) -> Steps:
        choose_character(state, self.seat, state.c.char_index[action.character], self.dealt)
        return ()

    def prompt(self, state: DawnState) -> str:
        return f"{title(self.seat)}: choose your character"

    def old(self) -> list[Any]:
        return plain("character", self.seat, self.dealt)


@dataclass(slots=True)
class FinishSetup(StepForm, Auto[DawnState]):
    """Once the map is placed and the characters chosen: :func:`finish_setup`."""

    def run(self, state: DawnState) -> Steps:
        finish_setup(state)
        return ()

    def old(self) -> list[Any]:
        return ["finish-setup"]
