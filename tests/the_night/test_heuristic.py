"""The heuristic player: it plays each scenario's own goal."""

from __future__ import annotations

from deadboard.bots.base import make_bot
from deadboard.core import Setup
from deadboard.sim.play import play_game

from .helpers import GAME, act_as, board, sq


def _move_toward_zombie(scenario: str) -> int:
    """Ben, armed, six squares from a zombie: how much nearer the bot's first move takes him."""
    s = board(humans={"Ben": "d5"}, zombies={1: "d11"}, items={"axe": "Ben"}, scenario=scenario)
    act_as(s, "Ben")
    bot = make_bot("heuristic", GAME, 0, 1)
    action = bot.choose(GAME, GAME.view(s, 0), GAME.legal_actions(s))
    dist = s.c.grid.manhattan
    before = dist(sq(s, "d5"), sq(s, "d11"))
    after = dist(sq(s, str(action[2])), sq(s, "d11")) if action[0] == "move" else before
    return before - after


def test_in_take_the_house_the_humans_close_in_on_the_zombies() -> None:
    assert _move_toward_zombie("take-the-house") > 0
    assert _move_toward_zombie("standard") <= 0


def test_the_heuristic_player_clears_the_house() -> None:
    # Take the House is lost unless every zombie is removed: the bot hunts them down
    results = [play_game(GAME, Setup("take-the-house"), seed, "heuristic").outcome for seed in range(10)]
    assert sum(1 for o in results if o.winners) >= 8
