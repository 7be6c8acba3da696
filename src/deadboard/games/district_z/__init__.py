"""District-Z: a card-grid city crawl with d6 event tables and dice-matching combat, for 1-4 players
(rulebook: district-z.txt)."""

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
from deadboard.games.district_z.rules import DistrictZ
from deadboard.games.district_z.state import DistrictState

if TYPE_CHECKING:
    from deadboard.core.research import GameSpec


def _terminal() -> TerminalDrawing[DistrictState]:
    from deadboard.games.district_z import render

    return TerminalDrawing(render.render, legend=render.legend, square_of=render.square_of)


def _browser() -> BrowserDrawing[DistrictState]:
    from deadboard.games.district_z import svg

    return BrowserDrawing(svg.draw, dice=svg.dice)


def _words() -> ActionWords[DistrictState]:
    from deadboard.games.district_z.words import WORDS

    return WORDS


def _rules() -> Sequence[RuleSection]:
    from deadboard.core.quickref import package_quickref

    return package_quickref(__file__)


def _heuristic() -> BotFactory:
    from deadboard.games.district_z.bot import HeuristicBot

    return HeuristicBot


def _evaluator() -> ValueFunction:
    from deadboard.games.district_z.evaluate import evaluate

    return evaluate


def _research() -> "type[GameSpec]":
    from deadboard.games.district_z.research import DistrictSpec

    return DistrictSpec


def _value_features() -> Sequence[ValueModel]:
    from deadboard.games.district_z.valuefit import MODELS

    return MODELS


GAME = DistrictZ()

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
)

__all__ = ["DESCRIPTOR", "GAME", "DistrictZ"]
