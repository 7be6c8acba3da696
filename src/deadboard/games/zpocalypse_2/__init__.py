"""Zpocalypse 2: Defend the Burbs — night combat against a pathing horde and mutates with dice
action pools, a day of tasks and feeding, chapters as scenarios, for 1-4 co-operative squads
(rulebook: zpocalypse-2.txt)."""

from typing import Any

from deadboard.core.descriptor import ActionWords, BotFactory, BrowserDrawing, GameDescriptor, TerminalDrawing
from deadboard.games.zpocalypse_2.rules import Zpocalypse2


def _terminal() -> TerminalDrawing[Any]:
    from deadboard.games.zpocalypse_2 import render

    return TerminalDrawing(render.render, legend=render.legend)


def _browser() -> BrowserDrawing[Any]:
    from deadboard.games.zpocalypse_2 import svg

    return BrowserDrawing(svg.draw)


def _words() -> ActionWords[Any]:
    from deadboard.games.zpocalypse_2.words import WORDS

    return WORDS


def _heuristic() -> BotFactory:
    from deadboard.games.zpocalypse_2.bot import HeuristicBot

    return HeuristicBot


GAME = Zpocalypse2()

DESCRIPTOR = GameDescriptor(
    GAME, terminal=_terminal, browser=_browser, words=_words, bots={"heuristic": _heuristic}
)

__all__ = ["DESCRIPTOR", "GAME", "Zpocalypse2"]
