"""Every game: a response window in which a seat can play nothing but ``pass`` is not asked at all
(docs/architecture.md, Response windows: "seats with nothing to play but ``pass`` are skipped
without a decision"). Seeded random games of every game id, each ``respond`` decision looked at."""

from __future__ import annotations

import pytest

from deadboard.core import Rng, get_game, list_games


@pytest.mark.parametrize("game_id", list_games())
def test_a_seat_with_nothing_to_play_is_never_asked_in_a_window(game_id: str) -> None:
    game = get_game(game_id)
    windows = 0
    for k, setup in enumerate(game.test_setups()[:3]):
        state = game.new(game.normalize_setup(setup), 40 + k)
        rng = Rng(7 + k)
        for _ in range(1500):
            d = state.decision
            if d is None:
                break
            legal = game.legal_actions(state)
            if d.kind == "respond":
                windows += 1
                assert [a.text for a in legal][:1] == ["pass"] and len(legal) > 1, (game_id, d.prompt)
            game.apply(state, legal[rng.below(len(legal))])
    if game_id == "zombie-dawn":
        assert windows > 0
