"""Response windows in Zombie Dawn (rulebook §Development of a Round: "After each Action performed by
a Player in their Turn, their Opponents have the option to play one or more cards in response ...
clockwise starting from the active Player")."""

from __future__ import annotations

from typing import Any

from deadboard.bots.base import make_bot
from deadboard.core import Setup
from deadboard.core.rng import derive_seed
from deadboard.core.table import Table
from deadboard.games.zombie_dawn import flow
from deadboard.games.zombie_dawn.rules import combat_stage
from deadboard.games.zombie_dawn.state import DawnState
from deadboard.games.zombie_dawn.zombies import ZombiesWait
from tests.zombie_dawn.helpers import GAME, fresh, quiet_season, refresh, set_group, texts


def _four(active: int = 0) -> DawnState:
    s = fresh(players=4, seed=11)
    quiet_season(s)
    for seat in range(4):
        set_group(s, seat, {["gangster", "kid", "farmer", "hunter"][seat]: []}, hand=["shambler", "in-pairs"])
    s.active = active
    s.start = active
    refresh(s)
    return s


def _pass_window(s: DawnState) -> list[int]:
    """Every seat asked in the open response window passes; the seats in the order asked."""
    asked = []
    while s.decision is not None and s.decision.kind == "respond":
        asked.append(s.decision.seat)
        GAME.apply(s, "pass")
    return asked


def _walk(s: DawnState) -> None:
    move = next(a for a in texts(s) if a.startswith("move "))
    GAME.apply(s, move)


def test_after_an_action_the_opponents_respond_clockwise_from_the_active_player() -> None:
    s = _four(active=0)
    _walk(s)
    asked = _pass_window(s)
    assert asked == [1, 2, 3]
    assert s.decision is not None and s.decision.kind == "turn" and s.decision.seat == 0


def test_the_window_order_wraps_round_the_table() -> None:
    s = _four(active=2)
    s.decision = s.decision._replace(seat=2)  # it is seat 2's turn
    refresh(s)
    _walk(s)
    asked = _pass_window(s)
    assert asked == [3, 0, 1]


def test_pass_is_always_the_first_action_of_a_window() -> None:
    s = _four()
    _walk(s)
    assert texts(s)[0] == "pass"
    assert any(t.startswith("play shambler ") for t in texts(s))


def test_a_seat_with_nothing_to_play_is_not_asked() -> None:
    s = _four()
    s.groups[2].hand = []
    refresh(s)
    _walk(s)
    asked = _pass_window(s)
    assert asked == [1, 3]


def test_a_responding_seat_keeps_the_floor_until_it_passes() -> None:
    s = _four()
    set_group(s, 1, {"kid": []}, hand=["does-it-hurt", "does-it-hurt"])
    refresh(s)
    _walk(s)
    assert s.decision is not None and s.decision.seat == 1
    GAME.apply(s, "play does-it-hurt farmer")
    assert s.decision is not None and s.decision.kind == "respond" and s.decision.seat == 1
    GAME.apply(s, "pass")
    assert s.decision.seat == 2


def test_zombies_played_in_a_window_start_a_combat_resolved_at_once_then_the_window_goes_on() -> None:
    s = _four()
    _walk(s)
    assert s.decision is not None and s.decision.seat == 1
    GAME.apply(s, "play shambler red")
    # the combat comes first: its own window (the other opponents of red, clockwise from red)
    assert s.combat is not None and s.combat.group == 0
    asked = _pass_window(s)
    assert asked == [1, 2, 3]
    assert s.decision is not None and s.decision.kind == "combat" and s.decision.seat == 0
    while s.combat is not None and s.decision is not None and s.decision.kind != "respond":
        GAME.apply(s, "flee xp" if "flee xp" in texts(s) else texts(s)[0])
        while s.decision is not None and s.decision.kind == "respond" and s.combat is not None:
            GAME.apply(s, "pass")
    # back in the window of the move: seat 1 still has the floor
    assert s.decision is not None and s.decision.kind == "respond" and s.decision.seat == 1


