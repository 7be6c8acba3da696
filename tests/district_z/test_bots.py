"""The heuristic bot plays much better than the random one, alone and against others, and trades and
fights other survivors sensibly."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st_

from deadboard.core import Setup
from deadboard.games.district_z import GAME
from deadboard.games.district_z.bot import HeuristicBot
from deadboard.games.district_z.content import load_content
from deadboard.games.district_z.tactics import kit_value
from deadboard.sim.play import play_game
from tests.district_z.helpers import item, new_game, put, turn_of

C = load_content()


def test_heuristic_escapes_often_alone_and_random_almost_never() -> None:
    setup = GAME.normalize_setup(Setup("standard"))
    h = sum(1 for seed in range(60) if play_game(GAME, setup, seed, "heuristic").outcome.winners)
    r = sum(1 for seed in range(60) if play_game(GAME, setup, seed, "random").outcome.winners)
    assert h >= 12 and r <= 2


def test_a_heuristic_seat_beats_random_seats() -> None:
    setup = GAME.normalize_setup(Setup("standard", players=3))
    wins = [0, 0, 0]
    for seed in range(30):
        o = play_game(GAME, setup, seed, ["heuristic", "random", "random"]).outcome
        for w in o.winners:
            wins[w] += 1
    assert wins[0] >= 20 and wins[0] > 3 * (wins[1] + wins[2])


def test_heuristic_bots_finish_every_optional_rule_setup() -> None:
    for setup in GAME.test_setups():
        o = play_game(GAME, GAME.normalize_setup(setup), 9, "heuristic").outcome
        assert o.reason in ("escaped", "died", "turned", "devoured", "overrun")


def test_the_sim_summary_tallies_how_each_seat_ended() -> None:
    from deadboard.sim.runner import run_sim, summarize

    setup = GAME.normalize_setup(Setup("standard", players=2))
    records, seconds = run_sim("district-z", setup, ["heuristic", "random"], 6, seed=3)
    summary = summarize("district-z", setup, ["heuristic", "random"], 3, records, seconds)
    for seat in summary["seats"]:
        assert sum(seat["endings"].values()) == 6
        assert set(seat["endings"]) <= {"escaped", "died", "turned", "alive", "out", "destroyed"}
    assert sum(summary["endings"].values()) == 6


# ----- trades and weapons ---------------------------------------------------------------------------------
def _bot_choice(st, seat: int) -> str:  # type: ignore[no-untyped-def]
    bot = HeuristicBot(GAME, seat, 7)
    return bot.choose(GAME, GAME.view(st, seat), GAME.legal_actions(st)).text


def _meeting(mine: list[str], theirs: list[str]):  # type: ignore[no-untyped-def]
    st = new_game(players=2)
    turn_of(st, 1, "d3", items=theirs)
    turn_of(st, 0, "c3", items=mine)
    put(st, "d3", "library")
    GAME.apply(st, "move east")
    assert st.decision is not None and st.decision.kind == "meet"
    return st


def test_the_heuristic_trades_away_what_it_cannot_use_for_what_it_can() -> None:
    # DANA fights with the katana; the crowbar is only a spare. MARCUS has no weapon but two agility items.
    st = _meeting(["katana", "crowbar"], ["running-shoes", "climbing-gloves"])
    assert _bot_choice(st, 0) == "trade MARCUS"
    GAME.apply(st, "trade MARCUS")
    while st.decision is not None and st.decision.kind == "offer":
        GAME.apply(st, _bot_choice(st, 0))
    assert st.decision is not None and st.decision.kind == "answer" and st.decision.seat == 1
    gives, asks = st.steps[-1].gives, st.steps[-1].asks
    assert gives == (item(st, "crowbar"),)
    assert sorted(asks) == sorted([item(st, "running-shoes"), item(st, "climbing-gloves")])
    assert _bot_choice(st, 1) == "accept"  # MARCUS gets a weapon: a good deal for him too
    GAME.apply(st, "accept")
    assert item(st, "katana") in st.players[0].items and st.players[1].items == [item(st, "crowbar")]


def test_the_heuristic_never_gives_away_the_objective_or_its_best_weapon_for_nothing() -> None:
    st = new_game(players=2)
    obj = st.c.objectives[0]
    turn_of(st, 1, "c3", items=["katana"])
    st.players[1].items.append(obj)
    turn_of(st, 0, "c3", items=["crowbar"])
    GAME.apply(st, "trade MARCUS")
    GAME.apply(st, f"ask {st.c.items[obj].id}")
    GAME.apply(st, "offer crowbar")
    GAME.apply(st, "propose")
    assert _bot_choice(st, 1) == "decline"
    turn_of(st, 0, "c3", items=["crowbar"])
    GAME.apply(st, "trade MARCUS")
    GAME.apply(st, "ask katana")
    GAME.apply(st, "propose")
    assert _bot_choice(st, 1) == "decline"
    turn_of(st, 0, "c3", items=["crowbar"])
    GAME.apply(st, "trade MARCUS")
    GAME.apply(st, "offer crowbar")
    GAME.apply(st, "propose")
    assert _bot_choice(st, 1) == "accept"  # a spare weapon for nothing


def test_the_heuristic_rolls_for_the_event_when_no_trade_is_worth_it() -> None:
    st = _meeting(["crowbar"], ["claw-hammer"])
    assert _bot_choice(st, 0) in ("roll", "nothing")


def test_the_heuristic_fights_a_survivor_with_its_strongest_weapons() -> None:
    st = new_game(players=2)
    turn_of(st, 1, "c3", items=["machete"])
    turn_of(st, 0, "c3", items=["shotgun", "crowbar"])
    GAME.apply(st, "attack MARCUS")
    assert _bot_choice(st, 0) == "fight shotgun"
    GAME.apply(st, "fight shotgun")
    assert _bot_choice(st, 1) in ("fight machete", "dodge")


@settings(max_examples=80, deadline=None)
@given(st_.lists(st_.sampled_from(sorted(i.id for i in C.items[: C.n_items])), min_size=1, max_size=6))
def test_a_kit_is_never_worth_more_without_one_of_its_items(names: list[str]) -> None:
    items = [C.item_index[n] for n in names]
    whole = kit_value(C, items)
    for k in range(len(items)):
        assert kit_value(C, items[:k] + items[k + 1 :]) <= whole + 1e-9


def test_the_heuristic_never_trades_away_the_health_that_keeps_it_alive() -> None:
    st = new_game(players=2)
    turn_of(st, 1, "c3", items=["kevlar-vest"], wounds=5)  # MARCUS: health 4 + 2 from the vest
    turn_of(st, 0, "c3", items=["shotgun"])
    GAME.apply(st, "trade MARCUS")
    GAME.apply(st, "offer shotgun")
    GAME.apply(st, "ask kevlar-vest")
    GAME.apply(st, "propose")
    assert _bot_choice(st, 1) == "decline"
