"""Setup (rulebook §Single Player Setup, §Single Player City Setup, §Multiplayer Setup, §Additional
Location Cards): the CITY, the survivors, the turn order and the starting corners.

With Additional Location Cards replaced by the player's choice, setup starts with
:class:`SwapLocation` / :class:`SwapIn` decisions and a :class:`BuildCity` step that lays out the CITY.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from deadboard.core.errors import SetupError
from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.games.district_z.actions import DONE, RETIRE, Choose, Corner, Done, ReplaceBase, Retire, With
from deadboard.games.district_z.config import Config
from deadboard.games.district_z.flow import StepForm, check_end, push
from deadboard.games.district_z.item_pile import card_in_pile
from deadboard.games.district_z.state import (
    LIVE,
    NO_CARD,
    OBJ,
    OUT,
    DistrictState,
    Layout,
    multi_layout,
    single_layout,
)


def layout_for(cfg: Config) -> Layout:
    big = cfg.additional == "bigger"
    if cfg.single:
        return single_layout(3 if big else 2)
    return multi_layout(7, 6) if big else multi_layout(6, 5)


def _deck(state: DistrictState, chosen: tuple[int, ...] | None) -> list[int]:
    """The LOCATION cards of this game, shuffled: ``chosen`` is the deck the player made (option
    replace-by=player); otherwise the option additional-locations says how it is made."""
    c, cfg, rng = state.c, state.cfg, state.rng
    deck = list(c.base)
    if chosen is not None:
        deck = list(chosen)
        n = sum(1 for x in deck if c.locations[x].set == "additional")
        state.emit(
            "setup", f"{n} base location card{'' if n == 1 else 's'} replaced by additional ones", None
        )
    elif cfg.additional == "replace":
        rng.shuffle(deck)
        extra = rng.sample(c.additional, cfg.replace_count)
        out = deck[: cfg.replace_count]
        deck = deck[cfg.replace_count :] + extra
        state.emit(
            "setup", f"{len(out)} random base location cards are replaced by random additional ones", None
        )
    elif cfg.additional == "shuffle":
        deck = deck + list(c.additional)
        rng.shuffle(deck)
        deck = deck[: len(c.base)]
        state.emit("setup", f"Base and additional location cards shuffled; {len(deck)} counted out", None)
    elif cfg.additional == "bigger":
        deck = deck + list(c.additional)
    rng.shuffle(deck)
    return deck


def build_city(state: DistrictState, chosen: tuple[int, ...] | None = None) -> None:
    c, cfg, lay, rng = state.c, state.cfg, state.lay, state.rng
    deck = _deck(state, chosen)
    if cfg.single:
        need = 1 + len(lay.objective_cells) - 1 + (len(lay.positions()) - len(lay.objective_cells))
        if len(deck) < need:
            raise SetupError(
                f"the single player CITY needs {need} location cards; only {len(deck)} are available"
            )
        state.setaside = [deck.pop()]
        obj = rng.choice(c.objectives)
        middle = [deck.pop() for _ in range(len(lay.objective_cells) - 1)] + [OBJ + obj]
        rng.shuffle(middle)
        for p, card in zip(lay.objective_cells, middle):
            state.card[p] = card
        for p in lay.positions():
            if state.card[p] == NO_CARD:
                state.card[p] = deck.pop()
        state.unused = deck
        state.emit_format(
            "setup",
            "The CITY: {} cards in a 7 x 3 grid with the starting location at {} and the City's Edge at {}; "
            "one location objective lies in the middle 3 x 3",
            (len(lay.positions()), lay.names[lay.start], lay.names[lay.edge]),
        )
    else:
        cells = lay.positions()
        players = cfg.players
        need = len(cells)
        if len(deck) < need:
            raise SetupError(
                f"a {lay.width} x {lay.height} CITY needs {need} location cards; only {len(deck)} are available"
            )
        state.setaside = [deck.pop() for _ in range(players)]
        objs = rng.sample(c.objectives, players)
        city = [deck.pop() for _ in range(need - players)] + [OBJ + o for o in objs]
        rng.shuffle(city)
        for p, card in zip(cells, city):
            state.card[p] = card
        state.unused = deck
        state.emit_format(
            "setup",
            "The CITY: a {} x {} grid; {} location cards set aside for {} location objectives shuffled in",
            (lay.width, lay.height, players, players),
        )


# ----- Additional Location Cards, way 1: the player replaces base cards with additional ones -----
def swappable(state: DistrictState, deck: tuple[int, ...]) -> list[int]:
    """The additional cards not yet in ``deck``, by index."""
    have = set(deck)
    return [x for x in state.c.additional if x not in have]


@classvars(TAG="swap", kind="swap")
@dataclass(slots=True)
class SwapLocation(StepForm, Choice[DistrictState, ReplaceBase | Done]):
    """Replace a base LOCATION card with an additional one, or done."""

    seat: int
    deck: tuple[int, ...]

    def actions(self, state: DistrictState) -> list[ReplaceBase | Done]:
        locs = state.c.locations
        out: list[ReplaceBase | Done] = []
        if swappable(state, self.deck):
            out.extend(ReplaceBase(locs[x].id) for x in sorted(self.deck) if locs[x].set == "base")
        out.append(DONE)
        return out

    def apply(self, state: DistrictState, action: ReplaceBase | Done) -> Steps:
        if isinstance(action, Done):
            push(state, BuildCity(self.deck))
        else:
            push(state, SwapIn(self.seat, self.deck, state.c.location_index[action.location]))
        return ()

    def prompt(self, state: DistrictState) -> str:
        return f"Player {self.seat + 1}: replace a base location card with an additional one, or done"


@classvars(TAG="swap-in", kind="swap-in")
@dataclass(slots=True)
class SwapIn(StepForm, Choice[DistrictState, With]):
    """Which additional LOCATION card replaces the base card ``out``."""

    seat: int
    deck: tuple[int, ...]
    out: int

    def actions(self, state: DistrictState) -> list[With]:
        return [With(state.c.locations[x].id) for x in swappable(state, self.deck)]

    def apply(self, state: DistrictState, action: With) -> Steps:
        c = state.c
        old, new = self.out, c.location_index[action.location]
        deck = tuple(sorted(new if x == old else x for x in self.deck))
        state.emit("setup", f"{c.locations[old].name} is replaced by {c.locations[new].name}", None)
        push(state, SwapLocation(self.seat, deck) if swappable(state, deck) else BuildCity(deck))
        return ()

    def prompt(self, state: DistrictState) -> str:
        return f"Player {self.seat + 1}: which additional location card replaces the {state.c.locations[self.out].name}?"


@classvars(TAG="build")
@dataclass(slots=True)
class BuildCity(StepForm, Auto[DistrictState]):
    deck: tuple[int, ...] | None

    def run(self, state: DistrictState) -> Steps:
        build_city(state, self.deck)
        return ()

    def involves(self, seat: int) -> bool:
        return False


# ----- survivors ----------------------------------------------------------------------------------
def choose_survivor(state: DistrictState, seat: int, surv: int, why: str) -> None:
    p = state.players[seat]
    p.surv = surv
    names = state.names
    state.names = (*names[:seat], state.c.survivors[surv].id, *names[seat + 1 :])
    p.used.append(surv)
    p.status = LIVE
    p.wounds = 0
    p.infection = 0
    p.items = []
    p.ending = ""
    c = state.c
    s = c.survivors[surv]
    if (
        s.ability == "sharpshooter"
        and "pistol" in c.item_index
        and card_in_pile(state, c.item_index["pistol"])
    ):
        p.items.append(c.item_index["pistol"])
    if why == "start":
        state.emit_format(
            "setup",
            "Player {} plays {} ({}): combat {}, agility {}, perception {}, health {}. {}",
            (seat + 1, s.name, s.id, s.combat, s.agility, s.perception, s.health, s.ability_text),
            {"seat": seat, "survivor": s.id},
        )
        if state.cfg.single:
            p.start = state.lay.start
            p.edge = state.lay.edge
    else:
        p.arriving = True
        p.pos = -1
        state.emit(
            "setup",
            f"Player {seat + 1} continues with {s.name} ({s.id}), who will arrive at "
            f"{state.lay.names[p.start]}",
            {"seat": seat, "survivor": s.id},
        )


def unused_survivors(state: DistrictState) -> list[int]:
    used = {s for p in state.players for s in p.used}
    return [s.index for s in state.c.survivors if s.index not in used]


@cache
def _choose(survivor: str) -> Choose:
    """The Choose action of ``survivor``, made once (actions are values: every game asks each seat)."""
    return Choose(survivor)


@classvars(TAG="survivor", kind="survivor")
@dataclass(slots=True)
class ChooseSurvivor(StepForm, Choice[DistrictState, Choose | Retire]):
    """Choose a SURVIVOR card: at the start (``why`` "start"), after a death ("respawn"), or after
    one's zombie survivor was destroyed ("zs-dead", when the player may also retire)."""

    seat: int
    why: str

    def actions(self, state: DistrictState) -> list[Choose | Retire]:
        survivors = state.c.survivors
        out: list[Choose | Retire] = [_choose(survivors[s].id) for s in unused_survivors(state)]
        if self.why == "zs-dead":
            out.append(RETIRE)
        return out

    def apply(self, state: DistrictState, action: Choose | Retire) -> Steps:
        seat = self.seat
        if isinstance(action, Retire):
            state.players[seat].status = OUT
            state.emit("out", f"Player {seat + 1} retires", None)
            check_end(state)
        else:
            choose_survivor(state, seat, state.c.survivor_index[action.label], self.why)
        return ()

    def prompt(self, state: DistrictState) -> str:
        return f"Player {self.seat + 1}: choose a survivor"


