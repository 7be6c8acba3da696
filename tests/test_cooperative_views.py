"""The co-operative games have no secret of one seat: what one player may see, every player may.

Zpocalypse 2 and Day Night Z hide only what nobody has seen (the decks' order, Day Night Z's
face-down surprise cards), never one seat's hand or choice. So "no view reveals a secret" comes down
to this: after every step of seeded games with several seats, every seat's view holds the same log,
sentence for sentence, and the same decision. (The Night, District-Z and Zombie Dawn, which have
secrets of one seat, check theirs in their own invariant tests.)
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from deadboard.core import get_game

GAMES = [("zpocalypse-2", 2, 1), ("zpocalypse-2", 3, 2), ("day-night-z", 2, 3), ("day-night-z", 4, 4),
         ("day-night-z-campaign", 2, 5)]


@pytest.mark.parametrize(("game_id", "players", "seed"), GAMES)
def test_every_seat_of_a_co_operative_game_sees_the_same_log(game_id: str, players: int, seed: int) -> None:
    game = get_game(game_id)
    setup = game.normalize_setup(dataclasses.replace(game.default_setup(), players=players))
    state = game.new(setup, seed)
    rng = random.Random(seed)
    for _ in range(150):
        if state.decision is None:
            break
        views = [game.view(state, s) for s in range(players)]
        logs = [[e.text for e in v.log] for v in views]
        assert all(log == logs[0] for log in logs), "a seat's view holds a sentence another seat's does not"
        game.apply(state, rng.choice(game.legal_actions(state)))
