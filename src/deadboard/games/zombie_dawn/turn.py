"""The round and the turn (rulebook §Round of Play, §Development of a Round, §End of Round, §End of
Game): a player's turn actions — move, drive, search, learn a skill, attack, declare Clear a
Location — and the end of a turn, a round and the game.

A round::

    replenish hands to 6 -> reveal the season -> each player's turn, from the Start Player
    -> the most zombie trophy points gain an Xp -> trophies discarded -> Start Player passes left

During a turn the active player takes actions; after each one the opponents get a response window
(clockwise from the active player, :class:`.anytime.AfterAction`). The bottom of the stack is
:class:`NextDecision`: whenever nothing else is left to resolve, the active player's cost-free
missions are checked and it takes a turn decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deadboard.core.action import Action
from deadboard.core.kernel import Auto, Choice, Steps, classvars
from deadboard.games.zombie_dawn import death, words, wounds
from deadboard.games.zombie_dawn.abilities import ability_actions
from deadboard.games.zombie_dawn.actions import (
    END,
    LEARN,
    STOP,
    Attack,
    Clear,
    Drive,
    Drop,
    End,
    Give,
    Learn,
    LearnSkill,
    Move,
    Negotiate,
    Search,
    Stop,
)
from deadboard.games.zombie_dawn.anytime import (
    anytime_actions,
    apply_anytime,
    attack,
    attack_actions,
    done_already,
    open_after,
)
from deadboard.games.zombie_dawn.board import WADE, WALK
from deadboard.games.zombie_dawn.cards import movement_squares
from deadboard.games.zombie_dawn.content import COLOURS
from deadboard.games.zombie_dawn.effects import (
    HAND_SIZE,
    TITLES,
    auto_missions,
    discard_from_hand,
    draw_actions,
    draw_mission,
    give_search_xp,
    group_modifier,
    hand_card,
    hand_kinds,
    heal,
    score_parts,
    search_count,
    season_fx,
    skill_cost,
    title,
    trophy_points,
    vehicle_capacity,
    vehicle_squares,
    walk_squares,
    worst_lod,
)
from deadboard.games.zombie_dawn.flow import TURN, WINDOW, StepForm, plain, push
from deadboard.games.zombie_dawn.items import TakeItems, give_actions, item_uses
from deadboard.games.zombie_dawn.missions import mission_actions
from deadboard.games.zombie_dawn.state import MISSIONS_EACH, NO_VEHICLE, OVER, DawnState, Trip
from deadboard.games.zombie_dawn.zombies import noise_until_zombie, start_combat

#: skill cards drawn to choose from when learning
SKILLS_SHOWN = 2
#: action cards revealed per Pj when declaring Clear a Location
CLEAR_REVEAL = 2


# ==================================================================================================
# the turn
# ==================================================================================================
def turn_actions(state: DawnState) -> list[Action]:
    seat = state.active
    g = state.groups[seat]
    b = state.board
    assert b is not None
    names = b.names
    out: list[Action] = []
    if state.cfg.solo and not g.hand and g.chars:
        # rulebook §Rules for 1 Player: "When the Player runs out of Hand cards or does not want to
        # keep playing, the Turn ends": no turn action is left (a search is over), only what may
        # be done at any moment
        out = [STOP if g.searching else END]
        item_uses(state, seat, out, ())
        ability_actions(state, seat, out, WINDOW)
        give_actions(state, seat, out, done_already(g))
        mission_actions(state, seat, out)
        return out
    kinds = hand_kinds(state, seat)
    ids = [state.c.action_recs[k].id for k in kinds]
    if not g.chars:  # nobody left (the character deck ran out): only cards and the end of the turn
        out.append(END)
    elif g.searching:
        out.append(STOP)
        for cid in ids:
            out.append(Search(cid))
        attack_actions(state, seat, out)
    else:
        out.append(END)
        if ids:
            dests = [names[sq] for sq in movement_squares(state, seat, walk_squares(state, seat))]
            for cid in ids:  # by card, then square: the terminal folds each card's squares into a line
                made = _MOVES.get(cid)
                if made is None:
                    made = _MOVES[cid] = {}
                try:
                    out.extend([made[name] for name in dests])
                except KeyError:
                    for name in dests:
                        if name not in made:
                            made[name] = Move(cid, name)
                    out.extend([made[name] for name in dests])
        if (g.vehicle != NO_VEHICLE and not g.vehicle_turned and not season_fx(state).vehicles_off
                and len(g.chars) <= vehicle_capacity(state, seat)):
            for sq in movement_squares(state, seat, vehicle_squares(state, seat)):
                name = names[sq]
                drive = _DRIVES.get(name)
                if drive is None:
                    drive = _DRIVES[name] = Drive(name)
                out.append(drive)
        sq = g.sq
        if ids and b.loc_count[sq] and not state.searched[sq] >> seat & 1:
            for cid in ids:
                out.append(Search(cid))
        if g.xp >= skill_cost(state, seat) and state.skill_deck.cards:
            out.append(LEARN)
        attack_actions(state, seat, out)
        site = b.site[sq]
        if site is not None:
            for m in g.missions:
                rec = state.c.missions[m]
                if rec.kind == "clear" and rec.site == site:
                    out.append(Clear(rec.id))
    anytime_actions(state, seat, out, TURN, done_already(g))
    return out


#: card id -> square name -> its move, and square name -> its drive: actions are values, so each is
#: made once (a turn lists every card's squares; a few thousand, the same in every game)
_MOVES: dict[str, dict[str, Move]] = {}
_DRIVES: dict[str, Drive] = {}


def apply_turn(state: DawnState, action: Action) -> None:
    seat = state.active
    g = state.groups[seat]
    b = state.board
    assert b is not None
    c = state.c
    if isinstance(action, End):
        state.emit_format("turn", "{} ends the turn", (TITLES[seat],), {"seat": seat})
        push(state, NextTurn())
        open_after(state, seat, "end", "end")
    elif isinstance(action, Give | Drop | Negotiate):  # free: nothing for the opponents to respond to
        apply_anytime(state, seat, action, TURN)
    elif isinstance(action, Move):
        card = hand_card(state, seat, action.card)
        discard_from_hand(state, seat, card)
        dest = b.index[action.square]
        g.sq = dest
        state.emit_format("move", "{} discards {} and moves to {}", (TITLES[seat], c.action_recs[card].name, words.OnMap(b, dest)),
                          {"seat": seat, "square": b.names[dest]})
        open_after(state, seat, action.text)
    elif isinstance(action, Drive):
        dest = b.index[action.square]
        start = g.sq
        rec = c.action_recs[g.vehicle]
        mode = WADE if season_fx(state).frozen else WALK
        path = b.path(start, dest, vehicle_squares(state, seat), mode)
        g.vehicle_turned = True
        g.sq = dest
        state.emit_format("move", "{} drives the {} to {}", (TITLES[seat], rec.name, words.OnMap(b, dest)), {"seat": seat, "square": b.names[dest]})
        state.last_drive = Trip(seat, start, path, rec.protect)
        open_after(state, seat, action.text, "drive")
    elif isinstance(action, Search):
        card = hand_card(state, seat, action.card)
        discard_from_hand(state, seat, card)
        first = not g.searching
        g.searching = True
        verb = "searches" if first else "keeps searching"
        state.emit_format("search", "{} discards {} and {} the {}", (TITLES[seat], c.action_recs[card].name, verb, b.loc_name[g.sq]), {"seat": seat})
        # the window after the reveal is the opponents' chance "before discarding each action to
        # search" (rulebook §Search a Location, Combat Example 1); the one before the first search
        # is the window after the move that brought the group here
        open_after(state, seat, action.text, "search")
        reveal(state, seat)
    elif isinstance(action, Stop):
        found = tuple(g.found)
        g.found = []
        give_search_xp(state, seat)
        open_after(state, seat, "stop")
        if found:
            push(state, TakeItems(seat, "search", found, 0))
    elif isinstance(action, LearnSkill):
        drawn = tuple(s for s in (state.skill_deck.draw() for _ in range(SKILLS_SHOWN)) if s is not None)
        state.emit("skill", f"{title(seat)} looks at {len(drawn)} skill cards", {"seat": seat})
        open_after(state, seat, "learn")
        push(state, ChooseSkill(seat, drawn))
    elif isinstance(action, Attack):
        open_after(state, seat, action.text)
        attack(state, seat, action)
    elif isinstance(action, Clear):
        declare_clear(state, seat, action)
    else:
        open_after(state, seat, action.text)  # beneath what the action starts (a combat, a discard ...)
        apply_anytime(state, seat, action, TURN)


def declare_clear(state: DawnState, seat: int, action: Clear) -> None:
    """Rulebook §Complete missions, Clear a Location: two action cards per Pj are revealed; the
    zombies among them, with the mission's own dice, attack the group."""
    g = state.groups[seat]
    m = state.c.mission_index[action.mission]
    rec = state.c.missions[m]
    g.declared = m
    state.emit("mission", f"{title(seat)} declares {rec.name}", {"seat": seat, "mission": rec.id})
    open_after(state, seat, action.text)
    revealed = state.actions.draw_many(CLEAR_REVEAL * len(g.chars), state.rng)
    recs = state.c.action_recs
    zombies = [k for k in revealed if recs[k].kind == "zombie"]
    for k in revealed:
        if recs[k].kind != "zombie":
            state.actions.discard(k)
    state.emit("mission", f"Revealed for the mission: {', '.join(recs[k].name for k in revealed) or 'nothing'}", None)
    start_combat(state, seat, -1, zombies, mission=m, dice=rec.dice)


