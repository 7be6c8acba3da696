"""At any moment (rulebook §At any moment): what a seat may do in its own turn, in a response window
after another seat's action, and in its own combat — play an action card, use an item, activate an
ability, complete a mission, spend an Xp in Cold Blood, pass items, negotiate, attack a group next
to it (rulebook §Attack another Group: the combat between the groups begins, or waits for the
running one, and is fought in :mod:`.duel`) — and the response window itself.

Free actions (passing items, offers) are bounded so that play always moves on: in one's own turn
each item changes hands once and each group gets one offer; in a combat, the same per attack phase;
in a response window, the same per window (the window's marks, :mod:`deadboard.core.responses`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from deadboard.core.action import Action
from deadboard.core.kernel import Auto, Steps
from deadboard.core.responses import PASS, ResponseWindow, Window, open_window
from deadboard.games.zombie_dawn import words
from deadboard.games.zombie_dawn.abilities import ability_actions, activate
from deadboard.games.zombie_dawn.actions import (
    COLD_BLOOD,
    Activate,
    ActivateOn,
    Attack,
    ColdBlood,
    Complete,
    CompleteGive,
    CompleteWith,
    Drop,
    Give,
    Negotiate,
    Play,
    PlayAt,
    PlayOn,
    Use,
    UseOn,
)
from deadboard.games.zombie_dawn.cards import card_plays, play_card
from deadboard.games.zombie_dawn.content import COLOURS
from deadboard.games.zombie_dawn.effects import (
    colour,
    discard_from_hand,
    draw_actions,
    hand_card,
    hand_kinds,
    season_fx,
    title,
)
from deadboard.games.zombie_dawn.flow import (
    ABOVE,
    DUEL,
    TURN,
    WINDOW,
    StepForm,
    WaitingForm,
    push,
    pushed_since,
    wait,
)
from deadboard.games.zombie_dawn.items import drop_item, give_actions, give_item, item_uses, use_item
from deadboard.games.zombie_dawn.missions import complete, mission_actions
from deadboard.games.zombie_dawn.negotiation import TRUCE, negotiate_actions, start_offer
from deadboard.games.zombie_dawn.state import Combat as CombatState
from deadboard.games.zombie_dawn.state import DawnState, Group

#: action cards Cold Blood draws for an Xp
COLD_BLOOD_DRAW = 2


def anytime_actions(state: DawnState, seat: int, out: list[Action], ctx: str, moved: tuple[Any, ...]) -> None:
    """What the seat may do at any moment, in context ``ctx`` (TURN, WINDOW, COMBAT or DUEL).
    ``moved``: the items already passed in this turn, attack phase or window, and the colours
    already offered something (once each)."""
    card_plays(state, seat, out, ctx == TURN)
    item_uses(state, seat, out, ())
    ability_actions(state, seat, out, ctx)
    g = state.groups[seat]
    if g.xp > 0 and not g.cold_blood and season_fx(state).cold_blood:
        out.append(COLD_BLOOD)
    give_actions(state, seat, out, moved)
    if ctx != DUEL:
        negotiate_actions(state, seat, out, moved)
    if ctx != WINDOW or len(out) > 1:
        mission_actions(state, seat, out)


def anytime_any(state: DawnState, seat: int, ctx: str, moved: tuple[Any, ...], cards: bool = True) -> bool:
    """Whether :func:`anytime_actions` would offer anything (without building the list; ``cards``
    False when the caller has looked at the cards already). In a window, missions count only along
    other options, so they are not looked at. One pass over the group first tells which of the
    other probes could find anything at all (most window checks end here)."""
    if cards and card_plays(state, seat, None, ctx == TURN):
        return True
    g = state.groups[seat]
    if g.xp > 0 and not g.cold_blood and season_fx(state).cold_blood:
        return True
    chars = g.chars
    if not chars:
        return False
    c = state.c
    usable = c.item_usable
    char_items = state.char_items
    carries = uses = ready = False
    char_abilities, skill_abilities = c.char_ability, c.skill_ability
    chars_used, skills_used = state.used_characters, state.used_skills
    for ch in chars:
        for it in char_items[ch]:
            carries = True
            if usable[it]:
                uses = True
        if not ready:
            ready = (char_abilities[ch] is not None and not chars_used >> ch & 1) or any(
                skill_abilities[sk] is not None and not skills_used >> sk & 1 for sk in state.char_skills[ch])
    if uses and item_uses(state, seat, None, ()):
        return True
    if ready and ability_actions(state, seat, None, ctx):
        return True
    if carries and (give_actions(state, seat, None, moved) or (ctx != DUEL and negotiate_actions(state, seat, None, moved))):
        return True
    if ctx == WINDOW:
        return False
    found: list[Action] = []
    mission_actions(state, seat, found)
    return bool(found)


def done_already(g: Group) -> tuple[Any, ...]:
    """What the group did already in its turn or in this attack phase of its combat: the items it
    passed and the colours of the groups it made an offer to (once each)."""
    if not g.talked:
        return g.given
    return (*g.given, *(COLOURS[t] for t in range(4) if g.talked >> t & 1))


def attack_actions(state: DawnState, seat: int, out: list[Action] | None, foe: int = -1) -> bool:
    """Rulebook §Attack another Group (at any moment): discard an action card next to another group
    (not one that agreed to leave it alone this round, nor ``foe``, the group it is fighting).
    During a combat the attack waits for it to end. With ``out`` None, only whether there is one."""
    g = state.groups[seat]
    if not g.hand or not g.chars:
        return False
    b = state.board
    assert b is not None
    near = b.near[g.sq]
    truce = state.truce
    ids: list[str] | None = None
    for t, tg in enumerate(state.groups):
        if t != seat and t != foe and tg.chars and tg.sq in near and not truce >> (4 * seat + t) & 1:
            if out is None:
                return True
            if ids is None:
                ids = [state.c.action_recs[k].id for k in hand_kinds(state, seat)]
            for cid in ids:
                out.append(Attack(COLOURS[t], cid))
    return False


def attack(state: DawnState, seat: int, action: Attack) -> None:
    """Discard the card and attack (or queue the attack behind the running combat)."""
    discard_from_hand(state, seat, hand_card(state, seat, action.card))
    attack_group(state, seat, COLOURS.index(action.colour))


def attack_group(state: DawnState, attacker: int, defender: int) -> None:
    """An attack declared during another combat waits for it to end, as zombies do (rulebook
    §Questions: "those combats will be resolved after finishing your combat")."""
    if state.combat is not None:  # running, or ended and not closed yet
        wait(state, AttackWaits(attacker, defender))
        state.emit("combat", f"The {colour(attacker)} group will attack the {colour(defender)} group when the current combat ends", None)
        return
    start_duel(state, attacker, defender)


def start_duel(state: DawnState, attacker: int, defender: int) -> None:
    """The combat between the groups begins (:mod:`.duel`)."""
    state.combat = CombatState(defender, attacker, duel=True, enemy=attacker)
    push(state, ABOVE.duel_phase())
    state.emit("combat", f"The {colour(attacker)} group attacks the {colour(defender)} group!", {"attacker": attacker, "defender": defender})


def may_attack(state: DawnState, attacker: int, defender: int) -> bool:
    """Rulebook §Attack another Group: both groups on the map, on adjacent squares, and the attacker
    not bound by an accepted offer to leave the defender alone this round."""
    a, d = state.groups[attacker], state.groups[defender]
    b = state.board
    assert b is not None
    return (bool(a.chars) and bool(d.chars) and d.sq in b.near[a.sq]
            and not state.truce >> (4 * attacker + defender) & 1)


@dataclass(slots=True)
class AttackWaits(WaitingForm, Auto[DawnState]):
    """An attack of group ``attacker`` on ``defender`` waiting for the running combat to end; it
    comes to nothing if the groups are no longer next to each other, or the attacker has agreed to
    leave the defender alone meanwhile."""

    attacker: int
    defender: int

    def run(self, state: DawnState) -> Steps:
        if may_attack(state, self.attacker, self.defender):
            start_duel(state, self.attacker, self.defender)
        else:
            state.emit("combat", f"The {colour(self.attacker)} group's attack on the {colour(self.defender)} group comes to nothing", None)
        return ()

    def queue_entry(self, state: DawnState) -> list[Any]:
        return [COLOURS[self.defender], self.attacker, [], -1, 0, False, True]


def apply_anytime(state: DawnState, seat: int, action: Action, ctx: str) -> None:
    """An action that may be taken at any moment, in context ``ctx`` (TURN, WINDOW, COMBAT, DUEL).
    Items passed outside a window are recorded on the group (once per turn or attack phase); in a
    window the window records them (:meth:`AfterAction.marks_of`)."""
    if isinstance(action, Play | PlayOn | PlayAt):
        play_card(state, seat, action)
    elif isinstance(action, Use | UseOn):
        use_item(state, seat, action, ())
    elif isinstance(action, Activate | ActivateOn):
        activate(state, seat, action)
    elif isinstance(action, Complete | CompleteWith | CompleteGive):
        complete(state, seat, action)
    elif isinstance(action, ColdBlood):
        g = state.groups[seat]
        g.xp -= 1
        g.cold_blood = True
        draw_actions(state, seat, COLD_BLOOD_DRAW)
        state.emit("season", f"{title(seat)} spends an Xp in Cold Blood and draws {COLD_BLOOD_DRAW} action cards", {"seat": seat})
    elif isinstance(action, Give):
        give_item(state, seat, action, ctx != WINDOW)
    elif isinstance(action, Drop):
        drop_item(state, seat, action, ctx != WINDOW)
    elif isinstance(action, Negotiate):
        target = COLOURS.index(action.colour)
        if ctx != WINDOW:  # one offer to each group per turn or attack phase (a window keeps its own record)
            state.groups[seat].talked |= 1 << target
        start_offer(state, seat, target, TRUCE)
    else:
        assert isinstance(action, Attack)
        attack(state, seat, action)


# ==================================================================================================
# the response window
# ==================================================================================================
def respond_actions(state: DawnState, seat: int, marks: tuple[Any, ...] = ()) -> list[Action]:
    """``pass`` and what the seat may do now in a window (``marks``: what it did already in it)."""
    return AfterAction(Window(seat, "", (), marks=marks)).choices(state, seat)


def has_response(state: DawnState, seat: int, marks: tuple[Any, ...] = ()) -> bool:
    """Whether :func:`respond_actions` would offer the seat more than ``pass``."""
    return AfterAction(Window(seat, "", (), marks=marks)).may_respond(state, seat)


class _Mark(Auto[DawnState]):
    """Where a response's steps begin on the stack (never run: taken off with them)."""

    __slots__ = ()

    def run(self, state: DawnState) -> Steps:  # pragma: no cover - always taken off first
        return ()


