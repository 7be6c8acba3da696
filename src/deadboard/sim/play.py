"""Playing one game to the end with bots in every seat."""

from __future__ import annotations

import gc
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from deadboard.bots.base import Bot, make_bot
from deadboard.core.game import Game, Outcome, Setup, State
from deadboard.core.rng import derive_seed
from deadboard.core.table import Table


@dataclass
class PlayedGame:
    state: State
    outcome: Outcome
    decisions: int
    actions: list[str] | None


def seat_bots(game: Game, setup: Setup, bots: str | Sequence[str] | Mapping[int, str], seed: int) -> list[Bot]:
    """One bot per seat: a single name for every seat, a list by seat, or a mapping seat -> name.
    Each bot's seed derives from the game seed and its seat."""
    n = game.seats(setup)
    if isinstance(bots, str):
        names = [bots] * n
    elif isinstance(bots, Mapping):
        default = bots.get(-1, "random")
        names = [bots.get(i, default) for i in range(n)]
    else:
        names = list(bots) + [bots[-1]] * (n - len(bots)) if bots else ["random"] * n
    return [make_bot(name, game, seat, derive_seed(seed, "bot", seat)) for seat, name in enumerate(names[:n])]


def play_game(
    game: Game,
    setup: Setup,
    seed: int,
    bots: str | Sequence[str] | Mapping[int, str] = "random",
    record: bool = False,
    max_decisions: int = 1_000_000,
) -> PlayedGame:
    """Play a whole game with bots (on the table driver). ``record`` keeps the action texts (for
    save files)."""
    state = game.new(setup, seed)
    players = seat_bots(game, state.setup, bots, seed)
    table = Table(game, state, dict(enumerate(players)), keep_record=record)
    n = table.play_out(max_decisions)
    outcome = game.outcome(state)
    assert outcome is not None
    return PlayedGame(state, outcome, n, table.texts() if record else None)


#: games this process's simulator has played (see :func:`game_played`)
_games_played = 0


def settle_heap() -> None:
    """Collect garbage, then leave every object still alive out of all later collections
    (``gc.freeze``). A simulator's heap is mostly what lives for the whole run: content, board
    geometry, lines of sight, the rules' caches. Python's collector walks all of it again at every
    full collection, a tenth of a random game's time; frozen, it is walked no more. Nothing a game
    does changes: the collector only frees unreachable cycles, and games make none they depend on."""
    gc.collect()
    gc.freeze()


def game_played() -> None:
    """Count a game the simulator played in this process; after the 1st, 2nd, 4th, ... 1,024th
    the heap is settled (:func:`settle_heap`): caches grow over the first games, then stop."""
    global _games_played
    _games_played += 1
    if _games_played <= 1024 and _games_played & (_games_played - 1) == 0:
        settle_heap()
