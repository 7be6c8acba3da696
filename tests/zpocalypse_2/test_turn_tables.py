"""The tables a turn's actions are read from (rulebook §Your Turn - Action Pool, §Moving, §Combining
Dice): kept and shared between turns, they must offer exactly what working the rule out afresh
offers."""

from __future__ import annotations

from deadboard.core.dice import DicePool
from deadboard.core.rng import Rng
from deadboard.games.zpocalypse_2.actions import Move
from deadboard.games.zpocalypse_2.movement import _cheapest, reach_moves, reach_table
from deadboard.games.zpocalypse_2.night import Turn
from deadboard.games.zpocalypse_2.state import ZD6, Zombie
from tests.zpocalypse_2.helpers import at_turn


def test_the_action_pool_is_rolled_as_two_dice_per_survivor_sorted() -> None:
    """ "create your action pool for that turn by rolling two six-sided dice for each survivor in
    your squad. Once the dice are rolled, organize them in numerical order": the pool shared by its
    faces shows the dice a dice pool rolled from the same stream shows, sorted, with the same
    draws."""
    state = at_turn("e6", [1])
    for seed in range(50):
        state.rng = Rng(seed)
        state.roll_pool(6)
        expected = DicePool.roll(Rng(seed), [ZD6] * 6).sorted()
        assert state.pool == expected and state.faces == expected.faces
        assert state.rng.next64() == _after(seed, 6)


def _after(seed: int, dice: int) -> int:
    rng = Rng(seed)
    DicePool.roll(rng, [ZD6] * dice)
    return rng.next64()


def test_spending_a_die_takes_the_first_showing_its_face() -> None:
    """ "You may spend them to perform one action per die, or combine multiple dice to meet the cost
    of a single action": spending takes one die of each face named, the others keep their order."""
    state = at_turn("e6", [1, 3, 3, 5, 6])
    state.spend_dice((3, 6))
    assert state.faces == (1, 3, 5) and state.pool == DicePool.of(ZD6, (1, 3, 5))


def test_a_reach_table_does_not_depend_on_zombies_too_far_to_matter() -> None:
    """ "You may not move through zombies": only zombies the squad could reach within the spaces it
    may still move can change where it may stop; the table kept for the squad's space is the one
    worked out with every zombie on the board."""
    state = at_turn("e6", [4])
    b = state.board
    q = state.squads[0]
    ways = tuple(
        (tuple(j for j in nb if j not in b.arduous), tuple(j for j in nb if j in b.arduous))
        for nb in b.neighbours
    )
    dist = b.distances(q.space)
    far = [i for i, d in enumerate(dist) if d > 6][:5]
    near = [i for i, d in enumerate(dist) if d == 2][:2]
    for zombies in ([], far, near, far + near):
        state.zombies = [Zombie(i, False) for i in zombies]
        for budget in range(1, 7):
            steps = min(budget, state.speed(q))
            fresh = _cheapest(ways, frozenset(zombies), q.space, budget, steps)
            assert reach_table(state, q, budget) == fresh


def test_moves_are_offered_die_by_die_for_every_space_within_the_die() -> None:
    """ "take one die from your action pool ... You may then move a number of spaces equal to or
    less than the value of that die": one ``move`` per distinct face and space that face reaches,
    faces rising, spaces in order."""
    state = at_turn("e6", [2, 2, 5])
    q = state.squads[0]
    state.zombies = [Zombie(state.board.by_name["f6"], True)]
    table = reach_table(state, q, 5)
    expected = [Move(f, state.board.name(i)) for f in (2, 5) for i in sorted(table) if table[i][0] <= f]
    assert list(reach_moves(state, q, (2, 5))) == expected
    assert [a for a in Turn(0).actions(state) if isinstance(a, Move)] == expected
