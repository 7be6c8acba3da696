"""OpenSpiel games: every deadboard game registered with ``pyspiel.register_game``.

``pyspiel.load_game("deadboard_district_z(players=2)")`` after ``import deadboard.rl.openspiel``.
Parameters: ``players``, ``scenario``, ``options`` (a JSON object of the game's options) and
``rng_seed`` (the seeds of successive initial states are drawn from it).

Chance is part of the state (``DETERMINISTIC``: there are no chance nodes): dice and draws are
resolved inside an action from the state's own seeded stream, which no player sees, so every game is
of imperfect information (and Zombie Dawn's hands and District-Z's face-down cards are hidden as
well). A state's stream travels with it: a cloned, pickled or serialized state
(``pyspiel.serialize_game_and_state``) rolls the same dice as its original. The observation string is
the seat's view as JSON (:meth:`GameSpec.public_text`); the information state is that view plus the
seat's own actions so far. Both tensors are the spec's observation vector.
``resample_from_infostate`` is ``game.view`` then ``game.determinize``: what the seat cannot see
redrawn, which is what OpenSpiel's IS-MCTS needs.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from deadboard.core.game import Game, Setup, State
from deadboard.core.registry import get_game, list_games
from deadboard.core.rng import Rng
from deadboard.rl.spec import GameSpec, make_setup, spec_for

__all__ = ["MAX_GAME_LENGTH", "game_name", "load", "register_all"]

#: an upper bound on the decisions of one game, for OpenSpiel's GameInfo
MAX_GAME_LENGTH = 100_000


def game_name(game_id: str) -> str:
    """``district-z`` -> ``deadboard_district_z``."""
    return "deadboard_" + game_id.replace("-", "_")


class _Shared:
    """What a state and its clones share (never copied; pickled as the game's id and setup)."""

    def __init__(self, game: Game, spec: GameSpec) -> None:
        self.game = game
        self.spec = spec

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_shared, (self.game.id, self.spec.setup.to_json()))


def _shared(game_id: str, setup: dict[str, Any]) -> _Shared:
    game = get_game(game_id)
    return _Shared(game, spec_for(game, Setup.from_json(setup)))


class _Engine:
    """The deadboard state inside an OpenSpiel state; a deep copy is the engine's cheap clone."""

    def __init__(self, state: State, mine: list[list[int]]) -> None:
        self.state = state
        self.mine = mine  # per seat: the integers of its own actions so far

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.state.clone(), [m.copy() for m in self.mine])


class DeadboardState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: pyspiel.Game, shared: _Shared, engine: _Engine) -> None:
        super().__init__(game)
        self._shared = shared
        self._engine = engine
        self._legal_cache: dict[int, Any] | None = None

    def _legal(self) -> dict[int, Any]:
        if self._legal_cache is None:
            self._legal_cache = self._shared.spec.choices.legal(self._shared.game, self._engine.state)
        return self._legal_cache

    def current_player(self) -> int:
        d = self._engine.state.decision
        return int(pyspiel.PlayerId.TERMINAL) if d is None else d.seat

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return sorted(self._legal())

    def _apply_action(self, action: int) -> None:
        a = self._legal()[action]
        seat = self._engine.state.decision.seat  # type: ignore[union-attr]
        self._shared.game.apply_unchecked(self._engine.state, a)
        self._engine.mine[seat].append(action)
        self._legal_cache = None

    def _action_to_string(self, player: int, action: int) -> str:
        spec = self._shared.spec
        if spec.choices is spec.actions:
            return spec.actions.decode(action).text
        # a listed action is the legal action at that place now
        a = self._legal().get(action) if player == self.current_player() else None
        return a.text if a is not None else f"listed action {action}"

    def is_terminal(self) -> bool:
        return self._engine.state.decision is None

    def returns(self) -> list[float]:
        game, state = self._shared.game, self._engine.state
        outcome = game.outcome(state) if state.decision is None else None
        if outcome is None:
            return [0.0] * len(self._engine.mine)
        return [float(game.result_value(outcome, s)) for s in range(len(self._engine.mine))]

    def resample_from_infostate(self, player: int, sampler: Any) -> DeadboardState:
        game = self._shared.game
        seed = int(sampler() * 2**52) if callable(sampler) else int(np.random.default_rng().integers(2**52))
        view = game.view(self._engine.state, player)
        game.determinize(view, Rng(seed))
        out = DeadboardState(self.get_game(), self._shared, _Engine(view, [m.copy() for m in self._engine.mine]))
        return out

    def __str__(self) -> str:
        game, state = self._shared.game, self._engine.state
        return f"{game.id} {game.state_hash(state)}"

    @property
    def engine_state(self) -> State:
        """The deadboard state (for tests and tools; bots should use observations)."""
        return self._engine.state


