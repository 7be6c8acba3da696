"""The Night: solitaire house defence against rule-driven zombies (rulebook: the-night.txt)."""

from collections.abc import Sequence
from typing import TYPE_CHECKING

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
from deadboard.games.the_night.rules import TheNight
from deadboard.games.the_night.state import NightState

if TYPE_CHECKING:
    from deadboard.core.research import GameSpec


def _terminal() -> TerminalDrawing[NightState]:
    from deadboard.games.the_night import render

    return TerminalDrawing(render.render)


def _browser() -> BrowserDrawing[NightState]:
    from deadboard.games.the_night import svg

    return BrowserDrawing(svg.draw)


def _words() -> ActionWords[NightState]:
    from deadboard.games.the_night.words import WORDS

    return WORDS


def _rules() -> Sequence[RuleSection]:
    from deadboard.core.quickref import package_quickref

    return package_quickref(__file__)


def _heuristic() -> BotFactory:
    from deadboard.games.the_night.bot import HeuristicBot

    return HeuristicBot


def _evaluator() -> ValueFunction:
    from deadboard.games.the_night.evaluate import evaluate

    return evaluate


def _research() -> "type[GameSpec]":
    from deadboard.games.the_night.research import NightSpec

    return NightSpec


def _value_features() -> Sequence[ValueModel]:
    from deadboard.games.the_night.valuefit import MODELS

    return MODELS


GAME = TheNight()

DESCRIPTOR = GameDescriptor(
    GAME,
    terminal=_terminal,
    browser=_browser,
    words=_words,
    rules=_rules,
    bots={"heuristic": _heuristic},
    evaluator=_evaluator,
    value_features=_value_features,
    research=_research,
    hint_anchor="heuristic",  # plain search plays worse than the heuristic bot here (docs/simulation.md)
)

__all__ = ["DESCRIPTOR", "GAME", "TheNight"]
