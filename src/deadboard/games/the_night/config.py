"""Scenarios, optional rules and their combination into one frozen :class:`Config` per game.

The rules modules read only the Config, never the raw setup, so a scenario is a set of switches and
figures rather than special cases scattered through the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from deadboard.core.content import validation_message
from deadboard.core.errors import SetupError
from deadboard.core.game import Option, Scenario, Setup
from deadboard.games.the_night.content import UNLIMITED, NightContent

SCENARIOS = (
    Scenario("standard", "The Night", "The basic game: seven humans, a hero, 16 turns from dusk to dawn."),
    Scenario("quick-game", "Quick Game", "Two humans must survive 10 turns. Good for learning."),
    Scenario("take-the-house", "Take the House", "Seven armed humans must clear a zombie-infested house in 10 turns."),
    Scenario("the-coopers", "The Coopers", "The Cooper family in the basement, Karen bitten; can they survive until dawn?"),
    Scenario("no-chance", "No Chance", "Twelve zombies at the entry points from the start. Tough."),
    Scenario("make-your-own-story", "Make Your Own Story", "The basic game changed by a TOML file of your own (--option story=FILE)."),
)

OPTIONS = (
    # setup alternatives (rulebook §Setting Up the Game)
    Option("free-placement", "Alternative Human Setup", "Place the humans in squares of your choice, yard included."),
    Option("item-draw", "Item draw", "standard: 5 random items; firearm: Alternative Item Draw 1 (one firearm + 4); "
           "points: Alternative Item Draw 2 (choose items worth up to D6+6 item points).",
           kind="choice", default="standard", choices=("standard", "firearm", "points")),
    Option("item-placement", "Item placement", "table: the Item Location Table; 2d6: Alternative Item Placement.",
           kind="choice", default="table", choices=("table", "2d6")),
    # scenario alternatives
    Option("survival-points", "Quick Game alternative 1", "An extra victory point for each character surviving a turn.",
           scenarios=("quick-game",)),
    Option("start-zombies", "Quick Game alternative 2", "Start with more than one zombie.",
           kind="int", default=1, lo=1, hi=12, scenarios=("quick-game",)),
    Option("zombies", "Take the House alternative 1", "How many zombies infest the house at the start.",
           kind="int", default=20, lo=1, hi=35, scenarios=("take-the-house",)),
    Option("guns", "Take the House alternative 2", "How many guns the humans may be given (3 = no limit).",
           kind="int", default=3, lo=0, hi=3, scenarios=("take-the-house",)),
    Option("ben-and-barbara", "The Coopers alternative 1", "Ben and Barbara join the zombie draw container; Harry is no longer a hero.",
           scenarios=("the-coopers",)),
    Option("karen-lingers", "The Coopers alternative 2", "Karen dies on 11 or 12 on 2D6 instead of a 6.",
           scenarios=("the-coopers",)),
    Option("story", "Make Your Own Story", "A TOML file of overrides: stats, entries, turns, items, victory.",
           kind="file", scenarios=("make-your-own-story",)),
    # optional rules
    Option("dark-yard", "The Dark Yard", "Moving in the yard costs 2 AP a square; from the yard only zombies under 3 squares away can be shot."),
    Option("dark-yard-frozen", "The Dark Yard alternative 1", "A human activated in the yard freezes in fear on a 1 and cannot move this turn."),
    Option("dark-yard-indoors", "The Dark Yard alternative 2", "Humans score victory points only if inside the house or Tool Shed at the end."),
    Option("better-shooting", "Better Shooting", "Humans may shoot twice a turn, 1 AP a shot."),
    Option("combat-assistance", "Combat Assistance", "+1 in hand-to-hand for a friendly character adjacent to the opponent."),
    Option("unreliable-weapons", "Unreliable Weapons", "Weapons break on ties and on unlucky shots; guns run out of ammo."),
    Option("random-events", "Random Event Phase", "A 2D6 random event after each Live Human Action Phase from turn 2."),
    Option("authored-results", "Authored results 11 and 12",
           "The Random Event and Character Attribute tables stop at 10. Without this option a random event "
           "of 11 is no event, 12 brings one more zombie, and an attribute of 11 or 12 is rolled again; with "
           "it, our own results: event 11 Second wind!, attributes 11 Marksman and 12 Lucky."),
    Option("dodge", "Dodge", "A human moving away from an adjacent zombie is caught on a 1 and must fight it."),
    Option("character-attributes", "Character Attributes", "D6-1 random attributes (Bitten, Athlete, Coward …) for random humans."),
    Option("zombie-player", "2 Players - Zombie Player", "The last seat controls the zombies; humans win with 3+ points (hero 3, others 1)."),
    Option("hidden-hero", "2+ Players - Hidden Hero", "No hero; each player secretly picks a human; players take turns activating humans."),
)


class StoryHuman(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    strength: int | None = Field(default=None, ge=0, le=20)
    ap: int | None = Field(default=None, ge=1, le=20)
    items: list[str] = []
    place: str | None = None  # a square name


class StoryAllHumans(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    strength: int | None = Field(default=None, ge=0, le=20)
    ap: int | None = Field(default=None, ge=1, le=20)


class StoryZombies(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    strength: int | None = Field(default=None, ge=0, le=20)
    ap: int | None = Field(default=None, ge=1, le=6)
    breaker: bool | None = None


class StoryVictory(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    collect: list[str] = []  # item ids that escaping humans must carry between them
    exit: int | None = Field(default=None, ge=1, le=6)  # Map Entry Point the humans leave by
    survivors: int = Field(default=1, ge=0, le=7)  # humans who must escape (or live to dawn)


class Story(BaseModel):
    """Make Your Own Story: every field optional; what is not given follows the basic game."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    title: str = "My story"
    turns: int = Field(default=16, ge=1, le=40)
    humans: list[str] | None = None  # who is in the game (default: all seven)
    hero: str | None = None  # a name, "random" (default) or "none"
    free_placement: bool = False
    all_humans: StoryAllHumans = StoryAllHumans()  # the same figures for every human
    stats: dict[str, StoryHuman] = {}  # per human (applied after all_humans)
    zombies: StoryZombies = StoryZombies()
    zombie: dict[str, StoryZombies] = {}  # per zombie number: "23" = {strength = 7}
    # where zombies arrive: Map Entry Point numbers, or area names ("Basement")
    entries: list[int | str] = Field(default=[1, 2, 3, 4, 5, 6], min_length=1)
    start_zombies: int = Field(default=1, ge=0, le=35)
    arrivals: int | None = Field(default=None, ge=0, le=35)  # fixed zombies per turn instead of a D6
    items: list[str] | None = None  # the items drawn at setup instead of five random ones
    victory: StoryVictory | None = None


