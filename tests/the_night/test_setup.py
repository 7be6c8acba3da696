"""Rulebook §Setting Up the Game: humans, hero, items, keys, boards, the first zombie."""

from __future__ import annotations

from deadboard.core import Setup
from deadboard.games.the_night.state import CARRIED, LIVE, NOT_IN_GAME
from tests.the_night.helpers import GAME, fresh, pending


def placed_area(s, name):  # type: ignore[no-untyped-def]
    h = next(h for h in s.humans if h.name == name)
    return s.c.area_of[h.sq]


def test_seven_humans_placed_one_per_square_and_one_hero() -> None:
    for seed in range(20):
        s = fresh(seed=seed)
        live = [h for h in s.humans if h.status == LIVE]
        assert len(live) == 7
        assert len({h.sq for h in live}) == 7
        assert len(s.heroes) == 1


def test_human_placement_table_areas() -> None:
    allowed = {"Kitchen", "Dining Room", "Office", "Sitting Room", "Front Porch"}
    for seed in range(30):
        s = fresh(seed=seed)
        for h in s.humans:
            area = s.c.area_of[h.sq]
            assert area in allowed or s.c.entry_of[h.sq], (h.name, area)


def test_no_more_than_two_humans_in_a_map_entry_point() -> None:
    for seed in range(40):
        s = fresh(seed=seed)
        for e in s.c.entries:
            assert sum(1 for h in s.humans if h.sq in e.squares) <= 2


def test_placement_is_a_choice_of_square_within_the_rolled_area() -> None:
    s = GAME.new(Setup("standard"), 5)
    d = s.decision
    assert d is not None and d.kind == "place-human"
    squares = {a.text.split()[2] for a in GAME.legal_actions(s)}
    area = pending(s)[0][3]
    assert all(s.c.area_of[s.c.grid.square(q)] == area or area.startswith("Map Entry") for q in squares)


def test_alternative_human_setup_allows_any_square_including_the_yard() -> None:
    s = GAME.new(Setup("standard", {"free-placement": True}), 5)
    squares = {a.text.split()[2] for a in GAME.legal_actions(s)}
    assert "a1" in squares and "h10" in squares and "i11" not in squares  # not the table's middle


def test_five_items_drawn_with_ammo_for_each_firearm() -> None:
    for seed in range(30):
        s = fresh(seed=seed)
        on_map = [s.c.items[i] for i, w in enumerate(s.item_where) if 0 <= w < s.c.grid.n]
        drawn = [it for it in on_map if it.kind in ("firearm", "melee")]
        assert len(drawn) == 5
        for it in drawn:
            if it.kind == "firearm":
                assert any(x.kind_id == it.ammo for x in on_map)


def test_items_placed_in_their_location_table_areas_one_per_square() -> None:
    for seed in range(30):
        s = fresh(seed=seed)
        seen: dict[int, int] = {}
        for i, w in enumerate(s.item_where):
            it = s.c.items[i]
            if not (0 <= w < s.c.grid.n) or it.kind == "board":
                continue
            assert s.c.area_of[w] in it.locations
            seen[w] = seen.get(w, 0) + 1
        for w, n in seen.items():
            if n > 1:
                assert len(s.c.areas[s.c.area_of[w]]) == 1  # only one-square areas hold several


def test_keys_location_table() -> None:
    areas = {"Kitchen", "Pantry", "Sitting Room Closet", "Office Closet", "Basement Landing", "Tool Shed"}
    for seed in range(20):
        s = fresh(seed=seed)
        k = s.c.kind_items["keys"][0]
        assert s.c.area_of[s.item_where[k]] in areas


def test_boards_d6_in_the_tool_shed_rest_in_the_basement() -> None:
    for seed in range(20):
        s = fresh(seed=seed)
        boards = s.c.kind_items["board"]
        shed = sum(1 for b in boards if s.c.area_of[s.item_where[b]] == "Tool Shed")
        basement = sum(1 for b in boards if s.c.area_of[s.item_where[b]] == "Basement")
        assert 1 <= shed <= 6 and shed + basement == len(boards)
        roll = next(e.data["roll"] for e in s.log if e.data and "shed" in e.data)
        assert shed == roll


def test_first_zombie_at_a_map_entry_point_without_humans() -> None:
    for seed in range(30):
        s = fresh(seed=seed)
        assert len(s.zsq) == 1 and len(s.cup) == 34
        ev = next(e for e in s.log if e.kind == "arrive")
        assert ev.data is not None
        e = s.c.entry_of[s.c.grid.square(ev.data["square"])]
        assert e
        assert not any(h.sq in s.c.entries[e - 1].squares for h in s.humans if h.status == LIVE)