@dataclass(slots=True)
class NextDecision(Auto[DawnState]):
    """The bottom of the stack: with nothing else to resolve, the active player's cost-free missions
    are checked (and completed: what that pushes runs first), then it takes a turn decision."""

    def run(self, state: DawnState) -> Steps:
        stack = state.steps
        depth = len(stack)
        if auto_missions(state, state.active):
            pushed = stack[depth:]  # what the missions call for runs first, then this again
            del stack[depth:]
            pushed.reverse()
            return (*pushed, self)
        return _TURN_THEN_NEXT[state.active]


@classvars(kind="turn")
@dataclass(slots=True)
class Turn(Choice[DawnState, Action]):
    """The active player's turn decision (asked again after each action until ``end``)."""

    seat: int

    def actions(self, state: DawnState) -> list[Action]:
        return turn_actions(state)

    def apply(self, state: DawnState, action: Action) -> Steps:
        apply_turn(state, action)
        return ()

    def prompt(self, state: DawnState) -> str:
        key = (self.seat, state.round)
        asked = _ASKED.get(key)
        if asked is None:
            asked = _ASKED[key] = f"{title(self.seat)}: your turn (round {state.round})"
        return asked


#: (seat, round) -> the turn's question (the same few in every game)
_ASKED: dict[tuple[int, int], str] = {}


