"""2-4 players (rulebook §Multiplayer Setup, §Additional Multiplayer Rules): healing, staying,
meeting another survivor, survivor combat, dying and coming back, the race to the CITY'S EDGE."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st_

from deadboard.core.kernel import advance
from deadboard.games.district_z import GAME
from deadboard.games.district_z.combat import start_combat
from deadboard.games.district_z.content import load_content
from deadboard.games.district_z.flow import EndTurn
from deadboard.games.district_z.ratings import hands_used
from deadboard.games.district_z.state import ESCAPED, LIVE, OUT, WAITING, ZOMBIE
from deadboard.games.district_z.turn import NextTurn, Turn
from tests.district_z.helpers import item, new_game, put, script, texts, turn_of


def legal(st) -> list[str]:  # type: ignore[no-untyped-def]
    return [a.text for a in GAME.legal_actions(st)]


def two(**kw: object):  # type: ignore[no-untyped-def]
    st = new_game(players=2, **kw)  # type: ignore[arg-type]
    seat_a1 = next(p.seat for p in st.players if st.lay.names[p.start] == "a1")
    return st, seat_a1, 1 - seat_a1


def test_heal_one_wound_instead_of_moving_when_wounded() -> None:
    st, _, _ = two()
    marcus = 1
    turn_of(st, marcus, "c3", wounds=2)
    assert "heal" in legal(st) and "stay" in legal(st)
    GAME.apply(st, "heal")
    assert st.players[marcus].wounds == 1
    assert (st.decision is not None and st.decision.seat != marcus) or st.players[marcus].pos == st.lay.index["c3"]


def test_no_heal_without_wounds_but_staying_is_allowed() -> None:
    st, _, _ = two()
    turn_of(st, 1, "c3")
    assert "heal" not in legal(st) and "stay" in legal(st)


def test_meeting_another_survivor_offers_nothing_event_trade_or_combat() -> None:
    st, _, _ = two()
    turn_of(st, 1, "d3")
    turn_of(st, 0, "c3")
    put(st, "d3", "library")
    GAME.apply(st, "move east")
    assert legal(st) == ["nothing", "roll", "trade MARCUS", "attack MARCUS"]
    GAME.apply(st, "nothing")
    assert not any("event roll" in t for t in texts(st)[-3:])


def test_staying_with_another_survivor_allows_trade_and_combat_but_no_event() -> None:
    st, _, _ = two()
    turn_of(st, 1, "c3")
    turn_of(st, 0, "c3")
    assert {"trade MARCUS", "attack MARCUS", "stay"} <= set(legal(st))
    assert "roll" not in legal(st)


def test_a_trade_is_built_item_by_item_then_the_other_player_agrees() -> None:
    st, _, _ = two()
    turn_of(st, 1, "c3", items=["pistol", "riot-shield"])
    turn_of(st, 0, "c3", items=["crowbar", "street-map"])
    GAME.apply(st, "trade MARCUS")
    assert legal(st) == ["offer crowbar", "offer street-map", "ask pistol", "ask riot-shield", "cancel"]
    GAME.apply(st, "offer crowbar")
    GAME.apply(st, "offer street-map")
    GAME.apply(st, "ask pistol")
    assert legal(st) == ["ask riot-shield", "unoffer crowbar", "unoffer street-map", "unask pistol", "propose", "cancel"]
    GAME.apply(st, "propose")
    assert st.decision is not None and st.decision.seat == 1 and st.decision.kind == "answer"
    assert legal(st) == ["accept", "decline"]
    GAME.apply(st, "accept")
    assert st.players[0].items == [item(st, "pistol")]
    assert sorted(st.players[1].items) == sorted(item(st, i) for i in ("riot-shield", "crowbar", "street-map"))


def test_a_gift_or_a_request_is_a_trade_too() -> None:
    st, _, _ = two()
    turn_of(st, 1, "c3", items=["pistol"])
    turn_of(st, 0, "c3", items=["crowbar"])
    GAME.apply(st, "trade MARCUS")
    GAME.apply(st, "ask pistol")
    GAME.apply(st, "propose")
    GAME.apply(st, "accept")
    assert st.players[0].items == [item(st, "crowbar"), item(st, "pistol")] and st.players[1].items == []


def test_a_declined_trade_changes_nothing() -> None:
    st, _, _ = two()
    turn_of(st, 1, "c3", items=["pistol"])
    turn_of(st, 0, "c3", items=["crowbar"])
    GAME.apply(st, "trade MARCUS")
    GAME.apply(st, "offer crowbar")
    GAME.apply(st, "ask pistol")
    GAME.apply(st, "propose")
    GAME.apply(st, "decline")
    assert st.players[0].items == [item(st, "crowbar")] and st.players[1].items == [item(st, "pistol")]
    assert "MARCUS declines the trade" in texts(st)


def test_an_offer_can_be_taken_back_before_it_is_proposed_or_called_off() -> None:
    st, _, _ = two()
    turn_of(st, 1, "c3", items=["pistol"])
    turn_of(st, 0, "c3", items=["crowbar"])
    GAME.apply(st, "trade MARCUS")
    GAME.apply(st, "offer crowbar")
    GAME.apply(st, "unoffer crowbar")
    assert "propose" not in legal(st) and "offer crowbar" in legal(st)
    GAME.apply(st, "cancel")
    assert st.players[0].items == [item(st, "crowbar")] and st.players[1].items == [item(st, "pistol")]


def test_a_trade_both_agree_to_is_allowed_whatever_it_does_to_hand_size_then_the_excess_is_dropped() -> None:
    """§Meeting Another Survivor: "You may trade whatever ITEMS you like as long as both players agree
    on the trade." §ITEM cards: "If you have more than four 1-HANDED ITEMS equipped, any additional
    1-HANDED and 2-HANDED ITEMS must be dropped." The limit is applied after the trade, not as a
    refusal of it."""
    st, _, _ = two()
    turn_of(st, 1, "c3", items=["machete"])
    turn_of(st, 0, "c3", items=["fire-axe", "crowbar", "pistol"])  # four hands' worth
    GAME.apply(st, "trade MARCUS")
    GAME.apply(st, "ask machete")
    assert "propose" in legal(st)
    GAME.apply(st, "propose")
    GAME.apply(st, "accept")
    assert st.players[0].items.count(item(st, "machete")) == 1 and hands_used(st.c, st.players[0].items) == 5
    assert st.decision is not None and st.decision.kind == "drop-excess" and st.decision.seat == 0
    assert legal(st) == ["drop pistol", "drop crowbar", "drop machete", "drop fire-axe"]
    GAME.apply(st, "drop pistol")
    assert hands_used(st.c, st.players[0].items) == 4
    assert st.dropped[st.lay.index["c3"]] == (item(st, "pistol"),)


def test_a_trade_cannot_leave_a_survivor_with_two_objectives() -> None:
    st, _, _ = two()
    a, b = st.c.objectives[0], st.c.objectives[1]
    turn_of(st, 1, "c3")
    st.players[1].items = [b]
    turn_of(st, 0, "c3")
    st.players[0].items = [a]
    GAME.apply(st, "trade MARCUS")
    GAME.apply(st, f"ask {st.c.items[b].id}")
    assert "propose" not in legal(st)
    GAME.apply(st, f"offer {st.c.items[a].id}")
    assert "propose" in legal(st)


def test_a_meeting_with_two_survivors_may_engage_each_of_them_separately() -> None:
    st = new_game(players=3)
    turn_of(st, 1, "d3", items=["pistol"])
    turn_of(st, 2, "d3")
    turn_of(st, 0, "c3", items=["crowbar"])
    GAME.apply(st, "move east")
    assert legal(st) == ["nothing", "roll", "trade MARCUS", "attack MARCUS", "trade EZRA", "attack EZRA"]
    GAME.apply(st, "trade MARCUS")
    GAME.apply(st, "offer crowbar")
    GAME.apply(st, "ask pistol")
    GAME.apply(st, "propose")
    GAME.apply(st, "accept")
    assert st.decision is not None and st.decision.kind == "engage" and st.decision.seat == 0
    assert legal(st) == ["trade EZRA", "attack EZRA", "done"]
    GAME.apply(st, "attack EZRA")
    assert legal(st) == ["fight pistol", "fight bare-handed"]  # the pistol may run out: going without is a choice
    GAME.apply(st, "fight pistol")
    assert st.decision is not None and st.decision.kind == "defend" and st.decision.seat == 2
    script(st, 1, 1, 1, 6, 6, 6)  # DANA with the pistol: 3 dice = 3; EZRA: 12; then the pistol's ammo: 6
    GAME.apply(st, "fight bare-handed")
    assert st.decision is not None and st.decision.kind == "spoils" and st.decision.seat == 2
    GAME.apply(st, "wound")
    assert st.players[0].wounds == 1
    assert st.decision is None or st.decision.kind != "engage"  # nobody is left to engage


def test_survivor_combat_attacker_and_defender_choose_their_weapons() -> None:
    st, _, _ = two()
    turn_of(st, 1, "c3", items=["shotgun", "claw-hammer"])
    turn_of(st, 0, "c3", items=["machete", "crowbar"])
    GAME.apply(st, "attack MARCUS")
    assert st.decision is not None and st.decision.kind == "arm" and st.decision.seat == 0
    assert legal(st) == ["fight machete", "fight crowbar"]
    GAME.apply(st, "fight crowbar")
    assert st.decision is not None and st.decision.kind == "defend" and st.decision.seat == 1
    assert legal(st) == ["fight shotgun", "fight claw-hammer", "dodge"]
    script(st, 6, 6, 6, 1, 1, 1, 1)  # DANA + crowbar: 3 dice = 18; MARCUS + claw hammer: 4 dice = 4
    GAME.apply(st, "fight claw-hammer")
    assert any("DANA (Crowbar) rolls 6, 6, 6 = 18; MARCUS (Claw Hammer) rolls 1, 1, 1, 1 = 4" in t for t in texts(st))
    assert legal(st) == ["steal shotgun", "steal claw-hammer", "wound"]


def test_weapons_used_in_survivor_combat_are_checked_for_ammo() -> None:
    st, _, _ = two()
    turn_of(st, 1, "c3")
    turn_of(st, 0, "c3", items=["pistol"])
    GAME.apply(st, "attack MARCUS")
    GAME.apply(st, "fight pistol")
    script(st, 1, 1, 1, 6, 6, 6, 2)  # DANA + pistol 3; MARCUS 18; the pistol's ammo roll: 2
    GAME.apply(st, "fight bare-handed")
    assert st.players[0].items == [] and any("OUT OF AMMO" in t for t in texts(st))


def test_an_attacker_with_one_loadout_worth_using_is_not_asked() -> None:
    st, _, _ = two()
    turn_of(st, 1, "c3")
    turn_of(st, 0, "c3", items=["crowbar"])
    GAME.apply(st, "attack MARCUS")
    assert st.decision is not None and st.decision.kind == "defend" and st.steps[-1].loadout == (item(st, "crowbar"),)


def test_survivor_combat_winner_chooses_steal_an_item_or_wound() -> None:
    st, _, _ = two()
    turn_of(st, 1, "c3", items=["riot-shield"])
    turn_of(st, 0, "c3")
    GAME.apply(st, "attack MARCUS")
    assert st.decision is not None and st.decision.seat == 1 and legal(st) == ["fight bare-handed", "dodge"]
    script(st, 6, 6, 1, 1, 1)  # DANA (combat 2) 12 against MARCUS (combat 3) 3
    GAME.apply(st, "fight bare-handed")
    assert st.decision is not None and st.decision.seat == 0
    assert legal(st) == ["steal riot-shield", "wound"]
    GAME.apply(st, "steal riot-shield")
    assert st.players[0].items == [item(st, "riot-shield")] and st.players[1].items == []


def test_survivor_combat_loser_can_lose_the_objective() -> None:
    st, _, _ = two()
    obj = st.c.objectives[0]
    turn_of(st, 1, "c3")
    st.players[1].items = [obj]
    turn_of(st, 0, "c3")
    GAME.apply(st, "attack MARCUS")
    script(st, 6, 6, 1, 1, 1)
    GAME.apply(st, "fight bare-handed")
    assert "steal-objective" in legal(st)
    GAME.apply(st, "steal-objective")
    assert st.players[0].items == [obj]


def test_equal_survivor_combat_totals_do_nothing() -> None:
    st, _, _ = two()
    turn_of(st, 1, "c3")
    turn_of(st, 0, "c3")
    GAME.apply(st, "attack MARCUS")
    script(st, 3, 3, 2, 2, 2)
    GAME.apply(st, "fight bare-handed")
    assert "The totals are equal: nothing happens" in texts(st)


def test_dodging_a_survivor_attack() -> None:
    st, _, _ = two()
    turn_of(st, 1, "c3")
    turn_of(st, 0, "c3")
    GAME.apply(st, "attack MARCUS")
    script(st, 1, 1, 6, 6)  # DANA's 2 against MARCUS's agility 12: dodged
    GAME.apply(st, "dodge")
    assert "MARCUS dodges the attack" in texts(st) and st.players[1].wounds == 0
    turn_of(st, 0, "c3")
    GAME.apply(st, "attack MARCUS")
    script(st, 6, 6, 1, 1)  # a failed dodge: a wound
    GAME.apply(st, "dodge")
    assert st.players[1].wounds == 1


def test_the_player_to_the_left_rolls_for_the_zombies() -> None:
    st, _, _ = two()
    turn_of(st, 0, "c3")
    put(st, "d3", "hospital")
    script(st, 5)
    GAME.apply(st, "move east")
    assert any("(Player 2 rolls for the zombies)" in t for t in texts(st))


def test_a_dead_survivors_items_stay_and_the_player_returns_with_an_unused_survivor() -> None:
    st, _, _ = two()
    turn_of(st, 1, "d3")
    turn_of(st, 0, "c3", items=["crowbar", "street-map"], wounds=4)  # DANA: health 5
    put(st, "d3", "rooftops")
    st.players[1].pos = st.lay.index["e3"]
    script(st, 4, 1, 1, 1)  # Rooftops 4: AGILITY 7 or two wounds
    GAME.apply(st, "move east")
    d3 = st.lay.index["d3"]
    assert st.dropped[d3] == (item(st, "crowbar"), item(st, "street-map"))
    assert st.decision is not None and st.decision.kind == "survivor" and st.decision.seat == 0
    assert legal(st) == ["choose HOPE", "choose TOMAS", "choose ROSA", "choose EZRA"]
    GAME.apply(st, "choose HOPE")
    p = st.players[0]
    assert p.status == LIVE and p.arriving and p.used == [st.c.survivor_index["DANA"], st.c.survivor_index["HOPE"]]
    assert p.wounds == 0 and p.items == []


def test_first_survivor_to_reach_their_edge_with_an_objective_wins() -> None:
    st, a1, other = two()
    obj = st.c.objectives[0]
    st.players[other].pos = st.lay.index["a3"]
    turn_of(st, a1, "f4")
    st.players[a1].items = [obj]
    put(st, "f5", "laundromat")
    script(st, 1)
    GAME.apply(st, "move south")
    o = GAME.outcome(st)
    assert o is not None and o.reason == "escaped" and o.winners == (a1,)
    assert o.per_seat[a1]["ending"] == "escaped" and o.per_seat[a1]["place"] == 1


def test_with_play_on_the_others_keep_playing() -> None:
    st, a1, other = two(options={"play-on": True})
    obj = st.c.objectives[0]
    st.players[other].pos = st.lay.index["a3"]
    turn_of(st, a1, "f4")
    st.players[a1].items = [obj]
    put(st, "f5", "laundromat")
    script(st, 1)
    GAME.apply(st, "move south")
    assert GAME.outcome(st) is None
    assert st.players[a1].status == ESCAPED and st.places == [a1]
    assert st.decision is not None and st.decision.seat == other


def test_finding_a_second_objective_leaves_it_for_another_survivor() -> None:
    st, a1, _ = two()
    objs = [x for x in st.card if x >= 10_000]
    turn_of(st, a1, "c3")
    st.players[a1].items = [objs[0] - 10_000]
    d3 = st.lay.index["d3"]
    where = st.card.index(objs[1])
    st.card[where], st.card[d3] = st.card[d3], st.card[where]
    GAME.apply(st, "move east")
    assert st.card[d3] == objs[1]
    assert any("leaves the" in t for t in texts(st))


def test_a_player_out_of_survivors_is_out_and_the_others_play_on() -> None:
    st, _, _ = two()
    for p in st.players:
        p.used = list(range(len(st.c.survivors))) if p.seat == 1 else p.used
    turn_of(st, 0, "c3", wounds=4)
    put(st, "d3", "rooftops")
    script(st, 4, 1, 1, 1)
    GAME.apply(st, "move east")
    assert st.players[0].status == OUT
    assert GAME.outcome(st) is None
    assert st.decision is not None and st.decision.seat == 1


_ITEMS = sorted(i.id for i in load_content().items[: load_content().n_items])


def _kit(draw, limit: int = 4) -> list[str]:  # type: ignore[no-untyped-def]
    """Items within four hands' worth."""
    c = load_content()
    out: list[str] = []
    for name in draw(st_.lists(st_.sampled_from(_ITEMS), max_size=6)):
        if hands_used(c, [c.item_index[n] for n in [*out, name]]) <= limit:
            out.append(name)
    return out


