"""Survivor and weapon traits, mutate abilities and personal objectives (rulebook §Survivor Traits,
§Weapon Traits, §Active Traits, §How Skills Affect Combat, §Mutate Card Anatomy, §Survivor Card - Day
Side), each test quoting the sentence it enforces."""

from __future__ import annotations

from deadboard.core import Setup, get_game
from deadboard.core.dice import DicePool
from deadboard.core.rng import ScriptedRng
from deadboard.games.zpocalypse_2.actions import UseTrait
from deadboard.games.zpocalypse_2.combat import damage
from deadboard.games.zpocalypse_2.horde import MutatesTurn
from deadboard.games.zpocalypse_2.night import Turn
from deadboard.games.zpocalypse_2.objectives import advance_goal
from deadboard.games.zpocalypse_2.state import ZD6, MutateOnBoard, Person, Zombie, ZState
from deadboard.games.zpocalypse_2.survivors import Allocate
from deadboard.games.zpocalypse_2.traits import passive, weapon_cap

GAME = get_game("zpocalypse-2")


def squad_of(cards: list[str], space: str = "e6", faces: tuple[int, ...] = (3, 3, 4, 6)) -> ZState:
    """A solo prologue at its first turn with the squad made of ``cards`` on ``space``."""
    state = GAME.new(Setup("prologue", players=1), 1)
    assert isinstance(state, ZState)
    q = state.squads[0]
    q.people = []
    for c in cards:
        card = state.content.survivor_by_id[c]
        stats = {
            k: getattr(card, k)
            for k in (
                "firearms",
                "melee",
                "first_aid",
                "mechanics",
                "sneak",
                "talk",
                "smarts",
                "speed",
                "defence",
            )
        }
        q.people.append(Person(c, card.hp, stats, card.weapon))
    q.space = state.board.by_name[space]
    state.zombies, state.mutates = [], []
    state.pool = DicePool.of(ZD6, faces)
    state.turn_moved, state.turn_used = 0, {}
    state.steps[-1] = Turn(0)
    state.legal = list(Turn(0).actions(state))
    return state


def traits_of(state: ZState, trait: str) -> list[UseTrait]:
    return [a for a in GAME.legal_actions(state) if isinstance(a, UseTrait) and a.trait == trait]


def test_an_active_trait_is_paid_in_ap_and_used_once_per_turn() -> None:
    """ "Active Traits are abilities that must be activated by paying the associated action point
    cost." "Each special trait can only be used once per turn.\""""
    state = squad_of(["marge", "hank"])  # Block Captain: 3 AP, move up to 2 spaces
    uses = traits_of(state, "block-captain")
    assert uses and all(sum(a.dice) >= 3 for a in uses)
    GAME.apply(state, uses[0])
    assert not traits_of(state, "block-captain")


def test_a_trait_moves_the_squad_unrestricted_by_its_speed() -> None:
    """ "Special Traits will often allow your squad to move additional spaces, unrestricted of your
    squad's speed limitation.\""""
    state = squad_of(["marge", "hank"])
    state.turn_moved = 9  # the squad has used up its speed
    state.legal = list(Turn(0).actions(state))
    assert not [a for a in GAME.legal_actions(state) if a.kind == "move"]
    assert traits_of(state, "block-captain")


def test_a_once_per_day_trait_is_marked_and_not_used_again_that_day() -> None:
    """ "Put the corresponding survivor token on a once per day ability to show that it has been
    used.\""""
    state = squad_of(["dwayne", "hank"])  # Route Runner, once per day
    GAME.apply(state, traits_of(state, "route-runner")[0])
    assert ("dwayne", "route-runner") in state.marks
    state.turn_used = {}
    state.pool = DicePool.of(ZD6, (6, 6))
    state.legal = list(Turn(0).actions(state))
    assert not traits_of(state, "route-runner")


def test_dice_on_a_weapon_count_its_basic_attack_and_its_trait() -> None:
    """ "The total number of dice that can be allocated to a weapon, for both basic attacks and
    special traits, is limited by your survivor's skill in that type.\""""
    state = squad_of(["hank", "marge"])
    p = state.squads[0].people[0]
    cap = weapon_cap(state, p, "service-revolver", "firearms")
    assert cap == p.stats["firearms"] + passive(state, p, "steady")  # Deadeye: one more die
    state.turn_used[("hank", "service-revolver")] = 2
    assert weapon_cap(state, p, "service-revolver", "firearms") == cap - 2


def test_a_weapon_out_of_ammo_cannot_use_its_traits() -> None:
    """ "you cannot make another basic attack, nor use any of that weapon's special traits, until
    reloading the weapon.\""""
    state = squad_of(["hank", "marge"], "k3", (4, 4, 3, 2))
    state.zombies = [Zombie(state.board.by_name["k1"], True)]
    state.legal = list(Turn(0).actions(state))
    assert traits_of(state, "double-tap")
    state.squads[0].people[0].loaded = False
    state.legal = list(Turn(0).actions(state))
    assert not traits_of(state, "double-tap")


def test_a_passive_trait_is_always_in_effect() -> None:
    """ "Passive Traits are always in effect." Thick-Skinned: +1 to the defence wheel at dusk."""
    state = squad_of(["gus", "marge"])
    gus = state.squads[0].people[0]
    assert passive(state, gus, "tough") == 1
    assert passive(state, state.squads[0].people[1], "tough") == 0


def test_an_acid_mutate_skips_the_defence_wheel() -> None:
    """Mutates' "unique trait ... affect the way they move, deal damage, or take damage": the
    Spitter's acid goes straight to HP."""
    state = squad_of(["marge", "hank"], "k3")
    q = state.squads[0]
    q.defence = 3
    b = state.board
    state.mutates = [MutateOnBoard("spitter", b.by_name["k1"], 3)]
    state.rng = ScriptedRng(dice={"zd6": [1, 2]})
    steps = MutatesTurn().run(state)
    damage_steps = [s for s in steps if isinstance(s, Allocate)]
    assert damage_steps and damage_steps[0].direct
    assert all(a.kind == "hurt" for a in damage_steps[0].actions(state))


def test_a_bursting_mutate_hurts_the_zombies_around_it() -> None:
    """The Bloater bursts when defeated: 1 damage to every zombie and squad within range 1."""
    state = squad_of(["marge", "hank"], "k3")
    b = state.board
    state.mutates = [MutateOnBoard("bloater", b.by_name["k1"], 1)]
    state.zombies = [Zombie(b.by_name["l1"], False)]
    damage(state, state.squads[0], b.by_name["k1"], "bloater", 1)
    assert state.mutates == [] and state.zombies == []


def test_a_personal_objective_moves_the_squad_on_the_progress_track() -> None:
    """ "When an objective is completed, immediately: Move your squad forward on the progress track
    equal to that objective's VP reward.\""""
    state = squad_of(["gus", "marge"])
    q = state.squads[0]
    vp = q.vp
    advance_goal(state, "gus", "craft")
    assert q.vp == vp and not q.people[0].done
    advance_goal(state, "gus", "craft")
    assert q.people[0].done and q.vp == vp + state.content.survivor_by_id["gus"].goal_vp
    advance_goal(state, "gus", "craft")
    assert q.vp == vp + state.content.survivor_by_id["gus"].goal_vp  # done once
