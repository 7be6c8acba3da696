"""The heuristic player and the bunker tunnels (rulebook §The Bunker Tunnels): "players may travel
between the tunnel entrances underground, without needing to walk across the plagued surface"."""

from __future__ import annotations

from deadboard.core import Setup, get_game
from deadboard.core.dice import DicePool
from deadboard.core.kernel import advance
from deadboard.games.zpocalypse_2.bot import HeuristicBot
from deadboard.games.zpocalypse_2.movement import Emerging
from deadboard.games.zpocalypse_2.night import Turn
from deadboard.games.zpocalypse_2.state import ZD6, Zombie, ZState

GAME = get_game("zpocalypse-2")


def with_tunnels(space: str, faces: list[int]) -> ZState:
    """A solo prologue's first turn, the Bunker Tunnel crafted (entrances c5 in the house and m12 in
    the yard), the squad on ``space`` with the pool ``faces``."""
    state = GAME.new(Setup("prologue", players=1), 1)
    assert isinstance(state, ZState)
    GAME.apply(state, GAME.legal_actions(state)[0].text)
    b = state.board
    state.structures = {b.by_name["c5"]: "bunker-tunnel", b.by_name["m12"]: "bunker-tunnel"}
    state.upgrades = ["bunker-tunnel"]
    state.structures_changed()
    state.zombies, state.mutates = [], []
    state.squads[0].space = b.by_name[space]
    state.pool = DicePool.of(ZD6, faces)
    state.turn_moved = 0
    state.steps[-1] = Turn(0)
    advance(state)
    return state


def choice(state: ZState) -> str:
    view = GAME.view(state, 0)
    return HeuristicBot(GAME, 0, 1).choose(GAME, view, GAME.legal_actions(view)).text


def test_the_heuristic_flees_down_a_tunnel_from_a_horde_closing_in() -> None:
    """A squad on the yard's entrance with eight fresh zombies about to reach it and a quiet entrance
    inside the house goes underground: a squad in the tunnels cannot be attacked."""
    state = with_tunnels("m12", [2, 1, 1, 1])
    b = state.board
    state.zombies = [
        Zombie(b.by_name[s], True) for s in ("k12", "k12", "j12", "j12", "n11", "n11", "n10", "n10")
    ]
    advance(state)
    assert choice(state).startswith("tunnel")


def test_the_heuristic_stays_above_ground_when_nothing_threatens() -> None:
    state = with_tunnels("m12", [2, 1, 1, 1])
    assert not choice(state).startswith("tunnel")


def test_the_heuristic_comes_up_at_the_quiet_entrance() -> None:
    """ "you may choose any tunnel entrance for your squad to emerge from": the one the horde is not
    gathered around."""
    state = with_tunnels("m12", [1])
    b = state.board
    q = state.squads[0]
    q.space, q.underground = -1, True
    state.zombies = [Zombie(b.by_name[s], True) for s in ("c6", "d6", "d5", "e6")]
    state.steps[-1] = Emerging(0)
    advance(state)
    assert choice(state) == "emerge m12"
    state.zombies = [Zombie(b.by_name[s], True) for s in ("l12", "k12", "n11", "n12")]
    advance(state)
    assert choice(state) == "emerge c5"


def test_random_play_may_take_the_tunnels() -> None:
    """The tunnels are legal actions like any other: every bot may take them."""
    state = with_tunnels("c5", [1, 1, 1, 1])
    tunnels = [a.text for a in GAME.legal_actions(state) if a.kind == "tunnel"]
    assert tunnels


def test_the_heuristic_goes_underground_to_reach_a_weapon_in_the_public_stash() -> None:
    """An unarmed survivor, a weapon in the public stash upstairs, the squad on the yard's entrance
    and the house's entrance far nearer the stash: the squad travels "between the tunnel entrances
    underground"."""
    state = with_tunnels("m12", [2, 1, 1, 1])
    q = state.squads[0]
    q.people[0].weapon = None
    state.public = ["fire-axe"]
    b = state.board
    dist = b.distances(b.stash)
    assert dist[b.by_name["m12"]] - dist[b.by_name["c5"]] >= 4
    advance(state)
    assert choice(state).startswith("tunnel")
    # armed, the squad has no reason to go
    q.people[0].weapon = "fire-axe"
    state.public = []
    assert not choice(state).startswith("tunnel")


def test_the_heuristic_takes_a_weapon_from_the_public_stash_for_an_unarmed_survivor() -> None:
    """ "During the Night phase, players may only take items from the public stash if they are
    adjacent to, or on the same space as, the public stash token.\""""
    state = with_tunnels("c5", [1])
    b = state.board
    q = state.squads[0]
    q.space = b.neighbours[b.stash][0]
    q.people[0].weapon = None
    q.items = []
    state.public = ["canned-beans", "fire-axe"]
    state.steps[-1] = Turn(0)
    advance(state)
    assert choice(state) == "take fire-axe"


def test_the_heuristic_never_walks_back_and_forth_for_nothing() -> None:
    """ "Moving your squad costs one AP per space": a squad that moves X -> Y and straight back to X
    (no other action of its own between, in the same turn) has spent two dice to stand where it
    stood. The heuristic's move must score better than staying put, so over seeded games (solo and
    two squads, the prologue and the first chapter) it never does."""
    from deadboard.games.zpocalypse_2.actions import Move
    from deadboard.games.zpocalypse_2.night import Turn

    moves = undone = 0
    for seed in range(24):
        setup = GAME.normalize_setup(Setup("prologue" if seed % 3 else "chapter-1", players=1 + seed % 2))
        state = GAME.new(setup, seed)
        assert isinstance(state, ZState)
        bots = [HeuristicBot(GAME, s, seed) for s in range(setup.players)]
        last: dict[int, tuple[int, int] | None] = {}  # seat -> (from, to) of its last action, a move
        while (d := state.decision) is not None:
            legal = GAME.legal_actions(state)
            a = legal[0] if len(legal) == 1 else bots[d.seat].choose(GAME, GAME.view(state, d.seat), legal)
            turn = isinstance(state.steps[-1], Turn)
            q = state.squads[d.seat]
            before = q.space
            GAME.apply(state, a)
            if not turn:
                continue
            if isinstance(a, Move):
                moves += 1
                prev = last.get(d.seat)
                if prev is not None and prev == (q.space, before):
                    undone += 1
                last[d.seat] = (before, q.space)
            else:
                last[d.seat] = None  # any other action (an attack, the end of the turn) is a reason
    assert moves > 50
    assert undone == 0