@settings(max_examples=60, deadline=None)
@given(st_.data())
def test_a_trade_can_be_proposed_exactly_when_neither_side_ends_with_two_objectives(data: st_.DataObject) -> None:
    st, _, _ = two()
    c = st.c
    turn_of(st, 1, "c3", items=_kit(data.draw))
    if data.draw(st_.booleans()):
        st.players[1].items.append(c.objectives[1])
    turn_of(st, 0, "c3", items=_kit(data.draw))
    if data.draw(st_.booleans()):
        st.players[0].items.append(c.objectives[0])
    GAME.apply(st, "trade MARCUS")
    for _ in range(data.draw(st_.integers(1, 6))):
        moves = [a for a in legal(st) if a.split()[0] in ("offer", "ask", "unoffer", "unask")]
        if not moves:
            break
        GAME.apply(st, data.draw(st_.sampled_from(moves)))
    gives, asks = st.steps[-1].gives, st.steps[-1].asks
    mine, theirs = list(st.players[0].items), list(st.players[1].items)
    for g in gives:
        mine.remove(g)
        theirs.append(g)
    for t in asks:
        theirs.remove(t)
        mine.append(t)
    ok = all(sum(1 for i in side if c.items[i].objective) <= 1 for side in (mine, theirs))
    assert ("propose" in legal(st)) == (ok and bool(gives or asks))
    if "propose" in legal(st):
        GAME.apply(st, "propose")
        GAME.apply(st, "accept")
        assert sorted(st.players[0].items) == sorted(mine) and sorted(st.players[1].items) == sorted(theirs)


