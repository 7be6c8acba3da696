"""Rules of the Night phase (rulebook §Night Phase, §Combat, §Zombies, §The Doom Track, §Horde
Attacking, §Sunrise Step), each test quoting the sentence it enforces."""

from __future__ import annotations

from deadboard.core import Setup, get_game
from deadboard.core.dice import DicePool
from deadboard.core.rng import ScriptedRng
from deadboard.games.zpocalypse_2.actions import Attack
from deadboard.games.zpocalypse_2.combat import damage, payments
from deadboard.games.zpocalypse_2.horde import HordeAttacks, HordeMoves, spawn_night
from deadboard.games.zpocalypse_2.state import ZD6, Zombie, ZState
from deadboard.games.zpocalypse_2.turn import Sunrise

GAME = get_game("zpocalypse-2")


def fresh_game(players: int = 1, seed: int = 1) -> ZState:
    state = GAME.new(Setup("prologue", players=players), seed)
    assert isinstance(state, ZState)
    return state


def test_night_begins_by_spawning_fresh_zombies_equal_to_the_doom_track() -> None:
    """ "Each Night phase begins by spawning fresh zombies equal to the current position on the Doom
    Track.\""""
    state = fresh_game()
    assert sum(1 for z in state.zombies if z.fresh) == state.doom.value == state.scenario.doom


def test_two_zombies_fit_on_a_space_and_the_rest_spill_over() -> None:
    """ "Two zombies may fit on a single space. If there is no more room, the new zombies will spill
    over into other spaces.\""""
    state = fresh_game()
    state.zombies = []
    state.doom = state.doom.at(16)
    spawn_night(state)
    spaces = [z.space for z in state.zombies]
    assert len(spaces) == 16 and max(spaces.count(s) for s in spaces) == 2


def test_more_than_20_fresh_zombies_spawn_as_weak() -> None:
    """ "If more than 20 fresh zombies would be placed on the map at any time, spawn the remainder as
    weak zombies.\""""
    state = fresh_game()
    state.zombies = []
    state.doom = state.doom.at(25)
    state.milestones = 0
    spawn_night(state)
    assert sum(1 for z in state.zombies if z.fresh) == 20
    assert sum(1 for z in state.zombies if not z.fresh) == 5


def test_a_milestone_replaces_the_first_zombie_with_a_mutate() -> None:
    """ "For each milestone passed the previous Day, replace a fresh zombie with a Mutate.\""""
    state = fresh_game()
    state.zombies, state.mutates = [], []
    state.doom = state.doom.at(7)
    state.milestones = 1
    spawn_night(state)
    assert len(state.mutates) == 1 and len(state.zombies) == 6


def test_a_z_cost_needs_a_natural_z() -> None:
    """ "A trait or basic attack that has a cost of Z you must roll a natural Z and may not combine
    dice to the equivalent value of 6.\""""
    assert payments(DicePool.of(ZD6, [3, 3, 5]), 6, True, 3) == []
    assert payments(DicePool.of(ZD6, [3, 6]), 6, True, 3) == [(6,)]


def test_dice_combine_without_change_and_no_more_than_the_skill() -> None:
    """ "If you spend a die that has a higher value than the action point cost requires, you do not
    make change." "The number of total dice that can be allocated to a weapon ... is limited by your
    survivor's skill in that type.\""""
    pool = DicePool.of(ZD6, [1, 2, 3, 5])
    pays = payments(pool, 4, False, 2)
    assert (5,) in pays and (3, 1) in pays and (3, 2) in pays
    assert all(len(p) <= 2 for p in pays)
    assert payments(pool, 10, False, 2) == []
    assert (5, 3, 2) in payments(pool, 10, False, 3)


def test_fresh_zombies_turn_weak_then_die_and_a_one_turn_kill_scores_an_extra_vp() -> None:
    """ "Fresh zombies turn into weak zombies after taking 1 damage." "if your squad kills a fresh
    zombie in a single turn (deals it 2 damage) you will be rewarded with an additional 1 VP.\""""
    state = fresh_game()
    q = state.squads[0]
    state.zombies = [Zombie(10, True)]
    q.vp = 0
    damage(state, q, 10, "fresh", 1)
    assert state.zombies == [Zombie(10, False, False, state.hurt_mark(q.seat))] and q.vp == 1
    damage(state, q, 10, "weak", 1)
    assert state.zombies == [] and q.vp == 3


def test_a_weak_zombie_killed_gives_1_vp() -> None:
    """ "Every time you kill a weak zombie, your squad gains 1 victory point (VP).\""""
    state = fresh_game()
    q = state.squads[0]
    state.zombies = [Zombie(10, False)]
    q.vp = 0
    damage(state, q, 10, "weak", 1)
    assert q.vp == 1 and not state.zombies


def test_horde_attack_deals_damage_per_zombie_and_a_critical_wound_per_z() -> None:
    """ "Roll 2d6. If any Z are rolled, your squad immediately suffers a critical wound for each Z."
    "Your squad takes 1 damage per weak zombie, and 2 damage per fresh zombie attacking.\""""
    state = fresh_game()
    q = state.squads[0]
    q.space = state.board.by_name["g6"]
    near = state.board.neighbours[q.space]
    state.zombies = [Zombie(near[0], True), Zombie(near[1], False)]
    state.rng = ScriptedRng(dice={"zd6": [6, 2]})
    steps = HordeAttacks(0).run(state)
    kinds = [type(s).__name__ for s in steps]
    assert kinds == ["PickSurvivor", "Allocate", "HordeAttacks"]
    assert steps[1].left == 3  # type: ignore[attr-defined]