@dataclass(frozen=True)
class Config:
    scenario: str
    turns: int
    humans: tuple[int, ...]  # human indices in the game
    hero_rule: str  # "random", "none", or "fixed"
    fixed_heroes: tuple[int, ...]
    placement: str  # "table", "free", "house", "entry", "coopers", "story"
    item_draw: str
    item_placement: str
    keys_and_boards: bool
    start_zombies: int
    start_zombies_each_entry: int  # No Chance: 2 in every Map Entry Point
    confine: bool  # Take the House: zombies cannot leave the house
    skip_arrival: bool
    skip_reanimation: bool
    skip_first_zombie_phase: bool
    all_act_first_turn: bool
    no_entry_placement: bool  # No Chance: no human in a Map Entry Point
    karen: int  # The Coopers: index of the bitten Karen, or -1
    karen_2d6: bool
    cup_extra: tuple[int, ...]  # human zombies added to the draw container (Coopers alt 1)
    survival_points: bool
    tth_zombies: int
    tth_guns: int
    entries: tuple[int | str, ...]  # Map Entry Point numbers or area names (Make Your Own Story)
    arrivals: int | None
    story_items: tuple[str, ...] | None
    start_items: Mapping[int, tuple[str, ...]]
    start_squares: Mapping[int, str]
    victory_collect: tuple[str, ...]
    victory_exit: int | None
    victory_survivors: int
    hstr: tuple[int, ...]
    hap: tuple[int, ...]
    zstr: Mapping[int, int]
    zap: Mapping[int, int]
    zbrk: Mapping[int, bool]
    dark_yard: bool = False
    dark_yard_frozen: bool = False
    dark_yard_indoors: bool = False
    better_shooting: bool = False
    combat_assistance: bool = False
    unreliable: bool = False
    random_events: bool = False
    authored_results: bool = False
    dodge: bool = False
    attributes: bool = False
    zombie_player: bool = False
    hidden_hero: bool = False
    human_seats: int = 1
    zombie_seat: int = -1
    story_title: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)