_MARK = _Mark()


@dataclass(slots=True)
class AfterAction(StepForm, ResponseWindow[DawnState]):
    """The opponents' chance to respond, clockwise (after an action of the active player, or at the
    start of an attack phase: tag ``combat``). A seat with nothing to play but ``pass`` is skipped.
    Each item moves once per window and each group gets one offer per window (the window's marks);
    missions with a cost alone do not stop a seat (it completes them at its next decision)."""

    def offers(self, state: DawnState, seat: int) -> Sequence[Action]:
        return self.choices(state, seat)[1:]

    def choices(self, state: DawnState, seat: int) -> list[Action]:
        out: list[Action] = [PASS]  # counted by anytime_actions: missions come only along another option
        attack_actions(state, seat, out)
        anytime_actions(state, seat, out, WINDOW, self.window.marks)
        return out

    def may_respond(self, state: DawnState, seat: int) -> bool:
        """Whether :meth:`offers` has anything, without building the list (most window checks end
        in a pass, and random play makes thousands of them)."""
        if state.groups[seat].hand and (card_plays(state, seat, None, False) or attack_actions(state, seat, None)):
            return True
        return anytime_any(state, seat, WINDOW, self.window.marks, cards=False)

    def stops(self, state: DawnState, seat: int) -> bool:
        """A seat that asked to be stopped only where it can change the outcome is asked where an
        action card it holds can be played on what is happening: on the group whose action it
        answers or on a group in the combat under way (zombies, a harmful event, zombies stopping a
        trip), or discarded to attack that group. Everything else can wait for its own decisions
        without changing what happens now: a card on a third group or on its own (it may play it
        in its turn as well), a vehicle or a card that only draws cards, passing items, offers,
        missions, items and abilities."""
        g = state.groups[seat]
        if not g.hand or not g.chars:
            return False
        relevant = {COLOURS[self.window.actor]}
        cb = state.combat
        if cb is not None and not cb.ended:
            relevant.add(COLOURS[cb.group])
            if cb.duel:
                relevant.add(COLOURS[cb.enemy])
        found: list[Action] = []
        attack_actions(state, seat, found)
        if any(isinstance(a, Attack) and a.colour in relevant for a in found):
            return True
        found.clear()
        card_plays(state, seat, found, False)
        c = state.c
        for a in found:
            if isinstance(a, PlayOn | PlayAt) and a.target in relevant:
                rec = c.actions[c.action_index[a.card]]
                if rec.kind != "vehicle" and rec.effect != "draw":
                    return True
        return False

    def marks_of(self, state: DawnState, seat: int, action: Action) -> tuple[Hashable, ...]:
        if isinstance(action, Give | Drop):  # each item moves once per window
            return (state.c.item_index[action.item],)
        if isinstance(action, Negotiate):  # one offer to each group per window
            return (action.colour,)
        return ()

    def respond(self, state: DawnState, seat: int, action: Action) -> Steps:
        push(state, _MARK)
        apply_anytime(state, seat, action, WINDOW)
        return pushed_since(state, _MARK)

    def on_close(self, state: DawnState) -> Steps:
        if self.window.tag == "drive":  # the trip is over: zombies may no longer stop it
            state.last_drive = None
        return ()

    def prompt(self, state: DawnState, seat: int) -> str:
        w = self.window
        key = (w.actor, w.trigger, seat)
        asked = _ASKED.get(key)
        if asked is None:
            asked = f"{words.done(state, w.actor, w.trigger)}. {title(seat)}, play something in response?"
            if w.trigger in words.MOMENTS:  # the same words in every game: kept
                _ASKED[key] = asked
        return asked

    def old(self) -> list[Any]:
        return ["window", self.window.to_json()]


#: (actor, trigger, seat) -> the question of a window opened by words of its own (a combat's, an
#: end of turn's), the same in every game: most windows are a combat's, asked at each of its phases
_ASKED: dict[tuple[int, str, int], str] = {}


#: (seat, players, trigger, tag) -> the window after that action (a value, made once: the same
#: words and moments come back all game long)
_WINDOWS: dict[tuple[int, int, str, str], AfterAction] = {}


def open_after(state: DawnState, seat: int, trigger: str, tag: str = "after") -> None:
    """The window after an action of the active player: the opponents, clockwise from them."""
    players = state.cfg.players
    if players > 1:
        key = (seat, players, trigger, tag)
        window = _WINDOWS.get(key)
        if window is None:
            if len(_WINDOWS) >= 4096:
                _WINDOWS.clear()
            window = _WINDOWS[key] = AfterAction(open_window(actor=seat, seats=players, trigger=trigger, tag=tag))
        push(state, window)