#: one turn decision per seat (steps are values: one made per seat serves every turn), each with
#: the bottom step again beneath it
_TURNS = tuple(Turn(seat) for seat in range(len(COLOURS)))
NEXT_DECISION = NextDecision()
_TURN_THEN_NEXT = tuple((turn, NEXT_DECISION) for turn in _TURNS)


@classvars(kind="learn")
@dataclass(slots=True)
class ChooseSkill(StepForm, Choice[DawnState, Learn]):
    """Rulebook §Acquire Skills: one of the skills drawn, for one of the group's Pjs (the other goes
    back under the deck)."""

    seat: int
    drawn: tuple[int, ...]

    def actions(self, state: DawnState) -> list[Learn]:
        c = state.c
        chars = state.groups[self.seat].chars
        return [Learn(c.skills[s].id, c.characters[ch].id) for s in self.drawn for ch in chars]

    def apply(self, state: DawnState, action: Learn) -> Steps:
        seat = self.seat
        c = state.c
        s = c.skill_index[action.skill]
        ch = c.char_index[action.character]
        cost = skill_cost(state, seat)
        state.groups[seat].xp -= cost
        state.char_skills[ch] = (*state.char_skills[ch], s)
        for other in self.drawn:
            if other != s:
                state.skill_deck.put_bottom(other)
        state.emit("skill", f"{c.characters[ch].name} learns {c.skills[s].name} for {cost} Xp", {"seat": seat, "skill": c.skills[s].id})
        return ()

    def prompt(self, state: DawnState) -> str:
        return f"{title(self.seat)}: choose a skill and the Pj who learns it"

    def old(self) -> list[Any]:
        return plain("learn", self.seat, self.drawn)


