"""Seeded games with every bot and player count, checked after every step against the rulebook."""

from __future__ import annotations

import pytest

from deadboard.core import Setup, get_game
from deadboard.core.rng import Rng
from deadboard.games.zpocalypse_2.bot import HeuristicBot
from deadboard.games.zpocalypse_2.scavenge import Draft
from deadboard.games.zpocalypse_2.search import KeepCard
from deadboard.games.zpocalypse_2.state import ZState
from deadboard.games.zpocalypse_2.survivors import Encumbered
from tests.zpocalypse_2.audit_checks import check_horde, check_mutate, check_route

GAME = get_game("zpocalypse-2")


def _check(state: ZState) -> None:
    # "Two zombies may fit on a single space." (a mutate counts as a zombie on its space)
    for i in {z.space for z in state.zombies}:
        assert state.zombies_at(i) <= 2 or state.phase == "dusk"
    # "may not stop moving on the same space as another squad"
    spaces = [q.space for q in state.squads if q.alive and q.space >= 0]
    assert len(spaces) == len(set(spaces))
    # "If a survivor's HP wheel ever reaches zero, that survivor is immediately killed."
    assert all(p.hp > 0 for q in state.squads for p in q.people)
    # "You cannot choose this option if your squad has 0 defense remaining."
    assert all(q.defence >= 0 for q in state.squads)
    assert 0 <= state.doom.value <= 30
    # fortification tokens stop squads and zombies: nothing stands on one
    assert not state.forts & ({z.space for z in state.zombies} | {m.space for m in state.mutates})
    assert not state.forts & set(spaces)
    # a squad in the bunker tunnels is not on the board
    assert all(q.space == -1 for q in state.squads if q.underground)
    # a squad holds at most its board's survivors
    assert all(len(q.people) <= state.content.rules.squad_size for q in state.squads)
    # "If your squad ever gains more items than they can carry, you must drop the excess items in
    # your private stash": a squad carries more only while it chooses what to do about it
    deciding = {s.seat for s in state.steps if isinstance(s, Encumbered)}
    for q in state.squads:
        assert state.carried(q) <= state.capacity(q) or q.seat in deciding or not q.items
        # "If your squad becomes encumbered during the Night phase - leave the private stash token
        # ... on the space with that player": a token only by night, only for a squad alive
        if q.stash_token >= 0:
            assert state.phase in ("dusk", "midnight") and q.alive
            assert 0 <= q.stash_token < len(state.board.spaces)


def cards(state: ZState) -> int:
    """Every item card in the game: in the decks, carried or equipped, in a private stash (its
    token on the board or not), in the public stash, in a dropped pile, or in hand while a search
    or a loot draft is resolved."""
    n = sum(len(state.decks[d]) for d in ("armory", "food", "resource"))
    for q in state.squads:
        n += len(q.items) + len(q.stash) + sum(1 for p in q.people if p.weapon is not None)
    n += len(state.public) + sum(len(pile) for pile in state.dropped.values())
    n += sum(len(s.cards) for s in state.steps if isinstance(s, KeepCard | Draft))
    return n


CASES = [
    ("prologue", 1, "random", 1),
    ("chapter-1", 2, "heuristic", 2),
    ("prologue", 3, "random", 3),
    ("chapter-1", 1, "heuristic", 4),
    ("chapter-2", 2, "random", 5),
    ("chapter-3", 2, "heuristic", 6),
    ("chapter-4", 1, "random", 7),
]
LONG = [
    (s, p, b, seed)
    for s in ("prologue", "chapter-1", "chapter-2", "chapter-3", "chapter-4")
    for p in (1, 2, 3, 4)
    for b in ("random", "heuristic")
    for seed in range(10, 12)
]


@pytest.mark.parametrize(("scenario", "players", "bot", "seed"), CASES)
def test_invariants_hold_after_every_step(scenario: str, players: int, bot: str, seed: int) -> None:
    seen = play(scenario, players, bot, seed)
    # the zombies' and the squads' traces were there to be checked
    assert {"horde-moves", "move"} <= seen, seen


@pytest.mark.slow
@pytest.mark.parametrize(("scenario", "players", "bot", "seed"), LONG)
def test_invariants_hold_in_many_games(scenario: str, players: int, bot: str, seed: int) -> None:
    play(scenario, players, bot, seed)


def play(scenario: str, players: int, bot: str, seed: int) -> set[str]:
    """Play a seeded game, checking every step; the kinds of the traced events met."""
    state = GAME.new(Setup(scenario, players=players), seed)
    assert isinstance(state, ZState)
    bots = [HeuristicBot(GAME, s, seed) for s in range(players)]
    rng = Rng(seed)
    seen: set[str] = set()
    while state.decision is not None:
        _check(state)
        view = GAME.view(state, state.decision.seat)
        assert GAME.snapshot(view)["rng"] is None, "no view reveals the seed"
        legal = GAME.legal_actions(state)
        if bot == "random":
            action = legal[rng.below(len(legal))]
        else:
            action = bots[state.decision.seat].choose(GAME, view, GAME.legal_actions(view))
        before, logged, held = len(state.zombies) + len(state.mutates), len(state.log), cards(state)
        mover = state.decision.seat
        blockers = {z.space for z in state.zombies} | {m.space for m in state.mutates} | set(state.forts)
        speed = state.speed(state.squads[mover]) if state.squads[mover].alive else 0
        GAME.apply(state, action)
        new = state.log[logged:]
        seen.update(e.kind for e in new if e.data and ("trace" in e.data or "route" in e.data))
        for e in new:
            if e.kind == "horde-moves":
                check_horde(state, e)
            elif e.kind == "mutate-turn":
                check_mutate(state, e)
            elif e.kind in ("move", "dash") and e.data and "route" in e.data:
                check_route(state, e, mover, blockers, speed, new)
        # "Remove all zombies from the map" only at sunrise; zombies come only from spawning, search
        # tokens and survivors' deaths, and leave only when killed: every change is a logged rule
        change = sum(int((e.data or {}).get("zombies", 0)) for e in state.log[logged:])
        assert len(state.zombies) + len(state.mutates) - before == change
        # cards are conserved: nothing vanishes but by a logged discard (eaten, spent, abandoned,
        # a stash given up, a pile nobody picked up) and nothing appears but a recruit's weapon
        change = sum(int((e.data or {}).get("cards", 0)) for e in state.log[logged:])
        assert cards(state) - held == change, [e.text for e in state.log[logged:]]
    _check(state)
    assert GAME.outcome(state) is not None
    return seen
