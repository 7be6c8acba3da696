"""Optional rules (rulebook §Infection and Zombie Survivors, §Zombie Survivor Combat)."""

from __future__ import annotations

from deadboard.core.kernel import advance
from deadboard.core.rng import Rng
from deadboard.games.district_z import GAME
from deadboard.games.district_z.combat import start_combat
from deadboard.games.district_z.flow import EndTurn
from deadboard.games.district_z.state import LIVE, WAITING, ZOMBIE
from deadboard.games.district_z.turn import NextTurn
from deadboard.games.district_z.zombie_survivors import ZombieMove
from tests.district_z.helpers import item, new_game, put, script, texts, turn_of


def legal(st) -> list[str]:  # type: ignore[no-untyped-def]
    return [a.text for a in GAME.legal_actions(st)]


def _combat(st, seat: int, n: int, *dice: int) -> None:  # type: ignore[no-untyped-def]
    st.steps[:] = [NextTurn(), EndTurn(seat)]
    start_combat(st, seat, n, False)
    script(st, *dice)
    advance(st)


def test_every_wound_from_zombies_adds_an_infection_counter() -> None:
    st = new_game(options={"infection": True})
    turn_of(st, 0, "c2")
    _combat(st, 0, 1, 1, 1, 6, 6, 6, 1)  # a wound, then the zombie is destroyed
    assert st.players[0].wounds == 1 and st.players[0].infection == 1


def test_wounds_from_events_do_not_infect() -> None:
    st = new_game(options={"infection": True})
    turn_of(st, 0, "c2")
    put(st, "d2", "rooftops")
    script(st, 4, 1, 1, 1)  # Rooftops 4: AGILITY 7 or two wounds
    GAME.apply(st, "move east")
    assert st.players[0].wounds == 2 and st.players[0].infection == 0


def test_without_the_optional_rule_there_is_no_infection() -> None:
    st = new_game()
    turn_of(st, 0, "c2")
    _combat(st, 0, 1, 1, 1, 6, 6, 6, 1)
    assert st.players[0].infection == 0


def test_first_aid_heals_wounds_but_not_infection() -> None:
    st = new_game(options={"infection": True})
    turn_of(st, 0, "c2", items=["first-aid-kit"], wounds=2)
    st.players[0].infection = 2
    GAME.apply(st, "use first-aid-kit")
    assert st.players[0].wounds == 0 and st.players[0].infection == 2


def test_single_player_turning_at_twice_base_health_ends_the_game() -> None:
    st = new_game(options={"infection": True})  # DANA: base health 5
    turn_of(st, 0, "c2")
    st.players[0].infection = 9
    _combat(st, 0, 1, 1, 1, 6)
    o = GAME.outcome(st)
    assert o is not None and o.reason == "turned"


def test_turning_counts_base_health_not_items() -> None:
    st = new_game(options={"infection": True})
    turn_of(st, 0, "c2", items=["kevlar-vest"])
    st.players[0].infection = 9
    _combat(st, 0, 1, 1, 1, 6)
    assert GAME.outcome(st) is not None


def _two_zs():  # type: ignore[no-untyped-def]
    st = new_game(players=2, options={"zombie-survivor-combat": True})
    return st


def test_a_turned_player_drops_everything_and_becomes_a_zombie_survivor() -> None:
    st = new_game(players=2, options={"infection": True})
    turn_of(st, 1, "a3")
    turn_of(st, 0, "c3", items=["crowbar"])
    st.players[0].infection = 9
    st.players[0].wounds = 2
    _combat(st, 0, 1, 1, 1, 1, 6)  # the crowbar: three dice
    p = st.players[0]
    assert p.status == ZOMBIE and p.wounds == 0 and p.infection == 0 and p.items == []
    assert st.dropped[st.lay.index["c3"]] == (item(st, "crowbar"),)
    assert GAME.outcome(st) is None


def test_zombie_survivors_move_without_flipping_cards() -> None:
    st = new_game(players=2, options={"infection": True})
    turn_of(st, 1, "a3")
    turn_of(st, 0, "c3")
    st.players[0].status = ZOMBIE
    d3 = st.lay.index["d3"]
    st.up[d3] = False
    st.steps[:] = [NextTurn(), EndTurn(0), ZombieMove(0)]
    advance(st)
    assert legal(st) == ["move north", "move east", "move south", "move west", "stay"]
    GAME.apply(st, "move east")
    assert st.players[0].pos == d3 and not st.up[d3]


def test_a_zombie_survivor_moving_onto_a_survivor_starts_zombie_survivor_combat() -> None:
    st = _two_zs()
    turn_of(st, 1, "d3")
    turn_of(st, 0, "c3")
    st.players[0].status = ZOMBIE  # DANA, combat 2
    st.steps[:] = [NextTurn(), EndTurn(0), ZombieMove(0)]
    advance(st)
    GAME.apply(st, "move east")
    assert st.decision is not None and st.decision.seat == 1 and legal(st) == ["fight bare-handed", "dodge"]
    script(st, 1, 1, 6, 6, 6)  # the zombie (combat 2) rolls 2; MARCUS (combat 3) 18
    GAME.apply(st, "fight bare-handed")
    assert st.players[0].wounds == 1 and st.players[1].wounds == 0


