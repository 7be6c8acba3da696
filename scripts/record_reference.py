"""Record reference playthroughs: seeded bot games saved with the number of legal actions at every
decision (a "perft" for dice games) and the final state hash.

    python scripts/record_reference.py [GAME ...]

The test suite replays them (tests/test_reference.py); a rules change that alters any of them shows
up as a failing, readable diff. Re-record deliberately after an intended rules change, and say why in
the commit message.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from deadboard.core import get_game, list_games
from deadboard.core.registry import descriptor
from deadboard.sim.play import seat_bots

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "reference"


def record(game_id: str, index: int, bot: str, seed: int) -> dict[str, object]:
    game = get_game(game_id)
    setup = game.normalize_setup(game.test_setups()[index])
    state = game.new(setup, seed)
    bots = seat_bots(game, setup, bot, seed)
    actions: list[str] = []
    counts: list[int] = []
    while (d := state.decision) is not None:
        legal = game.legal_actions(state)
        counts.append(len(legal))
        b = bots[d.seat]
        view = game.view(state, d.seat) if b.needs_view else None
        a = legal[0] if len(legal) == 1 else b.choose(game, view, legal)
        actions.append(a.text)
        game.apply_unchecked(state, a)
    outcome = game.outcome(state)
    assert outcome is not None
    return {
        "game": game.id, "version": game.version, "setup": setup.to_json(), "seed": seed, "bot": bot,
        "actions": actions, "legal_counts": counts, "hash": game.state_hash(state), "outcome": outcome.to_json(),
    }


def main(argv: list[str]) -> None:
    games = argv or list_games()
    for gid in games:
        game = get_game(gid)
        folder = OUT / gid
        folder.mkdir(parents=True, exist_ok=True)
        n = len(game.test_setups())
        for index in range(n):
            bot = "heuristic" if "heuristic" in descriptor(gid).bots and index % 2 == 0 else "random"
            data = record(gid, index, bot, 1000 + index)
            path = folder / f"setup{index:02d}-{bot}.json"
            path.write_text(json.dumps(data, indent=0) + "\n")
            print(f"{path.relative_to(OUT.parents[2])}: {len(data['actions'])} actions")


if __name__ == "__main__":
    main(sys.argv[1:])
