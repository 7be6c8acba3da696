"""Turns (rulebook §How to Play (At a glance), §How to Play (In depth), §Multiplayer): the round
and the seat whose turn it is, a survivor's arrival at its starting LOCATION, moving and what else a
survivor may do on its turn, and landing on a card.

:class:`NextTurn` lies at the bottom of the stack: when everything else is done it starts the next
turn — a :class:`Turn` decision, an :class:`Arrive` step, or a ZOMBIE SURVIVOR's move — followed by
:class:`~deadboard.games.district_z.flow.EndTurn`, and comes back under them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from deadboard.core.kernel import Auto, Choice, Step, Steps, classvars
from deadboard.games.district_z.actions import (
    HEAL,
    STAY,
    Attack,
    Drop,
    Heal,
    Move,
    Stay,
    Trade,
    Use,
    drop_action,
)
from deadboard.games.district_z.events import visit_reversed
from deadboard.games.district_z.flow import StepForm, ability, check_end, end_game, end_turn, leave, push
from deadboard.games.district_z.items import drop_item, use_actions, use_item
from deadboard.games.district_z.meeting import engage
from deadboard.games.district_z.state import ESCAPED, LIVE, OUT, WAITING, ZOMBIE, DistrictState
from deadboard.games.district_z.zombie_survivors import MOVES, ZombieMove, zombie_stay_steps


def land(state: DistrictState, seat: int, pos: int) -> None:
    """ "Any time your playing piece lands on a LOCATION card, flip over the LOCATION card and
    complete an EVENT.\""""
    state.players[seat].pos = pos
    if not state.up[pos]:
        state.up[pos] = True
        state.seen[pos] = True
        state.emit_format(
            "flip",
            "{} flips {}: {}",
            (state.names[seat], state.lay.names[pos], state.card_name(pos)),
            {"pos": state.lay.names[pos]},
        )
    state.v_done = False
    if not state.over:
        state.steps.extend(visit_reversed(seat))


@dataclass(slots=True)
class NextTurn(StepForm, Auto[DistrictState]):
    """The next seat in turn order with a piece in the CITY takes its turn; a new round past the
    last; past the turn limit the horde overruns the district."""

    def run(self, state: DistrictState) -> Steps:
        n = len(state.order)
        for _ in range(n):
            state.cur = (state.cur + 1) % n
            if state.cur == 0:
                state.rounds += 1
                if state.rounds > state.cfg.turn_limit:
                    end_game(
                        state,
                        "overrun",
                        (),
                        f"Round {state.rounds}: the horde overruns the district. Nobody escapes.",
                    )
                    return ()
            seat = state.order[state.cur]
            p = state.players[seat]
            if p.status in (OUT, ESCAPED, WAITING):
                continue
            state.turns += 1
            state.emit_format(
                "turn",
                "— Round {}: {}'s turn —",
                (state.rounds, state.names[seat]),
                {"seat": seat, "round": state.rounds},
            )
            first: Step[DistrictState]
            if p.status == ZOMBIE:
                first = ZombieMove(seat)
            elif p.arriving:
                p.arriving = False
                first = Arrive(seat)
            else:
                first = turn(seat)
            return (first, end_turn(seat), self)
        check_end(state, force=True)
        return (self,)

    def old(self) -> list[str] | None:
        return None  # the queue of old ran out instead

    def involves(self, seat: int) -> bool:
        return False


@classvars(TAG="arrive")
@dataclass(slots=True)
class Arrive(StepForm, Auto[DistrictState]):
    """A survivor's first turn: it arrives at its starting LOCATION."""

    seat: int

    def run(self, state: DistrictState) -> Steps:
        seat = self.seat
        p = state.players[seat]
        state.emit_format(
            "move", "{} arrives at the starting location {}", (state.names[seat], state.lay.names[p.start]), {"seat": seat}
        )
        land(state, seat, p.start)
        return ()


TurnAction = Move | Heal | Stay | Trade | Attack | Use | Drop


@classvars(TAG="turn", kind="turn")
@dataclass(slots=True)
class Turn(StepForm, Choice[DistrictState, TurnAction]):
    """A survivor's turn: move NORTH, EAST, SOUTH or WEST; in multiplayer also stay (and heal), trade
    with or attack a survivor on the card; use a healing ITEM or drop an ITEM first."""

    seat: int

    def actions(self, state: DistrictState) -> list[TurnAction]:
        seat = self.seat
        p = state.players[seat]
        out: list[TurnAction] = [MOVES[d] for d, _ in state.lay.nbr[p.pos]]
        if not state.cfg.single:
            if p.wounds > 0:
                out.append(HEAL)
            out.append(STAY)
            for other in state.live_at(p.pos, but=seat):
                name = state.names[other]
                out.append(Trade(name))
                out.append(Attack(name))
        if p.wounds:
            out.extend(use_actions(state, seat))
        if p.items:
            out.extend(_drops(state, p.items))
        return out

    def apply(self, state: DistrictState, action: TurnAction) -> Steps:
        seat = self.seat
        p = state.players[seat]
        lay = state.lay
        if isinstance(action, Move):
            d = action.direction
            to = lay.step[p.pos][d]
            state.emit_format(
                "move",
                "{} moves {} to {}",
                (state.names[seat], d, lay.names[to]),
                {"seat": seat, "to": lay.names[to]},
            )
            leave(state, seat)
            land(state, seat, to)
        elif isinstance(action, Heal):
            n = 2 if ability(state, seat) == "medic" else 1
            p.wounds = max(0, p.wounds - n)
            state.emit(
                "heal",
                f"{state.names[seat]} stays and heals ({p.wounds} wound{'' if p.wounds == 1 else 's'} left)",
                {"seat": seat},
            )
            push(state, *zombie_stay_steps(state, seat))
        elif isinstance(action, Stay):
            state.emit("stay", f"{state.names[seat]} stays at {lay.names[p.pos]}", {"seat": seat})
            push(state, *zombie_stay_steps(state, seat))
        elif isinstance(action, Trade | Attack):
            push(state, *engage(state, seat, action, ()), *zombie_stay_steps(state, seat))
        elif isinstance(action, Use):
            use_item(state, seat, state.c.item_index[action.item])
            push(state, turn(seat))
        else:
            drop_item(state, seat, state.c.item_index[action.item])
            if p.status == LIVE:
                push(state, turn(seat))
        return ()

    def prompt(self, state: DistrictState) -> str:
        return f"{state.names[self.seat]} at {state.lay.names[state.players[self.seat].pos]}: move, or act"


def _drops(state: DistrictState, items: list[int]) -> tuple[Drop, ...]:
    """``drop <item>`` for each kind of item carried, in content order (remembered with the
    content by the items carried: a turn lists them)."""
    memo = state.c.memo
    key = ("drops", *items)
    got: tuple[Drop, ...] | None = memo.get(key)
    if got is None:
        its = state.c.items
        got = memo[key] = tuple(drop_action(its[i].id) for i in sorted(set(items)))
    return got


@cache
def turn(seat: int) -> Turn:
    """``Turn(seat)``, made once per seat (steps are values; turns are made in the hottest loop)."""
    return Turn(seat)
