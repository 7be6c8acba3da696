"""The step kernel, end to end on Last Stand (tests/core/toy.py): the conformance suite, save and
replay, nested decisions, a response window, a forced decision, chance — and the loop's own rules."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from deadboard.core import Action, IllegalActionError, Rng, Setup, registry
from deadboard.core.game import Outcome, Result, Scenario
from deadboard.core.kernel import (
    Auto,
    Choice,
    KernelGame,
    KernelState,
    Steps,
    advance,
    forced_action,
    replay_actions,
    step_json,
    take_forced,
)
from deadboard.core.phases import current_phase
from deadboard.core.rng import ScriptedRng
from deadboard.core.save import SaveFile, make_save, replay
from deadboard.core.typed_actions import TypedAction
from tests import conformance
from tests.core.toy import GAME, Fire, StandState, Target, Weapon
from tests.core.toy_loop import GAME as LOOP

SETUPS = GAME.test_setups()


@pytest.fixture
def registered() -> Iterator[None]:
    registry.register(GAME.id, "tests.core.toy:GAME")
    yield
    registry.unregister(GAME.id)


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s.players}p")
def test_the_toy_keeps_the_contract_of_every_game(setup: Setup, registered: None) -> None:
    for seed in (1, 2, 3):
        conformance.random_playthrough(GAME, setup, seed)
    conformance.check_save_replay(GAME, setup, 4)
    conformance.check_pickle_roundtrip(GAME, setup, 5)
    conformance.check_determinism(GAME, setup, 6)
    conformance.check_views(GAME, setup, 7)
    conformance.check_illegal_action_leaves_state(GAME, setup, 8)


def test_search_bots_play_the_toy(registered: None) -> None:
    state = GAME.new(Setup("standard", players=2), 3)
    conformance.check_tiny_search(GAME, state, 5, 8)


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_kernel_and_the_hand_written_loop_play_the_same_games(players: int) -> None:
    for seed in range(20):
        a = GAME.new(Setup("standard", players=players), seed)
        b = LOOP.new(Setup("standard", players=players), seed)
        chooser = Rng(seed)
        while a.decision is not None:
            assert a.decision == b.decision
            legal = GAME.legal_actions(a)
            assert legal == LOOP.legal_actions(b)
            pick = legal[chooser.below(len(legal))]
            GAME.apply_unchecked(a, pick)
            LOOP.apply_unchecked(b, Action.parse(pick.text))
        assert b.decision is None
        assert GAME.outcome(a) == LOOP.outcome(b)
        assert [e.text for e in a.log] == [e.text for e in b.log]


def _to_turn(players: int, seed: int = 0) -> StandState:
    state = GAME.new(Setup("standard", players=players), seed)
    assert state.decision is not None and state.decision.kind == "turn"
    return state


def test_shooting_is_a_nested_decision_aim_then_weapon() -> None:
    state = _to_turn(1)
    GAME.apply(state, "shoot")
    assert state.decision is not None and state.decision.kind == "aim"
    assert isinstance(state.steps[-1], Target)
    GAME.apply(state, "aim red")
    assert state.decision is not None and state.decision.kind == "fire"
    assert [a.text for a in GAME.legal_actions(state)] == ["fire pistol", "fire shotgun"]


def test_a_decision_with_one_legal_action_is_asked_and_recorded_like_any_other() -> None:
    state = _to_turn(1)
    state.ammo[0] = 1  # the shotgun needs 2: the pistol is the only weapon
    GAME.apply(state, "shoot")
    GAME.apply(state, "aim red")
    assert state.decision is not None and state.decision.kind == "fire"
    assert forced_action(state) == Fire("pistol")
    record: list[str] = []
    assert take_forced(GAME, state, record) == 1
    assert record == ["fire pistol"]
    assert forced_action(state) is None


def test_replay_of_a_record_that_left_forced_decisions_out() -> None:
    setup = Setup("standard", players=1)
    full, short = GAME.new(setup, 11), GAME.new(setup, 11)
    actions: list[str] = []
    chooser = Rng(1)
    while full.decision is not None:
        legal = GAME.legal_actions(full)
        pick = legal[chooser.below(len(legal))]
        if len(legal) > 1:
            actions.append(pick.text)
        GAME.apply(full, pick)
    replay_actions(GAME, short, actions, forced_recorded=False)
    assert GAME.state_hash(short) == GAME.state_hash(full)


def test_the_response_window_asks_the_others_clockwise_and_a_flare_adds_a_die() -> None:
    state = _to_turn(3)
    state.rng = ScriptedRng([4, 4, 1], seed=5)  # pistol 4 (kill), flare 4 (kill), flare 1
    state.zombies[1] = 3
    state.flares = [0, 2, 1]
    GAME.apply(state, "shoot")
    GAME.apply(state, "aim blue")
    GAME.apply(state, "fire pistol")
    d = state.decision
    assert d is not None and (d.seat, d.kind) == (1, "respond")  # clockwise from red: blue first
    assert [a.text for a in GAME.legal_actions(state)] == ["pass", "flare"]
    GAME.apply(state, "flare")  # blue keeps the floor
    assert state.decision is not None and state.decision.seat == 1
    GAME.apply(state, "flare")  # blue has no flare left: nothing but pass, so it is not asked again
    assert state.decision is not None and state.decision.seat == 2
    GAME.apply(state, "pass")
    assert state.kills[0] == 2 and state.zombies[1] == 1 and state.bonus == 0
    assert state.decision is not None and (state.decision.seat, state.decision.kind) == (1, "turn")


def test_seats_with_nothing_but_pass_are_skipped_without_a_decision() -> None:
    state = _to_turn(3)
    state.flares = [0, 0, 0]
    state.rng = ScriptedRng([1], seed=5)
    GAME.apply(state, "shoot")
    GAME.apply(state, "aim red")
    GAME.apply(state, "fire pistol")
    assert state.decision is not None and (state.decision.seat, state.decision.kind) == (1, "turn")


def test_chance_comes_from_the_state_rng_and_scripted_dice_drive_it() -> None:
    state = _to_turn(1)
    state.rng = ScriptedRng([6], seed=1)  # a search roll of 6 finds 2 ammo
    GAME.apply(state, "search")
    assert state.ammo[0] == 4


def test_phases_name_the_phase_being_played() -> None:
    state = _to_turn(2)
    assert current_phase(state) == (1, "turns")


def test_a_view_offers_its_seat_the_same_actions_and_typed_actions_survive_parsing() -> None:
    state = _to_turn(2)
    view = GAME.view(state, 0)
    assert GAME.legal_actions(view) == GAME.legal_actions(state)
    GAME.apply_unchecked(state, Action.parse("shoot"))  # a plain action reaches the rules typed
    GAME.apply(state, "aim red")
    assert isinstance(state.steps[-1], Weapon)


def test_the_stack_is_part_of_the_snapshot() -> None:
    state = _to_turn(1)
    snap = GAME.snapshot(state)
    assert snap["steps"][0] == {"step": "Turn", "seat": 0}  # top first
    assert step_json(Weapon(0, 1)) == {"step": "Weapon", "seat": 0, "target": 1}


def test_saves_of_the_toy_replay_to_the_same_hash(registered: None, tmp_path: Any) -> None:
    state = GAME.new(Setup("standard", players=2), 9)
    texts = []
    chooser = Rng(2)
    while state.decision is not None:
        legal = GAME.legal_actions(state)
        pick = legal[chooser.below(len(legal))]
        texts.append(pick.text)
        GAME.apply(state, pick)
    path = tmp_path / "toy.json"
    make_save(GAME, state, texts).write(path)
    assert replay(SaveFile.read(path)).hash_ok is True


# ----- the loop's own rules, on a minimal game -----------------------------------------------
class Pick(TypedAction):
    KIND = "pick"

    n: int


class Tiny(KernelState):
    __slots__ = ("seen",)

    def __init__(self, *first: Any) -> None:
        self.init_common(Setup(), 0)
        self.seen: list[str] = []
        self.init_kernel(*first)

    def clone(self) -> Tiny:
        t = Tiny.__new__(Tiny)
        self.copy_common(t)
        self.copy_kernel(t)
        t.seen = self.seen.copy()
        return t


@dataclass(slots=True)
class Note(Auto[Tiny]):
    text: str

    def run(self, state: Tiny) -> Steps:
        state.seen.append(self.text)
        return ()


@dataclass(slots=True)
class Stop(Auto[Tiny]):
    def run(self, state: Tiny) -> Steps:
        state.end()
        return (Note("never"),)


@dataclass(slots=True)
class Ask(Choice[Tiny, Pick]):
    seat: int
    options: tuple[int, ...]

    def actions(self, state: Tiny) -> list[Pick]:
        return [Pick(n) for n in self.options]

    def apply(self, state: Tiny, action: Pick) -> Steps:
        state.seen.append(f"picked {action.n}")
        return (Note("a"), Note("b"))

    def prompt(self, state: Tiny) -> str:
        return "pick"


def test_returned_steps_run_first_one_first_and_a_decision_without_actions_is_dropped() -> None:
    state = Tiny(Note("1"), Ask(0, ()), Ask(1, (7, 8)), Note("2"))
    advance(state)
    assert state.seen == ["1"]
    assert state.decision is not None and state.decision.seat == 1
    assert state.legal == [Pick(7), Pick(8)]


def test_ending_the_game_drops_everything_even_what_the_ending_step_returns() -> None:
    state = Tiny(Note("1"), Stop(), Note("2"))
    advance(state)
    assert state.seen == ["1"] and state.decision is None and state.steps == [] and state.over


def test_unwind_and_drop() -> None:
    state = Tiny()
    state.push(Note("a"), Ask(0, (1,)), Note("c"))
    assert [type(s).__name__ for s in state.steps] == ["Note", "Ask", "Note"]  # "a" on top
    assert state.unwind(Ask) == [Note("a")]
    assert state.drop(lambda s: isinstance(s, Note)) == 1
    assert state.steps == [Ask(0, (1,))]


class TinyGame(KernelGame[Tiny]):
    id = "tiny"
    name = "Tiny"
    version = "1"
    scenarios = (Scenario("standard", "Tiny", "One pick."),)

    def create(self, setup: Setup, seed: int) -> Tiny:
        return Tiny(Ask(0, (1, 2)))

    def result(self, state: Tiny) -> Outcome:
        return Outcome(Result.WIN, (0,), 1.0)

    def state_json(self, state: Tiny) -> dict[str, Any]:
        return {"seen": state.seen}


def test_a_kernel_game_supplies_only_steps_and_checked_apply_leaves_the_state_untouched() -> None:
    game = TinyGame()
    state = game.new()
    before = game.snapshot(state)
    with pytest.raises(IllegalActionError):
        game.apply(state, "pick 3")
    assert game.snapshot(state) == before
    game.apply(state, "pick 2")
    assert state.seen == ["picked 2", "a", "b"]
    assert game.outcome(state) == Outcome(Result.WIN, (0,), 1.0)
    with pytest.raises(IllegalActionError):
        game.apply_unchecked(state, Pick(1))


class SuddenTiny(TinyGame):
    """Tiny with an end that cannot wait: the game ends as soon as "a" has been noted."""

    def interrupt(self, state: Tiny) -> bool:
        if "a" in state.seen and not state.over:
            state.seen.append("sudden end")
            state.end()
            return True
        return False


def test_an_interrupt_ends_the_game_before_the_next_step_wherever_play_is() -> None:
    game = SuddenTiny()
    state = game.new()
    game.apply(state, "pick 1")
    assert state.seen == ["picked 1", "a", "sudden end"]  # "b" never ran
    assert state.decision is None and game.outcome(state) is not None


# ----- hidden information: views and determinization read the decision again -----------------------
class Secret(Tiny):
    __slots__ = ("card",)

    def __init__(self, card: int) -> None:
        super().__init__(Guess(1))
        self.card = card

    def clone(self) -> Secret:
        s = Secret.__new__(Secret)
        self.copy_common(s)
        self.copy_kernel(s)
        s.seen, s.card = self.seen.copy(), self.card
        return s


@dataclass(slots=True)
class Guess(Choice[Secret, Pick]):
    """Seat 1 names a number; the numbers offered depend on the hidden card (1-3: 1..3, else 4..6)."""

    seat: int

    def actions(self, state: Secret) -> list[Pick]:
        low = state.card <= 3
        return [Pick(n) for n in ((1, 2, 3) if low else (4, 5, 6))]

    def apply(self, state: Secret, action: Pick) -> Steps:
        state.seen.append("right" if action.n == state.card else "wrong")
        return ()

    def prompt(self, state: Secret) -> str:
        return "guess"


class SecretGame(TinyGame):
    def create(self, setup: Setup, seed: int) -> Secret:
        return Secret(2)

    def hide(self, view: Tiny, seat: int) -> None:
        assert isinstance(view, Secret)
        if seat != 0:  # only seat 0 knows the card: others see one drawn from the view's own rng
            view.card = 1 + view.rng.below(6)

    def resample(self, view: Tiny, rng: Rng) -> None:
        assert isinstance(view, Secret)
        if view.viewer != 0:
            view.card = 1 + rng.below(6)


def test_a_view_redraws_hidden_information_and_reads_the_decision_again() -> None:
    game = SecretGame()
    state = game.new()
    assert game.legal_actions(state) == [Pick(1), Pick(2), Pick(3)]
    assert game.legal_actions(game.view(state, 0)) == game.legal_actions(state)  # seat 0 knows
    offered = set()
    for seed in range(40):
        view = game.view(state, 1)
        game.determinize(view, Rng(seed))
        assert view.decision is not None and view.decision.kind == "choice"
        assert game.legal_actions(view) == Guess(1).actions(view)  # computed from the redrawn card
        offered.add(tuple(game.legal_actions(view)))
    assert len(offered) == 2  # both kinds of card were drawn for the view
    assert game.legal_actions(state) == [Pick(1), Pick(2), Pick(3)]  # the true state is untouched
