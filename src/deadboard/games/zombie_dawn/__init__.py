"""Zombie Dawn: competitive survival for 1 to 4 players, with action cards played out of turn
(rulebook: zombie-dawn.txt)."""

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
from deadboard.games.zombie_dawn.rules import ZombieDawn

if TYPE_CHECKING:
    from deadboard.core.research import GameSpec


def _terminal() -> TerminalDrawing[Any]:
    from deadboard.games.zombie_dawn import render

    return TerminalDrawing(render.render, legend=render.legend, choice_path=render.choice_path,
                           square_of=render.square_of)


def _browser() -> BrowserDrawing[Any]:
    from deadboard.games.zombie_dawn import svg

    return BrowserDrawing(svg.draw, dice=svg.dice)


def _words() -> ActionWords[Any]:
    from deadboard.games.zombie_dawn.words import WORDS

    return WORDS


def _rules() -> Sequence[RuleSection]:
    from deadboard.core.quickref import package_quickref

    return package_quickref(__file__)


def _heuristic() -> BotFactory:
    from deadboard.games.zombie_dawn.bot import HeuristicBot

    return HeuristicBot


def _evaluator() -> ValueFunction:
    from deadboard.games.zombie_dawn.evaluate import evaluate

    return evaluate


def _research() -> "type[GameSpec]":
    from deadboard.games.zombie_dawn.research import DawnSpec

    return DawnSpec


def _value_features() -> Sequence[ValueModel]:
    from deadboard.games.zombie_dawn.valuefit import MODELS

    return MODELS


GAME = ZombieDawn()

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
    hint_playouts="heuristic",  # its plans compared by the heuristic's playouts of the turn, scored by the value
)

__all__ = ["DESCRIPTOR", "GAME", "ZombieDawn"]
