"""District-Z's options and their combination into one frozen :class:`Config` per game."""

from __future__ import annotations

from dataclasses import dataclass

from deadboard.core.errors import SetupError
from deadboard.core.game import Option, Scenario, Setup
from deadboard.games.district_z.content import DistrictContent

SCENARIOS = (
    Scenario("standard", "District-Z",
             "Find a LOCATION OBJECTIVE and reach the CITY'S EDGE. One player: a 7 x 3 CITY; 2-4 players: a 6 x 5 race."),
)

OPTIONS = (
    Option("additional-locations", "Additional Location Cards",
           "none: the 30 base cards; replace: swap base cards for additional ones (see replace-by); "
           "shuffle: add them all, shuffle and count out 30; bigger: a bigger CITY with every card.",
           kind="choice", default="none", choices=("none", "replace", "shuffle", "bigger")),
    Option("replace-by", "Who picks the replaced cards",
           "With additional-locations=replace: player: Player 1 chooses, before anything else, which base cards "
           "leave and which additional cards come in (any amount); random: replace-count random base cards are "
           "replaced by random additional cards.", kind="choice", default="player", choices=("player", "random")),
    Option("replace-count", "Cards replaced", "With additional-locations=replace and replace-by=random: how many "
           "random base cards are replaced by random additional cards.", kind="int", default=6, lo=1, hi=30),
    Option("infection", "Infection and Zombie Survivors",
           "Zombie wounds also infect; at twice your base health in infection you turn into a ZOMBIE SURVIVOR."),
    Option("zombie-survivor-combat", "Zombie Survivor Combat",
           "Zombie survivors fight living survivors on their card (needs the infection rule, which it switches on)."),
    Option("item-copies", "Items are kinds, not cards",
           "Off (the rulebook's 26 ITEM cards): each item is one card, found only while its card is in the ITEM card "
           "pile. On: a non-unique item can be found however many are already in play (a UNIQUE item still only "
           "once in the CITY)."),
    Option("play-on", "Play on", "Multiplayer: after the first survivor escapes the others play on for the places."),
    Option("turn-limit", "Turn limit", "The horde overruns the CITY after this many rounds (a safeguard for bot play).",
           kind="int", default=200, lo=10, hi=100_000),
)


@dataclass(frozen=True)
class Config:
    players: int
    single: bool
    additional: str
    replace_by: str
    replace_count: int
    infection: bool
    zs_combat: bool
    play_on: bool
    turn_limit: int
    item_copies: bool


def build_config(setup: Setup, content: DistrictContent) -> Config:
    o = setup.options
    zs = bool(o.get("zombie-survivor-combat", False))
    cfg = Config(
        players=setup.players,
        single=setup.players == 1,
        additional=str(o.get("additional-locations", "none")),
        replace_by=str(o.get("replace-by", "player")),
        replace_count=int(o.get("replace-count", 6)),
        infection=bool(o.get("infection", False)) or zs,
        zs_combat=zs,
        play_on=bool(o.get("play-on", False)),
        turn_limit=int(o.get("turn-limit", 200)),
        item_copies=bool(o.get("item-copies", False)),
    )
    if cfg.additional != "none" and not content.additional:
        raise SetupError("this content has no additional location cards")
    if cfg.additional == "replace" and cfg.replace_by == "random" and cfg.replace_count > min(len(content.additional), len(content.base)):
        raise SetupError(f"replace-count: there are only {len(content.additional)} additional location cards")
    if setup.players > len(content.objectives):
        raise SetupError(f"{setup.players} players need {setup.players} location objectives; the content has {len(content.objectives)}")
    if setup.players > len(content.survivors):
        raise SetupError(f"{setup.players} players need {setup.players} survivors; the content has {len(content.survivors)}")
    return cfg


#: id of a setup -> (the setup, a copy of its options, the content, its configuration)
_CONFIGS: dict[int, tuple[Setup, dict[str, object], DistrictContent, Config]] = {}


def config_for(setup: Setup, content: DistrictContent) -> Config:
    """:func:`build_config`, remembered for the setup objects it was given (a simulation starts every
    game from one setup; building and checking the configuration costs as much as a few decisions).
    A setup whose options were changed in place is built again; a configuration is a frozen value
    every game of the setup shares."""
    hit = _CONFIGS.get(id(setup))
    if hit is not None and hit[0] is setup and hit[2] is content and hit[1] == setup.options:
        return hit[3]
    cfg = build_config(setup, content)
    if len(_CONFIGS) >= 64:
        _CONFIGS.clear()
    # the entry holds the setup, so its id is not reused while remembered
    _CONFIGS[id(setup)] = (setup, dict(setup.options), content, cfg)
    return cfg
