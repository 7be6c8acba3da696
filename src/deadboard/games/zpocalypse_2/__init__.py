"""Zpocalypse 2: Defend the Burbs — night combat against a pathing horde and mutates with dice
action pools, a day of tasks and feeding, chapters as scenarios, for 1-4 co-operative squads
(rulebook: zpocalypse-2.txt)."""

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from deadboard.core.descriptor import (
    ActionWords,
    BotFactory,
    BrowserDrawing,
    GameDescriptor,
    RuleSection,
    TerminalDrawing,
)
from deadboard.games.zpocalypse_2.rules import Zpocalypse2

if TYPE_CHECKING:
    from deadboard.core.research import GameSpec


def _terminal() -> TerminalDrawing[Any]:
    from deadboard.games.zpocalypse_2 import render

    return TerminalDrawing(render.render, legend=render.legend)


def _browser() -> BrowserDrawing[Any]:
    from deadboard.games.zpocalypse_2 import svg

    return BrowserDrawing(svg.draw)


def _words() -> ActionWords[Any]:
    from deadboard.games.zpocalypse_2.words import WORDS

    return WORDS


def _rules() -> Sequence[RuleSection]:
    from deadboard.core.quickref import package_quickref

    return package_quickref(__file__)


def _heuristic() -> BotFactory:
    from deadboard.games.zpocalypse_2.bot import HeuristicBot

    return HeuristicBot


def _research() -> "type[GameSpec]":
    from deadboard.games.zpocalypse_2.research import ZpocalypseSpec

    return ZpocalypseSpec


GAME = Zpocalypse2()

DESCRIPTOR = GameDescriptor(
    GAME,
    terminal=_terminal,
    browser=_browser,
    words=_words,
    rules=_rules,
    bots={"heuristic": _heuristic},
    # the heuristic's choice, played out by the heuristic against the other candidates
    # (docs/simulation.md)
    hint_anchor="heuristic",
    hint_playouts="heuristic",
    research=_research,
)

__all__ = ["DESCRIPTOR", "GAME", "Zpocalypse2"]
