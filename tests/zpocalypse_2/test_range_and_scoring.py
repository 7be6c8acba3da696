"""Range 1, mutates, the fresh-kill bonus, the end-game tally and what a squad carries (rulebook
§Horde Attacking, §Mutate Card Anatomy, §Mutates, §Survivor Death, §Horde Zombies That Are
Defeated, §Survivor Card, §Armory: Weapons, §Critical Wounds, §Carrying Items), each test quoting
the sentence it enforces."""

from __future__ import annotations

from deadboard.core import Setup, get_game
from deadboard.core.kernel import advance
from deadboard.core.rng import ScriptedRng
from deadboard.games.zpocalypse_2.combat import damage
from deadboard.games.zpocalypse_2.horde import HordeAttacks, HordeMoves, MutatesTurn, spawn_night
from deadboard.games.zpocalypse_2.levelup import ChoosePerk, end_tally, gain_vp
from deadboard.games.zpocalypse_2.state import MutateOnBoard, Person, Zombie, ZState
from deadboard.games.zpocalypse_2.survivors import kill_person, overflow
from deadboard.games.zpocalypse_2.turn import Sunrise

GAME = get_game("zpocalypse-2")


def fresh_game(players: int = 1, seed: int = 1, scenario: str = "prologue") -> ZState:
    state = GAME.new(Setup(scenario, players=players), seed)
    assert isinstance(state, ZState)
    return state


def at(state: ZState, name: str) -> int:
    return state.board.by_name[name]


# ----- defect 1: a milestone brings one mutate ------------------------------------------------------
def test_a_doom_milestone_reached_again_brings_no_second_mutate() -> None:
    """ "Milestones only trigger a single mutate; once spawned, that milestone is considered a
    regular space on the Doom Track." Doom 4 -> 5 (a milestone), a mutate at the next spawn; then
    5 -> 3 (guard duty) -> 5 (rest): no mutate."""
    state = fresh_game()
    state.doom = state.doom.at(4)
    state.move_doom(1, "a test")
    assert state.milestones == 1
    state.zombies, state.mutates = [], []
    spawn_night(state)
    assert len(state.mutates) == 1
    state.zombies, state.mutates = [], []
    state.move_doom(-2, "guard duty")
    state.move_doom(2, "idle rest")
    assert state.doom.value == 5 and state.milestones == 0
    spawn_night(state)
    assert state.mutates == []


def test_a_milestone_left_and_reached_before_the_spawn_counts_once() -> None:
    """ "Each time the Doom Track reaches a milestone, the next time you would spawn zombies, replace
    the first zombie with a random mutate." and "Milestones only trigger a single mutate": 5 reached,
    left and reached again before the spawn is one milestone."""
    state = fresh_game()
    state.doom = state.doom.at(4)
    state.move_doom(1, "a test")
    state.move_doom(-1, "a test")
    state.move_doom(7, "a test")  # 4 -> 11: 5 again and 10
    assert state.milestones == 2
    # "If the Doom Track crosses multiple milestones before zombies are spawned, replace that many
    # zombies with mutates on the next spawn."
    state.zombies, state.mutates = [], []
    spawn_night(state)
    assert len(state.mutates) == 2 and len(state.zombies) == 11 - 2


# ----- defect 2: one meaning of range 1 -------------------------------------------------------------
def _corner(state: ZState) -> tuple[int, int]:
    """h4 (a doorway) and g5: diagonal neighbours across the corner of the wall g4."""
    h4, g5 = at(state, "h4"), at(state, "g5")
    assert g5 not in state.board.neighbours[h4]  # no squad or zombie walks that diagonal
    return h4, g5


def test_the_horde_attacks_a_squad_within_range_1_across_a_walls_corner() -> None:
    """ "The Horde always attacks any and all survivors within range 1." Range counts the larger
    coordinate difference and, where the line only touches a corner, "assume that zombies can see
    players": a zombie on h4 is within range 1 of a squad on g5."""
    state = fresh_game()
    h4, g5 = _corner(state)
    q = state.squads[0]
    q.space = g5
    state.zombies, state.mutates = [Zombie(h4, False)], []
    state.rng = ScriptedRng(dice={"zd6": [1, 2]})
    steps = HordeAttacks(0).run(state)
    assert [type(s).__name__ for s in steps] == ["Allocate", "HordeAttacks"]
    assert steps[0].left == 1  # type: ignore[attr-defined]


def test_a_horde_zombie_within_range_1_of_a_squad_does_not_move() -> None:
    """ "Horde zombies move up to three spaces, but stop moving when they find something to attack":
    the zombie on h4 has the squad on g5 within range 1."""
    state = fresh_game()
    h4, g5 = _corner(state)
    state.squads[0].space = g5
    state.zombies, state.mutates = [Zombie(h4, True)], []
    HordeMoves().run(state)
    assert state.zombies[0].space == h4


