"""Crafting and what it builds (rulebook §Task #2 – CRAFT, §Fortification Tokens (Basic), §Placing
Crafted Upgrade Tokens, §Craftable Explosives, §The Bunker Tunnels, §Task #4 - REST, pathing rules 9
and 10, §Points Of Interest: Refuel), each test quoting the sentence it enforces."""

from __future__ import annotations

from deadboard.core import Setup, get_game
from deadboard.core.dice import DicePool
from deadboard.core.kernel import advance
from deadboard.core.rng import ScriptedRng
from deadboard.games.zpocalypse_2.actions import Make, Tunnel
from deadboard.games.zpocalypse_2.combat import explode
from deadboard.games.zpocalypse_2.crafting import CraftTurn, PlaceStructure, structure_spaces
from deadboard.games.zpocalypse_2.day import DoTasks
from deadboard.games.zpocalypse_2.horde import HordeMoves, next_step
from deadboard.games.zpocalypse_2.night import BeginTurn, Turn
from deadboard.games.zpocalypse_2.state import ZD6, Zombie, ZState
from deadboard.games.zpocalypse_2.structures import StructuresAttacked

GAME = get_game("zpocalypse-2")


def game(players: int = 1, seed: int = 1) -> ZState:
    state = GAME.new(Setup("prologue", players=players), seed)
    assert isinstance(state, ZState)
    return state


def at_turn(state: ZState, space: str, faces: list[int]) -> ZState:
    q = state.squads[0]
    q.space = state.board.by_name[space]
    state.zombies, state.mutates = [], []
    state.pool = DicePool.of(ZD6, faces)
    state.turn_moved = 0
    state.steps[-1] = Turn(0)
    state.legal = list(Turn(0).actions(state))
    return state


def crafting(state: ZState, faces: tuple[int, ...]) -> tuple[CraftTurn, str]:
    q = state.squads[0]
    leader = q.people[0]
    return CraftTurn((leader.card,), 0, faces, 0, 0), leader.card


def test_the_crafting_leader_uses_no_more_dice_than_their_mechanics_skill() -> None:
    """ "The leader has first choice of the dice, but can only use as many dice from the action pool
    as their survivor has mechanic skill.\""""
    state = game()
    step, _ = crafting(state, (3, 2, 1))
    p = state.squads[0].people[0]
    state.squads[0].items.extend(["scrap", "gasoline"])
    p.stats["mechanics"] = 1
    makes = [a for a in step.actions(state) if isinstance(a, Make)]
    assert makes and all(len(a.dice) <= 1 for a in makes)
    assert not any(a.card == "junk-wall" for a in makes)  # 5 AP from one die of at most 3
    p.stats["mechanics"] = 2
    assert any(a.card == "junk-wall" and a.dice == (3, 2) for a in step.actions(state) if isinstance(a, Make))


def test_a_crafting_card_costs_ap_and_resources_and_gives_its_vp() -> None:
    """ "Cost: Cost to build. Includes both AP and resources." "Victory Point: Reward for crafting.\""""
    state = game()
    q = state.squads[0]
    q.items, q.stash, state.public = ["scrap"], [], []
    q.people[0].stats["mechanics"] = 3
    step, _ = crafting(state, (4, 3, 1))
    vp = q.vp
    nxt = step.apply(state, Make("cot", (4,)))
    assert "scrap" not in q.items and q.vp == vp + 1 and state.upgrades == ["cot"]
    assert isinstance(nxt[0], PlaceStructure) and isinstance(nxt[-1], CraftTurn)
    assert nxt[-1].faces == (3, 1)
    # no scrap left: nothing needing scrap can be crafted again
    assert not [a for a in nxt[-1].actions(state) if isinstance(a, Make) and a.card == "junk-wall"]


def test_fortification_tokens_go_on_spaces_without_a_symbol() -> None:
    """ "They must be located on valid squares that do not contain a symbol.\""""
    state = game()
    b = state.board
    spaces = structure_spaces(state, "open")
    assert spaces and all(i in b.symbol_free for i in spaces)
    assert b.stairs not in spaces and not any(i in b.search for i in spaces)


def test_bed_rest_heals_three_removes_a_bio_token_and_adds_no_doom() -> None:
    """ "Bed Rest: Survivors that rest in a bed regain 3 HP, remove 1 Bio token if they have it, and
    do not increase the Doom Track.\""""
    state = game()
    state.upgrades = ["cot"]
    p = state.squads[0].people[0]
    p.hp, p.bio = 1, 2
    doom = state.doom.value
    DoTasks(((p.card, "bed"),)).run(state)
    assert p.hp == 4 and p.bio == 1 and state.doom.value == doom


def test_bed_rest_needs_a_free_bed() -> None:
    """Bed rest needs a crafted bed: "Survivors that rest in a bed"."""
    state = game()
    while state.decision is not None and state.decision.kind != "assign":
        GAME.apply(state, GAME.legal_actions(state)[-1])
    assert state.decision is not None
    assert not any(a.text.endswith(" bed") for a in GAME.legal_actions(state))


def test_zombies_take_the_open_path_around_a_fortification() -> None:
    """ "If zombies have LOS on an unobstructed path towards their target (no fortifications or
    impassable spaces in their way), they will always take the open path.\""""
    state = game()
    b = state.board
    here, goal = b.by_name["a12"], b.by_name["e12"]
    state.structures = {b.by_name["b12"]: "junk-wall"}
    state.structures_changed()
    nxt, fort = next_step(state, here, goal, set())
    assert fort is None and nxt is not None and nxt != b.by_name["b12"]


