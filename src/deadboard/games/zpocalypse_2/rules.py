"""Zpocalypse 2: Defend the Burbs on the step kernel: setup, the chapter's end, the outcome."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, Final

from deadboard.core.action import Action
from deadboard.core.campaign import CampaignRecord
from deadboard.core.errors import SetupError
from deadboard.core.game import Option, Outcome, Result, Scenario, Setup
from deadboard.core.kernel import KernelGame
from deadboard.core.rng import Rng
from deadboard.games.zpocalypse_2.campaign import (
    CHAPTER_ORDER,
    fresh_start,
    next_record,
    seat_from_record,
    standing,
)
from deadboard.games.zpocalypse_2.content import STATS, Content, load_content
from deadboard.games.zpocalypse_2.levelup import end_tally
from deadboard.games.zpocalypse_2.state import Person, ZState
from deadboard.games.zpocalypse_2.survivors import overflow
from deadboard.games.zpocalypse_2.tactics import plans
from deadboard.games.zpocalypse_2.turn import Dusk

VERSION = "5"


def _scenarios() -> tuple[Scenario, ...]:
    return tuple(Scenario(s.id, s.name, s.text) for s in load_content().scenarios)


#: the decks before shuffling and the starting survivors, by content (the same for every game)
_DECKS: Final[dict[int, tuple[Content, dict[str, tuple[str, ...]], tuple[str, ...], tuple[str, ...]]]] = {}


def _decks(content: Content) -> tuple[dict[str, tuple[str, ...]], tuple[str, ...], tuple[str, ...]]:
    """The armory, food, resource, wound and perk decks in content order, the starting survivors
    (red corner) and every survivor, made once per content."""
    found = _DECKS.get(id(content))
    if found is None or found[0] is not content:
        decks = {
            "armory": tuple(w.id for w in content.weapons if not w.impromptu),
            "food": tuple(s.id for s in content.supplies if s.kind == "food" for _ in range(s.copies)),
            "resource": tuple(s.id for s in content.supplies if s.kind != "food" for _ in range(s.copies)),
            "wound": tuple(w.id for w in content.wounds),
            "perk": tuple(p.id for p in content.perks),
        }
        starting = tuple(s.id for s in content.survivors if s.starting)
        found = _DECKS[id(content)] = (content, decks, starting, tuple(s.id for s in content.survivors))
    return found[1], found[2], found[3]


def new_state(setup: Setup, seed: int) -> ZState:
    content = load_content(setup.content)
    try:
        scenario = content.scenario(setup.scenario)
    except KeyError:
        known = ", ".join(s.id for s in content.scenarios)
        raise SetupError(f"unknown scenario {setup.scenario!r}; known: {known}") from None
    state = ZState.__new__(ZState)
    state.setup_state(setup, seed, content, scenario)
    rng = state.rng
    # decks, shuffled
    decks, starting, survivors = _decks(content)
    for name, cards in decks.items():
        state.decks[name] = list(cards)
    for deck in state.decks.values():
        rng.shuffle(deck)
    # squads: starting survivors (red corner), dealt at random
    starters = list(starting)
    rng.shuffle(starters)
    per = min(scenario.survivors_per_squad, len(starters) // setup.players)
    if per < 1:
        raise SetupError(f"not enough starting survivors for {setup.players} squads")
    for q in state.squads:
        for _ in range(per):
            card = content.survivor(starters.pop())
            stats = {k: getattr(card, k) for k in STATS}
            q.people.append(Person(card.id, card.hp, stats, card.weapon))
        q.items.append(state.decks["food"].pop())
        q.items.append(state.decks["resource"].pop())
    dealt = {p.card for q in state.squads for p in q.people}
    state.decks["survivor"] = [s for s in survivors if s not in dealt]
    rng.shuffle(state.decks["survivor"])
    record = setup.options.get("campaign")
    if record:
        seat_from_record(state, record)
    else:
        fresh_start(state)
    for item in scenario.stash:
        found = next((d for d in ("resource", "food", "armory") if item in state.decks[d]), None)
        if found is not None:
            state.decks[found].remove(item)
            state.public.append(item)
    for q in state.squads:
        # "If your squad ever gains more items than they can carry, you must drop the excess items
        # in your private stash" (a chapter's set-up may deal more than a squad carries)
        overflow(state, q)
    state.init_kernel(Dusk())
    return state


class Zpocalypse2(KernelGame[ZState]):
    id = "zpocalypse-2"
    name = "Zpocalypse 2: Defend the Burbs"
    version = VERSION
    min_players = 1
    max_players = 4
    scenarios = _scenarios()
    options = (
        Option(
            "campaign",
            "Campaign record",
            "The campaign sheet to continue from (a deadboard-campaign/1 record); without it the chapter's own set-up.",
            kind="file",
        ),
    )
    bots: ClassVar[Mapping[str, str]] = {"heuristic": "deadboard.games.zpocalypse_2.bot:HeuristicBot"}
    render_module = "deadboard.games.zpocalypse_2.render"

    def test_setups(self) -> list[Setup]:
        return [Setup("prologue", players=1), Setup("chapter-1", players=2), Setup("prologue", players=3)]

    # ----- campaigns (rulebook §Campaign Play) ----------------------------------------------------
    campaign_chapters = CHAPTER_ORDER

    def campaign_setup(
        self, record: CampaignRecord | None, players: int, content: str | None = None
    ) -> Setup:
        """The next chapter's set-up: the prologue for a new campaign, else the record's chapter
        with the record as the ``campaign`` option."""
        if record is None:
            return Setup(CHAPTER_ORDER[0], {}, players, content)
        if record.game != self.id:
            raise SetupError(f"campaign: the record is for {record.game!r}, not {self.id}")
        return Setup(record.chapter, {"campaign": record.to_json()}, record.players, content)

    def campaign_next(self, state: ZState, record: CampaignRecord | None) -> CampaignRecord:
        """The campaign sheet after the finished chapter ``state``."""
        return next_record(self, state, record)

    def campaign_over(self, record: CampaignRecord) -> bool:
        """The last chapter is won."""
        last = record.history[-1] if record.history else None
        return last is not None and last.chapter == CHAPTER_ORDER[-1] and last.result == "win"

    def campaign_standing(self, state: ZState) -> dict[str, Any]:
        """Where the campaign stands (chapter, survivors, VP), for lists of campaigns."""
        return standing(state)

    def seat_names(self, setup: Setup) -> list[str]:
        return [f"Squad {i + 1}" for i in range(setup.players)]

    # ----- search ---------------------------------------------------------------------------------
    def search_horizon(self, state: ZState) -> Hashable | None:
        """A playout of ``mcts:N+BOT`` stops when the night it started in is over (then the morning
        is priced by the value function, evaluate.py): the night, and whether it goes on."""
        return state.night, state.phase in ("dusk", "midnight")

    def search_candidates(self, view: ZState, legal: Sequence[Action]) -> list[Action]:
        """At a squad's turn, its plans (tactics.plans: end, attack each target, throw, search,
        tunnel, a trait, move to the best, the safest or the most shots); other decisions are not
        searched."""
        d = view.decision
        if d is None or d.kind != "turn":
            return []
        return plans(view, legal)

    def create(self, setup: Setup, seed: int) -> ZState:
        return new_state(setup, seed)

    def interrupt(self, state: ZState) -> bool:
        if state.phase not in ("dusk", "midnight"):
            return False
        for q in state.squads:
            if q.people:
                return False
        state.lost = "every squad is dead"
        state.end()
        return True

    def redact(self, view: ZState, seat: int) -> None:
        """Hide the decks' order (:meth:`hide`). No decision's legal actions or prompt read a deck's
        order (only whether a deck is empty), so the view keeps the ones it was copied with."""
        self.hide(view, seat)

    def hide(self, view: ZState, seat: int) -> None:
        """The decks' order is hidden: each deck is put in a canonical (sorted) order, so that two
        states a seat cannot tell apart give the same view; a search redraws the order from its own
        stream (:meth:`resample`) before it plays on."""
        for deck in view.decks.values():
            deck.sort()
        view.mutate_deck.sort()

    def resample(self, view: ZState, rng: Rng) -> None:
        for deck in view.decks.values():
            deck.sort()
            rng.shuffle(deck)
        view.mutate_deck.sort()
        rng.shuffle(view.mutate_deck)

    def result(self, state: ZState) -> Outcome:
        won = not state.lost and bool(state.living())
        # the progress track's VP and the end-game tally (survivors, weapons, critical wounds)
        tallies = [end_tally(state, q) for q in state.squads]
        vps = [q.vp + t["total"] for q, t in zip(state.squads, tallies, strict=True)]
        mvp = max(range(len(vps)), key=lambda s: (vps[s], -s))
        per_seat = tuple(
            {
                "vp": total,
                "progress_vp": q.vp,
                "survivor_vp": t["survivors"],
                "weapon_vp": t["weapons"],
                "wound_vp": t["wounds"],
                "kills": q.kills,
                "survivors": len(q.people),
            }
            for q, t, total in zip(state.squads, tallies, vps, strict=True)
        )
        return Outcome(
            Result.WIN if won else Result.LOSS,
            tuple(range(len(state.squads))) if won else (),
            float(sum(vps)),
            level="held" if won else "lost",
            turns=state.night,
            reason=state.lost or f"held the house for {state.night} nights",
            per_seat=per_seat,
            details={"doom": state.doom.value, "mvp": mvp, "nights": state.night, "day": state.day},
        )

    def victory_levels(self, setup: Setup) -> list[str]:
        return ["held", "lost"]

    def state_json(self, state: ZState) -> dict[str, Any]:
        b = state.board
        return {
            "scenario": state.scenario.id,
            "night": state.night,
            "hour": state.hour,
            "day": state.day,
            "phase": state.phase,
            "doom": state.doom.value,
            "milestones": state.milestones,
            "doom_marks": sorted(state.doom_marks),
            "first": state.first,
            "pool": list(state.pool.faces),
            "moved": state.turn_moved,
            "squads": [
                {
                    "seat": q.seat,
                    "space": b.name(q.space) if q.space >= 0 else None,
                    "defence": q.defence,
                    "vp": q.vp,
                    "kills": q.kills,
                    "items": list(q.items),
                    "stash": list(q.stash),
                    "stash_token": b.name(q.stash_token) if q.stash_token >= 0 else None,
                    "people": [
                        {
                            "card": p.card,
                            "hp": p.hp,
                            "stats": dict(p.stats),
                            "weapon": p.weapon,
                            "loaded": p.loaded,
                            "bio": p.bio,
                            "rad": p.rad,
                            "wounds": list(p.wounds),
                        }
                        for p in q.people
                    ],
                }
                for q in state.squads
            ],
            "zombies": [[b.name(z.space), "fresh" if z.fresh else "weak", z.down] for z in state.zombies],
            "mutates": [[m.card, b.name(m.space), m.hp] for m in state.mutates],
            "fled": [list(f) for f in state.fled],
            "dropped": {b.name(k): list(v) for k, v in sorted(state.dropped.items())},
            "searched": sorted(b.name(i) for i in state.searched),
            "public": list(state.public),
            "decks": {k: len(v) for k, v in state.decks.items()}
            if state.viewer is not None
            else {k: list(v) for k, v in state.decks.items()},
            "mutate_deck": sorted(state.mutate_deck) if state.viewer is not None else list(state.mutate_deck),
            "rng": state.rng.s if state.viewer is None else None,
            "lost": state.lost,
        }
