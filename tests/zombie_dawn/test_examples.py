"""The rulebook's worked examples, with scripted dice (rulebook §Combat Example 1, §Combat Example 2,
§Life or Death)."""

from __future__ import annotations

from deadboard.games.zombie_dawn.state import DawnState
from tests.zombie_dawn.helpers import (
    GAME,
    ScriptedRng,
    damage_top,
    deck_top,
    fresh,
    item,
    location,
    quiet_season,
    refresh,
    set_group,
    texts,
)


def test_combat_example_1_the_gangster_shoots_a_trio_then_fights_in_melee() -> None:
    s = fresh(players=2, seed=3)
    quiet_season(s)
    c = s.c
    gangster = c.char_index["gangster"]
    # the Gangster with a Pistol and Medicine, 4 action cards, on a location revealing one item
    sq = location(s, "green", 1)
    set_group(s, 0, {"gangster": ["pistol-1", "medicine-1"]}, hand=["shambler"] * 4, sq=sq)
    set_group(s, 1, {"kid": []}, hand=["trio"])
    s.green.cards.append(item(s, "gasoline-1"))
    deck_top(s, ["in-pairs", "sprint"])  # the pistol's Noise 2: one card is a pair of zombies
    damage_top(s, ["infection-1"])
    s.rng = ScriptedRng([2, 5, 6,  # the pistol, ranged: 2 hits
                         3, 5, 2, 3, 6,  # melee: Gangster 3 and 5, zombies 2, 3 and 6
                         5, 5, 2, 4])  # melee again: 5 and 5 against 2 and 4
    refresh(s)

    GAME.apply(s, "search shambler")
    g = s.groups[0]
    assert [c.item_recs[it].name for it in g.found] == ["Gasoline"]
    assert len(g.hand) == 3

    # another player plays a Trio against him
    assert s.decision is not None and s.decision.kind == "respond" and s.decision.seat == 1
    assert texts(s)[0] == "pass"
    GAME.apply(s, "play trio red")
    cb = s.combat
    assert cb is not None and cb.dice == 3
    assert s.decision.kind == "combat" and s.decision.seat == 0

    # the Pistol is a ranged weapon: the zombies cannot attack yet
    GAME.apply(s, "shoot")
    assert cb.dice == 3  # 3 - 2 hits + the pair of zombies revealed by the pistol's Noise
    assert [c.action_recs[z].id for z in cb.zombies] == ["trio", "in-pairs"]
    assert cb.melee and "shoot" not in texts(s)  # the pistol is turned: melee now
    assert s.is_turned(c.item_index["pistol-1"])

    GAME.apply(s, "fight")
    assert cb.dice == 2
    assert [c.damage_names[d] for d in s.char_damage[gangster]] == ["infection-1"]

    # he discards the Medicine to remove the damage
    GAME.apply(s, "use medicine-1 gangster")
    assert s.char_damage[gangster] == ()
    GAME.apply(s, "fight")

    # all the zombie dice are removed: the zombies are his trophies, and he goes on searching
    assert s.combat is None
    assert sorted(c.action_recs[z].id for z in g.trophies) == ["in-pairs", "trio"]
    assert g.searching and s.decision.kind == "turn" and s.decision.seat == 0
    assert "search shambler" in texts(s) and "stop" in texts(s)


def test_combat_example_2_clear_the_central_hospital() -> None:
    s = fresh(players=2, seed=4)
    quiet_season(s)
    c = s.c
    b = s.board
    assert b is not None
    hospital = next(sq for sq in b.locations if b.site[sq] == "hospital")
    set_group(s, 0, {"gangster": ["rifle-1"], "kid": ["pistol-1", "ammunition-1"]}, hand=[], sq=hospital)
    set_group(s, 1, {"farmer": []}, hand=[])
    m = c.mission_index["clear-hospital"]
    if m in s.missions.cards:
        s.missions.cards.remove(m)
    s.groups[0].missions = [m]
    gangster, kid = c.char_index["gangster"], c.char_index["kid"]
    # 2 cards per Pj for the mission, then 4 for the Noise of the Pistol and the Rifle
    deck_top(s, ["stealthy", "sprint", "ford", "stash", "in-pairs", "sprint", "breakdown", "exhausted"])
    damage_top(s, ["cut-1", "sprain-1"])
    s.rng = ScriptedRng([2, 4, 6,  # the Stealthy's Initial Attack
                         2, 3, 3, 5, 5, 6, 6, 6,  # the group: 1D6 + 3D6 Pistol + 4D6 Rifle
                         1, 2, 3, 5, 6,  # the zombies: 5D6
                         1, 1, 3, 5, 6,  # the group: 1D6 + 1D6 Gangster + 3D6 Pistol
                         3, 4])  # the zombies: 2D6
    refresh(s)

    GAME.apply(s, "clear clear-hospital")
    cb = s.combat
    assert cb is not None
    # the Initial Attack hit once: the player puts the damage on the Gangster
    assert s.decision is not None and s.decision.kind == "damage"
    GAME.apply(s, "wound gangster")
    assert cb.dice == 5 and cb.melee  # 4 mission dice + 1D6 of the Stealthy; no ranged attacks now
    assert "shoot" not in texts(s)

    GAME.apply(s, "fight")
    assert s.decision.kind == "damage"
    GAME.apply(s, "wound kid")
    # 5 hits removed every zombie die, but the Noise of both weapons brings a pair of zombies
    assert cb.dice == 2
    assert [c.action_recs[z].id for z in cb.zombies] == ["stealthy", "in-pairs"]
    assert len(s.char_damage[gangster]) == 1 and len(s.char_damage[kid]) == 1

    GAME.apply(s, "use ammunition-1 pistol-1")
    assert not s.is_turned(c.item_index["pistol-1"]) and s.is_turned(c.item_index["rifle-1"])
    GAME.apply(s, "fight")  # the Pistol's Noise is not applied again

    assert s.combat is None
    g = s.groups[0]
    assert m in g.done
    assert sorted(c.action_recs[z].id for z in g.trophies) == ["in-pairs", "stealthy"]
    assert not s.actions.cards or c.action_recs[s.actions.cards[-1]].id != "in-pairs"


def _hurt_farmer(seed: int) -> tuple[DawnState, int]:
    s = fresh(players=2, seed=seed)
    quiet_season(s)
    set_group(s, 0, {"gangster": []}, hand=["does-it-hurt"])
    set_group(s, 1, {"farmer": [], "kid": []}, hand=[])
    farmer = s.c.char_index["farmer"]
    s.char_damage[farmer] = tuple(s.c.damage_index[n] for n in ("hunger-1", "cut-1", "fracture-1"))
    for d in s.char_damage[farmer]:
        s.damage.cards.remove(d)
    refresh(s)
    return s, farmer


def test_life_or_death_example_a_3_or_less_with_a_fracture_kills() -> None:
    s, farmer = _hurt_farmer(5)
    s.rng = ScriptedRng([3])
    GAME.apply(s, "play does-it-hurt farmer")
    assert farmer in s.groups[1].dead


def test_life_or_death_example_a_4_survives_the_fracture() -> None:
    s, farmer = _hurt_farmer(5)
    s.rng = ScriptedRng([4])
    GAME.apply(s, "play does-it-hurt farmer")
    assert farmer in s.groups[1].chars
    assert len(s.char_damage[farmer]) == 3
