"""Seeded whole campaigns with the heuristic and random bots, checked after every step against the
rulebook's rules of the campaign (§3.5, §3.8, §6, §7) and the campaign's own bounds."""

from __future__ import annotations

import pytest

from deadboard.bots.base import make_bot
from deadboard.core.rng import Rng
from deadboard.games.day_night_z.campaign_content import FACILITIES
from deadboard.games.day_night_z.campaign_state import CampaignState
from deadboard.games.day_night_z.effects import capacity
from deadboard.games.day_night_z.growth import sheet
from tests.day_night_z.campaign_helpers import GAME, campaign


def _check(state: CampaignState) -> None:
    content = state.content
    # victory points: earned as a group, spent in turns; never more spent than earned
    assert state.vp >= 0 and sum(state.spent.values()) + state.vp == state.vp_earned
    assert sum(h.spent for h in state.heroes) == sum(state.spent.values())
    # "A shelter has a maximum of 6 facilities ... and a perimeter fence", each on its own space
    assert set(state.facilities) <= set(FACILITIES) and set(state.spaces) == set(state.facilities)
    assert len(set(state.spaces.values())) == len(state.spaces) <= 6
    assert all(level in ("basic", "advanced") for level in state.facilities.values())
    assert state.fence in ("", "basic", "advanced")
    assert 0 <= state.store <= capacity(state)
    taken: list[str] = []
    for h in state.heroes:
        # "limited to a maximum of 15" survival points; the wheels' bounds
        assert 0 <= h.sp <= 15 and 0 <= h.stress <= content.adventure.rules.stress.max
        assert h.ammo >= 0 and h.supplies >= 0 and h.battery >= 0
        assert all(i in content.adventure.search for i in h.items)
        if h.alive:
            assert 0 < h.health <= sheet(state, h).health
            assert h.infection < content.adventure.rules.infection.death
        # "All the abilities of lower level must be bought (1) to gain access to the next level (2)"
        for sid in h.skills:
            skill = content.skills[sid]
            lower = {content.skills[o].level for o in h.skills if content.skills[o].line == skill.line}
            assert set(range(1, skill.level)) <= lower
        assert len(set(h.skills)) == len(h.skills)
        taken += h.allies
        # the grown sheet carries exactly the perks of his skills and allies
        cards = [content.skills[s] for s in h.skills] + [content.allies[a] for a in h.allies]
        assert sheet(state, h).perks == tuple(p for c in cards for p in c.perks)
    # an ally joins one survivor
    assert len(taken) == len(set(taken))
    inner = state.inner
    if inner is not None:
        for s, h in zip(inner.survivors, state.heroes, strict=True):
            assert inner.content.survivor(s.id).perks == sheet(state, h).perks
    # a route planned for a chapter never takes a path its special rules close
    if state.phase == "travel-out" and state.route and state.chapter < len(content.chapters):
        assert not set(state.route) & set(content.chapters[state.chapter].closed)


CASES = [(1, "heuristic", 3), (2, "heuristic", 5), (2, "random", 7)]


@pytest.mark.parametrize(("players", "bot", "seed"), CASES)
def test_campaign_invariants_hold_after_every_step(players: int, bot: str, seed: int) -> None:
    state = campaign(players, seed)
    bots = [make_bot("heuristic", GAME, i, seed + i) for i in range(players)]
    rng = Rng(seed)
    steps = 0
    while state.decision is not None and steps < 20000:
        _check(state)
        legal = GAME.legal_actions(state)
        seat = state.decision.seat
        if bot == "random":
            action = legal[rng.below(len(legal))]
        else:
            action = bots[seat].choose(GAME, GAME.view(state, seat), legal)
        GAME.apply(state, action)
        steps += 1
    _check(state)
    assert state.decision is None and GAME.outcome(state) is not None
