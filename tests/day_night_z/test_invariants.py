"""Seeded adventures with every bot and player count, checked after every step against the rulebook."""

from __future__ import annotations

from itertools import pairwise

import pytest

from deadboard.core import Setup, get_game
from deadboard.core.rng import Rng
from deadboard.games.day_night_z.board import INDEX
from deadboard.games.day_night_z.bot import HeuristicBot
from deadboard.games.day_night_z.concepts import threat_top
from deadboard.games.day_night_z.inventory import load, overloaded
from deadboard.games.day_night_z.state import DNZState

GAME = get_game("day-night-z")


def _check(state: DNZState) -> None:
    # "SUBZONE: A 5x5 cm square of a tile. May contain a maximum of 4 miniatures."
    for tid in state.tiles:
        assert max(state.counts(tid)) <= 4
    # "Enemies can only be placed in tiles."
    assert all(e.tile in state.tiles for e in state.enemies)
    # survival points: "limited to a maximum of 15"
    assert all(0 <= s.sp <= 15 for s in state.survivors)
    assert all(0 <= s.stress <= 9 for s in state.survivors)
    # "When the survivor's health control marker reaches the skull icon, he is eliminated"
    assert all(s.health > 0 for s in state.living())
    assert all(s.tile in state.tiles or (not s.tile and s.zone) for s in state.living())
    assert 0 <= state.threat <= threat_top(state)
    # the Hunter "only appears in city zones, by night"
    for e in state.enemies:
        if e.kind == "hunter":
            assert not state.tiles[e.tile].slot
    making_room = state.decision is not None and state.decision.kind in ("reorganize", "make-room")
    for s in state.living():
        # "Cards equipped in hands (main hand, off hand, both hands); Cards equipped in body"
        cards = list(s.items)
        for c in (s.weapon, s.off, *s.worn.values()):
            if c:
                assert c in cards, f"{s.id} holds or wears {c} he does not carry"
                cards.remove(c)
        if s.weapon and state.content.search[s.weapon].hands == 2:
            assert not s.off, "a two-handed card takes both hands"
        assert all(state.content.search[c].hands for c in (s.weapon, s.off) if c)
        assert all(state.content.search[c].body == body for body, c in s.worn.items())
        # the backpack's room ("Space required if stored in backpack") is never exceeded but while
        # the survivor is making room
        if not (making_room and state.decision is not None and state.decision.seat == s.seat):
            assert not overloaded(state, s), f"{s.id}'s backpack holds {load(state, s)}"


def _spot(name: str) -> tuple[str, int]:
    tile, _, cell = name.partition("-")
    return tile, INDEX[cell]