def parse_story(data: Mapping[str, Any], content: NightContent) -> Story:
    try:
        story = Story.model_validate(data)
    except ValidationError as e:
        raise SetupError(f"story: {validation_message(e)}") from None
    in_story = _check_story_humans(story, content)
    _check_story_stats(story, content, in_story)
    item_ids = set(content.item_index) | {it.kind_id for it in content.items}
    for it in [*(story.items or []), *(story.victory.collect if story.victory else [])]:
        if it not in item_ids:
            raise SetupError(f"story: unknown item {it!r}")
    for entry in story.entries:
        if isinstance(entry, int):
            if not 1 <= entry <= 6:
                raise SetupError(f"story: entries: {entry} is not a Map Entry Point (1-6)")
        elif entry not in content.areas:
            raise SetupError(f"story: entries: {entry!r} is neither a Map Entry Point (1-6) nor an area of the map")
    numbers = {z.number for z in content.zombies}
    for k in story.zombie:
        if not (k.isascii() and k.isdigit()) or int(k) not in numbers:
            raise SetupError(f"story: zombie.{k}: no zombie numbered {k}")
    return story


def _check_story_humans(story: Story, content: NightContent) -> set[str]:
    """The humans a story names exist and its hero is one of its humans; returns its humans."""
    names = {h.name for h in content.humans}
    for n in [*(story.humans or []), *story.stats]:
        if n not in names:
            raise SetupError(f"story: unknown human {n!r}; the humans are {', '.join(sorted(names))}")
    if story.hero not in (None, "random", "none") and story.hero not in names:
        raise SetupError(f"story: hero: unknown human {story.hero!r}")
    in_story = set(story.humans) if story.humans is not None else names
    if story.hero not in (None, "random", "none") and story.hero not in in_story:
        raise SetupError(f"story: hero: {story.hero} is not in the story's humans")
    return in_story


def _check_story_stats(story: Story, content: NightContent, in_story: set[str]) -> None:
    """Each human's starting items exist, fit their hands and are not given twice over; each starting
    square can be entered and holds one human of the story."""
    item_ids = set(content.item_index) | {it.kind_id for it in content.items}
    kinds = {it.kind_id: it for it in content.items}
    given: dict[str, int] = {}
    places: dict[int, str] = {}
    grid = content.grid
    for n, sh in story.stats.items():
        for it in sh.items:
            if it not in item_ids:
                raise SetupError(f"story: stats.{n}.items: unknown item {it!r}")
            kid = content.items[content.item_index[it]].kind_id if it in content.item_index else it
            given[kid] = given.get(kid, 0) + 1
        held = [it for it in sh.items if (kinds.get(it) or content.items[content.item_index[it]]).kind not in UNLIMITED]
        if len(held) > 2:
            raise SetupError(f"story: stats.{n}.items: more than 2 items to carry (ammo and the Keys aside)")
        if sh.place is not None:
            sq = grid.index.get(sh.place.lower())
            if sq is None:
                raise SetupError(f"story: stats.{n}.place: no square {sh.place!r} on the map")
            if not grid.passable[sq]:
                raise SetupError(f"story: stats.{n}.place: {sh.place} cannot be entered")
            if sq in places and n in in_story and places[sq] in in_story:
                raise SetupError(f"story: stats.{n}.place: {sh.place} is {places[sq]}'s")
            places[sq] = n
    for kid, count in given.items():
        have = len(content.kind_items.get(kid, ()))
        if count > have:
            raise SetupError(f"story: stats: {count} humans start with the {kinds[kid].name}, but there is only {have} {kinds[kid].name}")


