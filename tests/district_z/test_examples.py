"""The rulebook's worked examples, with the dice it prints."""

from __future__ import annotations

from deadboard.core.kernel import advance
from deadboard.games.district_z import GAME
from deadboard.games.district_z.combat import start_combat
from deadboard.games.district_z.events import AfterEvent
from deadboard.games.district_z.flow import EndTurn, VisitEnd
from deadboard.games.district_z.turn import NextTurn
from tests.district_z.helpers import item, new_game, put, script, texts, turn_of


def test_combat_example_hope_with_a_pistol_against_four_zombies() -> None:
    # rulebook §Combat Example: HOPE (base combat 2) + PISTOL (+1) = combat rating 3 against four zombies
    st = new_game(survivors=["HOPE"])
    turn_of(st, 0, "c2", items=["pistol"])
    hope = st.players[0]
    assert st.c.survivors[hope.surv].combat == 2
    st.steps[:] = [NextTurn(), EndTurn(0)]
    start_combat(st, 0, 4, True)
    advance(st)
    assert st.decision is not None and st.decision.kind == "fight"
    assert [a.text for a in GAME.legal_actions(st)][:1] == ["fight pistol"]
    script(st, 2, 3, 4, 1, 3, 3, 5,  # round 1: your 2, 3, 4; the zombies' 1, 3, 3, 5
           3, 5, 6, 3, 5,            # round 2: your 3, 5, 6; the two zombies left roll 3 and 5
           4)                        # the PISTOL's ammo roll: a 4, still some ammo
    GAME.apply(st, "fight pistol")
    log = texts(st)
    assert "Dice paired (2 beats 1, 3 ties 3, 4 beats 3): 2 zombies destroyed, 1 wound; 2 left" in log
    assert hope.wounds == 1 and st.cb_n == 2
    GAME.apply(st, "fight pistol")
    assert "Dice paired (5 beats 3, 6 beats 5): 2 zombies destroyed, 0 wounds; 0 left" in texts(st)
    assert hope.kills == 4 and hope.wounds == 1
    assert "Ammo check for the Pistol: 4. Still some ammo" in texts(st)
    assert item(st, "pistol") in hope.items


def test_pistol_runs_out_of_ammo_on_a_low_roll() -> None:
    st = new_game(survivors=["HOPE"])
    turn_of(st, 0, "c2", items=["pistol"])
    st.steps[:] = [NextTurn(), EndTurn(0)]
    start_combat(st, 0, 1, True)
    advance(st)
    script(st, 6, 1, 1, 2, 2)  # survivor 6, 1, 1 against the zombie's 2, then the ammo roll: 2
    GAME.apply(st, "fight pistol")
    assert st.cb_n == 0
    assert item(st, "pistol") not in st.players[0].items
    assert any("OUT OF AMMO" in t for t in texts(st))


def test_attribute_check_example_hope_searches_the_warehouse() -> None:
    # rulebook §Attribute Check Example: after the fight at the WAREHOUSE, PERCEPTION CHECK 7;
    # HOPE (perception 3) rolls 2, 3 and 5 = 10 > 7 and equips one random non-unique item
    st = new_game(survivors=["HOPE"])
    turn_of(st, 0, "c2")
    put(st, "c2", "warehouse")
    assert st.c.survivors[st.players[0].surv].perception == 3
    st.steps[:] = [NextTurn(), EndTurn(0), VisitEnd(0), AfterEvent(0)]
    script(st, 2, 3, 5)
    advance(st)
    assert "PERCEPTION CHECK 7: HOPE rolls 3 dice: 2, 3, 5 = 10: success" in texts(st)
    assert st.decision is not None and st.decision.kind == "equip"
    found = st.steps[-1].item  # type: ignore[attr-defined]
    assert not st.c.items[found].unique


def test_attribute_check_fails_when_the_total_equals_the_target() -> None:
    st = new_game(survivors=["HOPE"])
    turn_of(st, 0, "c2")
    put(st, "c2", "warehouse")
    st.steps[:] = [NextTurn(), EndTurn(0), VisitEnd(0), AfterEvent(0)]
    script(st, 1, 2, 4)  # 7 is not greater than 7
    advance(st)
    assert "PERCEPTION CHECK 7: HOPE rolls 3 dice: 1, 2, 4 = 7: failure" in texts(st)
    assert st.decision is not None and st.decision.kind == "turn"
