"""The flow of play every District-Z rule shares: how steps are pushed and cut, the end of a turn
and of a visit, and the end of the game (rulebook §How to Play, §Winning).

A turn is a decision (:class:`~deadboard.games.district_z.turn.Turn`) or an arrival at the starting
LOCATION, followed by :class:`EndTurn`; landing on a card pushes the visit, which ends with
:class:`VisitEnd`. Skipping the EVENT cuts the rest of the visit (:func:`cut_visit`); escaping or
leaving the CITY cuts the rest of the turn (:func:`cut_turn`).

Every step also has the form it had as a tuple of strings before District-Z ran on the kernel
(:meth:`StepForm.old`): the snapshot writes the stack that way, so recorded games keep their hashes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from deadboard.core.kernel import Auto, Step, Steps, classvars
from deadboard.core.rng import Rng
from deadboard.games.district_z.state import ESCAPED, LIVE, WAITING, ZOMBIE, DistrictState


class StepForm:
    """What every District-Z step has besides its rule: its old snapshot form and whom it concerns."""

    __slots__ = ()

    #: the step's name in the snapshot (its old tuple's first word), given with ``classvars`` above
    #: the step's dataclass, like its ``kind``
    TAG: ClassVar[str] = ""

    def old(self) -> list[str] | None:
        """The step as the snapshot writes it: its tag and its fields, as strings."""
        names: tuple[str, ...] = getattr(type(self), "__slots__", ())
        return [self.TAG, *(str(getattr(self, f)) for f in names)]

    def involves(self, seat: int) -> bool:
        """Whether the step is void once ``seat``'s survivor has left the CITY outside its turn."""
        return getattr(self, "seat", -1) == seat


def push(state: DistrictState, *steps: Step[DistrictState]) -> None:
    """Put ``steps`` on top of the stack (the first runs first); nothing once the game is over."""
    if not state.over:
        if len(steps) == 1:
            state.steps.append(steps[0])
        else:
            state.steps.extend(reversed(steps))


def roll_dice(rng: Rng, n: int) -> list[int]:
    """Roll n six-sided dice: the same draws as one ``d6`` each, which a scripted Rng (the tests'
    dice) answers one by one; the game's own Rng rolls them at once."""
    if type(rng) is Rng:
        return rng.roll(n)
    d6 = rng.d6
    return [d6() for _ in range(n)]


def active_seat(state: DistrictState) -> int:
    return state.order[state.cur] if 0 <= state.cur < len(state.order) else -1


def ability(state: DistrictState, seat: int) -> str:
    p = state.players[seat]
    if p.status != LIVE or p.surv < 0:
        return ""
    return state.c.survivors[p.surv].ability


def has_objective(state: DistrictState, seat: int) -> bool:
    its = state.c.items
    return any(its[i].objective for i in state.players[seat].items)


def objective_name(state: DistrictState, seat: int) -> str:
    its = state.c.items
    return next((its[i].name for i in state.players[seat].items if its[i].objective), "")


def leave(state: DistrictState, seat: int) -> None:
    """ "When you move your playing piece from a flipped LOCATION card, flip that LOCATION card face
    down" — unless items were dropped there or another survivor stands on it."""
    pos = state.players[seat].pos
    if pos >= 0 and not state.dropped[pos] and not state.live_at(pos, but=seat):
        state.up[pos] = False


# ----- cutting the stack ---------------------------------------------------------------------------
def cut_visit(state: DistrictState) -> None:
    """The rest of this visit does not happen (the event was skipped or replaced)."""
    state.unwind((VisitEnd, EndTurn))


def cut_turn(state: DistrictState) -> None:
    """The turn is over now (an escape, a death): drop everything before the end of the turn."""
    state.unwind(EndTurn)


def drop_seat_steps(state: DistrictState, seat: int) -> None:
    """A survivor left the CITY outside its own turn: whatever it was to decide or suffer is void."""
    state.drop(lambda s: s.involves(seat))  # type: ignore[attr-defined]


# ----- the end of the game -------------------------------------------------------------------------
def end_game(state: DistrictState, reason: str, winners: tuple[int, ...], text: str) -> None:
    state.end()
    state.reason = reason
    state.winners = winners
    state.emit("end", text, {"reason": reason, "winners": list(winners), "round": state.rounds})


def check_end(state: DistrictState, force: bool = False) -> None:
    """Multiplayer: the first to escape wins (or, with play-on, once everyone is done); with no
    survivor left alive the game is over."""
    if state.over or state.cfg.single:
        return
    if state.places and not state.cfg.play_on:
        w = state.places[0]
        end_game(
            state,
            "escaped",
            (w,),
            f"{state.names[w]} (Player {w + 1}) reaches the City's Edge and escapes. Player {w + 1} wins!",
        )
        return
    alive = [p for p in state.players if p.status in (LIVE, WAITING)]
    if alive and not force:
        return
    if state.places:
        w = state.places[0]
        end_game(
            state,
            "escaped",
            (w,),
            f"Everyone still in the district is done. Player {w + 1} escaped first and wins.",
        )
        return
    zs = tuple(p.seat for p in state.players if p.status == ZOMBIE)
    if zs and len(zs) == len(state.players):
        end_game(state, "turned", (), "Every player has become a zombie survivor. The game is over.")
    elif zs and state.zs_kill:
        end_game(
            state,
            "devoured",
            zs,
            "The zombie survivors have killed every living survivor. The zombie survivors win.",
        )
    elif zs:
        end_game(
            state,
            "turned",
            (),
            "No living survivor is left; the zombie survivors roam the district. The game is over.",
        )
    else:
        end_game(state, "died", (), "No survivor is left alive in the district.")


@classvars(TAG="end-turn")
@dataclass(slots=True)
class EndTurn(StepForm, Auto[DistrictState]):
    """The end of a turn: has the game ended?"""

    seat: int

    def run(self, state: DistrictState) -> Steps:
        check_end(state)
        return ()

    def involves(self, seat: int) -> bool:
        return False


@classvars(TAG="visit-end")
@dataclass(slots=True)
class VisitEnd(StepForm, Auto[DistrictState]):
    """§Winning: "Once you have an equipped LOCATION OBJECTIVE card and you are at the CITY'S EDGE and
    you successfully complete the EVENT on the EVENT TABLE, you win the game.\""""

    seat: int

    def run(self, state: DistrictState) -> Steps:
        seat = self.seat
        p = state.players[seat]
        if not (state.v_done and p.status == LIVE and p.pos == p.edge and has_objective(state, seat)):
            return ()
        if state.cfg.single:
            end_game(
                state,
                "escaped",
                (0,),
                f"{state.names[seat]} reaches the City's Edge with the "
                f"{objective_name(state, seat)} and escapes the district. You win!",
            )
            return ()
        state.places.append(seat)
        p.status = ESCAPED
        p.ending = "escaped"
        state.emit(
            "escape",
            f"{state.names[seat]} (Player {seat + 1}) reaches the City's Edge with the "
            f"{objective_name(state, seat)} and escapes!",
            {"seat": seat, "place": len(state.places)},
        )
        leave(state, seat)
        p.pos = -1
        cut_turn(state)
        return ()


@cache
def end_turn(seat: int) -> EndTurn:
    """``EndTurn(seat)``, made once per seat (steps are values)."""
    return EndTurn(seat)