def test_a_winning_zombie_survivor_wounds_and_infects() -> None:
    st = _two_zs()
    turn_of(st, 1, "d3")
    turn_of(st, 0, "c3")
    st.players[0].status = ZOMBIE
    st.steps[:] = [NextTurn(), EndTurn(0), ZombieMove(0)]
    advance(st)
    GAME.apply(st, "move east")
    script(st, 6, 6, 1, 1, 1)
    GAME.apply(st, "fight bare-handed")
    assert st.players[1].wounds == 1 and st.players[1].infection == 1


def test_a_failed_dodge_against_a_zombie_survivor_wounds_and_infects() -> None:
    # The dodge paragraph of ZOMBIE SURVIVOR COMBAT says "you take one WOUND"; §Infection says
    # "Every time you take a WOUND from COMBAT with a ZOMBIE, put an INFECTION counter on your
    # SURVIVOR." The dodge is made in that combat, so the wound infects (ruling; before rules
    # version 4 it did not).
    st = _two_zs()
    turn_of(st, 1, "d3")
    turn_of(st, 0, "c3")
    st.players[0].status = ZOMBIE
    st.steps[:] = [NextTurn(), EndTurn(0), ZombieMove(0)]
    advance(st)
    GAME.apply(st, "move east")
    script(st, 6, 6, 1, 1, 1, 1, 1, 1)  # the zombie survivor rolls 12; MARCUS's agility dice, 1s
    GAME.apply(st, "dodge")
    assert st.players[1].wounds == 1 and st.players[1].infection == 1
    assert any("fails to dodge and takes a wound and an infection counter" in e.text for e in st.log)


def test_a_survivor_landing_on_a_zombie_survivor_fights_instead_of_the_event() -> None:
    st = _two_zs()
    turn_of(st, 0, "d3")
    st.players[0].status = ZOMBIE
    turn_of(st, 1, "c3")
    put(st, "d3", "library")
    GAME.apply(st, "move east")
    assert st.decision is not None and st.decision.kind == "zdefend"
    assert not any("event roll" in t for t in texts(st)[-3:])


def test_two_survivors_may_fight_a_zombie_survivor_together() -> None:
    st = new_game(players=3, options={"zombie-survivor-combat": True})
    turn_of(st, 1, "d3")
    turn_of(st, 2, "d3")
    turn_of(st, 0, "c3")
    st.players[0].status = ZOMBIE
    st.steps[:] = [NextTurn(), EndTurn(0), ZombieMove(0)]
    advance(st)
    GAME.apply(st, "move east")
    assert "fight-together bare-handed" in legal(st)
    GAME.apply(st, "fight-together bare-handed")
    assert st.decision is not None and st.decision.kind == "join"
    # the zombie's 12 against MARCUS (3 dice) and EZRA (2 dice) together
    script(st, 6, 6, 1, 1, 1, 1, 1)
    GAME.apply(st, "join bare-handed")
    assert st.players[1].wounds == 1 and st.players[2].wounds == 1  # the zombie wounds both


def test_a_zombie_survivor_is_truly_dead_at_its_health_and_may_be_replaced() -> None:
    st = _two_zs()
    turn_of(st, 1, "d3")
    turn_of(st, 0, "c3")
    st.players[0].status = ZOMBIE
    st.players[0].wounds = 4  # DANA: health 5
    st.steps[:] = [NextTurn(), EndTurn(0), ZombieMove(0)]
    advance(st)
    GAME.apply(st, "move east")
    script(st, 1, 1, 6, 6, 6)
    GAME.apply(st, "fight bare-handed")
    assert st.players[0].status == WAITING
    assert "retire" in legal(st) and "choose HOPE" in legal(st)
    GAME.apply(st, "choose HOPE")
    assert st.players[0].status == LIVE


def test_the_game_is_over_when_every_player_has_turned() -> None:
    st = new_game(players=2, options={"infection": True})
    turn_of(st, 1, "a3")
    st.players[1].status = ZOMBIE
    turn_of(st, 0, "c3")
    st.players[0].infection = 9
    _combat(st, 0, 1, 1, 1, 6)
    o = GAME.outcome(st)
    assert o is not None and o.reason == "turned" and o.winners == ()