class DeadboardObserver:
    """OpenSpiel's observer: the spec's observation vector and the view's JSON (plus, for the
    information state, the seat's own actions)."""

    def __init__(self, spec: GameSpec, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.spec = spec
        self.recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(spec.layout.size, np.float32)
        self.dict = spec.parts(self.tensor)

    def set_from(self, state: DeadboardState, player: int) -> None:
        self.tensor[:] = self.spec.observe(state._engine.state, player)

    def string_from(self, state: DeadboardState, player: int) -> str:
        text = self.spec.public_text(state._engine.state, player)
        if self.recall:
            text += " mine:" + ",".join(map(str, state._engine.mine[player]))
        return text


def _game_class(game: Game) -> type[pyspiel.Game]:
    default = game.default_setup()
    params = {"players": default.players, "scenario": default.scenario, "options": "{}", "rng_seed": 0}
    game_type = pyspiel.GameType(
        short_name=game_name(game.id),
        long_name=f"deadboard {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players + 1,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=params,
    )

    class DeadboardGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            merged = {**DeadboardGame.defaults, **(params or {})}
            options = merged["options"]
            options = json.loads(options) if isinstance(options, str) else dict(options)
            setup = make_setup(game, int(merged["players"]), str(merged["scenario"]) or None, options)
            self.spec = spec_for(game, setup)
            self.seats = self.spec.seats
            super().__init__(game_type, pyspiel.GameInfo(
                num_distinct_actions=self.spec.num_actions, max_chance_outcomes=0, num_players=self.seats,
                min_utility=0.0, max_utility=1.0, utility_sum=None, max_game_length=MAX_GAME_LENGTH,
            ), merged)
            self._shared = _Shared(game, self.spec)
            self._seeds = np.random.default_rng(int(merged["rng_seed"]))

        defaults = params

        def new_initial_state(self, seed: int | None = None) -> DeadboardState:
            if seed is None:
                seed = int(self._seeds.integers(2**31))
            state = game.new(self.spec.setup, seed)
            return DeadboardState(self, self._shared, _Engine(state, [[] for _ in range(self.seats)]))

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> DeadboardObserver:
            return DeadboardObserver(self.spec, iig_obs_type, params)

        @property
        def setup(self) -> Setup:
            return self.spec.setup

    DeadboardGame.game_type = game_type
    return DeadboardGame


_registered: dict[str, type[pyspiel.Game]] = {}


def register_all() -> None:
    """Register every deadboard game with OpenSpiel (done on import; again is harmless)."""
    known = set(pyspiel.registered_names())
    for gid in list_games():
        name = game_name(gid)
        if gid in _registered or name in known:
            continue
        cls = _game_class(get_game(gid))
        pyspiel.register_game(cls.game_type, cls)
        _registered[gid] = cls


def load(game_id: str, **params: Any) -> pyspiel.Game:
    """``load("district-z", players=2)``: the OpenSpiel game (options as a dict or JSON text)."""
    register_all()
    if isinstance(params.get("options"), dict):
        params["options"] = json.dumps(params["options"], sort_keys=True)
    return pyspiel.load_game(game_name(game_id), params)


register_all()
