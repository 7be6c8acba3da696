"""Invariants along whole games: every card is in exactly one place, damage never piles past 4 on a
living Pj, groups never share a square, nobody carries more than it can, Searched tokens and
searching groups are on locations."""

from __future__ import annotations

from collections import Counter

import pytest

from deadboard.core import Rng, Setup
from deadboard.games.zombie_dawn.effects import capacity, load
from deadboard.games.zombie_dawn.state import PLAY, DawnState
from deadboard.sim.play import seat_bots
from tests.zombie_dawn.helpers import GAME


def where_cards(s: DawnState) -> dict[str, Counter[int]]:
    """Every card instance of each kind, counted wherever it lies."""
    out: dict[str, Counter[int]] = {k: Counter() for k in ("action", "item", "damage", "mission", "character", "skill")}
    a = out["action"]
    a.update(s.actions.cards)
    a.update(s.actions.discards)
    for g in s.groups:
        a.update(g.hand)
        a.update(g.trophies)
        if g.vehicle >= 0:
            a[g.vehicle] += 1
    if s.combat is not None:
        a.update(s.combat.zombies)
    for q in s.queue:
        a.update(q[2])
    it = out["item"]
    for deck in (s.green, s.blue, s.specials):
        it.update(deck.cards)
        it.update(deck.discards)
    for items in s.citems:
        it.update(items)
    for g in s.groups:
        it.update(g.found)
    for step in s.pending:
        if step[0] == "items":
            it.update(step[3])
    d = out["damage"]
    d.update(s.damage.cards)
    d.update(s.damage.discards)
    for dm in s.cdmg:
        d.update(dm)
    for step in s.pending:
        if step[0] == "damage" and step[4] >= 0:
            d[step[4]] += 1
    m = out["mission"]
    m.update(s.missions.cards)
    m.update(s.missions.discards)
    for g in s.groups:
        m.update(g.missions)
        m.update(g.done)
    ch = out["character"]
    ch.update(s.char_deck.cards)
    for g in s.groups:
        ch.update(g.chars)
        ch.update(g.dead)
    for step in s.pending:
        if step[0] == "character":
            ch.update(step[2])
    sk = out["skill"]
    sk.update(s.skill_deck.cards)
    for skills in s.cskills:
        sk.update(skills)
    for g in s.groups:
        sk.update(g.vp_skills)
    for step in s.pending:
        if step[0] == "learn":
            sk.update(step[2])
    return out


def check(s: DawnState, totals: dict[str, int]) -> None:
    cards = where_cards(s)
    for kind, counter in cards.items():
        dup = [k for k, n in counter.items() if n > 1]
        assert not dup, f"{kind} cards in two places: {dup}"
    c = s.c
    assert sum(cards["action"].values()) == totals["action"], "an action card was lost or made up"
    assert sum(cards["item"].values()) == len(c.item_cards)
    assert sum(cards["damage"].values()) == len(c.damage_cards)
    assert sum(cards["mission"].values()) == totals["mission"]
    assert sum(cards["character"].values()) == len(c.characters)
    assert sum(cards["skill"].values()) == len(c.skills)
    if s.phase != PLAY:
        return
    squares = [g.sq for g in s.groups if g.chars]
    assert len(squares) == len(set(squares)), "two groups on one square"
    for g in s.groups:
        for ch in g.chars:
            assert len(s.cdmg[ch]) <= 4
            assert len(s.cdmg[ch]) < 4 or any(p[0] == "save" and p[2] == ch for p in s.pending)
            assert load(s, ch) <= capacity(s, ch), f"{c.characters[ch].name} carries too much"
        if g.chars and s.board is not None:
            assert not s.board.water[g.sq]
            assert not g.searching or s.board.loc_count[g.sq] > 0, "searching off a location"
    if s.board is not None:
        assert all(s.board.loc_count[sq] for sq, v in enumerate(s.searched) if v), "a Searched token off a location"


def _play(setup: Setup, seed: int, bots: list[str]) -> int:
    s = GAME.new(setup, seed)
    assert isinstance(s, DawnState)
    players = seat_bots(GAME, s.setup, bots, seed)
    rng = Rng(seed)
    totals: dict[str, int] = {}
    steps = 0
    while s.decision is not None:
        if s.phase == PLAY and not totals:
            got = where_cards(s)
            totals = {"action": sum(got["action"].values()), "mission": sum(got["mission"].values())}
        if totals:
            check(s, totals)
        legal = GAME.legal_actions(s)
        bot = players[s.decision.seat]
        view = GAME.view(s, s.decision.seat) if bot.needs_view else None
        action = bot.choose(GAME, view, legal) if len(legal) > 1 else legal[0]
        if rng.below(4) == 0:
            action = legal[rng.below(len(legal))]
        GAME.apply(s, action)
        steps += 1
    check(s, totals)
    return steps


@pytest.mark.parametrize(("players", "options", "bots"), [
    (1, {}, ["heuristic"]),
    (2, {}, ["heuristic", "random"]),
    (3, {"hard": True}, ["random", "heuristic", "heuristic"]),
    (4, {}, ["heuristic"]),
    (4, {"expert-cards": False}, ["random"]),
])
def test_every_card_stays_in_exactly_one_place(players: int, options: dict[str, object], bots: list[str]) -> None:
    for seed in (1, 2):
        assert _play(Setup("standard", dict(options), players=players), seed, bots) > 0
