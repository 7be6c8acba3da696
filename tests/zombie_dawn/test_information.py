"""Hidden information: hands, missions, the characters and skills being chosen, and every deck's
order are hidden from the other seats; nothing leaks through ``view`` (two states a seat cannot
tell apart give it the same view), and ``determinize`` redraws only what the seat cannot see."""

from __future__ import annotations

from deadboard.core import Rng, Setup
from deadboard.games.zombie_dawn.setup import ChooseCharacter
from deadboard.games.zombie_dawn.state import DawnState
from tests.test_views import difference
from tests.zombie_dawn.helpers import GAME, fresh, refresh


def _view(s: DawnState, seat: int) -> DawnState:
    v = GAME.view(s, seat)
    assert isinstance(v, DawnState)
    return v


def _same(a: DawnState, b: DawnState, seat: int) -> bool:
    """Whether ``seat``'s views of two states are the same, compared whole (every slot of the state
    and of everything it holds, the log included), and offer the same actions when it decides."""
    va, vb = _view(a, seat), _view(b, seat)
    if va.decision is not None and va.decision.seat == seat and GAME.legal_actions(va) != GAME.legal_actions(vb):
        return False
    return difference(va, vb) is None


def _shuffle_unseen(s: DawnState, seat: int, rng: Rng) -> DawnState:
    """A state ``seat`` cannot tell from ``s``: the others' hands and missions and every deck order
    redrawn at random."""
    t = s.clone()
    others = [g for g in t.groups if g.seat != seat]
    pool = t.actions.cards + [k for g in others for k in g.hand]
    rng.shuffle(pool)
    for g in others:
        n = len(g.hand)
        g.hand, pool = pool[:n], pool[n:]
    t.actions.cards = pool
    pool = t.missions.cards + [m for g in others for m in g.missions]
    rng.shuffle(pool)
    for g in others:
        n = len(g.missions)
        g.missions, pool = pool[:n], pool[n:]
    t.missions.cards = pool
    for deck in (t.green, t.blue, t.specials, t.damage, t.skill_deck, t.char_deck):
        rng.shuffle(deck.cards)
    t.rng = Rng(rng.next64())
    refresh(t)
    return t


def test_views_of_states_differing_only_in_another_seats_hand_are_equal() -> None:
    a = fresh(players=3, seed=21)
    b = a.clone()
    hand = b.groups[1].hand
    recs = b.c.action_recs
    i = next(j for j, k in enumerate(b.actions.cards) if recs[k].id != recs[hand[0]].id)
    hand[0], b.actions.cards[i] = b.actions.cards[i], hand[0]
    assert a.groups[1].hand != b.groups[1].hand
    assert _same(a, b, 0)
    assert _same(a, b, 2)
    assert not _same(a, b, 1)  # seat 1 sees its own hand


def test_views_of_states_differing_only_in_deck_order_are_equal() -> None:
    a = fresh(players=2, seed=22)
    b = a.clone()
    b.actions.cards.reverse()
    b.green.cards.reverse()
    b.blue.cards.reverse()
    b.damage.cards.reverse()
    b.skill_deck.cards.reverse()
    b.missions.cards.reverse()
    b.rng = Rng(12345)
    for seat in (0, 1):
        assert _same(a, b, seat)


def test_views_of_states_differing_only_in_another_seats_missions_are_equal() -> None:
    a = fresh(players=2, seed=23)
    b = a.clone()
    b.groups[1].missions[0], b.missions.cards[0] = b.missions.cards[0], b.groups[1].missions[0]
    assert _same(a, b, 0)
    assert not _same(a, b, 1)


def test_a_view_shows_the_seat_its_own_hand_and_missions() -> None:
    a = fresh(players=4, seed=24)
    for seat in range(4):
        v = GAME.view(a, seat)
        assert isinstance(v, DawnState)
        assert sorted(v.groups[seat].hand) == sorted(a.groups[seat].hand)
        assert v.groups[seat].missions == a.groups[seat].missions
        for other in range(4):
            assert len(v.groups[other].hand) == len(a.groups[other].hand)  # hand sizes are public


