"""Fitting value functions for search from simulated games.

A game's value function (:meth:`deadboard.core.game.Game.evaluate`) estimates a seat's chance of
winning from a position. The cheapest good ones are logistic models over a few features of the
position, fitted on positions sampled from seeded games and labelled with how those games ended:
:func:`sample_positions` plays the games (on the table driver's loop), :func:`fit_logistic` fits the
weights (L2-regularised Newton steps; numpy is imported only here, when fitting).

What is fitted is the game's own (:class:`~deadboard.core.descriptor.ValueModel`, named by its
descriptor's ``value_features``): the setups, the bot, the features and labels of a position.
``python -m deadboard.sim.valuefit GAME [MODEL] [GAMES [BOT [JOBS]]]`` refits a game's models (its
default ones, or MODEL) and prints the constants to paste into its ``evaluate`` module.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deadboard.core.action import Action
from deadboard.core.descriptor import ValueModel
from deadboard.core.game import Game, Setup, State
from deadboard.core.registry import descriptor
from deadboard.core.rng import Rng, derive_seed
from deadboard.core.table import Player, Table
from deadboard.sim.play import seat_bots

Rows = tuple[list[list[float]], list[float]]


@dataclass
class PlayedPositions:
    """Views sampled along one game (seat 0's), and the game's final state."""

    positions: list[State]
    final: State


class _Sampling:
    """A seat's bot that, each time it is asked, first keeps seat 0's view of the position with
    probability ``every`` (one draw of ``pick`` a decision, whoever's)."""

    def __init__(self, bot: Player, state: State, pick: Rng, every: float, kept: list[State]) -> None:
        self.bot = bot
        self.needs_view = bot.needs_view
        self.state = state
        self.pick = pick
        self.every = every
        self.kept = kept

    def choose(self, game: Game, view: Any, legal: Sequence[Action]) -> Action:
        if self.pick.random() < self.every:
            self.kept.append(game.view(self.state, 0))
        return self.bot.choose(game, view, legal)


def sample_positions(
    game: Game,
    setups: Sequence[Setup],
    bots: str | Sequence[str],
    games: int,
    seed: int,
    every: float = 0.2,
) -> Iterator[PlayedPositions]:
    """Play ``games`` games per setup with ``bots`` (:meth:`deadboard.core.table.Table.play_out`);
    keep seat 0's view at each decision (a forced one is not a decision: its only action is taken
    without asking) with probability ``every``."""
    for k, setup in enumerate(setups):
        for i in range(games):
            gseed = derive_seed("valuefit", seed, k, i)
            state = game.new(setup, gseed)
            pick = Rng(derive_seed(gseed, "sample"))
            kept: list[State] = []
            players = {seat: _Sampling(bot, state, pick, every, kept)
                       for seat, bot in enumerate(seat_bots(game, state.setup, bots, gseed))}
            Table(game, state, players, keep_record=False).play_out()
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


def fit_signed(rows: list[list[float]], labels: list[float], signs: Mapping[int, int]) -> list[float]:
    """:func:`fit_logistic`, dropping (weight 0) the feature whose fitted weight is most against its
    sign in ``signs`` until none is."""
    active = list(range(len(rows[0])))
    while True:
        w = fit_logistic([[r[j] for j in active] for r in rows], labels)
        wrong = [(w[k] * signs[j], j) for k, j in enumerate(active) if w[k] * signs.get(j, 0) < 0]
        if not wrong:
            full = [0.0] * len(rows[0])
            for k, j in enumerate(active):
                full[j] = w[k]
            return full
        active.remove(min(wrong)[1])


def model_of(game_id: str, name: str) -> ValueModel:
    """The value model ``name`` of a game (SystemExit naming the game's models)."""
    models = descriptor(game_id).value_models()
    for m in models:
        if m.name == name:
            return m
    known = ", ".join(m.name for m in models) or "none"
    raise SystemExit(f"error: {game_id} has no value model {name!r} (its models: {known})")


def model_rows(task: tuple[str, str, dict[str, Any], str, int, float]) -> Rows:
    """One seeded game's training rows for a game's value model: ``task`` is (game id, model name,
    setup, bot, seed, sampling rate)."""
    game_id, name, setup_json, bot, seed, every = task
    model = model_of(game_id, name)
    game = descriptor(game_id).game
    rows: list[list[float]] = []
    labels: list[float] = []
    for played in sample_positions(game, [Setup.from_json(setup_json)], bot, 1, seed, every):
        outcome = game.outcome(played.final)
        assert outcome is not None
        for v in played.positions:
            for row, label in model.rows(v, played.final, outcome):
                rows.append(row)
                labels.append(label)
    return rows, labels


def fit_model(game_id: str, model: ValueModel, games: int | None = None, bot: str | None = None,
              jobs: int = 1, seed: int | None = None) -> dict[str, Any]:
    """Refit ``model`` on ``games`` seeded games of each of its setups (its own defaults for what is
    not given); returns :func:`summary`'s figures."""
    from deadboard.sim.backends import execute

    n = model.games if games is None else games
    base = model.seed if seed is None else seed
    tasks = [(game_id, model.name, setup.to_json(), bot or model.bot, base * 1_000_003 + k * 10_007 + i, model.every)
             for k, setup in enumerate(model.setups) for i in range(n)]
    rows: list[list[float]] = []
    labels: list[float] = []
    for r, lab in execute(model_rows, tasks, jobs=jobs):
        rows.extend(r)
        labels.extend(lab)
    if not rows:
        raise SystemExit(f"error: no position of {game_id}'s games gave a row for the model {model.name!r}")
    weights = fit_signed(rows, labels, model.signs) if model.signs else fit_logistic(rows, labels)
    return summary(rows, labels, weights)


def main(argv: Sequence[str]) -> None:
    """``python -m deadboard.sim.valuefit GAME [MODEL] [GAMES [BOT [JOBS]]]``: refit the game's
    default value models (or MODEL) on games of each model's bot (or BOT) and print each constant."""
    from deadboard.core.errors import UnknownGameError

    if not argv:
        raise SystemExit("usage: python -m deadboard.sim.valuefit GAME [MODEL] [GAMES [BOT [JOBS]]]")
    game_id, rest = argv[0], list(argv[1:])
    try:
        found = descriptor(game_id)
    except UnknownGameError as e:
        raise SystemExit(f"error: {e}") from None
    models = list(found.value_models())
    if not models:
        raise SystemExit(f"error: {game_id} has no value model to refit")
    if rest and not rest[0].isdigit():
        models = [model_of(game_id, rest.pop(0))]
    else:
        models = [m for m in models if m.default]
    for model in models:
        games, bot, jobs = fit_args(rest, found.game, model.games, model.bot)
        r = fit_model(game_id, model, games, bot, jobs)
        print(f"# {model.name}: fitted on {games} games per setup played by {bot}: {r['rows']} positions "
              f"(rate {r['rate']:.2f}, log-loss {r['loss']:.4f})")
        print(constant(model.constant, r["weights"]))


if __name__ == "__main__":
    main(sys.argv[1:])