def test_damage_goes_to_the_defence_wheel_or_hp_one_point_at_a_time() -> None:
    """ "Reduce your squad's defense wheel by one. You cannot choose this option if your squad has 0
    defense remaining. Or Reduce one of your survivor's HP wheels by one.\""""
    state = fresh_game()
    q = state.squads[0]
    q.space = state.board.by_name["g6"]
    near = state.board.neighbours[q.space]
    state.zombies = [Zombie(near[0], True)]
    state.rng = ScriptedRng(dice={"zd6": [1, 2]})
    q.defence = 1
    state.push(*HordeAttacks(0).run(state))
    from deadboard.core.kernel import advance

    advance(state)
    legal = [a.text for a in GAME.legal_actions(state)]
    assert legal[0] == "block" and all(t.startswith("hurt") for t in legal[1:])
    GAME.apply(state, "block")
    assert q.defence == 0
    assert "block" not in [a.text for a in GAME.legal_actions(state)]


def test_zombies_left_at_sunrise_flee_and_raise_the_doom_track() -> None:
    """ "For each weak zombie removed, add +1 to the Doom Track. For each fresh zombie removed, add
    +2.\""""
    state = fresh_game()
    state.zombies = [Zombie(1, True), Zombie(2, False)]
    state.mutates = []
    before = state.doom.value
    Sunrise().run(state)
    assert state.doom.value == before + 3 and state.zombies == []


def test_an_attack_is_once_per_weapon_per_turn() -> None:
    """ "A weapon can only be used for a basic attack once per turn.\""""
    state = fresh_game(seed=3)
    for _ in range(200):
        if state.decision is None:
            break
        legal = GAME.legal_actions(state)
        attacks = [a for a in legal if isinstance(a, Attack)]
        if attacks:
            a = attacks[0]
            GAME.apply(state, a)
            again = [
                b
                for b in GAME.legal_actions(state)
                if isinstance(b, Attack) and (b.who, b.weapon) == (a.who, a.weapon)
            ]
            assert not again
            return
        GAME.apply(state, legal[-1] if state.decision.kind == "turn" else legal[0])


def test_a_zombie_never_walks_in_circles_within_one_activation() -> None:
    """ "Zombie LOS is calculated before movement, meaning zombies will never pick new targets and
    change directions mid movement": every step brings the zombie nearer its goal, so no zombie
    visits a space twice in one move."""
    from deadboard.games.zpocalypse_2.horde import step_toward

    state = fresh_game()
    b = state.board
    for goal in range(0, len(b.spaces), 7):
        dist = b.distances(goal)
        for start in range(0, len(b.spaces), 5):
            here, seen = start, {start}
            for _ in range(3):
                nxt = step_toward(state, here, goal, set())
                if nxt is None:
                    break
                assert dist[nxt] < dist[here] and nxt not in seen
                seen.add(nxt)
                here = nxt


def _straight_path(state: ZState) -> tuple[int, int, list[int]]:
    """A zombie on d12 walking east towards h12 over open ground (its path with no one lying)."""
    from deadboard.games.zpocalypse_2.horde import _walk

    b = state.board
    start, goal = b.by_name["d12"], b.by_name["h12"]
    path, left, down, _ = _walk(state, start, goal, set(), set(), {})
    assert len(path) == 4 and left == 0 and not down
    return start, goal, path


def test_a_zombie_whose_last_space_would_be_arduous_moves_onto_it_knocked_down() -> None:
    """ "Zombies move up to three spaces a turn, with each arduous symbol taking an additional point
    of movement. If a zombie has moved two spaces and the last space they would land on is arduous
    terrain, they may still move onto that space but become knocked down." A knocked-down zombie's
    space is "arduous terrain for all movement" for the zombie walking onto it."""
    from deadboard.games.zpocalypse_2.horde import _walk

    state = fresh_game()
    start, goal, path = _straight_path(state)
    # lying on its third space: 1 + 1, then 2 with 1 point left: on it, knocked down
    walked, left, down, _ = _walk(state, start, goal, set(), set(), {path[3]: 1})
    assert walked == path and left == -1 and down
    # lying on its first space: 2 + 1, then no point left: two spaces, standing
    walked, left, down, _ = _walk(state, start, goal, set(), set(), {path[1]: 1})
    assert walked == path[:3] and left == 0 and not down


def test_a_zombie_that_begins_knocked_down_stands_up_instead_of_moving() -> None:
    """ "If a zombie begins its turn knocked down, it will stand up instead of moving." "Once all
    upright zombies have moved, the knocked zombies stand up.\""""
    state = fresh_game()
    b = state.board
    state.squads[0].space = b.by_name["f6"]
    state.zombies, state.mutates = [Zombie(b.by_name["d12"], True, True)], []
    HordeMoves().run(state)
    assert state.zombies == [Zombie(b.by_name["d12"], True, False)]
    trace = next(e for e in reversed(state.log) if e.kind == "horde-moves")
    assert trace.data is not None and trace.data["trace"][0]["rule"] == "stands-up"


def test_the_zombie_shuffle_places_the_overflow_zombie_on_an_adjacent_open_space() -> None:
    """ "If a zombie's third space of movement in a single turn would land them on a square that
    already has two zombies, it performs a zombie shuffle ... take the overflow zombie and place it
    on an adjacent open space.\""""
    from deadboard.games.zpocalypse_2.horde import _shuffle

    state = fresh_game()
    start, _, path = _straight_path(state)
    end = _shuffle(state, start, path, set(), {path[-1]: 2})
    assert end != path[-1] and state.board.reach(end, path[-1]) == 1
    assert _shuffle(state, start, path, set(), {path[-1]: 1}) == path[-1]
