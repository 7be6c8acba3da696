"""Campaign play (rulebook §Campaign Play): the campaign sheet between chapters as a
:class:`~deadboard.core.campaign.CampaignRecord`.

"Use the campaign sheet to record all the important details of your play session" — which players
controlled which survivors, VP, item cards, perk cards, locations and chapters completed. A finished
chapter gives the next record (:func:`next_record`); a chapter started with the ``campaign`` setup
option (the record as JSON) seats the survivors still alive with their HP, skills and stats (after
perks and wounds), tokens, items and perks, the squads' VP and stashes, and the public stash.
Without a record a chapter uses its set-up ("starting without a saved game")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deadboard.core.campaign import CampaignRecord, CampaignSurvivor
from deadboard.core.errors import SaveError, SetupError
from deadboard.games.zpocalypse_2.content import STATS
from deadboard.games.zpocalypse_2.crafting import structure_spaces
from deadboard.games.zpocalypse_2.recruiting import new_person
from deadboard.games.zpocalypse_2.sheet import check as check_sheet
from deadboard.games.zpocalypse_2.state import Person, ZState

CHAPTER_ORDER = ("prologue", "chapter-1", "chapter-2", "chapter-3", "chapter-4")


def next_chapter(chapter: str) -> str:
    k = CHAPTER_ORDER.index(chapter) if chapter in CHAPTER_ORDER else -1
    return CHAPTER_ORDER[k + 1] if 0 <= k < len(CHAPTER_ORDER) - 1 else chapter


def next_record(
    game: Any, state: ZState, record: CampaignRecord | None = None, campaign: str = "burbs"
) -> CampaignRecord:
    """The campaign sheet after the chapter ``state`` played (finished). A lost chapter is played
    again ("You must restart your current chapter"), without the stashes ("Discard all items that
    are stashed")."""
    outcome = game.outcome(state)
    if outcome is None:
        raise ValueError("the chapter is not over")
    won = outcome.result.value == "win"
    base = record or CampaignRecord(game.id, game.version, campaign, state.scenario.id, len(state.squads))
    survivors: list[CampaignSurvivor] = []
    for q in state.squads:
        for k, p in enumerate(q.people):
            items = tuple(([p.weapon] if p.weapon else []) + (q.items if k == 0 else []))
            stats = {
                **p.stats,
                "bio": p.bio,
                "rad": p.rad,
                "objective_done": int(p.done),
                "progress": p.progress,
            }
            survivors.append(
                CampaignSurvivor(
                    p.card, q.seat, p.hp, items, tuple(p.perks), q.vp if k == 0 else 0, True, stats
                )
            )
    data = {
        "squad_vp": [q.vp for q in state.squads],
        "stashes": [list(q.stash) if won else [] for q in state.squads],
        "wounds": {p.card: list(p.wounds) for q in state.squads for p in q.people},
        "tokens": [list(q.tokens) for q in state.squads],
        # "remove any fortifications from the board and crafted upgrades on the action board"
        # when a chapter is lost; a chapter won keeps the house as it stands
        "structures": {state.board.name(i): c for i, c in sorted(state.structures.items())} if won else {},
        "upgrades": list(state.upgrades) if won else [],
        "bombs": {state.board.name(i): s for i, s in sorted(state.bombs.items())} if won else {},
    }
    return base.after(
        outcome,
        next_chapter=next_chapter(state.scenario.id) if won else state.scenario.id,
        survivors=survivors,
        stash=list(state.public) if won else [],
        vp=int(outcome.score),
        seed=state.seed,
        data=data,
    )


def standing(state: ZState) -> dict[str, Any]:
    """Where a campaign stands in this chapter, for a front end's list of campaigns: the chapter
    (its place among the five), the survivors alive in the squads, the squads' victory points."""
    sc = state.scenario
    return {
        "chapter": sc.id,
        "name": sc.name,
        "number": CHAPTER_ORDER.index(sc.id) + 1 if sc.id in CHAPTER_ORDER else 0,
        "chapters": len(CHAPTER_ORDER),
        "survivors": sum(len(q.people) for q in state.squads),
        "vp": sum(q.vp for q in state.squads),
        "phase": state.phase,
    }


def fresh_start(state: ZState) -> None:
    """The chapter's "instructions ... for starting without a saved game": armory cards for each
    squad, random skill or training perks for each survivor, HP taken off, upgrades already built
    (their tokens on the first spaces the card allows)."""
    sc = state.scenario
    content = state.content
    armory = state.decks["armory"]
    for q in state.squads:
        q.items.extend(armory.pop(0) for _ in range(min(sc.fresh_armory, len(armory))))
        for p in q.people:
            p.hp = max(1, p.hp - sc.fresh_hp_loss)
            for _ in range(sc.fresh_perks):
                deck = state.decks["perk"]
                k = next((i for i, c in enumerate(deck) if content.perk_by_id[c].type != "mutation"), None)
                if k is None:
                    break
                perk = content.perk_by_id[deck.pop(k)]
                p.stats[perk.stat] += perk.change
                p.perks.append(perk.id)
    for card_id in sc.fresh_upgrades:
        card = content.craft_by_id[card_id]
        if card.kind == "upgrade":
            state.upgrades.append(card.id)
        for where in card.place:
            spaces = structure_spaces(state, where)
            if spaces:
                state.structures[spaces[0]] = card.id
    state.structures_changed()


def seat_from_record(state: ZState, raw: Mapping[str, Any]) -> None:
    """Seat the squads of a campaign record (the ``campaign`` setup option) in a new chapter."""
    try:
        record = CampaignRecord.from_json(dict(raw), "campaign")
    except SaveError as e:
        raise SetupError(str(e)) from None
    if record.game != "zpocalypse-2":
        raise SetupError(f"campaign: the record is for {record.game!r}, not zpocalypse-2")
    check_sheet(record, state.content, state.board, CHAPTER_ORDER)
    if record.chapter != state.scenario.id:
        raise SetupError(
            f"campaign: the record's next chapter is {record.chapter!r}, not {state.scenario.id!r}"
        )
    if record.players != len(state.squads):
        raise SetupError(f"campaign: the record has {record.players} players, not {len(state.squads)}")
    content = state.content
    known = {s.id for s in content.survivors}
    # a squad with nobody left on the sheet (wiped out in a lost chapter) joins with the chapter's
    # own set-up, as "starting without a saved game"
    seated = {s.seat for s in record.living() if s.seat is not None}
    newcomers = [q for q in state.squads if q.seat not in seated]
    for q in state.squads:
        if q.seat in seated:
            q.people, q.items = [], []
    for s in record.living():
        if s.seat is None or not 0 <= s.seat < len(state.squads):
            continue
        if s.id not in known:
            raise SetupError(f"campaign: unknown survivor {s.id!r}")
        card = content.survivor(s.id)
        stats = {k: int(s.stats.get(k, getattr(card, k))) for k in STATS}
        weapon = next((i for i in s.items if i in content.weapon_by_id), None)
        p = Person(s.id, s.health if s.health else card.hp, stats, weapon)
        p.bio, p.rad, p.perks = int(s.stats.get("bio", 0)), int(s.stats.get("rad", 0)), list(s.perks)
        p.done, p.progress = bool(s.stats.get("objective_done", 0)), int(s.stats.get("progress", 0))
        wounds = record.data.get("wounds", {})
        p.wounds = [str(w) for w in wounds.get(s.id, [])] if isinstance(wounds, dict) else []
        q = state.squads[s.seat]
        q.people.append(p)
        rest = list(s.items)
        if weapon is not None:
            rest.remove(weapon)
        q.items.extend(rest)
    data = record.data
    for q in state.squads:
        vps = data.get("squad_vp", [])
        q.vp = int(vps[q.seat]) if q.seat < len(vps) else 0
        stashes = data.get("stashes", [])
        q.stash = [str(c) for c in stashes[q.seat]] if q.seat < len(stashes) else []
    state.public = list(record.stash)
    tokens = data.get("tokens", [])
    for q in state.squads:
        q.tokens = [str(t) for t in tokens[q.seat]] if q.seat < len(tokens) else []
    board = state.board
    crafts = content.craft_by_id
    try:
        state.structures = {board.by_name[k]: str(v) for k, v in dict(data.get("structures", {})).items()}
        state.bombs = {board.by_name[k]: int(v) for k, v in dict(data.get("bombs", {})).items()}
    except KeyError as e:
        raise SetupError(f"campaign: no space {e.args[0]!r} on the house map") from None
    state.upgrades = [str(c) for c in data.get("upgrades", [])]
    unknown = [c for c in (*state.structures.values(), *state.upgrades) if c not in crafts]
    if unknown:
        raise SetupError(f"campaign: unknown crafting card {unknown[0]!r}")
    state.structures_changed()
    taken = {p.card for q in state.squads for p in q.people}
    for q in newcomers:
        # two squads cannot hold the same survivor: a newcomer's card already on the sheet is
        # replaced from the survivor deck
        for k, p in enumerate(q.people):
            if sum(1 for o in state.squads for x in o.people if x.card == p.card) > 1:
                deck = [c for c in state.decks["survivor"] if c not in taken]
                if deck:
                    q.people[k] = new_person(state, deck[0])
                    taken.add(deck[0])
    state.decks["survivor"] = [c for c in state.decks["survivor"] if c not in taken]