def test_the_combat_window_starts_from_the_active_player_and_skips_the_fighting_group() -> None:
    s = _four(active=0)
    _walk(s)
    GAME.apply(s, "pass")  # seat 1
    GAME.apply(s, "play shambler white")  # seat 2 (purple) attacks seat 3 (white) during seat 0's turn
    asked = _pass_window(s)
    assert asked == [0, 1, 2]
    assert s.decision is not None and s.decision.kind == "combat" and s.decision.seat == 3


def test_the_end_of_a_turn_is_an_action_the_opponents_may_answer() -> None:
    s = _four()
    GAME.apply(s, "end")
    assert s.decision is not None and s.decision.kind == "respond" and s.decision.seat == 1


def test_no_window_in_the_one_player_game() -> None:
    s = fresh(players=1, seed=2)
    quiet_season(s)
    set_group(s, 0, {"gangster": []}, hand=["shambler", "in-pairs"])
    refresh(s)
    _walk(s)
    assert s.decision is not None and s.decision.kind == "turn"


def test_the_quick_response_check_agrees_with_the_list_of_responses() -> None:
    """``has_response`` (used to skip seats without building a list) says exactly whether the seat
    has more than ``pass``; ``combat_has_choice`` whether a group has more than ``fight``."""
    from deadboard.core import Rng, Setup
    from deadboard.core.responses import Respond
    from deadboard.games.zombie_dawn.anytime import has_response, respond_actions
    from deadboard.games.zombie_dawn.combat import combat_actions, combat_has_choice

    rng = Rng(5)
    checked = 0
    for players, seed in ((4, 3), (3, 4), (2, 5)):
        s = GAME.new(Setup("standard", players=players), seed)
        assert isinstance(s, DawnState)
        steps = 0
        while s.decision is not None and steps < 600:
            if s.phase == "play" and s.board is not None:
                top = s.steps[-1] if s.steps else None
                marks = top.window.window.marks if isinstance(top, Respond) else ()
                for seat in range(players):
                    assert has_response(s, seat, marks) == (len(respond_actions(s, seat, marks)) > 1), (steps, seat)
                    checked += 1
                cb = s.combat
                if cb is not None and not cb.duel and combat_stage(s, cb) == "decide" and cb.dice > 0:
                    assert combat_has_choice(s) == (len(combat_actions(s, cb.group)) > 1)
            legal = GAME.legal_actions(s)
            GAME.apply_unchecked(s, legal[rng.below(len(legal))])
            steps += 1
    assert checked > 1000


def test_other_seats_may_play_cards_before_each_attack_phase_of_a_fight_between_groups() -> None:
    """Rulebook §At any moment: "any Player, whether or not it is their Turn, may ... Play an Action
    card" — in a fight between two groups as before each attack phase against zombies: the seats not
    fighting get a window, clockwise from the active player, before each phase."""
    from tests.zombie_dawn.helpers import ScriptedRng

    s = fresh(players=3, seed=12)
    quiet_season(s)
    b = s.board
    assert b is not None
    set_group(s, 0, {"gangster": []}, hand=["shambler"], xp=1)  # an Xp to flee with: a choice
    set_group(s, 1, {"kid": []}, hand=[], xp=1)
    set_group(s, 2, {"farmer": []}, hand=["in-pairs", "does-it-hurt"])
    s.groups[1].sq = b.orth[s.groups[0].sq][0]
    refresh(s)
    GAME.apply(s, "attack yellow shambler")
    assert s.combat is not None and s.combat.duel
    # before the first attack phase: purple, the only seat not fighting
    assert s.decision is not None and s.decision.kind == "respond" and s.decision.seat == 2
    assert "play in-pairs red" in texts(s) and "play does-it-hurt kid" in texts(s)
    GAME.apply(s, "play in-pairs red")  # zombies wait for the fight to end (§Questions)
    waiting = [w for w in s.steps if isinstance(w, ZombiesWait)]
    assert len(waiting) == 1 and waiting[0].target == 0  # beneath the fight's step
    assert s.steps.index(waiting[0]) < flow.combat_step_at(s)
    GAME.apply(s, "pass")
    assert s.decision is not None and s.decision.kind == "duel" and s.decision.seat == 0
    s.rng = ScriptedRng([1] * 5)  # red 3 dice (the Gangster fights groups with +1), yellow 2: no hit
    GAME.apply(s, "fight")
    GAME.apply(s, "fight")
    # the fight goes on: purple is asked again before the next attack phase
    assert s.decision is not None and s.decision.kind == "respond" and s.decision.seat == 2
    assert s.combat is not None and s.combat.duel and s.combat.phases == 1