# ==================================================================================================
# searching
# ==================================================================================================
def reveal(state: DawnState, seat: int) -> None:
    """Rulebook §Search a Location: as many items as the location's number per action discarded;
    survivors act at once. One player: as many action cards as that number too; zombies attack, and
    the One Player cards apply (rulebook §Rules for 1 Player)."""
    g = state.groups[seat]
    if not g.searching or not g.chars:
        return
    b = state.board
    assert b is not None
    sq = g.sq
    n = search_count(state, seat, sq)
    deck = state.green if b.loc_deck[sq] == "green" else state.blue
    recs = state.c.item_recs
    shown = []
    for _ in range(n):
        it = deck.draw(state.rng)
        if it is None:
            break
        r = recs[it]
        if r.kind == "survivor":
            deck.discard(it)
            if r.survivor == "join":
                ch = death.new_character(state, seat, special=False)
                shown.append(f"{r.name} ({state.c.characters[ch].name} joins)" if ch >= 0 else f"{r.name} (nobody left to join)")
            else:
                draw_mission(state, seat)
                shown.append(f"{r.name} (a new mission)")
        else:
            g.found.append(it)
            shown.append(r.name)
    state.emit("search", f"{title(seat)} finds: {', '.join(shown) or 'nothing'}", {"seat": seat, "found": len(shown)})
    if not state.cfg.solo:
        return
    arecs = state.c.action_recs
    # "the same number of cards": the number inscribed on the location, not the items the search
    # drew with its bonuses (ruling 53)
    revealed = state.actions.draw_many(b.loc_count[sq], state.rng)
    zombies = []
    blocked = False
    lod = False
    noisy = 0
    for card in revealed:
        r2 = arecs[card]
        if r2.kind == "zombie":
            zombies.append(card)
            continue
        state.actions.discard(card)
        if r2.solo and r2.effect == "blocked":
            blocked = True
        elif r2.solo and r2.effect == "lod":
            lod = True
        elif r2.solo and r2.effect == "noise-until-zombie":
            noisy += 1
    state.emit("search", f"Action cards revealed: {', '.join(arecs[k].name for k in revealed) or 'none'}", None)
    if lod:
        wounded = [ch for ch in g.chars if worst_lod(state, ch) < 0]
        if wounded:
            ch = min(wounded, key=lambda x: (worst_lod(state, x), x))
            death.life_or_death(state, ch, "Does it hurt?")
            if not state.groups[seat].chars or state.over:
                for card in zombies:
                    state.actions.discard(card)
                return
    if zombies:
        start_combat(state, seat, -1, zombies, blocked=blocked)
    for _ in range(noisy):
        noise_until_zombie(state, seat, -1, "You Make Noise")
    cb = state.combat
    if blocked and cb is not None and cb.group == seat and not cb.duel:
        cb.blocked = True


# ==================================================================================================
# rounds
# ==================================================================================================
@dataclass(slots=True)
class NextTurn(StepForm, Auto[DawnState]):
    def run(self, state: DawnState) -> Steps:
        next_turn(state)
        return ()

    def old(self) -> list[Any]:
        return ["next-turn"]


@dataclass(slots=True)
class RoundStart(StepForm, Auto[DawnState]):
    def run(self, state: DawnState) -> Steps:
        round_start(state)
        return ()

    def old(self) -> list[Any]:
        return ["round-start"]


