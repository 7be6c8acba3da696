"""The Night: the game on the step kernel, its snapshot and its outcome (rulebook §Dawn Breaks -
Victory Level, and each scenario's victory).

The rules live in one module per rulebook section: :mod:`.setup`, :mod:`.turn` (the turn sequence,
Zombie Arrival, Dead Human Reanimation, the end of a turn and of the game), :mod:`.ai` (the
automated zombies), :mod:`.humans` (the Live Human Action Phase, Dodge), :mod:`.combat`,
:mod:`.events` (the Random Event Phase), :mod:`.zombie_player`, over :mod:`.flow` and :mod:`.actions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from deadboard.core.action import Action
from deadboard.core.game import Outcome, Result, Setup, State
from deadboard.core.kernel import KernelGame
from deadboard.core.rng import Rng
from deadboard.games.the_night import setup as su
from deadboard.games.the_night.board import (
    goal_keys_held,
    zombie_name,
)
from deadboard.games.the_night.config import OPTIONS, SCENARIOS, build_config
from deadboard.games.the_night.content import load_content
from deadboard.games.the_night.humans import seat_names
from deadboard.games.the_night.state import (
    BOARDED,
    BROKEN,
    CARRIED,
    DEAD,
    ESCAPED,
    LIVE,
    LOCKED,
    NOT_IN_GAME,
    ON_OPENING,
    SET_ASIDE,
    STATUS_NAMES,
    ZOMBIE,
    NightState,
)
from deadboard.games.the_night.turn import advance, night, sudden_end

# ==================================================================================================
# the game
# ==================================================================================================
#: the victory points of an Excellent night (rulebook §Dawn Breaks - Victory Level), where the value
#: of a night to search stops growing
EXCELLENT = 70.0


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassed by uncompiled games and tests
class TheNight(KernelGame[NightState]):
    id = "the-night"
    name = "The Night"
    version = "4"
    min_players = 1
    max_players = 8
    scenarios = SCENARIOS
    options = OPTIONS

    def normalize_setup(self, setup: Setup) -> Setup:
        setup = super().normalize_setup(setup)
        content = load_content(setup.content)
        build_config(setup, content)  # raises SetupError on a bad combination
        return setup

    def seats(self, setup: Setup) -> int:
        return setup.players

    def players_for_options(self, option_ids: list[str]) -> int:
        """Seats implied by the options when --players is not given."""
        n = 1
        if "hidden-hero" in option_ids:
            n = 2
        if "zombie-player" in option_ids:
            n += 1
        return n

    def test_setups(self) -> list[Setup]:
        story = {"title": "Conformance", "turns": 6, "stats": {"Ben": {"items": ["chainsaw"]}},
                 "entries": [1, 2], "victory": {"collect": ["keys"], "exit": 3}}
        every_rule = {o: True for o in ("free-placement", "dark-yard", "dark-yard-frozen", "dark-yard-indoors",
                                         "better-shooting", "combat-assistance", "unreliable-weapons",
                                         "random-events", "dodge", "character-attributes", "authored-results")}
        return [
            Setup("standard"),
            Setup("quick-game", {"survival-points": True, "start-zombies": 3}),
            Setup("take-the-house", {"zombies": 12, "guns": 1}),
            Setup("the-coopers", {"ben-and-barbara": True, "karen-lingers": True}),
            Setup("no-chance"),
            Setup("make-your-own-story", {"story": story}),
            Setup("standard", every_rule),
            Setup("standard", {"item-draw": "points", "item-placement": "2d6"}),
            Setup("standard", {"zombie-player": True, "random-events": True}, players=2),
            Setup("the-coopers", {"hidden-hero": True, "zombie-player": True}, players=3),
        ]

    def seat_names(self, setup: Setup) -> list[str]:
        return seat_names(setup)

    def create(self, setup: Setup, seed: int) -> NightState:
        content = load_content(setup.content)
        cfg = build_config(setup, content)
        state = NightState(content, cfg, setup, seed)
        state.init_kernel(*su.initial_steps(state), night())
        title = {s.id: s.name for s in SCENARIOS}[cfg.scenario]
        state.emit("setup", f"The Night — {title}" + (f": {cfg.story_title}" if cfg.story_title else ""), {"scenario": cfg.scenario})
        return state

    def interrupt(self, state: NightState) -> bool:
        return sudden_end(state)

    # ----- results -------------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        ns: NightState = state  # type: ignore[assignment]
        if not ns.over:
            return None
        return night_outcome(ns, seat_names(ns.setup))

    def result(self, state: NightState) -> Outcome:
        return night_outcome(state, seat_names(state.setup))

    def victory_levels(self, setup: Setup) -> list[str]:
        """The content's table (rulebook §Dawn Breaks - Victory Level, or a content pack's own)."""
        return [name for _, name in load_content(self.normalize_setup(setup).content).levels]

    def result_value(self, outcome: Outcome, seat: int) -> float:
        """The humans alone (one seat): half for surviving the night (the scenario's victory), half
        for the victory points, up to the 70 of an Excellent night, so that search prefers the
        better of two survivals. With several seats, who won."""
        if len(outcome.per_seat) != 1:
            return super().result_value(outcome, seat)
        won = 1.0 if seat in outcome.winners else 0.0
        return 0.5 * won + 0.5 * min(max(outcome.score, 0.0), EXCELLENT) / EXCELLENT

    def search_candidates(self, view: State, legal: Sequence[Action]) -> list[Action]:
        """Which human to activate next: the choice that decides who acts on whose news, worth
        looking to the end of the night for. The steps of a walk, and whether to fight, are left to
        the bot (played out, fights showed no gain over the heuristic's odds: docs/simulation.md)."""
        d = view.decision
        if d is None or len(legal) < 2 or d.kind != "activate":
            return []
        return list(legal)

    # ----- information ---------------------------------------------------------------------------
    # No decision's legal actions or prompt depend on a secret pick: a view keeps the decision of
    # the state it was made from.
    def redact(self, view: NightState, seat: int) -> None:
        if view.cfg.hidden_hero:
            view.secret = [s if i == seat else -1 for i, s in enumerate(view.secret)]

    def determinize(self, view: NightState, rng: Rng) -> None:
        view.rng = Rng(rng.next64())
        if view.cfg.hidden_hero:
            # every pick the viewer cannot see is redrawn, including one drawn by an earlier
            # determinization: the result depends on what the viewer sees and ``rng`` alone
            seat = view.viewer
            live = [h.idx for h in view.humans if h.status != 0]
            view.secret = [s if i == seat or (seat is None and s >= 0) else live[rng.below(len(live))]
                           for i, s in enumerate(view.secret)]

    # ----- snapshots -----------------------------------------------------------------------------
    stack_key: ClassVar[str] = "pending"

    def stack_json(self, state: NightState) -> list[Any]:
        """The stack in the form of the queue of pending steps The Night had before the kernel
        (front first, each step a list of strings; the turn and its decisions are not in it), so
        the hashes of recorded games stay the same."""
        out = []
        steps: list[Any] = state.steps  # an index loop: mypyc cannot compile reversed() over it
        for i in range(len(steps) - 1, -1, -1):
            old = getattr(steps[i], "old", None)  # the round's phases and steps have none
            form = old() if old is not None else None
            if form is not None:
                out.append(form)
        return out

    def state_json(self, state: NightState) -> dict[str, Any]:
        grid = state.c.grid
        items = state.c.items

        def where(w: int) -> str:
            if w in (NOT_IN_GAME, SET_ASIDE):
                return "not-in-game"
            if w == -2:
                return "removed"
            if w >= ON_OPENING:
                return "on:" + grid.openings[w - ON_OPENING].name
            if w >= CARRIED:
                return "carried:" + state.humans[w - CARRIED].name
            return grid.names[w]

        return {
            "game": self.id,
            "turn": state.turn,
            "turns": state.cfg.turns,
            "phase": state.phase,
            "decision": list(state.decision) if state.decision else None,
            "humans": [h.to_json() | {"square": grid.names[h.sq] if h.sq >= 0 else None} for h in state.humans],
            "heroes": [state.humans[h].name for h in state.heroes],
            "zombies": {zombie_name(state, z): grid.names[sq] for z, sq in sorted(state.zsq.items())},
            "cup": len(state.cup),
            "items": {items[i].id: where(w) for i, w in enumerate(state.item_where)},
            "openings": {o.name: {"boarded": bool(state.op[o.id] & BOARDED), "locked": bool(state.op[o.id] & LOCKED),
                                  "broken": bool(state.op[o.id] & BROKEN)} for o in grid.openings},
            "zombies_removed": state.zombies_removed,
            "kills": list(state.kills),
            "secret": [state.humans[s].name if s >= 0 else None for s in state.secret],
            "bonus_points": state.bonus_points,
            "allowed": state.allowed,
            "activated": [state.humans[h].name for h in state.activated],
            "active": state.humans[state.active].name if state.active >= 0 else None,
            "ap": state.ap,
            "shots": state.shots,
            "wild": state.wild,
            "fought": state.fought,
            "pending": None,  # the stack, in its old form: filled in by TheNight.stack_json
            "zombie_acting": zombie_name(state, state.zact) if state.zact else None,
            "zombie_ap": state.zap_left,
            "reason": state.reason,
            "rng": state.rng.s if state.viewer is None else None,
            "events": len(state.log),
        }


def victory_level(state: NightState, score: int) -> str:
    level = state.c.levels[0][1]
    for lo, name in state.c.levels:
        if score >= lo:
            level = name
    return level


def night_outcome(state: NightState, seat_names: list[str]) -> Outcome:
    cfg = state.cfg
    humans = state.humans
    survivors = [h for h in humans if h.status in (LIVE, ESCAPED)]
    if cfg.dark_yard_indoors:
        zone = state.c.zone_of
        survivors = [h for h in survivors if h.status == ESCAPED or zone[h.sq] in ("house", "outbuilding")]
    details: dict[str, Any] = {
        "survivors": [h.name for h in survivors],
        "dead": [h.name for h in humans if h.status in (DEAD, ZOMBIE, 4)],
        "zombies_removed": state.zombies_removed,
        "heroes": [humans[h].name for h in state.heroes],
    }
    sc = cfg.scenario
    lost = not any(h.status in (LIVE, ESCAPED) for h in humans)
    if sc == "quick-game":
        score = 10 * len(survivors) + 5 * state.zombies_removed + state.bonus_points
    elif sc == "take-the-house":
        cleared = state.reason == "cleared"
        score = (10 * (cfg.turns - state.last_turn_cleared) if cleared else 0) + 10 * len(survivors)
        lost = lost or not cleared
    else:
        score = sum(10 if h.idx in state.heroes else 5 for h in survivors) + state.zombies_removed
        if state.early_end_turn:
            score += 2 * (cfg.turns - state.early_end_turn)
        if sc == "the-coopers":
            others = [h for h in humans if h.status != 0 and h.idx != cfg.karen]
            if others and all(h.status == LIVE for h in others):
                score += 10
                details["coopers_bonus"] = 10
    if cfg.victory_exit is not None or cfg.victory_collect:
        escaped = [h for h in humans if h.status == ESCAPED]
        # the items must leave with the escaping humans; with no exit, be carried by survivors at dawn
        carried = goal_keys_held(state, {h.idx for h in (escaped if cfg.victory_exit is not None else survivors)})
        goal = all(k in carried for k in cfg.victory_collect)
        need = cfg.victory_survivors
        got = len(escaped) if cfg.victory_exit is not None else len(survivors)
        lost = not (goal and got >= need)
        details["story_goal_met"] = not lost
    level = victory_level(state, score)
    winners: tuple[int, ...]
    per_seat: list[dict[str, Any]] = []
    if cfg.zombie_player or cfg.hidden_hero:
        human_seats = list(range(cfg.human_seats))
        if cfg.zombie_player:
            zp = sum(3 if h.idx in state.heroes else 1 for h in survivors)
            details["zombie_player_points"] = zp
            humans_win = zp >= 3
        else:
            humans_win = not lost
        if cfg.hidden_hero:
            alive_idx = {h.idx for h in survivors}
            ok = [s for s in human_seats if state.secret[s] in alive_idx]
            if len(ok) > 1:
                best = max(state.kills[s] for s in ok)
                ok = [s for s in ok if state.kills[s] == best]
            side_winners = tuple(ok)
        else:
            side_winners = tuple(human_seats)
        winners = side_winners if humans_win else ((cfg.zombie_seat,) if cfg.zombie_player else ())
        for s in human_seats:
            per_seat.append({"seat": seat_names[s], "kills": state.kills[s],
                             "secret": humans[state.secret[s]].name if cfg.hidden_hero and state.secret[s] >= 0 else None})
        if cfg.zombie_player:
            per_seat.append({"seat": "Zombies", "humans_killed": len(details["dead"])})
        result = Result.WIN if 0 in winners else Result.LOSS
    else:
        winners = () if lost else (0,)
        result = Result.LOSS if lost else Result.WIN
        per_seat = [{"seat": "Humans", "score": score, "survivors": len(survivors)}]
    return Outcome(
        result=result, winners=winners, score=float(score), level=level, turns=state.turn,
        reason=state.reason, per_seat=tuple(per_seat), details=details,
    )


__all__ = ["STATUS_NAMES", "TheNight", "advance"]