def test_the_characters_offered_to_another_player_are_hidden_during_setup() -> None:
    s = GAME.new(Setup("standard", players=2), 25)
    while s.decision is not None and s.decision.kind != "character":
        GAME.apply(s, GAME.legal_actions(s)[0])
    assert isinstance(s, DawnState) and s.decision is not None and s.decision.seat == 0
    b = s.clone()
    j = next(i for i, p in enumerate(b.steps) if isinstance(p, ChooseCharacter) and p.seat == 1)
    offered = b.steps[j].dealt
    swap = b.char_deck.cards[0]
    b.char_deck.cards[0] = offered[0]
    b.steps[j] = ChooseCharacter(1, tuple(sorted((swap, offered[1]))))
    assert _same(s, b, 0)


def test_the_character_chosen_is_not_in_the_log_before_every_player_has_chosen() -> None:
    # Ruling 11: each player chooses one of its two characters secretly. The log that every view
    # carries said "Red chooses the Gangster" before Yellow chose; it now names the characters
    # when the last player has chosen.
    s = GAME.new(Setup("standard", players=2), 25)
    while s.decision is not None and s.decision.kind != "character":
        GAME.apply(s, GAME.legal_actions(s)[0])
    assert isinstance(s, DawnState) and s.decision is not None and s.decision.seat == 0
    names = [s.c.characters[c].name for c in s.steps[-1].dealt]  # type: ignore[attr-defined]
    seen = len(s.log)
    GAME.apply(s, GAME.legal_actions(s)[0])
    assert s.decision is not None and s.decision.kind == "character" and s.decision.seat == 1
    for seat in (0, 1):
        later = [e.text for e in _view(s, seat).log[seen:]]
        assert later and not any(name in text for text in later for name in names), later
    while s.decision is not None and s.decision.kind == "character":
        GAME.apply(s, GAME.legal_actions(s)[0])
    chosen = s.c.characters[s.groups[0].chars[0]].name
    assert f"Red has chosen the {chosen}" in [e.text for e in _view(s, 1).log]


def test_nothing_leaks_through_view_along_random_games() -> None:
    rng = Rng(99)
    for players, seed in ((2, 31), (4, 32), (3, 33)):
        s = GAME.new(Setup("standard", players=players), seed)
        assert isinstance(s, DawnState)
        steps = 0
        while s.decision is not None and steps < 400:
            if steps % 23 == 0 and s.phase == "play":
                for seat in range(players):
                    t = _shuffle_unseen(s, seat, rng)
                    assert _same(s, t, seat), f"seat {seat} can tell the states apart (step {steps})"
            legal = GAME.legal_actions(s)
            GAME.apply_unchecked(s, legal[rng.below(len(legal))])
            steps += 1


def test_determinize_redraws_the_unseen_and_keeps_what_the_seat_knows() -> None:
    s = fresh(players=3, seed=26)
    v = GAME.view(s, 0)
    assert isinstance(v, DawnState)
    before_own = sorted(v.groups[0].hand)
    others = [sorted(v.groups[i].hand) for i in (1, 2)]
    changed = False
    for k in range(5):
        w = v.clone()
        GAME.determinize(w, Rng(k))
        assert sorted(w.groups[0].hand) == before_own
        assert [len(w.groups[i].hand) for i in (1, 2)] == [len(x) for x in others]
        changed = changed or [sorted(w.groups[i].hand) for i in (1, 2)] != others
        assert GAME.legal_actions(w) == GAME.legal_actions(v)
    assert changed


def test_the_heuristic_bot_plays_from_a_view() -> None:
    from deadboard.bots.base import make_bot

    bot = make_bot("heuristic", GAME, 0, 1)
    assert bot.needs_view