def test_a_range_1_mutate_strikes_across_a_walls_corner_like_a_range_3_one() -> None:
    """ "Range: Number of spaces away this mutate attacks squads." "Mutates attack and deal damage to
    all squads within their range": the range-1 bloater and the range-3 spitter on h4 both strike the
    squad on g5, and neither moves ("Zombies won't move away from a target once they've engaged")."""
    for card in ("bloater", "spitter"):
        state = fresh_game()
        h4, g5 = _corner(state)
        state.squads[0].space = g5
        state.zombies, state.mutates = [], [MutateOnBoard(card, h4, 5)]
        state.rng = ScriptedRng(dice={"zd6": [1, 2]})
        steps = MutatesTurn().run(state)
        assert state.mutates[0].space == h4, card
        assert [type(s).__name__ for s in steps] == ["Allocate"], card


def test_a_dead_survivors_zombie_is_placed_within_range_1_of_the_squad() -> None:
    """ "If a survivor dies during the Night phase, place a fresh zombie on an empty space adjacent to
    your squad." Adjacent is range 1: with every neighbour of g5 taken, the diagonal h4 across the
    wall's corner is still adjacent."""
    state = fresh_game()
    h4, g5 = _corner(state)
    state.phase = "midnight"
    q = state.squads[0]
    q.space = g5
    q.people.append(Person("dwayne", 1, dict(q.people[0].stats), None))
    others = [j for j in state.board.neighbours[g5]]
    state.zombies = [Zombie(j, False) for j in others]
    state.mutates = []
    kill_person(state, q, q.people[-1], "a test")
    assert state.zombies[-1] == Zombie(h4, True)


# ----- defect 7: the 20-fresh cap -------------------------------------------------------------------
def test_a_dead_survivors_zombie_is_weak_with_20_fresh_on_the_map() -> None:
    """ "If more than 20 fresh zombies would be placed on the map at any time, spawn the remainder
    as weak zombies." (survivor death is one of the "other occurrences" that spawn zombies)"""
    state = fresh_game()
    state.phase = "midnight"
    q = state.squads[0]
    q.space = at(state, "f6")
    q.people.append(Person("dwayne", 1, dict(q.people[0].stats), None))
    far = [i for i in state.board.nearest(at(state, "a12"))][:10]
    state.zombies = [Zombie(i, True) for i in far for _ in range(2)]
    state.mutates = []
    assert sum(z.fresh for z in state.zombies) == 20
    kill_person(state, q, q.people[-1], "a test")
    assert state.zombies[-1].fresh is False
    assert "rises as a weak zombie" in state.log[-2].text or "rises as a weak zombie" in state.log[-1].text
    assert sum(z.fresh for z in state.zombies) == 20


# ----- defect 8: the fresh-kill bonus -------------------------------------------------------------
def test_no_fresh_kill_bonus_for_a_zombie_a_blast_of_nobodys_weakened() -> None:
    """ "if your squad kills a fresh zombie in a single turn (deals it 2 damage) you will be rewarded
    with an additional 1 VP": a bloater's burst (nobody's) weakens it, the squad kills it: 1 VP, no
    bonus; and the burst's line promises no VP."""
    state = fresh_game()
    q = state.squads[0]
    q.vp = 0
    state.zombies = [Zombie(10, True)]
    damage(state, None, 10, "fresh", 1)
    assert state.log[-1].text == "The blast weakens a fresh zombie"
    assert q.vp == 0
    damage(state, q, 10, "weak", 1)
    assert q.vp == 1 and state.zombies == []


def test_no_fresh_kill_bonus_for_a_zombie_another_squad_weakened_this_turn() -> None:
    """ "if your squad kills a fresh zombie in a single turn (deals it 2 damage)": squad 2's bomb
    weakens it during squad 1's turn, squad 1 kills it: no bonus for squad 1."""
    state = fresh_game(players=2)
    one, two = state.squads
    one.vp = two.vp = 0
    state.zombies = [Zombie(10, True)]
    damage(state, two, 10, "fresh", 1)
    assert two.vp == 1
    damage(state, one, 10, "weak", 1)
    assert one.vp == 1


def test_the_fresh_kill_bonus_needs_both_points_from_the_squad_in_one_turn() -> None:
    """ "Fresh zombies - 2 VP. Normally, fresh zombies turn weak after taking 1 damage; however, if
    your squad kills a fresh zombie in a single turn (deals it 2 damage) you will be rewarded with an
    additional 1 VP.\""""
    state = fresh_game()
    q = state.squads[0]
    q.vp = 0
    state.zombies = [Zombie(10, True), Zombie(11, True)]
    damage(state, q, 10, "fresh", 1)
    damage(state, q, 10, "weak", 1)
    assert q.vp == 3
    damage(state, q, 11, "fresh", 1)
    state.stamp += 1  # the squad's next turn
    damage(state, q, 11, "weak", 1)
    assert q.vp == 5