def test_zombies_left_from_an_encounter_when_a_survivor_dies_stay_on_the_location_card() -> None:
    """§Counters: "If any ZOMBIES are left from an encounter, place these counters on the LOCATION
    card. Any SURVIVOR that lands on this LOCATION must defeat these zombies before rolling on the
    EVENT TABLE." §Dying: "If the dead SURVIVOR had a LOCATION OBJECTIVE or any ITEMS equipped, they
    remain dropped at the LOCATION where the SURVIVOR died." """
    st, _, _ = two()
    turn_of(st, 1, "d3")
    turn_of(st, 0, "c3", items=["crowbar"], wounds=4)  # DANA: health 5
    obj = st.c.objectives[0]
    st.players[0].items.append(obj)
    st.steps[:] = [NextTurn(), EndTurn(0)]
    start_combat(st, 0, 3, False)
    script(st, 6, 1, 1, 1, 5, 5)  # DANA + crowbar: 6 1 1 against 1 5 5: one destroyed (6>5), one wound
    advance(st)
    c3 = st.lay.index["c3"]
    assert st.players[0].status == WAITING
    assert st.counters[c3] == 2
    assert sorted(st.dropped[c3]) == sorted([item(st, "crowbar"), obj])
    assert "2 zombies left from the encounter stay on c3 as ZOMBIE counters" in texts(st)
    GAME.apply(st, "choose HOPE")
    st.cur = st.order.index(1)
    st.steps[:] = [NextTurn(), EndTurn(1), Turn(1)]
    advance(st)
    GAME.apply(st, "move west")
    assert st.decision is not None and st.decision.kind == "fight" and st.cb_n == 2
    script(st, 6, 6, 6, 1, 1)  # MARCUS's three dice destroy both
    GAME.apply(st, "fight bare-handed")
    assert st.counters[c3] == 0
    assert legal(st) == ["take crowbar", f"take {st.c.items[obj].id}", "roll"]
    GAME.apply(st, f"take {st.c.items[obj].id}")
    assert obj in st.players[1].items


