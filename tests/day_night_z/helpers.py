"""Positions for the rulebook's examples: a fresh adventure with tiles deployed and figures placed
by hand, and the die scripted."""

from __future__ import annotations

from deadboard.core import Setup, get_game
from deadboard.core.rng import ScriptedRng
from deadboard.games.day_night_z.board import INDEX
from deadboard.games.day_night_z.spawn import deploy
from deadboard.games.day_night_z.state import DNZState, Enemy, Survivor, TileInPlay

GAME = get_game("day-night-z")


def fresh(players: int = 1, scenario: str = "first-steps", seed: int = 1) -> DNZState:
    state = GAME.new(Setup(scenario, players=players), seed)
    assert isinstance(state, DNZState)
    return state


def script(state: DNZState, *faces: str) -> None:
    state.rng = ScriptedRng(dice={"dnz": list(faces)}, strict=True)


def tile(state: DNZState, side: str = "08a", zone: str = "s1") -> TileInPlay:
    return deploy(state, side, zone)


def put(state: DNZState, s: Survivor, t: TileInPlay, cell: str) -> None:
    s.tile, s.cell, s.zone = t.id, INDEX[cell], t.zone


def enemy(state: DNZState, kind: str, t: TileInPlay, cell: str) -> Enemy:
    eid = state.enemy_id(kind)
    assert eid is not None
    e = Enemy(eid, kind, t.id, INDEX[cell])
    state.enemies.append(e)
    return e


def act(state: DNZState, text: str) -> None:
    """Apply an action after the position was changed by hand (the decision is read again)."""
    from deadboard.core.kernel import refresh

    refresh(state)
    GAME.apply(state, text)


def legal(state: DNZState) -> list[str]:
    from deadboard.core.kernel import refresh

    refresh(state)
    return [a.text for a in GAME.legal_actions(state)]


def on_top(state: DNZState, deck: str, *cards: str) -> None:
    """Put ``cards`` on top of a deck, the first drawn first."""
    for c in reversed(cards):
        state.decks[deck].append(c)


def run(state: DNZState, steps: object) -> list[object]:
    """Run the automatic steps a rule returned, depth first; return the decisions left (none when
    nothing waits for a player)."""
    from deadboard.core.kernel import Auto

    waiting: list[object] = []
    todo = list(steps)  # type: ignore[call-overload]
    while todo:
        step = todo.pop(0)
        if isinstance(step, Auto):
            todo[0:0] = list(step.run(state))
        else:
            waiting.append(step)
    return waiting
