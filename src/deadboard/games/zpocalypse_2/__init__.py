"""Zpocalypse 2: Defend the Burbs — night combat against a pathing horde and mutates with dice
action pools, a day of tasks and feeding, chapters as scenarios, for 1-4 co-operative squads
(rulebook: zpocalypse-2.txt).

The modules import one way, each only those listed before it (no import loop, none hidden inside a
function): the data — ``content`` (the rules file's schema), ``board``, ``state``, ``actions`` (the
typed actions), ``audit`` (the zombies' traces) and ``sheet`` (a campaign sheet's schema); then the
rule areas, lowest first — ``survivors`` (damage allocated, wounds, deaths, what a squad carries),
``levelup`` and ``objectives`` (VP, milestones, personal objectives), ``combat`` (attacks, zombies
hurt and killed, blasts), ``structures`` (fortifications, upgrades, explosives), ``movement``,
``traits``, ``search``, ``recruiting``; then the phases' own steps — ``night`` (a squad's turn),
``horde`` (the zombies' spawning and their part of each hour), ``scavenge`` and ``crafting`` (day
tasks), ``day`` (the day's decisions); then ``turn``, the round, the one module that knows which
phase follows which (so no rule module names the step that comes after its phase); then
``tactics`` (what a night position holds for the heuristic, and a turn's plans for search),
``campaign`` and ``rules`` (the game: set-up, outcome, what search compares and where its
playouts stop); and above them the bot, the value function (``evaluate``, ``valuefit``),
``research``, drawing (``render``, ``svg``, ``svg_house``) and ``words``, which nothing in the
rules imports."""

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
from deadboard.games.zpocalypse_2.rules import Zpocalypse2

if TYPE_CHECKING:
    from deadboard.core.research import GameSpec


def _terminal() -> TerminalDrawing[Any]:
    from deadboard.games.zpocalypse_2 import render

    return TerminalDrawing(render.render, legend=render.legend)


def _browser() -> BrowserDrawing[Any]:
    from deadboard.games.zpocalypse_2 import svg

    return BrowserDrawing(svg.draw, dice=svg.dice)


def _words() -> ActionWords[Any]:
    from deadboard.games.zpocalypse_2.words import WORDS

    return WORDS


def _rules() -> Sequence[RuleSection]:
    from deadboard.core.quickref import package_quickref

    return package_quickref(__file__)


def _heuristic() -> BotFactory:
    from deadboard.games.zpocalypse_2.bot import HeuristicBot

    return HeuristicBot


def _evaluator() -> ValueFunction:
    from deadboard.games.zpocalypse_2.evaluate import evaluate

    return evaluate


def _value_features() -> Sequence[ValueModel]:
    from deadboard.games.zpocalypse_2.valuefit import MODELS

    return MODELS


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
    evaluator=_evaluator,
    value_features=_value_features,
    # the turn's plans (Zpocalypse2.search_candidates) and the heuristic's choice, each played out
    # by the heuristic to the end of the night and priced there by the value function
    # (docs/simulation.md)
    hint_anchor="heuristic",
    hint_playouts="heuristic",
    research=_research,
)

__all__ = ["DESCRIPTOR", "GAME", "Zpocalypse2"]