def test_in_a_two_player_fight_between_groups_nobody_else_is_asked() -> None:
    s = fresh(players=2, seed=13)
    quiet_season(s)
    b = s.board
    assert b is not None
    set_group(s, 0, {"gangster": []}, hand=["shambler"], xp=1)
    set_group(s, 1, {"kid": []}, hand=["trio"], xp=1)
    s.groups[1].sq = b.orth[s.groups[0].sq][0]
    refresh(s)
    GAME.apply(s, "attack yellow shambler")
    assert s.decision is not None and s.decision.kind == "duel" and s.decision.seat == 0


# ----- the person's setting for response windows (core.table) --------------------------------------
def _against_bots(mode: str | None, players: int = 2, seed: int = 1) -> tuple[Table[Any], list[list[str]], int]:
    """A game of a person (seat 0, played here by the heuristic's choices) against heuristic bots:
    the table, the legal actions of every window the person was asked, the bots' turns."""
    setup = Setup("standard", players=players)
    bots = {s: make_bot("heuristic", GAME, s, derive_seed(seed, "bot", s)) for s in range(1, players)}
    me = make_bot("heuristic", GAME, 0, derive_seed(seed, "bot", 0))
    t = Table.new(GAME, setup, seed, bots, respond=None if mode is None else {0: mode})
    asked: list[list[str]] = []
    while True:
        t.play_bots()
        d = t.state.decision
        if d is None:
            break
        legal = t.legal()
        if d.kind == "respond":
            asked.append([a.text for a in legal])
        t.apply(legal[0] if len(legal) == 1 else me.choose(GAME, GAME.view(t.state, 0), legal))
    turns = sum(1 for e in t.state.log if e.kind == "turn" and e.data and e.data.get("seat") != 0)
    return t, asked, turns


def test_against_bots_the_default_asks_a_person_only_where_a_card_they_hold_can_be_played() -> None:
    # Board Game Arena's auto-pass: "stop me only when I can play something that changes the
    # outcome". Every window the person is asked offers a card of the hand to play (or to discard to
    # attack); the others are answered `pass` by the table and recorded, so the game replays.
    t, asked, turns = _against_bots(None)
    assert t.respond_mode(0) == "auto" and asked and turns
    for legal in asked:
        assert legal[0] == "pass"
        assert any(a.startswith(("play ", "attack ")) for a in legal[1:]), legal
    answered = [e for e in t.record or () if e.seat == 0 and e.by_bot]
    assert answered and all(e.text == "pass" for e in answered)
    again = Table.replay(GAME, t.state.setup, t.state.seed, t.texts())
    assert GAME.state_hash(again.state) == GAME.state_hash(t.state)


def test_always_asks_every_window_and_never_none() -> None:
    t, always, _ = _against_bots("always")
    assert always and not any(e.seat == 0 and e.by_bot for e in t.record or ())
    t, never, _ = _against_bots("never")
    assert never == [] and any(e.seat == 0 and e.by_bot for e in t.record or ())