# ----- defect 3: the end-game tally -------------------------------------------------------------
def test_the_end_game_tally_counts_survivors_weapons_and_critical_wounds() -> None:
    """ "Victory Points: End game victory point tally for keeping this survivor alive." "Victory
    Points: End game victory point value for keeping this weapon in your inventory." "Victory
    Points: In the Zpocalypse, battle scars are a mark of pride." Counted at the chapter's end and
    shown in the outcome's score."""
    state = fresh_game()
    q = state.squads[0]
    content = state.content
    q.people = [Person("marge", 5, {}, "garden-rake"), Person("priya", 5, {}, None)]
    q.people[1].wounds = ["bitten-shoulder"]
    q.items, q.stash = ["nail-gun", "scrap"], ["service-revolver"]
    q.vp = 4
    tally = end_tally(state, q)
    weapons = content.weapon_by_id
    assert tally == {
        "survivors": 2 + 3,
        "weapons": weapons["garden-rake"].vp + weapons["nail-gun"].vp + weapons["service-revolver"].vp,
        "wounds": 2,
        "total": 5 + tally["weapons"] + 2,
    }
    state.lost = ""
    state.end()
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.per_seat[0]["vp"] == 4 + tally["total"] and outcome.score == 4 + tally["total"]
    assert outcome.per_seat[0]["progress_vp"] == 4 and outcome.per_seat[0]["wound_vp"] == 2


def test_a_dead_survivors_card_and_wounds_score_nothing() -> None:
    """ "If a survivor's HP wheel ever reaches zero, discard their survivor card and all perks or
    wounds attached to that survivor.\""""
    state = fresh_game()
    q = state.squads[0]
    before = end_tally(state, q)["survivors"]
    p = q.people[0]
    p.wounds = ["bitten-shoulder"]
    kill_person(state, q, p, "a test")
    after = end_tally(state, q)
    assert after["survivors"] == before - state.content.survivor_by_id[p.card].vp and after["wounds"] == 0


# ----- defect 4: level-up after the last night ----------------------------------------------------
def test_the_chapters_last_night_still_has_its_level_up() -> None:
    """ "If any player reached a milestone during the Night, move to a level-up phase. If not,
    proceed to the Day." The chapter ends after the perk is chosen."""
    state = fresh_game()
    state.night = state.scenario.nights
    state.zombies, state.mutates = [], []
    q = state.squads[0]
    gain_vp(state, q, 5 - q.vp % 5)
    state.steps[:] = []
    state.push(*Sunrise().run(state))
    advance(state)
    assert isinstance(state.steps[-1], ChoosePerk) and state.decision is not None
    perks = sum(len(p.perks) for p in q.people)
    take = next(a for a in GAME.legal_actions(state) if a.text.startswith("perk"))
    GAME.apply(state, take)
    assert sum(len(p.perks) for p in q.people) == perks + 1
    assert state.decision is None and GAME.outcome(state) is not None


# ----- defect 6: a weaponless survivor's capacity -------------------------------------------------
def test_a_survivor_with_no_weapon_lets_the_squad_carry_four_items() -> None:
    """ "Each survivor in a player's squad can hold two items - including any weapons they have
    equipped. Alternatively, if one of those survivors is not equipped with a weapon, your squad
    could carry four additional items instead.\""""
    state = fresh_game()
    q = state.squads[0]
    q.people = q.people[:1]
    q.people[0].weapon = None
    q.items, q.stash = ["scrap", "scrap", "canned-beans"], []
    overflow(state, q)
    assert len(q.items) == 3 and q.stash == []
    assert state.capacity(q) == 4
    q.people[0].weapon = "garden-rake"  # armed: two items, the weapon one of them
    overflow(state, q)
    assert len(q.items) == 1 and len(q.stash) == 2


def test_a_squads_range_1_is_the_spaces_it_may_step_to_and_a_zombies_adds_the_corners() -> None:
    """One meaning of range for every rule: the larger coordinate difference on a shared floor, in
    the sight of the one who acts — "If there is ever any doubt about LOS, assume that zombies can
    see players, but players cannot see zombies." For a squad that is exactly the spaces it may step
    to ("Your squad can move vertically, horizontally, and diagonally"; "You may not move through
    ... impassable areas"); a zombie's range 1 adds the diagonals across a corner."""
    b = fresh_game().board
    corners = 0
    for a in range(len(b.spaces)):
        players = set(b.around(a, 1, zombie=False)) - {a}
        zombies = set(b.around(a, 1, zombie=True)) - {a}
        assert players == set(b.neighbours[a]), b.name(a)
        assert players <= zombies and all(b.reach(a, j) == 1 for j in zombies)
        corners += len(zombies - players)
    assert corners > 0