def test_alternative_item_draw_1_starts_with_a_firearm() -> None:
    for seed in range(15):
        s = fresh(options={"item-draw": "firearm"}, seed=seed)
        assert any(s.c.items[i].kind == "firearm" and 0 <= w < s.c.grid.n for i, w in enumerate(s.item_where))


def test_alternative_item_draw_2_choose_items_within_the_points() -> None:
    s = GAME.new(Setup("standard", {"item-draw": "points"}), 3)
    while s.decision is not None and s.decision.kind != "take":
        GAME.apply(s, GAME.legal_actions(s)[0])
    points = int(pending(s)[0][1])
    assert 7 <= points <= 12
    spent = 0
    while s.decision is not None and s.decision.kind == "take":
        takes = [a for a in GAME.legal_actions(s) if a[0] == "take"]
        costs = {a.text: s.c.items[s.c.item_index[str(a[1])]].cost for a in takes}
        assert all(c <= points - spent for c in costs.values())
        if not takes:
            break
        a = takes[0]
        spent += costs[a.text]
        GAME.apply(s, a)
    assert spent <= points
    assert GAME.snapshot(s)["items"]["shotgun"] != "carried"


def test_item_points_follow_the_rulebook() -> None:
    s = fresh()
    cost = {it.kind_id: it.cost for it in s.c.items}
    bonus = {it.kind_id: it.bonus for it in s.c.items}
    assert (cost["shotgun"], cost["rifle"], cost["pistol"]) == (4, 3, 2)
    for kid in ("chainsaw", "axe", "machete", "bat", "knife"):
        assert cost[kid] == bonus[kid]
    assert bonus["chainsaw"] == 4


def test_alternative_item_placement_2d6_table() -> None:
    areas = set(fresh().c.alt_item_placement)
    for seed in range(15):
        s = fresh(options={"item-placement": "2d6"}, seed=seed)
        for i, w in enumerate(s.item_where):
            it = s.c.items[i]
            if it.kind in ("firearm", "melee", "ammo") and 0 <= w < s.c.grid.n:
                assert s.c.area_of[w] in areas


def test_unused_items_stay_out_of_the_game() -> None:
    s = fresh(seed=2)
    out = [i for i, w in enumerate(s.item_where) if w == NOT_IN_GAME]
    assert len(out) == 25 - 8 - 1 - 5 - sum(1 for i, w in enumerate(s.item_where) if s.c.items[i].kind == "ammo" and w != NOT_IN_GAME)
    assert not any(w >= CARRIED for w in s.item_where)


def test_a_full_map_entry_point_rolls_the_map_entry_point_again() -> None:
    # "6. Map Entry Point (Roll a D6 for the Map Entry Point). If two humans are already located in
    # a Map Entry Point, then roll again": the second D6 is rolled again, not the location table.
    from deadboard.games.the_night import setup as su
    from tests.the_night.helpers import board, dice

    s = board(humans={"Ben": "v6", "Judy": "v7"})  # Map Entry Point 3 is full
    tom = s.humans[5]
    assert tom.name == "Tom"
    tom.status = LIVE
    dice(s, 6, 3, 4)  # a Map Entry Point; number 3: full, roll again; number 4
    step = su.prepare_human(s, tom.idx)
    assert isinstance(step, su.PlaceHuman) and step.area == "Map Entry Point 4"


def test_no_chance_keeps_humans_off_the_map_entry_points_even_when_placed_freely() -> None:
    s = GAME.new(Setup("no-chance", {"free-placement": True}), 5)
    squares = {a.text.split()[2] for a in GAME.legal_actions(s)}
    entry = {s.c.grid.names[q] for e in s.c.entries for q in e.squares}
    assert "a1" in squares and not squares & entry


def test_an_item_may_be_placed_in_the_same_square_as_a_human() -> None:
    from deadboard.games.the_night import setup as su
    from tests.the_night.helpers import board, dice

    s = board(humans={"Ben": "n4"})  # the one-square Office Closet
    rifle = s.c.item_index["rifle"]
    dice(s, 2)  # 1 or 2: the Office Closet
    assert su.prepare_item(s, rifle) is None
    assert s.item_where[rifle] == s.c.grid.square("n4")
