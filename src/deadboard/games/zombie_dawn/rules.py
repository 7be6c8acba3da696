"""Zombie Dawn: the game on the step kernel, its hidden information, its outcome and its snapshot
(rulebook §End of Game and Victory Points).

The rules are written by rulebook section, each with its steps. A module imports only those listed
before it, so that rules that need each other share a lower module::

    actions, content, board, state, effects   the actions, the content, the state and its bookkeeping
    words        the actions and the log's squares in words
    flow         how rules push steps; ``ABOVE``, the steps pushed from beneath their modules
    zombies      zombies attack a group, join its combat or wait; Initial Attack; Noise
    items        using items, passing them, sharing them out
    death        Life or Death, death, a wiped-out group's new start, a Pj leaving alive
    cards        action cards
    flight       fleeing a combat, Unblock
    abilities    activated abilities of characters and skills
    missions     missions completed by a choice
    negotiation  offers of items
    wounds       damage placed, Tough's Life or Death rolls, the save at a 4th damage
    anytime      what may be done at any moment, attacking a group, the response window
    combat       the combat against zombies, step by step
    duel         the combat between groups
    turn         the round, the turn, searching
    setup        the map, the characters
    rules        this module: the game; it sets ``flow.ABOVE``

Where a rule beneath pushes a step of a module above it — a combat begins (:mod:`.zombies`,
:mod:`.anytime`) with a step whose window offers the cards, items and abilities that begin combats;
an Initial Attack deals damage whose deaths share out items, a flare among them, that make Noise —
it takes the step from :data:`.flow.ABOVE`, set here. A decision with a single legal action is
taken by the rules unasked, as rules version 3 did before the kernel
(:attr:`~deadboard.core.kernel.KernelGame.takes_single`), so recorded games replay unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from deadboard.core.action import Action
from deadboard.core.game import Outcome, Result, Scenario, Setup, State
from deadboard.core.kernel import KernelGame, refresh
from deadboard.core.responses import Respond
from deadboard.core.rng import Rng
from deadboard.games.zombie_dawn import setup as setup_rules
from deadboard.games.zombie_dawn import turn
from deadboard.games.zombie_dawn.combat import ATTACK_PHASE
from deadboard.games.zombie_dawn.content import COLOURS, SEASONS, load_content
from deadboard.games.zombie_dawn.duel import DuelPhase
from deadboard.games.zombie_dawn.effects import score_parts
from deadboard.games.zombie_dawn.flow import ABOVE, COMBAT_FORM, STEP_FORM, WAITING_FORM
from deadboard.games.zombie_dawn.state import Combat, DawnState
from deadboard.games.zombie_dawn.wounds import Damage

# the steps rules push from beneath the modules that define them (flow.Above), set before any rule runs
ABOVE.attack_phase = ATTACK_PHASE
ABOVE.duel_phase = DuelPhase
ABOVE.damage = Damage

#: the decisions search compares plans at (:meth:`ZombieDawn.search_candidates`), by the kinds of
#: action it compares; of the kinds in :data:`_EACH` every action, of the others one of each
_SEARCHED = {"turn": frozenset({"end", "stop", "search", "clear", "attack", "learn", "cold-blood"}),
             "combat": frozenset({"fight", "shoot", "brawl", "unblock", "flee"})}
_EACH = frozenset({"clear", "learn", "cold-blood", "fight", "shoot", "brawl", "unblock"})

SCENARIOS = (Scenario("standard", "Zombie Dawn", "Competitive survival for 1 to 4 players over 8 rounds (9 with 3 players)."),)


class ZombieDawn(KernelGame[DawnState]):
    id = "zombie-dawn"
    name = "Zombie Dawn"
    version = "4"
    min_players = 1
    max_players = 4
    scenarios = SCENARIOS
    options = setup_rules.OPTIONS
    bots: ClassVar[Mapping[str, str]] = {"heuristic": "deadboard.games.zombie_dawn.bot:HeuristicBot"}
    render_module = "deadboard.games.zombie_dawn.render"
    evaluator = "deadboard.games.zombie_dawn.evaluate:evaluate"
    hint_anchor = "heuristic"  # plain search plays worse than the heuristic bot here (docs/simulation.md)
    takes_single = True  # rules versions 3 and 4 take forced decisions themselves: their saves hold no action for them
    stack_key = "pending"

    def default_setup(self) -> Setup:
        return Setup(scenario="standard", players=4)

    def players_for_options(self, option_ids: list[str]) -> int:
        """Seats when --players is not given: the full table."""
        return 4

    def normalize_setup(self, setup: Setup) -> Setup:
        setup = super().normalize_setup(setup)
        setup_rules.build_config(setup, load_content(setup.content))  # raises SetupError on a bad combination
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

    def create(self, setup: Setup, seed: int) -> DawnState:
        content = load_content(setup.content)
        cfg = setup_rules.build_config(setup, content)
        state = DawnState(content, cfg, setup, seed)
        setup_rules.init_state(state)
        return state

    def result(self, state: DawnState) -> Outcome:
        return dawn_outcome(state, self.seat_names(state.setup))

    # ----- information ---------------------------------------------------------------------------
    def hide(self, view: DawnState, seat: int) -> None:
        """Hands, missions, the characters and skills being chosen by others, and the order of every
        deck are redrawn from what ``seat`` cannot see, with the view's own (publicly seeded) Rng:
        two states that the seat cannot tell apart give the same view."""
        _resample(view, seat, view.rng)

    def resample(self, view: DawnState, rng: Rng) -> None:
        seat = view.viewer if view.viewer is not None else -1
        _resample(view, seat, Rng(rng.next64()))

    # A seat's own legal actions and prompt depend only on what it sees (its hand and missions, the
    # sizes of the others' hands, the table): a view for the deciding seat keeps them, and only a
    # view for another seat reads the decision again (bots ask a view at every decision).
    def redact(self, view: State, seat: int) -> None:
        state = cast(DawnState, view)
        self.hide(state, seat)
        if state.decision is not None and state.decision.seat != seat:
            refresh(state)

    def determinize(self, view: State, rng: Rng) -> None:
        state = cast(DawnState, view)
        self.resample(state, rng)
        state.rng = Rng(rng.next64())
        if state.decision is not None and state.decision.seat != state.viewer:
            refresh(state)

    # ----- search --------------------------------------------------------------------------------
    def search_horizon(self, state: DawnState) -> tuple[int, int]:
        """A playout of ``mcts:N+BOT`` stops when the turn it started in is over (then scored by the
        value function): the round and the turns finished in it."""
        return state.round, state.turns_done

    def search_candidates(self, view: DawnState, legal: Sequence[Action]) -> list[Action]:
        """On its turn, a group's choices of plan: end the turn where it is, stop searching, search
        (once more), clear a location, attack each group it may, learn a skill; in a fight against
        zombies, fight, shoot, brawl, try to unblock or flee (with an Xp, with a card). Which card
        pays for it and where to walk are left to the bot searching; other decisions are not
        searched."""
        d = view.decision
        if d is None or d.kind not in _SEARCHED:
            return []
        kinds = _SEARCHED[d.kind]
        out: list[Action] = []
        seen: set[str] = set()
        for a in legal:
            if a.kind not in kinds:
                continue
            key = a.text if a.kind in _EACH else a.kind + (" xp" if a.text == "flee xp" else "")
            if a.kind == "attack":
                key = "attack " + a.text.split()[1]  # attack COLOUR CARD: one a group
            if key not in seen:
                seen.add(key)
                out.append(a)
        return out if len(out) > 1 else []

    # ----- the snapshot --------------------------------------------------------------------------
    def state_json(self, state: DawnState) -> dict[str, Any]:
        return snapshot(state)

    def stack_json(self, state: DawnState) -> list[Any]:
        """The stack as the snapshot wrote it before the kernel: bottom first, each step as its old
        entry (the running combat's step, whichever it is, as its one ``combat`` entry); the turn
        decision, the bottom step and the combats waiting (the snapshot's ``queue``), never entries,
        left out."""
        out = []
        for step in state.steps:
            if isinstance(step, Respond):
                step = step.window
            if isinstance(step, STEP_FORM):
                entry = cast(Any, step).old()
                if entry is not None:
                    out.append(entry)
        return out


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
    stack = state.steps
    for step in stack:
        if isinstance(step, setup_rules.ChooseCharacter) and step.seat != seat:
            chars.extend(step.dealt)
        elif isinstance(step, turn.ChooseSkill) and step.seat != seat:
            skills.extend(step.drawn)
    chars.sort()
    skills.sort()
    rng.shuffle(chars)
    rng.shuffle(skills)
    for j, step in enumerate(stack):  # steps are values: those redrawn are replaced
        if isinstance(step, setup_rules.ChooseCharacter) and step.seat != seat:
            k = len(step.dealt)
            stack[j] = setup_rules.ChooseCharacter(step.seat, tuple(sorted(chars[:k])))
            chars = chars[k:]
        elif isinstance(step, turn.ChooseSkill) and step.seat != seat:
            k = len(step.drawn)
            stack[j] = turn.ChooseSkill(step.seat, tuple(skills[:k]))
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

    trip = state.last_drive

    def cards(xs: list[int] | tuple[int, ...]) -> list[str]:
        return [arecs[k].id for k in xs]

    groups = []
    for g in state.groups:
        groups.append({
            "colour": COLOURS[g.seat],
            "square": sqname(g.sq),
            "characters": [{
                "id": c.characters[ch].id,
                "damage": [c.damage_names[d] for d in state.char_damage[ch]],
                "items": [inames[it] + ("*" if state.is_turned(it) else "") for it in state.char_items[ch]],
                "skills": [c.skills[s].id for s in state.char_skills[ch]],
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
        "abilities_used": sorted([c.characters[ch].id for ch in range(len(c.characters)) if state.used_characters >> ch & 1]
                                 + [c.skills[sk].id for sk in range(len(c.skills)) if state.used_skills >> sk & 1]),
        "truces": [[COLOURS[k // 4], COLOURS[k % 4]] for k in range(16) if state.truce >> k & 1],
        "combat": state.combat.to_json(c, combat_stage(state, state.combat)) if state.combat is not None else None,
        "queue": [cast(Any, step).queue_entry(state) for step in state.steps[::-1] if isinstance(step, WAITING_FORM)],
        "last_drive": [trip.seat, sqname(trip.start), [sqname(s) for s in trip.path], trip.protect] if trip else None,
        "reason": state.reason,
        "rng": state.rng.s if state.viewer is None else None,
        "events": len(state.log),
    }


def combat_stage(state: DawnState, cb: Combat) -> str:
    """The snapshot's name of the point the running combat has reached: its step's, the nearest the
    top of the stack (``over`` once it has ended)."""
    if not cb.ended:
        for step in state.steps[::-1]:  # (compiled, mypyc cannot type reversed() of the stack)
            if isinstance(step, COMBAT_FORM):
                return str(cast(Any, step).stage(state))
    return "over"


__all__ = ["SCENARIOS", "ZombieDawn", "dawn_outcome", "ranking_key", "snapshot"]