def test_zombie_survivors_win_when_they_kill_the_last_living_survivor() -> None:
    st = _two_zs()
    turn_of(st, 1, "d3", wounds=3)  # MARCUS: health 4
    for p in st.players:
        p.used = list(range(6))  # nobody left to come back with
    turn_of(st, 0, "c3")
    st.players[0].status = ZOMBIE
    st.steps[:] = [NextTurn(), EndTurn(0), ZombieMove(0)]
    advance(st)
    GAME.apply(st, "move east")
    script(st, 6, 6, 1, 1, 1)
    GAME.apply(st, "fight bare-handed")
    o = GAME.outcome(st)
    assert o is not None and o.reason == "devoured" and o.winners == (0,)


def test_a_survivor_who_stays_on_a_zombie_survivors_card_fights_it() -> None:
    st = _two_zs()
    turn_of(st, 0, "d3")
    st.players[0].status = ZOMBIE
    turn_of(st, 1, "d3", wounds=1)
    assert "move east" in legal(st)  # at the beginning of the turn the survivor may simply move away
    GAME.apply(st, "heal")
    assert st.players[1].wounds == 0
    assert st.decision is not None and st.decision.kind == "zdefend" and st.decision.seat == 1


def test_moving_away_from_a_zombie_survivor_at_the_beginning_of_the_turn_avoids_the_fight() -> None:
    st = _two_zs()
    turn_of(st, 0, "d3")
    st.players[0].status = ZOMBIE
    turn_of(st, 1, "d3")
    put(st, "c3", "laundromat")
    script(st, 1)
    GAME.apply(st, "move west")
    assert not any("ZOMBIE SURVIVOR COMBAT" in t for t in texts(st))


def test_a_zombie_survivor_that_stays_with_a_survivor_attacks_again() -> None:
    st = _two_zs()
    turn_of(st, 1, "d3")
    turn_of(st, 0, "d3")
    st.players[0].status = ZOMBIE
    st.steps[:] = [NextTurn(), EndTurn(0), ZombieMove(0)]
    advance(st)
    GAME.apply(st, "stay")
    assert st.decision is not None and st.decision.kind == "zdefend" and st.decision.seat == 1


def test_survivors_choose_their_weapons_against_a_zombie_survivor() -> None:
    st = new_game(players=3, options={"zombie-survivor-combat": True})
    turn_of(st, 1, "d3", items=["machete", "crowbar"])
    turn_of(st, 2, "d3", items=["pistol"])
    turn_of(st, 0, "c3")
    st.players[0].status = ZOMBIE
    st.steps[:] = [NextTurn(), EndTurn(0), ZombieMove(0)]
    advance(st)
    GAME.apply(st, "move east")
    assert legal(st) == ["fight machete", "fight crowbar", "dodge", "fight-together machete", "fight-together crowbar"]
    GAME.apply(st, "fight-together crowbar")
    assert legal(st) == ["join pistol", "join bare-handed", "decline"]
    # the zombie (combat 2) rolls 12; MARCUS + crowbar (4 dice) and EZRA + pistol (3 dice) 7 together;
    # then the pistol's ammo roll: 5
    script(st, 6, 6, 1, 1, 1, 1, 1, 1, 1, 5)
    GAME.apply(st, "join pistol")
    log = texts(st)
    assert any("(MARCUS with Crowbar, EZRA with Pistol) roll 1, 1, 1, 1; 1, 1, 1 = 7" in t for t in log)
    assert "Ammo check for the Pistol: 5. Still some ammo" in log
    assert st.players[1].wounds == 1 and st.players[2].wounds == 1


def test_if_all_players_become_zombie_survivors_the_game_is_over_even_after_a_zombie_survivor_killed() -> None:
    """§Infection and Zombie Survivors: "If all players become ZOMBIE SURVIVORS, the game is over."
    A zombie survivor killed a survivor earlier; the player came back and turned, and then nobody
    wins: it is not a zombie survivor victory naming the just-turned player."""
    st = _two_zs()
    turn_of(st, 1, "d3", wounds=3)  # MARCUS: health 4
    turn_of(st, 0, "c3")
    st.players[0].status = ZOMBIE
    st.steps[:] = [NextTurn(), EndTurn(0), ZombieMove(0)]
    advance(st)
    GAME.apply(st, "move east")
    script(st, 6, 6, 1, 1, 1)  # the zombie survivor's 12 against MARCUS's 3: MARCUS dies
    GAME.apply(st, "fight bare-handed")
    assert st.players[1].status == WAITING and st.zs_kill
    st.rng = Rng(5)
    GAME.apply(st, "choose TOMAS")
    turn_of(st, 1, "a1")
    st.players[0].status, st.players[0].pos = ZOMBIE, st.lay.index["f5"]
    assert st.zs_kill  # the flag of that kill is still set when TOMAS turns
    st.players[1].infection = 9  # TOMAS: base health 5, turns at 10
    _combat(st, 1, 1, 1, 1, 6)
    assert st.players[1].status == ZOMBIE
    o = GAME.outcome(st)
    assert o is not None and o.reason == "turned" and o.winners == ()
    assert texts(st)[-1] == "Every player has become a zombie survivor. The game is over."