def test_zombies_left_when_a_survivor_turns_mid_combat_stay_on_the_location_card() -> None:
    """§Counters: "If any ZOMBIES are left from an encounter, place these counters on the LOCATION
    card." A survivor who turns into a ZOMBIE SURVIVOR in the middle of a combat leaves them there."""
    st, _, _ = two(options={"infection": True})
    turn_of(st, 1, "d3")
    turn_of(st, 0, "c3")
    st.players[0].infection = 9  # DANA: base health 5
    st.steps[:] = [NextTurn(), EndTurn(0)]
    start_combat(st, 0, 4, False)
    script(st, 6, 1, 1, 1, 1, 5)  # 6 1 against 1 1 1 5: one destroyed, 1=1 negates, two wounds
    advance(st)
    assert st.players[0].status == ZOMBIE
    assert st.counters[st.lay.index["c3"]] == 3


def test_rosa_starts_with_the_pistol_card_only_while_it_is_in_the_item_card_pile() -> None:
    """§ITEM cards: "To equip an ITEM, find its card in the ITEM card pile" — ROSA's Sharpshooter
    gives her the Pistol's card, which another survivor may be carrying."""
    from deadboard.games.district_z.setup import choose_survivor as _choose_survivor

    for copies, has in ((False, False), (True, True)):
        st, _, _ = two(options={"item-copies": copies})
        turn_of(st, 1, "d3", items=["pistol"])
        _choose_survivor(st, 0, st.c.survivor_index["ROSA"], "respawn")
        assert (item(st, "pistol") in st.players[0].items) is has