def _next_to(state: DNZState, a: str, b: str) -> bool:
    """Two subzones a figure steps between: neighbours on one tile, or linked across two."""
    (ta, ca), (tb, cb) = _spot(a), _spot(b)
    if ta == tb:
        return max(abs(ca % 4 - cb % 4), abs(ca // 4 - cb // 4)) == 1
    tile = state.tiles.get(ta)
    return tile is None or tile.links.get(ca) == (tb, cb) or tb not in state.tiles


class Audit:
    """Reads the trace events (docs/api.md, "Trace events") as they come and checks the enemy's
    activation and the survivors' moves against the rulebook."""

    def __init__(self) -> None:
        self.seen = 0
        self.moves: dict[str, int] = {}  # steps taken by each enemy in this Threat phase

    def check(self, state: DNZState) -> None:
        log = state.log
        for event in log[self.seen :]:
            kind, _, data = event
            if kind == "threat-card":
                self.moves = {}
            if kind != "trace" or not data:
                continue
            if data["trace"] == "enemy":
                self.enemy(state, data)
            else:
                self.survivor(state, data)
        self.seen = len(log)

    def enemy(self, state: DNZState, d: dict[str, object]) -> None:
        path, route = d["path"], d["route"]
        assert isinstance(path, list) and isinstance(route, list)
        # one subzone per action at most, into a neighbouring (or linked) subzone
        assert len(path) <= 2, d
        if len(path) == 2:
            assert _next_to(state, path[0], path[1]), d
            # the step taken is the first of a shortest way to the subzone it went for
            assert route[:2] == path and route[-1] == d["goal"], d
            assert all(_next_to(state, a, b) for a, b in pairwise(route)), d
        enemy = str(d["enemy"])
        if d["rule"] == "rallied":
            return  # moved by another's ability, not one of its own actions
        # "For each action, the enemy will follow the AI described in the Threat card in decreasing
        # order until any of the described conditions is met": each action names the line met
        action, actions = d["action"], d["actions"]
        assert isinstance(action, int) and isinstance(actions, int) and 1 <= action <= actions, d
        card = state.content.threat_cards[str(d["card"])]
        line = d["line"]
        assert isinstance(line, int)
        assert (line == -1 and not d["rule"]) or card.ai[line] == d["rule"], d
        # never more subzones than its actions in one activation
        self.moves[enemy] = self.moves.get(enemy, 0) + len(path) - 1
        assert self.moves[enemy] <= actions, d
        # a move line is met only when the enemy moves ("A condition that cannot be carried out")
        if str(d["rule"]).startswith("move-"):
            assert len(path) == 2, d
        # ADVANCE: "the enemy attacks and moves towards the subzone in which the survivor is placed"
        # — the survivor it attacked, no other
        if d["rule"] == "attack-advance" and len(path) == 2:
            assert path[1] == d["goal"], d
        # "While hidden among corpses, the zombie AI won't take him into account"
        if d["target"] is not None and d["rule"] != "ability":
            assert not state.survivor(str(d["target"])).hidden, d

    def survivor(self, state: DNZState, d: dict[str, object]) -> None:
        route, ap = d["route"], d["ap"]
        assert isinstance(route, list) and isinstance(ap, int)
        if d["moved"]:
            assert ap >= 1 or str(d["action"]).startswith("jump"), d
        if str(d["action"]).startswith("move") and "-" in str(d["from"]) and "-" in str(d["to"]):
            # "The survivor can move towards any adjacent subzone, including diagonals": one
            # subzone for 1 AP (2 into flooded or hollow terrain, or 1 and a stress point)
            assert len(route) == 2 and _next_to(state, str(route[0]), str(route[1])), d
            assert 1 <= ap <= 2, d


CASES = [
    ("first-steps", 1, "random", 1),
    ("first-steps", 2, "heuristic", 2),
    ("supply-run", 3, "random", 3),
    ("night-watch", 4, "heuristic", 4),
    ("night-watch", 2, "random", 5),
]


@pytest.mark.parametrize(("scenario", "players", "bot", "seed"), CASES)
def test_invariants_hold_after_every_step(scenario: str, players: int, bot: str, seed: int) -> None:
    state = GAME.new(Setup(scenario, players=players), seed)
    assert isinstance(state, DNZState)
    bots = [HeuristicBot(GAME, s, seed) for s in range(players)]
    rng = Rng(seed)
    audit = Audit()
    while state.decision is not None:
        _check(state)
        audit.check(state)
        view = GAME.view(state, state.decision.seat)
        assert GAME.snapshot(view)["rng"] is None, "no view reveals the seed"
        legal = GAME.legal_actions(state)
        if bot == "random":
            action = legal[rng.below(len(legal))]
        else:
            action = bots[state.decision.seat].choose(GAME, view, GAME.legal_actions(view))
        GAME.apply(state, action)
    _check(state)
    audit.check(state)
    assert GAME.outcome(state) is not None
    assert any(e.kind == "trace" for e in state.log)


def test_a_survivors_clone_copies_every_field() -> None:
    """Survivor.clone writes its fields out one by one: a field added to the survivor and left out
    of the clone would be lost by every search."""
    from deadboard.games.day_night_z.state import Survivor

    s = Survivor("swift", "Kevin Swift", 0)
    # compiled by mypyc (docs/building.md), the class lists its attributes in __mypyc_attrs__
    fields = Survivor.__dict__.get("__slots__") or Survivor.__dict__["__mypyc_attrs__"]
    for i, name in enumerate(fields):
        if name not in ("items", "worn"):
            # a value of the field's own type, distinct for each field (compiled, the types are checked)
            now = getattr(s, name)
            value = ((f"v{i}",) if isinstance(now, tuple) else not now if isinstance(now, bool)
                     else 1000 + i if isinstance(now, int) else f"v{i}")
            setattr(s, name, value)
    s.items, s.worn = ["knife"], {"head": "helmet"}
    copy = s.clone()
    assert all(getattr(copy, name) == getattr(s, name) for name in fields)
    assert copy.items is not s.items and copy.worn is not s.worn


def test_the_crowded_subzones_ignore_too_few_figures_only() -> None:
    """With fewer than 4 figures in play no subzone can hold 4 miniatures; with 4 in one subzone it
    is crowded (the short cut changes nothing)."""
    state = GAME.new(Setup("first-steps", players=4), 3)
    tile = next(iter(state.tiles), None)
    if tile is None:
        from deadboard.games.day_night_z.spawn import deploy

        tile = deploy(state, next(k for k, v in state.content.tiles.items() if v.kind == "city"), "s1").id
    for s in state.survivors:
        s.tile, s.cell = tile, 5
    assert state.crowded(tile) == {5}
    state.survivors[0].tile = ""
    assert state.crowded(tile) == set()
