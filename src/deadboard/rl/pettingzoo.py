"""PettingZoo environments for every game: one agent per seat, turn by turn (AEC).

``env("zombie-dawn", players=4)`` is an AEC environment whose ``agent_selection`` is always the seat
that decides now, so a response window (every other seat may answer an action, in turn) is simply
the next agents to act. An observation is ``{"observation": float32 vector, "action_mask": int8
vector}``; the mask of any agent but the one to act is all zero.

Rewards come once, when the game ends: each seat's ``game.result_value`` (1 won, 0 lost, graded in
between where the game grades its results). An illegal action changes nothing: the agent is given
``illegal_reward`` and decides again (``infos[agent]["illegal"]`` says so). ``max_cycles`` cuts a game
short (truncation) after that many decisions.

``parallel_env`` offers the same game through the parallel API: each step takes one action per live
agent and applies that of the agent to act (the others are ignored).

A step costs the game's own step, one observation and one mask: ``env()``'s order-enforcing wrapper
reads the environment's fields straight (PettingZoo's own forwards each through two ``__getattr__``
calls, a dozen a step), and a step rebuilds no reward or info dictionary that has not changed (an info
handed out is never changed afterwards: a new one replaces it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable, AECOrderEnforcingIterator

from deadboard.rl.episode import Episode
from deadboard.rl.spec import OBS_HIGH

__all__ = ["DeadboardAEC", "DeadboardParallel", "env", "parallel_env", "raw_env"]


class DeadboardAEC(AECEnv):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"], "name": "deadboard", "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, scenario: str | None = None,
                 options: Mapping[str, Any] | None = None, max_cycles: int | None = None,
                 illegal_reward: float = -1.0, render_mode: str | None = None) -> None:
        super().__init__()
        self.table = Episode(game, players, scenario, options)
        self.metadata = {**self.metadata, "name": f"deadboard_{self.table.game.id}"}
        self.max_cycles = max_cycles
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        n = self.table.num_actions
        self.possible_agents = [f"player_{i}" for i in range(self.table.seats)]
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self.agents = self.possible_agents[:]
        obs = spaces.Dict({
            "observation": spaces.Box(0.0, OBS_HIGH, (self.table.spec.layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._seed_rng = np.random.default_rng()
        self.cycles = 0
        self.agent_selection = self.possible_agents[0]
        self._rewarded = False  # a reward of the last step stands (to clear before the next)
        self._informed = False  # an info of the last step holds something (to replace by {})

    def observation_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        self.table.reset(int(self._seed_rng.integers(2**31)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.cycles = 0
        self._rewarded = self._informed = False
        self._select()

    def _select(self) -> None:
        seat = self.table.seat
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of.get(agent)
        if seat is None:
            raise ValueError(f"{agent!r} is not an agent of this environment ({', '.join(self.possible_agents)})")
        return {"observation": self.table.observe(seat), "action_mask": self.table.mask(seat)}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """AECEnv's ``last``, read from this environment's own fields."""
        agent = self.agent_selection
        assert agent is not None
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        if self._informed:
            self.infos = {a: {} for a in self.agents}
            self._informed = False
        table = self.table
        if not table.step(int(action)):
            self.rewards[agent] = self.illegal_reward
            self.infos[agent] = {"illegal": True}
            self._rewarded = self._informed = True
        self.cycles += 1
        decision = table.current.decision
        if decision is None:
            for a, r in zip(self.possible_agents, table.returns()):
                if a in self.rewards:
                    self.rewards[a] += r
            self._rewarded = True
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self.cycles >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[decision.seat]
            if self._rewarded:
                self._accumulate_rewards()
            return
        if self._rewarded:
            self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        seat = self.possible_agents.index(self.agent_selection)
        return self.table.spec.text(self.table.current, seat) if self.render_mode == "ansi" else None

    def close(self) -> None:
        pass


class DeadboardParallel(ParallelEnv):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"], "name": "deadboard"}

    def __init__(self, game: str, players: int | None = None, scenario: str | None = None,
                 options: Mapping[str, Any] | None = None, max_cycles: int | None = None,
                 illegal_reward: float = -1.0, render_mode: str | None = None) -> None:
        self.aec = DeadboardAEC(game, players, scenario, options, max_cycles, illegal_reward, render_mode)
        self.possible_agents = self.aec.possible_agents
        self.agents: list[str] = []
        self.render_mode = render_mode

    def observation_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.aec.action_space(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        self.aec.reset(seed, options)
        self.agents = self.aec.agents[:]
        return {a: self.aec.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        acting = self.aec.agent_selection
        self.aec.step(actions[acting])
        rewards = {a: float(self.aec.rewards.get(a, 0.0)) for a in self.agents}
        terminations = {a: bool(self.aec.terminations.get(a, True)) for a in self.agents}
        truncations = {a: bool(self.aec.truncations.get(a, False)) for a in self.agents}
        infos = {a: dict(self.aec.infos.get(a, {})) for a in self.agents}
        observations = {a: self.aec.observe(a) for a in self.agents}
        self.agents = [a for a in self.agents if not (terminations[a] or truncations[a])]
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        pass


def _forwarded(name: str) -> property:
    """An attribute of the wrapped environment, read and written straight (before ``reset`` it is an
    AttributeError, which sends the read to PettingZoo's ``__getattr__`` and its message)."""

    def get(self: _Ordered) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    def put(self: _Ordered, value: Any) -> None:
        setattr(self.env, name, value)

    return property(get, put)


class _Ordered(OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper (the same checks and messages) whose turn-by-turn fields
    and ``last``/``step`` go to the environment without a ``__getattr__`` at each read."""

    agent_selection = _forwarded("agent_selection")
    agents = _forwarded("agents")
    rewards = _forwarded("rewards")
    terminations = _forwarded("terminations")
    truncations = _forwarded("truncations")
    infos = _forwarded("infos")

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)  # type: ignore[no-any-return]

    def agent_iter(self, max_iter: int = 2**63) -> _Turns:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Turns(self, max_iter)

    def step(self, action: Any) -> None:
        env = self.env
        if self._has_reset and env.agents:
            self._has_updated = True
            env.step(action)
        else:
            super().step(action)


class _TurnIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's order-enforcing iterator (the same checks and message), reading the environment's
    fields straight rather than through the wrapper's."""

    def __next__(self) -> str:
        wrapper = self.env
        env = wrapper.env
        if not env.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return env.agent_selection  # type: ignore[no-any-return]


class _Turns(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _TurnIterator:
        return _TurnIterator(self.env, self.max_iter)


def raw_env(game: str, **kwargs: Any) -> DeadboardAEC:
    return DeadboardAEC(game, **kwargs)


def env(game: str, **kwargs: Any) -> Any:
    """The AEC environment of ``game`` (keyword arguments: players, scenario, options, max_cycles,
    illegal_reward, render_mode), wrapped in PettingZoo's order-enforcing wrapper."""
    return _Ordered(DeadboardAEC(game, **kwargs))


def parallel_env(game: str, **kwargs: Any) -> DeadboardParallel:
    return DeadboardParallel(game, **kwargs)