def round_start(state: DawnState) -> None:
    state.round += 1
    n = state.cfg.players
    for k in range(n):
        seat = (state.start + k) % n
        g = state.groups[seat]
        want = HAND_SIZE + group_modifier(state, seat, "hand")
        if len(g.hand) < want:
            draw_actions(state, seat, want - len(g.hand))
        g.cold_blood = False
        g.given = ()
        g.talked = 0
        for _ in range(group_modifier(state, seat, "heal")):
            hurt = [ch for ch in g.chars if any(state.c.damages[state.c.damage_cards[d]].heal for d in state.char_damage[ch])]
            if not hurt:
                break
            ch = max(hurt, key=lambda x: (len(state.char_damage[x]), -x))
            gone = heal(state, ch, ("food", "medicine"), 1)
            state.emit("heal", f"{state.c.characters[ch].name} ({COLOURS[seat]}) recovers from {', '.join(state.c.damages[state.c.damage_cards[d]].name for d in gone)}", None)
    state.used_characters = 0  # every character and skill card is straightened
    state.used_skills = 0
    state.season = state.season_deck.pop()
    rec = state.c.seasons[state.season]
    state.active = state.start
    state.turns_done = 0
    state.emit("round", f"Round {state.round} of {state.cfg.rounds} — {rec.season.capitalize()}: {rec.name}. {rec.text} "
               f"Start player: {COLOURS[state.start].capitalize()}", {"round": state.round, "season": rec.id})
    fx = rec.effect
    if fx.draw:
        for seat in range(n):
            draw_actions(state, seat, fx.draw)
    if fx.hunger:
        recs = state.c.item_recs
        for seat in range(n - 1, -1, -1):
            if not any("food" in recs[it].heals for it in state.carried(seat)):
                state.emit("season", f"The {COLOURS[seat]} group has no Food", None)
                push(state, wounds.Damage(seat, 1))
    state.emit_format("turn", "{}'s turn", (TITLES[state.active],), {"seat": state.active})


def next_turn(state: DawnState) -> None:
    n = state.cfg.players
    g = state.groups[state.active]
    g.given = ()
    g.talked = 0
    state.turns_done += 1
    if state.turns_done < n:
        state.active = (state.active + 1) % n
        g = state.groups[state.active]
        g.given = ()
        g.talked = 0
        state.emit_format("turn", "{}'s turn", (TITLES[state.active],), {"seat": state.active})
        return
    round_end(state)


def round_end(state: DawnState) -> None:
    """Rulebook §End of Round: the most zombie trophy points gain an Xp (ties: all of them)."""
    n = state.cfg.players
    for s in range(n):
        auto_missions(state, s)
    pts = [trophy_points(state, s) for s in range(n)]
    best = max(pts)
    xp = season_fx(state).trophy_xp
    for s in range(n):  # a tie at 0 is a tie: everybody gains it (ruling 21)
        if pts[s] == best:
            state.groups[s].xp += xp
            state.emit_format("xp", "{} has the most zombie trophy points ({}) and gains {} Xp", (TITLES[s], best, xp), {"seat": s})
    recs = state.c.action_recs
    for g in state.groups:
        for z in g.trophies:
            state.actions.discard(z)
        g.trophies = []
        g.trophy_bonus = 0
        assert all(recs[z].kind == "zombie" for z in g.trophies)
    state.season = -1
    state.truce = 0  # the agreements not to attack last until the end of the round
    state.start = (state.start + 1) % n
    if state.round >= state.cfg.rounds:
        end_game(state)
        return
    push(state, RoundStart())


def end_game(state: DawnState) -> None:
    state.phase = OVER
    death.clear_stack(state)
    if state.cfg.solo:
        done = len(state.groups[0].done)
        state.reason = "missions-complete" if done >= MISSIONS_EACH else "missions-missing"
        state.emit("end", f"The last round is over: {done} of {MISSIONS_EACH} missions completed — "
                   f"{'victory' if done >= MISSIONS_EACH else 'defeat'}", {"reason": state.reason})
    else:
        state.reason = "seasons-over"
        scores = ", ".join(f"{COLOURS[s]} {score_parts(state, s)['score']}" for s in range(state.cfg.players))
        state.emit("end", f"The last round is over. Victory points: {scores}", {"reason": state.reason})
