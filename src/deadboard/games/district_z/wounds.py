"""WOUNDS, death and INFECTION (rulebook §Counters, §Death, §Infection): a survivor with as many
WOUND counters as its HEALTH dies; with the Infection rule, one with twice its base HEALTH in
INFECTION counters turns into a ZOMBIE SURVIVOR. In multiplayer the player then goes on with a new
SURVIVOR card (:class:`~deadboard.games.district_z.setup.ChooseSurvivor`) or is out.
"""

from __future__ import annotations

from deadboard.games.district_z.flow import active_seat, check_end, cut_turn, drop_seat_steps, end_game, push
from deadboard.games.district_z.ratings import HEALTH, rating
from deadboard.games.district_z.setup import ChooseSurvivor, unused_survivors
from deadboard.games.district_z.state import LIVE, OUT, WAITING, ZOMBIE, DistrictState


def wound(state: DistrictState, seat: int, n: int, zombie: bool, by_zs: bool = False) -> None:
    """Give ``n`` WOUNDS; from combat with zombies they also infect (Infection optional rule)."""
    if n <= 0:
        return
    p = state.players[seat]
    p.wounds += n
    if zombie and state.cfg.infection:
        p.infection += n
    if not check_alive(state, seat, by_zs) and state.cfg.infection:
        check_turn(state, seat)


def health(state: DistrictState, seat: int) -> int:
    p = state.players[seat]
    return rating(state.c, p.surv, p.items, HEALTH)


def check_alive(state: DistrictState, seat: int, by_zs: bool = False) -> bool:
    """ "If the number of WOUND counters on your SURVIVOR is equal to or greater than your HEALTH
    rating, then the SURVIVOR is dead." True if the survivor died."""
    p = state.players[seat]
    if p.status == LIVE and p.wounds >= health(state, seat):
        _die(state, seat, by_zs)
        return True
    return False


def _die(state: DistrictState, seat: int, by_zs: bool) -> None:
    p = state.players[seat]
    state.emit_format("death", "{} has {} wounds and dies.", (state.names[seat], p.wounds), {"seat": seat})
    if state.cfg.single:
        p.ending = "died"
        end_game(
            state,
            "died",
            (),
            "The open arms of the growing legion of the undead welcome yet another faceless "
            "member. You lose.",
        )
        return
    state.zs_kill = by_zs
    remove_piece(state, seat, "died")
    after_removal(state, seat, "respawn")


def remove_piece(state: DistrictState, seat: int, why: str) -> None:
    """The survivor's items stay on its card; zombies left from its encounter stay there as counters."""
    p = state.players[seat]
    pos = p.pos
    if p.items:
        state.dropped[pos] = state.dropped[pos] + tuple(p.items)
        state.up[pos] = True
        state.emit("drop", f"{state.names[seat]}'s items stay at {state.lay.names[pos]}", {"seat": seat})
        p.items = []
    if state.cb_seat == seat:
        left = state.cb_n
        if left:
            state.counters[state.cb_pos] += left
            state.emit(
                "combat",
                f"{left} zombie{'s' if left > 1 else ''} left from the encounter stay on "
                f"{state.lay.names[state.cb_pos]} as ZOMBIE counters",
                {"pos": state.lay.names[state.cb_pos], "placed": left},
            )
        state.cb_seat = -1
        state.cb_n = 0
        state.cb_used = ()
        state.cb_opts = ()
    p.ending = why


def after_removal(state: DistrictState, seat: int, why: str) -> None:
    p = state.players[seat]
    p.status = WAITING
    p.pos = -1
    if seat == active_seat(state):
        cut_turn(state)
    else:
        drop_seat_steps(state, seat)
    if unused_survivors(state):
        push(state, ChooseSurvivor(seat, why))
    else:
        p.status = OUT
        state.emit("out", f"Player {seat + 1} has no survivor left to play", {"seat": seat})
        check_end(state)


def check_turn(state: DistrictState, seat: int) -> None:
    """§Infection: twice the base HEALTH in INFECTION counters turns the survivor."""
    p = state.players[seat]
    if p.status != LIVE or p.infection < 2 * state.c.survivors[p.surv].health:
        return
    state.emit(
        "turned",
        f"{state.names[seat]} has {p.infection} infection and turns into one of the undead!",
        {"seat": seat},
    )
    if state.cfg.single:
        p.ending = "turned"
        end_game(state, "turned", (), "You are now a ZOMBIE SURVIVOR. The game is over.")
        return
    state.zs_kill = False  # the last living survivor to go turned; no zombie survivor killed it
    remove_piece(state, seat, "turned")  # a zombie survivor stays on its card
    p.status = ZOMBIE
    p.wounds = 0
    p.infection = 0
    if seat == active_seat(state):
        cut_turn(state)
    else:
        drop_seat_steps(state, seat)
    if not any(q.status in (LIVE, WAITING) for q in state.players):
        check_end(state, force=True)
