"""Rulebook §Game Setup, §Round of Play, §End of Game and Victory Points, §Rules for 1 Player,
§Difficulty and Playing Time."""

from __future__ import annotations

import pytest

from deadboard.core import Setup, SetupError
from deadboard.games.zombie_dawn.board import open_slots
from deadboard.games.zombie_dawn.rules import dawn_outcome, ranking_key
from deadboard.games.zombie_dawn.setup import SOLO_ZONES
from deadboard.games.zombie_dawn.state import OVER, DawnState
from deadboard.games.zombie_dawn.turn import RoundStart, end_game, round_end
from tests.zombie_dawn.helpers import GAME, action_card, fresh, quiet_season


def _new(players: int, seed: int = 1, **options: object) -> DawnState:
    s = GAME.new(Setup("standard", dict(options), players=players), seed)
    assert isinstance(s, DawnState)
    return s


@pytest.mark.parametrize(("players", "zones"), [(2, 6), (3, 4), (4, 3)])
def test_each_player_is_dealt_map_zones_by_player_count(players: int, zones: int) -> None:
    s = _new(players)
    assert [len(d) for d in s.dealt] == [zones] * players
    assert all(len(lay) == 1 for lay in s.layout)  # the starting zone is already in place
    assert s.decision is not None and s.decision.kind == "zone"