@classvars(TAG="order")
@dataclass(slots=True)
class TurnOrder(StepForm, Auto[DistrictState]):
    """§Multiplayer Setup: everyone rolls; the highest goes first (ties roll again), then clockwise."""

    def run(self, state: DistrictState) -> Steps:
        seats = list(range(state.cfg.players))
        while len(seats) > 1:
            rolls = [state.rng.d6() for _ in seats]
            state.emit(
                "roll",
                "Turn order rolls: " + ", ".join(f"Player {s + 1} {r}" for s, r in zip(seats, rolls)),
                None,
            )
            top = max(rolls)
            seats = [s for s, r in zip(seats, rolls) if r == top]
        first = seats[0]
        n = state.cfg.players
        state.order = [(first + i) % n for i in range(n)]
        state.emit(
            "setup",
            f"Player {first + 1} goes first; the order is "
            + ", ".join(f"Player {s + 1}" for s in state.order),
            None,
        )
        push(state, *[ChooseCorner(s) for s in state.order])
        return ()

    def involves(self, seat: int) -> bool:
        return False


@classvars(TAG="corner", kind="corner")
@dataclass(slots=True)
class ChooseCorner(StepForm, Choice[DistrictState, Corner]):
    """Each player in turn order chooses a starting corner; the diagonally opposite one is its CITY'S EDGE."""

    seat: int

    def actions(self, state: DistrictState) -> list[Corner]:
        taken = {q.start for q in state.players if q.start >= 0}
        lay = state.lay
        return [Corner(lay.names[x]) for x in lay.corners if x not in taken]

    def apply(self, state: DistrictState, action: Corner) -> Steps:
        seat = self.seat
        p = state.players[seat]
        lay = state.lay
        pos = lay.index[action.square]
        p.start = pos
        p.edge = lay.opposite[pos]
        state.emit(
            "setup",
            f"Player {seat + 1} ({state.names[seat]}) starts at {action.square}; their City's Edge "
            f"is {lay.names[p.edge]}",
            None,
        )
        return ()

    def prompt(self, state: DistrictState) -> str:
        return f"Player {self.seat + 1}: choose your starting corner"
