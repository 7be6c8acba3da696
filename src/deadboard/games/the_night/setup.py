"""Setting up the game (rulebook §Setting Up the Game and each scenario's Setup Changes).

Setup is a run of steps on the kernel's stack. Automatic steps (rolls, draws) run as soon as they
come up; steps the rulebook leaves to the player (which square in the rolled area, which item to
take) are decisions. Rolls are made when a step comes up, so each placement sees the ones before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from deadboard.core.kernel import Auto, Choice, Step, Steps, classvars
from deadboard.games.the_night.actions import STOP, ArmWith, Pick, Place, Stop, TakeItem
from deadboard.games.the_night.arrival import arrive, draw_zombie, fill_cup, place_zombie
from deadboard.games.the_night.board import human_by_name, zombie_name
from deadboard.games.the_night.flow import PrepareItem, StepForm, item_steps, place_item, prepare_item
from deadboard.games.the_night.state import (
    CARRIED,
    LIVE,
    NOT_IN_GAME,
    SET_ASIDE,
    NightState,
)


def initial_steps(state: NightState) -> list[Step[NightState]]:
    cfg = state.cfg
    steps: list[Step[NightState]] = [ChooseHumans()]
    if cfg.hidden_hero:
        steps += [PickHuman(seat) for seat in range(cfg.human_seats)]
    if cfg.start_items:
        steps.append(StartItems())
    if cfg.item_draw == "given":
        steps.append(ArmAll())
    else:
        steps.append(DrawItems())
    if cfg.keys_and_boards:
        steps.append(Keys())
        steps.append(Boards())
    steps.append(ZombiesStart())
    if cfg.attributes:
        steps.append(Attributes())
    return steps


# ----- humans ------------------------------------------------------------------------------------
def choose_humans(state: NightState) -> list[PrepareHuman]:
    """Who is in the game, and the hero (rulebook §1. Humans: "randomly select one of them")."""
    cfg = state.cfg
    rng = state.rng
    pool = list(cfg.humans)
    if cfg.scenario == "quick-game":
        rng.shuffle(pool)
        pool = sorted(pool[:2])
        state.emit("setup", "Quick Game: the two humans drawn are " + " and ".join(state.humans[i].name for i in pool), None)
    for i in pool:
        state.humans[i].status = LIVE
    if cfg.hero_rule == "random":
        hero = pool[rng.below(len(pool))]
        state.heroes = (hero,)
    elif cfg.hero_rule == "fixed":
        state.heroes = tuple(h for h in cfg.fixed_heroes if h in pool)
    else:
        state.heroes = ()
    if state.heroes:
        names = " and ".join(state.humans[h].name for h in state.heroes)
        state.emit("setup", f"The hero of the story: {names}", {"heroes": [state.humans[h].name for h in state.heroes]})
    else:
        state.emit("setup", "There is no hero in this game", None)
    return [PrepareHuman(i) for i in pool]


def human_free(state: NightState, sq: int) -> bool:
    return all(not (h.status == LIVE and h.sq == sq) for h in state.humans) and not state.zocc[sq]


def prepare_human(state: NightState, h: int) -> PlaceHuman | None:
    """Roll where a human goes and offer the free squares there (or place them if only one)."""
    cfg = state.cfg
    c = state.c
    rng = state.rng
    name = state.humans[h].name
    mode = cfg.placement
    if h in cfg.start_squares:
        return _place_or_offer(state, h, (c.grid.square(cfg.start_squares[h]),), "the story's square")
    if mode == "free":
        cands = tuple(s for s in range(c.grid.n) if c.grid.passable[s] and human_free(state, s)
                      and not (cfg.no_entry_placement and c.entry_of[s]))
        return _place_or_offer(state, h, cands, "the map (Alternative Human Setup)")
    if mode == "quick":
        cands = tuple(s for s in range(c.grid.n) if c.inside[s] and c.grid.passable[s] and human_free(state, s))
        return _place_or_offer(state, h, cands, "the house")
    if mode == "coopers":
        area = {"Harry": "Basement Landing", "Helen": "Basement Stairs", "Karen": "Basement"}.get(name, "Living Room")
        cands = tuple(s for s in c.areas[area] if human_free(state, s))
        return _place_or_offer(state, h, cands, area)
    if mode == "entry":
        for _ in range(100):
            n = rng.d6()
            cands = tuple(s for s in c.entries[n - 1].squares if human_free(state, s))
            state.emit("roll", f"{name}: D6 = {n} — Map Entry Point {n}" + ("" if cands else ", full: roll again"), {"roll": n})
            if cands:
                return _place_or_offer(state, h, cands, f"Map Entry Point {n}")
    for _ in range(200):
        roll = rng.d6()
        area = c.human_placement[roll - 1]
        if area == "Map Entry Point":
            if cfg.no_entry_placement:
                state.emit("roll", f"{name}: D6 = {roll} — a Map Entry Point, not allowed in this scenario: roll again", {"roll": roll})
                continue
            # "If two humans are already located in a Map Entry Point, then roll again" (the
            # Map Entry Point's D6; seven humans can never fill all six)
            for _again in range(200):
                n = rng.d6()
                cands = tuple(s for s in c.entries[n - 1].squares if human_free(state, s))
                if cands:
                    break
                state.emit("roll", f"{name}: D6 = {roll}, Map Entry Point D6 = {n} — two humans there already: roll again", {"roll": roll, "entry": n})
            state.emit("roll", f"{name}: D6 = {roll} — Map Entry Point, D6 = {n}", {"roll": roll, "entry": n})
            return _place_or_offer(state, h, cands, f"Map Entry Point {n}")
        cands = tuple(s for s in c.areas[area] if human_free(state, s))
        state.emit("roll", f"{name}: D6 = {roll} — {area}" + ("" if cands else ", no free square: roll again"), {"roll": roll, "area": area})
        if cands:
            return _place_or_offer(state, h, cands, area)
    raise RuntimeError("no square found for a human")  # pragma: no cover - the map has room


def _place_or_offer(state: NightState, h: int, cands: tuple[int, ...], where: str) -> PlaceHuman | None:
    if len(cands) == 1:
        place_human(state, h, cands[0])
        return None
    return PlaceHuman(h, cands, where)


def place_human(state: NightState, h: int, sq: int) -> None:
    state.humans[h].sq = sq
    state.emit("place", f"{state.humans[h].name} is placed on {state.c.grid.names[sq]} ({state.c.area_of[sq]})",
               {"human": state.humans[h].name, "square": state.c.grid.names[sq]})


# ----- items -------------------------------------------------------------------------------------
def draw_pool(state: NightState) -> list[int]:
    """The item draw container: everything but ammo, boards and the Keys, not yet in the game."""
    return [it.index for it in state.c.items if it.kind in ("firearm", "melee") and state.item_where[it.index] == NOT_IN_GAME]


def draw_items(state: NightState) -> Steps:
    cfg = state.cfg
    rng = state.rng
    items = state.c.items
    if cfg.story_items is not None:
        chosen = []
        for kid in cfg.story_items:
            free = [i for i in state.c.kind_items.get(kid, (state.c.item_index.get(kid, -1),)) if i >= 0 and state.item_where[i] == NOT_IN_GAME and i not in chosen]
            if free:
                chosen.append(free[0])
        state.emit("setup", "The story's items: " + ", ".join(items[i].name for i in chosen), None)
        return [step for i in chosen for step in item_steps(state, i)]
    if cfg.item_draw == "points":
        points = rng.d6()
        state.emit("roll", f"Alternative Item Draw 2: D6 = {points}, +6 = {points + 6} item points", {"roll": points, "points": points + 6})
        return (TakeItems(points + 6, ()),)
    pool = draw_pool(state)
    chosen = []
    if cfg.item_draw == "firearm":
        guns = [i for i in pool if items[i].kind == "firearm"]
        g = guns[rng.below(len(guns))]
        chosen.append(g)
        pool.remove(g)
    while len(chosen) < 5 and pool:
        chosen.append(pool.pop(rng.below(len(pool))))
    state.emit("setup", "Items drawn: " + ", ".join(items[i].name for i in chosen), {"items": [items[i].id for i in chosen]})
    return [step for i in chosen for step in item_steps(state, i)]


def take_options(state: NightState, points: int) -> list[int]:
    """Alternative Item Draw 2: items still affordable (one counter per kind, first free one)."""
    return [i for i in draw_pool(state) if state.c.items[i].cost <= points]


def place_boards(state: NightState) -> None:
    """D6 boards in the Tool Shed (spread evenly over its squares), the rest in the Basement."""
    c = state.c
    boards = [b for b in c.kind_items["board"] if state.item_where[b] == NOT_IN_GAME]
    roll = state.rng.d6()
    in_shed = min(roll, len(boards))
    shed, basement = c.areas["Tool Shed"], c.areas["Basement"]
    for k, b in enumerate(boards):
        squares = shed if k < in_shed else basement
        state.item_where[b] = squares[(k if k < in_shed else k - in_shed) % len(squares)]
    state.emit("roll", f"Boards: D6 = {roll} — {in_shed} in the Tool Shed, {len(boards) - in_shed} in the Basement",
               {"roll": roll, "shed": in_shed, "basement": len(boards) - in_shed})


def give_start_items(state: NightState) -> None:
    for h, kinds in state.cfg.start_items.items():
        if state.humans[h].status != LIVE:
            continue
        for kid in kinds:
            ids = state.c.kind_items.get(kid) or (state.c.item_index[kid],)
            free = [i for i in ids if state.item_where[i] == NOT_IN_GAME]
            if free:
                state.item_where[free[0]] = CARRIED + h
                state.emit("setup", f"{state.humans[h].name} starts with the {state.c.items[free[0]].name}", None)


def arm_options(state: NightState) -> list[int]:
    """Take the House: items a character may be handed (guns limited by the scenario's alternative)."""
    items = state.c.items
    guns_given = sum(1 for it in items if it.kind == "firearm" and state.item_where[it.index] >= CARRIED)
    out = []
    for i in draw_pool(state):
        if items[i].kind == "firearm" and guns_given >= state.cfg.tth_guns:
            continue
        out.append(i)
    return out


def arm(state: NightState, h: int, item: int) -> None:
    it = state.c.items[item]
    state.item_where[item] = CARRIED + h
    text = f"{state.humans[h].name} is given the {it.name}"
    if it.kind == "firearm" and it.ammo:
        for j in state.c.kind_items[it.ammo]:
            if state.item_where[j] == NOT_IN_GAME:
                state.item_where[j] = CARRIED + h
                text += " and its ammo"
                break
    state.emit("setup", text, {"human": state.humans[h].name, "item": it.id})


def zombies_start(state: NightState) -> None:
    cfg = state.cfg
    c = state.c
    rng = state.rng
    fill_cup(state)
    if cfg.start_zombies_each_entry:
        for e in c.entries:
            for sq in e.squares[: cfg.start_zombies_each_entry]:
                if state.zocc[sq] or any(h.status == LIVE and h.sq == sq for h in state.humans):
                    continue
                z = draw_zombie(state)
                if z:
                    place_zombie(state, z, sq, f"waits at Map Entry Point {e.number}")
    if cfg.scenario == "take-the-house":
        for _ in range(cfg.tth_zombies):
            z = draw_zombie(state)
            if not z:
                break
            for _attempt in range(200):
                roll = rng.d6()
                if roll < 6:
                    area = c.tth_first[roll - 1]
                    text = f"D6 = {roll}"
                else:
                    r2 = rng.d6()
                    area = c.tth_second[r2 - 1]
                    text = f"D6 = 6, then {r2}"
                free = [s for s in c.areas[area] if not state.zocc[s]]
                if free:
                    place_zombie(state, z, free[rng.below(len(free))], f"lurks in the {area} ({text})")
                    break
                state.emit("roll", f"{zombie_name(state, z)}: {text} — {area} is full, roll again", None)
        state.cup = []  # the rest take no part: there is no Zombie Arrival Phase in this scenario
    for _ in range(cfg.start_zombies):
        z = draw_zombie(state)
        if z:
            arrive(state, z, "first")


def assign_attributes(state: NightState) -> None:
    """Character Attributes: D6-1 attributes, each 2D6 on the table, to random live humans."""
    rng = state.rng
    roll = rng.d6()
    count = roll - 1
    state.emit("roll", f"Character Attributes: D6 = {roll}, -1 = {count} attribute{'s' if count != 1 else ''}", {"roll": roll, "count": count})
    live = [h for h in state.humans if h.status == LIVE]
    authored = state.c.authored_attributes if state.cfg.authored_results else {}
    for _ in range(count):
        while True:
            a, b = rng.d6(), rng.d6()
            attr = authored.get(a + b) or state.c.attributes[a + b]
            if attr.id != "roll-again":
                break
            # the table stops at 10: "roll 2D6 to determine the specific attribute" again (ruling)
            state.emit("roll", f"Character Attributes: 2D6 = {a}+{b} = {a + b}, not on the table — roll again",
                       {"roll": a + b, "again": True})
        pool = [h for h in live if not (attr.id == "fighter" and h.name == "Ben")]
        if not pool:
            continue
        h = pool[rng.below(len(pool))]
        if attr.id not in h.attrs:
            h.attrs = (*h.attrs, attr.id)
        state.emit("attribute", f"2D6 = {a}+{b}: {h.name} is {attr.name} — {attr.text}", {"human": h.name, "attribute": attr.id, "roll": a + b})


def secret_pick_options(state: NightState) -> list[int]:
    return [h.idx for h in state.humans if h.status == LIVE]


# ==================================================================================================
# the steps of setup
# ==================================================================================================
@classvars(TAG="choose-humans")
@dataclass(slots=True)
class ChooseHumans(StepForm, Auto[NightState]):
    """§1. Humans: who is in the game, and the hero."""


    def run(self, state: NightState) -> Steps:
        return choose_humans(state)


@classvars(TAG="human")
@dataclass(slots=True)
class PrepareHuman(StepForm, Auto[NightState]):
    """Roll where a human goes; place it or offer the free squares there."""

    h: int

    def run(self, state: NightState) -> Steps:
        step = prepare_human(state, self.h)
        return (step,) if step is not None else ()


@classvars(TAG="place-human", kind="place-human", seat=0)
@dataclass(slots=True)
class PlaceHuman(StepForm, Choice[NightState, Place]):
    """Which free square of the rolled area the human stands on."""

    h: int
    cands: tuple[int, ...]
    area: str

    def actions(self, state: NightState) -> Sequence[Place]:
        name = state.humans[self.h].name
        names = state.c.grid.names
        return [Place(name, names[s]) for s in self.cands]

    def apply(self, state: NightState, action: Place) -> Steps:
        place_human(state, self.h, state.c.grid.index[action.square])
        return ()

    def prompt(self, state: NightState) -> str:
        return f"Place {state.humans[self.h].name}: any free square of {self.area}"


@classvars(TAG="pick", kind="pick")
@dataclass(slots=True)
class PickHuman(StepForm, Choice[NightState, Pick]):
    """Hidden Hero: each player secretly picks a human."""

    seat: int

    def actions(self, state: NightState) -> Sequence[Pick]:
        return [Pick(state.humans[h].name) for h in secret_pick_options(state)]

    def apply(self, state: NightState, action: Pick) -> Steps:
        state.secret[self.seat] = human_by_name(state, action.human)
        state.emit("pick", f"Player {self.seat + 1} has secretly picked a human", {"seat": self.seat})
        return ()

    def prompt(self, state: NightState) -> str:
        return f"Player {self.seat + 1}: secretly pick your human"


@classvars(TAG="draw-items")
@dataclass(slots=True)
class DrawItems(StepForm, Auto[NightState]):
    """§4. Items: the items drawn (or the story's, or Alternative Item Draw 2's points)."""


    def run(self, state: NightState) -> Steps:
        return draw_items(state)


@classvars(TAG="take", kind="take", seat=0)
@dataclass(slots=True)
class TakeItems(StepForm, Choice[NightState, Any]):
    """Alternative Item Draw 2: take items worth up to the points left, or stop."""

    points: int
    taken: tuple[int, ...]

    def actions(self, state: NightState) -> Sequence[TakeItem | Stop]:
        items = state.c.items
        out: list[TakeItem | Stop] = [TakeItem(items[i].id) for i in take_options(state, self.points)]
        out.append(STOP)
        return out

    def apply(self, state: NightState, action: TakeItem | Stop) -> Steps:
        if type(action) is not TakeItem:
            return self.finish(state)
        c = state.c
        i = c.item_index[action.item]
        cost = c.items[i].cost
        left = TakeItems(self.points - cost, (*self.taken, i))
        state.item_where[i] = SET_ASIDE
        state.emit("item", f"Taken: {c.items[i].name} ({cost} points, {left.points} left)", None)
        if not take_options(state, left.points):
            return left.finish(state)
        return (left,)

    def finish(self, state: NightState) -> Steps:
        for i in self.taken:
            state.item_where[i] = NOT_IN_GAME
        return [s for i in self.taken for s in item_steps(state, i)]

    def prompt(self, state: NightState) -> str:
        return f"Alternative Item Draw 2: take items worth up to {self.points} item points, or stop"


@classvars(TAG="keys")
@dataclass(slots=True)
class Keys(StepForm, Auto[NightState]):
    """The Keys are placed as an item."""


    def run(self, state: NightState) -> Steps:
        keys = state.c.kind_items["keys"][0]
        return (PrepareItem(keys),) if state.item_where[keys] == NOT_IN_GAME else ()


@classvars(TAG="boards")
@dataclass(slots=True)
class Boards(StepForm, Auto[NightState]):

    def run(self, state: NightState) -> Steps:
        place_boards(state)
        return ()


@classvars(TAG="start-items")
@dataclass(slots=True)
class StartItems(StepForm, Auto[NightState]):

    def run(self, state: NightState) -> Steps:
        give_start_items(state)
        return ()


@classvars(TAG="arm-all")
@dataclass(slots=True)
class ArmAll(StepForm, Auto[NightState]):
    """Take the House: every character is handed an item."""


    def run(self, state: NightState) -> Steps:
        return [Arm(h.idx) for h in state.humans if h.status == LIVE]


@classvars(TAG="arm", kind="arm", seat=0)
@dataclass(slots=True)
class Arm(StepForm, Choice[NightState, ArmWith]):
    """Take the House: hand one character one item."""

    h: int

    def actions(self, state: NightState) -> Sequence[ArmWith]:
        name = state.humans[self.h].name
        items = state.c.items
        return [ArmWith(name, items[i].id) for i in arm_options(state)] or [ArmWith(name, "nothing")]

    def apply(self, state: NightState, action: ArmWith) -> Steps:
        if action.item != "nothing":
            arm(state, self.h, state.c.item_index[action.item])
        return ()

    def prompt(self, state: NightState) -> str:
        return f"Take the House: hand {state.humans[self.h].name} one item"


@classvars(TAG="zombies-start")
@dataclass(slots=True)
class ZombiesStart(StepForm, Auto[NightState]):

    def run(self, state: NightState) -> Steps:
        zombies_start(state)
        return ()


@classvars(TAG="attributes")
@dataclass(slots=True)
class Attributes(StepForm, Auto[NightState]):

    def run(self, state: NightState) -> Steps:
        assign_attributes(state)
        return ()


__all__ = [
    "arm",
    "arm_options",
    "arrive",
    "assign_attributes",
    "choose_humans",
    "draw_items",
    "draw_zombie",
    "give_start_items",
    "human_by_name",
    "initial_steps",
    "place_boards",
    "place_human",
    "place_item",
    "prepare_human",
    "prepare_item",
    "take_options",
    "zombies_start",
]
