"""ITEM cards (hands, one modifier at a time, DUAL-WIELDABLE, UNIQUE, BROKEN, OUT OF AMMO) and the
dice of zombie combat, with property tests."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st_

from deadboard.core.kernel import advance
from deadboard.games.district_z import GAME
from deadboard.games.district_z.combat import start_combat
from deadboard.games.district_z.content import load_content
from deadboard.games.district_z.flow import EndTurn
from deadboard.games.district_z.items import MAX_HANDS
from deadboard.games.district_z.ratings import (
    AGILITY,
    COMBAT,
    HEALTH,
    best_modifier,
    hands_used,
    loadouts,
    pairing_options,
)
from deadboard.games.district_z.turn import NextTurn
from tests.district_z.helpers import item, new_game, put, script, texts, turn_of

C = load_content()


def ids(*names: str) -> list[int]:
    return [C.item_index[n] for n in names]


def test_content_has_the_rulebook_components() -> None:
    base = [x for x in C.locations if x.set == "base"]
    assert len(base) == 30
    assert len(C.additional) >= 10
    assert C.n_items == 26
    assert len(C.objectives) == 4
    assert len(C.survivors) == 6
    hope = C.survivors[C.survivor_index["HOPE"]]
    assert (hope.combat, hope.perception) == (2, 3)
    tables = [tuple(e.source for e in x.table) for x in C.locations if x.table]
    assert len(set(tables)) == len(tables), "every location card has its own event table"
    assert {"pistol", "first-aid-kit"} <= set(C.item_index)
    assert any(it.dual for it in C.items) and any(it.unique for it in C.items) and any(it.hands == 2 for it in C.items)
    assert any(it.hands == 0 and not it.objective for it in C.items)


def test_two_handed_items_count_as_two_and_no_hand_items_count_none() -> None:
    assert hands_used(C, ids("fire-axe", "pistol", "running-shoes", "kevlar-vest")) == 3


def test_only_one_items_modifier_is_used_unless_dual_wieldable() -> None:
    its = C.items
    assert best_modifier([its[i] for i in ids("crowbar", "baseball-bat")], COMBAT) == 1
    assert best_modifier([its[i] for i in ids("kitchen-knife", "claw-hammer")], COMBAT) == 2
    assert best_modifier([its[i] for i in ids("kitchen-knife", "claw-hammer", "revolver")], COMBAT) == 2
    assert best_modifier([its[i] for i in ids("machete", "kitchen-knife")], COMBAT) == 2
    assert best_modifier([its[i] for i in ids("running-shoes", "climbing-gloves")], AGILITY) == 2
    assert best_modifier([its[i] for i in ids("motorbike-helmet", "riot-shield")], HEALTH) == 1


def test_loadouts_offer_the_strongest_first_and_keep_safe_weapons_against_risky_ones() -> None:
    los = loadouts(C, ids("machete", "crowbar", "kitchen-knife", "claw-hammer"))
    texts_ = ["+".join(C.items[i].id for i in lo) or "-" for _, lo in los]
    assert texts_[0] in ("machete", "kitchen-knife+claw-hammer")
    assert los[0][0] == 2
    assert "claw-hammer" in texts_ or "crowbar" in texts_  # +1 without any risk
    assert "-" not in texts_  # bare hands are never better than a safe weapon


def test_more_than_four_hands_must_drop() -> None:
    st = new_game()
    turn_of(st, 0, "c2", items=["fire-axe", "baseball-bat", "crowbar"])
    put(st, "d2", "police-station")
    script(st, 2)  # a pistol
    GAME.apply(st, "move east")
    GAME.apply(st, "equip pistol")
    assert st.decision is not None and st.decision.kind == "drop-excess"
    assert [a.text for a in GAME.legal_actions(st)] == ["drop pistol", "drop baseball-bat", "drop crowbar", "drop fire-axe"]
    GAME.apply(st, "drop fire-axe")
    assert hands_used(C, st.players[0].items) == 3
    assert st.dropped[st.lay.index["d2"]] == (item(st, "fire-axe"),)


def test_a_molotov_is_always_gone_after_the_combat() -> None:
    st = new_game()
    turn_of(st, 0, "c2", items=["molotov"])
    st.steps[:] = [NextTurn(), EndTurn(0)]
    start_combat(st, 0, 1, True)
    advance(st)
    script(st, 6, 6, 6, 6, 1, 6)
    GAME.apply(st, "fight molotov")
    assert st.players[0].items == []
    assert any("BROKEN" in t for t in texts(st))


def test_unique_items_are_one_in_the_city_at_a_time() -> None:
    st = new_game()
    turn_of(st, 0, "c2")
    st.dropped[st.lay.index["g1"]] = (item(st, "katana"),)
    from deadboard.games.district_z.item_pile import unique_in_city

    assert unique_in_city(st, item(st, "katana"))
    assert not unique_in_city(st, item(st, "chainsaw"))


def test_zombies_beyond_the_combat_rating_wound() -> None:
    # rating 2 against four zombies: two dice cannot be faced
    opts = pairing_options([6, 6], [1, 1, 1, 1])
    assert [(k, w) for k, w, _ in opts] == [(2, 2)]


def test_the_survivor_chooses_between_destroying_and_negating() -> None:
    # 3 and 5 against 3 and 5: negate both (0 destroyed, 0 wounds) or 5 beats 3 (1 destroyed, 1 wound)
    opts = pairing_options([3, 5], [3, 5])
    assert sorted((k, w) for k, w, _ in opts) == [(0, 0), (1, 1)]
    st = new_game()
    turn_of(st, 0, "c2")
    st.steps[:] = [NextTurn(), EndTurn(0)]
    start_combat(st, 0, 2, False)
    script(st, 3, 5, 3, 5, 6, 6, 1)  # the next round (no escape, nothing to choose) runs by itself
    advance(st)
    assert st.decision is not None and st.decision.kind == "pair"
    assert [a.text for a in GAME.legal_actions(st)] == ["pair 3=3 5=5", "pair 5>3"]
    GAME.apply(st, "pair 5>3")
    assert "Dice paired (5 beats 3): 1 zombie destroyed, 1 wound; 1 left" in texts(st)
    assert st.cb_n == 0 and st.players[0].wounds == 1


def test_brawler_wins_ties() -> None:
    assert [(k, w) for k, w, _ in pairing_options([3, 5], [3, 5], brawler=True)] == [(2, 0)]


def _brute(s: list[int], z: list[int], brawler: bool) -> set[tuple[int, int]]:
    """Every (kills, wounds) of every pairing: each zombie die faced by at most one survivor die."""
    out = set()
    n = len(z)
    for perm in itertools.permutations(range(len(s))):
        for k in range(0, min(len(s), n) + 1):
            for zs in itertools.permutations(range(n), k):
                kills = ties = 0
                for si, zi in zip(perm[:k], zs):
                    if s[si] > z[zi] or (brawler and s[si] == z[zi]):
                        kills += 1
                    elif s[si] == z[zi]:
                        ties += 1
                out.add((kills, n - kills - ties))
    return out


@settings(max_examples=150, deadline=None)
@given(st_.lists(st_.integers(1, 6), min_size=1, max_size=4), st_.lists(st_.integers(1, 6), min_size=1, max_size=4),
       st_.booleans())
def test_pairing_options_are_exactly_the_pareto_front(s: list[int], z: list[int], brawler: bool) -> None:
    every = _brute(s, z, brawler)
    front = {o for o in every if not any(q[0] >= o[0] and q[1] <= o[1] and q != o for q in every)}
    opts = pairing_options(s, z, brawler)
    assert {(k, w) for k, w, _ in opts} == front
    for k, _w, pairing in opts:
        used_s = sorted(a for a, _ in pairing)
        assert all(used_s.count(v) <= s.count(v) for v in used_s)
        assert sum(1 for a, b in pairing if a > b or (brawler and a == b)) == k
        assert len(pairing) <= len(z)
    best = opts[0]
    assert all(best[0] - best[1] >= o[0] - o[1] for o in opts)


@settings(max_examples=40, deadline=None)
@given(st_.integers(0, 10_000), st_.integers(1, 4))
def test_no_survivor_ever_carries_more_than_four_hands_at_a_decision(seed: int, players: int) -> None:
    from deadboard.core import Rng, Setup

    state = GAME.new(Setup("standard", players=players), seed)
    rng = Rng(seed)
    steps = 0
    while state.decision is not None and steps < 400:
        if state.decision.kind != "drop-excess":
            for p in state.players:
                assert hands_used(C, p.items) <= MAX_HANDS
                assert sum(1 for i in p.items if C.items[i].objective) <= 1
        legal = GAME.legal_actions(state)
        GAME.apply_unchecked(state, legal[rng.below(len(legal))])
        steps += 1


@settings(max_examples=60, deadline=None)
@given(st_.lists(st_.sampled_from(sorted(i.id for i in C.items[: C.n_items])), max_size=6))
def test_best_modifier_is_one_item_or_two_dual_wieldable(names: list[str]) -> None:
    its = [C.items[C.item_index[n]] for n in names]
    for attr in range(4):
        m = best_modifier(its, attr)
        singles = [i.mods[attr] for i in its]
        duals = sorted((i.mods[attr] for i in its if i.dual), reverse=True)
        assert m == max([0, *singles, sum(duals[:2])])


def test_thick_skin_ignores_the_wound_of_a_failed_escape() -> None:
    """EZRA's Thick Skin: "the first wound you would take in each combat with zombies is ignored";
    §Combat: a failed ESCAPE means "you take one WOUND and COMBAT continues" — a wound of the combat."""
    st = new_game(survivors=("EZRA",))
    turn_of(st, 0, "c2")
    st.steps[:] = [NextTurn(), EndTurn(0)]
    start_combat(st, 0, 2, True)
    advance(st)
    script(st, 1, 1, 6, 6)  # EZRA's agility 2: 2 against the zombies' 12
    GAME.apply(st, "escape")
    assert st.players[0].wounds == 0
    assert "Thick Skin: EZRA shrugs off the first wound of this combat" in texts(st)
    script(st, 1, 1, 6, 6)  # the second failed escape wounds
    GAME.apply(st, "escape")
    assert st.players[0].wounds == 1


def test_a_unique_item_carried_out_of_the_city_no_longer_blocks_its_event() -> None:
    """§ITEM cards: "there can be only one of these UNIQUE ITEMS in the CITY at any time. If a UNIQUE
    ITEM happens to be rolled for on the EVENT TABLE when that same UNIQUE ITEM is already in the
    CITY, disregard this result and consider the EVENT skipped." An escaped survivor is no longer in
    the CITY."""
    from deadboard.games.district_z.item_pile import unique_in_city
    from deadboard.games.district_z.state import ESCAPED

    for copies in (False, True):
        st = new_game(players=2, options={"play-on": True, "item-copies": copies})
        katana = item(st, "katana")
        turn_of(st, 0, "c2")
        st.players[1].items = [katana]
        st.players[1].status = ESCAPED
        st.players[1].pos = -1
        assert not unique_in_city(st, katana)
        put(st, "d2", "museum")
        script(st, 2)  # the Museum's 2: the katana
        GAME.apply(st, "move east")
        log = texts(st)
        assert not any("UNIQUE and already in the city" in t for t in log)
        if copies:
            assert st.decision is not None and st.decision.kind == "equip" and st.steps[-1].item == katana  # type: ignore[attr-defined]
        else:  # its one card left the city with the survivor: nothing is found, the event is complete
            assert "The Katana's card is not in the ITEM card pile: DANA finds nothing" in log
            assert st.v_done


def test_items_are_cards_one_of_each_found_only_from_the_item_card_pile() -> None:
    """§Components: "26 ITEM cards"; §ITEM cards: "To equip an ITEM, find its card in the ITEM card
    pile". A second survivor cannot find the pistol another one carries; with the option item-copies
    (items are kinds) it can."""
    st = new_game(players=2)
    assert C.n_items == 26
    turn_of(st, 1, "a3", items=["pistol"])
    turn_of(st, 0, "c2")
    put(st, "d2", "police-station")
    script(st, 2)  # the Police Station's 2: a pistol
    GAME.apply(st, "move east")
    assert "The Pistol's card is not in the ITEM card pile: DANA finds nothing" in texts(st)
    assert item(st, "pistol") not in st.players[0].items
    st = new_game(players=2, options={"item-copies": True})
    turn_of(st, 1, "a3", items=["pistol"])
    turn_of(st, 0, "c2")
    put(st, "d2", "police-station")
    script(st, 2)
    GAME.apply(st, "move east")
    GAME.apply(st, "equip pistol")
    assert item(st, "pistol") in st.players[0].items and item(st, "pistol") in st.players[1].items


def test_a_random_item_is_drawn_from_the_cards_left_in_the_pile() -> None:
    """§Attribute Check Example: "you now get to equip one random NON-UNIQUE ITEM" — a random card of
    the ITEM card pile: a card carried or dropped is not there to be drawn."""
    from deadboard.games.district_z.item_pile import draw_item as _draw_item

    st = new_game()
    pool = list(C.pools["non-unique"])
    keep = pool[0]
    turn_of(st, 0, "c2", items=[C.items[i].id for i in pool[1:5]])
    st.dropped[st.lay.index["g1"]] = tuple(pool[5:])
    for _ in range(5):
        assert _draw_item(st, "non-unique") == keep
    st.dropped[st.lay.index["g1"]] = (*st.dropped[st.lay.index["g1"]], keep)
    assert _draw_item(st, "non-unique") == -1