def test_map_zones_are_placed_sharing_a_whole_side() -> None:
    s = _new(2, 3)
    while s.decision is not None and s.decision.kind == "zone":
        legal = GAME.legal_actions(s)
        slots = open_slots(s.layout[s.decision.seat])
        assert {(int(a[2]), int(a[3])) for a in legal} == set(slots)
        assert {int(a[4]) for a in legal} == {0, 90, 180, 270}
        GAME.apply(s, legal[len(legal) // 2])
    for lay in s.layout:
        assert len(lay) == 7
        for i, (_, x, y, _) in enumerate(lay[1:], 1):
            # every zone shares a side with one placed before it
            assert any(abs(x - px) + abs(y - py) == 1 for _, px, py, _ in lay[:i])


def test_season_deck_has_spring_on_top_and_winter_at_the_bottom() -> None:
    s = _new(4)
    order = [s.c.seasons[x].season for x in reversed(s.season_deck)]  # top first
    assert order == ["spring"] * 2 + ["summer"] * 2 + ["autumn"] * 2 + ["winter"] * 2
    assert s.cfg.rounds == 8


def test_three_players_take_three_winter_cards_and_play_nine_rounds() -> None:
    s = _new(3)
    order = [s.c.seasons[x].season for x in reversed(s.season_deck)]
    assert order.count("winter") == 3 and len(order) == 9
    assert s.cfg.rounds == 9


def test_every_player_gets_a_character_a_special_item_six_cards_and_five_missions() -> None:
    s = fresh(players=4, seed=5)
    b = s.board
    assert b is not None
    for g in s.groups:
        assert len(g.chars) == 1
        (ch,) = g.chars
        assert [s.c.item_recs[it].deck for it in s.char_items[ch]] == ["special"]
        assert len(g.hand) >= 6 and len(g.missions) == 5
        assert g.sq == b.tent_sq[g.seat] or s.round > 1


def test_the_character_not_chosen_goes_to_the_bottom_of_the_deck() -> None:
    s = _new(2, 7)
    while s.decision is not None and s.decision.kind != "character":
        GAME.apply(s, GAME.legal_actions(s)[0])
    assert s.decision is not None
    offered = s.steps[-1].dealt
    GAME.apply(s, GAME.legal_actions(s)[0])
    assert s.char_deck.cards[0] == offered[1]
    assert offered[0] in s.groups[0].chars


def test_the_harder_game_plays_autumn_and_winter() -> None:
    s = _new(4, hard=True)
    assert sorted(s.c.seasons[x].season for x in s.season_deck) == ["autumn"] * 4 + ["winter"] * 4
    s3 = _new(3, hard=True)
    assert sorted(s3.c.seasons[x].season for x in s3.season_deck) == ["autumn"] * 4 + ["summer"] + ["winter"] * 4


def test_a_longer_game_adds_season_cards() -> None:
    s = _new(2, long=2)
    assert s.cfg.rounds == 16
    with pytest.raises(SetupError):
        GAME.normalize_setup(Setup("standard", {"long": 3, "hard": True}, players=2))


def test_expert_cards_can_be_left_out() -> None:
    s = _new(2, **{"expert-cards": False})
    everything = [*s.actions.cards, *(k for g in s.groups for k in g.hand)]
    assert not any(s.c.action_recs[k].expert for k in everything)
    assert any(s.c.action_recs[k].expert for k in _new(2).actions.cards)


def test_one_player_map_is_laid_out_blind_in_columns_of_three() -> None:
    s = _new(1)
    assert s.decision is not None and s.decision.kind == "turn"  # nothing to place or choose
    slots = sorted((x, y) for _, x, y, _ in s.layout[0])
    assert len(slots) == 1 + SOLO_ZONES
    assert slots == sorted([(0, 0), *((x, y) for x in (1, 2, 3) for y in (-1, 0, 1)), (4, 0)])
    assert len(s.groups[0].chars) == 1 and len(s.groups[0].missions) == 5


def test_one_player_game_removes_offering_explorer_and_purifying_fire() -> None:
    s = _new(1)
    ids = {s.c.missions[m].id for m in [*s.missions.cards, *s.groups[0].missions]}
    assert not ids & {"offering", "explorer", "purifying-fire"}


def test_hands_are_replenished_to_six_at_the_start_of_a_round() -> None:
    s = fresh(players=2, seed=8)
    s.groups[0].hand = s.groups[0].hand[:2]
    s.groups[1].hand = []
    s.push(RoundStart())
    from tests.zombie_dawn.helpers import advance

    advance(s)
    hand_bonus = [sum(s.c.char_mods[ch].get("hand", 0) for ch in g.chars) for g in s.groups]
    assert [len(g.hand) for g in s.groups] == [6 + hand_bonus[0], 6 + hand_bonus[1]]


def test_the_most_zombie_trophy_points_gain_an_xp_and_ties_all_gain_it() -> None:
    s = fresh(players=3, seed=9)
    quiet_season(s)
    s.groups[0].trophies = [action_card(s, "trio")]
    s.groups[1].trophies = [action_card(s, "in-pairs"), action_card(s, "shambler")]
    s.groups[2].trophies = [action_card(s, "in-pairs")]
    for g in s.groups:
        g.missions = []
    xp = [g.xp for g in s.groups]
    round_end(s)
    assert [g.xp - x for g, x in zip(s.groups, xp)] == [1, 1, 0]
    assert all(not g.trophies for g in s.groups)  # trophies are discarded once counted


def test_a_tie_at_no_trophy_points_is_a_tie_and_everybody_gains_the_xp() -> None:
    # "The Player (or Players in case of a tie) with the highest score receives an extra Xp." With
    # no zombie eliminated the highest score is 0 and everybody has it (ruling 21; before rules
    # version 4 nobody gained it, a condition the rulebook does not have).
    s = fresh(players=2, seed=9)
    quiet_season(s)
    for g in s.groups:
        g.missions = []
    xp = [g.xp for g in s.groups]
    round_end(s)
    assert [g.xp - x for g, x in zip(s.groups, xp)] == [1, 1]


def test_the_start_player_token_passes_to_the_left() -> None:
    s = fresh(players=3, seed=10)
    assert s.start == 0
    round_end(s)
    assert s.start == 1


def test_the_game_ends_after_the_last_round() -> None:
    s = fresh(players=2, seed=12)
    s.round = s.cfg.rounds
    round_end(s)
    assert s.phase == OVER and s.reason == "seasons-over"
    assert GAME.outcome(s) is not None


def test_score_zones_with_a_token_plus_the_victory_pile_minus_dead_characters() -> None:
    s = fresh(players=2, seed=13)
    b = s.board
    assert b is not None
    c = s.c
    g = s.groups[0]
    locs = [sq for sq in b.locations if b.island[sq] == 1]
    zone_a = [sq for sq in locs if b.zone_at[sq] == b.zone_at[locs[0]]]
    other = next(sq for sq in locs if b.zone_at[sq] != b.zone_at[locs[0]])
    for sq in (*zone_a, other):
        s.searched[sq] |= 1
    g.done = [c.mission_index["scout"]]  # 2 VP
    g.vp_skills = [c.skill_index["iron-will"]]  # 3 VP
    g.dead = [c.char_index["hermit"]]
    end_game(s)
    out = dawn_outcome(s, GAME.seat_names(s.setup))
    p = out.per_seat[0]
    assert p["zones"] == 2 and p["tokens"] == len(zone_a) + 1 and p["opponent_locations"] == len(zone_a) + 1
    # 2 zones + 2 (mission) + 3 (skill) + skills of the living at the end - 1 dead
    living = sum(c.skills[sk].vp for ch in g.chars for sk in s.char_skills[ch])
    assert p["score"] == 2 + 2 + 3 + living - 1


def test_ties_are_broken_by_xp_tokens_fewest_dead_opponent_locations_missions() -> None:
    base = {"score": 5, "xp": 1, "tokens": 3, "dead": 1, "opponent_locations": 1, "missions": 2}
    for field, better in (("xp", 2), ("tokens", 4), ("dead", 0), ("opponent_locations", 2), ("missions", 3)):
        assert ranking_key({**base, field: better}) > ranking_key(base)
    # the order: more Xp beats more tokens, more tokens beats fewer dead ...
    assert ranking_key({**base, "xp": 2, "tokens": 0}) > ranking_key({**base, "tokens": 9})
    assert ranking_key({**base, "tokens": 4, "dead": 5}) > ranking_key({**base, "dead": 0})


def test_a_full_tie_makes_every_tied_player_a_winner() -> None:
    s = fresh(players=2, seed=14)
    for g in s.groups:
        g.xp = 0
        g.done = []
        g.dead = []
        g.vp_skills = []
    for ch in range(len(s.char_skills)):
        s.char_skills[ch] = ()
    end_game(s)
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0, 1)
    assert out.result.value == "draw"
