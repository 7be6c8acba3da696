"""Zombie Dawn: the round (rulebook §Round of Play), turns and response windows, the end and the
score (rulebook §End of Game and Victory Points).

A round::

    replenish hands to 6 -> reveal the season -> each player's turn, from the Start Player
    -> the most zombie trophy points gain an Xp -> trophies discarded -> Start Player passes left

During a turn the active player takes actions; after each one the opponents get a response window
(clockwise from the active player, :mod:`deadboard.core.responses`). A seat with nothing to play
but ``pass`` is skipped without a decision, and so is every decision with a single legal action.

:func:`advance` resolves everything automatic until a seat must decide; ``state.pending`` is a stack
of steps (windows, the running combat, damage to place, items to share out ...) above the turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from deadboard.core.action import Action
from deadboard.core.errors import IllegalActionError
from deadboard.core.game import Decision, Game, Outcome, Result, Scenario, Setup, State
from deadboard.core.rng import Rng
from deadboard.games.zombie_dawn import actions as ax
from deadboard.games.zombie_dawn import combat as cm
from deadboard.games.zombie_dawn import setup as su
from deadboard.games.zombie_dawn.content import COLOURS, SEASONS, load_content
from deadboard.games.zombie_dawn.effects import (
    HAND_SIZE,
    auto_missions,
    clear_pending,
    draw_actions,
    gmod,
    heal,
    score_parts,
    season_fx,
    title,
    trophy_points,
)
from deadboard.games.zombie_dawn.state import OVER, PLAY, DawnState

SCENARIOS = (Scenario("standard", "Zombie Dawn", "Competitive survival for 1 to 4 players over 8 rounds (9 with 3 players)."),)

#: decisions at which the deciding seat's cost-free missions are checked (and completed); also
#: checked when a group wins a combat and at the end of every round
SELF_CHECK = frozenset({"turn"})

#: makes a named tuple from the tuple of its fields (no keyword handling: the engine loop is hot)
_new = tuple.__new__

#: steps of ``pending`` that are decisions of the seat in ``step[1]``
STEP_DECISIONS = frozenset(
    {"damage", "lodpick", "save", "items", "flee-place", "respawn", "discard", "learn", "character", "zone",
     "bargain", "answer"}
)


# ==================================================================================================
# the engine loop
# ==================================================================================================
def advance(state: DawnState) -> None:
    """Resolve everything automatic until a seat must decide or the game is over. Decisions with a
    single legal action are taken at once (their prompt is never written)."""
    while True:
        if state.phase == OVER:
            state.decision = None
            state.legal = []
            return
        d = _next_decision(state)
        if d is None:
            continue
        seat, kind = d
        if kind in SELF_CHECK and auto_missions(state, seat):
            state.legal = None
            continue
        legal = state.legal
        assert legal is not None
        if len(legal) == 1:
            state.decision = _new(Decision, (seat, kind, ""))
            _apply(state, legal[0])
            continue
        state.decision = _new(Decision, (seat, kind, _decision_prompt(state, seat, kind)))
        return


def _next_decision(state: DawnState) -> tuple[int, str] | None:
    """Run one automatic step; return the seat and kind of the decision it stops at (with
    ``state.legal`` set), or None to carry on."""
    pending = state.pending
    if not pending:
        if state.phase != PLAY:  # pragma: no cover - setup always leaves steps
            raise AssertionError(state.phase)
        state.legal = ax.turn_actions(state)
        return state.active, "turn"
    step = pending[-1]
    kind = step[0]
    if kind == "window":
        w = step[1]
        while w.queue:
            seat = w.queue[0]
            if ax.has_response(state, seat, w.marks):
                pending[-1] = ("window", w)
                state.legal = ax.respond_actions(state, seat, w.marks)
                return seat, "respond"
            w = w.passed()
        pending.pop()
        if w.tag == "drive":
            state.last_drive = None
        return None
    if kind == "combat":
        if not cm.combat_step(state):
            return None
        cb = state.combat
        assert cb is not None
        if not cb.duel:
            if not ax.combat_has_choice(state):  # nothing but fight
                state.legal = None
                cm.attack(state, "fight")
                return None
            state.legal = ax.combat_actions(state)
            return cb.group, "combat"
        state.legal = ax.duel_actions(state)
        return (cb.enemy if cb.stage == "attacker" else cb.group), "duel"
    if kind in STEP_DECISIONS:
        seat = step[1]
        if kind == "damage":
            if not state.groups[seat].chars:
                pending.pop()
                return None
            if step[4] < 0:
                card = state.damage.draw(state.rng)
                if card is None:
                    pending.pop()
                    return None
                step = (*step[:4], card)
                pending[-1] = step
        legal = ax.step_actions(state, step)
        if not legal:  # nobody left to choose (the group died meanwhile)
            pending.pop()
            return None
        state.legal = legal
        return seat, kind
    pending.pop()
    _run(state, step)
    return None


def _decision_prompt(state: DawnState, seat: int, kind: str) -> str:
    """What the deciding seat is asked (written only for decisions that are really asked)."""
    if kind == "turn":
        return f"{title(seat)}: your turn (round {state.round})"
    if kind == "respond":
        w = state.pending[-1][1]
        return f"{title(seat)}: respond to {COLOURS[w.actor]}'s {w.trigger}? (action 1: pass)"
    if kind == "combat":
        cb = state.combat
        assert cb is not None
        return f"{title(seat)}: {cb.dice} zombie dice — fight, shoot or flee?"
    if kind == "duel":
        cb = state.combat
        assert cb is not None
        return f"{title(seat)}: fight against the {COLOURS[cb.group if seat == cb.enemy else cb.enemy]} group"
    return _prompt(state, state.pending[-1])


def _prompt(state: DawnState, step: tuple[Any, ...]) -> str:
    kind = step[0]
    seat = step[1]
    who = title(seat)
    c = state.c
    if kind == "damage":
        return f"{who}: place the {c.damages[c.damage_cards[step[4]]].name} on a Pj ({step[2]} to place)"
    if kind == "lodpick":
        return f"{who}: which Pj makes the Life or Death roll?"
    if kind == "save":
        return f"{who}: {c.characters[step[2]].name} has 4 damage — remove one now or die"
    if kind == "items":
        what = {"search": "the items found", "death": "the dead Pj's items", "loot": "the items of the fallen enemy",
                "flee": "one item found (you are fleeing)", "gift": "the items you accepted"}[step[2]]
        return f"{who}: take {what}"
    if kind == "flee-place":
        return f"{who}: where does the fleeing {COLOURS[step[2]]} group end up?"
    if kind == "respawn":
        return f"{who}: where does your new group start?"
    if kind == "discard":
        return f"{who}: discard {step[2]} card{'s' if step[2] > 1 else ''} (Exhausted)"
    if kind == "learn":
        return f"{who}: choose a skill and the Pj who learns it"
    if kind == "character":
        return f"{who}: choose your character"
    if kind == "zone":
        return f"{who}: place a map zone next to your zones ({len(state.dealt[seat])} left)"
    if kind == "bargain":
        names = ", ".join(c.item_recs[it].name for it in step[3]) or "nothing yet"
        why = "to end the fight" if step[4] == "duel" else "so that it leaves you alone this round"
        return f"{who}: offer items to the {COLOURS[step[2]]} player {why} (offered: {names})"
    if kind == "answer":
        names = ", ".join(c.item_recs[it].name for it in step[3])
        why = "and end the fight" if step[4] == "duel" else "and leave the group alone this round"
        return f"{who}: the {COLOURS[step[2]]} player offers {names}: accept {why}?"
    return str(kind)  # pragma: no cover


def _run(state: DawnState, step: tuple[Any, ...]) -> None:
    kind = step[0]
    if kind == "next-turn":
        next_turn(state)
    elif kind == "round-start":
        round_start(state)
    elif kind == "finish-setup":
        su.finish_setup(state)
    else:  # pragma: no cover
        raise AssertionError(kind)


def _apply(state: DawnState, a: Action) -> None:
    """Apply an action of the current decision (no advance)."""
    d = state.decision
    assert d is not None
    kind = d.kind
    state.legal = None
    pending = state.pending
    if kind == "turn":
        ax.apply_turn(state, a)
    elif kind == "respond":
        w = pending[-1][1]
        k = a[0]
        if k == "pass":
            pending[-1] = ("window", w.passed())
        else:
            w = w.responded()
            if k == "give" or k == "drop":  # each item moves once per window
                w = w.mark(state.c.item_index[str(a[1])])
            elif k == "negotiate":  # one offer to each group per window
                w = w.mark(str(a[1]))
            pending[-1] = ("window", w)
            ax.apply_anytime(state, d.seat, a, ax.WINDOW)
    elif kind == "combat":
        ax.apply_combat(state, a)
    elif kind == "duel":
        ax.apply_duel(state, a)
    elif kind == "zone":
        zone = state.c.zone_index[str(a[1])]
        su.place_zone(state, d.seat, zone, int(a[2]), int(a[3]), int(a[4]))
        if not state.dealt[d.seat]:
            pending.pop()
    elif kind == "character":
        step = pending.pop()
        su.choose_character(state, d.seat, state.c.char_index[str(a[1])], step[2])
    else:
        ax.apply_step(state, pending[-1], a)


# ==================================================================================================
# rounds and turns
# ==================================================================================================
def round_start(state: DawnState) -> None:
    state.round += 1
    n = state.cfg.players
    for k in range(n):
        seat = (state.start + k) % n
        g = state.groups[seat]
        want = HAND_SIZE + gmod(state, seat, "hand")
        if len(g.hand) < want:
            draw_actions(state, seat, want - len(g.hand))
        g.cold_blood = False
        g.given = ()
        g.talked = 0
        for _ in range(gmod(state, seat, "heal")):
            hurt = [ch for ch in g.chars if any(state.c.damages[state.c.damage_cards[d]].heal for d in state.cdmg[ch])]
            if not hurt:
                break
            ch = max(hurt, key=lambda x: (len(state.cdmg[x]), -x))
            gone = heal(state, ch, ("food", "medicine"), 1)
            state.emit("heal", f"{state.c.characters[ch].name} ({COLOURS[seat]}) recovers from {', '.join(state.c.damages[state.c.damage_cards[d]].name for d in gone)}", None)
    state.cused = 0  # every character and skill card is straightened
    state.sused = 0
    state.season = state.season_deck.pop()
    rec = state.c.seasons[state.season]
    state.active = state.start
    state.turns_done = 0
    state.emit("round", f"Round {state.round} of {state.cfg.rounds} — {rec.season.capitalize()}: {rec.name}. {rec.text} "
               f"Start player: {COLOURS[state.start]}", {"round": state.round, "season": rec.id})
    fx = rec.effect
    if fx.draw:
        for seat in range(n):
            draw_actions(state, seat, fx.draw)
    if fx.hunger:
        recs = state.c.item_recs
        for seat in range(n - 1, -1, -1):
            if not any("food" in recs[it].heals for it in state.carried(seat)):
                state.emit("season", f"The {COLOURS[seat]} group has no Food", None)
                state.pending.append(("damage", seat, 1, -1, -1))
    state.emit("turn", f"{title(state.active)}'s turn", {"seat": state.active})


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
        state.emit("turn", f"{title(state.active)}'s turn", {"seat": state.active})
        return
    round_end(state)


def round_end(state: DawnState) -> None:
    """Rulebook §End of Round: the most zombie trophy points gain an Xp (ties: all of them)."""
    n = state.cfg.players
    for s in range(n):
        auto_missions(state, s)
    pts = [trophy_points(state, s) for s in range(n)]
    best = max(pts)
    if best > 0:
        xp = season_fx(state).trophy_xp
        for s in range(n):
            if pts[s] == best:
                state.groups[s].xp += xp
                state.emit("xp", f"{title(s)} has the most zombie trophy points ({best}) and gains {xp} Xp", {"seat": s})
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
    state.pending.append(("round-start",))


def end_game(state: DawnState) -> None:
    state.phase = OVER
    clear_pending(state)
    if state.cfg.solo:
        done = len(state.groups[0].done)
        state.reason = "missions-complete" if done >= su.MISSIONS_EACH else "missions-missing"
        state.emit("end", f"The last round is over: {done} of {su.MISSIONS_EACH} missions completed — "
                   f"{'victory' if done >= su.MISSIONS_EACH else 'defeat'}", {"reason": state.reason})
    else:
        state.reason = "seasons-over"
        scores = ", ".join(f"{COLOURS[s]} {score_parts(state, s)['score']}" for s in range(state.cfg.players))
        state.emit("end", f"The last round is over. Victory points: {scores}", {"reason": state.reason})


# ==================================================================================================
# the game
# ==================================================================================================
class ZombieDawn(Game):
    id = "zombie-dawn"
    name = "Zombie Dawn"
    version = "3"
    min_players = 1
    max_players = 4
    scenarios = SCENARIOS
    options = su.OPTIONS
    bots: ClassVar[Mapping[str, str]] = {"heuristic": "deadboard.games.zombie_dawn.bot:HeuristicBot"}
    render_module = "deadboard.games.zombie_dawn.render"
    evaluator = "deadboard.games.zombie_dawn.evaluate:evaluate"
    hint_anchor = "heuristic"  # plain search plays worse than the heuristic bot here (docs/simulation.md)

    def default_setup(self) -> Setup:
        return Setup(scenario="standard", players=4)

    def players_for_options(self, option_ids: list[str]) -> int:
        """Seats when --players is not given: the full table."""
        return 4

    def normalize_setup(self, setup: Setup) -> Setup:
        setup = super().normalize_setup(setup)
        su.build_config(setup, load_content(setup.content))  # raises SetupError on a bad combination
        return setup

    def seat_names(self, setup: Setup) -> list[str]:
        return [c.capitalize() for c in COLOURS[: setup.players]]

    def test_setups(self) -> list[Setup]:
        return [
            Setup("standard", players=1),
            Setup("standard", players=2),
            Setup("standard", players=3),
            Setup("standard", players=4),
            Setup("standard", {"hard": True}, players=3),
            Setup("standard", {"hard": True, "expert-cards": False}, players=1),
            Setup("standard", {"long": 1, "expert-cards": False}, players=2),
        ]

    def new(self, setup: Setup | None = None, seed: int = 0) -> DawnState:
        setup = self.normalize_setup(setup or self.default_setup())
        content = load_content(setup.content)
        cfg = su.build_config(setup, content)
        state = DawnState(content, cfg, setup, seed)
        su.init_state(state)
        advance(state)
        return state

    # ----- actions -------------------------------------------------------------------------------
    def legal_actions(self, state: State) -> list[Action]:
        assert isinstance(state, DawnState)
        if state.decision is None:
            return []
        if state.legal is None:
            state.legal = _legal(state)
        return list(state.legal)

    def apply_unchecked(self, state: State, action: Action) -> None:
        assert isinstance(state, DawnState)
        if state.decision is None:
            raise IllegalActionError("the game is over")
        _apply(state, action)
        advance(state)

    # ----- results -------------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        assert isinstance(state, DawnState)
        if state.phase != OVER:
            return None
        return dawn_outcome(state, self.seat_names(state.setup))

    # ----- information ---------------------------------------------------------------------------
    def redact(self, view: State, seat: int) -> None:
        """Hands, missions, the characters and skills being chosen by others, and the order of every
        deck are redrawn from what ``seat`` cannot see, with the view's own (publicly seeded) Rng:
        two states that the seat cannot tell apart give the same view."""
        assert isinstance(view, DawnState)
        view.legal = None
        _resample(view, seat, view.rng)

    def determinize(self, view: State, rng: Rng) -> None:
        assert isinstance(view, DawnState)
        seat = view.viewer if view.viewer is not None else -1
        view.legal = None
        _resample(view, seat, Rng(rng.next64()))
        view.rng = Rng(rng.next64())

    def snapshot(self, state: State) -> dict[str, Any]:
        assert isinstance(state, DawnState)
        return snapshot(state)


def _legal(state: DawnState) -> list[Action]:
    """Recompute the legal actions of the current decision (views drop the cache)."""
    d = state.decision
    assert d is not None
    kind = d.kind
    if kind == "turn":
        return ax.turn_actions(state)
    if kind == "respond":
        return ax.respond_actions(state, d.seat, state.pending[-1][1].marks)
    if kind == "combat":
        return ax.combat_actions(state)
    if kind == "duel":
        return ax.duel_actions(state)
    return ax.step_actions(state, state.pending[-1])


def _redeal(rng: Rng, deck: list[int], hands: list[list[int]]) -> tuple[list[int], list[list[int]]]:
    """Shuffle a deck and the hidden hands dealt from it together, and deal each hand as many cards
    as it held: the new deck and the new hands."""
    pool = sorted([*deck, *(k for hand in hands for k in hand)])
    rng.shuffle(pool)
    dealt: list[list[int]] = []
    i = 0
    for hand in hands:
        dealt.append(pool[i:i + len(hand)])
        i += len(hand)
    return pool[i:], dealt


def _resample(state: DawnState, seat: int, rng: Rng) -> None:
    """Redraw everything ``seat`` cannot see from the pool of cards it cannot see."""
    groups = state.groups
    others = [g for g in groups if g.seat != seat]
    # action cards: the deck and the other players' hands
    state.actions.cards, hands = _redeal(rng, state.actions.cards, [g.hand for g in others])
    for g, hand in zip(others, hands):
        g.hand = hand
    # missions: the deck and the other players' hidden missions
    state.missions.cards, hands = _redeal(rng, state.missions.cards, [g.missions for g in others])
    for g, hand in zip(others, hands):
        g.missions = hand
    # characters and skills being chosen by another seat
    chars = list(state.char_deck.cards)
    skills = list(state.skill_deck.cards)
    for step in state.pending:
        if step[0] == "character" and step[1] != seat:
            chars.extend(step[2])
        elif step[0] == "learn" and step[1] != seat:
            skills.extend(step[2])
    chars.sort()
    skills.sort()
    rng.shuffle(chars)
    rng.shuffle(skills)
    pending = state.pending
    for j, step in enumerate(pending):
        if step[0] == "character" and step[1] != seat:
            k = len(step[2])
            pending[j] = ("character", step[1], tuple(sorted(chars[:k])))
            chars = chars[k:]
        elif step[0] == "learn" and step[1] != seat:
            k = len(step[2])
            pending[j] = ("learn", step[1], tuple(skills[:k]))
            skills = skills[k:]
    state.char_deck.cards = chars
    state.skill_deck.cards = skills
    # decks nobody has seen
    for deck in (state.green, state.blue, state.specials, state.damage):
        deck.cards.sort()
        rng.shuffle(deck.cards)
    # the season deck: which cards of each season, in the known season order
    seasons = state.c.seasons
    for s in SEASONS:
        slots = [j for j, x in enumerate(state.season_deck) if seasons[x].season == s]
        if not slots:
            continue
        cards = sorted([state.season_deck[j] for j in slots] + [x for x in state.season_out if seasons[x].season == s])
        rng.shuffle(cards)
        for j, x in zip(slots, cards):
            state.season_deck[j] = x
        rest = set(cards[len(slots):])
        state.season_out = sorted([x for x in state.season_out if seasons[x].season != s] + list(rest))


# ==================================================================================================
# outcome and snapshot
# ==================================================================================================
def ranking_key(parts: dict[str, int]) -> tuple[int, ...]:
    """Rulebook §Counting Victory Points: score, then the five tiebreakers in order."""
    return (parts["score"], parts["xp"], parts["tokens"], -parts["dead"], parts["opponent_locations"], parts["missions"])


def dawn_outcome(state: DawnState, seat_names: list[str]) -> Outcome:
    n = state.cfg.players
    parts = [score_parts(state, s) for s in range(n)]
    per_seat = tuple({"seat": seat_names[s], **parts[s]} for s in range(n))
    if state.cfg.solo:
        won = state.reason == "missions-complete"
        return Outcome(
            result=Result.WIN if won else Result.LOSS, winners=(0,) if won else (), score=float(parts[0]["score"]),
            level=None, turns=state.round, reason=state.reason, per_seat=per_seat,
            details={"missions": parts[0]["missions"]},
        )
    keys = [ranking_key(p) for p in parts]
    best = max(keys)
    winners = tuple(s for s in range(n) if keys[s] == best)
    result = Result.WIN if winners == (0,) else Result.DRAW if 0 in winners else Result.LOSS
    return Outcome(
        result=result, winners=winners, score=float(parts[0]["score"]), level=None, turns=state.round,
        reason=state.reason, per_seat=per_seat,
        details={"scores": [p["score"] for p in parts], "tied": len(winners) > 1},
    )


def snapshot(state: DawnState) -> dict[str, Any]:
    c = state.c
    b = state.board

    def sqname(sq: int) -> str | None:
        return b.names[sq] if b is not None and sq >= 0 else None
    inames = c.item_names
    arecs = c.action_recs
    names = b.names if b is not None else ()

    def cards(xs: list[int] | tuple[int, ...]) -> list[str]:
        return [arecs[k].id for k in xs]

    groups = []
    for g in state.groups:
        groups.append({
            "colour": COLOURS[g.seat],
            "square": sqname(g.sq),
            "characters": [{
                "id": c.characters[ch].id,
                "damage": [c.damage_names[d] for d in state.cdmg[ch]],
                "items": [inames[it] + ("*" if state.is_turned(it) else "") for it in state.citems[ch]],
                "skills": [c.skills[s].id for s in state.cskills[ch]],
            } for ch in g.chars],
            "hand": cards(g.hand),
            "missions": [c.missions[m].id for m in g.missions],
            "done": [c.missions[m].id for m in g.done],
            "vp_skills": [c.skills[s].id for s in g.vp_skills],
            "dead": [c.characters[ch].id for ch in g.dead],
            "xp": g.xp,
            "trophies": cards(g.trophies),
            "trophy_bonus": g.trophy_bonus,
            "vehicle": arecs[g.vehicle].id if g.vehicle >= 0 else None,
            "vehicle_turned": g.vehicle_turned,
            "found": [inames[it] for it in g.found],
            "searching": g.searching,
            "declared": c.missions[g.declared].id if g.declared >= 0 else None,
            "cold_blood": g.cold_blood,
            "given": [inames[it] for it in g.given],
            "talked": [COLOURS[t] for t in range(4) if g.talked >> t & 1],
            "adrenaline": g.adrenaline,
        })

    def step_json(step: tuple[Any, ...]) -> list[Any]:
        if step[0] == "window":
            return ["window", step[1].to_json()]
        return [x if isinstance(x, int | str) else list(x) if isinstance(x, tuple) else str(x) for x in step]

    return {
        "game": "zombie-dawn",
        "phase": state.phase,
        "round": state.round,
        "rounds": state.cfg.rounds,
        "start": state.start,
        "active": state.active,
        "turns_done": state.turns_done,
        "season": c.seasons[state.season].id if state.season >= 0 else None,
        "season_deck": [c.seasons[x].id for x in state.season_deck],
        "season_out": [c.seasons[x].id for x in state.season_out],
        "decision": list(state.decision) if state.decision else None,
        "groups": groups,
        "decks": {
            "actions": cards(state.actions.cards), "actions_discard": cards(state.actions.discards),
            "green": [inames[i] for i in state.green.cards], "green_discard": [inames[i] for i in state.green.discards],
            "blue": [inames[i] for i in state.blue.cards], "blue_discard": [inames[i] for i in state.blue.discards],
            "specials": [inames[i] for i in state.specials.cards], "specials_discard": [inames[i] for i in state.specials.discards],
            "damage": [c.damage_names[d] for d in state.damage.cards],
            "damage_discard": [c.damage_names[d] for d in state.damage.discards],
            "characters": [c.characters[ch].id for ch in state.char_deck.cards],
            "skills": [c.skills[s].id for s in state.skill_deck.cards],
            "missions": [c.missions[m].id for m in state.missions.cards],
            "missions_discard": [c.missions[m].id for m in state.missions.discards],
        },
        "layout": [[[c.zones[z].id, x, y, r] for z, x, y, r in lay] for lay in state.layout],
        "dealt": [[c.zones[z].id for z in d] for d in state.dealt],
        "searched": {names[sq]: [COLOURS[s] for s in range(4) if state.searched[sq] >> s & 1]
                     for sq in (b.locations if b else ()) if state.searched[sq]},
        "turned": state.turned,
        "abilities_used": sorted([c.characters[ch].id for ch in range(len(c.characters)) if state.cused >> ch & 1]
                                 + [c.skills[sk].id for sk in range(len(c.skills)) if state.sused >> sk & 1]),
        "truces": [[COLOURS[k // 4], COLOURS[k % 4]] for k in range(16) if state.truce >> k & 1],
        "combat": state.combat.to_json(c) if state.combat is not None else None,
        "queue": [[COLOURS[q[0]], q[1], cards(q[2]), q[3], q[4], q[5], q[6]] for q in state.queue],
        "last_drive": [state.last_drive[0], sqname(state.last_drive[1]), [sqname(s) for s in state.last_drive[2]],
                       state.last_drive[3]] if state.last_drive else None,
        "pending": [step_json(s) for s in state.pending],
        "reason": state.reason,
        "rng": state.rng.s if state.viewer is None else None,
        "events": len(state.log),
    }


__all__ = ["SCENARIOS", "ZombieDawn", "advance", "dawn_outcome", "ranking_key", "snapshot"]