def build_config(setup: Setup, content: NightContent) -> Config:
    o = dict(setup.options)
    sc = setup.scenario
    all_humans = tuple(range(len(content.humans)))
    by_name = {h.name: i for i, h in enumerate(content.humans)}
    hstr = [h.strength for h in content.humans]
    hap = [h.ap for h in content.humans]
    zstr: dict[int, int] = {z.number: z.strength for z in content.zombies}
    zap: dict[int, int] = {z.number: z.ap for z in content.zombies}
    zbrk: dict[int, bool] = {z.number: z.breaker for z in content.zombies}
    for i, h in enumerate(content.humans):
        zstr[100 + i] = h.zombie_strength
        zap[100 + i] = h.zombie_ap
        zbrk[100 + i] = False

    zombie_player = bool(o.get("zombie-player"))
    hidden_hero = bool(o.get("hidden-hero"))
    seats = setup.players
    human_seats = _human_seats(seats, zombie_player, hidden_hero)

    kw: dict[str, Any] = dict(
        scenario=sc, turns=16, humans=all_humans, hero_rule="random", fixed_heroes=(), placement="table",
        item_draw=o.get("item-draw", "standard"), item_placement=o.get("item-placement", "table"),
        keys_and_boards=True, start_zombies=1, start_zombies_each_entry=0, confine=False,
        skip_arrival=False, skip_reanimation=False, skip_first_zombie_phase=False, all_act_first_turn=False,
        no_entry_placement=False, karen=-1, karen_2d6=False, cup_extra=(), survival_points=False,
        tth_zombies=20, tth_guns=3, entries=(1, 2, 3, 4, 5, 6), arrivals=None, story_items=None,
        start_items={}, start_squares={}, victory_collect=(), victory_exit=None, victory_survivors=1,
    )
    if o.get("free-placement"):
        kw["placement"] = "free"
    kw.update(_scenario_settings(sc, o, content, by_name, all_humans))
    if sc == "make-your-own-story":
        raw = o.get("story")
        if not raw:
            raise SetupError("Make Your Own Story needs a story file: --option story=FILE (see docs/the-night-story.md)")
        _tell_story(kw, parse_story(raw, content), by_name, hstr, hap, (zstr, zap, zbrk))
    if hidden_hero:
        kw["hero_rule"] = "none"
        kw["fixed_heroes"] = ()
    if len(kw["humans"]) < human_seats and hidden_hero:
        raise SetupError(f"Hidden Hero: {human_seats} players but only {len(kw['humans'])} humans in this scenario")

    flags = dict(
        dark_yard="dark-yard", dark_yard_frozen="dark-yard-frozen", dark_yard_indoors="dark-yard-indoors",
        better_shooting="better-shooting", combat_assistance="combat-assistance", unreliable="unreliable-weapons",
        random_events="random-events", dodge="dodge", attributes="character-attributes",
        authored_results="authored-results",
    )
    for attr, key in flags.items():
        kw[attr] = bool(o.get(key))
    return Config(
        hstr=tuple(hstr), hap=tuple(hap), zstr=zstr, zap=zap, zbrk=zbrk,
        zombie_player=zombie_player, hidden_hero=hidden_hero, human_seats=human_seats,
        zombie_seat=seats - 1 if zombie_player else -1, options=o, **kw,
    )


def _human_seats(seats: int, zombie_player: bool, hidden_hero: bool) -> int:
    """The seats on the human side, once the player count is checked against the optional rules."""
    human_seats = seats - (1 if zombie_player else 0)
    if zombie_player and seats < 2:
        raise SetupError("the Zombie Player rule needs 2 players or more (--players 2)")
    if hidden_hero and human_seats < 2:
        raise SetupError("the Hidden Hero rule needs 2 or more players on the human side (--players N)")
    if not hidden_hero and human_seats != 1:
        raise SetupError(
            "The Night is solitaire: use --players 1, or the zombie-player option (2 players) "
            "or the hidden-hero option (2+ players)"
        )
    if hidden_hero and human_seats > 7:
        raise SetupError("the Hidden Hero rule allows at most 7 players on the human side")
    return human_seats


