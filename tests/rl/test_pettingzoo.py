"""PettingZoo's own test suite on every game: api_test and seed_test on a solo and a multi-seat
setup, max_cycles_test on each game's one-player setup.

max_cycles_test counts, per agent, the turns it is offered and expects the median agent to be
offered as many as the busiest, which holds where every agent acts once a cycle. In these
turn-based games one seat may decide many times in a row (a whole turn, a response window), so a
multi-seat setup is checked instead by the truncation itself: after ``max_cycles`` decisions every
agent is truncated.
"""

from __future__ import annotations

import functools
import types

import pytest
from pettingzoo.test import api_test, max_cycles_test, seed_test

from deadboard.rl import pettingzoo as dpz
from tests.rl.helpers import GAMES

MULTI = {"the-night": {"players": 2, "options": {"zombie-player": True}}, "district-z": {"players": 2},
         "zombie-dawn": {"players": 2}, "zpocalypse-2": {"players": 2, "scenario": "chapter-1"},
         "day-night-z": {"players": 2, "scenario": "supply-run"},
         "day-night-z-campaign": {"players": 2}}


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("multi", [False, True], ids=["solo", "multi"])
def test_pettingzoo_api_and_seed_tests(gid: str, multi: bool) -> None:
    kwargs = MULTI[gid] if multi else {"players": 1}
    api_test(dpz.env(gid, **kwargs), num_cycles=60)
    seed_test(functools.partial(dpz.env, gid, **kwargs), num_cycles=30)


@pytest.mark.parametrize("gid", GAMES)
def test_pettingzoo_max_cycles_test(gid: str) -> None:
    max_cycles_test(types.SimpleNamespace(env=functools.partial(dpz.env, gid, players=1),
                                          parallel_env=functools.partial(dpz.parallel_env, gid, players=1)))


@pytest.mark.parametrize("gid", GAMES)
def test_every_agent_is_truncated_after_max_cycles_decisions(gid: str) -> None:
    env = dpz.env(gid, max_cycles=5, **MULTI[gid])
    env.reset(seed=3)
    decisions = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        env.step(env.action_space(agent).sample(obs["action_mask"]))
        decisions += 1
    assert decisions == 5


def test_a_response_window_is_the_next_agent_to_act() -> None:
    env = dpz.env("zombie-dawn", players=2)
    env.reset(seed=1)
    seen = []
    for agent in env.agent_iter(400):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        table = env.unwrapped.table
        assert env.possible_agents[table.seat] == agent
        seen.append(table.current.decision.kind)
        env.step(env.action_space(agent).sample(obs["action_mask"]))
    assert "respond" in seen


def test_an_illegal_action_changes_nothing_and_costs_the_penalty() -> None:
    env = dpz.env("district-z", players=1)
    env.reset(seed=2)
    obs, *_ = env.last()
    illegal = int(obs["action_mask"].argmin())
    before = env.unwrapped.table.current.clone()
    env.step(illegal)
    _, reward, term, trunc, info = env.last()
    assert reward == -1.0 and info["illegal"] and not term and not trunc
    game = env.unwrapped.table.game
    assert game.state_hash(env.unwrapped.table.current) == game.state_hash(before)
