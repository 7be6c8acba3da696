"""Day Night Z: an adventure in a zombie city — a city board and tiles of subzones, threat-card
zombies, noise and threat, survival points, day and night, for 1-4 co-operative survivors
(rulebook: day-night-z.txt, sections 1 to 5) — and its campaign, a game of its own
(``day-night-z-campaign``: travel, the shelter and the campaign book, sections 6 and 7)."""

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from deadboard.core.descriptor import (
    ActionWords,
    BotFactory,
    BrowserDrawing,
    GameDescriptor,
    RuleSection,
    TerminalDrawing,
    ValueFunction,
    ValueModel,
)
from deadboard.games.day_night_z.campaign import GAME as CAMPAIGN_GAME
from deadboard.games.day_night_z.campaign import DayNightZCampaign
from deadboard.games.day_night_z.rules import DayNightZ

if TYPE_CHECKING:
    from deadboard.core.research import GameSpec


def _terminal() -> TerminalDrawing[Any]:
    from deadboard.games.day_night_z import render

    return TerminalDrawing(render.render, legend=render.legend)


def _browser() -> BrowserDrawing[Any]:
    from deadboard.games.day_night_z import svg

    return BrowserDrawing(svg.draw)


def _words() -> ActionWords[Any]:
    from deadboard.games.day_night_z.words import WORDS

    return WORDS


def _rules() -> Sequence[RuleSection]:
    from deadboard.core.quickref import package_quickref

    return package_quickref(__file__)


def _heuristic() -> BotFactory:
    from deadboard.games.day_night_z.bot import HeuristicBot

    return HeuristicBot


def _hurry() -> BotFactory:
    from deadboard.games.day_night_z.bot import HurryBot

    return HurryBot


def _campaign_hurry() -> BotFactory:
    from deadboard.games.day_night_z.campaign_bot import CampaignHurryBot

    return CampaignHurryBot


def _evaluator() -> ValueFunction:
    from deadboard.games.day_night_z.evaluate import evaluate

    return evaluate


def _campaign_evaluator() -> ValueFunction:
    from deadboard.games.day_night_z.evaluate import campaign_evaluate

    return campaign_evaluate


def _value_features() -> Sequence[ValueModel]:
    from deadboard.games.day_night_z.valuefit import MODELS

    return MODELS


def _campaign_value_features() -> Sequence[ValueModel]:
    from deadboard.games.day_night_z.valuefit import CAMPAIGN_MODELS

    return CAMPAIGN_MODELS


def _campaign_terminal() -> TerminalDrawing[Any]:
    from deadboard.games.day_night_z import campaign_render

    return TerminalDrawing(campaign_render.render)


def _campaign_browser() -> BrowserDrawing[Any]:
    from deadboard.games.day_night_z import campaign_svg

    return BrowserDrawing(campaign_svg.draw)


def _campaign_words() -> ActionWords[Any]:
    from deadboard.games.day_night_z.campaign_words import WORDS

    return WORDS


def _campaign_rules() -> Sequence[RuleSection]:
    """The adventure's quick reference, then the campaign's travel and shelter."""
    from deadboard.core.quickref import package_quickref

    return (*package_quickref(__file__), *package_quickref(__file__, "campaign_quickref.toml"))


def _campaign_heuristic() -> BotFactory:
    from deadboard.games.day_night_z.campaign_bot import CampaignBot

    return CampaignBot


def _research() -> "type[GameSpec]":
    from deadboard.games.day_night_z.research import DayNightZSpec

    return DayNightZSpec


def _campaign_research() -> "type[GameSpec]":
    from deadboard.games.day_night_z.campaign_research import DayNightZCampaignSpec

    return DayNightZCampaignSpec


GAME = DayNightZ()

DESCRIPTOR = GameDescriptor(
    GAME,
    terminal=_terminal,
    browser=_browser,
    words=_words,
    rules=_rules,
    bots={"heuristic": _heuristic, "hurry": _hurry},
    evaluator=_evaluator,
    value_features=_value_features,
    # random playouts are all lost here (a hint estimated 0.00 and said "end"): the heuristic's
    # choice, played out by the heuristic against the turn's plans and against the heuristic in a
    # hurry played out by itself (docs/simulation.md)
    hint_anchor="heuristic",
    hint_playouts="heuristic+hurry",
    research=_research,
)

#: the campaign (registered as ``day-night-z-campaign``)
CAMPAIGN = GameDescriptor(
    CAMPAIGN_GAME,
    terminal=_campaign_terminal,
    browser=_campaign_browser,
    words=_campaign_words,
    rules=_campaign_rules,
    bots={"heuristic": _campaign_heuristic, "hurry": _campaign_hurry},
    evaluator=_campaign_evaluator,
    value_features=_campaign_value_features,
    hint_anchor="heuristic",  # as the adventure's (docs/simulation.md)
    hint_playouts="heuristic+hurry",
    research=_campaign_research,
)

__all__ = ["CAMPAIGN", "DESCRIPTOR", "GAME", "DayNightZ", "DayNightZCampaign"]