def test_zombies_stop_and_attack_a_fortification_blocking_their_only_path() -> None:
    """ "If the only path within a zombie's LOS is blocked by a fortification, they will move towards
    and then stop and attack that fortification until it is either destroyed ...\" When attacking a
    crafted fortification or upgrade, zombies roll 2d6. If they roll an 8 or higher, the fortification
    is destroyed."""
    state = game()
    b = state.board
    goal = b.by_name["2h4"]  # beside the public stash, upstairs
    # wall in the stairs: every ground neighbour of the stairs gets a token
    around = [j for j in b.neighbours[b.stairs] if 1 in b.floors(j)]
    state.structures = {j: "junk-wall" for j in around}
    state.structures_changed()
    z = next(j for j in b.neighbours[around[0]] if j not in around and j != b.stairs and 1 in b.floors(j))
    nxt, fort = next_step(state, z, goal, set())
    assert nxt is None and fort in around
    state.zombies = [Zombie(z, True)]
    state.squads[0].space = -1
    HordeMoves().run(state)
    assert state.zombies[0].space == z and state.siege
    state.rng = ScriptedRng(dice={"zd6": [3, 4]})
    StructuresAttacked().run(state)
    assert fort in state.structures  # 7: it holds
    state.siege = {fort: 1}
    state.rng = ScriptedRng(dice={"zd6": [4, 4]})
    StructuresAttacked().run(state)
    assert fort not in state.structures and fort not in state.forts


def test_a_molotov_hits_every_zombie_and_squad_within_range_2_in_sight() -> None:
    """ "The explosion does 1 damage to all zombies and squads within range 2 (and within LOS) of the
    targeted location.\""""
    state = game()
    b = state.board
    q = state.squads[0]
    q.space = b.by_name["k3"]
    target = b.by_name["g1"]
    state.zombies = [
        Zombie(b.by_name["g1"], True),
        Zombie(b.by_name["h2"], False),
        Zombie(b.by_name["k1"], False),
    ]
    steps = explode(state, target, 1, 2, 0, "Molotov Cocktail")
    assert [(b.name(z.space), z.fresh) for z in state.zombies] == [("g1", False), ("k1", False)]
    assert steps == []  # k3 is 4 spaces away: the squad is not hit
    q.space = b.by_name["h1"]
    assert len(explode(state, target, 1, 2, 0, "Molotov Cocktail")) == 1


def test_a_bomb_goes_off_when_a_squad_moves_onto_it() -> None:
    """ "When a zombie or survivor moves onto the same space as the bomb token, it explodes and deals
    2 damage to all zombies and squads within range 1 and within LOS. Then discard the token.\""""
    state = at_turn(game(), "e6", [2])
    b = state.board
    state.bombs = {b.by_name["f6"]: 0}
    state.zombies = [Zombie(b.by_name["g6"], True)]
    state.legal = list(Turn(0).actions(state))
    GAME.apply(state, "move 2 f6")
    assert not state.bombs and state.zombies == []
    assert state.decision is not None and state.decision.kind == "damage"


def test_zombies_finish_moving_before_a_bomb_goes_off() -> None:
    """ "Finish moving all zombies before resolving the bomb tokens area of effect.\""""
    state = game()
    b = state.board
    q = state.squads[0]
    q.space = b.by_name["h1"]
    state.bombs = {b.by_name["h3"]: 0}
    state.zombies = [Zombie(b.by_name["h4"], False), Zombie(b.by_name["h5"], False)]
    after = HordeMoves().run(state)
    # both walk over h3 to h2 beside the squad; then the bomb hits them both, not the squad at h1
    assert not state.bombs and state.zombies == [] and not after


def test_tunnels_cost_one_ap_a_survivor_and_end_the_turn() -> None:
    """ "Entering the tunnels costs 1 AP per survivor in your squad. You may combine any number of
    dice to meet this cost. Once you have entered a tunnel, your turn is immediately over ... At the
    beginning of the following turn, before you roll to create your action pool, you may choose any
    tunnel entrance for your squad to emerge from (at no AP cost).\""""
    state = game()
    b = state.board
    inside, yard = b.by_name["c5"], b.by_name["m12"]
    state.structures = {inside: "bunker-tunnel", yard: "bunker-tunnel"}
    state.upgrades = ["bunker-tunnel"]
    state.structures_changed()
    at_turn(state, "c5", [1, 1, 1, 2])
    n = len(state.squads[0].people)
    tunnels = [a for a in GAME.legal_actions(state) if isinstance(a, Tunnel)]
    assert tunnels and all(sum(a.dice) >= n for a in tunnels)
    GAME.apply(state, tunnels[0])
    q = state.squads[0]
    assert q.underground and q.space == -1
    state.steps = [BeginTurn(0)]
    advance(state)
    assert sorted(a.text for a in GAME.legal_actions(state)) == ["emerge c5", "emerge m12"]
    GAME.apply(state, "emerge m12")
    assert q.space == yard and not q.underground and state.decision is not None
    assert state.decision.kind == "turn"


def test_refuel_costs_four_ap_on_a_refuel_space() -> None:
    """ "Refuel: Spend 4 AP to reload a gas powered weapon.\""""
    state = game()
    p = state.squads[0].people[0]
    p.weapon, p.loaded = "chainsaw", False
    state.squads[0].items.append("ammo-box")
    at_turn(state, "a12", [4, 1])
    legal = [a.text for a in GAME.legal_actions(state)]
    assert f"refuel {p.card} 4" in legal and f"reload {p.card}" not in legal
    GAME.apply(state, f"refuel {p.card} 4")
    assert p.loaded
    at_turn(state, "b12", [4, 1])
    p.loaded = False
    assert not [a for a in GAME.legal_actions(state) if a.kind == "refuel"]
