"""Fitting value functions for search from simulated games.

A game's value function (:meth:`deadboard.core.game.Game.evaluate`) estimates a seat's chance of
winning from a position. The cheapest good ones are logistic models over a few features of the
position, fitted on positions sampled from seeded games and labelled with how those games ended:
:func:`sample_positions` plays the games, :func:`fit_logistic` fits the weights (L2-regularised
Newton steps; numpy is imported only here, when fitting).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from deadboard.core.game import Game, Setup, State
from deadboard.core.rng import Rng, derive_seed
from deadboard.sim.play import seat_bots


@dataclass
class PlayedPositions:
    """Views sampled along one game (seat 0's), and the game's final state."""

    positions: list[State]
    final: State


def sample_positions(
    game: Game,
    setups: Sequence[Setup],
    bots: str | Sequence[str],
    games: int,
    seed: int,
    every: float = 0.2,
) -> Iterator[PlayedPositions]:
    """Play ``games`` games per setup with ``bots``; keep each decision's seat-0 view with
    probability ``every``."""
    for k, setup in enumerate(setups):
        for i in range(games):
            gseed = derive_seed("valuefit", seed, k, i)
            state = game.new(setup, gseed)
            players = seat_bots(game, state.setup, bots, gseed)
            pick = Rng(derive_seed(gseed, "sample"))
            kept: list[State] = []
            while (d := state.decision) is not None:
                legal = game.legal_actions(state)
                if pick.random() < every:
                    kept.append(game.view(state, 0))
                bot = players[d.seat]
                view = game.view(state, d.seat) if bot.needs_view else None
                action = legal[0] if len(legal) == 1 else bot.choose(game, view, legal)
                game.apply_unchecked(state, action)
            yield PlayedPositions(kept, state)


def fit_logistic(rows: Sequence[Sequence[float]], labels: Sequence[float], l2: float = 1e-3, steps: int = 50) -> list[float]:
    """Weights ``w`` maximising the L2-penalised log-likelihood of ``labels`` (0/1) under
    ``P = 1 / (1 + exp(-w . x))``. The first column is expected to be the constant 1."""
    import numpy as np

    x = np.asarray(rows, dtype=float)
    y = np.asarray(labels, dtype=float)
    n, k = x.shape
    w = np.zeros(k)
    penalty = l2 * n * np.eye(k)
    penalty[0, 0] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + penalty @ w
        hess = (x * (p * (1 - p))[:, None]).T @ x + penalty + 1e-9 * np.eye(k)
        delta = np.linalg.solve(hess, grad)
        w -= delta
        if float(np.max(np.abs(delta))) < 1e-8:
            break
    return [float(v) for v in w]


def log_loss(rows: Sequence[Sequence[float]], labels: Sequence[float], weights: Sequence[float]) -> float:
    """Mean log-loss of a fitted model (to compare feature sets)."""
    import numpy as np

    x = np.asarray(rows, dtype=float)
    y = np.asarray(labels, dtype=float)
    p = np.clip(1.0 / (1.0 + np.exp(-(x @ np.asarray(weights)))), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def summary(rows: Sequence[Sequence[float]], labels: Sequence[float], weights: Sequence[float]) -> dict[str, Any]:
    """A fitted model's figures: ``weights``, ``loss`` (:func:`log_loss`), ``rows`` and ``rate``
    (the share of positive labels)."""
    return {"weights": list(weights), "loss": log_loss(rows, labels, weights), "rows": len(rows),
            "rate": sum(labels) / len(labels) if labels else 0.0}


def constant(name: str, weights: Sequence[float]) -> str:
    """The line to paste into a value function's module: ``NAME: tuple[float, ...] = (…)``."""
    return f"{name}: tuple[float, ...] = (" + ", ".join(f"{w:.4f}" for w in weights) + ")"


def won_rows(
    game: Game,
    setup: Setup,
    bot: str,
    seed: int,
    every: float,
    features: Callable[[State], list[float] | None],
) -> tuple[list[list[float]], list[float]]:
    """One seeded game's training rows: ``features`` of each sampled seat-0 view (None: the view is
    left out), each labelled 1 if seat 0 won the game, else 0."""
    rows: list[list[float]] = []
    labels: list[float] = []
    for played in sample_positions(game, [setup], bot, 1, seed, every):
        outcome = game.outcome(played.final)
        won = 1.0 if outcome is not None and 0 in outcome.winners else 0.0
        for v in played.positions:
            row = features(v)
            if row is not None:
                rows.append(row)
                labels.append(won)
    return rows, labels


def fit_args(argv: Sequence[str], game: Game, games: int, bot: str) -> tuple[int, str, int]:
    """``[GAMES [BOT [JOBS]]]`` of a refit command, with these defaults (1 process). A bad number
    or a bot ``game`` does not have ends the command with a one-line message, not a traceback."""
    from deadboard.bots.base import make_bot
    from deadboard.core.errors import DeadboardError

    def number(text: str, what: str) -> int:
        value = int(text) if text.isdigit() else 0
        if value < 1:
            raise SystemExit(f"error: {what} must be a whole number of at least 1, not {text!r}")
        return value

    if len(argv) > 3:
        raise SystemExit("error: give at most GAMES, BOT and JOBS")
    n = number(argv[0], "GAMES") if argv else games
    name = argv[1] if len(argv) > 1 else bot
    jobs = number(argv[2], "JOBS") if len(argv) > 2 else 1
    try:
        make_bot(name, game, 0, 0)
    except DeadboardError as e:
        raise SystemExit(f"error: {e}") from None
    return n, name, jobs