def _scenario_settings(sc: str, o: dict[str, Any], content: NightContent, by_name: dict[str, int],
                         all_humans: tuple[int, ...]) -> dict[str, Any]:
    """What a scenario (other than Make Your Own Story) changes in the standard settings."""
    if sc == "quick-game":
        return dict(turns=10, hero_rule="none", placement="quick", start_zombies=int(o.get("start-zombies", 1)),
                    survival_points=bool(o.get("survival-points")))
    if sc == "take-the-house":
        return dict(turns=10, hero_rule="none", placement="entry", keys_and_boards=False, start_zombies=0,
                    confine=True, skip_arrival=True, skip_reanimation=True, skip_first_zombie_phase=True,
                    all_act_first_turn=True, tth_zombies=int(o.get("zombies", 20)), tth_guns=int(o.get("guns", 3)),
                    item_draw="given")
    if sc == "the-coopers":
        coopers = tuple(i for i in all_humans if content.humans[i].name not in ("Ben", "Barbara"))
        heroes = tuple(by_name[n] for n in ("Harry", "Helen") if n in by_name)
        extra: tuple[int, ...] = ()
        if o.get("ben-and-barbara"):
            heroes = tuple(h for h in heroes if content.humans[h].name != "Harry")
            extra = tuple(100 + by_name[n] for n in ("Ben", "Barbara") if n in by_name)
        return dict(humans=coopers, hero_rule="fixed", fixed_heroes=heroes, placement="coopers",
                    karen=by_name.get("Karen", -1), karen_2d6=bool(o.get("karen-lingers")), cup_extra=extra)
    if sc == "no-chance":
        return dict(no_entry_placement=True, start_zombies=0, start_zombies_each_entry=2)
    return {}


def _tell_story(kw: dict[str, Any], story: Story, by_name: dict[str, int], hstr: list[int], hap: list[int],
                zombies: tuple[dict[int, int], dict[int, int], dict[int, bool]]) -> None:
    """What a Make Your Own Story file changes: the settings ``kw``, the humans' Strength and AP, the
    zombies' Strength, AP and Breaker."""
    zstr, zap, zbrk = zombies
    kw.update(turns=story.turns, entries=tuple(story.entries), start_zombies=story.start_zombies,
              arrivals=story.arrivals, story_title=story.title)
    if story.humans is not None:
        kw["humans"] = tuple(by_name[n] for n in story.humans)
    if story.hero == "none":
        kw["hero_rule"] = "none"
    elif story.hero not in (None, "random"):
        kw.update(hero_rule="fixed", fixed_heroes=(by_name[story.hero],))
    if story.free_placement:
        kw["placement"] = "free"
    for i in range(len(hstr)):
        if story.all_humans.strength is not None:
            hstr[i] = story.all_humans.strength
        if story.all_humans.ap is not None:
            hap[i] = story.all_humans.ap
    for n, sh in story.stats.items():
        i = by_name[n]
        if sh.strength is not None:
            hstr[i] = sh.strength
        if sh.ap is not None:
            hap[i] = sh.ap
    kw["start_items"] = {by_name[n]: tuple(sh.items) for n, sh in story.stats.items() if sh.items}
    kw["start_squares"] = {by_name[n]: sh.place.lower() for n, sh in story.stats.items() if sh.place}
    for num in list(zstr):
        if num >= 100:
            continue
        for over in (story.zombies, story.zombie.get(str(num))):
            if over is None:
                continue
            if over.strength is not None:
                zstr[num] = over.strength
            if over.ap is not None:
                zap[num] = over.ap
            if over.breaker is not None:
                zbrk[num] = over.breaker
    if story.items is not None:
        kw["story_items"] = tuple(story.items)
    if story.victory is not None:
        kw.update(victory_collect=tuple(story.victory.collect), victory_exit=story.victory.exit,
                  victory_survivors=story.victory.survivors)


