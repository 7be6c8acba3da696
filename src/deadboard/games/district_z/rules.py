"""District-Z: the game on the step kernel, its snapshot and its outcome.

The rules live in one module per rulebook section: :mod:`.setup`, :mod:`.turn`, :mod:`.events` (a
visit to a LOCATION card), :mod:`.items`, :mod:`.combat` (combat with zombies), :mod:`.wounds`
(wounds, death, infection), :mod:`.meeting` (trade and SURVIVOR COMBAT), :mod:`.zombie_survivors`,
with :mod:`.flow` (the end of a turn, of a visit, of the game), :mod:`.ratings` (attribute ratings,
weapon loadouts, the pairing of combat dice), :mod:`.item_pile` (the ITEM card pile) and
:mod:`.actions` beneath them.
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

from deadboard.core.game import Outcome, Result, Setup, State
from deadboard.core.kernel import KernelGame, Step
from deadboard.core.rng import Rng
from deadboard.games.district_z.config import OPTIONS, SCENARIOS, build_config, config_for
from deadboard.games.district_z.content import load_content
from deadboard.games.district_z.flow import has_objective
from deadboard.games.district_z.items import MAX_HANDS
from deadboard.games.district_z.setup import ChooseSurvivor, SwapLocation, TurnOrder, build_city, layout_for
from deadboard.games.district_z.state import (
    DIRS,
    ESCAPED,
    LIVE,
    NO_CARD,
    OBJ,
    STATUS_NAMES,
    ZOMBIE,
    DistrictState,
)
from deadboard.games.district_z.turn import NextTurn
from deadboard.games.district_z.wounds import health


# ==================================================================================================
# the game
# ==================================================================================================
class DistrictZ(KernelGame[DistrictState]):
    id = "district-z"
    name = "District-Z"
    version = "4"
    min_players = 1
    max_players = 4
    scenarios = SCENARIOS
    options = OPTIONS

    def normalize_setup(self, setup: Setup) -> Setup:
        setup = super().normalize_setup(setup)
        build_config(setup, load_content(setup.content))
        return setup

    def test_setups(self) -> list[Setup]:
        return [
            Setup("standard"),
            Setup("standard", {"infection": True}),
            Setup("standard", {"additional-locations": "bigger"}),
            Setup("standard", players=2),
            Setup("standard", {"additional-locations": "replace", "replace-by": "random", "replace-count": 8}, players=3),
            Setup("standard", {"additional-locations": "replace"}),
            Setup("standard", {"additional-locations": "replace", "infection": True}, players=2),
            Setup("standard", {"additional-locations": "shuffle", "play-on": True}, players=4),
            Setup("standard", {"zombie-survivor-combat": True, "additional-locations": "bigger"}, players=3),
            Setup("standard", {"infection": True, "zombie-survivor-combat": True}, players=4),
            Setup("standard", {"item-copies": True, "play-on": True}, players=2),
        ]

    def seat_names(self, setup: Setup) -> list[str]:
        return [f"Player {i + 1}" for i in range(setup.players)]

    def create(self, setup: Setup, seed: int) -> DistrictState:
        content = load_content(setup.content)
        cfg = config_for(setup, content)
        state = DistrictState(content, cfg, layout_for(cfg), setup, seed)
        state.emit_format("setup", "District-Z — {} player{}", (setup.players, "s" if setup.players > 1 else ""),
                          {"players": setup.players})
        first: list[Step[DistrictState]] = [ChooseSurvivor(s, "start") for s in range(cfg.players)]
        if cfg.additional == "replace" and cfg.replace_by == "player":
            first.insert(0, SwapLocation(0, tuple(sorted(content.base))))
        else:
            build_city(state)
        if cfg.single:
            state.order = [0]
        else:
            first.append(TurnOrder())
        state.init_kernel(*first, NextTurn())
        return state

    def result(self, state: DistrictState) -> Outcome:
        return district_outcome(state)

    # ----- information ---------------------------------------------------------------------------
    def hide(self, view: DistrictState, seat: int) -> None:
        shuffle_unseen(view, view.rng)

    def resample(self, view: DistrictState, rng: Rng) -> None:
        shuffle_unseen(view, rng)

    # No decision's legal actions or prompt depend on a face-down card (the kernel would read them
    # again after redrawing): a view keeps the decision of the state it was made from.
    def redact(self, view: State, seat: int) -> None:
        self.hide(cast(DistrictState, view), seat)

    def determinize(self, view: State, rng: Rng) -> None:
        state = cast(DistrictState, view)
        self.resample(state, rng)
        state.rng = Rng(rng.next64())

    # ----- snapshots -----------------------------------------------------------------------------
    stack_key: ClassVar[str] = "pending"

    def stack_json(self, state: DistrictState) -> list[Any]:
        """The stack in the form of the queue District-Z had before the kernel (front first, each
        step a list of strings), so the hashes of recorded games stay the same."""
        out = []
        for step in reversed(state.steps):
            form = step.old()
            if form is not None:
                out.append(form)
        return out

    def state_json(self, state: DistrictState) -> dict[str, Any]:
        return snapshot(state)


def shuffle_unseen(state: DistrictState, rng: Rng) -> None:
    """Redraw every card whose identity is not public: face-down cards never seen, the set-aside
    cards and the unused ones, keeping objectives where they may lie (single player: the middle
    3 x 3). Depends only on public information and ``rng``."""
    lay = state.lay
    hidden = [p for p in lay.positions() if not state.seen[p] and not state.up[p] and state.card[p] != NO_CARD]
    cards = sorted([state.card[p] for p in hidden] + state.setaside + state.unused)
    objs = [x for x in cards if x >= OBJ]
    locs = [x for x in cards if x < OBJ]
    allowed = [p for p in hidden if p in set(lay.objective_cells)] if state.cfg.single else hidden
    rng.shuffle(objs)
    rng.shuffle(locs)
    spots = rng.sample(allowed, len(objs)) if objs else []
    for p, o in zip(spots, objs):
        state.card[p] = o
    taken = set(spots)
    for p in hidden:
        if p not in taken:
            state.card[p] = locs.pop()
    n_set = len(state.setaside)
    state.setaside = locs[:n_set]
    state.unused = locs[n_set:]


def snapshot(state: DistrictState) -> dict[str, Any]:
    c = state.c
    lay = state.lay

    def card(p: int) -> str | None:
        x = state.card[p]
        if x == NO_CARD:
            return None
        return "objective:" + c.items[x - OBJ].id if x >= OBJ else c.locations[x].id

    return {
        "game": "district-z",
        "round": state.rounds,
        "turns": state.turns,
        "decision": list(state.decision) if state.decision else None,
        "players": [
            {"seat": p.seat, "survivor": c.survivors[p.surv].id if p.surv >= 0 else None, "status": STATUS_NAMES[p.status],
             "pos": lay.names[p.pos] if p.pos >= 0 else None, "start": lay.names[p.start] if p.start >= 0 else None,
             "edge": lay.names[p.edge] if p.edge >= 0 else None, "wounds": p.wounds, "infection": p.infection,
             "items": [c.items[i].id for i in p.items], "arriving": p.arriving, "kills": p.kills,
             "used": [c.survivors[s].id for s in p.used], "ending": p.ending}
            for p in state.players
        ],
        "city": {lay.names[p]: {"card": card(p), "up": state.up[p], "seen": state.seen[p], "zombies": state.counters[p],
                                "dropped": [c.items[i].id for i in state.dropped[p]]} for p in lay.positions()},
        "setaside": [c.locations[x].id for x in state.setaside],
        "unused": [c.locations[x].id for x in state.unused],
        "used_unique": [c.locations[i].id for i, u in enumerate(state.used_unique) if u],
        "order": state.order,
        "cur": state.cur,
        "pending": None,  # the stack, in its old form: filled in by DistrictZ.stack_json
        "combat": {"seat": state.cb_seat, "zombies": state.cb_n, "escape": state.cb_escape,
                   "used": [c.items[i].id for i in state.cb_used], "shield": state.cb_shield,
                   "options": [list(o) for o in state.cb_opts]},
        "team": state.team,
        "v_done": state.v_done,
        "over": state.over,
        "reason": state.reason,
        "winners": list(state.winners),
        "places": state.places,
        "zs_kill": state.zs_kill,
        "rng": state.rng.s if state.viewer is None else None,
        "events": len(state.log),
    }


def district_outcome(state: DistrictState) -> Outcome:
    c = state.c
    per_seat = []
    for p in state.players:
        ending = p.ending
        if p.status == ESCAPED:
            ending = "escaped"
        elif p.status == ZOMBIE:
            ending = "turned"
        elif p.status == LIVE:
            ending = state.reason if state.cfg.single and state.reason in ("escaped", "died", "turned") else "alive"
        elif not ending:
            ending = "out"
        per_seat.append({
            "seat": f"Player {p.seat + 1}",
            "survivors": [c.survivors[s].id for s in p.used],
            "ending": ending,
            "place": state.places.index(p.seat) + 1 if p.seat in state.places else None,
            "kills": p.kills,
            "wounds": p.wounds,
            "infection": p.infection,
            "deaths": max(0, len(p.used) - 1) + (1 if ending == "died" else 0),
        })
    winners = state.winners
    result = Result.WIN if 0 in winners else Result.LOSS
    return Outcome(
        result=result, winners=winners, score=1.0 if 0 in winners else 0.0, turns=state.rounds, reason=state.reason,
        per_seat=tuple(per_seat), details={"places": list(state.places), "turns_taken": state.turns},
    )


__all__ = ["DIRS", "MAX_HANDS", "DistrictZ", "has_objective", "health"]
